"""Sessions on a server open to strangers, with the real app on each session's pty and real
SSH clients on loopback: any bytes are only input, a failing app shows one plain line, the
server ends sessions with their terminal restored and a reason, idle sessions are warned then
closed, and pastes stay bounded.

The server runs on the test's loop; waits are on output arriving, with a generous guard.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import shutil
import signal
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from fuzz import fuzz_settings
from hypothesis import example, given
from hypothesis import strategies as st
from ssh_clients import GUARD, Terminal, connect, restored
from ssh_servers import APP, ssh_servers

from gardens_tui.server.lobby.owner import TableOwner
from gardens_tui.server.session.app_child import failure_line
from gardens_tui.server.session.input_filter import PASTE_END, PASTE_START
from gardens_tui.server.ssh.front import (
    SHUTDOWN_REASON,
    ServerConfig,
    SSHFrontEnd,
    start_ssh_server,
)

FAILING_APP = (sys.executable, str(Path(__file__).with_name("failing_app.py")))
LOBBY = rb"Logged in as"
INSIDES = re.compile(rb"Traceback|File \"|\.py\b|site-packages|Error\b|planted")
"""What must never reach a player's terminal: a traceback, a path, a Python message."""

Serve = Callable[..., Awaitable[SSHFrontEnd]]


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Serve]:
    """Start servers (``--open``, the real app, records in ``tmp_path``); stopped after the
    test."""
    async with ssh_servers(
        tmp_path, records=tmp_path / "records", open=True, app_command=APP
    ) as servers:
        yield servers.start


async def lobby_terminal(front: SSHFrontEnd, name: str, stack: list[Any]) -> Terminal:
    """``name`` logged in, at the lobby's first frame."""
    conn = await connect(front.port, name)
    stack.append(conn)
    terminal = await Terminal.open(conn)
    await terminal.wait_for(LOBBY)
    return terminal


async def answers(terminal: Terminal) -> None:
    """The session still answers: after a window change the app draws again, or it shows the
    plain line of a failure, or it has ended (the player quit among the garbage)."""
    if terminal.ended or b"Something went wrong" in terminal.seen:
        return
    mark = len(terminal.seen)
    terminal.process.change_terminal_size(101, 34)
    await terminal.wait_for(rb".|$", mark)


# --- any bytes are only input -------------------------------------------------------------------

