"""A session host: one process that runs many players' apps, each on its own pseudo-terminal.

A process per player costs memory that cannot be shared: CPython writes an object's reference
count whenever it uses the object, so a session forked from the zygote copies every page of
the zygote's code and data it merely touches (about 14 MiB in the lobby, 24 MiB at a table).
In one process, the second player's app touches the same pages as the first's: what a session
adds is only its own screens, widgets and log (about 4 to 5 MiB at a table), and the app's
start is the app's own work, with every cache already warm.

A host is forked from the zygote (or started as ``python -m gardens_tui.server.session.host``
when there is none) and runs one asyncio loop. Each session is a task of its own, in a context
of its own (:data:`gardens_tui.paths.session_home` is the player's data folder there), running
the app in lobby mode exactly as :mod:`gardens_tui.server.session.app_child` does in a process
of its own: the same incident reports, the same plain line after a failure and the same
lobby brought back by a key (:class:`~gardens_tui.server.session.app_child.Failures`). The app
reads and writes its pty through a :class:`~gardens_tui.server.session.pty_driver.PtyDriver`.

What the players on one host share is the host's event loop and its failures: an app's error
ends only that app (the others never see it), but a host that dies (killed, out of memory)
ends every session on it, and the server tells each of those players so (they reconnect and
sit down again: the tables live in the table owner). The server decides how many sessions a
host takes (:mod:`gardens_tui.server.session.hosts`).

Messages (:mod:`gardens_tui.server.session.messages`), the server's first:

- ``{"id": n, "env": {...}}`` with the session's pty (and its incident pipe, if any): start a
  session with that environment; answered ``{"id": n, "session": n}`` or ``{"id": n, "error"}``;
- ``{"signal": n, "signum": s}``: ``SIGKILL`` drops session ``n`` at once; any other signal
  hangs it up (its app ends as it would on a closed terminal);
- ``{"resized": n}``: the server changed session ``n``'s window size;
- ``{"ended": n, "status": s}`` from the host once session ``n`` has ended and its pty is
  closed (``s`` as a process's: 0, 1, or minus the signal that ended it);
- ``{"ready": true}`` from the host once it listens. The server closing its end hangs up every
  session, and the host exits once they have ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
import signal
import socket
import sys
import traceback
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gardens_tui.paths import HOME_VARIABLE, session_home
from gardens_tui.server.session import messages
from gardens_tui.server.session.app_child import (
    NO_SERVER,
    Failures,
    IncidentReporter,
    failure_line,
    forget_typed,
    join_code,
    new_incident,
    say,
)

if TYPE_CHECKING:
    from textual.app import App

    from gardens_tui.server.lobby.client import OwnerConnection

SOCKET_FD_VARIABLE = "GARDENS_HOST_FD"
"""The environment variable naming a host program's end of its socket."""

END_WAIT = 5.0
"""Seconds a closing host waits for its hung-up sessions before dropping them."""


@contextlib.contextmanager
def environment(env: Mapping[str, str]) -> Iterator[None]:
    """The process's environment is ``env`` while the block runs, then what it was. Textual
    and Rich read the terminal's type and colour settings (``TERM``, ``COLORTERM``,
    ``NO_COLOR``) from it when an app is made, and each player's terminal is different; the
    block runs no ``await``, so no other session sees it."""
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def release_print_capture(app: App[Any]) -> None:
    """Let go of ``app``'s capture of ``print`` if it is still the process's: a running
    Textual app puts its own object in ``sys.stdout`` and ``sys.stderr`` and restores what it
    found when it ends, which, with apps ending in another order than they started, can be an
    ended app's (keeping that app alive)."""
    for name, original in (("stdout", sys.__stdout__), ("stderr", sys.__stderr__)):
        if getattr(getattr(sys, name), "app", None) is app:
            setattr(sys, name, original)


