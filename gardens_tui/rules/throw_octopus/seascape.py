"""The seascape's geometry: corner values at grid points, legal places, completions, the lock.

Everything works on a :class:`~.state.ThrowState`'s ``board`` and the fields derived from it,
``points``, ``slots``, ``leads`` and ``placed`` (:func:`place` and :func:`remove` keep them in
step; :func:`rebuild` makes them afresh), and the kept ``cuts`` and ``touches`` of Magic Touch.
Legal places are found from the slots (the empty cells beside the seascape where a creature part
would join), filed by the creature they ask for, and the corner-pattern keys of
:mod:`.components`, never by scanning the plane.

Speed (issue 29): this is the engine's hot path. The hottest functions (:func:`place`,
:func:`_lifted`) are written out case by case rather than looping over tables of offsets, which
measured a third slower; each says so.

The derived fields name cells and grid points by an int (:func:`cell_id`), not an ``(x, y)``
tuple: a neighbour is one addition away and a lookup hashes no tuple, which is most of what
placing a tile costs. ``board`` and :attr:`~.state.ThrowState.frontier` keep ``(x, y)``.

The placement rule (components.md section 4): the cell is empty and shares a side with a placed
tile; every grid point the tile shares with placed tiles has the same value as its corner there
(the same species, or water with water); and at least one point shared with a tile *beside* it
(not only diagonally) shows a creature part.
"""

from __future__ import annotations

from typing import NamedTuple

from gardens_tui.rules.throw_octopus.components import (
    KEY_LEADS,
    LARGE,
    LEADS,
    MASKS,
    NO_LEAD,
    ORIENTATION_KEYS,
    ORIENTED,
)
from gardens_tui.rules.throw_octopus.spec import TILE_LIST_KEY
from gardens_tui.rules.throw_octopus.state import Cell, ThrowState

SIDES: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
"""Left, right, up, down."""

