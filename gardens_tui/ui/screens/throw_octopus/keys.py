"""The keys of the Throw Octopus! screen: bindings and the help table (pure apart from
Textual's ``Binding`` type), and which of the game's keys act now."""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding, BindingType

from gardens_tui.rules.base import Action
from gardens_tui.ui.screens.game_base import not_yours_bindings

BINDINGS: list[BindingType] = [
    Binding("question_mark", "help", "Help", key_display="?"),
    Binding("i", "legend", "Legend", show=False),
    Binding("right_square_bracket", "cycle(1)", "Tile", key_display="]"),
    Binding("left_square_bracket", "cycle(-1)", "Tile", show=False, key_display="["),
    Binding("r", "turn", "Turn"),
    Binding("r", "turn_refused", "Turn", show=False),
    # The dodge dialog opens by itself and shows its own key in its footer: r here only opens
    # it again, so the footer never offers r for a dodge whose key is another.
    Binding("r", "dodge", "Dodge", show=False),
    Binding("d", "draw", "Draw"),
    Binding("p", "to_pass", "Pass"),
    Binding("p", "keep", "Keep"),  # at a Tide Swap: the footer says what p does there
    # Hidden twins: d and p offered only when they are legal; pressed otherwise (a tile fits,
    # a bonus turn), the engine's refusal says why.
    Binding("d", "draw_refused", "Draw", show=False),
    Binding("p", "pass_refused", "Pass", show=False),
    Binding("t", "throw", "Throw"),
    Binding("m", "touch", "Touch"),
    Binding("M", "touch_list", "Magic Touch list", show=False),
    Binding("x", "discard", "Discard"),
    Binding("c", "choices", "Choices", show=False),
    Binding("tab", "switch", "Switch", show=False),
    Binding("shift+tab", "switch", "Switch", show=False),
    *(Binding(str(i), f"pick({i - 1})", f"Tile {i}", show=False) for i in range(1, 10)),
    *not_yours_bindings(("right_square_bracket", "left_square_bracket", *"rdptmMxc", *"123456789")),
]
"""The screen's own bindings (the base adds undo, save, roll and the rest; boards the cursor
keys). The hidden ``not_yours`` twins come last (:func:`~..game_base.not_yours_bindings`): a
decision key pressed while somebody else decides says whose decision it is."""

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("arrows, h j k l, mouse", "Move the cursor on the seascape or on your hand"),
    ("1-9, click a tile in hand", "Choose a tile of your hand (swap, give, start: choose it)"),
    ("] and [", "Choose the next / previous tile of your hand (every tile, past the 9th)"),
    ("r", "Turn the tile being placed 180 degrees (one that fits only turned comes turned)"),
    ("enter, space, click", "Play the chosen tile there as previewed (none chosen: choose one)"),
    ("d", "Draw a tile (offered only when none of yours fits; otherwise d says why)"),
    ("p", "Pass (a bonus turn or an empty pile with nothing to play); keep at a Tide Swap"),
    ("t", "Throw Octopus: choose the player to throw at (a list)"),
    ("(dodge)", "An octopus comes at you: Enter when ready, then press the key shown in time"),
    ("(dodge) esc", "Take the hit without trying (the log tells everyone how a dodge went)"),
    ("m", "Magic Touch on the board: Enter lifts a lit tile, r turns it, Enter puts it down"),
    ("m (again)", "Cancel the Magic Touch being chosen"),
    ("M", "Magic Touch: every move as a list"),
    ("x", "Solo: discard the chosen tile (when none fits) and draw"),
    ("c", "Every choice of the pending decision, as a list"),
    ("tab", "Switch between the seascape and your hand (moving on the hand chooses)"),
    ("u", "Undo your last decision (when the table allows it)"),
    ("g", "The game log (g or esc returns)"),
    ("i", "What every letter and mark on the seascape means"),
    ("ctrl+s", "Save the game"),
    ("?", "This help: the legend, the keys, then the rules"),
)
"""Every key of the screen and what it does, for the help screen."""

GAME_KEYS = frozenset(
    {
        *("turn", "draw", "to_pass", "throw", "touch", "touch_list"),
        *("discard", "dodge", "cycle", "pick", "choices", "draw_refused", "pass_refused"),
        "keep",
        "turn_refused",
    }
)
"""The actions of the game's own keys (they act only while a person here decides)."""


def key_applies(
    action: str, phase: str, legal: Sequence[Action], solo: bool, placing: bool = True
) -> bool:
    """Whether the game key ``action`` (one of :data:`GAME_KEYS`) acts for the person deciding
    now in ``phase`` with ``legal`` actions (``solo``: a solo game; ``placing``: a tile is
    being placed). The footer offers only what is allowed: ``r`` turns a tile only while one
    is being placed, ``d`` draws and ``p`` passes only when the engine lists that action (their
    hidden twins ``draw_refused`` / ``pass_refused`` act the other times, to say why not); at a
    Tide Swap ``p`` is offered as "Keep"."""
    if action == "turn":
        return phase == "play" and placing
    if action == "turn_refused":
        return phase == "play" and not placing
    if action == "draw":
        return any(a[0] == "draw" for a in legal)
    if action == "draw_refused":
        return phase == "play" and not solo and not any(a[0] == "draw" for a in legal)
    if action == "to_pass":
        return any(a[0] == "pass" for a in legal)
    if action == "keep":
        return phase == "swap"
    if action == "pass_refused":
        return phase == "play" and not any(a[0] == "pass" for a in legal)
    if action == "throw":
        return phase == "throw"
    if action in ("touch", "touch_list"):
        return any(a[0] == "touch" for a in legal)
    if action == "discard":
        return any(a[0] == "discard" for a in legal)
    if action == "dodge":
        return phase == "dodge"
    if action == "cycle":
        return phase in ("play", "swap", "gift", "start")
    return True  # pick, choices
