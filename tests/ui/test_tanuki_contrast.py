"""Readable colours on the Tanuki in the Garden screen in every theme (issue 9: "your colours
≥ 4.5 in every theme").

For every theme the settings offer, every colour role of the board (path ends, the three
symbols, the tanuki, stashes, traps, labels, each seat's monk) drawn on each cell role the
boards use (a tile, an empty square, the two checkerboard colours, the previewed tile, an edge
space) in each board state that changes colours (legal place, last walk; the cursor is reverse
video, which keeps the ratio), plus the cell roles' own text, reach the WCAG AA contrast ratio
of 4.5 against their background, as Textual resolves them in that theme. ANSI themes use the
terminal's palette: skipped.
"""

from __future__ import annotations

from board_contrast import contrast_failures
from test_tanuki_screen import app_for, new_table

from gardens_tui.ui.screens.tanuki.board import TkBoard
from gardens_tui.ui.screens.tanuki.paint import CELL_STYLES, ROLES

CELL_ROLES = ("cell", "empty", "accent", *CELL_STYLES)
"""The cell roles the boards paint."""

STATES: tuple[tuple[str, ...], ...] = ((), ("legal",), ("last-move",), ("legal", "last-move"))
"""The states that change colours (drawn by style; the cursor is reverse video of these)."""


async def test_every_mark_reads_on_its_square_in_every_theme() -> None:
    app = app_for(new_table("Ann", "Bob=greedy", "Cleo=random"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        every = list(app.screen.query(TkBoard).results(TkBoard))
        assert {b.id for b in every} == {"tk-board", "tk-hand", "tk-zoom-board"}
        boards = [b for b in every if b.id != "tk-zoom-board"]  # the zoom: the board's colours
        checked, failures = await contrast_failures(pilot, boards, CELL_ROLES, STATES, ROLES)
        assert checked > 1000
        assert failures == []
