"""The info line's words: the square, edge space or tile in hand under the cursor, and what
Enter does there (pure).
"""

from __future__ import annotations

from collections.abc import Sequence

from gardens_tui.rules.tanuki.components import (
    EDGES,
    EXITS,
    SIDE_LETTERS,
    SYMBOL_NAMES,
    TANUKI_NAMES,
    edge_name,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.rules.tanuki.text import end_name, paths_text
from gardens_tui.ui.screens.tanuki.paint import tile_kind
from gardens_tui.ui.screens.tanuki.picker import variant_words
from gardens_tui.ui.widgets.board_layout import Cell


def place_words(state: TanukiState, key: Cell) -> str:
    """Square or edge space ``key``: its name, its tile's paths, a rock garden, the tanuki."""
    if isinstance(key, tuple):
        edge = int(key[1])
        sq, side = EDGES[edge]
        return f"edge {edge_name(edge)} ({SIDE_LETTERS[side]} of {square_name(sq)})"
    assert isinstance(key, int)
    text = square_name(key)
    value = state.board[key]
    if value >= 0:
        text += f" {tile_name(value >> 2)}: " + paths_text(value)
    elif value == -2:
        text += ": rock garden"
    for i in range(2):
        if state.tanuki[i] == key:
            text += f"; {TANUKI_NAMES[i]} tanuki"
    return text


def lay_words(square: int, tile: object, variant: object, value: int, entry: int) -> str:
    """On the front square: Enter lays ``tile`` turned by ``variant`` (tile value ``value``),
    and the monk walks in by ``entry`` (-1: no walk)."""
    lay = f"lays {tile_name(int(str(tile)))} {variant_words(variant)}"
    walk = ""
    if entry >= 0:
        out, sym = EXITS[value][entry]
        walk = f": walk {end_name(entry)}-{end_name(out)}, {SYMBOL_NAMES[sym]}"
    return f"{square_name(square)}: Enter {lay}{walk}"


def hand_words(hand: Sequence[int], key: Cell | None, *, choose: bool, discard: bool) -> str:
    """The tile of ``hand`` under the cursor ``key``; Enter chooses it (``choose``) or discards
    it (``discard``)."""
    if not isinstance(key, int) or key >= len(hand) or hand[key] < 0:
        return "Your hand" if hand else "No tiles in hand"
    tile = hand[key]
    text = f"{tile_name(tile)}: {tile_kind(tile)}"
    if choose:
        text += " - Enter: choose it"
    elif discard:
        text += " - Enter: discard it"
    return text
