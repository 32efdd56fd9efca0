"""Board geometry of The Gardens screen, in a compact (80x24) and a roomy (114x36) size.

- The mat: 3 rows x 9 columns keyed by cell (``row * 9 + column``, as the rules key them), the
  row letters at the left and the column numbers 1..9 above. Compact: cards of 5x3 characters
  with one column between them and no line between rows (so path ends and streams meet); roomy:
  cards of 8x3 with a blank line between rows.
- The display: 3 rows (A, B, C) of up to four cards keyed ``(row, place)``, the row letters at
  the left, cards drawn like the mat's.
"""

from __future__ import annotations

from textual.geometry import Region

from gardens_tui.rules.the_gardens.components import COLUMNS, DECKS, ROWS
from gardens_tui.ui.widgets.board_layout import BoardLayout, Cell

COMPACT_CARD = (5, 3)
"""Width and height of a card in the compact layout."""

ROOMY_CARD = (8, 3)
"""Width and height of a card in the roomy layout."""

LABEL_WIDTH = 2
"""Columns of the row letters at the left of both boards."""


def card_size(roomy: bool) -> tuple[int, int]:
    """(width, height) of one card in the layout."""
    return ROOMY_CARD if roomy else COMPACT_CARD


def _row_gap(roomy: bool) -> int:
    return 1 if roomy else 0


def mat_layout(roomy: bool) -> BoardLayout:
    """The 3x9 mat keyed by cell, with column numbers above and row letters beside it."""
    width, height = card_size(roomy)
    gap_y = _row_gap(roomy)
    pitch_x, pitch_y = width + 1, height + gap_y
    cells: dict[Cell, Region] = {}
    for row in range(ROWS):
        for column in range(COLUMNS):
            x = LABEL_WIDTH + column * pitch_x
            cells[row * COLUMNS + column] = Region(x, 1 + row * pitch_y, width, height)
    total = LABEL_WIDTH + COLUMNS * pitch_x - 1
    header = [" "] * total
    for column in range(COLUMNS):
        header[LABEL_WIDTH + column * pitch_x + width // 2] = str(column + 1)
    background = ["".join(header)]
    for row in range(ROWS):
        for line in range(pitch_y if row < ROWS - 1 else height):
            background.append(DECKS[row] if line == height // 2 else "")
    return BoardLayout(cells, background=background)


def display_layout(roomy: bool, places: int) -> BoardLayout:
    """The display: 3 rows of ``places`` cards keyed ``(row, place)``, row letters beside."""
    width, height = card_size(roomy)
    gap_y = _row_gap(roomy)
    pitch_x, pitch_y = width + 1, height + gap_y
    cells: dict[Cell, Region] = {}
    for row in range(ROWS):
        for place in range(max(places, 1)):
            x = LABEL_WIDTH + place * pitch_x
            cells[(row, place)] = Region(x, row * pitch_y, width, height)
    background = []
    for row in range(ROWS):
        for line in range(pitch_y if row < ROWS - 1 else height):
            background.append(DECKS[row] if line == height // 2 else "")
    return BoardLayout(cells, background=background)
