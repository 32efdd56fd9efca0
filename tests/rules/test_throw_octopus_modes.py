"""Throw Octopus! set-up and modes: 1 or 3-5 seats, 8 secret tiles each and a start tile, the
28-card deck; Game Night (three games inside one save, tiles left in hand add up, lowest total
wins); the publisher's solo rules (choose the start tile from 6, a hand of 5, discard and draw
when stuck, small creatures 1 point and large 2, the rating scale in the score notes)."""

from __future__ import annotations

import pytest
from throw_octopus_sparse import make_position, tile_id

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.throw_octopus.components import NUM_TILES, tile_name
from gardens_tui.rules.throw_octopus.scoring import rating
from gardens_tui.rules.throw_octopus.state import ThrowState

GAME = get_game("throw-octopus")


def t(name: str) -> int:
    tile = tile_id(name)
    assert tile is not None
    return tile


def play_out(state: ThrowState, seed: int, stop: object = None) -> ThrowState:
    rng = Rng(seed_state(seed))
    while not state.is_over:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


def test_player_counts_are_one_or_three_to_five() -> None:
    """3-5 players, or one seat for the solo rules; two are refused."""
    assert GAME.spec.counts == (1, 3, 4, 5) and GAME.spec.describe_counts() == "1 or 3-5"
    with pytest.raises(ValueError, match="1 or 3-5 players"):
        GAME.new_game(["Ann", "Bob"])


@pytest.mark.parametrize("n", [3, 4, 5])
def test_setup_deals_eight_secret_tiles_and_turns_a_start_tile(n: int) -> None:
    """Deal 8 tiles to each player, turn one tile over as the start tile, shuffle the 28 cards;
    the youngest (seat 1) goes first."""
    s = GAME.new_game(["Ann", "Bob", "Cleo", "Dan", "Eve"][:n], None, 3)
    assert [len(h) for h in s.hands] == [8] * n and list(s.board) == [(0, 0)]
    assert len(s.pile) == NUM_TILES - 8 * n - 1 and len(s.deck) == 28
    assert s.active == 0 and s.decision is not None and s.decision.kind == "play"
    view = GAME.view(s, 1)
    assert view.hands[1] == s.hands[1] and set(view.hands[0]) == {-1} and set(view.pile) == {-1}


def test_game_night_plays_three_games_and_the_lowest_total_wins() -> None:
    """Game Night: three games; tiles left in hand after each are added up; lowest total wins."""
    s = GAME.new_game(["Ann", "Bob", "Cleo"], {"game-night": True}, 5)
    rng = Rng(seed_state(5))
    redeals = 0
    while not s.is_over:
        before = len(s.results)
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if len(s.results) > before and not s.over:
            redeals += 1
            assert [len(h) for h in s.hands] == [8, 8, 8] and len(s.board) == 1
            assert len(s.deck) == 28 and s.active == 0
            assert s.events[-1].startswith(f"Game {len(s.results) + 1} of 3: ")
    assert redeals == 2 and len(s.results) == 3
    scores = GAME.scores(s)
    assert scores.categories == ("game 1", "game 2", "game 3") and scores.final
    assert scores.table == tuple(tuple(row[i] for row in s.results) for i in range(3))
    totals = scores.totals()
    assert GAME.winners(s).winners == (totals.index(min(totals)),)
    assert any("add up" in note for note in scores.notes)
    assert any("Fewest tiles wins" in note for note in scores.notes)


def test_solo_starts_by_choosing_the_start_tile_from_six() -> None:
    """Solo: draw 6, keep one as the start tile and 5 as the hand; no action cards."""
    s = GAME.new_game(["Ann"], None, 2)
    assert s.phase == "start" and len(s.hands[0]) == 6 and s.deck == [] and not s.board
    choice = s.hands[0][3]
    after = GAME.apply(s, ("start", choice))
    assert after.board == {(0, 0): choice * 2} and len(after.hands[0]) == 5


def _solo(hand: list[str], pile: list[str] | None = None) -> ThrowState:
    board = [(0, 0, "t48", 0), (1, 0, "t56", 0), (0, 1, "t19", 0)]
    if pile is None:
        return make_position(["Ann"], board, [hand])
    used = {name for _, _, name, _ in board} | set(hand)
    discarded = [tile_name(i) for i in range(NUM_TILES) if tile_name(i) not in used]
    return make_position(["Ann"], board, [hand], pile=pile, discarded=discarded)


def test_solo_scores_large_creatures_two_and_draws_back_to_five() -> None:
    """Solo: a completed large creature (the purple manta) scores 2; the hand refills to 5."""
    s = _solo(["t79", "t44", "t45", "t46", "t47"])
    s = GAME.apply(s, ("play", t("t79"), 1, 1, 0))
    assert s.creatures[0] == [0, 1] and len(s.hands[0]) == 5
    scores = GAME.scores(s)
    # The rows are points, so each says what a creature is worth (a new player read "large
    # creatures 12" as twelve creatures).
    assert scores.categories == ("small creatures, 1 point each", "large creatures, 2 points each")
    assert scores.table == ((0, 2),)
    assert scores.notes[0].startswith("Rating: 2 points, Hatchling")


def test_solo_unable_to_play_discards_one_and_draws() -> None:
    """Solo: unable to play, discard one tile and draw a new one."""
    s = _solo(["t44", "t45", "t49", "t50", "t51"])
    assert GAME.legal_actions(s) == [("discard", t(n)) for n in ("t44", "t45", "t49", "t50", "t51")]
    after = GAME.apply(s, ("discard", t("t44")))
    assert after.discarded == [t("t44")] and len(after.hands[0]) == 5


def test_solo_ends_when_the_pile_is_gone_and_nothing_fits() -> None:
    """Solo: play until the pile is gone; then ``pass`` ends the game with its rating."""
    s = _solo(["t44", "t45"], pile=[])
    assert GAME.legal_actions(s) == [("pass",)]
    after = GAME.apply(s, ("pass",))
    assert after.over and after.results == [[0]] and GAME.winners(after).winners == (0,)
    assert GAME.scores(after).final


@pytest.mark.parametrize(
    ("points", "name"),
    [(0, "Hatchling"), (9, "Hatchling"), (10, "Reef Rookie"), (14, "Reef Rookie"),
     (15, "Clever Cephalopod"), (19, "Clever Cephalopod"), (20, "Octopus Genius")],
)  # fmt: skip
def test_solo_rating_scale(points: int, name: str) -> None:
    """The rating scale: under 10 Hatchling, 10-14 Reef Rookie, 15-19 Clever Cephalopod, 20+
    Octopus Genius."""
    assert rating(points) == name


def test_a_whole_solo_game_plays_to_the_end() -> None:
    """A random solo game ends with the pile gone and a rating note."""
    s = play_out(GAME.new_game(["Ann"], None, 9), 9)
    assert not s.pile and s.results and GAME.scores(s).notes[0].startswith("Rating: ")
