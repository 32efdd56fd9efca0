"""Building positions by hand, for tests and quick rule checks.

``make_position`` lays named tiles on the seascape and deals named hands; every other tile goes
to the pile in a fixed order (the top given last). The result is validated like a loaded save.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.throw_octopus import serial
from gardens_tui.rules.throw_octopus.components import all_cards, tile_id, tile_name, tile_range
from gardens_tui.rules.throw_octopus.spec import SPEC, TILE_LIST_KEY
from gardens_tui.rules.throw_octopus.state import ThrowState


def make_position(
    players: Sequence[str],
    seascape: Sequence[tuple[int, int, str, int]],
    hands: Sequence[Sequence[str]],
    *,
    pile_top: Sequence[str] = (),
    pile: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    **fields: Any,
) -> ThrowState:
    """A position: ``seascape`` as ``(x, y, "t42", rotation)``, ``hands`` by tile name.

    The pile holds every other tile (``pile`` gives it exactly, the top last; otherwise
    ``pile_top`` are put on top, the last given on the very top). ``fields`` override any other
    saved field (``deck=[...]``, ``held=[[...]]``, ``phase=...``, ``active=...``).
    """
    n = len(players)
    tile_list = str(SPEC.normalise_options(options)[TILE_LIST_KEY])

    def number(name: str) -> int | None:
        return tile_id(name, tile_list)

    used = {number(t) for _, _, t, _ in seascape} | {number(t) for h in hands for t in h}
    used |= {number(t) for t in fields.get("discarded", [])}
    if pile is None:
        top = [number(t) for t in pile_top]
        rest = [t for t in tile_range(tile_list) if t not in used and t not in top]
        pile_ids = rest + [t for t in top if t is not None]
        pile = [tile_name(t) for t in pile_ids]
    data: dict[str, Any] = {
        "game": "throw-octopus",
        "players": list(players),
        "options": dict(options or {}),
        "rng": 12345,
        "active": 0,
        "turn": 1,
        "phase": "play",
        "hands": [sorted(h, key=lambda t: number(t) or 0) for h in hands],
        "pile": list(pile),
        "seascape": [list(c) for c in seascape],
        "deck": [] if n == 1 else sorted(all_cards()),
        "discard": [],
        "held": [[] for _ in range(n)],
        "lost": [0] * n,
        "creatures": [[0, 0] for _ in range(n)],
    }
    data.update(fields)
    return serial.from_dict(data)
