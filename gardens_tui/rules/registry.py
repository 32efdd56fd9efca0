"""The game registry: every playable game by its id.

Games register themselves here (``GAMES["octopus-garden"]``); the app, the command line, the save
module and the conformance tests look games up only through :func:`get_game`.
"""

from __future__ import annotations

from typing import Any

from gardens_tui.rules.base import Game

GAMES: dict[str, Game[Any]] = {}
"""Registered games by id, in the order they were registered."""


def register(game: Game[Any]) -> Game[Any]:
    """Add ``game`` under its ``spec.id``; ``ValueError`` if that id is already taken."""
    game_id = game.spec.id
    if game_id in GAMES and GAMES[game_id] is not game:
        raise ValueError(f"a game with id {game_id!r} is already registered")
    GAMES[game_id] = game
    return game


def get_game(game_id: str) -> Game[Any]:
    """The game called ``game_id``; ``ValueError`` listing the known ids if there is none."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES) or "none"
        raise ValueError(f"unknown game {game_id!r}; the games are: {known}") from None


def _register_builtin_games() -> None:
    from gardens_tui.rules.octopus_garden import GAME as OCTOPUS_GARDEN

    register(OCTOPUS_GARDEN)


_register_builtin_games()
