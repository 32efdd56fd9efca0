"""Where a tile's four paths run inside its drawing: a small router over a character grid (pure).

A tile is drawn on a ``width`` x ``height`` grid of character cells. Its eight path ends lie on
its sides (:func:`end_cells`: two per side, a third of the way in from each corner, in the rules'
clockwise order: 0, 1 north west to east; 2, 3 east north to south; 4, 5 south east to west;
6, 7 west south to north). Each end cell carries a stub out of the tile (up for a north end …),
so the lines of neighbouring tiles join across their shared side.

:func:`route` lays the four paths of a pairing as lines of cells: every cell holds one path
going straight or turning once, or two paths crossing straight (``┼``); a path never touches
another path's end cell. It tries the paths in every order (each one the cheapest way around
the ones already laid: steps, turns, crossings and running beside another line cost) and
keeps the cheapest whole drawing in which every path has a straight cell off the crossings
for its symbol (:attr:`Route.marks`),
preferring drawings that leave the middle of the tile free for what stands on it. Results are
cached per pairing and size.

Directions are bits: :data:`UP`, :data:`RIGHT`, :data:`DOWN`, :data:`LEFT`.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import lru_cache

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
    direction bits of its line there; ``marks[path]`` the cell where its symbol is drawn."""

    width: int
    height: int
    cells: dict[Point, tuple[tuple[int, int], ...]]
    marks: tuple[Point, ...]


def end_cells(width: int, height: int) -> tuple[Point, ...]:
    """The cell of each path end 0..7 on a ``width`` x ``height`` tile."""
    a = (width - 1) // 3
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
) -> list[tuple[Point, int]] | None:
    """The cheapest line from end ``start`` to end ``goal`` around the cells ``taken`` (cell ->
    masks already there): a list of (cell, mask), or ``None``."""
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
            dx, dy = STEP[out_dir]
            nx, ny = cell[0] + dx, cell[1] + dy
            if not (0 <= nx < width and 0 <= ny < height):
                continue
            nxt = (nx, ny)
            if nxt in end_at and nxt != goal_cell:
                continue
            there = taken.get(nxt)
            if there and (len(there) != 1 or nxt == goal_cell):
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
    lines: list[list[tuple[Point, int]]], taken: dict[Point, list[int]], ends: tuple[Point, ...]
) -> tuple[Point, ...] | None:
    """For each path, the straight cell nearest its middle that is no crossing and no end."""
    out: list[Point] = []
    for line in lines:
        spots = [
            i
            for i, (cell, mask) in enumerate(line)
            if cell not in ends and len(taken[cell]) == 1 and mask in (UP | DOWN, LEFT | RIGHT)
        ]
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


@lru_cache(maxsize=1024)
def route(pairing: Pairing, width: int, height: int) -> Route:
    """The drawing of ``pairing`` (four pairs of ends) on a ``width`` x ``height`` tile (see the
    module docstring). Raises ``ValueError`` if no order of the paths fits.

    The orders are searched depth first, sharing their common beginnings, and a branch is left
    as soon as its cost so far plus the least the remaining paths could cost reaches the best
    whole drawing found."""
    ends = end_cells(width, height)
    cx, cy = (width - 1) / 2, (height - 1) / 2
    best: list[tuple[float, Route]] = []

    def finish(
        lines: list[list[tuple[Point, int]]], taken: dict[Point, list[int]], total: float
    ) -> None:
        marks = _marks(lines, taken, ends)
        middle = sum(1 for (x, y) in taken if abs(x - cx) <= 1 and abs(y - cy) < 1)
        score = total + middle * 0.5 + (0 if marks is not None else 100)
        if not best or score < best[0][0]:
            owners: dict[Point, list[tuple[int, int]]] = {}
            for path, line in enumerate(lines):
                for cell, mask in line:
                    owners.setdefault(cell, []).append((path, mask))
            cells = {cell: tuple(found) for cell, found in owners.items()}
            fallback = tuple(line[len(line) // 2][0] for line in lines)
            best[:] = [(score, Route(width, height, cells, marks or fallback))]

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
            line = _lay(width, height, a, b, taken, ends)
            if line is None:
                continue
            grown = {cell: masks[:] for cell, masks in taken.items()}
            for cell, mask in line:
                grown.setdefault(cell, []).append(mask)
            cost = len(line) + sum(2.5 for cell, _ in line if len(grown[cell]) > 1)
            lines[path] = line
            search([p for p in left if p != path], lines, grown, total + cost)
            lines[path] = []

    search(list(range(len(pairing))), [[] for _ in pairing], {}, 0.0)
    if not best:
        raise ValueError(f"no drawing of {pairing} fits {width}x{height}")
    return best[0][1]
