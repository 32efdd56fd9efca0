"""A Textual compositor that renders only the part of the screen a partial update covers.

Textual's compositor (8.x) answers a partial update (say, one board row and the info line) by
asking every widget whose *container* overlaps the updated area to render its whole region,
then keeps just the updated lines: the screen, every container from the screen down and their
siblings (the footer, the prompt line, the side column) render all their lines on every cursor
key. :class:`ClippedCompositor` asks only the widgets that overlap the updated rows, for just
those rows, so the work follows the size of the change, not the depth of the widget tree.

What reaches the terminal is the same: a widget left out has no cell in the updated area, and
a widget is cut on whole rows only (columns stay as Textual cut them, on its own edges). A
widget is left out only where widgets in front drew every one of its cells: each row's record
of drawn columns is that row's own, and a row a widget did not fill (a widget removed and not
laid out yet draws nothing) counts as not drawn, so every cell of a frame is drawn (Textual's
full redraw fails on a cell no widget drew: incident DC6C78BC, tests/ui/test_compositor_toasts.py).
It relies on :meth:`Compositor._get_renders`, a private method of Textual's compositor, whose
contract (yield ``(region, clip, strips)``, the strips covering ``region ∩ clip`` row by row)
is checked by the UI tests through every screen's rendering.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class ClippedCompositor(Compositor):
    """A :class:`Compositor` whose partial updates render only the rows they change."""

    def __init__(self) -> None:
        super().__init__()
        self._bands: list[tuple[int, int]] | None = None
        """Runs of updated rows (first, end) during a partial update; ``None`` otherwise."""
        self._cuts_for: dict[Widget, tuple[Region, Region]] | None = None
        """The widgets (:attr:`visible_widgets`) that the cuts were made for."""

    def _render_chops(
        self, crop: Region, is_rendered_line: Callable[[int], bool]
    ) -> Sequence[Mapping[int, Strip]]:
        # Textual keeps its cuts when it arranges the screen anew to find a widget's region
        # (between a widget's layout request and the layout): the widgets drawn are then the
        # new arrangement's, and a widget whose edges are not cuts fills no chop, so one in
        # front of others would leave them undrawn. Cut for the widgets drawn now; the cuts
        # stay as they are to the end of the update (a partial update's chop ends).
        visible = self.visible_widgets
        if visible is not self._cuts_for:
            self._cuts = None
            self._cuts_for = visible
        return super()._render_chops(crop, is_rendered_line)

    def render_partial_update(self) -> ChopsUpdate | None:
        """Textual's partial update, rendering only the runs of rows that changed (a board row
        and the info line far below it do not make every widget between them render)."""
        rows = sorted({y for region in self._dirty_regions for y in region.line_range})
        bands: list[tuple[int, int]] = []
        for y in rows:
            if bands and bands[-1][1] == y:
                bands[-1] = (bands[-1][0], y + 1)
            else:
                bands.append((y, y + 1))
        self._bands = bands
        try:
            return super().render_partial_update()
        finally:
            self._bands = None

    def _get_renders(
        self, crop: Region | None = None
    ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        if crop is None:
            crop = self.size.region
        left, right = crop.x, crop.right
        bands = self._bands if self._bands is not None else [(crop.y, crop.bottom)]
        covered = _Coverage()
        for widget, (region, clip) in self.visible_widgets.items():  # front to back
            x, y, width, height = region.intersection(clip)
            if not width or x >= right or x + width <= left:
                continue  # nothing of this widget is in the updated columns
            for top, bottom in bands:
                first, last = max(y, top, crop.y), min(y + height, bottom, crop.bottom)
                if first >= last:
                    continue  # nothing of this widget is on these rows
                short: list[int] = []
                for start, end in covered.open_runs(first, last, x, x + width):
                    rows = Region(x, start, width, end - start)
                    crop_lines = Region(x - region.x, start - region.y, width, end - start)
                    strips = widget.render_lines(crop_lines)
                    yield region, rows, strips
                    short.extend(_short_rows(strips, start, end, width))
                covered.add(first, last, x, x + width, short)


def _short_rows(strips: list[Strip], first: int, last: int, width: int) -> list[int]:
    """Rows of ``[first, last)`` that ``strips`` (a widget's lines for them) do not fill to
    ``width`` cells: a widget removed but not yet laid out (a toast at its timeout) draws
    nothing where the compositor still places it, and a widget laid out again while it is
    drawn draws at its new size. Textual's chops take such a row from the widgets behind."""
    if len(strips) >= last - first and all(strip.cell_length >= width for strip in strips):
        return []
    return [
        first + index
        for index in range(last - first)
        if index >= len(strips) or strips[index].cell_length < width
    ]


class _Coverage:
    """The cells of the screen that widgets in front have drawn during one render, row by row
    (a row's covered columns as sorted, merged ``[start, end)`` spans).

    Textual keeps, for each cell, the first widget drawn there from the front, so a widget
    whose columns on a row are all covered already would be drawn there for nothing (a
    container behind a board, a log, a panel)."""

    def __init__(self) -> None:
        self.rows: dict[int, list[tuple[int, int]]] = {}

    def covers(self, row: int, start: int, end: int) -> bool:
        """Whether columns ``[start, end)`` of ``row`` are all drawn already."""
        for a, b in self.rows.get(row, ()):
            if a <= start and end <= b:
                return True
            if a > start:
                return False
        return False

    def open_runs(self, first: int, last: int, start: int, end: int) -> list[tuple[int, int]]:
        """Runs ``(first row, end row)`` of rows in ``[first, last)`` where some column of
        ``[start, end)`` is still to be drawn."""
        runs: list[tuple[int, int]] = []
        run_start: int | None = None
        for row in range(first, last):
            if self.covers(row, start, end):
                if run_start is not None:
                    runs.append((run_start, row))
                    run_start = None
            elif run_start is None:
                run_start = row
        if run_start is not None:
            runs.append((run_start, last))
        return runs

    def add(self, first: int, last: int, start: int, end: int, skip: Iterable[int] = ()) -> None:
        """Mark columns ``[start, end)`` of rows ``[first, last)`` (but ``skip``) as drawn."""
        skipped = set(skip)
        for row in range(first, last):
            if row in skipped:
                continue
            # The span grows by the spans it merges with on this row only: another row's
            # spans say nothing about this one (a toast above, a panel beside).
            low, high = start, end
            merged: list[tuple[int, int]] = []
            for a, b in self.rows.get(row, ()):
                if b < low or a > high:
                    merged.append((a, b))
                else:
                    low, high = min(a, low), max(b, high)
            merged.append((low, high))
            merged.sort()
            self.rows[row] = merged
