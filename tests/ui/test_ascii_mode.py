"""ASCII mode (issue 7, "Look"): with the setting on, every character the app draws is 7-bit.

Borders of panels, dialogs and tables, the end screen's score table and the footer's key
displays included; switching the setting on in the settings dialog applies at once. Each test
walks the characters of the whole screen as it would be written to the terminal.
"""

from __future__ import annotations

from typing import Any

from conftest import settle
from hostile_input import screen_text
from textual.app import App

from gardens_tui import saves
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.load import LoadDialog
from gardens_tui.ui.screens.new_game import NewGameDialog
from gardens_tui.ui.screens.settings import SettingsScreen
from gardens_tui.ui.widgets.glyphs import ascii_keys
from gardens_tui.ui.widgets.tick_box import TickBox

SIZE = (80, 24)


def not_ascii(app: App[Any]) -> list[str]:
    """Every character on the screen outside printable 7-bit ASCII, with its line."""
    found: list[str] = []
    for number, line in enumerate(screen_text(app).splitlines()):
        bad = sorted({ch for ch in line if not " " <= ch <= "~"})
        if bad:
            found.append(f"line {number}: {''.join(bad)!r} in {line!r}")
    return found


def octopus_table() -> Table:
    """Octopus's Garden for a person and a bot, every module on."""
    from gardens_tui.rules.registry import game_specs

    spec = game_specs()["octopus-garden"]
    options = {option.key: True for option in spec.options if isinstance(option.default, bool)}
    return Table(Setup("octopus-garden", (Seat("Ann"), Seat("Greedy", "greedy")), options, 3))


def ascii_app(table: Table | None = None) -> GardensApp:
    return create_app(table, settings=Settings(bot_delay_ms=0, ascii_mode=True))


def test_key_displays_have_7_bit_forms() -> None:
    assert ascii_keys("⏎") == "Enter"
    assert ascii_keys("↑") == "Up"
    assert ascii_keys("^s") == "^s"
    assert ascii_keys("é") == "?"


async def test_the_game_screen_at_80x24_is_7_bit() -> None:
    """Board, player panel and log borders, prompt and footer (``⏎`` is ``Enter``)."""
    app = ascii_app(octopus_table())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not_ascii(app) == []
        assert "Enter" in screen_text(app).splitlines()[-1]
        await pilot.press("c")  # every choice: a dialog over the game
        await pilot.pause()
        assert not_ascii(app) == []


async def test_cut_names_and_a_thinking_bot_are_7_bit() -> None:
    """Two bots of one level at 80x24: their names are cut with ``.``, not ``…``; a bot still
    thinking says so with ``...``."""
    seats = (Seat("Ann"), Seat("Greedy bot 2", "greedy"), Seat("Greedy bot 3", "greedy"))
    table = Table(Setup("octopus-garden", seats, {}, 3))
    app = ascii_app(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not_ascii(app) == []
        screen = app.game_screen()
        assert screen is not None
        table.apply(table.legal_actions()[0], seat=0)
        while table.state.current_player == 0:
            table.apply(table.legal_actions()[0], seat=0)
        screen.bot_delay_ms = 60_000  # the bot waits: its prompt shows
        await pilot.pause()
        assert "thinking..." in screen.prompt_text()
        assert not_ascii(app) == []


async def test_the_dialogs_are_7_bit(toy_registered: None) -> None:
    """New game, load (with a save listed), settings and help dialogs (over the menu, whose
    own hint line is not checked here: menu.py is another change's)."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 7))
    table.apply(table.legal_actions()[0])
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    saves.save_table(table, folder / "one.json")
    app = ascii_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for open_dialog, dialog_type in (
            (app.action_new_game, NewGameDialog),
            (app.action_load_game, LoadDialog),
            (app.action_settings, SettingsScreen),
            (app.action_help, HelpScreen),
        ):
            open_dialog()
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, dialog_type)
            assert not_ascii(app) == [], dialog_type.__name__
            app.pop_screen()
            await pilot.pause()


async def test_the_end_screen_and_its_score_table_are_7_bit(toy_registered: None) -> None:
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob", "greedy")), {}, 7))
    while not table.state.is_over:
        table.apply(table.legal_actions()[0])
    app = ascii_app()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EndScreen(table, ascii_mode=True))
        await pilot.pause()
        assert not_ascii(app) == []
        assert "+---" in screen_text(app) or "|" in screen_text(app)


async def test_turning_ascii_mode_on_in_the_settings_applies_at_once() -> None:
    """The game starts in Unicode; saving the settings with ASCII mode on redraws every
    border and the footer in 7-bit characters without a restart."""
    app = create_app(octopus_table(), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not_ascii(app) != []
        app.action_settings()
        await pilot.pause()
        app.screen.query_one("#ascii", TickBox).value = True
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.settings.ascii_mode
        assert not_ascii(app) == []
