"""The Octopus's Garden screen, driven by keyboard and mouse through Textual's pilot.

A whole turn against the greedy bot by keyboard alone (buy, plant each token, move the animals,
refill), saved with ctrl+s and continued in a fresh app; one test per kind of decision, showing it
can be made with the keyboard; mouse clicks on the market and the garden; an illegal choice shows
the engine's reason and changes nothing; ASCII mode. Bots play with no delay and the tests await
their workers (``settle``), never sleep.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import key_path, position_table_of, seats_of, settle
from textual.pilot import Pilot

from gardens_tui import saves
from gardens_tui.bots import make_bot
from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.board import CELL_IDS, NEIGHBOURS, market_line
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.settings import Settings
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens import screen_for
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.screens.octopus_garden import OctopusGardenScreen
from gardens_tui.ui.screens.octopus_garden.mini_garden import OgMiniGarden
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.prompt import PromptLine

SIZE = (100, 30)


# --- helpers -------------------------------------------------------------------------------------


def new_table(*players: str, seed: int = 4, **options: Any) -> Table:
    """A new game: ``"Ann"`` is a human, ``"Bob=greedy"`` a bot."""
    return Table(Setup("octopus-garden", seats_of(players), options, seed))


def position_table(state: OctopusState, *players: str) -> Table:
    """A table starting from a hand-built position (two humans unless told otherwise)."""
    return position_table_of("octopus-garden", state, players or ("Ann", "Bob"))


def app_for(table: Table, **settings: Any) -> GardensApp:
    return create_app(table, settings=Settings(bot_delay_ms=0, **settings))


def og_screen(app: GardensApp) -> OctopusGardenScreen:
    screen = app.game_screen()
    assert isinstance(screen, OctopusGardenScreen)
    return screen


async def go(pilot: Pilot[Any], board: BoardGrid, target: Cell) -> None:
    """Move the cursor to ``target`` with arrow keys and press Enter."""
    assert board.has_focus, f"{board.id} should have the focus"
    for key in key_path(board, target):
        await pilot.press(key)
    assert board.cursor == target
    await pilot.press("enter")
    await pilot.pause()


async def go_garden(pilot: Pilot[Any], screen: OctopusGardenScreen, name: str) -> None:
    await go(pilot, screen.garden_board, CELL_IDS[name])


async def buy(pilot: Pilot[Any], screen: OctopusGardenScreen, handle: Cell) -> None:
    """Buy the line of ``handle`` from the keyboard: Enter on its marker asks, Enter again buys."""
    await go(pilot, screen.market_board, handle)
    assert screen.prompt_text().endswith("Enter again: buy")
    await pilot.press("enter")
    await pilot.pause()


def prompt(screen: OctopusGardenScreen) -> PromptLine:
    return screen.query_one(PromptLine)


def last_action(table: Table) -> Action:
    return table.actions[-1]


def ostate(table: Table) -> OctopusState:
    state = table.state
    assert isinstance(state, OctopusState)
    return state


def empty_neighbour(state: OctopusState, cell: int, seat: int = 0) -> int:
    return next(n for n in NEIGHBOURS[cell] if not state.gardens[seat][n])


# --- the screen is registered --------------------------------------------------------------------


def test_the_octopus_garden_screen_is_registered() -> None:
    assert screen_for("octopus-garden") is OctopusGardenScreen


# --- a whole turn by keyboard, save, reload, continue --------------------------------------------


async def test_a_whole_turn_by_keyboard_against_the_greedy_bot_then_save_and_continue(
    tmp_path: Path,
) -> None:
    """Rules: buy a column, plant each token, move a hermit crab, refill the market; the bot
    then plays its turn; ctrl+s saves; the save continues in a new app."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(app)
        # Buy column 2 (hermit crab, seagrass, coral) with its handle under the market.
        assert screen.market_board.has_focus
        await buy(pilot, screen, ("col", 2))
        assert table.actions == [("buy", "col", 2)]
        assert ostate(table).phase == "plant"
        # Plant each token: pick it with its number key, then a space.
        for name in ("c3", "c4", "d3"):
            hand = list(ostate(table).hand)
            await pilot.press("1")
            token = screen.pick.token
            assert token is not None and GAME.to_dict(ostate(table))["hand"][0] == token
            await go_garden(pilot, screen, name)
            assert last_action(table) == ("plant", token, CELL_IDS[name])
            assert len(ostate(table).hand) == len(hand) - 1
        # The animals: move the hermit crab one space (origin, then destination); "done", the
        # one choice left, plays itself.
        state = ostate(table)
        assert state.phase == "animals"
        crab = next(c for c, st in enumerate(state.gardens[0]) if st and st[-1] == 3)
        await go(pilot, screen.garden_board, crab)
        assert screen.pick.origin == crab
        target = empty_neighbour(state, crab)
        await go(pilot, screen.garden_board, target)
        await settle(pilot)
        assert table.actions[-2][:4] == ("move", "crab", crab, target)
        assert last_action(table) == ("done",)
        # The refill: choose a market space for each drawn token (the last one goes by itself).
        while ostate(table).phase == "refill" and ostate(table).current_player == 0:
            empty = next(m for m in range(9) if not ostate(table).market[m])
            assert screen.market_board.has_focus
            played = len(table.actions)
            await go(pilot, screen.market_board, empty)
            assert table.actions[played] == ("refill", empty)  # (the bot may have moved since)
        await settle(pilot)
        # The bot played its turn; it is Ann's turn again, and Bob's moves are marked.
        assert ostate(table).active == 0 and ostate(table).turn == 3
        assert any(table.states[i].current_player == 1 for i in range(len(table.actions)))
        bob = screen.mini_garden(1)
        assert bob is not None and bob.display and bob.last
        bob_moves = [a for i, a in enumerate(table.actions) if table.states[i].current_player == 1]
        planted = {a[2] for a in bob_moves if a[0] == "plant"}
        assert planted and planted <= screen.marks.garden(1)
        assert bool(screen.marks.market) == any(a[0] == "buy" for a in bob_moves)
        # Save with ctrl+s.
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the save dialog's name
        await pilot.pause()
        path = screen.save_path
        assert path is not None and path.exists()
        notation = table.notation()
    # Reload the file into a new app and go on playing from there.
    loaded = saves.load_table(path)
    assert loaded.notation() == notation
    app2 = create_app(table=loaded, settings=Settings(bot_delay_ms=0))
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(app2)
        legal = loaded.legal_actions()
        purchase = next((a for a in legal if a[0] == "buy"), None)
        if purchase is not None:
            await buy(pilot, screen, (purchase[1], purchase[2]))
            assert loaded.actions[len(notation)] == purchase
        else:
            await pilot.press("p")
            await go(pilot, screen.market_board, 0)
            assert loaded.actions[len(notation)] == ("pass", 0)


