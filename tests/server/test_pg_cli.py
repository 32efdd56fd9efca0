"""Issue 31's command line: ``gardens serve migrate``, ``serve export``, ``serve import`` and
``serve ssh --store URL``, run through the real ``gardens`` command line against a real
PostgreSQL (tests/pg_server.py: a fresh database per test). Waits are on conditions with a
deadline (a failure guard, not a timing).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import secrets
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from pg_server import PgServer, pg_server, pg_url

from gardens_tui.cli import main
from gardens_tui.cli.store_command import masked, scrubbed
from gardens_tui.rules.registry import game_specs
from gardens_tui.server.store.file_tables import SEATS_SUFFIX
from gardens_tui.server.store.postgres import sql
from gardens_tui.server.store.postgres.schema import migrate
from gardens_tui.server.store.postgres.tables import PostgresTableStore
from gardens_tui.server.store.tables import Holder, HostedTable
from gardens_tui.table import Seat, Setup, Table

GUARD = 30.0
"""Seconds any one wait may take before the test fails (never reached when all is well)."""


@pytest.fixture
def migrated(pg_url: str) -> str:
    """A fresh database with the schema in place."""
    assert migrate(pg_url) == (0, sql.SCHEMA_VERSION)
    return pg_url


@pytest.fixture
def second(pg_server: PgServer, migrated: str) -> Iterator[str]:
    """Another fresh database with the schema, on the same server (dropped after the test)."""
    name = f"second_{secrets.token_hex(6)}"
    url = pg_server.new_database(name)
    migrate(url)
    yield url
    pg_server.ensure_running()
    pg_server.drop_database(name)


def with_password(url: str, password: str) -> str:
    """``url`` with ``password`` in its user part (the test server trusts every login, so the
    password is ignored by the server but seen by the command line)."""
    return url.replace("://gardens@", f"://gardens:{password}@")


def gardens(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``gardens argv`` in this process: its exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def played_tables() -> list[HostedTable]:
    """A table of each game, a few random moves in, with seat holders, a host, a stand-in and
    a time limit on some."""
    tables = []
    for number, (game, spec) in enumerate(sorted(game_specs().items())):
        players = next(n for n in range(2, 7) if _fits(spec, n))
        table = Table(Setup(game, tuple(Seat(f"P{i}", None) for i in range(players)), {}, 5))
        moves = random.Random(number)
        for _ in range(12 + number):
            if table.state.is_over:
                break
            table.apply(moves.choice(table.legal_actions()))
        ann = Holder("key:SHA256:ann", "ann")
        hosted = HostedTable(
            f"AB{number + 2}{'CDEFG'[number]}",
            table,
            holders={0: ann, 1: Holder("user:bob", "bob")},
            host=ann,
            stand_ins={1: "greedy"} if number % 2 else {},
            turn_seconds=60 if number % 2 == 0 else None,
        )
        tables.append(hosted)
    return tables


def _fits(spec: Any, players: int) -> bool:
    try:
        spec.check_player_count(players)
    except ValueError:
        return False
    return True


def put_tables(url: str, tables: list[HostedTable]) -> None:
    """Store ``tables`` in the database at ``url`` as a front end does (each created, then
    moved on by two more actions where the game goes on)."""

    async def put() -> None:
        store = PostgresTableStore(url)
        await store.open(lambda change: None)
        try:
            for full in tables:
                keep = max(0, len(full.table.actions) - 2)
                table = Table(
                    full.table.setup, full.table.states[: keep + 1], full.table.actions[:keep]
                )
                hosted = HostedTable(
                    full.code, table, store, full.holders, full.host, full.stand_ins
                )
                hosted.turn_seconds = full.turn_seconds
                saved = hosted.save()
                assert saved is not None
                await saved
                for action in full.table.actions[keep:]:  # moves after: later versions
                    table.apply(action)
                    moved = hosted.save()
                    assert moved is not None
                    await moved
        finally:
            await store.close()

    asyncio.run(put())


def folder_contents(folder: Path) -> dict[str, Any]:
    """Every file of an exported folder, as JSON, without the time it was written."""
    found = {}
    for path in sorted(folder.iterdir()):
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("saved_at", None)
        found[path.name] = data
    return found


# --- migrate --------------------------------------------------------------------------------------


def test_migrate_creates_the_schema_and_then_says_it_is_already_there(
    pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31: `gardens serve migrate --store URL` on an empty database creates the schema
    ("schema version 0 -> N", exit 0); again, it changes nothing ("already at N")."""
    status, out, _ = gardens(capsys, "serve", "migrate", "--store", pg_url)
    assert (status, out.strip()) == (0, f"schema version 0 -> {sql.SCHEMA_VERSION}")
    status, out, _ = gardens(capsys, "serve", "migrate", "--store", pg_url)
    assert (status, out.strip()) == (0, f"already at {sql.SCHEMA_VERSION}")
    with psycopg.connect(pg_url) as conn:
        assert conn.execute(sql.READ_SCHEMA_VERSION).fetchone() == (sql.SCHEMA_VERSION,)


