"""The load dialog: every save (and autosave) as a table; unreadable files say why; a save can be
deleted after a confirmation that names it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.widgets import Button, DataTable, Static

from gardens_tui import saves
from gardens_tui.saves import SaveInfo
from gardens_tui.saves.listing import delete_save
from gardens_tui.settings import Settings
from gardens_tui.ui.literal import literal, notify_plain, plain
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.glyphs import glyph
from gardens_tui.ui.widgets.steady import SteadyStatic

DELETE, KEEP = 0, 1
"""The choices of the delete confirmation."""


def format_saved_at(saved_at: str) -> str:
    """An ISO-8601 time as ``2026-11-22 14:05`` in local time (unchanged if it cannot parse)."""
    try:
        moment = datetime.fromisoformat(saved_at)
    except (TypeError, ValueError):
        return str(saved_at)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def players_text(info: SaveInfo, ascii_mode: bool = False) -> str:
    """The players of a save in seat order, each bot marked with the bot glyph:
    ``Ann, Greedy bot ⚙`` (ASCII ``Ann, Greedy bot #``)."""
    mark = glyph("bot", ascii_mode)
    bots = info.bots if len(info.bots) == len(info.players) else (None,) * len(info.players)
    return ", ".join(
        name if bot is None else f"{name} {mark}"
        for name, bot in zip(info.players, bots, strict=True)
    )


def state_text(info: SaveInfo) -> str:
    """``over`` or ``in progress``."""
    return "over" if info.over else "in progress"


COLUMNS: tuple[tuple[str, int], ...] = (
    ("Save", 16),
    ("Game and players", 26),
    ("Turn", 11),
    ("Saved", 10),
)
"""The table's columns and their widths: with the cells' padding they fit the dialog at 80
columns (each row is two lines, so nothing needs to be cut to a few letters)."""


def one_line(text: str) -> str:
    """``text`` from a file (or a file's name) as one line of visible characters."""
    return plain(text, newlines=False)


def save_name(info: SaveInfo) -> str:
    """The name a save was given (its file name without ``.json``), or ``autosave``."""
    return "autosave" if info.is_autosave else info.path.stem


def row_cells(info: SaveInfo, ascii_mode: bool = False) -> tuple[str, ...]:
    """A save's cells, each of two lines: its name over its kind, the game over the players,
    the turn over its state, the day over the time it was saved. A broken file: its file name,
    "unreadable" and "broken". What comes from the file or its name is written on one line
    (a line feed in a file name shows as ``\\x0a``), so every cell keeps its two lines."""
    saved = one_line(format_saved_at(info.saved_at))
    day, _, time_of_day = saved.partition(" ")
    if not info.ok:
        return (
            f"x {one_line(info.path.name)}\nbroken",
            "unreadable\n-",
            "-\n-",
            f"{day}\n{time_of_day}",
        )
    kind = "autosave" if info.is_autosave else "save"
    name = one_line(save_name(info))
    return (
        f"{name}\n{'' if name == kind else kind}",
        f"{one_line(info.title or info.game)}\n{one_line(players_text(info, ascii_mode))}",
        f"turn {info.turn}\n{state_text(info)}",
        f"{day}\n{time_of_day}",
    )


class LoadDialog(AppModal[Path | None]):
    """Pick a save to open; dismisses with its path, or ``None``.

    Each row (two lines, see :func:`row_cells`) shows the save's name (or ``autosave``), the
    game, the players (bots marked with the bot glyph), the turn, whether the game is over or
    in progress and when it was saved. Broken
    files are listed in their own colour with the reason and cannot be chosen (choosing one
    shows the reason again). ``v`` replays the highlighted save move by move over the list.
    ``d`` or Delete deletes the highlighted file (a broken one too)
    after a confirmation that names it; Escape there deletes nothing; the list is then read
    again, and a failed delete says why. ``lister`` defaults to
    :func:`gardens_tui.saves.list_saves` and ``deleter`` to
    :func:`~gardens_tui.saves.listing.delete_save`. File names, players and reasons are shown
    literally; only the first choice closes it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("d,delete", "delete", "Delete"),
        Binding("v", "replay", "Replay"),
    ]

    def __init__(
        self,
        lister: Callable[[], Sequence[SaveInfo]] | None = None,
        deleter: Callable[[Path], None] | None = None,
    ) -> None:
        super().__init__(id="load")
        self._lister = lister or saves.list_saves
        self._deleter = deleter or delete_save
        self._confirming = False
        self.infos: dict[str, SaveInfo] = {}

    def compose(self) -> ComposeResult:
        """The table of saves, a detail line and the buttons."""
        with Vertical(id="load-box", classes="dialog"):
            yield SteadyStatic("Load a game", classes="dialog-title")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield SteadyStatic("", id="load-detail", classes="hint")
            with Horizontal(classes="buttons"):
                yield Button("Open", id="open", variant="primary", compact=True)
                yield Button("Replay (v)", id="replay", compact=True)
                yield Button("Delete (d)", id="delete", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        """Read the saves folder and fill the table."""
        table = self.query_one("#saves", DataTable)
        for label, width in COLUMNS:
            table.add_column(literal(label), width=width)
        self.refresh_list()

    @property
    def ascii_mode(self) -> bool:
        """The app's ASCII-mode setting (off when the app has no settings)."""
        settings = getattr(self.app, "settings", None)
        return isinstance(settings, Settings) and bool(settings.ascii_mode)

    def _cells(self, info: SaveInfo) -> tuple[tuple[str, ...], str]:
        """A row's cells and style (a broken file is told apart by the "x" and the word
        "broken", not only by its dim colour)."""
        return row_cells(info, self.ascii_mode), "" if info.ok else "dim"

    def refresh_list(self) -> None:
        """Read the saves again and show them, keeping the cursor on the same row number (or the
        last row when the list got shorter)."""
        table = self.query_one("#saves", DataTable)
        row = table.cursor_row
        table.clear()
        self.infos = {}
        for info in self._lister():
            key = str(info.path)
            if key in self.infos:
                continue
            self.infos[key] = info
            cells, style = self._cells(info)
            # Each line of a cell is cut at the column's width, never wrapped onto the
            # cell's second line.
            table.add_row(*(literal(cell, style, cut=True) for cell in cells), key=key, height=2)
        detail = self.query_one("#load-detail", Static)
        empty = not self.infos
        self.query_one("#open", Button).disabled = empty
        self.query_one("#delete", Button).disabled = empty
        self.query_one("#replay", Button).disabled = empty
        if empty:
            detail.update(literal(f"No saves yet. Saves go to {saves.saves_dir()}."))
        else:
            table.move_cursor(row=min(max(row, 0), table.row_count - 1))
            table.focus()
            self._describe(table.cursor_row)

    def _info_at(self, row: int) -> SaveInfo | None:
        table = self.query_one("#saves", DataTable)
        if not 0 <= row < table.row_count:
            return None
        key = table.coordinate_to_cell_key(Coordinate(row, 0)).row_key.value
        return self.infos.get(key or "")

    def _describe(self, row: int) -> None:
        info = self._info_at(row)
        detail = self.query_one("#load-detail", Static)
        if info is None:
            detail.update("")
        elif info.ok:
            detail.update(literal(str(info.path), newlines=False))  # (one path, one line)
        else:
            detail.update(literal(f"Cannot open {one_line(info.path.name)}: {info.error}"))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Show the path, or why the file is broken."""
        self._describe(event.cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter or a click on a row opens it."""
        event.stop()
        self._open(event.cursor_row)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Open the highlighted save, or cancel."""
        event.stop()
        if event.button.id == "open":
            self._open(self.query_one("#saves", DataTable).cursor_row)
        elif event.button.id == "delete":
            self.action_delete()
        elif event.button.id == "replay":
            self.action_replay()
        else:
            self.action_cancel()

    def _open(self, row: int) -> None:
        info = self._info_at(row)
        if info is None:
            return
        if not info.ok:
            notify_plain(
                self,
                f"{one_line(info.path.name)}: {info.error}",
                title="Cannot open",
                severity="error",
            )
            return
        self.dismiss(info.path)

    def action_replay(self) -> None:
        """Step through the highlighted save move by move, over this list (Escape comes back
        here); a file that cannot be read says why."""
        from gardens_tui.ui.app import GardensApp

        info = self._info_at(self.query_one("#saves", DataTable).cursor_row)
        if info is None or not isinstance(self.app, GardensApp):
            return
        try:
            table, _ = saves.read_save(info.path)
        except (saves.SaveError, OSError, ValueError) as error:
            notify_plain(self, str(error), title="Cannot replay", severity="error", timeout=10)
            return
        self.app.open_replay(table)

    def action_cancel(self) -> None:
        """Close without loading."""
        self.dismiss(None)

    def action_delete(self) -> None:
        """Ask whether to delete the highlighted file (the question names it); nothing while a
        question is already up or the list is empty."""
        if self._confirming:
            return
        info = self._info_at(self.query_one("#saves", DataTable).cursor_row)
        if info is None:
            return
        kind = "autosave" if info.is_autosave else "save"
        name = one_line(info.path.name)
        question = ChoiceScreen(
            f"Delete the {kind} {name}? This cannot be undone.",
            [f"Delete {name}", "Keep it"],
            id="delete-save",
        )
        self._confirming = True
        self.app.push_screen(question, lambda choice: self._delete_chosen(info.path, choice))

    def _delete_chosen(self, path: Path, choice: int | None) -> None:
        self._confirming = False
        if choice != DELETE or not self.is_attached:
            return
        try:
            self._deleter(path)
        except (saves.SaveError, OSError) as error:
            notify_plain(self, str(error), title="Not deleted", severity="error", timeout=10)
        else:
            notify_plain(self, f"Deleted {one_line(path.name)}", title="Deleted", timeout=4)
        self.refresh_list()
