"""The "Save game" dialog (``ctrl+s`` on a game screen): name the save, then it is written.

The name is a file name without its ``.json``: the save goes to ``<saves_dir>/<name>.json``,
except that the game's own file keeps its place (a game opened with ``gardens open FILE`` and
saved under FILE's name goes back to FILE). The dialog only chooses where the save goes; the game
screen writes it (:meth:`~gardens_tui.ui.screens.game_base.GameScreen.save_to`), with every
protection of the save layer.

Names are checked here, with the reason shown in the dialog: not empty, no path separator or
character some file system refuses, no leading dot (hidden files are the save layer's temporary
files), no control or invisible character, not too long. Replacing another existing save is
asked first; a file there that is not a gardens-tui save is refused at once with the save
layer's reason (:func:`~gardens_tui.saves.files.check_replaceable`).

The field is a :class:`~gardens_tui.ui.widgets.safe_input.SafeInput` of :data:`MAX_NAME_LENGTH`
characters: a paste is made one line and cut to that, one holding a control character is
refused at once, and a default name holding one (from the name of the file the game was opened
from) shows it escaped (``\\x1b``), so it is refused for its backslash.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from gardens_tui import saves
from gardens_tui.saves.files import check_replaceable
from gardens_tui.saves.names import MAX_NAME_LENGTH, SUFFIX, check_save_name, default_save_name
from gardens_tui.table import Table
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.safe_input import SafeInput
from gardens_tui.ui.widgets.steady import SteadyStatic

REPLACE, KEEP = 0, 1
"""The choices of the "replace it?" question."""


def _same_file(a: Path, b: Path | None) -> bool:
    if b is None:
        return False
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return a == b


class SaveDialog(AppModal[Path | None]):
    """Ask for the save's name; dismisses with the path to write, or ``None`` (Escape, Cancel:
    nothing is written).

    ``own`` is the game's own file (where it was opened from or last saved), if any: its name
    (stem) is the default and saving under it writes that file, wherever it is. Otherwise the
    default is :func:`default_save_name`. Enter or the Save button checks the name
    (:func:`check_save_name`) and where it leads: another existing save is replaced only after a
    "replace it?" question; a file that is not a gardens-tui save is refused with the reason.
    Refusals are shown in the dialog, which stays open. ``folder`` defaults to
    :func:`~gardens_tui.saves.saves_dir`.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "submit", "Save"),
    ]

    DEFAULT_CSS = """
    SaveDialog #save-box { width: 72; max-width: 100%; height: auto; }
    SaveDialog #save-where { color: $foreground-muted; }
    SaveDialog #save-error { color: $error; height: auto; }
    """

    def __init__(self, table: Table, own: Path | None = None, folder: Path | None = None) -> None:
        super().__init__(id="save-dialog")
        self.own = own
        self.folder = folder if folder is not None else saves.saves_dir()
        self.default = own.stem if own is not None else default_save_name(table)
        self._asking = False

    def compose(self) -> ComposeResult:
        """Title, the name field, where it goes, the error line and the buttons."""
        with Vertical(id="save-box", classes="dialog"):
            yield SteadyStatic("Save game", classes="dialog-title")
            yield SafeInput(
                self.default, id="save-name", select_on_focus=False, max_length=MAX_NAME_LENGTH
            )
            yield SteadyStatic("", id="save-where")
            yield SteadyStatic("", id="save-error")
            with Horizontal(classes="buttons"):
                yield Button("Save", id="save", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        """Focus the name and say where it would go."""
        self.query_one("#save-name", Input).focus()
        self._show_where(self.default)

    def target_for(self, name: str) -> Path:
        """Where a save named ``name`` (checked) is written: the game's own file when the name is
        its name, else ``<folder>/<name>.json``."""
        if self.own is not None and name == self.own.stem:
            return self.own
        return self.folder / f"{name}{SUFFIX}"

    def _show_where(self, text: str) -> None:
        try:
            where = f"Saves to {self.target_for(check_save_name(text))}"
        except ValueError:
            where = f"Saves to {self.folder}"
        self.query_one("#save-where", Static).update(literal(where))

    def _show_error(self, message: str) -> None:
        self.query_one("#save-error", Static).update(literal(message))
        self.app.bell()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Follow the name: where it goes; an old refusal is cleared."""
        event.stop()
        self._show_where(event.value)
        self.query_one("#save-error", Static).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the name field saves."""
        event.stop()
        self.action_submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Save or cancel."""
        event.stop()
        if event.button.id == "save":
            self.action_submit()
        else:
            self.action_cancel()

    def action_submit(self) -> None:
        """Check the name and where it leads; close with the path, ask first, or say why not."""
        if self._asking:
            return
        try:
            name = check_save_name(self.query_one("#save-name", Input).value)
        except ValueError as error:
            self._show_error(str(error))
            return
        target = self.target_for(name)
        if _same_file(target, self.own) or not (target.exists() or target.is_symlink()):
            self.dismiss(target)
            return
        try:
            check_replaceable(target)
        except saves.SaveError as error:
            self._show_error(f"Not saved: {error}. Choose another name.")
            return
        self._asking = True
        question = ChoiceScreen(
            f"{target.name} already exists. Replace it with this game?",
            [f"Replace {target.name}", "Keep it (choose another name)"],
            id="save-replace",
        )
        self.app.push_screen(question, lambda choice: self._replace_chosen(target, choice))

    def _replace_chosen(self, target: Path, choice: int | None) -> None:
        self._asking = False
        if choice == REPLACE:
            self.dismiss(target)
        elif self.is_attached:
            self.query_one("#save-name", Input).focus()

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
