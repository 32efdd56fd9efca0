"""Building positions by hand, for tests and quick rule checks.

``make_position`` lays named tiles after the start tile and sets the hand; every other regular
tile goes to the pile and every other clam tile to the clam stack. The result is validated like
a loaded save.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.seabed import serial
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import CLAM_TILES, TYPE_BY_NAME, regular_pile, tile_name


def make_position(
    players: Sequence[str],
    seascape: Sequence[tuple[int, int, str, int]],
    hand: Sequence[str] = (),
    *,
    options: Mapping[str, Any] | None = None,
    **fields: Any,
) -> SeabedState:
    """A position: ``seascape`` as ``(x, y, "t12", degrees)`` after the start tile at 0,0;
    ``hand`` by tile name (a clam tile given as ``clam="c3"`` is the extra turn's tile).
    ``fields`` override any other saved field (``flags=[...]``, ``phase=...``, ``step=2``,
    ``team=...``, ``supply=...``); the supply is worked out from ``flags`` unless given."""
    n = len(players)
    used = Counter(TYPE_BY_NAME[name] for _, _, name, _ in seascape)
    used.update(TYPE_BY_NAME[name] for name in hand)
    used.update(TYPE_BY_NAME[name] for name in fields.get("removed", []))
    if fields.get("clam"):
        used[TYPE_BY_NAME[fields["clam"]]] += 1
    pile = Counter(regular_pile())
    pile.subtract(used)
    clams = Counter(CLAM_TILES)
    clams.subtract(used)
    flags = fields.get("flags", [])
    supply = [
        [
            5 - sum(1 for f in flags if f[0] == t and f[4] == "flag"),
            3 - sum(1 for f in flags if f[0] == t and f[4] == "palace"),
        ]
        for t in range(n)
    ]
    data: dict[str, Any] = {
        "game": "seabed-neighbours",
        "players": list(players),
        "options": dict(options or {}),
        "rng": 12345,
        "active": 0,
        "turn": 2,
        "phase": "place",
        "pile": [tile_name(k) for k in sorted(pile.elements())],
        "clams": [tile_name(k) for k in sorted(clams.elements())],
        "hand": list(hand),
        "clam": None,
        "removed": [],
        "seascape": [[0, 0, "start", 0], *[list(c) for c in seascape]],
        "flags": [],
        "supply": supply,
        "piles": [[0] * 5 for _ in range(n)],
        "last": [None] * n,
        "step": 1,
        "team": 0,
    }
    data.update(fields)
    return serial.from_dict(data)
