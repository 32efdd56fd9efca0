"""Where a tile's four paths run inside its drawing: a small router over a character grid (pure).

A tile is drawn on a ``width`` x ``height`` grid of character cells. Its eight path ends lie on
its sides (:func:`end_cells`: two per side, about a third of the way in from each corner, in the
rules' clockwise order: 0, 1 north west to east; 2, 3 east north to south; 4, 5 south east to
west; 6, 7 west south to north). Each end cell carries a stub out of the tile (up for a north
end …), so the lines of neighbouring tiles join across their shared side.

:func:`route` lays the four paths of a pairing as lines of cells: every cell holds one path
going straight or turning once, or two paths crossing straight (``┼``); a path never touches
another path's end cell (unless ``cross_ends``: then it may cross one straight). It tries the
paths in every order (each one the cheapest way around the ones already laid: steps, turns,
crossings and running beside another line cost) and keeps the cheapest whole drawing in which
every path has a straight cell off the crossings for its symbol (:attr:`Route.marks`),
preferring drawings that leave the middle of the tile free for what stands on it. Results are
cached per pairing and size.

Five lines route every pattern (the roomy 12x5 tile). Fewer cannot: where the four paths all
run between the left and the right half of a tile (24 of the 105 pairings), a line down the
middle is crossed by four paths, each on a line of its own, so a tile three lines high (the
compact 7x3 one) cannot hold them all. There :func:`route` leaves out the fewest paths that let
the others be drawn (``tunnels``): such a path has no line, its two ends are marked instead (by
its symbol, never two such paths of one symbol on a tile, so the marks pair up). The compact
drawing shows a path's symbol by its line style, so it needs no symbol cell
(``symbol_cells=False``): then exactly those 24 pairings (68 of the 256 placed tiles) get
tunnels; requiring a symbol cell on every line would give 166 of 256.

Directions are bits: :data:`UP`, :data:`RIGHT`, :data:`DOWN`, :data:`LEFT`.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
STEP: dict[int, tuple[int, int]] = {UP: (0, -1), RIGHT: (1, 0), DOWN: (0, 1), LEFT: (-1, 0)}
OPPOSITE: dict[int, int] = {UP: DOWN, DOWN: UP, LEFT: RIGHT, RIGHT: LEFT}
SIDE_STUB = (UP, RIGHT, DOWN, LEFT)
"""The stub out of the tile of an end on side 0 (north) … 3 (west)."""

Point = tuple[int, int]
Pairing = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Route:
    """The drawing of one pairing: ``cells[(x, y)]`` is a tuple of ``(path, mask)`` (one entry,
    or two for a crossing), ``path`` the index of the pair in the pairing, ``mask`` the
    direction bits of its line there; ``marks[path]`` the cell where its symbol is drawn (for a
    path in ``tunnels``: the cell of its first end)."""

    width: int
    height: int
    cells: dict[Point, tuple[tuple[int, int], ...]]
    marks: tuple[Point, ...]
    tunnels: tuple[int, ...] = ()
    """The paths left without a line (their two end cells are marked instead)."""


def end_cells(width: int, height: int) -> tuple[Point, ...]:
    """The cell of each path end 0..7 on a ``width`` x ``height`` tile (a north or south end
    ``(width - 2) // 3`` cells in from its corner: 3 on the roomy 12-wide tile, 1 on the compact
    7-wide one, which leaves the most room between the two ends of a side)."""
    a = max((width - 2) // 3, 1)
    b = (height - 1) // 3
    right, bottom = width - 1, height - 1
    return (
        (a, 0), (right - a, 0),
        (right, b), (right, bottom - b),
        (right - a, bottom), (a, bottom),
        (0, bottom - b), (0, b),
    )  # fmt: skip


def _lay(
    width: int,
    height: int,
    start: int,
    goal: int,
    taken: dict[Point, list[int]],
    ends: tuple[Point, ...],
    *,
    cross_ends: bool = False,
    blocked: frozenset[Point] = frozenset(),
) -> list[tuple[Point, int]] | None:
    """The cheapest line from end ``start`` to end ``goal`` around the cells ``taken`` (cell ->
    masks already there) and ``blocked``: a list of (cell, mask), or ``None``. With
    ``cross_ends`` the line may cross another path's end cell straight, across the way that
    end's own line runs (which must then run straight through it)."""
    end_at = {cell: end for end, cell in enumerate(ends)}
    first = ends[start]
    stub_in = SIDE_STUB[start // 2]
    goal_cell = ends[goal]
    goal_stub = SIDE_STUB[goal // 2]
    cx, cy = (width - 1) / 2, (height - 1) / 2
    # state: (cell, direction travelled into it); the start cell is entered from outside
    start_state = (first, OPPOSITE[stub_in])
    best: dict[tuple[Point, int], float] = {start_state: 0.0}
    back: dict[tuple[Point, int], tuple[tuple[Point, int], int] | None] = {start_state: None}
    queue: list[tuple[float, int, Point, int]] = [(0.0, 0, first, OPPOSITE[stub_in])]
    tick = 0
    while queue:
        cost, _, cell, moving = heapq.heappop(queue)
        if cost > best.get((cell, moving), 1e9):
            continue
        came = OPPOSITE[moving]
        if cell == goal_cell:
            if came == goal_stub:
                continue
            out: list[tuple[Point, int]] = [(cell, came | goal_stub)]
            state: tuple[Point, int] = (cell, moving)
            while True:
                link = back[state]
                if link is None:
                    break
                prev_state, out_dir = link
                prev_cell, prev_moving = prev_state
                prev_came = OPPOSITE[prev_moving]
                mask = (stub_in if prev_cell == first else prev_came) | out_dir
                out.append((prev_cell, mask))
                state = prev_state
            out.reverse()
            cells = [c for c, _ in out]
            return out if len(set(cells)) == len(cells) else None
        for out_dir in (UP, RIGHT, DOWN, LEFT):
            if out_dir == came or (cell == first and out_dir == stub_in):
                continue
            here = taken.get(cell)
            if here:  # a crossing: straight on, across one straight line
                if out_dir != moving or len(here) != 1 or here[0] & (moving | came):
                    continue
                if here[0] not in (UP | DOWN, LEFT | RIGHT):
                    continue
            if cell != first and cell in end_at and out_dir != moving:
                continue  # across another path's end: straight on
            dx, dy = STEP[out_dir]
            nx, ny = cell[0] + dx, cell[1] + dy
            if not (0 <= nx < width and 0 <= ny < height):
                continue
            nxt = (nx, ny)
            if nxt in blocked:
                continue
            if nxt in end_at and nxt != goal_cell:
                stub = SIDE_STUB[end_at[nxt] // 2]
                if not cross_ends or out_dir in (stub, OPPOSITE[stub]):
                    continue
            there = taken.get(nxt)
            if there and len(there) != 1:
                continue
            across = UP | DOWN if out_dir in (UP, DOWN) else LEFT | RIGHT
            if (  # its end crossed already: come in straight, across that line
                there
                and nxt == goal_cell
                and (not cross_ends or out_dir != goal_stub or there[0] & across)
            ):
                continue
            step = 1.0
            if out_dir != moving and cell != first:
                step += 0.6
            elif out_dir != moving:
                step += 0.3
            if there:
                step += 2.5
            # keep the middle of the tile free when the line can go round
            if abs(nx - cx) <= 1 and abs(ny - cy) < 1:
                step += 0.4
            # keep apart from the lines already laid (side by side they read as one)
            if not there:
                step += 0.35 * sum(
                    1
                    for ddx, ddy in STEP.values()
                    if (nx + ddx, ny + ddy) in taken and (nx + ddx, ny + ddy) != cell
                )
            new = cost + step
            key = (nxt, out_dir)
            if new < best.get(key, 1e9):
                best[key] = new
                back[key] = ((cell, moving), out_dir)
                tick += 1
                heapq.heappush(queue, (new, tick, nxt, out_dir))
    return None


def _marks(
    lines: list[list[tuple[Point, int]]],
    taken: dict[Point, list[int]],
    ends: tuple[Point, ...],
    at_ends: bool = False,
) -> tuple[Point, ...] | None:
    """For each path, the straight cell nearest its middle that is no crossing and no end (with
    ``at_ends``: its own end cells too, when nothing else is left)."""
    out: list[Point] = []
    for line in lines:
        spots = [
            i
            for i, (cell, mask) in enumerate(line)
            if len(taken[cell]) == 1 and mask in (UP | DOWN, LEFT | RIGHT)
        ]
        inner = [i for i in spots if line[i][0] not in ends]
        if inner or not at_ends:
            spots = inner
        if not spots:
            return None
        middle = (len(line) - 1) / 2
        out.append(line[min(spots, key=lambda i: (abs(i - middle), i))][0])
    return tuple(out)


def _bound(pairing: Pairing, paths: list[int], ends: tuple[Point, ...]) -> int:
    """The fewest cells ``paths`` can take (their ends' distance): a lower bound of their cost."""
    total = 0
    for path in paths:
        (ax, ay), (bx, by) = ends[pairing[path][0]], ends[pairing[path][1]]
        total += abs(ax - bx) + abs(ay - by) + 1
    return total


@lru_cache(maxsize=2048)
def route(
    pairing: Pairing,
    width: int,
    height: int,
    *,
    kinds: str = "",
    tunnels: int = 0,
    cross_ends: bool = False,
    symbol_cells: bool = True,
) -> Route:
    """The drawing of ``pairing`` (four pairs of ends) on a ``width`` x ``height`` tile (see the
    module docstring). Raises ``ValueError`` if no order of the paths fits.

    The orders are searched depth first, sharing their common beginnings, and a branch is left
    as soon as its cost so far plus the least the remaining paths could cost reaches the best
    whole drawing found.

    A small tile (the compact one) cannot hold every pattern as four lines: with ``tunnels``,
    when no drawing of every path fits, the fewest paths that let the others be drawn (each
    with a straight cell for its symbol) are left without a line, up to ``tunnels`` of them and
    never two of the same kind in ``kinds`` (one letter per path), so that each such path's two
    ends can be told by its symbol; ``cross_ends`` lets a line cross another path's end cell
    straight (see :func:`_lay`). Without ``symbol_cells`` no path needs a cell for its symbol
    (the compact drawing shows a path's symbol by its line style): only lines that cannot be
    laid at all make tunnels."""
    ends = end_cells(width, height)
    for need_marks in (tunnels > 0 and symbol_cells, False):
        for count in range(tunnels + 1):
            for left_out in combinations(range(len(pairing)), count):
                if kinds and len({kinds[p] for p in left_out}) < count:
                    continue
                found = _route_drawn(
                    pairing, width, height, left_out, cross_ends, ends, need_marks, symbol_cells
                )
                if found is not None:
                    return found
            if tunnels == 0:
                break
        if not need_marks:
            break
    raise ValueError(f"no drawing of {pairing} fits {width}x{height}")


def _route_drawn(
    pairing: Pairing,
    width: int,
    height: int,
    left_out: tuple[int, ...],
    cross_ends: bool,
    ends: tuple[Point, ...],
    need_marks: bool,
    symbol_cells: bool = True,
) -> Route | None:
    """The cheapest drawing of the paths of ``pairing`` not in ``left_out`` (their end cells
    blocked), or ``None``; with ``need_marks`` a drawing without a symbol cell for every drawn
    path does not count; without ``symbol_cells`` a drawing lacking one costs nothing more."""
    cx, cy = (width - 1) / 2, (height - 1) / 2
    best: list[tuple[float, Route]] = []
    blocked = frozenset(ends[e] for p in left_out for e in pairing[p])
    drawn = [p for p in range(len(pairing)) if p not in left_out]

    def finish(
        lines: list[list[tuple[Point, int]]], taken: dict[Point, list[int]], total: float
    ) -> None:
        marks = _marks([lines[p] for p in drawn], taken, ends, at_ends=cross_ends)
        if marks is None and need_marks:
            return
        middle = sum(1 for (x, y) in taken if abs(x - cx) <= 1 and abs(y - cy) < 1)
        score = total + middle * 0.5 + (0 if marks is not None or not symbol_cells else 100)
        if not best or score < best[0][0]:
            owners: dict[Point, list[tuple[int, int]]] = {}
            for path, line in enumerate(lines):
                for cell, mask in line:
                    owners.setdefault(cell, []).append((path, mask))
            cells = {cell: tuple(found) for cell, found in owners.items()}
            placed = iter(marks or tuple(lines[p][len(lines[p]) // 2][0] for p in drawn))
            spots = tuple(
                ends[pairing[p][0]] if p in left_out else next(placed) for p in range(len(pairing))
            )
            best[:] = [(score, Route(width, height, cells, spots, left_out))]

    def search(
        left: list[int],
        lines: list[list[tuple[Point, int]]],
        taken: dict[Point, list[int]],
        total: float,
    ) -> None:
        if not left:
            finish(lines, taken, total)
            return
        if best and total + _bound(pairing, left, ends) >= best[0][0]:
            return
        for path in left:
            a, b = pairing[path]
            line = _lay(width, height, a, b, taken, ends, cross_ends=cross_ends, blocked=blocked)
            if line is None:
                continue
            grown = {cell: masks[:] for cell, masks in taken.items()}
            for cell, mask in line:
                grown.setdefault(cell, []).append(mask)
            cost = len(line) + sum(2.5 for cell, _ in line if len(grown[cell]) > 1)
            lines[path] = line
            search([p for p in left if p != path], lines, grown, total + cost)
            lines[path] = []

    search(drawn, [[] for _ in pairing], {}, 0.0)
    return best[0][1] if best else None
