"""Seabed Neighbours (3-6 players): lay seabed tiles with each neighbour in turn.

``GAME`` is the :class:`~gardens_tui.rules.base.Game` the registry serves (id
``seabed-neighbours``). The state is :class:`~.state.SeabedState`; the rules in our own words
are in :mod:`.summary`, shown by ``gardens rules seabed-neighbours``. Teams are neighbour pairs:
team ``t`` is seats ``t - 1`` and ``t``; seat ``i`` plays in teams ``i`` and ``i + 1``
(components.md section 5; these are 0-based indices: people read seat numbers from 1, and the
texts name teams by their players, ``Cleo & Ann``). Places are signed ``(x, y)`` from the start
tile (x east, y south), turns in degrees clockwise, hand tiles by slot (1-based in notation and
in the action tuple), segments by name (``reef-n``, ``streak-e``, ``field``, ``seabed-ne``; see
:mod:`.tiles`).

Decision kinds and their actions
--------------------------------
``state.decision.kind`` is one of the following (``state.phase`` holds the same name):

- ``"place"`` (table talk; the active seat): ``("place", slot, x, y, degrees)``
  (``place 1 at 3,-2 r90``; the turn is always written, ``r0`` too).
- ``"propose"`` (propose and veto; the active seat): ``("propose", slot, x, y, degrees)``
  (``propose 1 at 3,-2 r90``).
- ``"answer"`` (the partner: the placing team's other seat): ``("accept",)`` or ``("veto",)``.
- ``"counter"`` (the partner, after a veto): ``("propose", slot, x, y, degrees)``.
- ``"pick"`` (the active seat): ``("choose", "mine")`` or ``("choose", "theirs")``.
- ``"flag"`` (the active seat, for the placing team; optional, ``pass_action`` ``("pass",)``):
  ``("flag", x, y, segment)`` (``flag 3,-2 seabed-ne``), ``("palace", x, y, segment)``
  (``palace 3,-2 field``) or ``("pass",)``. Opened only when some flag or palace is legal.
- ``"whirlpool"`` (the active seat): ``("return", x, y, segment)`` (``return 3,-2 streak-e``).

Resolved without asking: drawing (from the PRNG), returning tiles that fit nowhere and
drawing again, scoring completed features, extra turns and their clam tile, clam tile effects
(party gramophone, harvester), the turn's second tile, final scoring and the end.

Hidden information: none but the PRNG. The two drawn tiles are public (the pair negotiates in
the open); the piles are public as sets, kept sorted, and the tile drawn is picked from the
PRNG at the draw, so nobody knows the order.

Helpers for screens
-------------------
- :mod:`.tiles`: ``TYPES`` (sides, areas and what they hold), ``turned(code)`` (per placed
  tile: ``area_at`` for the 12 edge segments, ``side_codes``, segment ``names``), ``describe``,
  ``SIDE_OFFSETS``, ``CORNERS``.
- :mod:`.seascape`: ``tile_at(state, cell)`` → ``(type id, degrees)``,
  ``feature_at(state, cell, area)`` → ``FeatureInfo`` (id, kind, complete,
  open edges, tiles, fish, creatures, flags per team, the seaweed system and its palaces),
  ``places(state, kind)``, ``can_place``, ``seabed_value``.
- ``state.board`` (cell → ``type * 4 + quarter``), ``state.flags`` (team, node, kind),
  ``state.supply`` / ``state.piles`` per team, ``state.team_name(t)``, ``state.members(t)``.
- :mod:`.picture`: a tile as characters (``raster``, ``things``, the glyphs), shared by the
  screen and the text board.
- :mod:`.refusals`: ``place_problem``, ``piece_problem``; :mod:`.text`: ``tile_rows``,
  ``seascape_picture``; :mod:`.positions`: ``make_position``.
- :mod:`.migrations`: save files of rules version 1 (played by version 1 to their end).

Decisions (where the rulebook and ``components.md`` are silent)
----------------------------------------------------------------
- **Who decides.** Table talk: the active seat decides every placement, flag, palace and
  whirlpool. Propose and veto covers placements (clam tiles too); the flag step and the
  whirlpool stay with the active seat.
- **Flag step.** Only after the turn's first tile (with that tile's team) and after a clam
  tile (that tile only). Targets: the tile just placed and the tile the team placed last. A flag
  may go on a feature the tile just completed (scored at once, Carcassonne style), never on one
  completed and scored earlier. The step lists one flag per feature and one palace per
  seaweed system (on a field tile: the field), rules version 2 (:mod:`.spec`). The step is
  skipped when nothing is legal, with a log line saying why.
- **Occupancy.** A flag needs a streak, reef or seabed area without any flag (a palace does not
  block it); a palace a streak or field whose seaweed system holds no palace. Features joined
  later may hold several; majorities decide and ties all score in full.
- **Completion.** A streak or reef is complete when none of its edge segments is open: a streak
  then ends at fields or reefs at both ends, or loops; a reef with a hole (an empty place with
  reef on its rim) is not complete. Fields only end streaks; they never complete.
- **Unplaceable tiles.** A drawn tile that fits nowhere goes back (the pile stays a sorted set)
  and another is drawn; if no tile left fits anywhere, the rest are set aside and the game ends.
  On the turn's first placement only the fitting tile(s) may be chosen.
- **Magic clams.** One extra turn per placement (several clams or reefs give one); none during
  an extra turn and none once the clam stack is empty; a clam tile that fits nowhere goes back,
  another is drawn, and when none fits there is no extra turn. The extra turn comes right after
  the placement that earned it, before the turn goes on.
- **Clam tiles.** Party gramophone: scores at once for the placing team the animals on the 8
  tiles around it (not its own) in its seabed area, bottles there cancelling crabs (none with a
  diver in that area). Music gramophone: at the end, animals on those 8 tiles in its area count
  twice; bottles still cancel crabs. Whirlpool (an immediate action: before its flag step and
  before scoring, rules version 3; after scoring in earlier games): the placing team must take
  back one of its flags (any, seabed flags too), unscored; nothing if it has none out. Diver:
  bottles in its seabed area are ignored. Harvester: the placing team scores 2 per field of the
  tile's system at once. Sushi set: its system's palace majority scores 1 per fish and 1 per
  field. Clam tile points go to the pile category "clam tiles".
- **End.** Flags on unfinished streaks and reefs go home unscored; seabed flags and palaces
  score (components.md) and stay.
- **Winner.** components.md's rule; when several teams tie for the most, every player of them
  is a candidate, judged by their other team (see :mod:`.scoring`).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from gardens_tui.rules.seabed.spec import SPEC

if TYPE_CHECKING:
    from gardens_tui.rules.seabed.game import SeabedNeighbours
    from gardens_tui.rules.seabed.state import SeabedState

    GAME: SeabedNeighbours
    """The one Seabed Neighbours game object the registry serves."""

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME``, ``SeabedNeighbours`` and ``SeabedState``, imported on first use."""
    if name == "GAME":
        with _lock:
            if "GAME" not in globals():
                from gardens_tui.rules.seabed.game import SeabedNeighbours

                globals()["GAME"] = SeabedNeighbours()
        return globals()["GAME"]
    if name == "SeabedNeighbours":
        from gardens_tui.rules.seabed.game import SeabedNeighbours

        return SeabedNeighbours
    if name == "SeabedState":
        from gardens_tui.rules.seabed.state import SeabedState

        return SeabedState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "SPEC", "SeabedNeighbours", "SeabedState"]
