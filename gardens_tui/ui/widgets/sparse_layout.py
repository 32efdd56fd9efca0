"""A board that grows in every direction: cells keyed by integer ``(x, y)``, negative ones too.

Tile-laying games (Throw Octopus!, Seabed Neighbours) place tiles next to tiles with no fixed
edge. :class:`SparseLayout` maps each grid position to a ``cell_width`` x ``cell_height``
rectangle of the canvas; the canvas starts at the smallest ``x`` and ``y`` in use, so adding a
cell on the left or the top moves every other cell right or down on the canvas. A
:class:`~gardens_tui.ui.widgets.board_grid.BoardGrid` given the grown layout (``set_layout``)
scrolls by the same amount, so the cell under the cursor stays where it was on screen.

Every query is arithmetic on the grid (no table of every character), so a 40x40-tile map is
built in a few milliseconds and a cursor move costs what it costs on a small board. ``x`` grows
to the right and ``y`` downwards. With ``offset_rows`` the odd rows (``y % 2 == 1``, negative
rows too) are shifted right by half a cell, for hex maps ("odd-r" offset coordinates).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual.geometry import Region

from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell

GridCell = tuple[int, int]
"""A sparse map's cell key: ``(x, y)`` on the grid."""


def _grid_cell(cell: object) -> GridCell:
    if (
        isinstance(cell, tuple)
        and len(cell) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
    ):
        return cell[0], cell[1]
    raise ValueError(f"a sparse map cell is an (x, y) pair of integers, not {cell!r}")


class SparseLayout(BoardLayout):
    """Cells at integer grid positions ``(x, y)`` (any sign), each ``cell_width`` x
    ``cell_height`` characters, ``gap_x`` / ``gap_y`` apart, ``margin`` (columns, rows) of
    empty canvas around the map.

    Cell order (for :meth:`first` and ties in :meth:`nearest`) is reading order: by ``y``, then
    by ``x``. Keys that are not pairs of integers raise ``ValueError``. It is immutable: build a
    new one (:meth:`with_cells`) when the map changes.
    """

    keep_cursor_on_screen: ClassVar[bool] = True
    centre_cursor_on_scroll: ClassVar[bool] = True

    def __init__(
        self,
        cells: Iterable[GridCell],
        *,
        cell_width: int = 7,
        cell_height: int = 3,
        gap_x: int = 0,
        gap_y: int = 0,
        offset_rows: bool = False,
        margin: tuple[int, int] = (0, 0),
    ) -> None:
        # Not BoardLayout.__init__: it indexes every character, which a big map does not need.
        if cell_width < 1 or cell_height < 1 or gap_x < 0 or gap_y < 0 or min(margin) < 0:
            raise ValueError("cell sizes must be positive and gaps and margins not negative")
        keys = sorted({_grid_cell(cell) for cell in cells}, key=lambda c: (c[1], c[0]))
        self.cell_width, self.cell_height = cell_width, cell_height
        self.gap_x, self.gap_y = gap_x, gap_y
        self.offset_rows = offset_rows
        self.margin = margin
        self.pitch_x, self.pitch_y = cell_width + gap_x, cell_height + gap_y
        min_x = min((x for x, _ in keys), default=0)
        max_x = max((x for x, _ in keys), default=-1)
        min_y = keys[0][1] if keys else 0
        max_y = keys[-1][1] if keys else -1
        self.origin: GridCell = (min_x, min_y)
        """The grid position drawn at the canvas's top left (smallest ``x`` and ``y``)."""
        self._half = self.pitch_x // 2 if offset_rows else 0
        self.cells: dict[Cell, Region] = {key: self._place(*key) for key in keys}
        columns, rows = max_x - min_x + 1, max_y - min_y + 1
        self.width = 2 * margin[0] + self._half + (columns * self.pitch_x - gap_x if columns else 0)
        self.height = 2 * margin[1] + (rows * self.pitch_y - gap_y if rows else 0)
        self.background = ()
        self._grid_rows: dict[int, list[Cell]] = {}
        for key in keys:
            self._grid_rows.setdefault(key[1], []).append(key)

    def _place(self, x: int, y: int) -> Region:
        left = self.margin[0] + (x - self.origin[0]) * self.pitch_x
        if y % 2:
            left += self._half
        top = self.margin[1] + (y - self.origin[1]) * self.pitch_y
        return Region(left, top, self.cell_width, self.cell_height)

    def with_cells(self, cells: Iterable[GridCell]) -> SparseLayout:
        """A layout of the same geometry holding ``cells``."""
        return SparseLayout(
            cells,
            cell_width=self.cell_width,
            cell_height=self.cell_height,
            gap_x=self.gap_x,
            gap_y=self.gap_y,
            offset_rows=self.offset_rows,
            margin=self.margin,
        )

    # --- queries --------------------------------------------------------------------------------

    def _grid_row(self, y: int) -> int | None:
        """The grid row drawn on canvas row ``y`` (``None`` for a gap or the margin)."""
        row, within = divmod(y - self.margin[1], self.pitch_y)
        if y < self.margin[1] or within >= self.cell_height:
            return None
        return row + self.origin[1]

    def cells_on_row(self, y: int) -> Sequence[Cell]:
        """The cells that cover canvas row ``y``, left to right."""
        if not 0 <= y < self.height:
            return ()
        row = self._grid_row(y)
        return () if row is None else self._grid_rows.get(row, ())

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell covering canvas position ``(x, y)``, or ``None``."""
        row = self._grid_row(y)
        if row is None:
            return None
        left = x - self.margin[0] - (self._half if row % 2 else 0)
        column, within = divmod(left, self.pitch_x)
        if left < 0 or within >= self.cell_width:
            return None
        key = (column + self.origin[0], row)
        return key if key in self.cells else None

    def nearest(self, cell: Cell, dx: int, dy: int) -> Cell | None:
        """As :meth:`BoardLayout.nearest`; the next grid cell in that direction when it exists
        (on a square grid, or sideways on offset rows), so a move across a full map is one
        lookup."""
        if cell not in self.cells:
            return self.first()
        if dy == 0 or not self.offset_rows:
            x, y = _grid_cell(cell)
            step = (x + dx, y + dy)
            if step in self.cells:
                return step
        return super().nearest(cell, dx, dy)

    def __repr__(self) -> str:
        return (
            f"SparseLayout({len(self.cells)} cells, origin={self.origin}, "
            f"canvas={self.width}x{self.height})"
        )
