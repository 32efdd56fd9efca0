"""The decision prompt line: who must decide what, or why the last try was refused.

The line is at most :data:`MAX_LINES` lines high. A refusal takes the height of the prompt it
replaces when it fits there (a short one never pushes the board about); a longer one takes up to
:data:`MAX_LINES` lines so it can be read. What still does not fit ends in ``…`` and is whole in the
line's tooltip. Refusals are never shown as notifications: a toast would sit over the game log.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from gardens_tui.ui.literal import literal, plain
from gardens_tui.ui.widgets.glyphs import glyph
from gardens_tui.ui.widgets.steady import SteadyStatic

MAX_LINES = 2
"""The most lines the prompt line ever takes."""


def wrapped_height(text: str, width: int) -> int:
    """How many lines ``text`` wraps to at ``width`` cells (at least 1)."""
    if width < 1:
        return 1
    return max(1, len(Content(text).wrap(width)))


def shorten(text: str, cells: int, mark: str = "…") -> str:
    """``text`` in at most ``cells`` terminal cells: as it is when it fits, else its start and
    ``mark`` (an ellipsis: ``…``, or the ASCII mode's own); at least ``mark``."""
    if cell_len(text) <= cells:
        return text
    head = ""
    for char in text:
        if cell_len(head + char) > cells - cell_len(mark):
            break
        head += char
    return head + mark


def clamp_lines(
    text: str, width: int, max_lines: int = MAX_LINES, *, ascii_mode: bool = False
) -> str:
    """``text`` word-wrapped at ``width`` cells and cut to ``max_lines`` lines.

    Text that fits is returned unchanged (the widget wraps it the same way). Otherwise the first
    ``max_lines - 1`` wrapped lines are kept and the last line is filled with as much of the rest
    as fits, ending in ``…`` (``.`` in ASCII mode) after its last whole word (``Bob 2, …``
    rather than ``Bob 2, Ci…``) unless that would leave half the line empty; the result's lines
    are joined with newlines.
    """
    if width < 1 or max_lines < 1:
        return text
    lines = Content(text).wrap(width)
    if len(lines) <= max_lines:
        return text
    head = [line.plain.rstrip() for line in lines[: max_lines - 1]]
    rest = " ".join(line.plain.strip() for line in lines[max_lines - 1 :])
    last = Content(rest).truncate(width, ellipsis=True).plain
    kept = last[:-1]
    if last.endswith("…") and rest[len(kept) : len(kept) + 1] not in ("", " "):  # mid-word
        space = kept.rfind(" ")
        if space >= len(kept) // 2:
            last = kept[: space + 1] + "…"
    if ascii_mode:
        last = last.replace("…", ".")
    return "\n".join([*head, last])


class ClampedText(Visual):
    """Plain ``text`` drawn word-wrapped in at most ``max_lines`` lines (see :func:`clamp_lines`),
    literally (never markup; unsafe characters escaped).

    With ``height_of``, the height is that of the tallest of ``height_of`` at the same width
    (still at most ``max_lines``), so a refusal can take exactly the room of the prompt it
    stands in for, or of itself when it is longer.
    """

    def __init__(
        self,
        text: str,
        max_lines: int = MAX_LINES,
        height_of: str | tuple[str, ...] | None = None,
        *,
        ascii_mode: bool = False,
    ):
        self.text = plain(text)
        self.max_lines = max_lines
        self.ascii_mode = ascii_mode
        self.height_of = (height_of,) if isinstance(height_of, str) else height_of

    def lines_at(self, width: int) -> int:
        """The number of lines drawn at ``width`` cells."""
        sized = (self.text,) if self.height_of is None else self.height_of
        return min(self.max_lines, max(wrapped_height(text, width) for text in sized))

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        """The width of the longest line of the whole text."""
        return Content(self.text).get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        """:meth:`lines_at` ``width``."""
        return self.lines_at(width)

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        """The clamped text's strips, :meth:`lines_at` ``width`` lines."""
        lines = self.lines_at(width)
        clamped = Content(clamp_lines(self.text, width, lines, ascii_mode=self.ascii_mode))
        return clamped.render_strips(width, lines if height is None else height, style, options)


class PromptLine(SteadyStatic):
    """The line under the board: the pending decision, or an error in its place.

    :meth:`show_prompt` sets the normal text; :meth:`show_error` replaces it with a refusal (the
    ``-error`` class styles it) until the next :meth:`show_prompt` with another text
    (:meth:`GameScreen <gardens_tui.ui.screens.game_base.GameScreen>` calls it after every
    change to the table, so a refusal never outlives the position it was about). At most
    :data:`MAX_LINES` lines high; a refusal is drawn in the prompt's own height, or its own when
    that is taller (what does not fit ends in ``…`` and is whole in the line's tooltip). All
    text is shown literally (never markup; unsafe characters escaped).
    """

    DEFAULT_CSS = """
    PromptLine {
        height: auto;
        min-height: 1;
        max-height: 2;
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
        text = plain(text)
        if text == self.prompt_text and self.error_text is None and self.is_mounted:
            return  # unchanged: skip the re-layout an update costs
        self.prompt_text = text
        self.error_text = None
        self.remove_class("-error")
        self.tooltip = None
        self.update(ClampedText(text, ascii_mode=self.ascii_mode))

    def show_error(self, message: str) -> None:
        """Show ``message`` (an :class:`~gardens_tui.rules.base.IllegalAction` text) in place of
        the prompt, followed by the prompt in brackets when there is room and it says something
        else; the prompt comes back
        with the next :meth:`show_prompt`. The line keeps the prompt's height unless the refusal
        needs more (up to :data:`MAX_LINES`); a message still cut short is whole in the
        tooltip."""
        message = plain(message)
        self.error_text = message
        self.add_class("-error")
        refusal = f"{glyph('error', self.ascii_mode)} {message}"
        same = message.strip(" .") == self.prompt_text.strip(" .")
        shown = ClampedText(
            refusal if same else f"{refusal}   ({self.prompt_text})",
            height_of=(self.prompt_text, refusal),
            ascii_mode=self.ascii_mode,
        )
        self.update(shown)
        width = self.content_size.width
        cut_short = width > 0 and clamp_lines(refusal, width, shown.lines_at(width)) != refusal
        self.tooltip = literal(message) if cut_short else None
