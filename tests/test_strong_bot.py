"""The strong and expert bots (information-set MCTS through the rules contract alone): levels,
no peeking at hidden information, reproducibility from the seed, cancellation, tree reuse
within a turn, and ``gardens hint``.

Every search here is limited by iterations (never by time), so the tests are deterministic.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from toy_game import TOY

from gardens_tui.bots import BASIC_LEVELS, LEVELS, SEARCH_LEVELS, make_bot, strong
from gardens_tui.bots.advice import advice_lines
from gardens_tui.bots.strong import (
    EXPERT,
    STRONG,
    TO_THE_END,
    ActionStats,
    SearchBudget,
    StrongBot,
    _Node,
)
from gardens_tui.cli import main
from gardens_tui.driver import Driver
from gardens_tui.rules import conformance as C
from gardens_tui.rules.base import ROLL, Game, GameState
from gardens_tui.rules.registry import GAMES, get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.table import Seat, Setup, Table

ITERATIONS = SearchBudget(iterations=120, seconds=None)
"""A small, reproducible budget for the tests."""


def bot(seed: int = 0, iterations: int = 120, **kw: Any) -> StrongBot:
    """A strong bot limited by ``iterations`` only, all of which it runs (no ``settle``)."""
    return StrongBot(seed, replace(STRONG.with_iterations(iterations), settle=False), **kw)


def choice_position(game: Game[Any], players: int, seed: int, skip: int) -> GameState:
    """A position after ``skip`` random decisions (or later; the last one of a shorter game)
    where a seat has a real choice (more than one legal action, no skill roll)."""
    rng = Rng(seed_state(seed))
    state = game.new_game(C.seat_names(players), C.all_on_options(game.spec), seed)
    steps = 0
    last: GameState | None = None
    while not state.is_over:
        decision = state.decision
        legal = game.legal_actions(state)
        if decision is not None and decision.skill is None and len(legal) > 1:
            if steps >= skip:
                return state
            last = state
        state = game.apply(state, rng.choice(legal))
        steps += 1
    assert last is not None, "no choice found"
    return last


def two_seat_count(game: Game[Any]) -> int:
    """2 if the game allows it, else its smallest count of at least 2."""
    return min(c for c in game.spec.counts if c >= 2)


# --- levels ---------------------------------------------------------------------------------


def test_strong_and_expert_are_levels_of_every_game() -> None:
    """The levels, weakest first: the basic ones, then strong and expert (the same search with
    more time); make_bot builds each."""
    assert (*BASIC_LEVELS, *SEARCH_LEVELS) == LEVELS
    assert SEARCH_LEVELS == ("strong", "expert")
    strong, expert = make_bot("strong", 3), make_bot("expert", 3)
    assert isinstance(strong, StrongBot) and isinstance(expert, StrongBot)
    assert (strong.level, expert.level) == ("strong", "expert")
    assert strong.budget == STRONG and expert.budget == EXPERT
    assert STRONG.seconds is not None and EXPERT.seconds is not None
    assert EXPERT.seconds > STRONG.seconds


def test_a_budget_needs_a_limit() -> None:
    """A budget without an iteration cap and without a time limit is refused, and so are an
    unknown rollout policy, a negative rollout sample and a prior temperature of zero."""
    with pytest.raises(ValueError, match="iteration cap or a time limit"):
        SearchBudget(iterations=None, seconds=None)
    with pytest.raises(ValueError):
        SearchBudget(iterations=0)
    with pytest.raises(ValueError, match="rollout policy"):
        SearchBudget(rollout="clever")
    with pytest.raises(ValueError, match="rollout sample"):
        SearchBudget(rollout_sample=-1)
    with pytest.raises(ValueError, match="prior temperature"):
        SearchBudget(prior_temperature=0.0)


def test_the_lcb_final_choice_takes_a_well_measured_better_value() -> None:
    """``final="lcb"``: after the search the root's action is the one whose value is best
    beyond doubt (value less ``LCB_WIDTH / sqrt(visits)``), not the most visited, which sharp
    priors can keep on the heuristic's favourite; an action tried once is not chosen on one
    lucky rollout. ``final="visits"`` (the default) takes the most visited."""
    root = _Node(2)
    for action, visits, value in ((("a",), 220, 0.12), (("b",), 120, 0.20), (("c",), 1, 0.95)):
        child = root.children[action] = _Node(2)
        child.visits, child.totals = visits, [value * visits, (1 - value) * visits]
    actions = [("a",), ("b",), ("c",)]
    assert StrongBot._root_stats(root, actions, 0)[0].action == ("a",)
    assert StrongBot._root_stats(root, actions, 0, "lcb")[0].action == ("b",)
    with pytest.raises(ValueError, match="final choice"):
        SearchBudget(final="loudest")


def test_a_budget_s_knobs_for_one_game_apply_in_that_game_only() -> None:
    """``per_game``: a search of a tuned game thinks with that game's knobs (here its iteration
    cap, which the result shows), a search of any other game with the budget's own; the shipped
    expert is tuned for Octopus's Garden (rollouts to the end) and Seabed Neighbours only
    (README "Bots"); a field that is no knob, or a bad value, is refused when the budget is
    made."""
    budget = replace(
        STRONG.with_iterations(12), settle=False, per_game=((TOY.spec.id, (("iterations", 5),)),)
    )
    assert budget.for_game(TOY.spec.id).iterations == 5
    assert budget.for_game("octopus-garden") is budget
    searcher = StrongBot(1, budget)
    assert searcher.search(TOY, choice_position(TOY, 2, 1, 0)).iterations == 5
    garden = get_game("octopus-garden")
    assert searcher.search(garden, choice_position(garden, 2, 1, 3)).iterations == 12
    assert [game_id for game_id, _ in EXPERT.per_game] == ["octopus-garden", "seabed-neighbours"]
    assert EXPERT.for_game("seabed-neighbours").final == "lcb"
    assert replace(EXPERT.for_game("octopus-garden"), per_game=()) == replace(
        STRONG, seconds=4.0, rollout_turns=TO_THE_END
    )
    # elsewhere expert is strong with four times the time, as before
    assert replace(EXPERT.for_game("the-gardens"), per_game=()) == replace(STRONG, seconds=4.0)
    with pytest.raises(ValueError, match="not a search knob"):
        replace(STRONG, per_game=(("toy", (("speed", 2),)),))
    with pytest.raises(ValueError, match="final choice"):
        replace(STRONG, per_game=(("toy", (("final", "loudest"),)),))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_strong_bot_plays_legal_actions_in_every_game(game_id: str) -> None:
    """Rule: in every registered game, at its smallest and largest counts, the search picks a
    legal action from its view and never changes the position it was given."""
    game = get_game(game_id)
    for players in {game.spec.counts[0], game.spec.counts[-1]}:
        state = choice_position(game, players, seed=players, skip=10)
        for _ in range(6):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            before = game.to_dict(state)
            action = bot(seat, 40).choose(game, game.view(state, seat))
            assert action in game.legal_actions(state)
            assert game.to_dict(state) == before
            state = game.apply(state, action)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_search_tries_the_heuristics_favourite_first(game_id: str) -> None:
    """The search is steered by the game's own heuristic: its priors rate every action one
    decision ahead with ``evaluate``, as the greedy bot does, so its very first iteration goes
    through an action the greedy bot rates best. (Positions where an action draws or reveals
    something are left out: the search rates those on its own guess of what is hidden, not on
    the seat's view, so the two ratings may differ.)"""
    game = get_game(game_id)
    checked = 0
    for seed in range(16):
        state = choice_position(game, two_seat_count(game), seed, skip=3 + 4 * (seed % 4))
        seat = state.current_player
        assert seat is not None
        view = game.view(state, seat)
        after = {a: game.apply(view, a) for a in game.legal_actions(view)}
        if any(position.chance for position in after.values()):
            continue
        ratings = {a: game.evaluate(position, seat) for a, position in after.items()}
        best = max(ratings.values())
        result = bot(seed, 1).search(game, view)
        assert result.iterations == 1
        assert ratings[result.stats[0].action] == best
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("rollout", ["greedy", "random"])
def test_either_rollout_policy_plays_legal_actions(rollout: str) -> None:
    """Both rollout policies (the heuristic's best, kept for the bots, or any legal action,
    kept for comparison) search to a legal choice; the greedy one may rate only a sample."""
    game = get_game("octopus-garden")
    state = choice_position(game, 2, 6, skip=8)
    seat = state.current_player
    budget = SearchBudget(iterations=30, seconds=None, rollout=rollout, rollout_sample=4)
    result = StrongBot(3, budget).search(game, game.view(state, seat))
    assert result.action in game.legal_actions(state)
    assert result.plies > result.iterations


@pytest.mark.parametrize(("rollout_turns", "fewest", "most"), [(None, 4, 5), (2, 2, 3)])
def test_a_rollout_reaches_every_seats_turn(
    rollout_turns: int | None, fewest: int, most: int
) -> None:
    """By default a rollout plays on until every seat has begun a turn (at four seats, the
    three opponents who buy before the bot acts again all play); ``rollout_turns`` caps it.
    One iteration: the furthest position it scores lies that many turns on (one more when the
    chosen action itself ends the turn)."""
    turns: list[int] = []

    class Spy(type(get_game("octopus-garden"))):  # type: ignore[misc]
        def evaluate(self, state: Any, seat: int) -> float:
            turns.append(state.turn)
            return float(super().evaluate(state, seat))

    spy = Spy()
    state = choice_position(spy, 4, 5, skip=12)
    seat = state.current_player
    budget = SearchBudget(iterations=1, seconds=None, rollout_turns=rollout_turns)
    StrongBot(2, budget, reuse=False).search(spy, spy.view(state, seat))
    assert fewest <= max(turns) - state.turn <= most


@pytest.mark.parametrize(("level", "finished"), [(EXPERT, True), (STRONG, False)])
def test_expert_s_rollouts_in_octopus_s_garden_play_to_the_end(
    level: SearchBudget, finished: bool
) -> None:
    """Expert's own knob in Octopus's Garden (README "Bots"): its rollouts play on to the end
    of the game and score who won, where strong's stop after a round and score the heuristic.
    One iteration from an early position of a two-seat game."""
    ended: list[int] = []

    class Spy(type(get_game("octopus-garden"))):  # type: ignore[misc]
        def winners(self, state: Any) -> Any:
            ended.append(state.turn)
            return super().winners(state)

    spy = Spy()
    state = choice_position(spy, 2, 5, skip=6)
    seat = state.current_player
    budget = replace(level, iterations=1, seconds=None)
    StrongBot(2, budget, reuse=False).search(spy, spy.view(state, seat))
    assert bool(ended) is finished


def test_a_cpu_clock_budget_counts_the_searching_threads_time() -> None:
    """A budget's seconds count wall time unless ``clock="cpu"``: then the searching thread's
    CPU time, so a benchmark on a busy machine gives each search its thinking. Unknown clocks
    and negative rollout turns are refused."""
    game = get_game("the-gardens")
    state = choice_position(game, 2, 3, skip=4)
    seat = state.current_player
    budget = SearchBudget(seconds=0.05, clock="cpu")
    result = StrongBot(1, budget).search(game, game.view(state, seat))
    assert result.iterations >= 1 and result.action in game.legal_actions(state)
    with pytest.raises(ValueError, match="clock"):
        SearchBudget(clock="sundial")
    with pytest.raises(ValueError, match="rollout turns"):
        SearchBudget(rollout_turns=-1)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_settled_search_answers_what_its_whole_budget_would(game_id: str) -> None:
    """``settle`` (the shipped levels'): the search stops once no other root action could
    overtake the most visited in the iterations left, so under an iteration cap it answers
    exactly what running every iteration answers, from the same seed, with fewer iterations
    whenever the choice settled (here in at least one of the positions of each game)."""
    game = get_game(game_id)
    players = two_seat_count(game)
    assert STRONG.settle and EXPERT.settle
    fewer = 0
    for skip in (2, 25):
        state = choice_position(game, players, 11, skip)
        view = game.view(state, state.current_player)
        whole = StrongBot(4, replace(STRONG.with_iterations(120), settle=False)).search(game, view)
        settled = StrongBot(4, STRONG.with_iterations(120)).search(game, view)
        assert settled.action == whole.action
        assert whole.iterations == 120 and not whole.settled
        assert settled.iterations <= 120 and settled.settled == (settled.iterations < 120)
        fewer += settled.settled
    assert fewer


def test_only_a_most_visited_choice_of_every_action_settles() -> None:
    """A search that chooses by lower confidence bound (expert's in Seabed Neighbours), and a
    review's comparison of chosen actions (``among``), run their whole budget: settling is
    sure of the most visited action only, among every legal one."""
    game = get_game("the-gardens")
    state = choice_position(game, 2, 11, 9)
    view = game.view(state, state.current_player)
    budget = STRONG.with_iterations(120)
    assert StrongBot(4, budget).search(game, view).settled  # (this position settles)
    by_value = StrongBot(4, replace(budget, final="lcb")).search(game, view)
    assert by_value.iterations == 120 and not by_value.settled
    legal = game.legal_actions(view)
    compared = StrongBot(4, budget).search(game, view, among=legal[:2], evenly=True)
    assert compared.iterations == 120 and not compared.settled


def test_a_timed_search_settles_at_the_rate_it_iterates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a time limit the iterations left are those the time left allows at the rate so
    far. A clock that advances 5 ms a reading makes it deterministic: the settled
    search ends before its second is up, on the action the whole second chooses."""

    def ticking() -> Any:
        now = [0.0]

        def clock() -> float:
            now[0] += 0.005
            return now[0]

        return clock

    game = get_game("the-gardens")
    state = choice_position(game, 2, 11, 9)
    view = game.view(state, state.current_player)
    monkeypatch.setitem(strong.CLOCKS, "wall", ticking())
    whole = StrongBot(4, replace(STRONG, settle=False)).search(game, view)
    monkeypatch.setitem(strong.CLOCKS, "wall", ticking())
    settled = StrongBot(4, STRONG).search(game, view)
    assert settled.settled and settled.iterations < whole.iterations
    assert settled.action == whole.action


def test_a_paired_root_compares_the_best_rated_actions_on_common_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``paired=K``: the search plays only the K root actions the heuristic rates best, in
    rounds of one determinisation each (every one of them once per deal, so the luck of the
    draws is common to all), gives them the same visits, and takes the best value among them.
    K must be 0 (off) or at least 2."""
    game = get_game("octopus-garden")
    state = choice_position(game, 2, 5, 8)
    view = game.view(state, state.current_player)
    legal = game.legal_actions(view)
    assert len(legal) > 3
    deals = 0
    determinise = game.determinise

    def counted(*args: Any) -> Any:
        nonlocal deals
        deals += 1
        return determinise(*args)

    monkeypatch.setattr(game, "determinise", counted)
    budget = replace(STRONG.with_iterations(30), paired=3)
    result = StrongBot(2, budget).search(game, view)
    assert deals == 1 + 30 // 3  # (the priors' deal, then one a round)
    visited = [s for s in result.stats if s.visits]
    assert len(visited) == 3 and {s.visits for s in visited} == {10}
    assert result.action == max(visited, key=lambda s: s.value).action
    seat = state.current_player
    assert seat is not None
    dealt = game.determinise(view, seat, Rng(1))
    rated = StrongBot(2, budget)._priors(game, dealt, _Node(2), legal, seat)
    best = sorted(legal, key=lambda a: -rated[a])[:3]
    assert {s.action for s in visited} == set(best)
    assert StrongBot(2, budget).search(game, view).action == result.action
    with pytest.raises(ValueError, match="paired"):
        SearchBudget(paired=1)


def test_forced_and_skill_decisions_need_no_search() -> None:
    """A lone legal action is played at once, a skill decision is settled with roll, and a
    finished game is refused."""
    state = TOY.new_game(["A", "B"], {}, 0)
    state.hands[0] = [4]
    result = bot().search(TOY, state)
    assert result.action == ("play", 4) and result.iterations == 0
    game = get_game("throw-octopus")
    rng = Rng(seed_state(5))
    for seed in range(40):
        state = game.new_game(C.seat_names(3), {}, seed)
        while not state.is_over and (state.decision is None or state.decision.skill is None):
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        if not state.is_over:
            seat = state.current_player
            assert bot().search(game, game.view(state, seat)).action == ROLL
            break
    else:
        pytest.skip("no skill decision met")
    over = TOY.new_game(["A", "B"], {}, 1)
    over.over = True
    with pytest.raises(ValueError, match="game is over"):
        bot().choose(TOY, over)


# --- no peeking -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["toy", *GAMES])
def test_changing_hidden_information_does_not_change_the_choice(game_id: str) -> None:
    """Rule: the bot searches from its view only. Two positions the deciding seat cannot tell
    apart (the other seats' hidden cards, the decks' order and the PRNG dealt anew by
    ``determinise``, checked by the conformance suite) give the same choice and the same
    statistics with the same seed and iteration budget."""
    game: Game[Any] = TOY if game_id == "toy" else get_game(game_id)
    differed = 0
    for seed in range(3):
        state = choice_position(game, two_seat_count(game) + seed % 2, seed, skip=4 + 5 * seed)
        seat = state.current_player
        assert seat is not None
        view = game.view(state, seat)
        twin = game.determinise(view, seat, Rng(seed_state(1000 + seed)))
        assert game.to_dict(game.view(twin, seat)) == game.to_dict(view)
        if not game.states_equal(twin, state):
            differed += 1
        first = bot(seed).search(game, state)
        second = bot(seed).search(game, twin)
        assert first.action == second.action
        assert first.stats == second.stats
        assert bot(seed).search(game, view).stats == first.stats
    assert differed, "the twins never differed: nothing hidden was changed"


def test_another_seats_hidden_hand_does_not_change_the_choice() -> None:
    """Rule: swapping the cards in another seat's hand (the toy game's hands are secret) leaves
    the bot's choice and statistics unchanged."""
    for seed in range(6):
        state = TOY.new_game(["A", "B", "C"], {}, seed)
        seat = state.current_player
        assert seat is not None
        other = (seat + 1) % 3
        twin = state.copy()
        pool = twin.hands[other] + twin.deck
        pool.reverse()
        twin.hands[other], twin.deck = (
            sorted(pool[: len(state.hands[other])]),
            pool[len(state.hands[other]) :],
        )
        assert TOY.to_dict(TOY.view(twin, seat)) == TOY.to_dict(TOY.view(state, seat))
        assert bot(seed).search(TOY, twin).stats == bot(seed).search(TOY, state).stats


def test_the_search_only_ever_sees_determinisations_of_its_view() -> None:
    """Rule: the search asks the rules for nothing but determinisations of the view it was
    given: every position it searches came from ``determinise(view, seat, ...)``."""
    calls: list[tuple[bool, int | None]] = []

    class Spy(type(TOY)):  # type: ignore[misc]
        def determinise(self, view: Any, seat: int | None, rng: Rng) -> Any:
            calls.append((view.hidden, seat))
            return super().determinise(view, seat, rng)

    spy = Spy()
    state = TOY.new_game(["A", "B"], {}, 2)
    seat = state.current_player
    bot(1, 30).choose(spy, state)
    assert calls == [(True, seat)] * 30


# --- reproducibility and budget -------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["octopus-garden", "the-gardens"])
def test_an_iteration_budget_is_reproducible_from_the_seed(game_id: str) -> None:
    """Rule: limited by iterations, the same seed gives the same search, and it runs exactly
    the budget's iterations."""
    game = get_game(game_id)
    state = choice_position(game, 2, 4, skip=12)
    seat = state.current_player
    view = game.view(state, seat)
    first = bot(9, 150).search(game, view)
    again = bot(9, 150).search(game, view)
    assert first.iterations == again.iterations == 150
    assert (first.action, first.stats) == (again.action, again.stats)
    assert sum(s.visits for s in first.stats) <= 150


def test_bot_games_are_reproducible_from_their_seeds() -> None:
    """Rule: a whole game between iteration-limited strong bots (tree reuse and all) is the
    same, move for move, from the same seeds."""
    game = get_game("tanuki-in-the-garden")

    def run() -> list[Any]:
        bots = [bot(s, 25) for s in range(2)]
        state = game.new_game(["A", "B"], {}, 11)
        moves = []
        while not state.is_over:
            seat = state.current_player
            action = bots[seat].choose(game, game.view(state, seat))
            moves.append(action)
            state = game.apply(state, action)
        return moves

    assert run() == run()


# --- cancellation ---------------------------------------------------------------------------


class CancellingToy(type(TOY)):  # type: ignore[misc]
    """The toy game, whose ``determinise`` (called once per iteration) fires ``hook`` on the
    ``at``-th call."""

    def __init__(self, at: int, hook: Any) -> None:
        self.calls = 0
        self.at = at
        self.hook = hook

    def determinise(self, view: Any, seat: int | None, rng: Rng) -> Any:
        self.calls += 1
        if self.calls == self.at:
            self.hook()
        return super().determinise(view, seat, rng)


def test_a_cancel_event_stops_the_search_between_iterations() -> None:
    """Rule: setting the cancel event stops the search after the iteration under way; it still
    answers with a legal action and says it was cancelled."""
    event = threading.Event()
    game = CancellingToy(7, event.set)
    state = TOY.new_game(["A", "B"], {}, 3)
    result = bot(0, 10_000).search(game, state, cancel=event)
    assert result.cancelled and result.iterations == 7
    assert result.action in TOY.legal_actions(state)


def test_cancel_from_another_thread_stops_a_long_search() -> None:
    """Rule: the app thinks in a worker thread; ``cancel()`` from another thread stops a search
    whose budget would otherwise take very long."""
    started = threading.Event()
    game = CancellingToy(3, started.set)
    strong = StrongBot(0, SearchBudget(iterations=10**9, seconds=None))
    state = TOY.new_game(["A", "B"], {}, 3)
    results: list[Any] = []
    worker = threading.Thread(target=lambda: results.append(strong.search(game, state)))
    worker.start()
    started.wait(60)
    strong.cancel()
    worker.join(60)
    assert not worker.is_alive()
    assert results[0].cancelled and results[0].action in TOY.legal_actions(state)


def test_cancel_between_searches_does_not_stop_the_next_one() -> None:
    """A cancel that comes when no search is running is not held against the next search."""
    strong = bot(0, 20)
    strong.cancel()
    result = strong.search(TOY, TOY.new_game(["A", "B"], {}, 3))
    assert not result.cancelled and result.iterations == 20


# --- tree reuse -----------------------------------------------------------------------------


def test_the_tree_is_reused_between_steps_of_one_turn() -> None:
    """Rule: when the bot decides again in the same turn (Octopus's Garden's plantings), the
    search starts from the subtree of the action it played, not from nothing; never across
    turns."""
    game = get_game("octopus-garden")
    reused = fresh = 0
    state = game.new_game(["A", "B"], {}, 5)
    strong = bot(2, 60)
    while not state.is_over and state.turn <= 3:  # (three of each kind)
        seat = state.current_player
        before = strong._kept  # the subtree kept for the next step, if any
        result = strong.search(game, game.view(state, seat))
        if result.iterations:
            if before is not None and before[0][2] == state.turn:
                assert result.reused > 0
                reused += 1
            else:
                assert result.reused == 0
                fresh += 1
        state = game.apply(state, result.action)
    assert reused and fresh


# --- the driver and the command line ---------------------------------------------------------


def test_the_driver_plays_a_strong_bot_seat() -> None:
    """The driver plays a strong bot seat from its view (a private copy), like any bot."""
    setup = Setup("tanuki-in-the-garden", (Seat("Ann"), Seat("Bob", "strong")), {}, 4)
    table = Table(setup)
    driver = Driver(table, {1: bot(1, 30, level="strong")})
    while table.state.current_player == 0:
        table.apply(table.game.legal_actions(table.state)[0], seat=0)
    assert driver.step() is not None


def _saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "game.json"
    assert main(["new", "the-gardens", "--players", "Ann,Bob", "--seed", "3", "-o", str(path)]) == 0
    capsys.readouterr()
    return path


def test_hint_prints_the_best_action_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gardens hint`` names the deciding seat's best action in the game's notation and the
    value and visits of its top three actions, reproducibly with --iterations."""
    path = _saved_game(tmp_path, capsys)
    assert main(["hint", str(path), "--iterations", "60"]) == 0
    out = capsys.readouterr().out
    assert "Hint for Ann:" in out
    assert out.count("visits") == 3 and "value" in out
    assert main(["hint", str(path), "--iterations", "60"]) == 0
    assert capsys.readouterr().out.splitlines()[:-1] == out.splitlines()[:-1]
    assert main(["hint", str(path), "--iterations", "60", "--seat", "Ann", "--json"]) == 0
    data = __import__("json").loads(capsys.readouterr().out)
    assert data["seat"] == 0 and len(data["top"]) == 3
    assert data["action"] == data["top"][0]["action"]
    assert sum(row["visits"] for row in data["top"]) <= 60
    # the strong level's search ends once its choice has settled, and the hint says so
    assert data["settled"] == (data["iterations"] < 60)
    found = StrongBot(0, STRONG.with_iterations(60)).search(TOY, TOY.new_game(["A", "B"], {}, 3))
    settled = replace(found, iterations=16, settled=True)
    assert "no other action could catch up" in advice_lines(settled, str, "Ann")[-1]
    assert "catch up" not in advice_lines(replace(found, settled=False), str, "Ann")[-1]
    # an action the search never tried has no estimate to show (not a value of 0)
    tried, untried = ActionStats(("a",), 0.61, 16), ActionStats(("b",), 0.0, 0)
    lines = advice_lines(replace(found, stats=(tried, untried)), str, "Ann")
    assert "value 0.61  visits 16" in lines[1] and "value   -   visits 0" in lines[2]


def test_hint_is_only_for_the_deciding_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Asking a hint for a seat that is not deciding is refused (exit 2), saying whose it is."""
    path = _saved_game(tmp_path, capsys)
    assert main(["hint", str(path), "--seat", "Bob", "--iterations", "5"]) == 2
    assert "Ann's decision" in capsys.readouterr().err


def test_hint_uses_the_deciding_seats_view_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule: the hint searches the deciding seat's view, so it matches a search of that view
    with the same seed and budget."""
    path = _saved_game(tmp_path, capsys)
    assert main(["hint", str(path), "--iterations", "40", "--json"]) == 0
    data = __import__("json").loads(capsys.readouterr().out)
    from gardens_tui.saves import load_table

    table = load_table(path)
    game = table.game
    seat = table.state.current_player
    result = StrongBot(0, STRONG.with_iterations(40)).search(game, game.view(table.state, seat))
    assert data["action"] == game.format_action(result.action)
