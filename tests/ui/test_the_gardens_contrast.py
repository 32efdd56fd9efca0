"""Readable colours on The Gardens screen in every theme (issue 8: "the contrast test covering
your colours").

For every theme the settings offer, every feature colour role of the cards (trees by species,
stream, fountain, bench, statue, picnic, path ends, visitors, names, landmark codes) drawn on
each cell role the boards use (a card, an empty mat cell or taken display place, the chosen
card) in each board state that changes colours (legal target, last move or walk; the cursor is
reverse video, which keeps the ratio),
plus the cell roles' own text, reach the WCAG AA contrast ratio of 4.5 against their background,
as Textual resolves them in that theme. ANSI themes use the terminal's palette: skipped.
"""

from __future__ import annotations

from board_contrast import contrast_failures
from test_the_gardens_screen import app_for, new_table

from gardens_tui.ui.screens.the_gardens.board import TgBoard
from gardens_tui.ui.screens.the_gardens.paint import ROLES

CELL_ROLES = ("cell", "empty", "accent")
"""The cell roles the boards paint (a card, an empty cell or taken place, the chosen card)."""

STATES: tuple[tuple[str, ...], ...] = ((), ("legal",), ("last-move",), ("legal", "last-move"))
"""The states that change colours: the boards draw states by style (``marker_mode="style"``),
where the cursor is reverse video of these colours, which keeps their contrast ratio."""


async def test_every_feature_reads_on_its_card_in_every_theme() -> None:
    app = app_for(new_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        display, mat = app.screen.query(TgBoard).results(TgBoard)
        assert display.id == "tg-display" and mat.id == "tg-mat"
        checked, failures = await contrast_failures(
            pilot,
            (display, mat),
            CELL_ROLES,
            STATES,
            ROLES,
            # The mat's legal targets are empty cells: plain text, no feature piece.
            no_pieces=lambda board, states: board is mat and "legal" in states,
        )
        assert checked > 1000
        assert failures == []
