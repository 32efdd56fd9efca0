"""The keys of the Seabed Neighbours screen: bindings, the help table and the clickable
command list (pure apart from Textual's ``Binding`` type)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from gardens_tui.ui.screens.game_base import not_yours_bindings
from gardens_tui.ui.widgets.action_picker import CommandLine

BINDINGS: list[BindingType] = [
    Binding("question_mark", "help", "Help", key_display="?"),
    Binding("i", "legend", "Legend", show=False),
    Binding("1", "pick(1)", "Tile 1", show=False),
    Binding("2", "pick(2)", "Tile 2", show=False),
    Binding("right_square_bracket", "cycle", "Other tile", key_display="]"),
    Binding("left_square_bracket", "cycle", "Other tile", show=False, key_display="["),
    Binding("r", "turn", "Turn"),
    Binding("y", "sb('accept')", "Accept"),
    Binding("n", "sb('veto')", "Veto"),
    Binding("m", "sb('mine')", "Mine"),
    Binding("t", "sb('theirs')", "Theirs"),
    Binding("f", "sb('pieces')", "Flag list"),
    Binding("c", "sb('choices')", "Choices", show=False),
    Binding("tab", "switch", "Switch", show=False),
    Binding("shift+tab", "switch", "Switch", show=False),
    # r and p are left out: the base also binds them (retry a failed bot, pass a window)
    *not_yours_bindings(("1", "2", "right_square_bracket", "left_square_bracket", *"ynmtfc")),
]
"""The screen's own bindings (the base adds undo, save, pass and the rest; boards the cursor
keys). The hidden ``not_yours`` twins come last (:func:`~..game_base.not_yours_bindings`): a
decision key pressed while somebody else decides is refused with whose decision it is."""

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("arrows, h j k l, mouse", "Move the cursor on the seascape (it scrolls) or on the hand"),
    ("1, 2, ] [, click a tile in hand", "Choose which of the two drawn tiles to lay"),
    ("r", "Turn the tile in hand a quarter clockwise (only the turns that fit, on a lit place)"),
    ("enter, space, click", "On a lit place: lay the tile there as previewed (or propose it)"),
    (
        "enter, click (flag step)",
        "On a lit tile: choose a flag or palace for one of its segments (a short list)",
    ),
    ("f", "Every flag and palace choice (or the whirlpool's flags) as a list"),
    ("p", "Place no flag or palace this time"),
    ("y / n", "Propose and veto: accept or veto your partner's proposal (shown on the map)"),
    ("m / t", "After a veto: choose your own proposal (m) or your partner's (t)"),
    ("c", "Every choice of the pending decision, as a list"),
    ("tab", "Switch between the seascape and the hand"),
    ("u", "Undo your last decision (when the table allows it)"),
    ("g", "The game log: what was placed and who scored what (g or esc returns)"),
    ("i", "What every glyph and colour on the seascape means"),
    ("ctrl+s", "Save the game"),
    ("?", "This help: the legend, the keys, then the rules"),
)
"""Every key of the screen and what it does, for the help screen."""

COMMANDS: tuple[tuple[str, str, str, str], ...] = (
    ("turn", "r", "Turn the tile", "Turn"),
    ("accept", "y", "Accept the proposal", "Accept"),
    ("veto", "n", "Veto the proposal", "Veto"),
    ("mine", "m", "Choose my proposal", "Mine"),
    ("theirs", "t", "Choose my partner's", "Theirs"),
    ("pieces", "f", "Flag or palace...", "Flag..."),
    ("returns", "f", "Whirlpool: which flag...", "Whirlpool..."),
    ("pass", "p", "No flag or palace", "No flag"),
    ("choices", "c", "All choices...", "Choices..."),
)
"""Each command: name, key, roomy label, compact label."""


def command_applies(command: str, phase: str, placing: bool) -> bool:
    """Whether ``command`` belongs to the pending decision ``phase`` (``placing``: a tile is
    being laid or proposed)."""
    if command == "choices":
        return True
    if command == "turn":
        return placing
    if command in ("accept", "veto"):
        return phase == "answer"
    if command in ("mine", "theirs"):
        return phase == "pick"
    if command in ("pieces", "pass"):
        return phase == "flag"
    if command == "returns":
        return phase == "whirlpool"
    return False


def command_lines(phase: str, placing: bool, *, roomy: bool, ascii_mode: bool) -> list[CommandLine]:
    """The commands that apply now, with labels sized for the layout."""
    out = []
    for command, key, long, short in COMMANDS:
        if command_applies(command, phase, placing):
            label = long if roomy else short
            if not ascii_mode:
                label = label.replace("...", "…")
            out.append(CommandLine(key, label, command))
    return out
