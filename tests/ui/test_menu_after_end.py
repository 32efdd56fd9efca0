"""Issue 7, the menu after a game is over: "continue" no longer says "(none yet)"; it offers the
finished game (its final scores, with a rematch), and still continues an unfinished game first."""

from __future__ import annotations

from typing import Any

from conftest import settle
from textual.widgets import OptionList

from gardens_tui import saves
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.menu import CONTINUE, CONTINUE_NONE, REVIEW_FINISHED, MainMenu

SIZE = (100, 30)


def continue_label(app: Any) -> str:
    menu = app.screen.query_one("#menu", OptionList)
    return str(menu.get_option("continue").prompt)


def continue_disabled(app: Any) -> bool:
    return bool(app.screen.query_one("#menu", OptionList).get_option("continue").disabled)


async def test_after_a_game_ends_the_menu_offers_it_instead_of_none_yet(
    toy_registered: None,
) -> None:
    """Before issue 7 the menu said "Continue the last game (none yet)" right after a game."""
    table = Table(Setup("toy", (Seat("Ann", "greedy"), Seat("Bob", "random")), {}, 7))
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        label = continue_label(app)
        assert "none yet" not in label
        assert label.endswith(REVIEW_FINISHED)
        assert not continue_disabled(app)
        await pilot.press("c")  # opens the finished game: its final scores
        await settle(pilot)
        end = app.screen
        assert isinstance(end, EndScreen)
        game = app.game_screen()
        assert isinstance(game, GameScreen)
        assert game.table.notation() == table.notation()
        assert game.save_path is None  # an autosave is never ctrl+s's file


async def test_an_unfinished_game_is_still_what_continue_opens(toy_registered: None) -> None:
    finished = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 3))
    while not finished.state.is_over:
        finished.apply(finished.legal_actions()[0])
    saves.autosave(finished)
    playing = Table(Setup("toy", (Seat("Cleo"), Seat("Dan")), {}, 5))
    playing.apply(playing.legal_actions()[0])
    saves.autosave(playing)
    app = create_app(settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert continue_label(app).endswith(CONTINUE)
        await pilot.press("c")
        await settle(pilot)
        game = app.game_screen()
        assert isinstance(game, GameScreen)
        assert game.table.setup.names == ("Cleo", "Dan")


async def test_with_no_game_at_all_continue_is_greyed_as_before() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert continue_label(app).endswith(CONTINUE_NONE)
        assert continue_disabled(app)
