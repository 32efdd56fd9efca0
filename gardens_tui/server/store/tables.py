"""A table the owner hosts: the game, who holds each seat, and its files in the saves folder.

Each hosted table is two files in the owner's saves folder, both written atomically through
:mod:`gardens_tui.storage`, by the owner's :class:`~gardens_tui.server.store.writer.TableWriter`
off its event loop when it has one (:meth:`HostedTable.save` then returns a future that
completes once the file is on disk):

- ``CODE.json``: an ordinary gardens-tui save (``gardens open CODE.json`` opens it), rewritten
  after every change to the table;
- ``CODE.seats.json``: who holds which seat, who created the table (its host) and which absent
  seats the host gave to a bot (``stand_ins``: seat to bot level) and the host's time limit for
  each decision of a person (``turn_seconds``, optional), rewritten when that changes::

    {"format": "gardens-tui/server-table", "version": 1, "code": "K7QM",
     "host": {"identity": "key:SHA256:…", "name": "ann"},
     "holders": {"0": {"identity": "key:SHA256:…", "name": "ann"}},
     "stand_ins": {"1": "greedy"}, "turn_seconds": 60}

:func:`load_tables` reads them all back after a restart; a damaged pair is skipped with its
reason, never fatal.

Pure Python: no UI, no asyncssh.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

from gardens_tui import saves
from gardens_tui.bots import check_bot, make_bot
from gardens_tui.driver import Driver, bot_seed
from gardens_tui.saves.envelope import snapshot
from gardens_tui.saves.files import check_replaceable, encode_snapshot
from gardens_tui.server.store.writer import TableWriter
from gardens_tui.storage import (
    SaveError,
    locked,
    read_json_file,
    regular_json_files,
    replace_file,
)
from gardens_tui.table import Table

Saved: TypeAlias = "asyncio.Future[None] | None"
"""What a write returns: a future that completes once the file is on disk (with a writer), or
``None`` (written already, or nothing to write)."""

log = logging.getLogger(__name__)

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits of table codes: none that are easily mistaken for another (0/O, 1/I/L)."""

CODE_LENGTH = 4

CODE_RE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")

META_FORMAT = "gardens-tui/server-table"
META_VERSION = 1


def new_code(taken: set[str] | dict[str, Any]) -> str:
    """A random table code not in ``taken`` (4 characters of :data:`CODE_ALPHABET`)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def normal_code(text: str) -> str | None:
    """``text`` as a table code (upper-cased, spaces removed), or ``None`` if it is not one."""
    code = text.strip().upper()
    return code if CODE_RE.match(code) else None


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a seat: the identity the SSH server vouched for, and the name it shows."""

    identity: str
    name: str


