"""Guided first games ("Learn to play"): one lesson per game, and what runs them.

None of the five games has another digital version, so most players meet them here with a
rulebook they have not read. A lesson is a short game on a fixed deal against a gentle bot in
which a coach explains one idea at a time, at the moment it matters, points at the places on
the board it talks about, suggests a move (any legal move is allowed: the lesson says why the
suggestion was better, or that the other move is fine too) and ends by explaining the score on
the player's own board.

- :mod:`.base`: the contract every lesson keeps (:class:`~.base.Lesson`, :class:`~.base.Tip`,
  :class:`~.base.Rule`) and :class:`~.base.LessonRun`, which plays one lesson's table: the
  gentle bots, the tips, the feedback, the end;
- one module per game (``octopus_garden``, ...), each listing the core rules its lesson
  touches next to the lesson (:attr:`~.base.Lesson.rules`), registered in :data:`LESSONS`.

Pure Python: the rules, the table and the bots; never the UI. The plain mode's ``gardens learn
GAME`` (:mod:`gardens_tui.plain.learn`) runs a lesson line by line.
"""

from __future__ import annotations

import importlib

from gardens_tui.lessons.base import Lesson

LESSON_MODULES: dict[str, str] = {}
"""Each game id with a lesson, and the module that holds it (imported on first use)."""


def lesson_for(game_id: str) -> Lesson:
    """The lesson of ``game_id``; ``KeyError`` (naming the games that have one) when it has
    none."""
    module = LESSON_MODULES.get(game_id)
    if module is None:
        known = ", ".join(sorted(LESSON_MODULES)) or "none yet"
        raise KeyError(f"{game_id} has no lesson (lessons: {known})")
    lesson: Lesson = importlib.import_module(module).LESSON
    return lesson
