"""Which spaces to mark as "changed by the last moves" on the Octopus's Garden screen.

Which decisions are marked is the shared rule of :mod:`gardens_tui.ui.widgets.action_picker_marks`
(mid-turn: the latest decision; at a new turn: everything since the seat deciding now last
decided). What one decision changed is read from the seat's views before and after it
(:func:`og_changes`): the garden spaces whose pieces changed, in every garden, and the market
spaces whose tile or claiming shark changed. The player coming back to the keyboard sees the
others' plantings, their moves, the lines they bought and the refilled market spaces.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from gardens_tui.rules.base import GameState
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.seats import LogStep
from gardens_tui.ui.widgets.action_picker import Place
from gardens_tui.ui.widgets.action_picker_marks import History
from gardens_tui.ui.widgets.action_picker_marks import last_marks as shared_last_marks

GARDENS = "gardens"
"""The board name of the marks' garden spaces (cells are ``(seat, space)``)."""

MARKET = "market"
"""The board name of the marks' market spaces."""


@dataclass(slots=True)
class Marks:
    """Spaces changed by the last moves: garden cells per seat, market spaces."""

    gardens: dict[int, set[int]] = field(default_factory=dict)
    market: set[int] = field(default_factory=set)

    def garden(self, seat: int) -> set[int]:
        """The marked cells of ``seat``'s garden."""
        return self.gardens.get(seat, set())


def og_changes(before: GameState, after: GameState, step: LogStep) -> Iterator[Place]:
    """The places one decision changed: ``(GARDENS, (seat, space))`` and ``(MARKET, space)``."""
    assert isinstance(before, OctopusState) and isinstance(after, OctopusState)
    for seat, (old, new) in enumerate(zip(before.gardens, after.gardens, strict=True)):
        if old != new:
            for space, stack in enumerate(new):
                if stack != old[space]:
                    yield Place(GARDENS, (seat, space))
    old_market, new_market = before.market, after.market
    old_claims, new_claims = before.claims, after.claims
    for space, code in enumerate(new_market):
        if code != old_market[space] or new_claims[space] != old_claims[space]:
            yield Place(MARKET, space)


def last_marks(history: History) -> Marks:
    """The :class:`Marks` of the decisions to mark on a seat view (see the module docstring)."""
    shared = shared_last_marks(history, og_changes)
    marks = Marks(market={space for space in shared.on(MARKET) if isinstance(space, int)})
    for cell in shared.on(GARDENS):
        assert isinstance(cell, tuple)
        seat, space = cell
        marks.gardens.setdefault(seat, set()).add(space)
    return marks
