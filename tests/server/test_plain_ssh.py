"""The plain lobby over SSH: a session without a pseudo-terminal (``ssh -T``) gets the lobby and
the tables in lines of words instead of a refusal.

A real table owner and SSH server run on the test's loop with the real app and the real plain
lobby. asyncssh sessions without a pty check the lobby itself; the OpenSSH client run as
``ssh -T`` plays Tanuki in the Garden to the end at a table shared with a player in the full
app (an asyncssh session with a pty, choosing from the app's list of every choice), and its
whole transcript is checked for the app player's hand. Waits are on data arriving and on the
table's own change events, with a generous guard against hanging.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from ssh_clients import GUARD, Terminal, connect, needs_openssh, openssh_argv
from ssh_servers import APP, ssh_servers
from table_checks import forced

from gardens_tui.rules.tanuki.components import tile_name
from gardens_tui.server.lobby.client import connect as connect_owner
from gardens_tui.server.lobby.owner import TableOwner
from gardens_tui.server.ssh.front import SHUTDOWN_REASON, SSHFrontEnd
from gardens_tui.table import Table

RETRY = 1.0
"""Seconds the app may take to open its list of choices before ``c`` is pressed again."""
NUDGE = 5.0
"""Seconds the table may stay as it was after Ann's choice before she chooses again: a list
opened before her app heard of the owner's last change lists the position before it, and the
app drops a choice made from it (``GameScreen.offer_choices``), as it should."""


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[TableOwner, SSHFrontEnd]]:
    """A table owner and an SSH server (``--open``) running the real app and plain lobby."""
    async with ssh_servers(tmp_path, open=True, app_command=APP) as servers:
        yield servers.owner, await servers.start()


class Lines:
    """A plain session's output, read all the time into :attr:`seen`."""

    def __init__(self, stdout: Any) -> None:
        self.seen = bytearray()
        self.changed = asyncio.Event()
        self.ended = False
        self._stdout = stdout
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            while chunk := await self._stdout.read(65536):
                self.seen.extend(chunk)
                self.changed.set()
        except (OSError, EOFError):
            pass
        self.ended = True
        self.changed.set()

    async def wait_for(self, pattern: bytes, start: int = 0) -> re.Match[bytes]:
        """Wait until ``pattern`` shows after byte ``start``; the match."""
        regex = re.compile(pattern, re.DOTALL)

        async def wait() -> re.Match[bytes]:
            while (found := regex.search(self.seen, start)) is None:
                if self.ended:
                    tail = bytes(self.seen[-800:])
                    raise AssertionError(f"the session ended before {pattern!r}: {tail!r}")
                self.changed.clear()
                await self.changed.wait()
            return found

        return await asyncio.wait_for(wait(), GUARD)


async def test_no_pty_session_gets_the_plain_lobby(
    served: tuple[TableOwner, SSHFrontEnd],
) -> None:
    """Rule (plain mode over SSH): a session without a pseudo-terminal gets the lobby in words,
    not a refusal: its lines end in a bare line feed, carry no escape sequence, answer an
    unknown command with one line, list the tables, and ``quit`` ends it with status 0."""
    _, handle = served
    async with connect(handle.port, "ann") as conn:
        process = await conn.create_process(encoding=None)
        lines = Lines(process.stdout)
        await lines.wait_for(rb"plain lobby")
        process.stdin.write(b"dance\ntables\n")
        await lines.wait_for(rb"no tables yet")
        assert b"'dance' is not a lobby command" in lines.seen
        process.stdin.write(b"quit\n")
        status = await asyncio.wait_for(process.wait(), GUARD)
        assert status.exit_status == 0
        await lines.reader
        assert b"Goodbye." in lines.seen
        assert b"\x1b" not in lines.seen and b"\r" not in lines.seen


async def test_end_of_input_ends_a_plain_session(served: tuple[TableOwner, SSHFrontEnd]) -> None:
    """Rule (plain mode over SSH): when the client's input ends (a script's last line sent,
    no ``quit``), the session answers what it read, then ends."""
    _, handle = served
    async with connect(handle.port, "ann") as conn:
        process = await conn.create_process(encoding=None)
        lines = Lines(process.stdout)
        process.stdin.write(b"games\n")
        process.stdin.write_eof()
        status = await asyncio.wait_for(process.wait(), GUARD)
        await lines.reader
        assert b"tanuki-in-the-garden: Tanuki in the Garden" in lines.seen
        assert status.exit_status == 1


