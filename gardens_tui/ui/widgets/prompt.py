"""The decision prompt line: who must decide what, or why the last try was refused."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from gardens_tui.ui.widgets.glyphs import glyph


class PromptLine(Static):
    """One line under the board: the pending decision, or an error in its place.

    :meth:`show_prompt` sets the normal text; :meth:`show_error` replaces it with a refusal (the
    ``-error`` class styles it) until the next :meth:`show_prompt`.
    """

    DEFAULT_CSS = """
    PromptLine {
        height: auto;
        min-height: 1;
        padding: 0 1;
        background: $boost;
        color: $foreground;
    }
    PromptLine.-error {
        color: $text-error;
        background: $error-muted;
    }
    """

    def __init__(self, *, id: str | None = "prompt", ascii_mode: bool = False) -> None:
        super().__init__("", id=id, markup=False)
        self.ascii_mode = ascii_mode
        self.prompt_text = ""
        self.error_text: str | None = None

    def show_prompt(self, text: str) -> None:
        """Show ``text`` as the pending decision (clears an error)."""
        if text == self.prompt_text and self.error_text is None and self.is_mounted:
            return  # unchanged: skip the re-layout an update costs
        self.prompt_text = text
        self.error_text = None
        self.remove_class("-error")
        self.update(Text(text))

    def show_error(self, message: str) -> None:
        """Show ``message`` (an :class:`~gardens_tui.rules.base.IllegalAction` text) in place of
        the prompt; the prompt comes back with the next :meth:`show_prompt`."""
        self.error_text = message
        self.add_class("-error")
        self.update(Text(f"{glyph('error', self.ascii_mode)} {message}   ({self.prompt_text})"))
