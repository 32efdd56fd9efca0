"""Checks every lesson passes (issue 32), shared by the per-game lesson tests.

:func:`play_through` plays a lesson to its end the way a learner might: taking every suggested
move (``follow=True``; the greedy bot's move where nothing is suggested) or random legal moves
(``follow=False``, seeded), with the lesson's
gentle bots between; it checks at every tip that the tip's places are places of that position
(:meth:`Lesson.places`), that every number the tip names appears in its text, and that its
suggested move is legal; and returns the run for more checks (every rule taught, the closing).
Each game's test then checks its own numbers against the position (the engine), so no lesson
text can drift from the rules.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from gardens_tui.bots import make_bot
from gardens_tui.lessons.base import LessonRun
from gardens_tui.rules.base import ROLL, GameState
from gardens_tui.rules.lesson import PERSON, Lesson, Tip


@dataclass
class Shown:
    """A tip as it was shown: the position index, the person's view then, the tip."""

    index: int
    view: GameState
    tip: Tip


@dataclass
class PlayedThrough:
    """A lesson played to its end: the run, every tip shown, every feedback line given."""

    run: LessonRun
    tips: list[Shown] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    closing: list[str] = field(default_factory=list)


def check_tip(lesson: Lesson, run: LessonRun, view: GameState, tip: Tip) -> None:
    """The checks every tip passes (see the module docstring)."""
    game = run.game
    rules = {rule.id for rule in lesson.rules}
    assert tip.rule in rules, f"tip for an unlisted rule {tip.rule!r}"
    assert tip.text.strip(), "an empty tip"
    places = lesson.places(game, view)
    for place in tip.places:
        assert place in places, f"tip {tip.rule!r} points at {place!r}, not a place here"
    for name, number in tip.numbers.items():
        assert re.search(rf"(?<![0-9]){number}(?![0-9])", tip.text), (
            f"tip {tip.rule!r} names {name}={number}, which its text does not say: {tip.text!r}"
        )
    if tip.suggests is not None:
        assert tip.suggests in game.legal_actions(view), (
            f"tip {tip.rule!r} suggests an illegal move"
        )


def play_through(
    lesson: Lesson, *, follow: bool, seed: int = 0, limit: int = 2000
) -> PlayedThrough:
    """Play ``lesson`` to its end (see the module docstring)."""
    rng = random.Random(seed)
    run = LessonRun(lesson)
    done = PlayedThrough(run)
    game = run.game
    greedy = make_bot("greedy", seed)
    for _ in range(limit):
        run.play_bots()
        if run.finished():
            done.closing = run.closing()
            assert done.closing, "a lesson ends by explaining the score"
            return done
        state = run.table.state
        assert state.current_player == PERSON
        view = run.view()
        tip = run.tip()
        if tip is not None:
            check_tip(lesson, run, view, tip)
            done.tips.append(Shown(len(run.table.actions), view, tip))
        legal = game.legal_actions(view)
        if state.decision is not None and state.decision.skill is not None:
            action = ROLL
        elif follow and tip is not None and tip.suggests is not None:
            action = tip.suggests
        elif follow:
            action = greedy.choose(game, view)  # no suggestion: a sensible move
        else:
            action = rng.choice(legal)
        line = run.feedback(action)
        if line is not None:
            done.feedback.append(line)
        run.table.apply(action, seat=PERSON)
    raise AssertionError(f"the lesson did not end within {limit} of the person's decisions")


@cache
def followed(lesson: Lesson) -> PlayedThrough:
    """``lesson`` played through taking every suggestion (once per test run)."""
    return play_through(lesson, follow=True)


@cache
def randomly(lesson: Lesson, seed: int) -> PlayedThrough:
    """``lesson`` played through with random legal moves from ``seed`` (once per test run)."""
    return play_through(lesson, follow=False, seed=seed)


def all_runs(lesson: Lesson, seeds: Sequence[int]) -> list[PlayedThrough]:
    """The followed run and the random runs of ``seeds``."""
    return [followed(lesson), *(randomly(lesson, seed) for seed in seeds)]


def person_decisions(done: PlayedThrough) -> int:
    """How many decisions the person made in ``done`` (forced steps included)."""
    table = done.run.table
    return sum(1 for s in table.states[: len(table.actions)] if s.current_player == PERSON)


def tips_for(lesson: Lesson, seeds: Sequence[int], rule: str) -> list[Shown]:
    """Every tip for ``rule`` shown in :func:`all_runs`."""
    return [
        shown for done in all_runs(lesson, seeds) for shown in done.tips if shown.tip.rule == rule
    ]
