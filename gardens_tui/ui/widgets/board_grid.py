"""BoardGrid: a styled character grid with a cursor, drawn with Textual's line API.

One widget serves every board in the app: the hex garden, the 3x3 market, square boards. The
geometry comes from a :class:`~gardens_tui.ui.widgets.board_layout.BoardLayout`; what each cell
shows comes from a *painter* (a function from a cell to :class:`CellPaint`); which cells are legal
targets and which changed in the last move is set by the game screen. The widget owns only the
cursor: it never changes game state, it posts :class:`BoardGrid.CellSelected` and lets the screen
decide.

Rendering is line by line (``render_line`` returns a :class:`~textual.strip.Strip`); each canvas
row is rendered once and cached, and a change (cursor move, new legal set, a repainted cell)
invalidates and refreshes only the rows it touches, which keeps a cursor move to a few
milliseconds and a few hundred bytes of terminal output.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gardens_tui.ui.literal import plain
from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell


@dataclass(frozen=True, slots=True)
class CellPaint:
    """What one cell shows: its text (one string per line, centred) and its role.

    The role names a component class ``board-grid--<role>`` that styles the cell (``cell``,
    ``empty``, ``piece``, ``muted``, ``accent`` are built in; subclasses may add their own). An
    unknown role falls back to ``cell``. Text must tell features apart by itself (a letter or a
    glyph), never by colour alone. It is drawn literally (unsafe characters escaped).
    """

    text: str | tuple[str, ...] = ""
    role: str = "cell"

    @property
    def lines(self) -> tuple[str, ...]:
        """The text as lines."""
        return (self.text,) if isinstance(self.text, str) else self.text


Painter = Callable[[Cell], CellPaint]
"""Gives the paint of a cell; called only when a row holding that cell must be redrawn."""

# Edge markers: (left, right) per cell state, so that the cursor, legal targets and the last move
# are told apart by glyph as well as by colour. The ASCII set avoids everything outside 7-bit.
MARKERS: dict[bool, dict[str, tuple[str, str]]] = {
    False: {
        "cursor-legal": ("▶", "◀"),
        "cursor": ("▷", "◁"),
        "legal": ("·", "·"),
        "last-move": ("•", "•"),
        "none": (" ", " "),
    },
    True: {
        "cursor-legal": (">", "<"),
        "cursor": ("[", "]"),
        "legal": (".", "."),
        "last-move": ("*", "*"),
        "none": (" ", " "),
    },
}


def _no_paint(cell: Cell) -> CellPaint:
    return CellPaint(str(cell))


class BoardGrid(ScrollView, can_focus=True):
    """A board of selectable cells with a cursor.

    The cursor moves to the nearest cell in the pressed direction (so offset hex rows work), by
    mouse hover, and by click; it stays put at the edge of the board. Enter, space or a click
    posts :class:`CellSelected`. The board never changes game state.

    | Key(s) | Description |
    | :- | :- |
    | up, k, w | Cursor up. |
    | down, j, s | Cursor down. |
    | left, h, a | Cursor left. |
    | right, l, d | Cursor right. |
    | enter, space | Select the cell under the cursor. |

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
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k,w", "move_cursor(0, -1)", "Up", show=False),
        Binding("down,j,s", "move_cursor(0, 1)", "Down", show=False),
        Binding("left,h,a", "move_cursor(-1, 0)", "Left", show=False),
        Binding("right,l,d", "move_cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "select_cell", "Select", show=True),
    ]

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
    """

    cursor: reactive[Cell | None] = reactive(None, repaint=False, always_update=False)
    """The cell under the cursor (``None`` only on an empty board)."""

    ascii_mode: reactive[bool] = reactive(False, repaint=False)
    """Draw markers with 7-bit characters only."""

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
        self._rows: dict[int, Strip] = {}
        # Textual clears its component-style cache on every refresh(); these survive until the
        # styles really change (CSS update or theme switch).
        self._styles: dict[tuple[str, ...], Style] = {}
        self._base_style: Style | None = None
        self.rows_rendered = 0
        """How many canvas rows were rendered (not served from the cache): for tests."""
        self.set_reactive(BoardGrid.ascii_mode, ascii_mode)
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

    def set_layout(self, layout: BoardLayout, painter: Painter | None = None) -> None:
        """Replace the geometry (and optionally the painter); redraws everything."""
        self._layout = layout
        if painter is not None:
            self._painter = painter
        if self.cursor not in layout:
            self.set_reactive(BoardGrid.cursor, layout.first())
        self.virtual_size = Size(layout.width, layout.height)
        self.repaint_cells()
        self.refresh(layout=True)

    def set_painter(self, painter: Painter) -> None:
        """Use another painter; redraws everything."""
        self._painter = painter
        self.repaint_cells()

    def set_legal(self, cells: Iterable[Cell]) -> None:
        """Mark ``cells`` as the legal targets (redraws only rows whose marks changed)."""
        new = frozenset(cells)
        changed = new ^ self._legal
        self._legal = new
        self._invalidate(changed)

    def set_last_move(self, cells: Iterable[Cell]) -> None:
        """Mark ``cells`` as changed by the last move (redraws only rows whose marks changed)."""
        new = frozenset(cells)
        changed = new ^ self._last_move
        self._last_move = new
        self._invalidate(changed)

    def repaint_cells(self, cells: Iterable[Cell] | None = None) -> None:
        """The painter's output changed for ``cells`` (all cells when ``None``): redraw them."""
        if cells is None:
            self._rows.clear()
            self.refresh()
        else:
            self._invalidate(cells)

    def move_cursor_to(self, cell: Cell) -> None:
        """Put the cursor on ``cell`` (ignored if it is not on this board)."""
        if cell in self._layout:
            self.cursor = cell

    def scroll_to_cursor(self) -> None:
        """Scroll so that the cursor's cell is visible."""
        if self.cursor not in self._layout:
            return
        region = self._layout.region(self.cursor)
        visible = Region(
            int(self.scroll_x), int(self.scroll_y), *self.scrollable_content_region.size
        )
        if not visible.contains_region(region):
            self.scroll_to_region(region, animate=False, immediate=True)

    # --- reactive watchers --------------------------------------------------------------------

    def validate_cursor(self, cell: Cell | None) -> Cell | None:
        """Keep the cursor on the board: an unknown cell leaves it where it was."""
        if cell is None or cell in self._layout:
            return cell
        return self.cursor

    def watch_cursor(self, old: Cell | None, new: Cell | None) -> None:
        """Redraw just the rows of the old and the new cursor cell."""
        self._invalidate((old, new))
        if self.is_mounted:
            self.scroll_to_cursor()
        self.post_message(self.CursorMoved(self, new))

    def watch_ascii_mode(self) -> None:
        """Markers changed everywhere."""
        self.repaint_cells()

    def notify_style_update(self) -> None:
        """CSS or theme changed: every cached row has stale colours."""
        self._forget_styles()
        super().notify_style_update()

    def on_mount(self) -> None:
        """Redraw with the new colours whenever the app's theme changes."""
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, _theme: object) -> None:
        self._forget_styles()
        self.refresh()

    def _forget_styles(self) -> None:
        self._rows.clear()
        self._styles.clear()
        self._base_style = None

    def _on_focus(self, event: events.Focus) -> None:
        self._invalidate((self.cursor,))

    def _on_blur(self, event: events.Blur) -> None:
        self._invalidate((self.cursor,))

    # --- keys, actions and mouse -------------------------------------------------------------

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
        """Post :class:`CellSelected` for the cell under the cursor."""
        if self.cursor is not None:
            self.post_message(self.CellSelected(self, self.cursor))

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

    def _invalidate(self, cells: Iterable[Any]) -> None:
        rows = self._layout.rows_of(c for c in cells if c is not None)
        if not rows:
            return
        for y in rows:
            self._rows.pop(y, None)
        if self.is_mounted:
            scroll_y = int(self.scroll_y)
            width = max(self.virtual_size.width, self.size.width)
            self.refresh(*(Region(0, y - scroll_y, width, 1) for y in sorted(rows)))

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

    def _render_row(self, y: int) -> Strip:
        self.rows_rendered += 1
        layout = self._layout
        frame = self._style("board-grid--frame")
        background = layout.background[y] if y < len(layout.background) else ""
        background = background.ljust(layout.width)
        markers = MARKERS[bool(self.ascii_mode)]
        focused = self.has_focus
        segments: list[Segment] = []
        x = 0
        for cell in layout.cells_on_row(y):
            region = layout.region(cell)
            if region.x > x:
                segments.append(Segment(background[x : region.x], frame))
            segments.extend(self._cell_segments(cell, region, y - region.y, markers, focused))
            x = region.right
        if x < layout.width:
            segments.append(Segment(background[x:], frame))
        return Strip(segments, layout.width).simplify()

    def _cell_segments(
        self,
        cell: Cell,
        region: Region,
        line: int,
        markers: dict[str, tuple[str, str]],
        focused: bool,
    ) -> list[Segment]:
        paint = self._painter(cell)
        role = f"board-grid--{paint.role}"
        if role not in self._component_styles:
            role = "board-grid--cell"
        names = [role]
        is_legal = cell in self._legal
        if is_legal:
            names.append("board-grid--legal")
        if cell in self._last_move:
            names.append("board-grid--last-move")
        if cell == self.cursor:
            names.append("board-grid--cursor" if focused else "board-grid--cursor-blurred")
            marker = markers["cursor-legal" if is_legal else "cursor"]
        elif is_legal:
            marker = markers["legal"]
        elif cell in self._last_move:
            marker = markers["last-move"]
        else:
            marker = markers["none"]
        style = self._style(*names)
        lines = paint.lines
        inner = region.width - 2
        first = (region.height - len(lines)) // 2
        index = line - first
        text = plain(lines[index], newlines=False) if 0 <= index < len(lines) else ""
        if inner <= 0:
            return [Segment(set_cell_size(text or marker[0], region.width), style)]
        if cell_len(text) > inner:
            text = set_cell_size(text, inner)
        pad = inner - cell_len(text)
        centred = " " * (pad // 2) + text + " " * (pad - pad // 2)
        return [Segment(marker[0] + centred + marker[1], style)]
