"""Issue 7, the load list: bots are marked, each save shows its turn and whether the game is over
or in progress, and ``d`` / Delete deletes the highlighted save after a confirmation that names
the file (Escape there deletes nothing; the list refreshes; a failed delete says why)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import settle
from textual.widgets import DataTable

from gardens_tui import saves
from gardens_tui.saves.listing import delete_save
from gardens_tui.settings import Settings
from gardens_tui.table import Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.load import LoadDialog

SIZE = (110, 30)
MakeTable = Callable[..., Table]


def make_saves(toy_table: MakeTable) -> tuple[Path, Path]:
    """An unfinished game of Ann and the greedy bot Bob, and a finished one of Cleo and Dan."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    playing = toy_table("Ann", "Bob=greedy")
    playing.apply(playing.legal_actions()[0])
    finished = toy_table("Cleo", "Dan", seed=3)
    while not finished.state.is_over:
        finished.apply(finished.legal_actions()[0])
    return (
        saves.save_table(playing, folder / "playing.json"),
        saves.save_table(finished, folder / "finished.json"),
    )


def rows(dialog: LoadDialog) -> dict[str, list[str]]:
    table = dialog.query_one("#saves", DataTable)
    return {str(key.value): [str(cell) for cell in table.get_row(key)] for key in table.rows}


async def open_load(app: GardensApp, pilot: Any) -> LoadDialog:
    await pilot.press("l")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, LoadDialog)
    return dialog


def test_listing_knows_which_seats_are_bots(toy_table: MakeTable) -> None:
    playing, finished = make_saves(toy_table)
    assert saves.save_info(playing).bots == (None, "greedy")
    assert saves.save_info(finished).bots == (None, None)


@pytest.mark.parametrize(("ascii_mode", "mark"), [(False, "⚙"), (True, "#")])
async def test_bots_are_marked_and_turn_and_state_are_shown(
    toy_table: MakeTable, ascii_mode: bool, mark: str
) -> None:
    """Before issue 7 the list said "Ann, Bob" for a bot seat and only "over" for a finished
    game (its turn hidden), with no "in progress"."""
    playing, finished = make_saves(toy_table)
    app = create_app(settings=Settings(ascii_mode=ascii_mode))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_load(app, pilot)
        table = dialog.query_one("#saves", DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == ["Save", "Game and players", "Turn", "Saved"]
        shown = rows(dialog)
        assert shown[str(playing)][1].splitlines()[1] == f"Ann, Bob {mark}"
        turn = saves.load_table(playing).state.turn
        assert shown[str(playing)][2].splitlines() == [f"turn {turn}", "in progress"]
        assert shown[str(finished)][1].splitlines()[1] == "Cleo, Dan"
        turn = saves.load_table(finished).state.turn
        assert shown[str(finished)][2].splitlines() == [f"turn {turn}", "over"]


async def select(dialog: LoadDialog, pilot: Any, path: Path) -> None:
    table = dialog.query_one("#saves", DataTable)
    table.move_cursor(row=table.get_row_index(str(path)))
    await pilot.pause()


@pytest.mark.parametrize("key", ["d", "delete"])
async def test_delete_asks_naming_the_file_then_deletes_and_refreshes(
    toy_table: MakeTable, key: str
) -> None:
    playing, finished = make_saves(toy_table)
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_load(app, pilot)
        await select(dialog, pilot, finished)
        await pilot.press(key)
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ChoiceScreen)
        assert "finished.json" in question.title_text
        assert "finished.json" in question.labels[0]
        await pilot.press("enter")  # the first choice: delete
        await settle(pilot)
        assert app.screen is dialog
        assert not finished.exists() and playing.exists()
        assert list(rows(dialog)) == [str(playing)]
        assert str(finished) not in dialog.infos


async def test_escape_in_the_confirmation_deletes_nothing(toy_table: MakeTable) -> None:
    playing, finished = make_saves(toy_table)
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_load(app, pilot)
        await select(dialog, pilot, playing)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog
        assert playing.exists() and finished.exists()
        assert len(rows(dialog)) == 2
        await pilot.press("d")  # "Keep it" deletes nothing either
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert playing.exists() and len(rows(dialog)) == 2


async def test_a_failed_delete_says_why_and_the_list_refreshes(toy_table: MakeTable) -> None:
    playing, finished = make_saves(toy_table)
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_load(app, pilot)
        await select(dialog, pilot, playing)
        await pilot.press("d")
        await pilot.pause()
        playing.unlink()  # another program removed it meanwhile
        await pilot.press("1")
        await settle(pilot)
        assert app.screen is dialog
        notices = [n for n in app._notifications if n.title == "Not deleted"]
        assert notices and "playing.json" in notices[-1].message
        assert "no such file" in notices[-1].message
        assert list(rows(dialog)) == [str(finished)]


async def test_deleting_the_last_save_leaves_an_empty_list(toy_table: MakeTable) -> None:
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    only = saves.save_table(toy_table("Ann", "Bob"), folder / "only.json")
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_load(app, pilot)
        await pilot.press("d", "1")
        await settle(pilot)
        assert not only.exists()
        assert rows(dialog) == {}
        await pilot.press("d")  # nothing left to delete: no question
        await pilot.pause()
        assert app.screen is dialog


def test_delete_save_never_follows_a_link(toy_table: MakeTable, tmp_path: Path) -> None:
    real = saves.save_table(toy_table("Ann", "Bob"), tmp_path / "real.json")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    with pytest.raises(saves.SaveError, match="symbolic link"):
        delete_save(link)
    assert real.exists() and link.is_symlink()
    with pytest.raises(saves.SaveError, match="folder"):
        delete_save(tmp_path)
    delete_save(real)
    assert not real.exists()


async def test_v_replays_the_highlighted_save_and_escape_comes_back_to_the_list(
    toy_table: MakeTable,
) -> None:
    """Issue 7: a loaded game can be replayed move by move; the file is not changed."""
    from gardens_tui.ui.screens.replay import ReplayMixin

    _, finished = make_saves(toy_table)
    before = finished.read_bytes()
    app = create_app(settings=Settings())
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_load(app, pilot)
        await select(dialog, pilot, finished)
        await pilot.press("v")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayMixin)
        await pilot.press("end")
        await pilot.pause()
        assert replay.seat_view.decision() is None  # the finished game's last position
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is dialog
    assert finished.read_bytes() == before
