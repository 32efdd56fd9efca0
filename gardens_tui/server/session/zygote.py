"""Session hosts that start in milliseconds and share their code: a preloaded parent forks them.

Starting a new Python for every player costs more than half a second of a core (importing
Textual, Rich, the app and its screens) and about 40 MiB that nothing shares. The **zygote** is
one process that imports all of that once and then waits; each session host
(:mod:`gardens_tui.server.session.host`, the process that runs many players' apps) is a
``fork`` of it, so it starts with everything imported, its caches warm, and shares those pages
with every other host until it writes to them (``gc.freeze`` first, so the collector does not
touch them).

Two halves:

- :class:`Zygote`, in the server: starts the zygote process (``python -m
  gardens_tui.server.session.zygote``); :meth:`Zygote.fork_host` sends it one end of a new
  host's socket (a file descriptor over a Unix socket, ``SCM_RIGHTS``) and gets the new
  process id back. The host then talks with the server over that socket, not through the
  zygote (:mod:`gardens_tui.server.session.hosts`). If the zygote is gone, forking raises
  ``OSError``; the server then starts hosts as programs and a new zygote for the hosts after.
- :func:`main`, the zygote itself: imports the app, every game screen and every game, freezes
  the heap, then serves fork requests one at a time. It has **no thread** (a fork copies only
  the forking thread), so nothing is half-held in the child. The child starts a session of its
  own (``setsid``: no terminal, no signal from the server's terminal), keeps only its socket,
  turns garbage collection back on and runs :func:`gardens_tui.server.session.host.run`; it
  never returns into the zygote's loop. ``random`` is reseeded in every child (CPython does it
  after a fork). Garbage collection is off in the zygote (no collection leaves holes in the
  pages to share) and the heap is frozen before each fork: frozen objects are never collected,
  so no collection writes to the shared pages. Values Textual reads from the environment when
  it is imported (``ESCDELAY``) are the same for every session and are set in the zygote's own
  environment by the server.

**Before the first fork** the zygote does, once, what every host would otherwise redo
(measured with 20 sessions arriving one after the other, each quitting at the lobby, on 2
cores: from about 70 to 62 ms of CPU a session from fork to quit, and from 14.6 to 14.0 MiB
of unique memory a session, for 3 MiB more in the zygote, which they share):

- :func:`warm_up` runs the main menu *and* the lobby (:func:`_lobby_warm_up`: a table owner of
  its own in a thread, stopped and joined before it returns), both with Textual's toast rack
  and tooltip, which a session shows and a headless test run leaves out: before, every session
  parsed the lobby's CSS and those two widgets' again.
- :func:`settle_heap` fills the holes the loading left in Python's small-object pools, so that a
  session's own objects go to pages of its own instead of each copying a shared page.

What is left of a session's unique memory is mostly shared pages it copies by merely using the
objects on them: CPython 3.11 writes an object's reference count whenever it is used, so every
code object, function, string, dict and class a session touches copies its page (about 13 of the
14 MiB are such copies of the zygote's pages, most changed in a few words or not at all).
Those figures are from a process for each session; a session host pays that copy once for all
of its players, which is why hosts exist.

Messages (:mod:`gardens_tui.server.session.messages`): ``{"id", "host": true}`` with the
host's socket from the server, ``{"id", "pid"}`` or ``{"id", "error"}`` back, ``{"exited":
pid, "status": n}`` when a host ends, and ``{"ready": true}`` once the zygote has loaded.

POSIX only; standard library (the zygote imports the app, which imports Textual).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import gc
import itertools
import logging
import os
import select
import signal
import socket
import subprocess
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.server.session import messages

log = logging.getLogger(__name__)

SOCKET_FD_VARIABLE = "GARDENS_ZYGOTE_FD"
"""The environment variable naming the zygote's end of its socket."""

READY_TIMEOUT = 60.0
"""Seconds the zygote has to load the app."""

# --- the server's half --------------------------------------------------------------------------


