"""What every lesson run does, whatever the game (issue 32, :class:`LessonRun`).

A lesson weighs only moves that can be played: a move that is not legal at the person's decision
(a card already taken, a place already filled) gets no feedback from the lesson and leaves the
game as it was, so the screen refuses it with the rules' own reason (The Gardens' lesson used to
try the move on the position and fail: Enter on an emptied display slot closed the app). Ideas
are numbered as met, a reminder says so, and a closing names the ideas the game ended before."""

from __future__ import annotations

import pytest

from gardens_tui.bots import make_bot
from gardens_tui.lessons import lesson_for
from gardens_tui.lessons.base import LessonRun
from gardens_tui.rules.base import Action
from gardens_tui.rules.lesson import PERSON
from gardens_tui.rules.registry import GAMES as REGISTERED

GAMES = tuple(sorted(REGISTERED))
"""Every registered game: each has a lesson."""


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_that_is_not_legal_gets_no_feedback_and_changes_nothing(game_id: str) -> None:
    """At every decision of the person with a suggestion, each move that was legal at one of
    their earlier decisions and is not legal now gets no feedback, and the table is unchanged."""
    run = LessonRun(lesson_for(game_id))
    game = run.game
    greedy = make_bot("greedy", 3)
    seen: set[Action] = set()
    checked = 0
    for _ in range(300):
        run.play_bots()
        if run.finished():
            break
        view = run.view()
        legal = game.legal_actions(view)
        tip = run.tip()
        if run.table.state.current_player == PERSON and tip is not None and tip.suggests:
            before = game.to_dict(run.table.state), len(run.table.actions)
            for stale in sorted(seen - set(legal), key=repr)[:20]:
                assert run.feedback(stale) is None
                checked += 1
            assert (game.to_dict(run.table.state), len(run.table.actions)) == before
        seen.update(legal)
        action = tip.suggests if tip is not None and tip.suggests else greedy.choose(game, view)
        run.table.apply(action)
    assert checked > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_closing_names_the_ideas_the_game_ended_before(game_id: str) -> None:
    """Issue 32 (every core rule touched): a game can end before every idea came up (a quick
    win in Tanuki ended a trial's lesson at idea 13 of 16); the closing then names the ideas
    not met by their titles, and names none once every idea was taught."""
    lesson = lesson_for(game_id)
    run = LessonRun(lesson)
    closing = run.closing()
    assert closing[-1].startswith("The game ended before these ideas came up")
    for rule in lesson.rules:
        assert rule.title in closing[-1]
    run.taught.update(rule.id for rule in lesson.rules)
    assert not any("ended before these ideas" in line for line in run.closing())


@pytest.mark.parametrize("game_id", GAMES)
def test_ideas_are_numbered_as_met_and_a_reminder_says_again(game_id: str) -> None:
    """A tip's label is ``idea n of N`` with n the order its rule was first met, and ends in
    ``, again`` exactly when that rule was first met at an earlier decision."""
    lesson = lesson_for(game_id)
    run = LessonRun(lesson)
    game = run.game
    greedy = make_bot("greedy", 5)
    first: dict[str, int] = {}
    for _ in range(300):
        run.play_bots()
        if run.finished():
            break
        tip = run.tip()
        index = len(run.table.actions)
        if tip is not None:
            first.setdefault(tip.rule, index)
            number = list(first).index(tip.rule) + 1
            label = f"idea {number} of {len(lesson.rules)}"
            again = first[tip.rule] < index
            assert run.idea_label(tip) == label + (", again" if again else "")
        action = tip.suggests if tip is not None and tip.suggests else None
        run.table.apply(action or greedy.choose(game, run.view()))
