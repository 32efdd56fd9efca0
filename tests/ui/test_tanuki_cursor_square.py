"""Tanuki in the Garden at 80x24, as a new player found it: "the tile drawings are hard to read; I
played from the preview line". The cursor stands on the previewed tile while you choose how to
lay it, and in reverse video its lines became gaps in a slab of colour, all in one colour. Now
the garden's cursor tints its square and fills its blanks with solid blocks: the tile on it keeps
its lines in their own colours, as on every other square. Driven through Textual's pilot; Ann
decides, the bot never moves here."""

from __future__ import annotations

from conftest import settle
from rich.segment import Segment
from test_tanuki_screen import app_for, go, no_news_popup, position_table, tk_screen
from textual.geometry import Region

from gardens_tui.rules.tanuki.positions import make_position
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell

__all__ = ["no_news_popup"]  # the autouse fixture: no "since your last turn" pop-up here


def cell_segments(board: BoardGrid, cell: Cell) -> list[Segment]:
    """Every character drawn in ``cell``'s rectangle, one segment each."""
    region: Region = board.board_layout.region(cell)
    out: list[Segment] = []
    for y in range(region.y, region.bottom):
        x = 0
        for segment in board.render_line(y):
            for char in segment.text:
                if region.x <= x < region.right:
                    out.append(Segment(char, segment.style))
                x += 1
    return out


def backgrounds(board: BoardGrid, cell: Cell) -> set[object]:
    """The background colours of the cell's lines, symbols and letters (not its blanks)."""
    return {s.style.bgcolor for s in cell_segments(board, cell) if s.text != " " and s.style}


def reversed_marks(board: BoardGrid, cell: Cell) -> list[Segment]:
    """The cell's characters other than blanks drawn in reverse video."""
    segments = cell_segments(board, cell)
    return [s for s in segments if s.text != " " and s.style and s.style.reverse]


async def test_the_cursor_on_the_previewed_tile_keeps_its_lines_readable() -> None:
    """Laying from edge n3: the cursor is on c1, where the tile is previewed. No line of the
    square is in reverse video; its lines keep their colours (not all one) on the cursor's
    tint, its blanks are solid blocks. Moving the cursor away gives c1 back its own look and
    the tint to the new square; with the focus on the hand, the garden shows no cursor."""
    state = make_position(("Ann", "Bob"), monks={0: "edge n3", 1: "edge s6"}, board={"c2": "t5 r0"})
    app = app_for(position_table(state, "Ann", "Bob=greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        board = screen.board
        front = 2  # c1
        assert board.cursor == front and screen.preview() >= 0
        tint = board.get_component_rich_style("board-grid--tk-cursor").bgcolor
        under = cell_segments(board, front)
        assert not reversed_marks(board, front)
        lines = [s for s in under if s.text != " "]
        assert len({s.style.color for s in lines if s.style}) > 1  # each path its colour
        assert backgrounds(board, front) == {tint}
        assert all(s.style and s.style.reverse for s in under if s.text == " ")

        await go(pilot, board, front + 6, enter=False)  # c2: a laid tile
        assert tint not in backgrounds(board, front)
        assert backgrounds(board, front + 6) == {tint} and not reversed_marks(board, front + 6)

        await pilot.press("tab")  # to the hand: the garden's cursor goes
        await pilot.pause()
        assert screen.hand_board.has_focus
        assert tint not in backgrounds(board, front + 6)