class Zygote:
    """The server's handle on the zygote process (see the module docstring). ``env`` is the
    zygote's own environment (what Textual reads when imported); :meth:`start` on the loop
    that will use it."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = dict(env)
        self.process: subprocess.Popen[bytes] | None = None
        self._sock: socket.socket | None = None
        self._ids = itertools.count(1)
        self._forking: dict[int, asyncio.Future[int]] = {}
        self._ready: asyncio.Future[None] | None = None

    @property
    def pid(self) -> int | None:
        """The zygote's process id while it runs (the hosts are its children)."""
        return None if self.process is None else self.process.pid

    @property
    def running(self) -> bool:
        """Whether the zygote is up and answering."""
        return self._sock is not None and self._ready is not None and self._ready.done()

    async def start(self) -> None:
        """Start the zygote and wait until it has loaded the app (``OSError`` if it cannot)."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = {**self.env, SOCKET_FD_VARIABLE: str(theirs.fileno())}
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gardens_tui.server.session.zygote"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                env=env,
                pass_fds=(theirs.fileno(),),
                close_fds=True,
                start_new_session=True,
            )
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        self._ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._readable)
        try:
            await asyncio.wait_for(asyncio.shield(self._ready), READY_TIMEOUT)
        except TimeoutError:
            self.stop()
            raise OSError(errno.ETIMEDOUT, "the session zygote did not load in time") from None

    def _readable(self) -> None:
        assert self._sock is not None
        messages.read_waiting(self._sock, self._handle, self._gone)

    def _handle(self, message: dict[str, Any], fds: list[int]) -> None:
        messages.close_all(fds)  # the zygote sends none
        if message.get("ready") and self._ready is not None and not self._ready.done():
            self._ready.set_result(None)
        elif "id" in message:
            forking = self._forking.pop(int(message["id"]), None)
            if forking is None or forking.done():
                return
            if "pid" in message:
                forking.set_result(int(message["pid"]))
            else:
                error = str(message.get("error", "the session host could not start"))
                forking.set_exception(OSError(int(message.get("errno", 0)), error))

    def _gone(self) -> None:
        """The zygote ended: every fork waiting fails (the hosts it forked go on)."""
        if self._sock is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(OSError(errno.EPIPE, "the session zygote ended"))
        for future in self._forking.values():
            if not future.done():
                future.set_exception(OSError(errno.EPIPE, "the session zygote ended"))
        self._forking.clear()
        if self.process is not None:
            with contextlib.suppress(OSError):
                self.process.poll()

    async def fork_host(self, sock: int) -> int:
        """Fork a session host whose end of its socket to the server is ``sock`` (the caller
        closes its copy afterwards); the host's process id. ``OSError`` (``EPIPE`` when the
        zygote is not running)."""
        if not self.running or self._sock is None:
            raise OSError(errno.EPIPE, "the session zygote is not running")
        ident = next(self._ids)
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._forking[ident] = future
        try:
            messages.send(self._sock, {"id": ident, "host": True}, [sock])
        except OSError:
            self._forking.pop(ident, None)
            raise
        return await future

    def stop(self) -> None:
        """End the zygote (the hosts it forked go on until the server closes them)."""
        if self._sock is not None:
            self._gone()
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(5)


# --- the zygote's half --------------------------------------------------------------------------


def preload() -> None:
    """Import what every session needs (the app, the lobby, every game screen and every game)
    so that each fork starts with it."""
    import importlib
    import pkgutil

    import gardens_tui.ui.screens as screens
    from gardens_tui.rules.registry import game_specs, get_game
    from gardens_tui.server.session import app_child, host, pty_driver  # noqa: F401
    from gardens_tui.ui import app  # noqa: F401
    from gardens_tui.ui.screens import lobby, lobby_dialogs  # noqa: F401

    for module in pkgutil.walk_packages(screens.__path__, "gardens_tui.ui.screens."):
        importlib.import_module(module.name)
    for game in game_specs():
        get_game(game)
    warm_up()


WARM_UP_TIMEOUT = 30.0
"""Seconds any one step of :func:`warm_up` may take (a guard: each takes milliseconds)."""


def warm_up() -> None:
    """Run the app once headless as each session will show it, with an empty data folder: the
    main menu, then the lobby of a private table owner (see :func:`_lobby_warm_up`). It fills
    the caches Textual and Rich keep for the whole process (parsed CSS, selectors, styles,
    colours, text widths) and specialises the code both run, which every session then shares
    instead of redoing. Leaves no thread behind (``RuntimeError`` if one is left)."""
    import asyncio
    import tempfile
    import threading

    from gardens_tui.settings import Settings
    from gardens_tui.ui.app import create_app

    async def run() -> None:
        app = create_app(settings=Settings())
        async with app.run_test(size=(100, 34), tooltips=True, notifications=True) as pilot:
            await pilot.pause()

    saved = os.environ.get("GARDENS_TUI_HOME")
    with tempfile.TemporaryDirectory(prefix="gardens-warm-") as home:
        os.environ["GARDENS_TUI_HOME"] = home
        try:
            asyncio.run(run())
            _lobby_warm_up()
        finally:
            if saved is None:
                os.environ.pop("GARDENS_TUI_HOME", None)
            else:
                os.environ["GARDENS_TUI_HOME"] = saved
    if threading.active_count() != 1:
        raise RuntimeError("warming the app up left a thread behind: forking is not safe")


def _lobby_warm_up() -> None:
    """Run the app in lobby mode once, headless, as a session does (``create_app(lobby=...)``),
    against a table owner of its own with no folder, on an event loop in a thread, listening in
    a temporary folder: the lobby screen's CSS is parsed and its code run here, not in every
    session. The owner, its loop and thread, and the connection's reader thread are all stopped
    and joined before it returns (:func:`warm_up` then checks that no thread is left)."""
    import asyncio
    import tempfile
    import threading
    from pathlib import Path

    from gardens_tui.server.lobby.client import OwnerConnection, connect
    from gardens_tui.server.lobby.owner import TableOwner
    from gardens_tui.settings import Settings
    from gardens_tui.ui.app import create_app

    async def start_owner(path: Path) -> tuple[TableOwner, str]:
        owner = TableOwner(None)
        await owner.start(path)
        return owner, owner.issue_ticket("zygote-warm-up", "warm-up")

    async def run(connection: OwnerConnection) -> None:
        app = create_app(lobby=connection, settings=Settings())
        async with app.run_test(size=(100, 34), tooltips=True, notifications=True) as pilot:
            await pilot.pause()

    before = set(threading.enumerate())
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="warm-up-owner", daemon=True)
    thread.start()
    try:
        with tempfile.TemporaryDirectory(prefix="gw-") as folder:  # short: a socket's path
            owner, ticket = asyncio.run_coroutine_threadsafe(
                start_owner(Path(folder) / "o.sock"), loop
            ).result(WARM_UP_TIMEOUT)
            try:
                connection = connect(Path(folder) / "o.sock", ticket)
                try:
                    asyncio.run(run(connection))
                finally:
                    connection.close()
            finally:
                asyncio.run_coroutine_threadsafe(owner.stop(), loop).result(WARM_UP_TIMEOUT)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(WARM_UP_TIMEOUT)
        if not thread.is_alive():
            loop.run_until_complete(loop.shutdown_default_executor())
            loop.close()
    for started in set(threading.enumerate()) - before:  # the connection's reader
        started.join(WARM_UP_TIMEOUT)


FILL_ROUNDS = 4
"""Rounds of :func:`settle_heap`'s filling (each fills what the one before left; the last
leaves a few hundred blocks)."""

_filler: list[bytes | bytearray] = []
"""What :func:`settle_heap` allocated: kept for the zygote's life, never touched again."""


