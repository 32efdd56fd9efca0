"""Hand-built Throw Octopus! positions on the sparse tile list (rules version 1's list).

The rule tests written for rules version 1 name tiles of the sparse list (``t49`` is its
``...o``). The rules they check (joins, turns, cards, solo) are the same with either list, so
they keep building their positions from the sparse list through these two helpers; tests of
the balanced list itself are in ``test_throw_octopus_tile_lists.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng, seed_state
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


def first_locked_game(
    players: Sequence[str], accept: Callable[[ThrowState, ThrowState], bool]
) -> tuple[ThrowState, ThrowState]:
    """The first locked-game reset that ``accept(before, after)`` takes, in random games on the
    sparse list (it locks often enough to find one), seeds 0-39: the position before the
    action that reset the seascape, and the one after."""
    game = get_game("throw-octopus")
    for seed in range(40):
        s = game.new_game(players, {"tile-list": SPARSE}, seed)
        rng = Rng(seed_state(seed))
        while not s.over:
            before = s
            s = game.apply(s, rng.choice(game.legal_actions(s)))
            if any(line.startswith("Locked game") for line in s.events) and accept(before, s):
                return before, s
    raise AssertionError("no locked game in the random games of seeds 0-39")
