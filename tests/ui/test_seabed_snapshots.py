"""Snapshots (pytest-textual-snapshot) of the Seabed Neighbours screen: the start (the start
tile alone, Ann's first tile previewed at the nearest lit place) at 80x24, and mid-game (a
seascape of many tiles with flags and palaces of several teams, Ann to lay her first tile of
the turn, its places lit, the preview turned with ``r``) at 80x24 and 100x34. The positions
come from a fixed seed and a fixed action list (never from a bot's choices)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import quiet_app
from textual.pilot import Pilot

from gardens_tui.rules.seabed import GAME
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.screens.seabed import SeabedScreen

SEATS = (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "greedy"))


def mid_game(count: int) -> Table:
    """At least ``count`` decisions, each a fixed choice (every third decision a flag or
    palace where one may go, else the first legal action), then on until Ann lays a tile."""
    table = Table(Setup("seabed-neighbours", SEATS, {}, 5))
    played = 0
    while True:
        state = table.state
        legal = GAME.legal_actions(state)  # type: ignore[arg-type]
        if played >= count and state.current_player == 0 and state.phase == "place":
            return table
        pieces = [a for a in legal if a[0] in ("flag", "palace")]
        action = pieces[played % len(pieces)] if pieces and played % 3 == 0 else legal[0]
        table.apply_text(GAME.format_action(action))
        played += 1


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(4):
        await pilot.pause()


def test_start(snap_compare: Any) -> None:
    """The start tile, Ann's first tile lit and previewed at 80x24."""
    table = Table(Setup("seabed-neighbours", SEATS, {}, 5))
    assert snap_compare(quiet_app(table), terminal_size=(80, 24), run_before=settle)


@pytest.mark.parametrize("size", [(80, 24), (100, 34)])
def test_mid_game(snap_compare: Any, size: tuple[int, int]) -> None:
    """Mid-game: flags and palaces in team colours, Ann's tile turned once (``r``)."""
    table = mid_game(40)

    async def turn(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        assert isinstance(pilot.app.screen, SeabedScreen)
        await pilot.press("r")
        await settle(pilot)

    assert snap_compare(quiet_app(table), terminal_size=size, run_before=turn)
