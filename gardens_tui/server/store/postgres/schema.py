"""The PostgreSQL store's schema: created and upgraded only when the operator asks
(``gardens serve migrate --store URL``), and checked by every front end at start.

Migrations are forward-only (:data:`~.sql.MIGRATIONS`), each in its own transaction with the
schema table locked, so two operators migrating at once cannot both apply one. A front end
refuses a database whose schema is older (it names the command that upgrades it) or newer (it
says to upgrade gardens-tui) than :data:`~.sql.SCHEMA_VERSION`.
"""

from __future__ import annotations

from typing import Any

import psycopg

from gardens_tui.server.store.postgres import sql


class SchemaError(Exception):
    """The database's schema is not one this version can use (the message says what to do)."""


def connect(url: str, **options: Any) -> psycopg.Connection[Any]:
    """A connection to ``url``; :class:`SchemaError` with PostgreSQL's reason when it fails."""
    try:
        return psycopg.connect(url, connect_timeout=10, **options)
    except psycopg.Error as exc:
        raise SchemaError(f"cannot connect to the store: {first_line(exc)}") from None


def first_line(exc: BaseException) -> str:
    """The first line of PostgreSQL's message for ``exc`` (never the password in the URL:
    libpq does not repeat it)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def schema_version(conn: psycopg.Connection[Any]) -> int:
    """The schema's version in the database (0: none yet)."""
    row = conn.execute(sql.SCHEMA_TABLE_EXISTS).fetchone()
    if not row or not row[0]:
        return 0
    row = conn.execute(sql.READ_SCHEMA_VERSION).fetchone()
    return 0 if row is None else int(row[0])


def migrate(url: str) -> tuple[int, int]:
    """Bring the database at ``url`` to :data:`~.sql.SCHEMA_VERSION`; the versions before and
    after. :class:`SchemaError` when the database's schema is newer than this version knows
    or a migration fails (that migration is rolled back)."""
    with connect(url) as conn:
        with conn.transaction():
            if not conn.execute(sql.SCHEMA_TABLE_EXISTS).fetchone()[0]:  # type: ignore[index]
                conn.execute(sql.CREATE_SCHEMA_TABLE)
                conn.execute(sql.FIRST_SCHEMA_VERSION)
        before = schema_version(conn)
        if before > sql.SCHEMA_VERSION:
            raise SchemaError(newer(before))
        version = before
        try:
            while version < sql.SCHEMA_VERSION:
                with conn.transaction():
                    conn.execute(sql.LOCK_SCHEMA)
                    version = schema_version(conn)  # another migrate may have run meanwhile
                    if version >= sql.SCHEMA_VERSION:
                        break
                    for statement in sql.MIGRATIONS[version]:
                        conn.execute(statement)
                    version += 1
                    conn.execute(sql.SET_SCHEMA_VERSION, {"version": version})
        except psycopg.Error as exc:
            raise SchemaError(f"migration {version + 1} failed: {first_line(exc)}") from None
        return before, version


def newer(version: int) -> str:
    """What to say of a schema newer than this version knows."""
    return (
        f"the store's schema is version {version}, newer than this gardens-tui knows "
        f"({sql.SCHEMA_VERSION}): upgrade gardens-tui"
    )


def check_schema(conn: psycopg.Connection[Any]) -> None:
    """Refuse (:class:`SchemaError`) a database whose schema is not
    :data:`~.sql.SCHEMA_VERSION`."""
    version = schema_version(conn)
    if version > sql.SCHEMA_VERSION:
        raise SchemaError(newer(version))
    if version < sql.SCHEMA_VERSION:
        where = "has no gardens-tui schema" if version == 0 else f"has schema version {version}"
        raise SchemaError(
            f"the store {where} (this gardens-tui needs {sql.SCHEMA_VERSION}): run "
            "`gardens serve migrate --store URL` first"
        )
