"""Which process runs each player's app: the server's side of the session hosts.

:class:`SessionHosts` is the SSH front end's
:class:`~gardens_tui.server.session.terminal.Launcher` when the sessions run the app: it puts
each new session on a session host (:mod:`gardens_tui.server.session.host`), a process that
runs many players' apps on one event loop, and starts hosts as they are needed, forked from the
zygote (:mod:`gardens_tui.server.session.zygote`) or, while there is none, as programs (a new
zygote is started in the background for the hosts after).

**Where a session goes.** First one session on each of ``spread`` hosts (one per core this
process may use, by default), so that a few players use every core; after that, the host
with the fewest sessions that has room for one more (``per_host`` at most); when every host
is full, a new host. A host left without sessions beyond the first ``spread`` is closed.

**Ending a session.** ``SIGHUP`` (and any signal but ``SIGKILL``) asks the host to end the
app as a closed terminal would; ``SIGKILL`` asks it to drop the session at once, and if it has
not within :data:`~gardens_tui.server.session.terminal.KILL_GRACE` seconds, its event loop is
stuck and the whole host is killed (every session on it was stuck with it). A host that ends
ends its sessions: each one's status is then ``-SIGKILL``, and its player is told the game
stopped unexpectedly.

POSIX only; standard library (the hosts import the app, this module does not).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import itertools
import logging
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gardens_tui.server.session import messages
from gardens_tui.server.session.host import SOCKET_FD_VARIABLE
from gardens_tui.server.session.terminal import KILL_GRACE
from gardens_tui.server.session.zygote import Zygote

log = logging.getLogger(__name__)

SESSIONS_PER_HOST = 16
"""The most sessions one host runs (``gardens serve ssh --sessions-per-process``)."""

RESIZE_GAP = 0.05
"""Seconds at least between two window-size notices to a hosted app (see :class:`HostedChild`)."""

HOST_READY_TIMEOUT = 60.0
"""Seconds a new host has to say it is ready (a forked one takes milliseconds; a program
imports the app first)."""


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


class HostedChild:
    """A session on a host (a :class:`~gardens_tui.server.session.terminal.Launched`): ``pid``
    is its host's process id, shared with the host's other sessions."""

    def __init__(self, host: HostProcess, ident: int, status: asyncio.Future[int]) -> None:
        self.host = host
        self.ident = ident
        self.pid = host.pid
        self._status = status
        self._last_resize = float("-inf")
        self._resize_later: asyncio.TimerHandle | None = None

    async def wait(self) -> int:
        """Its exit status, as its host reported it (``-SIGKILL`` if the host ended first)."""
        return await asyncio.shield(self._status)

    def when_ended(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once the session has ended."""
        self._status.add_done_callback(lambda _: callback())

    def signal(self, signum: int) -> None:
        """End the session (see the module docstring)."""
        self.host.signal(self.ident, signum)

    def resized(self) -> None:
        """Its pty's window size changed: the host tells the app, at most once every
        :data:`RESIZE_GAP` seconds (the app reads the size when told, so the last one counts).
        A client sending window changes as fast as it can would otherwise make the app lay
        its screen out for each, on the loop it shares with the host's other players."""
        if self._resize_later is not None:
            return  # a notice is on its way; it will read the newest size
        loop = asyncio.get_running_loop()
        wait = self._last_resize + RESIZE_GAP - loop.time()
        if wait <= 0:
            self._tell_resized()
        else:
            self._resize_later = loop.call_later(wait, self._tell_resized)

    def _tell_resized(self) -> None:
        self._resize_later = None
        self._last_resize = asyncio.get_running_loop().time()
        self.host.tell({"resized": self.ident})


