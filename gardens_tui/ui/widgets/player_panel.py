"""The player panel: every seat's name, who is to move, bots, and the live provisional score."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import Static

from gardens_tui.table import Table
from gardens_tui.ui.widgets.glyphs import glyph


def panel_table(table: Table, ascii_mode: bool = False) -> RichTable:
    """A Rich table of the seats: marker for the seat to decide, name (bot level), score."""
    state = table.state
    scores = table.game.scores(state)
    totals = scores.totals()
    deciding = state.current_player
    grid = RichTable.grid(padding=(0, 1), expand=True)
    grid.add_column(width=1)
    grid.add_column(ratio=1, overflow="ellipsis", no_wrap=True)
    grid.add_column(justify="right")
    for seat_index, seat in enumerate(table.seats):
        mark = glyph("to-move", ascii_mode) if seat_index == deciding else " "
        name = Text(seat.name, style="bold" if seat_index == deciding else "")
        if seat.is_bot:
            name.append(f" {glyph('bot', ascii_mode)}{seat.bot}", style="dim")
        if seat_index == state.active and seat_index != deciding and not state.is_over:
            name.append(" (turn)", style="dim")
        grid.add_row(mark, name, str(totals[seat_index]))
    return grid


class PlayerPanel(Static):
    """Seats in turn order with ``▶`` (ASCII ``>``) at the seat that must decide now, each seat's
    bot level, and its total from ``game.scores()`` (provisional until the game ends)."""

    DEFAULT_CSS = """
    PlayerPanel {
        height: auto;
        border: round $border-blurred;
        border-title-color: $foreground-muted;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = "players", ascii_mode: bool = False) -> None:
        super().__init__("", id=id)
        self.border_title = "Players"
        self.ascii_mode = ascii_mode
        self._shown: tuple[object, ...] | None = None

    def show(self, table: Table) -> None:
        """Redraw from ``table`` (only when something it shows changed)."""
        state = table.state
        key = (
            table.game.scores(state).totals(),
            state.current_player,
            state.active,
            state.is_over,
            self.ascii_mode,
            table.seats,
        )
        if key == self._shown:
            return
        self._shown = key
        final = state.is_over
        self.border_subtitle = "final" if final else "score so far"
        self.update(panel_table(table, self.ascii_mode))
