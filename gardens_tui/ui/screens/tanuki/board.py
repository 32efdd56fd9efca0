"""TkBoard: a BoardGrid drawing Tanuki in the Garden, with one colour role per feature.

Tiles carry path ends on their edge columns, so the board draws cell states by text style
(``marker_mode = "style"``: the cursor in reverse video, legal places underlined, the squares
the last walk crossed in bold italic), never over the ends.
"""

from __future__ import annotations

from typing import ClassVar

from gardens_tui.ui.screens.tanuki.paint import CELL_STYLES, ROLE_STYLES
from gardens_tui.ui.widgets.board_grid import BoardGrid, MarkerMode


class TkBoard(BoardGrid):
    """A :class:`BoardGrid` with the feature colour roles of :data:`.paint.ROLE_STYLES` as
    component classes (``board-grid--tk-s``, ``-tk-seat0`` …)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        f"board-grid--{role}" for role in (*ROLE_STYLES, *CELL_STYLES)
    }

    MARKER_MODE: ClassVar[MarkerMode] = "style"

    DEFAULT_CSS = (
        "\n".join(
            f"TkBoard > .board-grid--{role} {{ {style} }}"
            for role, style in (*CELL_STYLES.items(), *ROLE_STYLES.items())
        )
        + "\nTkBoard { background: $background; }"
        + "\nTkBoard > .board-grid--legal { background: $panel; }\n"
    )
