"""Who is at which table on the other front ends of a shared store.

With several front ends, each knows only its own connections; the lobby's "away" marks and
spectator counts need everyone's. Each front end announces, through the store, who is at each
table on it: at once for a table whose people changed, and every :data:`PRESENCE_INTERVAL`
seconds for all of its tables (so a front end started later learns it, and one that died is
forgotten after :data:`PRESENCE_TTL` seconds without news). An announcement is a small JSON
object ``{code: {"seats": [seat, ...], "watchers": n}}`` (split into several when it would not
fit in one notification); :class:`Presence` keeps what each front end said, checked, because it
arrives from outside this process.

Pure Python: no asyncio.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from gardens_tui.server.store.tables import CODE_RE

PRESENCE_INTERVAL = 10.0
"""Seconds between a front end's announcements of all its tables."""

PRESENCE_TTL = 3 * PRESENCE_INTERVAL
"""Seconds after which what a front end announced is forgotten unless it says it again."""

MAX_ANNOUNCEMENT = 6000
"""Bytes of one announcement (PostgreSQL's notifications carry at most 8000)."""

MAX_SEATS = 64
"""Seats a table may have at most (anything beyond is not believed)."""

Entry = dict[str, Any]


class Presence:
    """What the other front ends announced (see the module docstring)."""

    def __init__(self) -> None:
        self._heard: dict[str, dict[str, tuple[frozenset[int], int, float]]] = {}

    def heard(self, front_end: Any, tables: Any, now: float) -> bool:
        """Take ``front_end``'s announcement ``tables`` (heard at ``now``); whether it was
        well-formed (a malformed one changes nothing)."""
        if not isinstance(tables, dict) or not isinstance(front_end, str):
            return False
        taken: dict[str, tuple[frozenset[int], int, float]] = {}
        for code, entry in tables.items():
            if not isinstance(code, str) or not CODE_RE.match(code) or not isinstance(entry, dict):
                return False
            seats, watchers = entry.get("seats"), entry.get("watchers")
            if not isinstance(seats, list) or len(seats) > MAX_SEATS:
                return False
            if not all(type(s) is int and 0 <= s < MAX_SEATS for s in seats):
                return False
            if type(watchers) is not int or not 0 <= watchers <= 100_000:
                return False
            taken[code] = (frozenset(seats), watchers, now)
        self._heard.setdefault(front_end, {}).update(taken)
        return True

    def at(self, code: str, now: float) -> tuple[frozenset[int], int]:
        """The seats present at table ``code`` on other front ends, and its spectators there,
        as announced within :data:`PRESENCE_TTL` seconds of ``now``."""
        seats: set[int] = set()
        watchers = 0
        for tables in self._heard.values():
            entry = tables.get(code)
            if entry is not None and now - entry[2] <= PRESENCE_TTL:
                seats |= entry[0]
                watchers += entry[1]
        return frozenset(seats), watchers

    def forget_old(self, now: float) -> None:
        """Drop what was announced more than :data:`PRESENCE_TTL` seconds before ``now``."""
        for front_end in list(self._heard):
            tables = self._heard[front_end]
            for code in [c for c, entry in tables.items() if now - entry[2] > PRESENCE_TTL]:
                del tables[code]
            if not tables:
                del self._heard[front_end]


def entries(at_tables: Iterable[tuple[str, int | None]]) -> dict[str, Entry]:
    """The announcement of this front end's connections, each given as ``(table code, seat
    or None when watching)``."""
    tables: dict[str, Entry] = {}
    for code, seat in at_tables:
        entry = tables.setdefault(code, {"seats": [], "watchers": 0})
        if seat is None:
            entry["watchers"] += 1
        elif seat not in entry["seats"]:
            entry["seats"].append(seat)
    return tables


def split(tables: dict[str, Entry]) -> list[dict[str, Entry]]:
    """``tables`` in parts whose JSON each fits in :data:`MAX_ANNOUNCEMENT` bytes."""
    parts: list[dict[str, Entry]] = [{}]
    size = 2
    for code, entry in tables.items():
        length = len(json.dumps({code: entry})) + 2
        if size + length > MAX_ANNOUNCEMENT and parts[-1]:
            parts.append({})
            size = 2
        parts[-1][code] = entry
        size += length
    return parts
