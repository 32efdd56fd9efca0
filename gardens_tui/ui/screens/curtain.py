"""The hot-seat curtain: hides the table while the keyboard passes between two human players.

While it is up the game screen draws a spectator's view (public information only); when the
named player lifts it, the screen's seat view looks through that player's eyes
(:meth:`LocalSeatView.look_as <gardens_tui.seats.LocalSeatView.look_as>`).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Button

from gardens_tui.seats import LocalSeatView, SeatView
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.steady import SteadyStatic


def has_hidden_information(seat_view: SeatView) -> bool:
    """Whether any seat now holds something only it may see
    (:meth:`SeatView.has_secrets <gardens_tui.seats.SeatView.has_secrets>`).

    This is the one place that decides whether hot-seat play needs the curtain.
    """
    return seat_view.has_secrets()


def needs_curtain(seat_view: LocalSeatView) -> bool:
    """Two or more people share this seat view's keyboard (it acts for two or more seats) and
    the game hides something from some of them."""
    return len(seat_view.acts_for) >= 2 and has_hidden_information(seat_view)


class CurtainScreen(AppModal[None]):
    """ "Pass to Bob — press Enter": an opaque screen over the game until the named player is
    ready. Dismisses with ``None`` on Enter, space or the button (once: a second Enter in the
    same burst does not reach the game). The name is shown literally."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "I am ready", priority=True),
    ]

    def __init__(self, player: str) -> None:
        super().__init__(id="curtain")
        self.player = player

    def compose(self) -> ComposeResult:
        """The message and one button."""
        with Vertical(id="curtain-box", classes="dialog"):
            yield SteadyStatic(literal(f"Pass to {self.player}"), id="curtain-name")
            yield SteadyStatic(
                literal(
                    f"Only {self.player} should look at the screen now.\n"
                    f"{self.player}: press Enter when you are ready."
                ),
                id="curtain-text",
            )
            yield Button(
                literal(f"I am {self.player}", newlines=False),
                id="curtain-ready",
                variant="primary",
                compact=True,
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what Enter does."""
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        """Lift the curtain."""
        self.dismiss(None)
