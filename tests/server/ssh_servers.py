"""SSH servers for the tests, on loopback: a real table owner and the real SSH front end on the
test's event loop, on a port the system chooses, stopped (with their owner) when the test ends.

:func:`ssh_servers` gives a :class:`Servers`, whose :meth:`Servers.start` starts a front end
with the settings given (by default the probe program stands in for the app, see
``pty_probe.py``; ``app_command=APP`` runs the real app).
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from gardens_tui.server.lobby.owner import TableOwner
from gardens_tui.server.ssh.front import ServerConfig, SSHFrontEnd, start_ssh_server

PROBE = (sys.executable, str(Path(__file__).with_name("pty_probe.py")))
"""A program that reports what a terminal app would see (size, controlling terminal, keys)."""

APP = (sys.executable, "-m", "gardens_tui.server.session.app_child")
"""The real app (what the server runs by default; forked from the session zygote)."""


class Servers:
    """Front ends on one table owner (see the module docstring)."""

    def __init__(self, owner: TableOwner, files: Path, defaults: dict[str, Any]) -> None:
        self.owner = owner
        self.files = files
        self.defaults = defaults
        self.started: list[SSHFrontEnd] = []

    async def start(self, **settings: Any) -> SSHFrontEnd:
        """Start a front end (``settings`` are :class:`ServerConfig` fields, over the
        defaults), listening on 127.0.0.1 on a port the system chooses."""
        config = ServerConfig(
            host="127.0.0.1",
            port=0,
            host_key=self.files / "host_key",
            homes=self.files / "homes",
            **{**self.defaults, **settings},
        )
        front = await start_ssh_server(config, self.owner)
        self.started.append(front)
        return front


@contextlib.asynccontextmanager
async def ssh_servers(
    files: Path, clock: Callable[[], float] | None = None, **defaults: Any
) -> AsyncIterator[Servers]:
    """A table owner (saving nothing; ``clock``: its clock, default the real one) with front
    ends started through the :class:`Servers` given; their files (host key, homes, and records
    if ``records`` is given) go in ``files``. ``defaults`` are settings for every front end
    (``app_command`` defaults to :data:`PROBE`)."""
    defaults.setdefault("app_command", PROBE)
    sockets = Path(tempfile.mkdtemp(prefix="gts-"))  # short: Unix socket paths are short
    owner = TableOwner(None, clock=clock)
    await owner.start(sockets / "owner.sock")
    servers = Servers(owner, files, defaults)
    try:
        yield servers
    finally:
        for front in servers.started:
            await front.close()
        await owner.stop()
        shutil.rmtree(sockets)
