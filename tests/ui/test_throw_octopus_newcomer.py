"""Throw Octopus! screen: what a new player stumbled on in full games at 80x24 (issue 26's
play-through).

- A chosen tile that fits only turned comes turned, so Enter plays it as the preview shows.
- The one tile that fits, chosen for the player at the start of a turn, is shown at a place
  where it fits (the cursor used to stay where it did not fit).
- At a Tide Swap the footer offers ``p`` as "Keep", as the prompt says, not "Pass".
- The start tile's info line fits the 80x24 screen.
"""

from __future__ import annotations

from typing import Any

from conftest import position_table_of, quiet_app, settle
from test_throw_octopus_issue26 import footer_keys, position, to_screen

from gardens_tui.rules.throw_octopus import GAME
from gardens_tui.rules.throw_octopus.components import tile_id
from gardens_tui.rules.throw_octopus.positions import make_position
from gardens_tui.ui.screens.throw_octopus.info import sea_info

BOTS = ("Ann", "Bob=greedy", "Cleo=greedy")


def info_text(app: Any) -> str:
    return str(to_screen(app).query_one("#to-info").render())


async def test_a_tile_that_fits_only_turned_comes_turned_and_enter_plays_it() -> None:
    """t22 fits only at 1,0 turned: chosen with 1, it is previewed turned and Enter plays it."""
    state = position([["t22", "t44", "t50"], ["t2", "t3"], ["t5", "t6"]])
    table = position_table_of("throw-octopus", state, BOTS)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("1")
        await pilot.pause()
        assert screen.rotation == 180 and screen.sea.cursor == (1, 0)
        assert "Enter: play t22 at 1,0 r180" in info_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert table.actions[0] == ("play", tile_id("t22", "sparse"), 1, 0, 180)


async def test_the_one_tile_that_fits_is_shown_where_it_fits() -> None:
    """Balanced list: t44 is Ann's only tile that fits (at four places): it is chosen for her
    and the cursor shows it at a place where it fits as it lies, so Enter plays it."""
    state = make_position(
        ["Ann", "Bob", "Cleo"], [(0, 0, "t1", 0)], [["t2", "t44"], ["t50"], ["t60"]]
    )
    table = position_table_of("throw-octopus", state, BOTS)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert screen.chosen == tile_id("t44")
        cursor = screen.sea.cursor
        assert isinstance(cursor, tuple)
        assert screen.rotation in screen.fits_here(cursor)
        assert "Enter: play t44" in info_text(app)


async def test_p_is_offered_as_keep_at_a_tide_swap_and_keeps() -> None:
    state = position([["t22", "t44", "t50"], ["t2"], ["t5"]], phase="swap")
    table = position_table_of("throw-octopus", state, BOTS)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = footer_keys(to_screen(app))
        assert keys.get("p") == "Keep"
        await pilot.press("p")
        await settle(pilot)
        assert table.actions[0] == ("keep",)


def test_the_start_tile_info_line_fits_80_columns() -> None:
    """Solo: the info line before the start tile is chosen fits its 48 columns at 80x24."""
    state = GAME.new_game(["Ann"], {}, 1)
    assert state.phase == "start"
    text = sea_info(
        state,
        None,
        deciding=True,
        phase="start",
        moving=None,
        rotation=0,
        touching=False,
        lifted=None,
        lit=frozenset,
        turns=lambda cell: [],
        describe=str,
    )
    assert text.startswith("Press 1-6") and len(text) <= 48
