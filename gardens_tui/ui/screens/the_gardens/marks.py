"""Which cards to light as "the last moves" on The Gardens screen: the walks.

Which decisions are marked is the shared rule of
:mod:`gardens_tui.ui.widgets.action_picker_marks` (mid-turn: the latest decision; at a new turn:
everything since the seat deciding now last decided). What one take changed is read from the
views before and after it (:func:`walk_changes`): the card placed and every cell its visitor
walked past, from where the visitor stood before to the new card (the cards it *saw*; the log
says what they scored). A reservation marks the reserved display card.

The seat deciding now also sees its own latest walk (:func:`own_walk`), so that a player still
sees where their visitor went while the others play, until their next take.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from gardens_tui.rules.base import GameState
from gardens_tui.rules.the_gardens.components import COLUMNS
from gardens_tui.rules.the_gardens.state import GardensState
from gardens_tui.seats import LogStep
from gardens_tui.ui.widgets.action_picker import Place
from gardens_tui.ui.widgets.action_picker_marks import History
from gardens_tui.ui.widgets.action_picker_marks import last_marks as shared_last_marks

WALKS = "walks"
"""The board name of the marks' mat cells (cells are ``(seat, cell)``)."""

DISPLAY_MARKS = "display"
"""The board name of the marked display places."""


@dataclass(slots=True)
class Walks:
    """Cells lit by the last moves, per seat; marked display places."""

    cells: dict[int, set[int]] = field(default_factory=dict)
    display: set[tuple[int, int]] = field(default_factory=set)

    def of(self, seat: int) -> set[int]:
        """The lit cells of ``seat``'s mat."""
        return self.cells.get(seat, set())


def walk_cells(before: GardensState, after: GardensState) -> Iterator[tuple[int, int]]:
    """``(seat, cell)`` of the card ``after.last`` placed and the cells its walk saw."""
    if not after.last or (before.last == after.last and before.turn == after.turn):
        return
    seat, row, column = after.last
    if before.mats[seat] == after.mats[seat]:
        return
    start = before.visitors[seat][row]
    low, high = sorted((start, column))
    for c in range(low, high + 1):
        yield seat, row * COLUMNS + c


def walk_changes(before: GameState, after: GameState, step: LogStep) -> Iterator[Place]:
    """The places one decision changed (a take's walk, a reservation)."""
    assert isinstance(before, GardensState) and isinstance(after, GardensState)
    for cell in walk_cells(before, after):
        yield Place(WALKS, cell)
    if after.reserved and after.reserved != before.reserved:
        yield Place(DISPLAY_MARKS, (after.reserved[0], after.reserved[1]))


OWN_WINDOW = 16
"""How many decisions back :func:`own_walk` looks (a round of four players is twelve takes)."""


def own_walk(history: History) -> set[tuple[int, int]]:
    """``(seat, cell)`` of the latest walk of the seat deciding now (within
    :data:`OWN_WINDOW` decisions; nothing once the game is over)."""
    decision = history.decision()
    if decision is None:
        return set()
    for step in reversed(history.log(max(history.length - OWN_WINDOW, 0))):
        if step.seat == decision.seat:
            before, after = history.view_at(step.index - 1), history.view_at(step.index)
            assert isinstance(before, GardensState) and isinstance(after, GardensState)
            return set(walk_cells(before, after))
    return set()


def last_walks(history: History) -> Walks:
    """The :class:`Walks` of the decisions to mark on a seat view (see the module docstring)."""
    shared = shared_last_marks(history, walk_changes)
    walks = Walks()
    cells = {cell for cell in shared.on(WALKS) if isinstance(cell, tuple)} | own_walk(history)
    for seat, index in cells:
        walks.cells.setdefault(seat, set()).add(index)
    walks.display = {p for p in shared.on(DISPLAY_MARKS) if isinstance(p, tuple)}
    return walks
