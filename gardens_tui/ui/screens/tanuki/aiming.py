"""Garden Master cards aimed at the garden: which card is aimed, the words asking for its
squares, and the ``m`` menu of the cards playable now (pure).

A card aimed at the garden (a trap, a rock garden, Shifting Paths, Tanuki Bait, moving a tanuki)
is chosen as the picker's item (:func:`~.picker.card_item`); its squares then light up on the
garden. Any other card is listed with its choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gardens_tui.rules.base import Action
from gardens_tui.rules.tanuki.components import CARD_TITLES
from gardens_tui.ui.screens.tanuki.picker import BOARD_CARDS

CARD_AIMS: dict[str, str] = {
    "trap": "the square for your Tanuki Trap",
    "rock": "the square for the rock garden",
    "shift": "the tile to turn",
    "bait": "the two squares for the tanuki",
    "move": "the tanuki to move",
}
"""What a card aimed at the garden asks for, in the prompt."""


def aimed_card(item: object) -> str | None:
    """The key of the Garden Master card the picker's ``item`` aims, if it is one."""
    if isinstance(item, tuple) and len(item) == 2 and item[0] == "card":
        return str(item[1])
    return None


def aim_prompt(key: str) -> str:
    """The prompt while the card ``key`` is aimed at the garden."""
    return f"{CARD_TITLES[key]}: choose {CARD_AIMS[key]} on the garden (m: back)"


def aim_error(key: str) -> str:
    """The error when a place off the lit squares is chosen for the card ``key``."""
    return f"Choose {CARD_AIMS[key]} among the lit squares (m: back)"


def bait_squares(legal: Sequence[Action]) -> set[int]:
    """Every square of a legal Tanuki Bait pair (either square of a pair may be chosen first)."""
    return {sq for a in legal if a[:2] == ("play", "bait") for sq in a[3:5]}


@dataclass(frozen=True)
class CardPick:
    """One line of the ``m`` menu: aim the card ``aim`` at the garden, or play ``action``."""

    label: str
    aim: str | None = None
    action: Action | None = None


def card_menu(legal: Sequence[Action], describe: Callable[[Action], str]) -> list[CardPick]:
    """The ``m`` menu: each card playable now, in the order first met in ``legal``; a card aimed
    at the garden once, any other once per legal play (labelled by ``describe``)."""
    plays = [a for a in legal if a[0] == "play"]
    keys: list[str] = []
    for action in plays:
        if str(action[1]) not in keys:
            keys.append(str(action[1]))
    picks: list[CardPick] = []
    for key in keys:
        if key in BOARD_CARDS:
            picks.append(CardPick(f"{CARD_TITLES[key]}: choose on the garden", aim=key))
        else:
            for action in (a for a in plays if a[1] == key):
                picks.append(CardPick(describe(action), action=action))
    return picks
