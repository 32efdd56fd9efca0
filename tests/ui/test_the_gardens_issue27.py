"""The Gardens screen, issue 27: the State Library's return of a visitor that already walked,
the whole consequence of a placement readable at 80x24, claimed landmarks told apart from
unclaimed ones (and the scoreboard saying which give points and which abilities), and marks
that belong to one card. Driven through Textual's pilot; bots never move here (Ann decides)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import key_path, position_table_of, quiet_app, settle
from textual.geometry import Region
from textual.pilot import Pilot

from gardens_tui.rules.the_gardens.components import COLUMNS, LANDMARK_ID, LANDMARKS
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import GardensState
from gardens_tui.rules.the_gardens.text import LANDMARK_CODES
from gardens_tui.table import Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens.the_gardens import TheGardensScreen
from gardens_tui.ui.screens.the_gardens.texts import status_lines
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell


def table_of(state: GardensState) -> Table:
    return position_table_of("the-gardens", state, ("Ann", "Bob=greedy"))


def tg_screen(app: GardensApp) -> TheGardensScreen:
    screen = app.game_screen()
    assert isinstance(screen, TheGardensScreen)
    return screen


def gstate(table: Table) -> GardensState:
    state = table.state
    assert isinstance(state, GardensState)
    return state


async def go(pilot: Pilot[Any], board: BoardGrid, target: Cell, enter: bool = True) -> None:
    """Move the cursor to ``target`` with arrow keys (and press Enter)."""
    for key in key_path(board, target):
        await pilot.press(key)
    assert board.cursor == target
    if enter:
        await pilot.press("enter")
    await pilot.pause()


def options(layout: str, side: str) -> dict[str, Any]:
    return {"landmarks": True, "layout": layout, "landmark-side": side}


def info_lines(screen: TheGardensScreen) -> list[str]:
    """The info line under the mat as drawn, one string per terminal line."""
    info = screen.query_one("#tg-info")
    width, height = info.size
    strips = info.render_lines(Region(0, 0, width, height))
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# --- 1. State Library -------------------------------------------------------------------------


async def test_b_returns_a_visitor_that_already_walked_this_round() -> None:
    """Rule (State Library: any visitor, once per round, before placing): Ann's row B visitor
    walked this round (it lies on b4); ``b`` still sends it back to the Central Board."""
    state = make_position(
        options=options("l2-r1", "abilities"),
        owners={"state-library": 0},
        mats={0: {"b4": "B1"}},
        visitors={0: {"b": 4}},
        walked=[[0, 2, 0], [0, 0, 0]],
    )
    table = table_of(state)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        assert any(line.command == "return" for line in screen.command_lines())
        await pilot.press("b")
        await settle(pilot)
        assert table.actions[0] == ("return", 1)
        assert gstate(table).visitors[0][1] == gstate(table).centre
        assert not screen.query_one("PromptLine").error_text


# --- 2. The info line at 80x24 ----------------------------------------------------------------

# (layout, side, landmark, Ann's cards in row C, the display card, the landmark's mat cell)
CLAIMS = [
    ("l2-r2", "abilities", "governor-phillip-fountain", {"c6": "C1", "c7": "C2"}, "C25", "c8"),
    ("l1-r1", "points", "sydney-tower", {"c4": "C1", "c3": "C2"}, "C4", "c2"),
    ("l2-r1", "abilities", "lion-gate", {}, "B25", "b2"),
]


@pytest.mark.parametrize(("layout", "side", "key", "cards", "card", "cell"), CLAIMS)
async def test_the_whole_consequence_of_a_placement_is_readable_at_80x24(
    layout: str, side: str, key: str, cards: dict[str, str], card: str, cell: str
) -> None:
    """On a mat end whose card would claim a landmark, the info line says what Enter does,
    the points it scores now and the landmark it claims with what it gives, wrapped onto its
    second line when needed, never cut (issue 27: ``... it scores 13 now ·`` was cut before
    the landmark)."""
    row = "abc".index(cell[0])
    mats = {0: {**cards, **({"b4": "B1", "b3": "B2"} if row == 1 else {})}}
    state = make_position(
        options=options(layout, side),
        mats=mats,
        display={cell[0]: [card, None, None, None]},
    )
    table = table_of(state)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        await go(pilot, screen.display_board, (row, 0))
        target = row * COLUMNS + int(cell[1]) - 1
        await go(pilot, screen.mat_board, target, enter=False)
        text = screen._info_text
        lines = info_lines(screen)
        assert len(lines) == 2
        assert words(" ".join(lines)) == words(text), "the info line is cut"
        landmark = LANDMARKS[LANDMARK_ID[key]]
        gives = f"{landmark.points} points" if side == "points" else landmark.ability
        assert text.startswith(f"{cell}: Enter:") and re.search(r"\+?\d+ now", text)
        assert "claims" in text and words(gives) in words(text)
        assert table.actions == []


async def test_a_landmark_claimed_by_another_is_said_on_the_info_line() -> None:
    """A mat end on a landmark Bob already claimed: Enter claims nothing, and the line says
    whose it is."""
    state = make_position(
        options=options("l1-r1", "points"),
        mats={0: {"c4": "C1", "c3": "C2"}},
        owners={"sydney-tower": 1},
        display={"c": ["C4", None, None, None]},
    )
    table = table_of(state)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        await go(pilot, screen.display_board, (2, 0))
        await go(pilot, screen.mat_board, 2 * COLUMNS + 1, enter=False)
        text = screen._info_text
        assert "claims" not in text and "Sydney Tower, claimed by Bob" in text
        assert words(" ".join(info_lines(screen))) == words(text)


# --- 3. Claimed and unclaimed landmarks -------------------------------------------------------


def cell_text(screen: TheGardensScreen, cell: int) -> str:
    lines = screen._paint_mat(cell).lines
    return "".join(line if isinstance(line, str) else "".join(p[0] for p in line) for line in lines)


async def test_claimed_landmarks_look_different_from_unclaimed_ones_by_their_letters() -> None:
    """On Ann's mat, the Lion Gate that Bob claimed is ``-lg-`` and the unclaimed Harbour
    Bridge ``(HB)``; the scoreboard lists the landmarks giving points apart from those giving
    abilities, and marks the claimed ones the same way."""
    state = make_position(options=options("l2-r1", "mixed"), owners={"lion-gate": 1})
    table = table_of(state)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        lion_cell = 1 * COLUMNS + 5 - 3 - 1  # row B, 3 left of the Central Board
        bridge_cell = 5 - 2 - 1  # row A, 2 left
        assert cell_text(screen, lion_cell).strip() == "-lg-"
        assert cell_text(screen, bridge_cell).strip() == "(HB)"
        status = str(screen.query_one("#tg-status").render())
        faces = gstate(table).faces
        points = [LANDMARK_ID[k] for k in ("harbour-bridge", "lion-gate", "state-library")]
        points += [LANDMARK_ID[k] for k in ("fort-denison", "duck-pond", "art-gallery")]
        on_points = [lm for lm in points if faces[lm] == "points"]
        on_ability = [lm for lm in points if faces[lm] == "ability"]
        assert on_points and on_ability  # "mixed": three of each
        lines = {line.split(":")[0]: line for line in status_lines(gstate(table), False)}
        lion = LANDMARK_ID["lion-gate"]
        for lm in on_points + on_ability:
            shown = "-lg-" if lm == lion else LANDMARK_CODES[lm]
            if lm in on_points:
                assert f"{shown} {LANDMARKS[lm].points}" in lines["Landmark points"]
            else:
                assert shown in lines["Landmark abilities"].split(": ", 1)[1].split(", ")
        assert "Landmark points" in status and "Landmark abilities" in status
        await pilot.press("i")
        await pilot.pause()
        legend = dict(app.screen.legend)
        assert "(HB)" in legend and "-hb-" in legend  # both marks explained


# --- 4. Marks belong to one card ----------------------------------------------------------------


def line_text(board: BoardGrid, y: int) -> str:
    return "".join(segment.text for segment in board.render_line(y))


def assert_mark_belongs(board: BoardGrid, cell: Cell, glyph: str) -> None:
    """``glyph`` on ``cell``'s top line sits inside the cell, at most one blank column from
    its own card's name or path end on that line (or, when that line shows nothing else, from
    the card's drawing below it), and at least two columns farther from anything of another
    card on that line."""
    region = board.board_layout.region(cell)
    lines = [line_text(board, region.y + dy) for dy in range(region.height)]
    top = lines[0]
    inside = top[region.x : region.right]
    assert glyph in inside, (glyph, top)
    x = region.x + inside.index(glyph)

    def near(text: str) -> list[int]:
        return [abs(p - x) for p in range(region.x, region.right) if p != x and text[p] != " "]

    own = near(top) or [d for line in lines[1:] for d in near(line)]
    others = [
        abs(p - x)
        for p, ch in enumerate(top)
        if ch != " " and p >= 2 and not region.x <= p < region.right
    ]
    assert own and min(own) <= 2, (top, x)
    assert not others or min(others) >= min(own) + 2, (top, x)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_cursor_and_visitor_marks_sit_by_their_own_card(size: tuple[int, int]) -> None:
    """Issue 27: in the wide layout ``A15   ·  A16   ▶  A25`` left it to a guess which card
    the cursor and the visitors belong to. The cursor's glyph on a display card, and a visitor
    on a card with the cursor on the next card, sit by their own card's name or path end."""
    state = make_position(
        mats={0: {"b4": "B1", "b3": "B2", "b2": "B3"}},
        visitors={0: {"b": 3}},
        display={"b": ["B15", "B16", "B25", "B26"]},
    )
    table = table_of(state)
    app = quiet_app(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        assert screen.roomy == (size[0] >= 114)
        display = screen.display_board
        await go(pilot, display, (1, 1), enter=False)
        assert_mark_belongs(display, (1, 1), "▶")
        mat = screen.mat_board
        mat.focus()
        await pilot.pause()
        await go(pilot, mat, COLUMNS + 3, enter=False)  # the cursor on b4, beside b3's visitor
        assert_mark_belongs(mat, COLUMNS + 2, "V")
        assert_mark_belongs(mat, COLUMNS + 3, "▷")
