"""ASCII mode for the parts of Textual's widgets that CSS cannot reach.

The app has the CSS class ``-ascii`` while the ASCII-mode setting is on (see ``app.tcss``, which
turns every border into Textual's ``ascii`` border). What CSS cannot change is drawn here:

- :class:`PlainScrollBarRender`: scroll bars without the Unicode eighth-blocks at the ends of
  the thumb (a whole-cell thumb in reverse video), for an app with the ``-ascii`` class only;
  every other app draws Textual's scroll bars unchanged (:func:`install` sets it once).
- :class:`PlainTickBox`: a :class:`~gardens_tui.ui.widgets.tick_box.TickBox` drawn ``[X]``
  instead of Textual's half blocks in ASCII mode, whose label may wrap onto several lines.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.color import Color
from rich.segment import Segments
from textual._context import active_app
from textual.content import Content
from textual.geometry import Size
from textual.scrollbar import ScrollBar, ScrollBarRender

from gardens_tui.ui.widgets.tick_box import TickBox


def app_in_ascii_mode(app: Any = None) -> bool:
    """Whether ``app`` (default: the active app) draws in ASCII mode (has the ``-ascii`` class)."""
    if app is None:
        try:
            app = active_app.get()
        except LookupError:
            return False
    has_class = getattr(app, "has_class", None)
    return bool(has_class("-ascii")) if has_class is not None else False


_BACK = Color.parse("#555555")
_BAR = Color.parse("bright_magenta")
"""Textual's own defaults for a scroll bar's colours."""


class _WholeCellBars(ScrollBarRender):
    """Textual's scroll bar drawing with no partial-cell glyphs."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


class PlainScrollBarRender(ScrollBarRender):
    """Textual's scroll bar, without eighth-block glyphs while the active app is in ASCII mode."""

    @classmethod
    def render_bar(
        cls,
        size: int = 25,
        virtual_size: float = 50,
        window_size: float = 20,
        position: float = 0,
        thickness: int = 1,
        vertical: bool = True,
        back_color: Color = _BACK,
        bar_color: Color = _BAR,
    ) -> Segments:
        """The bar as Textual draws it; in ASCII mode its thumb ends are whole cells."""
        drawer = _WholeCellBars if app_in_ascii_mode() else ScrollBarRender
        return drawer.render_bar(
            size, virtual_size, window_size, position, thickness, vertical, back_color, bar_color
        )


def install() -> None:
    """Make every scroll bar a :class:`PlainScrollBarRender` (the same drawing outside ASCII
    mode)."""
    ScrollBar.renderer = PlainScrollBarRender


class PlainTickBox(TickBox):
    """A :class:`TickBox` whose box is ``[X]`` / ``[ ]`` in ASCII mode (Textual draws it with
    half-block characters)."""

    @property
    def _button(self) -> Content:
        if app_in_ascii_mode(self.app):
            self.BUTTON_LEFT, self.BUTTON_RIGHT = "[", "]"
        else:
            self.BUTTON_LEFT, self.BUTTON_RIGHT = "▐", "▌"
        return super()._button

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line, or as many as the label needs when the CSS lets it wrap
        (``text-wrap: wrap``; Textual's check boxes are always one line)."""
        if self.styles.text_wrap != "wrap":
            return 1
        rules: Any = self.styles
        return max(1, self.render().get_height(rules, width))
