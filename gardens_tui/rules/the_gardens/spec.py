"""The static description of The Gardens: id, title, player range and the options.

The option keys and values are part of the save-file and command-line contract and never change.
"""

from __future__ import annotations

from gardens_tui.rules.base import GameSpec, Option
from gardens_tui.rules.the_gardens.summary import SUMMARY

LANDMARKS_KEY = "landmarks"
LAYOUT_KEY = "layout"
SIDE_KEY = "landmark-side"
START_KEY = "start-column"

RULES_VERSION = 2
"""Version 1 refused the State Library's return of a visitor that had walked this round; version
2 allows it (issue 27; see :mod:`.migrations`)."""

TILE_KEYS: dict[str, str] = {
    "tree": "tree-tile",
    "fountain": "fountain-tile",
    "bench": "bench-tile",
    "end-tree": "end-tree-tile",
    "statue": "statue-tile",
}
"""The option key choosing the tile of each scoreboard slot (see ``components.SLOTS``)."""

OPTIONS: tuple[Option, ...] = (
    Option(LANDMARKS_KEY, False, "Landmarks: cover a landmark first to claim its card"),
    Option(
        LAYOUT_KEY,
        "random",
        "Landmark mats: left half l1/l2 with right half r1/r2, or random",
        choices=("random", "l1-r1", "l1-r2", "l2-r1", "l2-r2"),
        only_with=(LANDMARKS_KEY, True),
    ),
    Option(
        SIDE_KEY,
        "mixed",
        "Landmark cards show points, abilities, or a random mix",
        choices=("mixed", "points", "abilities"),
        only_with=(LANDMARKS_KEY, True),
    ),
    Option(
        START_KEY,
        5,
        "Column of the Central Board for everyone (5: basic; 3, 4, 6, 7: varying starts)",
        minimum=3,
        maximum=7,
    ),
    Option(
        "tree-tile",
        "basic",
        "Trees walk tile: basic (matching trees), streams, paths, or random",
        choices=("basic", "streams", "paths", "random"),
    ),
    Option(
        "fountain-tile",
        "basic",
        "Fountain walk tile: basic (streams), variety, column, or random",
        choices=("basic", "variety", "column", "random"),
    ),
    Option(
        "bench-tile",
        "basic",
        "Bench walk tile: basic (cards around), paths, trees, or random",
        choices=("basic", "paths", "trees", "random"),
    ),
    Option(
        "end-tree-tile",
        "basic",
        "End trees tile: basic (species per row), group, balance, or random",
        choices=("basic", "group", "balance", "random"),
    ),
    Option(
        "statue-tile",
        "basic",
        "End statues tile: basic (beat each player), lines, isolated, or random",
        choices=("basic", "lines", "isolated", "random"),
    ),
)

SPEC = GameSpec(
    id="the-gardens",
    title="The Gardens",
    min_players=2,
    max_players=4,
    blurb="Draft garden cards into three rows and walk your visitors past trees and fountains.",
    summary=SUMMARY,
    options=OPTIONS,
    rules_version=RULES_VERSION,
)
"""The game's :class:`~gardens_tui.rules.base.GameSpec`."""
