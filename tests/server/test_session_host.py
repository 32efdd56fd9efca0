"""A session host runs many players' apps on one event loop: each on its own real pty, with its
own data folder and terminal size, and one app's failure is that player's alone.

The sessions (:class:`~gardens_tui.server.session.host.HostedSession`) run on the test's loop,
as they do in a host; the table owner runs in a thread of its own (the app's requests to it
wait for their answers). Waits are on output arriving, with a generous guard.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import os
import re
import termios
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from owner_thread import GUARD, OwnerThread

from gardens_tui.server.session.host import HostedSession
from gardens_tui.server.session.hosts import RESIZE_GAP, HostedChild
from gardens_tui.server.session.terminal import raw_attributes, set_size
from gardens_tui.ui.screens.lobby import LobbyScreen

LOBBY = rb"Logged in as"


class PtySession:
    """A hosted session for player ``name`` on a new pty (``home`` its data folder, ``extra``
    more environment variables), and the player's end of that pty."""

    def __init__(
        self,
        owner: OwnerThread,
        name: str,
        home: Path,
        size: tuple[int, int],
        extra: dict[str, str] | None = None,
    ) -> None:
        self.master, slave = os.openpty()
        termios.tcsetattr(slave, termios.TCSANOW, raw_attributes(termios.tcgetattr(slave)))
        set_size(slave, *size)
        self.reports, reports = os.pipe()
        os.set_blocking(self.reports, False)
        self.ticket = ticket = owner.call(lambda: owner.owner.issue_ticket(name, name))
        env = {
            **(extra or {}),
            "TERM": "xterm-256color",
            "GARDENS_SERVER_SOCKET": str(owner.path),
            "GARDENS_SERVER_TICKET": ticket,
            "GARDENS_TUI_HOME": str(home),
        }
        self.session = HostedSession(env, slave, reports)
        self.seen = bytearray()
        loop = asyncio.get_running_loop()
        os.set_blocking(self.master, False)
        loop.add_reader(self.master, self._readable)
        self.task = loop.create_task(self.session.run(), context=contextvars.Context())

    def _readable(self) -> None:
        with contextlib.suppress(BlockingIOError):
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            self.seen += data
            if not data:
                asyncio.get_running_loop().remove_reader(self.master)

    async def wait_for(self, pattern: bytes, mark: int = 0) -> re.Match[bytes]:
        """Wait until ``pattern`` shows in the output after ``mark``."""

        async def wait() -> re.Match[bytes]:
            while True:
                found = re.search(pattern, bytes(self.seen[mark:]))
                if found:
                    return found
                await asyncio.sleep(0.01)

        return await asyncio.wait_for(wait(), GUARD)

    def send(self, keys: str) -> None:
        """Type ``keys``."""
        os.write(self.master, keys.encode("utf-8"))

    def report_lines(self) -> list[dict[str, Any]]:
        """The incident reports written so far."""
        with contextlib.suppress(BlockingIOError):
            data = os.read(self.reports, 1 << 20)
            return [json.loads(line) for line in data.splitlines() if line]
        return []

    async def end(self) -> None:
        """Hang the session up and close both ends."""
        self.session.hang_up()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.task, GUARD)
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(self.master)
        for fd in (self.master, self.session.fd, self.reports, self.session.reports):
            with contextlib.suppress(OSError):
                os.close(fd)


@pytest.fixture
def owner() -> Iterator[OwnerThread]:
    """A table owner in a thread, saving nothing."""
    started = OwnerThread(None)
    yield started
    started.stop()


async def open_session(
    owner: OwnerThread, name: str, home: Path, size: tuple[int, int] = (100, 34)
) -> PtySession:
    """``name``'s hosted session, at the lobby's first frame."""
    session = PtySession(owner, name, home, size)
    await session.wait_for(LOBBY)
    return session


