"""The seascape's geometry: corner values at grid points, legal places, completions, the lock.

Everything works on a :class:`~.state.ThrowState`'s ``board`` / ``points`` / ``frontier``
(:func:`place` and :func:`remove` keep the derived ones in step). Legal places are found from
the frontier (the empty cells beside the seascape) and the corner-pattern index of
:mod:`.components`, never by scanning the plane.

The placement rule (components.md section 4): the cell is empty and shares a side with a placed
tile; every grid point the tile shares with placed tiles has the same value as its corner there
(the same species, or water with water); and at least one point shared with a tile *beside* it
(not only diagonally) shows a creature part.
"""

from __future__ import annotations

from gardens_tui.rules.throw_octopus.components import LARGE, ORIENTED
from gardens_tui.rules.throw_octopus.state import Cell, ThrowState

SIDES: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
"""Left, right, up, down."""

CORNER_OFFSETS: tuple[Cell, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
"""Grid point of each corner (TL, TR, BL, BR) relative to the cell."""

AROUND_POINT: tuple[tuple[int, int, int], ...] = ((-1, -1, 3), (0, -1, 2), (-1, 0, 1), (0, 0, 0))
"""The four cells around a point ``(dx, dy)`` and which of their corners lies on it."""


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


def requirement(
    board: dict[Cell, int], points: dict[Cell, int], cell: Cell
) -> tuple[tuple[int | None, ...], bool]:
    """The corner values ``cell`` must show (``None``: free) and whether a creature part of a
    tile beside it would join there."""
    x, y = cell
    get = points.get
    need = (get((x, y)), get((x + 1, y)), get((x, y + 1)), get((x + 1, y + 1)))
    tl, tr, bl, br = need
    joins = bool(
        ((x - 1, y) in board and (tl or bl))
        or ((x + 1, y) in board and (tr or br))
        or ((x, y - 1) in board and (tl or tr))
        or ((x, y + 1) in board and (bl or br))
    )
    return need, joins


_WEIGHTS = (1, 10, 100, 1000)
"""The digit of each corner (TL, TR, BL, BR) in a corner-pattern key (value + 1, 0 for free)."""

_CORNERS: tuple[tuple[int, int, tuple[tuple[int, int, int], ...]], ...] = tuple(
    (
        ox,
        oy,
        tuple(
            (ox + ax, oy + ay, _WEIGHTS[k])
            for ax, ay, k in AROUND_POINT
            if (ox + ax, oy + ay) != (0, 0)
        ),
    )
    for ox, oy in CORNER_OFFSETS
)
"""Per corner of a cell: the corner's point ``(dx, dy)`` from the cell, and the other three
cells around that point ``(dx, dy, weight)`` with the weight of the point in their key."""

_EDGES: tuple[tuple[int, int, int, int], ...] = (
    (-1, 0, 0, 2),
    (1, 0, 1, 3),
    (0, -1, 0, 1),
    (0, 1, 2, 3),
)
"""Per side of :data:`SIDES`: the neighbour ``(dx, dy)`` and the two corners of the cell on
that side (the points it shares with the neighbour)."""


def slot_key(board: dict[Cell, int], points: dict[Cell, int], x: int, y: int) -> int | None:
    """The corner-pattern key of the empty cell ``(x, y)`` if a creature part of a tile beside
    it would join there (its entry in ``slots``), else ``None``."""
    get = points.get
    tl = get((x, y))
    tr = get((x + 1, y))
    bl = get((x, y + 1))
    br = get((x + 1, y + 1))
    if not (
        ((tl or bl) and (x - 1, y) in board)
        or ((tr or br) and (x + 1, y) in board)
        or ((tl or tr) and (x, y - 1) in board)
        or ((bl or br) and (x, y + 1) in board)
    ):
        return None
    return (
        (0 if tl is None else tl + 1)
        + (0 if tr is None else tr * 10 + 10)
        + (0 if bl is None else bl * 100 + 100)
        + (0 if br is None else br * 1000 + 1000)
    )


def _refresh(state: ThrowState, cell: Cell) -> None:
    """Recompute ``state.slots`` for ``cell``: its pattern key if a tile may join there."""
    key = None
    if cell not in state.board:
        key = slot_key(state.board, state.points, cell[0], cell[1])
    if key is None:
        state.slots.pop(cell, None)
    else:
        state.slots[cell] = key


def _refresh_around(state: ThrowState, cell: Cell) -> None:
    x, y = cell
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            _refresh(state, (x + dx, y + dy))


def fits(state: ThrowState, cell: Cell) -> tuple[int, ...]:
    """Every orientation that may be placed at ``cell`` (tiles anywhere)."""
    key = state.slots.get(cell)
    return () if key is None else state.index.get(key, ())


def hand_bits(hand: list[int]) -> int:
    """Both orientations of every tile of ``hand`` as one mask (see :data:`.components.MASKS`)."""
    bits = 0
    for tile in hand:
        bits |= 3 << (tile << 1)
    return bits


def placements(state: ThrowState, hand: list[int]) -> list[tuple[int, int, int, int]]:
    """Every legal ``(tile, x, y, rotation)`` for tiles of ``hand``, sorted."""
    bits = hand_bits(hand)
    out: list[tuple[int, int, int, int]] = []
    get = state.masks.get
    for (x, y), key in state.slots.items():
        fit = get(key, 0) & bits
        while fit:
            low = fit & -fit
            code = low.bit_length() - 1
            out.append((code >> 1, x, y, 180 if code & 1 else 0))
            fit ^= low
    out.sort()
    return out


def can_place(state: ThrowState, hand: list[int]) -> bool:
    """Whether any tile of ``hand`` has a legal place."""
    bits = hand_bits(hand)
    get = state.masks.get
    return any(get(key, 0) & bits for key in state.slots.values())


def locked(state: ThrowState) -> bool:
    """No tile off the seascape fits anywhere: the game is locked (a public fact)."""
    off_board = ~state.placed
    get = state.masks.get
    return not any(get(key, 0) & off_board for key in state.slots.values())


def clear(state: ThrowState) -> None:
    """Empty the seascape (its derived fields too)."""
    state.board, state.points, state.frontier, state.slots = {}, {}, set(), {}
    state.placed = 0


def place(state: ThrowState, cell: Cell, code: int) -> list[int]:
    """Put orientation ``code`` at ``cell`` (changing ``state``); the species of the creatures
    it completes.

    The derived fields change only around ``cell``: a point it sets for the first time adds its
    digit to the keys of the slots around that point, and a side showing a creature part makes
    the empty cell beside it a slot."""
    board, points, frontier, slots = state.board, state.points, state.frontier, state.slots
    board[cell] = code
    state.placed |= 3 << (code & ~1)
    frontier.discard(cell)
    slots.pop(cell, None)
    x, y = cell
    values = ORIENTED[code]
    done: list[int] = []
    for (ox, oy, around), value in zip(_CORNERS, values, strict=True):
        point = (x + ox, y + oy)
        old = points.get(point)
        if old == value:
            # The point was set by a tile around it: it may complete a creature.
            if value and all((x + dx, y + dy) in board for dx, dy, _ in around):
                done.append(value)
            continue
        points[point] = value
        step = value + 1 if old is None else value - old
        for dx, dy, weight in around:
            near = (x + dx, y + dy)
            if near in slots:
                slots[near] += step * weight
        if old is not None and value and all((x + dx, y + dy) in board for dx, dy, _ in around):
            done.append(value)
    for dx, dy, a, b in _EDGES:
        side = (x + dx, y + dy)
        if side not in board:
            frontier.add(side)
            if (values[a] or values[b]) and side not in slots:
                slots[side] = slot_key(board, points, x + dx, y + dy)  # type: ignore[assignment]
    return done


def remove(state: ThrowState, cell: Cell) -> int:
    """Take the tile at ``cell`` off the seascape (changing ``state``); its orientation."""
    board, points, frontier = state.board, state.points, state.frontier
    code = board.pop(cell)
    state.placed &= ~(3 << (code & ~1))
    x, y = cell
    for dx, dy in CORNER_OFFSETS:
        point = (x + dx, y + dy)
        value = point_value(board, point)
        if value is None:
            points.pop(point, None)
        else:
            points[point] = value
    for sx, sy in SIDES:
        side = (x + sx, y + sy)
        if side in board:
            frontier.add(cell)
        elif not any((side[0] + a, side[1] + b) in board for a, b in SIDES):
            frontier.discard(side)
    _refresh_around(state, cell)
    return code


def rebuild(state: ThrowState, points: dict[Cell, int] | None = None) -> None:
    """Recompute ``points``, ``frontier``, ``slots`` and ``placed`` from ``board`` (after
    loading; ``points`` when the caller has worked them out already).

    In one pass rather than by replaying :func:`place` per tile: the result is the same (a
    cell's slot depends only on the tiles around it, and every placement refreshes those), at
    a fraction of the work, which matters because every loaded save and every conformance
    round trip rebuilds."""
    board = state.board
    frontier: set[Cell] = set()
    placed = 0
    if points is None:
        points = {}
        for (x, y), code in board.items():
            for (dx, dy), value in zip(CORNER_OFFSETS, ORIENTED[code], strict=True):
                points[(x + dx, y + dy)] = value
    for (x, y), code in board.items():
        placed |= 3 << (code & ~1)
        for side in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if side not in board:
                frontier.add(side)
    slots: dict[Cell, int] = {}
    for cell in sorted(frontier):
        key = slot_key(board, points, cell[0], cell[1])
        if key is not None:
            slots[cell] = key
    state.points, state.frontier, state.slots, state.placed = points, frontier, slots, placed


def complete_points(state: ThrowState) -> set[Cell]:
    """Every grid point whose creature is complete (four tiles around it)."""
    board = state.board
    return {
        p
        for p, v in state.points.items()
        if v and all((p[0] + a, p[1] + b) in board for a, b, _ in AROUND_POINT)
    }


def cut_cells(board: dict[Cell, int]) -> set[Cell]:
    """The cells whose tile holds the seascape together: lifting one of them would split the
    rest in two or more pieces (the articulation points of the side-by-side graph)."""
    cuts: set[Cell] = set()
    if len(board) < 3:
        return cuts
    root = min(board)
    order: dict[Cell, int] = {root: 0}
    low: dict[Cell, int] = {root: 0}
    root_children = 0
    # Depth-first search without recursion: (cell, parent, neighbours still to visit).
    stack: list[tuple[Cell, Cell | None, list[Cell]]] = [(root, None, _beside(board, root))]
    while stack:
        cell, parent, todo = stack[-1]
        if todo:
            nxt = todo.pop()
            if nxt not in order:
                order[nxt] = low[nxt] = len(order)
                stack.append((nxt, cell, _beside(board, nxt)))
                if parent is None:
                    root_children += 1
            elif nxt != parent and order[nxt] < low[cell]:
                low[cell] = order[nxt]
            continue
        stack.pop()
        if parent is not None:
            if low[cell] < low[parent]:
                low[parent] = low[cell]
            if low[cell] >= order[parent] and parent != root:
                cuts.add(parent)
    if root_children > 1:
        cuts.add(root)
    return cuts


def _beside(board: dict[Cell, int], cell: Cell) -> list[Cell]:
    x, y = cell
    return [c for c in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if c in board]


def in_complete_creature(state: ThrowState, cell: Cell) -> bool:
    """Whether the tile at ``cell`` is part of a complete creature (one of its corners is a
    creature whose four tiles are all placed)."""
    board = state.board
    x, y = cell
    return any(
        state.points.get((x + dx, y + dy))
        and all((x + dx + a, y + dy + b) in board for a, b, _ in AROUND_POINT)
        for dx, dy in CORNER_OFFSETS
    )


def in_complete_creatures(state: ThrowState) -> set[Cell]:
    """The cells of every tile that is part of a complete creature (see
    :func:`in_complete_creature`), found from each creature's top-left tile."""
    board = state.board
    get = state.points.get
    out: set[Cell] = set()
    for x, y in board:
        if (
            get((x + 1, y + 1))
            and (x + 1, y + 1) in board
            and (x + 1, y) in board
            and (x, y + 1) in board
        ):
            out.update(((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)))
    return out


def movable(state: ThrowState) -> list[Cell]:
    """Cells of tiles Magic Touch may move: a tile that is no part of a complete creature and
    whose lifting leaves the rest of the seascape in one piece (any such tile, not only one at
    the end of a line), when the seascape holds at least two tiles."""
    board = state.board
    if len(board) < 2:
        return []
    fixed = cut_cells(board)
    fixed |= in_complete_creatures(state)
    out = [cell for cell in board if cell not in fixed]
    out.sort()
    return out


def _lifted_slots(state: ThrowState, cell: Cell) -> list[tuple[Cell, int]]:
    """The slots around ``cell`` (not ``cell`` itself) once its tile is lifted: those are the
    only slots lifting it changes (a slot's key depends only on the tiles around it)."""
    board = state.board
    x, y = cell
    # The points of the lifted tile's corners keep the values of the other tiles on them.
    lifted = {
        (x + dx, y + dy): point_value(board, (x + dx, y + dy), skip=cell)
        for dx, dy in CORNER_OFFSETS
    }
    get = state.points.get
    out: list[tuple[Cell, int]] = []
    for dx, dy in _AROUND_CELL:
        nx, ny = x + dx, y + dy
        if (nx, ny) in board:
            continue
        p = (nx, ny)
        tl = lifted[p] if p in lifted else get(p)
        p = (nx + 1, ny)
        tr = lifted[p] if p in lifted else get(p)
        p = (nx, ny + 1)
        bl = lifted[p] if p in lifted else get(p)
        p = (nx + 1, ny + 1)
        br = lifted[p] if p in lifted else get(p)
        if (
            ((tl or bl) and (nx - 1, ny) != cell and (nx - 1, ny) in board)
            or ((tr or br) and (nx + 1, ny) != cell and (nx + 1, ny) in board)
            or ((tl or tr) and (nx, ny - 1) != cell and (nx, ny - 1) in board)
            or ((bl or br) and (nx, ny + 1) != cell and (nx, ny + 1) in board)
        ):
            key = (
                (0 if tl is None else tl + 1)
                + (0 if tr is None else tr * 10 + 10)
                + (0 if bl is None else bl * 100 + 100)
                + (0 if br is None else br * 1000 + 1000)
            )
            out.append(((nx, ny), key))
    return out


_AROUND_CELL: tuple[Cell, ...] = tuple(
    (dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
)
"""The eight cells around a cell."""


def moves(state: ThrowState) -> list[tuple[int, int, int, int]]:
    """Every Magic Touch move ``(tile, x, y, rotation)``: a :func:`movable` tile to another
    cell where it is legal once lifted.

    A slot away from the lifted tile (not among the eight cells around it) keeps its key, so
    the slots are matched once against every movable tile together; only the slots around each
    lifted tile are worked out again."""
    cells = movable(state)
    if not cells:
        return []
    board = state.board
    masks = state.masks
    source: dict[int, Cell] = {}
    movers = 0
    for cell in cells:
        code = board[cell]
        source[code >> 1] = cell
        movers |= 3 << (code & ~1)
    out: list[tuple[int, int, int, int]] = []
    for (tx, ty), key in state.slots.items():
        fit = masks.get(key, 0) & movers
        while fit:
            low = fit & -fit
            code = low.bit_length() - 1
            fit ^= low
            sx, sy = source[code >> 1]
            if -1 <= tx - sx <= 1 and -1 <= ty - sy <= 1:
                continue
            out.append((code >> 1, tx, ty, 180 if code & 1 else 0))
    for cell in cells:
        code = board[cell]
        upright = code & ~1
        for (tx, ty), key in _lifted_slots(state, cell):
            fit = masks.get(key, 0) >> upright
            if fit & 1:
                out.append((code >> 1, tx, ty, 0))
            if fit & 2:
                out.append((code >> 1, tx, ty, 180))
    out.sort()
    return out


def creature_points(species: int) -> int:
    """Solo points of a completed creature: 2 for a large one, 1 for a small one."""
    return 2 if species in LARGE else 1