class HostedSession:
    """One player's session on the host: the app in lobby mode on the pty ``terminal`` with
    ``env`` (the same variables a session process gets), incident reports to ``reports`` (-1:
    none). :meth:`run` is its whole life and returns its exit status."""

    def __init__(self, env: Mapping[str, str], terminal: int, reports: int) -> None:
        self.env = dict(env)
        self.fd = terminal
        self.reports = reports
        self.reporter = IncidentReporter(reports if reports >= 0 else None)
        self.app: App[Any] | None = None
        self.hung_up = False
        self._key: asyncio.Future[bool] | None = None

    # --- the server's requests ------------------------------------------------------------------

    def hang_up(self) -> None:
        """End the session as a closed terminal would: the app exits, nothing more starts."""
        self.hung_up = True
        if self.app is not None:
            self.app.exit()
        if self._key is not None and not self._key.done():
            self._key.set_result(False)

    def resized(self) -> None:
        """The pty's window size changed: tell the app's driver."""
        driver = None if self.app is None else getattr(self.app, "_driver", None)
        resized = getattr(driver, "resized", None)
        if resized is not None:
            resized()

    def stop_output(self) -> None:
        """Write nothing more to the pty (it is about to be closed, and its number may soon be
        another session's)."""
        driver = None if self.app is None else getattr(self.app, "_driver", None)
        close = getattr(driver, "close", None)
        if close is not None:
            close()

    # --- the session ----------------------------------------------------------------------------

    async def run(self) -> int:
        """Serve the player until they quit or the session is hung up; the exit status."""
        os.set_blocking(self.fd, False)
        home = self.env.get(HOME_VARIABLE)
        if home:
            session_home.set(Path(home))
        try:
            return await self._serve()
        except Exception:
            incident = new_incident()
            self.reporter.report(incident, traceback.format_exc())
            say(failure_line(incident, again=False), self.fd)
            return 1
        finally:
            self.stop_output()

    async def _serve(self) -> int:
        from gardens_tui.server.lobby.client import ConnectionLost, connect

        path = self.env.get("GARDENS_SERVER_SOCKET", "")
        ticket = self.env.get("GARDENS_SERVER_TICKET", "")
        if not path or not ticket:
            say(f"{NO_SERVER} (this session is started by `gardens serve ssh`).", self.fd)
            return 1
        try:
            connection = await asyncio.to_thread(connect, path, ticket)
        except (OSError, ConnectionLost) as exc:
            reason = exc.reason if isinstance(exc, ConnectionLost) else exc.strerror or str(exc)
            say(f"{NO_SERVER}: {reason}.", self.fd)
            return 1
        try:
            failures = Failures()
            join = join_code(self.env)  # the first lobby only (see app_child)
            while not self.hung_up:
                failure = await self._run_lobby(connection, join)
                join = None
                if failure is None or self.hung_up:
                    break
                incident = new_incident()
                self.reporter.report(incident, failure)
                again = failures.again(connection)
                forget_typed(self.fd)  # before the line: a key pressed once it shows counts
                say(failure_line(incident, again=again), self.fd)
                if not again or not await self._wait_for_key():
                    return 1
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(connection.leave)
        finally:
            connection.close()
        return -signal.SIGHUP if self.hung_up else 0

    async def _run_lobby(self, connection: OwnerConnection, join: str | None) -> str | None:
        """Run the app in lobby mode once (sitting at table ``join`` once connected, if
        given); what went wrong (for the report), or ``None`` when the player quit."""
        from gardens_tui.server.session.pty_driver import driver_for
        from gardens_tui.ui.app import create_app

        try:
            with environment(self.env):
                app = create_app(lobby=connection, join=join)
        except Exception:
            return traceback.format_exc()
        app.driver_class = driver_for(self.fd)
        self.app = app
        try:
            await app.run_async()
        except Exception:
            return traceback.format_exc()
        finally:
            self.stop_output()
            self.app = None
            release_print_capture(app)
        return getattr(app, "failure", None)

    async def _wait_for_key(self) -> bool:
        """Wait for a key press; False if the terminal closed or the session was hung up."""
        loop = asyncio.get_running_loop()
        key: asyncio.Future[bool] = loop.create_future()
        self._key = key

        def readable() -> None:
            try:
                data = os.read(self.fd, 1024)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not key.done():
                key.set_result(bool(data))

        loop.add_reader(self.fd, readable)
        try:
            return await key
        finally:
            loop.remove_reader(self.fd)
            self._key = None


