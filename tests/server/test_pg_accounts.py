"""Issue 31: password accounts in the PostgreSQL store: ``gardens serve passwd --store URL NAME``
writes a login's line into the database, and every ``gardens serve ssh --store URL`` front end
of it takes the accounts for password logins, at start and while it runs. Run through the real
``gardens`` command line, real ``serve ssh`` processes and a real SSH client against a real
PostgreSQL (tests/pg_server.py: a fresh database per test). Waits are on conditions with a
deadline (a failure guard, not a timing).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import asyncssh
import psycopg
import pytest
from pg_server import PgServer, pg_server, pg_url

from gardens_tui.server.door.auth import password_line
from gardens_tui.server.store.postgres import sql
from gardens_tui.server.store.postgres.records import store_account
from gardens_tui.server.store.postgres.schema import migrate

GUARD = 30.0
"""Seconds any one wait may take before the test fails (never reached when all is well)."""

GARDENS = [sys.executable, "-m", "gardens_tui"]


@pytest.fixture
def migrated(pg_url: str) -> str:
    """A fresh database with the schema in place."""
    assert migrate(pg_url) == (0, sql.SCHEMA_VERSION)
    return pg_url


def passwd(*argv: str, password: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """``gardens serve passwd ARGV`` started, ``password`` on its standard input (closed)."""
    process = subprocess.Popen(
        [*GARDENS, "serve", "passwd", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdin is not None
    process.stdin.write(password + "\n")
    process.stdin.close()
    return process


def finished(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """The exit status, stdout and stderr of ``process``."""
    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.read(), process.stderr.read()
    return process.wait(GUARD), out, err


def stored_accounts(url: str) -> dict[str, str]:
    """The ``passwords`` record of the database, as stored."""
    with psycopg.connect(url) as conn:
        row = conn.execute(sql.READ_RECORD, {"kind": "passwords"}).fetchone()
    return {} if row is None else dict(json.loads(row[0])["passwords"])


class Server:
    """A ``gardens serve ssh`` process: its port, and its log lines as they come."""

    def __init__(self, process: subprocess.Popen[str], port: int) -> None:
        self.process = process
        self.port = port
        self.lines: list[str] = []
        self._new = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self._new:
                self.lines.append(line)
                self._new.notify_all()

    async def logged(self, pattern: str) -> str:
        """The first log line matching ``pattern`` (waiting for it)."""

        def wait() -> str:
            with self._new:
                found = self._new.wait_for(
                    lambda: next((x for x in self.lines if re.search(pattern, x)), None), GUARD
                )
            assert found, f"never logged {pattern!r}: {''.join(self.lines)}"
            return found

        return await asyncio.to_thread(wait)

    async def login(self, name: str, password: str) -> bool:
        """Whether ``name`` logs in with ``password`` (a real SSH client, no keys)."""
        try:
            async with asyncssh.connect(
                "127.0.0.1",
                self.port,
                username=name,
                password=password,
                known_hosts=None,
                client_keys=None,
                agent_path=None,
                preferred_auth="password",
            ):
                return True
        except asyncssh.PermissionDenied:
            return False


Start = Callable[..., Awaitable[Server]]


@pytest.fixture
async def serve(migrated: str, tmp_path: Path) -> AsyncIterator[Start]:
    """Start ``gardens serve ssh --store URL --port 0 EXTRA`` processes (each its own --saves),
    stopped after the test."""
    started: list[subprocess.Popen[str]] = []

    async def start(*extra: str) -> Server:
        saves = tmp_path / f"server{len(started)}"
        env = {**os.environ, "GARDENS_TUI_HOME": str(tmp_path / "home")}
        process = subprocess.Popen(
            [
                *GARDENS,
                "serve",
                "ssh",
                "--store",
                migrated,
                "--port",
                "0",
                "--saves",
                str(saves),
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        started.append(process)
        assert process.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), GUARD)
        found = re.search(r"on 127\.0\.0\.1:(\d+)", line)
        assert found, f"not started: {line!r} {process.stderr.read() if process.stderr else ''}"
        return Server(process, int(found[1]))

    yield start
    for process in started:
        process.terminate()
    for process in started:
        try:
            process.wait(GUARD)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


async def test_an_account_written_into_the_store_logs_in_over_ssh(
    migrated: str, serve: Start
) -> None:
    """Issue 31: `gardens serve passwd --store URL NAME` (the password on stdin) writes NAME's
    line into the store and says so without the password or the hash; a `serve ssh --store
    URL` front end then lets NAME in with that password, and refuses a wrong one."""
    status, out, err = await asyncio.to_thread(
        finished, passwd("--store", migrated, "ann", password="right horse")
    )
    assert status == 0, err
    line = stored_accounts(migrated)["ann"]
    assert line.startswith("ann:scrypt:")
    assert out.strip() == f"{migrated}: password set for ann."
    assert "right horse" not in out + err and line.split(":")[-1] not in out + err
    server = await serve()
    assert await server.login("ann", "right horse")
    assert not await server.login("ann", "wrong horse")
    assert not await server.login("bob", "right horse")
    log = "".join(server.lines)
    assert "right horse" not in log and line.split(":")[-1] not in log


async def test_an_account_added_or_changed_while_two_front_ends_run_works_on_the_other(
    migrated: str, serve: Start
) -> None:
    """Issue 31: with two front ends running on one store, an account added through
    GARDENS_STORE (NAME alone) reaches both without a restart (the records notification), and
    so does a changed password: the old one is refused from then on."""
    assert (await asyncio.to_thread(finished, passwd("--store", migrated, "ann", password="a1")))[
        0
    ] == 0
    first, other = await serve(), await serve()
    env = {**os.environ, "GARDENS_STORE": migrated}
    status, _, err = await asyncio.to_thread(finished, passwd("bob", password="b1", env=env))
    assert status == 0, err
    await other.logged(r"password accounts from the store: 2 \(new or changed: bob\)")
    assert await other.login("bob", "b1")
    await first.logged(r"password accounts from the store: 2 \(new or changed: bob\)")
    assert await first.login("bob", "b1")
    status, _, err = await asyncio.to_thread(finished, passwd("ann", password="a2", env=env))
    assert status == 0, err
    await other.logged(r"password accounts from the store: 2 \(new or changed: ann\)")
    assert await other.login("ann", "a2")
    assert not await other.login("ann", "a1")
    assert sorted(stored_accounts(migrated)) == ["ann", "bob"]


async def test_names_added_at_once_are_all_kept(migrated: str) -> None:
    """Issue 31: several `gardens serve passwd --store` run at once, each for another name
    (and one replacing its own line): the store keeps every name, each with its line; so do
    writes of the accounts started together on one event loop (each merged again when
    another committed first)."""
    await asyncio.to_thread(finished, passwd("--store", migrated, "ann", password="old"))
    before = stored_accounts(migrated)["ann"]
    names = ["ann", "bob", "cy", "dee", "eve", "fay"]
    runs = [passwd("--store", migrated, name, password=f"{name}-pw") for name in names]
    for run in runs:
        status, _, err = await asyncio.to_thread(finished, run)
        assert status == 0, err
    accounts = stored_accounts(migrated)
    assert sorted(accounts) == names
    assert all(line.startswith(f"{name}:scrypt:") for name, line in accounts.items())
    assert accounts["ann"] != before
    more = {name: password_line(name, "pw") for name in ("gus", "hal", "ivy", "jo")}
    await asyncio.gather(*(store_account(migrated, n, line) for n, line in more.items()))
    assert stored_accounts(migrated) == {**accounts, **more}  # written at once, all kept


def test_the_file_form_and_its_refusals(migrated: str, tmp_path: Path) -> None:
    """Issue 31: `gardens serve passwd FILE NAME` still writes the file, even with
    GARDENS_STORE set (the store is left alone); FILE with --store is refused; NAME alone with
    no store says which it needs."""
    file = tmp_path / "passwords"
    env = {**os.environ, "GARDENS_STORE": migrated}
    status, out, err = finished(passwd(str(file), "ann", password="pw", env=env))
    assert status == 0, err
    assert out.strip() == f"{file}: password set for ann."
    assert file.read_text(encoding="utf-8").startswith("ann:scrypt:")
    assert stored_accounts(migrated) == {}
    status, _, err = finished(passwd(str(file), "ann", "--store", migrated, password="pw"))
    assert status == 2 and "not both" in err
    env.pop("GARDENS_STORE")
    status, _, err = finished(passwd("ann", password="pw", env=env))
    assert status == 2 and "--store postgresql://" in err


async def test_a_store_without_accounts_and_no_other_way_in_does_not_start(
    migrated: str, tmp_path: Path, serve: Start
) -> None:
    """Issue 31: `serve ssh --store URL` alone is accepted when the store holds accounts; on a
    store with none (and no keys, password file or --open) it does not start and says how to
    add one (exit 2, one line); --password-file replaces the store's accounts, with a
    warning."""
    env = {**os.environ, "GARDENS_TUI_HOME": str(tmp_path / "home")}
    done = await asyncio.to_thread(
        subprocess.run,
        [*GARDENS, "serve", "ssh", "--store", migrated, "--port", "0", "--saves", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=GUARD,
    )
    assert done.returncode == 2, done.stdout
    assert "nobody could log in" in done.stderr
    assert "gardens serve passwd --store URL NAME" in done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    said = [line for line in done.stderr.splitlines() if line.startswith("gardens:")]
    assert len(said) == 1, done.stderr  # (the rest: the library's deprecation warnings)
    await asyncio.to_thread(finished, passwd("--store", migrated, "ann", password="store"))
    file = tmp_path / "passwords"
    file.write_text(password_line("ann", "file") + "\n", encoding="utf-8")
    server = await serve("--password-file", str(file))
    await server.logged(r"--password-file .* replaces the 1 password accounts in the store")
    assert await server.login("ann", "file")
    assert not await server.login("ann", "store")
