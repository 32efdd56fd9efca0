"""A screen that draws once its layout is done, not before and after it.

Textual draws a screen whenever widgets changed, and lays it out when a widget asks for a
layout, on a later turn of the event loop. A change that does both (a hand shown or hidden, a
board or list that changes size, a screen just opened) is thus drawn twice: once without its
layout, half-moved, and once with it. After a resize Textual lays the screen out again and
again, each container whose scrollable size changed asking for another, and every layout is
drawn: over a few tens of milliseconds the player saw half-moved boards and a screen without
its footer.

:class:`SteadyScreen` holds a frame back while a widget has asked for a layout that has not
happened yet (at most :data:`HOLD_FOR_LAYOUT` frames in a row; after a resize, up to
:data:`SETTLE_LAYOUTS` layouts); Textual's compositor keeps what is to be drawn, and the frame
after the layout draws it all. A timer draws after :data:`SETTLE_WAIT` seconds if the layout
never comes. And where Textual's update lays the screen out, draws, then draws again what the
layout marked dirty, it draws once, after both. On a spectator's screen over SSH this made a
move one frame instead of one and a half, and a player's first lobby three frames instead of
nine.
"""

from __future__ import annotations

from typing import TypeVar

from textual.geometry import Size
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

ResultT = TypeVar("ResultT")

SETTLE_LAYOUTS = 4
"""After a resize, at most this many layouts in a row are held back while more are coming."""
HOLD_FOR_LAYOUT = 2
"""At most this many frames in a row are held back because a layout is on its way."""
SETTLE_WAIT = 0.1
"""Seconds after which a held-back frame is drawn even if the layout it waited for never came."""


class SteadyScreen(Screen[ResultT]):
    """A :class:`~textual.screen.Screen` that draws a change with its layout (see the module
    docstring)."""

    _settling = 0
    """Layouts still to hold back (after a resize, or one held frame's)."""
    _held = 0
    """Frames held back in a row for a coming layout."""
    _settle_timer: Timer | None = None
    _updating = False
    """Inside Textual's update: a draw is made once, when it ends."""
    _draw_after_update = False

    def _screen_resized(self, size: Size) -> None:
        self._settling = SETTLE_LAYOUTS
        super()._screen_resized(size)

    def _layout_coming(self) -> bool:
        return any(widget._layout_required for widget in self.walk_children(Widget))

    def _on_timer_update(self) -> None:
        # Textual's update lays the screen out and draws, then draws again what the layout
        # marked dirty (every widget whose size it set): draw once, after both.
        self._updating = True
        try:
            super()._on_timer_update()
        finally:
            self._updating = False
        if self._draw_after_update:
            self._draw_after_update = False
            self._compositor_refresh()

    def _compositor_refresh(self) -> None:
        if self._updating:
            self._draw_after_update = True
            return
        if not self._settling and self.is_current and self._held < HOLD_FOR_LAYOUT:
            if self._layout_coming():
                self._held += 1
                self._settling = 1
                self._settle_later()
                return
        elif self._settling and self.is_current:
            self._settling -= 1
            if self._layout_coming():
                self._settle_later()
                return
            self._settling = 0
        self._held = 0
        super()._compositor_refresh()

    def _settle_later(self) -> None:
        """Draw in :data:`SETTLE_WAIT` seconds if no layout has drawn by then (one timer,
        started again each time)."""
        if self._settle_timer is None:
            self._settle_timer = self.set_interval(
                SETTLE_WAIT, self._draw_settled, name="settle", pause=True
            )
        self._settle_timer.reset()
        self._settle_timer.resume()

    def _draw_settled(self) -> None:
        """Draw whatever the held layouts left, if no later layout has drawn it already."""
        if self._settle_timer is not None:
            self._settle_timer.pause()
        if self._settling:
            self._settling = 0
            self.refresh()
