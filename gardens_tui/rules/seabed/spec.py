"""The static description of Seabed Neighbours: id, title, player counts and the options.

The option keys and values are part of the save-file and command-line contract and never change.
"""

from __future__ import annotations

from gardens_tui.rules.base import GameSpec, Option
from gardens_tui.rules.seabed.summary import SUMMARY

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
)
"""The game's :class:`~gardens_tui.rules.base.GameSpec`."""
