"""Game-agnostic computer players. Pure Python: no UI imports.

A bot sees only its seat's :meth:`~gardens_tui.rules.base.Game.view` of the position and picks one
of the legal actions (:class:`Bot`). Levels, weakest first (:data:`LEVELS`):

- ``random``: any legal action, uniformly.
- ``greedy``: tries every legal action on its view and keeps the one whose result the game's
  :meth:`~gardens_tui.rules.base.Game.evaluate` rates best for its seat (one decision ahead). Ties
  are broken by the bot's own seeded generator, so a bot game is reproducible from its seed.
- ``strong``: information-set Monte Carlo tree search from its view
  (:mod:`gardens_tui.bots.strong`), about a second per decision (less when its choice settles
  sooner: :attr:`.strong.SearchBudget.settle`).
- ``expert``: the same search with four times the time (in Octopus's Garden and Seabed
  Neighbours with knobs of its own, :data:`.strong.EXPERT`).

A search level may carry its own **thinking budget** after ``@`` (:func:`parse_bot`, the one
check of a level string everywhere one is stored or typed): ``strong@2s`` thinks two seconds a
decision, ``expert@1.5s`` one and a half, ``strong@5000`` runs 5000 search iterations (no clock:
reproducible from the seed). Seconds lie in :data:`MIN_SECONDS` .. :data:`MAX_SECONDS` (a tenth
of a second is the least that still searches; a minute is the most anyone waits at a table) and
iterations in :data:`MIN_ITERATIONS` .. :data:`MAX_ITERATIONS`. ``random`` and ``greedy`` decide
at once and take no budget. The level string (budget included) is what a seat stores, so a save
keeps it; a plain ``strong`` is the level's default budget.

A skill decision (:attr:`~gardens_tui.rules.base.Decision.skill`, a dodge the app may turn into a
minigame) is always settled by :data:`~gardens_tui.rules.base.ROLL`, the game's own odds.

This package's ``__init__`` is kept tiny: the table imports it for :data:`LEVELS` when it checks a
seat, and that must not import the bots themselves. They live in :mod:`gardens_tui.bots.basic`
and are imported on first use (:func:`make_bot`, or ``from gardens_tui.bots import GreedyBot``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from gardens_tui.bots.basic import GreedyBot, RandomBot
    from gardens_tui.rules.base import Action, Game, GameState

__all__ = [
    "BASIC_LEVELS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "MIN_ITERATIONS",
    "MIN_SECONDS",
    "SEARCH_LEVELS",
    "Bot",
    "BotSpec",
    "GreedyBot",
    "RandomBot",
    "check_bot",
    "make_bot",
    "parse_bot",
]

LEVELS = ("random", "greedy", "strong", "expert")
"""Every bot level, weakest first (the levels :func:`gardens_tui.table.parse_players` accepts)."""

BASIC_LEVELS = ("random", "greedy")
"""The levels that decide at once (no search): the ones to play whole games with in tests."""

SEARCH_LEVELS = ("strong", "expert")
"""The levels that search (:mod:`gardens_tui.bots.strong`) within a time budget."""

DEFAULT_LEVEL = "greedy"
"""The level a new bot seat gets unless someone picks another: it decides at once."""

MIN_SECONDS = 0.1
"""The shortest thinking time a search level may be given (``strong@0.1s``)."""

MAX_SECONDS = 60.0
"""The longest thinking time a search level may be given (``expert@60s``): a minute a decision."""

MIN_ITERATIONS = 10
"""The fewest search iterations a search level may be given (``strong@10``)."""

MAX_ITERATIONS = 1_000_000
"""The most search iterations a search level may be given (``expert@1000000``)."""

_BUDGET_RE = re.compile(r"(?P<number>[0-9]+(?:\.[0-9]+)?)(?P<unit>s?)")


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot level with its thinking budget, as :func:`parse_bot` read it.

    ``level`` is one of :data:`LEVELS`; a search level may have ``seconds`` or ``iterations``
    (never both; neither: the level's default budget). :attr:`text` is the canonical string a
    seat stores (``strong``, ``strong@2s``, ``strong@1.5s``, ``strong@5000``).
    """

    level: str
    seconds: float | None = None
    iterations: int | None = None

    @property
    def text(self) -> str:
        """The canonical level string: ``LEVEL``, ``LEVEL@SECONDSs`` or ``LEVEL@ITERATIONS``."""
        if self.seconds is not None:
            return f"{self.level}@{self.seconds:g}s"
        if self.iterations is not None:
            return f"{self.level}@{self.iterations}"
        return self.level

    def __str__(self) -> str:
        return self.text


