"""Octopus's Garden as players find it (issue 7): the small frictions of the screen.

Driven through Textual's pilot at 80x24 (the smallest supported terminal): where the cursor is
after a planting (where the player put it), an oyster the player cannot afford (or that is not
there), the prompt and the info line while passing, and the warning before a sea star eats its
owner's oyster. Refusal texts of the rules are not asserted (they are being reworded): only what
the screen does.
"""

from __future__ import annotations

from conftest import settle
from test_octopus_screen import app_for, go_garden, og_screen, ostate, position_table, prompt

from gardens_tui.rules.octopus_garden.board import CELL_IDS, CELL_NAMES, NEIGHBOURS
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.octopus_garden import OctopusGardenScreen
from gardens_tui.ui.screens.octopus_garden.keys import KEY_HELP

SIZE = (80, 24)


def info(screen: OctopusGardenScreen) -> str:
    """The info line's text (what the place under the cursor is and what Enter does)."""
    return screen.describe_place(screen._info_board, screen._board(screen._info_board).cursor)


def commands(screen: OctopusGardenScreen) -> dict[str, bool]:
    """The clickable command lines shown now: command -> playable."""
    return {line.command: line.playable for line in screen.command_lines()}


# --- 1. the cursor after a planting ----------------------------------------------------------


