"""Textual's scrollbar, drawn straight into lines.

A log that gains a line moves its scrollbar, and Textual then redraws the whole bar through
the machinery every widget's content goes through (styles, padding, a visual per line): about
60 microseconds a line, a tenth of the work of each move a spectator's screen draws. The bar
is one glyph wide and styled by its own segments, so :class:`QuickScrollBar` renders Textual's
own bar (:class:`~textual.scrollbar.ScrollBarRender`, the same segments, colours and mouse
actions) into strips itself. What it draws is exactly what Textual's scrollbar draws.
"""

from __future__ import annotations

from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.strip import Strip

__all__ = ["QuickScrollBar"]


class QuickScrollBar(ScrollBar):
    """A :class:`~textual.scrollbar.ScrollBar` that renders its bar without the styles cache."""

    def render_lines(self, crop: Region) -> list[Strip]:
        """The bar's lines within ``crop`` (relative to the bar)."""
        width, height = self.size
        console = self.app.console
        options = console.options.update_dimensions(width, height)
        lines = console.render_lines(self.render(), options, pad=True, new_lines=False)
        base = self.rich_style  # what the styles cache puts under the bar's own styles
        strips = [Strip(line, width).apply_style(base) for line in lines[crop.y : crop.bottom]]
        if crop.x or crop.right != width:
            strips = [strip.crop(crop.x, crop.right) for strip in strips]
        return strips
