"""Octopus's Garden (2-4 players): buy market rows, plant a hex garden, feed no oysters to stars.

``GAME`` is the :class:`~gardens_tui.rules.base.Game` the registry serves. The state is
:class:`~.state.OctopusState`; the rules in our own words (with every decision we made where the
rulebook is silent) are in :mod:`.summary`, shown by ``gardens rules octopus-garden``.

Decision kinds and their actions
--------------------------------
``state.decision.kind`` is one of the following (``state.phase`` holds the same name). Cells are
garden space ids 0..23 (names ``a1..e4``, see :mod:`.board`), market spaces are 0..8 (``m1..m9``),
tokens are stable names (``"coral"``, ``"hammerhead"``; see :mod:`.components`). Any decision of
a seat owning an undeclared mimic octopus (module on) also offers ``("mimic", cell, "anemone" |
"seagrass")``; the same decision stays pending after it.

- ``"lionfish"`` (start of turn, owner of a lionfish with a pearl): ``("lionfish", space)`` pays 1
  pearl to discard that tile (it leaves the game); ``("skip",)``.
- ``"shark"`` (your shark claims a tile): ``("buy", "row" | "col", 1..3)`` for a line containing
  the claimed tile; ``("release",)`` throws the shark back into the bag, then ``"market"`` follows.
- ``"market"``: ``("buy", "row" | "col", 1..3)``; ``("oyster",)``; ``("pass", space)`` returns
  that tile to the bag and draws a replacement; ``("pass",)`` only when no tile can be returned.
- ``"treasure"`` (once per chest bought): ``("treasure", 0)``; ``("treasure", k, "keep" |
  "sell")`` for 1 <= k <= the pearls held (and the bag's size).
- ``"plant"``: ``("plant", token, cell)`` on an empty space (a boxer crab: on a free anemone);
  ``("plant", "diver")``; ``("return", "boxer")`` when no anemone can host it; ``("discard",
  token)`` only while the tokens needing a space outnumber the empty spaces.
- ``"animals"``: ``("move", piece, from, to)`` with piece ``"star" | "crab" | "crab+shell" |
  "crab+trash" | "boxer"``; ``("move", "crab+shell" | "crab+trash", from, to, "leave")`` leaves the
  home on ``from``; ``("coconut", cell)``; ``("done",)`` (absent while a sea star must move).
- ``"push"`` (after ``coconut``): ``("push", from, to)`` moves everything on ``from``; ``("done",)``
  leaves the rest in place.
- ``"refill"``: ``("refill", space)`` puts ``state.drawn`` on an empty market space.
- ``"claim"`` (optional window for a seat other than or equal to the active one, after each
  refill): ``("claim", space)`` puts that seat's shark on the tile; ``("skip",)``.

Resolved without asking (one possible outcome, nothing to choose): the harvest; the lionfish,
shark and claim steps when they do not apply; the last refill token when one space is empty;
tokens that cannot fit once the garden is full (with no diver in hand) leave the game; boxer crabs
that can have no host go back to the bag; the animal phase is skipped when nothing can move; the
push step ends when nothing more can be pushed; the refill and claims are skipped on the very last
turn of the game.

Helpers for screens
-------------------
- :mod:`.board`: ``CELL_NAMES``, ``ROWS``, ``CELL_ROW``, ``CELL_X`` (hex layout), ``NEIGHBOURS``,
  ``MARKET_ROWS`` / ``MARKET_COLS``, ``parse_cell`` / ``parse_market``.
- :mod:`.components`: ``TOKENS`` (name, title, letter, cost, points, module per kind code),
  ``CODES`` / ``NAMES``.
- :mod:`.targets`: ``action_cells``, ``action_market``, ``action_target``.
- :mod:`.text`: ``stack_glyph``, ``garden_picture``, ``legend``.
- :mod:`.flow`: ``oyster_price``; :mod:`.engine`: ``line_cost``; :mod:`.scoring`: categories.
- :mod:`.positions`: ``make_position`` builds a validated position by hand.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from gardens_tui.rules.octopus_garden.spec import MODULE_KEYS, SPEC

if TYPE_CHECKING:
    from gardens_tui.rules.octopus_garden.game import OctopusGarden
    from gardens_tui.rules.octopus_garden.state import OctopusState

    GAME: OctopusGarden
    """The one Octopus's Garden game object the registry serves."""

# Importing this package is cheap (the spec and the rules summary): the registry reads SPEC to
# list the games, and the engine is imported when GAME (or a class below) is first used.

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME``, ``OctopusGarden`` and ``OctopusState``, imported on first use."""
    if name == "GAME":
        with _lock:
            if "GAME" not in globals():
                from gardens_tui.rules.octopus_garden.game import OctopusGarden

                globals()["GAME"] = OctopusGarden()
        return globals()["GAME"]
    if name == "OctopusGarden":
        from gardens_tui.rules.octopus_garden.game import OctopusGarden

        return OctopusGarden
    if name == "OctopusState":
        from gardens_tui.rules.octopus_garden.state import OctopusState

        return OctopusState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "MODULE_KEYS", "SPEC", "OctopusGarden", "OctopusState"]
