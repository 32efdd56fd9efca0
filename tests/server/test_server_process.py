"""``gardens serve ssh`` as a whole program: stopping on SIGTERM with every terminal restored,
reloading on SIGHUP without dropping anyone, running out of file descriptors, and the
operator's ``gardens serve admin`` commands.

Each test starts the real program (:class:`server_process.ServerProcess`) and talks to it with
real clients: asyncssh, and OpenSSH in a real pseudo-terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pty
import re
import signal
import sys
import termios
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import asyncssh
import pytest
from server_process import ServerProcess
from ssh_clients import (
    GUARD,
    OPENSSH,
    Terminal,
    connect,
    needs_openssh,
    restored,
    silent_connections,
)

LOBBY = rb"Logged in as"


@pytest.fixture
async def servers(tmp_path: Path) -> AsyncIterator[list[ServerProcess]]:
    """Server programs the test starts (appended), killed if the test left them running."""
    started: list[ServerProcess] = []
    yield started
    for server in started:
        await server.kill()


async def start(servers: list[ServerProcess], saves: Path, *args: str, **kw: Any) -> ServerProcess:
    """Start ``gardens serve ssh ARGS`` with its files in ``saves``."""
    server = ServerProcess(saves, args, **kw)
    servers.append(server)
    return await server.start()


async def admin(saves: Path, *args: str) -> tuple[int, str, str]:
    """Run ``gardens serve admin --saves SAVES ARGS``: its exit status, output and errors."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "gardens_tui",
        "serve",
        "admin",
        "--saves",
        str(saves),
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), GUARD)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


# --- stopping -----------------------------------------------------------------------------------


class PtyClient:
    """The OpenSSH client on a real pseudo-terminal, as a player runs it; everything it
    writes to the terminal is kept in :attr:`seen`."""

    def __init__(self, port: int, user: str) -> None:
        self.master, self.slave = pty.openpty()
        self.before = termios.tcgetattr(self.slave)
        assert OPENSSH is not None
        argv = [
            OPENSSH,
            "-tt",
            "-p",
            str(port),
            "-F",
            "/dev/null",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "BatchMode=yes",
            "-o",
            "LogLevel=ERROR",
            "-l",
            user,
            "127.0.0.1",
        ]
        self.process = asyncio.create_subprocess_exec(
            *argv,
            stdin=self.slave,
            stdout=self.slave,
            stderr=self.slave,
            env={**os.environ, "TERM": "xterm-256color", "SSH_AUTH_SOCK": ""},
            start_new_session=True,
        )
        self.seen = bytearray()
        self._changed = asyncio.Event()
        self._closed = False

    async def start(self) -> PtyClient:
        """Start the client and read its terminal."""
        self.proc = await self.process
        os.set_blocking(self.master, False)
        asyncio.get_running_loop().add_reader(self.master, self._readable)
        return self

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self.seen.extend(data)
        else:
            asyncio.get_running_loop().remove_reader(self.master)
            self._closed = True
        self._changed.set()

    async def wait_for(self, pattern: bytes) -> None:
        """Wait until the terminal shows ``pattern``."""
        regex = re.compile(pattern)

        async def wait() -> None:
            while not regex.search(self.seen):
                self._changed.clear()
                await self._changed.wait()

        await asyncio.wait_for(wait(), GUARD)

    async def wait_exit(self) -> int:
        """Wait until the client ends (its terminal output all read); its exit status."""
        status = await asyncio.wait_for(self.proc.wait(), GUARD)
        self.after = termios.tcgetattr(self.slave)
        os.close(self.slave)  # now the master reads to its end
        self.slave = -1

        async def drained() -> None:
            while not self._closed:
                self._changed.clear()
                await self._changed.wait()

        await asyncio.wait_for(drained(), GUARD)
        return status

    def close(self) -> None:
        """Let go of the pty."""
        with contextlib.suppress(OSError, ValueError):
            asyncio.get_running_loop().remove_reader(self.master)
        for fd in (self.master, self.slave):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)


