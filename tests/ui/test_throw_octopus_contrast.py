"""Readable colours on the Throw Octopus! screen in every theme (issue 10: "your colours ≥ 4.5
in every theme").

For every theme the settings offer, every colour role of the boards (the eight species, their
complete creatures, water, the tile name, the octopus icon) drawn on each cell role the boards
use (a tile, the previewed tile, a free place) in each board state that changes colours (legal
place, last move; the cursor is reverse video, which keeps the ratio), plus the cell roles' own
text, reach the WCAG AA contrast ratio of 4.5 against their background, as Textual resolves them
in that theme. ANSI themes use the terminal's palette: skipped.
"""

from __future__ import annotations

from board_contrast import contrast_failures
from test_throw_octopus_screen import app_for, position_table, start_position

from gardens_tui.ui.screens.throw_octopus.board import ToBoard
from gardens_tui.ui.screens.throw_octopus.paint import CELL_STYLES, ROLES

CELL_ROLES = ("cell", *CELL_STYLES)
"""The cell roles the boards paint."""

STATES: tuple[tuple[str, ...], ...] = ((), ("legal",), ("last-move",), ("legal", "last-move"))
"""The states that change colours (drawn by style; the cursor is reverse video of these)."""


async def test_every_letter_reads_on_its_tile_in_every_theme() -> None:
    app = app_for(position_table(start_position()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        boards = list(app.screen.query(ToBoard).results(ToBoard))
        assert [b.id for b in boards] == ["to-sea", "to-hand"]
        checked, failures = await contrast_failures(pilot, boards, CELL_ROLES, STATES, ROLES)
        assert checked > 1000
        assert failures == []
