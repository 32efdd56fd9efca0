"""``gardens serve migrate``, ``serve export`` and ``serve import``: the PostgreSQL store of
several front ends (issue 31), and what every command with ``--store URL`` shares.

The store is named by ``--store URL`` or, without it, the environment variable
``GARDENS_STORE`` (the flag wins): a ``postgresql://`` (or ``postgres://``) connection URL,
``postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE``. Anything else is refused. No message or
log line shows the password: the URL appears masked (:func:`masked`,
``postgresql://ann:***@db.example/gardens``) and a password is struck out of whatever the
database driver says (:func:`scrubbed`).

- ``gardens serve migrate --store URL`` creates the schema or brings it to this version's
  (:func:`~gardens_tui.server.store.postgres.schema.migrate`) and prints ``schema version A ->
  B``, or ``already at B``.
- ``gardens serve export --store URL --to FOLDER`` writes every table in the database into
  FOLDER as the file store keeps it (``CODE.json``, an ordinary save that ``gardens check``
  accepts, and ``CODE.seats.json``), each pair written atomically; a file of that name that is
  not a gardens-tui save or seats record is never overwritten (that table is not exported).
- ``gardens serve import --store URL --from FOLDER`` reads a file store's folder (the
  ``tables`` folder of ``gardens serve ssh --saves DIR``) and inserts each table into the
  database; a table whose code the database holds already is skipped, a damaged pair of files
  is reported and skipped.

Export and import print one line per table; their exit status is 2 when a table could not be
moved (a skipped table already in the database is not a failure). Every error is one line, exit
status 2. psycopg is imported only when a command needs it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
from collections.abc import Callable, Coroutine
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from gardens_tui.cli.output import EXIT_OK, CliError, say
from gardens_tui.storage import SaveError, make_folder, read_json_file, regular_json_files

T = TypeVar("T")

STORE_ENV = "GARDENS_STORE"
"""The environment variable that names the store when ``--store`` does not."""

SCHEMES = ("postgresql", "postgres")

INSTALL = "pip install 'gardens-tui[postgresql]'"

_PASSWORD_FIELD = re.compile(r"(?i)(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&]*)")


def masked(url: str) -> str:
    """``url`` with its password (in the user part, or a ``password=`` parameter) as ``***``."""
    scheme, sep, rest = url.partition("://")
    if sep:
        at = rest.rfind("@")
        if at >= 0 and ":" in rest[:at]:
            user = rest[:at].split(":", 1)[0]
            rest = f"{user}:***{rest[at:]}"
        url = scheme + sep + rest
    return _PASSWORD_FIELD.sub(r"\1***", url)


def _passwords(url: str) -> list[str]:
    """The secrets ``url`` holds (as typed and percent-decoded)."""
    from urllib.parse import unquote

    found: list[str] = []
    _scheme, sep, rest = url.partition("://")
    if sep:
        at = rest.rfind("@")
        if at >= 0 and ":" in rest[:at]:
            found.append(rest[:at].split(":", 1)[1])
    found.extend(match[2].strip("'") for match in _PASSWORD_FIELD.finditer(url))
    secrets = {secret for word in found for secret in (word, unquote(word)) if secret}
    return sorted(secrets, key=len, reverse=True)


def scrubbed(message: str, url: str) -> str:
    """``message`` with the URL masked and every password of ``url`` struck out."""
    message = message.replace(url, masked(url))
    for secret in _passwords(url):
        message = message.replace(secret, "***")
    return message


def store_url(args: argparse.Namespace) -> str | None:
    """The store ``--store`` or ``GARDENS_STORE`` names (``None``: neither, the files);
    :class:`CliError` when it is not a PostgreSQL URL."""
    url = getattr(args, "store", None) or os.environ.get(STORE_ENV) or None
    if url is None:
        return None
    scheme = url.partition("://")[0].lower() if "://" in url else ""
    if scheme not in SCHEMES:
        where = "--store" if getattr(args, "store", None) else STORE_ENV
        raise CliError(
            f"{where} {masked(url)!r} is not a PostgreSQL URL: give "
            "postgresql://USER@HOST[:PORT]/DATABASE"
        )
    return url


def required_store(args: argparse.Namespace) -> str:
    """The store of a command that needs one (:class:`CliError` without)."""
    url = store_url(args)
    if url is None:
        raise CliError(
            f"say which database: --store postgresql://USER@HOST/DATABASE (or {STORE_ENV})"
        )
    return url


def postgres_modules() -> tuple[ModuleType, ModuleType, ModuleType]:
    """The PostgreSQL store's ``schema``, ``tables`` and ``records`` modules; :class:`CliError`
    saying how to install psycopg when it is missing."""
    try:
        from gardens_tui.server.store.postgres import records, schema, tables
    except ImportError as exc:
        raise CliError(f"the PostgreSQL store needs psycopg ({exc}): {INSTALL}") from None
    return schema, tables, records


def check_store(url: str) -> None:
    """Refuse (:class:`CliError`, the schema's message) a database the server cannot use."""
    schema, _tables, _records = postgres_modules()
    try:
        with schema.connect(url) as conn:
            schema.check_schema(conn)
    except schema.SchemaError as exc:
        raise CliError(scrubbed(str(exc), url)) from None
    except Exception as exc:  # psycopg's own errors, whatever the driver raises
        raise CliError(f"cannot use the store: {scrubbed(_first_line(exc), url)}") from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


# --- migrate ------------------------------------------------------------------------------------


def cmd_serve_migrate(args: argparse.Namespace) -> int:
    """``gardens serve migrate --store URL``: bring the schema to this version's."""
    url = required_store(args)
    schema, _tables, _records = postgres_modules()
    try:
        before, after = schema.migrate(url)
    except schema.SchemaError as exc:
        raise CliError(scrubbed(str(exc), url)) from None
    except Exception as exc:  # psycopg's own errors
        raise CliError(f"the schema was not migrated: {scrubbed(_first_line(exc), url)}") from None
    say(f"schema version {before} -> {after}" if before != after else f"already at {after}")
    return EXIT_OK


# --- password accounts --------------------------------------------------------------------------


def write_account(url: str, name: str, line: str) -> None:
    """Write ``line`` as ``name``'s password account into the store at ``url`` (``gardens
    serve passwd --store URL NAME``); :class:`CliError` when it cannot be."""
    _schema, _tables, records = postgres_modules()
    _store_errors(url, lambda: records.store_account(url, name, line))


# --- export and import --------------------------------------------------------------------------


def store_failure(exc: BaseException) -> bool:
    """Whether ``exc`` is the store's (its schema refused, unreachable, psycopg's errors and
    its pool's), said in one line rather than a traceback."""
    from gardens_tui.server.store.postgres.schema import SchemaError
    from gardens_tui.server.store.tables import StaleTable, StoreUnavailable

    if isinstance(exc, SchemaError | StaleTable | StoreUnavailable):
        return True
    return type(exc).__module__.split(".")[0] in ("psycopg", "psycopg_pool")


def _store_errors(url: str, work: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run the coroutine ``work()`` (a store's life), its errors made one line each."""
    postgres_modules()
    try:
        return asyncio.run(work())
    except Exception as exc:
        if not store_failure(exc):
            raise
        text = scrubbed(_first_line(exc), url)
        if type(exc).__module__.startswith("psycopg"):
            text = f"the store failed: {text}"
        raise CliError(text) from None


def cmd_serve_export(args: argparse.Namespace) -> int:
    """``gardens serve export --store URL --to FOLDER``: every table into FOLDER's files."""
    url = required_store(args)
    folder = Path(args.to)
    lines, failures = _store_errors(url, lambda: _export(url, folder))
    return _finish(lines, failures, "exported")


def cmd_serve_import(args: argparse.Namespace) -> int:
    """``gardens serve import --store URL --from FOLDER``: a file store's tables into the
    database."""
    url = required_store(args)
    folder = Path(args.source)
    if not folder.is_dir():
        raise CliError(f"{folder}: not a folder of tables")
    lines, failures = _store_errors(url, lambda: _import(url, folder))
    return _finish(lines, failures, "imported")


def _finish(lines: list[str], failures: int, done: str) -> int:
    for line in lines or ["no tables"]:
        say(line)
    if failures:
        raise CliError(f"{failures} table{'s' if failures != 1 else ''} not {done} (see above)")
    return EXIT_OK


def _is_seats_record(path: Path) -> bool:
    """Whether ``path`` holds a table's seats record (one that cannot be read does not)."""
    from gardens_tui.server.store.tables import META_FORMAT

    try:
        data = read_json_file(path)
    except SaveError:
        return False
    return isinstance(data, dict) and data.get("format") == META_FORMAT


async def _export(url: str, folder: Path) -> tuple[list[str], int]:
    from gardens_tui.saves.files import check_replaceable
    from gardens_tui.server.store.file_tables import SEATS_SUFFIX, FileTableStore
    from gardens_tui.server.store.postgres.tables import PostgresTableStore

    store = PostgresTableStore(url)
    hosted = await store.open(lambda change: None)
    lines: list[str] = []
    failures = 0
    try:
        codes = await store.codes()
        try:
            make_folder(folder)
        except (OSError, SaveError) as exc:
            raise CliError(f"{folder}: cannot be written: {exc}") from None
        files = FileTableStore(folder)
        files.writer.start()
        try:
            found = {table.code: table for table in hosted}
            for code in codes:
                table = found.get(code)
                if table is None:
                    lines.append(f"{code}: damaged in the store, not exported (see the log)")
                    failures += 1
                    continue
                try:
                    check_replaceable(folder / f"{code}.json")
                    check_replaceable(
                        folder / f"{code}{SEATS_SUFFIX}",
                        ours=_is_seats_record,
                        what="a gardens-tui seats record",
                    )
                    saved = [files.save_game(table), files.save_seats(table)]
                    for future in saved:
                        if future is not None:
                            await future
                except SaveError as exc:
                    lines.append(f"{code}: not exported: {exc}")
                    failures += 1
                    continue
                lines.append(
                    f"{code}: exported to {folder / (code + '.json')} "
                    f"({table.table.setup.game}, {len(table.table.actions)} actions, "
                    f"{len(table.holders)} seats held)"
                )
        finally:
            await files.close()
    finally:
        await store.close()
    return lines, failures


async def _import(url: str, folder: Path) -> tuple[list[str], int]:
    from gardens_tui.server.store.file_tables import SEATS_SUFFIX, load_table
    from gardens_tui.server.store.postgres.tables import PostgresTableStore
    from gardens_tui.server.store.tables import HostedTable, StaleTable, StoreUnavailable

    lines: list[str] = []
    failures = 0
    tables: list[HostedTable] = []
    for path in sorted(regular_json_files(folder)):  # as file_tables.load_tables reads them
        if not path.name.endswith(SEATS_SUFFIX):
            continue
        try:
            tables.append(load_table(path))
        except (OSError, SaveError) as exc:
            lines.append(f"{path.name[: -len(SEATS_SUFFIX)]}: damaged, not imported: {exc}")
            failures += 1
    store = PostgresTableStore(url)
    await store.open(lambda change: None)
    try:
        there = set(await store.codes())
        for hosted in tables:
            code = hosted.code
            if code in there:
                lines.append(f"{code}: skipped: the store has a table {code} already")
                continue
            hosted.store, hosted.stored_version = store, 0
            saved = store.save_game(hosted)
            try:
                if saved is not None:
                    await saved
            except StaleTable:
                lines.append(f"{code}: skipped: the store has a table {code} already")
                continue
            except StoreUnavailable as exc:
                lines.append(f"{code}: not imported: {scrubbed(str(exc), url)}")
                failures += 1
                continue
            lines.append(
                f"{code}: imported ({hosted.table.setup.game}, {len(hosted.table.actions)} "
                f"actions, {len(hosted.holders)} seats held)"
            )
    finally:
        await store.close()
    return lines, failures


# --- the parsers --------------------------------------------------------------------------------


def add_store_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--store URL`` (see the module docstring)."""
    parser.add_argument(
        "--store",
        metavar="URL",
        help=f"{what}: postgresql://USER@HOST[:PORT]/DATABASE (default: ${STORE_ENV})",
    )


def add_parsers(sub: Any) -> None:
    """``serve migrate``, ``serve export`` and ``serve import``."""
    text = (
        "create or upgrade the schema of a PostgreSQL store (run it before the first "
        "`gardens serve ssh --store URL`, and after upgrading gardens-tui)"
    )
    p = sub.add_parser("migrate", help=text, description=text)
    p.set_defaults(handler=cmd_serve_migrate)
    add_store_argument(p, "the database")
    text = (
        "write every table of a PostgreSQL store into a folder as the file store keeps them "
        "(CODE.json, a save `gardens check` accepts, and CODE.seats.json)"
    )
    p = sub.add_parser("export", help=text, description=text)
    p.set_defaults(handler=cmd_serve_export)
    add_store_argument(p, "the database")
    p.add_argument("--to", metavar="FOLDER", required=True, help="where the files go")
    text = (
        "insert the tables of a file store's folder (the tables folder of --saves) into a "
        "PostgreSQL store; a table whose code is there already is skipped"
    )
    p = sub.add_parser("import", help=text, description=text)
    p.set_defaults(handler=cmd_serve_import)
    add_store_argument(p, "the database")
    p.add_argument(
        "--from", dest="source", metavar="FOLDER", required=True, help="the folder of tables"
    )
