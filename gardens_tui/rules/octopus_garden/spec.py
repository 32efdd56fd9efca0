"""The static description of Octopus's Garden: id, title, player range and the module options.

The option keys are part of the save-file and command-line contract and never change.

Rules versions (``SPEC.rules_version``; a state carries the version it is played under in
:attr:`~.state.OctopusState.rules`, see :mod:`.migrations`):

1. The first rules.
2. A boxer crab bought with an anemone waits for it: while an anemone in hand can still be
   planted, the boxer crab cannot be sent back to the bag (the rulebook sends it back only
   when the player has no anemone for it "before the refill"); version 1 offered ``return
   boxer`` whenever no anemone in the garden was free.
"""

from __future__ import annotations

from gardens_tui.rules.base import GameSpec, Option
from gardens_tui.rules.octopus_garden.summary import SUMMARY

MODULE_KEYS: tuple[str, ...] = (
    "mimic-octopus",
    "coconut-octopus",
    "shark",
    "parrot-fish",
    "diver",
    "lionfish",
    "treasure-chest",
    "boxer-crab",
)
"""The eight expert-module option keys, in the rulebook's order of introduction."""

RULES_VERSION = 2
"""The rules version new games are played under (see the module docstring)."""

STALL_STOP = "stall-stop"
"""The option key of our stop rule for stalled games (not in the rulebook; on by default)."""

OPTIONS: tuple[Option, ...] = (
    Option("mimic-octopus", False, "Mimic octopus: declare it an anemone or seagrass"),
    Option("coconut-octopus", False, "Coconut octopus: once per game, push its neighbours"),
    Option("shark", False, "Sharks: claim a market tile for your next turn"),
    Option("parrot-fish", False, "Parrot fish: +1 point per adjacent coral"),
    Option("diver", False, "Diver: clears your trash and relics, then swims away"),
    Option("lionfish", False, "Lionfish: pay 1 pearl to discard a market tile"),
    Option("treasure-chest", False, "Treasure chest: pay pearls to draw tokens, keep or sell"),
    Option("boxer-crab", False, "Boxer crab: rides an anemone and blocks animals"),
    Option(STALL_STOP, True, "Stall stop: 10 rounds without a purchase trigger the end"),
)

SPEC = GameSpec(
    id="octopus-garden",
    title="Octopus's Garden",
    min_players=2,
    max_players=4,
    blurb="Buy market rows, grow anemone and seagrass groups, feed no oysters to your sea stars.",
    summary=SUMMARY,
    options=OPTIONS,
    rules_version=RULES_VERSION,
)
"""The game's :class:`~gardens_tui.rules.base.GameSpec`."""
