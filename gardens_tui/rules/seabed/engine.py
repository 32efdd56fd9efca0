"""Setting up, listing legal actions and applying them: draws, placements, negotiation, flags,
scoring, clam tiles and the end.

``legal_actions`` lists every action of the pending decision in a fixed order; ``apply``
checks the action against them (a placement without listing them; an :class:`IllegalAction`
then says why, see :mod:`.refusals`) and carries it out on a copy. See the package docstring
for every decision kind and action shape.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import Action, IllegalAction, cached_legal
from gardens_tui.rules.rng import randrange_at, seed_state
from gardens_tui.rules.seabed import refusals, scoring, seascape
from gardens_tui.rules.seabed.seascape import find
from gardens_tui.rules.seabed.spec import NEGOTIATION_KEY, SPEC, WHIRLPOOL_FIRST
from gardens_tui.rules.seabed.state import (
    CATEGORIES,
    PROPOSE,
    Cell,
    Line,
    SeabedState,
    bumped,
    team_names,
)
from gardens_tui.rules.seabed.tiles import (
    CLAM_TILES,
    DESCRIPTIONS,
    FIT_DEGREES,
    FLAG_SPOTS,
    MAX_AREAS,
    PLACEMENT_SETS,
    REEF,
    SEA,
    START,
    STREAK,
    TYPES,
    describe,
    regular_pile,
)
from gardens_tui.rules.words import count, possessive

FLAGS, PALACES = 5, 3
"""Each team's supply at the start."""

Format = Callable[[Action], str]

STREAKS, REEFS, CLAM_POINTS = 0, 1, 2

PASS: Action = ("pass",)


class Turn(list[Line]):
    """What one ``apply`` works with: the copied state ``s``, its PRNG's state ``rng``
    (``None`` until the first draw, :func:`_draw`) and, as the list itself, its event lines
    (every line is public in this game; ``say`` adds one, a text or a recipe the state writes
    out when read: :data:`.state.Line`). A list, made by :func:`turn`, to spare every decision
    an ``__init__`` call and a bound method."""

    __slots__ = ("earlier", "rng", "s")
    s: SeabedState
    rng: int | None
    earlier: SeabedState | None
    """The position ``s`` was copied from, when its seascape may be taken over (see
    :func:`.seascape.take_over`); else ``None``."""
    say = list.append


def turn(state: SeabedState) -> Turn:
    """A :class:`Turn` on ``state`` with no line and no draw yet."""
    t = Turn()
    t.s, t.rng, t.earlier = state, None, None
    return t


# --- setting up -------------------------------------------------------------------------------


def new_game(players: Sequence[str], options: Mapping[str, Any] | None, seed: int) -> SeabedState:
    """The starting position: the start tile at 0,0, the piles, each team's 5 flags and 3
    palaces, and seat 1's first turn (one tile drawn)."""
    SPEC.check_player_count(len(players))
    opts = SPEC.normalise_options(options)
    n = len(players)
    s = SeabedState(players=tuple(players), options=opts, rng=seed_state(seed))
    s.pile = regular_pile()
    s.clams = sorted(CLAM_TILES)
    s.supply = [[FLAGS, PALACES] for _ in range(n)]
    s.piles = [[0] * len(CATEGORIES) for _ in range(n)]
    s.last = [None] * n
    seascape.place(s, (0, 0), START * 4)
    t = turn(s)
    t.say("The start tile lies at 0,0")
    begin_turn(t, 0, first=True)
    if t.rng is not None:
        s.rng = t.rng
    s.events = tuple(t)
    s.chance = False
    return s


# --- legal actions ----------------------------------------------------------------------------


def legal_actions(s: SeabedState) -> list[Action]:
    """Every legal action of the pending decision, in a fixed order, in a fresh list.

    A copy of the state's cache when ``apply`` has filled it (it does for the decisions other
    than placing); otherwise listed afresh and not kept. Keeping it would cost a copy for every
    caller, and a copy of a placement list touches every action in it twice more (taking a
    reference, then dropping it) on the hot path of a random game, whose ``apply`` checks a
    placement without the list (:func:`_listed_placement`): 1 to 6 % of its time in A/B
    runs (issue 29)."""
    cached = s.legal_cache
    return _compute_legal(s) if cached is None else cached[:]


