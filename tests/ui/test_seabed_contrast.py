"""Readable colours on the Seabed Neighbours screen in every theme (issue 11: team colours
that read on every theme).

For every theme the settings offer, every colour role of the boards (reef, seaweed, field,
seabed and their flashed forms, fish, animals, bottles, clams, clam tile pieces, the six team
colours of flags and palaces) drawn on each cell role the boards use (the two alternating
tile backgrounds, the previewed tile, a free place) in each board state that changes colours
(legal place, last move; the cursor is reverse video, which keeps the ratio), plus the cell
roles' own text, reach the WCAG AA contrast ratio of 4.5 against their background, as Textual
resolves them in that theme. ANSI themes use the terminal's palette: skipped.
"""

from __future__ import annotations

from board_contrast import contrast_failures
from test_seabed_screen import position_table, start_position

from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens.seabed.board import SbBoard
from gardens_tui.ui.screens.seabed.paint import CELL_STYLES, ROLES

CELL_ROLES = ("cell", *CELL_STYLES)
"""The cell roles the boards paint."""

STATES: tuple[tuple[str, ...], ...] = ((), ("legal",), ("last-move",), ("legal", "last-move"))
"""The states that change colours (drawn by style; the cursor is reverse video of these)."""


async def test_every_glyph_and_team_colour_reads_on_its_tile_in_every_theme() -> None:
    from conftest import quiet_app

    app: GardensApp = quiet_app(position_table(start_position()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        boards = list(app.screen.query(SbBoard).results(SbBoard))
        assert [b.id for b in boards] == ["sb-sea", "sb-hand"]
        checked, failures = await contrast_failures(pilot, boards, CELL_ROLES, STATES, ROLES)
        assert checked > 1000
        assert failures == []
