"""Issue 7, named saves: ctrl+s asks for a name (prefilled with a sensible default), Enter saves to
``<saves_dir>/<name>.json``, Escape writes nothing, bad names are refused in the dialog with the
reason, replacing another save is asked first, a file that is not a save is never replaced, and
the existing protections (a file changed elsewhere is left alone) still hold."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import settle
from textual.widgets import Input, Static

from gardens_tui import saves
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.save_dialog import (
    SaveDialog,
    check_save_name,
    default_save_name,
)

SIZE = (100, 30)
MakeTable = Callable[..., Table]


def game_of(app: GardensApp) -> GameScreen:
    screen = app.game_screen()
    assert isinstance(screen, GameScreen)
    return screen


async def open_dialog(app: GardensApp, pilot: Any) -> SaveDialog:
    await pilot.press("ctrl+s")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, SaveDialog)
    return dialog


def name_field(dialog: SaveDialog) -> Input:
    return dialog.query_one("#save-name", Input)


def error_text(dialog: SaveDialog) -> str:
    return str(dialog.query_one("#save-error", Static).render())


def saved_files() -> list[Path]:
    folder = saves.saves_dir()
    return sorted(folder.iterdir()) if folder.exists() else []


async def test_ctrl_s_opens_a_named_save_dialog_with_a_default_and_enter_saves_there(
    toy_table: MakeTable,
) -> None:
    """Before issue 7, ctrl+s wrote a timestamped file at once, without asking for a name."""
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = game_of(app)
        game.play(table.legal_actions()[0])
        await settle(pilot)
        dialog = await open_dialog(app, pilot)
        default = name_field(dialog).value
        assert default == f"toy Ann v Bob, turn {table.state.turn}"
        assert saved_files() == []  # nothing written until Enter
        await pilot.press("enter")
        await pilot.pause()
        target = saves.saves_dir() / f"{default}.json"
        assert saved_files() == [target]
        assert saves.load_table(target).notation() == table.notation()
        assert game.save_path == target
        assert any(str(target) in n.message for n in app._notifications)
        # The next ctrl+s offers the file's own name and saves to it without asking.
        dialog = await open_dialog(app, pilot)
        assert name_field(dialog).value == default
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game
        assert saved_files() == [target]


async def test_a_typed_name_is_the_file_name(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = await open_dialog(app, pilot)
        name_field(dialog).value = "Friday night.json"  # the suffix may be typed or not
        await pilot.press("enter")
        await pilot.pause()
        assert saved_files() == [saves.saves_dir() / "Friday night.json"]
        assert game_of(app).save_path == saves.saves_dir() / "Friday night.json"


async def test_escape_in_the_save_dialog_writes_nothing(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = game_of(app)
        await open_dialog(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game
        assert saved_files() == []
        assert game.save_path is None


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "Type a name"),
        ("   ", "Type a name"),
        ("games/friday", "cannot hold any of"),
        ("..\\up", "cannot hold any of"),
        (".hidden", "cannot start with a dot"),
        # The field (a SafeInput) holds such a character as its escape, "\x07": refused for "\"
        # (check_save_name's own refusal of control characters: see the test below).
        ("bell\x07here", "cannot hold any of"),
        ("bidi\u202etext", "cannot hold any of"),
        ("x" * 200, "too long"),
    ],
)
async def test_a_bad_name_is_refused_in_the_dialog_with_the_reason(
    toy_table: MakeTable, typed: str, reason: str
) -> None:
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = await open_dialog(app, pilot)
        name_field(dialog).value = typed
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog  # still open, saying why
        assert reason in error_text(dialog)
        assert "\x07" not in error_text(dialog) and "\u202e" not in error_text(dialog)
        assert saved_files() == []


def test_check_save_name_normalises_and_refuses() -> None:
    assert check_save_name("  Friday  ") == "Friday"
    assert check_save_name("Friday.JSON") == "Friday"
    assert check_save_name("Ann v Bob, turn 3") == "Ann v Bob, turn 3"
    for bad in ("", ".x", "a/b", "a\\b", "a:b", "a\nb", "x.", "é" * 130):
        with pytest.raises(ValueError):
            check_save_name(bad)
    for bad in ("bell\x07here", "bidi\u202etext"):
        with pytest.raises(ValueError, match="control or invisible"):
            check_save_name(bad)


@pytest.mark.parametrize(
    "names",
    [
        ("Ann", "Bob"),
        ("../../etc", ".hidden"),
        ("A/B\\C", 'Q"uote*?'),
        ("名前" * 10, "Bob"),
    ],
)
def test_the_default_name_is_always_a_valid_file_name(
    toy_registered: None, names: tuple[str, str]
) -> None:
    table = Table(Setup("toy", tuple(Seat(name) for name in names), {}, 3))
    default = default_save_name(table)
    assert check_save_name(default) == default
    assert "/" not in default and not default.startswith(".")


async def test_replacing_another_save_is_asked_first(toy_table: MakeTable) -> None:
    other = toy_table("Cleo", "Dan")
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    existing = saves.save_table(other, folder / "friday.json")
    before = existing.read_bytes()
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = await open_dialog(app, pilot)
        name_field(dialog).value = "friday"
        await pilot.press("enter")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ChoiceScreen)
        assert "friday.json" in question.title_text
        await pilot.press("escape")  # keep it: back to the dialog, nothing written
        await pilot.pause()
        assert app.screen is dialog
        assert existing.read_bytes() == before
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("1")  # replace it
        await pilot.pause()
        await pilot.pause()
        assert app.screen is game_of(app)
        assert saves.load_table(existing).setup.names == ("Ann", "Bob")


async def test_a_file_that_is_not_a_save_is_never_replaced(toy_table: MakeTable) -> None:
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    notes = folder / "notes.json"
    notes.write_text('{"my": "notes"}', encoding="utf-8")
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = await open_dialog(app, pilot)
        name_field(dialog).value = "notes"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog  # no question: it is refused outright
        assert "is not a gardens-tui save" in error_text(dialog)
        assert notes.read_text(encoding="utf-8") == '{"my": "notes"}'


async def test_a_game_opened_from_a_file_saves_back_to_it_by_default(
    toy_table: MakeTable, tmp_path: Path
) -> None:
    path = saves.save_table(toy_table("Ann", "Bob"), tmp_path / "mine.json")
    table, source = saves.read_save(path)
    app = create_app(table, path, settings=Settings(bot_delay_ms=0, curtain=False), source=source)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = game_of(app)
        game.play(table.legal_actions()[0])
        await settle(pilot)
        dialog = await open_dialog(app, pilot)
        assert name_field(dialog).value == "mine"
        assert str(path) in str(dialog.query_one("#save-where", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert saves.load_table(path).notation() == table.notation()
        assert saved_files() == []


async def test_a_file_changed_elsewhere_is_still_left_alone(
    toy_table: MakeTable, tmp_path: Path
) -> None:
    """The protection action_save had before the dialog: the game goes to a new file."""
    path = saves.save_table(toy_table("Ann", "Bob=random"), tmp_path / "shared.json")
    table, source = saves.read_save(path)
    app = create_app(table, path, settings=Settings(bot_delay_ms=0), source=source)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        other = saves.load_table(path)
        other.apply(other.legal_actions()[0])
        saves.save_table(other, path)  # somebody else, meanwhile
        await open_dialog(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        game = game_of(app)
        assert saves.load_table(path).notation() == other.notation()
        assert game.save_path is not None and game.save_path.parent == saves.saves_dir()
        assert saves.load_table(game.save_path).notation() == table.notation()
        assert any("changed by another program" in n.message for n in app._notifications)


async def test_ctrl_s_twice_in_a_burst_saves_once_without_a_second_dialog(
    toy_table: MakeTable,
) -> None:
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = game_of(app)
        await pilot.press("ctrl+s", "ctrl+s")  # the second one saves from the dialog
        await pilot.pause()
        await pilot.pause()
        assert app.screen is game
        assert len(saved_files()) == 1
        assert [type(s) for s in app.screen_stack].count(SaveDialog) == 0


@pytest.mark.parametrize("action", ["submit", "cancel"])
async def test_the_save_dialog_closes_once(toy_table: MakeTable, action: str) -> None:
    """Enter (or Escape) twice in one burst, then a stray dismissal: one result, the game stays."""
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = game_of(app)
        dialog = SaveDialog(table)
        results: list[Path | None] = []
        app.push_screen(dialog, results.append)
        await settle(pilot)
        await app.run_action(action, dialog)
        await app.run_action(action, dialog)
        dialog.dismiss(None)
        await settle(pilot)
        assert app.screen is game
        assert len(results) == 1
        assert (results[0] is None) == (action == "cancel")