def placement_actions(s: SeabedState, verb: str) -> list[Action]:
    """Every legal placement of the tiles to choose from, as ``(verb, slot, x, y, degrees)``
    by slot, row, column and turn (a second copy of the same tile in the hand is not listed
    again).

    Each frontier entry carries its place's placement table (:func:`.seascape.placements_at`)
    and :data:`~.tiles.PLACEMENT_SETS` says where in it the tuple of the turns that fit is:
    listing is one ``extend`` per place that fits, no tuple is built here."""
    tiles = s.choosable()
    if not tiles:
        return []
    front = s.front
    choice = 0 if verb == "place" else 2
    sets = PLACEMENT_SETS[choice][tiles[0]]
    out: list[Action] = []
    if len(tiles) == 1 or tiles[1] == tiles[0]:
        for code, at in front:
            if fit := sets[code]:  # (half the places fit no turn of a tile)
                out += at[fit]
        return out
    # two different tiles: tile 2's placements after tile 1's, both found in one pass
    second: list[Action] = []
    sets2 = PLACEMENT_SETS[choice + 1][tiles[1]]
    for code, at in front:
        if fit := sets[code]:
            out += at[fit]
        if fit := sets2[code]:
            second += at[fit]
    out += second
    return out


def _compute_legal(s: SeabedState) -> list[Action]:
    if s.over:
        return []
    phase = s.phase
    if phase == "place":
        return placement_actions(s, "place")
    if phase in ("propose", "counter"):
        return placement_actions(s, "propose")
    if phase == "answer":
        return [("accept",), ("veto",)]
    if phase == "pick":
        return [("choose", "mine"), ("choose", "theirs")]
    if phase == "flag":
        options = s.flag_options
        return [*(flag_actions(s) if options is None else options), PASS]
    if phase == "whirlpool":
        return whirlpool_actions(s)
    return []


def pending_roots(s: SeabedState) -> list[int]:
    """The streaks and reefs the placement being resolved completed (roots, in the tile's area
    order: what :func:`.seascape.place` returned for it), worked out afresh; play keeps them
    as ``s.completed``."""
    return [] if s.just is None else seascape.completed_by(s, s.just)


def flag_actions(s: SeabedState) -> list[Action]:
    """The flags and palaces the placing team may put on the flag step's tiles (the placement
    that opens the step keeps them: ``state.flag_options``).

    One flag per feature and one palace per seaweed system (rules version 2): on the first
    segment naming it, the tile just placed before the team's previous one, in area order; a
    palace on a tile with a field goes on the field (every streak of such a tile ends there,
    so they are one system). Games played under rules version 1 list every segment naming
    one (see :mod:`.spec`)."""
    flags, palaces = s.supply[s.team]
    if not flags and not palaces:
        return []
    pending = s.completed
    parent, sparent, feats, systems = s.parent, s.sparent, s.feats, s.systems
    once = s.rules >= 2
    nobody = (0,) * len(s.players)  # (no piece of any team on it)
    flagged: set[int] = set()
    palaced: set[int] = set()
    out: list[Action] = []
    for cell in s.flag_cells:
        x, y = cell
        base = s.index[cell] * MAX_AREAS
        for a, name, flaggable, palace_ok, palace_name in FLAG_SPOTS[s.board[cell]]:
            if flags and flaggable:
                root = parent[base + a]
                if parent[root] != root:  # (find's work only when the root is further up)
                    root = find(parent, root)
                if root not in flagged:
                    if once:  # (whether it takes a flag is the feature's: asked once)
                        flagged.add(root)
                    f = feats[root]
                    # (nobody's flag on it, and not completed before)
                    if f.flags == nobody and (f.open or f.kind == SEA or root in pending):
                        out.append(("flag", x, y, name))
            if palaces and palace_ok:
                system = sparent[base + a]
                if sparent[system] != system:
                    system = find(sparent, system)
                if system not in palaced:
                    if once:
                        palaced.add(system)
                    if systems[system].palaces == nobody:
                        out.append(("palace", x, y, palace_name if once else name))
    return out


def whirlpool_actions(s: SeabedState) -> list[Action]:
    """Every flag of the placing team on the seascape, as ``("return", x, y, segment)``."""
    out: list[Action] = []
    for team, node, what in sorted(s.flags):
        if team == s.team and what == "flag":
            cell = seascape.cell_of(s, node)
            action = ("return", cell[0], cell[1], seascape.segment_name(s, node))
            if action not in out:
                out.append(action)
    return out


# --- applying ---------------------------------------------------------------------------------


