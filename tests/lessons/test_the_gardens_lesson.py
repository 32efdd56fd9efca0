"""The Gardens' guided first game (issue 32): played with the suggested moves and with random
legal moves; every rule taught, every tip's numbers and places checked against the position
with the engine, the closing's numbers equal to the engine's scores."""

from __future__ import annotations

import re

import pytest
from lesson_checks import (
    Shown,
    all_runs,
    followed,
    person_decisions,
    randomly,
)

from gardens_tui.rules.lesson import PERSON
from gardens_tui.rules.the_gardens.components import CARDS, COLUMNS, DECKS
from gardens_tui.rules.the_gardens.lesson import LESSON
from gardens_tui.rules.the_gardens.mat import largest_network, occupied_around
from gardens_tui.rules.the_gardens.scoring import statue_count, tree_types_per_row
from gardens_tui.rules.the_gardens.state import GardensState

RANDOM_SEEDS = (0, 1, 2, 3)

TRIANGLE = (1, 3, 6, 10)
"""The rulebook's 1/3/6/10 (walk trees and tree species per row)."""


def _placed(view: GardensState, after: GardensState) -> tuple[int, int]:
    """(row, column) of the card a take added to the person's mat, found by comparing mats."""
    changed = [c for c in range(27) if view.mats[PERSON][c] != after.mats[PERSON][c]]
    assert len(changed) == 1
    return divmod(changed[0], COLUMNS)


def test_follow_run_teaches_every_rule_in_a_first_game_length() -> None:
    """Every rule (choose, design, walk, the scorings, round, end) is taught with the suggested
    moves, the game is played to its end, and it takes 15-40 of the person's decisions."""
    done = followed(LESSON)
    assert done.run.untaught() == []
    assert done.run.table.state.is_over
    assert 15 <= person_decisions(done) <= 40
    assert len(done.tips) <= person_decisions(done)


@pytest.mark.parametrize("seed", RANDOM_SEEDS)
def test_random_runs_teach_every_rule(seed: int) -> None:
    """A person playing random legal moves still meets every rule: a feature whose card never
    came within reach is explained without a move near the end."""
    done = randomly(LESSON, seed)
    assert done.run.untaught() == []
    assert 15 <= person_decisions(done) <= 40


def test_places_are_real_cells_and_display_cards() -> None:
    """Every highlighted place is a cell of the person's mat (row A-C, column 1-9, as the text
    board labels it) or a display place holding a card; the suggested card is highlighted."""
    for done in all_runs(LESSON, RANDOM_SEEDS):
        for shown in done.tips:
            view = shown.view
            assert isinstance(view, GardensState)
            for place in shown.tip.places:
                if place[0].isupper():
                    assert place[0] in DECKS and 1 <= int(place[1:]) <= COLUMNS, place
                else:
                    row, slot = "abc".index(place[0]), int(place[1:]) - 1
                    assert view.display[row][slot] >= 0, place
            move = shown.tip.suggests
            if move is not None:
                assert f"{'abc'[move[1]]}{move[2] + 1}" in shown.tip.places