class Host:
    """The host's side of its socket to the server (see the module docstring)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.sessions: dict[int, tuple[HostedSession, asyncio.Task[int]]] = {}
        self._closed: asyncio.Future[None] | None = None

    async def serve(self) -> None:
        """Serve the server's requests until it closes its end, then end every session."""
        loop = asyncio.get_running_loop()
        self._closed = loop.create_future()
        self.sock.setblocking(False)
        loop.add_reader(self.sock.fileno(), self._readable)
        self._send({"ready": True})
        await self._closed
        with contextlib.suppress(ValueError, OSError):
            loop.remove_reader(self.sock.fileno())
        for session, _task in list(self.sessions.values()):
            session.hang_up()
        tasks = [task for _session, task in self.sessions.values()]
        if tasks:
            _done, pending = await asyncio.wait(tasks, timeout=END_WAIT)
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.wait(pending, timeout=END_WAIT)

    def _send(self, message: Mapping[str, Any], fds: list[int] | None = None) -> None:
        with contextlib.suppress(OSError):
            messages.send(self.sock, message, fds or [])

    def _readable(self) -> None:
        messages.read_waiting(self.sock, self._handle, self._server_closed)

    def _server_closed(self) -> None:
        if self._closed is not None and not self._closed.done():
            self._closed.set_result(None)

    def _handle(self, message: dict[str, Any], fds: list[int]) -> None:
        if "env" in message:
            self._start(message, fds)
            return
        messages.close_all(fds)
        entry = self.sessions.get(int(message.get("signal", message.get("resized", -1))))
        if entry is None:
            return
        session, task = entry
        if "resized" in message:
            session.resized()
        elif message.get("signum") == signal.SIGKILL:
            session.stop_output()
            task.cancel()
        else:
            session.hang_up()

    def _start(self, message: dict[str, Any], fds: list[int]) -> None:
        ident = int(message.get("id", 0))
        if not fds or ident in self.sessions or self._closed is None or self._closed.done():
            messages.close_all(fds)
            self._send({"id": ident, "error": "no terminal was sent"})
            return
        terminal, reports = fds[0], (fds[1] if len(fds) > 1 else -1)
        messages.close_all(fds[2:])
        env = {str(k): str(v) for k, v in dict(message.get("env", {})).items()}
        session = HostedSession(env, terminal, reports)
        task = asyncio.get_running_loop().create_task(session.run(), context=contextvars.Context())
        self.sessions[ident] = (session, task)
        task.add_done_callback(lambda done: self._ended(ident, done))
        self._send({"id": ident, "session": ident})

    def _ended(self, ident: int, task: asyncio.Task[int]) -> None:
        entry = self.sessions.pop(ident, None)
        if entry is None:
            return
        session = entry[0]
        session.stop_output()
        if task.cancelled():
            status = -signal.SIGKILL
        elif task.exception() is not None:
            status = 1
        else:
            status = task.result()
        for fd in (session.fd, session.reports):
            if fd >= 0:
                with contextlib.suppress(ValueError, OSError):
                    asyncio.get_running_loop().remove_reader(fd)
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._send({"ended": ident, "status": status})


GC_THRESHOLDS = (10_000, 10, 100)
"""The host's garbage collection thresholds (CPython's are 700, 10, 10).

A Textual app makes many short-lived objects (strips, segments, styles) for every frame. With
the defaults, a host of ten players watching busy tables spent over 40 % of its CPU
collecting: young collections every 700 allocations promoted objects a frame later dead, and
the full collections this triggered every few seconds walked every player's objects (over 100
ms each). A young generation of 10,000 lets those objects die young, and a full collection
only every 100 middle ones keeps the longer pauses rare: measured with ten apps watching one
table, 19.2 ms of CPU a move and app before, 13.2 after (a lone app in a process of its own:
14.1)."""


def run(sock: socket.socket) -> int:
    """Be a host on ``sock`` until the server closes it; the exit status."""
    import gc

    gc.set_threshold(*GC_THRESHOLDS)
    try:
        asyncio.run(Host(sock).serve())
    except (OSError, KeyboardInterrupt):
        return 1
    return 0


def main() -> int:
    """A host started as a program: its socket is the descriptor ``GARDENS_HOST_FD`` names."""
    fd = int(os.environ.pop(SOCKET_FD_VARIABLE))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl+C at the server's terminal is its own
    return run(socket.socket(fileno=fd))


if __name__ == "__main__":  # pragma: no cover - run as a program
    sys.exit(main())