@needs_openssh
async def test_sigterm_restores_every_real_terminal_and_the_server_exits(
    servers: list[ServerProcess], tmp_path: Path
) -> None:
    """Rule: on SIGTERM every session gets a line ("the server is restarting; your table is
    saved"), its terminal is restored (alternate screen left, mouse and paste reporting off,
    cursor shown; the OpenSSH client puts its own terminal modes back as the connection
    closes), and the server exits with status 0."""
    server = await start(servers, tmp_path / "srv", "--open")
    client = await PtyClient(server.port, "ann").start()
    try:
        await client.wait_for(LOBBY)
        assert not restored(bytes(client.seen))
        server.signal(signal.SIGTERM)
        assert await server.stop() == 0
        await client.wait_exit()
        shutdown = b"The gardens-tui server is restarting; your table is saved"
        assert shutdown in client.seen, bytes(server.log)
        assert restored(bytes(client.seen)), bytes(client.seen[-400:])
        assert client.after == client.before  # echo and line editing are back
    finally:
        client.close()
    assert server.log.count(b"Traceback") == 0


async def test_serve_ssh_with_web_serves_browsers_and_stops_cleanly(
    servers: list[ServerProcess], tmp_path: Path
) -> None:
    """Behaviour: `gardens serve ssh --open --web 0` says where browsers log in, serves the
    log-in page there (a name alone, as the SSH side is open) and logs a browser in; on
    SIGTERM the whole server exits with status 0 and no traceback."""
    server = await start(servers, tmp_path / "srv", "--open", "--web", "0")
    assert server.web_url.startswith("http://127.0.0.1:")
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(f"{server.web_url}/") as page:
            assert page.status == 200
            assert 'id="name"' in await page.text()
        async with http.post(
            f"{server.web_url}/login", data={"name": "Zoe"}, allow_redirects=False
        ) as response:
            assert response.status == 303
    server.signal(signal.SIGTERM)
    assert await server.stop() == 0
    assert server.log.count(b"Traceback") == 0


# --- reloading ----------------------------------------------------------------------------------


async def test_sighup_reloads_the_keys_without_dropping_anyone(
    servers: list[ServerProcess], tmp_path: Path
) -> None:
    """Rule: SIGHUP reads the authorized keys (and the passwords, bans, names and message of
    the day) again: a key added to the file logs in afterwards, and a player already playing
    is not dropped."""
    first = asyncssh.generate_private_key("ssh-ed25519")
    second = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(first.export_public_key())
    server = await start(servers, tmp_path / "srv", "--authorized-keys", str(keys))
    async with connect(server.port, "ann", client_keys=[first]) as ann_conn:
        ann = await Terminal.open(ann_conn)
        await ann.wait_for(LOBBY)
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server.port, "bob", client_keys=[second]):
                pass
        keys.write_bytes(first.export_public_key() + second.export_public_key())
        server.signal(signal.SIGHUP)
        await server.wait_log(rb"reloaded keys, passwords and records")
        async with connect(server.port, "bob", client_keys=[second]) as bob_conn:
            bob = await Terminal.open(bob_conn)
            await bob.wait_for(LOBBY)
        mark = len(ann.seen)
        ann.send("?")
        await ann.wait_for(rb"Help|help", mark)
    assert await server.stop() == 0


# --- file descriptors ---------------------------------------------------------------------------


async def test_out_of_file_descriptors_the_server_keeps_going_and_lets_a_player_in(
    servers: list[ServerProcess], tmp_path: Path
) -> None:
    """Rule: with a low open-file limit (64, in the server's own process) and 200 silent
    connections from 20 addresses, the server runs out of descriptors but neither spins nor
    floods its log (a few lines about it, rate-limited), and an honest player still gets in
    and plays."""
    server = await start(servers, tmp_path / "srv", "--open", nofile=64)
    await server.wait_log(rb"only 64 files may be open")
    sources = [f"127.0.0.{n}" for n in range(2, 22)]
    flood = await asyncio.to_thread(silent_connections, server.port, sources, 10)
    try:
        await server.wait_log(rb"out of file descriptors")
        async with connect(server.port, "ann") as conn:
            player = await Terminal.open(conn)
            await player.wait_for(LOBBY)
    finally:
        for sock in flood:
            sock.close()
    assert await server.stop() == 0
    assert server.log.count(b"\n") < 80, bytes(server.log)
    assert b"Traceback" not in server.log


