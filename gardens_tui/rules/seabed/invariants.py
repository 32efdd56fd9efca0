"""The invariants of Seabed Neighbours: facts every position reachable by play keeps.

:func:`check` raises :class:`~gardens_tui.rules.fields.FieldError` for the first one a position
breaks, naming the field as a save file writes it (``state.seascape[4]``, ``state.supply[2]``)
and saying why in words a player understands. ``from_dict`` (:mod:`.serial`) checks each
field's type and range, rebuilds the seascape from its tiles in the order they were laid (the
start tile first, unturned at 0,0, one tile a place), then checks the invariants marked
*(consistent)* below (:func:`check_consistent`): the rules can work on any position that keeps
those, so positions built for a test or a rule check need keep no more. The others are what
play guarantees on top (the turn count, the end, the points); the loader checks them all
(:func:`check`) on a position written by hand, and the conformance suite checks that every
position of its random games keeps them all. Nothing but the PRNG is hidden, so a view keeps
them too.

The tiles
---------
1. *(consistent)* The 78 regular tiles, the start tile and the 16 clam tiles are each in exactly
   one place: the regular pile, the hand, the tiles set aside, the clam stack, the clam tile of
   an extra turn or the seascape. The piles are kept sorted (the tile drawn is picked at random),
   the hand and the pile hold regular tiles only and the clam stack clam tiles only.
2. *(consistent)* Every tile but the start tile was a legal placement when it was laid: beside
   a tile laid before it, every side matching its neighbour's (reef to reef, seaweed to
   seaweed, seabed to seabed).
3. Every turn lays two regular tiles, one with each team (the first turn and the last only one),
   so the regular tiles on the seascape follow from the turn number, the step of the turn and
   whether this step's tile is laid yet. Tiles are set aside only when none fits anywhere, and
   that ends the game.

The teams' pieces
-----------------
4. *(consistent)* Every team has 5 flags and 3 palaces in all, at hand or on the seascape; the
   tile a team placed last is on the seascape; a flag stands on a completed streak or reef only
   during the flag step that completes it, or a whirlpool resolved before that step (rules
   version 3): it is scored and goes home at once after them.
5. Once the game is over no flag is left on a streak or a reef (flags on unfinished ones went
   home unscored); only seabed flags and palaces stay.
6. Palaces and seabed areas score only at the end; clam-tile points come only from a party
   gramophone or a harvester on the seascape.

The turn and the pending decision
---------------------------------
7. Seat 0 began and every turn passes play to the next seat: ``active`` is ``(turn - 1)``
   modulo the player count.
8. *(consistent)* ``phase`` is ``"over"`` exactly when the game is over, and then nothing is
   left to place. The turn's first tile goes with the active seat's team, the second with the
   next team, and only one tile is left for the second. An earned extra turn is taken at once,
   with the clam tile; a tile to place exists while placing, and no placement is being resolved
   then. A proposal waits exactly while it is answered, a counter-proposal exactly while one is
   picked, and each is a legal placement. The flag step and the whirlpool resolve the tile just
   placed (the flag step lists it first among its tiles); the whirlpool follows a whirlpool tile
   and takes back a flag of the placing team.
9. The tile being resolved is the placing team's last, and a flag step follows only a turn's
   first tile or a clam tile.

The log
-------
10. Nothing in this game is told to one player only, so no log line is private.
"""

from __future__ import annotations

from gardens_tui.rules.common_invariants import no_private_lines, turn_passes_in_seat_order
from gardens_tui.rules.fields import fail
from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.seascape import find, need_code
from gardens_tui.rules.seabed.spec import WHIRLPOOL_FIRST
from gardens_tui.rules.seabed.state import CATEGORIES, Cell, SeabedState
from gardens_tui.rules.seabed.tiles import (
    CLAM_TILES,
    SEA,
    START,
    TYPES,
    fit_table,
    regular_pile,
    tile_name,
)

PALACES, SEABED = CATEGORIES.index("palaces"), CATEGORIES.index("seabed")
CLAM_POINTS = CATEGORIES.index("clam tiles")
_PLACING = ("place", "propose", "answer", "counter", "pick")
_SCORING_CLAMS = frozenset(k for k in CLAM_TILES if TYPES[k].effect in ("party", "harvester"))
_WANT = sorted([*regular_pile(), START, *CLAM_TILES])
_REGULAR = frozenset(k for k, tile in enumerate(TYPES) if tile.name[0] == "t")
_CLAMS = frozenset(k for k, tile in enumerate(TYPES) if tile.name[0] == "c")


def check(state: SeabedState) -> None:
    """Raise a :class:`~gardens_tui.rules.fields.FieldError` for the first invariant ``state``
    breaks (see the module docstring); return when it keeps them all."""
    check_consistent(state)
    turn_passes_in_seat_order(state)
    _check_resolving(state)
    _check_laid(state)
    _check_end(state)
    _check_points(state)
    no_private_lines(state, "Seabed Neighbours")


