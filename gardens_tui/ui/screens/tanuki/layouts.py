"""Board geometry of the Tanuki in the Garden screen, compact (80x24) and roomy (114x36).

The tile sizes are :mod:`.drawing`'s: 7x3 compact, 12x5 roomy, both drawn as lines (see
:mod:`.routes` for why three lines need tunnels).

The board is keyed by square (``0..35``, ``row * 6 + column``, as the rules key them) and by
edge space (``("e", edge)``, ``edge`` 0..23 in the rules' order: north 1-6, east 1-6, south 1-6,
west 1-6). Squares touch above and below (a square's bottom line is underlined as the grid line
between them: :func:`~.paint.ruled`); in the compact layout a blank column parts neighbouring
squares, and the path ends of two neighbours face each other across it.

Labels never move and nothing is drawn over them (:func:`edge_label_at`, :func:`edge_slots`):

- compact: the row numbers stand in their own columns left and right of the garden (the middle
  line of each row), and a one-column band between them and the garden holds the monks on the
  west and east edge spaces; above and below the garden, each edge space's line holds its column
  letter in the middle and the monks beside it (by the two path ends of that side), since the
  80x24 screen has no line to spare for a band of its own.
- roomy: each edge space holds its label in its middle and the monks beside it.

The hand is one row of tile cells, each two lines high (name, symbols).
"""

from __future__ import annotations

from textual.geometry import Region

from gardens_tui.rules.tanuki.components import EDGES, SIZE
from gardens_tui.ui.screens.tanuki.routes import end_cells
from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell

COMPACT_TILE = (7, 3)
ROOMY_TILE = (12, 5)
COMPACT_GAP = 1
"""The blank column between two squares of the compact layout."""
COMPACT_LEFT = 3
"""The compact garden's first column: a row number, a blank, the west edge band."""
ROOMY_SIDE = 3
HAND_CELL = 7


def tile_size(roomy: bool) -> tuple[int, int]:
    """(width, height) of one square."""
    return ROOMY_TILE if roomy else COMPACT_TILE


def _pitch(roomy: bool) -> int:
    width, _ = tile_size(roomy)
    return width if roomy else width + COMPACT_GAP


def _left(roomy: bool) -> int:
    return ROOMY_SIDE if roomy else COMPACT_LEFT


def _board_width(roomy: bool) -> int:
    width, _ = tile_size(roomy)
    return 5 * _pitch(roomy) + width


def edge_key(edge: int) -> tuple[str, int]:
    """The board key of edge space ``edge``."""
    return ("e", edge)


def square_region(sq: int, roomy: bool) -> Region:
    """Where square ``sq`` is drawn."""
    width, height = tile_size(roomy)
    row, column = divmod(sq, SIZE)
    return Region(_left(roomy) + column * _pitch(roomy), 1 + row * height, width, height)


def edge_region(edge: int, roomy: bool) -> Region:
    """Where edge space ``edge`` is drawn: the line above or below its square's column, or the
    band left or right of its square's row."""
    width, height = tile_size(roomy)
    sq, facing = EDGES[edge]
    square = square_region(sq, roomy)
    if facing == 0:
        return Region(square.x, 0, width, 1)
    if facing == 2:
        return Region(square.x, 1 + SIZE * height, width, 1)
    band = ROOMY_SIDE if roomy else 1
    right = _left(roomy) + _board_width(roomy)
    x = (_left(roomy) - band) if facing == 3 else right
    return Region(x, square.y, band, height)


