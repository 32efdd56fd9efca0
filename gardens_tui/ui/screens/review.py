"""The review of a finished game (issue 32): the decisions that cost a person the most.

:class:`ReviewScreen` runs :func:`~gardens_tui.bots.review.review_game` for one seat in a thread
worker, on a copy of the table (the search only reads it, and the screen never holds the live
game). The review looks at each real decision of that seat on the position **as the seat saw it
then** (the engine's rule; see :mod:`gardens_tui.bots.review`).

While it runs, a progress bar counts the decisions reviewed out of those to review and a line
says what the search is doing; ``s`` or Escape stops it (the search under way stops between two
of its iterations) and the screen shows what was found so far, saying it was stopped. When it is
done (or stopped) the mistakes are listed, largest first, each in the engine's own words
(:func:`~gardens_tui.bots.review.mistake_lines`, drawn literally); Enter or a click on one opens
the replay viewer at that decision (the board as it was when the seat made it, drawn for that
seat's eyes), and Escape there comes back to the list. Escape on the list leaves the review.
No mistake found is said in plain words. Leaving (or the app closing) while the review runs
stops its thread: nothing keeps searching for a screen that is gone.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.renderables.bar import Bar
from textual.widgets import OptionList, ProgressBar
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from gardens_tui.bots.review import (
    COMPARE_BUDGET,
    FIND_BUDGET,
    MIN_LOSS,
    Review,
    mistake_lines,
    percent,
    review_game,
    seat_decisions,
)
from gardens_tui.bots.strong import SearchBudget
from gardens_tui.rules.words import possessive
from gardens_tui.table import Table
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal, screen_is_live
from gardens_tui.ui.widgets.steady import SteadyStatic

REVIEW_SEED = 0
"""The search's seed (as ``gardens review``'s default): with iteration budgets the same game
gets the same review."""


class AsciiBar(Bar):
    """The progress bar in ASCII mode: ``#`` for the decisions reviewed, ``-`` for the rest (told
    apart by the character as well as the colour)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = self.width or options.max_width
        done = max(0, min(width, round(self.highlight_range[1])))
        bar = Text("", end="")
        bar.append("#" * done, style=console.get_style(self.highlight_style))
        bar.append("-" * (width - done), style=console.get_style(self.background_style))
        yield bar


class AsciiProgressBar(ProgressBar):
    """A :class:`ProgressBar` drawn with :class:`AsciiBar`."""

    BAR_RENDERABLE = AsciiBar


@dataclass(frozen=True, slots=True)
class Reviewing:
    """Where a running review is: ``done`` decisions reviewed of ``indexes`` (the table
    positions of the seat's real decisions)."""

    done: int
    indexes: tuple[int, ...]

    @property
    def total(self) -> int:
        """How many decisions there are to review."""
        return len(self.indexes)


