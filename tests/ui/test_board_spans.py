"""Cells whose lines are made of pieces with their own roles, and the "style" marker mode that
leaves every character of a cell as painted: the style of each character, the marks told apart
without colour, the spot glyph, and text drawn literally."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.strip import Strip

from gardens_tui.ui.widgets.board_grid import MARKERS, SPOT_MARKERS, BoardGrid, CellPaint, Piece
from gardens_tui.ui.widgets.board_layout import BoardLayout
from gardens_tui.ui.widgets.cell_paint import line_segments, put_glyph

RED, BLUE = "#ff0000", "#0000ff"


class SpanBoard(BoardGrid):
    """A board with two piece roles that set a colour only."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"board-grid--red", "board-grid--blue"}

    DEFAULT_CSS = f"""
    SpanBoard > .board-grid--red {{ color: {RED}; }}
    SpanBoard > .board-grid--blue {{ color: {BLUE}; text-style: italic; }}
    """


def tile(cell: Any) -> CellPaint:
    """A 5x3 path tile: exits on the edge columns, coloured corners, a letter in the middle."""
    return CellPaint(
        (
            (Piece("a", "red"), Piece("─┬─"), Piece("b", "blue")),
            "├ X ┤",
            (Piece("c", "blue"), ("─┴─", ""), ("d", "red")),
        ),
        "piece",
        spot=(2, 2),
    )


class TileApp(App[None]):
    def __init__(self, painter: Any = tile, **kwargs: Any) -> None:
        super().__init__()
        self.painter = painter
        self.kwargs = kwargs

    def compose(self) -> ComposeResult:
        layout = BoardLayout.square(3, 1, cell_width=5, cell_height=3, gap_x=1)
        yield SpanBoard(layout, self.painter, **self.kwargs)

    def on_mount(self) -> None:
        self.query_one(SpanBoard).focus()


def chars(strip: Strip) -> list[tuple[str, Style]]:
    """Every character of ``strip`` with its style."""
    return [(ch, seg.style or Style()) for seg in strip for ch in seg.text]


def colour(style: Style) -> str | None:
    return style.color.get_truecolor().hex if style.color else None


def background(style: Style) -> str | None:
    return style.bgcolor.get_truecolor().hex if style.bgcolor else None


async def test_pieces_colour_their_own_characters_over_the_cell_style() -> None:
    app = TileApp(cursor=None, marker_mode="style")
    async with app.run_test(size=(40, 10)):
        board = app.query_one(SpanBoard)
        board.cursor = None
        top = chars(board.render_line(0))[:5]
        assert "".join(ch for ch, _ in top) == "a─┬─b"
        cell_style = board.get_component_rich_style("board-grid--piece")
        assert colour(top[0][1]) == RED and colour(top[4][1]) == BLUE
        assert top[4][1].italic and not top[0][1].italic
        for _, style in top[1:4]:  # role-less pieces: the cell's own style
            assert colour(style) == colour(cell_style)
        for _, style in top:  # the pieces set no background: the cell's shows through
            assert background(style) == background(cell_style)
            assert style.bold  # and the cell role's bold stays
        bottom = chars(board.render_line(2))[:5]
        assert "".join(ch for ch, _ in bottom) == "c─┴─d"
        assert colour(bottom[0][1]) == BLUE and colour(bottom[4][1]) == RED


async def test_style_mode_leaves_edge_characters_intact_in_every_state() -> None:
    app = TileApp(cursor=(0, 0), legal=[(0, 0), (1, 0)], last_move=[(2, 0)], marker_mode="style")
    async with app.run_test(size=(40, 10)):
        board = app.query_one(SpanBoard)
        assert board.render_line(1).text == "├ X ┤ ├ X ┤ ├ X ┤"
        assert board.render_line(0).text == "a─┬─b a─┬─b a─┬─b"
        # The spot (column 2 of the bottom line) shows each state's glyph; edges stay.
        spot = SPOT_MARKERS[False]
        bottom = board.render_line(2).text
        assert bottom == f"c─{spot['cursor-legal']}─d c─{spot['legal']}─d c─{spot['last-move']}─d"
        for glyphs in MARKERS[False].values():
            assert not set(glyphs) - {" "} & set(board.render_line(1).text)


