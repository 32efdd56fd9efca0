"""Where the cells of a board sit on a character canvas, and which cell lies in which direction.

A :class:`BoardLayout` is pure geometry: each selectable cell (any hashable key) owns a rectangle
of the canvas, and decorative text (frame lines, labels) may fill the rest. Factories build the
shapes the games need: square grids (a 3x3 market, a 6x6 board) and rows of offset hexes (the
4-5-6-5-4 Octopus's Garden). :meth:`BoardLayout.nearest` moves a cursor to the closest cell in a
direction, which is what makes arrow keys work on offset hex rows.

No Textual import is needed here beyond :class:`~textual.geometry.Region`, so it is cheap to test.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from textual.geometry import Region

Cell = Hashable
"""A cell's key: any hashable value the game screen understands (``(row, col)``, ``"c3"`` …)."""

# Terminal characters are about twice as tall as they are wide: weigh vertical distances so that
# "nearest" matches what the eye sees.
_ASPECT = 2.0


class BoardLayout:
    """Cell rectangles on a ``width`` x ``height`` character canvas, plus background text.

    ``cells`` maps each cell key to its rectangle; rectangles must lie inside the canvas and not
    overlap (checked). ``background`` is drawn under everything (one string per canvas row; short
    or missing rows are padded with spaces). Cell order is kept: it is the order of ties in
    :meth:`nearest` and of :meth:`first`.
    """

    keep_cursor_on_screen: ClassVar[bool] = False
    """When a board switches to another layout (``BoardGrid.set_layout``), whether it scrolls
    so that the cursor's cell stays where it was on screen. Off here: a fixed board keeps its
    scroll offset. On for layouts that grow (:class:`~.sparse_layout.SparseLayout`)."""

    centre_cursor_on_scroll: ClassVar[bool] = False
    """When the cursor moves out of view, whether the board scrolls to put it in the middle of
    the view (along the axis it left by) instead of just inside the edge. Off here; on for big
    maps, where it makes a scroll (which redraws the whole view) rare."""

    def __init__(
        self,
        cells: Mapping[Cell, Region],
        *,
        width: int | None = None,
        height: int | None = None,
        background: Sequence[str] = (),
    ) -> None:
        self.cells: dict[Cell, Region] = dict(cells)
        right = max((r.right for r in self.cells.values()), default=0)
        bottom = max((r.bottom for r in self.cells.values()), default=0)
        back_width = max((len(line) for line in background), default=0)
        self.width = max(width or 0, right, back_width)
        self.height = max(height or 0, bottom, len(background))
        self.background = tuple(line.ljust(self.width)[: self.width] for line in background)
        self._rows: list[list[Cell]] = [[] for _ in range(self.height)]
        occupied: dict[tuple[int, int], Cell] = {}
        for cell, region in self.cells.items():
            if region.x < 0 or region.y < 0 or region.width < 1 or region.height < 1:
                raise ValueError(f"cell {cell!r} has an invalid rectangle {region}")
            for y in range(region.y, region.bottom):
                for x in range(region.x, region.right):
                    if (x, y) in occupied:
                        raise ValueError(f"cells {occupied[x, y]!r} and {cell!r} overlap")
                    occupied[x, y] = cell
                self._rows[y].append(cell)
        for row in self._rows:
            row.sort(key=lambda c: self.cells[c].x)
        self._occupied = occupied

    # --- factories ------------------------------------------------------------------------------

    @classmethod
    def square(
        cls,
        columns: int,
        rows: int,
        *,
        cell_width: int = 5,
        cell_height: int = 1,
        gap_x: int = 1,
        gap_y: int = 0,
        left: int = 0,
        top: int = 0,
        keys: Sequence[Sequence[Cell]] | None = None,
        background: Sequence[str] = (),
    ) -> BoardLayout:
        """A ``columns`` x ``rows`` grid. Cells are keyed ``(column, row)`` from the top left,
        unless ``keys[row][column]`` gives the keys."""
        cells: dict[Cell, Region] = {}
        for row in range(rows):
            for column in range(columns):
                key = keys[row][column] if keys is not None else (column, row)
                x = left + column * (cell_width + gap_x)
                y = top + row * (cell_height + gap_y)
                cells[key] = Region(x, y, cell_width, cell_height)
        return cls(cells, background=background)

    @classmethod
    def hex_rows(
        cls,
        row_lengths: Sequence[int],
        *,
        cell_width: int = 6,
        cell_height: int = 1,
        gap_x: int = 1,
        gap_y: int = 1,
        left: int = 0,
        top: int = 0,
        keys: Sequence[Sequence[Cell]] | None = None,
        background: Sequence[str] = (),
    ) -> BoardLayout:
        """Rows of offset hexes, each row centred on the longest (``(4, 5, 6, 5, 4)`` is the
        Octopus's Garden). Cells are keyed ``(row, index)`` unless ``keys[row][index]`` is given.

        Neighbouring rows are shifted by half a cell, so every cell touches two cells above and
        two below, as hexes do.
        """
        longest = max(row_lengths, default=0)
        pitch = cell_width + gap_x
        cells: dict[Cell, Region] = {}
        for row, length in enumerate(row_lengths):
            shift = (longest - length) * pitch // 2
            for index in range(length):
                key = keys[row][index] if keys is not None else (row, index)
                x = left + shift + index * pitch
                y = top + row * (cell_height + gap_y)
                cells[key] = Region(x, y, cell_width, cell_height)
        return cls(cells, background=background)

    # --- queries --------------------------------------------------------------------------------

    def draws_as(self, other: BoardLayout | None) -> bool:
        """Whether ``other`` puts the same cells in the same places on the same canvas (then a
        board that changes one for the other has nothing to redraw for it)."""
        return (
            other is not None
            and type(other) is type(self)
            and (other.width, other.height) == (self.width, self.height)
            and other.background == self.background
            and other.cells == self.cells
        )

    def __contains__(self, cell: object) -> bool:
        try:
            return cell in self.cells
        except TypeError:
            return False

    def __len__(self) -> int:
        return len(self.cells)

    def first(self) -> Cell | None:
        """The first cell in layout order, or ``None`` for an empty layout."""
        return next(iter(self.cells), None)

    def region(self, cell: Cell) -> Region:
        """The rectangle of ``cell`` (``KeyError`` if it is not on this board)."""
        return self.cells[cell]

    def cells_on_row(self, y: int) -> Sequence[Cell]:
        """The cells that cover canvas row ``y``, left to right."""
        if 0 <= y < self.height:
            return self._rows[y]
        return ()

    def rows_of(self, cells: Iterable[Any]) -> set[int]:
        """Every canvas row covered by any of ``cells`` (unknown cells are ignored)."""
        rows: set[int] = set()
        for cell in cells:
            region = self.cells.get(cell)
            if region is not None:
                rows.update(range(region.y, region.bottom))
        return rows

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell covering canvas position ``(x, y)``, or ``None``."""
        return self._occupied.get((x, y))

    def nearest(self, cell: Cell, dx: int, dy: int) -> Cell | None:
        """The closest cell from ``cell`` in direction ``(dx, dy)`` (each -1, 0 or 1).

        A candidate must lie strictly in that direction (its centre past ``cell``'s). Sideways
        moves stay on the same band of rows (a candidate may not be as far off-line as it is
        ahead), so the cursor stops at the end of a row instead of wrapping; up and down accept
        the half-cell offsets of hex rows. Among candidates the closest wins (straight-line distance
        plus half the sideways offset, so the straighter of two equal ones), ties going to layout
        order.
        ``None`` at the edge of the board (the cursor stays where it is).
        """
        if cell not in self.cells:
            return self.first()
        here = _centre(self.cells[cell])
        best: Cell | None = None
        best_score = float("inf")
        for other, region in self.cells.items():
            if other == cell:
                continue
            cx, cy = _centre(region)
            ox, oy = cx - here[0], (cy - here[1]) * _ASPECT
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            sideways = abs(ox * dy - oy * dx)
            if dy == 0 and sideways >= along:
                continue
            if dx == 0 and sideways > 2 * along:
                continue
            score = math.hypot(ox, oy) + sideways / 2
            if score < best_score:
                best, best_score = other, score
        return best


def _centre(region: Region) -> tuple[float, float]:
    return region.x + region.width / 2, region.y + region.height / 2


def nearest_cell(layout: BoardLayout, cursor: Cell | None, cells: Iterable[Cell]) -> Cell | None:
    """The cell of ``cells`` nearest to ``cursor`` on screen (``cursor`` itself if it is one of
    them; ties go to layout order), or ``None`` when ``cells`` has none on this board."""
    wanted = {cell for cell in cells if cell in layout}
    if not wanted or cursor in wanted:
        return cursor if cursor in wanted else None
    order = {cell: i for i, cell in enumerate(layout.cells)}
    if cursor is None or cursor not in layout:
        return min(wanted, key=order.__getitem__)
    here = layout.region(cursor)
    hx, hy = here.x + here.width / 2, here.y + here.height / 2

    def distance(cell: Cell) -> float:
        region = layout.region(cell)
        # Characters are about twice as tall as wide: weigh rows double.
        return math.hypot(region.x + region.width / 2 - hx, (region.y + region.height / 2 - hy) * 2)

    return min(wanted, key=lambda cell: (distance(cell), order[cell]))
