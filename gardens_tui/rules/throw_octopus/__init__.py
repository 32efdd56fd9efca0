"""Throw Octopus! (3-5 players, or solo): match creature tiles, empty your hand, throw the octopus.

``GAME`` is the :class:`~gardens_tui.rules.base.Game` the registry serves. The state is
:class:`~.state.ThrowState`; the rules in our own words are in :mod:`.summary`, shown by
``gardens rules throw-octopus``. ``SPEC.player_counts`` is ``(1, 3, 4, 5)``: one seat plays
the publisher's solo rules.

Decision kinds and their actions
--------------------------------
``state.decision.kind`` is one of the following (``state.phase`` holds the same name). Tiles
are ints 0..84 (named ``t1``..``t85``, see :mod:`.components`), places signed ``(x, y)`` from the
start tile (x rightwards, y downwards), rotations 0 or 180, seats as 0-based indices (people
read and type seat numbers from 1: in the notation, ``throw 1`` is ``("throw", 0)``; a player's
name is read there too, ``throw Ann``, but actions are always written with the number).

- ``"play"`` (the active seat's turn): ``("play", tile, x, y, rotation)`` (``play t42 at -1,2
  r180``); ``("touch", tile, x, y, rotation)`` (Magic Touch, ``touch t12 to 3,0 r0``; the same
  decision stays pending); when no tile fits: ``("draw",)`` (``draw``; the turn ends), or
  ``("pass",)`` (``pass``) on a bonus turn or with the pile empty; solo: ``("discard", tile)``
  (``discard t5``), or ``("pass",)`` with the pile gone, which ends the solo game.
- ``"start"`` (solo, first): ``("start", tile)`` (``start t5``) chooses the start tile.
- ``"throw"`` (Throw Octopus, any player): ``("throw", seat)`` (``throw 2``).
- ``"dodge"`` (the throw's target; ``skill="dodge"``): ``("dodge",)`` (dodged in time),
  ``("hit",)`` or a hit with its reason ``("hit", "late")`` / ``("hit", "wrong")`` /
  ``("hit", "taken")`` (``hit late``: too late, a wrong key, taken with Esc), or
  :data:`~gardens_tui.rules.base.ROLL` (``roll``: the ``hit-chance`` option decides from the
  state's PRNG). The app runs its minigame (``dodge-window`` ms) and plays the outcome it saw
  (see :mod:`.dodge`).
- ``"swap"`` (Tide Swap; optional, ``pass_action`` is ``("keep",)``): ``("swap", tile)``
  (``swap t9``) or ``("keep",)``.
- ``"gift"`` (Gift from the Deep): ``("give", tile, seat)`` (``give t7 to 2``).

Resolved without asking: completions and bonus turns, drawing and resolving action cards
(Octo Shield stops a throw by itself), the next-player throw's target, lost turns, reshuffling the
used cards, a locked seascape's reset, the end of a game and a Game Night's next deal.

Hidden information: the tiles in other seats' hands (a view shows their counts) and the pile's
tiles and order. The action deck's contents are public (every card not used or held); it is
kept sorted and the card drawn is picked from the PRNG at the draw, which is the same as a
shuffled deck nobody can see into.
Tile draws are redacted ("Ann drew a tile"; Ann reads "Ann drew t42"); a Tide Swap is read only
by the swapper, a Gift by the giver and the receiver. When a game ends every hand is shown
face up (``revealed``, public: the tiles are counted). Action cards are public once drawn (each
one acts at once or is kept face up). There is no reaction window.

Helpers for screens
-------------------
- :mod:`.components`: ``TILE_TEXT`` / ``TILES`` (corners), ``OCTOPUS``, ``QUARTERS``,
  ``SPECIES`` / ``LETTERS`` / ``LARGE``, ``corners``, ``tile_name`` / ``tile_id``,
  ``CARD_TITLES``.
- :mod:`.seascape`: ``placements`` (legal places of a hand), ``fits``, ``locked``, ``movable`` /
  ``moves`` (Magic Touch), ``complete_points``, ``requirement``.
- :mod:`.refusals`: ``place_problem`` (why a tile may not go somewhere, in words).
- :mod:`.text`: ``tile_text``, ``seascape_picture``, ``LEGEND``; :mod:`.scoring`: ``rating``.
- :mod:`.dodge`: the dodge's outcome actions (``DODGE``, ``LATE``, ``WRONG``, ``TAKEN``) and
  their log lines.
- :mod:`.positions`: ``make_position`` builds a validated position by hand.

Decisions (where the rulebook and ``components.md`` are silent)
----------------------------------------------------------------
- **The tile list** is ours (components.md section 4). Rules version 2 deals the ``balanced``
  list by default (every tile two quarters on opposite corners; see :mod:`.components` for the
  decision and :mod:`.balance` for the simulation behind it); the ``tile-list`` option's
  ``sparse`` value deals the rules version 1 list, which :mod:`.migrations` gives old saves.
- **Joins**: a creature part must join at a grid point shared with a tile *beside* the new one;
  a point shared only with a diagonal neighbour must still agree but does not count as a join.
- **One bonus turn per placement**, however many creatures it completes; bonus turns (and Octo
  Rush's extra turn) are taken in the order earned. Octo Rush's turn is a normal turn (unable
  to play: draw); only a completion's bonus turn forbids the draw.
- **Octopus tile**: its card is drawn after the tile's completions are counted; a tile that
  empties the hand wins at once and draws nothing.
- **Magic Touch** is used during the play decision of a later turn (a bonus turn counts), before
  the tile is played; it moves any placed tile that is no part of a complete creature and
  whose lifting leaves the rest of the seascape in one piece (rules version 1 allowed only a
  tile with one neighbour beside it: every such move is still allowed, so old saves replay), to
  another cell where it is legal once lifted; a completion there earns a bonus turn; moving
  never draws a card.
- **Tide Swap**: the given tile is shuffled into the pile (so nobody knows where it lies); the
  swap may be declined. **Gift from the Deep** may give away the last tile, which wins.
- **The dodge in the log** (issue 26): the log line says, for every seat alike, whether the
  target dodged in time or not, and why not when the action says it: too late, a wrong key,
  or the hit taken without trying; a rolled dodge says the hit chance decided. The reason is
  an optional word on the hit action, so plain ``hit`` (every save from before) stays legal;
  all hits have the same effect, so a reason never changes a position and old saves replay
  without a rules version bump (saves do not compare log lines). See :mod:`.dodge`.
- **Throw Octopus (next player)** targets the next seat in turn order. A hit with fewer than 2
  tiles in the pile draws what is there; lost turns stack.
- **No one can play** (pile empty) is decided by passes: once every seat has passed since the
  last tile was placed, the game ends. A **locked game** is a public fact: no tile off the
  seascape fits anywhere. With tiles in the pile the seascape resets (the seat to play goes
  on); with the pile empty the game ends.
- **Game Night** deals each game afresh (all 85 tiles, all 28 cards, seat 1 starts).
- **Solo**: after each play the hand is drawn back up to 5 while the pile lasts; there is no
  locked-game reset (discarding goes on until the pile is gone); with the pile gone and no tile
  fitting, ``pass`` ends the game. The start tile is placed upright. Game Night in solo plays
  three games and adds the points.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from gardens_tui.rules.throw_octopus.spec import SPEC

if TYPE_CHECKING:
    from gardens_tui.rules.throw_octopus.game import ThrowOctopus
    from gardens_tui.rules.throw_octopus.state import ThrowState

    GAME: ThrowOctopus
    """The one Throw Octopus! game object the registry serves."""

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME``, ``ThrowOctopus`` and ``ThrowState``, imported on first use."""
    if name == "GAME":
        with _lock:
            if "GAME" not in globals():
                from gardens_tui.rules.throw_octopus.game import ThrowOctopus

                globals()["GAME"] = ThrowOctopus()
        return globals()["GAME"]
    if name == "ThrowOctopus":
        from gardens_tui.rules.throw_octopus.game import ThrowOctopus

        return ThrowOctopus
    if name == "ThrowState":
        from gardens_tui.rules.throw_octopus.state import ThrowState

        return ThrowState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "SPEC", "ThrowOctopus", "ThrowState"]