class HostProcess:
    """The server's end of one host's socket (see the module docstring). Made by
    :meth:`SessionHosts._add_host`; :attr:`started` resolves once the host is ready."""

    def __init__(self, sock: socket.socket, on_gone: Callable[[HostProcess], None]) -> None:
        self.sock = sock
        self.pid = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.load = 0
        """Sessions running on the host or on their way to it."""
        self.gone = False
        self._on_gone = on_gone
        self._ids = itertools.count(1)
        self._starting: dict[int, asyncio.Future[None]] = {}
        self._sessions: dict[int, asyncio.Future[int]] = {}
        loop = asyncio.get_running_loop()
        self.started: asyncio.Future[None] = loop.create_future()
        self._ready: asyncio.Future[None] = loop.create_future()
        sock.setblocking(False)
        loop.add_reader(sock.fileno(), self._readable)

    async def wait_ready(self) -> None:
        """Wait for the host's ``ready`` (``OSError`` if it ends or is too slow first)."""
        try:
            await asyncio.wait_for(asyncio.shield(self._ready), HOST_READY_TIMEOUT)
        except TimeoutError:
            self.kill()
            raise OSError(errno.ETIMEDOUT, "the session host did not start in time") from None

    async def start_session(
        self, env: Mapping[str, str], terminal: int, reports: int
    ) -> HostedChild:
        """Start a session with ``env`` on the pty ``terminal`` (incident pipe ``reports``, -1:
        none) on this host (``OSError`` when it cannot)."""
        if self.gone:
            raise OSError(errno.EPIPE, "the session host ended")
        loop = asyncio.get_running_loop()
        ident = next(self._ids)
        started: asyncio.Future[None] = loop.create_future()
        self._starting[ident] = started
        status: asyncio.Future[int] = loop.create_future()
        self._sessions[ident] = status
        fds = [terminal] if reports < 0 else [terminal, reports]
        try:
            messages.send(self.sock, {"id": ident, "env": dict(env)}, fds)
            await started
        except BaseException:
            self._starting.pop(ident, None)
            self._sessions.pop(ident, None)
            raise
        return HostedChild(self, ident, status)

    def sessions(self) -> int:
        """How many sessions run on the host now."""
        return len(self._sessions)

    def tell(self, message: Mapping[str, Any]) -> None:
        """Send ``message`` to the host (lost if it has ended)."""
        if not self.gone:
            with contextlib.suppress(OSError):
                messages.send(self.sock, message)

    def signal(self, ident: int, signum: int) -> None:
        """End session ``ident`` (see the module docstring)."""
        self.tell({"signal": ident, "signum": signum})
        if signum == signal.SIGKILL and not self.gone:
            asyncio.get_running_loop().call_later(KILL_GRACE, self._kill_if_running, ident)

    def _kill_if_running(self, ident: int) -> None:
        status = self._sessions.get(ident)
        if status is not None and not status.done():
            log.error("session host %d did not drop a session: killing it", self.pid)
            self.kill()

    def kill(self) -> None:
        """Kill the host (its sessions end with it)."""
        if self.pid > 0:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(self.pid, signal.SIGKILL)

    def close(self) -> None:
        """Close the host's socket: it hangs up every session it has and exits."""
        self._gone()

    def _readable(self) -> None:
        messages.read_waiting(self.sock, self._handle, self._gone)

    def _handle(self, message: dict[str, Any], fds: list[int]) -> None:
        messages.close_all(fds)  # a host sends none
        if message.get("ready"):
            if not self._ready.done():
                self._ready.set_result(None)
        elif "ended" in message:
            status = self._sessions.pop(int(message["ended"]), None)
            if status is not None and not status.done():
                status.set_result(int(message.get("status", 1)))
        elif "id" in message:
            started = self._starting.pop(int(message["id"]), None)
            if started is None or started.done():
                return
            if "session" in message:
                started.set_result(None)
            else:
                error = str(message.get("error", "the session could not start"))
                started.set_exception(OSError(errno.EIO, error))

    def _gone(self) -> None:
        if self.gone:
            return
        self.gone = True
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(self.sock.fileno())
        self.sock.close()
        ended = OSError(errno.EPIPE, "the session host ended")
        for future in (self._ready, *self._starting.values()):
            if not future.done():
                future.set_exception(ended)
                future.exception()  # retrieved: nobody may be waiting
        self._starting.clear()
        for status in self._sessions.values():
            if not status.done():
                status.set_result(-signal.SIGKILL)
        self._sessions.clear()
        if self.process is not None:
            process = self.process
            asyncio.get_running_loop().run_in_executor(None, process.wait)
        self._on_gone(self)


