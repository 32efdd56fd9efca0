"""Text that redraws only when it changed, and is laid out again only when its size did.

Textual's :meth:`Static.update` always repaints the widget and asks for a new layout of the
whole screen, even when the new content is the old one. A game screen redraws every text it
shows after each change at the table (a move can change any of them), so one move made every
title, supply line and list on the screen repaint, and the screen reflow, several times: for a
player watching a busy table over SSH, most of the work of each move.

:class:`SteadyStatic` is a :class:`~textual.widgets.Static` whose :meth:`~SteadyStatic.update`
does nothing when the content is the same (same text, same styles), and repaints without a new
layout when the new text has the same number of lines and the same widest line as the old and
fits the widget's width (then its size cannot change). Anything else (other renderables, text
that wraps) is laid out as Textual would.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.visual import VisualType
from textual.widgets import Static

__all__ = ["SteadyStatic", "same_content", "text_size"]


def same_content(old: Any, new: Any) -> bool:
    """Whether ``old`` and ``new`` draw the same: equal strings, or Rich texts / Textual
    contents with the same text, spans and style (their own ``==`` compares the text only)."""
    if type(old) is not type(new):
        return False
    if isinstance(old, str):
        return bool(old == new)
    if isinstance(old, Text):
        return bool(
            old.plain == new.plain
            and old.spans == new.spans
            and old.style == new.style
            and old.justify == new.justify
            and old.no_wrap == new.no_wrap
            and old.overflow == new.overflow
            and old.end == new.end
        )
    if isinstance(old, Content):
        return bool(old.plain == new.plain and old.spans == new.spans)
    return False


def text_size(content: Any) -> tuple[int, int] | None:
    """``(lines, widest line in cells)`` of a Rich text or Textual content (``None`` for
    anything else: a string may be markup, drawn at another size than its characters)."""
    if not isinstance(content, (Text, Content)):
        return None
    lines = content.plain.split("\n")
    return len(lines), max(cell_len(line) for line in lines)


class SteadyStatic(Static):
    """A :class:`~textual.widgets.Static` that skips updates to the same content and the
    layout when its size cannot change (see the module docstring)."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content``: nothing happens if it draws as the current content; without a new
        layout if its size is the current content's and it fits the widget's width."""
        old = self.content
        if same_content(old, content):
            return
        if layout and self.is_mounted:
            size = text_size(content)
            if (
                size is not None
                and size == text_size(old)
                and 0 < size[1] <= self.content_size.width
            ):
                layout = False
        super().update(content, layout=layout)
