"""Snapshots (pytest-textual-snapshot) of the Throw Octopus! screen at 80x24 and 100x30:
mid-game (a seascape of several tiles with creatures, Ann to play: her first playable tile chosen
with a digit, its places lit and its preview at the cursor; it fits only turned, so it comes
turned). The
position comes from a fixed seed and a fixed action list (the first legal action each time),
never from a bot's choices."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import quiet_app
from textual.pilot import Pilot

from gardens_tui.rules.throw_octopus import GAME
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.screens.throw_octopus import ThrowOctopusScreen

SIZES = [(80, 24), (100, 30)]


def play_first_legal(table: Table, count: int) -> None:
    """Play at least ``count`` decisions, each the first legal action (deterministic, no bot),
    then on until seat 0 (Ann) has a tile to play."""
    played = 0
    while True:
        state = table.state
        decision = state.decision
        assert decision is not None and not state.is_over
        legal = GAME.legal_actions(state)  # type: ignore[arg-type]
        ready = decision.seat == 0 and decision.kind == "play"
        if played >= count and ready and any(a[0] == "play" for a in legal):
            return
        played += 1
        table.apply_text(GAME.format_action(legal[0]))


app_for = quiet_app


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(4):
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_mid_game(snap_compare: Any, size: tuple[int, int]) -> None:
    """Three players: Ann to play; her first playable tile chosen, lit places, the preview
    turned (it fits only turned); the others' hands as counts in the player panel."""
    seats = (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "random"))
    table = Table(Setup("throw-octopus", seats, {}, 5))
    play_first_legal(table, 12)
    assert table.state.current_player == 0

    async def choose_and_turn(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, ThrowOctopusScreen)
        first = next(a for a in screen.legal() if a[0] == "play")
        await pilot.press(str(screen.hand().index(first[1]) + 1))
        await settle(pilot)
        assert screen.rotation == 180

    assert snap_compare(app_for(table), terminal_size=size, run_before=choose_and_turn)
