"""The seascape's geometry: corner values at grid points, legal places, completions, the lock.

Everything works on a :class:`~.state.ThrowState`'s ``board`` / ``points`` / ``frontier``
(:func:`place` and :func:`remove` keep the derived two in step). Legal places are found from
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

_SHARED = ((0, 2), (1, 3), (0, 1), (2, 3))
"""For each side of :data:`SIDES`, the corners of the cell on that side."""


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


def _key(need: tuple[int | None, ...]) -> int:
    tl, tr, bl, br = need
    return (
        (0 if tl is None else tl + 1)
        + (0 if tr is None else tr + 1) * 10
        + (0 if bl is None else bl + 1) * 100
        + (0 if br is None else br + 1) * 1000
    )


def _refresh(state: ThrowState, cell: Cell) -> None:
    """Recompute ``state.slots`` for ``cell``: its pattern key if a tile may join there."""
    if cell in state.frontier:
        need, joins = requirement(state.board, state.points, cell)
        if joins:
            state.slots[cell] = _key(need)
            return
    state.slots.pop(cell, None)


def _refresh_around(state: ThrowState, cell: Cell) -> None:
    x, y = cell
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            _refresh(state, (x + dx, y + dy))


def fits(state: ThrowState, cell: Cell) -> tuple[int, ...]:
    """Every orientation that may be placed at ``cell`` (tiles anywhere)."""
    key = state.slots.get(cell)
    return () if key is None else state.index.get(key, ())


def placements(state: ThrowState, hand: list[int]) -> list[tuple[int, int, int, int]]:
    """Every legal ``(tile, x, y, rotation)`` for tiles of ``hand``, sorted."""
    tiles = set(hand)
    out: list[tuple[int, int, int, int]] = []
    get = state.index.get
    for (x, y), key in state.slots.items():
        for code in get(key, ()):
            if code >> 1 in tiles:
                out.append((code >> 1, x, y, 180 if code & 1 else 0))
    out.sort()
    return out


def can_place(state: ThrowState, hand: list[int]) -> bool:
    """Whether any tile of ``hand`` has a legal place."""
    tiles = set(hand)
    get = state.index.get
    return any(code >> 1 in tiles for key in state.slots.values() for code in get(key, ()))


def locked(state: ThrowState) -> bool:
    """No tile off the seascape fits anywhere: the game is locked (a public fact)."""
    on_board: set[int] | None = None
    get = state.index.get
    for key in state.slots.values():
        codes = get(key, ())
        if codes:
            if on_board is None:
                on_board = {code >> 1 for code in state.board.values()}
            for code in codes:
                if code >> 1 not in on_board:
                    return False
    return True


def place(state: ThrowState, cell: Cell, code: int) -> list[int]:
    """Put orientation ``code`` at ``cell`` (changing ``state``); the species of the creatures
    it completes."""
    board, points, frontier = state.board, state.points, state.frontier
    board[cell] = code
    frontier.discard(cell)
    x, y = cell
    values = ORIENTED[code]
    done: list[int] = []
    for (dx, dy), value in zip(CORNER_OFFSETS, values, strict=True):
        point = (x + dx, y + dy)
        points[point] = value
        if value and all((point[0] + a, point[1] + b) in board for a, b, _ in AROUND_POINT):
            done.append(value)
    for sx, sy in SIDES:
        side = (x + sx, y + sy)
        if side not in board:
            frontier.add(side)
    _refresh_around(state, cell)
    return done


def remove(state: ThrowState, cell: Cell) -> int:
    """Take the tile at ``cell`` off the seascape (changing ``state``); its orientation."""
    board, points, frontier = state.board, state.points, state.frontier
    code = board.pop(cell)
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


def rebuild(state: ThrowState) -> None:
    """Recompute ``points``, ``frontier`` and ``slots`` from ``board`` (after loading).

    In one pass rather than by replaying :func:`place` per tile: the result is the same (a
    cell's slot depends only on the tiles around it, and every placement refreshes those), at
    a fraction of the work, which matters because every loaded save and every conformance
    round trip rebuilds."""
    board = state.board
    points: dict[Cell, int] = {}
    frontier: set[Cell] = set()
    for cell in sorted(board):
        x, y = cell
        for (dx, dy), value in zip(CORNER_OFFSETS, ORIENTED[board[cell]], strict=True):
            points[(x + dx, y + dy)] = value
        for sx, sy in SIDES:
            side = (x + sx, y + sy)
            if side not in board:
                frontier.add(side)
    state.points, state.frontier, state.slots = points, frontier, {}
    for cell in sorted(frontier):
        _refresh(state, cell)


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
    order: dict[Cell, int] = {}
    low: dict[Cell, int] = {}
    root = min(board)
    order[root] = low[root] = 0
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
                if cell == root:
                    root_children += 1
            elif nxt != parent:
                low[cell] = min(low[cell], order[nxt])
            continue
        stack.pop()
        if parent is not None:
            low[parent] = min(low[parent], low[cell])
            if parent != root and low[cell] >= order[parent]:
                cuts.add(parent)
    if root_children > 1:
        cuts.add(root)
    return cuts


def _beside(board: dict[Cell, int], cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + sx, y + sy) for sx, sy in SIDES if (x + sx, y + sy) in board]


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


def movable(state: ThrowState) -> list[Cell]:
    """Cells of tiles Magic Touch may move: a tile that is no part of a complete creature and
    whose lifting leaves the rest of the seascape in one piece (any such tile, not only one at
    the end of a line), when the seascape holds at least two tiles."""
    board = state.board
    if len(board) < 2:
        return []
    cuts = cut_cells(board)
    out = [cell for cell in board if cell not in cuts and not in_complete_creature(state, cell)]
    out.sort()
    return out


def _bare(state: ThrowState) -> ThrowState:
    """A scratch state holding copies of only the seascape's fields."""
    trial: ThrowState = object.__new__(ThrowState)
    trial.board = state.board.copy()
    trial.points = state.points.copy()
    trial.frontier = state.frontier.copy()
    trial.slots = state.slots.copy()
    return trial


def moves(state: ThrowState) -> list[tuple[int, int, int, int]]:
    """Every Magic Touch move ``(tile, x, y, rotation)``: a :func:`movable` tile to another
    cell where it is legal once lifted."""
    out: list[tuple[int, int, int, int]] = []
    index = state.index
    for cell in movable(state):
        trial = _bare(state)
        code = remove(trial, cell)
        upright = code & ~1
        for target, key in trial.slots.items():
            if target == cell:
                continue
            codes = index.get(key)
            if not codes:
                continue
            if upright in codes:
                out.append((code >> 1, target[0], target[1], 0))
            if upright + 1 in codes:
                out.append((code >> 1, target[0], target[1], 180))
    out.sort()
    return out


def creature_points(species: int) -> int:
    """Solo points of a completed creature: 2 for a large one, 1 for a small one."""
    return 2 if species in LARGE else 1