def parse_bot(text: str) -> BotSpec:
    """Read a bot level string, ``LEVEL`` or ``LEVEL@BUDGET`` (see the module docstring).

    ``BUDGET`` is seconds with an ``s`` (``2s``, ``1.5s``: :data:`MIN_SECONDS` ..
    :data:`MAX_SECONDS`) or a whole number of iterations (:data:`MIN_ITERATIONS` ..
    :data:`MAX_ITERATIONS`). Raises ``ValueError`` saying what is wrong: an unknown level, a
    budget on a level that does not search, a malformed or out-of-range budget.
    """
    level, at, budget = text.partition("@")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}")
    if not at:
        return BotSpec(level)
    if level not in SEARCH_LEVELS:
        raise ValueError(
            f"a budget is for {' and '.join(SEARCH_LEVELS)} only: {level} decides at once"
        )
    match = _BUDGET_RE.fullmatch(budget) if len(budget) <= 16 else None
    if match is None:
        raise ValueError(
            f"bad budget {budget!r} for {level}: give seconds (e.g. {level}@2s) or "
            f"a number of iterations (e.g. {level}@5000)"
        )
    number, unit = match["number"], match["unit"]
    if unit == "s":
        seconds = float(number)
        if not (math.isfinite(seconds) and MIN_SECONDS <= seconds <= MAX_SECONDS):
            raise ValueError(f"seconds must be between {MIN_SECONDS:g} and {MAX_SECONDS:g}")
        return BotSpec(level, seconds=seconds)
    if "." in number:
        raise ValueError(f"iterations must be a whole number (write {level}@{budget}s for seconds)")
    iterations = int(number)
    if not MIN_ITERATIONS <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be between {MIN_ITERATIONS} and {MAX_ITERATIONS}")
    return BotSpec(level, iterations=iterations)


def check_bot(text: str) -> str:
    """The canonical form of the bot level string ``text`` (``strong@2.0s`` is ``strong@2s``);
    ``ValueError`` as :func:`parse_bot` says."""
    return parse_bot(text).text


class Bot(Protocol):
    """A computer player: given the game and a position, choose a legal action."""

    level: str

    def choose(self, game: Game[Any], state: GameState) -> Action:
        """A legal action for ``state.current_player``, decided from that seat's view only.

        ``state`` is usually that seat's view already (the driver hands bots nothing else);
        a full state is viewed first. Raises ``ValueError`` when no decision is pending.
        """
        ...


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` (a level string :func:`parse_bot` accepts, budget included) seeded
    with ``seed``; ``ValueError`` as :func:`parse_bot` says. A search level gets its own budget
    (seconds or iterations) in place of the level's default time; the bot's ``level`` is the
    canonical level string."""
    spec = parse_bot(level)
    if spec.level in SEARCH_LEVELS:
        from gardens_tui.bots import strong

        budget = strong.LEVEL_BUDGETS[spec.level]
        if spec.seconds is not None:
            budget = replace(budget, seconds=spec.seconds, iterations=None)
        elif spec.iterations is not None:
            budget = budget.with_iterations(spec.iterations)
        return strong.StrongBot(seed, budget, level=spec.text)
    from gardens_tui.bots import basic

    return basic.GreedyBot(seed) if spec.level == "greedy" else basic.RandomBot(seed)


def __getattr__(name: str) -> Any:
    """``RandomBot`` and ``GreedyBot``, imported from :mod:`gardens_tui.bots.basic` on first use."""
    if name in ("RandomBot", "GreedyBot"):
        from gardens_tui.bots import basic

        return getattr(basic, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
