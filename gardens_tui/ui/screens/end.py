"""The end-of-game screen: the score table by category, the winner(s) and the deciding tie-break,
the teams' table and the game's notes when it has them. Everything comes from a seat view."""

from __future__ import annotations

from typing import ClassVar, Literal

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Button

from gardens_tui.rules.base import Outcome
from gardens_tui.rules.words import does
from gardens_tui.seats import LocalSeatView, SeatView
from gardens_tui.table import Table
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.score_table import ScoreTable, TeamTable
from gardens_tui.ui.widgets.steady import SteadyStatic

EndChoice = Literal["rematch", "new", "menu", "quit", "board", "replay", "review"]

CHOICES: tuple[EndChoice, ...] = (
    "rematch",
    "new",
    "menu",
    "quit",
    "board",
    "replay",
    "review",
)
"""Every choice the end screen offers."""


def outcome_text(names: tuple[str, ...], outcome: Outcome) -> str:
    """``Ann wins.`` / ``Ann and Bob share the win.``, plus the tie-break sentence if one was
    used."""
    winners = [names[seat] for seat in outcome.winners]
    if not winners:
        line = "Nobody wins."
    elif len(winners) == 1:
        line = f"{does(winners[0], 'win')}."
    else:
        line = f"{', '.join(winners[:-1])} and {winners[-1]} share the win."
    if outcome.tiebreak:
        line += f"\nTie-break: {outcome.tiebreak}."
    return line


class ChoiceButton(Button):
    """A compact button of the end screen that can be made :meth:`tight`: no cell around its
    label (Textual's ``Button`` always adds two cells to its label's width, and its CSS
    ``line-pad`` may not be 0). Tight, the seven choices fit one line at 80 columns."""

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The label's width, plus the line pad on each side."""
        return super().get_content_width(container, viewport) - 2 + 2 * self.styles.line_pad

    def label_width(self) -> int:
        """The label's width in cells."""
        return Content.from_text(self.label).cell_length

    def tight(self, tight: bool) -> None:
        """No cell around the label (``True``) or the button's usual one on each side."""
        if tight:
            self.styles.line_pad = 0
        else:
            self.styles.clear_rule("line_pad")


