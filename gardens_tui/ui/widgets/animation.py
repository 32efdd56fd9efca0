"""A short, skippable animation: frames shown one by one on a Textual timer.

A bot's tile sliding in, a monk walking along a path, a thrown octopus: a few frames, each a
callback that draws the whole picture of its step (not a change from the one before), so that
the last frame alone shows the end state. :class:`Animation` shows frame 0 at once and the next
one every ``interval_ms`` (a Textual timer of its owner, never a sleep).

- :meth:`Animation.skip` (or, while it runs, any key) jumps to the last frame at once.
- ``interval_ms <= 0`` (animations off; tests pass 0) shows only the last frame, at once.
- Tests drive it by hand: ``clock=False`` starts no timer, and :meth:`Animation.advance` shows
  the next frame.

While it runs the animation holds the keyboard (``capture_keys``): a small widget on the owner's
screen takes the focus, so the first key only skips the animation and cannot act on a board
(an Enter meant to skip must not choose a cell). The focus goes back where it was at the end,
unless something else took it meanwhile. Priority bindings of the app still act.

:func:`animation_interval_ms` reads the app's setting (``settings.animation_ms`` when the app's
settings have it) so that every animation follows one switch.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from textual import events
from textual.app import App
from textual.dom import NoScreen
from textual.timer import Timer
from textual.widget import Widget

Frame = Callable[[], object]
"""Draws one step of an animation (the whole picture of that step)."""

DEFAULT_FRAME_MS = 120
"""The frame interval when the app does not say (about eight frames a second)."""


def animation_interval_ms(app: App[Any], default: int = DEFAULT_FRAME_MS) -> int:
    """The frame interval the app asks for: ``app.settings.animation_ms`` when the app has such
    a setting (0: animations off), else ``default``. A value that is not a non-negative
    integer gives ``default``."""
    value = getattr(getattr(app, "settings", None), "animation_ms", default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return default
    return value


class KeyCatcher(Widget, can_focus=True):
    """Takes the focus while an animation runs; any key skips the animation and does nothing
    else. It takes no room on screen."""

    DEFAULT_CSS = """
    KeyCatcher { position: absolute; width: 0; height: 0; }
    """

    def __init__(self, animation: Animation) -> None:
        super().__init__()
        self.animation = animation

    async def _on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.animation.skip()


class Animation:
    """Frames of ``owner`` (a widget or screen, whose timer runs them) shown ``interval_ms``
    apart; see the module docstring. ``on_done`` is called once, after the last frame (whether
    reached, skipped to, or shown at once); never after :meth:`cancel`.
    """

    def __init__(
        self,
        owner: Widget,
        frames: Sequence[Frame],
        *,
        interval_ms: int,
        on_done: Callable[[], object] | None = None,
        capture_keys: bool = True,
        clock: bool = True,
    ) -> None:
        self.owner = owner
        self.frames: tuple[Frame, ...] = tuple(frames)
        self.interval_ms = interval_ms
        self.on_done = on_done
        self.capture_keys = capture_keys
        self.clock = clock
        self.shown = -1
        """The index of the frame shown last (-1 before :meth:`start`)."""
        self.started = False
        self.done = False
        """The animation is over: its last frame is shown, or it was cancelled."""
        self.cancelled = False
        self._timer: Timer | None = None
        self._catcher: KeyCatcher | None = None
        self._focus_before: Widget | None = None
        self._finished = asyncio.Event()

    @property
    def running(self) -> bool:
        """Started and not over yet."""
        return self.started and not self.done

    def start(self) -> Animation:
        """Show the first frame (only the last one when animations are off) and start the timer;
        returns the animation. Starting twice does nothing."""
        if self.started:
            return self
        self.started = True
        if self.interval_ms <= 0 or len(self.frames) <= 1:
            self.skip()
            return self
        if self.capture_keys:
            self._hold_keys()
        self._show(0)
        if self.clock:
            self._timer = self.owner.set_interval(
                self.interval_ms / 1000, self.advance, name="animation"
            )
        return self

    def advance(self) -> bool:
        """Show the next frame (the timer calls this); finish after the last one. Returns whether
        frames remain. Before :meth:`start` or once done it does nothing."""
        if not self.running:
            return False
        self._show(self.shown + 1)
        if self.shown >= len(self.frames) - 1:
            self._finish()
            return False
        return True

    def skip(self) -> None:
        """Jump to the last frame at once and finish (nothing if already done)."""
        if self.done:
            return
        self.started = True
        if self.frames and self.shown < len(self.frames) - 1:
            self._show(len(self.frames) - 1)
        self._finish()

    def cancel(self) -> None:
        """Stop where it is, without the last frame or ``on_done`` (its owner is going away)."""
        if self.done:
            return
        self.cancelled = True
        self._stop()

    async def wait(self) -> None:
        """Return once the animation is over (finished, skipped or cancelled)."""
        await self._finished.wait()

    def _show(self, index: int) -> None:
        self.shown = index
        self.frames[index]()

    def _finish(self) -> None:
        self._stop()
        if self.on_done is not None:
            self.on_done()

    def _stop(self) -> None:
        self.done = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._release_keys()
        self._finished.set()

    def _hold_keys(self) -> None:
        try:
            screen = self.owner.screen
        except NoScreen:  # not on a screen (yet): nothing to hold
            return
        self._focus_before = screen.focused
        catcher = self._catcher = KeyCatcher(self)
        screen.mount(catcher)
        screen.set_focus(catcher, scroll_visible=False)

    def _release_keys(self) -> None:
        catcher, self._catcher = self._catcher, None
        if catcher is None:
            return
        before, self._focus_before = self._focus_before, None
        if catcher.is_attached:
            screen = catcher.screen
            if screen.focused is catcher:
                back = before if before is not None and before.is_attached else None
                screen.set_focus(back if back is not None and back.focusable else None)
            catcher.remove()
