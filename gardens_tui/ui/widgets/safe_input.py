"""An input field that never holds a character a terminal would act on."""

from __future__ import annotations

from textual.widgets import Input

from gardens_tui.rules.safe_text import first_unsafe
from gardens_tui.ui.literal import notify_plain, plain


class SafeInput(Input):
    """A one-line :class:`~textual.widgets.Input` whose value never holds a control, escape or
    other unsafe character (see :func:`~gardens_tui.rules.safe_text.is_unsafe`).

    A paste holding one is refused whole, with the bell and a notice naming the character, so
    the player learns why instead of finding the text silently changed (a terminal sends no
    such character for a typed key). A value set by code is stored with each such character
    written as a visible escape (``\\x1b``), so the field always draws exactly what it holds.
    """

    def replace(self, text: str, start: int, end: int) -> None:
        """Replace ``start:end`` with ``text``, or refuse ``text`` if it holds an unsafe
        character."""
        problem = first_unsafe(text)
        if problem is not None:
            self.app.bell()
            notify_plain(self, f"Not pasted: {problem}.", title="Refused", severity="warning")
            return
        super().replace(text, start, end)

    def validate_value(self, value: str) -> str:
        """Every value set by code is stored escaped."""
        return plain(value, newlines=False)
