"""The SSH server, with a real asyncssh client on loopback: only the game is offered, only to
those allowed, on the pty set up the way a terminal app needs.

Most tests run a small probe program (tests/server/pty_probe.py) on the session's pty instead of
the app, so they can read what the app would see (its size, its controlling terminal, its keys)
in plain text; one test starts the real app. Every wait is on data arriving, with a generous
guard against hanging.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from ssh_clients import GUARD, read_until
from ssh_servers import PROBE, ssh_servers

from gardens_tui.server.door.auth import password_line
from gardens_tui.server.lobby.owner import TableOwner
from gardens_tui.server.ssh.channel import FULL_MESSAGE
from gardens_tui.server.ssh.front import ServerConfig, SSHFrontEnd, start_ssh_server

Start = Callable[..., Awaitable[SSHFrontEnd]]


@pytest.fixture
async def start_server(tmp_path: Path) -> AsyncIterator[Start]:
    """Start SSH servers on loopback (port chosen by the system) with the probe as the app."""
    async with ssh_servers(tmp_path) as servers:
        yield servers.start


def connect(handle: SSHFrontEnd, **options: Any) -> Any:
    """An asyncssh client connection to ``handle`` (host key not checked: it is a test)."""
    options.setdefault("username", "ann")
    return asyncssh.connect(
        "127.0.0.1",
        handle.port,
        known_hosts=None,
        client_keys=options.pop("client_keys", None),
        agent_path=None,
        **options,
    )


async def test_session_gets_controlling_pty_of_the_client_size_and_resizes(
    start_server: Start,
) -> None:
    """Rule: the app runs on a pty that is its controlling terminal, sized before it starts;
    a window change resizes it (the app gets SIGWINCH); keys arrive as typed (no line editor);
    disconnecting ends the app's process group."""
    handle = await start_server(open=True)
    async with connect(handle) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
        first = await read_until(process.stdout, rb"SIZE \d+x\d+ CTTY \w+ PID \d+")
        assert b"SIZE 100x30 CTTY True" in first
        pid = int(re.search(rb"PID (\d+)", first).group(1))  # type: ignore[union-attr]
        process.change_terminal_size(120, 40)
        await read_until(process.stdout, rb"SIZE 120x40 CTTY True")
        process.stdin.write(b"\x1b[A\x7f")
        await read_until(process.stdout, b"GOT 1b5b417f")
    await asyncio.wait_for(handle.wait_idle(), GUARD)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


async def test_odd_terminal_sizes_are_clamped(start_server: Start) -> None:
    """Rule: a 0x0 terminal gets the default size and a huge one a bounded size."""
    handle = await start_server(open=True)
    async with connect(handle) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(0, 0), encoding=None)
        await read_until(process.stdout, b"SIZE 80x24")
        process.change_terminal_size(100000, 3)
        await read_until(process.stdout, b"SIZE 1000x5")


async def test_exec_sftp_and_forwarding_are_refused(start_server: Start) -> None:
    """Rule: nothing but the game: exec, the SFTP subsystem, local and remote port forwarding
    and Unix socket forwarding are all refused."""
    handle = await start_server(open=True)
    async with connect(handle) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process("id", encoding=None)
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", handle.port)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_unix_connection(asyncssh.SSHUNIXSession, "/tmp/x.sock")
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", handle.port)


async def test_wrong_password_refused_right_one_accepted(
    start_server: Start, tmp_path: Path
) -> None:
    """Rule: with a password file, a wrong password (or an unknown name) is refused."""
    passwords = tmp_path / "passwords"
    passwords.write_text(password_line("ann", "secret one") + "\n", encoding="utf-8")
    handle = await start_server(password_file=passwords)
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(handle, password="wrong"):
            pass
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(handle, username="bob", password="secret one"):
            pass
    async with connect(handle, password="secret one") as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until(process.stdout, b"SIZE 80x24")