def test_the_store_comes_from_GARDENS_STORE_unless_the_flag_names_one(
    pg_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: without --store the command takes GARDENS_STORE; --store wins over it; without
    either, migrate says which database it needs (exit 2)."""
    status, _, err = gardens(capsys, "serve", "migrate")
    assert status == 2 and "--store postgresql://" in err
    monkeypatch.setenv("GARDENS_STORE", "postgresql://nobody@127.0.0.1:1/nothing")
    status, out, _ = gardens(capsys, "serve", "migrate", "--store", pg_url)
    assert (status, out.strip()) == (0, f"schema version 0 -> {sql.SCHEMA_VERSION}")
    monkeypatch.setenv("GARDENS_STORE", pg_url)
    status, out, _ = gardens(capsys, "serve", "migrate")
    assert (status, out.strip()) == (0, f"already at {sql.SCHEMA_VERSION}")


# --- refusals, and the password never shown ------------------------------------------------------


def test_serve_ssh_refuses_a_database_without_the_schema_with_the_reason(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31: `gardens serve ssh --store URL` on a database without the schema does not
    start: exit 2 with the schema's message naming the command that creates it, no
    traceback, and nothing written under --saves."""
    saves = tmp_path / "server"
    status, out, err = gardens(
        capsys, "serve", "ssh", "--open", "--port", "0", "--saves", str(saves), "--store", pg_url
    )
    assert status == 2, out
    assert "has no gardens-tui schema" in err
    assert "gardens serve migrate --store URL" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not saves.exists()


def test_a_url_that_is_not_postgresql_is_refused_and_no_password_is_ever_shown(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31: a --store that is not postgresql:// (or postgres://) is refused (exit 2) with
    the URL masked; a database that cannot be reached, or has no schema, is refused with one
    line in which the password of the URL never appears (postgresql://gardens:***@…)."""
    secret = "Sesame-7rq"
    status, _, err = gardens(
        capsys, "serve", "migrate", "--store", f"mysql://ann:{secret}@db.example/gardens"
    )
    assert status == 2 and "mysql://ann:***@db.example/gardens" in err and secret not in err
    closed = with_password(re.sub(r":\d+/", ":1/", pg_url), secret)  # nobody listens on port 1
    for argv in (
        ("serve", "migrate", "--store", closed),
        ("serve", "export", "--store", closed, "--to", str(tmp_path / "out")),
        ("serve", "import", "--store", closed, "--from", str(tmp_path)),
        ("serve", "ssh", "--open", "--saves", str(tmp_path / "s"), "--store", closed),
        ("serve", "ssh", "--open", "--saves", str(tmp_path / "s"), "--store", "x" + closed),
    ):
        status, out, err = gardens(capsys, *argv)
        assert status == 2, argv
        assert secret not in out + err and "Traceback" not in err, argv
        assert len(err.strip().splitlines()) == 1, err
    status, out, err = gardens(capsys, "serve", "migrate", "--store", with_password(pg_url, secret))
    assert (status, out.strip()) == (0, f"schema version 0 -> {sql.SCHEMA_VERSION}")
    assert secret not in out + err


def test_masked_urls_and_scrubbed_messages_keep_no_password() -> None:
    """Issue 31: the password of a store URL is masked in the user part and in a password=
    parameter, percent-encoded or not; a message naming it has it struck out."""
    assert masked("postgresql://ann:pw@db:5432/g") == "postgresql://ann:***@db:5432/g"
    assert masked("postgres://ann@db/g?password=pw&sslmode=require") == (
        "postgres://ann@db/g?password=***&sslmode=require"
    )
    assert masked("postgresql://ann:p%40ss@db/g") == "postgresql://ann:***@db/g"
    assert masked("postgresql://ann@db/g") == "postgresql://ann@db/g"
    url = "postgresql://ann:p%40ss@db/g"
    assert scrubbed(f"bad {url}; said p@ss and p%40ss", url) == (
        "bad postgresql://ann:***@db/g; said *** and ***"
    )


def test_without_psycopg_the_command_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: when psycopg is missing, a command with --store says to install
    gardens-tui[postgresql] (exit 2)."""
    monkeypatch.setitem(sys.modules, "psycopg", None)
    for name in [m for m in sys.modules if m.startswith("gardens_tui.server.store.postgres")]:
        monkeypatch.delitem(sys.modules, name)
    status, _, err = gardens(capsys, "serve", "migrate", "--store", "postgresql://a@b/c")
    assert status == 2 and "pip install 'gardens-tui[postgresql]'" in err


# --- export and import ---------------------------------------------------------------------------


def test_export_check_import_export_gives_the_same_tables(
    migrated: str, second: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31: `gardens serve export` writes every table of the database (one of each game)
    as the file store's two files, one line per table; `gardens check` accepts every exported
    save; `gardens serve import` puts them into another, empty database; exporting that one
    gives the same games, positions and seats."""
    tables = played_tables()
    put_tables(migrated, tables)
    first, again = tmp_path / "first", tmp_path / "again"
    status, out, _ = gardens(capsys, "serve", "export", "--store", migrated, "--to", str(first))
    assert status == 0
    assert len(out.strip().splitlines()) == len(tables)
    codes = sorted(hosted.code for hosted in tables)
    assert sorted(path.name for path in first.iterdir()) == sorted(
        name for code in codes for name in (f"{code}.json", f"{code}{SEATS_SUFFIX}")
    )
    for code in codes:
        status, out, err = gardens(capsys, "check", str(first / f"{code}.json"))
        assert status == 0 and ": ok: " in out, err
    status, out, _ = gardens(capsys, "serve", "import", "--store", second, "--from", str(first))
    assert status == 0
    assert [line.split(":")[0] for line in out.strip().splitlines()] == codes
    assert all("imported" in line for line in out.strip().splitlines())
    status, _, _ = gardens(capsys, "serve", "export", "--store", second, "--to", str(again))
    assert status == 0
    assert folder_contents(again) == folder_contents(first)
    for hosted in tables:  # and what was put in the first database
        saved = folder_contents(first)[f"{hosted.code}.json"]
        assert saved["actions"] == hosted.table.notation()
        seats = folder_contents(first)[f"{hosted.code}{SEATS_SUFFIX}"]
        assert seats == hosted.seats_record().to_dict(hosted.code)


def test_import_skips_a_table_the_database_has_and_reports_a_damaged_one(
    migrated: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31: importing a folder whose table codes the database holds already skips each
    one and says so (exit 0, the stored tables unchanged); a damaged pair of files is reported
    and skipped (exit 2) while the others are imported."""
    tables = played_tables()[:2]
    put_tables(migrated, tables)
    folder = tmp_path / "tables"
    assert gardens(capsys, "serve", "export", "--store", migrated, "--to", str(folder))[0] == 0
    with psycopg.connect(migrated) as conn:
        before = conn.execute(sql.ALL_TABLES).fetchall()
    status, out, _ = gardens(capsys, "serve", "import", "--store", migrated, "--from", str(folder))
    assert status == 0
    assert out.strip().splitlines() == [
        f"{hosted.code}: skipped: the store has a table {hosted.code} already"
        for hosted in sorted(tables, key=lambda hosted: hosted.code)
    ]
    with psycopg.connect(migrated) as conn:
        assert conn.execute(sql.ALL_TABLES).fetchall() == before
        conn.execute("DELETE FROM gardens_tables")
    damaged = sorted(tables, key=lambda hosted: hosted.code)[0].code
    (folder / f"{damaged}.json").write_text("{not json", encoding="utf-8")
    status, out, err = gardens(
        capsys, "serve", "import", "--store", migrated, "--from", str(folder)
    )
    assert status == 2 and "1 table not imported" in err
    lines = out.strip().splitlines()
    assert lines[0].startswith(f"{damaged}: damaged, not imported: ")
    assert ": imported (" in lines[1]
    with psycopg.connect(migrated) as conn:
        assert [code for (code,) in conn.execute(sql.TABLE_CODES)] == [lines[1].split(":")[0]]


def test_export_never_overwrites_a_file_that_is_not_ours(
    migrated: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31: an export into a folder holding a file of a table's name that is not a
    gardens-tui save (or seats record) leaves that file alone, writes neither file of that
    table, says so and exits 2; the other tables are exported."""
    tables = played_tables()[:2]
    put_tables(migrated, tables)
    folder = tmp_path / "out"
    folder.mkdir()
    first, other = sorted(hosted.code for hosted in tables)
    (folder / f"{first}.json").write_text("my notes\n", encoding="utf-8")
    (folder / f"{other}{SEATS_SUFFIX}").write_text('{"mine": 1}\n', encoding="utf-8")
    status, out, err = gardens(capsys, "serve", "export", "--store", migrated, "--to", str(folder))
    assert status == 2 and "2 tables not exported" in err
    assert all("not exported" in line for line in out.strip().splitlines())
    assert (folder / f"{first}.json").read_text(encoding="utf-8") == "my notes\n"
    assert (folder / f"{other}{SEATS_SUFFIX}").read_text(encoding="utf-8") == '{"mine": 1}\n'
    assert sorted(path.name for path in folder.iterdir()) == [
        f"{first}.json",
        f"{other}{SEATS_SUFFIX}",
    ]


# --- serve ssh on the database -------------------------------------------------------------------


async def test_serve_ssh_with_a_store_serves_its_tables_and_keeps_names_there(
    migrated: str, tmp_path: Path
) -> None:
    """Issue 31: `gardens serve ssh --store URL` (the real program) starts on a migrated
    database, says how many tables it holds (the URL's password masked, in its output and its
    log), keeps a login's name claim in the database, and stops cleanly on SIGTERM."""
    import asyncssh

    await asyncio.to_thread(put_tables, migrated, played_tables()[:3])
    secret = "Sesame-7rq"
    env = {**os.environ, "GARDENS_TUI_HOME": str(tmp_path / "home")}
    env["GARDENS_STORE"] = with_password(migrated, secret)
    command = [sys.executable, "-m", "gardens_tui", "serve", "ssh", "--open", "--port", "0"]
    process = subprocess.Popen(
        [*command, "--saves", str(tmp_path / "server")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), GUARD)
        assert re.search(r"\(3 tables in postgresql://gardens:\*\*\*@127\.0\.0\.1:\d+/", line)
        port = int(re.search(r"on 127\.0\.0\.1:(\d+)", line)[1])  # type: ignore[index]
        async with asyncssh.connect(
            "127.0.0.1", port, username="ann", known_hosts=None, client_keys=None, agent_path=None
        ) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process("id")

        def claims() -> list[dict[str, Any]]:
            with psycopg.connect(migrated) as db:
                row = db.execute(sql.READ_RECORD, {"kind": "names"}).fetchone()
            return [] if row is None else json.loads(row[0])["claims"]

        deadline = asyncio.get_running_loop().time() + GUARD
        while not any(claim["name"] == "ann" for claim in await asyncio.to_thread(claims)):
            assert asyncio.get_running_loop().time() < deadline, "ann's claim never stored"
            await asyncio.sleep(0.05)  # polling the database; the deadline decides
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(asyncio.to_thread(process.wait), GUARD) == 0
        rest = process.stdout.read() + process.stderr.read()
        assert secret not in line + rest
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
