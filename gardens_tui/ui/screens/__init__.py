"""The app's screens, and the registry of game screens by game id.

Each game's screen subclasses :class:`~gardens_tui.ui.screens.game_base.GameScreen`, registers
itself with :func:`register_screen` and has its module listed in :data:`GAME_SCREEN_MODULES`. A
game without a screen of its own is played on
:class:`~gardens_tui.ui.screens.text_game.TextGameScreen` (its text rendering and a list of its
legal actions), so every registered game is playable from the app.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    # Not at run time: importing this package (for the main menu) must not import the games.
    from gardens_tui.ui.screens.game_base import GameScreen

GAME_SCREENS: dict[str, type[GameScreen]] = {}
"""Game screens by game id (complete once :func:`load_game_screens` has run)."""

GAME_SCREEN_MODULES: tuple[str, ...] = ("gardens_tui.ui.screens.octopus_garden",)
"""The modules of the games' own screens, each registering itself with :func:`register_screen`
when imported. They are imported on first use, not at start-up, so the main menu appears sooner."""

G = TypeVar("G", bound="type[GameScreen]")


def register_screen(game_id: str) -> Callable[[G], G]:
    """Class decorator: make the decorated :class:`GameScreen` the screen of ``game_id``."""

    def decorate(cls: G) -> G:
        GAME_SCREENS[game_id] = cls
        return cls

    return decorate


def load_game_screens() -> dict[str, type[GameScreen]]:
    """Import every module of :data:`GAME_SCREEN_MODULES` (once) and return :data:`GAME_SCREENS`."""
    for module in GAME_SCREEN_MODULES:
        importlib.import_module(module)
    return GAME_SCREENS


def screen_for(game_id: str) -> type[GameScreen]:
    """The screen class for ``game_id``; the generic text screen when it has none of its own."""
    from gardens_tui.ui.screens.text_game import TextGameScreen

    return load_game_screens().get(game_id, TextGameScreen)
