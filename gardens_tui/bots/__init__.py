"""Game-agnostic computer players. Pure Python: no UI imports.

A bot sees only its seat's :meth:`~gardens_tui.rules.base.Game.view` of the position and picks one
of the legal actions (:class:`Bot`). Levels, weakest first (:data:`LEVELS`):

- ``random``: any legal action, uniformly.
- ``greedy``: tries every legal action on its view and keeps the one whose result the game's
  :meth:`~gardens_tui.rules.base.Game.evaluate` rates best for its seat (one decision ahead). Ties
  are broken by the bot's own seeded generator, so a bot game is reproducible from its seed.
- ``strong``: information-set Monte Carlo tree search from its view
  (:mod:`gardens_tui.bots.strong`), about a second per decision.
- ``expert``: the same search with four times the time.

A skill decision (:attr:`~gardens_tui.rules.base.Decision.skill`, a dodge the app may turn into a
minigame) is always settled by :data:`~gardens_tui.rules.base.ROLL`, the game's own odds.

This package's ``__init__`` is kept tiny: the table imports it for :data:`LEVELS` when it checks a
seat, and that must not import the bots themselves. They live in :mod:`gardens_tui.bots.basic`
and are imported on first use (:func:`make_bot`, or ``from gardens_tui.bots import GreedyBot``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from gardens_tui.bots.basic import GreedyBot, RandomBot
    from gardens_tui.rules.base import Action, Game, GameState

__all__ = [
    "BASIC_LEVELS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "SEARCH_LEVELS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "make_bot",
]

LEVELS = ("random", "greedy", "strong", "expert")
"""Every bot level, weakest first (the levels :func:`gardens_tui.table.parse_players` accepts)."""

BASIC_LEVELS = ("random", "greedy")
"""The levels that decide at once (no search): the ones to play whole games with in tests."""

SEARCH_LEVELS = ("strong", "expert")
"""The levels that search (:mod:`gardens_tui.bots.strong`) within a time budget."""

DEFAULT_LEVEL = "greedy"
"""The level a new bot seat gets unless someone picks another: it decides at once."""


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
    """A bot of ``level`` (one of :data:`LEVELS`) seeded with ``seed``; ``ValueError`` for an
    unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}")
    if level in SEARCH_LEVELS:
        from gardens_tui.bots import strong

        budget = strong.EXPERT if level == "expert" else strong.STRONG
        return strong.StrongBot(seed, budget, level=level)
    from gardens_tui.bots import basic

    return basic.GreedyBot(seed) if level == "greedy" else basic.RandomBot(seed)


def __getattr__(name: str) -> Any:
    """``RandomBot`` and ``GreedyBot``, imported from :mod:`gardens_tui.bots.basic` on first use."""
    if name in ("RandomBot", "GreedyBot"):
        from gardens_tui.bots import basic

        return getattr(basic, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
