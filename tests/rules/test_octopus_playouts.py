"""Octopus's Garden whole games: random and greedy playouts always end, with every module mix."""

from __future__ import annotations

import pytest

from gardens_tui.bots import make_bot
from gardens_tui.rules.octopus_garden import GAME, MODULE_KEYS
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.rng import Rng
from gardens_tui.table import Seat, Setup, Table

ALL = {key: True for key in MODULE_KEYS}
MAX_DECISIONS = 5_000


def random_game(players: int, options: dict[str, bool], seed: int) -> OctopusState:
    rng = Rng(seed + 1)
    state = GAME.new_game([f"P{i}" for i in range(players)], options, seed)
    for _ in range(MAX_DECISIONS):
        if state.over:
            return state
        actions = GAME.legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        assert state.decision is not None and state.current_player == state.decision.seat
        state = GAME.apply(state, rng.choice(actions))
        assert state.events, "every apply logs what happened"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("modules", ["none", "all"])
def test_random_games_end_with_a_winner(players: int, modules: str) -> None:
    for seed in range(4):
        state = random_game(players, ALL if modules == "all" else {}, seed)
        outcome = GAME.winners(state)
        totals = GAME.scores(state).totals()
        assert GAME.scores(state).final
        assert all(totals[w] == max(totals) for w in outcome.winners)
        assert state.end_by >= 0


@pytest.mark.parametrize("module", MODULE_KEYS)
def test_random_games_end_with_each_module_alone(module: str) -> None:
    for seed in range(3):
        random_game(2 + seed, {module: True}, seed)


def test_the_final_round_gives_every_other_player_one_more_turn() -> None:
    for seed in range(6):
        rng = Rng(seed)
        state = GAME.new_game(["A", "B", "C"], {}, seed)
        trigger_turn = 0
        while not state.over:
            turn = state.turn
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
            if state.end_by >= 0 and not trigger_turn:
                trigger_turn = turn
        assert state.turn == trigger_turn + 2  # the two other players each played once


def test_greedy_bots_finish_a_game_with_all_modules() -> None:
    state: OctopusState = GAME.new_game(["Ann", "Bob", "Cy"], ALL, 11)
    bots = [make_bot("greedy", seed) for seed in range(3)]
    for _ in range(MAX_DECISIONS):
        if state.over:
            break
        seat = state.current_player
        assert seat is not None
        state = GAME.apply(state, bots[seat].choose(GAME, state))
    assert state.over


def test_greedy_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(6):
        state: OctopusState = GAME.new_game(["Greedy", "Random"], {}, seed)
        bots = [make_bot("greedy", seed), make_bot("random", seed)]
        while not state.over:
            seat = state.current_player
            assert seat is not None
            state = GAME.apply(state, bots[seat].choose(GAME, state))
        wins += 0 in GAME.winners(state).winners
    assert wins >= 4


def test_every_legal_action_applies_and_is_described() -> None:
    rng = Rng(9)
    state = GAME.new_game(["A", "B", "C", "D"], ALL, 9)
    while not state.over:
        actions = GAME.legal_actions(state)
        for action in actions:
            assert GAME.describe_action(state, action)
            GAME.apply(state, action)
        assert GAME.render_text(state, state.current_player)
        state = GAME.apply(state, rng.choice(actions))
    assert "the game is over" in GAME.render_text(state)


def test_table_plays_octopus_garden_by_notation() -> None:
    table = Table(Setup("octopus-garden", (Seat("Ann"), Seat("Bob")), {}, seed=4))
    state = table.state
    text = GAME.format_action(GAME.legal_actions(state)[-1])
    table.apply_text(text)
    assert table.notation() == [text]


def test_apply_never_changes_the_state_it_was_given() -> None:
    rng = Rng(21)
    state = GAME.new_game(["A", "B", "C", "D"], ALL, 21)
    while not state.over:
        before = GAME.to_dict(state)
        nxt = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        assert GAME.to_dict(state) == before
        state = nxt


def test_copy_is_independent() -> None:
    state = random_game(3, ALL, 5)
    twin = state.copy()
    twin.gardens[0][0] = ()
    twin.clowns[1].append(99)
    twin.bag[1] += 1
    assert GAME.to_dict(state) != GAME.to_dict(twin)
    assert 99 not in state.clowns[1]
