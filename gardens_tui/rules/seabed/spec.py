"""The static description of Seabed Neighbours: id, title, player counts and the options.

The option keys and values are part of the save-file and command-line contract and never change.

Rules versions (``SPEC.rules_version``; a state carries the version it is played under in
:attr:`~.state.SeabedState.rules`, see :mod:`.migrations`):

1. The first rules: the flag step listed a flag for every segment of the two tiles that named
   a free streak, reef or seabed area, and a palace for every streak and field segment of a
   seaweed system without one, so one feature could be offered several times (``flag 1,0
   streak-e`` and ``flag -1,0 streak-e`` on one streak).
2. Issue 27: the flag step lists one flag per feature and one palace per seaweed system: on
   the first segment naming it, the tile just placed before the team's previous tile, in the
   tile's area order. Where a piece stands inside its feature (or system) never changes what
   it scores or blocks, so nothing else changed.
3. The whirlpool acts as soon as it is placed ("immediate actions"), before its flag step and
   the scoring of what it completed: the team sends a flag home, then may put a flag or palace
   on the whirlpool tile. Version 2 resolved it after the flag step and scoring, so a team could
   put a flag on the whirlpool tile and send that very flag home, and the whirlpool cost it
   nothing.
"""

from __future__ import annotations

from gardens_tui.rules.base import GameSpec, Option
from gardens_tui.rules.seabed.summary import SUMMARY

RULES_VERSION = 3
"""The rules version new games are played under (see the module docstring)."""

WHIRLPOOL_FIRST = 3
"""The rules version from which the whirlpool acts as soon as it is placed, before its flag
step and scoring; earlier games resolve it after scoring."""

NEGOTIATION_KEY = "negotiation"

OPTIONS: tuple[Option, ...] = (
    Option(
        NEGOTIATION_KEY,
        "table-talk",
        "How a pair agrees on a tile: table-talk (the player whose turn it is decides) or "
        "propose-and-veto (the partner may veto once and counter-propose)",
        choices=("table-talk", "propose-and-veto"),
    ),
)

SPEC = GameSpec(
    id="seabed-neighbours",
    title="Seabed Neighbours",
    min_players=3,
    max_players=6,
    blurb="Lay seabed tiles with each neighbour in turn; every pair shares flags and points.",
    summary=SUMMARY,
    options=OPTIONS,
    rules_version=RULES_VERSION,
)
"""The game's :class:`~gardens_tui.rules.base.GameSpec`."""
