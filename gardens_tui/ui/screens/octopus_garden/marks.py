"""Which spaces to mark as "changed by the last moves" on the Octopus's Garden screen.

When the seat now deciding also made the latest decision (mid-turn), only that decision is
marked. Otherwise every decision since that seat last decided is marked, so a player coming back
to the keyboard sees everything the others (bots included) just did: their plantings, their moves,
the lines they bought and the refilled market spaces. Places come from the engine's target helpers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gardens_tui.rules.base import Action, GameState
from gardens_tui.rules.octopus_garden.targets import action_cells, action_market


@dataclass(slots=True)
class Marks:
    """Spaces changed by the last moves: garden cells per seat, market spaces."""

    gardens: dict[int, set[int]] = field(default_factory=dict)
    market: set[int] = field(default_factory=set)

    def garden(self, seat: int) -> set[int]:
        """The marked cells of ``seat``'s garden."""
        return self.gardens.get(seat, set())


def recent_moves(
    states: Sequence[GameState], actions: Sequence[Action]
) -> list[tuple[int, Action]]:
    """``(deciding seat, action)`` of the decisions to mark, latest first (see the module)."""
    if not actions:
        return []
    now = states[-1].current_player
    picked: list[tuple[int, Action]] = []
    for index in range(len(actions) - 1, -1, -1):
        seat = states[index].current_player
        if seat is None:
            break
        if seat == now or now is None:
            if not picked:
                picked.append((seat, actions[index]))
            break
        picked.append((seat, actions[index]))
    return picked


def last_marks(states: Sequence[GameState], actions: Sequence[Action]) -> Marks:
    """The :class:`Marks` of :func:`recent_moves`."""
    marks = Marks()
    for seat, action in recent_moves(states, actions):
        cells = action_cells(action)
        if cells:
            marks.gardens.setdefault(seat, set()).update(cells)
        marks.market.update(action_market(action))
    return marks