CORNER_OFFSETS: tuple[Cell, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
"""Grid point of each corner (TL, TR, BL, BR) relative to the cell."""

AROUND_POINT: tuple[tuple[int, int, int], ...] = ((-1, -1, 3), (0, -1, 2), (-1, 0, 1), (0, 0, 0))
"""The four cells around a point ``(dx, dy)`` and which of their corners lies on it."""

# --- cell and point ids ------------------------------------------------------------------------

_ORIGIN = 128 * 256 + 128
"""The id of cell (and point) ``(0, 0)``."""

RIGHT = 256
"""Add to an id for the cell (or point) to its right; subtract for the one to its left."""
DOWN = 1
"""Add to an id for the cell (or point) below it; subtract for the one above it."""


def cell_id(x: int, y: int) -> int:
    """The id of cell (or grid point) ``(x, y)``: ``(x + 128) * 256 + y + 128``, ordered like
    ``(x, y)``. Every cell a game can reach lies within -128..127 both ways (85 tiles from the
    start tile; ``from_dict`` accepts -85..85)."""
    return x * RIGHT + y + _ORIGIN


def cell_of(ident: int) -> Cell:
    """The ``(x, y)`` of a cell (or point) id."""
    return (ident >> 8) - 128, (ident & 255) - 128


_CORNER_IDS: tuple[int, ...] = (0, RIGHT, DOWN, RIGHT + DOWN)
"""Point id of each corner (TL, TR, BL, BR) relative to the cell's id."""

_WEIGHTS: tuple[int, ...] = (1, 10, 100, 1000)
"""The digit of each corner (TL, TR, BL, BR) in a corner-pattern key (value + 1, 0 for free)."""

_EDGES: tuple[tuple[int, int, int, int, int], ...] = (
    (-1, 0, -RIGHT, 0, 2),
    (1, 0, RIGHT, 1, 3),
    (0, -1, -DOWN, 0, 1),
    (0, 1, DOWN, 2, 3),
)
"""Per side of :data:`SIDES`: the neighbour ``(dx, dy)``, its id offset, and the two corners of
the cell on that side (the points it shares with the neighbour)."""

_AROUND_CELL: tuple[Cell, ...] = tuple(
    (dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
)
"""The eight cells around a cell."""

_NEAR = frozenset(dx * RIGHT + dy * DOWN for dx in (-1, 0, 1) for dy in (-1, 0, 1))
"""The id offsets of a cell and the eight around it."""

# --- points ------------------------------------------------------------------------------------
#
# ``points`` maps a point id to its value plus 16 times the number of tiles on it (1..4): a
# creature is complete when four tiles meet at its point, which needs no look at the board.

_VALUE = 15
_TILE = 16
_COMPLETE = 4 * _TILE


def point_value(board: dict[Cell, int], point: Cell, skip: Cell | None = None) -> int | None:
    """The value at ``point`` from the tiles around it (``None``: no tile touches it)."""
    px, py = point
    for dx, dy, corner in AROUND_POINT:
        cell = (px + dx, py + dy)
        if cell != skip:
            code = board.get(cell)
            if code is not None:
                return ORIENTED[code][corner]
    return None


def _key(points: dict[int, int], cell: int) -> int:
    """The corner-pattern key of the empty cell with id ``cell`` (see
    :data:`.components.INDEX`): digit ``i`` is the value + 1 at corner ``i``, 0 where free."""
    get = points.get
    tl = get(cell)
    tr = get(cell + RIGHT)
    bl = get(cell + DOWN)
    br = get(cell + RIGHT + DOWN)
    return (
        (0 if tl is None else (tl & _VALUE) + 1)
        + (0 if tr is None else (tr & _VALUE) * 10 + 10)
        + (0 if bl is None else (bl & _VALUE) * 100 + 100)
        + (0 if br is None else (br & _VALUE) * 1000 + 1000)
    )


def _joins(board: dict[Cell, int], points: dict[int, int], cell: Cell) -> bool:
    """Whether a creature part of a tile beside the empty ``cell`` would join there."""
    x, y = cell
    c = cell_id(x, y)
    get = points.get
    tl = get(c, 0) & _VALUE
    tr = get(c + RIGHT, 0) & _VALUE
    bl = get(c + DOWN, 0) & _VALUE
    br = get(c + RIGHT + DOWN, 0) & _VALUE
    return bool(
        ((tl or bl) and (x - 1, y) in board)
        or ((tr or br) and (x + 1, y) in board)
        or ((tl or tr) and (x, y - 1) in board)
        or ((bl or br) and (x, y + 1) in board)
    )


def requirement(state: ThrowState, cell: Cell) -> tuple[tuple[int | None, ...], bool]:
    """The corner values the empty ``cell`` must show (``None``: free) and whether a creature
    part of a tile beside it would join there."""
    c = cell_id(*cell)
    get = state.points.get
    need: list[int | None] = []
    for corner in _CORNER_IDS:
        point = get(c + corner)
        need.append(None if point is None else point & _VALUE)
    return tuple(need), _joins(state.board, state.points, cell)


# --- slots -------------------------------------------------------------------------------------
#
# ``slots`` maps a slot's cell id to its key; ``leads`` files the same cells by the first creature
# their key asks for (:data:`.components.KEY_LEADS`): ``leads[lead]`` is a tuple of cell ids.
# Only a tile showing that creature on that corner can fit a slot, so a hand looks only at the
# slots filed under the creatures its tiles show. The tuples are shared between states (a copy
# of ``leads`` copies only the list).

LEAD_COUNT = NO_LEAD + 1
"""The length of ``leads``."""


def _file(leads: list[tuple[int, ...]], cell: int, lead: int) -> None:
    """File slot ``cell`` under ``lead``."""
    leads[lead] += (cell,)


def _new_slot(slots: dict[int, int], leads: list[tuple[int, ...]], cell: int, key: int) -> None:
    """Make the empty ``cell`` a slot with ``key`` (filed, and its places in :data:`WHERE`)."""
    slots[cell] = key
    leads[KEY_LEADS[key]] += (cell,)
    if cell << 1 not in WHERE:
        WHERE[cell << 1] = unpack(cell << 1)[1:]
        WHERE[cell << 1 | 1] = unpack(cell << 1 | 1)[1:]


def _unfile(leads: list[tuple[int, ...]], cell: int, lead: int) -> None:
    """Take slot ``cell`` out of its ``lead``."""
    group = leads[lead]
    i = group.index(cell)
    leads[lead] = group[:i] + group[i + 1 :]


WHERE: dict[int, tuple[int, int, int]] = {}
"""``(x, y, rotation)`` by the low bits of a packed place, ``cell id << 1 | turned`` (see
:func:`unpack`), for every cell ever made a slot (:func:`_new_slot` adds it): an action is made
from a head ``(verb, tile)`` and this, without taking a tuple apart."""


def _rekey(slots: dict[int, int], leads: list[tuple[int, ...]], cell: int, key: int) -> None:
    """Give slot ``cell`` the new ``key`` (filing it anew if its lead changes)."""
    lead = KEY_LEADS[slots[cell]]
    slots[cell] = key
    if KEY_LEADS[key] != lead:
        _unfile(leads, cell, lead)
        _file(leads, cell, KEY_LEADS[key])


def _set_slot(state: ThrowState, cell: int, key: int | None) -> None:
    """Make ``cell`` a slot with ``key`` (``None``: no slot), in ``slots`` and ``leads``."""
    slots = state.slots
    if key is not None and cell in slots:
        _rekey(slots, state.leads, cell, key)
    elif key is not None:
        _new_slot(slots, state.leads, cell, key)
    elif cell in slots:
        _unfile(state.leads, cell, KEY_LEADS[slots.pop(cell)])


# --- legal places ------------------------------------------------------------------------------


def fits(state: ThrowState, cell: Cell) -> tuple[int, ...]:
    """Every orientation that may be placed at ``cell`` (tiles anywhere)."""
    key = state.slots.get(cell_id(*cell))
    return () if key is None else state.index.get(key, ())


def hand_bits(hand: list[int]) -> int:
    """Both orientations of every tile of ``hand`` as one mask (see :data:`.components.MASKS`;
    a tile a view hides counts for none)."""
    bits = 0
    for tile in hand:
        if tile >= 0:
            bits |= 3 << (tile << 1)
    return bits


def fitting(state: ThrowState, hand: list[int]) -> list[int]:
    """Every legal place of a tile of ``hand``, each as one int (see :func:`unpack`), sorted:
    in the order of ``(tile, x, y, rotation)``.

    Every slot asks for a creature on a corner (that is how a tile joins there), so each
    orientation looks only at the slots filed under a creature it shows on that corner."""
    leads, slots = state.leads, state.slots
    out: list[int] = []
    for tile in hand:
        if tile >= 0:  # a view hides the others
            for lead, keys, place in LEADS[tile]:
                for cell in leads[lead]:
                    if slots[cell] in keys:
                        out.append(place | cell << 1)
    out.sort()
    return out


def unpack(fit: int) -> tuple[int, int, int, int]:
    """``(tile, x, y, rotation)`` of a place packed as ``tile << 17 | cell id << 1 | turned``
    (:func:`fitting`, :func:`moves`; the packed ints sort in the order of these tuples)."""
    return fit >> 17, (fit >> 9 & 255) - 128, (fit >> 1 & 255) - 128, 180 if fit & 1 else 0


def placements(state: ThrowState, hand: list[int]) -> list[tuple[int, int, int, int]]:
    """Every legal ``(tile, x, y, rotation)`` for tiles of ``hand``, sorted."""
    return [unpack(fit) for fit in fitting(state, hand)]


def can_place(state: ThrowState, hand: list[int]) -> bool:
    """Whether any tile of ``hand`` has a legal place."""
    bits = hand_bits(hand)
    get = state.masks.get
    return any(get(key, 0) & bits for key in state.slots.values())


_MASKS: dict[object, dict[int, int]] = {name: masks for name, masks in MASKS.items()}
""":data:`.components.MASKS` by any option value (no ``str()`` of it on the way)."""
_DEFAULT_MASKS = MASKS["balanced"]


def locked(state: ThrowState) -> bool:
    """No tile off the seascape fits anywhere: the game is locked (a public fact)."""
    placed = state.placed
    get = _MASKS.get(state.options.get(TILE_LIST_KEY), _DEFAULT_MASKS).get
    # The newest slots first: the oldest are the likeliest to be dead ends.
    for key in reversed(state.slots.values()):
        fit = get(key, 0)
        if fit and fit | placed != placed:
            return False
    return True


# --- changing the seascape ---------------------------------------------------------------------


def clear(state: ThrowState) -> None:
    """Empty the seascape (its derived fields too)."""
    state.board, state.points, state.slots, state.placed = {}, {}, {}, 0
    state.leads = [()] * LEAD_COUNT
    state.cuts = state.touches = None


_CORNER_VALUES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(zip(_CORNER_IDS, values, strict=True)) for values in ORIENTED
)
"""Per orientation, per corner: the point's id offset from the cell and the value there."""

_BITS: tuple[int, ...] = tuple(3 << (code & ~1) for code in range(len(ORIENTED)))
"""Per orientation: both orientations of its tile as a mask of :data:`.components.MASKS`."""


def _bump(slots: dict[int, int], leads: list[tuple[int, ...]], cell: int, digit: int) -> None:
    """Add ``digit`` (at its weight) to the key of slot ``cell``, filing it anew if its lead
    changes."""
    key = slots[cell]
    slots[cell] = new = key + digit
    if KEY_LEADS[new] != KEY_LEADS[key]:
        _unfile(leads, cell, KEY_LEADS[key])
        _file(leads, cell, KEY_LEADS[new])


def place(state: ThrowState, cell: Cell, code: int) -> list[int]:
    """Put orientation ``code`` at the empty ``cell`` (changing ``state``); the species of the
    creatures it completes. The place must be legal (the corners agree with the tiles around);
    on a scratch copy, any other place gives the completions and nothing else to rely on.

    The derived fields change only around ``cell``: a point it sets for the first time adds its
    digit to the keys of the slots around that point, and a side showing a creature part makes
    the empty cell beside it a slot. Written out corner by corner and side by side: a loop over
    tables of offsets costs half as much again, and this is the most frequent change of all."""
    board, points, slots, leads = state.board, state.points, state.slots, state.leads
    board[cell] = code
    state.placed |= _BITS[code]
    state.touches = None
    x, y = cell
    c = x * RIGHT + y + _ORIGIN
    if state.cuts is not None:
        state.cuts = _cuts_after(board, state.cuts, x, y)
    if c in slots:
        _unfile(leads, c, KEY_LEADS[slots.pop(c)])
    tl, tr, bl, br = ORIENTED[code]
    done: list[int] = []
    get = points.get
    # Each corner's point. A first tile on it gives its digit to the slots around it (the
    # weight is the point's corner in each: 1000 bottom-right, 100 bottom-left, 10 top-right,
    # 1 top-left); a fourth completes its creature.
    old = get(c)  # top-left: the cells up-left, up and left have it bottom-right, -left, top-right
    fresh_tl = old is None
    if old is None:
        points[c] = tl + _TILE
        if c - RIGHT - DOWN in slots:
            _bump(slots, leads, c - RIGHT - DOWN, (tl + 1) * 1000)
        if c - DOWN in slots:
            _bump(slots, leads, c - DOWN, (tl + 1) * 100)
        if c - RIGHT in slots:
            _bump(slots, leads, c - RIGHT, (tl + 1) * 10)
    else:
        points[c] = old + _TILE
        if tl and old >= 3 * _TILE:
            done.append(tl)
    point = c + RIGHT  # top-right: up has it bottom-right, up-right bottom-left, right top-left
    old = get(point)
    fresh_tr = old is None
    if old is None:
        points[point] = tr + _TILE
        if c - DOWN in slots:
            _bump(slots, leads, c - DOWN, (tr + 1) * 1000)
        if point - DOWN in slots:
            _bump(slots, leads, point - DOWN, (tr + 1) * 100)
        if point in slots:
            _bump(slots, leads, point, tr + 1)
    else:
        points[point] = old + _TILE
        if tr and old >= 3 * _TILE:
            done.append(tr)
    point = c + DOWN  # bottom-left: left has it bottom-right, down-left top-right, down top-left
    old = get(point)
    fresh_bl = old is None
    if old is None:
        points[point] = bl + _TILE
        if c - RIGHT in slots:
            _bump(slots, leads, c - RIGHT, (bl + 1) * 1000)
        if point - RIGHT in slots:
            _bump(slots, leads, point - RIGHT, (bl + 1) * 10)
        if point in slots:
            _bump(slots, leads, point, bl + 1)
    else:
        points[point] = old + _TILE
        if bl and old >= 3 * _TILE:
            done.append(bl)
    point = c + RIGHT + DOWN  # bottom-right: right has it bottom-left, down top-right, ...
    old = get(point)
    fresh_br = old is None
    if old is None:
        points[point] = br + _TILE
        if c + RIGHT in slots:
            _bump(slots, leads, c + RIGHT, (br + 1) * 100)
        if c + DOWN in slots:
            _bump(slots, leads, c + DOWN, (br + 1) * 10)
        if point in slots:  # down-right has it top-left
            _bump(slots, leads, point, br + 1)
    else:
        points[point] = old + _TILE
        if br and old >= 3 * _TILE:
            done.append(br)
    # Each side showing a creature part: the empty cell beside becomes a slot (if it is not one
    # already). A side with a point no tile was on has no tile beside it; else look. Its key:
    # this tile's two points on that side, and its other two points as they are.
    if tl or bl:
        side = (
            c - RIGHT
        )  # left: this tile's top-left is its top-right, bottom-left its bottom-right
        if side not in slots and (fresh_tl or fresh_bl or (x - 1, y) not in board):
            key = (tl + 1) * 10 + (bl + 1) * 1000
            old = get(side)
            if old is not None:
                key += (old & _VALUE) + 1
            old = get(side + DOWN)
            if old is not None:
                key += ((old & _VALUE) + 1) * 100
            _new_slot(slots, leads, side, key)
    if tr or br:
        side = c + RIGHT  # right: this tile's top-right is its top-left, bottom-right bottom-left
        if side not in slots and (fresh_tr or fresh_br or (x + 1, y) not in board):
            key = tr + 1 + (br + 1) * 100
            old = get(side + RIGHT)
            if old is not None:
                key += ((old & _VALUE) + 1) * 10
            old = get(side + RIGHT + DOWN)
            if old is not None:
                key += ((old & _VALUE) + 1) * 1000
            _new_slot(slots, leads, side, key)
    if tl or tr:
        side = c - DOWN  # up: this tile's top-left is its bottom-left, top-right bottom-right
        if side not in slots and (fresh_tl or fresh_tr or (x, y - 1) not in board):
            key = (tl + 1) * 100 + (tr + 1) * 1000
            old = get(side)
            if old is not None:
                key += (old & _VALUE) + 1
            old = get(side + RIGHT)
            if old is not None:
                key += ((old & _VALUE) + 1) * 10
            _new_slot(slots, leads, side, key)
    if bl or br:
        side = c + DOWN  # down: this tile's bottom-left is its top-left, bottom-right top-right
        if side not in slots and (fresh_bl or fresh_br or (x, y + 1) not in board):
            key = bl + 1 + (br + 1) * 10
            old = get(side + DOWN)
            if old is not None:
                key += ((old & _VALUE) + 1) * 100
            old = get(side + RIGHT + DOWN)
            if old is not None:
                key += ((old & _VALUE) + 1) * 1000
            _new_slot(slots, leads, side, key)
    return done


def remove(state: ThrowState, cell: Cell) -> int:
    """Take the tile at ``cell`` off the seascape (changing ``state``); its orientation.

    As when a tile is lifted (see :func:`_touching`): the slots around keep their keys but for
    the points only this tile was on, which become free, and one beside it stays a slot only if
    it still joins by another side; the cell itself becomes a slot if a tile beside joins it."""
    board, points, slots = state.board, state.points, state.slots
    code = board.pop(cell)
    state.placed &= ~_BITS[code]
    state.cuts = state.touches = None
    x, y = cell
    c = x * RIGHT + y + _ORIGIN
    for near in slots.keys() & map(c.__add__, _LIFT_AT):
        shared, sides = _LIFT_AT[near - c]
        key = slots[near]
        for point, weight in shared:
            value = points[c + point]
            if value < 2 * _TILE:
                key -= ((value & _VALUE) + 1) * weight
        if sides and not _joins(board, points, cell_of(near)):
            _set_slot(state, near, None)
        elif key != slots[near]:
            _set_slot(state, near, key)
    for corner in _CORNER_IDS:
        point = c + corner
        if points[point] < 2 * _TILE:
            del points[point]
        else:  # the tiles left on the point (which agree) keep its value
            points[point] -= _TILE
    if _joins(board, points, cell):
        _set_slot(state, c, _key(points, c))
    return code


class Survey(NamedTuple):
    """What one pass over a loaded seascape finds (see :func:`survey`)."""

    points: dict[int, int]
    """``points`` as :func:`place` keeps them; a point takes the value of the first tile on it."""
    clash: tuple[int, int, int] | None
    """The first tile (board order) whose corner disagrees with a tile before it on the same
    point, as ``(orientation, x, y)``; ``None`` when every point agrees."""
    alone: tuple[int, int, int] | None
    """The first tile with no tile beside it, as ``(orientation, x, y)``; ``None`` if none."""
    joins: dict[int, bool]
    """Every empty cell beside the seascape (by id) → whether a tile beside it shows a creature
    part on their shared side."""
    placed: int
    """The tiles on the seascape as a mask (``placed``)."""


def survey(board: dict[Cell, int]) -> Survey:
    """One pass over ``board`` for :func:`rebuild` and the loader's checks: points, the first
    clash and the first lonely tile, the cells beside, and the tiles placed."""
    points: dict[int, int] = {}
    joins: dict[int, bool] = {}
    clash = alone = None
    placed = 0
    cells = {x * RIGHT + y + _ORIGIN for x, y in board}
    for (x, y), code in board.items():
        placed |= _BITS[code]
        c = x * RIGHT + y + _ORIGIN
        for point, value in _CORNER_VALUES[code]:
            point += c
            old = points.get(point)
            if old is None:
                points[point] = value + _TILE
            else:
                points[point] = old + _TILE
                if clash is None and old & _VALUE != value:
                    clash = (code, x, y)
        lonely = True
        values = ORIENTED[code]
        for _, _, offset, a, b in _EDGES:
            side = c + offset
            if side in cells:
                lonely = False
            elif values[a] or values[b]:
                joins[side] = True
            elif side not in joins:
                joins[side] = False
        if lonely and alone is None:
            alone = (code, x, y)
    return Survey(points, clash, alone, joins, placed)


def rebuild(state: ThrowState, found: Survey | None = None) -> None:
    """Work out ``points``, ``slots``, ``leads`` and ``placed`` from ``board`` (after loading;
    ``found``: the board's :func:`survey`, when the caller has it). The seascape must be
    consistent (every point agrees)."""
    if found is None:
        found = survey(state.board)
    points = found.points
    slots: dict[int, int] = {}
    leads: list[tuple[int, ...]] = [()] * LEAD_COUNT
    for cell, joined in found.joins.items():
        if joined:
            _new_slot(slots, leads, cell, _key(points, cell))
    state.points, state.slots, state.leads, state.placed = points, slots, leads, found.placed
    state.cuts = state.touches = None


# --- completions -------------------------------------------------------------------------------


def complete_points(state: ThrowState) -> set[Cell]:
    """Every grid point whose creature is complete (four tiles around it)."""
    return {cell_of(p) for p, v in state.points.items() if v > _COMPLETE}


def in_complete_creature(state: ThrowState, cell: Cell) -> bool:
    """Whether the tile at ``cell`` is part of a complete creature (one of its corners is a
    creature whose four tiles are all placed)."""
    c = cell_id(*cell)
    get = state.points.get
    return any(get(c + corner, 0) > _COMPLETE for corner in _CORNER_IDS)


def creature_points(species: int) -> int:
    """Solo points of a completed creature: 2 for a large one, 1 for a small one."""
    return 2 if species in LARGE else 1


# --- Magic Touch -------------------------------------------------------------------------------


_STEPS: tuple[int, ...] = (-RIGHT, RIGHT, -DOWN, DOWN)
"""The id offsets of the cells beside a cell (left, right, up, down)."""


def _grid(board: dict[Cell, int]) -> dict[int, int]:
    """``board`` keyed by cell id."""
    return {x * RIGHT + y + _ORIGIN: code for (x, y), code in board.items()}


def _cut_ids(grid: dict[int, int]) -> set[int]:
    """The ids of the cells whose tile holds the seascape together (see :func:`cut_cells`):
    the articulation points of the side-by-side graph, by Tarjan's depth-first search (85 tiles
    at most, so recursion is safe, and cheaper than a stack of our own)."""
    cuts: set[int] = set()
    if len(grid) < 3:
        return cuts
    order: dict[int, int] = {}

    def visit(cell: int, parent: int) -> int:
        """Number ``cell`` and search below it; the lowest number its subtree reaches back to."""
        order[cell] = first = low = len(order)
        for beside in (cell - RIGHT, cell + RIGHT, cell - DOWN, cell + DOWN):
            if beside in grid:
                seen = order.get(beside)
                if seen is None:
                    below = visit(beside, cell)
                    if below >= first and parent:
                        cuts.add(cell)  # the tiles below hold on only through this one
                    if below < low:
                        low = below
                elif seen < low and beside != parent:
                    low = seen
        return low

    root = min(grid)
    order[root] = 0
    children = 0
    for beside in (root - RIGHT, root + RIGHT, root - DOWN, root + DOWN):
        if beside in grid and beside not in order:
            children += 1
            visit(beside, root)
    if children > 1:
        cuts.add(root)
    return cuts


def cut_cells(board: dict[Cell, int]) -> set[Cell]:
    """The cells whose tile holds the seascape together: lifting one of them would split the
    rest in two or more pieces (the articulation points of the side-by-side graph)."""
    return {cell_of(cell) for cell in _cut_ids(_grid(board))}


def _cuts_after(
    board: dict[Cell, int], cuts: frozenset[int], x: int, y: int
) -> frozenset[int] | None:
    """The cut cells (see :func:`cut_cells`) once a tile is put at ``(x, y)`` (``board`` has
    it), from ``cuts`` before; ``None`` when they must be worked out again.

    A tile beside a single other one hangs off it, which then holds that tile to the rest (when
    there is a rest); no other cell's part changes. A tile beside several closes a loop, which
    may free cells on it."""
    if len(board) < 3:
        return frozenset()
    beside = [side for side in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if side in board]
    if len(beside) != 1:
        return None
    bx, by = beside[0]
    return cuts | {bx * RIGHT + by + _ORIGIN}


def _movable_ids(state: ThrowState, grid: dict[int, int]) -> list[int]:
    """The ids of the cells :func:`movable` lists, in the same order."""
    if len(grid) < 2:
        return []
    if state.cuts is None:
        state.cuts = frozenset(_cut_ids(grid))
    fixed = set(state.cuts)
    for point, value in state.points.items():
        if value > _COMPLETE:  # a complete creature: its four tiles stay
            fixed.update((point - RIGHT - DOWN, point - DOWN, point - RIGHT, point))
    return sorted(grid.keys() - fixed)


def movable(state: ThrowState) -> list[Cell]:
    """Cells of tiles Magic Touch may move: a tile that is no part of a complete creature and
    whose lifting leaves the rest of the seascape in one piece (any such tile, not only one at
    the end of a line), when the seascape holds at least two tiles."""
    return [cell_of(cell) for cell in _movable_ids(state, _grid(state.board))]


def _lift_table(
    dx: int, dy: int
) -> tuple[int, tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]:
    """For the cell ``(dx, dy)`` from a lifted tile: its id offset; the lifted tile's points it
    shares, as ``(point id offset from the lifted tile, weight in its key)``; and, when it is
    beside the lifted tile, its other three sides as ``(id offset of the cell on that side, id
    offsets of its two points on that side)``: the ways it may still join."""
    shared = tuple(
        (cell_id(ox, oy) - _ORIGIN, _WEIGHTS[CORNER_OFFSETS.index((ox - dx, oy - dy))])
        for ox, oy in CORNER_OFFSETS
        if (ox - dx, oy - dy) in CORNER_OFFSETS
    )
    sides = tuple(
        (offset, _CORNER_IDS[a], _CORNER_IDS[b])
        for sx, sy, offset, a, b in _EDGES
        if abs(dx) + abs(dy) == 1 and (sx, sy) != (-dx, -dy)
    )
    return cell_id(dx, dy) - _ORIGIN, shared, sides


_LIFT_AT = {
    offset: (shared, sides)
    for offset, shared, sides in (_lift_table(dx, dy) for dx, dy in _AROUND_CELL)
}
""":func:`_lift_table` for each of the eight cells around a lifted tile, by its id offset."""


def moves(state: ThrowState) -> list[tuple[int, int, int, int]]:
    """Every Magic Touch move ``(tile, x, y, rotation)``: a :func:`movable` tile to another
    cell where it is legal once lifted."""
    return [unpack(fit) for fit in touching(state)]


def touching(state: ThrowState) -> list[int]:
    """Every Magic Touch move (see :func:`moves`), each as one int (see :func:`unpack`), sorted;
    kept in ``state.touches`` (do not change the list)."""
    if state.touches is None:
        state.touches = _touching(state)
    return state.touches


def _lifted(
    grid: dict[int, int], points: dict[int, int], slots: dict[int, int], c: int
) -> list[tuple[int, int]]:
    """``(cell id, key)`` of the slots around the tile at ``c`` (of ``grid``, the board by
    cell id) once it is lifted (see :func:`_touching`). Written out cell by cell, as
    :func:`place` is, for the same reason."""
    get = slots.get
    value = points.get
    out = []
    lone = 2 * _TILE  # a point's count below this: the lifted tile was the only one on it
    # The four diagonal cells share one point each with the lifted tile.
    near = c - RIGHT - DOWN
    key = get(near)
    if key is not None:
        v = points[c]
        out.append((near, key - ((v & _VALUE) + 1) * 1000 if v < lone else key))
    near = c + RIGHT - DOWN
    key = get(near)
    if key is not None:
        v = points[c + RIGHT]
        out.append((near, key - ((v & _VALUE) + 1) * 100 if v < lone else key))
    near = c - RIGHT + DOWN
    key = get(near)
    if key is not None:
        v = points[c + DOWN]
        out.append((near, key - ((v & _VALUE) + 1) * 10 if v < lone else key))
    near = c + RIGHT + DOWN
    key = get(near)
    if key is not None:
        v = points[c + RIGHT + DOWN]
        out.append((near, key - (v & _VALUE) - 1 if v < lone else key))
    # The four cells beside share two points each, and must still join by another side.
    near = c - RIGHT  # left: the lifted tile's top-left is its top-right, bottom-left bottom-right
    key = get(near)
    if key is not None and (
        (near - RIGHT in grid and (value(near, 0) & _VALUE or value(near + DOWN, 0) & _VALUE))
        or (near - DOWN in grid and (value(near, 0) & _VALUE or value(c, 0) & _VALUE))
        or (near + DOWN in grid and (value(near + DOWN, 0) & _VALUE or value(c + DOWN, 0) & _VALUE))
    ):
        v = points[c]
        if v < lone:
            key -= ((v & _VALUE) + 1) * 10
        v = points[c + DOWN]
        if v < lone:
            key -= ((v & _VALUE) + 1) * 1000
        out.append((near, key))
    near = c + RIGHT  # right: top-right is its top-left, bottom-right its bottom-left
    key = get(near)
    if key is not None and (
        (
            near + RIGHT in grid
            and (value(near + RIGHT, 0) & _VALUE or value(near + RIGHT + DOWN, 0) & _VALUE)
        )
        or (near - DOWN in grid and (value(near, 0) & _VALUE or value(near + RIGHT, 0) & _VALUE))
        or (
            near + DOWN in grid
            and (value(near + DOWN, 0) & _VALUE or value(near + RIGHT + DOWN, 0) & _VALUE)
        )
    ):
        v = points[near]
        if v < lone:
            key -= (v & _VALUE) + 1
        v = points[near + DOWN]
        if v < lone:
            key -= ((v & _VALUE) + 1) * 100
        out.append((near, key))
    near = c - DOWN  # up: top-left is its bottom-left, top-right its bottom-right
    key = get(near)
    if key is not None and (
        (near - DOWN in grid and (value(near, 0) & _VALUE or value(near + RIGHT, 0) & _VALUE))
        or (near - RIGHT in grid and (value(near, 0) & _VALUE or value(c, 0) & _VALUE))
        or (
            near + RIGHT in grid
            and (value(near + RIGHT, 0) & _VALUE or value(c + RIGHT, 0) & _VALUE)
        )
    ):
        v = points[c]
        if v < lone:
            key -= ((v & _VALUE) + 1) * 100
        v = points[c + RIGHT]
        if v < lone:
            key -= ((v & _VALUE) + 1) * 1000
        out.append((near, key))
    near = c + DOWN  # down: bottom-left is its top-left, bottom-right its top-right
    key = get(near)
    if key is not None and (
        (
            near + DOWN in grid
            and (value(near + DOWN, 0) & _VALUE or value(near + RIGHT + DOWN, 0) & _VALUE)
        )
        or (near - RIGHT in grid and (value(near, 0) & _VALUE or value(near + DOWN, 0) & _VALUE))
        or (
            near + RIGHT in grid
            and (value(near + RIGHT, 0) & _VALUE or value(near + RIGHT + DOWN, 0) & _VALUE)
        )
    ):
        v = points[near]
        if v < lone:
            key -= (v & _VALUE) + 1
        v = points[near + RIGHT]
        if v < lone:
            key -= ((v & _VALUE) + 1) * 10
        out.append((near, key))
    return out


def _touching(state: ThrowState) -> list[int]:
    """:func:`touching` worked out.

    A slot away from the lifted tile (not among the eight cells around it) keeps its key, so
    it is matched as for a hand (see :func:`fitting`). Lifting makes no new slot (no side joins
    that did not before): a slot around the lifted tile keeps its key but for the points only
    that tile was on, which become free, and one beside it stays a slot only if it still joins
    by another side."""
    points, slots = state.points, state.slots
    grid = _grid(state.board)
    leads = state.leads
    out: list[int] = []
    for source in _movable_ids(state, grid):
        code = grid[source]
        for lead, keys, place in LEADS[code >> 1]:
            for target in leads[lead]:
                if slots[target] in keys and target - source not in _NEAR:
                    out.append(place | target << 1)
        upright, turned = ORIENTATION_KEYS[code & ~1], ORIENTATION_KEYS[code | 1]
        place = (code >> 1) << 17
        for near, key in _lifted(grid, points, slots, source):
            if key in upright:
                out.append(place | near << 1)
            if key in turned:
                out.append(place | near << 1 | 1)
    out.sort()
    return out
