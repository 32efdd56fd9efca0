"""The rules engine: pure Python, standard library only, deterministic from a seed.

Nothing here imports Textual or Rich. See :mod:`gardens_tui.rules.base` for the contract every game
implements and :mod:`gardens_tui.rules.registry` for the list of games.
"""

from gardens_tui.rules.base import (
    Action,
    Decision,
    Game,
    GameSpec,
    GameState,
    IllegalAction,
    Option,
    Outcome,
    Scores,
)
from gardens_tui.rules.registry import GAMES, get_game, register

__all__ = [
    "GAMES",
    "Action",
    "Decision",
    "Game",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "Option",
    "Outcome",
    "Scores",
    "get_game",
    "register",
]
