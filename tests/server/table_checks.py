"""Checks on a hosted table shared by the server tests that play one through terminals."""

from __future__ import annotations

import re

from gardens_tui.rules.throw_octopus.components import tile_name
from gardens_tui.table import Table, lone_action


def forced(table: Table) -> bool:
    """The pending decision has one legal action: the deciding screen plays it itself."""
    decision = table.state.decision
    seat = table.state.current_player
    if decision is None or seat is None:
        return False
    legal = table.game.legal_actions(table.game.view(table.state, seat))
    return lone_action(decision, legal) is not None


def tile_pattern(tiles: list[int]) -> bytes:
    """A regular expression matching any of ``tiles``' names (Throw Octopus!) as a whole
    word."""
    names = "|".join(re.escape(tile_name(tile)) for tile in tiles)
    return f"(?<![0-9A-Za-z])(?:{names})(?![0-9])".encode()
