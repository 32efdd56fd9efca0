"""The load dialog: lists every save and autosave (game, players, turn, date), shows broken files
with the reason and refuses to open them, and opening a file that fails to load shows the
SaveError message without crashing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Static

from gardens_tui import saves
from gardens_tui.saves import SaveInfo
from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.load import LoadDialog, format_saved_at
from gardens_tui.ui.screens.menu import MainMenu


def test_saved_at_is_shown_to_the_minute() -> None:
    assert format_saved_at("2026-01-02T03:04:05") == "2026-01-02 03:04"
    assert format_saved_at("not a date") == "not a date"


def make_saves(toy_table: Any) -> tuple[Path, Path]:
    table = toy_table("Ann", "Bob")
    table.apply(table.legal_actions()[0])
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    good = saves.save_table(table, folder / "good.json")
    broken = folder / "broken.json"
    broken.write_text('{"format": "gardens-tui/snapshot", "version": 1, "game": ')
    return good, broken


async def test_lists_saves_including_broken_ones(toy_table: Any) -> None:
    good, broken = make_saves(toy_table)
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LoadDialog)
        table = dialog.query_one("#saves", DataTable)
        assert table.row_count == 2
        rows = {key.value: [str(cell) for cell in table.get_row(key)] for key in table.rows}
        good_row = [cell.splitlines() for cell in rows[str(good)]]
        assert good_row[0] == ["good", "save"]
        assert good_row[1] == ["Pearl Dive (test game)", "Ann, Bob"]
        assert good_row[2] == [f"turn {saves.load_table(good).state.turn}", "in progress"]
        broken_row = [cell.splitlines() for cell in rows[str(broken)]]
        assert broken_row[0] == ["x broken.json", "broken"]
        assert dialog.infos[str(broken)].error


async def test_at_80_columns_a_save_shows_its_name_kind_and_whole_date(toy_table: Any) -> None:
    """Issue 27: at 80 columns the list showed neither a save's name nor whether it was an
    autosave (a named save and its autosave were two identical rows), and cut the date to
    ``2026-11``. Every column fits, and each row says name, kind, game, players, turn, state
    and the whole date and time."""
    good, _ = make_saves(toy_table)
    table = saves.load_table(good)
    auto = saves.autosave(table)
    app = create_app(settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LoadDialog)
        widget = dialog.query_one("#saves", DataTable)
        assert widget.virtual_size.width <= widget.scrollable_content_region.width
        rows = {
            key.value: [str(cell).splitlines() for cell in widget.get_row(key)]
            for key in widget.rows
        }
        assert rows[str(good)][0] == ["good", "save"]
        assert rows[str(auto.path)][0][0] == "autosave"
        day, time_of_day = format_saved_at(saves.save_info(good).saved_at).split(" ")
        assert rows[str(good)][3] == [day, time_of_day]


async def test_choosing_a_broken_save_shows_why_and_stays_open(toy_table: Any) -> None:
    good, broken = make_saves(toy_table)
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        dialog = app.screen
        table = dialog.query_one("#saves", DataTable)
        row = table.get_row_index(str(broken))
        table.move_cursor(row=row)
        await pilot.pause()
        detail = str(dialog.query_one("#load-detail", Static).render())
        assert detail.startswith("Cannot open broken.json")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog
        table.move_cursor(row=table.get_row_index(str(good)))
        await pilot.press("enter")
        await pilot.pause()
        screen = app.game_screen()
        assert isinstance(screen, GameScreen)
        assert screen.save_path == good
        assert screen.table.notation() == saves.load_table(good).notation()


async def test_a_file_that_fails_to_load_is_reported_not_raised(toy_table: Any) -> None:
    good, _ = make_saves(toy_table)
    app = create_app(settings=Settings())

    def stale_listing() -> list[SaveInfo]:
        # Listed as fine, then damaged before it is opened.
        info = saves.save_info(good)
        good.write_text("{ not json")
        return [info]

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(LoadDialog(stale_listing), lambda path: path and app.load_game(path))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert app.game_screen() is None
        messages = [n.message for n in app._notifications]
        assert any(str(good) in message for message in messages)


async def test_no_saves_says_where_they_go() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        detail = str(app.screen.query_one("#load-detail", Static).render())
        assert detail.startswith("No saves yet")
        assert app.screen.query_one("#open").disabled
