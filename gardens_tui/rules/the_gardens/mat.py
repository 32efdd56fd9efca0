"""Geometry of a player's mat: where a card may go, what is next to what, and pathway networks.

Cells are ``row * 9 + column`` (see :mod:`.state`). Everything here is a pure function of a mat
(a list of 27 ints) and is written for speed: it runs on every decision of every bot playout.
"""

from __future__ import annotations

from gardens_tui.rules.the_gardens.components import CARDS, COLUMNS, E, N, S, W
from gardens_tui.rules.the_gardens.state import CENTRAL, EMPTY

NUM_CELLS = 27

CARD_PATHS: tuple[int, ...] = tuple(card.paths for card in CARDS)
CARD_TREES: tuple[tuple[int, int, int, int], ...] = tuple(card.trees for card in CARDS)
CARD_TREE_COUNT: tuple[int, ...] = tuple(card.tree_count for card in CARDS)
CARD_STREAM: tuple[bool, ...] = tuple(card.stream for card in CARDS)
CARD_FOUNTAIN: tuple[bool, ...] = tuple(card.fountain for card in CARDS)
CARD_BENCH: tuple[bool, ...] = tuple(card.bench for card in CARDS)
CARD_STATUE: tuple[bool, ...] = tuple(card.statue for card in CARDS)


def _around(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, COLUMNS)
    return tuple(
        r * COLUMNS + c
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if (r, c) != (row, col) and 0 <= r < 3 and 0 <= c < COLUMNS
    )


def _orth(cell: int) -> tuple[tuple[int, int, int], ...]:
    """(neighbour, this cell's edge bit, the neighbour's facing edge bit)."""
    row, col = divmod(cell, COLUMNS)
    out: list[tuple[int, int, int]] = []
    if row > 0:
        out.append((cell - COLUMNS, N, S))
    if col < COLUMNS - 1:
        out.append((cell + 1, E, W))
    if row < 2:
        out.append((cell + COLUMNS, S, N))
    if col > 0:
        out.append((cell - 1, W, E))
    return tuple(out)


AROUND: tuple[tuple[int, ...], ...] = tuple(_around(c) for c in range(NUM_CELLS))
"""The up to 8 cells around each cell (orthogonal and diagonal)."""

ORTH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(_orth(c) for c in range(NUM_CELLS))
"""Per cell: ``(neighbour, own edge bit, neighbour's edge bit)`` for each orthogonal neighbour."""

ORTH_CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(n for n, _, _ in o) for o in ORTH)


def paths_of(value: int) -> int:
    """The path-end bits of a cell's content (the Central Board: all four)."""
    if value >= 0:
        return CARD_PATHS[value]
    return N | E | S | W if value == CENTRAL else 0


def placement(mat: list[int], row: int, side: str) -> int:
    """The column where a card placed on ``side`` (``"left"`` / ``"right"``) of ``row`` goes:
    next to the outermost card (or the Central Board) on that side; -1 if that is off the mat."""
    base = row * COLUMNS
    if side == "left":
        col = 0
        while mat[base + col] == EMPTY:
            col += 1
        return col - 1
    col = COLUMNS - 1
    while mat[base + col] == EMPTY:
        col -= 1
    return col + 1 if col + 1 < COLUMNS else -1


def occupied_around(mat: list[int], cell: int) -> int:
    """How many of the up to 8 cells around ``cell`` hold a card or the Central Board."""
    return sum(1 for n in AROUND[cell] if mat[n] != EMPTY)


def path_graph(mat: list[int], joined: bool) -> tuple[list[int], list[tuple[int, int]]]:
    """The pathway network: its nodes (cells with a path, the Central Board's included) and its
    edges. Two orthogonal neighbours are joined when both have a path end on their shared edge,
    or, with ``joined`` (the Conservatorium's ability), whenever both carry any path."""
    paths = [paths_of(v) for v in mat]
    nodes = [c for c in range(NUM_CELLS) if paths[c]]
    edges: list[tuple[int, int]] = []
    for c in nodes:
        p = paths[c]
        # Each edge once: look east and south only.
        if c % COLUMNS < COLUMNS - 1:
            q = paths[c + 1]
            if q and (joined or (p & E and q & W)):
                edges.append((c, c + 1))
        if c < 18:
            q = paths[c + COLUMNS]
            if q and (joined or (p & S and q & N)):
                edges.append((c, c + COLUMNS))
    return nodes, edges


def _components(nodes: list[int], edges: list[tuple[int, int]]) -> list[int]:
    parent = {c: c for c in nodes}

    def find(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    sizes: dict[int, int] = {}
    for c in nodes:
        r = find(c)
        sizes[r] = sizes.get(r, 0) + 1
    return list(sizes.values())


def largest_network(mat: list[int], joined: bool = False) -> int:
    """How many pathway cards (Central Board cells included) the largest connected network has."""
    nodes, edges = path_graph(mat, joined)
    return max(_components(nodes, edges), default=0)


def loops(mat: list[int], joined: bool = False) -> int:
    """How many closed loops the pathways make: the independent cycles of the network
    (edges - nodes + networks), which on a grid is the number of separate enclosed areas."""
    nodes, edges = path_graph(mat, joined)
    return len(edges) - len(nodes) + len(_components(nodes, edges))