class ReviewScreen(AppModal[None]):
    """The review of ``seat``'s game in ``table`` (see the module docstring).

    ``find`` and ``compare`` are the searches' budgets (default: the engine's, about a second
    per decision; tests and screenshots give small iteration budgets, which also make the review
    reproducible). ``table`` is copied at once and never changed.

    :attr:`review` is the result once the worker is done (stopped or not); :attr:`reviewing`
    where the run is meanwhile; :attr:`finished` is set when the review's thread has ended (the
    screen gone or not)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Stop, then back"),
        Binding("s", "stop", "Stop"),
    ]

    DEFAULT_CSS = """
    ReviewScreen #review-box { height: auto; max-height: 100%; }
    ReviewScreen #review-status { height: auto; }
    ReviewScreen #review-bar { margin: 1 0; width: 100%; }
    ReviewScreen #review-bar Bar { width: 1fr; }
    ReviewScreen.-listed #review-box { height: 100%; }
    ReviewScreen #review-list { height: 1fr; border: none; display: none; }
    ReviewScreen.-listed #review-list { display: block; }
    ReviewScreen #review-hint { color: $foreground-muted; margin-top: 1; }
    """

    class Progressed(Message):
        """The review's thread reviewed one more decision (posted from that thread)."""

        def __init__(self, reviewing: Reviewing) -> None:
            super().__init__()
            self.reviewing = reviewing

    def __init__(
        self,
        table: Table,
        seat: int,
        *,
        ascii_mode: bool = False,
        find: SearchBudget | None = None,
        compare: SearchBudget | None = None,
    ) -> None:
        super().__init__(id="review")
        if not 0 <= seat < len(table.seats):
            raise ValueError(f"there is no seat {seat} at this table")
        self.table = Table(table.setup, list(table.states), list(table.actions))
        """A copy of the game (its states are immutable: nothing of the live game is held)."""
        self.seat = seat
        self.seat_name = table.seats[seat].name
        """The reviewed seat's name (drawn literally)."""
        self.ascii_mode = ascii_mode
        self.find = find or FIND_BUDGET
        self.compare = compare or COMPARE_BUDGET
        self.review: Review | None = None
        """The result, once the review is done or stopped (``None`` before)."""
        self.reviewing: Reviewing | None = None
        """How far the running review is (``None`` before it has counted the decisions)."""
        self.error: str | None = None
        """Why the review failed, if it did (a search's bug never takes the app down)."""
        self.cancel = threading.Event()
        """Set to stop the review (``s``, Escape, leaving, the app closing)."""
        self.finished = threading.Event()
        """Set when the review's thread has ended."""
        self._worker: Worker[Review] | None = None

    @property
    def running(self) -> bool:
        """The review is under way (neither done, stopped nor failed)."""
        return self.review is None and self.error is None

    # --- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Title, what it is doing, the progress bar, the mistakes (once known), the keys."""
        bar_class = AsciiProgressBar if self.ascii_mode else ProgressBar
        with Vertical(id="review-box", classes="dialog"):
            title = f"Review of {possessive(self.seat_name)} game"
            yield SteadyStatic(literal(title), classes="dialog-title")
            yield SteadyStatic(literal(self.status_text()), id="review-status")
            yield bar_class(id="review-bar", show_eta=False)
            yield OptionList(id="review-list", markup=False)
            yield SteadyStatic(literal(self.hint_text()), id="review-hint")

    def on_mount(self) -> None:
        """Start the review in a thread."""
        self._worker = self.run_worker(
            self._run, name="review", group="review", thread=True, exit_on_error=False
        )

    def on_unmount(self) -> None:
        """Stop the review's thread with the screen (leaving, the app closing)."""
        self.cancel.set()

    # --- the review's thread --------------------------------------------------------------------

    def _run(self) -> Review:
        """The review, on the worker's thread: counts the seat's decisions, then reviews them,
        posting each step to the screen."""
        try:
            indexes = tuple(seat_decisions(self.table, self.seat))
            self.post_message(self.Progressed(Reviewing(0, indexes)))

            def progress(done: int, total: int) -> None:
                self.post_message(self.Progressed(Reviewing(done, indexes)))

            return review_game(
                self.table,
                self.seat,
                seed=REVIEW_SEED,
                find=self.find,
                compare=self.compare,
                progress=progress,
                cancel=self.cancel,
            )
        finally:
            self.finished.set()

    def on_review_screen_progressed(self, message: Progressed) -> None:
        """One more decision reviewed: the bar and the line follow."""
        if not self.running:
            return
        self.reviewing = message.reviewing
        bar = self.query_one("#review-bar", ProgressBar)
        bar.update(total=message.reviewing.total, progress=message.reviewing.done)
        self._show_status()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The review is done, stopped or failed: show what it found."""
        if event.worker is not self._worker or not screen_is_live(self):
            return
        if event.state == WorkerState.SUCCESS:
            result = event.worker.result
            if isinstance(result, Review):
                self._done(result)
        elif event.state == WorkerState.ERROR:
            error = event.worker.error
            self.error = f"{error or type(error).__name__}"
            self._show_status()
            self.refresh_bindings()

    def _done(self, review: Review) -> None:
        self.review = review
        bar = self.query_one("#review-bar", ProgressBar)
        bar.update(total=review.decisions, progress=review.reviewed)
        options = self.query_one("#review-list", OptionList)
        options.set_options(
            Option(literal("\n".join(mistake_lines(mistake))), id=str(number))
            for number, mistake in enumerate(review.mistakes)
        )
        if review.mistakes:
            self.add_class("-listed")
            options.highlighted = 0
            options.focus()
        self._show_status()
        self.refresh_bindings()

    # --- what the screen says -------------------------------------------------------------------

    def status_text(self) -> str:
        """What the review is doing, or what it found (in plain words)."""
        name = self.seat_name
        if self.error is not None:
            return f"The review failed: {self.error}"
        review = self.review
        if review is None:
            reviewing = self.reviewing
            if reviewing is None:
                return f"Finding {possessive(name)} decisions…"
            if self.cancel.is_set():
                return f"Stopping: {reviewing.done} of {reviewing.total} decisions reviewed…"
            if reviewing.done >= reviewing.total:
                return f"Reviewed all {reviewing.total} decisions: sorting the mistakes…"
            index = reviewing.indexes[reviewing.done]
            turn = self.table.states[index].turn
            return (
                f"Decision {reviewing.done + 1} of {reviewing.total} (turn {turn}): the strong "
                f"search looks for a better move than the one {name} played, on the board as "
                f"{name} saw it then."
            )
        if review.decisions == 0:
            return f"{name} had no choice to make in this game: every step was forced."
        if review.stopped:
            head = f"Stopped after {review.reviewed} of {review.decisions} decisions"
        elif review.decisions == 1:
            head = "The one decision reviewed"
        else:
            head = f"All {review.decisions} decisions reviewed"
        count = len(review.mistakes)
        if count == 0:
            found = "no mistake found so far" if review.stopped else "no mistake found"
            return (
                f"{head}: {found}. No decision gave away as much as {percent(MIN_LOSS)} of a "
                "chance to win, by the search's estimate."
            )
        which = "the one" if count == 1 else f"the {count}"
        so_far = " so far" if review.stopped else ""
        decisions = "decision" if count == 1 else "decisions"
        return (
            f"{head}: {which} {decisions} that cost {name} the most{so_far}, largest first. "
            "Values are the search's estimate of the chance to win."
        )

    def hint_text(self) -> str:
        """The keys that apply now."""
        if self.running:
            return "s or Esc stops the review (and shows what it found so far)"
        if self.review is not None and self.review.mistakes:
            return "Enter or a click shows the board at that decision · Esc goes back"
        return "Esc goes back"

    def _show_status(self) -> None:
        self.query_one("#review-status", SteadyStatic).update(literal(self.status_text()))
        self.query_one("#review-hint", SteadyStatic).update(literal(self.hint_text()))

    # --- keys -----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``s`` only while the review runs (and it has not been asked to stop yet)."""
        if action == "stop" and (not self.running or self.cancel.is_set()):
            return False
        return super().check_action(action, parameters)

    def action_stop(self) -> None:
        """Stop the review: the search under way stops, and what was found shows."""
        if self.running and not self.cancel.is_set():
            self.cancel.set()
            self._show_status()
            self.refresh_bindings()

    def action_back(self) -> None:
        """Escape: stop a running review, else leave it."""
        if self.running:
            self.action_stop()
        else:
            self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Open the replay at the chosen mistake's decision."""
        event.stop()
        if self.review is None or not 0 <= event.option_index < len(self.review.mistakes):
            return
        self.open_mistake(event.option_index)

    def open_mistake(self, number: int) -> None:
        """The replay viewer over this screen at mistake ``number``'s decision, drawn for the
        reviewed seat's eyes (as it saw the board then); Escape there comes back here."""
        from gardens_tui.ui.app import GardensApp

        if self.review is None or not self.is_active or not isinstance(self.app, GardensApp):
            return
        mistake = self.review.mistakes[number]
        self.app.open_replay(self.table, mistake.index, viewer=self.seat)