def _check_numbers(shown: Shown) -> None:
    game = followed(LESSON).run.game
    view = shown.view
    assert isinstance(view, GardensState)
    tip = shown.tip
    numbers = dict(tip.numbers)
    move = tip.suggests
    after = game.apply(view, move) if move is not None else None
    if after is not None:
        row, column = _placed(view, after)
        assert move is not None and move[1] == row
        assert numbers["column"] == column + 1, tip.text
        gained = [a - b for a, b in zip(after.points[PERSON], view.points[PERSON], strict=True)]
    mat = view.mats[PERSON]
    if tip.rule == "design":
        assert after is not None and move is not None
        columns = set()
        for side in ("left", "right"):
            other = game.apply(view, (move[0], move[1], move[2], side))
            columns.add(_placed(view, other)[1] + 1)
        assert {numbers["left"], numbers["right"]} == columns
    elif tip.rule == "walk":
        assert after is not None
        start = view.visitors[PERSON][row]
        assert numbers["start"] == start + 1
        assert numbers["seen"] == abs(column - start) + 1
        assert numbers["points"] == sum(gained)
    elif tip.rule == "round":
        assert numbers["round"] == view.round + 1
        assert numbers["rounds"] == 8
    elif tip.rule == "end":
        assert numbers["rounds"] == 8 and view.round == 7
    elif tip.rule in ("walk-trees", "end-trees"):
        assert [numbers[f"scale {n}"] for n in (1, 2, 3, 4)] == list(TRIANGLE)
        if tip.rule == "end-trees":
            assert numbers["now"] == tree_types_per_row(mat)
        elif after is not None:
            assert numbers["points"] == gained[0]
            assert TRIANGLE[numbers["seen"] - 1] == gained[0]
            # the trees of the new card's kind on the walk, counted on the mat after the take
            card = after.mats[PERSON][row * COLUMNS + column]
            species = next(s for s in range(4) if CARDS[card].trees[s])
            start = view.visitors[PERSON][row]
            lo, hi = min(start, column), max(start, column)
            seen = sum(
                CARDS[v].trees[species]
                for c in range(lo, hi + 1)
                if (v := after.mats[PERSON][row * COLUMNS + c]) >= 0
            )
            assert numbers["seen"] == seen
    elif tip.rule == "walk-fountains":
        assert numbers["point"] == 1
        if after is not None:
            start = view.visitors[PERSON][row]
            lo, hi = min(start, column), max(start, column)
            streams = sum(
                1
                for c in range(lo, hi + 1)
                if (v := after.mats[PERSON][row * COLUMNS + c]) >= 0 and CARDS[v].stream
            )
            assert numbers["points"] == gained[1] == streams
    elif tip.rule == "walk-benches":
        assert numbers["point"] == 1
        if after is not None:
            around = occupied_around(after.mats[PERSON], row * COLUMNS + column)
            assert numbers["points"] == gained[2] == around
    elif tip.rule == "end-streams":
        assert (numbers["points two"], numbers["points three"], numbers["lone"]) == (2, 5, 0)
    elif tip.rule == "end-pathways":
        assert numbers["now"] == largest_network(mat)
    elif tip.rule == "end-statues":
        assert numbers["points"] == 10
        assert numbers["mine"] == statue_count(mat)


def test_every_tip_number_matches_the_engine() -> None:
    """Each tip's numbers (columns, walk points, trees and streams seen, cards around a bench,
    the network, statues, tree species per row, the round) recomputed with the engine."""
    count = 0
    for done in all_runs(LESSON, RANDOM_SEEDS):
        for shown in done.tips:
            _check_numbers(shown)
            count += 1
    assert count > 40


def test_closing_explains_the_engine_scores() -> None:
    """End of game: every number of the closing is the person's score in its category (in the
    engine's order, landmarks left out of the basic game) or the total / winner's total; then
    the two-player rule (rulebook: 2 cards from each row a round, 4 rounds), which a lesson of
    three never shows."""
    for done in all_runs(LESSON, RANDOM_SEEDS):
        game = done.run.game
        view = done.run.view()
        scores = game.scores(view)
        mine = scores.by_category(PERSON)
        lines = LESSON.closing(game, view)
        assert done.closing[: len(lines)] == lines
        assert lines[0] == f"Your garden scores {scores.total(PERSON)} points:"
        stated = [int(re.match(r"\s*(\d+) ", line).group(1)) for line in lines[1:-2]]  # type: ignore[union-attr]
        assert stated == [v for k, v in mine.items() if k != "landmarks"]
        assert mine["landmarks"] == 0
        assert str(max(scores.totals())) in lines[-2]
        assert lines[-1].startswith("In a game of two players")  # the lesson seats three


def test_feedback_names_the_game_count() -> None:
    """Another move than the suggested one gets a line from the game's own count."""
    lines = [line for seed in RANDOM_SEEDS for line in randomly(LESSON, seed).feedback]
    assert lines
    assert all("best rival" in line or "Any card" in line for line in lines)