# --- one test per kind of decision ---------------------------------------------------------------


async def test_market_attract_an_oyster_with_o_and_plant_it() -> None:
    """Rule: attract an oyster (3 pearls for the first), then plant it on an empty space."""
    table = new_table("Ann", "Bob", seed=4)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(app := pilot.app)
        assert app is not None
        await pilot.press("o")
        await pilot.pause()
        assert table.actions == [("oyster",)]
        assert screen.garden_board.has_focus
        await go_garden(pilot, screen, "c3")
        assert last_action(table) == ("plant", "oyster", CELL_IDS["c3"])


async def test_market_pass_with_p_then_choose_the_tile_to_return_or_cancel_with_esc() -> None:
    """Rule: passing returns one market tile of your choice to the bag."""
    table = new_table("Ann", "Bob", seed=4)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await pilot.press("p")
        await pilot.pause()
        assert screen.pick.passing
        assert screen.market_board.legal == set(range(9))
        await pilot.press("escape")  # cancel: no pass, still the same screen
        await pilot.pause()
        assert not screen.pick.passing and table.actions == []
        assert pilot.app.screen is screen
        await pilot.press("p")
        await go(pilot, screen.market_board, 4)
        assert table.actions == [("pass", 4)]


async def test_market_a_tile_offers_its_row_its_column_and_returning_it() -> None:
    """A market tile takes part in two lines and a pass: choosing it lists those choices."""
    table = new_table("Ann", "Bob", seed=4)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await go(pilot, screen.market_board, 4)
        choice = pilot.app.screen
        assert isinstance(choice, ChoiceScreen)
        legal = table.legal_actions()
        expected = [a for a in legal if a[0] == "buy" and 4 in market_line(a[1], a[2])]
        assert len(choice.labels) == len(expected) + 1
        assert any(label.startswith("Pass, returning") for label in choice.labels)
        await pilot.press(str(len(choice.labels)))  # the pass is listed last
        await pilot.pause()
        assert table.actions == [("pass", 4)]


