"""The PostgreSQL test kit itself (tests/pg_server.py): a real server that keeps committed data
across a restart and an immediate stop, gives each test its own database, and carries
LISTEN/NOTIFY, the things the PostgreSQL store's tests (issue 31) rely on."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from pg_server import GUARD, PgServer, PostgresNotFound, find_postgres, pg_server, pg_url


def create_and_commit(url: str) -> None:
    """A table with one committed row."""
    with psycopg.connect(url) as conn:
        conn.execute("CREATE TABLE moves (id int PRIMARY KEY, action text NOT NULL)")
        conn.execute("INSERT INTO moves VALUES (1, 'plant 3')")


def rows(url: str) -> list[tuple[int, str]]:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT id, action FROM moves ORDER BY id").fetchall()


def test_committed_row_survives_restart(pg_server: PgServer, pg_url: str) -> None:
    """A fast stop and a start on the same folder and port (``restart()``) keep a committed
    row: the same connection string reaches it afterwards; a connection open across the restart
    is broken, as a front end's would be."""
    create_and_commit(pg_url)
    with psycopg.connect(pg_url) as held:
        pg_server.restart()
        with pytest.raises(psycopg.OperationalError):
            held.execute("SELECT 1")
    assert rows(pg_url) == [(1, "plant 3")]


def test_committed_row_survives_kill(pg_server: PgServer, pg_url: str) -> None:
    """An immediate stop (``kill()``: no checkpoint, crash recovery at the next ``start()``)
    keeps a committed row and loses the uncommitted one of a transaction open at the time."""
    create_and_commit(pg_url)
    with psycopg.connect(pg_url) as open_transaction:
        open_transaction.execute("INSERT INTO moves VALUES (2, 'never committed')")
        pg_server.kill()
        assert not pg_server.running
        pg_server.start()
        with pytest.raises(psycopg.OperationalError):
            open_transaction.execute("SELECT 1")
    assert rows(pg_url) == [(1, "plant 3")]


def test_new_databases_are_independent(pg_server: PgServer) -> None:
    """Two ``new_database`` calls give two empty databases: the same table name in each holds
    its own rows, and a table made in one is not in the other."""
    first, second = pg_server.new_database(), pg_server.new_database()
    try:
        assert first != second
        for url, action in ((first, "first"), (second, "second")):
            with psycopg.connect(url) as conn:
                assert conn.execute(
                    "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
                ).fetchone() == (0,)
                conn.execute("CREATE TABLE moves (id int PRIMARY KEY, action text NOT NULL)")
                conn.execute("INSERT INTO moves VALUES (1, %s)", (action,))
        with psycopg.connect(first) as conn:
            conn.execute("CREATE TABLE only_here (x int)")
        assert rows(first) == [(1, "first")]
        assert rows(second) == [(1, "second")]
        with psycopg.connect(second) as conn:
            assert conn.execute("SELECT to_regclass('only_here')").fetchone() == (None,)
    finally:
        for url in (first, second):
            pg_server.drop_database(url.rsplit("/", 1)[1])


def test_listen_notify_between_connections(pg_url: str) -> None:
    """A NOTIFY committed on one connection reaches another that LISTENs on the channel, with
    its payload (how front ends will hear of each other's moves)."""
    with (
        psycopg.connect(pg_url, autocommit=True) as listener,
        psycopg.connect(pg_url, autocommit=True) as notifier,
    ):
        listener.execute("LISTEN table_moves")
        notifier.execute("SELECT pg_notify('table_moves', 'table 7 version 12')")
        heard = list(listener.notifies(timeout=GUARD, stop_after=1))
    assert [(note.channel, note.payload) for note in heard] == [
        ("table_moves", "table 7 version 12")
    ]


def test_server_settings(pg_server: PgServer, pg_url: str) -> None:
    """The server listens on the loopback interface only, keeps commits durable (fsync and
    synchronous commit on), and runs as an unprivileged user (never root, which initdb
    refuses)."""
    with psycopg.connect(pg_url) as conn:
        settings = {
            name: conn.execute(f"SHOW {name}").fetchone()
            for name in ("listen_addresses", "fsync", "synchronous_commit", "max_connections")
        }
        assert conn.execute("SELECT current_user").fetchone() == (pg_server.superuser,)
    assert settings == {
        "listen_addresses": ("127.0.0.1",),
        "fsync": ("on",),
        "synchronous_commit": ("on",),
        "max_connections": ("200",),
    }
    assert (pg_server.data / "postmaster.pid").stat().st_uid != 0


def test_missing_postgres_is_a_clear_failure(tmp_path: Path) -> None:
    """Without initdb on PATH or under the version folders, the kit says what is missing and
    how to install it (the fixtures fail with this message: the tests never skip)."""
    (tmp_path / "15" / "bin").mkdir(parents=True)  # a version folder without the programs
    with pytest.raises(PostgresNotFound, match="apt-get install postgresql"):
        find_postgres(path="", roots=[tmp_path])


def test_finds_the_newest_version_folder(tmp_path: Path) -> None:
    """With nothing on PATH, the newest ``<root>/<version>/bin`` holding all three programs is
    used (version 9 sorts below 15 as a number, not as text)."""
    for version in ("9", "15"):
        folder = tmp_path / version / "bin"
        folder.mkdir(parents=True)
        for name in ("initdb", "pg_ctl", "postgres"):
            (folder / name).write_text("#!/bin/sh\n")
            (folder / name).chmod(0o755)
    assert find_postgres(path="", roots=[tmp_path]) == tmp_path / "15" / "bin"
