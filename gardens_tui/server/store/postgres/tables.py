"""The owner's tables in PostgreSQL, shared by several front ends.

:class:`PostgresTableStore` keeps what :class:`~gardens_tui.server.store.files_tables` keeps in
files (every table's game and seats) in the database of :mod:`.sql`, for any number of front
ends at once:

- **One change, one transaction.** A change to a table's game commits only if the table's
  ``version`` is still the one this front end last stored or read (optimistic concurrency);
  otherwise nothing is written and the change's future fails with
  :class:`~gardens_tui.server.store.tables.StaleTable`: the owner reads the table back
  (:meth:`read`) and tells the player their move was not played. A move is written as its
  action (an undo deletes the last ones), so no move is applied twice or lost. The seats are
  checked the same way with ``seats_version`` (two people taking one seat from two front ends:
  one gets it). Changes to one table are sent in the order they were handed over (each waits
  for the one before), changes to different tables at once through a small pool of
  connections.
- **Live updates.** Each committed change sends a notification on :data:`~.sql.CHANNEL`; every
  front end listens on a connection of its own and hands what others changed to the owner as a
  :class:`~gardens_tui.server.store.tables.Change` (its own notifications are ignored). When
  that connection breaks (PostgreSQL restarting), the owner hears ``Change("down")``; the store
  reconnects with growing pauses (:data:`~.connections.BACKOFF`) and then says
  ``Change("up")``, after which
  the owner reads every table back: what it missed it reads from the tables' versions, never
  from memory.
- **One leader per table.** Bots and time limits run on the front end that holds the table's
  advisory lock (:meth:`lead`), on a connection kept for that: when that front end dies its
  connection ends, the lock is free, and another front end takes it at its next try.

Everything runs on the owner's event loop (psycopg's asynchronous connections).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from gardens_tui.saves.envelope import snapshot
from gardens_tui.saves.replay import table_from_snapshot
from gardens_tui.server.store.postgres import sql
from gardens_tui.server.store.postgres.connections import (
    CONNECT_SECONDS,
    check_url,
    connect,
    listen,
    wind_down,
)
from gardens_tui.server.store.postgres.schema import first_line
from gardens_tui.server.store.tables import (
    Change,
    HostedTable,
    Saved,
    StaleTable,
    Stored,
    StoreUnavailable,
    hosted_table,
    read_seats,
    stored_code,
)
from gardens_tui.storage import SaveError, parse_json

log = logging.getLogger(__name__)

TOLD = ("presence", "seated")
"""The kinds of :meth:`PostgresTableStore.tell` passed on to the owner."""

POOL_SIZE = 4
"""Connections for writes and reads (the listening and the leading connections come on top)."""


class PostgresTableStore:
    """The tables in the PostgreSQL database at ``url`` (see the module docstring).
    ``front_end`` names this front end in notifications (default: a random name)."""

    shared = True

    def __init__(self, url: str, front_end: str | None = None) -> None:
        self.url = url
        self.front_end = front_end or secrets.token_hex(6)
        self._pool: AsyncConnectionPool | None = None
        self._tails: dict[str, asyncio.Task[None]] = {}
        self._led: set[str] = set()
        self._leader: psycopg.AsyncConnection[Any] | None = None
        self._listening: asyncio.Task[None] | None = None
        self._changed: Callable[[Change], None] = lambda change: None
        self._sending: set[asyncio.Task[None]] = set()
        self.up = False
        """Whether the listening connection is up (changes elsewhere reach this front end)."""

    # --- lifecycle ------------------------------------------------------------------------------

    async def open(self, changed: Callable[[Change], None]) -> list[HostedTable]:
        """Check the schema, connect, start listening and read every table.
        :class:`~.schema.SchemaError` when the database cannot be used."""
        self._changed = changed
        await asyncio.to_thread(check_url, self.url)
        self._pool = AsyncConnectionPool(
            self.url,
            min_size=1,
            max_size=POOL_SIZE,
            open=False,
            check=AsyncConnectionPool.check_connection,
            timeout=CONNECT_SECONDS,
        )
        await self._pool.open(wait=True, timeout=CONNECT_SECONDS)
        loop = asyncio.get_running_loop()
        ready = loop.create_future()
        self._listening = loop.create_task(
            listen(self.url, ready, self._heard, up=self._up, down=self._down, what="notifications")
        )
        await ready  # listening before the tables are read: nothing falls between
        self.up = True
        return await self._read_all()

    async def close(self) -> None:
        """Wait for the changes handed over (at most :data:`~.connections.CLOSE_SECONDS`: a
        database out of reach stores nothing anyway), then close every connection."""
        await wind_down([*self._tails.values(), *self._sending], self._listening)
        await self._drop_leader()
        if self._pool is not None:
            await self._pool.close(timeout=1.0)

    # --- reading --------------------------------------------------------------------------------

    async def _read_all(self) -> list[HostedTable]:
        pool = self._pool
        assert pool is not None
        async with pool.connection() as conn, conn.transaction():
            await conn.execute(sql.REPEATABLE_READ)
            rows = await (await conn.execute(sql.ALL_TABLES)).fetchall()
            actions: dict[str, list[str]] = {}
            for code, action in await (await conn.execute(sql.ALL_ACTIONS)).fetchall():
                actions.setdefault(code, []).append(action)
        tables = []
        for code, envelope, version, seats, seats_version in rows:
            try:
                hosted = self._hosted(code, envelope, actions.get(code, []), seats)
            except SaveError as exc:
                log.error("table %s not restored: %s", code, exc)
                continue
            hosted.stored_version, hosted.stored_seats_version = version, seats_version
            tables.append(hosted)
        return tables

    def _hosted(self, code: str, envelope: str, actions: list[str], seats: str) -> HostedTable:
        """A hosted table from its stored parts (checked as a save file is)."""
        data = parse_json(envelope)
        if not isinstance(data, dict):
            raise SaveError("its envelope is not an object")
        seats_data = parse_json(seats)
        if stored_code(seats_data) != code:
            raise SaveError("its seats are another table's")
        table = table_from_snapshot({**data, "actions": actions})
        return hosted_table(code, table, read_seats(seats_data, code, len(table.seats)), self)

    async def load(self, code: str) -> HostedTable | None:
        """Table ``code`` as stored now, kept by this store (``None``: no such table);
        :class:`StoreUnavailable`, or :class:`SaveError` when what is stored is damaged."""
        row = await self._run(code, lambda conn: _read_table(conn, code))
        if row is None:
            return None
        envelope, version, seats, seats_version, actions = row
        hosted = self._hosted(code, envelope, actions, seats)
        hosted.stored_version, hosted.stored_seats_version = version, seats_version
        return hosted

    async def codes(self) -> list[str]:
        """The codes of every table in the database."""

        async def fetch(conn: psycopg.AsyncConnection[Any]) -> list[str]:
            return [code for (code,) in await (await conn.execute(sql.TABLE_CODES)).fetchall()]

        return list(await self._attempt(fetch))

    async def read(self, hosted: HostedTable) -> Stored | None:
        """What the store holds of ``hosted``'s table now, after the changes handed over
        before (``None``: no such table); :class:`StoreUnavailable`, or :class:`SaveError`
        when its seats are damaged."""
        code = hosted.code
        row = await self._run(code, lambda conn: _read_table(conn, code))
        if row is None:
            return None
        _envelope, version, seats, seats_version, actions = row
        record = read_seats(parse_json(seats), code, len(hosted.table.seats))
        return Stored(version, actions, seats_version, record)

    # --- changing -------------------------------------------------------------------------------

    def save_game(self, hosted: HostedTable) -> Saved:
        """Store the table's game as it is now (a new table: the whole table): the actions
        after those stored, or the deletion of those undone, if the table's version is still
        the one expected."""
        table, code = hosted.table, hosted.code
        plies = len(table.actions)
        if hosted.stored_version == 0:
            return self._insert(hosted)
        keep = min(hosted.stored_plies, plies)
        if keep == plies == hosted.stored_plies:
            return None  # nothing new (the table caught up with the store)
        game = table.game
        new = [game.format_action(action) for action in table.actions[keep:]]
        expected = hosted.stored_version
        hosted.stored_version, hosted.stored_plies = expected + 1, plies
        values = {
            "code": code,
            "expected": expected,
            "plies": plies,
            "over": table.state.is_over,
            "ply": keep,
        }
        note = self._note("game", code, expected + 1)

        async def commit(conn: psycopg.AsyncConnection[Any]) -> None:
            async with conn.transaction():
                bumped = await conn.execute(sql.BUMP_GAME, values)
                if bumped.rowcount != 1:
                    raise StaleTable(f"table {code} changed elsewhere first")
                await conn.execute(sql.DROP_ACTIONS_FROM, values)
                await _insert_actions(conn, code, keep, new)
                await conn.execute(sql.NOTIFY, {"payload": note})

        return self._chain(code, commit)

    def _insert(self, hosted: HostedTable) -> Saved:
        table, code = hosted.table, hosted.code
        data = snapshot(table)
        for key in ("actions", "state"):
            data.pop(key, None)
        game = table.game
        actions = [game.format_action(action) for action in table.actions]
        values = {
            "code": code,
            "game": table.setup.game,
            "envelope": json.dumps(data, ensure_ascii=False),
            "plies": len(actions),
            "over": table.state.is_over,
            "seats": hosted.seats_record().encode(code).decode("utf-8"),
        }
        hosted.stored_version = hosted.stored_seats_version = 1
        hosted.stored_plies = len(actions)
        note = self._note("new", code, 1)

        async def commit(conn: psycopg.AsyncConnection[Any]) -> None:
            async with conn.transaction():
                inserted = await conn.execute(sql.INSERT_TABLE, values)
                if inserted.rowcount != 1:
                    raise StaleTable(f"there is a table {code} already")
                await _insert_actions(conn, code, 0, actions)
                await conn.execute(sql.NOTIFY, {"payload": note})

        return self._chain(code, commit)

    def save_seats(self, hosted: HostedTable) -> Saved:
        """Store the seats as they are now, if nobody changed them elsewhere first."""
        code = hosted.code
        expected = hosted.stored_seats_version
        hosted.stored_seats_version = expected + 1
        values = {
            "code": code,
            "expected": expected,
            "seats": hosted.seats_record().encode(code).decode("utf-8"),
        }
        note = self._note("seats", code, expected + 1)

        async def commit(conn: psycopg.AsyncConnection[Any]) -> None:
            async with conn.transaction():
                bumped = await conn.execute(sql.BUMP_SEATS, values)
                if bumped.rowcount != 1:
                    raise StaleTable(f"the seats of table {code} changed elsewhere first")
                await conn.execute(sql.NOTIFY, {"payload": note})

        return self._chain(code, commit)

    def say(self, code: str, line: dict[str, Any]) -> None:
        """Keep ``line`` and pass it to the other front ends (a lost line is logged, not
        retried: chat is not a move)."""
        values = {"code": code, "line": json.dumps(line, ensure_ascii=False)}
        payload = json.dumps(
            {"kind": "chat", "code": code, "from": self.front_end, "line": line},
            ensure_ascii=False,
        )

        async def commit(conn: psycopg.AsyncConnection[Any]) -> None:
            async with conn.transaction():
                await conn.execute(sql.INSERT_CHAT, values)
                await conn.execute(sql.NOTIFY, {"payload": payload})

        async def send() -> None:
            try:
                await self._run(code, commit)
            except (StoreUnavailable, StaleTable) as exc:
                log.warning(
                    "table %s: a chat line did not reach the other front ends: %s", code, exc
                )

        task = asyncio.get_running_loop().create_task(send())
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    def tell(self, kind: str, data: dict[str, Any]) -> None:
        """Notify the other front ends (see :meth:`TableStore.tell`; not stored)."""
        payload = json.dumps({**data, "kind": kind, "from": self.front_end}, ensure_ascii=False)

        async def notify(conn: psycopg.AsyncConnection[Any]) -> None:
            async with conn.transaction():
                await conn.execute(sql.NOTIFY, {"payload": payload})

        async def send() -> None:
            with contextlib.suppress(StoreUnavailable):
                await self._attempt(notify)

        task = asyncio.get_running_loop().create_task(send())
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    def _note(self, kind: str, code: str, version: int) -> str:
        return json.dumps({"kind": kind, "code": code, "version": version, "from": self.front_end})

    def _chain(
        self, code: str, work: Callable[[psycopg.AsyncConnection[Any]], Coroutine[Any, Any, Any]]
    ) -> asyncio.Future[None]:
        """Run ``work`` on a pooled connection after the table's earlier changes (whatever
        became of them); its future."""
        before = self._tails.get(code)

        async def run() -> None:
            if before is not None:
                await asyncio.wait([before])
            await self._attempt(work)

        task = asyncio.get_running_loop().create_task(run())
        self._tails[code] = task
        return task

    async def _run(
        self, code: str, work: Callable[[psycopg.AsyncConnection[Any]], Coroutine[Any, Any, Any]]
    ) -> Any:
        """``work``'s result, run after the table's changes handed over before."""
        before = self._tails.get(code)
        if before is not None:
            await asyncio.wait([before])
        return await self._attempt(work)

    async def _attempt(
        self, work: Callable[[psycopg.AsyncConnection[Any]], Coroutine[Any, Any, Any]]
    ) -> Any:
        pool = self._pool
        if pool is None:
            raise StoreUnavailable("the store is not open")
        try:
            async with pool.connection(timeout=CONNECT_SECONDS) as conn:
                return await work(conn)
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            raise StoreUnavailable(f"the store cannot be reached: {first_line(exc)}") from None
        except psycopg.Error as exc:
            raise StoreUnavailable(f"the store refused a change: {first_line(exc)}") from None
        except TimeoutError:
            raise StoreUnavailable("the store cannot be reached: no connection in time") from None
        except Exception as exc:  # the pool's own errors (PoolTimeout, PoolClosed)
            if type(exc).__module__.startswith("psycopg_pool"):
                raise StoreUnavailable(f"the store cannot be reached: {exc}") from None
            raise

    # --- leading tables -------------------------------------------------------------------------

    def leads(self, code: str) -> bool:
        """Whether this front end holds table ``code``'s lock now."""
        return code in self._led

    async def lead(self, code: str) -> bool:
        """Take table ``code``'s lock if nobody holds it; whether this front end holds it."""
        if code in self._led:
            return True
        if not self.up:
            return False
        try:
            if self._leader is None or self._leader.closed:
                self._leader = await connect(self.url, autocommit=True)
            row = await (await self._leader.execute(sql.TRY_LEAD, {"code": code})).fetchone()
        except psycopg.Error as exc:
            log.warning("the store cannot be reached to lead table %s: %s", code, first_line(exc))
            await self._drop_leader()
            return False
        if row is not None and row[0]:
            self._led.add(code)
            return True
        return False

    async def _drop_leader(self) -> None:
        """Close the leading connection: every lock it held is free (for another front end)."""
        self._led.clear()
        leader, self._leader = self._leader, None
        if leader is not None:
            with contextlib.suppress(Exception):
                await leader.close()

    # --- listening ------------------------------------------------------------------------------

    async def _down(self) -> None:
        """The listening connection broke: leadership is lost with it, and the owner hears
        ``down``."""
        self.up = False
        await self._drop_leader()
        self._changed(Change("down", ""))

    def _up(self) -> None:
        self.up = True
        self._changed(Change("up", ""))

    def _heard(self, payload: str) -> None:
        try:
            data = json.loads(payload)
            if data.get("from") == self.front_end:
                return
            kind = data["kind"]
            if kind in TOLD:
                self._changed(Change(kind, str(data.get("code", "")), line=data))
                return
            code = data["code"]
            if kind == "chat":
                self._changed(Change("chat", code, line=data["line"]))
            elif kind in ("game", "seats", "new"):
                self._changed(Change(kind, code, int(data["version"])))
        except (ValueError, KeyError, TypeError, AttributeError):
            log.warning("a notification not understood: %.80r", payload)


async def _insert_actions(
    conn: psycopg.AsyncConnection[Any], code: str, first: int, actions: list[str]
) -> None:
    """Store ``actions`` (in notation) as table ``code``'s plies from ``first`` on."""
    async with conn.cursor() as cursor:
        await cursor.executemany(
            sql.INSERT_ACTION, [(code, first + i, text) for i, text in enumerate(actions)]
        )


async def _read_table(
    conn: psycopg.AsyncConnection[Any], code: str
) -> tuple[str, int, str, int, list[str]] | None:
    """Table ``code``'s row and actions, read in one snapshot."""
    async with conn.transaction():
        await conn.execute(sql.REPEATABLE_READ)
        row = await (await conn.execute(sql.READ_TABLE, {"code": code})).fetchone()
        if row is None:
            return None
        actions = [
            a for (a,) in await (await conn.execute(sql.READ_ACTIONS, {"code": code})).fetchall()
        ]
    envelope, version, seats, seats_version = row
    return envelope, version, seats, seats_version, actions
