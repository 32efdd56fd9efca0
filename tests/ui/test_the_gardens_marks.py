"""The Gardens screen at 80x24, as two new players found it: one cursor on screen (the board the
arrows move), the chosen card marked apart from it, and a taken display place that no longer
looks like a card that may be taken. Driven through Textual's pilot; Ann decides, the bot never
moves here."""

from __future__ import annotations

from conftest import position_table_of, quiet_app, settle
from textual.geometry import Region

from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import NO_CARD, GardensState
from gardens_tui.table import Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens.the_gardens import TheGardensScreen
from gardens_tui.ui.screens.the_gardens.paint import TAKEN, symbol
from gardens_tui.ui.screens.the_gardens.texts import legend_rows
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.cell_paint import SPOT_MARKERS

CURSORS = (SPOT_MARKERS[False]["cursor"], SPOT_MARKERS[False]["cursor-legal"])
"""The cursor's glyphs (``▷`` and ``▶``)."""

CHOSEN = symbol("chosen", False)
"""The chosen card's mark (``◆``)."""


def tg_screen(app: GardensApp) -> TheGardensScreen:
    screen = app.game_screen()
    assert isinstance(screen, TheGardensScreen)
    return screen


def a_round_begun() -> GardensState:
    """Two players, round 1: Ann took a1 and Bob a2 (their places are empty); Ann decides."""
    state = make_position(("Ann", "Bob"), seed=5)
    state.display[0][0] = state.display[0][1] = NO_CARD
    state.walked = [[1, 0, 0], [1, 0, 0]]
    return state


def table_of(state: GardensState) -> Table:
    return position_table_of("the-gardens", state, ("Ann", "Bob=greedy"))


def board_lines(board: BoardGrid) -> list[str]:
    """The board as drawn, one string per line."""
    return ["".join(s.text for s in board.render_line(y)) for y in range(board.size.height)]


def cell_text(board: BoardGrid, cell: Cell) -> str:
    """The characters drawn in ``cell``'s rectangle, its lines joined by newlines."""
    region: Region = board.board_layout.region(cell)
    lines = board_lines(board)[region.y : region.bottom]
    return "\n".join(line[region.x : region.right] for line in lines)


def cursor_glyphs(board: BoardGrid) -> int:
    """How many cursor glyphs the board shows."""
    return sum(line.count(glyph) for line in board_lines(board) for glyph in CURSORS)


async def test_only_the_board_the_arrows_move_shows_a_cursor() -> None:
    """A new player saw two cursors (the display's and the mat's) and could not tell which one
    the arrows move: only the focused board shows its cursor; once a card is chosen and the
    cursor is on the mat, the chosen card carries its own mark (``◆``), not a cursor's; tab
    brings the display's cursor back and hides the mat's."""
    app = quiet_app(table_of(a_round_begun()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        display, mat = screen.display_board, screen.mat_board
        assert display.has_focus
        assert cursor_glyphs(display) == 1 and cursor_glyphs(mat) == 0
        chosen = display.cursor
        assert chosen is not None and CURSORS[1] in cell_text(display, chosen)

        await pilot.press("enter")  # choose the card under the cursor
        await pilot.pause()
        assert screen.chosen_card() == chosen and mat.has_focus
        assert cursor_glyphs(mat) == 1 and cursor_glyphs(display) == 0
        assert mat.cursor is not None and CURSORS[1] in cell_text(mat, mat.cursor)
        assert CHOSEN in cell_text(display, chosen)
        assert sum(line.count(CHOSEN) for line in board_lines(display)) == 1

        await pilot.press("tab")
        await pilot.pause()
        assert display.has_focus
        assert cursor_glyphs(display) == 1 and cursor_glyphs(mat) == 0


async def test_a_taken_place_says_taken_not_the_mark_of_a_card_to_take() -> None:
    """A taken display place showed ``·`` like a card that may be taken: it now says ``taken``
    and carries no mark, while the cards Ann may take carry ``·``; the legend (``i``) says what
    each of them means."""
    state = a_round_begun()
    app = quiet_app(table_of(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        display = screen.display_board
        legal_mark = SPOT_MARKERS[False]["legal"]
        for place in (0, 1):
            text = cell_text(display, (0, place))
            assert TAKEN in text and legal_mark not in text
            assert not any(glyph in text for glyph in CURSORS)
        takeable = (1, 1)  # row B is open to Ann; the cursor is elsewhere
        assert takeable in display.legal and display.cursor != takeable
        assert legal_mark in cell_text(display, takeable)
        assert TAKEN not in cell_text(display, takeable)

    legend = dict(legend_rows(state, ascii_mode=False))
    assert "taken this round" in legend[TAKEN]
    assert "may take" in legend[f"{legal_mark} or underlined"]
    assert "chose to take" in legend[CHOSEN]
