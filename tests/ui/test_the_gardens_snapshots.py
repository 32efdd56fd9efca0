"""Snapshots (pytest-textual-snapshot) of The Gardens screen at 80x24 and 100x30 (compact
layout) and 120x40 (roomy layout): mid-game with landmarks and advanced tiles (a card chosen,
the ends of its row lit), and the end screen of a finished game. Positions come from fixed
seeds and fixed action lists (the game's notation), never from a bot's choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from conftest import quiet_app
from textual.pilot import Pilot

from gardens_tui.rules.the_gardens import GAME
from gardens_tui.table import Seat, Setup, Table

SIZES = [(80, 24), (100, 30), (120, 40)]

OPTIONS = {
    "landmarks": True,
    "layout": "l1-r1",
    "landmark-side": "mixed",
    "tree-tile": "streams",
    "bench-tile": "paths",
}


def play_first_legal(table: Table, count: int) -> None:
    """Play at least ``count`` decisions, each the first legal action (deterministic, no bot),
    then on until seat 0 (Ann) has a take to decide or the game is over."""
    played = 0
    while True:
        state = table.state
        decision = state.decision
        if state.is_over or decision is None:
            return
        if played >= count and decision.seat == 0 and decision.kind == "take":
            return
        played += 1
        action = GAME.legal_actions(state)[0]  # type: ignore[arg-type]
        table.apply_text(GAME.format_action(action))


def table_after(seed: int, seats: Sequence[Seat], decisions: int, options: dict[str, Any]) -> Table:
    table = Table(Setup("the-gardens", tuple(seats), options, seed))
    play_first_legal(table, decisions)
    return table


app_for = quiet_app


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(4):
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_mid_game(snap_compare: Any, size: tuple[int, int]) -> None:
    """Two players, round 3: Ann chose a card (Enter on the display): its row's ends lit; the
    last walks in bold italic, landmarks and tiles beside the display."""
    seats = (Seat("Ann"), Seat("Bob", "greedy"))
    table = table_after(3, seats, 18, OPTIONS)
    assert table.state.current_player == 0

    async def choose(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(app_for(table), terminal_size=size, run_before=choose)


@pytest.mark.parametrize("size", SIZES)
def test_end_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    """The end screen over the final position: points by category, the winner."""
    seats = (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "greedy"))
    table = table_after(5, seats, 200, {})
    assert table.state.is_over
    assert snap_compare(app_for(table), terminal_size=size, run_before=settle)
