"""The basic bot levels: :class:`RandomBot` and :class:`GreedyBot` (see :mod:`gardens_tui.bots`).

Pure Python: no UI imports.
"""

from __future__ import annotations

from typing import Any

from gardens_tui.rules.base import ROLL, Action, Game, GameState, IllegalAction
from gardens_tui.rules.rng import Rng, seed_state


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
