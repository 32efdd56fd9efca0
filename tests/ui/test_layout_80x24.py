"""The smallest terminal, 80x24 (issue 7, "Look"): nothing is cut or hidden.

The Octopus's Garden header keeps every fact (name, pearls, points, clownfish, seahorses)
within the garden's width; the new-game dialog shows every option's description whole, leaves
its footer visible (the form scrolls inside) and shows which dropdown has the focus.
"""

from __future__ import annotations

import re

from conftest import settle
from hostile_input import screen_text
from test_octopus_screen import app_for, position_table
from textual.widgets import Footer, Select, Static
from textual.widgets._select import SelectCurrent

from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.registry import game_specs
from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.ascii_mode import PlainTickBox
from gardens_tui.ui.screens.new_game import NewGameDialog
from gardens_tui.ui.screens.octopus_garden.texts import garden_title

SIZE = (80, 24)


def all_modules() -> dict[str, bool]:
    spec = game_specs()["octopus-garden"]
    return {o.key: True for o in spec.options if isinstance(o.default, bool)}


def test_a_garden_title_that_fits_is_unchanged_and_a_long_one_keeps_its_facts() -> None:
    state = make_position(
        options=all_modules(), pearls=[14, 2], clownfish=[[6, 4], []], clownfish_pile=[3]
    )
    assert garden_title(state, 1, 3, False, width=80) == "Bob's garden · 2 pearls · 3 pts"
    short = garden_title(state, 0, 12, False, width=30)
    assert len(short) <= 30
    for fact in ("Ann", "14", "12", "6 4"):
        assert fact in short


async def test_the_garden_header_is_not_cut_at_80x24_with_every_module_on() -> None:
    """Issue 7: the clownfish part of "Ann's garden · 4 pearls · 0 pts · clownfish 6" was lost."""
    state = make_position(
        options=all_modules(),
        pearls=[14, 2],
        clownfish=[[6], []],
        clownfish_pile=[3, 4],
        seahorses=[[6], []],
        seahorse_pile=[3, 4],
    )
    async with app_for(position_table(state)).run_test(size=SIZE) as pilot:
        await settle(pilot)
        title = pilot.app.screen.query_one("#og-garden-title", Static)
        text = str(title.render())
        assert len(text) <= title.size.width
        line = screen_text(pilot.app).splitlines()[title.region.y]
        shown = line[title.region.x : title.region.right]
        assert shown.rstrip() == text
        for fact in ("Ann", "14", "clown 6", "horse 6"):
            assert fact in text


async def test_the_new_game_dialog_shows_whole_descriptions_and_its_footer_at_80x24() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        app.action_new_game()
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        footer = dialog.query_one(Footer)
        box = dialog.query_one("#new-game-box")
        assert footer.region.y == SIZE[1] - 1
        assert box.region.bottom <= footer.region.y
        assert "Start" in screen_text(app).splitlines()[-1]
        spec = game_specs()["octopus-garden"]
        boxes = list(dialog.query(PlainTickBox))
        assert len(boxes) == sum(isinstance(o.default, bool) for o in spec.options)
        ticks = [o for o in spec.options if isinstance(o.default, bool)]
        for tick, option in zip(boxes, ticks, strict=True):
            tick.scroll_visible(animate=False)
            await pilot.pause()
            lines = screen_text(app).splitlines()[tick.region.y : tick.region.bottom]
            shown = " ".join(line[tick.region.x : tick.region.right] for line in lines)
            assert " ".join(option.description.split()) in re.sub(r"\s+", " ", shown)


async def test_a_focused_dropdown_looks_different_from_an_unfocused_one() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        app.action_new_game()
        await pilot.pause()
        await pilot.pause()
        game = app.screen.query_one("#game", Select)
        count = app.screen.query_one("#count", Select)
        assert game.has_focus and not count.has_focus
        focused = game.query_one(SelectCurrent).rich_style
        unfocused = count.query_one(SelectCurrent).rich_style
        assert focused.bgcolor != unfocused.bgcolor
        assert focused.bold and not unfocused.bold


async def test_a_dialog_over_a_narrow_screen_takes_its_whole_width() -> None:
    """Issue 27: at 80 columns a 76-wide dialog left a column or two of the screen beside it,
    where the panels' borders looked broken (`█─╯`). Below 88 columns a dialog takes the whole
    width; from there it keeps its own width (70 for the settings) with the screen clear
    around it."""
    for (width, height), expected in (((80, 24), 80), ((87, 24), 87), ((100, 30), 70)):
        app = create_app(settings=Settings())
        async with app.run_test(size=(width, height)) as pilot:
            await settle(pilot)
            await pilot.press("s")  # the settings: a dialog of the usual width
            await settle(pilot)
            box = app.screen.query_one(".dialog")
            assert box.region.width == expected, (width, box.region.width)
