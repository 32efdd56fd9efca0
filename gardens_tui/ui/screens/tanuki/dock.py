"""The dock above the players: the status (dice, piles, whose tiles), the hand and the commands
that apply now, packed whole into the dock's width.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.containers import Vertical
from textual.content import Content

from gardens_tui.rules.safe_text import printable
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.rules.words import possessive
from gardens_tui.ui.screens.tanuki.board import TkBoard
from gardens_tui.ui.screens.tanuki.layouts import hand_layout
from gardens_tui.ui.screens.tanuki.texts import status_line
from gardens_tui.ui.widgets.board_grid import Painter
from gardens_tui.ui.widgets.steady import SteadyStatic


def dock(paint_hand: Painter) -> Vertical:
    """The dock's widgets: ``#tk-status``, the hand ``#tk-hand`` (painted by ``paint_hand``)
    and ``#tk-actions``, in ``#tk-dock``."""
    hand = TkBoard(hand_layout(3), paint_hand, id="tk-hand")
    return Vertical(
        SteadyStatic(id="tk-status", markup=False),
        hand,
        SteadyStatic(id="tk-actions"),
        id="tk-dock",
    )


def dock_status(
    state: TanukiState, seat: int | None, viewer: int | None, hand_size: int, ascii_mode: bool
) -> str:
    """The status line, then whose tiles the hand shows (``seat``'s; "Your" for ``viewer``) and
    the keys choosing them ("Your tiles (1-3):"), or "Your tiles: none"."""
    status = status_line(state, ascii_mode)
    if seat is not None:
        name = printable(state.players[seat], newlines=False)
        whose = "Your" if seat == viewer else possessive(name)
        tiles = f" (1-{hand_size}):" if hand_size else ": none"
        status += f"\n{whose} tiles{tiles}"
    return status


def pack_commands(shown: Sequence[Content], width: int) -> Content:
    """The clickable commands ``shown``, whole entries per line of ``width`` cells (a command
    never breaks in two), two spaces apart."""
    rows: list[list[Content]] = [[]]
    used = 0
    for entry in shown:
        size = entry.cell_length + (2 if rows[-1] else 0)
        if rows[-1] and used + size > width:
            rows.append([])
            used, size = 0, entry.cell_length
        rows[-1].append(entry)
        used += size
    return Content("\n").join(Content("  ").join(row) for row in rows)
