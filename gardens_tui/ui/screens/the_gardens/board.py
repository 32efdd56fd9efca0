"""TgBoard: a BoardGrid drawing The Gardens' cards, with one colour role per feature.

Cards carry path ends on their edge columns, so the board draws cell states by text style
(``marker_mode = "style"``: the cursor in reverse video, legal targets underlined on a green
background, the last move and a walk's cards in bold italic, and a glyph in the card's free
corner), never over the edges.

Only the board with the focus (the one the arrows move) shows its cursor: the display and the
mat each keep a cursor, and two cursors on screen left a player guessing which one the keys
move. The blurred board remembers where its cursor was and shows it again with the focus.

A board with the ``-display`` class (the display) keeps its cards' background on legal targets
(they are underlined and marked in the corner instead): the feature colours are chosen to read on
the card background, not on the green of a legal target. The mat's legal targets are empty cells,
drawn without feature colours, so they keep the green.
"""

from __future__ import annotations

from typing import ClassVar

from gardens_tui.ui.screens.the_gardens.paint import ROLE_STYLES
from gardens_tui.ui.widgets.board_grid import BoardGrid, MarkerMode

FEATURE_CLASSES: set[str] = {f"board-grid--{role}" for role in ROLE_STYLES}
"""The component classes of the feature colour roles."""


def feature_css(widget: str) -> str:
    """Component-class styles of the feature roles for the widget type ``widget``."""
    return "\n".join(
        f"{widget} > .board-grid--{role} {{ {style} }}" for role, style in ROLE_STYLES.items()
    )


class TgBoard(BoardGrid):
    """A :class:`BoardGrid` (cursor, legal and last-move marks, ``CellSelected``) with the
    feature colour roles as extra component classes.

    | Class | Description |
    | :- | :- |
    | `board-grid--tg-wattle` … `board-grid--tg-palm` | The four focal-tree species. |
    | `board-grid--tg-stream`, `-fountain`, `-bench`, `-statue`, `-picnic` | Features. |
    | `board-grid--tg-path` | Path ends. |
    | `board-grid--tg-visitor` | A visitor (and the reserved mark). |
    | `board-grid--tg-name`, `board-grid--tg-landmark` | Card names, landmark codes. |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = FEATURE_CLASSES

    MARKER_MODE: ClassVar[MarkerMode] = "style"

    BLURRED_CURSOR: ClassVar[bool] = False  # (players took the blurred one for a second cursor)

    DEFAULT_CSS = (
        feature_css("TgBoard")
        + """
    TgBoard { background: $background; }
    TgBoard.-display > .board-grid--legal { background: $panel; color: $foreground; }
    """
    )
