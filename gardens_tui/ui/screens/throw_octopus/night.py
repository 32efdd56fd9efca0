"""The Game Night result: after each game but the last of a Game Night, a dialog over the
screen shows the game that just ended ("Game 1 of 3 is over"), what it left each player (tiles
in hand, or solo points), the running totals and what comes next. The next game waits (no bot
moves, no dodge) until Enter, space, Escape or the button closes it. Everything comes from the
seat view's position (:func:`.texts.night_result`); names are drawn literally.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Button

from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.screens.throw_octopus.texts import night_result
from gardens_tui.ui.widgets.steady import SteadyStatic


class NightResultScreen(AppModal[None]):
    """The result of one game of a Game Night (see the module docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "next", "Next game", priority=True),
    ]

    DEFAULT_CSS = """
    NightResultScreen #night-table { margin: 1 0; }
    NightResultScreen #night-next { color: $foreground-muted; }
    NightResultScreen .buttons { margin-top: 1; }
    """

    def __init__(self, state: ThrowState) -> None:
        super().__init__(id="to-night")
        self.title_text, self.lines, self.after = night_result(state)

    def compose(self) -> ComposeResult:
        """Title, the table, what comes next, one button."""
        with Vertical(id="night-box", classes="dialog"):
            yield SteadyStatic(literal(f"Game Night: {self.title_text}"), classes="dialog-title")
            yield SteadyStatic(literal("\n".join(self.lines)), id="night-table")
            yield SteadyStatic(literal(self.after), id="night-next")
            with Vertical(classes="buttons"):
                yield Button("Next game (Enter)", id="night-ok", variant="primary", compact=True)

    def text(self) -> str:
        """Everything the dialog says, as plain text (for tests and screen readers)."""
        return "\n".join([self.title_text, *self.lines, self.after])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what Enter does."""
        event.stop()
        self.action_next()

    def action_next(self) -> None:
        """Close: the next game goes on."""
        self.dismiss(None)
