"""The app survives keys that come faster than screens open and close.

A terminal hands the app a burst of keys in one read (a held key, Enter pressed twice, a paste);
Textual handles them all before a screen pushed by the first one is up, or one dismissed by it is
gone. Each test here queues its keys in one burst (:func:`hostile_input.burst`; ``Pilot.press``
waits for the app after every key, which no terminal does) and checks that the menu opens one
dialog, every modal screen is dismissed once, and a callback never acts for a closed screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import settle
from hostile_input import assert_app_healthy, burst
from textual.pilot import Pilot
from textual.widgets import Button, Input

from gardens_tui import saves
from gardens_tui.settings import Settings, load_settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.curtain import CurtainScreen
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.load import LoadDialog
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.screens.new_game import NewGameDialog
from gardens_tui.ui.screens.octopus_garden import OctopusGardenScreen
from gardens_tui.ui.screens.settings import SettingsScreen

SIZE = (100, 30)
MakeTable = Callable[..., Table]


def stack_types(app: GardensApp) -> list[type]:
    return [type(screen) for screen in app.screen_stack]


def octopus_table(*players: str, seed: int = 4) -> Table:
    seats = []
    for spec in players:
        name, _, bot = spec.partition("=")
        seats.append(Seat(name, bot or None))
    return Table(Setup("octopus-garden", tuple(seats), {}, seed))


@pytest.mark.parametrize(
    ("keys", "dialog"),
    [
        (("n", "n"), NewGameDialog),
        (("l", "l"), LoadDialog),
        (("s", "s"), SettingsScreen),
        (("n", "n", "n", "n"), NewGameDialog),
        (("s", "enter", "enter", "enter"), SettingsScreen),
        (("l", "enter", "enter"), LoadDialog),
        (("down", "enter", "enter"), LoadDialog),
    ],
)
async def test_a_burst_on_the_menu_opens_one_dialog(keys: tuple[str, ...], dialog: type) -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, *keys)
        assert_app_healthy(app)
        assert stack_types(app) == [MainMenu, dialog]


async def test_enter_three_times_on_a_save_opens_it_once(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob")
    table.apply(table.legal_actions()[0])
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    good = saves.save_table(table, folder / "good.json")
    app = create_app(settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        await burst(pilot, "enter", "enter", "enter")
        await settle(pilot)
        assert_app_healthy(app)
        types = stack_types(app)
        assert types[0] is MainMenu and len(types) in (2, 3), types
        game = app.game_screen()
        assert game is not None and game.save_path == good
        assert types[1:2] == [type(game)]  # the game itself, not the menu, is under anything


@pytest.mark.parametrize("keys", [("ctrl+s", "ctrl+s"), ("enter", "enter", "enter")])
async def test_starting_a_game_twice_in_one_burst_starts_one(keys: tuple[str, ...]) -> None:
    app = create_app(settings=Settings(bot_delay_ms=0))
    app.seed_chooser = lambda: 4
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        dialog.query_one("#seed", Input).focus()  # Enter in a field starts the game
        await pilot.pause()
        await burst(pilot, *keys)
        await settle(pilot)
        assert_app_healthy(app)
        assert stack_types(app) == [MainMenu, OctopusGardenScreen]


@pytest.mark.parametrize("keys", [("ctrl+s", "ctrl+s"), ("enter", "enter", "enter")])
async def test_saving_settings_twice_in_one_burst_closes_the_dialog_once(
    keys: tuple[str, ...],
) -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SettingsScreen)
        dialog.query_one("#save", Button).focus()
        dialog.query_one("#delay").value = "123"  # type: ignore[attr-defined]
        await pilot.pause()
        await burst(pilot, *keys)
        assert_app_healthy(app)
        assert stack_types(app) == [MainMenu]
    assert load_settings().bot_delay_ms == 123


async def open_choice_list(pilot: Pilot[Any]) -> OctopusGardenScreen:
    """Let the game come up, then open the list of every choice (``c``); the game's screen."""
    await settle(pilot)
    app: Any = pilot.app
    game = app.game_screen()
    assert isinstance(game, OctopusGardenScreen)
    await pilot.press("c")
    await pilot.pause()
    return game


