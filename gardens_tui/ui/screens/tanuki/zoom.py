"""The zoom under the garden: the square under the cursor drawn at the roomy size, with its
paths in words; only the cells whose pictures changed are repainted.
"""

from __future__ import annotations

from collections.abc import Iterable

from gardens_tui.rules.tanuki.components import SYMBOL_NAMES, tile_name
from gardens_tui.rules.tanuki.text import tile_paths
from gardens_tui.ui.screens.tanuki.drawing import SYMBOL_GLYPHS, tile_route
from gardens_tui.ui.screens.tanuki.layouts import ROOMY_TILE, ZOOM_WORDS
from gardens_tui.ui.widgets.board_grid import CellPaint
from gardens_tui.ui.widgets.board_layout import Cell

EMPTY = CellPaint("", "empty")
"""An empty zoom cell."""


def zoom_words(value: int, ascii_mode: bool) -> tuple[str, ...]:
    """The words for a square showing tile ``value``: its paths with their symbols (a rock
    garden and an empty square in a word)."""
    if value == -2:
        return ("a rock garden",)
    if value < 0:
        return ("no tile",)
    glyphs = SYMBOL_GLYPHS[ascii_mode]
    lines = [f"{tile_name(value >> 2)} r{(value & 3) * 90}, its paths:"]
    for route, sym in tile_paths(value, brief=True):
        lines.append(f"{route}  {glyphs[sym]} {SYMBOL_NAMES[sym]}")
    return tuple(lines)


def warm_routes(values: Iterable[int]) -> None:
    """Route every tile value given once (cached), so that the zoom follows the cursor without
    a pause."""
    for value in values:
        if value >= 0:
            tile_route(value, *ROOMY_TILE)


class ZoomCells:
    """The zoom's two cells (the square, the words) as last painted."""

    def __init__(self) -> None:
        self.paints: dict[Cell, CellPaint] = {}

    def paint(self, key: Cell) -> CellPaint:
        """The picture of cell ``key`` (the zoom board's painter)."""
        return self.paints.get(key, EMPTY)

    def update(self, square: CellPaint | None, words: tuple[str, ...]) -> list[Cell]:
        """Take the new square picture and words; return the cells whose pictures changed."""
        lines = tuple(line.ljust(ZOOM_WORDS) for line in words or ("",))
        paints: dict[Cell, CellPaint] = {
            0: square if square is not None else EMPTY,
            1: CellPaint(lines, "tk-words"),
        }
        changed = [key for key, paint in paints.items() if self.paints.get(key) != paint]
        self.paints = paints
        return changed
