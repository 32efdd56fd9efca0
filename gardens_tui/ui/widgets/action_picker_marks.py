"""What changed since the seat deciding now last decided: the places boards mark as "last moves".

When the seat deciding now also made the latest decision (mid-turn), only that decision is
marked. Otherwise every decision since that seat last decided is, so a player coming back to the
keyboard sees everything the others (bots included) just did. Once the game is over, the last
decision is marked.

The decisions come from the seat view's log (:meth:`SeatView.log
<gardens_tui.seats.SeatView.log>`), and what each one changed from the views before and after it
(:meth:`SeatView.view_at <gardens_tui.seats.SeatView.view_at>`), compared by the game
(:data:`Changes`): nothing is marked that the viewer may not see, and nothing needs the actions
themselves (another seat's action may be a secret). Each decision is compared on its own, so a
space emptied and refilled within the marked decisions is marked.

Pure Python: no Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from gardens_tui.rules.base import Decision, GameState
from gardens_tui.seats import LogStep
from gardens_tui.ui.widgets.action_picker import Cell, Place


class History(Protocol):
    """The part of a :class:`~gardens_tui.seats.SeatView` the marks read."""

    @property
    def length(self) -> int:
        """How many decisions have been made."""
        ...

    def decision(self) -> Decision | None:
        """The pending decision (``None`` once the game is over)."""
        ...

    def log(self, since: int = 0) -> list[LogStep]:
        """The steps after position ``since``."""
        ...

    def view_at(self, index: int) -> GameState:
        """Position ``index`` as the viewer may see it."""
        ...


Changes = Callable[[GameState, GameState, LogStep], Iterable[Place]]
"""A game's comparison of the views before and after one decision (``step``): the places whose
drawing changed."""


@dataclass(slots=True)
class Marks:
    """The places to mark, per board."""

    places: dict[str, set[Cell]] = field(default_factory=dict)

    def on(self, board: str) -> set[Cell]:
        """The marked cells of ``board``."""
        return self.places.get(board, set())


def marked_steps(history: History, window: int = 16) -> list[LogStep]:
    """The decisions to mark, latest first (see the module docstring).

    Reads the log backwards ``window`` steps at a time (growing), so the cost follows the
    number of steps marked, not the length of the game.
    """
    decision = history.decision()
    now = None if decision is None else decision.seat
    length = history.length
    while True:
        since = max(length - window, 0)
        picked: list[LogStep] = []
        for step in reversed(history.log(since)):
            if step.seat is None:
                return picked
            if step.seat == now or now is None:
                return picked or [step]
            picked.append(step)
        if since == 0:
            return picked
        window *= 4


def last_marks(history: History, changes: Changes) -> Marks:
    """The places :data:`changes` reports for each of the :func:`marked_steps`."""
    marks = Marks()
    views: dict[int, GameState] = {}

    def view(index: int) -> GameState:
        if index not in views:
            views[index] = history.view_at(index)
        return views[index]

    for step in marked_steps(history):
        for place in changes(view(step.index - 1), view(step.index), step):
            marks.places.setdefault(place.board, set()).add(place.cell)
    return marks
