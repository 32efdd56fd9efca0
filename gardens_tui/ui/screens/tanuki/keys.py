"""The keys of the Tanuki in the Garden screen: bindings, the help table, the command list.

Pure Python apart from the Textual ``Binding`` type.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding, BindingType

from gardens_tui.ui.screens.game_base import not_yours_bindings
from gardens_tui.ui.screens.tanuki.picker import COMMAND_OF
from gardens_tui.ui.widgets.action_picker import CommandLine

BINDINGS: list[BindingType] = [
    Binding("question_mark", "help", "Help", key_display="?"),
    Binding("i", "legend", "Legend", show=False),  # the footer has no room at 80x24: ? shows it
    Binding("r", "rotate(1)", "Turn"),
    Binding("R", "rotate(-1)", "Rotate back", show=False),
    Binding("r", "tk('roll')", "Roll"),
    Binding("t", "tk('steer')", "Steer"),
    Binding("n", "tk('enter')", "Enter"),
    Binding("x", "tk('distract')", "Distract"),
    # p and y: the footer says what they do in the decision at hand, as the dock does
    Binding("p", "tk('pass', 'pass')", "Pass"),
    Binding("p", "tk('pass', 'end')", "End turn"),
    Binding("p", "tk('pass', 'let')", "Let it come"),
    Binding("p", "tk('pass', 'allow')", "Allow"),
    Binding("p", "tk('pass', 'done')", "Done"),
    Binding("y", "tk('react', 'repel')", "Repellant"),
    Binding("y", "tk('react', 'cancel')", "Best Offense"),
    Binding("b", "tk('buy')", "Buy"),
    Binding("m", "tk('card')", "Cards"),
    Binding("c", "tk('choices')", "Choices", show=False),
    Binding("o", "news", "Since your last turn", show=False),
    Binding("tab", "switch", "Switch", show=False),
    Binding("shift+tab", "switch", "Switch", show=False),
    *(Binding(str(i), f"pick({i - 1})", f"Tile {i}", show=False) for i in range(1, 7)),
    *not_yours_bindings(("r", *"tnxpybmc", *"123456")),
]
"""The screen's own bindings (the base adds undo, save and the rest; boards the cursor keys).
The hidden ``not_yours`` twins come last (:func:`~..game_base.not_yours_bindings`)."""

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("arrows, h j k l, w a s d, mouse", "Move the cursor on the garden or on your hand"),
    (
        "1-6, click a tile in hand",
        "Choose the path tile to lay: it is drawn at your monk's front square (lit)",
    ),
    ("r / R", "Turn the chosen tile (each rotation, and from an edge space each end to enter)"),
    ("enter, space, click", "On the lit square: lay the tile as previewed. On an edge space at "
     "the start: start your monk there. Clear the Path: a lit square. A discard: a tile in hand"),
    ("r", "Roll the tanuki dice (Garden Master: when no tile is being laid)"),
    ("t", "A 5 on a die: steer the tanuki (a list of directions)"),
    ("n", "Walk in from your edge space onto the tile already there (a list of ends)"),
    ("x", "Distract the tanuki in your way (pay 2 shiitake)"),
    ("p", "Pass: lay no tile; let a tanuki come; allow a card; done clearing; end the turn"),
    ("y", "Play Tanuki Repellant or The Best Offense when the window asks"),
    ("b", "Buy a Garden Master card (2 shiitake) at the end of your turn"),
    ("m", "Play a Garden Master card (a list)"),
    ("c", "Every choice of the pending decision, as a list"),
    ("tab", "Switch between the garden and your hand"),
    ("u", "Undo your last decision (when the table allows it)"),
    ("o", "What the others did since your last turn (it opens by itself when your turn comes)"),
    ("g", "The game log: every walk step by step in words (g or esc returns)"),
    ("i", "What every letter and mark on the board means"),
    ("ctrl+s", "Save the game"),
    ("?", "This help: the legend, the keys, then the rules"),
)  # fmt: skip
"""Every key of the screen and what it does, for the help screen."""

COMMAND_KEYS: dict[str, str] = {
    "roll": "r",
    "steer": "t",
    "enter": "n",
    "distract": "x",
    "react": "y",
    "buy": "b",
    "card": "m",
    "pass": "p",
    "choices": "c",
}
"""The key of each command (the prompt line lists those that apply, in this order)."""

SHORT_LABELS: dict[str, str] = {
    "roll": "roll",
    "steer": "steer",
    "enter": "walk in",
    "distract": "distract",
    "pass": "pass",
    "let": "let it come",
    "allow": "allow",
    "done": "done",
    "end": "end turn",
    "repel": "Repellant",
    "cancel": "Best Offense",
    "buy": "buy",
    "card": "cards",
}
"""Short words for each command (by verb where the pass and the reaction differ)."""


def key_hints(verbs: Sequence[str]) -> str:
    """The keys of the commands the legal actions' ``verbs`` offer, for the prompt line:
    ``r turn · p pass · m cards``."""
    seen: dict[str, str] = {}
    for verb in verbs:
        if verb == "place":
            seen.setdefault("rotate", "r turn")
        command = COMMAND_OF.get(verb)
        if command is not None and command not in seen:
            label = SHORT_LABELS.get(verb) or SHORT_LABELS.get(command, command)
            seen[command] = f"{COMMAND_KEYS[command]} {label}"
    return " · ".join(seen.values())


def command_lines(verbs: Sequence[str], *, rotate: bool, aiming: bool) -> list[CommandLine]:
    """The clickable commands the legal actions' ``verbs`` offer, in :data:`COMMAND_KEYS` order:
    ``r turn`` while a tile may be turned (``rotate``), each command once, ``m back`` while a
    card is being aimed at the garden (``aiming``), and ``c list`` (every choice)."""
    out: list[CommandLine] = []
    if rotate:
        out.append(CommandLine("r", "turn", "rotate"))
    seen: dict[str, str] = {}
    for verb in verbs:
        command = COMMAND_OF.get(verb)
        if command is not None and command not in seen:
            seen[command] = SHORT_LABELS.get(verb) or SHORT_LABELS.get(command, command)
    if aiming:
        seen["card"] = "back"
    for command in COMMAND_KEYS:
        if command in seen:
            out.append(CommandLine(COMMAND_KEYS[command], seen[command], command))
    if verbs:
        out.append(CommandLine("c", "list", "choices"))
    return out
