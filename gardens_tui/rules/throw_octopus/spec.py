"""The static description of Throw Octopus!: id, title, player counts and the options.

The option keys and values are part of the save-file and command-line contract and never change.
"""

from __future__ import annotations

from gardens_tui.rules.base import GameSpec, Option
from gardens_tui.rules.throw_octopus.summary import SUMMARY

GAME_NIGHT_KEY = "game-night"
HIT_CHANCE_KEY = "hit-chance"
DODGE_WINDOW_KEY = "dodge-window"
TILE_LIST_KEY = "tile-list"

TILE_LIST_CHOICES: tuple[str, ...] = ("balanced", "sparse")
"""The tile lists (see :mod:`.components`): ``balanced`` (rules version 2, the default) and
``sparse`` (the rules version 1 list, which saves of that version are migrated to)."""

RULES_VERSION = 2
"""Version 1 dealt the sparse tile list; version 2 deals the balanced one by default and lets
Magic Touch move any loose tile (see :mod:`.migrations`)."""

HIT_CHANCES: tuple[str, ...] = ("1/3", "1/2", "2/3", "3/4", "9/10")
"""The accepted hit chances: a fraction ``hits/out of``."""

OPTIONS: tuple[Option, ...] = (
    Option(
        GAME_NIGHT_KEY,
        False,
        "Game Night: three games in a row, tiles left in hand add up, the lowest total wins",
    ),
    Option(
        HIT_CHANCE_KEY,
        "2/3",
        "How often a thrown octopus hits when the dodge is rolled (bots, command line)",
        choices=HIT_CHANCES,
    ),
    Option(
        DODGE_WINDOW_KEY,
        1500,
        "Milliseconds the target has to press the dodge key in the app's dodge game",
        minimum=300,
        maximum=5000,
    ),
    Option(
        TILE_LIST_KEY,
        "balanced",
        "Tile list: balanced (plays without jams) or sparse (the first list, mostly one or two "
        "creature parts a tile; older saves keep it)",
        choices=TILE_LIST_CHOICES,
    ),
)


def hit_odds(chance: str) -> tuple[int, int]:
    """``"2/3"`` → ``(2, 3)``: a hit when a roll in ``0..out_of-1`` is below ``hits``."""
    hits, _, out_of = chance.partition("/")
    return int(hits), int(out_of)


SPEC = GameSpec(
    id="throw-octopus",
    title="Throw Octopus!",
    min_players=1,
    max_players=5,
    player_counts=(1, 3, 4, 5),
    blurb="Match sea-creature tiles, complete creatures, and throw the octopus at your friends.",
    summary=SUMMARY,
    options=OPTIONS,
    rules_version=RULES_VERSION,
)
"""The game's :class:`~gardens_tui.rules.base.GameSpec` (one seat plays the solo rules)."""
