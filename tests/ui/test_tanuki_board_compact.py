"""The compact Tanuki garden at 80x24 (issue 26, first item: "Tanuki unreadable at 80x24").

- The column letters and row numbers never move and are never replaced by a piece: with monks on
  north, south, west and east edge spaces they stand where they stand on an empty garden, and
  the monks stand beside them (the north and south edge spaces' lines, the west and east bands).
- Squares are apart: a blank column between neighbours side by side, and the bottom line of
  every square underlined (the grid line to the square below), the lines above it not.
- A laid tile is drawn as lines, each in the style of its symbol (no digit naming a path end).
- Each kind of piece has its own mark (monk, blue and gold tanuki, stash, trap, rock garden),
  in Unicode and in ASCII mode; the legend lists them and the tunnels.
- Hovering the middle of any square or edge space puts the cursor on it (so a click lands
  there).

Bots play with no delay and the tests await Textual (``settle``), never sleep.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import settle
from rich.segment import Segment
from test_tanuki_screen import app_for, position_table, tk_screen

from gardens_tui.rules.tanuki.components import EDGES, TILE_SYMBOLS, parse_edge, parse_square
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.ui.screens.tanuki import TanukiScreen
from gardens_tui.ui.screens.tanuki.drawing import ASCII_STYLE_LINES, STYLE_LINES
from gardens_tui.ui.screens.tanuki.layouts import (
    COMPACT_TILE,
    edge_key,
    edge_label_at,
    edge_region,
)
from gardens_tui.ui.screens.tanuki.legend import legend_rows
from gardens_tui.ui.screens.tanuki.paint import TANUKI_GLYPHS
from gardens_tui.ui.screens.tanuki.routes import DOWN, LEFT, RIGHT, UP
from gardens_tui.ui.widgets.board_grid import BoardGrid

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def no_news_popup(monkeypatch: pytest.MonkeyPatch) -> None:
    """The "since your last turn" pop-up stays shut: these tests look at the garden."""
    monkeypatch.setattr(TanukiScreen, "news_popup", False)


def square(name: str) -> int:
    sq = parse_square(name)
    assert sq is not None
    return sq


def edge(name: str) -> int:
    found = parse_edge(name)
    assert found is not None
    return found


def canvas(board: BoardGrid) -> list[list[Segment]]:
    """Each line of the garden as its segments."""
    return [list(board.render_line(y)) for y in range(board.board_layout.height)]


def text_lines(board: BoardGrid) -> list[str]:
    return ["".join(seg.text for seg in line) for line in canvas(board)]


def char_styles(line: list[Segment]) -> list[tuple[str, Any]]:
    """One (character, style) per cell of a rendered line."""
    return [(ch, seg.style) for seg in line for ch in seg.text]


def four_monks_on_edges(**fields: Any) -> TanukiState:
    """Ann on edge n2, Bob on edge s5, Cleo on edge w3, Dan on edge e4; tiles on b1 and c3."""
    return make_position(
        ("Ann", "Bob", "Cleo", "Dan"),
        monks={0: "edge n2", 1: "edge s5", 2: "edge w3", 3: "edge e4"},
        board={"b1": tile_joining({0: 4}), "c3": tile_joining({1: 5})},
        **fields,
    )


async def garden_lines(state: TanukiState, *, ascii_mode: bool = False) -> list[str]:
    table = position_table(state, "Ann", "Bob=greedy", "Cleo=greedy", "Dan=greedy")
    app = app_for(table, ascii_mode=ascii_mode)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        return text_lines(tk_screen(app).board)


async def test_labels_stay_put_when_monks_stand_on_edge_spaces() -> None:
    """Every column letter and row number is in its place (the middle of its edge space's line
    above and below the garden, the middle line of its row on both sides), and each monk's
    letter stands in its edge space beside the label."""
    lines = await garden_lines(four_monks_on_edges())
    assert len(lines) == 20 and max(len(line.rstrip()) for line in lines) <= 54
    _, height = COMPACT_TILE
    for e in range(len(EDGES)):
        sq, side = EDGES[e]
        region = edge_region(e, roomy=False)
        at = edge_label_at(e, roomy=False)
        if side in (0, 2):
            assert at is not None
            assert lines[region.y + at[1]][region.x + at[0]] == "abcdef"[sq % 6], e
        else:  # the row numbers stand outside the west and east bands, a blank apart
            y = 1 + (sq // 6) * height + height // 2
            x = region.x - 1 if side == 3 else region.right + 1
            assert lines[y][x] == str(sq // 6 + 1), e
    for letter, name in (("A", "n2"), ("B", "s5"), ("C", "w3"), ("D", "e4")):
        region = edge_region(edge(name), roomy=False)
        inside = [
            (x, y)
            for y in range(region.y, region.bottom)
            for x in range(region.x, region.right)
            if lines[y][x] == letter
        ]
        assert len(inside) == 1, (name, "\n".join(lines))
        label = edge_label_at(edge(name), roomy=False)
        if label is not None:
            assert inside[0] != (region.x + label[0], region.y + label[1])


async def test_squares_are_apart_side_by_side_and_above_and_below() -> None:
    """With a tile on every square, the column between two neighbours is blank on every line,
    and each square's bottom line is underlined while its other lines are not."""
    board_tiles: dict[str, str | int] = {
        f"{'abcdef'[c]}{r + 1}": f"t{r * 6 + c + 1} r{(r + c) % 4 * 90}"
        for r in range(6)
        for c in range(6)
    }
    state = make_position(("Ann", "Bob"), monks={0: "off", 1: "off"}, board=board_tiles)
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        board = tk_screen(app).board
        board.cursor = edge_key(0)
        board.set_legal(())
        await pilot.pause()
        layout = board.board_layout
        lines = canvas(board)
        width, height = COMPACT_TILE
        for sq in range(36):
            region = layout.region(sq)
            for y in range(region.y, region.bottom):
                cells = char_styles(lines[y])
                if sq % 6 < 5:  # the gap to the right neighbour
                    assert cells[region.right][0] == " "
                under = [
                    bool(style and style.underline) for _, style in cells[region.x : region.right]
                ]
                assert all(under) == (y == region.bottom - 1), (sq, y, under)
        assert region.height == height and region.width == width


