"""``gardens serve ssh`` as a real program, for the tests of what only a whole process shows:
signals, file-descriptor limits, the operator's socket and command.

:class:`ServerProcess` starts it on a port the system chooses (``--port 0``), reads the port
from its first line, and keeps its log (standard error) for the test to read.
"""

from __future__ import annotations

import asyncio
import os
import re
import resource
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from ssh_clients import GUARD


class ServerProcess:
    """A running ``gardens serve ssh ARGS --saves SAVES --port 0``; ``nofile`` lowers its
    open-file limit (soft and hard) before it starts."""

    def __init__(self, saves: Path, args: Sequence[str], nofile: int | None = None) -> None:
        self.saves = saves
        self.args = list(args)
        self.nofile = nofile
        self.process: asyncio.subprocess.Process | None = None
        self.port = 0
        self.web_url = ""
        """Where browsers log in (with ``--web``)."""
        self.log = bytearray()
        self._logged = asyncio.Event()
        self._log_task: asyncio.Task[None] | None = None

    async def start(self) -> ServerProcess:
        """Start it and wait until it listens."""
        limit = self.nofile

        def lower_limit() -> None:  # pragma: no cover - runs in the child
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "gardens_tui",
            "serve",
            "ssh",
            "--port",
            "0",
            "--saves",
            str(self.saves),
            *self.args,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env={**os.environ, "GARDENS_TUI_HOME": str(self.saves / "home")},
            preexec_fn=lower_limit,
        )
        assert self.process.stdout is not None and self.process.stderr is not None
        self._log_task = asyncio.get_running_loop().create_task(self._read_log())
        line = await asyncio.wait_for(self.process.stdout.readline(), GUARD)
        found = re.search(rb"serves over SSH on [^ ]+:(\d+)", line)
        assert found, (line, bytes(self.log))
        self.port = int(found.group(1))
        if "--web" in self.args:  # the next line says where browsers log in
            line = await asyncio.wait_for(self.process.stdout.readline(), GUARD)
            web = re.search(rb"Browsers log in at (http://\S+?)/? ", line)
            assert web, (line, bytes(self.log))
            self.web_url = web.group(1).decode()
        return self

    async def _read_log(self) -> None:
        assert self.process is not None and self.process.stderr is not None
        while chunk := await self.process.stderr.read(65536):
            self.log.extend(chunk)
            self._logged.set()
        self._logged.set()

    def signal(self, signum: int) -> None:
        """Send ``signum`` to the server."""
        assert self.process is not None
        self.process.send_signal(signum)

    async def wait_log(self, pattern: bytes) -> None:
        """Wait until the log holds ``pattern`` (a regular expression)."""
        regex = re.compile(pattern)

        async def wait() -> None:
            while not regex.search(self.log):
                if self._log_task is not None and self._log_task.done():
                    raise AssertionError(f"the server ended before {pattern!r}: {self.log!r}")
                self._logged.clear()
                await self._logged.wait()

        await asyncio.wait_for(wait(), GUARD)

    async def stop(self) -> int:
        """``SIGTERM``, then wait for it to end; its exit status."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        status = await asyncio.wait_for(self.process.wait(), GUARD)
        if self._log_task is not None:
            await asyncio.wait_for(self._log_task, GUARD)
        return status

    async def kill(self) -> None:
        """End it at once (after a failed test)."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()
