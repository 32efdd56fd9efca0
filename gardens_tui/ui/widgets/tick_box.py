"""A checkbox whose mark is a glyph, not only a colour: ``X`` when on, blank when off."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    """A :class:`~textual.widgets.Checkbox` that draws its inner mark only when checked, so on
    and off differ by glyph as well as colour (colour-blind safe, readable in monochrome)."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button
