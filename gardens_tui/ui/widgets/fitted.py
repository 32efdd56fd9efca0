"""Widgets whose words are chosen for the room they have, and that say when that room changes.

A screen that words a text for its widget's size (a shorter form of an info line at 80x24, a
scoreboard with fewer columns) must word it again when the widget is laid out at another size:
when the terminal is resized, and when a neighbour takes or gives back a row (a prompt that
wraps onto a second line). These widgets post :class:`Resized` when their size changes, at the
first layout too; the screen handles it with ``on_resized``.
"""

from __future__ import annotations

from textual import events
from textual.containers import Vertical
from textual.message import Message

from gardens_tui.ui.widgets.steady import SteadyStatic

__all__ = ["FittedColumn", "InfoLine", "Resized"]


class Resized(Message):
    """A widget whose words are fitted to its size changed size: word them again."""


class InfoLine(SteadyStatic):
    """The info line under a board: it takes the rows left above the prompt (two, or one while
    the prompt wraps) and says when that changes, so that its words are chosen again for the
    rows it has rather than cut."""

    def on_resize(self, event: events.Resize) -> None:
        """Tell the screen."""
        self.post_message(Resized())


class FittedColumn(Vertical):
    """A column of widgets worded for its size (The Gardens' commands and scoreboard beside
    the display); says when its size changes."""

    def on_resize(self, event: events.Resize) -> None:
        """Tell the screen."""
        self.post_message(Resized())
