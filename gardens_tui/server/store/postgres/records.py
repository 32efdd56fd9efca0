"""The operator's records (bans, names, mutes, the message of the day) in PostgreSQL, shared by
every front end of one database (``gardens serve ssh --store postgresql://…``).

:class:`PostgresRecordStore` is a :class:`~gardens_tui.server.store.records.RecordStore`: one
row of ``gardens_records`` per kind (``bans``, ``names``, ``mutes``, ``motd``), each a JSON
document in the form the file store writes, with a ``version``. The kind ``passwords`` holds the
password accounts (``{"format", "version", "passwords": {NAME: LINE}}``, each LINE a password
file's ``NAME:scrypt:…``): :meth:`~PostgresRecordStore.accounts` gives them to the front end,
:func:`store_account` (``gardens serve passwd --store URL NAME``) writes one, merged like the
rest (two operators adding different names at once lose neither).

- **Reading** never waits on the database: :meth:`~PostgresRecordStore.load` gives what the
  store read last (at :meth:`~PostgresRecordStore.open`, and again whenever another front end
  wrote). A new database starts with the names of
  :data:`~gardens_tui.server.store.records.RESERVED_AT_FIRST` reserved, as the file store does;
  a damaged row is logged and left out, never half-used.
- **Writing** returns at once; the change is written in the background, in the order handed
  over. A front end's change is merged into what the database holds then, not written over it:
  what the front end changed since it last loaded (a ban added, a name claimed, a reservation
  lifted) is applied to the stored document, which is written only if its ``version`` is still
  the one read (else read and merged again). Two front ends claiming names, banning or muting at
  once lose nothing; two claiming one name at once: the first to commit gets it (the other's
  claim is logged and dropped). The message of the day is the last one written.
- **Other front ends hear of it.** Each write sends a notification on the store's channel
  (``{"kind": "records", "code": "", "record": KIND, "version": N, "from": …}``); every front end
  listens on a connection of its own, reads the records again and calls
  :attr:`~PostgresRecordStore.changed` (the front end takes them, as ``SIGHUP`` does). After its
  own writes, too, once they are all stored (what another front end wrote meanwhile was merged
  in). When the listening connection breaks it reconnects with growing pauses and reads the
  records again (what it missed); a write that cannot reach the database is tried again the same
  way until the store closes.

Everything runs on the front end's event loop (psycopg's asynchronous connections).
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

from gardens_tui.rules.safe_text import name_key, printable
from gardens_tui.server.store.names import NameClaims
from gardens_tui.server.store.postgres import sql
from gardens_tui.server.store.postgres.connections import (
    BACKOFF,
    check_url,
    connect,
    listen,
    wind_down,
)
from gardens_tui.server.store.postgres.schema import SchemaError, first_line
from gardens_tui.server.store.records import (
    RECORDS_FORMAT,
    RECORDS_VERSION,
    RESERVED_AT_FIRST,
    Bans,
    Records,
    check_motd,
    mutes_from_dict,
    mutes_to_dict,
)

log = logging.getLogger(__name__)

KINDS = ("bans", "names", "mutes", "motd", "passwords")
"""The rows of ``gardens_records``."""

WRITE_TRIES = 20
"""Times a write is merged again when other front ends keep writing the same kind first."""

Work = Callable[[psycopg.AsyncConnection[Any]], Coroutine[Any, Any, None]]


class PostgresRecordStore:
    """The operator's records in the PostgreSQL database at ``url`` (see the module docstring).
    ``front_end`` names this front end in notifications (default: a random name)."""

    def __init__(self, url: str, front_end: str | None = None) -> None:
        self.url = url
        self.front_end = front_end or secrets.token_hex(6)
        self.changed: Callable[[], None] | None = None
        """Called on the loop when the records changed in the store (another front end wrote,
        or what this one wrote was merged with another's): :meth:`load` them again."""
        self.up = False
        """Whether the listening connection is up (other front ends' changes reach this one)."""
        self._stored: dict[str, tuple[str, int]] = {}
        """Each kind's document and version, as last read or written."""
        self._loaded: dict[str, str] = {}
        """Each kind's document as the front end holds it: as :meth:`load` last gave it out,
        or as last handed to a ``save_*`` since (the next change is made to that)."""
        self._conn: psycopg.AsyncConnection[Any] | None = None
        self._tail: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._queued = 0
        self._dirty = False
        self._refresh_queued = False
        self._closing = False
        self._listening: asyncio.Task[None] | None = None

    # --- lifecycle ------------------------------------------------------------------------------

    async def open(self, changed: Callable[[], None] | None = None) -> None:
        """Check the schema, start listening and read the records (``changed``: see
        :attr:`changed`). :class:`~.schema.SchemaError` when the database cannot be used."""
        self.changed = changed
        await asyncio.to_thread(check_url, self.url)
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        self._listening = loop.create_task(
            listen(self.url, ready, self._heard, up=self._up, down=self._down, what="records")
        )
        await ready  # listening before the records are read: nothing falls between
        self.up = True
        try:
            conn = await self._connection()
            await self._read_all(conn)
        except psycopg.Error as exc:
            await self.close()
            raise SchemaError(f"cannot read the records: {first_line(exc)}") from None
        self._dirty = False

    async def settled(self) -> None:
        """Wait until every write handed over (and every reading again) is done."""
        while self._tail is not None and not self._tail.done():
            await asyncio.wait([self._tail])

    async def close(self) -> None:
        """Write what was handed over (at most :data:`~.connections.CLOSE_SECONDS`: a database out
        of reach stores nothing anyway; what is left is logged), then close the connections."""
        self._closing = True
        late = await wind_down(list(self._tasks), self._listening)
        if late:
            log.error("%d changes to the records not saved: the store is out of reach", late)
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.close()

    # --- RecordStore ----------------------------------------------------------------------------

    def load(self) -> Records:
        """The records as the store read them last; a kind that cannot be read is left empty
        and logged (a new database: the names of ``RESERVED_AT_FIRST`` reserved)."""
        self._loaded = {kind: text for kind, (text, _version) in self._stored.items()}
        records = Records()
        records.bans = _parse("bans", self._loaded.get("bans"))
        records.names = _parse("names", self._loaded.get("names"))
        records.mutes = _parse("mutes", self._loaded.get("mutes"))
        records.motd = _parse("motd", self._loaded.get("motd"))
        return records

    def accounts(self) -> dict[str, str]:
        """The password accounts as the store read them last: each name's password file line
        (none: ``{}``; a damaged document is logged and left out)."""
        accounts: dict[str, str] = _parse("passwords", self._stored.get("passwords", (None,))[0])
        return accounts

    async def write_account(self, name: str, line: str) -> bool:
        """Make ``line`` ``name``'s account in the database now (replacing ``name``'s own, the
        other names kept), on a connection of its own; whether it was written. psycopg's
        errors are raised."""
        conn = await connect(self.url, autocommit=True)
        try:
            await self._write(
                conn, "passwords", _encode("passwords", {}), _encode("passwords", {name: line})
            )
        finally:
            await conn.close()
        return "passwords" in self._stored

    def save_bans(self, bans: Bans) -> None:
        """Merge ``bans`` into the stored bans (in the background)."""
        self._save("bans", bans)

    def save_names(self, names: NameClaims) -> None:
        """Merge the claims and reservations of ``names`` into the stored ones."""
        self._save("names", names)

    def save_mutes(self, mutes: dict[str, str]) -> None:
        """Merge ``mutes`` into the stored mutes."""
        self._save("mutes", mutes)

    def save_motd(self, text: str) -> None:
        """Make ``text`` the stored message of the day."""
        self._save("motd", text)

    def _save(self, kind: str, value: Any) -> None:
        local = _encode(kind, value)  # as it is now: the caller goes on changing its records
        base = self._loaded.get(kind)
        self._loaded[kind] = local  # the caller's next change is made to this one

        async def write(conn: psycopg.AsyncConnection[Any]) -> None:
            await self._write(conn, kind, base, local)

        self._enqueue(write, f"the {kind} not saved")

    async def _write(
        self, conn: psycopg.AsyncConnection[Any], kind: str, base: str | None, local: str
    ) -> None:
        """Merge what changed from ``base`` to ``local`` into the stored document and write it
        if nobody wrote that kind in between (else again)."""
        before, mine = _parse(kind, base), _parse(kind, local)
        for _ in range(WRITE_TRIES):
            async with conn.transaction():
                row = await (await conn.execute(sql.READ_RECORD, {"kind": kind})).fetchone()
                stored = _parse(kind, None if row is None else row[0])
                text = _encode(kind, _merge(kind, before, mine, stored))
                values: dict[str, Any] = {"kind": kind, "data": text}
                if row is None:
                    done = await conn.execute(sql.INSERT_RECORD, values)
                    version = 1
                else:
                    values["expected"] = row[1]
                    done = await conn.execute(sql.UPDATE_RECORD, values)
                    version = row[1] + 1
                if done.rowcount == 1:
                    note = {
                        "kind": "records",
                        "code": "",
                        "record": kind,
                        "version": version,
                        "from": self.front_end,
                    }
                    await conn.execute(sql.NOTIFY, {"payload": json.dumps(note)})
            if done.rowcount == 1:
                self._stored[kind] = (text, version)
                self._dirty = True
                return
            log.debug("the %s were written elsewhere first: merging again", kind)
        log.error("the %s not saved: other front ends kept writing them first", kind)

    # --- the queue of work on the database ------------------------------------------------------

    def _enqueue(self, work: Work, failed: str) -> None:
        """Run ``work`` after the work handed over before; once nothing waits, tell
        :attr:`changed` if the records changed."""
        before = self._tail
        self._queued += 1

        async def run() -> None:
            try:
                if before is not None:
                    await asyncio.wait([before])
                await self._attempt(work, failed)
            finally:
                self._queued -= 1
                if self._queued == 0 and self._dirty:
                    self._dirty = False
                    self._tell()

        task = self._tail = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _attempt(self, work: Work, failed: str) -> None:
        """Run ``work``, again after a pause while the database cannot be reached (until the
        store closes); what fails otherwise is logged."""
        failures = 0
        while True:
            try:
                await work(await self._connection())
                return
            except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
                problem = first_line(exc)
            except psycopg.Error as exc:
                log.error("%s: the store refused it: %s", failed, first_line(exc))
                return
            await self._drop_connection()
            if self._closing:
                log.error("%s: the store cannot be reached: %s", failed, problem)
                return
            if failures == 0:
                log.warning("the store cannot be reached (%s): trying again", problem)
            await asyncio.sleep(BACKOFF[min(failures, len(BACKOFF) - 1)])
            failures += 1

    async def _connection(self) -> psycopg.AsyncConnection[Any]:
        conn = self._conn
        if conn is None or conn.closed or conn.broken:
            conn = self._conn = await connect(self.url, autocommit=True)
        return conn

    async def _drop_connection(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.close()

    def _tell(self) -> None:
        if self.changed is None:
            return
        try:
            self.changed()
        except Exception:  # the front end's trouble: logged, the store goes on
            log.exception("the changed records were not taken")

    # --- reading again --------------------------------------------------------------------------

    async def _read_all(self, conn: psycopg.AsyncConnection[Any]) -> None:
        rows = await (await conn.execute(sql.READ_RECORDS)).fetchall()
        stored = {kind: (data, int(version)) for kind, data, version in rows if kind in KINDS}
        if stored != self._stored:
            self._stored = stored
            self._dirty = True

    def _refresh(self) -> None:
        """Read the records again after the work handed over (once, however many ask)."""
        if self._refresh_queued:
            return
        self._refresh_queued = True

        async def read(conn: psycopg.AsyncConnection[Any]) -> None:
            self._refresh_queued = False
            await self._read_all(conn)

        self._enqueue(read, "the records not read again")

    def _down(self) -> None:
        self.up = False

    def _up(self) -> None:
        """Listening again after a break: read the records again (they may have changed)."""
        self.up = True
        self._refresh()

    def _heard(self, payload: str) -> None:
        try:
            data = json.loads(payload)
            if data.get("kind") == "records" and data.get("from") != self.front_end:
                self._refresh()
        except (ValueError, AttributeError):
            log.warning("a notification not understood: %.80r", payload)


# --- documents ----------------------------------------------------------------------------------


def _default(kind: str) -> Any:
    """What a kind holds before anything was written (a new database)."""
    if kind == "bans":
        return Bans()
    if kind == "names":
        names = NameClaims()
        for name in RESERVED_AT_FIRST:
            names.reserve(name, None)
        return names
    if kind in ("mutes", "passwords"):
        return {}
    return ""


def _parse(kind: str, text: str | None) -> Any:
    """The record ``kind`` from its stored document (``None``: none yet); a damaged one is
    logged and left out (the default)."""
    if text is None:
        return _default(kind)
    try:
        data = json.loads(text)
        if kind == "bans":
            return Bans.from_dict(data)
        if kind == "names":
            return NameClaims.from_dict(data)
        if kind == "mutes":
            return mutes_from_dict(data)
        if kind == "passwords":
            return _accounts_from_dict(data)
        if (
            not isinstance(data, dict)
            or set(data) != {"format", "version", "motd"}
            or (data["format"], data["version"]) != (RECORDS_FORMAT, RECORDS_VERSION)
            or not isinstance(data["motd"], str)
        ):
            raise ValueError("not a message of the day")
        return check_motd(data["motd"])
    except (ValueError, TypeError, RecursionError) as exc:
        log.error("the store's %s not read, so not used: %s", kind, printable(str(exc)))
        return _default(kind)


def _encode(kind: str, value: Any) -> str:
    """The stored document of record ``kind``."""
    if kind in ("bans", "names"):
        data = value.to_dict()
    elif kind == "mutes":
        data = mutes_to_dict(value)
    elif kind == "passwords":
        data = {
            "format": RECORDS_FORMAT,
            "version": RECORDS_VERSION,
            "passwords": dict(sorted(value.items())),
        }
    else:
        data = {"format": RECORDS_FORMAT, "version": RECORDS_VERSION, "motd": value}
    return json.dumps(data, ensure_ascii=False)


def _merge(kind: str, base: Any, local: Any, stored: Any) -> Any:
    """``stored`` with what changed from ``base`` to ``local`` (this front end's changes)."""
    if kind == "bans":
        merged = _merge_keyed(
            {(b.kind, b.value): b for b in base.bans},
            {(b.kind, b.value): b for b in local.bans},
            {(b.kind, b.value): b for b in stored.bans},
        )
        return Bans(list(merged.values()))
    if kind == "names":
        return _merge_names(base, local, stored)
    if kind in ("mutes", "passwords"):
        return _merge_keyed(base, local, stored)
    return local


def _accounts_from_dict(data: Any) -> dict[str, str]:
    """The password accounts of a stored document; ``ValueError`` naming the first bad one
    (never its line: it holds the hash)."""
    if (
        not isinstance(data, dict)
        or set(data) != {"format", "version", "passwords"}
        or (data["format"], data["version"]) != (RECORDS_FORMAT, RECORDS_VERSION)
        or not isinstance(data["passwords"], dict)
    ):
        raise ValueError("not the password accounts")
    for name, line in data["passwords"].items():
        if not isinstance(line, str) or line.split(":", 1)[0] != name or "\n" in line:
            raise ValueError(f"the account of {printable(name)!r} is not a password line")
    return dict(data["passwords"])


async def store_account(url: str, name: str, line: str) -> None:
    """Write ``line`` (:func:`~gardens_tui.server.door.auth.password_line`) as ``name``'s
    account into the store at ``url``, merged into the accounts there; the front ends hear of
    it. :class:`~.schema.SchemaError` when it could not be written, psycopg's errors when the
    database cannot be used."""
    store = PostgresRecordStore(url, front_end=f"passwd-{secrets.token_hex(4)}")
    if not await store.write_account(name, line):
        raise SchemaError("the account was not written: other writers kept changing it first")


def _merge_keyed(base: dict[Any, Any], local: dict[Any, Any], stored: dict[Any, Any]) -> Any:
    merged = dict(stored)
    for key, value in local.items():
        if base.get(key) != value:
            merged[key] = value
    for key in base:
        if key not in local:
            merged.pop(key, None)
    return merged


def _keyed(pairs: list[tuple[str, Any]]) -> dict[str, tuple[str, Any]]:
    return {name_key(name): (name, identity) for name, identity in pairs}


def _merge_names(base: NameClaims, local: NameClaims, stored: NameClaims) -> NameClaims:
    """``stored`` with this front end's claims, releases, reservations and their ends: a claim
    the stored names now refuse (another front end claimed the name first) is dropped."""
    merged = NameClaims.from_dict(stored.to_dict())
    base_claims, local_claims = _keyed(base.claims()), _keyed(local.claims())
    base_reserved, local_reserved = _keyed(base.reserved()), _keyed(local.reserved())
    for key, (name, identity) in base_claims.items():
        released = local_claims.get(key, (None, None))[1] != identity
        if released and _keyed(merged.claims()).get(key, (None, None))[1] == identity:
            merged.release(name)
    for key, held in base_reserved.items():
        if key not in local_reserved and _keyed(merged.reserved()).get(key) == held:
            merged.unreserve(held[0])
    for key, (name, identity) in local_reserved.items():
        if base_reserved.get(key) != (name, identity):
            merged.reserve(name, identity)
    for key, (name, identity) in local_claims.items():
        if base_claims.get(key, (None, None))[1] != identity:
            try:
                merged.claim(name, identity)
            except ValueError as exc:
                log.warning(
                    "the name %s was not kept for %s: %s",
                    printable(name),
                    printable(identity),
                    printable(str(exc)),
                )
    return merged
