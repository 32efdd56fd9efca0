"""Tanuki in the Garden at 80x24, as a new player found it: the choices list and the hints say
"end 1" or "end 2" of the monk's edge space, and the board did not show which end is which. Now,
while a decision asks by which end a monk walks in, its edge space carries ``1`` and ``2`` right
by the two ends (end 1 first going clockwise: left on the north, top on the east, right on the
south, bottom on the west), the end the previewed tile is entered by reversed. Driven through
Textual's pilot; Ann decides, the bot never moves here."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import settle
from rich.segment import Segment
from test_tanuki_screen import app_for, go, no_news_popup, position_table, tk_screen
from textual.geometry import Region

from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki.positions import make_position
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.tanuki.layouts import edge_key
from gardens_tui.ui.screens.tanuki.legend import legend_rows
from gardens_tui.ui.widgets.board_grid import BoardGrid

__all__ = ["no_news_popup"]  # the autouse fixture: no "since your last turn" pop-up here

N3, E2, S4, W5 = 2, 7, 15, 22
"""Edge spaces n3, e2, s4 and w5 (north 1-6, east 1-6, south 1-6, west 1-6 are 0..23)."""


def edge_cells(board: BoardGrid, edge: int) -> dict[tuple[int, int], Segment]:
    """The characters drawn in edge space ``edge``'s region, by ``(x, y)`` inside it."""
    region: Region = board.board_layout.region(edge_key(edge))
    cells: dict[tuple[int, int], Segment] = {}
    for y in range(region.height):
        x = 0
        for segment in board.render_line(region.y + y):
            for char in segment.text:
                if region.x <= x < region.right:
                    cells[(x - region.x, y)] = Segment(char, segment.style)
                x += 1
    return cells


def marks(board: BoardGrid, edge: int) -> dict[str, tuple[tuple[int, int], bool]]:
    """Where ``1`` and ``2`` stand in the edge space, and whether each is reversed."""
    found = {}
    for place, segment in edge_cells(board, edge).items():
        if segment.text in "12":
            found[segment.text] = (place, bool(segment.style and segment.style.reverse))
    return found


async def open_on(edge_name: str, **kwargs: Any) -> tuple[Any, Any]:
    """The app on a position where Ann (on ``edge_name``) lays her first tile."""
    state = make_position(("Ann", "Bob"), monks={0: edge_name, 1: "edge s6"}, **kwargs)
    table = position_table(state, "Ann", "Bob=greedy")
    return app_for(table), table


@pytest.mark.parametrize(
    ("edge", "name", "end_1_is"),
    [
        (N3, "edge n3", "left"),
        (E2, "edge e2", "top"),
        (S4, "edge s4", "right"),
        (W5, "edge w5", "bottom"),
    ],
)
async def test_the_two_ends_of_the_edge_space_are_numbered_while_laying_from_it(
    edge: int, name: str, end_1_is: str
) -> None:
    """Laying the first tile from an edge space: ``1`` and ``2`` stand by its two ends, end 1
    where the notation has it on that side; the end the previewed tile is entered by is
    reversed, and ``r`` (through the rotations, then the other end) moves it to the other."""
    app, _ = await open_on(name)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        board = screen.board
        await go(pilot, board, B.front_square(screen.state, 0), enter=False)
        entered: set[str] = set()
        for _ in range(8):
            shown = marks(board, edge)
            assert set(shown) == {"1", "2"}, shown
            (x1, y1), on_1 = shown["1"]
            (x2, y2), on_2 = shown["2"]
            where = {"left": x1 < x2, "right": x1 > x2, "top": y1 < y2, "bottom": y1 > y2}
            assert where[end_1_is], shown
            variant = screen.picker.selection.variant
            assert isinstance(variant, tuple)
            assert (on_1, on_2) == (variant[1] == 1, variant[1] == 2), (variant, shown)
            entered.add("1" if on_1 else "2")
            await pilot.press("r")
            await pilot.pause()
        assert entered == {"1", "2"}
        assert "A" in {segment.text for segment in edge_cells(board, edge).values()}


async def test_walking_in_beside_a_laid_tile_numbers_the_ends_until_it_is_done() -> None:
    """A tile lies beside Ann's edge space n1: the walk-in list (``n``) offers end 1 and end 2
    and the board numbers both ends meanwhile (neither reversed: no tile is previewed); once
    Ann walked in, the marks are gone, and no other edge space ever shows them."""
    app, table = await open_on("edge n1", board={"a1": "t1 r0"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = tk_screen(app).board
        shown = marks(board, 0)
        assert shown == {"1": ((1, 0), False), "2": ((5, 0), False)}
        assert all(not marks(board, edge) for edge in range(1, 24))
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.labels[0].lower().startswith("enter 1 (left end)")
        await pilot.press("1")
        await settle(pilot)
        assert table.actions[0] == ("enter", 1)
        assert all(not marks(board, edge) for edge in range(24))


def test_the_legend_says_what_the_end_numbers_are() -> None:
    """The legend (``i``) explains the ``1`` and ``2`` by an edge space."""
    state = make_position(("Ann", "Bob"), monks={0: "edge n3"})
    legend = dict(legend_rows(state, ascii_mode=False))
    assert "end 1 and end 2" in legend["1 2"] and "reversed" in legend["1 2"]
