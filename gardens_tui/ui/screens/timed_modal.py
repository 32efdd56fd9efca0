"""A dialog with a countdown: a reaction window or a quick minigame.

Throw Octopus!'s dodge ("press J to dodge!"), a "play a shield?" window, a partner's veto: a
prompt, a few choices each on its own key (and clickable), and a clock. :class:`TimedModal`
dismisses with the chosen choice's result, or with its ``default`` (say ``"pass"``) when the
time runs out or on Esc. It is an :class:`~gardens_tui.ui.screens.modal.AppModal`, so it is
dismissed once only, and no key acts before it is up or after it is gone.

The clock is a Textual timer calling :meth:`TimedModal.tick` every ``tick_ms``; with
``clock=False`` nothing runs by itself and the caller (a test) calls :meth:`TimedModal.tick`.
Every text shown (the prompt, the labels, the title) is drawn literally, never as markup.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.style import Style
from textual.widgets import Static

from gardens_tui.ui.literal import literal, plain
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.steady import SteadyStatic

ResultT = TypeVar("ResultT")

BAR_WIDTH = 24
"""The countdown bar's width in characters."""


@dataclass(frozen=True, slots=True)
class TimedChoice(Generic[ResultT]):
    """A choice of a :class:`TimedModal`: the key that takes it (a Textual key name such as
    ``"j"`` or ``"enter"``), what it says, and the result the modal dismisses with."""

    key: str
    label: str
    result: ResultT


def countdown_text(remaining_ms: int, total_ms: int, ascii_mode: bool) -> str:
    """The clock line: a bar that empties as time runs out, then the seconds left (one
    decimal, rounded up so that ``0.0 s`` means the time is over)."""
    total = max(total_ms, 1)
    left = min(max(remaining_ms, 0), total)
    filled = math.ceil(left * BAR_WIDTH / total)
    full, empty = ("#", "-") if ascii_mode else ("█", "░")
    seconds = math.ceil(left / 100) / 10
    return f"{full * filled}{empty * (BAR_WIDTH - filled)} {seconds:.1f} s"


class TimedModal(AppModal[ResultT]):
    """A prompt, choices and a countdown of ``time_ms``; dismisses with the result of the choice
    whose key is pressed (or which is clicked), or with ``default`` on Esc or when time is up.

    ``other_key``: when not ``None``, any other key dismisses with it (a dodge game where a
    wrong key is a miss); when ``None`` other keys are left to the app (``?`` still opens help;
    the clock keeps running, and a timeout while another screen is on top takes effect as soon
    as this one is back on top).
    """

    DEFAULT_CSS = """
    TimedModal { align: center middle; }
    TimedModal #timed-box { width: 60; max-width: 100%; height: auto; padding: 0 1; }
    TimedModal #timed-prompt { margin-bottom: 1; }
    TimedModal #timed-choices { margin-bottom: 1; }
    TimedModal #timed-clock { color: $warning; }
    """

    def __init__(
        self,
        prompt: str,
        choices: Sequence[TimedChoice[ResultT]],
        default: ResultT,
        *,
        time_ms: int,
        tick_ms: int = 100,
        title: str = "",
        other_key: ResultT | None = None,
        ascii_mode: bool = False,
        clock: bool = True,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        if time_ms <= 0 or tick_ms <= 0:
            raise ValueError("time_ms and tick_ms must be positive")
        self.prompt = prompt
        self.choices: tuple[TimedChoice[ResultT], ...] = tuple(choices)
        self.default = default
        self.time_ms = time_ms
        self.tick_ms = tick_ms
        self.title_text = title
        self.other_key = other_key
        self.ascii_mode = ascii_mode
        self.clock = clock
        self.remaining_ms = time_ms
        """Time left; the modal dismisses with :attr:`default` when it reaches 0."""
        self._by_key = {choice.key: choice for choice in self.choices}

    def compose(self) -> ComposeResult:
        """Title, prompt, one clickable line per choice, the clock."""
        with Vertical(id="timed-box", classes="dialog"):
            if self.title_text:
                yield SteadyStatic(literal(self.title_text), classes="dialog-title")
            yield SteadyStatic(literal(self.prompt), id="timed-prompt")
            yield SteadyStatic(
                Content("\n").join(
                    Content.assemble(
                        (plain(choice.key, newlines=False), "bold"),
                        "  ",
                        plain(choice.label, newlines=False),
                    ).stylize(Style.from_meta({"@click": f"screen.choose({index})"}))
                    for index, choice in enumerate(self.choices)
                ),
                id="timed-choices",
            )
            yield SteadyStatic(literal(self._clock_text()), id="timed-clock")

    def on_mount(self) -> None:
        """Start the clock (unless ``clock=False``)."""
        if self.clock:
            self.set_interval(self.tick_ms / 1000, self.tick, name="countdown")

    def _clock_text(self) -> str:
        return countdown_text(self.remaining_ms, self.time_ms, self.ascii_mode)

    def tick(self, elapsed_ms: int | None = None) -> None:
        """``elapsed_ms`` (one tick when ``None``) went by: redraw the clock; at 0, dismiss with
        the default (tried again on later ticks while another screen is on top)."""
        if self.dismissed:
            return
        step = self.tick_ms if elapsed_ms is None else elapsed_ms
        self.remaining_ms = max(0, self.remaining_ms - step)
        if self.is_mounted:
            self.query_one("#timed-clock", Static).update(literal(self._clock_text()))
        if self.remaining_ms == 0:
            self.dismiss(self.default)

    def action_choose(self, index: int) -> None:
        """Take the choice at ``index`` (a click on its line)."""
        if 0 <= index < len(self.choices):
            self.dismiss(self.choices[index].result)

    def on_key(self, event: events.Key) -> None:
        """A choice's key takes it; Esc gives the default; any other key gives ``other_key``
        when set (otherwise it is left to the app)."""
        if not self.is_mounted or self.dismissed:
            return
        choice = self._by_key.get(event.key)
        if choice is not None:
            result = choice.result
        elif event.key == "escape":
            result = self.default
        elif self.other_key is not None:
            result = self.other_key
        else:
            return
        event.stop()
        event.prevent_default()
        self.dismiss(result)
