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
from gardens_tui.rules.safe_text import printable
from gardens_tui.rules.tanuki.components import (
    CARD_TITLES,
    DIRECTION_NAMES,
    TANUKI_NAMES,
    square_name,
)
from gardens_tui.rules.words import join_and, possessive
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


CARD_EFFECTS: dict[str, str] = {
    "fast": "both tanuki move 1 extra space this turn",
    "dens": "ignore the tanuki dens on your path this turn",
    "escape": "ignore the ashi-magari on your path this turn",
    "pilfer": "take up to 3 shiitake, 1 from each opponent",
    "harvest": "double the shiitake you harvest this turn",
    "stroll": "lay a second path tile this turn",
    "clear": "clear up to 3 tiles or rock gardens from the garden",
}
"""What a Garden Master card played without a target does, in the ``m`` menu and the list."""


def card_words(action: Action, players: Sequence[str]) -> str:
    """A card play ``("play", key, *args)`` in words for a menu line: the card's title, then
    what it does to whom or where (``"Shiitake Robber: steal 2 shiitake from Cleo"``), never the
    notation. Player names are made printable (they are data)."""
    key, args = str(action[1]), action[2:]
    title = CARD_TITLES.get(key, key)

    def name(seat: object) -> str:
        index = int(str(seat))
        return printable(players[index], newlines=False) if 0 <= index < len(players) else "?"

    def square(sq: object) -> str:
        return square_name(int(str(sq)))

    if key == "pilfer" and args:  # more than 3 opponents have shiitake: the 3 chosen
        return f"{title}: take 1 shiitake each from {join_and([name(o) for o in args])}"
    if key in CARD_EFFECTS:
        return f"{title}: {CARD_EFFECTS[key]}"
    if key == "robber" and len(args) == 1:
        return f"{title}: steal 2 shiitake from {name(args[0])}"
    if key == "repellant" and len(args) == 1:
        tanuki = TANUKI_NAMES[int(str(args[0]))]
        return f"{title}: the {tanuki} tanuki leaves the board, you collect 1 shiitake"
    if key == "move" and len(args) == 2:
        tanuki, way = TANUKI_NAMES[int(str(args[0]))], DIRECTION_NAMES[int(str(args[1]))]
        return f"{title}: the {tanuki} tanuki 1 space {way}"
    if key in ("trap", "rock") and len(args) == 1:
        return f"{title} on {square(args[0])}"
    if key == "shift" and len(args) == 2:
        return f"{title}: turn the tile on {square(args[0])} by {int(str(args[1])) * 90} degrees"
    if key == "bait" and len(args) == 3:
        monk = possessive(name(args[0]))
        where = f"{square(args[1])} (blue) and {square(args[2])} (gold)"
        return f"{title}: both tanuki next to {monk} monk, on {where}"
    return title


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
