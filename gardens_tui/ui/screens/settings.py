"""The settings dialog: theme, ASCII mode, bot delay, undo, curtain, autosave."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from gardens_tui.settings import BOT_DELAY_RANGE, Settings
from gardens_tui.ui.ascii_mode import PlainTickBox as TickBox
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.safe_input import SafeInput
from gardens_tui.ui.widgets.steady import SteadyStatic

MIN_BOT_DELAY_MS, MAX_BOT_DELAY_MS = BOT_DELAY_RANGE


def parse_delay(text: str) -> int:
    """The bot delay typed in milliseconds; ``ValueError`` (for the player) unless 0-5000."""
    try:
        value = int(text.strip())
    except ValueError:
        raise ValueError("The bot delay must be a whole number of milliseconds.") from None
    if not MIN_BOT_DELAY_MS <= value <= MAX_BOT_DELAY_MS:
        raise ValueError(f"The bot delay must be {MIN_BOT_DELAY_MS} to {MAX_BOT_DELAY_MS} ms.")
    return value


class SettingsScreen(AppModal[Settings | None]):
    """Edit the settings. Save dismisses with the new :class:`Settings` (the caller stores and
    applies them); Cancel or Escape with ``None``. Only the first of these counts. Every value
    (a theme name from a hand-edited settings file included) is shown literally."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save"),
    ]

    def __init__(self, settings: Settings, themes: list[str]) -> None:
        super().__init__(id="settings")
        self.settings = settings
        self.start_theme = settings.theme if isinstance(settings.theme, str) else Settings().theme
        """The theme the form starts on (the default when the settings hold no text)."""
        self.themes = sorted(
            {name for name in themes if isinstance(name, str)} | {self.start_theme}
        )

    def compose(self) -> ComposeResult:
        """One labelled row per setting, an error line and the buttons."""
        s = self.settings
        with Vertical(id="settings-box", classes="dialog"):
            yield SteadyStatic("Settings", classes="dialog-title")
            with Grid(id="settings-grid", classes="form"):
                yield Label("Theme")
                yield Select(
                    [(literal(name, newlines=False), name) for name in self.themes],
                    value=self.start_theme,
                    allow_blank=False,
                    id="theme",
                    compact=True,
                )
                yield Label("ASCII mode")
                yield TickBox("plain characters only", bool(s.ascii_mode), id="ascii")
                yield Label("Bot pause per step (ms)")
                yield SafeInput(
                    str(s.bot_delay_ms), id="delay", type="integer", max_length=5, compact=True
                )
                yield Label("Free undo")
                yield TickBox("only-human tables undo anything", bool(s.free_undo), id="free-undo")
                yield Label("Hot-seat curtain")
                yield TickBox("hide secrets between players", bool(s.curtain), id="curtain")
                yield Label("Show legal moves")
                yield TickBox("highlight legal targets", bool(s.show_legal), id="show-legal")
                yield Label("Autosave")
                yield TickBox("after every turn", bool(s.autosave), id="autosave")
            yield SteadyStatic("", id="settings-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Save", id="save", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def current(self) -> Settings:
        """The settings as the form shows them; ``ValueError`` if the delay is invalid."""
        theme = self.query_one("#theme", Select).value
        return dataclasses.replace(
            self.settings,
            theme=str(theme) if isinstance(theme, str) else self.start_theme,
            ascii_mode=self.query_one("#ascii", TickBox).value,
            bot_delay_ms=parse_delay(self.query_one("#delay", Input).value),
            free_undo=self.query_one("#free-undo", TickBox).value,
            curtain=self.query_one("#curtain", TickBox).value,
            show_legal=self.query_one("#show-legal", TickBox).value,
            autosave=self.query_one("#autosave", TickBox).value,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Save or cancel."""
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the delay field saves."""
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        """Validate and close with the new settings, or show what is wrong."""
        try:
            settings = self.current()
        except ValueError as error:
            self.query_one("#settings-error", Static).update(literal(str(error)))
            return
        self.dismiss(settings)

    def action_cancel(self) -> None:
        """Close without changing anything."""
        self.dismiss(None)