ESCAPE_FRAGMENTS = (
    b"\x1b",
    b"\x1b[",
    b"\x1b[200~",
    b"\x1b[201~",
    b"\x1b[<0;1;1M",
    b"\x1b[<64;300;9000M",
    b"\x1b[M",
    b"\x1bO",
    b"\x1b]52;c;",
    b"\x1bP",
    b"\x1b[?1049h",
    b"\x1b[9999999999999999999A",
    b"\x1b[>1u",
    b"\x9b",
)
INVALID_UTF8 = (b"\xe9", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80\x80")


def hostile_bytes() -> st.SearchStrategy[list[bytes]]:
    """Packets a hostile client sends: invalid UTF-8, escape fragments, NULs and other control
    bytes, random bytes, and huge bursts, in any order."""
    piece = st.one_of(
        st.sampled_from(ESCAPE_FRAGMENTS),
        st.sampled_from(INVALID_UTF8),
        st.binary(min_size=1, max_size=64),
        st.integers(1, 64).map(lambda n: b"\x00" * n),
        st.sampled_from([b"\x03", b"\x1a", b"\x1c", b"\x13", b"\x11", b"\x04", b"\r", b"\t"]),
        st.integers(1000, 120_000).map(lambda n: b"\xe9A\x1b[" * (n // 4)),
    )
    return st.lists(st.lists(piece, min_size=1, max_size=8).map(b"".join), min_size=1, max_size=6)


async def garbage_against_a_calm_player(packets: list[bytes]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="gtz-"))
    conns: list[Any] = []
    try:
        async with ssh_servers(folder, open=True, app_command=APP) as servers:
            front = await servers.start()
            assert front.hosts is not None
            front.hosts.spread = 1  # the calm player's app shares the wild one's process
            calm = await lobby_terminal(front, "ann", conns)
            wild = await lobby_terminal(front, "mallory", conns)
            for packet in packets:
                if wild.ended:
                    break
                wild.send(packet)
            await answers(wild)
            if b"Something went wrong" in wild.seen:
                await wild.wait_for(rb"incident [0-9A-F]{8}\); your game is saved")
            mark = len(calm.seen)
            calm.send("?")
            await calm.wait_for(rb"Help|help", mark)
            for terminal in (wild, calm):
                assert not INSIDES.search(terminal.seen), terminal.tail()
            assert servers.owner.sessions, "the table owner still serves"
            for conn in conns:
                conn.close()
    finally:
        shutil.rmtree(folder)


@fuzz_settings(3)
@given(packets=hostile_bytes())
@example(packets=[b"\xe9A"])
@example(packets=[b"\x1b[200~never ends", b"j" * 10])
@example(packets=[bytes(range(256)) * 80])
def test_any_bytes_from_a_client_are_only_input(packets: list[bytes]) -> None:
    """Rule: any byte stream from a client is input, never a crash: after invalid UTF-8,
    escape fragments, NULs and control bytes, random bytes and huge bursts, the session still
    answers (or ended), no traceback, path or Python message reached the terminal, and a
    second player at the same server is still answered."""
    asyncio.run(garbage_against_a_calm_player(packets))


# --- a failing app ------------------------------------------------------------------------------


async def test_a_failing_app_shows_one_plain_line_and_the_lobby_comes_back(
    served: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    """Rule: an app that fails for any reason shows the player one plain line (naming an
    incident, saying the game is saved, offering the lobby on a key) and never a traceback, a
    path or a Python message; the server logs the details under the incident's id; a key
    brings the lobby back."""
    caplog.set_level(logging.ERROR)
    front = await served(app_command=FAILING_APP)
    conns: list[Any] = []
    try:
        player = await lobby_terminal(front, "ann", conns)
        mark = len(player.seen)
        player.send("r")
        found = await player.wait_for(rb"incident ([0-9A-F]{8})", mark)
        incident = found.group(1).decode()
        await player.wait_for(re.escape(failure_line(incident, again=True).encode()), mark)
        assert not INSIDES.search(player.seen), player.tail()
        assert any(
            incident in record.getMessage() and "planted failure" in record.getMessage()
            for record in caplog.records
        )
        mark = len(player.seen)
        player.send(" ")
        await player.wait_for(LOBBY, mark)
    finally:
        for conn in conns:
            conn.close()


# --- the server ends sessions -------------------------------------------------------------------


async def test_a_stopping_server_restores_every_terminal_and_says_why(served: Serve) -> None:
    """Rule: when the server stops, every session's terminal is restored (main screen,
    cursor shown, mouse and paste reporting off) and told "the server is restarting; your
    table is saved", and the session is closed."""
    front = await served()
    conns: list[Any] = []
    try:
        first = await lobby_terminal(front, "ann", conns)
        second = await lobby_terminal(front, "bob", conns)
        assert not restored(first.seen)  # the app holds the screen
        await front.close()
        for terminal in (first, second):
            await terminal.wait_end()
            assert SHUTDOWN_REASON.encode() in terminal.seen
            assert restored(terminal.seen), terminal.tail()
    finally:
        for conn in conns:
            conn.close()


async def test_an_idle_session_is_warned_then_closed(served: Serve) -> None:
    """Rule: a session without a key for idle_seconds is closed with its terminal restored and
    the reason; idle_warning seconds before, the player is warned on their screen; a key
    makes it a fresh session again."""
    front = await served(idle_seconds=600, idle_warning=60)
    conns: list[Any] = []
    try:
        player = await lobby_terminal(front, "ann", conns)
        (session,) = front.sessions
        now = session.last_input
        session.last_input = now - 550
        mark = len(player.seen)
        front.check_idle(now)
        await player.wait_for(rb"Still there", mark)
        await player.wait_for(rb"No key for 9 minutes", mark)
        mark = len(player.seen)
        player.send("?")  # a key (the help it opens shows the server has it): idle no more
        await player.wait_for(rb"Help|help", mark)
        front.check_idle(session.last_input + 10)
        assert not player.ended
        session.last_input -= 700
        front.check_idle(session.last_input + 700)
        await player.wait_end()
        assert b"closed after 10 minutes without a key" in player.seen
        assert restored(player.seen)
    finally:
        for conn in conns:
            conn.close()


# --- pastes -------------------------------------------------------------------------------------


def resident_kib(pid: int) -> int:
    """The resident memory of process ``pid``, in KiB."""
    status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    assert found
    return int(found.group(1))


async def test_pastes_keep_what_fits_and_stay_small(served: Serve) -> None:
    """Rule: a bracketed paste into a text field keeps what fits (with a notice saying it was
    cut), and an unbracketed paste of 50 kB reaches the app as one bounded paste: the app's
    process grows by no more than a few MiB. (Each paste in a session of its own, each into a
    field just opened.)"""
    front = await served()
    conns: list[Any] = []
    try:
        bracketed = await lobby_terminal(front, "ann", conns)
        mark = len(bracketed.seen)
        bracketed.send("c")  # join by code: a field of 12 characters
        await bracketed.wait_for(rb"Join a table by its code", mark)
        mark = len(bracketed.seen)
        bracketed.send(PASTE_START + "K" * 300 + PASTE_END)
        await bracketed.wait_for(rb"Pasted the first 12 characters", mark)

        player = await lobby_terminal(front, "bob", conns)
        pid = session_of(front, "bob").app_pid
        assert pid is not None
        mark = len(player.seen)
        player.send("c")
        await player.wait_for(rb"Join a table by its code", mark)
        before = resident_kib(pid)
        mark = len(player.seen)
        player.send("Q" * 50_000)
        await player.wait_for(rb"Pasted the first 12 characters", mark)
        grown = resident_kib(pid) - before
        assert grown < 8 * 1024, f"the app grew by {grown} KiB"
    finally:
        for conn in conns:
            conn.close()


# --- session hosts and the zygote ---------------------------------------------------------------


async def until(condition: Callable[[], bool]) -> None:
    """Wait until ``condition()`` holds (the server's own state, changed by its loop)."""

    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), GUARD)


def session_of(front: SSHFrontEnd, name: str) -> Any:
    """The server's session of the player ``name``."""
    return next(s for s in front.sessions if s.person.name == name)


async def test_players_share_session_hosts_forked_from_the_zygote(served: Serve) -> None:
    """Rule: the apps run in session hosts forked from the preloaded zygote, one per core
    first and then several players to a host, each player on a terminal of their own: keys
    reach only their own app."""
    front = await served()
    assert front.hosts is not None and front.hosts.zygote is not None
    front.hosts.spread = 1
    zygote = front.hosts.zygote
    conns: list[Any] = []
    try:
        ann = await lobby_terminal(front, "ann", conns)
        bob = await lobby_terminal(front, "bob", conns)
        pids = {session.app_pid for session in front.sessions}
        assert len(pids) == 1 and parent_of(next(iter(pids))) == zygote.pid
        mark_ann, mark_bob = len(ann.seen), len(bob.seen)
        ann.send("c")
        await ann.wait_for(rb"Join a table by its code", mark_ann)
        bob.send("?")
        await bob.wait_for(rb"Help|help", mark_bob)
        assert b"Join a table by its code" not in bob.seen[mark_bob:]
    finally:
        for conn in conns:
            conn.close()


async def test_a_host_that_dies_ends_only_its_own_sessions(served: Serve) -> None:
    """Rule: a session host killed under its players ends their sessions with the terminal
    restored and a plain reason; players on other hosts play on."""
    front = await served(sessions_per_process=1)
    conns: list[Any] = []
    try:
        ann = await lobby_terminal(front, "ann", conns)
        bob = await lobby_terminal(front, "bob", conns)
        victim = session_of(front, "ann").app_pid
        assert victim != session_of(front, "bob").app_pid
        os.kill(victim, signal.SIGKILL)
        await ann.wait_end()
        assert b"stopped unexpectedly" in ann.seen and restored(ann.seen), ann.tail()
        assert not INSIDES.search(ann.seen)
        mark = len(bob.seen)
        bob.send("?")
        await bob.wait_for(rb"Help|help", mark)
    finally:
        for conn in conns:
            conn.close()


async def test_sessions_start_even_when_the_zygote_is_gone(served: Serve) -> None:
    """Rule: session hosts are forked from the preloaded zygote; if it dies, a player already
    playing goes on, the next host starts as a program of the server's own, and the zygote
    is started again for the hosts after."""
    front = await served(sessions_per_process=1)
    assert front.hosts is not None and front.hosts.zygote is not None
    zygote = front.hosts.zygote
    assert zygote.running and zygote.pid is not None
    conns: list[Any] = []
    try:
        ann = await lobby_terminal(front, "ann", conns)
        assert parent_of(session_of(front, "ann").app_pid) == zygote.pid
        os.kill(zygote.pid, signal.SIGKILL)
        await until(lambda: not zygote.running)
        await lobby_terminal(front, "bob", conns)
        assert parent_of(session_of(front, "bob").app_pid) == os.getpid()  # a program
        mark = len(ann.seen)
        ann.send("?")
        await ann.wait_for(rb"Help|help", mark)
        await until(lambda: zygote.running)
        await lobby_terminal(front, "cy", conns)
        assert parent_of(session_of(front, "cy").app_pid) == zygote.pid
    finally:
        for conn in conns:
            conn.close()


def parent_of(pid: int | None) -> int:
    """The parent process of ``pid``."""
    assert pid is not None
    stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    return int(stat.rsplit(")", 1)[1].split()[1])
