"""Fixtures for the UI tests: fast settings, the toy game at a table, and a pilot helper that
lets bots finish their moves deterministically (by awaiting their workers, never sleeping)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.worker import Worker

from gardens_tui.rules.base import GameState
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens.timed_modal import TimedModal
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell


@pytest.fixture
def fast_settings() -> Settings:
    """Settings with no bot delay, so bot moves complete as soon as their worker runs."""
    return Settings(bot_delay_ms=0)


@pytest.fixture
def toy_table(toy_registered: None) -> Callable[..., Table]:
    """Make a table of the toy game: ``toy_table("Ann", "Bob=greedy", seed=3)``."""

    def make(*players: str, seed: int = 7, **options: Any) -> Table:
        return Table(Setup("toy", seats_of(players), options, seed))

    return make


def seats_of(players: Sequence[str]) -> tuple[Seat, ...]:
    """Seats from test shorthand: ``"Ann"`` is a person, ``"Bob=greedy"`` a bot of that level."""
    seats = []
    for spec in players:
        name, _, bot = spec.partition("=")
        seats.append(Seat(name, bot or None))
    return tuple(seats)


def position_table_of(game_id: str, state: GameState, players: Sequence[str]) -> Table:
    """A table of ``game_id`` starting from the hand-built position ``state``."""
    return Table(Setup(game_id, seats_of(players), dict(state.options), 0), states=[state])


def quiet_app(table: Table, **settings: Any) -> GardensApp:
    """The app on ``table`` with bots that do not pause and no autosave."""
    from gardens_tui.ui.app import create_app

    return create_app(table, settings=Settings(bot_delay_ms=0, autosave=False, **settings))


async def settle(pilot: Pilot[Any], rounds: int = 500) -> None:
    """Let every pending bot move and screen change finish (awaits workers; no sleeping).

    Returns once a full round passes with no worker running, no bot thinking and no new decision
    at the table. A minigame waiting for a person (a :class:`TimedModal` on top, its ``"skill"``
    worker awaiting the dialog) counts as settled: the test presses its key or ticks its clock.
    """
    app = pilot.app

    def busy() -> list[Worker[Any]]:
        waiting = isinstance(app.screen, TimedModal) and not app.screen.dismissed
        return [
            worker
            for worker in app.workers
            if not worker.is_finished and not (waiting and worker.group == "skill")
        ]

    def snapshot() -> tuple[int, bool, int]:
        screen = app.game_screen() if hasattr(app, "game_screen") else None
        thinking = screen is not None and screen.bot_thinking
        played = len(screen.table.actions) if screen is not None else -1
        return len(busy()), thinking, played

    before = snapshot()
    for _ in range(rounds):
        await pilot.pause()
        workers = busy()
        if workers:  # (an empty list would wait for every worker)
            await app.workers.wait_for_complete(workers)
        await pilot.pause()
        after = snapshot()
        if after == before and after[0] == 0 and not after[1]:
            return
        before = after
    raise AssertionError("the app did not settle")


ARROWS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
"""The arrow keys and the way each moves a board's cursor."""


def key_path(board: BoardGrid, target: Cell) -> list[str]:
    """The arrow keys that take the board's cursor to ``target`` (a shortest path), for the
    game screens' tests."""
    layout = board.board_layout
    start = board.cursor
    seen: dict[Cell | None, list[str]] = {start: []}
    queue: deque[Cell | None] = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == target:
            return seen[cell]
        for key, (dx, dy) in ARROWS.items():
            nxt = layout.nearest(cell, dx, dy)
            if nxt is not None and nxt not in seen:
                seen[nxt] = [*seen[cell], key]
                queue.append(nxt)
    raise AssertionError(f"no key path to {target!r}")
