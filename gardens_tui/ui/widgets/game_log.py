"""The scrolling game log: every event line of the table's history, the last move highlighted."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from gardens_tui.table import Table
from gardens_tui.ui.widgets.glyphs import glyph


def log_lines(table: Table) -> list[tuple[int, str, bool]]:
    """``(turn, line, is_last_move)`` for every event of every decision so far, oldest first."""
    lines: list[tuple[int, str, bool]] = []
    last = len(table.states) - 1
    for index, state in enumerate(table.states[1:], start=1):
        events = state.events or (table.game.format_action(table.actions[index - 1]),)
        turn = table.states[index - 1].turn
        lines.extend((turn, event, index == last) for event in events)
    return lines


class GameLog(RichLog):
    """The table's events, newest at the bottom; the last decision's lines are marked with a
    glyph and in reverse video. Call :meth:`show` after every table change."""

    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        border: round $border-blurred;
        border-title-color: $foreground-muted;
        background: $surface;
        scrollbar-size-vertical: 1;
    }
    GameLog:focus { border: round $border; }
    """

    def __init__(self, *, id: str | None = "game-log", ascii_mode: bool = False) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=20)
        self.border_title = "Log"
        self.ascii_mode = ascii_mode
        self.shown: list[tuple[int, str, bool]] = []

    def show(self, table: Table) -> None:
        """Redraw from ``table`` (only if its lines changed)."""
        lines = log_lines(table)
        if lines == self.shown:
            return
        self.shown = lines
        self.clear()
        marker = glyph("last", self.ascii_mode)
        for turn, line, last in lines:
            text = Text(f"{turn:>3} ", style="dim")
            if last:
                text.append(f"{marker} {line}", style="bold reverse")
            else:
                text.append(f"  {line}")
            self.write(text)