def _free_small_blocks() -> dict[int, int]:
    """Free blocks in the pools the small-object allocator has in use, by block size (empty if
    this Python does not say: not CPython, or without its allocator)."""
    import re
    import tempfile

    stats = getattr(sys, "_debugmallocstats", None)
    if stats is None:
        return {}
    sys.stderr.flush()
    with tempfile.TemporaryFile("w+") as captured:
        saved = os.dup(2)
        try:
            os.dup2(captured.fileno(), 2)
            stats()  # written by C to the file descriptor 2
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        captured.seek(0)
        text = captured.read()
    free: dict[int, int] = {}
    for line in text.splitlines():
        match = re.fullmatch(r"\s*\d+\s+(\d+)\s+\d+\s+\d+\s+(\d+)\s*", line)
        if match:
            free[int(match[1])] = int(match[2])
    return free


def _block(size: int) -> bytes | bytearray:
    """A new object whose memory is one small block of ``size`` bytes (a bytes object is its
    33-byte header and its bytes; below 48, a bytearray's buffer, one byte more than its
    length)."""
    return bytes(size - 33) if size >= 48 else bytearray(size - 1)


def settle_heap() -> None:
    """Just before the first fork: make the sessions' own allocations land on pages of their
    own instead of on the zygote's pages they share.

    Python's small-object allocator gives a new object a free block of a pool already in use
    before it starts a new pool. After loading, the zygote's pools are full of such holes
    (objects freed while importing and warming up), and every session would first fill them,
    copying a shared page for each block (writing the block and its pool's header). So: empty
    Python's free lists (``gc.collect()``, after :func:`gc.freeze`: the frozen heap is not
    looked at, nothing of it is freed), then fill every free block of the pools in use
    (:func:`_free_small_blocks`) with filler objects kept in :data:`_filler` for the zygote's
    life, and freeze again. Measured: about 0.6 MiB less unique memory per session, for 1.5 MiB
    more in the zygote (shared). Does nothing where the allocator does not tell its free
    blocks."""
    gc.collect()
    for _ in range(FILL_ROUNDS):
        free = _free_small_blocks()
        if not any(free.values()):
            break
        for size, count in free.items():
            if size >= 16 and count > 0:
                _filler.extend(_block(size) for _ in range(count))
    gc.freeze()


