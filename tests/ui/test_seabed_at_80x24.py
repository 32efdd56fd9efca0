"""Seabed Neighbours at 80x24, as new players met it (the second players' trial).

With long player names the status line and the hand's title still fit the board's width
(shorter forms, never cut); the info line shows the whole of a long text on its two lines.
"""

from __future__ import annotations

from conftest import quiet_app, settle
from test_seabed_screen import position_table, to_screen
from textual.widgets import Static

from gardens_tui.rules.seabed.positions import make_position
from gardens_tui.ui.screens.seabed import SeabedScreen

LONG = ("Annabelle Longname", "Bartholomew Greedy=greedy", "Cleopatra Random=random")


def shown_rows(screen: SeabedScreen, selector: str, lines: int = 1) -> list[str]:
    """The text a line widget draws, row by row (trailing blanks dropped)."""
    line = screen.query_one(selector, Static)
    return ["".join(s.text for s in line.render_line(y)).rstrip() for y in range(lines)]


async def test_status_and_title_fit_with_long_names_at_80x24() -> None:
    """Annabelle Longname lays tile 1 for T1 (with Cleopatra Random): the status line keeps
    the tile and the team, the pile and the clams (the panel and the prompt say whose turn);
    the title keeps its team's number; neither is cut."""
    state = make_position([name.split("=")[0] for name in LONG], [], ["t1", "t23"])
    app = quiet_app(position_table(state, *LONG))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        width = screen.line_width()
        assert len(f"Annabelle Longname's turn, tile 1 with T1 · pile {len(state.pile)}") > width
        (status,) = shown_rows(screen, "#sb-status")
        counts = f"pile {len(state.pile)} · clams {len(state.clams)}"
        assert status.strip() == f"Tile 1 with T1 · {counts}"
        (title,) = shown_rows(screen, "#sb-hand-title")
        assert title.strip() == "Tiles 1, 2 for T1 · tile 1 chosen"
        assert len(screen.hand_title()) > width  # the long form names the players