def check_consistent(state: SeabedState, laid_checked: bool = False) -> None:
    """The invariants marked *(consistent)* in the module docstring: what every position the
    rules work on must keep, reachable or not. ``from_dict`` checks them on everything it reads
    (positions built for a test or a rule check included; it has checked invariant 2 tile by
    tile as it laid them, ``laid_checked``); :func:`check` checks them first."""
    _check_tiles(state)
    if not laid_checked:
        _check_fits(state)
    _check_pieces(state)
    _check_decision(state)


# --- the tiles --------------------------------------------------------------------------------


def _check_tiles(s: SeabedState) -> None:
    every = s.pile + s.hand + s.removed + s.clams + [code >> 2 for code in s.board.values()]
    if s.clam >= 0:
        every.append(s.clam)
    every.sort()
    if every != _WANT:  # (each tile of the game exactly once)
        raise fail("state", "the tiles do not add up: 78 regular, the start tile, 16 clam tiles")
    if s.pile != sorted(s.pile) or s.clams != sorted(s.clams) or s.removed != sorted(s.removed):
        raise fail("state.pile", "the piles are kept sorted (tiles are drawn at random)")
    if s.clam >= 0 and TYPES[s.clam].name[0] != "c":
        raise fail("state.clam", "not a clam tile")
    if not _REGULAR.issuperset(s.hand + s.pile):
        raise fail("state.hand", "only regular tiles are drawn into the hand")
    if not _CLAMS.issuperset(s.clams):
        raise fail("state.clams", "only clam tiles are in the clam stack")


def _check_fits(s: SeabedState) -> None:
    laid: dict[Cell, int] = {}
    for i, cell in enumerate(s.cells):
        code = s.board[cell]
        if i:
            check_fits(laid, i, cell, code)
        laid[cell] = code


def check_fits(laid: dict[Cell, int], index: int, cell: Cell, code: int) -> None:
    """Invariant 2 for one tile: ``code`` (``type * 4 + quarter``), the ``index``-th tile laid,
    at ``cell``, beside the tiles ``laid`` before it, each side matching its neighbour's.
    ``from_dict`` calls it for every tile as it rebuilds the seascape (its feature graph takes
    only tiles that fit), :func:`check_consistent` for a whole state."""
    problem = fit_problem(need_code(laid, cell), cell, code)
    if problem:
        raise fail(f"state.seascape[{index}]", problem)


def fit_problem(need: int, cell: Cell, code: int) -> str | None:
    """Why the tile ``code`` may not be laid at ``cell`` whose neighbours make the requirement
    code ``need`` (:func:`.seascape.need_code`); ``None`` when it fits."""
    kind, quarter = divmod(code, 4)
    if not need:
        return f"{cell[0]},{cell[1]} does not touch the tiles laid before it"
    if quarter not in fit_table(kind)[need]:
        return f"{tile_name(kind)} does not fit at {cell[0]},{cell[1]}"
    return None


def _regular_laid(s: SeabedState) -> int:
    return sum(1 for c in s.cells if TYPES[s.board[c] >> 2].name[0] == "t")


def _check_laid(s: SeabedState) -> None:
    laid = _regular_laid(s)
    turn = s.turn
    before = max(0, 2 * turn - 3)  # the regular tiles of the turns before this one
    if s.over:
        if s.removed:
            return
        low, high = 2 * turn - 4, 2 * turn - 3
        if not low <= laid <= high:
            raise fail(
                "state.seascape",
                f"{laid} regular tiles laid, but the game ended as turn {turn} began, after "
                f"{max(0, low)} to {high} (two a turn, one on the first and the last)",
            )
        return
    if s.removed:
        raise fail("state.removed", "tiles are set aside only when none fits, and the game ends")
    placing = s.phase in _PLACING and not s.extra
    now = (0 if placing else 1) if s.step == 1 else (1 if placing else 2)
    if turn == 1 and s.step == 2:
        raise fail("state.step", "the first turn of the game places only one tile")
    if laid != before + now:
        raise fail(
            "state.seascape",
            f"{laid} regular tiles laid, but turn {turn} follows {before} (two a turn, one on "
            f"the first) and has laid {now} of its own",
        )


# --- the pieces -------------------------------------------------------------------------------


