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
from collections.abc import Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.strip import Strip

from gardens_tui.seats import LogStep, SeatView
from gardens_tui.table import Seat
from gardens_tui.ui.literal import literal, plain
from gardens_tui.ui.widgets.glyphs import glyph
from gardens_tui.ui.widgets.steady_scroll import SteadyScrollView

LogLine = tuple[int, str, bool]
"""``(turn, event text, belongs to the last decision)``."""

_TURN_WIDTH = 4  # "123 "
_MARK_WIDTH = 2  # "▸ "
_NEW_MARK = ("•", "*")  # Unicode, ASCII: a line new since the player's last decision


def log_lines(source: SeatView) -> list[LogLine]:
    """``(turn, line, is_last_move)`` for every event of every decision so far, oldest first,
    as ``source``'s viewer may read them.

    A decision that reported no events is logged by its notation when the viewer made it, else
    as "NAME decided".
    """
    return _lines_of(source.log(), source.seats)


def _lines_of(steps: Sequence[LogStep], seats: Sequence[Seat]) -> list[LogLine]:
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


LOG_KEY = "g"
"""The game screens' key that moves the focus to the game log and back (``l`` moves board
cursors)."""


class GameLog(SteadyScrollView, can_focus=True):
    """The table's events, newest at the bottom, each line prefixed with its turn number.

    The lines of the last decision are marked with ``▸`` (ASCII ``>``) and the
    ``game-log--last`` style; the other lines new since the player's own last decision (see
    :meth:`show`) with ``•`` (ASCII ``*``) and ``game-log--new``, and the border title counts
    them ("Log · 3 new"). Every line is drawn literally (unsafe characters escaped). Call
    :meth:`show` after every table change; it appends what is new.

    The log *follows* the game: while :attr:`following` it keeps its newest line in sight.
    Scrolling up (keys, mouse wheel, scrollbar) stops that, so a new line never moves what the
    player is reading; scrolling back to the bottom (or ``end``) follows again. It is focusable
    and scrolls with the usual keys (up/down, page up/down, home/end); ``escape`` hands the
    focus back (see :meth:`action_return_focus`).

    | Class | Description |
    | :- | :- |
    | `game-log--turn` | The turn numbers. |
    | `game-log--last` | The lines of the last decision. |
    | `game-log--new` | Other lines new since the player's last decision. |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"game-log--turn", "game-log--last", "game-log--new"}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "return_focus", "Back to the board", show=False),
    ]

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
    GameLog > .game-log--new { color: $text-accent; text-style: bold; }
    """

    def __init__(self, *, id: str | None = "game-log", ascii_mode: bool = False) -> None:
        super().__init__(id=id)
        self.border_title = "Log"
        self.ascii_mode = ascii_mode
        self.key_hint: str | None = None
        """The key that focuses the log, shown in its border title (set by the screen)."""
        self.new_from = 0
        """The first entry of :attr:`shown` that is new since the player's last decision
        (``len(shown)``: none)."""
        self.shown: list[LogLine] = []
        """The log's entries as last shown."""
        self._wrapped: list[tuple[int, str, bool]] = []  # (entry index, text, first line?)
        self._wrap_width = 0
        self._styles: tuple[Style, Style, Style, Style] | None = None  # base, turn, last, new
        self.following = True
        """Keep the newest line in sight (False once the player scrolled up; see the class
        docstring)."""

    # --- content --------------------------------------------------------------------------------

    def show(self, source: SeatView, since: int | None = None) -> None:
        """Bring the log up to date with ``source``, a seat view (see :func:`log_lines`):
        appends when the history only grew, re-wraps from the first line that changed (an undo,
        or the viewer moving to another seat).

        ``since`` is the position after the player's own last decision: the lines of the steps
        after it are marked as new (what happened since their last turn). ``None``: none are.
        """
        lines = log_lines(source)
        new = 0 if since is None else len(_lines_of(source.log(since), source.seats))
        new_from = len(lines) - new
        if new_from != self.new_from:
            self.new_from = new_from
            self.refresh()
        if lines == self.shown:
            self._update_title()
            return
        old = self.shown
        keep = 0
        limit = min(len(old), len(lines))
        while keep < limit and old[keep][:2] == lines[keep][:2]:
            keep += 1
        self.shown = lines
        self._update_title()
        if keep < len(old):  # history was taken back (undo): re-wrap from the first change
            self._wrapped = [w for w in self._wrapped if w[0] < keep]
        self._wrap_entries(range(keep, len(lines)))
        self._update_size()
        self.refresh()
        self._follow()

    def _update_title(self) -> None:
        title = "Log" if self.key_hint is None else f"Log ({self.key_hint})"
        new = len(self.shown) - self.new_from if self.shown else 0
        self.border_title = literal(f"{title} · {new} new" if new > 0 else title)

    def clear(self) -> None:
        """Forget every line."""
        self.shown = []
        self.new_from = 0
        self._update_title()
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
        # The log's size never depends on its lines (height 1fr, a stable scrollbar gutter):
        # a longer log is no reason to lay the screen out.
        self.set_virtual_size(Size(self.scrollable_content_region.width, len(self._wrapped)))

    def on_resize(self) -> None:
        """Re-wrap for the new width."""
        if self._text_width() != self._wrap_width:
            self._wrapped = []
            self._wrap_entries(range(len(self.shown)))
            self._update_size()
        self._follow()

    def _follow(self) -> None:
        """Scroll to the newest line if :attr:`following`: at once when the log and its
        scrollbar are in place (the same frame draws the new lines where they belong), else
        after the next refresh."""
        if not self.following:
            return
        if self.size and (not self.show_vertical_scrollbar or self.vertical_scrollbar.is_mounted):
            self._scroll_to_newest()
        else:  # a scrollbar not mounted yet would not redraw its thumb for the new position
            self.call_after_refresh(self._scroll_to_newest)

    def _scroll_to_newest(self) -> None:
        if self.following and self.is_mounted:
            self.scroll_to(y=self.max_scroll_y, animate=False, force=True)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Follow the game again when the player scrolled to the bottom; stop when they
        scrolled up. (Growing content moves no scroll position, so it changes nothing here.)"""
        super().watch_scroll_y(old_value, new_value)
        if new_value != old_value and self.virtual_size.height:
            self.following = new_value >= self.max_scroll_y

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``escape`` hands the focus back only when there is another widget to take it;
        otherwise it goes on to the screen (to leave the game, say)."""
        if action == "return_focus":
            return any(widget is not self for widget in self.screen.focus_chain)
        return True

    def action_return_focus(self) -> None:
        """Hand the focus back: to where it was before the screen's log key moved it here
        (``action_toggle_log``), else to the next focusable widget."""
        toggle = getattr(self.screen, "action_toggle_log", None)
        if callable(toggle):
            toggle()
        else:
            self.screen.focus_next()

    def notify_style_update(self) -> None:
        """Styles changed: redraw everything."""
        self._styles = None
        super().notify_style_update()
        self.refresh()

    def on_mount(self) -> None:
        """Redraw with the new colours whenever the app's theme changes."""
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.notify_style_update())

    def _get_styles(self) -> tuple[Style, Style, Style, Style]:
        # Textual drops its own style cache on every refresh; these last until styles change.
        if self._styles is None:
            self._styles = (
                self.rich_style,
                self.get_component_rich_style("game-log--turn"),
                self.get_component_rich_style("game-log--last"),
                self.get_component_rich_style("game-log--new"),
            )
        return self._styles

    # --- drawing --------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """Wrapped line ``y + scroll_y``: turn number (first line of an entry), marker, text."""
        width = self.scrollable_content_region.width
        base, turn_style, last_style, new_style = self._get_styles()
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
        elif entry >= self.new_from:
            mark = f"{_NEW_MARK[self.ascii_mode]} " if first else "  "
            segments.append(Segment(mark + text, new_style))
        else:
            segments.append(Segment("  " + text, base))
        return Strip(segments).adjust_cell_length(width, base)
