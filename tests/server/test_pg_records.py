"""Issue 31: the operator's records (bans, names, mutes, the message of the day) in a real
PostgreSQL shared by several front ends (tests/pg_server.py: a fresh database per test).

Each front end's records are a real
:class:`~gardens_tui.server.store.postgres.records.PostgresRecordStore` on the test's event
loop; the last test runs two real SSH front ends on one database. Waits are on conditions with
a deadline (a failure guard, not a timing).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import psycopg
import pytest
from pg_server import PgServer, pg_server, pg_url
from ssh_clients import connect, read_until
from ssh_servers import ssh_servers

from gardens_tui.server.store.postgres import sql
from gardens_tui.server.store.postgres.records import PostgresRecordStore
from gardens_tui.server.store.postgres.schema import SchemaError, migrate
from gardens_tui.server.store.records import Ban

GUARD = 30.0
"""Seconds any one wait may take before the test fails (never reached when all is well)."""


@pytest.fixture
def migrated(pg_url: str) -> str:
    """A fresh database with the schema in place."""
    assert migrate(pg_url) == (0, sql.SCHEMA_VERSION)
    return pg_url


class FrontEnd:
    """A front end's records: the store, and how often it said they changed."""

    def __init__(self, store: PostgresRecordStore) -> None:
        self.store = store
        self.changes = 0
        self.heard = asyncio.Event()

    def changed(self) -> None:
        self.changes += 1
        self.heard.set()


@pytest.fixture
async def front_ends(migrated: str) -> AsyncIterator[Callable[[], Any]]:
    """Open front ends' record stores on the migrated database (closed after the test)."""
    opened: list[PostgresRecordStore] = []

    async def open_one() -> FrontEnd:
        store = PostgresRecordStore(migrated)
        front = FrontEnd(store)
        await store.open(front.changed)
        opened.append(store)
        return front

    yield open_one
    for store in opened:
        await store.close()


async def until(condition: Callable[[], Any], what: str) -> Any:
    """Wait until ``condition()`` holds, letting the loop run (a failure guard of
    :data:`GUARD` seconds)."""
    deadline = asyncio.get_running_loop().time() + GUARD
    while not (result := condition()):
        assert asyncio.get_running_loop().time() < deadline, f"never happened: {what}"
        await asyncio.sleep(0.01)
    return result


def stored_names(url: str) -> list[tuple[str, str]]:
    """The name claims the database holds, as (name, identity)."""
    import json

    with psycopg.connect(url) as conn:
        row = conn.execute(sql.READ_RECORD, {"kind": "names"}).fetchone()
    if row is None:
        return []
    return [(claim["name"], claim["identity"]) for claim in json.loads(row[0])["claims"]]


async def test_a_database_without_the_schema_is_refused(pg_url: str) -> None:
    """Issue 31: the records of a database without the schema are refused with the schema's
    message (what to run)."""
    with pytest.raises(SchemaError, match="gardens serve migrate"):
        await PostgresRecordStore(pg_url).open()


async def test_a_new_database_starts_with_the_house_names_reserved(
    front_ends: Callable[[], Any],
) -> None:
    """Issue 31: the records of a database nobody wrote yet start as the file store's do (the
    names of RESERVED_AT_FIRST reserved, no bans, mutes or message)."""
    records = (await front_ends()).store.load()
    assert records.names.check("admin", "user:ann") is not None
    assert records.names.check("ann", "user:ann") is None
    assert (records.bans.bans, records.mutes, records.motd) == ([], {}, "")


async def test_a_ban_a_mute_and_the_message_of_the_day_reach_the_other_front_end(
    front_ends: Callable[[], Any],
) -> None:
    """Issue 31: a ban, a mute and a new message of the day made through one front end's
    records reach another front end on the same database (it hears of them and reads them
    again), and a front end opened afterwards reads them too; the changes are merged, not
    written over each other."""
    a, b = await front_ends(), await front_ends()
    mine = a.store.load()
    mine.bans.add(Ban("name", "mallory", "spam", 1.0))
    a.store.save_bans(mine.bans)
    mine.mutes["key:SHA256:loud"] = "loud"
    a.store.save_mutes(mine.mutes)
    a.store.save_motd("Tournament at eight.")
    await until(lambda: b.store.load().motd == "Tournament at eight.", "B reads the motd")
    theirs = b.store.load()
    assert theirs.bans.of_name("MALLORY") is not None
    assert theirs.mutes == {"key:SHA256:loud": "loud"}
    assert b.changes >= 1
    later = (await front_ends()).store.load()
    assert later.bans.of_name("mallory") is not None and later.motd == "Tournament at eight."
    theirs.bans.add(Ban("address", "203.0.113.0/24", "", 2.0))  # B bans, A unbans: both hold
    b.store.save_bans(theirs.bans)
    await b.store.settled()
    mine.bans.remove("name", "mallory")
    a.store.save_bans(mine.bans)
    await a.store.settled()
    final = (await front_ends()).store.load()
    assert final.bans.of_name("mallory") is None
    assert final.bans.of_address("203.0.113.7") is not None


