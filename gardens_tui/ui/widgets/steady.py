"""Text that redraws only when it changed, and is laid out again only when its size did.

Textual's :meth:`Static.update` always repaints the widget and asks for a new layout of the
whole screen, even when the new content is the old one. A game screen redraws every text it
shows after each change at the table (a move can change any of them), so one move made every
title, supply line and list on the screen repaint, and the screen reflow, several times: for a
player watching a busy table over SSH, most of the work of each move.

:class:`SteadyStatic` is a :class:`~textual.widgets.Static` whose :meth:`~SteadyStatic.update`
does nothing when the content is the same (same text, same styles), and repaints without a new
layout when the widget's size cannot change: its width does not depend on its content (set by
the style) and the new content is as tall as the old at that width (or the height is set too);
for an ``auto`` width, a text of the same lines and widest line that fits. Anything else is laid
out as Textual would.
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
        layout when the widget's size cannot change.

        A width set by the style (anything but ``auto``) does not depend on the content, nor
        does a height set by the style; an ``auto`` height is the content's height at the
        widget's width, measured before and after as the layout would
        (``Visual.get_height``); an ``auto`` width holds only for texts of the same lines and
        widest line that fit."""
        old = self.content
        if same_content(old, content):
            return
        width = self.content_size.width
        if not layout or not self.is_mounted or width <= 0:
            super().update(content, layout=layout)
            return
        styles = self.styles
        if styles.width is not None and styles.width.is_auto:
            size = text_size(content)
            same = size is not None and size == text_size(old) and size[1] <= width
            super().update(content, layout=not same)
            return
        if styles.height is not None and not styles.height.is_auto:
            super().update(content, layout=False)
            return
        # Measured as Textual's layout measures it (Widget.get_content_height passes the
        # widget's styles, which its typing does not declare a RulesMap).
        rules: Any = styles
        height = self.visual.get_height(rules, width)
        super().update(content, layout=False)
        if self.visual.get_height(rules, width) != height:
            self.refresh(layout=True)
