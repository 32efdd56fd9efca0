"""An accept loop that keeps going when the process runs out of file descriptors.

asyncio's own accept loop logs every failed ``accept`` and, out of descriptors, retries up to
its backlog of times at once (tens of thousands of log lines a minute). :class:`Listener`
accepts on its own sockets instead:

- each accepted socket goes to ``on_connection(sock, address)`` at once;
- out of descriptors (``EMFILE``, ``ENFILE``, ``ENOBUFS``, ``ENOMEM``) it asks ``make_room()``
  to close a connection that has not logged in yet; when there is none, it takes the oldest
  waiting connection off the queue with a descriptor it keeps in reserve and closes it, so the
  queue moves on; either way it pauses for :data:`PAUSE` seconds before accepting again
  (never spinning), and says so in the log at most once every :data:`LOG_EVERY` seconds.

Pure standard library on an asyncio loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import socket
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
PAUSE = 0.05
"""Seconds the loop waits after running out of descriptors."""

LOG_EVERY = 10.0
"""Seconds between two log lines about running out of descriptors."""

BACKLOG = 128
ACCEPTS_PER_WAKE = 64
"""Connections accepted in one go before other work on the loop gets its turn."""


class Listener:
    """Accepts TCP connections on ``host``:``port`` (see the module docstring).

    ``on_connection(sock, address)`` gets each accepted (non-blocking) socket and the peer's
    address string; ``make_room()`` closes a connection to free its descriptor and says whether
    it did.
    """

    def __init__(
        self,
        host: str,
        port: int,
        on_connection: Callable[[socket.socket, str], None],
        make_room: Callable[[], bool],
    ) -> None:
        self.host = host
        self.port = port
        self._on_connection = on_connection
        self._make_room = make_room
        self._sockets: list[socket.socket] = []
        self._reserve: int | None = None
        self._paused: dict[socket.socket, asyncio.TimerHandle] = {}
        """Sockets whose accepting pauses, with the call that resumes it."""
        self._last_log = -LOG_EVERY
        self._exhausted = 0
        self.refused_for_room = 0
        """Connections closed at once because no descriptor was left."""

    def start(self) -> None:
        """Bind and listen (``OSError`` when the address cannot be used)."""
        infos = socket.getaddrinfo(
            self.host or None,
            self.port,
            type=socket.SOCK_STREAM,
            flags=socket.AI_PASSIVE,
        )
        seen: set[tuple[int, tuple[object, ...]]] = set()
        loop = asyncio.get_running_loop()
        try:
            for family, kind, proto, _, address in infos:
                if (family, address) in seen:
                    continue
                seen.add((family, address))
                sock = socket.socket(family, kind, proto)
                self._sockets.append(sock)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                sock.bind(address)
                sock.listen(BACKLOG)
                sock.setblocking(False)
        except OSError:
            self.close()
            raise
        self._reserve = os.open(os.devnull, os.O_RDONLY)
        for sock in self._sockets:
            loop.add_reader(sock.fileno(), self._ready, sock)

    def addresses(self) -> list[tuple[object, ...]]:
        """Every address it listens on (host, port, ...)."""
        return [sock.getsockname() for sock in self._sockets]

    @property
    def bound_port(self) -> int:
        """The port it listens on (the system's choice when ``port`` was 0)."""
        return int(self._sockets[0].getsockname()[1])

    def close(self) -> None:
        """Stop listening (idempotent)."""
        for handle in self._paused.values():
            handle.cancel()
        self._paused.clear()
        with contextlib.suppress(RuntimeError):
            loop = asyncio.get_running_loop()
            for sock in self._sockets:
                with contextlib.suppress(ValueError, OSError):
                    loop.remove_reader(sock.fileno())
        for sock in self._sockets:
            sock.close()
        self._sockets.clear()
        if self._reserve is not None:
            os.close(self._reserve)
            self._reserve = None

    def _ready(self, sock: socket.socket) -> None:
        for _ in range(ACCEPTS_PER_WAKE):
            try:
                conn, peer = sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:
                continue
            except OSError as exc:
                if exc.errno in OUT_OF_RESOURCES:
                    self._out_of_descriptors(sock)
                else:
                    log.warning("accepting a connection failed: %s", exc.strerror or exc)
                return
            conn.setblocking(False)
            self._on_connection(conn, str(peer[0]))

    def _out_of_descriptors(self, sock: socket.socket) -> None:
        """No descriptor for a new connection: free one (see the module docstring), then
        pause this socket's accepting for :data:`PAUSE` seconds."""
        self._exhausted += 1
        freed = self._make_room()
        if not freed and self._reserve is not None:
            os.close(self._reserve)
            self._reserve = None
            with contextlib.suppress(OSError):
                waiting, _ = sock.accept()
                waiting.close()
                self.refused_for_room += 1
            with contextlib.suppress(OSError):
                self._reserve = os.open(os.devnull, os.O_RDONLY)
        now = time.monotonic()
        if now - self._last_log >= LOG_EVERY:
            self._last_log = now
            log.error(
                "out of file descriptors (%d times so far): %s; raise LimitNOFILE or lower "
                "--max-connections",
                self._exhausted,
                "closed a connection that had not logged in"
                if freed
                else "turned a waiting connection away",
            )
        loop = asyncio.get_running_loop()
        loop.remove_reader(sock.fileno())
        self._paused[sock] = loop.call_later(PAUSE, self._resume, sock)

    def _resume(self, sock: socket.socket) -> None:
        self._paused.pop(sock, None)
        if sock in self._sockets:
            asyncio.get_running_loop().add_reader(sock.fileno(), self._ready, sock)
