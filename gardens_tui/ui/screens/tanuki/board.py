"""TkBoard: a BoardGrid drawing Tanuki in the Garden, with one colour role per feature.

Tiles carry path ends on their edge columns, so the board draws cell states by text style
(``marker_mode = "style"``: the cursor in reverse video, legal places underlined, the squares
the last walk crossed in bold italic), never over the ends. The garden itself
(:class:`GardenBoard`) draws its cursor as a square of its own colour instead of reverse video.
"""

from __future__ import annotations

from typing import ClassVar

from gardens_tui.ui.screens.tanuki.paint import CELL_STYLES, CURSOR_STYLES, LIGHT_CSS, ROLE_STYLES
from gardens_tui.ui.widgets.board_grid import BoardGrid, MarkerMode
from gardens_tui.ui.widgets.board_layout import Cell


class TkBoard(BoardGrid):
    """A :class:`BoardGrid` with the feature colour roles of :data:`.paint.ROLE_STYLES` as
    component classes (``board-grid--tk-s``, ``-tk-seat0`` …)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        f"board-grid--{role}" for role in (*ROLE_STYLES, *CELL_STYLES, *CURSOR_STYLES)
    }

    MARKER_MODE: ClassVar[MarkerMode] = "style"

    DEFAULT_CSS = (
        "\n".join(
            f"TkBoard > .board-grid--{role} {{ {style} }}"
            for role, style in (*CELL_STYLES.items(), *ROLE_STYLES.items(), *CURSOR_STYLES.items())
        )
        + "\nTkBoard { background: $background; }"
        + "\nTkBoard > .board-grid--legal { background: $panel; }\n"
        + LIGHT_CSS
    )


class GardenBoard(TkBoard):
    """The garden: a :class:`TkBoard` that draws no cursor state itself.

    Reverse video of the whole square turned a tile's lines into gaps in a slab of colour, all
    in one colour (players read the previewed tile from the info line instead), so the screen's
    painter draws the cursor (:func:`~.paint.cursor_paint`: the square tinted, its blanks solid
    blocks, its lines as they are) while the board has the focus. The cursor square is not
    shaded as a legal place either (the shading would underline its lines); the cursor says it
    all there.
    """

    def _state(self, cell: Cell) -> tuple[bool, bool, bool, str]:
        """The shared board's cell state, without the cursor (painted instead, see above)."""
        is_legal, is_last, is_cursor, state = super()._state(cell)
        if is_cursor:
            return False, is_last, False, "last-move" if is_last else "none"
        return is_legal, is_last, is_cursor, state
