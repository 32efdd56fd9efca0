"""SbBoard: a BoardGrid drawing Seabed Neighbours tiles, with one colour role per feature,
thing and team.

Tiles carry their features up to the cell's edge, so the board draws cell states by text style
(``marker_mode = "style"``: the cursor in reverse video, legal places underlined with a glyph
at a free place's spot, the last tile placed in bold italic), never over the tile. The cursor
keys are the arrows and ``h j k l``.
"""

from __future__ import annotations

from typing import ClassVar

from gardens_tui.ui.screens.seabed.paint import CELL_STYLES, ROLE_STYLES
from gardens_tui.ui.widgets.board_grid import BoardGrid, MarkerMode
from gardens_tui.ui.widgets.board_keys import ARROWS_HJKL, MovementKeys


class SbBoard(BoardGrid):
    """A :class:`BoardGrid` with the roles of :data:`.paint.ROLE_STYLES` and
    :data:`.paint.CELL_STYLES` as component classes (``board-grid--sb-reef`` …)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        f"board-grid--{role}" for role in (*ROLE_STYLES, *CELL_STYLES)
    }

    MARKER_MODE: ClassVar[MarkerMode] = "style"
    MOVEMENT_KEYS: ClassVar[MovementKeys] = ARROWS_HJKL

    DEFAULT_CSS = (
        "\n".join(
            f"SbBoard > .board-grid--{role} {{ {style} }}"
            for role, style in (*CELL_STYLES.items(), *ROLE_STYLES.items())
        )
        + "\nSbBoard { background: $background; }"
        + "\nSbBoard > .board-grid--legal { background: $panel; }\n"
    )
