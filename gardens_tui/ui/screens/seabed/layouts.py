"""Board geometry of the Seabed Neighbours screen, compact (80x24) and roomy (pure).

- The seascape: a :class:`SparseLayout` keyed by the rules' signed ``(x, y)`` (placed tiles, the
  free places beside them and the open water between: every place of the map's rectangle, so
  an arrow key moves the cursor one place, never over a gap to a cell further on), compact 7x3
  and roomy 9x5 characters, one blank column and one blank row between tiles
  (:data:`TILE_GAP`) so every tile's edges show and two tiles never read as one, while a
  feature still visibly runs on across the gap; a column of margin at both sides. At 80x24
  five tiles by four fit the view; the screen scrolls it to follow the play (issue 27).
- The hand: the tiles to choose among (two drawn tiles, or the clam tile), keyed
  ``(slot - 1, 0)``, one column apart, drawn at the compact size.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.geometry import Region

from gardens_tui.ui.screens.seabed.paint import COMPACT, ROOMY
from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell
from gardens_tui.ui.widgets.sparse_layout import SparseLayout

HAND_GAP = 2
"""Columns between two hand tiles."""

TILE_GAP = (1, 1)
"""Blank columns and rows between two tiles of the seascape."""


def sea_cells(cells: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every place of the smallest rectangle holding ``cells`` (sorted; none for none)."""
    cells = list(cells)
    if not cells:
        return []
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)]


def sea_layout(cells: Sequence[tuple[int, int]], roomy: bool) -> SparseLayout:
    """The seascape's map: one cell per place of ``cells`` (see :func:`sea_cells`)."""
    width, height = ROOMY if roomy else COMPACT
    return SparseLayout(
        cells,
        cell_width=width,
        cell_height=height,
        gap_x=TILE_GAP[0],
        gap_y=TILE_GAP[1],
        margin=(1, 0),
    )


def hand_layout(size: int) -> BoardLayout:
    """``size`` compact tiles side by side (at least one cell, so the board keeps its size),
    keyed ``(index, 0)``."""
    width, height = COMPACT
    cells: dict[Cell, Region] = {}
    for index in range(max(size, 1)):
        cells[(index, 0)] = Region(index * (width + HAND_GAP), 0, width, height)
    return BoardLayout(cells)
