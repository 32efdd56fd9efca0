"""Octopus's Garden component data: every token kind, its cost, points, count and display letter.

Tokens are small ints (``ANEMONE == 1`` …) so the engine's hot paths work on ints; their stable
names (``"anemone"``, ``"crab+shell"``) are what save files, the notation and the screens use.

Besides the physical kinds there are a few *garden forms* a token takes once in a garden:

- ``MIMIC_ANEMONE`` / ``MIMIC_SEAGRASS``: a mimic octopus after its declaration (flipped);
- ``COCONUT_USED``: a coconut octopus after its once-per-game push (flipped, 1 point);
- ``CRAB_SHELL`` / ``CRAB_TRASH``: a hermit crab carrying its home (one piece, moves as one).

Counts follow ``components.md`` section 1: 106 garden tokens, 16 oyster tokens, 5 clownfish and 5
seahorses valued 7, 6, 5, 4, 3 (2 players: 6, 4, 3), 4 of each module tile except sharks (one per
player, named hammerhead, tiger, reef and whale). The treasure chest costs 0 (its printed 3 is a
misprint); the parrot fish costs 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# --- token kinds (ints; 0 means "nothing") ----------------------------------------------------
EMPTY = 0
ANEMONE = 1
CORAL = 2
CRAB = 3
SHELL = 4
RELIC = 5
SEAGRASS = 6
STAR = 7
TRASH = 8
OYSTER = 9
MIMIC = 10
COCONUT = 11
HAMMERHEAD = 12
TIGER = 13
REEF = 14
WHALE = 15
PARROT = 16
DIVER = 17
LIONFISH = 18
CHEST = 19
BOXER = 20
MIMIC_ANEMONE = 21
MIMIC_SEAGRASS = 22
COCONUT_USED = 23
CRAB_SHELL = 24
CRAB_TRASH = 25
NUM_KINDS = 26

SHARKS: tuple[int, ...] = (HAMMERHEAD, TIGER, REEF, WHALE)
"""The four named sharks; a game with N players puts the first N into the bag."""


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """Display and rules data for one token kind.

    ``name`` is the stable identifier (notation, saves); ``title`` the name for people; ``letter``
    a one-character glyph distinct from every other kind's (colour-blind safe); ``cost`` the price
    in pearls (``None`` for oysters, whose price depends on the buyer); ``points`` the printed
    beauty points (``None`` where scoring is special: crabs, shells, relics, trash, oysters,
    parrot fish); ``module`` the option key that brings the kind into the game ("" for base; a
    form such as a declared mimic octopus belongs to its token's module).
    """

    code: int
    name: str
    title: str
    letter: str
    cost: int | None
    points: int | None
    module: str


TOKENS: tuple[TokenInfo, ...] = (
    TokenInfo(EMPTY, "empty", "empty space", ".", None, None, ""),
    TokenInfo(ANEMONE, "anemone", "anemone", "A", 2, 2, ""),
    TokenInfo(CORAL, "coral", "coral", "C", 1, 1, ""),
    TokenInfo(CRAB, "crab", "hermit crab", "H", 2, None, ""),
    TokenInfo(SHELL, "shell", "empty shell", "E", 2, None, ""),
    TokenInfo(RELIC, "relic", "relic", "R", 3, None, ""),
    TokenInfo(SEAGRASS, "seagrass", "seagrass", "G", 1, 1, ""),
    TokenInfo(STAR, "star", "sea star", "S", 3, 5, ""),
    TokenInfo(TRASH, "trash", "trash", "T", 0, None, ""),
    TokenInfo(OYSTER, "oyster", "oyster", "O", None, None, ""),
    TokenInfo(MIMIC, "mimic", "mimic octopus", "M", 2, 0, "mimic-octopus"),
    TokenInfo(COCONUT, "coconut", "coconut octopus", "N", 2, 3, "coconut-octopus"),
    TokenInfo(HAMMERHEAD, "hammerhead", "hammerhead shark", "K", 3, 2, "shark"),
    TokenInfo(TIGER, "tiger", "tiger shark", "K", 3, 2, "shark"),
    TokenInfo(REEF, "reef", "reef shark", "K", 3, 2, "shark"),
    TokenInfo(WHALE, "whale", "whale shark", "K", 3, 2, "shark"),
    TokenInfo(PARROT, "parrot", "parrot fish", "P", 2, None, "parrot-fish"),
    TokenInfo(DIVER, "diver", "diver", "D", 2, 0, "diver"),
    TokenInfo(LIONFISH, "lionfish", "lionfish", "L", 3, 5, "lionfish"),
    TokenInfo(CHEST, "chest", "treasure chest", "X", 0, 0, "treasure-chest"),
    TokenInfo(BOXER, "boxer", "boxer crab", "B", 1, 3, "boxer-crab"),
    TokenInfo(
        MIMIC_ANEMONE, "mimic-anemone", "mimic octopus (as anemone)", "a", None, 0, "mimic-octopus"
    ),
    TokenInfo(
        MIMIC_SEAGRASS,
        "mimic-seagrass",
        "mimic octopus (as seagrass)",
        "g",
        None,
        0,
        "mimic-octopus",
    ),
    TokenInfo(
        COCONUT_USED, "coconut-used", "coconut octopus (flipped)", "n", None, 1, "coconut-octopus"
    ),
    TokenInfo(CRAB_SHELL, "crab+shell", "hermit crab in a shell", "h", None, 6, ""),
    TokenInfo(CRAB_TRASH, "crab+trash", "hermit crab in trash", "t", None, 0, ""),
)
"""Data for every kind, indexed by its code (``TOKENS[STAR].name == "star"``)."""

NAMES: tuple[str, ...] = tuple(t.name for t in TOKENS)
"""Every kind's stable name, indexed by code."""

CODES: Mapping[str, int] = {t.name: t.code for t in TOKENS}
"""Kind code by stable name."""

COST: tuple[int, ...] = tuple(t.cost or 0 for t in TOKENS)
"""Price in pearls by code (0 where none is printed)."""

BASE_COUNTS: Mapping[int, int] = {
    ANEMONE: 18,
    CORAL: 20,
    CRAB: 6,
    SHELL: 6,
    RELIC: 10,
    SEAGRASS: 26,
    STAR: 10,
    TRASH: 10,
}
"""The 106 garden tokens of the base game."""

MODULE_TILES: Mapping[str, int] = {
    "mimic-octopus": MIMIC,
    "coconut-octopus": COCONUT,
    "parrot-fish": PARROT,
    "diver": DIVER,
    "lionfish": LIONFISH,
    "treasure-chest": CHEST,
    "boxer-crab": BOXER,
}
"""The module whose four tiles go into the bag, by option key (sharks are per player)."""

MODULE_TILE_COUNT = 4
OYSTER_TOKENS = 16
START_PEARLS = 2
PRINTED_OYSTERS = 2
BONUS_VALUES: tuple[int, ...] = (3, 4, 5, 6, 7)
"""Clownfish / seahorse values, bottom of the pile first (the top is the last item)."""
BONUS_VALUES_2P: tuple[int, ...] = (3, 4, 6)
"""The 2-player piles."""

ANIMALS: frozenset[int] = frozenset({STAR, CRAB, CRAB_SHELL, CRAB_TRASH, BOXER})
"""Pieces that sit on top of a space's token instead of occupying the space themselves."""
CRABS: frozenset[int] = frozenset({CRAB, CRAB_SHELL, CRAB_TRASH})
"""Hermit crabs, with or without a home."""
HOMES: frozenset[int] = frozenset({SHELL, TRASH})
"""Tokens a hermit crab can take as its home."""
ANEMONE_LIKE: frozenset[int] = frozenset({ANEMONE, MIMIC_ANEMONE})
"""Tokens that count as anemones for clownfish groups and boxer crabs."""
SEAGRASS_LIKE: frozenset[int] = frozenset({SEAGRASS, MIMIC_SEAGRASS})
"""Tokens that count as seagrass for seahorse groups."""
BAG_KINDS: tuple[int, ...] = tuple(range(1, 21))
"""Kinds that can be in the bag or on the market (everything but oysters and garden forms)."""

PHYSICAL: Mapping[int, tuple[int, ...]] = {
    MIMIC_ANEMONE: (MIMIC,),
    MIMIC_SEAGRASS: (MIMIC,),
    COCONUT_USED: (COCONUT,),
    CRAB_SHELL: (CRAB, SHELL),
    CRAB_TRASH: (CRAB, TRASH),
}
"""The physical tiles a garden form is made of (kinds not listed are one tile of themselves)."""


def physical(code: int) -> tuple[int, ...]:
    """The physical token kinds making up a piece (``CRAB_SHELL`` → crab and shell)."""
    return PHYSICAL.get(code, (code,))


def bag_counts(options: Mapping[str, Any], num_players: int) -> list[int]:
    """How many of each kind the bag starts with, indexed by code, for these options and seats."""
    counts = [0] * NUM_KINDS
    for code, n in BASE_COUNTS.items():
        counts[code] = n
    for key, code in MODULE_TILES.items():
        if options.get(key):
            counts[code] = MODULE_TILE_COUNT
    if options.get("shark"):
        for code in SHARKS[:num_players]:
            counts[code] = 1
    return counts


def bonus_values(num_players: int) -> tuple[int, ...]:
    """The clownfish (and seahorse) pile for this many players, bottom first."""
    return BONUS_VALUES_2P if num_players == 2 else BONUS_VALUES


def token_cost(code: int) -> int:
    """What a market token costs (the treasure chest and trash cost nothing)."""
    return COST[code]


def describe(code: int) -> str:
    """The people-facing name of a kind (``"sea star"``)."""
    return TOKENS[code].title