def edge_label(edge: int) -> str:
    """The label of edge space ``edge``: its square's column letter (north, south) or row
    number (east, west)."""
    sq, side = EDGES[edge]
    return "abcdef"[sq % SIZE] if side in (0, 2) else str(sq // SIZE + 1)


def edge_label_at(edge: int, roomy: bool) -> tuple[int, int] | None:
    """Where the label is drawn inside edge space ``edge``'s region; ``None`` in the compact
    layout's west and east bands (the row numbers stand beside them, see
    :func:`board_layout`)."""
    region = edge_region(edge, roomy)
    side = EDGES[edge][1]
    if not roomy and side in (1, 3):
        return None
    return ((region.width - 1) // 2, (region.height - 1) // 2)


def edge_slots(edge: int, roomy: bool) -> tuple[tuple[int, int], ...]:
    """The places of the monks standing on edge space ``edge``, inside its region, in the order
    they are filled: beside the two path ends of that side first (never the label's place)."""
    region = edge_region(edge, roomy)
    width, height = tile_size(roomy)
    ends = end_cells(width, height)
    side = EDGES[edge][1]
    if side in (0, 2):
        first, second = sorted((ends[2 * side][0], ends[2 * side + 1][0]))
        order = [(first, 0), (second, 0), (0, 0), (region.width - 1, 0)]
    else:
        top, bottom = sorted((ends[2 * side][1], ends[2 * side + 1][1]))
        middle = region.width // 2
        order = [(middle, top), (middle, bottom), (middle, 0), (middle, region.height - 1)]
        order.append((middle, region.height // 2))
    label = edge_label_at(edge, roomy)
    out: list[tuple[int, int]] = []
    for slot in order:
        if slot != label and slot not in out:
            out.append(slot)
    return tuple(out)


def edge_end_places(edge: int, roomy: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the marks of the two ends of edge space ``edge`` go inside its region, end 1 first
    (the notation's ``end 1``: the one met first going clockwise round the garden, so the left
    end on the north, the top on the east, the right on the south, the bottom on the west):
    right beside the square's path end. In a west or east band they stand in its column next to
    the garden, apart from the row number in the roomy band's middle."""
    region = edge_region(edge, roomy)
    width, height = tile_size(roomy)
    ends = end_cells(width, height)
    side = EDGES[edge][1]
    if side in (0, 2):
        return (ends[2 * side][0], 0), (ends[2 * side + 1][0], 0)
    x = 0 if side == 1 else region.width - 1
    return (x, ends[2 * side][1]), (x, ends[2 * side + 1][1])


def numbered_slots(edge: int, roomy: bool) -> tuple[tuple[int, int], ...]:
    """The places of the monks on edge space ``edge`` while its ends are numbered: the
    :func:`edge_slots` not in line with an end's number (so a letter never stands right beside
    a number)."""
    places = edge_end_places(edge, roomy)
    across = 0 if EDGES[edge][1] in (0, 2) else 1  # along a north/south line: x; a band: y
    taken = {place[across] for place in places}
    return tuple(slot for slot in edge_slots(edge, roomy) if slot[across] not in taken)


def _row_labels(roomy: bool, height: int) -> list[str]:
    """The compact layout's background: each row's number on its middle line, left of the west
    band and right of the east band (the roomy layout keeps them in its edge spaces)."""
    lines = [""] * height
    if roomy:
        return lines
    _, tile_height = tile_size(roomy)
    right = _left(roomy) + _board_width(roomy) + 2
    for row in range(SIZE):
        y = 1 + row * tile_height + tile_height // 2
        lines[y] = (" " + str(row + 1)).ljust(right) + str(row + 1)
    return lines


def board_layout(roomy: bool) -> BoardLayout:
    """The 6x6 squares inside the ring of 24 edge spaces (with the row numbers beside the
    compact one)."""
    _, height = tile_size(roomy)
    cells: dict[Cell, Region] = {sq: square_region(sq, roomy) for sq in range(SIZE * SIZE)}
    for edge in range(len(EDGES)):
        cells[edge_key(edge)] = edge_region(edge, roomy)
    canvas = 2 + SIZE * height
    return BoardLayout(cells, background=_row_labels(roomy, canvas))


def hand_layout(size: int) -> BoardLayout:
    """``size`` tile cells in a row, two lines high (at least one, so the board always has a
    cell)."""
    cells: dict[Cell, Region] = {
        i: Region(i * (HAND_CELL + 1), 0, HAND_CELL, 2) for i in range(max(size, 1))
    }
    return BoardLayout(cells)


ZOOM_WORDS = 34
"""Columns of the zoom's words."""


def zoom_layout() -> BoardLayout:
    """The zoom of the compact layout: one roomy square (the square under the cursor, key 0)
    and beside it its paths in words (key 1, five lines)."""
    width, height = ROOMY_TILE
    words = Region(width + 2, 0, ZOOM_WORDS, height)
    return BoardLayout({0: Region(0, 0, width, height), 1: words})
