"""Set-up and the flow of rounds in The Gardens: the display per player count, turn order, the
start player token passing, one card per row per round (two with two players), 8 rounds (4 with
two players), visitors lying down and standing up, and 24 cards in every garden at the end."""

from __future__ import annotations

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.the_gardens.state import CENTRAL, EMPTY, GardensState

GAME = get_game("the-gardens")
NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def new(n: int, **options: object) -> GardensState:
    state = GAME.new_game(NAMES[:n], options, 7)
    assert isinstance(state, GardensState)
    return state


def play_random(state: GardensState, seed: int = 1) -> list[GardensState]:
    rng = Rng(seed_state(seed))
    states = [state]
    while not state.is_over:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize(("n", "per_deck"), [(2, 4), (3, 3), (4, 4)])
def test_display_has_one_card_per_player_per_deck_two_with_two_players(
    n: int, per_deck: int
) -> None:
    """Before you begin: draw as many cards from each deck as players (two per player with
    two players); the rest of each deck stays face down."""
    s = new(n)
    assert [len(row) for row in s.display] == [per_deck] * 3
    assert [len(deck) for deck in s.decks] == [32 - per_deck] * 3
    for row, cards in enumerate(s.display):
        assert all(code // 32 == row for code in cards)


def test_every_garden_starts_with_the_central_board_and_three_visitors() -> None:
    """Set-up: the Central Board in column 5 of each row; a visitor on it in each row; seat 0
    holds the start player token."""
    s = new(3)
    for seat in range(3):
        mat = s.mats[seat]
        assert [mat[r * 9 + 4] for r in range(3)] == [CENTRAL] * 3
        assert sum(1 for v in mat if v == EMPTY) == 24
        assert s.visitors[seat] == [4, 4, 4]
    assert s.start == 0 and s.current_player == 0 and s.decision is not None
    assert s.decision.kind == "take"


@pytest.mark.parametrize("column", [3, 4, 6, 7])
def test_varying_starting_positions_move_the_central_board_for_everyone(column: int) -> None:
    """Varying starting positions: every player's Central Board in the same column, 3, 4, 6 or
    7; a full row then still holds 8 cards."""
    s = new(2, **{"start-column": column})
    for mat in s.mats:
        assert [mat[r * 9 + column - 1] for r in range(3)] == [CENTRAL] * 3
    final = play_random(s)[-1]
    for mat in final.mats:
        assert sum(1 for v in mat if v >= 0) == 24


def test_the_central_board_column_is_limited_to_3_to_7() -> None:
    """Varying starting positions: columns outside 3-7 are refused."""
    with pytest.raises(ValueError, match="start-column"):
        GAME.new_game(NAMES[:2], {"start-column": 2}, 1)


@pytest.mark.parametrize(("n", "rounds"), [(2, 4), (3, 8), (4, 8)])
def test_the_game_lasts_8_rounds_4_with_two_players_and_fills_every_garden(
    n: int, rounds: int
) -> None:
    """Ending the game: after the 8th round (4th with two players) every row of every garden
    holds 8 cards, 24 per player."""
    states = play_random(new(n))
    final = states[-1]
    assert final.over and final.round == rounds
    for mat in final.mats:
        for row in range(3):
            assert sum(1 for v in mat[row * 9 : row * 9 + 9] if v >= 0) == 8
    assert sum(1 for s in states[1:] if s.chance) == rounds - 1  # a new display each round


def test_turns_go_round_the_table_from_the_start_player_and_the_token_passes() -> None:
    """Taking a turn / ending a round: the start player goes first, then clockwise; after the
    round the start player token passes to the next player."""
    states = play_random(new(3))
    order_by_round: dict[int, list[int]] = {}
    for before in states[:-1]:
        if before.phase == "take" and before.decision is not None:
            order_by_round.setdefault(before.round, [])
            if (
                not order_by_round[before.round]
                or order_by_round[before.round][-1] != before.active
            ):
                order_by_round[before.round].append(before.active)
    assert order_by_round[0] == [0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert order_by_round[1][:3] == [1, 2, 0]
    assert order_by_round[7][:3] == [7 % 3, (7 + 1) % 3, (7 + 2) % 3]


def test_a_row_you_took_from_this_round_is_closed_to_you() -> None:
    """Choose: on later turns you may only choose from a row you have not taken from this
    round; a player takes exactly one card from each row per round."""
    s = new(3)
    s = GAME.apply(s, ("take", 1, 0, "left"))  # Ann takes from B
    s = GAME.apply(s, ("take", 1, 1, "left"))  # Bob
    s = GAME.apply(s, ("take", 1, 2, "left"))  # Cleo
    assert s.active == 0
    assert all(action[1] != 1 for action in GAME.legal_actions(s) if action[0] == "take")
    with pytest.raises(IllegalAction, match="row B was already taken by you this round"):
        GAME.apply(s, ("take", 1, 0, "left"))


def test_two_players_take_exactly_two_cards_from_each_row() -> None:
    """2 players: each player must choose exactly two cards from each of the three rows in a
    round, taking turns one card at a time; the visitor walks twice."""
    s = new(2)
    s = GAME.apply(s, ("take", 0, 0, "left"))  # Ann A
    s = GAME.apply(s, ("take", 0, 1, "left"))  # Bob A
    s = GAME.apply(s, ("take", 0, 2, "right"))  # Ann A again: her second
    assert s.walked[0][0] == 2 and s.visitors[0][0] == 5
    s = GAME.apply(s, ("take", 1, 0, "left"))  # Bob B
    assert s.active == 0
    with pytest.raises(IllegalAction, match="already took two cards from row A"):
        GAME.apply(s, ("take", 0, 3, "left"))
    rows = {action[1] for action in GAME.legal_actions(s)}
    assert rows == {1, 2}


def test_visitors_lie_down_after_walking_and_stand_up_next_round() -> None:
    """Ending your turn / a round: a visitor that walked lies down; at the next round every
    visitor stands up on the card it walked to."""
    s = new(2)
    states = play_random(s)
    first_new_round = next(x for x in states if x.round == 1)
    previous = states[states.index(first_new_round) - 1]
    assert sum(map(sum, previous.walked)) == 11  # 12 walks a round: one still to come
    assert first_new_round.walked == [[0, 0, 0], [0, 0, 0]]
    for seat in range(2):
        for row in range(3):
            column = first_new_round.visitors[seat][row]
            assert first_new_round.mats[seat][row * 9 + column] >= 0


def test_cards_can_only_go_next_to_the_outermost_card_never_off_the_mat() -> None:
    """Design: the first card of a row goes beside the Central Board, later ones beside the
    outermost card on the chosen side; once a side is full, only the other side is offered and
    the full side is refused as off the mat."""
    s = new(2, **{"start-column": 3})
    assert GAME.legal_actions(s)[:2] == [("take", 0, 0, "left"), ("take", 0, 0, "right")]
    s = GAME.apply(s, ("take", 0, 0, "left"))  # Ann: a2
    assert s.mats[0][1] >= 0
    s = GAME.apply(s, ("take", 0, 1, "left"))  # Bob
    s = GAME.apply(s, ("take", 0, 2, "left"))  # Ann: a1, the left side is full
    assert s.mats[0][0] >= 0
    s = GAME.apply(s, ("take", 1, 0, "left"))  # Bob
    s = GAME.apply(s, ("take", 1, 1, "left"))  # Ann B
    s = GAME.apply(s, ("take", 1, 2, "left"))  # Bob B
    s = GAME.apply(s, ("take", 2, 0, "left"))  # Ann C
    s = GAME.apply(s, ("take", 2, 1, "left"))  # Bob C
    s = GAME.apply(s, ("take", 1, 3, "right"))  # Ann B, second
    s = GAME.apply(s, ("take", 0, 3, "left"))  # Bob A, second
    s = GAME.apply(s, ("take", 2, 2, "right"))  # Ann C, second
    s = GAME.apply(s, ("take", 2, 3, "left"))  # Bob C, second
    assert s.round == 1 and s.start == 1
    # Bob (seat 1) starts round 2; Ann's row A is full on the left.
    s = GAME.apply(s, ("take", 1, 0, "right"))
    assert s.active == 0
    assert ("take", 0, 0, "left") not in GAME.legal_actions(s)
    assert ("take", 0, 0, "right") in GAME.legal_actions(s)
    with pytest.raises(IllegalAction, match="row A is full on the left: the mat has no column 0"):
        GAME.apply(s, ("take", 0, 0, "left"))
