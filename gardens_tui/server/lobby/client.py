"""The client end of the table owner's protocol, for the app process of one SSH session.

:func:`connect` opens the Unix socket, says ``hello`` with the session's ticket and returns an
:class:`OwnerConnection` once the owner answered ``welcome``. Requests are blocking calls (a
round trip on a local socket takes well under a millisecond); a reader thread receives
everything the owner sends, hands each reply to the call waiting for it and each ``update`` to
the connection's :class:`~gardens_tui.server.lobby.remote.RemoteSeatView`.

A connection plays or watches at most one table at a time: :meth:`OwnerConnection.join` and
:meth:`OwnerConnection.watch` return the seat view for it (replacing the previous one).

:attr:`OwnerConnection.received` keeps every message received when ``record=True`` (the tests
check that no hidden information ever arrived).

Pure Python: no UI, no asyncssh.
"""

from __future__ import annotations

import contextlib
import itertools
import socket
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from gardens_tui.server.lobby.protocol import (
    HEADER,
    MAX_PUSH_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    decode_body,
    encode,
    frame_length,
)
from gardens_tui.server.lobby.remote import Dispatch, RemoteSeatView, call_now

REPLY_TIMEOUT = 30.0
"""Seconds a request waits for its reply before the connection is taken as lost."""