async def test_a_plain_session_the_server_ends_reads_why_in_plain_words(
    served: tuple[TableOwner, SSHFrontEnd],
) -> None:
    """Rule (plain mode over SSH, a clean stop): when the server stops, a plain session reads
    the restart line as a line of text, with no terminal escape sequence (there is no screen
    to restore), and its program is gone."""
    _, handle = served
    async with connect(handle.port, "ann") as conn:
        process = await conn.create_process(encoding=None)
        lines = Lines(process.stdout)
        await lines.wait_for(rb"plain lobby")
        pids = [session.app_pid for session in handle.sessions]
        assert len(pids) == 1 and pids[0] is not None
        await handle.close()
        await asyncio.wait_for(lines.reader, GUARD)
    assert lines.seen.endswith(SHUTDOWN_REASON.encode() + b"\n")
    assert b"\x1b" not in lines.seen
    with pytest.raises(ProcessLookupError):
        os.kill(pids[0], 0)


async def test_plain_lobby_creates_a_table_and_chats(
    served: tuple[TableOwner, SSHFrontEnd],
) -> None:
    """Rule (plain mode over SSH): ``new GAME`` makes a table with its creator seated (bots in
    the other seats), an option the game lacks is refused with the game's options, ``say``
    reaches the table's chat and ``leave`` goes back to the lobby, the seat kept."""
    owner, handle = served
    async with connect(handle.port, "ann") as conn:
        process = await conn.create_process(encoding=None)
        lines = Lines(process.stdout)
        process.stdin.write(b"new the-gardens colour=red\n")
        await lines.wait_for(rb"No table was made: The Gardens has no option 'colour'")
        process.stdin.write(b"new the-gardens\n")
        found = await lines.wait_for(rb"Your table's code is (\w+)")
        code = found.group(1).decode()
        await lines.wait_for(rb"Your moves \(\d+\):")
        hosted = owner.tables[code]
        assert [seat.bot for seat in hosted.table.seats] == [None, "greedy"]
        mark = len(lines.seen)
        process.stdin.write(b"say hello \x1b[2J world\nleave\ntables\n")
        await lines.wait_for(rb"seats: ann \(you\)", mark)
        assert b"Chat: ann: hello [2J world" in lines.seen[mark:]  # the escape byte is dropped
        process.stdin.write(b"quit\n")
        await asyncio.wait_for(process.wait(), GUARD)


def stalled(table: Table, seat: int, ann_seen: bytearray, bob_seen: bytearray) -> str:
    """Why a test waited in vain for the table to change: whose decision it was and the last
    words each terminal showed (escape sequences taken out)."""

    def tail(seen: bytearray) -> str:
        text = re.sub(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]", b" ", bytes(seen[-4000:]))
        return re.sub(r"\s+", " ", text.decode("utf-8", "replace"))[-700:]

    return (
        f"no change at version {table.version} in {GUARD} s (seat {seat + 1} to decide, "
        f"forced: {forced(table)})\nann's screen ends: {tail(ann_seen)}\n"
        f"bob's session ends: {tail(bob_seen)}"
    )


async def choose_first(app: Terminal) -> None:
    """In the app: open the list of every choice (``c``) and take the first. A ``c`` that
    came while the screen was still showing the last move (a walk being drawn, the bot's
    turn) opens nothing: it is pressed again."""
    mark = len(app.seen)
    for _ in range(int(GUARD / RETRY)):
        app.send("c")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(app.wait_for(rb"Every choice", mark), RETRY)
            app.send("\r")
            return
    raise AssertionError(f"no list of choices opened in {GUARD} s")


async def test_a_plain_session_takes_a_lesson_and_comes_back_to_the_lobby(
    served: tuple[TableOwner, SSHFrontEnd],
) -> None:
    """Rule (issue 32: lessons usable over SSH): ``learn GAME`` in the plain lobby plays the
    game's guided first game for this person alone (no table of the server), with its first
    idea before the moves; ``quit`` keeps it and goes back to the lobby."""
    owner, handle = served
    async with connect(handle.port, "ann") as conn:
        process = await conn.create_process(encoding=None)
        lines = Lines(process.stdout)
        process.stdin.write(b"learn tanuki-in-the-garden\n")
        await lines.wait_for(rb"Lesson, idea 1 of \d+: .*Your moves")
        mark = len(lines.seen)
        process.stdin.write(b"quit\n")
        await lines.wait_for(rb"Your lesson is kept.*back in the lobby", mark)
        assert not owner.tables
        process.stdin.write(b"quit\n")
        assert (await asyncio.wait_for(process.wait(), GUARD)).exit_status == 0


