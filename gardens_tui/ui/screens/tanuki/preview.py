"""The tile previewed on the monk's front square: its value from the picker's selection, and the
end the monk would walk in by (pure).

A selection's item is the tile; its variant is ``(rotation, end)``: the quarter turns, and from an
edge space which of the two ends on that side is entered (1 or 2).
"""

from __future__ import annotations

from gardens_tui.rules.tanuki.components import EDGES, front
from gardens_tui.rules.tanuki.state import EDGE_BASE, TanukiState
from gardens_tui.ui.widgets.action_picker import Selection


def previewed_tile(selection: Selection, front_square: int) -> int:
    """The tile value (``tile * 4 + rot``) previewed on ``front_square``, or -1 (no front
    square, no tile chosen, no rotation)."""
    variant = selection.variant
    if front_square < 0 or not isinstance(selection.item, int):
        return -1
    if not isinstance(variant, tuple):
        return -1
    return selection.item * 4 + int(variant[0])


def entry_end(state: TanukiState, variant: object) -> int:
    """The end of the previewed tile the monk of the seat to move would walk in by, turned by
    ``variant`` (-1: none)."""
    seat = state.current_player
    if seat is None or seat < 0 or not isinstance(variant, tuple):
        return -1
    m = state.monks[seat]
    if m >= EDGE_BASE:
        side = EDGES[m - EDGE_BASE][1]
        return 2 * side + int(variant[1]) - 1
    if m >= 0:
        return front(m >> 3, m & 7)[1]
    return -1
