"""The rules engine: pure Python, standard library only, deterministic from a seed.

Nothing here imports Textual or Rich. See :mod:`gardens_tui.rules.base` for the contract every game
implements and :mod:`gardens_tui.rules.registry` for the games: every subpackage here
(``octopus_garden/``, ...) is one game, found by the registry without a list to edit.

The names below are loaded when first used: importing a small module of the package (the app's
main menu uses :mod:`gardens_tui.rules.safe_text` to show text safely) must not import, and so
register, every game's engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from gardens_tui.rules.registry import GAMES, game_specs, get_game, get_spec, register

_HOMES = {
    **dict.fromkeys(
        (
            "Action",
            "Decision",
            "Game",
            "GameSpec",
            "GameState",
            "IllegalAction",
            "Option",
            "Outcome",
            "Scores",
        ),
        "base",
    ),
    **dict.fromkeys(("GAMES", "game_specs", "get_game", "get_spec", "register"), "registry"),
}

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
    "game_specs",
    "get_game",
    "get_spec",
    "register",
]


def __getattr__(name: str) -> Any:
    """``gardens_tui.rules.Game`` and the like, imported from their module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
