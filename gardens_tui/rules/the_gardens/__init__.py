"""The Gardens (2-4 players): draft garden cards into three rows and walk your visitors past them.

``GAME`` is the :class:`~gardens_tui.rules.base.Game` the registry serves. The state is
:class:`~.state.GardensState`; the rules in our own words are in :mod:`.summary`, shown by
``gardens rules the-gardens``.

Decision kinds and their actions
--------------------------------
``state.decision.kind`` is one of the following (``state.phase`` holds the same name). Rows are
0..2 (A, B, C), display places 0-based within a row (notation ``b2`` = row 1, place 1), sides
``"left"`` / ``"right"``; species are ``"wattle"``, ``"bottlebrush"``, ``"jacaranda"``,
``"palm"``.

- ``"take"`` (the active seat's turn): ``("take", row, place, side)`` takes a display card and
  places it at that end of its row (``take b2 left``); the walk is scored at once.
  ``("return", row)`` (State Library's holder, once a round, before placing; the same decision
  stays pending) sends that row's visitor back to the Central Board (``return b``).
- ``"reserve"`` (start of a round, Fort Denison's holder; optional, ``pass_action`` is
  ``("skip",)``): ``("reserve", row, place)`` (``reserve a3``) or ``("skip",)``.
- ``"species"`` (after the last card, Moreton Bay Fig's holder): ``("species", name)``
  (``species jacaranda``); then the game is over.

Resolved without asking: the walk and its points, claiming a landmark, the end of a round (the
visitors stand up, the token passes, a new display is dealt: ``chance`` is set there), the end of
the game.

Hidden information: only the order of the three decks (a view shows each deck sorted, and the
PRNG is masked); the display, every mat, the landmark cards and every score are public.

Helpers for screens
-------------------
- :mod:`.components`: ``CARDS`` (features per card code), ``CARD_NAMES``, ``SPECIES`` /
  ``SPECIES_TITLES`` / ``SPECIES_LETTERS``, ``LANDMARKS`` (title, points, ability per id),
  ``layout_cells`` / ``layout_landmarks``, ``TILES`` / ``TILE_TEXT``, ``path_letters``.
- :mod:`.state`: ``EMPTY`` / ``CENTRAL`` / ``NO_CARD``, ``GardensState.landmark_cells``,
  ``holds`` / ``ability_holder``, ``last`` (the last card placed: seat, row, column).
- :mod:`.mat`: ``placement`` (where a card would go), ``AROUND`` / ``ORTH``, ``paths_of``,
  ``largest_network``, ``loops``.
- :mod:`.walk`: ``score_walk`` (what a walk would score); :mod:`.scoring`: ``CATEGORIES``,
  ``score_rows``, ``fig_points`` (a Moreton Bay Fig species' points); :mod:`.engine`:
  ``may_take``, ``takes_left``.
- :mod:`.text`: ``features`` (a card in a few characters), ``mat_picture``, ``LEGEND``,
  ``LANDMARK_CODES``.
- :mod:`.positions`: ``make_position`` builds a validated position by hand.

Decisions (where the rulebook and ``components.md`` are silent)
----------------------------------------------------------------
- **Double-tree cards** show two different species (components.md); a walk stopping on one
  scores each of its species separately and adds them (Mrs Macquarie's Chair still adds 1 once).
- **The Central Board** is seen by walks that start on or cross it: it shows a pathway (counted
  by the ``paths`` tree tile and the ``variety`` fountain tile) and nothing else. Its three cells
  are pathway cards for the largest network, Opera House loops and Conservatorium joins, and
  cards for benches (1 each) and for the ``paths`` bench tile (it leads into a bench beside it).
- **Opera House loops** are the independent cycles of the pathway network (edges - cards +
  networks): on a grid, the separate enclosed areas.
- **Conservatorium** joins adjacent pathway cards for networks and loops only; the ``paths``
  bench tile still needs a path end on the shared edge, as the tile says.
- **Landmark timing**: a card covering a landmark claims it before its walk is scored, so the
  Chair, Duck Pond, Sydney Tower and Lion Gate already count on that walk; Fort Denison's first
  reservation is at the start of the next round; the State Library may be used on a later turn of
  the same round.
- **Fort Denison** may skip reserving (it binds its holder); the reserved card must be the
  holder's last take from its row that round, so the round can always finish.
- **State Library** may return any of its holder's visitors that stands on a card, also one
  that already walked this round: visitors stay on their cards between rounds, so its next walk
  (next round) starts from the Central Board. Refused only where nothing would change: a visitor
  already on the Central Board, or one whose row is complete (the last round, after its walk).
  Rules version 1 refused a visitor that had walked this round; see :mod:`.migrations`.
- **Lion Gate** counts statue cards the visitor walks past or stops on, not the card it left.
- **Moreton Bay Fig** species is chosen after the last card; provisional scores use the best one.
- **Random tiles** draw one of the slot's two advanced tiles; "mixed" landmark sides turn exactly
  three of the six ability side up at random.
- **Varying start with landmarks** (not recommended by the rulebook) is allowed: the landmarks
  stay where the mats print them (counted from column 5), and one under the Central Board can
  never be claimed.
- **Tree balance** counts a row with no trees on either side (0 = 0). **Tree group** counts
  trees, so a double-tree card adds 2. **Fountain column** continues 1/3/6 (three rows at most).
- **Streams** of one card score 0; a top and bottom with no middle are two one-card streams.
- **Tie-break**: the tied player later in the final round's turn order wins alone (in a 2-player
  game the second player of the final round).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from gardens_tui.rules.the_gardens.spec import SPEC

if TYPE_CHECKING:
    from gardens_tui.rules.the_gardens.game import TheGardens
    from gardens_tui.rules.the_gardens.state import GardensState

    GAME: TheGardens
    """The one The Gardens game object the registry serves."""

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME``, ``TheGardens`` and ``GardensState``, imported on first use."""
    if name == "GAME":
        with _lock:
            if "GAME" not in globals():
                from gardens_tui.rules.the_gardens.game import TheGardens

                globals()["GAME"] = TheGardens()
        return globals()["GAME"]
    if name == "TheGardens":
        from gardens_tui.rules.the_gardens.game import TheGardens

        return TheGardens
    if name == "GardensState":
        from gardens_tui.rules.the_gardens.state import GardensState

        return GardensState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "SPEC", "GardensState", "TheGardens"]
