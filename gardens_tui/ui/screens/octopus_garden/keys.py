"""The keys of the Octopus's Garden screen: bindings, the help table, and which apply now.

Actions that have no place on a board (attract an oyster, pass, done, skip, release the shark,
open a treasure chest, let a token go, send in the diver, declare a mimic octopus) are *commands*
of the shared action picker (:meth:`ActionPicker.command
<gardens_tui.ui.widgets.action_picker.ActionPicker.command>`), each with a key, a style
(:data:`COMMAND_STYLES`) and a line in the clickable list beside the garden. :func:`command_lines`
says which commands apply to the pending decision; a command that belongs to the decision but is
not legal now (an oyster you cannot afford, ``done`` while a sea star must move) is still offered,
so that pressing it shows the engine's reason. Pure Python apart from the Textual ``Binding`` type.

``d`` does not mean "done": it is "right" in the w a s d cursor keys every board shares, so a
player moving right would end the animal phase by accident. ``f`` (finish) is done instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding, BindingType

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden.components import CODES, describe
from gardens_tui.ui.screens.game_base import LEAVE_BINDINGS, not_yours_bindings
from gardens_tui.ui.screens.octopus_garden.paint import symbol
from gardens_tui.ui.screens.octopus_garden.picker import Pick, token_actions
from gardens_tui.ui.widgets.action_picker import CommandLine, CommandStyle

__all__ = [
    "BINDINGS",
    "COMMAND_KEYS",
    "COMMAND_PHASES",
    "COMMAND_STYLES",
    "KEY_HELP",
    "CommandLine",
    "command_applies",
    "command_lines",
]

BINDINGS: list[BindingType] = [
    Binding("question_mark", "help", "Help", key_display="?"),
    Binding("i", "legend", "Letters"),
    Binding("escape", "cancel", "Cancel"),
    *LEAVE_BINDINGS,
    Binding("tab", "switch(1)", "Switch", show=False),
    Binding("shift+tab", "switch(-1)", "Switch back", show=False),
    Binding("o", "og('oyster')", "Oyster"),
    Binding("p", "og('pass')", "Pass"),
    Binding("f", "og('done')", "Done"),
    Binding("f", "og('skip')", "Skip"),
    Binding("r", "og('release')", "Release shark"),
    Binding("t", "og('treasure')", "Treasure"),
    Binding("x", "og('discard')", "Let go"),
    Binding("m", "og('mimic')", "Mimic", show=False),
    Binding("c", "og('choices')", "Choices", show=False),
    Binding("1", "pick_token(0)", "Token to plant", key_display="1-9", show=False),
    *(Binding(str(n), f"pick_token({n - 1})", "", show=False) for n in range(2, 10)),
    *not_yours_bindings(("o", "p", "f", "r", "t", "x", "m", "c", *"123456789")),
]
"""The screen's own bindings (the base adds undo and save; boards add the cursor keys). The
hidden ``not_yours`` twins come last (:func:`~..game_base.not_yours_bindings`): a decision key
pressed while somebody else decides says whose decision it is."""

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("arrows, h j k l, w a s d, mouse", "Move the cursor on the market or the garden"),
    (
        "enter, space, click",
        "Choose the place under the cursor: a row or column marker says what that line costs "
        "and gets, and enter again buys it (esc or moving off it: no purchase; a click buys at "
        "once); a market "
        "tile lists its row, its column and returning it; a garden space plants the chosen "
        "token, or starts and ends an animal's move. After a planting the cursor stays where "
        "you put it",
    ),
    ("tab, shift+tab", "Switch between market and garden; while planting, the next token"),
    ("1-9", "Pick the token to plant (or click it)"),
    (
        "o",
        "Attract an oyster (shown only while the bed has oysters; dim when you cannot afford "
        "it, and pressing it then says what it costs)",
    ),
    ("p", "Pass: then choose the market tile to return (p or esc again: do not pass)"),
    ("f", "Done moving animals (or pushing); skip the lionfish or a shark claim"),
    ("r", "Throw your waiting shark back into the bag"),
    ("t", "Open a treasure chest: how many pearls, keep or sell"),
    ("x", "Let the chosen token leave the game (only when there is no room for all)"),
    ("m", "Declare a mimic octopus an anemone or a seagrass"),
    ("c", "Every choice of the pending decision, as a list"),
    (
        "esc",
        "Cancel a half-made choice (a purchase asked about, a move's origin, passing); "
        "otherwise back to the menu",
    ),
    ("u", "Undo your last decision (when the table allows it; otherwise it says why not)"),
    (
        "g",
        "The game log: scroll it with the arrows, page keys, home and end (g or esc returns); "
        "lines marked • (* in ASCII mode) happened since your last turn",
    ),
    ("i", "What every letter and mark on the board means (only the modules in play)"),
    ("ctrl+s", "Save the game"),
    ("?", "This help: what the board shows, the keys, then the rules"),
)
"""Every key of the screen and what it does, for the help screen."""

COMMAND_PHASES: dict[str, frozenset[str]] = {
    "oyster": frozenset({"market"}),
    "pass": frozenset({"market"}),
    "done": frozenset({"animals", "push"}),
    "skip": frozenset({"lionfish", "claim"}),
    "release": frozenset({"shark"}),
    "treasure": frozenset({"treasure"}),
    "discard": frozenset({"plant"}),
    "token": frozenset({"plant"}),
}
"""The decisions each phase-bound command belongs to."""

COMMAND_KEYS: dict[str, str] = {
    "token": "enter",
    "oyster": "o",
    "pass": "p",
    "release": "r",
    "treasure": "t",
    "done": "f",
    "skip": "f",
    "discard": "x",
    "mimic": "m",
    "cancel": "esc",
    "choices": "c",
}
"""The key of each command, in the order of the clickable list."""

SIMPLE = frozenset({"oyster", "done", "skip", "release"})
"""Commands that are one action named like the command (``("oyster",)``)."""

COMMAND_STYLES: dict[str, CommandStyle] = {
    "oyster": "play",
    "done": "play",
    "skip": "play",
    "release": "play",
    "discard": "play",
    "token": "play",
    "treasure": "list",
    "mimic": "list",
    "pass": "mode",
}
"""How each command's key offers its actions (``choices`` and ``cancel`` are the picker's own)."""


def command_applies(
    command: str, phase: str, legal: Sequence[Action], pick: Pick, *, oysters_left: bool = True
) -> bool:
    """Whether ``command`` belongs to the pending decision ``phase`` (its key is shown).

    ``oysters_left``: the oyster bed is not empty. With no oyster left the oyster is no choice
    at all, so its key is hidden (while it is merely unaffordable it is shown, dim)."""
    if command == "oyster" and not oysters_left and ("oyster",) not in legal:
        return False
    if command == "choices":
        return True
    if command == "mimic":
        return any(a[0] == "mimic" for a in legal)
    if command == "cancel":
        return pick.half_made
    if phase not in COMMAND_PHASES.get(command, ()):
        return False
    if command == "token":
        return bool(pick.token and token_actions(legal, pick.token))
    if command in ("discard", "treasure"):
        return any(a[0] == command for a in legal)
    return True


def command_lines(
    phase: str,
    legal: Sequence[Action],
    pick: Pick,
    *,
    oyster_price: int,
    roomy: bool,
    ascii_mode: bool,
    oysters_left: bool = True,
) -> list[CommandLine]:
    """The commands that apply now, with labels sized for the layout (see
    :func:`command_applies` for ``oysters_left``)."""
    more = symbol("ellipsis", ascii_mode)
    token = pick.token
    token_title = describe(CODES[token]) if token is not None and token in CODES else "token"
    labels = {
        "oyster": f"Attract an oyster ({oyster_price} pearls)"
        if roomy
        else f"Oyster ({oyster_price})",
        "pass": _pass_label(legal, pick, roomy, more),
        "done": "Done moving animals" if roomy else "Done",
        "skip": "Skip",
        "release": "Release the shark" if roomy else "Release shark",
        "treasure": f"Open the chest{more}" if roomy else "Open chest",
        "discard": f"Let the {token_title} go" if roomy else "Let it go",
        "token": _token_label(legal, token, roomy),
        "mimic": f"Mimic octopus{more}" if roomy else "Mimic",
        "choices": f"All choices{more}" if roomy else "All choices",
        "cancel": "Cancel",
    }
    lines = []
    for command, key in COMMAND_KEYS.items():
        if command_applies(command, phase, legal, pick, oysters_left=oysters_left):
            playable = command not in SIMPLE or (command,) in legal
            lines.append(CommandLine(key, labels[command], command, playable))
    return lines


def _pass_label(legal: Sequence[Action], pick: Pick, roomy: bool, more: str) -> str:
    if pick.passing:
        return "Stop passing"
    if ("pass",) in legal:
        return "Pass"
    return f"Pass (return a tile){more}" if roomy else f"Pass{more}"


def _token_label(legal: Sequence[Action], token: str | None, roomy: bool) -> str:
    acts = token_actions(legal, token) if token else []
    if not acts:
        return ""
    if acts[0][0] == "plant":
        return "Send in the diver" if roomy else "Send diver"
    return "Boxer crab back to the bag" if roomy else "Boxer to bag"
