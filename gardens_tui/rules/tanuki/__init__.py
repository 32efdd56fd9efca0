"""Tanuki in the Garden (2-8 players): lay path tiles, walk your monk, gather shiitake.

``GAME`` is the :class:`~gardens_tui.rules.base.Game` the registry serves. The state is
:class:`~.state.TanukiState`; the rules in our own words are in :mod:`.summary`, shown by
``gardens rules tanuki-in-the-garden``. Squares are ``a1``..``f6`` (column letter, row number),
edge spaces ``n1``..``w6``, tiles ``t1``..``t64`` (see :mod:`.components`), tanuki 0 blue and
1 gold, directions 1 north, 2 east, 3 south, 4 west.

Decision kinds and their actions
--------------------------------
``state.decision.kind`` is one of the following (``state.phase`` holds the same name):

- ``"edge"`` (at set-up every seat in turn order; later a seat whose monk must start over, at
  the beginning of its turn): ``("edge", e)`` (``edge n3``).
- ``"before"`` (Garden Master only, start of a turn): ``("roll",)`` (``roll``) or a card play.
- ``"steer"`` (a 5 on a tanuki's die): ``("steer", tanuki, direction)`` (``steer blue west``).
- ``"repel"`` (Garden Master; optional, ``pass_action`` ``("let",)``): a card holder whose monk
  is in a moving tanuki's way: ``("repel",)`` (``repel``) or ``("let",)`` (``let``).
- ``"place"``: ``("place", tile, rotation, end)`` (``place t17 r90``; from an edge space also
  the end entered, 1 or 2 clockwise: ``place t17 r90 end 2``), ``("enter", end)`` (a monk on an
  edge space whose square already holds a tile walks in: ``enter 1``), ``("distract", tanuki)``
  (``distract gold``: pay 2 to chase off the tanuki in the way), ``("pass",)`` (``pass``), and
  Garden Master plays.
- ``"offense"`` (Garden Master; optional, ``pass_action`` ``("allow",)``): every other card
  holder in turn: ``("cancel",)`` (``cancel``, with The Best Offense) or ``("allow",)``.
- ``"clear"`` (Clear the Path): ``("clear", sq)`` (``clear c4``) up to 3 times, or ``("done",)``.
- ``"discard"`` (a seat that crossed an ashi-magari on another's turn): ``("discard", tile)``
  (``discard t17``).
- ``"buy"`` (Garden Master, end of turn): ``("buy",)`` (``buy``) or ``("end",)`` (``end``).

Card plays ``("play", key, ...)``: ``play move blue north``, ``play fast``, ``play dens``,
``play escape``, ``play pilfer`` (``play pilfer 2 4 5`` when more than 3 opponents hold
shiitake: whom to take from), ``play harvest``, ``play robber 2``, ``play trap c4``,
``play repellant gold``, ``play bait 2 c3 d4`` (blue to c3, gold to d4), ``play stroll``,
``play clear``, ``play shift c4 r90``, ``play rock c4``. A seat in the notation is its number as
people count seats, from 1 (``play robber 2`` robs the second player); the tuple holds the
0-based index.

Resolved without asking: dice, tanuki movement and its effects, walks, crashes, loops, stashes,
draws and reshuffles, the end of the game and the extra turns of a tie.

Previews: :mod:`.preview` (``preview_lay``, ``preview_steer``) shows what laying a tile or
steering a tanuki would do, computed by the engine on a copy.

Hidden information: every seat's path tiles and Garden Master cards (a view shows the others'
as -1, so only how many), the order of the pile and of the card deck (all -1 in a view) and the
PRNG. Discarded and removed tiles lie face up. Draws and buys are redacted events ("Bob drew
2 tiles"). Provisional scores count every card in hand as 1 for everyone; the true value
(a Shiitake Basket 3) is used for the end of the game and shown once it is over.

Helpers for screens
-------------------
- :mod:`.components`: squares, ``EDGES``, ``EXITS`` (``[tile*4+rot][end]`` → other end and
  symbol), ``PATTERNS``/``TILE_SYMBOLS``, ``tile_name``/``square_name``/``edge_name``,
  ``CARD_KEYS``/``CARD_TITLES``.
- :mod:`.board`: ``front_square`` (where a seat must place), ``path_of``.
- :mod:`.text`: ``tile_picture``, ``board_picture``; :mod:`.scoring`: ``CATEGORIES``.
- :mod:`.positions`: ``make_position`` builds a position by hand.

Speed (issue 29)
----------------
``apply`` works on :meth:`~.state.TanukiState.derive`, a copy that shares the lists a turn
leaves alone; the rules therefore assign a new list wherever they change a shared one (see
:mod:`.board`'s "Shared lists"; ``tests/rules/test_tanuki_speed.py`` checks that no state
of a random game changes afterwards). Static tables (where a monk walks next, the monks'
squares, each tile's place actions, names) are built at import. ``from_dict`` reads lists as
``to_dict`` writes them by table lookups and re-reads anything else with the checked readers,
so refusals are unchanged (see :mod:`.serial`). Measure with ``python bench/engine.py
tanuki-in-the-garden``.

Decisions (where the rulebook and ``components.md`` are silent)
----------------------------------------------------------------
- **A walk's shiitake** (symbols and stashes) are collected before its dens are paid, in one
  settlement at the end of the walk, so a den passed with none in hand still takes one
  gathered later in the same walk. An ashi-magari crossed before a crash counts (version 3).
- **Start tile**: "no symbol effects at the starting location" means the first path walked
  from an edge space (at set-up or after starting over) gives no shiitake, den, ashi-magari or
  stash; a walk that runs off the board and comes back into that tile along another path is
  somewhere else by then, and that path counts as usual.
- **Monks on an edge space** are not moved by other players' tiles; if a tile lies in their
  square when their turn comes they walk in through an end of their choice (``enter``).
- **Crashes** also happen when a walk passes through an edge space a monk stands on.
- **Placing a tanuki** by the dice has a landing's effects (monks there lose 3 and it leaves,
  else the tile is removed). The rulebook only says "A Tanuki that has just been placed does not
  also move"; we rule that placing is arriving on the square, so it "encounters" the monks
  there like a landing tanuki (the rules never let a tanuki rest on a monk). A rock garden there
  keeps it off until the next roll. When both tanuki are placed in one roll, the gold one gets
  a roll of its own ("For each Tanuki, roll both dice"; rules version 2).
- **Rock gardens** stay when a tanuki moves through or onto them ("Tiles and Tanuki may not be
  placed there until it is cleared off the board"); only Clear the Path clears them (rules
  version 2; version 1 let a tanuki remove them).
- **Rules versions**: a state carries the version it is played under (``rules``); games saved
  under version 1 keep its behaviour (see :mod:`.migrations` and :mod:`.spec`).
- **Stashes** lie on squares; a tanuki crossing a square without monks returns its stash.
- **Restart**: a monk must start over from an edge space at the beginning of its next turn; if
  every edge space has a tile beside it, any edge space whose square holds no monk (its tile is
  removed).
- **Passing** is always allowed in the place decision. **Discards** lie face up.
- **Tie-break**: tied leaders take their extra turns clockwise from the player after the one who
  ended the game; after 30 extra rounds (or 600 turns in all) the leaders share the win.
- **Garden Master**: the lowest card id of a type is played; Pilfer takes 1 from each opponent
  who has any when there are at most 3 of them, else from the 3 the player names (rules
  version 2; version 1 took clockwise); Robber's "paths intersect" means the two monks
  walked a common square since they last started; Fast Tanuki is played before the roll; Clear
  the Path and Shifting Paths only touch squares no monk is in (a trap may go on the
  square of one's own monk, as the card says, or on a square around it); Move 1 Tanuki off the
  board earns its mover 1; a Repellant played in the Repellant window (against a moving
  tanuki) and The Best Offense cannot themselves be cancelled (a Repellant played on one's
  own turn against a tanuki blocking the path opens the window like any card);
  a Repellant played out of turn does not use its owner's card for the turn, but on their own
  turn a player who has played a card gets no Repellant window (rules version 3). The
  Repellant window opens before a tanuki moves (by the dice, or by Move 1 Tanuki from rules
  version 3), for every card holder whose monk is on its way; Fast Tanuki carries a tanuki
  past or onto monks without harm (it may then share their square), and a tanuki the dice
  place that roll harms nobody either (rules version 3);
  Tanuki Bait sends the blue tanuki to the first square named and the gold one to the second
  (the player chooses, both orders are legal); Bountiful
  Harvest doubles symbols and stashes; cards bought count toward the end check at once, which
  is why the end of a turn with Garden Master is marked ``chance`` (it reveals the hands' worth).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from gardens_tui.rules.tanuki.spec import SPEC

if TYPE_CHECKING:
    from gardens_tui.rules.tanuki.game import TanukiGame
    from gardens_tui.rules.tanuki.state import TanukiState

    GAME: TanukiGame
    """The one Tanuki in the Garden game object the registry serves."""

_lock = threading.Lock()


def __getattr__(name: str) -> Any:
    """``GAME``, ``TanukiGame`` and ``TanukiState``, imported on first use."""
    if name == "GAME":
        with _lock:
            if "GAME" not in globals():
                from gardens_tui.rules.tanuki.game import TanukiGame

                globals()["GAME"] = TanukiGame()
        return globals()["GAME"]
    if name == "TanukiGame":
        from gardens_tui.rules.tanuki.game import TanukiGame

        return TanukiGame
    if name == "TanukiState":
        from gardens_tui.rules.tanuki.state import TanukiState

        return TanukiState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "SPEC", "TanukiGame", "TanukiState"]