async def test_lionfish_discard_a_market_tile_or_skip() -> None:
    """Module lionfish: at the start of the turn pay 1 pearl to discard a tile, or skip."""
    state = make_position(
        options={"lionfish": True}, gardens={0: {"c3": "lionfish"}}, pearls=[4, 2], phase="lionfish"
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.market_board.has_focus
        await go(pilot, screen.market_board, 2)
        assert table.actions == [("lionfish", 2)]
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await pilot.pause()
        assert table.actions == [("skip",)]


async def test_shark_buy_a_line_through_the_claimed_tile_or_release_it() -> None:
    """Module shark: your shark claims a tile; buy a line containing it, or throw it back."""
    state = make_position(
        options={"shark": True},
        market=["coral"] * 9,
        pearls=[5, 2],
        phase="shark",
        shark_of=["hammerhead", None],
        shark_bought=[True, False],
        claims=[None, None, None, None, 0, None, None, None, None],
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.market_board.legal == {("row", 2), ("col", 2)}
        await buy(pilot, screen, ("row", 2))
        assert table.actions == [("buy", "row", 2)]
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert table.actions == [("release",)]


async def test_treasure_choose_pearls_and_keep_or_sell_from_a_list() -> None:
    """Module treasure chest: pay pearls, draw that many tokens, keep or sell them."""
    state = make_position(
        options={"treasure-chest": True},
        hand=["chest", "coral", "coral"],
        pearls=[3, 2],
        phase="treasure",
        chests=1,
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        choice = pilot.app.screen
        assert isinstance(choice, ChoiceScreen)
        legal = table.legal_actions()
        assert len(choice.labels) == len(legal)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert table.actions == [legal[2]]
        await settle(pilot)
        assert legal[2] == ("treasure", 1, "sell")
        assert ostate(table).phase == "plant"  # the two corals are left to plant
        assert og_screen(pilot.app).garden_board.has_focus


async def test_plant_pick_tokens_with_number_keys_and_tab() -> None:
    """Plant each bought token: choose which token and where."""
    state = make_position(hand=["coral", "anemone", "seagrass"], phase="plant")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.pick.token == "coral"
        await pilot.press("2")
        assert screen.pick.token == "anemone"
        await pilot.press("tab")
        assert screen.pick.token == "seagrass"
        await go_garden(pilot, screen, "b2")
        assert table.actions == [("plant", "seagrass", CELL_IDS["b2"])]
        await pilot.press("2")
        assert screen.pick.token == "anemone"
        await go_garden(pilot, screen, "b3")
        assert last_action(table) == ("plant", "anemone", CELL_IDS["b3"])


async def test_a_refusal_on_the_prompt_line_leaves_with_the_next_choice() -> None:
    """Issue 27: a refusal ("Cannot undo: …") stayed on the prompt line after the player's next
    choice. Choosing the next token to plant brings the prompt back."""
    state = make_position(hand=["coral", "anemone", "seagrass"], phase="plant")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await pilot.press("u")
        await pilot.pause()
        assert prompt(screen).error_text is not None
        await pilot.press("2")
        await pilot.pause()
        assert screen.pick.token == "anemone"
        assert prompt(screen).error_text is None


async def test_plant_choose_which_token_to_keep_when_space_runs_short() -> None:
    """Room for fewer tokens than bought: the player lets some go (x) and keeps the others."""
    names = [name for name in CELL_IDS if name not in ("e3", "e4")]
    full = {name: ("coral" if i % 2 else "seagrass") for i, name in enumerate(names)}
    state = make_position(gardens={0: full}, hand=["relic", "trash", "star"], phase="plant")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await pilot.press("2")
        assert screen.pick.token == "trash"
        await pilot.press("x")
        await pilot.pause()
        assert table.actions == [("discard", "trash")]
        await pilot.press("2")  # the star
        await go_garden(pilot, screen, "e3")
        await settle(pilot)
        # The relic's one space left: a forced step, played by itself.
        assert table.actions[1:] == [
            ("plant", "star", CELL_IDS["e3"]),
            ("plant", "relic", CELL_IDS["e4"]),
        ]


async def test_plant_the_diver_and_return_a_boxer_crab_with_enter() -> None:
    """Modules diver and boxer crab: the diver needs no space; a boxer crab with no anemone
    goes back to the bag."""
    state = make_position(
        options={"diver": True, "boxer-crab": True},
        gardens={0: {"c3": "trash"}},
        hand=["diver", "boxer", "coral"],
        phase="plant",
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await pilot.press("1")
        assert screen.pick.token == "diver"
        assert screen.garden_board.legal == set()
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions == [("plant", "diver")]
        assert not ostate(table).gardens[0][CELL_IDS["c3"]]
        await pilot.press("1")
        assert screen.pick.token == "boxer"
        await pilot.press("enter")
        await pilot.pause()
        assert last_action(table) == ("return", "boxer")


async def test_plant_a_boxer_crab_on_a_free_anemone() -> None:
    """Module boxer crab: it goes on top of an anemone (a declared mimic anemone too)."""
    state = make_position(
        options={"boxer-crab": True},
        gardens={0: {"c3": "anemone", "c4": "coral", "d2": "anemone star"}},
        hand=["boxer"],
        phase="plant",
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.garden_board.legal == {CELL_IDS["c3"]}  # d2 has a sea star on it
        await go_garden(pilot, screen, "c3")
        assert table.actions == [("plant", "boxer", CELL_IDS["c3"])]


async def test_animals_a_sea_star_chooses_between_equal_paths() -> None:
    """Sea stars must step towards the nearest oyster; on equal paths the owner chooses."""
    state = make_position(gardens={0: {"c1": "star", "a3": "oyster"}}, phase="animals")
    table = position_table(state)
    legal = GAME.legal_actions(state)
    assert ("done",) not in legal
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await go_garden(pilot, screen, "c1")
        assert screen.pick.origin == CELL_IDS["c1"]
        steps = {a[3] for a in legal if a[0] == "move"}
        assert screen.garden_board.legal == steps and len(steps) == 2
        target = max(steps)
        await go(pilot, screen.garden_board, target)
        await settle(pilot)
        assert table.actions == [("move", "star", CELL_IDS["c1"], target), ("done",)]


async def test_animals_esc_cancels_the_origin_and_f_refuses_while_a_star_must_move() -> None:
    """A sea star that can reach an oyster must move: 'done' is refused with the rule."""
    state = make_position(gardens={0: {"c1": "star", "a3": "oyster"}}, phase="animals")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await go_garden(pilot, screen, "c1")
        assert screen.pick.origin is not None
        await pilot.press("escape")
        await pilot.pause()
        assert screen.pick.origin is None and pilot.app.screen is screen
        await pilot.press("f")
        await pilot.pause()
        assert table.actions == []
        assert "sea star" in (prompt(screen).error_text or "")


async def test_animals_a_hermit_crab_may_leave_its_home_behind() -> None:
    """A crab carrying a shell may step with it or leave it behind (a list offers both)."""
    state = make_position(gardens={0: {"c3": "crab+shell"}}, phase="animals")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await go_garden(pilot, screen, "c3")
        await go_garden(pilot, screen, "c4")
        choice = pilot.app.screen
        assert isinstance(choice, ChoiceScreen)
        assert len(choice.labels) == 2
        assert any("leaving its home" in label for label in choice.labels)
        await pilot.press("2")
        await pilot.pause()
        await settle(pilot)
        # Nothing else may move: "done" plays itself.
        assert table.actions == [
            ("move", "crab+shell", CELL_IDS["c3"], CELL_IDS["c4"], "leave"),
            ("done",),
        ]


async def test_animals_a_boxer_crab_moves_with_its_anemone() -> None:
    """Module boxer crab: the pair may step into an empty neighbouring space."""
    state = make_position(
        options={"boxer-crab": True}, gardens={0: {"c3": "anemone boxer"}}, phase="animals"
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await go_garden(pilot, screen, "c3")
        await go_garden(pilot, screen, "b3")
        await settle(pilot)
        assert table.actions == [("move", "boxer", CELL_IDS["c3"], CELL_IDS["b3"]), ("done",)]


async def test_animals_the_coconut_octopus_pushes_its_neighbours() -> None:
    """Module coconut octopus: once per game, push each neighbouring space one step."""
    state = make_position(
        options={"coconut-octopus": True},
        gardens={0: {"c3": "coconut", "c4": "coral", "b3": "seagrass"}},
        phase="animals",
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await go_garden(pilot, screen, "c3")
        assert table.actions == [("coconut", CELL_IDS["c3"])]
        assert ostate(table).phase == "push"
        await go_garden(pilot, screen, "c4")
        assert screen.pick.origin == CELL_IDS["c4"]
        await go_garden(pilot, screen, "c5")
        assert last_action(table) == ("push", CELL_IDS["c4"], CELL_IDS["c5"])
        if ostate(table).phase == "push":
            await pilot.press("f")
            await pilot.pause()
            assert last_action(table) == ("done",)


async def test_refill_choose_the_space_for_the_drawn_token() -> None:
    """The active player places each drawn token on an empty market space."""
    market: list[str | None] = ["coral"] * 9
    market[0] = market[4] = None
    state = make_position(market=market, phase="refill", drawn="seagrass")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.market_board.legal == {0, 4}
        await go(pilot, screen.market_board, 4)
        assert table.actions == [("refill", 4)]


async def test_claim_put_your_shark_on_a_tile_or_skip() -> None:
    """Module shark: after a refill, a shark owner may claim a market tile."""
    state = make_position(
        options={"shark": True},
        gardens={1: {"c3": "tiger"}},
        market=["coral"] * 9,
        phase="claim",
        shark_of=[None, "tiger"],
        shark_bought=[False, True],
        claim_order=[1],
    )
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.big_seat() == 1  # Bob decides: his garden is the big one
        await go(pilot, screen.market_board, 8)
        assert table.actions == [("claim", 8)]
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await pilot.pause()
        assert table.actions == [("skip",)]


async def test_mimic_declare_with_m_or_on_its_space() -> None:
    """Module mimic octopus: declare it an anemone or a seagrass, during any decision."""
    state = make_position(options={"mimic-octopus": True}, gardens={0: {"c3": "mimic"}})
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await pilot.press("m")
        await pilot.pause()
        choice = pilot.app.screen
        assert isinstance(choice, ChoiceScreen) and len(choice.labels) == 2
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen and table.actions == []
        await pilot.press("tab")  # from the market to the garden
        await go_garden(pilot, screen, "c3")
        choice = pilot.app.screen
        assert isinstance(choice, ChoiceScreen)
        await pilot.press("2")
        await pilot.pause()
        assert table.actions == [("mimic", CELL_IDS["c3"], "seagrass")]


async def test_every_choice_is_listed_with_c() -> None:
    """The fallback list holds every legal action of the pending decision."""
    table = new_table("Ann", "Bob", seed=4)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        choice = pilot.app.screen
        assert isinstance(choice, ChoiceScreen)
        legal = table.legal_actions()
        assert len(choice.labels) == len(legal)
        await pilot.press("1")
        await pilot.pause()
        assert table.actions == [legal[0]]


# --- mouse ---------------------------------------------------------------------------------------


def offset_of(board: BoardGrid, cell: Cell) -> tuple[int, int]:
    region = board.board_layout.region(cell)
    return region.x + region.width // 2, region.y


async def test_mouse_clicks_buy_on_the_market_and_plant_in_the_garden() -> None:
    table = new_table("Ann", "Bob", seed=4)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await pilot.click("#og-market", offset=offset_of(screen.market_board, ("col", 2)))
        await pilot.pause()
        assert table.actions == [("buy", "col", 2)]
        token = screen.pick.token
        await pilot.click("#og-garden", offset=offset_of(screen.garden_board, CELL_IDS["d2"]))
        await pilot.pause()
        assert last_action(table) == ("plant", token, CELL_IDS["d2"])
        # Clicking a hand token picks it; clicking a key line runs it.
        await pilot.click("#og-hand", offset=(3, 1))
        await pilot.pause()
        assert screen.pick.token == GAME.to_dict(ostate(table))["hand"][1]


async def test_mouse_click_on_a_key_line_runs_it() -> None:
    table = new_table("Ann", "Bob", seed=4)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        lines = [line.command for line in screen.command_lines()]
        row = lines.index("oyster")
        await pilot.click("#og-actions", offset=(2, row))
        await pilot.pause()
        assert table.actions == [("oyster",)]


# --- refusals, bots, help, ASCII -----------------------------------------------------------------


async def test_an_illegal_choice_shows_the_reason_and_changes_nothing() -> None:
    """Planting on a taken space and buying a line you cannot afford are refused by the engine,
    whose reason (the rule) appears in the prompt line."""
    state = make_position(gardens={0: {"c3": "coral"}}, hand=["seagrass"], phase="plant")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        before = table.state
        await go_garden(pilot, screen, "c3")
        assert table.state is before and table.actions == []
        line = prompt(screen)
        assert line.has_class("-error")
        assert line.error_text  # the engine's reason (its wording is the rules' own)
    poor = make_position(market=["relic"] * 9, pearls=[2, 2])
    table = position_table(poor)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert screen.market_board.legal == set()
        await go(pilot, screen.market_board, ("row", 1))
        assert table.actions == []
        assert prompt(screen).error_text
        await pilot.press("o")
        await pilot.pause()
        assert table.actions == []
        assert "costs 3 pearls" in (prompt(screen).error_text or "")  # the screen's own words


async def test_keys_do_nothing_while_the_bot_decides() -> None:
    table = new_table("Ann=greedy", "Bob", seed=4)
    app = create_app(table, settings=Settings(bot_delay_ms=5000))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = og_screen(app)
        assert screen.bot_thinking
        assert screen.command_lines() == []
        await pilot.press("o", "enter", "c")
        await pilot.pause()
        assert table.actions == []
        assert app.screen is screen


async def test_bots_finish_a_game_with_modules_and_the_end_screen_appears() -> None:
    """The final round (played here by two greedy bots in the app) ends on the end screen."""
    options = {key: True for key in ("shark", "lionfish", "treasure-chest", "coconut-octopus")}
    table = new_table("Ann=greedy", "Bob=greedy", seed=11, **options)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while ostate(table).end_by < 0:  # play up to the end trigger without the app
        seat = table.state.current_player
        assert seat is not None
        table.apply(bots[seat].choose(table.game, table.state))
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot, rounds=2000)
        assert table.state.is_over
        assert type(pilot.app.screen).__name__ == "EndScreen"
        screen = og_screen(pilot.app)
        assert screen.command_lines() == []  # nothing to decide any more


async def test_help_lists_the_keys_of_this_screen() -> None:
    table = new_table("Ann", "Bob", seed=4)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        keys = dict(help_screen.keys)
        for key in ("o", "p", "f", "r", "t", "x", "m", "c", "1-9", "esc", "u", "ctrl+s"):
            assert key in keys, key
        assert "oyster" in keys["o"]
        assert [spec.id for spec in help_screen.specs] == ["octopus-garden"]


async def test_escape_without_a_half_made_choice_goes_to_the_menu() -> None:
    table = new_table("Ann", "Bob", seed=4)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, MainMenu)


def rendered_text(screen: OctopusGardenScreen) -> str:
    parts: list[str] = []
    for board in (screen.market_board, screen.garden_board, screen.hand_board):
        for y in range(board.size.height):
            parts.append(board.render_line(y).text)
    for mini in screen.query(OgMiniGarden):
        if mini.display:
            parts.append(str(mini.render()))
    for widget_id in ("#og-supply", "#og-garden-title", "#og-actions", "#og-info"):
        parts.append(str(screen.query_one(widget_id).render()))
    return "\n".join(parts)


@pytest.mark.parametrize("ascii_mode", [True, False])
async def test_ascii_mode_draws_the_screen_with_7_bit_characters(ascii_mode: bool) -> None:
    table = new_table("Ann", "Bob=greedy", seed=4)
    table.apply(("buy", "col", 2))
    async with app_for(table, ascii_mode=ascii_mode).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        text = rendered_text(screen)
        assert ("G" in text) and ("H" in text)  # the bought tokens are in the hand
        bad = [line for line in text.splitlines() if not line.isascii()]
        assert text.isascii() == ascii_mode, bad


async def test_layouts_compact_at_80x24_and_roomy_at_120x40() -> None:
    table = new_table("Ann", "Bob=greedy", "Cleo=greedy", seed=4)
    for size, roomy in (((80, 24), False), ((120, 40), True)):
        async with app_for(table).run_test(size=size) as pilot:
            await settle(pilot)
            screen = og_screen(pilot.app)
            assert screen.roomy == roomy
            assert screen.has_class("-roomy") == roomy
            minis = [m for m in screen.query(OgMiniGarden) if m.display]
            assert len(minis) == 2
            # Everything fits: the info line is on screen, inside the main column.
            info = screen.query_one("#og-info")
            assert info.region.bottom <= size[1] - 2
            assert screen.garden_board.region.right <= screen.query_one("#game-main").region.right


async def test_hot_seat_shows_the_deciding_players_garden_without_a_curtain() -> None:
    """No hidden information in Octopus's Garden: two humans share the screen without a
    curtain, and the big garden is the one of the player deciding."""
    table = new_table("Ann", "Bob", seed=4)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        assert pilot.app.screen is screen  # no curtain
        assert screen.big_seat() == 0
        await pilot.press("p")
        await go(pilot, screen.market_board, 0)
        if ostate(table).phase == "animals":
            await pilot.press("f")
        while ostate(table).current_player == 0:
            empty = next(m for m in range(9) if not ostate(table).market[m])
            await go(pilot, screen.market_board, empty)
        await settle(pilot)
        assert ostate(table).current_player == 1
        assert pilot.app.screen is screen
        assert screen.big_seat() == 1
        title = str(screen.query_one("#og-garden-title").render())
        assert title.startswith("Bob's garden")
        ann = screen.mini_garden(0)
        assert ann is not None and ann.display and screen.mini_garden(1) is None


async def test_undo_takes_back_a_planting() -> None:
    """Undo (u) takes back your own decision of this turn when nothing random was revealed."""
    state = make_position(hand=["coral", "anemone"], phase="plant")
    table = position_table(state)
    async with app_for(table).run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = og_screen(pilot.app)
        await go_garden(pilot, screen, "c3")
        assert len(table.actions) == 1
        await pilot.press("u")
        await pilot.pause()
        assert table.actions == []
        assert ostate(table).hand == state.hand