class SessionHosts:
    """Puts sessions on hosts (see the module docstring). ``env`` is a program host's
    environment (and the zygote's); ``zygote``, when given and running, forks the hosts.
    Call :meth:`stop` when the server stops."""

    def __init__(
        self,
        env: Mapping[str, str],
        zygote: Zygote | None,
        per_host: int = SESSIONS_PER_HOST,
        spread: int | None = None,
    ) -> None:
        self.env = dict(env)
        self.zygote = zygote
        self.per_host = max(1, per_host)
        self.spread = max(1, spread if spread is not None else usable_cores())
        self.hosts: list[HostProcess] = []
        self._restarting: asyncio.Task[None] | None = None

    async def launch(
        self, argv: Sequence[str], env: Mapping[str, str], terminal: int, reports: int
    ) -> HostedChild:
        """See :meth:`~gardens_tui.server.session.terminal.Launcher.launch` (``argv`` is
        ignored: a host runs the app)."""
        host = self._choose() or self._add_host()
        host.load += 1
        try:
            await asyncio.shield(host.started)
            child = await host.start_session(env, terminal, reports)
        except BaseException:
            self._left(host)
            raise
        child.when_ended(lambda: self._left(host))
        return child

    def _choose(self) -> HostProcess | None:
        live = [host for host in self.hosts if not host.gone]
        if len(live) < self.spread:
            return next((host for host in live if host.load == 0), None)
        room = [host for host in live if host.load < self.per_host]
        return min(room, key=lambda host: host.load) if room else None

    def _add_host(self) -> HostProcess:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        host = HostProcess(ours, self._forget)
        self.hosts.append(host)

        async def start() -> None:
            try:
                host.pid = await self._start_process(host, theirs)
            finally:
                theirs.close()
            await host.wait_ready()

        def started(task: asyncio.Task[None]) -> None:
            if task.cancelled():
                host.started.cancel()
            elif task.exception() is not None:
                host.started.set_exception(task.exception())  # type: ignore[arg-type]
                host.close()
            else:
                host.started.set_result(None)

        asyncio.get_running_loop().create_task(start()).add_done_callback(started)
        return host

    async def _start_process(self, host: HostProcess, theirs: socket.socket) -> int:
        """Fork the host from the zygote, or start it as a program; its process id."""
        if self.zygote is not None and self.zygote.running:
            try:
                return await self.zygote.fork_host(theirs.fileno())
            except OSError as exc:
                if exc.errno != errno.EPIPE:
                    raise
                log.error("the session zygote is gone; starting session hosts as programs")
        self._restart_zygote()
        host.process = subprocess.Popen(
            [sys.executable, "-m", "gardens_tui.server.session.host"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            env={**self.env, SOCKET_FD_VARIABLE: str(theirs.fileno())},
            pass_fds=(theirs.fileno(),),
            close_fds=True,
            start_new_session=True,
        )
        return host.process.pid

    def _restart_zygote(self) -> None:
        zygote = self.zygote
        if zygote is None or zygote.running:
            return
        if self._restarting is not None and not self._restarting.done():
            return

        async def restart() -> None:
            with contextlib.suppress(OSError):
                zygote.stop()
                await zygote.start()
                log.warning("the session zygote is running again")

        self._restarting = asyncio.get_running_loop().create_task(restart())

    def _left(self, host: HostProcess) -> None:
        """A session left ``host`` (or never got there): close the host if it is empty and
        more than ``spread`` hosts run."""
        host.load -= 1
        live = [other for other in self.hosts if not other.gone]
        if host.load <= 0 and not host.gone and host.started.done() and len(live) > self.spread:
            host.close()

    def _forget(self, host: HostProcess) -> None:
        with contextlib.suppress(ValueError):
            self.hosts.remove(host)

    def stop(self) -> None:
        """Close every host (each hangs up its sessions and exits) and stop the zygote."""
        if self._restarting is not None:
            self._restarting.cancel()
        for host in list(self.hosts):
            host.close()
        if self.zygote is not None:
            self.zygote.stop()
