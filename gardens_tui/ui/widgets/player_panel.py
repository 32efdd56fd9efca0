"""The player panel: every seat's name, who is to move, bots, and the live provisional score.

The seats are laid out in columns at whatever width the panel has: the marker of the seat to
decide, the names, the bot levels, and the scores flush right (:class:`SeatColumns`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.widgets import Static

from gardens_tui.table import Table
from gardens_tui.ui.literal import literal
from gardens_tui.ui.widgets.glyphs import glyph

MIN_NAME = 4
"""Below this many cells for the names, bot levels shrink to their glyph to make room."""


def bot_label(level: str | None, ascii_mode: bool = False) -> str:
    """The bot column's text: ``⚙ greedy`` (ASCII ``# greedy``) for a bot, ``""`` for a person.

    The space after the glyph keeps the level readable where a terminal draws ``⚙`` wide.
    """
    return "" if level is None else f"{glyph('bot', ascii_mode)} {level}"


@dataclass(frozen=True)
class SeatRow:
    """One seat's cells: ``mark`` (one cell), ``name`` (styled), ``bot`` label and ``score``."""

    mark: str
    name: Text
    bot: str
    score: str


def layout_rows(rows: Sequence[SeatRow], width: int) -> list[Text]:
    """``rows`` as lines of ``width`` cells, in columns.

    Each line is ``mark``, a space, the name padded to the longest name, a space, the bot label
    padded to the longest label (no column when no seat is a bot), then the score flush right.
    Names that do not fit end in ``…``; when fewer than :data:`MIN_NAME` cells would be left for
    them, the bot labels shrink to their first cell (the glyph).
    """
    if not rows:
        return []
    bots = [row.bot for row in rows]
    score_width = max(cell_len(row.score) for row in rows)
    longest_name = max(row.name.cell_len for row in rows)

    def name_room(labels: list[str]) -> int:
        bot_width = max(cell_len(label) for label in labels)
        return width - 2 - (bot_width + 1 if bot_width else 0) - 1 - score_width

    if name_room(bots) < min(MIN_NAME, longest_name):
        bots = [label[:1] for label in bots]
    bot_width = max(cell_len(label) for label in bots)
    name_width = max(1, min(longest_name, name_room(bots)))
    lines = []
    for row, label in zip(rows, bots, strict=True):
        line = Text(row.mark[:1].ljust(1))
        line.append(" ")
        name = row.name.copy()
        name.truncate(name_width, overflow="ellipsis", pad=True)
        line.append_text(name)
        if bot_width:
            line.append(" ")
            line.append(label.ljust(bot_width), style="dim")
        gap = max(1, width - line.cell_len - cell_len(row.score))
        line.append(" " * gap)
        line.append(row.score)
        lines.append(line)
    return lines


class SeatColumns:
    """A Rich renderable of :class:`SeatRow` s laid out by :func:`layout_rows` at the width it
    is given."""

    def __init__(self, rows: Sequence[SeatRow]) -> None:
        self.rows = tuple(rows)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """One line per seat, ``options.max_width`` wide."""
        yield Text("\n").join(layout_rows(self.rows, options.max_width))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """At least the marker, a name cell and the scores; at most everything side by side."""
        if not self.rows:
            return Measurement(0, 0)
        score_width = max(cell_len(row.score) for row in self.rows)
        bot_width = max(cell_len(row.bot) for row in self.rows)
        name_width = max(row.name.cell_len for row in self.rows)
        widest = 2 + name_width + (bot_width + 1 if bot_width else 0) + 1 + score_width
        return Measurement(min(widest, 4 + score_width), widest).clamp(max_width=options.max_width)


def panel_table(table: Table, ascii_mode: bool = False) -> SeatColumns:
    """The seats of ``table`` as :class:`SeatColumns`: ``▶`` (ASCII ``>``) at the seat to
    decide, shown bold; ``(turn)`` after the seat whose turn it is while another decides; the
    bot level; the score from ``game.scores()``. Names are shown literally."""
    state = table.state
    totals = table.game.scores(state).totals()
    deciding = state.current_player
    rows = []
    for seat_index, seat in enumerate(table.seats):
        mark = glyph("to-move", ascii_mode) if seat_index == deciding else " "
        name = literal(seat.name, "bold" if seat_index == deciding else "", newlines=False)
        if seat_index == state.active and seat_index != deciding and not state.is_over:
            name.append(" (turn)", style="dim")
        rows.append(SeatRow(mark, name, bot_label(seat.bot, ascii_mode), str(totals[seat_index])))
    return SeatColumns(rows)


class PlayerPanel(Static):
    """Seats in turn order with ``▶`` (ASCII ``>``) at the seat that must decide now, each seat's
    bot level, and its total from ``game.scores()`` (provisional until the game ends), in
    columns (see :func:`panel_table`); the bottom border says ``score so far`` or ``final``."""

    DEFAULT_CSS = """
    PlayerPanel {
        height: auto;
        border: round $border-blurred;
        border-title-color: $foreground-muted;
        border-subtitle-color: $foreground-muted;
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
