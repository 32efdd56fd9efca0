"""Helpers (no tests) for the Seabed Neighbours rule tests: positions by hand, playing actions."""

from __future__ import annotations

from typing import Any

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.seabed.positions import make_position
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import CLAM_TILES, tile_name

GAME = get_game("seabed-neighbours")
PLAYERS = ("Ann", "Bob", "Cleo")


def position(
    seascape: list[tuple[int, int, str, int]], hand: list[str], **fields: Any
) -> SeabedState:
    """A 3-player position with ``seascape`` after the start tile and ``hand`` to place."""
    return make_position(PLAYERS, seascape, hand, **fields)


def play(state: SeabedState, *texts: str) -> SeabedState:
    """Apply each notation text in turn."""
    for text in texts:
        state = GAME.apply(state, GAME.read_action(state, text))
    return state


def refusal(state: SeabedState, text: str) -> str:
    """Why ``text`` is refused in ``state``, which it leaves as it was."""
    before = GAME.to_dict(state)
    with pytest.raises(IllegalAction) as info:
        play(state, text)
    assert GAME.to_dict(state) == before
    return str(info.value)


def no_clams() -> list[str]:
    """Every clam tile, to put aside so the clam stack is empty."""
    return [tile_name(k) for k in CLAM_TILES]


def only_clam(name: str) -> list[str]:
    """Every clam tile but ``name``, to put aside so that one is drawn."""
    return [tile_name(k) for k in CLAM_TILES if tile_name(k) != name]
