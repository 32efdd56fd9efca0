"""What stands on the garden: the monks at their path ends (where the walk being shown has them),
the tanuki, stashes and traps on the squares, and the monks on the edge spaces beside their
labels (pure). While a decision asks by which end of an edge space a monk walks in (the
notation's ``end 1`` / ``end 2``), that edge space shows ``1`` and ``2`` by its two ends.
"""

from __future__ import annotations

from collections.abc import Mapping

from gardens_tui.rules.tanuki.components import TRAP_LETTERS
from gardens_tui.rules.tanuki.state import EDGE_BASE, TanukiState
from gardens_tui.ui.screens.tanuki.layouts import (
    edge_end_places,
    edge_label,
    edge_label_at,
    edge_region,
    edge_slots,
    numbered_slots,
)
from gardens_tui.ui.screens.tanuki.paint import (
    SEAT_ROLES,
    TANUKI_GLYPHS,
    TANUKI_ROLES,
    edge_paint,
    monk_letters,
)
from gardens_tui.ui.widgets.board_grid import CellPaint, Piece


def monk_pieces(state: TanukiState, moved: Mapping[int, int]) -> dict[int, dict[int, Piece]]:
    """Per square, the monks standing at its path ends (end -> letter); a walking monk where
    ``moved`` (seat -> monk value) has it."""
    letters = monk_letters(state.players)
    out: dict[int, dict[int, Piece]] = {}
    for seat in range(len(state.players)):
        m = moved.get(seat, state.monks[seat])
        if 0 <= m < EDGE_BASE:
            piece = Piece(letters[seat], SEAT_ROLES[seat % len(SEAT_ROLES)])
            out.setdefault(m >> 3, {})[m & 7] = piece
    return out


def stands(state: TanukiState, sq: int, ascii_mode: bool) -> list[Piece]:
    """The tanuki, the stash and the traps on square ``sq``."""
    glyphs = TANUKI_GLYPHS[ascii_mode]
    pieces = [Piece(glyphs[i], TANUKI_ROLES[i]) for i in range(2) if state.tanuki[i] == sq]
    if state.stash[sq]:
        pieces.append(Piece(f"${state.stash[sq]}", "tk-stash"))
    pieces += [Piece(f"^{TRAP_LETTERS[i]}", "tk-trap") for i in range(3) if state.traps[i] == sq]
    return pieces


END_NUMBER_ROLES = ("tk-endno", "tk-endno-on")
"""The colour roles of the ``1`` and ``2`` marking the ends of an edge space: the end the
previewed tile is entered by in reverse video."""


def edge_space_paint(
    state: TanukiState,
    edge: int,
    moved: Mapping[int, int],
    roomy: bool,
    *,
    numbered: bool = False,
    entered: int = 0,
) -> CellPaint:
    """Edge space ``edge`` with its label where it always is and the monks on it beside the
    label (a walking monk where ``moved`` has it). ``numbered``: its two ends carry ``1`` and
    ``2`` (:func:`~.layouts.edge_end_places`; ``entered``, 1 or 2, in reverse video: the end
    the previewed tile is entered by) and the monks stand in the places after them."""
    letters = monk_letters(state.players)
    on_edge = [
        Piece(letters[seat], SEAT_ROLES[seat % len(SEAT_ROLES)])
        for seat in range(len(state.players))
        if moved.get(seat, state.monks[seat]) == EDGE_BASE + edge
    ]
    region = edge_region(edge, roomy)
    slots = edge_slots(edge, roomy)
    if numbered:
        slots = (*edge_end_places(edge, roomy), *numbered_slots(edge, roomy))
        marks = [Piece(str(n), END_NUMBER_ROLES[n == entered]) for n in (1, 2)]
        on_edge = [*marks, *on_edge]
    return edge_paint(
        edge_label(edge),
        on_edge,
        region.width,
        region.height,
        label_at=edge_label_at(edge, roomy),
        slots=slots,
    )
