"""Guided first games ("Learn to play"): finding a game's lesson and playing it.

None of the five games has another digital version, so most players meet them here with a
rulebook they have not read. A lesson is a short game on a fixed deal against a gentle bot in
which a coach explains one idea at a time, at the moment it matters, points at the places on
the board it talks about, suggests a move (any legal move is allowed: the lesson says why the
suggestion was better, or that the other move is fine too) and ends by explaining the score on
the player's own board.

Each game's lesson is in its rules package, next to the rules it teaches
(``gardens_tui/rules/<pkg>/lesson.py``, keeping :mod:`gardens_tui.rules.lesson`'s contract);
:func:`lesson_for` finds it and :mod:`.base`'s :class:`~.base.LessonRun` plays it (the table,
the gentle bots, the tips, the feedback, the end). Pure Python: never the UI.
"""

from __future__ import annotations

import importlib

from gardens_tui.rules.lesson import Lesson
from gardens_tui.rules.registry import game_package


def lesson_for(game_id: str) -> Lesson:
    """The lesson of ``game_id``; ``KeyError`` when the game is unknown or has none yet."""
    package = game_package(game_id)
    if package is None:
        raise KeyError(f"{game_id} has no lesson")
    try:
        module = importlib.import_module(f"{package}.lesson")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.lesson":
            raise
        raise KeyError(f"{game_id} has no lesson yet") from None
    lesson: Lesson = module.LESSON
    return lesson
