"""The contract of a lesson, and :class:`LessonRun`, which plays one.

A lesson (:class:`Lesson`) says:

- its game, its fixed deal (:attr:`Lesson.seed`, options) and its gentle opponents
  (:attr:`Lesson.opponents`, bot levels); the person sits in seat 1 (index 0) as "You";
- :attr:`Lesson.rules`: every core rule of the game the lesson touches, in the order a player
  meets them (each a :class:`Rule`: an id and a title). The tests play the lesson to its end
  with the suggested moves and with random legal moves, and check that every rule was taught;
- :meth:`Lesson.tip`: at each of the person's decisions, on the person's **view** (nothing
  hidden from them), given the rules taught so far, the one idea to explain now (a
  :class:`Tip`: the rule, the words, the places to point at, the move to suggest, and every
  number the words state, so that the tests can check it against the position), or ``None``
  (nothing new: the person plays on);
- :meth:`Lesson.feedback`: after the person played another move than the one suggested, a line
  saying why the suggestion was better, or that theirs works too (the lesson adapts: the next
  tip is worked out on the new position);
- :meth:`Lesson.finished`: when the lesson ends (every rule taught and the lesson's story told:
  a lesson is 5 to 10 minutes, so it may end before the game does);
- :meth:`Lesson.closing`: the score explained on the person's own board at the end;
- :meth:`Lesson.places`: every place name a tip may point at in a position (the tests check
  each highlight is one).

Every text is ours, checked against the rulebook; numbers in a text come from the position
(never typed in), and :attr:`Tip.numbers` names them.

:class:`LessonRun` holds the lesson's table, plays the gentle bots between the person's turns,
works out each tip once per decision (marking its rule taught when it is shown), and gives the
feedback and the closing. What was taught is a function of the history (each tip is a function
of the view and what was taught before), so a lesson saved as an ordinary save file resumes
where it was (:meth:`LessonRun.resume`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from gardens_tui.driver import Driver
from gardens_tui.rules.base import Action, Game, GameState, OptionValue
from gardens_tui.table import Seat, Setup, Table, lone_action

PERSON = 0
"""The person's seat in every lesson (seat 1, as people count)."""

PERSON_NAME = "You"


@dataclass(frozen=True, slots=True)
class Rule:
    """A core rule a lesson teaches: a stable ``id`` (``buy``, ``plant``...) and a ``title``
    in players' words (``Buying a row or column of the market``)."""

    id: str
    title: str


@dataclass(frozen=True, slots=True)
class Tip:
    """What the coach says at one decision: the ``rule`` it teaches (a :attr:`Rule.id`), the
    ``text`` (our words, one idea), the ``places`` on the board it points at (names in the
    game's notation: ``m4``, ``c3``, ``t19``...), the move it ``suggests`` (``None``: any), and
    ``numbers``: every number the text states, by what it counts (``{"pearls": 4, "cost":
    3}``), for the tests to check against the position."""

    rule: str
    text: str
    places: tuple[str, ...] = ()
    suggests: Action | None = None
    numbers: Mapping[str, int] = field(default_factory=dict)


class Lesson(ABC):
    """One game's guided first game (see the module docstring)."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    """``Learn Octopus's Garden``."""
    rules: ClassVar[tuple[Rule, ...]]
    seed: ClassVar[int]
    options: ClassVar[Mapping[str, OptionValue]] = {}
    opponents: ClassVar[tuple[str, ...]] = ("random",)
    """The bot levels of the other seats, in seat order after the person."""
    intro: ClassVar[tuple[str, ...]] = ()
    """What the lesson says before the first decision (the goal of the game, in a few lines)."""

    def setup(self) -> Setup:
        """The lesson's table: the person as "You" in seat 1, the gentle bots after."""
        bots = (Seat(f"Bot {i + 2}", level) for i, level in enumerate(self.opponents))
        seats = (Seat(PERSON_NAME), *bots)
        return Setup(self.game_id, seats, dict(self.options), self.seed)

    @abstractmethod
    def tip(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> Tip | None:
        """The tip for the person's decision in ``view`` (their own view), ``taught`` the
        rules taught before; ``None`` when there is nothing new to say."""

    @abstractmethod
    def feedback(self, game: Game[Any], view: GameState, played: Action, tip: Tip) -> str:
        """One line after the person played ``played`` where ``tip`` suggested another move
        (``view``: the position they played it in): why the suggestion was better, or that
        theirs works too."""

    @abstractmethod
    def finished(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> bool:
        """Whether the lesson is over at ``view`` (the person's view, between decisions)."""

    @abstractmethod
    def closing(self, game: Game[Any], view: GameState) -> list[str]:
        """The score explained on the person's own board (``view``: their view at the end)."""

    @abstractmethod
    def places(self, game: Game[Any], view: GameState) -> frozenset[str]:
        """Every place name a tip may point at in ``view``."""


class LessonRun:
    """One lesson being played (see the module docstring). Every method runs on the table's
    thread; the person's moves go through :meth:`play`."""

    def __init__(self, lesson: Lesson, table: Table | None = None) -> None:
        self.lesson = lesson
        self.table = table if table is not None else Table(lesson.setup())
        self.driver = Driver(self.table)
        self.taught: set[str] = set()
        self._tips: dict[int, Tip | None] = {}
        """The tip worked out at each position of the person's decisions (``None``: none)."""

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

    def play_bots(self) -> list[Action]:
        """The gentle bots' decisions until the person must decide or the game ends."""
        played = []
        while (action := self.driver.step()) is not None:
            played.append(action)
        return played

    def _tip_at(self, index: int, view: GameState) -> Tip | None:
        if index not in self._tips:
            tip = self.lesson.tip(self.game, view, frozenset(self.taught))
            self._tips[index] = tip
            if tip is not None:
                self.taught.add(tip.rule)
        return self._tips[index]

    def tip(self) -> Tip | None:
        """The tip for the person's decision now (worked out once per position; its rule
        counts as taught from then on), or ``None``."""
        state = self.table.state
        if state.current_player != PERSON or self._forced(state):
            return None
        return self._tip_at(len(self.table.actions), self.view())

    def feedback(self, played: Action) -> str | None:
        """The line for ``played``, about to be played at the person's decision now: ``None``
        when it is the suggested move or nothing was suggested."""
        tip = self.tip()
        if tip is None or tip.suggests is None or played == tip.suggests:
            return None
        return self.lesson.feedback(self.game, self.view(), played, tip)

    def finished(self) -> bool:
        """The lesson is over: the game ended, or the lesson says so."""
        state = self.table.state
        return state.is_over or self.lesson.finished(self.game, self.view(), frozenset(self.taught))

    def closing(self) -> list[str]:
        """The score explained on the person's board."""
        return self.lesson.closing(self.game, self.view())

    def untaught(self) -> list[str]:
        """The ids of the lesson's rules not taught yet, in the lesson's order."""
        return [rule.id for rule in self.lesson.rules if rule.id not in self.taught]
