"""The scrolling game log: every event line of the game so far, the last move highlighted.

The lines come from a seat view (:meth:`SeatView.log <gardens_tui.seats.SeatView.log>`): events
as the viewer may read them ("Ann drew the 5" for Ann, "Ann drew a card" for everyone else).

Drawn with the line API: a log grows by a line or two per decision and may hold many hundreds of
lines, so re-rendering all of them on every change (as a RichLog rewrite would) is too slow.
New events are wrapped and appended; the highlight of the last move is looked up when a line is
drawn, so moving it costs nothing but a refresh.
"""

from __future__ import annotations

import textwrap
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gardens_tui.seats import LogStep, SeatView
from gardens_tui.ui.literal import plain
from gardens_tui.ui.widgets.glyphs import glyph

LogLine = tuple[int, str, bool]
"""``(turn, event text, belongs to the last decision)``."""

_TURN_WIDTH = 4  # "123 "
_MARK_WIDTH = 2  # "▸ "


def log_lines(source: SeatView) -> list[LogLine]:
    """``(turn, line, is_last_move)`` for every event of every decision so far, oldest first,
    as ``source``'s viewer may read them.

    A decision that reported no events is logged by its notation when the viewer made it, else
    as "NAME decided".
    """
    steps: list[LogStep] = source.log()
    seats = source.seats
    lines: list[LogLine] = []
    last = steps[-1].index if steps else 0
    for step in steps:
        events = step.lines
        if not events:
            if step.notation is not None:
                events = (step.notation,)
            elif step.seat is not None and step.seat < len(seats):
                events = (f"{seats[step.seat].name} decided",)
            else:
                events = ("(a decision)",)
        lines.extend((step.turn, event, step.index == last) for event in events)
    return lines


class GameLog(ScrollView, can_focus=True):
    """The table's events, newest at the bottom, each line prefixed with its turn number.

    The lines of the last decision are marked with ``▸`` (ASCII ``>``) and the
    ``game-log--last`` style. Every line is drawn literally (unsafe characters escaped). Call
    :meth:`show` after every table change; it appends what is new and scrolls to the end if the
    log was showing the end.

    | Class | Description |
    | :- | :- |
    | `game-log--turn` | The turn numbers. |
    | `game-log--last` | The lines of the last decision. |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"game-log--turn", "game-log--last"}

    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        border: round $border-blurred;
        border-title-color: $foreground-muted;
        background: $surface;
        scrollbar-size-vertical: 1;
        scrollbar-size-horizontal: 0;
        /* Keep the scrollbar's column from the start: lines are wrapped before it appears. */
        scrollbar-gutter: stable;
        overflow-x: hidden;
    }
    GameLog:focus { border: round $border; }
    GameLog > .game-log--turn { color: $foreground-muted; }
    GameLog > .game-log--last { color: $text-accent; text-style: bold reverse; }
    """

    def __init__(self, *, id: str | None = "game-log", ascii_mode: bool = False) -> None:
        super().__init__(id=id)
        self.border_title = "Log"
        self.ascii_mode = ascii_mode
        self.shown: list[LogLine] = []
        """The log's entries as last shown."""
        self._wrapped: list[tuple[int, str, bool]] = []  # (entry index, text, first line?)
        self._wrap_width = 0
        self._styles: tuple[Style, Style, Style] | None = None  # base, turn, last

    # --- content --------------------------------------------------------------------------------

    def show(self, source: SeatView) -> None:
        """Bring the log up to date with ``source``, a seat view (see :func:`log_lines`):
        appends when the history only grew, re-wraps from the first line that changed (an undo,
        or the viewer moving to another seat)."""
        lines = log_lines(source)
        if lines == self.shown:
            return
        old = self.shown
        keep = 0
        limit = min(len(old), len(lines))
        while keep < limit and old[keep][:2] == lines[keep][:2]:
            keep += 1
        at_end = self.scroll_y >= self.max_scroll_y
        self.shown = lines
        if keep < len(old):  # history was taken back (undo): re-wrap from the first change
            self._wrapped = [w for w in self._wrapped if w[0] < keep]
        self._wrap_entries(range(keep, len(lines)))
        self._update_size()
        self.refresh()
        if at_end:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def clear(self) -> None:
        """Forget every line."""
        self.shown = []
        self._wrapped = []
        self._update_size()
        self.refresh()

    def _text_width(self) -> int:
        return max(10, self.scrollable_content_region.width - _TURN_WIDTH - _MARK_WIDTH)

    def _wrap_entries(self, indices: range) -> None:
        width = self._wrap_width = self._text_width()
        for index in indices:
            text = plain(self.shown[index][1], newlines=False)  # log lines are data
            parts = textwrap.wrap(text, width) or [""]
            self._wrapped.extend((index, part, n == 0) for n, part in enumerate(parts))

    def _update_size(self) -> None:
        self.virtual_size = Size(self.scrollable_content_region.width, len(self._wrapped))

    def on_resize(self) -> None:
        """Re-wrap for the new width."""
        if self._text_width() != self._wrap_width:
            self._wrapped = []
            self._wrap_entries(range(len(self.shown)))
            self._update_size()
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def notify_style_update(self) -> None:
        """Styles changed: redraw everything."""
        self._styles = None
        super().notify_style_update()
        self.refresh()

    def on_mount(self) -> None:
        """Redraw with the new colours whenever the app's theme changes."""
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.notify_style_update())

    def _get_styles(self) -> tuple[Style, Style, Style]:
        # Textual drops its own style cache on every refresh; these last until styles change.
        if self._styles is None:
            self._styles = (
                self.rich_style,
                self.get_component_rich_style("game-log--turn"),
                self.get_component_rich_style("game-log--last"),
            )
        return self._styles

    # --- drawing --------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """Wrapped line ``y + scroll_y``: turn number (first line of an entry), marker, text."""
        width = self.scrollable_content_region.width
        base, turn_style, last_style = self._get_styles()
        index = y + int(self.scroll_y)
        if not 0 <= index < len(self._wrapped):
            return Strip.blank(width, base)
        entry, text, first = self._wrapped[index]
        turn, _, last = self.shown[entry]
        turn_text = f"{turn:>3} " if first else " " * _TURN_WIDTH
        segments = [Segment(turn_text, turn_style)]
        if last:
            mark = f"{glyph('last', self.ascii_mode)} " if first else "  "
            segments.append(Segment(mark + text, last_style))
        else:
            segments.append(Segment("  " + text, base))
        return Strip(segments).adjust_cell_length(width, base)
