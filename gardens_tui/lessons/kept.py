"""Where a lesson is kept between sessions, and taking it up again.

A lesson in progress is an ordinary save file, ``<data folder>/lessons/<game id>.json``, written
by whoever plays it (the plain mode, the app) at the end of every turn and when the person
leaves. It is not an autosave: "continue the last game" never opens a lesson. What was taught
is worked out again from its history (:meth:`~gardens_tui.lessons.base.LessonRun.resume`).
"""

from __future__ import annotations

from pathlib import Path

from gardens_tui import paths, saves
from gardens_tui.lessons.base import LessonRun, lesson_setup
from gardens_tui.rules.lesson import Lesson


def lesson_path(game_id: str) -> Path:
    """Where the lesson of ``game_id`` is kept between sessions."""
    return paths.data_dir() / "lessons" / f"{game_id}.json"


def open_run(lesson: Lesson, path: Path, *, restart: bool) -> tuple[LessonRun, bool]:
    """The lesson's run: taken up from ``path`` when it holds this lesson unfinished (and not
    ``restart``), else a new one; and whether it was taken up."""
    if not restart and path.exists():
        try:
            table = saves.load_table(path)
        except (OSError, ValueError):
            table = None
        if table is not None and table.setup == lesson_setup(lesson):
            run = LessonRun.resume(lesson, table)
            if not run.finished():
                return run, True
    return LessonRun(lesson), False
