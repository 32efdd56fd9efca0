"""Garden and market geometry: cell ids and names, hex neighbours, distances, market lines.

The garden is an elongated hexagon of 24 spaces in five rows of 4-5-6-5-4. Cells are ints 0..23
in reading order; their names are a row letter and a 1-based position: ``a1..a4``, ``b1..b5``,
``c1..c6``, ``d1..d5``, ``e1..e4``. Rows are centred, so in "doubled" column coordinates (each row
step shifts half a cell) a cell's ``x`` is ``2 * position + 6 - row_length``; two cells are
neighbours when they are in the same row with ``x`` 2 apart, or in adjacent rows with ``x`` 1 apart.

The market is a 3x3 grid of spaces ``m1..m9`` in reading order (ints 0..8): rows 1-3 top to
bottom, columns 1-3 left to right. Garden cells and market spaces can never be confused in
notation (a letter versus ``m``).
"""

from __future__ import annotations

ROW_LENGTHS: tuple[int, ...] = (4, 5, 6, 5, 4)
"""Cells per garden row, top to bottom."""
ROW_LETTERS = "abcde"
NUM_CELLS = sum(ROW_LENGTHS)
"""24 garden spaces."""


def _build() -> tuple[list[str], list[int], list[int], list[int], list[tuple[int, ...]]]:
    names: list[str] = []
    rows: list[int] = []
    positions: list[int] = []
    xs: list[int] = []
    for r, length in enumerate(ROW_LENGTHS):
        for i in range(length):
            names.append(f"{ROW_LETTERS[r]}{i + 1}")
            rows.append(r)
            positions.append(i)
            xs.append(2 * i + 6 - length)
    where = {(rows[c], xs[c]): c for c in range(len(names))}
    neighbours: list[tuple[int, ...]] = []
    for c in range(len(names)):
        r, x = rows[c], xs[c]
        around = (
            (r, x - 2),
            (r, x + 2),
            (r - 1, x - 1),
            (r - 1, x + 1),
            (r + 1, x - 1),
            (r + 1, x + 1),
        )
        neighbours.append(tuple(sorted(where[p] for p in around if p in where)))
    return names, rows, positions, xs, neighbours


_NAMES, _ROWS, _POS, _XS, _NEIGHBOURS = _build()

CELL_NAMES: tuple[str, ...] = tuple(_NAMES)
"""Cell names by id: ``CELL_NAMES[0] == "a1"``, ``CELL_NAMES[23] == "e4"``."""
CELL_IDS: dict[str, int] = {name: c for c, name in enumerate(CELL_NAMES)}
"""Cell id by name."""
CELL_ROW: tuple[int, ...] = tuple(_ROWS)
"""Row index 0..4 of each cell."""
CELL_POSITION: tuple[int, ...] = tuple(_POS)
"""0-based position of each cell within its row."""
CELL_X: tuple[int, ...] = tuple(_XS)
"""Doubled column coordinate of each cell (0..10): where to draw it in a hex picture."""
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_NEIGHBOURS)
"""The adjacent cells of each cell (2 to 6 of them), ascending."""
ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(NUM_CELLS) if CELL_ROW[c] == r) for r in range(len(ROW_LENGTHS))
)
"""The cell ids of each row, left to right."""


def _distance(a: int, b: int) -> int:
    dy = abs(CELL_ROW[a] - CELL_ROW[b])
    dx = abs(CELL_X[a] - CELL_X[b])
    return dy + max(0, (dx - dy) // 2)


DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_distance(a, b) for b in range(NUM_CELLS)) for a in range(NUM_CELLS)
)
"""Hex distance between two cells on an open garden (no coral in the way)."""


def cell_name(cell: int) -> str:
    """The name of a cell id (``0`` → ``"a1"``)."""
    return CELL_NAMES[cell]


def parse_cell(text: str) -> int | None:
    """The cell id a name stands for (case-insensitive), or ``None`` if it is not a cell."""
    return CELL_IDS.get(text.strip().lower())


# --- market ---------------------------------------------------------------------------------
MARKET_SIZE = 9
MARKET_NAMES: tuple[str, ...] = tuple(f"m{i + 1}" for i in range(MARKET_SIZE))
"""Market space names by index: ``m1..m9``."""
MARKET_IDS: dict[str, int] = {name: i for i, name in enumerate(MARKET_NAMES)}
MARKET_ROWS: tuple[tuple[int, int, int], ...] = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
"""Market spaces of rows 1-3."""
MARKET_COLS: tuple[tuple[int, int, int], ...] = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
"""Market spaces of columns 1-3."""


MARKET_LINES: tuple[tuple[str, int, tuple[int, int, int]], ...] = tuple(
    [("row", i + 1, line) for i, line in enumerate(MARKET_ROWS)]
    + [("col", i + 1, line) for i, line in enumerate(MARKET_COLS)]
)
"""Every market line a player may buy: (axis, number, spaces)."""


def market_line(axis: str, index: int) -> tuple[int, int, int]:
    """The spaces of ``("row", 1..3)`` or ``("col", 1..3)``."""
    return (MARKET_ROWS if axis == "row" else MARKET_COLS)[index - 1]


def market_name(space: int) -> str:
    """The name of a market space (``4`` → ``"m5"``)."""
    return MARKET_NAMES[space]


def parse_market(text: str) -> int | None:
    """The market space a name stands for (``"m5"`` → 4), or ``None``."""
    return MARKET_IDS.get(text.strip().lower())