def _host_child(host_socket: int, closing: Sequence[int]) -> None:
    """In the forked child: become a session host on ``host_socket`` (never returns)."""
    code = 1
    try:
        for fd in closing:
            with contextlib.suppress(OSError):
                os.close(fd)
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        os.setsid()
        gc.enable()  # the frozen heap stays frozen: collections never touch the shared pages

        from gardens_tui.server.session import host

        code = host.run(socket.socket(fileno=host_socket))
    finally:
        os._exit(code)


def serve(sock: socket.socket) -> None:
    """The zygote's loop: a request forks a session host; a host that ends is reaped and
    reported; the server closing its end ends the zygote."""
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # wakes the loop through the pipe
    messages.send(sock, {"ready": True})
    while True:
        readable, _, _ = select.select([sock.fileno(), wake_read], [], [])
        if wake_read in readable:
            with contextlib.suppress(BlockingIOError):
                os.read(wake_read, 4096)
            _reap(sock)
        if sock.fileno() not in readable:
            continue
        message, fds = messages.receive(sock)
        if message is None:
            return
        if len(fds) != 1 or not message.get("host"):
            messages.close_all(fds)
            messages.send(sock, {"id": message.get("id"), "error": "no host socket was sent"})
            continue
        gc.freeze()  # what the loop made since: out of every later collection too
        try:
            pid = os.fork()
        except OSError as exc:
            messages.send(sock, {"id": message.get("id"), "error": str(exc), "errno": exc.errno})
        else:
            if pid == 0:
                _host_child(fds[0], (sock.fileno(), wake_read, wake_write))
            messages.send(sock, {"id": message.get("id"), "pid": pid})
        os.close(fds[0])


def _reap(sock: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        code = os.waitstatus_to_exitcode(status)
        with contextlib.suppress(OSError):
            messages.send(sock, {"exited": pid, "status": code})


def main() -> int:
    """Load the app, freeze the heap, serve launch requests until the server goes away."""
    fd = int(os.environ.pop(SOCKET_FD_VARIABLE))
    sock = socket.socket(fileno=fd)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl+C at the server's terminal is its own
    gc.disable()  # no collection leaves holes in the pages the sessions will share
    preload()
    gc.freeze()
    settle_heap()
    try:
        serve(sock)
    except (OSError, KeyboardInterrupt):
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover - run as a program
    sys.exit(main())
