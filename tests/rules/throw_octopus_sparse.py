"""Hand-built Throw Octopus! positions on the sparse tile list (rules version 1's list).

The rule tests written for rules version 1 name tiles of the sparse list (``t49`` is its
``...o``). The rules they check (joins, turns, cards, solo) are the same with either list, so
they keep building their positions from the sparse list through these two helpers; tests of
the balanced list itself are in ``test_throw_octopus_tile_lists.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.throw_octopus import components
from gardens_tui.rules.throw_octopus.positions import make_position as _make_position
from gardens_tui.rules.throw_octopus.state import ThrowState

SPARSE = "sparse"


def make_position(
    players: Sequence[str],
    seascape: Sequence[tuple[int, int, str, int]],
    hands: Sequence[Sequence[str]],
    *,
    options: Mapping[str, Any] | None = None,
    **fields: Any,
) -> ThrowState:
    """:func:`gardens_tui.rules.throw_octopus.positions.make_position` on the sparse list."""
    chosen = {"tile-list": SPARSE, **(options or {})}
    return _make_position(players, seascape, hands, options=chosen, **fields)


def tile_id(name: str, tile_list: str = SPARSE) -> int | None:
    """The id of the sparse list's tile ``name``."""
    return components.tile_id(name, tile_list)
