"""The contract of a guided first game ("Learn to play"): what each game's lesson says.

Each game's lesson lives in its rules package (``gardens_tui/rules/<pkg>/lesson.py``, a
module-level ``LESSON``), next to the rules it teaches, and keeps this contract:

- its fixed deal (:attr:`Lesson.seed`, :attr:`Lesson.options`) and its gentle opponents
  (:attr:`Lesson.opponents`, bot levels); the person sits in seat 1 (index 0, :data:`PERSON`)
  and is called "You";
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
(never typed in), and :attr:`Tip.numbers` names them. Pure Python, like the rest of the rules:
:mod:`gardens_tui.lessons` plays a lesson (its table, its bots, what was taught).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from gardens_tui.rules.base import Action, Game, GameState, OptionValue

PERSON = 0
"""The person's seat in every lesson (seat 1, as people count)."""

PERSON_NAME = "You"
"""The person's name at a lesson's table."""


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
