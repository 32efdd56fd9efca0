"""OgBoard: a BoardGrid with one colour per kind of Octopus's Garden token.

Cells name their colour with a :class:`~gardens_tui.ui.widgets.board_grid.CellPaint` role
(``og-seagrass``, ``og-coral`` …); the letters on the cells tell the tokens apart as well, so the
colours only help. Theme text colours keep every theme readable.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events

from gardens_tui.ui.screens.octopus_garden.paint import ROLE_STYLES
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell

TOKEN_CLASSES: set[str] = {f"board-grid--{role}" for role in ROLE_STYLES}
"""The component classes of the token colour roles."""


def token_css(widget: str, background: str = "$panel") -> str:
    """Component-class styles of the token colour roles for the widget type ``widget``."""
    return "\n".join(
        f"{widget} > .board-grid--{role} {{ background: {background}; {style} }}"
        for role, style in ROLE_STYLES.items()
    )


class OgBoard(BoardGrid):
    """A :class:`BoardGrid` (cursor, legal and last-move marks, ``CellSelected``) with the token
    colour roles as extra component classes.

    | Class | Description |
    | :- | :- |
    | `board-grid--og-seagrass` | Seagrass (and a mimic octopus declared seagrass). |
    | `board-grid--og-anemone` | Anemones, mimic anemones, boxer crabs. |
    | `board-grid--og-coral` | Coral. |
    | `board-grid--og-star` | Sea stars and lionfish. |
    | `board-grid--og-oyster` | Oyster tokens. |
    | `board-grid--og-crab` | Hermit crabs (with or without a home) and empty shells. |
    | `board-grid--og-relic` | Relics and treasure chests. |
    | `board-grid--og-trash` | Trash. |
    | `board-grid--og-module` | Every other module token. |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = TOKEN_CLASSES

    DEFAULT_CSS = token_css("OgBoard")

    _clicked: Cell | None = None

    def on_click(self, event: events.Click) -> None:
        """Note the clicked cell (the base's handler, called next, selects it), so the screen
        can tell a click from Enter: :meth:`chosen_by_click`."""
        self._clicked = self._cell_under(event)

    def chosen_by_click(self, cell: Cell) -> bool:
        """Whether the selection of ``cell`` being handled now came from a click (asked once
        per selection: the click is forgotten)."""
        clicked, self._clicked = self._clicked, None
        return clicked is not None and clicked == cell