@dataclass(eq=False)
class HostedTable:
    """One table the owner hosts (see the module docstring). ``folder`` is where its files go
    (``None``: nothing is saved)."""

    code: str
    table: Table
    folder: Path | None = None
    holders: dict[int, Holder] = field(default_factory=dict)
    host: Holder | None = None
    """Who created the table: the one who may give an absent seat to a bot."""
    stand_ins: dict[int, str] = field(default_factory=dict)
    """Human seats a bot plays for now (seat to bot level)."""
    turn_seconds: int | None = None
    """The host's time limit for each decision of a person's seat (``None``: none)."""
    writer: TableWriter | None = None
    """Writes the files off the event loop (``None``: at once, in the caller's thread)."""
    driver: Driver = field(init=False)

    def __post_init__(self) -> None:
        self._make_driver()

    def _make_driver(self) -> None:
        seed = self.table.setup.seed
        bots = {
            seat: make_bot(level, bot_seed(seed, seat)) for seat, level in self.stand_ins.items()
        }
        self.driver = Driver(self.table, bots)

    def set_stand_in(self, seat: int, level: str | None) -> Saved:
        """Let a bot of ``level`` play human ``seat`` from now on (``None``: a person again);
        what :meth:`save_holders` returns. ``ValueError`` for an unknown level or a refused
        budget (:func:`~gardens_tui.bots.parse_bot`)."""
        if level is not None:
            level = check_bot(level)
        if level is None:
            self.stand_ins.pop(seat, None)
        else:
            self.stand_ins[seat] = level
        self._make_driver()
        return self.save_holders()

    def save(self) -> Saved:
        """Write the table's save (its position now): through the :attr:`writer`, whose future
        completes once it is on disk, or at once without one (``None``). A failure is logged,
        never raised (the game goes on)."""
        folder = self.folder
        if folder is None:
            return None
        table = self.table
        data, game, state = snapshot(table), table.game, table.state  # as it is now
        path = folder / f"{self.code}.json"

        def make() -> bytes:
            check_replaceable(path)
            return encode_snapshot(data, game, state)

        return self._write(folder, path.name, make, "not saved")

    def save_holders(self) -> Saved:
        """Write who holds which seat (as :meth:`save` writes the game)."""
        folder = self.folder
        if folder is None:
            return None
        data = {
            "format": META_FORMAT,
            "version": META_VERSION,
            "code": self.code,
            "host": None
            if self.host is None
            else {"identity": self.host.identity, "name": self.host.name},
            "stand_ins": {str(seat): level for seat, level in sorted(self.stand_ins.items())},
            "turn_seconds": self.turn_seconds,
            "holders": {
                str(seat): {"identity": holder.identity, "name": holder.name}
                for seat, holder in sorted(self.holders.items())
            },
        }
        encoded = (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
        name = f"{self.code}.seats.json"
        return self._write(folder, name, lambda: encoded, "seat holders not saved")

    def _write(self, folder: Path, name: str, make: Callable[[], bytes], failed: str) -> Saved:
        if self.writer is None:
            try:
                with locked(folder / name) as target:
                    replace_file(target, make())
            except (OSError, SaveError) as exc:
                log.error("table %s: %s: %s", self.code, failed, exc)
            return None
        future = self.writer.write(folder, name, make)

        def logged(done: asyncio.Future[None]) -> None:
            if not done.cancelled() and done.exception() is not None:
                log.error("table %s: %s: %s", self.code, failed, done.exception())

        future.add_done_callback(logged)
        return future

    def seat_of(self, identity: str) -> int | None:
        """The seat ``identity`` holds at this table, if any."""
        for seat, holder in self.holders.items():
            if holder.identity == identity:
                return seat
        return None


def _read_holder(value: Any, where: str) -> Holder:
    if (
        not isinstance(value, dict)
        or not isinstance(value.get("identity"), str)
        or not isinstance(value.get("name"), str)
    ):
        raise SaveError(f"{where}: a holder needs an identity and a name")
    return Holder(value["identity"], value["name"])


def _seat_keys(data: Any, seats: int, what: str) -> dict[int, Any]:
    if not isinstance(data, dict):
        raise SaveError(f"{what} must be an object")
    found: dict[int, Any] = {}
    for key, value in data.items():
        if not key.isdigit() or not 0 <= int(key) < seats:
            raise SaveError(f"{what}: no seat {key[:20]!r} at this table")
        found[int(key)] = value
    return found


def _read_holders(data: Any, seats: int) -> dict[int, Holder]:
    return {
        seat: _read_holder(value, f"seat {seat}")
        for seat, value in _seat_keys(data, seats, "holders").items()
    }


def _read_stand_ins(data: Any, seats: int) -> dict[int, str]:
    stand_ins = _seat_keys(data, seats, "stand_ins")
    for seat, level in stand_ins.items():
        try:
            if not isinstance(level, str):
                raise ValueError("not a level string")
            check_bot(level)
        except ValueError:
            raise SaveError(f"stand_ins: seat {seat}: unknown bot level") from None
    return stand_ins


def load_table(meta_path: Path, writer: TableWriter | None = None) -> HostedTable:
    """The hosted table whose seat file is ``meta_path`` (and whose save lies beside it);
    :class:`SaveError` saying what is wrong."""
    data = read_json_file(meta_path)
    if not isinstance(data, dict) or data.get("format") != META_FORMAT:
        raise SaveError("not a gardens-tui table file", meta_path)
    if data.get("version") != META_VERSION:
        raise SaveError(f"unknown table file version {data.get('version')!r}", meta_path)
    code = data.get("code")
    if not isinstance(code, str) or not CODE_RE.match(code):
        raise SaveError("no valid table code", meta_path)
    if meta_path.name != f"{code}.seats.json":
        raise SaveError(f"the file name does not match its code {code}", meta_path)
    table = saves.load_table(meta_path.parent / f"{code}.json")
    try:
        holders = _read_holders(data.get("holders", {}), len(table.seats))
        stand_ins = _read_stand_ins(data.get("stand_ins", {}), len(table.seats))
        host = data.get("host")
        host = None if host is None else _read_holder(host, "host")
        seconds = data.get("turn_seconds")
        if seconds is not None and (type(seconds) is not int or not 0 < seconds <= 10**6):
            raise SaveError("turn_seconds: not a time limit")
    except SaveError as exc:
        raise SaveError(exc.reason, meta_path) from None
    return HostedTable(code, table, meta_path.parent, holders, host, stand_ins, seconds, writer)


def load_tables(folder: Path, writer: TableWriter | None = None) -> dict[str, HostedTable]:
    """Every hosted table saved in ``folder``, by code, writing through ``writer`` from now
    on; damaged ones are logged and skipped."""
    tables: dict[str, HostedTable] = {}
    for path in sorted(regular_json_files(folder)):
        if not path.name.endswith(".seats.json"):
            continue
        try:
            hosted = load_table(path, writer)
        except (OSError, SaveError) as exc:
            log.error("table not restored: %s", exc)
            continue
        tables[hosted.code] = hosted
    return tables
