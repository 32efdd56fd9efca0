"""Snapshot tests (pytest-textual-snapshot) of the menu, the new-game dialog, the settings dialog,
the load dialog, the rules help and the hot-seat curtain at 80x24 (the minimum size) and 120x40,
and of the "terminal too small" notice below that. The app is kept deterministic: an
empty data folder, default settings, a fixed save listing with fixed dates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from gardens_tui.saves import SaveInfo
from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.curtain import CurtainScreen
from gardens_tui.ui.screens.load import LoadDialog

SIZES = [(80, 24), (120, 40)]

FIXED_SAVES = [
    SaveInfo(
        Path("/saves/octopus-garden-20260102-101500.json"),
        "octopus-garden",
        "Octopus's Garden",
        ("Ann", "Bob", "Cleo"),
        7,
        "2026-01-02T10:15:00",
        False,
    ),
    SaveInfo(
        Path("/saves/finished.json"),
        "octopus-garden",
        "Octopus's Garden",
        ("Ann", "Greedy bot 2"),
        18,
        "2025-12-24T18:30:00",
        True,
    ),
    SaveInfo(
        Path("/saves/broken.json"),
        "",
        "",
        (),
        0,
        "2025-12-01T09:00:00",
        False,
        "not valid JSON: line 1, column 12",
    ),
]


def app() -> Any:
    return create_app(settings=Settings())


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_dialog(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app(), press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_settings_dialog(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app(), press=["s"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_load_dialog(snap_compare: Any, size: tuple[int, int]) -> None:
    async def open_dialog(pilot: Pilot[Any]) -> None:
        await pilot.app.push_screen(LoadDialog(lambda: FIXED_SAVES))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=open_dialog)


@pytest.mark.parametrize("size", SIZES)
def test_rules_help(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app(), press=["r"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_curtain(snap_compare: Any, size: tuple[int, int]) -> None:
    async def pass_to_bob(pilot: Pilot[Any]) -> None:
        await pilot.app.push_screen(CurtainScreen("Bob"))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=pass_to_bob)


def test_terminal_too_small(snap_compare: Any) -> None:
    assert snap_compare(app(), terminal_size=(70, 20))
