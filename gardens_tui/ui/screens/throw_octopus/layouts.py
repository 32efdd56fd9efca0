"""Board geometry of the Throw Octopus! screen, compact (80x24) and roomy (pure).

- The seascape: a :class:`SparseLayout` keyed by signed ``(x, y)`` (placed tiles and the free
  places beside them). Compact: small tiles touching each other (a creature is a 2x2 block of
  its letter); roomy: bigger tiles one column and one row apart.
- The hand: small tiles one column apart, in as many rows as the width needs, keyed
  ``(index, 0)`` so that the index is the tile's position in the hand (``1``-``9`` choose the
  first nine).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.geometry import Region

from gardens_tui.ui.screens.throw_octopus.paint import (
    CELL_HEIGHT,
    CELL_WIDTH,
    ROOMY_HEIGHT,
    ROOMY_WIDTH,
)
from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell
from gardens_tui.ui.widgets.sparse_layout import SparseLayout

HAND_GAP = 1
"""Columns between two hand tiles (and lines between two rows of them)."""


def sea_layout(cells: Sequence[tuple[int, int]], roomy: bool) -> SparseLayout:
    """The seascape's map: one cell per placed tile and free place."""
    if roomy:
        return SparseLayout(
            cells, cell_width=ROOMY_WIDTH, cell_height=ROOMY_HEIGHT, gap_x=1, gap_y=1, margin=(1, 0)
        )
    return SparseLayout(cells, cell_width=CELL_WIDTH, cell_height=CELL_HEIGHT, margin=(1, 0))


def hand_columns(width: int) -> int:
    """How many small tiles fit side by side in ``width`` columns (at least one)."""
    return max(1, (width + HAND_GAP) // (CELL_WIDTH + HAND_GAP))


def hand_layout(size: int, width: int) -> BoardLayout:
    """``size`` small tiles (at least one cell, so the board keeps its height) in rows of as
    many as fit in ``width`` columns, keyed ``(index, 0)``."""
    per_row = hand_columns(width)
    pitch_x, pitch_y = CELL_WIDTH + HAND_GAP, CELL_HEIGHT + HAND_GAP
    cells: dict[Cell, Region] = {}
    for index in range(max(size, 1)):
        row, column = divmod(index, per_row)
        cells[(index, 0)] = Region(column * pitch_x, row * pitch_y, CELL_WIDTH, CELL_HEIGHT)
    return BoardLayout(cells)


def hand_height(size: int, width: int) -> int:
    """The lines ``size`` hand tiles take at ``width`` columns."""
    rows = -(-max(size, 1) // hand_columns(width))
    return rows * (CELL_HEIGHT + HAND_GAP) - HAND_GAP