# --- the operator's commands --------------------------------------------------------------------


async def test_the_operator_sees_who_is_on_and_bans_kicks_mutes_and_speaks(
    servers: list[ServerProcess], tmp_path: Path
) -> None:
    """Rule: `gardens serve admin` talks to the running server over its local socket: who is
    online (name, login, address, place, idle time); say (a line on every screen); motd (shown
    in the lobby); kick (the session ends with the reason); ban by name (the session ends,
    the name and its look-alikes are refused, across a restart); unban; reserve; errors exit
    with 2 and a reason."""
    saves = tmp_path / "srv"
    server = await start(servers, saves, "--open")
    conns: list[Any] = []
    try:
        conns.append(await connect(server.port, "ann"))
        ann = await Terminal.open(conns[-1])
        await ann.wait_for(LOBBY)
        status, out, _ = await admin(saves, "who")
        assert status == 0
        assert re.search(r"ann\s+open\s+127\.0\.0\.1\s+lobby", out), out

        mark = len(ann.seen)
        status, out, _ = await admin(saves, "say", "back", "in", "five")
        assert (status, out.strip()) == (0, "Said to 1 session.")
        await ann.wait_for(rb"back in five", mark)

        mark = len(ann.seen)
        assert (await admin(saves, "motd", "Welcome", "to", "the", "garden"))[0] == 0
        await ann.wait_for(rb"Welcome to the garden", mark)

        status, out, _ = await admin(saves, "kick", "ann", "time", "for", "bed")
        assert (status, out.strip()) == (0, "1 session closed.")
        await ann.wait_end()
        assert b"closed this session: time for bed" in ann.seen
        assert restored(bytes(ann.seen))

        conns.append(await connect(server.port, "ann"))
        ann = await Terminal.open(conns[-1])
        await ann.wait_for(LOBBY)
        status, out, _ = await admin(saves, "ban", "name", "ann", "--reason", "rude")
        assert status == 0 and "name ann (for good): rude" in out
        await ann.wait_end()
        assert b"you are banned from this server: rude" in ann.seen
        with pytest.raises(asyncssh.DisconnectError, match="banned"):
            async with connect(server.port, "ANN"):
                pass

        status, out, _ = await admin(saves, "reserve", "admin")
        assert status == 0
        with pytest.raises(asyncssh.DisconnectError, match="reserved"):
            async with connect(server.port, "Admin"):
                pass

        status, _, err = await admin(saves, "ban", "address", "not-an-address")
        assert status == 2 and "not an address" in err
    finally:
        for conn in conns:
            conn.close()
    assert await server.stop() == 0

    again = await start(servers, saves, "--open")
    with pytest.raises(asyncssh.DisconnectError, match="banned"):
        async with connect(again.port, "ann"):
            pass
    status, out, _ = await admin(saves, "bans")
    assert "name ann" in out
    assert (await admin(saves, "unban", "name", "ann"))[1].strip() == "Done."
    async with connect(again.port, "ann") as conn:
        ann = await Terminal.open(conn)
        await ann.wait_for(rb"Welcome to the garden")
    assert await again.stop() == 0


async def test_the_operator_socket_is_private(servers: list[ServerProcess], tmp_path: Path) -> None:
    """Rule: the operator's socket is readable and writable by the server's user only, and a
    command to a server that is not running says so."""
    saves = tmp_path / "srv"
    status, _, err = await admin(saves, "who")
    assert status == 2 and "no server is running" in err
    server = await start(servers, saves, "--open")
    assert (saves / "admin.sock").stat().st_mode & 0o777 == 0o600
    assert await server.stop() == 0
    assert not (saves / "admin.sock").exists()
