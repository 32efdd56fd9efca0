"""The app's screens, and the registry of game screens by game id.

Each game's screen subclasses :class:`~gardens_tui.ui.screens.game_base.GameScreen` and registers
itself with :func:`register_screen`. A game without a screen of its own is played on
:class:`~gardens_tui.ui.screens.text_game.TextGameScreen` (its text rendering and a list of its
legal actions), so every registered game is playable from the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from gardens_tui.ui.screens.game_base import GameScreen

GAME_SCREENS: dict[str, type[GameScreen]] = {}
"""Game screens by game id."""

G = TypeVar("G", bound=type[GameScreen])


def register_screen(game_id: str) -> Callable[[G], G]:
    """Class decorator: make the decorated :class:`GameScreen` the screen of ``game_id``."""

    def decorate(cls: G) -> G:
        GAME_SCREENS[game_id] = cls
        return cls

    return decorate


def screen_for(game_id: str) -> type[GameScreen]:
    """The screen class for ``game_id``; the generic text screen when it has none of its own."""
    from gardens_tui.ui.screens.text_game import TextGameScreen

    return GAME_SCREENS.get(game_id, TextGameScreen)


# Game screens register themselves when imported; import each one explicitly here.
from gardens_tui.ui.screens import octopus_garden as _octopus_garden  # noqa: E402, F401