async def test_after_planting_the_cursor_stays_where_the_player_put_it() -> None:
    """The garden's cursor never jumps away after a planting: it stays on the space just
    planted (Enter there is refused, nothing is planted), and the next planting goes where the
    player moves it from there."""
    state = make_position(
        gardens={0: {"c1": "coral", "a1": "coral"}},
        hand=["seagrass", "seagrass", "seagrass"],
        phase="plant",
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        board = screen.garden_board
        await go_garden(pilot, screen, "b5")  # the end of row b
        assert table.actions == [("plant", "seagrass", CELL_IDS["b5"])]
        assert board.cursor == CELL_IDS["b5"]
        await pilot.press("enter")  # an Enter too many plants nothing
        await pilot.pause()
        assert len(table.actions) == 1 and board.cursor == CELL_IDS["b5"]
        await pilot.press("left")
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[-1] == ("plant", "seagrass", CELL_IDS["b4"])
        assert board.cursor == CELL_IDS["b4"]


async def test_the_cursor_stays_after_planting_on_the_last_space_too() -> None:
    """No wrap to the top of the garden: after planting on e4 the cursor is still on e4."""
    state = make_position(gardens={0: {"a1": "coral"}}, hand=["seagrass", "anemone"], phase="plant")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await go_garden(pilot, screen, "e4")  # the last space in reading order
        assert table.actions == [("plant", "seagrass", CELL_IDS["e4"])]
        assert screen.garden_board.cursor == CELL_IDS["e4"]


def test_the_help_says_where_the_cursor_goes_after_a_planting() -> None:
    """The help's Enter line says the cursor stays where the player put it."""
    text = " ".join(words for _, words in KEY_HELP)
    assert "the cursor stays where you put it" in text


# --- 2. an oyster the player cannot afford, or that is not there -----------------------------


async def test_an_unaffordable_oyster_is_shown_dim_and_pressing_o_says_its_price() -> None:
    """Rule: the first oyster costs 3 pearls; with 2 it cannot be attracted."""
    table = position_table(make_position(pearls=[2, 2]))
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert commands(screen)["oyster"] is False  # shown, dim
        await pilot.press("o")
        await pilot.pause()
        assert table.actions == []
        error = prompt(screen).error_text or ""
        assert "3 pearls" in error and "you have 2" in error


async def test_an_affordable_oyster_is_offered_and_played_with_o() -> None:
    table = position_table(make_position(pearls=[3, 2]))
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert commands(screen)["oyster"] is True
        await pilot.press("o")
        await pilot.pause()
        assert table.actions == [("oyster",)]


async def test_no_oyster_is_offered_when_the_bed_is_empty() -> None:
    """Rule: once the oysters run out, attracting one is no longer a choice."""
    spaces = CELL_NAMES[:8]  # all 16 oyster tokens are in the gardens
    gardens = {seat: dict.fromkeys(spaces, "oyster") for seat in (0, 1)}
    table = position_table(make_position(pearls=[20, 2], gardens=gardens))
    assert ostate(table).bed == 0
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert "oyster" not in commands(screen)
        assert screen.check_action("og", ("oyster",)) is False
        await pilot.press("o")
        await pilot.pause()
        assert table.actions == []
        assert prompt(screen).error_text is None


# --- 3. passing says pass --------------------------------------------------------------------


async def test_while_passing_the_prompt_and_the_info_line_say_pass_not_buy() -> None:
    table = position_table(make_position(market=["coral"] * 9, pearls=[3, 2]))
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        before = prompt(screen).prompt_text
        assert "Buy" in before
        await pilot.press("p")
        await pilot.pause()
        assert screen.pick.passing
        text = prompt(screen).prompt_text
        assert "pass" in text and "return" in text and "Buy" not in text
        line = info(screen)
        assert "Enter: pass" in line
        assert "buy" not in line.lower()
        for key in ("right", "right", "right", "right"):  # over tiles and a row handle
            await pilot.press(key)
            assert "buy" not in info(screen).lower()
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.pick.passing
        assert prompt(screen).prompt_text == before


# --- 4. a warning before a sea star eats its owner's oyster ----------------------------------


async def test_a_sea_star_about_to_eat_an_oyster_is_warned_of_in_the_info_line_and_list() -> None:
    """Rule: a sea star landing on an oyster eats it (the oyster goes back to the bed). Two
    oysters next to it: a real choice (with one, the move would be forced and play itself)."""
    oyster, other = NEIGHBOURS[CELL_IDS["c3"]][:2]
    names = {v: k for k, v in CELL_IDS.items()}
    state = make_position(
        gardens={0: {"c3": "star", names[oyster]: "oyster", names[other]: "oyster"}},
        phase="animals",
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        eat = ("move", "star", CELL_IDS["c3"], oyster)
        assert screen.warning(eat)
        await go_garden(pilot, screen, "c3")  # the origin: now the destination
        assert screen.pick.origin == CELL_IDS["c3"]
        assert screen.garden_board.cursor == oyster
        assert info(screen).startswith("Warning:")
        assert "oyster" in info(screen).split("·")[0]
        await pilot.press("escape")
        await pilot.press("c")  # every choice, as a list
        await pilot.pause()
        choice = pilot.app.screen
        assert isinstance(choice, ChoiceScreen)
        warned = [label for label in choice.labels if "Warning:" in label]
        assert len(warned) == 2 and all("oyster" in label for label in warned)


async def test_a_sea_star_move_that_eats_nothing_has_no_warning() -> None:
    state = make_position(gardens={0: {"c1": "star", "a3": "oyster"}}, phase="animals")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        moves = [a for a in screen.legal() if a[0] == "move"]
        assert len(moves) == 2
        for action in moves:
            assert screen.warning(action) == ""
        await go_garden(pilot, screen, "c1")
        assert "Warning" not in info(screen)


# --- 5. a warning before a shark claim the claimer cannot follow up ----------------------------


async def test_a_shark_claim_no_affordable_line_runs_through_is_warned_of() -> None:
    """Rule (shark): next turn the claimer must buy a line through the claimed tile or release
    the shark. Bob has 1 pearl (3 after his harvest); every line of sea stars costs 9."""
    state = make_position(
        options={"shark": True},
        gardens={1: {"c3": "tiger"}},
        market=["star"] * 9,
        pearls=[4, 1],
        phase="claim",
        shark_of=[None, "tiger"],
        shark_bought=[False, True],
        claim_order=[1],
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.warning(("claim", 4)).startswith("the cheapest row or column through m5")
        assert info(screen).startswith("Warning:") and "release" in info(screen)
