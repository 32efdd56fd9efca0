"""Snapshots (pytest-textual-snapshot) of the Octopus's Garden screen at 80x24 (compact layout)
and 120x40 (roomy layout): mid-game with three players, the planting prompt, and the end screen
of a finished game with the shark and coconut-octopus modules. Positions come from fixed seeds and
fixed action lists (written in the game's notation), so they never depend on a bot's choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from textual.pilot import Pilot

from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app

SIZES = [(80, 24), (120, 40)]

MID_GAME = (
    "buy row 2, plant anemone d2, plant seagrass c3, plant seagrass c6, refill m5, refill m6, "
    "buy col 3, plant coral d3, plant seagrass b1, plant seagrass d2, refill m9, refill m6, "
    "buy col 3, plant seagrass d3, plant seagrass b5, plant seagrass c5, refill m6, refill m3, "
    "buy row 2, plant coral b5, plant trash b3, plant seagrass b4, refill m6, refill m5, "
    "buy row 2, plant trash c6, plant coral a3, plant seagrass e3, refill m5, refill m4, "
    "oyster, plant oyster e3, pass m7, pass m5, "
    "buy row 2, plant coral b4, plant coral b1, plant seagrass a1, refill m4, refill m5, "
    "buy row 1, plant trash c5, plant anemone e4, plant anemone a1, refill m3, refill m1, "
    "buy row 2, plant anemone d1, plant seagrass d4, plant crab e2, move crab e2 e1, done, "
    "refill m4, refill m5, pass m3"
)
"""Seed 3, Ann (human) against two greedy bots: 55 decisions, then Ann faces the market."""

FINISHED = (
    "oyster, plant oyster d2, oyster, plant oyster d3, oyster, plant oyster c3, oyster, "
    "plant oyster b1, pass m6, buy row 2, plant seagrass d2, plant seagrass c1, "
    "plant seagrass b3, refill m4, refill m6, buy col 3, plant star b1, plant seagrass c6, "
    "plant shell e1, move star b1 b2, done, refill m9, refill m6, buy row 1, plant relic c2, "
    "plant coral a2, plant seagrass c5, refill m3, refill m2, buy row 1, plant coral b5, "
    "plant anemone e2, plant crab b1, move crab b1 b2, move star b2 c3, done, refill m1, "
    "refill m2, buy col 3, plant relic e3, plant trash b4, plant seagrass a1, refill m3, "
    "refill m6, buy col 3, plant coral a2, plant seagrass a4, plant shell c2, move crab b2 c2, "
    "move star c3 d2, done, refill m3, refill m9, buy col 2, plant coconut d5, plant trash d4, "
    "plant seagrass e4, done, refill m8, refill m5, buy col 2, plant trash a1, "
    "plant seagrass b3, plant seagrass d1, move crab+shell c2 b1, done, refill m2, refill m8, "
    "buy row 3, plant relic b2, plant seagrass e2, plant seagrass c6, done, refill m8, "
    "refill m7, pass m9, move crab+shell b1 a1, done, pass m5, done, pass m7, "
    "move crab+shell a1 b1, done, buy col 3, plant star e1, plant relic a4, plant anemone d1, "
    "move star e1 e2, done, refill m3, refill m9, buy col 2, plant star d5, plant seagrass e3, "
    "plant shell c4, move crab+shell b1 c1, done, refill m2, refill m8, buy col 3, "
    "plant anemone b5, plant seagrass c4, plant seagrass a3, move star e2 d3, done, refill m6, "
    "refill m9, pass m9, move crab+shell c1 d1, done, buy col 2, plant coral e1, "
    "plant seagrass c3, move star d3 d2, done, refill m8, refill m2, buy col 3, plant coral b2, "
    "plant coral c3, plant anemone a3, done"
)
"""Seed 5 with sharks and coconut octopuses, two players: the whole game (122 decisions)."""


def table_after(
    seed: int, seats: Sequence[Seat], actions: str, options: dict[str, Any] | None = None
) -> Table:
    table = Table(Setup("octopus-garden", tuple(seats), options or {}, seed))
    for text in actions.split(", ") if actions else ():
        table.apply_text(text)
    return table


def app_for(table: Table) -> GardensApp:
    return create_app(table, settings=Settings(bot_delay_ms=0))


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(4):
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_mid_game(snap_compare: Any, size: tuple[int, int]) -> None:
    """Three players at turn 13: Ann to buy, the bots' last moves marked in their gardens."""
    table = table_after(3, (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "greedy")), MID_GAME)
    assert table.state.current_player == 0 and table.state.decision is not None
    assert table.state.decision.kind == "market"
    assert snap_compare(app_for(table), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_planting_prompt(snap_compare: Any, size: tuple[int, int]) -> None:
    """Ann bought column 2 and picked the seagrass (key 2): legal spaces highlighted."""
    table = table_after(4, (Seat("Ann"), Seat("Bob", "greedy")), "buy col 2")

    async def pick_seagrass(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)

    assert snap_compare(app_for(table), terminal_size=size, run_before=pick_seagrass)


@pytest.mark.parametrize("size", SIZES)
def test_end_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    """The end screen over the final position: points by category, the winner."""
    options = {"shark": True, "coconut-octopus": True}
    table = table_after(5, (Seat("Ann"), Seat("Bob", "greedy")), FINISHED, options)
    assert table.state.is_over
    assert snap_compare(app_for(table), terminal_size=size, run_before=settle)
