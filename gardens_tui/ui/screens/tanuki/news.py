"""What happened since your last turn: the pop-up shown when a person's turn starts after other
seats decided (issue 26).

At 80x24 the log beside the garden is a few lines tall, so a bot's turn (its roll, the tanuki,
its tile, every walk it caused) scrolls out of it before the player reads why they must now
discard a tile. When a person at this keyboard must decide and others decided since that
person's own last decision (:meth:`~gardens_tui.ui.screens.game_base.GameScreen.since_last_turn`),
the screen lists those steps' log lines (:meth:`SeatView.log(since)
<gardens_tui.seats.SeatView.log>`, redacted for the viewer) in :class:`NewsScreen`, over the
garden, with the decision asked now at the bottom. Any key or a click closes it (the arrows and
page keys scroll a long list first); ``o`` shows it again.

:func:`news_lines` is pure; the screen decides when the pop-up is due.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll

from gardens_tui.seats import LogStep
from gardens_tui.table import Seat
from gardens_tui.ui.literal import literal, plain
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.steady import SteadyStatic

NEWS_KEY = "o"
"""The key that shows the pop-up again."""

NEWS_TITLE = "Since your last turn"


def news_lines(steps: Sequence[LogStep], seats: Sequence[Seat]) -> list[str]:
    """The log lines of ``steps`` as ``"turn N  line"`` text; a step without events is named by
    its notation (the viewer's own) or "NAME decided"."""
    out: list[str] = []
    for step in steps:
        lines: Sequence[str] = step.lines
        if not lines:
            if step.notation is not None:
                lines = (step.notation,)
            elif step.seat is not None and 0 <= step.seat < len(seats):
                lines = (f"{seats[step.seat].name} decided",)
            else:
                continue
        out.extend(f"{step.turn:>3}  {plain(line, newlines=False)}" for line in lines)
    return out


def others_decided(steps: Sequence[LogStep], seat: int | None) -> bool:
    """Whether a seat other than ``seat`` made one of ``steps``."""
    return any(step.seat is not None and step.seat != seat for step in steps)


class NewsScreen(AppModal[None]):
    """The log lines since the player's last turn over the garden, then what is asked now.

    Any key closes it, except the arrows and page keys, which scroll a long list; a click
    closes it too. Drawn literally (the lines hold players' names)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,space", "close", "Close"),
        Binding("up,k", "scroll(-1)", "Up", show=False),
        Binding("down,j", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-8)", "Page up", show=False),
        Binding("pagedown", "scroll(8)", "Page down", show=False),
    ]

    DEFAULT_CSS = """
    NewsScreen { align: center bottom; }
    NewsScreen #news-box { width: 78; max-width: 100%; height: auto; max-height: 100%; }
    NewsScreen #news-lines { height: auto; max-height: 15; scrollbar-size-vertical: 1; }
    NewsScreen #news-now { color: $text-accent; text-style: bold; }
    NewsScreen #news-hint { color: $foreground-muted; }
    """

    SCROLL_KEYS: ClassVar[frozenset[str]] = frozenset(
        {"up", "down", "k", "j", "pageup", "pagedown"}
    )

    def __init__(self, lines: Sequence[str], now: str) -> None:
        super().__init__(id="tk-news")
        self.lines = tuple(lines)
        self.now = now

    def compose(self) -> ComposeResult:
        """The title, the lines (newest at the bottom, in sight), what is asked now, a hint."""
        with Vertical(id="news-box", classes="dialog"):
            yield SteadyStatic(NEWS_TITLE, classes="dialog-title")
            with VerticalScroll(id="news-lines"):
                yield SteadyStatic(literal("\n".join(self.lines)), id="news-text")
            if self.now:
                yield SteadyStatic(literal(f"Now: {self.now}"), id="news-now")
            yield SteadyStatic(
                f"Any key closes this ({NEWS_KEY} shows it again, g scrolls the log)",
                id="news-hint",
            )

    def on_mount(self) -> None:
        """Keep the newest line in sight."""
        self.call_after_refresh(self._to_end)

    def _to_end(self) -> None:
        self.query_one("#news-lines", VerticalScroll).scroll_end(animate=False)

    def action_scroll(self, rows: int) -> None:
        """Scroll the lines by ``rows``."""
        self.query_one("#news-lines", VerticalScroll).scroll_relative(y=rows, animate=False)

    def action_close(self) -> None:
        """Close the pop-up."""
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        """Any key but the scroll keys closes the pop-up (and does nothing else)."""
        if event.key in self.SCROLL_KEYS:
            return
        event.stop()
        event.prevent_default()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click closes the pop-up."""
        event.stop()
        self.dismiss(None)
