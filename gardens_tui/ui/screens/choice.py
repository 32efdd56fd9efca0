"""The small list of choices shown over a game screen when one place, one key or the every-choice
key offers several actions (an :class:`~gardens_tui.ui.widgets.action_picker.Offer`).

Every label is text of ours or of the players (names): always drawn literally.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.steady import SteadyStatic


class ChoiceScreen(AppModal[int | None]):
    """Pick one of ``labels``: arrows and Enter, a number key (1-9), or a click; Esc cancels.

    Dismisses with the index of the chosen line, or ``None`` when cancelled. Only the first
    choice counts (Enter twice in one burst plays one action), and the title and labels are
    shown literally."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        *(Binding(str(n), f"pick({n - 1})", f"Choice {n}", show=False) for n in range(1, 10)),
    ]

    DEFAULT_CSS = """
    ChoiceScreen #choice-box { width: 72; max-width: 100%; height: auto; max-height: 100%; }
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
            yield SteadyStatic(literal(self.title_text), classes="dialog-title")
            yield OptionList(
                *(
                    Option(literal(f"{i + 1}. {label}" if i < 9 else f"   {label}"))
                    for i, label in enumerate(self.labels)
                ),
                id="choice-list",
                markup=False,
            )
            yield SteadyStatic("Enter or a number chooses, Esc cancels", id="choice-hint")

    def on_mount(self) -> None:
        """Focus the list on its first choice."""
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

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
