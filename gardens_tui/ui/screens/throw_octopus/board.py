"""ToBoard: a BoardGrid drawing Throw Octopus! tiles, with one colour role per species.

Tiles carry their corners on the cell's edge columns, so the board draws cell states by text
style (``marker_mode = "style"``: the cursor in reverse video, legal places underlined with a
glyph at the free spot, the last tile placed in bold italic), never over the corners. The
cursor keys are the arrows and ``h j k l`` (``w a s d`` are left to the screen's commands).
"""

from __future__ import annotations

from typing import ClassVar

from gardens_tui.ui.screens.throw_octopus.paint import CELL_STYLES, ROLE_STYLES
from gardens_tui.ui.widgets.board_grid import BoardGrid, MarkerMode
from gardens_tui.ui.widgets.board_keys import ARROWS_HJKL, MovementKeys


class ToBoard(BoardGrid):
    """A :class:`BoardGrid` with the roles of :data:`.paint.ROLE_STYLES` and
    :data:`.paint.CELL_STYLES` as component classes (``board-grid--to-o`` …)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        f"board-grid--{role}" for role in (*ROLE_STYLES, *CELL_STYLES)
    }

    MARKER_MODE: ClassVar[MarkerMode] = "style"
    MOVEMENT_KEYS: ClassVar[MovementKeys] = ARROWS_HJKL

    DEFAULT_CSS = (
        "\n".join(
            f"ToBoard > .board-grid--{role} {{ {style} }}"
            for role, style in (*CELL_STYLES.items(), *ROLE_STYLES.items())
        )
        + "\nToBoard { background: $background; }"
        + "\nToBoard > .board-grid--legal { background: $panel; }\n"
    )
