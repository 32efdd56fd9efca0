"""The dodge minigame: a :class:`TimedModal` asking the target to press one key in time.

It opens by itself when a throw targets a person at this keyboard, in two steps:

1. **The throw is announced** before the window opens: the dialog names the thrower and the
   target (hot-seat: the right person takes the keyboard) and says how long the window will be;
   no clock runs and no key is shown yet. Enter (or space) opens the window; Esc takes the hit.
   Other keys do nothing here (a key typed ahead for the board never settles a dodge).
2. **The window**: the key to press is shown, with a countdown. Pressing it dodges; any other
   key, Esc or the time running out is a hit.

The dialog settles the dodge with the outcome it saw, and the rules write the log line from it
(:mod:`gardens_tui.rules.throw_octopus.dodge`): ``dodge`` (in time), ``hit late`` (the time ran
out), ``hit wrong`` (another key in the window) or ``hit taken`` (Esc, in either step).

The key is one of :data:`DODGE_KEYS`, picked from the position's version so it changes from one
throw to the next without a random source. The dialog has its own footer, which offers the keys
of the step shown (the window's: the dodge key itself), so the game's footer under it never
names a key that would do something else here. Once it closes, :meth:`DodgeModal.outcome_words`
says how the dodge went ("in time", "too late", "wrong key"), for the game screen to show.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from gardens_tui.rules.base import Action
from gardens_tui.rules.throw_octopus.dodge import DODGE, LATE, TAKEN, WRONG
from gardens_tui.ui.literal import literal, plain
from gardens_tui.ui.screens.timed_modal import TimedChoice, TimedModal
from gardens_tui.ui.widgets.key_footer import KeyFooter

DODGE_KEYS = "jfkdlsa"
"""The keys the dodge may ask for (home-row letters)."""

READY_KEYS = ("enter", "space")
"""The keys that open the window once the throw is announced."""


def dodge_key(version: int) -> str:
    """The key to press for the dodge at table version ``version``."""
    return DODGE_KEYS[version % len(DODGE_KEYS)]


def seconds(time_ms: int) -> str:
    """``1500`` → ``1.5 s``."""
    return f"{time_ms / 1000:.1f} s"


def announce_prompt(thrower: str, target: str, time_ms: int) -> str:
    """The announcement: who throws at whom, and what comes next (names are data: their line
    feeds are escaped)."""
    thrower, target = plain(thrower, newlines=False), plain(target, newlines=False)
    return (
        f"{thrower} throws the octopus at {target}!\n"
        f"{target}, take the keyboard and press Enter when ready: a key shows, "
        f"press it within {seconds(time_ms)} to dodge.\n"
        "(Esc: take the hit, 2 tiles and a lost turn)"
    )


def dodge_prompt(thrower: str, target: str, key: str) -> str:
    """The window's words: who threw at whom, and the key the target must press (names are
    data: their line feeds are escaped)."""
    thrower, target = plain(thrower, newlines=False), plain(target, newlines=False)
    return (
        f"{thrower} throws the octopus at {target}!\n"
        f"{target}, take the keyboard: press  {key.upper()}  to dodge!\n"
        "(another key, Esc or no key in time: a hit, 2 tiles and a lost turn)"
    )


class DodgeModal(TimedModal[Action]):
    """The dodge dialog: the announcement, then the window (see the module docstring).

    :attr:`ready` is whether the window is open; :attr:`prompt` is the text shown now.
    ``clock`` ``False``: the countdown waits for :meth:`tick` calls (tests)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "Ready"),
        Binding("escape", "take_hit", "Take the hit"),
        # The app's "? Help" would not act here (every key settles or waits): hidden.
        Binding("question_mark", "nothing", show=False),
    ]

    def __init__(
        self,
        thrower: str,
        target: str,
        key: str,
        time_ms: int,
        *,
        ascii_mode: bool,
        clock: bool = True,
    ) -> None:
        super().__init__(
            announce_prompt(thrower, target, time_ms),
            (TimedChoice(key, "Dodge!", DODGE),),
            LATE,
            time_ms=time_ms,
            title="Throw Octopus!",
            other_key=WRONG,
            ascii_mode=ascii_mode,
            clock=False,  # the clock starts with the window, not with the dialog
            id="to-dodge",
        )
        self.thrower, self.target, self.key = thrower, target, key
        self.run_clock = clock
        """Whether the countdown runs by itself once the window opens."""
        self.ready = False
        """The window is open (the key shows and the clock counts down)."""
        self.result_key: str | None = None
        """The key that settled the dodge (``None``: none yet, or the time ran out)."""

    def compose(self) -> ComposeResult:
        """The dialog (the key and the clock stay hidden until the window opens) and a footer
        of this step's keys."""
        yield from super().compose()
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        """Hide the key and the clock until the window opens."""
        self.query_one("#timed-choices").display = False
        self.query_one("#timed-clock").display = False

    def open_window(self) -> None:
        """Show the key and start the countdown (its footer now offers the dodge key)."""
        if self.ready or self.dismissed:
            return
        self.ready = True
        self.prompt = dodge_prompt(self.thrower, self.target, self.key)
        if self.is_mounted:
            self.query_one("#timed-prompt", Static).update(literal(self.prompt))
            self.query_one("#timed-choices").display = True
            self.query_one("#timed-clock").display = True
        self._bindings.bind(self.key, "choose(0)", "Dodge!", key_display=self.key.upper())
        if self.run_clock:
            self.set_interval(self.tick_ms / 1000, self.tick, name="countdown")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter opens the window and Esc takes the hit only while the throw is announced
        (in the window every key but the dodge key is a hit, as the dialog says)."""
        if action in ("ready", "take_hit") and self.ready:
            return False
        return super().check_action(action, parameters)

    def action_ready(self) -> None:
        """Enter: open the window."""
        self.open_window()

    def action_nothing(self) -> None:
        """A key that does nothing in the dialog."""

    def action_take_hit(self) -> None:
        """Esc: take the hit."""
        self.result_key = "escape"
        self.dismiss(TAKEN)

    def tick(self, elapsed_ms: int | None = None) -> None:
        """The countdown runs only once the window is open."""
        if self.ready:
            super().tick(elapsed_ms)

    def on_key(self, event: events.Key) -> None:
        """Announced: Enter or space opens the window, Esc takes the hit, other keys do
        nothing. Open: the dodge key dodges (in either case: it is shown in capitals), any
        other key is a hit (the key is noted)."""
        if not self.is_mounted or self.dismissed:
            return
        if self.ready:
            self.result_key = event.key
            if event.key != self.key and event.key.lower() == self.key:
                # The key is shown in capitals: Shift with it dodges as well.
                event.stop()
                event.prevent_default()
                self.action_choose(0)
            elif event.key == "escape":
                event.stop()
                event.prevent_default()
                self.action_take_hit()
            return  # otherwise the TimedModal's own handler settles it
        event.stop()
        event.prevent_default()
        if event.key in READY_KEYS:
            self.open_window()
        elif event.key == "escape":
            self.action_take_hit()

    def outcome_words(self, result: Action | None) -> str:
        """How the dodge of :attr:`target` went, once ``result`` came: in time, too late, a
        wrong key (naming the key pressed), or the hit taken with Esc (empty for no result)."""
        target = plain(self.target, newlines=False)
        hit = "hit (2 tiles, a lost turn)."
        if result == DODGE:
            return f"{target} pressed {self.key.upper()} in time: dodged!"
        if result == LATE:
            return f"{target} was too late to dodge: {hit}"
        if result == TAKEN:
            return f"{target} took the {hit}"
        if result == WRONG:
            pressed = plain(self.result_key or "?", newlines=False)
            return f"{target} pressed {pressed}, not {self.key.upper()}: {hit}"
        return ""


def dodge_modal(
    thrower: str,
    target: str,
    key: str,
    time_ms: int,
    *,
    ascii_mode: bool,
    clock: bool = True,
    **_: Any,
) -> DodgeModal:
    """The dodge dialog: ``target`` must press ``key`` within ``time_ms`` to dodge
    ``thrower``'s octopus (the names are drawn literally)."""
    return DodgeModal(thrower, target, key, time_ms, ascii_mode=ascii_mode, clock=clock)