async def test_enter_twice_on_a_list_of_choices_plays_one_choice() -> None:
    app = create_app(octopus_table("Ann", "Bob=greedy"), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        game = await open_choice_list(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        played = len(game.table.actions)
        await burst(pilot, "enter", "enter")
        await settle(pilot)
        assert_app_healthy(app)
        assert app.game_screen() is game  # still in the game, not back at the menu
        assert stack_types(app)[:2] == [MainMenu, OctopusGardenScreen]
        assert len(game.table.actions) > played


async def test_enter_twice_on_the_curtain_lifts_it_once(toy_table: MakeTable) -> None:
    app = create_app(toy_table("Ann", "Bob"), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        game = app.game_screen()
        await burst(pilot, "enter", "enter")
        await settle(pilot)
        assert_app_healthy(app)
        assert app.game_screen() is game
        assert stack_types(app)[0] is MainMenu


def finished_toy_table(toy_table: MakeTable) -> Table:
    table = toy_table("Ann", "Bob=greedy")
    while not table.state.is_over:
        table.apply(table.legal_actions()[0])
    return table


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        (("enter", "enter"), [MainMenu, NewGameDialog]),  # "New game" focused: pressed twice
        (("m", "m"), [MainMenu]),
        (("n", "n"), [MainMenu, NewGameDialog]),
    ],
)
async def test_a_second_choice_on_the_end_screen_is_ignored(
    toy_table: MakeTable, keys: tuple[str, ...], expected: list[type]
) -> None:
    app = create_app(finished_toy_table(toy_table), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        end = app.screen
        assert isinstance(end, EndScreen)
        end.query_one("#end-new", Button).focus()
        await pilot.pause()
        await burst(pilot, *keys)
        await settle(pilot)
        assert_app_healthy(app)
        types = [t for t in stack_types(app) if not issubclass(t, GameScreen)]
        assert types == expected


async def test_escape_twice_in_a_game_goes_back_to_the_menu_once() -> None:
    app = create_app(octopus_table("Ann", "Bob=greedy"), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await burst(pilot, "escape", "escape", "escape")
        await settle(pilot)
        assert_app_healthy(app)
        assert stack_types(app) == [MainMenu]


async def test_help_keys_in_a_burst_never_stack_two_help_screens() -> None:
    app = create_app(octopus_table("Ann", "Bob=greedy"), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.game_screen()
        assert game is not None
        game.query_one("#og-market").focus()
        await pilot.pause()
        await burst(pilot, "question_mark", "question_mark", "question_mark")
        assert_app_healthy(app)
        assert stack_types(app).count(HelpScreen) <= 1
        await burst(pilot, "escape", "escape")
        assert_app_healthy(app)


async def test_a_choice_and_escape_in_one_burst_end_in_a_sane_state() -> None:
    app = create_app(octopus_table("Ann", "Bob=greedy"), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await open_choice_list(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        await burst(pilot, "enter", "escape")
        await settle(pilot)
        assert_app_healthy(app)
        assert stack_types(app) in ([MainMenu], [MainMenu, OctopusGardenScreen])


async def test_a_choice_that_arrives_after_its_game_closed_is_not_played() -> None:
    """The list's result reaches the game screen after the game was left (its autosave
    written): nothing is played on the closed game."""
    app = create_app(octopus_table("Ann", "Bob=greedy"), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        game = await open_choice_list(pilot)
        choices = app.screen
        assert isinstance(choices, ChoiceScreen)
        played = len(game.table.actions)
        choices.dismiss(0)  # the result callback is queued for the game screen...
        game.action_leave()  # ...which closes before it runs
        await settle(pilot)
        assert_app_healthy(app)
        assert stack_types(app) == [MainMenu]
        assert len(game.table.actions) == played
        saved = saves.load_table(saves.autosave_path(game.table))
        assert saved.notation() == game.table.notation()


async def test_keys_typed_ahead_of_a_list_of_choices_never_close_it_before_it_is_up() -> None:
    """Found by the key flood: Enter on a market tile opens a list at once, and a ``1`` typed
    before it (still bubbling up from the board) reached the list before it was composed."""
    seats = (Seat("[b]Ann[/b]"), Seat("[x=1=2]", "greedy"), Seat("Cleo", "random"))
    table = Table(Setup("octopus-garden", seats, {}, 4))
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await burst(pilot, "a")
        await settle(pilot)
        await burst(pilot, "1", *["a"] * 4, "up", *["a"] * 5, "enter")
        await settle(pilot)
        assert_app_healthy(app)
        assert stack_types(app)[:2] == [MainMenu, OctopusGardenScreen]
