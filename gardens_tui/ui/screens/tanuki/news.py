"""What happened since your last turn: the pop-up shown when a person's turn starts after other
seats decided (issue 26).

At 80x24 the log beside the garden is a few lines tall, so a bot's turn (its roll, the tanuki,
its tile, every walk it caused) scrolls out of it before the player reads why they must now
discard a tile. When a person at this keyboard must decide and others decided since that
person's own last decision (:meth:`GameScreen.since_last_turn
<gardens_tui.ui.screens.game_base.GameScreen.since_last_turn>`: a forced step played for
them, such as a roll with no card to play, is no decision), the screen lists what happened
since their turn ended in :class:`NewsScreen`, over the garden, with the decision asked now at
the bottom: the log lines of the steps after that decision (:meth:`SeatView.log(since)
<gardens_tui.seats.SeatView.log>`, redacted for the viewer), and before them the lines of the
decision itself that belong to the next turn (the next seat's roll and where its tanuki went,
played by themselves as the person's turn ended). Every line is numbered with the turn it
happened in (:func:`timed_lines`). Any key or a click closes it (the arrows and page keys
scroll a long list first); ``o`` shows it again.

:func:`news_lines` is pure; the screen decides when the pop-up is due.
"""

from __future__ import annotations

import re
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

HINT = f"Any key closes this ({NEWS_KEY} shows it again, g scrolls the log)"
"""The pop-up's last line when every line is in sight."""


def more_hint(hidden: int) -> str:
    """The pop-up's last line when ``hidden`` earlier lines are out of sight above: at 80x24 a
    round of three players' turns is longer than the pop-up, and its start (the others'
    rolls) was hidden with nothing saying so."""
    lines = "line" if hidden == 1 else "lines"
    return (
        f"Up / PgUp: {hidden} earlier {lines} above - any other key closes this ({NEWS_KEY}: again)"
    )


DICE_LINE = re.compile(r" rolled blue [1-6], gold [1-6]\Z")
"""The end of the log line of the roll that opens a turn ("Bob rolled blue 3, gold 5"; the
second roll for a tanuki put back ends "for the gold tanuki" and opens nothing)."""


def opens_turn(line: str, seats: Sequence[Seat], decider: int | None) -> bool:
    """Whether log ``line`` is the roll that opens the turn of a seat other than ``decider``
    (the seat whose decision wrote it). Such a roll is played by itself as the decider's turn
    ends, so it sits among the decider's lines although it belongs to the next turn; a roll
    by the decider is its own (with the Garden Master it chooses when to roll). A seat that
    discards on another's turn and then rolls to open its own turn is not told apart: its roll
    stays numbered with the turn before (rare, and only a number)."""
    found = DICE_LINE.search(line)
    if found is None:
        return False
    name = line[: found.start()]
    return any(seat.name == name for i, seat in enumerate(seats) if i != decider)


def timed_lines(step: LogStep, seats: Sequence[Seat], last_turn: int) -> list[tuple[int, str]]:
    """``step``'s log lines, each as ``(turn it happened in, text)``: the turn the step was
    decided in, and from a roll that opens another seat's turn (:func:`opens_turn`) the next
    one (never past ``last_turn``, the turn of the step after it or of the game now)."""
    turn = step.turn
    out: list[tuple[int, str]] = []
    for line in step.lines:
        text = plain(line, newlines=False)
        if turn < last_turn and opens_turn(text, seats, step.seat):
            turn += 1
        out.append((turn, text))
    return out


OUT_OF_TURN_VERBS = frozenset({"let", "repel", "allow", "cancel", "discard"})
"""The verbs of the decisions a person makes in another seat's turn (a Tanuki Repellant or
Best Offense window, a discard for an ashi-magari)."""


def answered_out_of_turn(step: LogStep) -> bool:
    """Whether ``step`` (the viewer's own: its notation is known) answered a window or made a
    discard in another seat's turn."""
    notation = step.notation or ""
    return notation.split(" ", 1)[0] in OUT_OF_TURN_VERBS


def news_lines(
    steps: Sequence[LogStep],
    seats: Sequence[Seat],
    *,
    turn_now: int | None = None,
    own_first: bool = False,
) -> list[str]:
    """The log lines of ``steps`` as ``"turn N  line"`` text, each numbered with the turn it
    happened in (:func:`timed_lines`; ``turn_now``: the game's turn now, after the last step);
    a step without events is named by its notation (the viewer's own) or "NAME decided".

    ``own_first``: the first step is the person's own last decision. Made in their own turn,
    only its lines of a later turn are news (the next seat's roll and its tanuki, played by
    themselves as the person's turn ended, which may have cost them shiitake); answered in
    another's turn (:func:`answered_out_of_turn`), all its lines are: what followed the answer
    (the tanuki let come landing on them, the rest of that turn)."""
    out: list[str] = []
    for k, step in enumerate(steps):
        last_turn = steps[k + 1].turn if k + 1 < len(steps) else turn_now
        timed = timed_lines(step, seats, step.turn if last_turn is None else last_turn)
        if own_first and k == 0:
            if not answered_out_of_turn(step):
                timed = [(turn, text) for turn, text in timed if turn > step.turn]
            out.extend(f"{turn:>3}  {text}" for turn, text in timed)
            continue
        if not timed:
            if step.notation is not None:
                timed = [(step.turn, plain(step.notation, newlines=False))]
            elif step.seat is not None and 0 <= step.seat < len(seats):
                timed = [(step.turn, plain(f"{seats[step.seat].name} decided", newlines=False))]
        out.extend(f"{turn:>3}  {text}" for turn, text in timed)
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
            yield SteadyStatic(HINT, id="news-hint")

    def on_mount(self) -> None:
        """Keep the newest line in sight."""
        self.call_after_refresh(self._to_end)

    def _to_end(self) -> None:
        """Scroll to the newest line; when earlier lines are out of sight above, the hint says
        how many and how to see them (the oldest are the start of the others' turns)."""
        scroll = self.query_one("#news-lines", VerticalScroll)
        scroll.scroll_end(animate=False)
        hidden = max(len(self.lines) - scroll.scrollable_content_region.height, 0)
        if hidden:
            self.query_one("#news-hint", SteadyStatic).update(literal(more_hint(hidden)))

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
