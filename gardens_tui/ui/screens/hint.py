"""The hint key (:data:`HINT_KEY`): the strong search's advice for the person deciding now.

:class:`HintAsker` belongs to one game screen. Asked (the key), it checks that a person at this
keyboard decides now and that the screen shows that seat's own view (never for a spectator, a
bot's turn or someone else's decision: :meth:`HintAsker.refusal`), then runs
:func:`~gardens_tui.bots.advice.advise` in a worker thread on a copy of that seat's **view**
(``seat_view.view()``: never the full table, so a hint tells nothing the seat could not see; a
remote seat's view works the same). The screen cancels it when the position changes (a move, an
undo, a bot) and when it closes (:meth:`HintAsker.cancel`); a result about a position that is no
longer on the table is dropped. The answer shows in :class:`HintScreen`: the best action in the
game's notation and the top three with value and visits, worded by
:func:`~gardens_tui.bots.advice.advice_lines` (as ``gardens hint`` words them).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.worker import Worker

from gardens_tui.bots.advice import HINT_BUDGET, advice_lines, advise
from gardens_tui.bots.strong import SearchBudget, SearchResult
from gardens_tui.rules.base import GameState
from gardens_tui.rules.words import possessive
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal, screen_is_live
from gardens_tui.ui.widgets.steady import SteadyStatic

if TYPE_CHECKING:
    from gardens_tui.ui.screens.game_base import GameScreen

HINT_KEY = "H"
"""The hint key (shift+h: ``h`` moves board cursors, ``?`` is help)."""

HINT_SEED = 0
"""The search's seed for a hint: with an iteration budget the same position gets the same hint."""


class HintScreen(AppModal[None]):
    """The hint: its lines (seat names and actions in the game's notation) shown literally;
    Escape, Enter or the hint key closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(f"escape,enter,{HINT_KEY}", "close", "Close"),
    ]

    DEFAULT_CSS = """
    HintScreen #hint-box { width: 72; max-width: 100%; height: auto; max-height: 100%; }
    HintScreen #hint-lines { height: auto; }
    HintScreen #hint-close { color: $foreground-muted; }
    """

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__(id="hint")
        self.lines = tuple(lines)

    def compose(self) -> ComposeResult:
        """A title, the advice and how to close it."""
        with Vertical(id="hint-box", classes="dialog"):
            yield SteadyStatic("Hint", classes="dialog-title")
            yield SteadyStatic(literal("\n".join(self.lines)), id="hint-lines")
            yield SteadyStatic("Enter or Esc closes", id="hint-close")

    def action_close(self) -> None:
        """Close the hint."""
        self.dismiss(None)


class HintAsker:
    """Runs the hints of one game screen (see the module docstring).

    ``budget`` is how long a hint thinks (the ``strong`` level's time; tests give an iteration
    budget, which makes the hint reproducible). :attr:`last` is the latest hint shown.
    """

    def __init__(self, screen: GameScreen, budget: SearchBudget = HINT_BUDGET) -> None:
        self.screen = screen
        self.budget = budget
        self.last: SearchResult | None = None
        """The result of the latest hint that was shown (``None``: none yet)."""
        self._cancel: threading.Event | None = None

    @property
    def thinking(self) -> bool:
        """A hint is being worked out now."""
        return self._cancel is not None

    def refusal(self) -> str | None:
        """Why no hint may be asked now (``None``: one may): the game is over, nobody at this
        keyboard decides now (a bot's or another person's turn, a spectator, the curtain up),
        or the screen does not show the deciding seat's own view."""
        screen = self.screen
        seat_view = screen.seat_view
        decision = seat_view.decision()
        if decision is None:
            return "The game is over: there is nothing to hint."
        if not screen.human_to_move():
            name = seat_view.seats[decision.seat].name
            return f"A hint is for your own decision: it is {possessive(name)} now."
        if seat_view.viewer != decision.seat:
            return "A hint is for the seat whose view is shown."
        return None

    def ask(self) -> None:
        """Start a hint for the deciding seat (or say in the prompt line why not). Asked again
        while one is being worked out, it only says so."""
        screen = self.screen
        why = self.refusal()
        if why is not None:
            screen.show_error(why)
            return
        if self._cancel is not None:
            screen.show_note("Still thinking about the hint…")
            return
        seat_view = screen.seat_view
        view = seat_view.view().copy()  # the seat's own view: the search may not touch the table
        seat = view.current_player
        if seat is None:
            return
        name = seat_view.seats[seat].name
        cancel = threading.Event()
        self._cancel = cancel
        # In the prompt line, not a pop-up: a pop-up would cover the info line, and stay up
        # after the hint is shown.
        screen.show_note(f"Thinking about {possessive(name)} best move…")
        # (a partial: a worker cancelled unstarted leaves no coroutine; the result typed, as
        # mypy cannot tell it from a partial)
        _worker: Worker[None] = screen.run_worker(
            partial(self._think, view, name, seat_view.version, cancel),
            group="hint",
            exclusive=True,
            exit_on_error=False,
        )

    def cancel(self) -> None:
        """Stop the hint being worked out (if any): the position changed or the screen closes."""
        cancel, self._cancel = self._cancel, None
        if cancel is not None:
            cancel.set()
            if screen_is_live(self.screen):
                self.screen.restore_prompt()

    async def _think(
        self, view: GameState, name: str, version: int, cancel: threading.Event
    ) -> None:
        """Search in a thread, then show the hint unless it was cancelled or the position moved
        on meanwhile."""
        screen = self.screen
        game = screen.seat_view.game
        try:
            result = await asyncio.to_thread(
                advise, game, view, self.budget, seed=HINT_SEED, cancel=cancel
            )
        except Exception as error:  # a search's bug must never take the game down
            if self._cancel is cancel:
                self._cancel = None
            if screen_is_live(screen) and not cancel.is_set():
                screen.show_error(f"No hint: {error or type(error).__name__}")
            return
        except BaseException:  # the worker was cancelled: stop the thread's search too
            cancel.set()
            raise
        if self._cancel is cancel:
            self._cancel = None
        if cancel.is_set() or not screen_is_live(screen):
            return
        screen.restore_prompt()
        if screen.seat_view.version != version:
            return  # the position moved on: this hint is about one that is gone
        self.last = result
        screen.app.push_screen(HintScreen(advice_lines(result, game.format_action, name)))
