"""The embedded table store: each hosted table as two files in the owner's saves folder.

``CODE.json`` is an ordinary gardens-tui save (``gardens open CODE.json`` opens it), rewritten
after every change to the game; ``CODE.seats.json`` is the table's seats record
(:class:`~gardens_tui.server.store.tables.SeatsRecord`), rewritten when the seats change. Both
are written atomically through :mod:`gardens_tui.storage` by a
:class:`~gardens_tui.server.store.writer.TableWriter` thread, off the event loop, several
tables at a time; a change's future completes once its file is on disk. One process owns the
folder: nobody else changes these tables (``shared`` is False), so a change is never stale.

:meth:`FileTableStore.open` (and :func:`load_tables`) read every table back after a restart; a
damaged pair is skipped with its reason, never fatal.

Pure Python: no UI, no asyncssh.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gardens_tui import saves
from gardens_tui.saves.envelope import snapshot
from gardens_tui.saves.files import check_replaceable, encode_snapshot
from gardens_tui.server.store.tables import (
    Change,
    HostedTable,
    Saved,
    Stored,
    TableStore,
    hosted_table,
    read_seats,
    stored_code,
)
from gardens_tui.server.store.writer import TableWriter
from gardens_tui.storage import SaveError, make_folder, read_json_file, regular_json_files

log = logging.getLogger(__name__)

SEATS_SUFFIX = ".seats.json"


class FileTableStore:
    """The tables in ``folder`` (see the module docstring)."""

    shared = False

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.writer = TableWriter()

    async def open(self, changed: Callable[[Change], None]) -> list[HostedTable]:
        """Start the writer and read every table in the folder (``changed`` is never called:
        nobody else writes here)."""
        make_folder(self.folder)
        self.writer.start()
        return list(load_tables(self.folder, self).values())

    def save_game(self, hosted: HostedTable) -> Saved:
        """Rewrite ``CODE.json`` with the table's position now; a failure is logged (the game
        goes on) and fails the future."""
        table = hosted.table
        data, game, state = snapshot(table), table.game, table.state  # as it is now
        path = self.folder / f"{hosted.code}.json"
        hosted.stored_plies = len(table.actions)

        def make() -> bytes:
            check_replaceable(path)
            return encode_snapshot(data, game, state)

        return self._write(hosted.code, path.name, make, "not saved")

    def save_seats(self, hosted: HostedTable) -> Saved:
        """Rewrite ``CODE.seats.json`` (as :meth:`save_game`)."""
        encoded = hosted.seats_record().encode(hosted.code)
        name = f"{hosted.code}{SEATS_SUFFIX}"
        return self._write(hosted.code, name, lambda: encoded, "seat holders not saved")

    def _write(self, code: str, name: str, make: Callable[[], bytes], failed: str) -> Saved:
        future = self.writer.write(self.folder, name, make)

        def logged(done: asyncio.Future[None]) -> None:
            if not done.cancelled() and done.exception() is not None:
                log.error("table %s: %s: %s", code, failed, done.exception())

        future.add_done_callback(logged)
        return future

    async def read(self, hosted: HostedTable) -> Stored | None:
        """What the folder holds of ``hosted`` (never needed: nobody else writes here)."""
        try:
            stored = load_table(self.folder / f"{hosted.code}{SEATS_SUFFIX}")
        except (OSError, SaveError):
            return None
        return Stored(0, stored.table.notation(), 0, stored.seats_record())

    async def load(self, code: str) -> HostedTable | None:
        """Table ``code`` from the folder (``None``: none, or damaged)."""
        try:
            return load_table(self.folder / f"{code}{SEATS_SUFFIX}", self)
        except (OSError, SaveError):
            return None

    async def codes(self) -> list[str]:
        """The codes of the tables in the folder."""
        return sorted(load_tables(self.folder))

    def say(self, code: str, line: dict[str, Any]) -> None:
        """Nothing: no other front end hears this folder's tables."""

    def tell(self, kind: str, data: dict[str, Any]) -> None:
        """Nothing: no other front end serves this folder's tables."""

    def leads(self, code: str) -> bool:
        """Always: this process is the only one."""
        return True

    async def lead(self, code: str) -> bool:
        """Always: this process is the only one."""
        return True

    async def close(self) -> None:
        """Write what waits, then stop the writer."""
        await asyncio.to_thread(self.writer.stop)


def load_table(meta_path: Path, store: TableStore | None = None) -> HostedTable:
    """The hosted table whose seats file is ``meta_path`` (and whose save lies beside it),
    kept by ``store`` from now on; :class:`SaveError` saying what is wrong."""
    data = read_json_file(meta_path)
    try:
        code = stored_code(data)
        if meta_path.name != f"{code}{SEATS_SUFFIX}":
            raise SaveError(f"the file name does not match its code {code}")
        table = saves.load_table(meta_path.parent / f"{code}.json")
        seats = read_seats(data, code, len(table.seats))
    except SaveError as exc:
        if exc.path is not None:
            raise
        raise SaveError(exc.reason, meta_path) from None
    return hosted_table(code, table, seats, store)


def load_tables(folder: Path, store: TableStore | None = None) -> dict[str, HostedTable]:
    """Every hosted table saved in ``folder``, by code, kept by ``store`` from now on; damaged
    ones are logged and skipped."""
    tables: dict[str, HostedTable] = {}
    for path in sorted(regular_json_files(folder)):
        if not path.name.endswith(SEATS_SUFFIX):
            continue
        try:
            hosted = load_table(path, store)
        except (OSError, SaveError) as exc:
            log.error("table not restored: %s", exc)
            continue
        tables[hosted.code] = hosted
    return tables
