"""The end screen of a solo game: a solo game is scored, not won, so instead of "Ann wins."
the result line gives the points and the rating ("Ann scored 0 points: Hatchling."; over a
Game Night, each game's). Everything else is the shared :class:`EndScreen`."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.end import EndScreen


class SoloEndScreen(EndScreen):
    """An :class:`EndScreen` whose result line is ``result`` (drawn literally)."""

    def __init__(self, *args: Any, result: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.result = result

    def on_mount(self) -> None:
        """Put the solo result in place of the winner."""
        self.query_one("#end-result", Static).update(literal(self.result))
