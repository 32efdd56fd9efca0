"""The help screen: a game's rules summary (Markdown) and the keys of the screen it came from."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button

from gardens_tui.rules.base import GameSpec
from gardens_tui.ui.literal import literal, plain
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.steady import SteadyStatic

KeyHelp = tuple[str, str]
"""``(key, what it does)`` for the keys table."""


LegendRow = tuple[str, str]
"""``(mark, what it stands for)`` for the table of what the board shows."""


def help_markdown(
    specs: Sequence[GameSpec], keys: Iterable[KeyHelp], legend: Iterable[LegendRow] = ()
) -> str:
    """The help text: each game's title and rules summary, then the keys as a Markdown table.

    With a ``legend`` (a game screen's letters and marks) the help is for one game in
    progress: the legend and the keys come first, right under the game's title, so a small
    terminal shows them without scrolling through the rules."""
    legend_rows = [f"| `{_cell(mark)}` | {_cell(words)} |" for mark, words in legend]
    key_rows = [f"| `{_cell(key)}` | {_cell(text)} |" for key, text in keys]
    keys_part = (
        "# Keys on this screen\n\n| Key | Does |\n|---|---|\n" + "\n".join(key_rows)
        if key_rows
        else ""
    )
    if legend_rows:
        board = "# On the board\n\n| Shown | Means |\n|---|---|\n" + "\n".join(legend_rows)
        return "\n\n".join([board, keys_part, *_rules_parts(specs)]).strip()
    return "\n\n".join([*_rules_parts(specs), keys_part]).strip()


def _cell(text: str) -> str:
    """``text`` for a Markdown table cell: a ``|`` (an ASCII path end, a key) escaped, so it
    shows as itself instead of splitting the cell."""
    return text.replace("|", "\\|")


def _rules_parts(specs: Sequence[GameSpec]) -> list[str]:
    """Each game's title, intro, rules summary and options table."""
    parts: list[str] = []
    for spec in specs:
        intro = f"*{spec.describe_counts()} players.* {spec.blurb}"
        summary = spec.summary.strip()
        if summary.startswith("# "):  # the summary brings its own title: keep one
            heading, _, body = summary.partition("\n")
            parts.append(f"{heading}\n\n{intro}\n\n{body.strip()}")
        else:
            parts.append(f"# {spec.title}\n\n{intro}\n\n{summary}")
        if spec.options:
            rows = "\n".join(
                f"| `{opt.key}` | {_cell(opt.describe_value().replace('|', ', '))} | "
                f"{_cell(opt.description)} |"
                for opt in spec.options
            )
            parts.append(f"## Options\n\n| Option | Values | What it does |\n|---|---|---|\n{rows}")
    if not specs:
        parts.append("# Rules\n\nNo games are installed.")
    return parts


class HelpScreen(AppModal[None]):
    """Rules and keys in a scrolling panel over the current screen; Escape, ``q`` or ``?``
    closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "Close"),
    ]

    def __init__(
        self,
        specs: Sequence[GameSpec],
        keys: Iterable[KeyHelp] = (),
        legend: Iterable[LegendRow] = (),
    ) -> None:
        super().__init__(id="help")
        self.specs = tuple(specs)
        self.keys = tuple(keys)
        self.legend = tuple(legend)

    def compose(self) -> ComposeResult:
        """A title, the Markdown text and a close button."""
        # Imported here: markdown-it costs a noticeable part of the app's start-up.
        from rich.markdown import Markdown as RichMarkdown

        title = self.specs[0].title if len(self.specs) == 1 else "Rules"
        with Vertical(id="help-box", classes="dialog"):
            yield SteadyStatic(literal(f"Help: {title}"), classes="dialog-title")
            with VerticalScroll(id="help-scroll"):
                # Rich's Markdown renderer: Textual's Markdown widget takes seconds on the long
                # rules summaries (one widget per block), this takes milliseconds.
                text = plain(help_markdown(self.specs, self.keys, self.legend))
                yield SteadyStatic(RichMarkdown(text), id="help-text")
            yield Button("Close (Esc)", id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        """Focus the text so arrows and page keys scroll it."""
        self.query_one("#help-scroll").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The close button."""
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