def apply(state: SeabedState, action: Action, fmt: Format, lone: bool = False) -> SeabedState:
    """The position after ``action``; :class:`IllegalAction` (state untouched) if illegal
    (``lone``: see :func:`apply_unchecked`)."""
    ok = _listed_placement(state, action)
    if ok is None:
        try:
            ok = action in cached_legal(state, _compute_legal)
        except TypeError:
            ok = False
    if not ok:
        legal = list(cached_legal(state, _compute_legal))
        raise IllegalAction(refusals.explain(state, action, legal, fmt))
    return apply_unchecked(state, action, lone)


PLACING_VERBS = {"place": "place", "propose": "propose", "counter": "propose"}
"""The verb of the placements each placing phase lists (:func:`placement_actions`)."""


def _listed_placement(s: SeabedState, action: Action) -> bool | None:
    """Whether ``action`` is one of :func:`placement_actions` of ``s``, found without listing
    them (apply's check, on every placement a search plays); ``None`` when this quick answer
    does not apply: not a placing phase, or not a tuple of a verb and four plain ints."""
    verb = PLACING_VERBS.get(s.phase)
    if verb is None or s.over or type(action) is not tuple or len(action) != 5:
        return None
    given, slot, x, y, degrees = action
    if type(given) is not str or not type(slot) is type(x) is type(y) is type(degrees) is int:
        return None
    code = s.need.get((x, y))
    if given != verb or code is None:
        return False
    kind = _chosen_tile(s, slot)
    return kind >= 0 and degrees in FIT_DEGREES[kind][code]


def _chosen_tile(s: SeabedState, slot: int) -> int:
    """The tile type ``slot`` chooses among :meth:`~.SeabedState.choosable`, or -1 when no
    placement names that slot (none there, or the second copy of the same tile)."""
    if s.clam >= 0:
        return s.clam if slot == 1 else -1
    hand = s.hand
    if slot == 1:
        return hand[0] if hand else -1
    return hand[1] if slot == 2 and len(hand) == 2 and hand[1] != hand[0] else -1


def apply_unchecked(state: SeabedState, action: Action, lone: bool = False) -> SeabedState:
    """The position after ``action``, which must be one of ``legal_actions(state)`` (not
    checked: anything else gives an undefined result). ``state`` is left as it was: with
    ``lone`` (nothing but the caller can reach ``state``: no other thread reads it) a placement
    may take its seascape over rather than copy it (:func:`.seascape.take_over`), and reading
    it later gives it back."""
    s = state.copy()
    s.chance = False
    t = Turn()  # (turn(s), written out)
    t.s, t.rng, t.earlier = s, None, state if lone else None
    verb = action[0]
    if verb == "place":
        do_place(t, action[1], action[2], action[3], action[4])
    elif verb == "propose":
        _propose(t, (action[1], action[2], action[3], action[4]))
    elif verb == "accept":
        proposal = s.proposal
        assert proposal is not None
        t.say(f"{s.players[s.partner()]} accepted")
        do_place(t, *proposal)
    elif verb == "veto":
        t.say(f"{s.players[s.partner()]} vetoed the proposal")
        s.phase = "counter"
    elif verb == "choose":
        chosen = s.proposal if action[1] == "mine" else s.counter
        assert chosen is not None
        proposer = s.active if action[1] == "mine" else s.partner()
        t.say(f"{s.players[s.active]} chose {possessive(s.players[proposer])} proposal")
        do_place(t, *chosen)
    elif verb in ("flag", "palace"):
        _put_piece(t, verb, (action[1], action[2]), action[3])
        finish_placement(t)
    elif verb == "pass":
        t.say(f"{s.players[s.active]} placed no flag or palace")
        finish_placement(t)
    elif verb == "return":
        _return_flag(t, (action[1], action[2]), action[3])
        if s.rules >= WHIRLPOOL_FIRST:  # (the whirlpool came first: now its flag step)
            assert s.just is not None
            flag_step(t, s, s.just, None)
        else:
            advance(t)
    if t.rng is not None:  # (a draw also set ``chance``)
        s.rng = t.rng
    s.event_lines = tuple(t)  # type: ignore[misc]  # (``events``' slot, without its setter's call)
    s.private_events = ()
    s.table_log = None  # (made: nothing changes it any more)
    return s


# The commonest event lines, written out only when read (recipes: see .state.Line).


def placed_line(
    players: tuple[str, ...], seat: int, kind: int, x: int, y: int, degrees: int, team: int
) -> str:
    """``Ann placed <tile> at 1,-2 r90 for Cid & Ann``."""
    return (
        f"{players[seat]} placed {DESCRIPTIONS[kind]} at {x},{y} r{degrees} for "
        f"{team_names(players)[team]}"
    )


