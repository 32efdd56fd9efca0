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
"""

from __future__ import annotations

from dataclasses import dataclass

from gardens_tui.rules.seabed.state import Cell, Feat, SeabedState, Sys
from gardens_tui.rules.seabed.tiles import (
    FIELD,
    MAX_AREAS,
    REEF,
    SEA,
    SIDE_OFFSETS,
    STREAK,
    TYPES,
    fit_table,
    fits,
    mirror,
    turned,
)


def find(parent: list[int], node: int) -> int:
    """The root of ``node`` (path halving; the roots never change)."""
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


def node_of(s: SeabedState, cell: Cell, area: int) -> int:
    """The node of ``area`` of the tile at ``cell`` (which must be placed)."""
    return s.cells.index(cell) * MAX_AREAS + area


def cell_of(s: SeabedState, node: int) -> Cell:
    """The cell of the tile a node belongs to."""
    return s.cells[node // MAX_AREAS]


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
    return any(fits(kind, code) for code in set(s.need.values()))


def frontier(s: SeabedState) -> list[tuple[int, int, int]]:
    """The empty places beside the seascape as ``(y, x, requirement code)``, by row and
    column."""
    return sorted((c[1], c[0], code) for c, code in s.need.items())


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


def _merge(s: SeabedState, a: int, b: int, fresh: set[int]) -> int:
    """Join the features of nodes ``a`` and ``b``; the new root. ``fresh`` holds the roots
    whose records were made by the current :func:`place` (changed in place; the others are
    shared with other states and copied first), and gains the new root."""
    parent = s.parent
    ra, rb = find(parent, a), find(parent, b)
    if ra == rb:
        return ra
    if rb < ra:
        ra, rb = rb, ra
    fa, fb = s.feats[ra], s.feats.pop(rb)
    f = fa if ra in fresh else fa.copy()
    fresh.add(ra)
    f.open += fb.open
    f.tiles |= fb.tiles
    f.fish += fb.fish
    f.manta += fb.manta
    f.star += fb.star
    f.crab += fb.crab
    f.bottle += fb.bottle
    f.clams += fb.clams
    f.anemones += fb.anemones
    f.diver = f.diver or fb.diver
    if fb.closers:
        f.closers = f.closers | fb.closers
    if any(fb.flags):
        f.flags = tuple(x + y for x, y in zip(f.flags, fb.flags, strict=True))
    s.feats[ra] = f
    parent[rb] = ra
    return ra


def _merge_systems(s: SeabedState, a: int, b: int) -> None:
    sparent = s.sparent
    ra, rb = find(sparent, a), find(sparent, b)
    if ra == rb:
        return
    if rb < ra:
        ra, rb = rb, ra
    sa, sb = s.systems[ra], s.systems.pop(rb)
    m = sa.copy()
    m.fish += sb.fish
    m.fields += sb.fields
    m.sushi = m.sushi or sb.sushi
    m.tiles |= sb.tiles
    if any(sb.palaces):
        m.palaces = tuple(x + y for x, y in zip(m.palaces, sb.palaces, strict=True))
    s.systems[ra] = m
    sparent[rb] = ra


def place(s: SeabedState, cell: Cell, code: int) -> list[int]:
    """Put the tile ``code`` at ``cell`` (legality is the caller's business) and join its
    features; returns the roots of the streaks and reefs it completed."""
    teams = len(s.players)
    index = len(s.cells)
    s.cells.append(cell)
    s.board[cell] = code
    s.need.pop(cell, None)
    kind, _ = divmod(code, 4)
    tile = TYPES[kind]
    base = index * MAX_AREAS
    s.parent.extend(range(base, base + MAX_AREAS))
    s.sparent.extend(range(base, base + MAX_AREAS))
    bit = 1 << index
    for a, area in enumerate(tile.areas):
        node = base + a
        f = Feat(area.kind, teams)
        f.open = len(area.segments)
        f.tiles = bit
        f.fish = area.fish
        f.manta, f.star, f.crab, f.bottle = area.manta, area.star, area.crab, area.bottle
        f.clams, f.anemones = area.clams, area.anemones
        f.diver = area.thing == "diver"
        if area.field >= 0:
            f.closers = frozenset((base + area.field,))
        s.feats[node] = f
        if area.kind in (STREAK, FIELD):
            y = Sys(teams)
            y.fish = area.fish
            y.fields = 1 if area.kind == FIELD else 0
            y.sushi = area.thing == "sushi"
            y.tiles = bit
            s.systems[node] = y
    for a, area in enumerate(tile.areas):
        if area.field >= 0:
            _merge_systems(s, base + a, base + area.field)
    shape = turned(code)
    area_at, side_codes = shape.area_at, shape.side_codes
    x, y0 = cell
    need = s.need
    fresh = set(range(base, base + len(tile.areas)))
    for side, (dx, dy) in enumerate(SIDE_OFFSETS):
        other_cell = (x + dx, y0 + dy)
        other = s.board.get(other_cell)
        if other is None:
            # what the empty place beside now needs on its side facing this tile (the
            # requirement code of :func:`need_code`, kept up to date tile by tile)
            facing = (side + 2) % 4
            need[other_cell] = need.get(other_cell, 0) | side_codes[side] << (2 * facing)
            continue
        other_base = s.cells.index(other_cell) * MAX_AREAS
        other_at = turned(other).area_at
        for p in range(3 * side, 3 * side + 3):
            mine = base + area_at[p]
            theirs = other_base + other_at[mirror(p)]
            root = _merge(s, mine, theirs, fresh)
            # The root of a new tile's node always holds a record made in this call (the
            # node's own, or the copy _merge made), so it may be changed in place.
            f = s.feats[root]
            f.open -= 2
            if p % 3 == 1 and f.kind == STREAK:
                _merge_systems(s, mine, theirs)
    done: list[int] = []
    for a in range(len(tile.areas)):
        root = find(s.parent, base + a)
        f = s.feats[root]
        if f.kind in (STREAK, REEF) and f.open == 0 and root not in done:
            done.append(root)
    return done


def rebuild(s: SeabedState) -> None:
    """Recompute the derived fields (``need``, both union-finds) from ``board`` / ``cells``,
    replaying the placements in order; flags and palaces are counted in from ``flags``."""
    order = list(s.cells)
    board = dict(s.board)
    s.cells, s.board, s.need = [], {}, {}
    s.parent, s.feats, s.sparent, s.systems = [], {}, [], {}
    for cell in order:
        place(s, cell, board[cell])
    for team, node, what in s.flags:
        add_piece(s, team, node, what, 1)


def add_piece(s: SeabedState, team: int, node: int, what: str, delta: int) -> None:
    """Count a flag (on the node's feature) or a palace (on its seaweed system) in or out."""
    if what == "flag":
        root = find(s.parent, node)
        f = s.feats[root].copy()
        flags = list(f.flags)
        flags[team] += delta
        f.flags = tuple(flags)
        s.feats[root] = f
    else:
        root = find(s.sparent, node)
        y = s.systems[root].copy()
        palaces = list(y.palaces)
        palaces[team] += delta
        y.palaces = tuple(palaces)
        s.systems[root] = y


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


def seabed_value(s: SeabedState, root: int) -> int:
    """What a seabed area's flags score at the end: manta 3, starfish 2, crab 1, one crab
    ignored per bottle (never below zero; no bottle counts where a diver is), animals near
    the music gramophone counted twice."""
    f = s.feats[root]
    manta, star, crab = f.manta, f.star, f.crab
    for node in music_nodes(s):
        if find(s.parent, node) == root:
            m, st, c, _ = near(s, node, root)
            manta, star, crab = manta + m, star + st, crab + c
    bottles = 0 if f.diver else f.bottle
    return 3 * manta + 2 * star + max(0, crab - bottles)


def music_nodes(s: SeabedState) -> list[int]:
    """The nodes of music gramophones on the seascape."""
    out: list[int] = []
    for i, cell in enumerate(s.cells):
        tile = TYPES[s.board[cell] >> 2]
        if tile.effect == "music":
            for a, area in enumerate(tile.areas):
                if area.thing == "music":
                    out.append(i * MAX_AREAS + a)
    return out


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
            base = s.cells.index(other) * MAX_AREAS
            for a, area in enumerate(TYPES[code >> 2].areas):
                if area.kind == SEA and find(s.parent, base + a) == root:
                    totals[0] += area.manta
                    totals[1] += area.star
                    totals[2] += area.crab
                    totals[3] += area.bottle
    return totals[0], totals[1], totals[2], totals[3]
