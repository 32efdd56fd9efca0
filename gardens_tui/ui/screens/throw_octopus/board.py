"""ToBoard: a BoardGrid drawing Throw Octopus! tiles, with one colour role per species.

Tiles carry their corners on the cell's edge columns, so the board draws cell states by text
style (``marker_mode = "style"``: the cursor in reverse video, legal places underlined with a
glyph at the free spot, the last tile placed in bold italic), never over the corners. The
cursor keys are the arrows and ``h j k l`` (``w a s d`` are left to the screen's commands).

The seascape never shows part of a tile at the view's edge: when the map is bigger than the box
it sits in (:class:`SeaBox`), the board is made a whole number of tiles wide and high
(:meth:`ToBoard.fit_into`) and it scrolls by whole tiles only (a scroll lands on the tile
border on the side it moves to). :meth:`ToBoard.show_cells` scrolls the tiles just placed into
view, so the view follows the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual import events
from textual.containers import Container
from textual.geometry import Region, Size

from gardens_tui.ui.screens.throw_octopus.paint import CELL_STYLES, ROLE_STYLES
from gardens_tui.ui.widgets.board_grid import BoardGrid, MarkerMode
from gardens_tui.ui.widgets.board_keys import ARROWS_HJKL, MovementKeys
from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell
from gardens_tui.ui.widgets.sparse_layout import SparseLayout


def whole_cells(room: int, pitch: int, gap: int) -> int:
    """The widest span of whole cells (``pitch`` apart, ``gap`` between two) in ``room``
    columns or rows (at least one cell)."""
    return max(1, (room + gap) // pitch) * pitch - gap


def snap(value: float, current: float, start: int, pitch: int, most: float) -> float:
    """``value`` (a scroll offset, at most ``most``) on a cell border ``start + k * pitch``:
    the next one on the side it moves to from ``current`` (the nearest when it does not
    move)."""
    if most <= 0 or pitch <= 0:
        return 0
    steps = (value - start) / pitch
    if value > current:
        k = -int(-steps // 1)  # ceil
    elif value < current:
        k = int(steps // 1)  # floor
    else:
        k = round(steps)
    last = max(0, int((most - start) // pitch))
    k = min(max(k, 0), last)
    return float(min(start + k * pitch, most))


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._room: Size | None = None
        self._max_size: tuple[int, int] | None = None  # the max width and height set last

    # --- whole tiles in view ------------------------------------------------------------------

    def _grid(self) -> SparseLayout | None:
        layout = self.board_layout
        return layout if isinstance(layout, SparseLayout) else None

    def fit_into(self, room: Size) -> None:
        """Size the board for a box of ``room``: a map bigger than the box gets a whole number
        of tiles along that axis (plus its scrollbars), so no tile is cut at the edge."""
        self._room = room
        grid = self._grid()
        if grid is None:
            return
        width, height = room
        bar_w = self.styles.scrollbar_size_vertical
        bar_h = self.styles.scrollbar_size_horizontal
        need_x, need_y = grid.width > width, grid.height > height
        for _ in range(2):  # a scrollbar on one axis takes room from the other
            need_x = grid.width > width - (bar_w if need_y else 0)
            need_y = grid.height > height - (bar_h if need_x else 0)
        max_w, max_h = width, height
        if need_x:
            room_x = width - (bar_w if need_y else 0)
            max_w = whole_cells(room_x, grid.pitch_x, grid.gap_x) + (bar_w if need_y else 0)
        if need_y:
            room_y = height - (bar_h if need_x else 0)
            max_h = whole_cells(room_y, grid.pitch_y, grid.gap_y) + (bar_h if need_x else 0)
        if self._max_size != (max_w, max_h):  # a style set again lays the screen out again
            self._max_size = (max_w, max_h)
            self.styles.max_width, self.styles.max_height = max_w, max_h
        self.call_after_refresh(self.snap_scroll)

    def set_layout(self, layout: BoardLayout, *args: Any, **kwargs: Any) -> None:
        """:meth:`BoardGrid.set_layout`, then fit the box again (the map may have outgrown
        it)."""
        super().set_layout(layout, *args, **kwargs)
        if self._room is not None:
            self.fit_into(self._room)

    def on_resize(self, event: events.Resize) -> None:
        """A new size: back on tile borders."""
        self.call_after_refresh(self.snap_scroll)

    def snap_scroll(self) -> None:
        """Put the scroll position on the nearest tile borders."""
        if self.is_mounted:
            self.scroll_to(self.scroll_x, self.scroll_y, animate=False, immediate=True)

    def _snap_x(self, value: float, current: float) -> float:
        grid = self._grid()
        if grid is None:
            return value
        return snap(value, current, grid.margin[0], grid.pitch_x, self.max_scroll_x)

    def _snap_y(self, value: float, current: float) -> float:
        grid = self._grid()
        if grid is None:
            return value
        return snap(value, current, grid.margin[1], grid.pitch_y, self.max_scroll_y)

    def validate_scroll_x(self, value: float) -> float:
        """Scroll by whole tiles (see the module docstring)."""
        return self._snap_x(super().validate_scroll_x(value), self.scroll_x)

    def validate_scroll_target_x(self, value: float) -> float:
        """Scroll by whole tiles (see the module docstring)."""
        return self._snap_x(super().validate_scroll_target_x(value), self.scroll_target_x)

    def validate_scroll_y(self, value: float) -> float:
        """Scroll by whole tiles (see the module docstring)."""
        return self._snap_y(super().validate_scroll_y(value), self.scroll_y)

    def validate_scroll_target_y(self, value: float) -> float:
        """Scroll by whole tiles (see the module docstring)."""
        return self._snap_y(super().validate_scroll_target_y(value), self.scroll_target_y)

    def action_move_cursor(self, dx: int, dy: int) -> None:
        """:meth:`BoardGrid.action_move_cursor`, and the cursor's tile is in view afterwards
        even when it could not move (at the map's edge): the view may have followed the play
        elsewhere since the cursor last moved."""
        super().action_move_cursor(dx, dy)
        self.scroll_to_cursor()

    def visible_region(self) -> Region:
        """The part of the map in view (map coordinates)."""
        return Region(int(self.scroll_x), int(self.scroll_y), *self.scrollable_content_region.size)

    def show_cells(self, cells: Iterable[Cell]) -> None:
        """Scroll so that ``cells`` (the tiles just placed) are in view: unchanged when they
        are, else centred along each axis on which they were not."""
        layout = self.board_layout
        regions = [layout.region(cell) for cell in cells if cell in layout]
        if not regions or not self.is_mounted:
            return
        wanted = Region.from_union(regions)
        visible = self.visible_region()
        if visible.contains_region(wanted):
            return
        x = y = None
        if wanted.x < visible.x or wanted.right > visible.right:
            x = wanted.x + (wanted.width - visible.width) // 2
        if wanted.y < visible.y or wanted.bottom > visible.bottom:
            y = wanted.y + (wanted.height - visible.height) // 2
        self.scroll_to(x, y, animate=False, immediate=True, force=True)


class SeaBox(Container):
    """The box the seascape sits in: it tells the board its room whenever its size changes
    (:meth:`ToBoard.fit_into`)."""

    def on_resize(self, event: events.Resize) -> None:
        """Fit the board into the new room."""
        for board in self.query_children(ToBoard):
            board.fit_into(self.content_size)
