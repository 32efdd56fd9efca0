"""Which garden spaces and market spaces an action points at, for screens to highlight.

Garden spaces always belong to the garden of the seat deciding (``state.current_player``).
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden.board import market_line

_CELL_VERBS = {"plant", "move", "mimic", "coconut", "push"}
_MARKET_VERBS = {"pass", "refill", "claim", "lionfish"}


def action_cells(action: Action) -> tuple[int, ...]:
    """Garden spaces the action names: ``(cell,)`` for a planting, a declaration or the coconut
    octopus, ``(from, to)`` for a move or a push, ``()`` otherwise."""
    verb = action[0]
    if verb not in _CELL_VERBS:
        return ()
    if verb == "plant":
        return (action[2],) if len(action) == 3 else ()
    if verb == "move":
        return (action[2], action[3])
    if verb == "push":
        return (action[1], action[2])
    return (action[1],)


def action_market(action: Action) -> tuple[int, ...]:
    """Market spaces the action names: one space, the three spaces of a bought line, or ``()``."""
    verb = action[0]
    if verb == "buy":
        return market_line(action[1], action[2])
    if verb in _MARKET_VERBS and len(action) == 2:
        return (action[1],)
    return ()


def action_target(action: Action) -> tuple[str, int] | None:
    """The one place a cursor should select to choose this action, or ``None``.

    ``("cell", id)`` — the destination garden space (``to`` of a move or push); ``("market",
    index)`` — the market space; a bought line has no single target (``None``), nor do actions
    without a place (``oyster``, ``done``, ``skip``, ``release``, ``treasure``…).
    """
    cells = action_cells(action)
    if cells:
        return ("cell", cells[-1])
    if action[0] != "buy":
        spaces = action_market(action)
        if spaces:
            return ("market", spaces[0])
    return None
