"""A table the owner hosts, and the interface of the store that keeps it.

A :class:`HostedTable` is a game (a :class:`~gardens_tui.table.Table`) with who holds each seat,
who created it (its host), which absent seats the host gave to a bot (``stand_ins``) and the
host's time limit for each decision of a person (``turn_seconds``). Its :class:`TableStore`
keeps it; two implementations:

- :class:`~gardens_tui.server.store.file_tables.FileTableStore` (the embedded default): two
  files per table in the saves folder, ``CODE.json`` (an ordinary gardens-tui save: ``gardens
  open CODE.json`` opens it) and ``CODE.seats.json`` (the seats record below), written
  atomically off the event loop;
- :class:`~gardens_tui.server.store.postgres.tables.PostgresTableStore`: the tables in a
  PostgreSQL database that several front ends share; a change is one transaction that checks
  the table's version, and other front ends hear of it by LISTEN/NOTIFY.

The seats record, in both stores::

    {"format": "gardens-tui/server-table", "version": 1, "code": "K7QM",
     "host": {"identity": "key:SHA256:…", "name": "ann"},
     "holders": {"0": {"identity": "key:SHA256:…", "name": "ann"}},
     "stand_ins": {"1": "greedy"}, "turn_seconds": 60}

Pure Python: no UI, no asyncssh, no database driver.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from gardens_tui.bots import check_bot, make_bot
from gardens_tui.driver import Driver, bot_seed
from gardens_tui.storage import SaveError
from gardens_tui.table import Table

Saved: TypeAlias = "asyncio.Future[None] | None"
"""What a store returns for a change: a future that completes once the change is durable (or
fails: :class:`StaleTable`, :class:`StoreUnavailable`, or a
:class:`~gardens_tui.storage.SaveError`), or ``None`` (nothing to store)."""


class StaleTable(Exception):
    """Another front end changed the table first: this change was not stored (the table must
    be read back from the store and the change tried again on the new position)."""


class StoreUnavailable(Exception):
    """The store cannot be reached now (the database restarts, say): the change was not
    stored."""


@dataclass(frozen=True, slots=True)
class Change:
    """What another front end changed in a shared store: table ``code``'s game reached
    ``version`` (``kind="game"``), its seats ``version`` (``"seats"``), it was created
    (``"new"``), or ``line`` was said at it (``"chat"``); or front end ``line["from"]`` told
    the others something (:meth:`TableStore.tell`: ``"presence"``, ``"seated"``); or the store
    went out of reach (``"down"``) and came back (``"up"``)."""

    kind: str
    code: str
    version: int = 0
    line: dict[str, Any] | None = None


@dataclass(frozen=True)
class Stored:
    """What a store holds of a table: its game's version and actions (in notation), its seats'
    version and its seats."""

    version: int
    actions: list[str]
    seats_version: int
    seats: SeatsRecord


class TableStore(Protocol):
    """Where the owner's tables are kept (see the module docstring).

    Every method is called on the owner's event loop. A change handed over is durable once
    its future completes; changes to one table are stored in the order they were handed over.
    """

    shared: bool
    """Whether other front ends change the same tables (then they arrive as :class:`Change`)."""

    async def open(self, changed: Callable[[Change], None]) -> list[HostedTable]:
        """Start, and return every table kept; ``changed`` is called on the loop with what
        other front ends change from now on (never for a shared=False store)."""

    def save_game(self, hosted: HostedTable) -> Saved:
        """Store ``hosted``'s game as it is now (a new table: the whole table)."""

    def save_seats(self, hosted: HostedTable) -> Saved:
        """Store ``hosted``'s seats as they are now."""

    async def read(self, hosted: HostedTable) -> Stored | None:
        """What the store holds of ``hosted``'s table now, after the changes handed over before
        (``None``: no such table)."""

    async def load(self, code: str) -> HostedTable | None:
        """Table ``code`` as the store holds it now, kept by this store (``None``: no such
        table), for a table another front end created."""

    async def codes(self) -> list[str]:
        """The codes of every table the store holds."""

    def say(self, code: str, line: dict[str, Any]) -> None:
        """Pass a chat ``line`` at table ``code`` to the other front ends (shared stores)."""

    def tell(self, kind: str, data: dict[str, Any]) -> None:
        """Tell the other front ends something that is true only while this one runs (who is
        at its tables, who just sat down), not stored: they hear ``Change(kind,
        data.get("code", ""), line=data)`` with ``data["from"]`` naming this front end (shared
        stores)."""

    def leads(self, code: str) -> bool:
        """Whether this front end runs table ``code``'s bots and time limits now."""

    async def lead(self, code: str) -> bool:
        """Try to become the front end that runs ``code``'s bots and time limits (one at a
        time); whether this one does now."""

    async def close(self) -> None:
        """Store what was handed over, then stop."""


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
    """One table the owner hosts: the game, who holds each seat, and where it is stored
    (``store``; ``None``: nowhere). :meth:`save` and :meth:`save_holders` hand a change to the
    store; the ``stored_*`` fields are the store's bookkeeping of what it holds."""

    code: str
    table: Table
    store: TableStore | None = None
    holders: dict[int, Holder] = field(default_factory=dict)
    host: Holder | None = None
    """Who created the table: the one who may give an absent seat to a bot."""
    stand_ins: dict[int, str] = field(default_factory=dict)
    """Human seats a bot plays for now (seat to bot level)."""
    turn_seconds: int | None = None
    """The host's time limit for each decision of a person's seat (``None``: none)."""
    stored_plies: int = 0
    """How many of the table's first actions the store holds (or has been handed)."""
    stored_version: int = 0
    """The store's count of changes to the game (moves and undos) it holds or was handed."""
    stored_seats_version: int = 0
    """The store's count of changes to the seats it holds or was handed."""
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

    def take_seats(self, seats: SeatsRecord) -> None:
        """Take who holds which seat, the host, the stand-ins and the time limit from
        ``seats`` (read from the store: another front end changed them)."""
        changed = seats.stand_ins != self.stand_ins
        self.holders, self.host = dict(seats.holders), seats.host
        self.stand_ins, self.turn_seconds = dict(seats.stand_ins), seats.turn_seconds
        if changed:
            self._make_driver()

    def save(self) -> Saved:
        """Hand the table's position now to its store (see :class:`TableStore.save_game`)."""
        return None if self.store is None else self.store.save_game(self)

    def save_holders(self) -> Saved:
        """Hand who holds which seat to the store (see :class:`TableStore.save_seats`)."""
        return None if self.store is None else self.store.save_seats(self)

    def seats_record(self) -> SeatsRecord:
        """Who holds which seat, the host, the stand-ins and the time limit, as stored."""
        return SeatsRecord(self.holders, self.host, self.stand_ins, self.turn_seconds)

    def seat_of(self, identity: str) -> int | None:
        """The seat ``identity`` holds at this table, if any."""
        for seat, holder in self.holders.items():
            if holder.identity == identity:
                return seat
        return None


