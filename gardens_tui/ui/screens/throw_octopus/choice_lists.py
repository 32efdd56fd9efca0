"""The lists a choice is made from on the Throw Octopus! screen (a
:class:`~gardens_tui.ui.screens.choice.ChoiceScreen`): their titles and the words of each line
(pure)."""

from __future__ import annotations

from collections.abc import Callable

from gardens_tui.rules.base import Action
from gardens_tui.rules.throw_octopus.components import CARD_TITLES, tile_name
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.rules.words import count

LIST_TITLES: dict[str, str] = {
    "throw": "Throw Octopus: at whom?",
    "touch": "Magic Touch: move which tile where?",
    "gift": "Gift from the Deep: give it to whom?",
}
"""The title of the list of each kind of choice."""


THROW_CARDS: dict[str, str] = {"shield": "stops this throw"}
"""The kept cards that change a throw at their holder, and what they do to it (face up, so
everyone may see them): shown beside each target of the throw list."""


def throw_cards(state: ThrowState, seat: int) -> str:
    """What ``seat``'s face-up cards do to a throw at them: ``Octo Shield up: stops this
    throw`` (``2x`` for two; empty: nothing changes the throw)."""
    parts = []
    for card, effect in THROW_CARDS.items():
        number = state.held[seat].count(card) if seat < len(state.held) else 0
        if number:
            title = CARD_TITLES[card] if number == 1 else f"{number}x {CARD_TITLES[card]}"
            parts.append(f"{title} up: {effect}")
    return "; ".join(parts)


def action_label(state: ThrowState, action: Action, describe: Callable[[Action], str]) -> str:
    """The line for ``action``: a throw or a gift names the player and their tile count; a
    throw adds the target's face-up cards that change it (:func:`throw_cards`: a raised Octo
    Shield stops it) and turns they already lose; anything else is the engine's words
    (``describe``)."""
    if action[0] in ("throw", "give") and isinstance(action[-1], int):
        seat = action[-1]
        players = state.players
        if 0 <= seat < len(players):
            name = players[seat]
            tiles = count(len(state.hands[seat]), "tile")
            if action[0] == "give":
                return f"give {tile_name(action[1])} to {name} ({tiles})"
            notes = [throw_cards(state, seat)]
            if state.lost[seat]:
                notes.append(f"already loses {count(state.lost[seat], 'turn')}")
            extra = "".join(f" - {note}" for note in notes if note)
            return f"throw at {name} ({tiles}){extra}"
    return describe(action)
