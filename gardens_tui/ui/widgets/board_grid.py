"""BoardGrid: a styled character grid with a cursor, drawn with Textual's line API.

One widget serves every board in the app: the hex garden, the 3x3 market, square boards, maps
that grow in every direction. The geometry comes from a
:class:`~gardens_tui.ui.widgets.board_layout.BoardLayout` (or a
:class:`~gardens_tui.ui.widgets.sparse_layout.SparseLayout`); what each cell shows comes from a
*painter* (a function from a cell to :class:`CellPaint`, whose lines may be made of differently
coloured :class:`Piece` s); which cells are legal targets and which changed in the last move is
set by the game screen. The widget owns only the cursor: it never changes game state, it posts
:class:`BoardGrid.CellSelected` and lets the screen decide.

Rendering is line by line (``render_line`` returns a :class:`~textual.strip.Strip`); each canvas
row is rendered once and cached, and a change (cursor move, new legal set, a repainted cell)
invalidates only the rows it touches and refreshes only the cells' own rectangles, which keeps a
cursor move to a few milliseconds and a few hundred bytes of terminal output.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingsMap, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from gardens_tui.ui.literal import plain
from gardens_tui.ui.widgets.board_keys import DEFAULT_MOVEMENT_KEYS, MOVE_ACTION, MovementKeys
from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell
from gardens_tui.ui.widgets.cell_paint import (
    MARK_STYLES,
    MARKER_MODES,
    MARKERS,
    SPOT_MARKERS,
    CellPaint,
    Line,
    MarkerMode,
    Painter,
    Piece,
    line_segments,
    put_glyph,
)
from gardens_tui.ui.widgets.steady_scroll import SteadyScrollView

__all__ = [
    "MARKERS",
    "MARK_STYLES",
    "SPOT_MARKERS",
    "BoardGrid",
    "CellPaint",
    "MarkerMode",
    "Painter",
    "Piece",
]

COMPARED_CELLS = 400
"""The most cells a board repaints eagerly to redraw only those that changed (see
:meth:`BoardGrid.repaint_cells`); a bigger map is redrawn as a whole, lazily, as it scrolls."""


def _no_paint(cell: Cell) -> CellPaint:
    return CellPaint(str(cell))


def _line_text(line: Line) -> str:
    return line if isinstance(line, str) else "".join(text for text, _ in line)


def _layout_shift(old: BoardLayout, new: BoardLayout, cursor: Cell | None) -> tuple[int, int]:
    """How far the cells common to ``old`` and ``new`` moved on the canvas, measured at the
    cursor's cell (or the first common cell); ``(0, 0)`` when they share none."""
    anchor = cursor if cursor in old and cursor in new else None
    if anchor is None:
        anchor = next((cell for cell in old.cells if cell in new), None)
        if anchor is None:
            return 0, 0
    before, after = old.region(anchor), new.region(anchor)
    return after.x - before.x, after.y - before.y


