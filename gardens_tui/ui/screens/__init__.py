"""The app's screens, and the registry of game screens by game id.

A game may have a screen package of its own, ``gardens_tui/ui/screens/<pkg>/``, named like its
rules package ``gardens_tui/rules/<pkg>/``. Importing that package registers its screen, a
:class:`~gardens_tui.ui.screens.game_base.GameScreen` subclass decorated with
:func:`register_screen`. Nothing else lists it: :func:`screen_for` imports the screen package
of the game being opened, and :func:`load_game_screens` imports every screen package (found with
:mod:`pkgutil`). A game without a screen of its own is played on
:class:`~gardens_tui.ui.screens.text_game.TextGameScreen` (its text rendering and a list of its
legal actions), so every registered game is playable from the app.

Screen packages are imported on first use, not at start-up, so the main menu appears sooner.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    # Not at run time: importing this package (for the main menu) must not import the games.
    from gardens_tui.ui.screens.game_base import GameScreen

GAME_SCREENS: dict[str, type[GameScreen]] = {}
"""Game screens by game id (complete once :func:`load_game_screens` has run)."""

G = TypeVar("G", bound="type[GameScreen]")


def register_screen(game_id: str) -> Callable[[G], G]:
    """Class decorator: make the decorated :class:`GameScreen` the screen of ``game_id``."""

    def decorate(cls: G) -> G:
        GAME_SCREENS[game_id] = cls
        return cls

    return decorate


def screen_packages() -> list[str]:
    """The full names of the game screen packages: every subpackage of this package, sorted."""
    return [
        f"{__name__}.{info.name}"
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name)
        if info.ispkg and not info.name.startswith("_")
    ]


def load_game_screens() -> dict[str, type[GameScreen]]:
    """Import every game screen package (once) and return :data:`GAME_SCREENS`."""
    for package in screen_packages():
        importlib.import_module(package)
    return GAME_SCREENS


def _load_screen_of(game_id: str) -> None:
    """Import the screen package named like ``game_id``'s rules package, if there is one."""
    from gardens_tui.rules.registry import game_package

    rules_package = game_package(game_id)
    if rules_package is None:
        return
    name = f"{__name__}.{rules_package.rpartition('.')[2]}"
    if name in screen_packages():
        importlib.import_module(name)


def screen_for(game_id: str) -> type[GameScreen]:
    """The screen class for ``game_id``; the generic text screen when it has none of its own."""
    from gardens_tui.ui.screens.text_game import TextGameScreen

    if game_id not in GAME_SCREENS:
        _load_screen_of(game_id)
    return GAME_SCREENS.get(game_id, TextGameScreen)
