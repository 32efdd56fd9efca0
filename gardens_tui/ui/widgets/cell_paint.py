"""What a board cell shows (:class:`CellPaint`) and how one line of it becomes segments.

A cell's text is literal (never markup) and is one string per line, or, where parts of a line
need their own colour (a card's symbols, a path tile's exits, the creature quarters in a tile's
corners), a sequence of :class:`Piece` s, each naming its own role. Roles are component classes
of the board widget (``board-grid--<role>``), so the theme and CSS give them their colours.

The cell states (cursor, legal target, last move) are drawn one of two ways
(:data:`MarkerMode`):

- ``"edges"``: a glyph in the cell's first and last column (:data:`MARKERS`), the text centred
  between them. The glyphs tell the states apart without colour. It covers the edge columns.
- ``"style"``: nothing is drawn over the cell's characters; the states add text attributes
  (:data:`MARK_STYLES`) to whatever the cell shows. The cursor is **reverse video** (bold while
  the board has the focus): reverse video works on every terminal, shows on an empty cell as a
  solid block, and swaps each piece's colours instead of replacing them, so every symbol keeps
  its contrast. Legal targets are **underlined**, the last move is **bold italic**. A cell that
  has a free character (a blank centre, a water corner) may name it as its :attr:`CellPaint.spot`:
  in this mode the state's glyph (:data:`SPOT_MARKERS`) is drawn there as well, so the states
  are told apart by a glyph too.

Pure functions of Rich types: no widget needed to test them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style

from gardens_tui.ui.literal import plain

Cell = Hashable
"""A cell's key (see :mod:`gardens_tui.ui.widgets.board_layout`)."""

MarkerMode = Literal["edges", "style"]
"""How cell states are drawn: glyphs on the edge columns, or text attributes only."""

MARKER_MODES: tuple[MarkerMode, ...] = ("edges", "style")
"""Every :data:`MarkerMode`."""

State = Literal["cursor-legal", "cursor", "legal", "last-move", "none"]
"""A cell's state, most important first (a legal cell under the cursor is ``cursor-legal``)."""


class Piece(NamedTuple):
    """A run of text inside a line with its own role (``""``: the cell's own style).

    The role names a component class ``board-grid--<role>`` that is laid over the cell's style:
    give such a class only a ``color`` (and perhaps a ``text-style``) so the cell's background
    and its state marks still show. An unknown role draws in the cell's style.
    """

    text: str
    role: str = ""


Line = str | Sequence[Piece | tuple[str, str]]
"""One line of a cell: a string, or pieces (``Piece`` or plain ``(text, role)`` pairs)."""


@dataclass(frozen=True, slots=True)
class CellPaint:
    """What one cell shows: its lines (centred both ways), its role, and an optional spot.

    ``text`` is one string (one line) or a tuple of lines, each a string or a sequence of
    :class:`Piece` s. The role names a component class ``board-grid--<role>`` that styles the
    cell (``cell``, ``empty``, ``piece``, ``muted``, ``accent`` are built in; subclasses may add
    their own). An unknown role falls back to ``cell``. Text must tell features apart by itself
    (a letter or a glyph), never by colour alone. It is drawn literally (unsafe characters
    escaped, see :func:`~gardens_tui.ui.literal.plain`); lines too long are cut.

    ``spot`` is ``(column, line)`` inside the cell where, in the ``"style"`` marker mode, the
    cell's state glyph may be drawn over the text (``None``: nowhere).
    """

    text: str | tuple[Line, ...] = ""
    role: str = "cell"
    spot: tuple[int, int] | None = None

    @property
    def lines(self) -> tuple[Line, ...]:
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
"""Edge glyphs per state, keyed by ASCII mode (the ``"edges"`` marker mode)."""

SPOT_MARKERS: dict[bool, dict[str, str]] = {
    False: {"cursor-legal": "▶", "cursor": "▷", "legal": "·", "last-move": "•"},
    True: {"cursor-legal": ">", "cursor": "@", "legal": ".", "last-move": "*"},
}
"""The one glyph drawn at a cell's :attr:`~CellPaint.spot` per state (``"style"`` mode)."""

MARK_STYLES: dict[str, Style] = {
    "cursor": Style(reverse=True, bold=True),
    "cursor-blurred": Style(reverse=True),
    "legal": Style(underline=True),
    "last-move": Style(bold=True, italic=True),
}
"""Text attributes the ``"style"`` marker mode adds per state (colours stay the CSS's)."""


PieceStyle = Callable[[str], Style]
"""The style of a piece's role inside the cell being drawn."""


def line_segments(line: Line, width: int, style: Style, piece_style: PieceStyle) -> list[Segment]:
    """``line`` centred in ``width`` cells: pad and plain text in ``style``, each piece in
    ``piece_style(role)``. Text is escaped with :func:`plain` and cut to fit."""
    if width <= 0:
        return []
    if isinstance(line, str):
        text = plain(line, newlines=False)
        if cell_len(text) > width:
            text = set_cell_size(text, width)
        pad = width - cell_len(text)
        return [Segment(" " * (pad // 2) + text + " " * (pad - pad // 2), style)]
    parts: list[Segment] = []
    used = 0
    for text, role in line:
        if used >= width:
            break
        text = plain(text, newlines=False)
        size = cell_len(text)
        if used + size > width:
            size = width - used
            text = set_cell_size(text, size)
        if size:
            parts.append(Segment(text, piece_style(role) if role else style))
            used += size
    pad = width - used
    return [Segment(" " * (pad // 2), style), *parts, Segment(" " * (pad - pad // 2), style)]


def put_glyph(segments: list[Segment], column: int, glyph: str) -> list[Segment]:
    """``segments`` with the character at ``column`` replaced by ``glyph`` (one cell wide) in
    that character's style; unchanged if ``column`` is outside them."""
    total = sum(segment.cell_length for segment in segments)
    if not 0 <= column < total:
        return segments
    before, middle, after = Segment.divide(segments, [column, column + 1, total])
    style = middle[0].style if middle else None
    return [*before, Segment(set_cell_size(glyph, 1), style), *after]
