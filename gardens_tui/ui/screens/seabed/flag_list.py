"""The flag step's list of choices: the shared :class:`ChoiceScreen` with ``p`` for "no flag or
palace" (issue 27: the list's title said ``p: none`` while ``p`` did nothing inside it).

The list ends with a "No flag or palace" line (for the mouse and the number keys); ``p``
chooses it from anywhere in the list. Esc still only closes the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Static

from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.choice import ChoiceScreen

PASS_LABEL = "No flag or palace this time (p)"
"""The list's last line: the flag step's pass."""

HINT = "Enter or a number chooses, p: no flag or palace, Esc cancels"
"""The hint under the list."""


class FlagChoiceScreen(ChoiceScreen):
    """A :class:`ChoiceScreen` of the flag step's ``labels`` followed by :data:`PASS_LABEL`;
    ``p`` dismisses with the index of that last line (``len(labels)``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pass_step", "No flag or palace"),
    ]

    def __init__(self, title: str, labels: Sequence[str], *, id: str = "action-choice") -> None:
        super().__init__(title, [*labels, PASS_LABEL], id=id)
        self.pass_index = len(labels)
        """The index the pass dismisses with."""

    def on_mount(self) -> None:
        """The base focuses the list; the hint names ``p`` too."""
        self.query_one("#choice-hint", Static).update(literal(HINT))

    def action_pass_step(self) -> None:
        """``p``: no flag or palace."""
        self.dismiss(self.pass_index)
