"""Snapshots (pytest-textual-snapshot) of the Tanuki in the Garden screen at 80x24 and 100x30
(compact layout) and 120x40 (roomy layout): mid-game with Garden Master (tiles, monks, tanuki,
Ann to lay a tile: its preview on the lit front square, turned once with ``r``), and the end
screen of a finished game. Positions come from fixed seeds and fixed action lists (the first
legal action each time), never from a bot's choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from conftest import quiet_app
from textual.pilot import Pilot

from gardens_tui.rules.tanuki import GAME
from gardens_tui.table import Seat, Setup, Table

SIZES = [(80, 24), (100, 30), (120, 40)]


def play_first_legal(table: Table, count: int) -> None:
    """Play at least ``count`` decisions, each the first legal action (deterministic, no bot),
    then on until seat 0 (Ann) has a tile to lay or the game is over."""
    played = 0
    while True:
        state = table.state
        decision = state.decision
        if state.is_over or decision is None:
            return
        legal = GAME.legal_actions(state)  # type: ignore[arg-type]
        ready = decision.seat == 0 and decision.kind == "place"
        if played >= count and ready and any(a[0] == "place" for a in legal):
            return
        played += 1
        action = legal[0]
        table.apply_text(GAME.format_action(action))


def table_after(seed: int, seats: Sequence[Seat], decisions: int, options: dict[str, Any]) -> Table:
    table = Table(Setup("tanuki-in-the-garden", tuple(seats), options, seed))
    play_first_legal(table, decisions)
    return table


app_for = quiet_app


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(4):
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_mid_game(snap_compare: Any, size: tuple[int, int]) -> None:
    """Three players with Garden Master: Ann to lay a tile, previewed on the lit square and
    turned once (``r``); the last walk in bold italic; cards by title for Ann only."""
    seats = (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "random"))
    table = table_after(5, seats, 30, {"garden-master": True})
    assert table.state.current_player == 0

    async def turn(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)

    assert snap_compare(app_for(table), terminal_size=size, run_before=turn)


@pytest.mark.parametrize("size", SIZES[:2])
def test_end_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    """The end screen over the final position: shiitake by player, the winner."""
    seats = (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "greedy"))
    table = table_after(5, seats, 5000, {})
    assert table.state.is_over
    assert snap_compare(app_for(table), terminal_size=size, run_before=settle)