async def test_style_mode_tells_the_states_apart_without_colour() -> None:
    def plain_tile(cell: Any) -> CellPaint:
        return CellPaint(("|   |", "| o |", "|   |"))  # the plain "cell" role: not bold

    app = TileApp(
        plain_tile,
        cursor=(0, 0),
        legal=[(1, 0)],
        last_move=[(2, 0)],
        marker_mode="style",
    )
    async with app.run_test(size=(40, 10)) as pilot:
        board = app.query_one(SpanBoard)
        line = chars(board.render_line(1))
        cursor, legal, last = line[0][1], line[6][1], line[12][1]
        assert cursor.reverse and cursor.bold
        assert legal.underline and not legal.reverse and not legal.bold
        assert last.italic and last.bold and not last.reverse
        # Without the focus the cursor is still reverse video, no longer bold.
        board.blur()
        await pilot.pause()
        blurred = chars(board.render_line(1))[0][1]
        assert blurred.reverse and not blurred.bold
        board.cursor = (1, 0)  # a legal cell under the cursor: both marks
        both = chars(board.render_line(1))[6][1]
        assert both.reverse and both.underline


async def test_edge_mode_keeps_its_markers_with_pieces_inside() -> None:
    def small(cell: Any) -> CellPaint:
        return CellPaint(((Piece("r", "red"), Piece("b", "blue")),), "piece")

    app = TileApp(small, cursor=(0, 0), legal=[(1, 0)])
    async with app.run_test(size=(40, 10)):
        board = app.query_one(SpanBoard)
        assert board.marker_mode == "edges"
        line = chars(board.render_line(1))
        marks = MARKERS[False]
        # Centred as a string is: the odd space goes to the right.
        assert "".join(ch for ch, _ in line[:5]) == f"{marks['cursor'][0]}rb {marks['cursor'][1]}"
        assert colour(line[1][1]) == RED and colour(line[2][1]) == BLUE
        assert "".join(ch for ch, _ in line[6:11]) == f"{marks['legal'][0]}rb {marks['legal'][1]}"


async def test_marker_mode_can_change_and_is_checked() -> None:
    app = TileApp(cursor=(0, 0))
    async with app.run_test(size=(40, 10)) as pilot:
        board = app.query_one(SpanBoard)
        assert board.render_line(1).text.startswith("▷")
        board.marker_mode = "style"
        await pilot.pause()
        assert board.render_line(1).text.startswith("├")
        try:
            board.marker_mode = "corners"  # type: ignore[assignment]
        except ValueError as error:
            assert "corners" in str(error)
        else:
            raise AssertionError("an unknown marker mode was accepted")


async def test_a_class_may_choose_style_marks_for_all_its_boards() -> None:
    class PathBoard(SpanBoard):
        MARKER_MODE = "style"

    class PathApp(App[None]):
        def compose(self) -> ComposeResult:
            yield PathBoard(BoardLayout.square(1, 1, cell_width=5, cell_height=3), tile)

    app = PathApp()
    async with app.run_test(size=(40, 10)):
        assert app.query_one(PathBoard).marker_mode == "style"


async def test_piece_text_is_literal_and_cut_to_the_cell() -> None:
    def hostile(cell: Any) -> CellPaint:
        return CellPaint(((Piece("[b]\x1b[31m", "red"), Piece("zzzzzz", "blue")),), "piece")

    app = TileApp(hostile, marker_mode="style")
    async with app.run_test(size=(40, 10)):
        board = app.query_one(SpanBoard)
        text = board.render_line(1).text
        assert "\x1b" not in text
        assert text[:5] == "[b]\\x"  # the escape is shown, cut to the cell's 5 columns
        assert board.render_line(1).cell_length >= 17


def test_line_segments_centre_pieces_and_cut_wide_ones() -> None:
    base, red = Style(bold=True), Style(color="red")
    segments = line_segments((Piece("ab", "r"), ("c", "")), 7, base, lambda role: red)
    assert [(s.text, s.style) for s in segments] == [
        ("  ", base),
        ("ab", red),
        ("c", base),
        ("  ", base),
    ]
    cut = line_segments((("wide 字字字", ""),), 6, base, lambda role: red)
    assert sum(s.cell_length for s in cut) == 6
    assert line_segments("x", 0, base, lambda role: red) == []


def test_put_glyph_replaces_one_character_in_its_style() -> None:
    a, b = Style(color="red"), Style(color="blue")
    out = put_glyph([Segment("abc", a), Segment("de", b)], 3, "•")
    assert "".join(s.text for s in out) == "abc•e"
    assert [s.style for s in out if s.text == "•"] == [b]
    assert put_glyph([Segment("ab", a)], 5, "•") == [Segment("ab", a)]
