"""The small list of choices shown over a game screen when one place, one key or the every-choice
key offers several actions (an :class:`~gardens_tui.ui.widgets.action_picker.Offer`).

Every label is text of ours or of the players (names): always drawn literally.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.steady import SteadyStatic

HINT = "Enter or a number chooses, Esc cancels"
"""The line under the choices."""


class ChoiceScreen(AppModal[int | None]):
    """Pick one of ``labels``: arrows and Enter, a number key (1-9), or a click; Esc cancels.

    Dismisses with the index of the chosen line, or ``None`` when cancelled. Only the first
    choice counts (Enter twice in one burst plays one action), and the title and labels are
    shown literally. A title too long for the screen scrolls (PgUp/PgDn, the hint says so)
    above the choices, which stay in sight."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("pageup", "scroll_title(-1)", "Scroll the text up", show=False, priority=True),
        Binding("pagedown", "scroll_title(1)", "Scroll the text down", show=False, priority=True),
        *(Binding(str(n), f"pick({n - 1})", f"Choice {n}", show=False) for n in range(1, 10)),
    ]

    DEFAULT_CSS = """
    ChoiceScreen #choice-box { width: 72; max-width: 100%; height: auto; max-height: 100%; }
    ChoiceScreen #choice-title { height: auto; max-height: 70vh; scrollbar-size-vertical: 1; }
    ChoiceScreen #choice-list { height: auto; max-height: 16; border: none; }
    ChoiceScreen #choice-hint { color: $foreground-muted; }
    """

    def __init__(self, title: str, labels: Sequence[str], *, id: str = "action-choice") -> None:
        super().__init__(id=id)
        self.title_text = title
        self.labels = tuple(labels)

    def compose(self) -> ComposeResult:
        """The title, the numbered choices and a one-line hint."""
        with Vertical(id="choice-box", classes="dialog"):
            with VerticalScroll(id="choice-title", can_focus=False):
                yield SteadyStatic(literal(self.title_text), classes="dialog-title")
            yield OptionList(
                *(
                    Option(literal(f"{i + 1}. {label}" if i < 9 else f"   {label}"))
                    for i, label in enumerate(self.labels)
                ),
                id="choice-list",
                markup=False,
            )
            yield SteadyStatic(HINT, id="choice-hint")

    def on_mount(self) -> None:
        """Focus the list on its first choice; say how to scroll a text too long to show."""
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()
        self.call_after_refresh(self._hint_scrolling)

    def _hint_scrolling(self) -> None:
        if self.query_one("#choice-title", VerticalScroll).max_scroll_y > 0:
            self.query_one("#choice-hint", SteadyStatic).update(
                literal(HINT + ", PgUp/PgDn scroll")
            )

    def action_scroll_title(self, pages: int) -> None:
        """Scroll the text above the choices by ``pages`` of its height (the list keeps the
        focus, so the arrows still choose); a text that fits leaves the keys to the list."""
        title = self.query_one("#choice-title", VerticalScroll)
        if title.max_scroll_y == 0:
            options = self.query_one(OptionList)
            if pages > 0:
                options.action_page_down()  # type: ignore[no-untyped-call]
            else:
                options.action_page_up()  # type: ignore[no-untyped-call]
            return
        title.scroll_to(y=title.scroll_y + pages * max(title.size.height - 1, 1), animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Close with the chosen index."""
        event.stop()
        self.dismiss(event.option_index)

    def action_pick(self, index: int) -> None:
        """Close with ``index`` if there is such a choice."""
        if 0 <= index < len(self.labels):
            self.dismiss(index)

    def action_cancel(self) -> None:
        """Close without a choice."""
        self.dismiss(None)
