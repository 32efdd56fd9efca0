"""The lobby's dialogs: a table code to join, a chat line (under the table's latest lines),
a new table (the new-game dialog's form) and an invitation's link to pass on.

Neither touches a file: the lobby runs for people logged in over SSH.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from gardens_tui.rules.registry import game_specs
from gardens_tui.server.lobby.protocol import MAX_TEXT, MAX_TURN_SECONDS, MIN_TURN_SECONDS
from gardens_tui.server.lobby.remote import ChatLine
from gardens_tui.server.lobby.rows import chat_text
from gardens_tui.table import Seat, Setup
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.screens.new_game import DEFAULT_NAMES, NewGameDialog, default_seats, fit_count
from gardens_tui.ui.widgets.safe_input import SafeInput
from gardens_tui.ui.widgets.steady import SteadyStatic

CODE_FIELD_LENGTH = 12
"""Characters the code field holds (a code is 4; spaces around it are forgiven)."""

CHAT_HISTORY_LINES = 8
"""The latest chat lines the chat dialog shows above its field."""


class LineDialog(AppModal[str | None]):
    """One line to type: dismisses with the text (spaces around it removed; ``None``:
    cancelled). ``title`` and ``hint`` are ours; the field holds at most ``max_length``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    DEFAULT_CSS = """
    LineDialog #line-box { width: 60; max-width: 100%; height: auto; }
    LineDialog #line { width: 100%; }
    """

    def __init__(
        self, title: str, *, placeholder: str, hint: str, button: str, max_length: int, id: str
    ) -> None:
        super().__init__(id=id)
        self.title_text = title
        self.placeholder = placeholder
        self.hint = hint
        self.button = button
        self.max_length = max_length

    def above_field(self) -> Iterable[Widget]:
        """Widgets shown between the title and the field (none here)."""
        return ()

    def compose(self) -> ComposeResult:
        """Title, the field, a hint and the buttons."""
        with Vertical(id="line-box", classes="dialog"):
            yield SteadyStatic(literal(self.title_text), classes="dialog-title")
            yield from self.above_field()
            yield SafeInput(
                "",
                placeholder=self.placeholder,
                max_length=self.max_length,
                id="line",
                compact=True,
            )
            yield SteadyStatic(literal(self.hint), classes="hint")
            with Horizontal(classes="buttons"):
                yield Button(literal(self.button), id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        """Focus the field."""
        self.query_one("#line", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the field is the button."""
        event.stop()
        self.dismiss(event.value.strip())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button, or cancel."""
        event.stop()
        if event.button.id == "ok":
            self.dismiss(self.query_one("#line", Input).value.strip())
        else:
            self.action_cancel()

    def action_cancel(self) -> None:
        """Close without text."""
        self.dismiss(None)


class CodeDialog(LineDialog):
    """ "Join by code": dismisses with the code typed (``None``: cancelled)."""

    def __init__(self) -> None:
        super().__init__(
            "Join a table by its code",
            placeholder="e.g. K7QM",
            hint="The host sees the code in the lobby's list.",
            button="Join",
            max_length=CODE_FIELD_LENGTH,
            id="code-dialog",
        )


class ChatDialog(LineDialog):
    """A chat line to say to everyone at the table (``None``: cancelled), under the table's
    latest :data:`CHAT_HISTORY_LINES` chat lines (``history``, oldest first; lines said while
    the dialog is up join them through :meth:`add_line`)."""

    DEFAULT_CSS = """
    ChatDialog #chat-history { height: auto; margin-bottom: 1; color: $foreground-muted; }
    """

    def __init__(self, history: Sequence[ChatLine] = (), seats: Sequence[Seat] = ()) -> None:
        super().__init__(
            "Say to the table",
            placeholder="a line for everyone at this table",
            hint="Everyone at the table (players and spectators) sees it.",
            button="Say",
            max_length=MAX_TEXT,
            id="chat-dialog",
        )
        self.history: list[ChatLine] = list(history)[-CHAT_HISTORY_LINES:]
        """The chat lines shown, oldest first."""
        self.seats = tuple(seats)
        """The table's seats (who sits where, for :func:`chat_text`)."""

    def history_text(self) -> str:
        """The shown lines, one a line (a note when nobody has said anything yet)."""
        if not self.history:
            return "Nobody has said anything at this table yet."
        return "\n".join(chat_text(line, self.seats) for line in self.history)

    def above_field(self) -> Iterable[Widget]:
        """The latest chat lines."""
        yield SteadyStatic(literal(self.history_text()), id="chat-history")

    def add_line(self, line: ChatLine) -> None:
        """A line was said at the table: show it (the oldest shown goes)."""
        self.history = [*self.history, line][-CHAT_HISTORY_LINES:]
        for widget in self.query("#chat-history").results(Static):
            widget.update(literal(self.history_text()))


def valid_for(seconds: int) -> str:
    """How long an invitation is good for, in words: ``"30 minutes"``, ``"1 minute"``,
    ``"less than a minute"``."""
    minutes = seconds // 60
    if minutes < 1:
        return "less than a minute"
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


class InviteDialog(AppModal[None]):
    """An invitation's link for a browser player to table ``code`` (its game ``title``): the
    link as plain text, how long it is good for (``seconds``) and that it works once; ``c``
    copies it to the terminal's clipboard (OSC 52, where the terminal allows it), Escape or
    Enter closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy the link"),
        Binding("escape,enter", "close", "Close"),
    ]

    DEFAULT_CSS = """
    InviteDialog #invite-box { width: 76; max-width: 100%; height: auto; }
    InviteDialog #invite-url { margin: 1 0; text-style: bold; }
    InviteDialog #invite-copied { color: $success; height: auto; }
    """

    def __init__(self, code: str, title: str, url: str, seconds: int) -> None:
        super().__init__(id="invite-dialog")
        self.code = code
        self.title_text = title
        self.url = url
        self.seconds = seconds
        self.copied = False
        """Whether the link was copied (as far as this app can tell)."""

    def compose(self) -> ComposeResult:
        """Title, the link, what it is good for, and the keys."""
        with Vertical(id="invite-box", classes="dialog"):
            yield SteadyStatic(
                literal(f"Invite a browser player to table {self.code} ({self.title_text})"),
                classes="dialog-title",
            )
            yield SteadyStatic("Give this link to the person you invite:")
            yield SteadyStatic(literal(self.url, newlines=False), id="invite-url")
            yield SteadyStatic(
                f"Valid for one person, once, for the next {valid_for(self.seconds)}. "
                "They sit at a free seat (or watch, if none is left).",
                id="invite-terms",
            )
            yield SteadyStatic("", id="invite-copied")
            yield SteadyStatic("c: copy the link  ·  Esc: close", classes="hint")

    def action_copy(self) -> None:
        """Copy the link to the clipboard (the terminal's, through OSC 52) and say so."""
        self.app.copy_to_clipboard(self.url)
        self.copied = True
        self.query_one("#invite-copied", Static).update("Copied (if your terminal allows it).")

    def action_close(self) -> None:
        """Close the dialog."""
        self.dismiss(None)


def lobby_setup(name: str, previous: Setup | None = None) -> Setup:
    """The form a new table starts from: the previous table's game, options and seats (as they
    were when ``name`` held one of its people's seats, else with ``name`` in seat 1), else the
    first game with two people (``name`` and a default name)."""
    specs = game_specs()
    if previous is not None and previous.game in specs:
        mine = any(
            not seat.is_bot and seat.name.casefold() == name.casefold() for seat in previous.seats
        )
        kept = previous.seats if mine else (Seat(name, None), *previous.seats[1:])
        return Setup(previous.game, tuple(kept), dict(previous.options), 0)
    game, spec = next(iter(specs.items()))
    count = fit_count(spec, 2)
    other = next(n for n in DEFAULT_NAMES if n.casefold() != name.casefold())
    seats = default_seats(count)
    seats[0] = Seat(name, None)
    if count > 1:
        seats[1] = Seat(other, None)
    return Setup(game, tuple(seats), {}, 0)


def parse_turn_seconds(text: str) -> int | None:
    """The time limit typed (``None`` for blank: no limit); ``ValueError`` saying what is
    wrong when it is not a whole number of seconds in the range the server allows."""
    text = text.strip()
    if not text:
        return None
    try:
        seconds = int(text)
    except ValueError:
        raise ValueError("The time per decision must be a whole number of seconds.") from None
    if not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
        raise ValueError(
            f"The time per decision must be from {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} "
            "seconds (or blank for no limit)."
        )
    return seconds


class CreateTableDialog(NewGameDialog):
    """The new-game dialog for a table at the server: the same game, seats (people and bots)
    and options, titled for the lobby, with the seed left blank (a random game), and the
    host's time limit for each decision of a person (blank: none; ``turn_seconds`` fills it
    in, e.g. the previous table's for a rematch), read into :attr:`turn_seconds` when the
    dialog closes with a setup."""

    def __init__(
        self, initial: Setup, *, seed_chooser: Any = None, turn_seconds: int | None = None
    ) -> None:
        super().__init__(initial, seed_chooser=seed_chooser)
        self.turn_seconds: int | None = turn_seconds
        """The time limit for each decision of a person (``None``: none)."""

    async def on_mount(self) -> None:
        """A lobby title and a blank seed (Textual then runs :class:`NewGameDialog`'s own
        ``on_mount``, which fills in the seats and options)."""
        self.query_one(".dialog-title", Static).update("New table at the server")
        self.query_one("#seed", Input).value = ""
        field = SafeInput(
            "" if self.turn_seconds is None else str(self.turn_seconds),
            placeholder="blank = no limit",
            id="turn-seconds",
            type="integer",
            compact=True,
        )
        field.tooltip = literal(
            "When it runs out the seat passes, or a bot plays that decision for it."
        )
        limit = Grid(Label("Seconds a decision"), field, classes="form", id="limit-grid")
        await self.query_one("#new-game-form").mount(limit, after="#seed-grid")

    def action_start(self) -> None:
        """Read the time limit too; a wrong one is shown and the dialog stays open."""
        try:
            self.turn_seconds = parse_turn_seconds(self.query_one("#turn-seconds", Input).value)
        except ValueError as problem:
            self.query_one("#new-game-error", Static).update(literal(str(problem)))
            return
        super().action_start()
