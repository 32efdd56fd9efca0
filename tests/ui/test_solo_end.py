"""The end of a solo game (a game of one seat: Throw Octopus!'s solo mode is the only one): it
is scored, not won, so the shared score table marks no winner (no ``★``, ASCII ``*``, no bold
column) and the end screen gives the points and the rating. With two seats or more the winner
is still marked.
"""

from __future__ import annotations

import io

import pytest
from conftest import quiet_app, settle
from rich.console import Console
from rich.table import Table as RichTable

from gardens_tui.rules.base import Action, Outcome, Scores
from gardens_tui.rules.registry import get_game
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.screens.throw_octopus.solo_end import SoloEndScreen
from gardens_tui.ui.widgets.score_table import ScoreTable, marked_winners, score_table

GAME = get_game("throw-octopus")


def text_of(table: RichTable) -> str:
    """The table as plain text, 80 columns wide."""
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(table)
    return console.export_text()


@pytest.mark.parametrize("ascii_mode", [False, True])
def test_a_one_seat_score_table_marks_no_winner(ascii_mode: bool) -> None:
    """Solo: the outcome names seat 0 (the rules contract wants a winner), but a game with
    nobody to beat shows no winner's mark beside the only player."""
    scores = Scores(("small creatures", "large creatures"), ((6, 10),), final=True)
    text = text_of(score_table(["Ann"], scores, Outcome((0,)), ascii_mode))
    assert "Ann" in text
    assert "★" not in text and "* Ann" not in text
    assert marked_winners(["Ann"], Outcome((0,))) == set()


@pytest.mark.parametrize("ascii_mode", [False, True])
def test_with_two_seats_or_more_the_winner_is_still_marked(ascii_mode: bool) -> None:
    scores = Scores(("tiles left",), ((0,), (3,), (2,)), final=True)
    text = text_of(score_table(["Ann", "Bob", "Cleo"], scores, Outcome((0,)), ascii_mode))
    assert ("* Ann" if ascii_mode else "★ Ann") in text
    assert "★ Bob" not in text and "* Bob" not in text
    assert marked_winners(["Ann", "Bob"], Outcome((1,))) == {1}


def almost_finished_solo() -> tuple[Table, Action]:
    """Ann's solo game, seed 5, each decision the first legal one, and the action that ends
    it (with 6 small and 5 large creatures: 16 points, Clever Cephalopod)."""
    table = Table(Setup("throw-octopus", (Seat("Ann"),), {}, 5))
    while True:
        action = table.legal_actions()[0]
        if table.game.apply(table.state, action).is_over:
            return table, action
        table.apply(action)


@pytest.mark.parametrize("ascii_mode", [False, True])
async def test_the_solo_end_screen_shows_points_and_rating_and_no_winner(
    ascii_mode: bool,
) -> None:
    """Ann's last decision ends the game and the end screen opens: the result line gives her
    points and rating, the score table marks nobody, the notes give the rating scale."""
    table, last = almost_finished_solo()
    app = quiet_app(table, ascii_mode=ascii_mode)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table.apply(last, seat=0)  # as if chosen on the screen
        await settle(pilot)
        end = app.screen
        assert isinstance(end, SoloEndScreen)
        result = str(end.query_one("#end-result").render())
        assert result == "Ann scored 16 points: Clever Cephalopod."
        scores = end.query_one(ScoreTable)
        rendered = text_of(score_table(scores.names, scores.scores, scores.outcome, ascii_mode))
        assert "★" not in rendered and "* Ann" not in rendered
        assert "Clever Cephalopod" in str(end.query_one("#end-notes").render())
