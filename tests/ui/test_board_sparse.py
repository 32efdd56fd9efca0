"""SparseLayout and a BoardGrid showing one: negative coordinates, arithmetic queries, offset
hex rows, growth that keeps the cursor's cell still on screen, scrolling that follows the
cursor, and cursor moves on a 40x40-tile map that redraw only the rows they touch."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region

from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import BoardLayout
from gardens_tui.ui.widgets.sparse_layout import SparseLayout


def square(x0: int, x1: int, y0: int, y1: int) -> list[tuple[int, int]]:
    """Every (x, y) with x0 <= x < x1 and y0 <= y < y1."""
    return [(x, y) for y in range(y0, y1) for x in range(x0, x1)]


# --- geometry -------------------------------------------------------------------------------


def test_negative_coordinates_start_the_canvas_at_the_smallest_x_and_y() -> None:
    layout = SparseLayout([(0, 0), (-2, 1), (1, -3)], cell_width=5, cell_height=2, gap_x=1)
    assert layout.origin == (-2, -3)
    assert layout.region((-2, 1)) == Region(0, 8, 5, 2)
    assert layout.region((1, -3)) == Region(18, 0, 5, 2)
    assert layout.region((0, 0)) == Region(12, 6, 5, 2)
    assert layout.width == 4 * 6 - 1 and layout.height == 5 * 2
    assert list(layout.cells) == [(1, -3), (0, 0), (-2, 1)]  # reading order
    assert layout.first() == (1, -3)


def test_queries_are_arithmetic_and_agree_with_the_rectangles() -> None:
    cells = [(-1, -1), (0, -1), (2, 0), (-1, 1)]
    layout = SparseLayout(cells, cell_width=3, cell_height=2, gap_x=1, gap_y=1, margin=(2, 1))
    for cell in cells:
        region = layout.region(cell)
        for y in range(region.y, region.bottom):
            for x in range(region.x, region.right):
                assert layout.cell_at(x, y) == cell
            assert cell in layout.cells_on_row(y)
    assert layout.cell_at(0, 1) is None  # margin
    assert layout.cell_at(5, 1) is None  # gap between (-1, -1) and (0, -1)
    assert layout.cell_at(layout.region((2, 0)).x - 4, 4) is None  # a hole: (1, 0) is absent
    assert layout.cells_on_row(3) == ()  # the gap row
    assert layout.cells_on_row(-1) == () and layout.cells_on_row(layout.height) == ()
    assert layout.rows_of([(-1, 1), "elsewhere"]) == {7, 8}


def test_offset_rows_shift_odd_rows_by_half_a_cell_negative_rows_too() -> None:
    layout = SparseLayout([(0, 0), (0, 1), (0, -1), (1, 0)], cell_width=6, offset_rows=True)
    assert layout.region((0, 0)).x == 0
    assert layout.region((0, 1)).x == 3
    assert layout.region((0, -1)).x == 3  # -1 is odd
    assert layout.width == 2 * 6 + 3
    assert layout.cell_at(4, layout.region((0, 1)).y) == (0, 1)
    # Up from an even row reaches one of the two offset cells above.
    assert layout.nearest((1, 0), 0, -1) == (0, -1)


def test_nearest_steps_to_the_next_cell_and_skips_holes() -> None:
    layout = SparseLayout([(0, 0), (1, 0), (3, 0), (3, 1)], cell_width=5, cell_height=1)
    assert layout.nearest((0, 0), 1, 0) == (1, 0)
    assert layout.nearest((1, 0), 1, 0) == (3, 0)  # over the hole at (2, 0)
    assert layout.nearest((3, 0), 1, 0) is None
    assert layout.nearest((3, 1), 0, -1) == (3, 0)
    assert layout.nearest("gone", 1, 0) == (0, 0)


def test_with_cells_keeps_the_geometry_and_keys_must_be_integer_pairs() -> None:
    layout = SparseLayout([(0, 0)], cell_width=4, cell_height=2, gap_y=1, offset_rows=True)
    grown = layout.with_cells([(0, 0), (-1, -1)])
    assert (grown.cell_width, grown.cell_height, grown.gap_y, grown.offset_rows) == (4, 2, 1, True)
    assert grown.origin == (-1, -1)
    for bad in ("a1", (1, 2, 3), (1.0, 2), (True, 0)):
        with pytest.raises(ValueError, match="pair of integers"):
            SparseLayout([bad])  # type: ignore[list-item]
    empty = SparseLayout([])
    assert len(empty) == 0 and empty.first() is None and empty.width == 0


def test_a_40_by_40_map_is_indexed_without_a_table_of_characters() -> None:
    layout = SparseLayout(square(-20, 20, -20, 20), cell_width=7, cell_height=3)
    assert len(layout) == 1600
    assert (layout.width, layout.height) == (280, 120)
    assert not hasattr(layout, "_occupied")
    assert layout.cell_at(279, 119) == (19, 19)
    assert len(layout.cells_on_row(60)) == 40


# --- the widget -----------------------------------------------------------------------------


def paint(cell: Any) -> CellPaint:
    return CellPaint(f"{cell[0]},{cell[1]}", "piece")


class MapApp(App[None]):
    """One focused board filling the screen."""

    CSS = "BoardGrid { width: 1fr; height: 1fr; }"

    def __init__(self, layout: BoardLayout, **kwargs: Any) -> None:
        super().__init__()
        self.layout_ = layout
        self.kwargs = kwargs

    def compose(self) -> ComposeResult:
        yield BoardGrid(self.layout_, paint, **self.kwargs)

    def on_mount(self) -> None:
        self.query_one(BoardGrid).focus()


def on_screen(board: BoardGrid, cell: Any) -> tuple[int, int]:
    """Where ``cell``'s top left corner is in the board's view."""
    region = board.board_layout.region(cell)
    return region.x - int(board.scroll_x), region.y - int(board.scroll_y)


async def test_growth_on_the_left_and_top_keeps_the_cursor_cell_still_on_screen() -> None:
    layout = SparseLayout(square(0, 10, 0, 10), cell_width=5, cell_height=1, gap_y=1)
    app = MapApp(layout, cursor=(6, 6))
    async with app.run_test(size=(30, 10)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        assert board.scroll_x > 0 and board.scroll_y > 0  # the cursor's cell was scrolled to
        before = on_screen(board, (6, 6))
        scroll = board.scroll_offset
        grown = layout.with_cells([*layout.cells, (-1, 6), (-2, 6), (6, -1)])
        board.set_layout(grown)
        await pilot.pause()
        assert board.cursor == (6, 6)
        assert on_screen(board, (6, 6)) == before
        assert board.scroll_offset == (scroll[0] + 2 * 5, scroll[1] + 1 * 2)
        # Growth on the right or the bottom moves nothing.
        board.set_layout(grown.with_cells([*grown.cells, (12, 6), (6, 12)]))
        await pilot.pause()
        assert on_screen(board, (6, 6)) == before


async def test_growth_at_the_top_left_corner_scrolls_from_zero() -> None:
    layout = SparseLayout(square(0, 6, 0, 6), cell_width=5, cell_height=1)
    app = MapApp(layout, cursor=(0, 0))
    async with app.run_test(size=(20, 6)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        assert board.scroll_offset == (0, 0)
        board.set_layout(layout.with_cells([*layout.cells, *square(-6, 0, -6, 6)]))
        await pilot.pause()
        assert on_screen(board, (0, 0)) == (0, 0)
        assert board.scroll_offset == (30, 6)


async def test_growth_the_view_cannot_follow_stops_at_the_edge_of_the_map() -> None:
    layout = SparseLayout(square(0, 3, 0, 3), cell_width=5, cell_height=1)
    app = MapApp(layout, cursor=(0, 0))
    async with app.run_test(size=(20, 6)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        board.set_layout(layout.with_cells([*layout.cells, *square(-6, 0, 0, 3)]))
        await pilot.pause()
        # 15 columns right of the anchor cannot fill a 20-column view: scrolled to the end.
        assert board.scroll_x == board.max_scroll_x > 0


async def test_a_fixed_layout_keeps_its_scroll_offset_unless_asked() -> None:
    layout = BoardLayout.square(10, 10, cell_width=5, cell_height=1, gap_y=1)
    app = MapApp(layout, cursor=(9, 9))
    async with app.run_test(size=(30, 10)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        scroll = board.scroll_offset
        shifted = BoardLayout.square(10, 10, cell_width=5, cell_height=1, gap_y=1, left=3)
        board.set_layout(shifted)
        await pilot.pause()
        assert board.scroll_offset == scroll
        board.set_layout(layout, keep_cursor_on_screen=True)
        await pilot.pause()
        assert board.scroll_offset == (scroll[0] - 3, scroll[1])


async def test_the_view_follows_the_cursor_into_negative_coordinates() -> None:
    layout = SparseLayout(square(-15, 15, -15, 15), cell_width=5, cell_height=1, gap_y=1)
    app = MapApp(layout, cursor=(0, 0))
    async with app.run_test(size=(30, 10)) as pilot:
        board = app.query_one(BoardGrid)
        width, height = board.scrollable_content_region.size

        def cursor_in_view() -> bool:
            x, y = on_screen(board, board.cursor)
            return x >= 0 and x + 5 <= width and y >= 0 and y + 1 <= height

        await pilot.pause()
        assert cursor_in_view()
        for key, target in (("left", (-15, 0)), ("up", (-15, -15)), ("right", (14, -15))):
            for _ in range(30):
                await pilot.press(key)
                assert cursor_in_view(), board.cursor
            assert board.cursor == target
        assert board.scroll_offset == (board.max_scroll_x, 0)
        # Out of view, the map scrolls to put the cursor in the middle (along that axis only).
        while board.scroll_y == 0:
            await pilot.press("down")
        _, y = on_screen(board, board.cursor)
        assert y == (height - 1) // 2
        assert board.scroll_x == board.max_scroll_x


async def test_cursor_moves_on_a_40_by_40_map_render_only_the_rows_they_touch() -> None:
    layout = SparseLayout(square(-20, 20, -20, 20), cell_width=7, cell_height=3)
    app = MapApp(layout, cursor=(-18, -18), marker_mode="style")
    async with app.run_test(size=(100, 40)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        first = board.rows_rendered
        # Only the rows in view (and the cursor's, redrawn when the board got the focus).
        assert first <= board.scrollable_content_region.height + 3
        await pilot.press("right")
        await pilot.pause()
        assert board.rows_rendered == first + 3  # one tile row
        await pilot.press("down")
        await pilot.pause()
        assert board.rows_rendered == first + 3 + 6  # two tile rows
        await pilot.press("left", "up")
        await pilot.pause()
        assert board.rows_rendered == first + 3 + 6 + 3 + 6