def drew_line(name: str, drawn: tuple[int, ...]) -> str:
    """``Ann drew <tile>, <tile>``."""
    return f"{name} drew {', '.join(map(DESCRIPTIONS.__getitem__, drawn))}"


def put_line(players: tuple[str, ...], team: int, what: str, name: str, cell: Cell) -> str:
    """``Cid & Ann put a flag on streak-w at 1,-2``."""
    return f"{team_names(players)[team]} put a {what} on {name} at {cell[0]},{cell[1]}"


def _where(slot: int, x: int, y: int, degrees: int) -> str:
    return f"tile {slot} at {x},{y} r{degrees}"


def _propose(t: Turn, placement: tuple[int, int, int, int]) -> None:
    s = t.s
    if s.phase == "counter":
        s.counter = placement
        s.phase = "pick"
        t.say(f"{s.players[s.partner()]} proposed {_where(*placement)}")
    else:
        s.proposal = placement
        s.phase = "answer"
        t.say(f"{s.players[s.active]} proposed {_where(*placement)}")


def _draw(t: Turn, pile: list[int]) -> int:
    """A tile drawn from ``pile`` at random (the PRNG's next draw)."""
    t.s.chance = True
    t.rng, i = randrange_at(t.s.rng if t.rng is None else t.rng, len(pile))
    return pile.pop(i)


def draw_hand(t: Turn, number: int) -> bool:
    """Draw ``number`` regular tiles into the hand until one of the hand can be placed:
    unplaceable draws go back into the pile. When no tile left can be placed anywhere they
    are all set aside (``False``)."""
    s = t.s
    name = s.players[s.active]
    s.pile = s.pile[:]  # (shared with the state this one was copied from)
    while True:
        drawn: list[int] = []
        while len(drawn) < number and s.pile:
            drawn.append(_draw(t, s.pile))
        s.hand.extend(drawn)
        if drawn:
            t.say((drew_line, name, tuple(drawn)))
        for kind in s.hand:
            if seascape.can_place(s, kind):
                return True
        if not any(seascape.can_place(s, k) for k in set(s.pile)):
            s.removed = sorted(s.removed + s.hand + s.pile)
            gone = len(s.hand) + len(s.pile)
            s.hand, s.pile = [], []
            t.say(f"No tile left fits anywhere: {count(gone, 'tile')} set aside")
            return False
        t.say("No drawn tile fits anywhere: they go back into the pile")
        for kind in s.hand:
            insort(s.pile, kind)
        s.hand = []


def begin_turn(t: Turn, seat: int, first: bool = False) -> None:
    """Seat's turn: draw two tiles (one on the first and the last turn); the game ends when
    the regular tiles have run out."""
    s = t.s
    if not first:
        s.turn += 1
    s.active = seat
    s.step, s.team = 1, seat
    s.extra = s.earned = False
    s.proposal = s.counter = None
    s.just, s.completed, s.flag_cells = None, (), ()
    s.clam = -1
    if not s.pile:
        game_end(t)
        return
    number = 1 if first or len(s.pile) == 1 else 2
    if not draw_hand(t, number):
        game_end(t)
        return
    s.phase = _place_phase(s)


def _place_phase(s: SeabedState) -> str:
    return "propose" if s.options.get(NEGOTIATION_KEY) == PROPOSE else "place"


