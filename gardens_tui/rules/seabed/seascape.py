"""The seascape's bookkeeping: placing a tile, the union-find of features, what a segment is.

Every area of every placed tile is a node (``tile number * MAX_AREAS + area``). Placing a tile
adds its nodes (each its own feature, holding its open edge segments, fish, creatures, clams
and anemones), then joins, across every side it shares with a placed tile, the area of each of
the three touching segments with the neighbour's; each joined pair of segments closes two open
edges. Seaweed systems are a second union-find over the streak and field nodes: a streak is
joined to the field it ends at inside its tile, and to the streaks it continues into.

A streak or reef is complete when it has no open edge segment left (a streak's ends are then
closed by fields or reefs, or it is a loop; a reef is surrounded by seabed with no gap).
Seabed areas and fields never complete.

:func:`feature_at` is the view helper: the feature of a tile's segment as a plain record.

Speed (issue 29: a search places thousands of tiles a second, ``from_dict`` rebuilds all of
this from the tile list): :func:`place` works from tables per turned tile (:func:`.tiles.shape`:
the joins of each side, the areas touching no neighbour; :func:`.tiles.area_starts`: what
each area brings, its counts packed in one int), keeps ``need`` and the sorted frontier up to
date tile by tile, and copies only what it changes: the seascape's containers when the state
shares them with the one it was copied from (``sea_shared``), unless nothing else can reach
that one, when it takes them over and leaves it a way to get them back (:func:`take_over`,
:func:`give_back`: a line of play that goes on from its newest position, a random game, copies
no seascape), and an older
feature record once before changing it (``records_shared``; a state being built changes its
own in place).
A record this call made or copied already holds the new tile's bit in ``tiles`` (no older
record can: the tile's number is new), which is how a second change knows it may go in place.
Each frontier entry carries its place's placement table, made once per place for every state
to share (:func:`placements_at`: the placement actions, and for each set of turns that may fit
the tuple of them), so listing placements extends a list by ready-made tuples instead of
building them. A root is always the smallest node of its feature, whatever the order of the
joins, so every way of building the graph gives the same roots.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import MutableSequence
from dataclasses import dataclass
from functools import cache
from sys import getrefcount

from gardens_tui.rules.base import Action
from gardens_tui.rules.seabed.state import (
    GIVE_BACK,
    Cell,
    Feat,
    LentSeabedState,
    SeabedState,
    Sys,
    TableChange,
    new_links,
)
from gardens_tui.rules.seabed.tiles import (
    AREA_STARTS,
    FIELD,
    FITTING_CODES,
    MAX_AREAS,
    REEF,
    SEA,
    SHAPES,
    SIDE_OFFSETS,
    STREAK,
    SYSTEM_STARTS,
    TYPES,
    fit_table,
    turned,
)


def find(parent: MutableSequence[int], node: int) -> int:
    """The root of ``node``. Reading never writes: no path halving, so that a position whose
    seascape a later one took over (:func:`take_over`) can be given back its own by resetting
    its roots (:func:`give_back`). Paths stay short without it: a new area is linked straight
    to its feature's root, and only a root is ever linked again, when its feature joins an
    older one."""
    while (up := parent[node]) != node:
        node = up
    return node


def node_of(s: SeabedState, cell: Cell, area: int) -> int:
    """The node of ``area`` of the tile at ``cell`` (which must be placed)."""
    return s.index[cell] * MAX_AREAS + area


def cell_of(s: SeabedState, node: int) -> Cell:
    """The cell of the tile a node belongs to."""
    return s.cells[node // MAX_AREAS]


def segment_name(s: SeabedState, node: int) -> str:
    """The name of the segment ``node`` is, on its tile as the tile lies (a flag's or a
    palace's place in saves, texts and actions)."""
    return turned(s.board[cell_of(s, node)]).names[node % MAX_AREAS]


def tile_at(s: SeabedState, cell: Cell) -> tuple[int, int] | None:
    """The tile at ``cell`` as ``(type id, degrees clockwise)``, or ``None`` (for screens)."""
    code = s.board.get(cell)
    return None if code is None else (code >> 2, (code & 3) * 90)


def majority(counts: tuple[int, ...]) -> list[int]:
    """The teams with the most pieces (all of them on a tie); none when nobody has one."""
    best = max(counts)
    return [team for team, c in enumerate(counts) if c == best] if best else []


def need_code(board: dict[Cell, int], cell: Cell) -> int:
    """The requirement code of an empty cell: for each side, the kind the neighbour shows
    there (two bits per side, 0 where no tile is). :func:`place` keeps ``state.need`` equal to
    this tile by tile; this reads it afresh (the definition, and what a test compares with)."""
    x, y = cell
    code = 0
    for side, (dx, dy) in enumerate(SIDE_OFFSETS):
        other = board.get((x + dx, y + dy))
        if other is not None:
            code |= turned(other).side_codes[(side + 2) % 4] << (2 * side)
    return code


def can_place(s: SeabedState, kind: int) -> bool:
    """Whether tile type ``kind`` has a legal place on this seascape."""
    return not FITTING_CODES[kind].isdisjoint(s.need.values())


def frontier(s: SeabedState) -> list[tuple[int, int, int]]:
    """The empty places beside the seascape as ``(y, x, requirement code)``, by row and
    column."""
    return [(at[0][3], at[0][2], code) for code, at in s.front]


def places(
    s: SeabedState, kind: int, cells: list[tuple[int, int, int]] | None = None
) -> list[tuple[int, int, int]]:
    """Every legal ``(x, y, quarter)`` of tile type ``kind``, sorted by row, column, turn
    (``cells``: :func:`frontier`, when the caller has it already)."""
    table = fit_table(kind)
    return [
        (x, y, quarter)
        for y, x, code in (frontier(s) if cells is None else cells)
        for quarter in table[code]
    ]


def place(
    s: SeabedState,
    cell: Cell,
    code: int,
    laying: bool = False,
    earlier: SeabedState | None = None,
) -> tuple[int, ...]:
    """Put the tile ``code`` at ``cell`` (legality is the caller's business) and join its
    features; returns the roots of the streaks and reefs it completed, in area order.

    Across every side the tile shares with a placed tile, each join of :func:`.tiles.shape`
    joins an area of the tile to the neighbour's feature (and on a streak side the two seaweed
    systems), closing two open edge segments per touching pair. An area joined to nothing
    becomes a feature of its own; each seaweed system of the tile (:func:`.tiles.system_starts`)
    starts as a system of its own.

    ``laying=True`` is for a caller laying many tiles in a row (``from_dict``): it leaves
    ``front`` and ``front_keys`` alone (the caller sorts them once at the end,
    :func:`sort_front`) and returns no completed features. ``earlier``: the position ``s`` was
    copied from, when nothing but its caller can reach it (:func:`take_over`)."""
    if s.sea_shared and (earlier is None or not take_over(s, earlier)):
        s.own_seascape()
    if s.tables_shared:
        s.own_tables()
    index = len(s.cells)
    base = index * MAX_AREAS
    bit = 1 << index
    nobody = (0,) * len(s.players)
    board, need, feats, systems = s.board, s.need, s.feats, s.systems
    parent, sparent = s.parent, s.sparent
    s.cells.append(cell)
    s.index[cell] = index
    board[cell] = code
    fronts, keys = s.front, s.front_keys
    if need.pop(cell, None) is not None and not laying:  # out of the sorted frontier
        i = bisect_left(keys, cell[1] * ROW + cell[0])
        del keys[i]
        del fronts[i]
    if len(parent) < base + MAX_AREAS:  # more tiles than a game has (a file may lay them)
        parent.extend(range(len(parent), base + MAX_AREAS))
        sparent.extend(range(len(sparent), base + MAX_AREAS))
    kind = code >> 2
    for system in SYSTEM_STARTS[kind]:
        root = base + system.root
        y = systems[root] = _new(Sys)  # (Sys(...) without __init__'s call)
        y.counts, y.tiles, y.palaces = system.counts, bit, nobody
        for member in system.others:
            sparent[base + member] = root
    starts = AREA_STARTS[kind]
    turn = SHAPES[code]
    needs_from = turn.needs
    shared = s.records_shared  # (older records may be another state's: copy before changing)
    log = s.table_log  # (the tables were taken over: log what changes, see take_over)
    joined = 0  # a bit per area of the tile already joined to an older feature
    present = 0  # a bit per side with a neighbour
    completed = False
    for side, other_cell, key in beside(cell):
        other = board.get(other_cell)
        if other is None:  # an empty place: it needs this side's kind too
            old = need.get(other_cell)
            if old is None:  # (a new place: the frontier, sorted by row and column, follows)
                needs = need[other_cell] = needs_from[side]
                if not laying:
                    i = bisect_left(keys, key)
                    keys.insert(i, key)
                    at = PLACEMENTS.get(other_cell) or placements_at(*other_cell)
                    fronts.insert(i, (needs, at))
            else:
                needs = need[other_cell] = old | needs_from[side]
                if not laying:
                    i = bisect_left(keys, key)
                    fronts[i] = (needs, fronts[i][1])
            continue
        present |= 1 << side
        other_base = s.index[other_cell] * MAX_AREAS
        other_at = SHAPES[other].area_at
        for area, segment, closed, seaweed in turn.joins[side]:
            mine, theirs = base + area, other_base + other_at[segment]
            if joined >> area & 1:
                f = _join(s, mine, theirs, bit if shared else 0)
            else:  # the area's first join: it goes into the older feature (its root stays)
                joined |= 1 << area
                root = parent[theirs]
                if parent[root] != root:  # (find's work only when the root is further up)
                    root = find(parent, root)
                f = feats[root]
                start = starts[area]
                if shared and not f.tiles & bit:  # (_own, written out)
                    if log is not None:
                        log.append((False, root, f))
                    g = feats[root] = _new(Feat)  # (f.copy() with the area added, written out)
                    g.kind, g.closers, g.flags = f.kind, f.closers, f.flags
                    g.open, g.counts = f.open + start.open, f.counts + start.counts
                    g.tiles = f.tiles | bit
                    f = g
                else:
                    f.open += start.open
                    f.counts += start.counts
                    f.tiles |= bit
                if start.field >= 0:
                    f.closers = f.closers | {base + start.field}
                parent[mine] = root
            f.open -= closed
            if f.open == 0 and f.kind in (STREAK, REEF):
                completed = True
            if seaweed:
                _join_systems(s, mine, theirs, base if s.records_shared else 0)
    for area in turn.alone[present]:  # joined to nothing: a feature of its own
        start = starts[area]
        f = feats[base + area] = _new(Feat)  # (Feat(...) without __init__'s call)
        f.kind, f.open, f.counts, f.tiles = start.kind, start.open, start.counts, bit
        f.closers = NO_CLOSERS if start.field < 0 else frozenset((base + start.field,))
        f.flags = nobody
    # (only a join completes a streak or reef: each area starts with open edges)
    return tuple(completed_by(s, cell)) if completed and not laying else ()


def take_over(s: SeabedState, earlier: SeabedState) -> bool:
    """Let ``s``, a copy of ``earlier`` about to lay a tile, take over the seascape containers
    and the ``feats`` and ``systems`` tables it shares with ``earlier`` instead of copying
    them, when no other state shares them (the two alone hold ``sea_token``) and they need not
    grow; whether it did. ``earlier`` is then left without them (``sea_lent``) until
    something reads one, which :func:`give_back`s it its own, and ``s`` logs every table
    entry it changes (``table_log``): a line of play that goes on from each position it makes
    (a random game) copies neither.

    The caller passes ``earlier`` only when nothing but its own caller can reach it (``Game
    .apply`` counts the references), so no other thread can be reading it. While ``earlier``
    holds ``s`` (``sea_lent``), ``s`` cannot be passed so, so it never lends on in turn."""
    if getrefcount(s.sea_token) != 3 or not s.tables_shared:  # (s, earlier and the argument)
        return False
    tiles = len(s.cells)
    if len(s.parent) < (tiles + 1) * MAX_AREAS:
        return False
    del earlier.board, earlier.cells, earlier.index, earlier.need, earlier.front
    del earlier.front_keys, earlier.parent, earlier.sparent, earlier.feats, earlier.systems
    log = s.table_log = []
    earlier.sea_lent = (s, tiles, log)
    earlier.sea_token = LENT
    earlier.__class__ = LentSeabedState
    s.sea_shared = s.tables_shared = False
    return True


LENT = object()
"""The ``sea_token`` of a position whose seascape a later one took over."""

_LINKS = new_links()


def give_back(p: SeabedState) -> None:
    """Give ``p``, whose seascape and tables a later position took over (``sea_lent``), its
    own again: copies of the holder's, with the entries it changed set back (its
    ``table_log``, the tables kept in key order as they always are) and the tiles laid since
    taken back out. Only roots are ever linked (:func:`find` never writes), so unlinking the
    roots of ``p``'s features and seaweed systems and the nodes of the tiles taken out leaves
    both union-finds as they were in ``p``."""
    assert p.sea_lent is not None
    holder, tiles, changes = p.sea_lent
    assert holder.sea_lent is None  # (see take_over: a holder lends nothing on)
    feats, systems = holder.feats.copy(), holder.systems.copy()
    for in_systems, key, record in reversed(changes):
        (systems if in_systems else feats)[key] = record
    limit = tiles * MAX_AREAS  # (the nodes of the tiles laid since: their entries go)
    p.feats = {key: f for key, f in sorted(feats.items()) if key < limit}
    p.systems = {key: y for key, y in sorted(systems.items()) if key < limit}
    p.tables_shared = False
    board, cells, index = holder.board.copy(), holder.cells[:], holder.index.copy()
    need, front, keys = holder.need.copy(), holder.front[:], holder.front_keys[:]
    parent, sparent = holder.parent[:], holder.sparent[:]
    touched: set[Cell] = set()
    while len(cells) > tiles:
        cell = cells.pop()
        del board[cell], index[cell]
        base = len(cells) * MAX_AREAS
        parent[base : base + MAX_AREAS] = sparent[base : base + MAX_AREAS] = _LINKS[
            base : base + MAX_AREAS
        ]
        touched.add(cell)
        touched.update(around(cell))
    for root in p.feats:
        parent[root] = root
    for root in p.systems:
        sparent[root] = root
    for cell in touched.difference(board):
        code = need_code(board, cell)
        key = front_key(cell)
        i = bisect_left(keys, key)
        listed = i < len(keys) and keys[i] == key
        if code:
            need[cell] = code
            if listed:
                front[i] = (code, front[i][1])
            else:
                keys.insert(i, key)
                front.insert(i, (code, PLACEMENTS.get(cell) or placements_at(*cell)))
        else:
            need.pop(cell, None)
            if listed:
                del keys[i], front[i]
    p.board, p.cells, p.index, p.need = board, cells, index, need
    p.front, p.front_keys, p.parent, p.sparent = front, keys, parent, sparent
    p.sea_lent = None
    p.sea_token = object()
    p.sea_shared = False
    p.__class__ = SeabedState


GIVE_BACK.append(give_back)


def completed_by(s: SeabedState, cell: Cell) -> list[int]:
    """The completed streaks and reefs the tile at ``cell`` is part of (roots, in its area
    order): right after :func:`place` laid it, what that returned."""
    base = s.index[cell] * MAX_AREAS
    parent, feats = s.parent, s.feats
    out: list[int] = []
    for node in range(base, base + len(AREA_STARTS[s.board[cell] >> 2])):
        root = find(parent, node)
        f = feats[root]
        if f.open == 0 and f.kind in (STREAK, REEF) and root not in out:
            out.append(root)
    return out


@cache
def around(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four places beside ``cell``, by side (north, east, south, west)."""
    x, y = cell
    return (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)


@cache
def beside(cell: Cell) -> tuple[tuple[int, Cell, int], ...]:
    """:func:`around` as ``(side, place, its sort key in front_keys)`` (:func:`front_key`)."""
    return tuple((side, other, front_key(other)) for side, other in enumerate(around(cell)))


NO_CLOSERS: frozenset[int] = frozenset()

_new = object.__new__

ROW = 1024
"""Far more than the seascape's width: ``y * ROW + x`` orders places by row, then column."""


def front_key(cell: Cell) -> int:
    """The sort key of a place in ``front_keys``: by row, then column."""
    return cell[1] * ROW + cell[0]


PLACEMENTS: dict[Cell, tuple[Action, ...]] = {}
""":func:`placements_at` by place, for every state to share (cleared when it holds
:data:`MAX_PLACES`)."""

MAX_PLACES = 4096

SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(4 * choice + q for q in range(4) if mask >> q & 1)
    for choice in range(4)
    for mask in range(16)
)
"""Where the placements of each of :func:`placements_at`'s tuples of placements are in its
first 16 (by choice, then the 4-bit mask of quarter turns)."""


def placements_at(x: int, y: int) -> tuple[Action, ...]:
    """The placement table of ``x, y``, made once for every state to share: first every
    placement action there, index ``4 * choice + quarter``, choice 0 and 1 placing tile 1 or
    2, 2 and 3 proposing it (see :data:`.tiles.PLACEMENT_PICKS`); then, at ``16 + 16 * choice
    + mask``, the tuple of a choice's placements in the quarter turns of the 4-bit ``mask``
    (:data:`.tiles.PLACEMENT_SETS` says which mask fits). A frontier entry carries it, so
    listing placements extends a list by ready-made tuples instead of building them."""
    at = PLACEMENTS.get((x, y))
    if at is None:
        if len(PLACEMENTS) >= MAX_PLACES:
            PLACEMENTS.clear()
        single = tuple(
            (verb, slot, x, y, degrees)
            for verb in ("place", "propose")
            for slot in (1, 2)
            for degrees in (0, 90, 180, 270)
        )
        sets = tuple(tuple(map(single.__getitem__, indices)) for indices in SUBSETS)
        at = PLACEMENTS[x, y] = single + sets
    return at


def sort_front(s: SeabedState) -> None:
    """Set ``front`` and ``front_keys`` from ``need`` (after laying with ``laying=True``)."""
    shared = PLACEMENTS.get  # (placements_at's table, read without a call per place)
    by_key = {
        cell[1] * ROW + cell[0]: (code, shared(cell) or placements_at(*cell))
        for cell, code in s.need.items()
    }
    s.front_keys = sorted(by_key)  # (ints sort much faster than tuples)
    s.front = [by_key[key] for key in s.front_keys]


def _join(s: SeabedState, mine: int, theirs: int, bit: int) -> Feat:
    """Join the feature of node ``mine`` of the tile being laid, already in an older feature,
    with the older feature of node ``theirs``; the joined record, which the caller may change
    (``bit``: the tile's bit when older records are shared, see :func:`_own`; else 0).

    The smaller root stays the root (so a root is always the smallest node of its feature):
    the later feature goes into the earlier."""
    feats, parent = s.feats, s.parent
    ra, rb = find(parent, mine), find(parent, theirs)
    if rb < ra:
        ra, rb = rb, ra
    f = feats[ra] if not bit else _own(feats, ra, bit, s.table_log)
    if ra != rb:
        g = feats.pop(rb)
        if s.table_log is not None and not g.tiles & bit:  # (an older record: logged once)
            s.table_log.append((False, rb, g))
        f.open += g.open
        f.counts += g.counts
        f.tiles |= g.tiles
        if g.closers:
            f.closers = f.closers | g.closers
        if any(g.flags):
            f.flags = tuple(x + y for x, y in zip(f.flags, g.flags, strict=True))
        parent[rb] = ra
    return f


def _own(feats: dict[int, Feat], root: int, bit: int, log: list[TableChange] | None = None) -> Feat:
    """The record of the older feature ``root``, which the caller may change: older records
    may be shared with other states, so it is copied first, once per :func:`place` (and the
    one it replaces logged in ``log``, see :func:`take_over`). A record holding ``bit`` (the
    tile being laid) was made or copied by this call already. (Callers skip it when no record
    is shared.)"""
    f = feats[root]
    if not f.tiles & bit:
        if log is not None:
            log.append((False, root, f))
        f = feats[root] = f.copy()
    return f


def _join_systems(s: SeabedState, a: int, b: int, base: int) -> None:
    """:func:`_join` for the seaweed systems of nodes ``a`` and ``b`` (a record of a root
    below ``base``, made before this :func:`place`, is copied first: this happens at most
    twice a tile)."""
    systems, sparent = s.systems, s.sparent
    ra, rb = find(sparent, a), find(sparent, b)
    if ra == rb:
        return
    if rb < ra:
        ra, rb = rb, ra
    y = systems[ra]
    log = s.table_log
    if ra < base:
        if log is not None:
            log.append((True, ra, y))
        y = systems[ra] = y.copy()
    z = systems.pop(rb)
    if log is not None and rb < base:
        log.append((True, rb, z))
    y.counts += z.counts
    y.tiles |= z.tiles
    if any(z.palaces):
        y.palaces = tuple(p + q for p, q in zip(y.palaces, z.palaces, strict=True))
    sparent[rb] = ra


def rebuild(s: SeabedState) -> None:
    """Recompute the derived fields (``index``, ``need``, ``front``, both union-finds) from
    ``board`` / ``cells``, replaying the placements in order; flags and palaces are counted in
    from ``flags``."""
    order = list(s.cells)
    board = dict(s.board)
    s.cells, s.board, s.index, s.need, s.front, s.front_keys = [], {}, {}, {}, [], []
    s.parent, s.feats, s.sparent, s.systems = new_links(), {}, new_links(), {}
    s.sea_shared = s.tables_shared = s.records_shared = False
    s.sea_token = object()
    for cell in order:
        place(s, cell, board[cell])
    for team, node, what in s.flags:
        add_piece(s, team, node, what, 1)


def add_piece(s: SeabedState, team: int, node: int, what: str, delta: int) -> None:
    """Count a flag (on the node's feature) or a palace (on its seaweed system) in or out."""
    if s.tables_shared:
        s.own_tables()
    log = s.table_log
    if what == "flag":
        root = find(s.parent, node)
        f = s.feats[root]
        if log is not None:
            log.append((False, root, f))
        if s.records_shared:  # (see SeabedState.records_shared)
            f = s.feats[root] = f.copy()
        flags = list(f.flags)
        flags[team] += delta
        f.flags = tuple(flags)
    else:
        root = find(s.sparent, node)
        y = s.systems[root]
        if log is not None:
            log.append((True, root, y))
        if s.records_shared:
            y = s.systems[root] = y.copy()
        palaces = list(y.palaces)
        palaces[team] += delta
        y.palaces = tuple(palaces)


def tile_count(f: Feat | Sys) -> int:
    """How many tiles a feature or system spans."""
    return f.tiles.bit_count()


def tiles_of(s: SeabedState, mask: int) -> list[Cell]:
    """The cells of a tile bit mask, in placement order."""
    return [c for i, c in enumerate(s.cells) if mask >> i & 1]


def streak_points(s: SeabedState, f: Feat) -> int:
    """A completed streak's worth: 1 per tile, 1 per fish on it and on its closing fields."""
    fish = f.fish + sum(s.feats[find(s.parent, n)].fish for n in f.closers)
    return tile_count(f) + fish


def reef_points(f: Feat) -> int:
    """A completed reef's worth: 2 per tile, 3 per anemone group."""
    return 2 * tile_count(f) + 3 * f.anemones


def complete(f: Feat) -> bool:
    """A streak or reef with no open edge segment."""
    return f.kind in (STREAK, REEF) and f.open == 0


@dataclass(frozen=True, slots=True)
class FeatureInfo:
    """A feature as a view shows it (for screens and text): its root ``id``, ``kind``,
    whether it is ``complete`` (streaks and reefs), its open edge segments, tiles, fish
    (streaks: with closing fields), creatures and clams, flags per team, and for streaks
    and fields the seaweed system's id, fish and palaces per team."""

    id: int
    kind: str
    complete: bool
    open: int
    tiles: tuple[Cell, ...]
    fish: int
    manta: int
    star: int
    crab: int
    bottle: int
    clams: int
    anemones: int
    flags: tuple[int, ...]
    system: int | None = None
    system_fish: int = 0
    palaces: tuple[int, ...] = ()


def feature_at(s: SeabedState, cell: Cell, area: int) -> FeatureInfo:
    """The feature of ``area`` of the tile at ``cell``."""
    node = node_of(s, cell, area)
    root = find(s.parent, node)
    f = s.feats[root]
    fish = streak_points(s, f) - tile_count(f) if f.kind == STREAK else f.fish
    system: int | None = None
    system_fish = 0
    palaces: tuple[int, ...] = ()
    if f.kind in (STREAK, FIELD):
        system = find(s.sparent, node)
        y = s.systems[system]
        system_fish, palaces = y.fish, y.palaces
    return FeatureInfo(
        root,
        f.kind,
        complete(f),
        f.open,
        tuple(tiles_of(s, f.tiles)),
        fish,
        f.manta,
        f.star,
        f.crab,
        f.bottle,
        f.clams,
        f.anemones,
        f.flags,
        system,
        system_fish,
        palaces,
    )


def area_named(s: SeabedState, cell: Cell, name: str) -> int | None:
    """The area of the tile at ``cell`` that ``name`` names (any alias), or ``None``."""
    code = s.board.get(cell)
    if code is None:
        return None
    return turned(code).by_name.get(name)


def seabed_value(s: SeabedState, root: int, music: list[int] | None = None) -> int:
    """What a seabed area's flags score at the end: manta 3, starfish 2, crab 1, one crab
    ignored per bottle (never below zero; no bottle counts where a diver is), animals near
    the music gramophone counted twice (``music``: :func:`music_nodes`, when the caller has
    them already)."""
    f = s.feats[root]
    manta, star, crab = f.manta, f.star, f.crab
    for node in music_nodes(s) if music is None else music:
        if find(s.parent, node) == root:
            m, st, c, _ = near(s, node, root)
            manta, star, crab = manta + m, star + st, crab + c
    bottles = 0 if f.diver else f.bottle
    return 3 * manta + 2 * star + max(0, crab - bottles)


def music_nodes(s: SeabedState) -> list[int]:
    """The nodes of music gramophones on the seascape."""
    out: list[int] = []
    if MUSIC_CODES.isdisjoint(s.board.values()):  # (the usual case, seen without a loop)
        return out
    for i, cell in enumerate(s.cells):
        tile = TYPES[s.board[cell] >> 2]
        if tile.effect == "music":
            for a, area in enumerate(tile.areas):
                if area.thing == "music":
                    out.append(i * MAX_AREAS + a)
    return out


MUSIC_CODES = frozenset(
    kind * 4 + quarter
    for kind, tile in enumerate(TYPES)
    if tile.effect == "music"
    for quarter in range(4)
)
"""The tile codes of music gramophones, every turn."""


def near(s: SeabedState, node: int, root: int) -> tuple[int, int, int, int]:
    """Mantas, starfish, crabs and bottles on the 8 tiles around ``node``'s tile that lie in
    the seabed area ``root``."""
    x, y = cell_of(s, node)
    totals = [0, 0, 0, 0]
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx == dy == 0:
                continue
            other = (x + dx, y + dy)
            code = s.board.get(other)
            if code is None:
                continue
            base = s.index[other] * MAX_AREAS
            for a, area in enumerate(TYPES[code >> 2].areas):
                if area.kind == SEA and find(s.parent, base + a) == root:
                    totals[0] += area.manta
                    totals[1] += area.star
                    totals[2] += area.crab
                    totals[3] += area.bottle
    return totals[0], totals[1], totals[2], totals[3]
