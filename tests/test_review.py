"""The review of a finished game (issue 32): the strong search names the decisions that cost a
seat the most, from that seat's view at the time, and ``gardens review`` prints them."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from gardens_tui.bots import make_bot
from gardens_tui.bots.review import (
    MOST,
    Review,
    review_decision,
    review_game,
    review_json,
    review_lines,
    seat_decisions,
)
from gardens_tui.bots.strong import STRONG, StrongBot
from gardens_tui.cli import main
from gardens_tui.driver import Driver
from gardens_tui.rules.base import GameState
from gardens_tui.saves import save_table
from gardens_tui.table import Seat, Setup, Table, lone_action

FIND = STRONG.with_iterations(40)
COMPARE = STRONG.with_iterations(20)


def finished(game: str, seed: int, first: str = "random") -> Table:
    """A finished two-seat game: a person (played here by a ``first`` bot) against greedy."""
    table = Table(Setup(game, (Seat("Ann"), Seat("Greedy bot", "greedy")), {}, seed))
    Driver(table, {0: make_bot(first, seed)}).run()
    assert table.state.is_over
    return table


def test_a_review_looks_only_at_the_seats_real_decisions() -> None:
    """A review looks at the positions where the seat made a real choice: never a forced step
    (its only legal action plays itself), never another seat's decision."""
    table = finished("octopus-garden", 4)
    game = table.game
    indexes = seat_decisions(table, 0)
    assert indexes
    for index, state in enumerate(table.states[:-1]):
        mine = state.current_player == 0
        forced = lone_action(state.decision, game.legal_actions(game.view(state, 0))) is not None
        assert (index in indexes) == (mine and not forced and state.decision.skill is None)  # type: ignore[union-attr]


def test_a_blunder_is_named_with_the_better_move() -> None:
    """Octopus's Garden, turn 1: passing (giving a market token back) when an oyster or a row
    of the market was there for the pearls is a clear mistake; the review compares it head to
    head with the search's best move, both with the same share of iterations, and the best
    gains at least 10 points of chance to win."""
    table = Table(Setup("octopus-garden", (Seat("Ann"), Seat("Greedy bot", "greedy")), {}, 21))
    game = table.game
    view = game.view(table.state, 0)
    blunder = game.read_action(view, "pass m7")
    pair = review_decision(game, view, blunder, find=FIND, compare=COMPARE)
    assert pair is not None
    played, better = pair
    assert played.notation == "pass m7" and better.notation != "pass m7"
    assert played.visits == better.visits == 10
    assert better.value - played.value >= 0.10


def test_the_best_move_is_no_mistake() -> None:
    """When the search's own choice is the move played, the decision is not reported."""
    table = Table(Setup("octopus-garden", (Seat("Ann"), Seat("Greedy bot", "greedy")), {}, 21))
    game = table.game
    view = game.view(table.state, 0)
    best = StrongBot(0, FIND, reuse=False).search(game, view).action
    assert review_decision(game, view, best, find=FIND, compare=COMPARE) is None


def test_a_review_uses_only_what_the_seat_could_see(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule (hidden information): Tanuki in the Garden's hands are secret; every position the
    review searches is the seat's own view of that moment (the other seat's tiles hidden),
    never the full state."""
    table = finished("tanuki-in-the-garden", 3)
    game = table.game
    searched: list[GameState] = []
    real_search = StrongBot.search

    def spy(self: StrongBot, g: Any, state: GameState, **kwargs: Any) -> Any:
        searched.append(state)
        return real_search(self, g, state, **kwargs)

    monkeypatch.setattr(StrongBot, "search", spy)
    review_game(table, 0, find=FIND, compare=COMPARE)
    views = {
        json.dumps(game.to_dict(game.view(table.states[i], 0)), sort_keys=True)
        for i in seat_decisions(table, 0)
    }
    assert searched
    for state in searched:
        assert state.hidden
        assert json.dumps(game.to_dict(state), sort_keys=True) in views


def test_a_review_reports_at_most_five_mistakes_largest_first() -> None:
    """A random player's game has many mistakes: the review keeps the five that cost the most,
    largest first, each with a position the replay viewer can open."""
    table = finished("the-gardens", 5)
    review = review_game(table, 0, find=FIND, compare=COMPARE)
    assert review.reviewed == review.decisions == len(seat_decisions(table, 0))
    assert not review.stopped
    losses = [m.loss for m in review.mistakes]
    assert 0 < len(losses) <= MOST and losses == sorted(losses, reverse=True)
    for mistake in review.mistakes:
        assert 0 <= mistake.index < len(table.actions)
        assert table.game.format_action(table.actions[mistake.index]) == mistake.played.notation
        assert table.states[mistake.index].current_player == 0
    lines = review_lines(review)
    assert lines[0].startswith("Review of Ann's game:")
    assert sum(line.startswith("Turn ") for line in lines) == len(review.mistakes)


def test_a_review_can_be_stopped() -> None:
    """A review stopped from another thread ends after the decision in hand, with what it found
    so far, and says it stopped early."""
    table = finished("tanuki-in-the-garden", 3)
    cancel = threading.Event()
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done == 2:
            cancel.set()

    review = review_game(table, 0, find=FIND, compare=COMPARE, progress=progress, cancel=cancel)
    assert seen == [1, 2] and review.reviewed == 2 and review.stopped
    assert "(stopped early)" in review_lines(review)[0]


def test_a_review_is_reproducible_with_iterations() -> None:
    """With budgets in iterations and a seed, the same game gives the same review."""
    table = finished("tanuki-in-the-garden", 8)

    def run() -> Review:
        return review_game(table, 0, seed=5, find=FIND, compare=COMPARE)

    first, second = run(), run()
    assert review_json(first)["mistakes"] == review_json(second)["mistakes"]


def test_gardens_review_prints_the_review_and_its_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gardens review FILE`` reviews the only person's seat (``--seat`` another); ``--json``
    gives the same review as data; a game with two people and no ``--seat`` is refused with the
    players' names (exit 2)."""
    path = tmp_path / "done.json"
    save_table(finished("tanuki-in-the-garden", 3), path)
    assert main(["review", str(path), "--iterations", "30"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of Ann's game:")
    assert main(["review", str(path), "--iterations", "30", "--json", "--seat", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 0 and data["name"] == "Ann" and not data["stopped"]
    for mistake in data["mistakes"]:
        assert set(mistake) == {
            "position",
            "turn",
            "decision",
            "loss",
            "sureness",
            "played",
            "better",
        }
        assert mistake["loss"] > 0
    two = tmp_path / "two.json"
    assert main(["new", "tanuki-in-the-garden", "--players", "Ann,Bob", "-o", str(two)]) == 0
    capsys.readouterr()
    assert main(["review", str(two), "--iterations", "10"]) == 2
    assert "--seat" in capsys.readouterr().err