@dataclass(frozen=True)
class SeatsRecord:
    """The seat part of a stored table (see the module docstring for its JSON form)."""

    holders: dict[int, Holder]
    host: Holder | None
    stand_ins: dict[int, str]
    turn_seconds: int | None

    def to_dict(self, code: str) -> dict[str, Any]:
        """The JSON form of table ``code``'s seats (``CODE.seats.json``)."""
        return {
            "format": META_FORMAT,
            "version": META_VERSION,
            "code": code,
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

    def encode(self, code: str) -> bytes:
        """:meth:`to_dict` as the bytes of a seats file."""
        text = json.dumps(self.to_dict(code), ensure_ascii=False, indent=1)
        return (text + "\n").encode("utf-8")


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


def read_seats(data: Any, code: str, seats: int) -> SeatsRecord:
    """The seats record of table ``code`` (which has ``seats`` seats) from its JSON form;
    :class:`SaveError` saying what is wrong (an unknown format or version, another table's
    code, a seat the table lacks, a holder without identity, an unknown bot level, a time
    limit that is not one)."""
    if not isinstance(data, dict) or data.get("format") != META_FORMAT:
        raise SaveError("not a gardens-tui table file")
    if data.get("version") != META_VERSION:
        raise SaveError(f"unknown table file version {data.get('version')!r}")
    if data.get("code") != code:
        raise SaveError(f"the seats are not those of table {code}")
    holders = _read_holders(data.get("holders", {}), seats)
    stand_ins = _read_stand_ins(data.get("stand_ins", {}), seats)
    host = data.get("host")
    host = None if host is None else _read_holder(host, "host")
    seconds = data.get("turn_seconds")
    if seconds is not None and (type(seconds) is not int or not 0 < seconds <= 10**6):
        raise SaveError("turn_seconds: not a time limit")
    return SeatsRecord(holders, host, stand_ins, seconds)


def stored_code(data: Any) -> str:
    """The table code a seats record names; :class:`SaveError` when it names none."""
    code = data.get("code") if isinstance(data, dict) else None
    if not isinstance(code, str) or not CODE_RE.match(code):
        raise SaveError("no valid table code")
    return code


def hosted_table(
    code: str, table: Table, seats: SeatsRecord, store: TableStore | None = None
) -> HostedTable:
    """A hosted table as a store read it back."""
    return HostedTable(
        code,
        table,
        store,
        dict(seats.holders),
        seats.host,
        dict(seats.stand_ins),
        seats.turn_seconds,
        stored_plies=len(table.actions),
    )