async def test_name_claims_from_two_front_ends_at_once_lose_none(
    migrated: str, front_ends: Callable[[], Any]
) -> None:
    """Issue 31: two front ends claiming different names at once (a burst from each, every
    write racing the other's) both keep every claim; a front end that writes from records read
    before another front end's claim merges, never overwrites; two identities claiming one name
    at once: exactly one holds it."""
    a, b = await front_ends(), await front_ends()
    ours, theirs = a.store.load(), b.store.load()
    for number in range(10):
        ours.names.claim(f"ann{number}", f"user:ann{number}")
        a.store.save_names(ours.names)
        theirs.names.claim(f"bob{number}", f"user:bob{number}")
        b.store.save_names(theirs.names)
    ours.names.claim("cat", "user:cat-a")
    a.store.save_names(ours.names)
    theirs.names.claim("cat", "user:cat-b")
    b.store.save_names(theirs.names)
    await asyncio.gather(a.store.settled(), b.store.settled())
    names = stored_names(migrated)
    wanted = {f"{who}{n}" for who in ("ann", "bob") for n in range(10)}
    assert wanted <= {name for name, _ in names}
    assert [identity for name, identity in names if name == "cat"] in (
        ["user:cat-a"],
        ["user:cat-b"],
    )
    assert "admin" in {name for name, _ in (await front_ends()).store.load().names.reserved()}
    for front in (a, b):
        await until(
            lambda front=front: wanted <= {n for n, _ in front.store.load().names.claims()},
            "each front end reads every claim",
        )


async def test_after_a_restart_of_postgresql_a_front_end_reconnects_and_reads_again(
    pg_server: PgServer, front_ends: Callable[[], Any], caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 31: PostgreSQL restarts (every connection drops); a front end that was listening
    reconnects by itself and reads the records again (what it missed comes from the database,
    never from memory), and a ban written after the restart reaches it."""
    b = await front_ends()
    await until(lambda: b.store.up, "B listens")
    pg_server.restart()
    await until(lambda: "reachable again" in caplog.text, "B reconnects and reads again")
    a = await front_ends()
    mine = a.store.load()
    mine.bans.add(Ban("key", "SHA256:abc", "", 1.0))
    a.store.save_bans(mine.bans)
    await a.store.settled()
    await until(lambda: b.store.load().bans.of_key("SHA256:abc") is not None, "B reads the ban")


async def test_a_ban_on_one_ssh_front_end_ends_the_session_on_another(
    migrated: str, tmp_path: Path
) -> None:
    """Issue 31: two SSH front ends keep their records in one database; the operator of A bans
    a name: A keeps it, B hears of it and ends that player's session on B with the reason, and
    a name claimed by a login on B is held in the database, where A reads it."""
    stores = [PostgresRecordStore(migrated), PostgresRecordStore(migrated)]
    for store in stores:
        await store.open()
    try:
        async with ssh_servers(tmp_path, open=True) as servers:
            a = await servers.start(record_store=stores[0])
            b = await servers.start(record_store=stores[1])
            for front, store in ((a, stores[0]), (b, stores[1])):
                store.changed = front.operator.records_changed
            async with connect(b.port, "mallory") as conn:
                process = await conn.create_process(
                    term_type="xterm", term_size=(80, 24), encoding=None
                )
                await read_until(process.stdout, rb"SIZE 80x24")
                await until(
                    lambda: a.records.names.owner("mallory") is not None,
                    "A reads the name claimed on B",
                )
                a.operator.ban("name", "mallory", "spam")
                await read_until(process.stdout, rb"you are banned from this server: spam")
            assert b.records.bans.of_name("mallory") is not None
            assert ("mallory", a.records.names.owner("mallory")) in stored_names(migrated)
    finally:
        for store in stores:
            with contextlib.suppress(Exception):
                await store.close()