async def run_plain_openssh(port: int, user: str) -> asyncio.subprocess.Process:
    """``ssh -T`` (OpenSSH, batch mode) as ``user`` with its standard input and output piped."""
    return await asyncio.create_subprocess_exec(
        *openssh_argv(port, user, "-T"),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env={**os.environ, "SSH_AUTH_SOCK": ""},
    )


@needs_openssh
async def test_ssh_t_plays_tanuki_to_the_end_beside_the_app(
    served: tuple[TableOwner, SSHFrontEnd],
) -> None:
    """Rule (plain mode over SSH, hidden information): Bob plays Tanuki in the Garden to the end
    through ``ssh -T`` by typed numbers, at a table where Ann plays in the full app on a pty
    (every choice list, then the first choice). The game ends with the final scores in Bob's
    transcript, which never holds a path tile Ann kept in her hand all game (hands are
    hidden), while it does hold his own."""
    owner, handle = served
    ticket = owner.issue_ticket("open:host", "host")
    assert owner.socket_path is not None
    host = await asyncio.to_thread(connect_owner, owner.socket_path, ticket)
    code = await asyncio.to_thread(
        host.create_table, "tanuki-in-the-garden", [("ann", None), ("bob", None)], None, 7
    )
    host.close()
    table: Table = owner.tables[code].table
    changed = asyncio.Event()
    table.add_listener(lambda _: changed.set())
    dealt = [list(hand) for hand in table.state.hands]  # type: ignore[attr-defined]
    held_by_ann = set(dealt[0])

    async with connect(handle.port, "ann") as conn:
        ann = await Terminal.open(conn)
        await ann.wait_for(code.encode())
        ann.send("\r")
        await ann.wait_for(rb"Sit as ann")
        ann.send("1")
        await ann.wait_for(rb"esc.{0,40}Lobby")  # the game screen's footer
        bob_process = await run_plain_openssh(handle.port, "bob")
        assert bob_process.stdin is not None
        bob = Lines(bob_process.stdout)
        await bob.wait_for(rb"plain lobby")
        bob_process.stdin.write(f"sit {code}\n".encode())
        await bob.wait_for(rb"you are sitting as bob")
        bob_mark = 0
        try:
            while table.state.decision is not None:
                seat = table.state.current_player
                version = table.version
                if not forced(table) and seat == 0:
                    await choose_first(ann)
                elif not forced(table) and seat == 1:
                    await bob.wait_for(rb"Your moves \(\d+\):", bob_mark)
                    bob_mark = len(bob.seen)
                    bob_process.stdin.write(b"1\n")
                waited = 0.0
                while table.version == version:
                    changed.clear()
                    ann_chose = seat == 0 and not forced(table)
                    try:
                        await asyncio.wait_for(changed.wait(), NUDGE if ann_chose else GUARD)
                    except TimeoutError:
                        waited += NUDGE if ann_chose else GUARD
                        if waited >= GUARD:  # say what each side showed last
                            pytest.fail(stalled(table, seat, ann.seen, bob.seen))
                        await choose_first(ann)  # (her list was of the position before)
                held_by_ann &= set(table.state.hands[0])  # type: ignore[attr-defined]
            await bob.wait_for(rb"Final scores:.*total")
            bob_process.stdin.write(b"leave\nquit\n")
            assert await asyncio.wait_for(bob_process.wait(), GUARD) == 0
            await bob.reader
        finally:
            if bob_process.returncode is None:
                bob_process.kill()
                await bob_process.wait()
    seen = bytes(bob.seen)
    assert b"Game over" in seen and b"\x1b" not in seen
    own = "|".join(re.escape(tile_name(tile)) for tile in dealt[1])
    assert re.search(f"(?<![0-9A-Za-z])(?:{own})(?![0-9])".encode(), seen)
    if held_by_ann:
        secret = "|".join(re.escape(tile_name(tile)) for tile in held_by_ann)
        assert not re.search(f"(?<![0-9A-Za-z])(?:{secret})(?![0-9])".encode(), seen)
