"""The lists a choice is made from on the Throw Octopus! screen (a
:class:`~gardens_tui.ui.screens.choice.ChoiceScreen`): their titles and the words of each line
(pure)."""

from __future__ import annotations

from collections.abc import Callable

from gardens_tui.rules.base import Action
from gardens_tui.rules.throw_octopus.components import tile_name
from gardens_tui.rules.throw_octopus.state import ThrowState

LIST_TITLES: dict[str, str] = {
    "throw": "Throw Octopus: at whom?",
    "touch": "Magic Touch: move which tile where?",
    "gift": "Gift from the Deep: give it to whom?",
}
"""The title of the list of each kind of choice."""


def action_label(state: ThrowState, action: Action, describe: Callable[[Action], str]) -> str:
    """The line for ``action``: a throw or a gift names the player, their tile count and a
    raised Octo Shield; anything else is the engine's words (``describe``)."""
    if action[0] in ("throw", "give") and isinstance(action[-1], int):
        seat = action[-1]
        players = state.players
        if 0 <= seat < len(players):
            name = players[seat]
            tiles = len(state.hands[seat])
            head = f"give {tile_name(action[1])} to" if action[0] == "give" else "throw at"
            shield = " - Octo Shield up" if "shield" in state.held[seat] else ""
            return f"{head} {name} ({tiles} tiles){shield}"
    return describe(action)