class ConnectionLost(ConnectionError):
    """The owner closed the connection, refused it, or stopped answering; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Refused(ValueError):
    """The owner refused a request (nothing changed); ``str()`` is its reason, for people."""


def _read_frame(sock: socket.socket) -> dict[str, Any]:
    header = _read_exactly(sock, HEADER.size)
    return decode_body(_read_exactly(sock, frame_length(header, MAX_PUSH_BYTES)))


def _read_exactly(sock: socket.socket, size: int) -> bytes:
    chunks = []
    while size:
        chunk = sock.recv(min(size, 1 << 16))
        if not chunk:
            raise ConnectionLost("the table server closed the connection")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


class OwnerConnection:
    """A connection to the table owner (see the module docstring). Make it with
    :func:`connect`."""

    def __init__(
        self,
        sock: socket.socket,
        welcome: Mapping[str, Any],
        record: bool,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._sock = sock
        self._clock = clock
        self.identity: str = str(welcome["identity"])
        self.name: str = str(welcome["name"])
        self.received: list[dict[str, Any]] | None = [dict(welcome)] if record else None
        self.closed_reason: str | None = None
        """Why the connection ended (``None`` while it is open)."""
        self.replaced = False
        """The connection ended because this identity sat down from another connection."""
        self.on_closed: Callable[[str], None] | None = None
        """Called (on the reader thread) with the reason when the connection ends."""
        self.motd: str = str(welcome.get("motd", ""))
        """The server's message of the day (empty: none), kept up to date."""
        self.on_motd: Callable[[str], None] | None = None
        """Called (on the reader thread) with the new message of the day when it changes."""
        self.on_tables: Callable[[list[dict[str, Any]]], None] | None = None
        """Called (on the reader thread) with the table list the owner pushes to a connection
        in the lobby when it changes."""
        self.on_notice: Callable[[str, str, str], None] | None = None
        """Called (on the reader thread) with ``(title, text, severity)`` of a ``notice``."""
        self._ids = itertools.count(1)
        self._pending: dict[int, Future[dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._seat_view: RemoteSeatView | None = None
        self._dispatch: Dispatch = call_now
        self._reader = threading.Thread(target=self._read_loop, name="owner-reader", daemon=True)
        self._reader.start()

    # --- requests -------------------------------------------------------------------------------

    def request(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """Send ``message`` (an ``id`` is added) and wait for its reply. Raises :class:`Refused`
        with the owner's reason, :class:`ConnectionLost` if the connection ends first."""
        future: Future[dict[str, Any]] = Future()
        with self._lock:
            if self.closed_reason is not None:
                raise ConnectionLost(self.closed_reason)
            ident = next(self._ids)
            self._pending[ident] = future
        self.send_raw(encode({**message, "id": ident}))
        try:
            reply = future.result(REPLY_TIMEOUT)
        except TimeoutError:
            self.close()
            raise ConnectionLost("the table server did not answer") from None
        if reply["type"] == "refused":
            raise Refused(str(reply.get("reason", "refused")))
        return reply

    def send_raw(self, data: bytes) -> None:
        """Send bytes as they are (a frame from :func:`~.protocol.encode`; tests send junk)."""
        with self._send_lock:
            try:
                self._sock.sendall(data)
            except OSError as exc:
                raise ConnectionLost(f"the connection broke: {exc.strerror or exc}") from None

    def list_tables(self) -> list[dict[str, Any]]:
        """The owner's tables (see the ``tables`` message)."""
        tables: list[dict[str, Any]] = self.request({"type": "list"})["tables"]
        return tables

    def create_table(
        self,
        game: str,
        seats: list[tuple[str, str | None]],
        options: Mapping[str, str | int | bool] | None = None,
        seed: int | None = None,
        turn_seconds: int | None = None,
    ) -> str:
        """Create a table: ``seats`` as ``(name, bot level or None)``, a time limit of
        ``turn_seconds`` for each decision of a person (``None``: none); returns its code."""
        reply = self.request(
            {
                "type": "create",
                "game": game,
                "seats": [{"name": name, "bot": bot} for name, bot in seats],
                "options": dict(options or {}),
                "seed": seed,
                "turn_seconds": turn_seconds,
            }
        )
        return str(reply["code"])

    def join(self, code: str, seat: int, dispatch: Dispatch = call_now) -> RemoteSeatView:
        """Sit at ``seat`` of table ``code``; its seat view. ``dispatch`` runs the seat view's
        listener calls (see :class:`~gardens_tui.server.lobby.remote.RemoteSeatView`)."""
        self._dispatch = dispatch
        view = self.request({"type": "join", "code": code, "seat": seat})["view"]
        assert isinstance(view, RemoteSeatView)
        return view

    def watch(self, code: str, dispatch: Dispatch = call_now) -> RemoteSeatView:
        """Watch table ``code`` as a spectator; its seat view."""
        self._dispatch = dispatch
        view = self.request({"type": "watch", "code": code})["view"]
        assert isinstance(view, RemoteSeatView)
        return view

    def seat_bot(self, seat: int, level: str | None) -> None:
        """As the table's host, let a bot of ``level`` play absent ``seat`` (``None``: stop)."""
        self.request({"type": "seat_bot", "seat": seat, "bot": level})

    def invite(self, code: str) -> tuple[str, int]:
        """A one-time link that brings one browser player to table ``code``: ``(url, seconds
        it is good for)``. :class:`Refused` when the server serves no browsers, or the table
        is unknown, over or has no free seat for a person."""
        reply = self.request({"type": "invite", "code": code})
        return str(reply["url"]), int(reply["expires_in"])

    def leave(self) -> None:
        """Stop playing or watching (the seat stays held)."""
        self.request({"type": "leave"})
        self._seat_view = None

    def close(self) -> None:
        """Close the connection (idempotent); waiting requests fail with
        :class:`ConnectionLost`."""
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()

    # --- the reader thread ----------------------------------------------------------------------

    def _read_loop(self) -> None:
        reason = "the table server closed the connection"
        try:
            while True:
                message = _read_frame(self._sock)
                if self.received is not None:
                    self.received.append(message)
                self._handle(message)
        except ConnectionLost as exc:
            reason = exc.reason
        except ProtocolError as exc:
            reason = f"the table server sent something unreadable: {exc.reason}"
        except OSError:
            pass
        with self._lock:
            if self.closed_reason is None:
                self.closed_reason = reason
            pending, self._pending = self._pending, {}
        for future in pending.values():
            future.set_exception(ConnectionLost(self.closed_reason))
        if self._seat_view is not None:
            self._seat_view.connection_ended(self.closed_reason)
        if self.on_closed is not None:
            self.on_closed(self.closed_reason)

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "update":
            if self._seat_view is not None:
                self._seat_view.receive(message)
            return
        if kind == "chat":
            if self._seat_view is not None:
                self._seat_view.receive_chat(message)
            return
        if kind == "lobby":
            tables = message.get("tables")
            if self.on_tables is not None and isinstance(tables, list):
                self.on_tables(tables)
            return
        if kind == "motd":
            self.motd = str(message.get("text", ""))
            if self.on_motd is not None:
                self.on_motd(self.motd)
            return
        if kind == "notice":
            if self.on_notice is not None:
                self.on_notice(
                    str(message.get("title", "Server")),
                    str(message.get("text", "")),
                    str(message.get("severity", "information")),
                )
            return
        if kind in ("replaced", "error"):
            self.replaced = kind == "replaced"
            raise ConnectionLost(str(message.get("reason", kind)))
        if kind == "joined":
            # Made here, before any later push is read, so that none is lost.
            self._seat_view = RemoteSeatView(self, message, self._dispatch, self._clock)
            message = {**message, "view": self._seat_view}
        ident = message.get("id")
        with self._lock:
            future = self._pending.pop(ident, None) if isinstance(ident, int) else None
        if future is not None:
            future.set_result(message)


def connect(
    path: Path | str,
    ticket: str,
    *,
    record: bool = False,
    clock: Callable[[], float] = time.monotonic,
) -> OwnerConnection:
    """Connect to the table owner listening on ``path`` with ``ticket``; its seat views count
    time limits down on ``clock`` (see :class:`~gardens_tui.server.lobby.remote.RemoteSeatView`).
    Raises :class:`ConnectionLost` (with the owner's reason) if it refuses."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(REPLY_TIMEOUT)
        sock.connect(str(path))
        sock.sendall(encode({"type": "hello", "version": PROTOCOL_VERSION, "ticket": ticket}))
        try:
            welcome = _read_frame(sock)
        except ProtocolError as exc:
            raise ConnectionLost(f"the table server sent something unreadable: {exc}") from None
        if welcome.get("type") != "welcome":
            raise ConnectionLost(str(welcome.get("reason", "the table server refused")))
        sock.settimeout(None)
    except (OSError, ConnectionLost):
        sock.close()
        raise
    return OwnerConnection(sock, welcome, record, clock)
