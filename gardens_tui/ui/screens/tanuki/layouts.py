"""Board geometry of the Tanuki in the Garden screen, compact (80x24) and roomy (114x36).

The tile sizes are :mod:`.drawing`'s: 8x3 compact (numbered path ends), 12x5 roomy (paths as
lines; five lines is the least that routes every pattern).

The board is keyed by square (``0..35``, ``row * 6 + column``, as the rules key them) and by
edge space (``("e", edge)``, ``edge`` 0..23 in the rules' order: north 1-6, east 1-6, south 1-6,
west 1-6). Squares touch (no gap: path ends meet across the edges); the edge spaces are a ring
of cells one line high above and below, a few columns wide left and right, showing their column
letter or row number when no monk stands on them. The hand is one row of tile cells, each two
lines high (name, symbols).
"""

from __future__ import annotations

from textual.geometry import Region

from gardens_tui.rules.tanuki.components import EDGES, SIZE
from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell

COMPACT_TILE = (8, 3)
ROOMY_TILE = (12, 5)
COMPACT_SIDE = 2
ROOMY_SIDE = 3
HAND_CELL = 7


def tile_size(roomy: bool) -> tuple[int, int]:
    """(width, height) of one square."""
    return ROOMY_TILE if roomy else COMPACT_TILE


def side_width(roomy: bool) -> int:
    """Columns of the west and east edge spaces."""
    return ROOMY_SIDE if roomy else COMPACT_SIDE


def edge_key(edge: int) -> tuple[str, int]:
    """The board key of edge space ``edge``."""
    return ("e", edge)


def edge_region(edge: int, roomy: bool) -> Region:
    """Where edge space ``edge`` is drawn."""
    width, height = tile_size(roomy)
    side = side_width(roomy)
    sq, facing = EDGES[edge]
    row, column = divmod(sq, SIZE)
    if facing == 0:
        return Region(side + column * width, 0, width, 1)
    if facing == 2:
        return Region(side + column * width, 1 + SIZE * height, width, 1)
    x = 0 if facing == 3 else side + SIZE * width
    return Region(x, 1 + row * height, side, height)


def board_layout(roomy: bool) -> BoardLayout:
    """The 6x6 squares inside the ring of 24 edge spaces."""
    width, height = tile_size(roomy)
    side = side_width(roomy)
    cells: dict[Cell, Region] = {}
    for sq in range(SIZE * SIZE):
        row, column = divmod(sq, SIZE)
        cells[sq] = Region(side + column * width, 1 + row * height, width, height)
    for edge in range(len(EDGES)):
        cells[edge_key(edge)] = edge_region(edge, roomy)
    return BoardLayout(cells, background=[""] * (2 + SIZE * height))


def hand_layout(size: int) -> BoardLayout:
    """``size`` tile cells in a row, two lines high (at least one, so the board always has a
    cell)."""
    cells: dict[Cell, Region] = {
        i: Region(i * (HAND_CELL + 1), 0, HAND_CELL, 2) for i in range(max(size, 1))
    }
    return BoardLayout(cells)


ZOOM_WORDS = 34
"""Columns of the zoom's words."""


def zoom_layout() -> BoardLayout:
    """The zoom of the compact layout: one roomy square (the square under the cursor, key 0)
    and beside it its paths in words (key 1, five lines)."""
    width, height = ROOMY_TILE
    words = Region(width + 2, 0, ZOOM_WORDS, height)
    return BoardLayout({0: Region(0, 0, width, height), 1: words})
