"""The keys of The Gardens screen: bindings, the help table, and the clickable command list.

Actions that no board place chooses are *commands* of the shared action picker: the State
Library's return (``b``, back to the Central Board), the Moreton Bay Fig's species (``f``, a
list; it also opens by itself when the decision comes), skipping Fort Denison's reservation
(the shared pass key ``p``), every choice as a list (``c``). ``o`` cycles whose mat is shown.
Pure Python apart from the Textual ``Binding`` type.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding, BindingType

from gardens_tui.rules.base import Action
from gardens_tui.ui.screens.game_base import LEAVE_BINDINGS, not_yours_bindings
from gardens_tui.ui.widgets.action_picker import CommandLine

BINDINGS: list[BindingType] = [
    Binding("question_mark", "help", "Help", key_display="?"),
    Binding("i", "legend", "Letters"),
    Binding("escape", "cancel", "Cancel"),
    *LEAVE_BINDINGS,
    Binding("tab", "switch", "Switch", show=False),
    Binding("shift+tab", "switch", "Switch", show=False),
    Binding("o", "other_mat", "Other mats"),
    Binding("b", "tg('return')", "Return visitor"),
    Binding("f", "tg('species')", "Fig species"),
    Binding("c", "tg('choices')", "Choices", show=False),
    # o (the next mat) is a view, not a decision: it works whoever decides
    *not_yours_bindings(("b", "f", "p", "c")),
]
"""The screen's own bindings (the base adds undo, save and pass; boards add the cursor keys).
The hidden ``not_yours`` twins come last (:func:`~..game_base.not_yours_bindings`): a decision
key pressed while somebody else decides says whose decision it is."""

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("arrows, h j k l, w a s d, mouse", "Move the cursor on the display or the mat"),
    (
        "enter, space, click",
        "On the display: choose the card to take (the ends of its row where it may go light "
        "up on your mat), then choose one of the lit ends (left or right) to place it; your "
        "visitor walks there and the cards it saw light up. With Fort Denison at the start of "
        "a round: the card to reserve",
    ),
    ("tab", "Switch between the display and the mat"),
    ("esc", "Put the chosen card back (otherwise: back to the menu)"),
    ("o", "Show the next player's mat (again: the one after; back to yours at the end)"),
    ("b", "State Library: send a visitor back to the Central Board (once a round)"),
    ("f", "Moreton Bay Fig: choose the tree species (a list)"),
    ("p", "Fort Denison: reserve nothing this round"),
    ("c", "Every choice of the pending decision, as a list"),
    ("u", "Undo your last decision (when the table allows it; otherwise it says why not)"),
    ("g", "The game log: what each walk saw and scored (g or esc returns)"),
    ("i", "What every letter and mark on the cards means"),
    ("ctrl+s", "Save the game"),
    ("?", "This help: what the board shows, the keys, then the rules"),
)
"""Every key of the screen and what it does, for the help screen."""

COMMAND_KEYS: dict[str, str] = {
    "return": "b",
    "species": "f",
    "skip": "p",
    "cancel": "esc",
    "other": "o",
    "choices": "c",
}
"""The key of each command, in the order of the clickable list."""


def command_applies(command: str, phase: str, legal: Sequence[Action], half_made: bool) -> bool:
    """Whether ``command`` belongs to the pending decision (its key and line are shown)."""
    if command in ("choices", "other"):
        return True
    if command == "cancel":
        return half_made
    if command == "return":
        return any(a[0] == "return" for a in legal)
    if command == "species":
        return phase == "species"
    if command == "skip":
        return phase == "reserve"
    return False


def command_lines(
    phase: str, legal: Sequence[Action], half_made: bool, *, roomy: bool, ascii_mode: bool
) -> list[CommandLine]:
    """The commands that apply now, with labels sized for the layout."""
    more = "..." if ascii_mode else "…"
    labels = {
        "return": "Return a visitor (State Library)" if roomy else "Return visitor",
        "species": f"Moreton Bay Fig species{more}" if roomy else f"Fig species{more}",
        "skip": "Reserve nothing this round" if roomy else "Reserve nothing",
        "cancel": "Put the card back" if roomy else "Put card back",
        "other": "Show the next mat" if roomy else "Next mat",
        "choices": f"All choices{more}",
    }
    return [
        CommandLine(key, labels[command], command)
        for command, key in COMMAND_KEYS.items()
        if command_applies(command, phase, legal, half_made)
    ]