async def test_a_laid_tile_is_drawn_as_lines_with_its_symbols() -> None:
    """The tile on b1 shows its lines, each symbol it carries by its line style (shiitake thin,
    den heavy, ashi-magari dashed), and no digit names a path end."""
    state = four_monks_on_edges()
    table = position_table(state, "Ann", "Bob=greedy", "Cleo=greedy", "Dan=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        board = tk_screen(app).board
        lines = text_lines(board)
        region = board.board_layout.region(square("b1"))
        tile = [lines[y][region.x : region.right] for y in range(region.y, region.bottom)]
        text = "".join(tile)
        assert sum(ch in "│─╭╮╰╯┼┃━┏┓┗┛╋╂┿┆┄" for ch in text) >= 12, tile
        value = state.board[square("b1")]
        for sym in set(TILE_SYMBOLS[value >> 2]):
            straight = STYLE_LINES[sym][UP | DOWN] + STYLE_LINES[sym][LEFT | RIGHT]
            assert any(ch in straight for ch in text), (sym, tile)
        assert not any(ch.isdigit() for ch in text), tile


@pytest.mark.parametrize("ascii_mode", [False, True])
async def test_each_kind_of_piece_has_its_own_mark(ascii_mode: bool) -> None:
    """A monk at a path end, a monk on an edge space, the blue and the gold tanuki, a stash, a
    trap and a rock garden each show their own mark on the garden, no two alike."""
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4}), "e5": "rock"},
        tanuki=("a5", "f2"),
        stash=[3 if sq == square("b2") else 0 for sq in range(36)],
        traps=[square("d1"), -1, -1],
        trap_owner=[0, -1, -1],
    )
    state.deck.remove(21)  # trap A's card lies by its trap
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table, ascii_mode=ascii_mode)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        board = tk_screen(app).board
        layout = board.board_layout
        lines = text_lines(board)

        def shown(cell: object) -> str:
            region = layout.region(cell)
            return "".join(
                lines[y][region.x : region.right] for y in range(region.y, region.bottom)
            )

        blue, gold = TANUKI_GLYPHS[ascii_mode]
        rock = "#" if ascii_mode else "▒"
        marks = {
            "monk on a path end": ("A", shown(square("c3"))),
            "monk on an edge space": ("B", shown(edge_key(edge("s6")))),
            "blue tanuki": (blue, shown(square("a5"))),
            "gold tanuki": (gold, shown(square("f2"))),
            "stash": ("$3", shown(square("b2"))),
            "trap": ("^a", shown(square("d1"))),
            "rock garden": (rock * 5, shown(square("e5"))),
        }
        for what, (mark, where) in marks.items():
            assert mark in where, (what, mark, where)
        glyphs = [mark for mark, _ in marks.values()]
        assert len(set(glyphs)) == len(glyphs)
        if ascii_mode:
            assert all(ord(ch) < 128 for line in lines for ch in line)
        legend = {mark for mark, _ in legend_rows(state, ascii_mode, roomy=False)}
        assert {"A", "B", blue, gold, "$3", "^a", rock} <= legend
        assert "1 2 3 4" not in legend  # no numbered path ends any more


@pytest.mark.parametrize("ascii_mode", [False, True])
def test_the_legend_explains_each_line_style_at_the_compact_size_only(ascii_mode: bool) -> None:
    """The compact legend shows each symbol's line style (its straight glyphs) and the lit
    style, and says which symbol each carries; the roomy legend keeps its single and double
    lines (no line styles there)."""
    state = four_monks_on_edges()
    tables = ASCII_STYLE_LINES if ascii_mode else STYLE_LINES
    words = {"s": "shiitake", "d": "tanuki den", "a": "ashi-magari", "lit": "lit path"}
    compact = legend_rows(state, ascii_mode, roomy=False)
    for style, table in tables.items():
        row = next((m, w) for m, w in compact if table[UP | DOWN] in m and table[LEFT | RIGHT] in m)
        assert words[style] in row[1], (style, row)
    roomy = [mark for mark, _ in legend_rows(state, ascii_mode, roomy=True)]
    assert roomy[:2] == (["| - . ' +", "# ="] if ascii_mode else ["│ ─ ╭ ╮ ┼", "║ ═ ╔ ╬"])


async def test_hovering_the_middle_of_each_place_puts_the_cursor_there() -> None:
    """Every square and edge space of the compact garden: the mouse over its middle moves the
    cursor onto it (the click selects the cell under the cursor the same way)."""
    state = four_monks_on_edges()
    table = position_table(state, "Ann", "Bob=greedy", "Cleo=greedy", "Dan=greedy")
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        board = tk_screen(app).board
        cells = [*range(36), *(edge_key(e) for e in range(len(EDGES)))]
        for cell in cells:
            region = board.board_layout.region(cell)
            await pilot.hover(
                board, offset=(region.x + region.width // 2, region.y + region.height // 2)
            )
            await pilot.pause()
            assert board.cursor == cell
