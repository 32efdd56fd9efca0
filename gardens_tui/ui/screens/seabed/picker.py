"""How Seabed Neighbours' legal actions are chosen on the screen (pure): which tiles of the
hand have a place, where a tile fits and in which turns, which tiles take a flag, a palace or a
whirlpool's return, and the negotiation's answers. Nothing here decides a rule: everything is
read from the seat view's legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from gardens_tui.rules.base import Action

PLACE_VERBS = ("place", "propose")
"""The verbs that put a tile down (``propose``: by propose and veto)."""

PIECE_VERBS = ("flag", "palace", "return")
"""The verbs that name a tile and a segment: a flag, a palace, a whirlpool's return."""

Cell = tuple[int, int]


def placements(legal: Sequence[Action], slot: int) -> dict[Cell, list[int]]:
    """Where hand tile ``slot`` (1-based) may go: place to its legal turns (degrees)."""
    out: dict[Cell, list[int]] = {}
    for action in legal:
        if action[0] in PLACE_VERBS and len(action) == 5 and action[1] == slot:
            out.setdefault((int(action[2]), int(action[3])), []).append(int(action[4]))
    return out


def slots(legal: Sequence[Action]) -> list[int]:
    """The hand tiles (1-based slots) that have a legal place, in order."""
    return sorted({int(a[1]) for a in legal if a[0] in PLACE_VERBS and len(a) == 5})


def place_verb(legal: Sequence[Action]) -> str | None:
    """``"place"`` or ``"propose"`` when the decision puts a tile down, else ``None``."""
    for action in legal:
        if action[0] in PLACE_VERBS:
            return str(action[0])
    return None


def piece_cells(legal: Sequence[Action]) -> dict[Cell, list[Action]]:
    """The tiles a flag, palace or return may name, with those actions (in the engine's
    order)."""
    out: dict[Cell, list[Action]] = {}
    for action in legal:
        if action[0] in PIECE_VERBS and len(action) == 4:
            out.setdefault((int(action[1]), int(action[2])), []).append(action)
    return out


def next_turn(turns: Sequence[int], current: int) -> int:
    """The next of ``turns`` clockwise after ``current`` (any of the four when ``turns`` is
    empty)."""
    options = sorted(turns) if turns else [0, 90, 180, 270]
    for degrees in options:
        if degrees > current:
            return degrees
    return options[0]


def fitting_turn(turns: Sequence[int], current: int) -> int:
    """``current`` if it is one of ``turns``, else the first of them clockwise from it (the
    preview follows the cursor to a place that needs another turn)."""
    if not turns or current in turns:
        return current
    return next_turn(turns, current)