class BoardGrid(SteadyScrollView, can_focus=True):
    """A board of selectable cells with a cursor.

    The cursor moves to the nearest cell in the pressed direction (so offset hex rows work), by
    mouse hover, and by click; it stays put at the edge of the board. Enter, space or a click
    posts :class:`CellSelected`. The board never changes game state.

    Movement keys are :attr:`MOVEMENT_KEYS` (a class may set its own) or the ``movement_keys``
    given to one board (:mod:`~gardens_tui.ui.widgets.board_keys`; ``ARROWS_HJKL`` keeps
    ``w a s d`` free for a game's commands). A key that the class binds to something else keeps
    that binding and does not move the cursor.

    | Key(s) | Description |
    | :- | :- |
    | up, k, w | Cursor up (by default; see above). |
    | down, j, s | Cursor down. |
    | left, h, a | Cursor left. |
    | right, l, d | Cursor right. |
    | enter, space | Select the cell under the cursor. |

    Cell states are drawn as :attr:`marker_mode` says (:mod:`~gardens_tui.ui.widgets.cell_paint`
    explains both): ``"edges"`` (the default, :attr:`MARKER_MODE`) puts a glyph on each side of
    the cell; ``"style"`` leaves every character of the cell as painted (a path tile's exits
    stay visible) and shows the cursor in reverse video (bold with the focus), legal targets
    underlined and the last move in bold italic, over the colours below. In ``"style"`` mode
    the two cursor classes are not used: reverse video of the cell's own colours keeps every
    piece readable.

    | Class | Description |
    | :- | :- |
    | `board-grid--frame` | Background text between cells. |
    | `board-grid--cell` | A cell (the default role). |
    | `board-grid--empty` | An empty cell. |
    | `board-grid--piece` | A cell holding something. |
    | `board-grid--muted` | A cell that is out of play. |
    | `board-grid--accent` | A cell to draw attention to. |
    | `board-grid--legal` | A legal target of the pending decision (marker `·`, ASCII `.`). |
    | `board-grid--last-move` | A cell the last move changed (marker `•`, ASCII `*`). |
    | `board-grid--cursor` | The cursor (markers `▶ ◀` on a legal cell, `▷ ◁` elsewhere). |
    | `board-grid--cursor-blurred` | The cursor while the board does not have focus. |
    | `board-grid--pointed` | A cell a lesson points at (:meth:`set_pointed`). |

    A :class:`Piece`'s role is laid over the cell's style (only what its class sets: give it a
    ``color``, so backgrounds and marks still show).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *DEFAULT_MOVEMENT_KEYS.bindings(),
        Binding("enter,space", "select_cell", "Select", show=True),
    ]

    MOVEMENT_KEYS: ClassVar[MovementKeys] = DEFAULT_MOVEMENT_KEYS
    """The cursor keys of boards of this class (a board's ``movement_keys`` overrides it)."""

    MARKER_MODE: ClassVar[MarkerMode] = "edges"
    """How boards of this class draw cell states (a board's ``marker_mode`` overrides it)."""

    BLURRED_CURSOR: ClassVar[bool] = True
    """Whether a board of this class shows its cursor (as ``cursor-blurred``) while it does
    not have the focus. A screen with two boards where players took the blurred cursor for a
    second cursor sets it false: the board keeps the cursor's place and shows it on focus."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board-grid--frame",
        "board-grid--cell",
        "board-grid--empty",
        "board-grid--piece",
        "board-grid--muted",
        "board-grid--accent",
        "board-grid--legal",
        "board-grid--last-move",
        "board-grid--cursor",
        "board-grid--cursor-blurred",
        "board-grid--pointed",
    }

    DEFAULT_CSS = """
    BoardGrid {
        width: auto;
        height: auto;
        max-width: 100%;
        max-height: 100%;
        scrollbar-size: 1 1;
        background: $surface;
    }
    BoardGrid > .board-grid--frame { color: $foreground-muted; }
    BoardGrid > .board-grid--cell { background: $panel; color: $foreground; }
    BoardGrid > .board-grid--empty { background: $panel; color: $foreground-muted; }
    BoardGrid > .board-grid--piece { background: $panel; color: $foreground; text-style: bold; }
    BoardGrid > .board-grid--muted { background: $surface; color: $foreground-disabled; }
    BoardGrid > .board-grid--accent { background: $panel; color: $accent; text-style: bold; }
    BoardGrid > .board-grid--legal { background: $success-muted; }
    BoardGrid > .board-grid--last-move { color: $warning; text-style: bold underline; }
    BoardGrid > .board-grid--cursor { background: $primary; color: $text; text-style: bold; }
    BoardGrid > .board-grid--cursor-blurred { background: $primary-muted; }
    BoardGrid > .board-grid--pointed {
        background: $accent-darken-1; color: $text; text-style: bold;
    }
    """

    cursor: reactive[Cell | None] = reactive(None, repaint=False, always_update=False)
    """The cell under the cursor (``None`` only on an empty board)."""

    ascii_mode: reactive[bool] = reactive(False, repaint=False)
    """Draw markers with 7-bit characters only."""

    marker_mode: reactive[MarkerMode] = reactive[MarkerMode]("edges", repaint=False)
    """How cell states are drawn: ``"edges"`` (glyphs on the edge columns) or ``"style"``."""

    class CellSelected(Message):
        """A cell was chosen with Enter, space or a click."""

        def __init__(self, board: BoardGrid, cell: Cell) -> None:
            super().__init__()
            self.board = board
            self.cell = cell

        @property
        def control(self) -> BoardGrid:
            """The board the cell belongs to."""
            return self.board

    class NothingSelected(Message):
        """Enter or space on a board with no cell under the cursor (an empty board)."""

        def __init__(self, board: BoardGrid) -> None:
            super().__init__()
            self.board = board

        @property
        def control(self) -> BoardGrid:
            """The empty board."""
            return self.board

    class CursorMoved(Message):
        """The cursor moved to ``cell`` (screens use it to describe what is under it)."""

        def __init__(self, board: BoardGrid, cell: Cell | None) -> None:
            super().__init__()
            self.board = board
            self.cell = cell

        @property
        def control(self) -> BoardGrid:
            """The board whose cursor moved."""
            return self.board

    def __init__(
        self,
        layout: BoardLayout,
        painter: Painter | None = None,
        *,
        legal: Iterable[Cell] = (),
        last_move: Iterable[Cell] = (),
        cursor: Cell | None = None,
        ascii_mode: bool = False,
        movement_keys: MovementKeys | None = None,
        marker_mode: MarkerMode | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._layout = layout
        self._painter: Painter = painter or _no_paint
        self._legal: frozenset[Cell] = frozenset(legal)
        self._last_move: frozenset[Cell] = frozenset(last_move)
        self._pointed: frozenset[Cell] = frozenset()
        self._rows: dict[int, Strip] = {}
        # Paints of the cells on the rows being redrawn (a cell taller than one row is painted
        # once); forgotten whenever anything is invalidated, so a painter is always asked anew.
        self._paints: dict[Cell, CellPaint] = {}
        # Textual clears its component-style cache on every refresh(); these survive until the
        # styles really change (CSS update or theme switch).
        self._styles: dict[tuple[str, ...], Style] = {}
        self._marked: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Style, Style, Style]] = {}
        self._piece_styles: dict[tuple[Style, str, Style], Style] = {}
        self._base_style: Style | None = None
        self.rows_rendered = 0
        """How many canvas rows were rendered (not served from the cache): for tests."""
        self._movement_keys = movement_keys or self.MOVEMENT_KEYS
        self._use_movement_keys(self._movement_keys)
        self.set_reactive(BoardGrid.ascii_mode, ascii_mode)
        self.set_reactive(BoardGrid.marker_mode, self.validate_marker_mode(marker_mode))
        start = cursor if cursor in layout else layout.first()
        self.set_reactive(BoardGrid.cursor, start)
        self.virtual_size = Size(layout.width, layout.height)

    # --- public API ---------------------------------------------------------------------------

    @property
    def board_layout(self) -> BoardLayout:
        """The geometry in use."""
        return self._layout

    @property
    def legal(self) -> frozenset[Cell]:
        """The cells marked as legal targets."""
        return self._legal

    @property
    def last_move(self) -> frozenset[Cell]:
        """The cells marked as changed by the last move."""
        return self._last_move

    @property
    def pointed(self) -> frozenset[Cell]:
        """The cells a lesson points at (:meth:`set_pointed`)."""
        return self._pointed

    @property
    def movement_keys(self) -> MovementKeys:
        """The keys that move this board's cursor."""
        return self._movement_keys

    def set_layout(
        self,
        layout: BoardLayout,
        painter: Painter | None = None,
        *,
        keep_cursor_on_screen: bool | None = None,
    ) -> None:
        """Replace the geometry (and optionally the painter); redraws everything (or, for a
        layout that draws as the current one and no new painter, the cells that changed).

        With ``keep_cursor_on_screen`` (default: the new layout's
        :attr:`~BoardLayout.keep_cursor_on_screen`, on for a sparse map) the view scrolls by as
        much as the cells moved on the canvas, so the cursor's cell stays where it was on screen
        (a map that grew on the left or the top does not jump). A cursor whose cell is gone
        goes to the layout's first cell.
        """
        old = self._layout
        keep = keep_cursor_on_screen
        if keep is None:
            keep = layout.keep_cursor_on_screen
        shift = _layout_shift(old, layout, self.cursor) if keep else (0, 0)
        self._layout = layout
        if painter is not None:
            self._painter = painter
        if self.cursor not in layout:
            self.set_reactive(BoardGrid.cursor, layout.first())
        # The screen is laid out again only if the board's own size may change.
        self.set_virtual_size(Size(layout.width, layout.height))
        if layout.draws_as(old) and painter is None:
            self.repaint_cells()  # the same board: redraw the cells whose paint changed
            return
        self._repaint_all()
        self.refresh()
        if shift != (0, 0) and self.is_mounted:
            # Forced: a map that fitted until now shows no scrollbar yet (it will after layout).
            x, y = self.scroll_offset
            self.scroll_to(x + shift[0], y + shift[1], animate=False, force=True, immediate=True)

    def set_painter(self, painter: Painter) -> None:
        """Use another painter; redraws everything."""
        self._painter = painter
        self._repaint_all()

    def set_legal(self, cells: Iterable[Cell]) -> None:
        """Mark ``cells`` as the legal targets (redraws only cells whose marks changed)."""
        new = frozenset(cells)
        changed = new ^ self._legal
        self._legal = new
        self._invalidate(changed)

    def set_last_move(self, cells: Iterable[Cell]) -> None:
        """Mark ``cells`` as changed by the last move (redraws only cells whose marks changed)."""
        new = frozenset(cells)
        changed = new ^ self._last_move
        self._last_move = new
        self._invalidate(changed)

    def set_pointed(self, cells: Iterable[Cell]) -> None:
        """Mark ``cells`` as the ones a lesson talks about (redraws only cells whose marks
        changed); ``()`` clears the mark."""
        new = frozenset(cells)
        changed = new ^ self._pointed
        self._pointed = new
        self._invalidate(changed)

    def repaint_cells(self, cells: Iterable[Cell] | None = None) -> None:
        """The painter's output changed for ``cells`` (may have changed for any cell when
        ``None``): redraw them.

        For ``None`` on a board of at most :data:`COMPARED_CELLS` cells whose cells have all
        been painted since the last change, every cell is painted again and only the cells
        whose paint differs are redrawn: after a move, most of a board is as it was, and
        redrawing all of it was most of the cost of showing the move."""
        if cells is not None:
            self._invalidate(cells)
            return
        layout = self._layout
        old = self._paints
        if not self.is_mounted or len(layout) > COMPARED_CELLS or len(old) != len(layout):
            self._repaint_all()
            return
        paints = {cell: self._painter(cell) for cell in layout.cells}
        changed = [cell for cell, paint in paints.items() if paint != old.get(cell)]
        self._paints = paints
        self._invalidate(changed, forget_paints=False)

    def _repaint_all(self) -> None:
        """Forget every painted cell and row: everything is drawn again."""
        self._rows.clear()
        self._paints.clear()
        self.refresh()

    def move_cursor_to(self, cell: Cell) -> None:
        """Put the cursor on ``cell`` (ignored if it is not on this board)."""
        if cell in self._layout:
            self.cursor = cell

    def scroll_to_cursor(self) -> None:
        """Scroll so that the cursor's cell is visible: just inside the view's edge, or (for a
        layout with :attr:`~BoardLayout.centre_cursor_on_scroll`) in the middle of the view
        along each axis on which it was out of view."""
        if self.cursor not in self._layout:
            return
        region = self._layout.region(self.cursor)
        visible = Region(
            int(self.scroll_x), int(self.scroll_y), *self.scrollable_content_region.size
        )
        if visible.contains_region(region):
            return
        if not self._layout.centre_cursor_on_scroll:
            self.scroll_to_region(region, animate=False, immediate=True)
            return
        x = y = None
        if region.x < visible.x or region.right > visible.right:
            x = region.x + (region.width - visible.width) // 2
        if region.y < visible.y or region.bottom > visible.bottom:
            y = region.y + (region.height - visible.height) // 2
        self.scroll_to(x, y, animate=False, immediate=True)

    # --- reactive watchers --------------------------------------------------------------------

    def validate_cursor(self, cell: Cell | None) -> Cell | None:
        """Keep the cursor on the board: an unknown cell leaves it where it was."""
        if cell is None or cell in self._layout:
            return cell
        return self.cursor

    def watch_cursor(self, old: Cell | None, new: Cell | None) -> None:
        """Redraw just the old and the new cursor cell."""
        self._invalidate((old, new))
        if self.is_mounted:
            self.scroll_to_cursor()
        self.post_message(self.CursorMoved(self, new))

    def watch_ascii_mode(self) -> None:
        """Markers changed everywhere."""
        self._repaint_all()

    def validate_marker_mode(self, mode: MarkerMode | None) -> MarkerMode:
        """``None`` is the class's :attr:`MARKER_MODE`; an unknown mode raises ``ValueError``."""
        if mode is None:
            return self.MARKER_MODE
        if mode not in MARKER_MODES:
            raise ValueError(f"unknown marker mode {mode!r} (one of {', '.join(MARKER_MODES)})")
        return mode

    def watch_marker_mode(self) -> None:
        """Marks changed everywhere."""
        self._repaint_all()

    def notify_style_update(self) -> None:
        """CSS or theme changed: every cached row has stale colours."""
        self._forget_styles()
        super().notify_style_update()

    def on_mount(self) -> None:
        """Redraw with the new colours whenever the app's theme changes; once laid out, show
        the cursor's cell (a big map may start anywhere)."""
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self.call_after_refresh(self.scroll_to_cursor)

    def _theme_changed(self, _theme: object) -> None:
        self._forget_styles()
        self.refresh()

    def _forget_styles(self) -> None:
        self._rows.clear()
        self._paints.clear()
        self._styles.clear()
        self._marked.clear()
        self._piece_styles.clear()
        self._base_style = None

    def _on_focus(self, event: events.Focus) -> None:
        self._invalidate((self.cursor,))

    def _on_blur(self, event: events.Blur) -> None:
        self._invalidate((self.cursor,))

    # --- keys, actions and mouse -------------------------------------------------------------

    def _use_movement_keys(self, keys: MovementKeys) -> None:
        """Bind ``keys`` (and only them) to cursor moves on this board; a key the class binds
        to another action keeps that binding."""
        table = {
            key: [b for b in bindings if not b.action.startswith(MOVE_ACTION)]
            for key, bindings in self._bindings.key_to_bindings.items()
        }
        for key, bindings in BindingsMap(keys.bindings()).key_to_bindings.items():
            if not table.get(key):
                table[key] = list(bindings)
        self._bindings.key_to_bindings = {key: found for key, found in table.items() if found}

    async def _on_key(self, event: events.Key) -> None:
        """Run the board's own key bindings as soon as the key arrives.

        The focused widget's bindings come first in Textual's binding chain, so the outcome is
        the one the chain would give; acting here spares every key the trip up through each
        container to the app and back (most of the time from a key to the moved cursor). With
        an app keymap (which may rebind these keys) the key takes the usual way.
        """
        if getattr(self.app, "_keymap", None):
            return
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return

    def action_move_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest cell in direction ``(dx, dy)``; stay at the edge."""
        if self.cursor is None:
            self.cursor = self._layout.first()
            return
        target = self._layout.nearest(self.cursor, dx, dy)
        if target is not None:
            self.cursor = target

    def action_select_cell(self) -> None:
        """Post :class:`CellSelected` for the cell under the cursor (:class:`NothingSelected`
        when there is none, so the screen can say what to do instead)."""
        if self.cursor is not None:
            self.post_message(self.CellSelected(self, self.cursor))
        else:
            self.post_message(self.NothingSelected(self))

    def _cell_under(self, event: events.MouseEvent) -> Cell | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        x, y = offset.x + int(self.scroll_x), offset.y + int(self.scroll_y)
        return self._layout.cell_at(x, y)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Hovering a cell moves the cursor there."""
        cell = self._cell_under(event)
        if cell is not None:
            self.cursor = cell

    def on_click(self, event: events.Click) -> None:
        """Clicking a cell moves the cursor there and selects it."""
        cell = self._cell_under(event)
        if cell is not None:
            event.stop()
            self.cursor = cell
            self.post_message(self.CellSelected(self, cell))

    # --- rendering ----------------------------------------------------------------------------

    def _invalidate(self, cells: Iterable[Any], *, forget_paints: bool = True) -> None:
        layout = self._layout
        regions = [layout.region(cell) for cell in cells if cell is not None and cell in layout]
        if not regions:
            return
        if forget_paints:
            self._paints.clear()
        spans: dict[int, tuple[int, int]] = {}
        for region in regions:
            for y in range(region.y, region.bottom):
                left, right = spans.get(y, (region.x, region.right))
                spans[y] = (min(left, region.x), max(right, region.right))
        for y in spans:
            self._rows.pop(y, None)
        if self.is_mounted:
            # Per row, only from the first to the last changed cell: the rest is unchanged.
            scroll_x, scroll_y = self.scroll_offset
            self.refresh(
                *(
                    Region(left - scroll_x, y - scroll_y, right - left, 1)
                    for y, (left, right) in sorted(spans.items())
                )
            )

    def render_line(self, y: int) -> Strip:
        """Canvas row ``y + scroll_y``, cropped to the visible columns."""
        scroll_x, scroll_y = self.scroll_offset
        canvas_y = y + scroll_y
        width = self.size.width
        base = self._base_style
        if base is None:
            base = self._base_style = self.rich_style
        if not 0 <= canvas_y < self._layout.height:
            return Strip.blank(width, base)
        strip = self._rows.get(canvas_y)
        if strip is None:
            strip = self._render_row(canvas_y)
            self._rows[canvas_y] = strip
        return strip.crop_extend(scroll_x, scroll_x + width, base)

    def _style(self, *names: str) -> Style:
        style = self._styles.get(names)
        if style is None:
            style = self._styles[names] = self.get_component_rich_style(*names)
        return style

    def _marked_style(
        self, names: tuple[str, ...], marks: tuple[str, ...]
    ) -> tuple[Style, Style, Style]:
        """(the style of component classes ``names``, the attributes of ``marks``, both)."""
        key = (names, marks)
        found = self._marked.get(key)
        if found is None:
            base = self._style(*names)
            mark = sum((MARK_STYLES[name] for name in marks), Style())
            found = self._marked[key] = (base, mark, base + mark)
        return found

    def _piece_style(self, cell_style: Style, role: str, mark: Style) -> Style:
        """A piece of role ``role`` in a cell drawn in ``cell_style``, with the marks ``mark``."""
        key = (cell_style, role, mark)
        style = self._piece_styles.get(key)
        if style is None:
            name = f"board-grid--{role}"
            over = (
                self.get_component_rich_style(name, partial=True)
                if name in self._component_styles
                else Style()
            )
            style = self._piece_styles[key] = cell_style + over + mark
        return style

    def _paint(self, cell: Cell) -> CellPaint:
        paint = self._paints.get(cell)
        if paint is None:
            paint = self._paints[cell] = self._painter(cell)
        return paint

    def _render_row(self, y: int) -> Strip:
        self.rows_rendered += 1
        layout = self._layout
        frame = self._style("board-grid--frame")
        background = layout.background[y] if y < len(layout.background) else ""
        background = background.ljust(layout.width)
        ascii_mode = bool(self.ascii_mode)
        edges = self.marker_mode == "edges"
        focused = self.has_focus
        segments: list[Segment] = []
        x = 0
        for cell in layout.cells_on_row(y):
            region = layout.region(cell)
            if region.x > x:
                segments.append(Segment(background[x : region.x], frame))
            line = y - region.y
            if edges:
                segments.extend(self._edge_cell(cell, region, line, ascii_mode, focused))
            else:
                segments.extend(self._styled_cell(cell, region, line, ascii_mode, focused))
            x = region.right
        if x < layout.width:
            segments.append(Segment(background[x:], frame))
        return Strip(segments, layout.width).simplify()

    def _state(self, cell: Cell) -> tuple[bool, bool, bool, str]:
        """(legal, last move, under the cursor, the state's name in :data:`MARKERS`)."""
        is_legal = cell in self._legal
        is_last = cell in self._last_move
        is_cursor = cell == self.cursor and (self.BLURRED_CURSOR or self.has_focus)
        if is_cursor:
            state = "cursor-legal" if is_legal else "cursor"
        elif is_legal:
            state = "legal"
        else:
            state = "last-move" if is_last else "none"
        return is_legal, is_last, is_cursor, state

    def _role_class(self, paint: CellPaint) -> str:
        role = f"board-grid--{paint.role}"
        return role if role in self._component_styles else "board-grid--cell"

    @staticmethod
    def _text_line(paint: CellPaint, region: Region, line: int) -> Line:
        lines = paint.lines
        index = line - (region.height - len(lines)) // 2
        return lines[index] if 0 <= index < len(lines) else ""

    def _edge_cell(
        self, cell: Cell, region: Region, line: int, ascii_mode: bool, focused: bool
    ) -> list[Segment]:
        """Line ``line`` of ``cell`` with the state's glyphs on its first and last column."""
        paint = self._paint(cell)
        is_legal, is_last, is_cursor, state = self._state(cell)
        names = [self._role_class(paint)]
        if is_legal:
            names.append("board-grid--legal")
        if is_last:
            names.append("board-grid--last-move")
        if cell in self._pointed:
            names.append("board-grid--pointed")
        if is_cursor:
            names.append("board-grid--cursor" if focused else "board-grid--cursor-blurred")
        marker = MARKERS[ascii_mode][state]
        style = self._style(*names)
        text_line = self._text_line(paint, region, line)
        inner = region.width - 2
        if inner <= 0:
            text = plain(_line_text(text_line), newlines=False)
            return [Segment(set_cell_size(text or marker[0], region.width), style)]
        if isinstance(text_line, str):
            text = plain(text_line, newlines=False)
            if cell_len(text) > inner:
                text = set_cell_size(text, inner)
            pad = inner - cell_len(text)
            centred = " " * (pad // 2) + text + " " * (pad - pad // 2)
            return [Segment(marker[0] + centred + marker[1], style)]
        mark = Style()
        parts = line_segments(
            text_line, inner, style, lambda role: self._piece_style(style, role, mark)
        )
        return [Segment(marker[0], style), *parts, Segment(marker[1], style)]

    def _styled_cell(
        self, cell: Cell, region: Region, line: int, ascii_mode: bool, focused: bool
    ) -> list[Segment]:
        """Line ``line`` of ``cell`` as painted, its state shown by text attributes (and by a
        glyph at the paint's spot, if it names one on this line)."""
        paint = self._paint(cell)
        is_legal, is_last, is_cursor, state = self._state(cell)
        names = [self._role_class(paint)]
        marks: list[str] = []
        if is_legal:
            names.append("board-grid--legal")
            marks.append("legal")
        if is_last:
            names.append("board-grid--last-move")
            marks.append("last-move")
        if cell in self._pointed:
            names.append("board-grid--pointed")
        if is_cursor:
            marks.append("cursor" if focused else "cursor-blurred")
        base, mark, style = self._marked_style(tuple(names), tuple(marks))
        text_line = self._text_line(paint, region, line)
        parts = line_segments(
            text_line, region.width, style, lambda role: self._piece_style(base, role, mark)
        )
        spot = paint.spot
        if spot is not None and spot[1] == line and state != "none":
            parts = put_glyph(parts, spot[0], SPOT_MARKERS[ascii_mode][state])
        return parts
