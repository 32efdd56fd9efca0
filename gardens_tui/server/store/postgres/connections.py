"""Connections to the PostgreSQL store, shared by its two halves (tables and records).

:func:`check_url` refuses a database this version cannot use; :func:`connect` opens a
connection with the store's timeout; :func:`listen` keeps a connection that LISTENs on
:data:`~.sql.CHANNEL` (both halves hear what other front ends change that way) through
restarts: it reconnects with growing pauses (:data:`BACKOFF`) when the connection breaks and
says so to its caller (``down``, then ``up`` once listening again, so that the caller reads back
what it may have missed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import psycopg

from gardens_tui.server.store.postgres import sql
from gardens_tui.server.store.postgres.schema import SchemaError, check_schema, first_line

log = logging.getLogger(__name__)

BACKOFF = (0.2, 0.5, 1.0, 2.0, 5.0)
"""Seconds between attempts to reach the database again (the last one repeats)."""

CONNECT_SECONDS = 10.0
"""Seconds a connection attempt may take before it counts as failed."""

CLOSE_SECONDS = 3.0
"""Seconds closing a store waits for the changes handed over to be stored (a database out of
reach stores nothing anyway)."""


async def connect(url: str, **options: Any) -> psycopg.AsyncConnection[Any]:
    """An asynchronous connection to ``url`` (``psycopg.Error`` when it fails)."""
    return await psycopg.AsyncConnection.connect(
        url, connect_timeout=int(CONNECT_SECONDS), **options
    )


def check_url(url: str) -> None:
    """Refuse (:class:`~.schema.SchemaError`) a database this version cannot use: one it
    cannot reach, or whose schema it does not know."""
    try:
        with psycopg.connect(url, connect_timeout=int(CONNECT_SECONDS)) as conn:
            check_schema(conn)
    except psycopg.Error as exc:
        raise SchemaError(f"cannot connect to the store: {first_line(exc)}") from None


async def listen(
    url: str,
    ready: asyncio.Future[None],
    heard: Callable[[str], None],
    *,
    up: Callable[[], None],
    down: Callable[[], Any],
    what: str,
) -> None:
    """Listen on :data:`~.sql.CHANNEL` at ``url`` until cancelled, handing each payload to
    ``heard``. ``ready`` gets a result once listening first (or a
    :class:`~.schema.SchemaError` when the first connection fails); after a broken connection
    ``down()`` is called (awaited if it returns an awaitable), and ``up()`` once listening
    again. ``what`` names the notifications in the log."""
    failures = 0
    while True:
        try:
            conn = await connect(url, autocommit=True)
        except psycopg.Error as exc:
            if not ready.done():
                ready.set_exception(SchemaError(f"cannot listen: {first_line(exc)}"))
                return
            await asyncio.sleep(BACKOFF[min(failures, len(BACKOFF) - 1)])
            failures += 1
            continue
        try:
            await conn.execute(sql.LISTEN)
            failures = 0
            if ready.done():
                log.warning("the store's %s are reachable again", what)
                up()
            else:
                ready.set_result(None)
            async for notice in conn.notifies():
                heard(notice.payload)
        except psycopg.Error as exc:
            log.warning("lost the store's %s: %s", what, first_line(exc))
        finally:
            with contextlib.suppress(Exception):
                await conn.close()
        result = down()
        if asyncio.iscoroutine(result):
            await result


async def wind_down(waiting: list[asyncio.Task[Any]], listening: asyncio.Task[None] | None) -> int:
    """Give the writes still ``waiting`` at most :data:`CLOSE_SECONDS` (a database out of reach
    stores nothing anyway), cancel the rest, then stop ``listening``; how many were cancelled."""
    late: set[asyncio.Task[Any]] = set()
    pending = [task for task in waiting if not task.done()]
    if pending:
        _done, late = await asyncio.wait(pending, timeout=CLOSE_SECONDS)
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
    if listening is not None:
        listening.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listening
    return len(late)