def _check_pieces(s: SeabedState) -> None:
    n = len(s.players)
    out = [[0, 0] for _ in range(n)]  # each team's flags and palaces on the seascape
    for team, _, what in s.flags:
        out[team][what != "flag"] += 1
    for team, (flags, palaces) in enumerate(out):
        if flags + s.supply[team][0] != 5 or palaces + s.supply[team][1] != 3:
            raise fail(f"state.supply[{team}]", "5 flags and 3 palaces per team in all")
    for i, c in enumerate(s.last):
        if c is not None and c not in s.board:
            raise fail(f"state.last[{i}]", "no tile there")
    for _, node, what in s.flags:
        if what == "palace":
            continue
        # (until scored: in the flag step, and in a whirlpool that came first, rules version 3)
        scoring = s.phase == "flag" or (s.phase == "whirlpool" and s.rules >= WHIRLPOOL_FIRST)
        if seascape.complete(s.feats[find(s.parent, node)]) and not scoring:
            raise fail("state.flags", "a flag stands on a completed feature")


def _check_end(s: SeabedState) -> None:
    if not s.over:
        return
    for i, (team, node, what) in enumerate(s.flags):
        if what == "flag" and s.feats[find(s.parent, node)].kind != SEA:
            raise fail(
                f"state.flags[{i}]",
                f"the game is over: {s.team_name(team)}'s flags on streaks and reefs went home",
            )


def _check_points(s: SeabedState) -> None:
    scoring_clams = any(s.board[c] >> 2 in _SCORING_CLAMS for c in s.cells)
    for team, pile in enumerate(s.piles):
        if not s.over:
            for category in (PALACES, SEABED):
                if pile[category]:
                    raise fail(
                        f"state.piles[{team}][{category}]",
                        f"{CATEGORIES[category]} score only at the end of the game",
                    )
        if pile[CLAM_POINTS] and not scoring_clams:
            raise fail(
                f"state.piles[{team}][{CLAM_POINTS}]",
                "clam-tile points come from a party gramophone or a harvester on the seascape",
            )


# --- the turn ---------------------------------------------------------------------------------


def _check_resolving(s: SeabedState) -> None:
    if s.phase not in ("flag", "whirlpool"):
        return
    if s.last[s.team] != s.just:
        raise fail(f"state.last[{s.team}]", "the tile just placed is the placing team's last")
    if s.phase == "flag" and s.step != 1 and not s.extra:
        raise fail("state.phase", "the flag step follows a turn's first tile or a clam tile")


def _check_decision(s: SeabedState) -> None:
    n = len(s.players)
    if s.over != (s.phase == "over"):
        raise fail("state.phase", "the phase is 'over' exactly when the game is")
    if s.over:
        if s.hand or s.clam >= 0 or s.pile:
            raise fail("state.hand", "the game is over: nothing left to place")
        return
    if s.step == 1 and s.team != s.active:
        raise fail("state.team", "the first tile is placed with the team of the active seat")
    if s.step == 2 and s.team != (s.active + 1) % n:
        raise fail("state.team", "the second tile is placed with the next team")
    if s.step == 2 and len(s.hand) > 1:
        raise fail("state.hand", "one tile is left for the second placement")
    if s.earned and s.phase != "whirlpool":
        raise fail("state.earned", "an earned extra turn is taken at once")
    placing = s.phase in _PLACING
    resolving = s.extra and s.phase in ("flag", "whirlpool")
    if s.extra != (s.clam >= 0 and placing) and not resolving:
        raise fail("state.extra", "an extra turn places the clam tile")
    if placing and not s.choosable():
        raise fail("state.hand", "no tile to place")
    if placing and s.just is not None:
        raise fail("state.just", "no placement is being resolved")
    if (s.phase in ("answer", "counter", "pick")) != (s.proposal is not None):
        raise fail("state.proposal", "a proposal is pending exactly while it is answered")
    if (s.phase == "pick") != (s.counter is not None):
        raise fail("state.counter", "a counter-proposal is pending exactly while picking")
    from gardens_tui.rules.seabed.engine import placement_actions, whirlpool_actions

    pending = [(key, p) for key, p in (("proposal", s.proposal), ("counter", s.counter)) if p]
    legal = placement_actions(s, "propose") if placing and pending else []
    for key, p in pending:
        if ("propose", *p) not in legal:
            raise fail(f"state.{key}", "not a legal placement")
    if s.phase in ("flag", "whirlpool"):
        if s.just is None or s.just not in s.board:
            raise fail("state.just", "the flag step needs the tile just placed")
        if s.clam >= 0:
            raise fail("state.clam", "the clam tile has been placed")
    if s.phase == "flag":
        if (
            not s.flag_cells
            or s.flag_cells[0] != s.just
            or any(c not in s.board for c in s.flag_cells)
        ):
            raise fail("state.flag_cells", "the flag step's tiles: the one just placed first")
    elif s.flag_cells:
        raise fail("state.flag_cells", "only the flag step has tiles for flags")
    if s.phase == "whirlpool":
        assert s.just is not None
        if TYPES[s.board[s.just] >> 2].effect != "whirlpool" or not whirlpool_actions(s):
            raise fail("state.phase", "a whirlpool takes back a flag of the placing team")
