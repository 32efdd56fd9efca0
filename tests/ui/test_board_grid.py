"""BoardGrid and BoardLayout: cursor movement by direction (hex and square), clamping at the
edges, mouse hover and click, CellSelected, markers in both glyph sets, and row caching with
partial refresh."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region

from gardens_tui.ui.widgets.board_grid import MARKERS, BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import BoardLayout

GARDEN_ROWS = (4, 5, 6, 5, 4)


def paint(cell: Any) -> CellPaint:
    return CellPaint(f"{cell[0]}{cell[1]}", "piece")


# --- layout geometry ------------------------------------------------------------------------


def test_hex_layout_has_24_cells_and_offsets_rows_by_half_a_cell() -> None:
    layout = BoardLayout.hex_rows(GARDEN_ROWS, cell_width=6, gap_x=1)
    assert len(layout) == 24
    pitch = 7
    # Row 0 (4 cells) starts a full pitch right of row 2 (6 cells); row 1 half a pitch.
    assert layout.region((2, 0)).x == 0
    assert layout.region((1, 0)).x == pitch // 2
    assert layout.region((0, 0)).x == pitch


def test_hex_cursor_moves_to_nearest_cell_in_each_direction() -> None:
    layout = BoardLayout.hex_rows(GARDEN_ROWS)
    assert layout.nearest((2, 0), 1, 0) == (2, 1)
    assert layout.nearest((2, 1), -1, 0) == (2, 0)
    # Up from the long middle row lands on the offset row above, not two rows up.
    assert layout.nearest((2, 0), 0, -1) == (1, 0)
    assert layout.nearest((2, 5), 0, -1) == (1, 4)
    assert layout.nearest((1, 2), 0, 1) in {(2, 2), (2, 3)}
    assert layout.nearest((0, 0), 0, 1) in {(1, 0), (1, 1)}


def test_hex_cursor_clamps_at_row_ends_and_board_edges() -> None:
    layout = BoardLayout.hex_rows(GARDEN_ROWS)
    assert layout.nearest((0, 3), 1, 0) is None  # end of the top row: no wrap downwards
    assert layout.nearest((1, 4), 1, 0) is None
    assert layout.nearest((0, 1), 0, -1) is None  # top edge
    assert layout.nearest((4, 0), 0, 1) is None  # bottom edge
    assert layout.nearest((2, 0), -1, 0) is None


def test_square_grid_moves_and_clamps() -> None:
    layout = BoardLayout.square(3, 3, cell_width=5, cell_height=3, gap_y=1)
    assert layout.nearest((1, 1), 0, -1) == (1, 0)
    assert layout.nearest((1, 1), 0, 1) == (1, 2)
    assert layout.nearest((1, 1), -1, 0) == (0, 1)
    assert layout.nearest((1, 1), 1, 0) == (2, 1)
    assert layout.nearest((2, 1), 1, 0) is None
    assert layout.nearest((0, 0), 0, -1) is None
    assert layout.nearest((0, 2), 0, 1) is None


def test_layout_rejects_overlapping_cells_and_finds_cells_by_position() -> None:
    with pytest.raises(ValueError, match="overlap"):
        BoardLayout({"a": Region(0, 0, 3, 1), "b": Region(2, 0, 3, 1)})
    layout = BoardLayout.square(2, 1, cell_width=3, gap_x=1)
    assert layout.cell_at(0, 0) == (0, 0)
    assert layout.cell_at(3, 0) is None  # the gap
    assert layout.cell_at(4, 0) == (1, 0)
    assert layout.rows_of([(0, 0), "unknown"]) == {0}


def test_custom_keys_and_background_text() -> None:
    layout = BoardLayout.square(
        2, 1, cell_width=3, keys=[["a1", "b1"]], background=["|   |   |"], left=1
    )
    assert set(layout.cells) == {"a1", "b1"}
    assert layout.width == 9
    assert layout.background[0] == "|   |   |"


# --- the widget -----------------------------------------------------------------------------


class BoardApp(App[None]):
    """One focused board and a record of the cells selected on it."""

    def __init__(self, layout: BoardLayout, **kwargs: Any) -> None:
        super().__init__()
        self.layout_ = layout
        self.kwargs = kwargs
        self.selected: list[Any] = []

    def compose(self) -> ComposeResult:
        yield BoardGrid(self.layout_, paint, **self.kwargs)

    def on_mount(self) -> None:
        self.query_one(BoardGrid).focus()

    def on_board_grid_cell_selected(self, event: BoardGrid.CellSelected) -> None:
        self.selected.append(event.cell)


async def test_arrow_hjkl_and_wasd_keys_move_the_cursor_on_a_hex_board() -> None:
    app = BoardApp(BoardLayout.hex_rows(GARDEN_ROWS), cursor=(2, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.press("right")
        assert board.cursor == (2, 1)
        await pilot.press("l", "d")
        assert board.cursor == (2, 3)
        await pilot.press("up")
        assert board.cursor[0] == 1
        await pilot.press("k", "w")
        assert board.cursor[0] == 0
        await pilot.press("up")  # top edge: stays
        assert board.cursor[0] == 0
        await pilot.press("j", "s", "down", "down")
        assert board.cursor[0] == 4
        await pilot.press("h", "a", "left", "left", "left")
        assert board.cursor == (4, 0)


async def test_enter_and_space_post_cell_selected_without_changing_anything() -> None:
    app = BoardApp(BoardLayout.square(3, 3), cursor=(1, 1), legal=[(1, 1)])
    async with app.run_test(size=(100, 30)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.press("enter")
        await pilot.press("right", "space")
        await pilot.pause()
        assert app.selected == [(1, 1), (2, 1)]
        assert board.legal == frozenset({(1, 1)})


async def test_mouse_hover_moves_the_cursor_and_click_selects() -> None:
    layout = BoardLayout.square(3, 2, cell_width=5, gap_x=1)
    app = BoardApp(layout, cursor=(0, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.hover(BoardGrid, offset=(13, 1))
        assert board.cursor == (2, 1)
        await pilot.click(BoardGrid, offset=(7, 0))
        await pilot.pause()
        assert board.cursor == (1, 0)
        assert app.selected == [(1, 0)]
        await pilot.click(BoardGrid, offset=(5, 0))  # a gap between cells: nothing
        await pilot.pause()
        assert app.selected == [(1, 0)]


async def test_cursor_cannot_be_set_off_the_board() -> None:
    app = BoardApp(BoardLayout.square(2, 2), cursor=(0, 0))
    async with app.run_test(size=(100, 30)):
        board = app.query_one(BoardGrid)
        board.cursor = (5, 5)
        assert board.cursor == (0, 0)
        board.move_cursor_to((1, 1))
        assert board.cursor == (1, 1)


async def test_markers_tell_cursor_legal_and_last_move_apart_by_glyph() -> None:
    layout = BoardLayout.square(4, 1, cell_width=6, gap_x=1)
    app = BoardApp(layout, cursor=(0, 0), legal=[(0, 0), (1, 0)], last_move=[(2, 0)])
    async with app.run_test(size=(100, 30)):
        board = app.query_one(BoardGrid)
        text = board.render_line(0).text
        unicode = MARKERS[False]
        assert text.startswith(f"{unicode['cursor-legal'][0]} 00 {unicode['cursor-legal'][1]}")
        assert f"{unicode['legal'][0]} 10 {unicode['legal'][1]}" in text
        assert f"{unicode['last-move'][0]} 20 {unicode['last-move'][1]}" in text
        assert "  30  " in text
        board.ascii_mode = True
        text = board.render_line(0).text
        assert text.startswith("> 00 <")
        assert ". 10 ." in text and "* 20 *" in text
        assert text.isascii()
        board.cursor = (3, 0)  # not a legal cell: a different cursor glyph
        assert "[ 30 ]" in board.render_line(0).text


async def test_rows_are_cached_and_a_cursor_move_rerenders_only_its_rows() -> None:
    layout = BoardLayout.hex_rows(GARDEN_ROWS, cell_height=1, gap_y=1)
    app = BoardApp(layout, cursor=(2, 0))
    async with app.run_test(size=(100, 40)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        first = board.rows_rendered
        assert first == layout.height  # every row drawn once
        await pilot.pause()
        assert board.rows_rendered == first  # a repaint with no change uses the cache
        await pilot.press("right")  # same canvas row
        await pilot.pause()
        assert board.rows_rendered == first + 1
        await pilot.press("up")  # old and new rows differ
        await pilot.pause()
        assert board.rows_rendered == first + 3


async def test_set_legal_and_repaint_touch_only_the_rows_that_changed() -> None:
    layout = BoardLayout.square(3, 3, cell_height=1, gap_y=1)
    app = BoardApp(layout, cursor=(0, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        before = board.rows_rendered
        board.set_legal([(1, 2), (2, 2)])
        await pilot.pause()
        assert board.rows_rendered == before + 1
        board.set_last_move([(0, 1)])
        await pilot.pause()
        assert board.rows_rendered == before + 2
        board.repaint_cells([(2, 2)])
        await pilot.pause()
        assert board.rows_rendered == before + 3
        board.repaint_cells()
        await pilot.pause()
        assert board.rows_rendered == before + 3 + layout.height


async def test_unknown_role_falls_back_to_the_cell_style() -> None:
    layout = BoardLayout.square(1, 1, cell_width=5)

    class OddBoard(App[None]):
        def compose(self) -> ComposeResult:
            yield BoardGrid(layout, lambda cell: CellPaint("x", "no-such-role"))

    app = OddBoard()
    async with app.run_test(size=(100, 30)):
        assert "x" in app.query_one(BoardGrid).render_line(0).text


async def test_the_board_scrolls_to_keep_the_cursor_visible() -> None:
    layout = BoardLayout.square(10, 10, cell_width=5, cell_height=1, gap_y=1)
    app = BoardApp(layout, cursor=(0, 0))
    async with app.run_test(size=(30, 8)) as pilot:
        board = app.query_one(BoardGrid)
        assert board.scroll_y == 0
        await pilot.press(*["down"] * 9, *["right"] * 9)
        await pilot.pause()
        assert board.cursor == (9, 9)
        assert board.scroll_y > 0 and board.scroll_x > 0
        region = layout.region((9, 9))
        assert board.scroll_y + board.scrollable_content_region.height >= region.bottom


async def test_a_theme_change_redraws_every_row_with_the_new_colours() -> None:
    layout = BoardLayout.square(3, 3)
    app = BoardApp(layout, cursor=(0, 0))
    async with app.run_test(size=(100, 30)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        before = board.render_line(0)
        rendered = board.rows_rendered
        app.theme = "textual-light"
        await pilot.pause()
        assert board.rows_rendered >= rendered + layout.height
        assert board.render_line(0) != before


async def test_a_cell_taller_than_a_row_is_painted_once_per_redraw() -> None:
    calls: list[Any] = []

    def counting(cell: Any) -> CellPaint:
        calls.append(cell)
        return CellPaint(("top", "mid", "end"))

    layout = BoardLayout.square(2, 1, cell_width=5, cell_height=3)

    class TallBoard(App[None]):
        def compose(self) -> ComposeResult:
            yield BoardGrid(layout, counting, cursor=(0, 0))

    app = TallBoard()
    async with app.run_test(size=(40, 10)) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        calls.clear()
        board.cursor = (1, 0)
        await pilot.pause()
        assert sorted(calls) == [(0, 0), (1, 0)]  # three rows each, one paint each
        assert board.render_line(1).text == " mid  ▷mid◁"
