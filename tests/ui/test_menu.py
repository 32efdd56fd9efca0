"""The main menu: keyboard navigation, letter shortcuts, mouse, "continue" greyed without an
autosave, the help screen, quitting, and the "terminal too small" notice on every screen."""

from __future__ import annotations

from textual.widgets import OptionList

from gardens_tui import saves
from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.load import LoadDialog
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.screens.new_game import NewGameDialog
from gardens_tui.ui.screens.settings import SettingsScreen
from gardens_tui.ui.widgets.too_small import TooSmallNotice


async def test_menu_lists_every_entry_and_greys_continue_without_an_autosave() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        menu = app.screen.query_one("#menu", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids == ["continue", "new", "load", "learn", "rules", "settings", "quit"]
        assert menu.get_option("continue").disabled
        assert menu.highlighted == 1  # starts on "new game"
        await pilot.press("c")  # a disabled entry does nothing but say why
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_arrows_and_enter_open_the_highlighted_entry() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("down", "enter")  # new -> load
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        await pilot.press("up", "enter")  # back to new game
        await pilot.pause()
        assert isinstance(app.screen, NewGameDialog)


async def test_letter_shortcuts_open_each_dialog() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        for key, screen_type in (
            ("n", NewGameDialog),
            ("l", LoadDialog),
            ("s", SettingsScreen),
            ("r", HelpScreen),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MainMenu)


async def test_clicking_an_entry_opens_it() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        # border row, then continue/new/load/learn/rules/settings
        await pilot.click(menu, offset=(4, 6))
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)


async def test_quit_entry_exits_the_app() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert not app.is_running


async def test_continue_opens_the_latest_unfinished_autosave(toy_table) -> None:  # type: ignore[no-untyped-def]
    table = toy_table("Ann", "Bob")
    table.apply(table.legal_actions()[0])
    saves.autosave(table)
    app = create_app(settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        assert not menu.get_option("continue").disabled
        assert menu.highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        game = app.game_screen()
        assert isinstance(game, GameScreen)
        assert game.table.notation() == table.notation()
        assert game.save_path is None  # ctrl+s makes a new save, it never writes the autosave


async def test_question_mark_opens_the_rules_of_every_game_from_the_menu() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        titles = [spec.title for spec in app.screen.specs]
        assert "Octopus's Garden" in titles
        assert any(key for key, _ in app.screen.keys)
        await pilot.press("question_mark")  # ? again closes it
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_a_small_terminal_shows_the_notice_on_every_screen() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        notice = app.screen.query_one(TooSmallNotice)
        assert notice.display and notice.region.width == 70
        assert not app.screen.query_one("#menu-box").display
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not notice.display
        assert app.screen.query_one("#menu-box").display
        await pilot.press("n")
        await pilot.pause()
        await pilot.resize_terminal(79, 30)  # one column too narrow
        await pilot.pause()
        await pilot.pause()
        dialog_notice = app.screen.query_one(TooSmallNotice)
        assert dialog_notice.display
        assert not app.screen.query_one("#new-game-box").display
        await pilot.resize_terminal(80, 24)  # the minimum is enough
        await pilot.pause()
        assert not dialog_notice.display
