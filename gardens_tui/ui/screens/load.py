"""The load dialog: every save (and autosave) as a table; unreadable files say why."""

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
from gardens_tui.ui.literal import literal, notify_plain
from gardens_tui.ui.screens.modal import AppModal


def format_saved_at(saved_at: str) -> str:
    """An ISO-8601 time as ``2026-11-22 14:05`` in local time (unchanged if it cannot parse)."""
    try:
        moment = datetime.fromisoformat(saved_at)
    except (TypeError, ValueError):
        return str(saved_at)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


class LoadDialog(AppModal[Path | None]):
    """Pick a save to open; dismisses with its path, or ``None``.

    Broken files are listed in their own colour with the reason and cannot be chosen (choosing
    one shows the reason again). ``lister`` defaults to :func:`gardens_tui.saves.list_saves`.
    File names, players and reasons are shown literally; only the first choice closes it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, lister: Callable[[], Sequence[SaveInfo]] | None = None) -> None:
        super().__init__(id="load")
        self._lister = lister or saves.list_saves
        self.infos: dict[str, SaveInfo] = {}

    def compose(self) -> ComposeResult:
        """The table of saves, a detail line and the buttons."""
        with Vertical(id="load-box", classes="dialog"):
            yield Static("Load a game", classes="dialog-title")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static("", id="load-detail", classes="hint")
            with Horizontal(classes="buttons"):
                yield Button("Open", id="open", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        """Read the saves folder and fill the table."""
        table = self.query_one("#saves", DataTable)
        table.add_columns("Game", "Players", "Turn", "Saved", "Kind")
        for info in self._lister():
            key = str(info.path)
            self.infos[key] = info
            if info.ok:
                cells = (
                    info.title or info.game,
                    ", ".join(info.players),
                    "over" if info.over else str(info.turn),
                    format_saved_at(info.saved_at),
                    "autosave" if info.is_autosave else "save",
                )
                style = ""
            else:
                # Told apart by the "x" and the word "broken", not only by the dim colour.
                cells = (
                    f"x {info.path.name}",
                    "unreadable",
                    "-",
                    format_saved_at(info.saved_at),
                    "broken",
                )
                style = "dim"
            table.add_row(*(literal(cell, style, newlines=False) for cell in cells), key=key)
        detail = self.query_one("#load-detail", Static)
        if not self.infos:
            detail.update(literal(f"No saves yet. Saves go to {saves.saves_dir()}."))
            self.query_one("#open", Button).disabled = True
        else:
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
            detail.update(literal(str(info.path)))
        else:
            detail.update(literal(f"Cannot open {info.path.name}: {info.error}"))

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
        else:
            self.action_cancel()

    def _open(self, row: int) -> None:
        info = self._info_at(row)
        if info is None:
            return
        if not info.ok:
            notify_plain(
                self, f"{info.path.name}: {info.error}", title="Cannot open", severity="error"
            )
            return
        self.dismiss(info.path)

    def action_cancel(self) -> None:
        """Close without loading."""
        self.dismiss(None)
