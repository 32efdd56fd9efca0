"""Playing a lesson: :class:`LessonRun` (the contract is :mod:`gardens_tui.rules.lesson`).

:class:`LessonRun` holds the lesson's table (the person as "You" in seat 1, the lesson's
gentle bots after), plays the bots between the person's turns, works out each tip once per
decision (marking its rule taught when it is shown), and gives the feedback and the closing.
What was taught is a function of the history (each tip is a function of the view and what was
taught before), so a lesson saved as an ordinary save file resumes where it was
(:meth:`LessonRun.resume`).
"""

from __future__ import annotations

from typing import Any

from gardens_tui.driver import Driver
from gardens_tui.rules.base import Action, Game, GameState
from gardens_tui.rules.lesson import PERSON, PERSON_NAME, Lesson, Tip
from gardens_tui.table import Seat, Setup, Table, lone_action


def lesson_setup(lesson: Lesson) -> Setup:
    """The lesson's table: the person as "You" in seat 1, the gentle bots after."""
    bots = (Seat(f"Bot {i + 2}", level) for i, level in enumerate(lesson.opponents))
    seats = (Seat(PERSON_NAME), *bots)
    return Setup(lesson.game_id, seats, dict(lesson.options), lesson.seed)


class LessonRun:
    """One lesson being played (see the module docstring). Every method runs on the table's
    thread; the person's moves go through :meth:`play`."""

    def __init__(self, lesson: Lesson, table: Table | None = None) -> None:
        self.lesson = lesson
        self.table = table if table is not None else Table(lesson_setup(lesson))
        self.driver = Driver(self.table)
        self.taught: set[str] = set()
        self.order: list[str] = []
        """The rules taught, in the order they were (the learner's idea 1, 2, ...)."""
        self._first: dict[str, int] = {}
        """The position at which each rule was first taught."""
        self._tips: dict[int, tuple[GameState, Tip | None]] = {}
        """The tip worked out at each position of the person's decisions (``None``: none), with
        the state it was worked out on: after an undo and another move the position at an index
        is another, and its tip is worked out again."""

    @classmethod
    def resume(cls, lesson: Lesson, table: Table) -> LessonRun:
        """The run of ``table`` (a lesson's table read back from its save), with what was
        taught worked out again along its history."""
        run = cls(lesson, table)
        game = table.game
        for index, state in enumerate(table.states[: len(table.actions)]):
            if state.current_player == PERSON and not run._forced(state):
                run._tip_at(index, game.view(state, PERSON))
        return run

    @property
    def game(self) -> Game[Any]:
        """The lesson's game."""
        return self.table.game

    def view(self) -> GameState:
        """The current position as the person sees it."""
        view: GameState = self.game.view(self.table.state, PERSON)
        return view

    def _forced(self, state: GameState) -> bool:
        decision = state.decision
        if decision is None or decision.skill is not None:
            return decision is not None
        legal = self.game.legal_actions(self.game.view(state, PERSON))
        return lone_action(decision, legal) is not None

    def play_bots(self) -> int:
        """The gentle bots' decisions until the person must decide or the game ends; how many
        (the driver's own loop: the lesson's driver has no autosave, its caller keeps it)."""
        return self.driver.run()

    def _tip_at(self, index: int, view: GameState) -> Tip | None:
        state = self.table.states[index]
        known = self._tips.get(index)
        if known is None or known[0] is not state:
            tip = self.lesson.tip(self.game, view, frozenset(self.taught))
            known = self._tips[index] = (state, tip)
            if tip is not None and tip.rule not in self.taught:
                self.taught.add(tip.rule)
                self.order.append(tip.rule)
                self._first[tip.rule] = index
        return known[1]

    def idea_label(self, tip: Tip) -> str:
        """``idea n of N``: which idea ``tip`` teaches, numbered in the order the learner met
        them; ``idea n of N, again`` when it is a reminder of one met at an earlier decision
        (a monk back at the start after a loop meets the start again)."""
        number = self.order.index(tip.rule) + 1 if tip.rule in self.order else len(self.order)
        label = f"idea {number} of {len(self.lesson.rules)}"
        first = self._first.get(tip.rule)
        if first is not None and first < len(self.table.actions):
            label += ", again"
        return label

    def tip(self) -> Tip | None:
        """The tip for the person's decision now (worked out once per position; its rule
        counts as taught from then on), or ``None``."""
        state = self.table.state
        if state.current_player != PERSON or self._forced(state):
            return None
        return self._tip_at(len(self.table.actions), self.view())

    def feedback(self, played: Action) -> str | None:
        """The line for ``played``, about to be played at the person's decision now: ``None``
        when it is the suggested move, nothing was suggested, or ``played`` is not legal here
        (the move is refused with its reason: the lesson has nothing to weigh)."""
        tip = self.tip()
        if tip is None or tip.suggests is None or played == tip.suggests:
            return None
        if played not in self.game.legal_actions(self.view()):
            return None
        return self.lesson.feedback(self.game, self.view(), played, tip)

    def finished(self) -> bool:
        """The lesson is over: the game ended, or the lesson says so."""
        state = self.table.state
        return state.is_over or self.lesson.finished(self.game, self.view(), frozenset(self.taught))

    def closing(self) -> list[str]:
        """The score explained on the person's board, then the ideas the game ended before
        (a quick win can end a lesson early), by their titles."""
        lines = self.lesson.closing(self.game, self.view())
        titles = {rule.id: rule.title for rule in self.lesson.rules}
        missed = [titles[rule] for rule in self.untaught()]
        if missed:
            lines = [
                *lines,
                "",
                "The game ended before these ideas came up (the rules help explains them): "
                + "; ".join(missed)
                + ".",
            ]
        return lines

    def untaught(self) -> list[str]:
        """The ids of the lesson's rules not taught yet, in the lesson's order."""
        return [rule.id for rule in self.lesson.rules if rule.id not in self.taught]
