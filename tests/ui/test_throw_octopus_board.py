"""Throw Octopus! screen: the seascape's drawing, the hand, kept cards and Magic Touch on the board
(issue 10, "## Screen").

The seascape is centred in its area, small tiles at 80x24 and bigger ones at the roomy size;
the hand is drawn as small tiles, the chosen one marked, and every tile (past the 9th too) is
chosen by ``]`` / ``[`` or by a click; moving the hand's cursor chooses the tile under it and
lights its places; the hand's title shows kept cards (Octo Shield face up); a Magic Touch is
chosen on the board (the tiles that may move lit, Enter lifts one, Enter puts it down); at 80x24
a long refusal in the prompt pushes no line off the screen.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from conftest import settle
from test_throw_octopus_screen import (
    SPARSE,
    app_for,
    click,
    error_text,
    position_table,
    start_position,
    t,
    to_screen,
)

from gardens_tui.rules.throw_octopus.components import all_cards
from gardens_tui.rules.throw_octopus.positions import make_position
from gardens_tui.ui.screens.throw_octopus.paint import (
    CELL_HEIGHT,
    CELL_WIDTH,
    ROOMY_HEIGHT,
    ROOMY_WIDTH,
)
from gardens_tui.ui.widgets.prompt import PromptLine

BIG_HAND = ["t22", "t44", "t50", "t51", "t52", "t53", "t54", "t55", "t56", "t57", "t58"]
"""Eleven tiles for Ann (t22 and t44 fit next to t1; the 10th and 11th are past the digits)."""


def big_hand_position() -> Any:
    return make_position(
        ["Ann", "Bob", "Cleo"],
        [(0, 0, "t1", 0)],
        [BIG_HAND, ["t2", "t3"], ["t5", "t6"]],
        options=SPARSE,
    )


@pytest.mark.parametrize(
    ("size", "roomy", "cell"),
    [((80, 24), False, (CELL_WIDTH, CELL_HEIGHT)), ((100, 34), True, (ROOMY_WIDTH, ROOMY_HEIGHT))],
)
async def test_the_seascape_is_centred_small_at_80x24_and_roomy_at_100x34(
    size: tuple[int, int], roomy: bool, cell: tuple[int, int]
) -> None:
    """The seascape board sits in the middle of its area (both ways); its tiles are small
    at 80x24 and bigger at the roomy size (GameScreen.relayout)."""
    app = app_for(position_table(start_position()))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert screen.roomy is roomy
        region = screen.sea.board_layout.region((0, 0))
        assert (region.width, region.height) == cell
        box = screen.query_one("#to-sea-box").content_region
        sea = screen.sea.region
        assert abs((sea.x - box.x) - (box.right - sea.right)) <= 1
        assert abs((sea.y - box.y) - (box.bottom - sea.bottom)) <= 1
        assert "t1" in "".join(
            s.text for y in range(screen.sea.size.height) for s in screen.sea.render_line(y)
        )


async def test_the_turn_is_previewed_on_the_board_in_the_roomy_drawing() -> None:
    """Roomy: t22 previewed at its place shows its corners; r turns the preview (its letters
    move to the other corners) before anything is played."""
    table = position_table(start_position())
    app = app_for(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("1")
        await pilot.pause()
        upright = screen._paint_sea((1, 0))
        assert upright.role == "to-preview"
        await pilot.press("r")
        await pilot.pause()
        turned = screen._paint_sea((1, 0))
        assert turned.role == "to-preview" and turned.lines != upright.lines
        assert table.actions == []


async def test_every_tile_of_a_big_hand_is_choosable_by_brackets_and_by_click() -> None:
    """Eleven tiles: ] walks through all of them (past the 9th, which no digit reaches), [ goes
    back; the chosen one is drawn as the preview role and lit; a click on the 11th chooses it."""
    app = app_for(position_table(big_hand_position()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert len(screen.hand_board.board_layout.cells) == 11
        for _ in range(10):
            await pilot.press("right_square_bracket")
        await pilot.pause()
        assert screen.chosen == t("t57")  # the 10th
        assert screen.hand_board.legal == {(9, 0)}
        assert screen._paint_hand((9, 0)).role == "to-preview"
        assert screen._paint_hand((0, 0)).role == "to-tile"
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert screen.chosen == t("t58")
        await pilot.press("left_square_bracket", "left_square_bracket")
        await pilot.pause()
        assert screen.chosen == t("t56")
        await click(pilot, screen.hand_board, (10, 0))
        assert screen.chosen == t("t58")
        assert "t58" in str(screen.query_one("#to-hand-title").render())


async def test_moving_on_the_hand_chooses_the_tile_and_lights_its_places() -> None:
    """Tab to the hand, then the arrows: the tile under the hand's cursor is chosen and its
    places light on the seascape (t44 fits at -1,0)."""
    app = app_for(position_table(start_position()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("tab")
        await pilot.pause()
        assert screen.hand_board.has_focus
        await pilot.press("right")
        await pilot.pause()
        assert screen.chosen == t("t44")
        assert screen.sea.legal == {(-1, 0)}


def touch_position() -> Any:
    """Ann holds a Magic Touch; t31 at 0,0 may move to -1,-1 turned (the one move)."""
    deck = sorted(all_cards())
    deck.remove("touch")
    deck.remove("shield")
    return make_position(
        ["Ann", "Bob", "Cleo"],
        [(-3, 0, "t9", 180), (-2, 0, "t27", 180), (-1, 0, "t19", 0), (0, 0, "t31", 0)],
        [["t50", "t60"], ["t2", "t3"], ["t5", "t6"]],
        held=[["touch", "shield"], [], []],
        deck=deck,
        options=SPARSE,
    )


async def test_magic_touch_is_chosen_on_the_board() -> None:
    """m lights the tiles that may move (t31); Enter lifts it and lights its new place (-1,-1);
    r turns it; Enter there plays the Magic Touch. The hand's title shows the kept cards."""
    table = position_table(touch_position())
    app = app_for(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        title = str(screen.query_one("#to-hand-title").render())
        assert "Octo Shield (face up)" in title and "Magic Touch" in title
        await pilot.press("m")
        await pilot.pause()
        assert screen.sea.legal == {(0, 0)}
        assert screen.sea.cursor == (0, 0)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.lifted == t("t31")
        assert screen.sea.legal == {(-1, -1)}
        assert screen.sea.cursor == (-1, -1)
        assert screen._paint_sea((-1, -1)).role == "to-preview"
        if screen.rotation != 180:
            await pilot.press("r")
        await pilot.pause()
        info = str(screen.query_one("#to-info").render())
        assert info.startswith("-1,-1: Enter:") and "t31" in info
        await pilot.press("enter")
        await settle(pilot)
        assert table.actions[0] == ("touch", t("t31"), -1, -1, 180)
        after = table.states[1].board  # type: ignore[attr-defined]
        assert (-1, -1) in after and (0, 0) not in after


async def test_m_again_cancels_the_magic_touch() -> None:
    table = position_table(touch_position())
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("m")
        await pilot.pause()
        assert screen.touching
        await pilot.press("m")
        await pilot.pause()
        assert not screen.touching and screen.sea.legal == frozenset()
        assert table.actions == []


async def test_at_80x24_a_long_refusal_pushes_no_line_off() -> None:
    """A refusal in the prompt (two lines at most) leaves the status, the hand's title, the
    hand and the info line on screen, above the prompt, none overlapping."""
    app = app_for(position_table(big_hand_position()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("enter")  # no tile chosen: refused
        await pilot.press("d")  # a tile fits: refused, a long reason
        await pilot.pause()
        assert error_text(screen)
        prompt = screen.query_one(PromptLine).region
        order = ["#to-sea-box", "#to-status", "#to-hand-title", "#to-hand", "#to-info"]
        regions = [screen.query_one(name).region for name in order]
        for region in regions:
            assert region.height >= 1 and region.bottom <= prompt.y <= 24
        for upper, lower in pairwise(regions):
            assert upper.bottom <= lower.y
        assert screen.sea.region.height >= 6  # the seascape keeps room


async def test_an_all_bot_table_shows_no_hand_and_kept_cards_in_the_panel() -> None:
    """Only bots: nobody's hand is shown (the hand board is hidden, its title says why); the
    player panel shows each seat's count and kept cards face up, one line per kind."""
    state = touch_position()
    app = app_for(position_table(state, "Ann=greedy", "Bob=greedy", "Cleo=greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = to_screen(app)
        await pilot.pause()
        assert screen.panel_extras(state, 0)[:3] == ["2 tiles", "Octo Shield", "Magic Touch"]
        assert not screen.hand_board.display
        assert "secret" in str(screen.query_one("#to-hand-title").render())


def test_once_over_the_hand_line_points_to_the_final_scores() -> None:
    """Once the game is over nothing is secret any more: the hand line of a table without a
    shown hand points to the final scores (every player's tiles left) instead of saying that
    hands are secret."""
    from gardens_tui.rules.throw_octopus import GAME
    from gardens_tui.ui.screens.throw_octopus.texts import hand_title

    state = GAME.new_game(("Ann", "Bob", "Cleo"), {}, 3)
    while not state.is_over:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert hand_title(state, None, 0, "", False) == (
        "The game is over: e shows every player's tiles left"
    )


async def test_enter_on_the_empty_seascape_of_a_solo_start_says_where_to_choose() -> None:
    """Solo set-up (publisher's solo rules: the start tile is chosen from the hand): the seascape
    is still empty, so Enter there has no place to choose; it says so instead of doing nothing,
    and a digit then chooses the start tile."""
    from gardens_tui.table import Seat, Setup, Table

    app = app_for(Table(Setup("throw-octopus", (Seat("Ann"),), {}, 5)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = to_screen(app)
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert error_text(screen) == "Nothing to choose on the board yet: see the prompt"
        await pilot.press("1")
        await settle(pilot)
        assert len(screen.state.board) == 1
