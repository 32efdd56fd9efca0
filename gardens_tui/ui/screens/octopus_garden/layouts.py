"""Board geometry of the Octopus's Garden screen, in a compact (80x24) and a roomy (120x40) size.

- The garden: 24 hex spaces in rows of 4-5-6-5-4, keyed by cell id (0..23, ``a1``..``e4``).
  Compact: 5-character spaces with the row letters at the left; roomy: 7x2 spaces showing the
  space's name under its letters.
- The market: spaces 0..8 (reading order), a handle at the end of each row (``("row", n)``) and
  under each column (``("col", n)``); choosing a handle buys that line.
- The hand: the tokens still to plant (or the token drawn for the market), one per line, keyed
  by their index.
"""

from __future__ import annotations

from textual.geometry import Region

from gardens_tui.rules.octopus_garden.board import ROW_LENGTHS, ROW_LETTERS, ROWS
from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell

GARDEN_ROW_GAP = 1


def garden_layout(roomy: bool) -> BoardLayout:
    """The hex garden keyed by cell id."""
    keys = [list(row) for row in ROWS]
    if roomy:
        return BoardLayout.hex_rows(
            ROW_LENGTHS, cell_width=7, cell_height=2, gap_x=1, gap_y=GARDEN_ROW_GAP, keys=keys
        )
    background = []
    for r in range(len(ROW_LENGTHS)):
        background.append(ROW_LETTERS[r])
        if r < len(ROW_LENGTHS) - 1:
            background.append("")
    return BoardLayout.hex_rows(
        ROW_LENGTHS,
        cell_width=5,
        cell_height=1,
        gap_x=1,
        gap_y=GARDEN_ROW_GAP,
        left=2,
        keys=keys,
        background=background,
    )


def market_layout(roomy: bool) -> BoardLayout:
    """The 3x3 market with its row and column handles."""
    width, height, gap_y = (14, 2, 1) if roomy else (7, 1, 0)
    handle = 6 if roomy else 5
    pitch_x, pitch_y = width + 1, height + gap_y
    cells: dict[Cell, Region] = {}
    for r in range(3):
        for c in range(3):
            cells[r * 3 + c] = Region(c * pitch_x, r * pitch_y, width, height)
    for r in range(3):
        cells[("row", r + 1)] = Region(3 * pitch_x, r * pitch_y, handle, height)
    bottom = 3 * pitch_y  # roomy: a blank line between the last row and the column handles
    if not roomy:
        bottom -= gap_y
    for c in range(3):
        cells[("col", c + 1)] = Region(c * pitch_x, bottom, width, 1)
    return BoardLayout(cells)


def hand_layout(count: int, roomy: bool) -> BoardLayout:
    """``count`` hand tokens, one per line (at least one line, for an empty hand)."""
    width = 20 if roomy else 14
    return BoardLayout({i: Region(0, i, width, 1) for i in range(max(count, 1))})


LEGEND_CELL_WIDTH = 17


def legend_layout(count: int, cell_width: int = LEGEND_CELL_WIDTH) -> BoardLayout:
    """The letter legend: ``count`` entries in two columns of ``cell_width``, keyed by index."""
    rows = (count + 1) // 2
    cells: dict[Cell, Region] = {}
    for i in range(count):
        column, row = divmod(i, rows)
        cells[i] = Region(column * (cell_width + 1), row, cell_width, 1)
    return BoardLayout(cells)
