"""The static description of Tanuki in the Garden: id, title, player range and the options.

The option keys are part of the save-file and command-line contract and never change.

Rules versions (``SPEC.rules_version``; a state carries the version it is played under in
:attr:`~.state.TanukiState.rules`, see :mod:`.migrations`):

1. The first rules: a tanuki crossing a rock garden removed it; when both tanuki were placed in
   one roll they used the same dice (so they always met); Pilfer Shiitake took clockwise.
2. Issue 26: a tanuki moving through or onto a rock garden leaves it; each tanuki placed by the
   dice gets its own roll; with more than 3 opponents holding shiitake the player chooses whom
   Pilfer Shiitake takes from.
3. Ashi-magari count once a turn: a seat that discarded for crossing one on the first tile of
   a Speed Stroll is not asked to discard again when the second tile is laid (version 2 asked
   every seat that had crossed one this turn, again). An ashi-magari crossed before a crash
   counts (version 2 forgot it). A player who has played a Garden Master card this turn gets
   no Tanuki Repellant window on their own turn (one card per turn; version 2 offered one). A
   tanuki the dice place during Fast Tanuki does not attack either (version 2's placed tanuki
   landed on monks). Move 1 Tanuki opens the Tanuki Repellant window for the monks it would
   land on, as the dice's moves do (version 2 opened none). A restart with no unconnected
   edge space removes a tile, not a rock garden, while an edge space beside a tile is left
   (version 2 offered the rock garden's too).
"""

from __future__ import annotations

from gardens_tui.rules.base import GameSpec, Option
from gardens_tui.rules.tanuki.summary import SUMMARY

RULES_VERSION = 3
"""The rules version new games are played under (see the module docstring)."""

FAST_KEY = "faster-game"
MASTER_KEY = "garden-master"

OPTIONS: tuple[Option, ...] = (
    Option(FAST_KEY, False, "Faster game: play to 12 / 10 / 8 shiitake instead of 15 / 12 / 10"),
    Option(MASTER_KEY, False, "Garden Master expansion: buy cards for 2 shiitake and play them"),
)

SPEC = GameSpec(
    id="tanuki-in-the-garden",
    title="Tanuki in the Garden",
    min_players=2,
    max_players=8,
    blurb="Lay path tiles, stroll your monk through the garden and keep your shiitake from tanuki.",
    summary=SUMMARY,
    options=OPTIONS,
    rules_version=RULES_VERSION,
)
"""The game's :class:`~gardens_tui.rules.base.GameSpec`."""


def target(players: int, fast: bool) -> int:
    """Shiitake that end the game: 15 / 12 / 10 for 2-3 / 4-5 / 6-8 players (12 / 10 / 8 fast)."""
    base = 15 if players <= 3 else 12 if players <= 5 else 10
    if fast:
        return {15: 12, 12: 10, 10: 8}[base]
    return base