async def test_one_app_failing_on_a_host_is_that_player_s_alone(
    owner: OwnerThread, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: an app that fails in a session host shows its player one plain line (an incident,
    the game saved, a key for the lobby) and reports the details on its own pipe; the other
    player on the same host goes on undisturbed; a key brings the lobby back."""

    def broken_refresh(self: LobbyScreen) -> None:
        raise RuntimeError("planted failure")

    monkeypatch.setattr(LobbyScreen, "action_refresh", broken_refresh)
    ann = await open_session(owner, "ann", tmp_path / "ann")
    bob = await open_session(owner, "bob", tmp_path / "bob")
    try:
        mark = len(ann.seen)
        ann.send("r")
        found = await ann.wait_for(rb"incident ([0-9A-F]{8})\); your game is saved", mark)
        assert b"Traceback" not in ann.seen and b"planted" not in ann.seen
        (report,) = ann.report_lines()
        assert report["incident"] == found.group(1).decode()
        assert "planted failure" in report["detail"]
        mark = len(bob.seen)
        bob.send("?")
        await bob.wait_for(rb"Help|help", mark)
        assert bob.report_lines() == []
        mark = len(ann.seen)
        ann.send(" ")
        await ann.wait_for(LOBBY, mark)
    finally:
        await ann.end()
        await bob.end()


async def test_each_hosted_app_has_its_own_size_and_data_folder(
    owner: OwnerThread, tmp_path: Path
) -> None:
    """Rule: players sharing a host each keep their own settings (their own data folder) and
    their own window size; a resize reaches only the app it is for."""
    (tmp_path / "ann").mkdir()
    (tmp_path / "ann" / "settings.json").write_text(json.dumps({"ascii_mode": True}))
    ann = await open_session(owner, "ann", tmp_path / "ann", (100, 34))
    bob = await open_session(owner, "bob", tmp_path / "bob", (90, 30))
    try:
        ann_app, bob_app = ann.session.app, bob.session.app
        assert ann_app is not None and bob_app is not None
        assert ann_app.settings.ascii_mode and not bob_app.settings.ascii_mode
        assert (ann_app.size.width, ann_app.size.height) == (100, 34)
        assert (bob_app.size.width, bob_app.size.height) == (90, 30)
        set_size(ann.master, 120, 40)
        ann.session.resized()

        async def resized() -> None:
            while (ann_app.size.width, ann_app.size.height) != (120, 40):
                await asyncio.sleep(0.01)

        await asyncio.wait_for(resized(), GUARD)
        assert (bob_app.size.width, bob_app.size.height) == (90, 30)
    finally:
        await ann.end()
        await bob.end()


async def test_a_hung_up_session_ends_and_gives_the_terminal_back(
    owner: OwnerThread, tmp_path: Path
) -> None:
    """Rule: hanging a hosted session up (the player disconnected, or the server ended the
    session) ends its app, which puts the terminal back (main screen, cursor shown)."""
    ann = await open_session(owner, "ann", tmp_path / "ann")
    try:
        mark = len(ann.seen)
        ann.session.hang_up()
        status = await asyncio.wait_for(ann.task, GUARD)
        assert status < 0
        await ann.wait_for(re.escape(b"\x1b[?1049l"), mark)
        assert ann.session.app is None
    finally:
        await ann.end()


class ToldHost:
    """Stands in for a host's socket: what the server would tell the host."""

    pid = 4242

    def __init__(self) -> None:
        self.told: list[dict[str, Any]] = []

    def tell(self, message: dict[str, Any]) -> None:
        self.told.append(message)


async def test_a_storm_of_window_changes_reaches_a_hosted_app_as_a_few_notices() -> None:
    """Rule: a client sending window changes as fast as it can costs the host's other players
    nothing much: a thousand changes at once tell the hosted app of a new size once at once and
    once more RESIZE_GAP seconds later (the app then reads the newest size)."""
    host = ToldHost()
    loop = asyncio.get_running_loop()
    child = HostedChild(host, 7, loop.create_future())  # type: ignore[arg-type]
    for _ in range(1000):
        child.resized()
    assert host.told == [{"resized": 7}]

    async def trailing_notice() -> None:
        while len(host.told) < 2:
            await asyncio.sleep(RESIZE_GAP / 5)

    await asyncio.wait_for(trailing_notice(), GUARD)
    assert host.told == [{"resized": 7}, {"resized": 7}]


async def test_a_hosted_session_started_with_a_table_to_join_sits_there(
    owner: OwnerThread, tmp_path: Path
) -> None:
    """Behaviour: a session whose environment names a table to join (GARDENS_SERVER_JOIN, as
    the web front end starts a guest who followed an invitation) sits at that table's first
    free seat for a person as soon as its lobby is connected, with no key pressed."""
    bob = owner.connect("bob", "Bob")
    code = bob.create_table("octopus-garden", [("Bob", None), ("Zoe", None)], seed=3)
    bob.join(code, 0)
    zoe = PtySession(owner, "zoe", tmp_path / "zoe", (100, 34), {"GARDENS_SERVER_JOIN": code})
    try:

        async def seated() -> tuple[str, str | None]:
            while (place := owner.call(lambda: owner.owner.place(zoe.ticket))) is None:
                await asyncio.sleep(0.01)
            return place

        assert await asyncio.wait_for(seated(), GUARD) == (code, "Zoe")
        assert owner.call(lambda: owner.owner.tables[code].holders[1].identity) == "zoe"
    finally:
        await zoe.end()
