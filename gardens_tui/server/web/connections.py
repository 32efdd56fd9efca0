"""The web port's TCP connections counted at the door, as the SSH listener counts its own.

:class:`ConnectionDoor` hooks aiohttp's server (its ``connection_made`` and
``connection_lost``) so that every TCP connection to the web port, from its first byte, is a
connection of the shared :class:`~gardens_tui.server.door.guard.ConnectionGuard`: the cap on
connections (SSH and web together), on those not logged in yet (in all and per address, the
oldest of the most crowded address making room under a flood) and banned addresses closed at
once. A connection counts as logged in from its first request with a valid log-in cookie
(:meth:`ConnectionDoor.authenticated`); one that is not within ``login_timeout`` seconds of
arriving is closed (:meth:`ConnectionDoor.sweep`): idle or trickling connections cannot
hold the door (a browser simply opens a new one when it next needs it).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from gardens_tui.server.door.guard import ConnectionGuard

log = logging.getLogger(__name__)


class WebConnection:
    """One TCP connection to the web port, as the shared guard counts it (it meets
    :class:`~gardens_tui.server.ssh.front.Waiting`)."""

    def __init__(self, address: str, transport: Any, arrived: float) -> None:
        self.address = address
        self.transport = transport
        self.arrived = arrived

    def close(self) -> None:
        """Close it at once."""
        self.transport.abort()


class ConnectionDoor:
    """Counts ``server``'s connections in ``guard`` (see the module docstring); ``banned``
    says whether an address is banned now; ``clock`` is a steady clock."""

    def __init__(
        self,
        guard: ConnectionGuard,
        login_timeout: float,
        banned: Callable[[str], bool],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.guard = guard
        self.login_timeout = login_timeout
        self.banned = banned
        self.clock = clock
        self.counted: dict[RequestHandler, WebConnection] = {}
        """Every connection the guard counts, by aiohttp's handler of it."""

    def attach(self, server: web.Server) -> None:
        """Hook ``server`` (an aiohttp runner's, before its site starts)."""
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler: RequestHandler, transport: Any) -> None:
            made(handler, transport)
            self.arrived(handler, transport)

        def connection_lost(handler: RequestHandler, exc: BaseException | None = None) -> None:
            self.left(handler)
            lost(handler, exc)

        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign]

    def arrived(self, handler: RequestHandler, transport: Any) -> None:
        """A new connection: counted, or closed (a banned address, a full door); the
        connections the guard evicts to make room for it are closed (SSH ones too)."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        if self.banned(address):
            log.info("web connection refused: address %s is banned", address)
            transport.abort()
            return
        connection = WebConnection(address, transport, self.clock())
        refusal, evicted = self.guard.arrive(connection, address)
        for other in evicted:
            log.info(
                "connection closed to make room: %s had not logged in",
                getattr(other, "address", "?"),
            )
            other.close()  # type: ignore[attr-defined]
        if refusal is not None:
            log.info("web connection refused from %s: %s", address, refusal)
            transport.abort()
            return
        self.counted[handler] = connection

    def left(self, handler: RequestHandler) -> None:
        """A connection closed: no longer counted."""
        connection = self.counted.pop(handler, None)
        if connection is not None:
            self.guard.leave(connection)

    def authenticated(self, handler: RequestHandler) -> None:
        """``handler``'s connection carried a valid log-in: it no longer waits."""
        connection = self.counted.get(handler)
        if connection is not None:
            self.guard.authenticated(connection)
            connection.arrived = float("inf")  # (never swept)

    def sweep(self) -> None:
        """Close the connections still not logged in ``login_timeout`` seconds after they
        arrived."""
        limit = self.clock() - self.login_timeout
        for connection in list(self.counted.values()):
            if connection.arrived <= limit:
                connection.close()
