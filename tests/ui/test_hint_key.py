"""The hint key (``H``, issue 13): the strong search's advice for the person deciding now.

It shows a legal action in the game's notation with the top three actions, worked out in a worker
on the deciding seat's view only; it is refused for a bot's turn and for a spectator; a move, an
undo or leaving the game cancels a hint being worked out. Hints use an iteration budget (never
time) and the tests await the workers (``settle``), never sleep.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from conftest import quiet_app, settle
from textual.app import App
from textual.pilot import Pilot

from gardens_tui.bots.strong import SearchBudget, SearchResult
from gardens_tui.rules.base import Game, GameState
from gardens_tui.seats import LocalSeatView
from gardens_tui.settings import Settings
from gardens_tui.table import Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens import hint
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.hint import HINT_KEY, HintScreen
from gardens_tui.ui.widgets.prompt import PromptLine

FEW = SearchBudget(iterations=60, seconds=None)
"""A hint's budget in these tests: a few iterations, no clock."""

Advise = Callable[..., SearchResult]


def spy_on_advise(
    monkeypatch: pytest.MonkeyPatch, gate: threading.Event | None = None
) -> list[Any]:
    """Record every search a hint starts (its view and cancel event). With ``gate`` the search
    first waits until the hint is cancelled (or ``gate`` is set), so a test can act while it
    runs; it waits with a generous bound only so that a broken cancel fails instead of hanging."""
    calls: list[Any] = []
    real: Advise = hint.advise

    def spy(
        game: Game[Any],
        view: GameState,
        budget: SearchBudget,
        *,
        seed: int,
        cancel: threading.Event,
    ) -> SearchResult:
        calls.append((view, cancel))
        if gate is not None:
            for _ in range(600):
                if cancel.wait(0.05) or gate.is_set():
                    break
        return real(game, view, budget, seed=seed, cancel=cancel)

    monkeypatch.setattr(hint, "advise", spy)
    return calls


def prompt_error(screen: GameScreen) -> str:
    return screen.query_one(PromptLine).error_text or ""