def do_place(t: Turn, slot: int, x: int, y: int, degrees: int) -> None:
    """Place the chosen tile for the placing team, then open the flag step or score."""
    s = t.s
    if s.clam >= 0:  # (the clam tile of an extra turn: slot 1)
        kind, s.clam = s.clam, -1
    else:
        kind = s.hand.pop(slot - 1)
    s.proposal = s.counter = None
    cell = (x, y)
    s.completed = seascape.place(s, cell, kind * 4 + degrees // 90, earlier=t.earlier)
    team = s.team
    previous = s.last[team]
    s.last[team] = cell
    s.just = cell
    t.say((placed_line, s.players, s.active, kind, x, y, degrees, team))
    # (the whirlpool is an immediate action: before the flag step and scoring, version 3)
    if s.rules >= WHIRLPOOL_FIRST and TYPES[kind].effect == "whirlpool" and _whirlpool(t):
        return
    flag_step(t, s, cell, previous)


def flag_step(t: Turn, s: SeabedState, cell: Cell, previous: Cell | None) -> None:
    """Open the flag step of the placement at ``cell`` being resolved in ``s`` (``t.s``;
    ``previous``: the tile the placing team had placed before it), or, when it has none or
    nothing in it is legal, go on to :func:`finish_placement`."""
    if s.step == 1 or s.extra:
        cells: tuple[Cell, ...] = (cell,)
        if not s.extra and previous is not None and previous in s.board:
            cells = (cell, previous)
        s.flag_cells = cells
        s.phase = "flag"
        options = flag_actions(s)
        if options:  # (kept for listing them: the step's pieces, worked out once)
            s.flag_options = tuple(options)
            return
        t.say(_no_flag_step(s))
    finish_placement(t)


def _whirlpool(t: Turn) -> bool:
    """The whirlpool's effect: the placing team must send one of its flags home (the
    ``whirlpool`` decision, true), or it has none out (said; false)."""
    s = t.s
    if any(team == s.team and what == "flag" for team, _, what in s.flags):
        s.phase = "whirlpool"
        return True
    t.say(f"The whirlpool finds no flag of {s.team_name(s.team)} to take")
    return False


def _no_flag_step(s: SeabedState) -> str:
    """Why the flag step that would follow this placement is skipped (nothing is legal)."""
    team = s.team_name(s.team)
    flags, palaces = s.supply[s.team]
    if not flags and not palaces:
        return f"{team} have no flag or palace left: no flag step"
    where = "the clam tile" if s.extra else ("either tile" if len(s.flag_cells) > 1 else "the tile")
    what = "flag or palace" if flags and palaces else ("flag" if flags else "palace")
    return f"No {what} of {team} may go on {where}: no flag step"


def _put_piece(t: Turn, what: str, cell: Cell, name: str) -> None:
    s = t.s
    area = seascape.area_named(s, cell, name)
    assert area is not None
    node = seascape.node_of(s, cell, area)
    s.flags = s.flags[:]  # (shared with the state this one was copied from; kept sorted)
    insort(s.flags, (s.team, node, what))
    s.supply = bumped(s.supply, s.team, 0 if what == "flag" else 1, -1)
    seascape.add_piece(s, s.team, node, what, 1)
    t.say((put_line, s.players, s.team, what, name, cell))


def _return_flag(t: Turn, cell: Cell, name: str) -> None:
    s = t.s
    area = seascape.area_named(s, cell, name)
    assert area is not None
    node = seascape.node_of(s, cell, area)
    s.flags = s.flags[:]
    s.flags.remove((s.team, node, "flag"))
    s.supply = bumped(s.supply, s.team, 0, 1)
    seascape.add_piece(s, s.team, node, "flag", -1)
    t.say(
        f"The whirlpool sent {s.team_name(s.team)}'s flag on {name} at {cell[0]},{cell[1]} "
        "home unscored"
    )


def _score_feature(t: Turn, root: int) -> None:
    s = t.s
    f = s.feats[root]
    where = seascape.cell_of(s, root)
    size = count(seascape.tile_count(f), "tile")
    if f.kind == STREAK:
        points, category = seascape.streak_points(s, f), STREAKS
        label = f"the streak through {where[0]},{where[1]} ({size})"
    else:
        points, category = seascape.reef_points(f), REEFS
        label = f"the reef at {where[0]},{where[1]} ({size})"
    winners = seascape.majority(f.flags)
    if not winners:
        t.say(f"{label.capitalize()} is complete; no flag was on it")
        return
    names = " and ".join(s.team_name(w) for w in winners)
    for w in winners:
        s.piles = bumped(s.piles, w, category, points)
    t.say(f"{label.capitalize()} is complete: {names} score {points}")
    kept = []
    for entry in s.flags:
        team, node, what = entry
        if what == "flag" and find(s.parent, node) == root:
            s.supply = bumped(s.supply, team, 0, 1)
        else:
            kept.append(entry)
    s.flags = kept
    g = f.copy()
    g.flags = (0,) * len(s.players)
    if s.tables_shared:
        s.own_tables()
    if s.table_log is not None:  # (see seascape.take_over)
        s.table_log.append((False, root, f))
    s.feats[root] = g


def finish_placement(t: Turn) -> None:
    """After the flag step: score what the placement completed, earn an extra turn for a
    completed reef with a magic clam, resolve a clam tile's effect (the whirlpool's only in
    games before rules version 3: see :data:`.spec.WHIRLPOOL_FIRST`), go on."""
    s = t.s
    s.flag_cells = ()
    clam_reef = False
    for root in s.completed:
        _score_feature(t, root)
        f = s.feats[root]
        if f.kind == REEF and f.clams:
            clam_reef = True
    if clam_reef and not s.extra:
        s.earned = True
    assert s.just is not None
    kind = s.board[s.just] >> 2
    effect = TYPES[kind].effect
    s.phase = "place"
    if effect == "party":
        _party(t, kind)
    elif effect == "harvester":
        _harvest(t, kind)
    elif effect == "whirlpool" and s.rules < WHIRLPOOL_FIRST and _whirlpool(t):
        return
    advance(t)


def _thing_node(s: SeabedState, kind: int, thing: str) -> int:
    assert s.just is not None
    base = s.index[s.just] * MAX_AREAS
    for a, area in enumerate(TYPES[kind].areas):
        if area.thing == thing:
            return base + a
    raise AssertionError(thing)


def _party(t: Turn, kind: int) -> None:
    s = t.s
    node = _thing_node(s, kind, "party")
    root = find(s.parent, node)
    manta, star, crab, bottle = seascape.near(s, node, root)
    if s.feats[root].diver:
        bottle = 0
    points = 3 * manta + 2 * star + max(0, crab - bottle)
    s.piles = bumped(s.piles, s.team, CLAM_POINTS, points)
    t.say(
        f"Party gramophone: {s.team_name(s.team)} score {points} for the animals around it "
        f"({count(manta, 'manta')}, {count(star, 'starfish', 'starfish')}, {count(crab, 'crab')}, "
        f"{count(bottle, 'bottle')})"
    )


def _harvest(t: Turn, kind: int) -> None:
    s = t.s
    node = _thing_node(s, kind, "harvester")
    fields = s.systems[find(s.sparent, node)].fields
    s.piles = bumped(s.piles, s.team, CLAM_POINTS, 2 * fields)
    t.say(
        f"Harvester: {s.team_name(s.team)} score {2 * fields} for "
        f"{count(fields, 'field')} in its seaweed system"
    )


def advance(t: Turn) -> None:
    """What comes after a placement is resolved: an earned extra turn with a clam tile, the
    turn's second tile, or the next seat's turn."""
    s = t.s
    n = len(s.players)
    s.just, s.completed = None, ()
    if s.earned:
        s.earned = False
        if _draw_clam(t):
            return
    s.extra = False
    if s.step == 1 and s.hand:
        s.step = 2
        s.team = (s.active + 1) % n
        if not seascape.can_place(s, s.hand[0]):
            t.say(f"{describe(s.hand[0])} fits nowhere: it goes back into the pile")
            s.pile = s.pile[:]
            insort(s.pile, s.hand.pop())
            if not draw_hand(t, 1):
                begin_turn(t, (s.active + 1) % n)
                return
        s.phase = _place_phase(s)
        return
    begin_turn(t, (s.active + 1) % n)


def _draw_clam(t: Turn) -> bool:
    s = t.s
    who = s.team_name(s.team)
    if not s.clams:
        t.say(f"A magic clam, but no clam tile is left: no extra turn for {who}")
        return False
    if not any(seascape.can_place(s, k) for k in set(s.clams)):
        t.say(f"A magic clam, but no clam tile fits anywhere: no extra turn for {who}")
        return False
    s.clams = s.clams[:]
    while True:
        kind = _draw(t, s.clams)
        if seascape.can_place(s, kind):
            break
        t.say(f"{describe(kind)} fits nowhere: it goes back")
        insort(s.clams, kind)
    s.clam = kind
    s.extra = True
    s.phase = _place_phase(s)
    t.say(f"A magic clam! {who} take an extra turn with {describe(kind)}")
    return True


def game_end(t: Turn) -> None:
    """The regular tiles have run out: final scoring of palaces and seabed flags; flags on
    unfinished streaks and reefs go home unscored."""
    s = t.s
    t.say("The regular tiles have run out: final scoring")
    for line in scoring.final_scoring(s):
        t.say(line)
    kept = []
    supply = s.supply = [row[:] for row in s.supply]  # (a new row per team, added to in place)
    for entry in s.flags:
        team, node, what = entry
        if what == "flag" and s.feats[find(s.parent, node)].kind != SEA:
            supply[team][0] += 1
            seascape.add_piece(s, team, node, "flag", -1)
        else:
            kept.append(entry)
    s.flags = kept
    s.hand, s.clam = [], -1
    s.just, s.completed, s.flag_cells, s.proposal, s.counter = None, (), (), None, None
    s.over = True
    s.phase = "over"
