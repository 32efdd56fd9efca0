"""``gardens learn GAME``: a game's guided first game, line by line.

The lesson (:mod:`gardens_tui.lessons`) is played through :class:`~gardens_tui.plain.game.PlainGame`
like any game on this computer, with the coach's words in the hooks: at each of the person's
decisions where the lesson has something to say, its tip (which rule, the idea, the places it
points at, and the move it suggests with its number in the list); before a move other than the
suggested one, the lesson's feedback; at the end, the score explained on the person's board.

The lesson is kept in its file (:mod:`gardens_tui.lessons.kept`: written atomically at the end
of every turn and on ``quit``), so ``gardens learn GAME`` takes it up where it was left;
``--restart`` starts it over and a finished lesson starts over by itself. ``quit`` leaves it
at any time (skippable).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO, TextIO

from gardens_tui import saves
from gardens_tui.lessons import lesson_for
from gardens_tui.lessons.base import LessonRun
from gardens_tui.lessons.kept import lesson_path, open_run
from gardens_tui.plain.console import Console, Inbox
from gardens_tui.plain.game import Ending, PlainGame, PlainHooks
from gardens_tui.rules.base import Action
from gardens_tui.rules.lesson import PERSON, Tip
from gardens_tui.rules.words import join_and
from gardens_tui.seats import LocalSeatView


class PlainLesson:
    """One lesson played in the plain mode (see the module docstring)."""

    def __init__(self, run: LessonRun, console: Console, inbox: Inbox, path: Path) -> None:
        self.run = run
        self.console = console
        self.path = path
        self.view = LocalSeatView(run.table, (PERSON,), PERSON)
        hooks = PlainHooks(
            play_bots=self.play_bots,
            quit_lines=self.quit_lines,
            coach=self.coach,
            before_move=self.before_move,
            stop=self.stop,
        )
        self.game = PlainGame(self.view, console, inbox, hooks)
        self._turn = run.table.state.turn

    def start(self, resumed: bool) -> None:
        """The first lines: which lesson, the goal of the game, how to leave."""
        lesson = self.run.lesson
        self.console.say(f"{lesson.title}.", "heading")
        if resumed:
            self.console.say("Taking up your lesson where you left it (--restart starts over).")
        self.console.lines(lesson.intro)
        self.console.say(
            "The lesson explains one idea at a time and suggests a move; any legal move is "
            "allowed. Type help for the commands; quit leaves the lesson (it is kept)."
        )

    def play_bots(self) -> None:
        """The gentle bots, then the lesson kept at the end of every turn."""
        self.run.play_bots()
        turn = self.run.table.state.turn
        if turn != self._turn:
            self._turn = turn
            self.save()

    def save(self) -> Path | None:
        """Keep the lesson (``None``: it could not be written, which was said)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return saves.write_save(self.run.table, self.path).path
        except (OSError, ValueError) as error:
            self.console.say(f"The lesson could not be kept: {error}", "error")
            return None

    def coach(self) -> list[str]:
        """The tip for this decision, in lines (see :func:`tip_lines`)."""
        tip = self.run.tip()
        if tip is None:
            return []
        return tip_lines(self.run, tip, self.view.legal_actions())

    def before_move(self, action: Action) -> list[str]:
        """The lesson's feedback when the move is not the suggested one."""
        line = self.run.feedback(action)
        return [] if line is None else [line]

    def stop(self) -> list[str] | None:
        """The closing lines once the lesson is over."""
        if not self.run.finished():
            return None
        self.save()
        lines = ["The lesson is over.", *self.run.closing()]
        if self.run.table.state.is_over:
            lines.append("gardens learn starts it again; gardens play starts a real game.")
        else:
            lines.append("gardens play starts a real game against the greedy bot.")
        return lines

    def quit_lines(self) -> list[str]:
        """Keep the lesson and say how to come back."""
        game_id = self.run.lesson.game_id
        if self.save() is None:
            return []
        return [f"Your lesson is kept: gardens learn {game_id} takes it up again."]


def tip_lines(run: LessonRun, tip: Tip, moves: list[Action]) -> list[str]:
    """A tip in lines: the rule (which idea of the lesson it is: :meth:`LessonRun.idea_label`),
    the words, what it points at and the suggested
    move with its number in ``moves`` (the moves as listed)."""
    rules = run.lesson.rules
    title = next(rule.title for rule in rules if rule.id == tip.rule)
    lines = [f"Lesson, {run.idea_label(tip)}: {title}.", tip.text]
    if tip.places:
        lines.append(f"Look at {join_and(list(tip.places))}.")
    if tip.suggests is not None and tip.suggests in moves:
        notation = run.game.format_action(tip.suggests)
        lines.append(
            f"Suggested: move {moves.index(tip.suggests) + 1}, {notation}. "
            "Any other move is allowed too."
        )
    return lines


def run_lesson(
    game_id: str,
    *,
    restart: bool = False,
    colour: bool = False,
    stdin: BinaryIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play ``game_id``'s lesson in the plain mode; 0 when it ended or the person quit, 1 when
    input ended first. ``KeyError`` when the game has no lesson."""
    lesson = lesson_for(game_id)
    path = lesson_path(game_id)
    run, resumed = open_run(lesson, path, restart=restart)
    console = Console(stdout or sys.stdout, colour=colour)
    inbox = Inbox()
    inbox.read_from(stdin or sys.stdin.buffer)
    plain = PlainLesson(run, console, inbox, path)
    plain.start(resumed)
    ending = plain.game.run(catch_up=not resumed)
    if ending is Ending.INPUT_ENDED:
        plain.console.lines(plain.quit_lines())
        return 1
    return 0
