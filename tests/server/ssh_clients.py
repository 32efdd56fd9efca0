"""Real SSH clients for the server tests: asyncssh sessions read as bytes, OpenSSH run as a
program, and a reader of the terminal modes a byte stream leaves a terminal in.

Every wait is on data arriving (or a process ending), with a generous guard against hanging;
nothing sleeps to let time pass.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import socket
from collections.abc import Sequence
from typing import Any

import asyncssh
import pytest

GUARD = 30.0
"""Seconds any one wait may take before the test fails (never reached when all is well)."""

OPENSSH = shutil.which("ssh")

needs_openssh = pytest.mark.skipif(OPENSSH is None, reason="the OpenSSH client is not installed")


def connect(port: int, username: str = "ann", **options: Any) -> Any:
    """An asyncssh client connection to the server on loopback ``port`` (host key not
    checked: it is a test); ``local_addr=("127.0.0.2", 0)`` comes from another address."""
    options.setdefault("known_hosts", None)
    options.setdefault("client_keys", None)
    options.setdefault("agent_path", None)
    return asyncssh.connect("127.0.0.1", port, username=username, **options)


class Terminal:
    """One SSH session with a pty; everything it printed is kept in :attr:`seen` (read all the
    time, so the app never waits on a full channel)."""

    def __init__(self, process: Any) -> None:
        self.process = process
        self.seen = bytearray()
        self.changed = asyncio.Event()
        self.ended = False
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, conn: Any, size: tuple[int, int] = (100, 34)) -> Terminal:
        """A session with a pty of ``size`` on ``conn``."""
        process = await conn.create_process(
            term_type="xterm-256color", term_size=size, encoding=None
        )
        return cls(process)

    async def _read(self) -> None:
        try:
            while chunk := await self.process.stdout.read(65536):
                self.seen.extend(chunk)
                self.changed.set()
        except (asyncssh.Error, OSError):
            pass
        self.ended = True
        self.changed.set()

    async def wait_for(self, pattern: bytes, start: int = 0) -> re.Match[bytes]:
        """Wait until ``pattern`` (a regular expression) shows after byte ``start``; the
        match."""
        regex = re.compile(pattern, re.DOTALL)

        async def wait() -> re.Match[bytes]:
            while (found := regex.search(self.seen, start)) is None:
                if self.ended:
                    raise AssertionError(f"the session ended before {pattern!r}: {self.tail()!r}")
                self.changed.clear()
                await self.changed.wait()
            return found

        return await asyncio.wait_for(wait(), GUARD)

    async def wait_end(self) -> None:
        """Wait until the server closes the session."""

        async def wait() -> None:
            while not self.ended:
                self.changed.clear()
                await self.changed.wait()

        await asyncio.wait_for(wait(), GUARD)

    def send(self, keys: str | bytes) -> None:
        """Type ``keys``."""
        self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    def tail(self, size: int = 600) -> bytes:
        """The last bytes seen (for failure messages)."""
        return bytes(self.seen[-size:])


def openssh_argv(
    port: int, username: bytes | str, *args: str, local_addr: str | None = None
) -> list[str | bytes]:
    """The OpenSSH client's command line for the server on loopback ``port`` (batch mode: no
    questions, no keys or configuration of the user's), ``args`` before the login."""
    assert OPENSSH is not None
    user = username if isinstance(username, bytes) else username.encode()
    argv: list[str | bytes] = [
        OPENSSH,
        "-p",
        str(port),
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "IdentitiesOnly=yes",
        "-F",
        "/dev/null",
    ]
    if local_addr is not None:
        argv += ["-b", local_addr]
    return [*argv, *args, "-l", user, "127.0.0.1"]


async def run_openssh(
    port: int, username: bytes | str, *args: str, local_addr: str | None = None
) -> tuple[int, bytes]:
    """Run the OpenSSH client against the server (batch mode: no questions, no keys of the
    user's), with ``username`` sent as given (bytes may be anything); its exit status and
    standard error."""
    argv = openssh_argv(port, username, *args, local_addr=local_addr)
    process = await asyncio.create_subprocess_exec(
        *argv,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "SSH_AUTH_SOCK": ""},
    )
    _, err = await asyncio.wait_for(process.communicate(), GUARD)
    assert process.returncode is not None
    return process.returncode, err


_MODE = re.compile(rb"\x1b\[\?([0-9;]+)([hl])")

TRACKED_MODES = {
    1049: "alternate screen",
    25: "cursor shown",
    1000: "mouse clicks reported",
    1002: "mouse drags reported",
    1003: "mouse moves reported",
    1006: "mouse reports in SGR form",
    2004: "bracketed paste",
    1004: "focus reported",
}


def terminal_modes(stream: bytes, modes: Sequence[int] = tuple(TRACKED_MODES)) -> dict[int, bool]:
    """Which DEC private modes a terminal that started in its usual state (main screen, cursor
    shown, nothing reported) is left with after ``stream``: mode number to set or not."""
    state = {mode: mode == 25 for mode in modes}
    for found in _MODE.finditer(stream):
        on = found.group(2) == b"h"
        for number in found.group(1).split(b";"):
            if number and int(number) in state:
                state[int(number)] = on
    return state


def restored(stream: bytes) -> bool:
    """Whether ``stream`` leaves a terminal as it found it (see :func:`terminal_modes`)."""
    return all(on == (mode == 25) for mode, on in terminal_modes(stream).items())


async def read_until(stream: Any, pattern: bytes | str, seen: bytearray | None = None) -> bytes:
    """Read ``stream`` until ``pattern`` (a regular expression) matches what arrived (in
    ``seen`` too, which keeps growing, when given); returns everything read. Fails after
    :data:`GUARD` seconds."""
    buffer = seen if seen is not None else bytearray()
    regex = re.compile(pattern.encode() if isinstance(pattern, str) else pattern)

    async def read() -> bytes:
        while not regex.search(buffer):
            chunk = await stream.read(4096)
            if not chunk:
                raise AssertionError(f"stream ended before {pattern!r}: {bytes(buffer)!r}")
            buffer.extend(chunk)
        return bytes(buffer)

    return await asyncio.wait_for(read(), GUARD)


def silent_connections(port: int, sources: Sequence[str], each: int) -> list[socket.socket]:
    """``each`` TCP connections from each address of ``sources`` to the server on loopback
    ``port`` that never say a word (half-open, as far as SSH goes)."""
    socks = []
    for source in sources:
        for _ in range(each):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((source, 0))
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                sock.connect(("127.0.0.1", port))
            socks.append(sock)
    return socks
