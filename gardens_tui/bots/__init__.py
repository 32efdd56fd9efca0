"""Game-agnostic computer players. Pure Python: no UI imports.

A bot sees only its seat's :meth:`~gardens_tui.rules.base.Game.view` of the position and picks one
of the legal actions. Levels, weakest first:

A skill decision (:attr:`~gardens_tui.rules.base.Decision.skill`, a dodge the app may turn into a
minigame) is always settled by :data:`~gardens_tui.rules.base.ROLL`, the game's own odds.

- ``random``: any legal action, uniformly.
- ``greedy``: tries every legal action on its view and keeps the one whose result the game's
  :meth:`~gardens_tui.rules.base.Game.evaluate` rates best for its seat (one decision ahead). Ties
  are broken by the bot's own seeded generator, so a bot game is reproducible from its seed.
"""

from __future__ import annotations

from typing import Any, Protocol

from gardens_tui.rules.base import ROLL, Action, Game, GameState, IllegalAction
from gardens_tui.rules.rng import Rng, seed_state

LEVELS = ("random", "greedy")
"""Every bot level, weakest first (the same list as :data:`gardens_tui.table.BOT_KINDS`)."""


class Bot(Protocol):
    """A computer player: given the game and the position, choose a legal action."""

    level: str

    def choose(self, game: Game[Any], state: GameState) -> Action:
        """A legal action for ``state.current_player``, decided from that seat's view only."""
        ...


def _is_skill(state: GameState) -> bool:
    """A skill decision (a dodge): bots settle it by the game's odds, never by picking."""
    decision = state.decision
    return decision is not None and decision.skill is not None


class RandomBot:
    """Plays a uniformly random legal action."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed_state(seed))

    def choose(self, game: Game[Any], state: GameState) -> Action:
        """Any legal action, uniformly."""
        actions = game.legal_actions(state)
        if not actions:
            raise ValueError("no decision is pending: the game is over")
        if _is_skill(state):
            return ROLL
        return self._rng.choice(actions)


class GreedyBot:
    """Looks one decision ahead and keeps the action the game's evaluation rates best."""

    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed_state(seed))

    def choose(self, game: Game[Any], state: GameState) -> Action:
        """The legal action whose resulting position :meth:`Game.evaluate` rates highest."""
        seat = state.current_player
        if seat is None:
            raise ValueError("no decision is pending: the game is over")
        actions = game.legal_actions(state)
        if _is_skill(state):
            return ROLL
        if len(actions) == 1:
            return actions[0]
        view = game.view(state, seat)
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            try:
                value = game.evaluate(game.apply(view, action), seat)
            except IllegalAction:
                # An action whose outcome depends on hidden information the view lacks: rate it
                # from the current position instead of guessing.
                value = game.evaluate(view, seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self._rng.choice(best)


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`); ``ValueError`` for an unknown level."""
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    raise ValueError(f"unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}")