class EndScreen(AppModal[EndChoice]):
    """Final scores and the result, from ``seat_view`` (a bare finished
    :class:`~gardens_tui.table.Table` is read through a spectator's seat view: at the end
    everything is shown). Under the seats' table come the teams (:attr:`Scores.teams`) and the
    game's notes (:attr:`Scores.notes`), when there are any.

    Dismisses with ``"rematch"`` (a new game at once: the same seats, bots and options, a new
    seed), ``"new"`` (the new-game dialog, prefilled with the same seats), ``"menu"``,
    ``"quit"``, ``"board"`` (close this and look at the final position; the game screen then
    offers a key to see these scores again), ``"replay"`` (step through the game move by
    move) or ``"review"`` (the decisions that cost a person the most:
    :mod:`gardens_tui.ui.screens.review`); only the first choice counts. ``replay=False`` and
    ``rematch=False`` leave those two out; Review is offered only with ``review=True`` (a game
    on this computer that a person played: the game screen decides).
    Names, the tie-break, teams and notes are shown literally."""

    DEFAULT_CSS = """
    EndScreen #end-notes { height: auto; margin-top: 1; color: $foreground-muted; }
    EndScreen #end-body { height: auto; max-height: 75vh; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("n", "choose('new')", "New game"),
        Binding("m", "choose('menu')", "Menu"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape,b", "choose('board')", "See the board"),
        Binding("v", "choose('replay')", "Replay"),
        Binding("w", "choose('review')", "Review"),
    ]

    def __init__(
        self,
        seat_view: SeatView | Table,
        *,
        ascii_mode: bool = False,
        replay: bool = True,
        rematch: bool = True,
        review: bool = False,
    ) -> None:
        super().__init__(id="end")
        self.replay = replay
        """Whether "Replay" is offered (not at a remote table: its history stays with the
        table's owner)."""
        self.rematch = rematch
        """Whether "Rematch" is offered (not to a spectator of a remote table: it was not
        their game)."""
        self.review = review
        """Whether "Review" is offered (a game whose history is on this computer and that a
        person played: there is somebody's game to review)."""
        if isinstance(seat_view, Table):
            seat_view = LocalSeatView(seat_view)
        self.seat_view: SeatView = seat_view
        self.ascii_mode = ascii_mode
        self.scores = seat_view.scores()
        self.outcome = seat_view.outcome() or Outcome(())

    def compose(self) -> ComposeResult:
        """Title, result line, score table, teams and notes, and the choices (up to seven)."""
        names = self.seat_view.setup.names
        with Vertical(id="end-box", classes="dialog"):
            title = f"{self.seat_view.game.spec.title}: game over"
            yield SteadyStatic(literal(title), classes="dialog-title")
            # The result and tables scroll when they outgrow the terminal (six players and
            # their teams at 80x24); the title and the choices stay in view.
            with VerticalScroll(id="end-body"):
                yield SteadyStatic(literal(outcome_text(names, self.outcome)), id="end-result")
                yield from self.score_widgets()
            with Horizontal(classes="buttons"):
                if self.rematch:
                    yield ChoiceButton(
                        "Rematch (r)", id="end-rematch", variant="primary", compact=True
                    )
                yield ChoiceButton("New game (n)", id="end-new", compact=True)
                yield ChoiceButton("Menu (m)", id="end-menu", compact=True)
                yield ChoiceButton("Board (b)", id="end-board", compact=True)
                if self.replay:
                    yield ChoiceButton("Replay (v)", id="end-replay", compact=True)
                if self.review:
                    yield ChoiceButton("Review (w)", id="end-review", compact=True)
                yield ChoiceButton("Quit (q)", id="end-quit", variant="error", compact=True)

    def on_resize(self, event: events.Resize) -> None:
        """Tight buttons when the choices would not fit one line in the dialog otherwise (seven
        at 80 columns: 68 cells of labels and 8 of margin fill the 76 inside the dialog)."""
        buttons = list(self.query(ChoiceButton))
        room = event.size.width - 4  # the dialog's border and padding
        margins = len(buttons) + 1  # one cell between two buttons and at each end
        tight = sum(button.label_width() + 2 for button in buttons) + margins > room
        for button in buttons:
            button.tight(tight)

    def score_widgets(self) -> ComposeResult:
        """What shows the scores under the result line: the score table by seat and
        category, the teams' table and the notes. A game may show its scores its own way."""
        names = self.seat_view.setup.names
        yield ScoreTable(names, self.scores, self.outcome, ascii_mode=self.ascii_mode)
        if self.scores.teams:
            yield TeamTable(names, self.scores.teams, self.outcome, ascii_mode=self.ascii_mode)
        if self.scores.notes:
            yield SteadyStatic(literal("\n".join(self.scores.notes)), id="end-notes")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Each button dismisses with its id."""
        event.stop()
        choice = (event.button.id or "").removeprefix("end-")
        self.action_choose(choice)

    def offers(self, choice: str) -> bool:
        """Whether ``choice`` is one of this screen's choices (Replay, Rematch and Review may
        not be)."""
        if choice == "replay":
            return self.replay
        if choice == "review":
            return self.review
        if choice == "rematch":
            return self.rematch
        return choice in CHOICES

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of the choices offered only (and, as for every modal, no key before the
        screen is up or once it is dismissed)."""
        if action == "choose" and parameters and not self.offers(str(parameters[0])):
            return False
        return super().check_action(action, parameters)

    def action_choose(self, choice: str) -> None:
        """Close with ``choice`` if it is offered."""
        if self.offers(choice):
            self.dismiss(choice)  # type: ignore[arg-type]