async def test_hint_key_shows_a_legal_action_from_the_seats_own_view(
    toy_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (hint): at Ann's decision ``H`` shows the search's best action in the game's
    notation and the top three with value and visits; the search saw Ann's view (her hand,
    nobody else's), never the table's full state; Escape closes the hint."""
    calls = spy_on_advise(monkeypatch)
    table = toy_table("Ann", "Bob=greedy", seed=3)
    app = quiet_app(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert isinstance(screen, GameScreen)
        screen.hints.budget = FEW
        assert table.state.current_player == 0
        await pilot.press(HINT_KEY)
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        result = screen.hints.last
        assert result is not None and result.action in table.legal_actions()
        lines = app.screen.lines
        assert lines[0] == f"Hint for Ann: {table.game.format_action(result.action)}"
        assert "visits" in lines[1] and "value" in lines[1]
        ((view, _),) = calls
        assert view.hidden and view is not table.state
        assert table.game.to_dict(view) == table.game.to_dict(table.game.view(table.state, 0))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert not table.actions  # a hint plays nothing


async def test_hint_key_is_refused_on_a_bots_turn(
    toy_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (hint): while a bot decides, ``H`` says whose decision it is and starts no search."""
    calls = spy_on_advise(monkeypatch)
    table = toy_table("Bob=greedy", "Ann", seed=3)
    app = create_app(table, settings=Settings(bot_delay_ms=600_000, autosave=False))
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        assert isinstance(screen, GameScreen)
        assert screen.bot_thinking  # Bob waits out his (long) visible delay
        await pilot.press(HINT_KEY)
        await pilot.pause()
        assert "A hint is for your own decision: it is Bob's now." in prompt_error(screen)
        assert not screen.hints.thinking and calls == []
        assert not isinstance(app.screen, HintScreen)


class SpectatorApp(App[None]):
    """A game screen whose seat view acts for nobody: a spectator of the table."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.game = GameScreen(table, seat_view=LocalSeatView(table, (), None))

    def on_mount(self) -> None:
        self.push_screen(self.game)


async def test_hint_key_is_refused_to_a_spectator(
    toy_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (hint): a spectator (acting for no seat, seeing no hand) gets no hint."""
    calls = spy_on_advise(monkeypatch)
    table = toy_table("Ann", "Bob", seed=3)
    app = SpectatorApp(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press(HINT_KEY)
        await pilot.pause()
        assert "A hint is for your own decision: it is Ann's now." in prompt_error(app.game)
        assert not app.game.hints.thinking and calls == []


@asynccontextmanager
async def hint_thinking(
    table: Table, monkeypatch: pytest.MonkeyPatch, **settings: Any
) -> AsyncIterator[tuple[GardensApp, Pilot[Any], GameScreen, threading.Event]]:
    """The app on ``table`` with ``H`` pressed at Ann's decision and its search held running
    (:func:`spy_on_advise` with a gate): yields the app, the pilot, the game screen and the
    search's cancel event; lets the held search go on the way out."""
    gate = threading.Event()
    calls = spy_on_advise(monkeypatch, gate)
    app = quiet_app(table, **settings)
    try:
        async with app.run_test(size=(100, 34)) as pilot:
            await settle(pilot)
            screen = app.game_screen()
            assert isinstance(screen, GameScreen)
            screen.hints.budget = FEW
            await pilot.press(HINT_KEY)
            await pilot.pause()
            assert screen.hints.thinking
            ((_, cancel),) = calls
            yield app, pilot, screen, cancel
    finally:
        gate.set()


async def test_the_hint_being_worked_out_is_said_in_the_prompt_line_and_leaves_with_it(
    toy_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hint: while the search thinks the prompt line says so (no pop-up over the info line);
    once the hint is shown nothing of it is left: no notification, the prompt is back."""
    table = toy_table("Ann", "Bob=greedy", seed=3)
    async with hint_thinking(table, monkeypatch) as (app, pilot, screen, _):
        prompt = screen.query_one(PromptLine)
        assert prompt.prompt_text == "Thinking about Ann's best move…"
        assert not app._notifications
        screen.hints.cancel()  # the held search ends without a hint
        await settle(pilot)
        assert prompt.prompt_text == screen.prompt_text()
    table = toy_table("Ann", "Bob=greedy", seed=3)
    app = quiet_app(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert isinstance(screen, GameScreen)
        screen.hints.budget = FEW
        await pilot.press(HINT_KEY)
        await settle(pilot)
        assert isinstance(app.screen, HintScreen)
        assert not app._notifications
        assert screen.query_one(PromptLine).prompt_text == screen.prompt_text()


async def test_a_move_cancels_the_hint_being_worked_out(
    toy_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (hint): a move made while the hint thinks cancels its search, and the hint about
    the position that is gone never shows."""
    table = toy_table("Ann", "Bob=greedy", seed=3)
    async with hint_thinking(table, monkeypatch) as (app, pilot, screen, cancel):
        assert screen.play(table.legal_actions()[0])
        assert cancel.is_set() and not screen.hints.thinking
        await settle(pilot)
        assert not isinstance(app.screen, HintScreen)
        assert screen.hints.last is None


async def test_an_undo_cancels_the_hint_being_worked_out(
    toy_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (hint): an undo made while the hint thinks cancels its search (the position it
    was about is gone), and that hint never shows."""
    table = toy_table("Bob", "Ann", seed=3)
    table.apply(table.legal_actions()[0])  # Bob moved; Ann decides and may take it back
    settings = {"free_undo": True, "curtain": False}  # two people, one keyboard, no hand-off
    async with hint_thinking(table, monkeypatch, **settings) as (app, pilot, screen, cancel):
        assert table.can_undo()
        await pilot.press("u")
        await pilot.pause()
        assert not table.actions
        assert cancel.is_set() and not screen.hints.thinking
        await settle(pilot)
        assert not isinstance(app.screen, HintScreen)
        assert screen.hints.last is None


async def test_leaving_the_game_cancels_the_hint_being_worked_out(
    toy_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (hint): leaving the game screen (Escape: the menu) cancels a hint's search."""
    table = toy_table("Ann", "Bob=greedy", seed=3)
    async with hint_thinking(table, monkeypatch) as (app, pilot, _, cancel):
        await pilot.press("escape")
        await settle(pilot)
        assert cancel.is_set()
        assert not isinstance(app.screen, HintScreen)


async def test_the_hint_key_is_listed_in_the_help(toy_table: Callable[..., Table]) -> None:
    """Rule (help): the in-app help's keys table lists the hint key and what it does."""
    table = toy_table("Ann", "Bob=greedy", seed=3)
    app = quiet_app(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        keys = dict(app.current_keys())
        assert "Hint" in keys.get(HINT_KEY, "")