async def test_wrong_key_refused_listed_key_accepted(start_server: Start, tmp_path: Path) -> None:
    """Rule: with an authorized-keys file, only a key listed there logs in; no password
    login is offered."""
    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(good.export_public_key())
    handle = await start_server(authorized_keys=keys)
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(handle, client_keys=[bad]):
            pass
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(handle, password="anything"):
            pass
    async with connect(handle, client_keys=[good]) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until(process.stdout, b"SIZE 80x24")


async def test_hostile_user_name_refused(start_server: Start) -> None:
    """Rule: a user name that is not a valid player name (here far too wide) is refused before
    anything starts. (asyncssh's client itself refuses to send control characters.)"""
    handle = await start_server(open=True)
    with pytest.raises(asyncssh.Error):
        async with connect(handle, username="w" * 60):
            pass


async def test_max_sessions_enforced_with_a_clear_message(start_server: Start) -> None:
    """Rule: one session more than --max-sessions is told the server is full and closed; the
    running one is unaffected, and its place is free again once it ends."""
    handle = await start_server(open=True, max_sessions=1)
    async with connect(handle) as conn:
        first = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until(first.stdout, b"SIZE 80x24")
        second = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        assert await asyncio.wait_for(second.stdout.read(), GUARD) == FULL_MESSAGE
        first.stdin.write(b"x")
        await read_until(first.stdout, b"GOT 78")
        first.stdin.write(b"q")
        await asyncio.wait_for(first.wait(), GUARD)
        third = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until(third.stdout, b"SIZE 80x24")


async def test_listens_only_on_the_given_address(start_server: Start) -> None:
    """Rule: nothing listens on anything but the address given (default loopback)."""
    handle = await start_server(open=True)
    assert [address[0] for address in handle.addresses()] == ["127.0.0.1"]
    assert ServerConfig().host == "127.0.0.1"


async def test_host_key_generated_once_and_kept(start_server: Start, tmp_path: Path) -> None:
    """Rule: a host key is generated on first start (private to the server) and kept."""
    await start_server(open=True)
    key_file = tmp_path / "host_key"
    first = key_file.read_bytes()
    assert key_file.stat().st_mode & 0o077 == 0
    await start_server(open=True)
    assert key_file.read_bytes() == first


async def test_real_app_first_frame_over_ssh(start_server: Start) -> None:
    """Behaviour: the real app starts on the session's pty, connects to the table owner and
    draws its lobby (in the player's name, with the key to start a table)."""
    handle = await start_server(
        open=True, app_command=(sys.executable, "-m", "gardens_tui.server.session.app_child")
    )
    async with connect(handle) as conn:
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 34), encoding=None
        )
        seen = bytearray()
        await read_until(process.stdout, b"Logged in as ann", seen)
        await read_until(process.stdout, b"New table", seen)


async def test_flooding_and_wild_resizes_do_not_affect_another_session(
    start_server: Start,
) -> None:
    """Rule: a client that floods keys (without reading its output) and resizes wildly does not
    affect another player's session: it still gets its keys through and keeps its size."""
    handle = await start_server(open=True)
    async with connect(handle) as calm_conn, connect(handle, username="mallory") as wild_conn:
        calm = await calm_conn.create_process(term_type="xterm", term_size=(90, 30), encoding=None)
        wild = await wild_conn.create_process(term_type="xterm", term_size=(90, 30), encoding=None)
        seen = bytearray()
        await read_until(calm.stdout, b"SIZE 90x30", seen)
        await read_until(wild.stdout, b"SIZE 90x30")
        junk = bytes(range(256)).replace(b"q", b"") * 1024  # a quarter megabyte, no quit key
        for size in range(200):
            wild.change_terminal_size(size * 37 % 5000, size * 11 % 3000)
        wild.stdin.write(junk)
        calm.stdin.write(b"x")
        out = await read_until(calm.stdout, b"GOT 78", seen)
        assert out.count(b"SIZE") == 1
