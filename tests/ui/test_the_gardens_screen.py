"""The Gardens screen (issue 8), driven by keyboard and mouse through Textual's pilot.

Taking a display card and placing it at the left or the right end of its row, by keyboard and by
mouse click, at 80x24 and 100x30; the walk's cards lit after a take; the key that shows the other
players' mats; Fort Denison's reservation window (a card, or ``p``); the State Library's return
(``b``); the Moreton Bay Fig's species list; a refusal of the rules shown in the prompt line; the
legend and the help; ASCII mode drawing 7-bit only; a whole game against bots to the end. Bots
play with no delay and the tests await their workers (``settle``), never sleep.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import key_path, position_table_of, quiet_app, seats_of, settle
from textual.pilot import Pilot

from gardens_tui.rules.the_gardens.components import COLUMNS
from gardens_tui.rules.the_gardens.mat import placement
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import GardensState
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens import screen_for
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.the_gardens import TheGardensScreen
from gardens_tui.ui.screens.the_gardens.marks import walk_cells
from gardens_tui.ui.screens.the_gardens.texts import legend_rows, panel_lines
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.player_panel import seat_rows
from gardens_tui.ui.widgets.prompt import PromptLine

SIZES = [(80, 24), (100, 30)]


# --- helpers -------------------------------------------------------------------------------------


def new_table(*players: str, seed: int = 4, **options: Any) -> Table:
    """A new game: ``"Ann"`` is a human, ``"Bob=greedy"`` a bot."""
    return Table(Setup("the-gardens", seats_of(players or ("Ann", "Bob=greedy")), options, seed))


def position_table(state: GardensState, *players: str) -> Table:
    """A table starting from a hand-built position (Ann human, Bob a bot unless told)."""
    return position_table_of("the-gardens", state, players or ("Ann", "Bob=greedy"))


app_for = quiet_app


def tg_screen(app: GardensApp) -> TheGardensScreen:
    screen = app.game_screen()
    assert isinstance(screen, TheGardensScreen)
    return screen


def gstate(table: Table) -> GardensState:
    state = table.state
    assert isinstance(state, GardensState)
    return state


async def go(pilot: Pilot[Any], board: BoardGrid, target: Cell) -> None:
    """Move the cursor to ``target`` with arrow keys and press Enter."""
    assert board.has_focus, f"{board.id} should have the focus"
    for key in key_path(board, target):
        await pilot.press(key)
    assert board.cursor == target
    await pilot.press("enter")
    await pilot.pause()


async def click(pilot: Pilot[Any], board: BoardGrid, cell: Cell) -> None:
    """Click the middle of ``cell`` on ``board``."""
    region = board.board_layout.region(cell)
    await pilot.click(board, offset=(region.x + region.width // 2, region.y + 1))
    await pilot.pause()


def error_text(screen: TheGardensScreen) -> str:
    return screen.query_one(PromptLine).error_text or ""


def first_open_card(state: GardensState, seat: int = 0) -> tuple[int, int]:
    for row in range(3):
        if state.walked[seat][row] < state.per_row:
            for place, code in enumerate(state.display[row]):
                if code >= 0:
                    return row, place
    raise AssertionError("no card to take")


# --- tests ---------------------------------------------------------------------------------------


def test_the_screen_is_registered_for_the_game() -> None:
    assert screen_for("the-gardens") is TheGardensScreen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("side", ["left", "right"])
async def test_take_a_card_and_place_it_by_keyboard(size: tuple[int, int], side: str) -> None:
    """Choose a display card with the arrows and Enter, then the lit end of its row."""
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        state = gstate(table)
        row, place = 1, 2
        display = screen.display_board
        await go(pilot, display, (row, place))
        mat = screen.mat_board
        column = placement(state.mats[0], row, side)
        ends = {row * COLUMNS + placement(state.mats[0], row, s) for s in ("left", "right")}
        assert mat.has_focus and mat.legal == ends  # both ends of the row, lit
        await go(pilot, mat, row * COLUMNS + column)
        await settle(pilot)
        assert ("take", row, place, side) in table.actions
        assert table.actions[0] == ("take", row, place, side)


@pytest.mark.parametrize("size", SIZES)
async def test_take_a_card_and_place_it_by_mouse(size: tuple[int, int]) -> None:
    """Click a display card, then click the right end of its row on the mat."""
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        state = gstate(table)
        await click(pilot, screen.display_board, (2, 1))
        assert screen.chosen_card() == (2, 1)
        column = placement(state.mats[0], 2, "right")
        await click(pilot, screen.mat_board, 2 * COLUMNS + column)
        await settle(pilot)
        assert table.actions[0] == ("take", 2, 1, "right")


async def test_esc_puts_the_chosen_card_back_and_another_card_replaces_it() -> None:
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        await click(pilot, screen.display_board, (0, 0))
        assert screen.chosen_card() == (0, 0)
        await click(pilot, screen.display_board, (1, 0))
        assert screen.chosen_card() == (1, 0)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.chosen_card() is None
        assert screen.mat_board.legal == frozenset() or not screen.mat_board.has_focus
        assert table.actions == []


async def test_the_walk_is_lit_after_placing_and_other_mats_are_one_key_away() -> None:
    """After Ann's take her visitor's walk is lit on her mat; ``o`` shows the bot's mat with
    the bot's walk lit, ``o`` again comes back to Ann's."""
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        await click(pilot, screen.display_board, (0, 0))
        state = gstate(table)
        column = placement(state.mats[0], 0, "left")
        await click(pilot, screen.mat_board, column)
        await settle(pilot)
        assert len(table.actions) >= 2  # the bot answered
        mat = screen.mat_board
        assert screen.shown_seat() == 0
        assert {column, column + 1} <= set(mat.last_move)  # from the Central Board to a4
        title = screen.query_one("#tg-mat-title")
        assert "Your mat (Ann)" in str(title.render())
        await pilot.press("o")
        await pilot.pause()
        assert screen.shown_seat() == 1
        assert "mat" in str(title.render()) and "Ann" not in str(title.render())
        seat, row, col = gstate(table).last
        assert seat == 1
        low, high = sorted((col, gstate(table).centre))
        assert {row * COLUMNS + c for c in range(low, high + 1)} <= set(mat.last_move)
        assert mat.legal == frozenset()
        await pilot.press("o")
        await pilot.pause()
        assert screen.shown_seat() == 0


def test_walk_cells_are_every_card_the_visitor_saw() -> None:
    """A walk from the Central Board over two cards to a third lights all four cells."""
    before = make_position(
        mats={0: {"b4": "B1", "b3": "B2", "b2": "B3"}}, visitors={0: {"b": 5}}, validate=False
    )
    after = make_position(
        mats={0: {"b4": "B1", "b3": "B2", "b2": "B3", "b1": "B4"}},
        visitors={0: {"b": 1}},
        last=[0, 1, 0],
        turn=1,
    )
    assert set(walk_cells(before, after)) == {(0, 9 + c) for c in range(5)}


async def test_a_refusal_leaves_the_prompt_line_with_the_next_choice() -> None:
    """Issue 27: a refusal ("Cannot undo: …") stayed on the prompt line after the player's
    next choice. Taking a card brings the prompt back."""
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        await pilot.press("u")
        await pilot.pause()
        assert error_text(screen)
        await click(pilot, screen.display_board, (0, 0))
        assert screen.chosen_card() == (0, 0)
        assert not error_text(screen)


async def test_a_refused_card_shows_the_rules_reason_in_the_prompt() -> None:
    """A card of a row Ann already took from this round (3 players: one per row) is refused
    by the engine, whose reason shows in the prompt; nothing changes."""
    state = make_position(("Ann", "Bob", "Cleo"), walked=[[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    table = position_table(state, "Ann", "Bob=greedy", "Cleo=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        await click(pilot, screen.display_board, (0, 0))
        assert table.actions == []
        assert screen.chosen_card() is None
        assert "row" in error_text(screen).lower()


async def test_fort_denison_reservation_window_by_card_and_by_pass() -> None:
    """With Fort Denison's ability, a round starts with the reservation: choosing a display
    card reserves it (marked R); in the next game ``p`` reserves nothing."""
    options = {"landmarks": True, "layout": "l1-r1", "landmark-side": "abilities"}
    state = make_position(options=options, owners={"fort-denison": 0}, phase="reserve")
    assert state.decision is not None and state.decision.kind == "reserve"
    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        assert screen.display_board.has_focus
        assert len(screen.display_board.legal) == 12
        await go(pilot, screen.display_board, (1, 3))
        await settle(pilot)
        assert table.actions[0] == ("reserve", 1, 3)
        assert gstate(table).reserved == [1, 3]
        lines = screen._paint_display((1, 3)).lines
        assert "R" in "".join(piece[0] for piece in lines[0])

    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert table.actions[0] == ("skip",)


async def test_state_library_returns_a_visitor_with_its_key() -> None:
    options = {"landmarks": True, "layout": "l2-r1", "landmark-side": "abilities"}
    state = make_position(
        options=options,
        owners={"state-library": 0},
        mats={0: {"b4": "B1"}},
        visitors={0: {"b": 4}},
    )
    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        assert any(line.command == "return" for line in screen.command_lines())
        await pilot.press("b")
        await settle(pilot)
        assert table.actions[0] == ("return", 1)
        assert gstate(table).visitors[0][1] == gstate(table).centre


async def test_moreton_bay_fig_species_is_chosen_from_a_list() -> None:
    options = {"landmarks": True, "layout": "l1-r2", "landmark-side": "abilities"}
    state = make_position(options=options, owners={"moreton-bay-fig": 0}, phase="species")
    assert state.decision is not None and state.decision.kind == "species"
    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)  # opened by itself
        await pilot.press("3")
        await settle(pilot)
        assert table.actions[0] == ("species", "jacaranda")


async def test_legend_and_help_show_every_letter() -> None:
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.keys == ()  # the legend and the rules only
        assert {"w", "~", "F", "CB"} <= {mark for mark, _ in app.screen.legend}
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = {mark for mark, _ in app.screen.legend}
        assert {"w", "b", "j", "p", "~", "F", "B", "S", "*", "CB", "V", "v"} <= shown


async def test_every_choice_lists_the_legal_actions() -> None:
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("1")
        await settle(pilot)
        assert len(table.actions) >= 1
        assert table.actions[0][0] == "take"


@pytest.mark.parametrize("size", SIZES)
async def test_the_prompt_footer_and_boards_fit(size: tuple[int, int]) -> None:
    """Nothing important is cut: both boards whole, the info line, prompt and footer shown."""
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        width, height = size
        for board in (screen.display_board, screen.mat_board):
            region = board.region
            layout = board.board_layout
            assert region.width >= layout.width and region.height >= layout.height, board.id
            assert region.right <= width and region.bottom <= height
        prompt = screen.query_one(PromptLine)
        assert prompt.region.height >= 1 and prompt.region.bottom <= height - 1
        info = screen.query_one("#tg-info")
        assert info.region.height == 2 and info.region.bottom <= prompt.region.y
        panel = screen.query_one("PlayerPanel")
        assert panel.region.width >= 20 and panel.region.right <= width


async def test_ascii_mode_draws_7_bit_only() -> None:
    table = new_table()
    app = app_for(table, ascii_mode=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        await click(pilot, screen.display_board, (0, 0))
        text = "\n".join(
            "".join(segment.text for segment in screen.mat_board.render_line(y))
            + "".join(segment.text for segment in screen.display_board.render_line(y))
            for y in range(12)
        )
        text += str(screen.query_one("#tg-info").render())
        text += str(screen.query_one("#tg-actions").render())
        assert all(ord(ch) < 128 for ch in text), {ch for ch in text if ord(ch) >= 128}
        assert "|" in text and "CB" in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert all(ord(ch) < 128 for ch in "".join(m + w for m, w in app.screen.legend))


def test_the_ascii_legend_keeps_its_bar_inside_the_help_table() -> None:
    """The ASCII path end ``|`` would split a Markdown table cell: it is escaped."""
    from gardens_tui.ui.screens.help import help_markdown

    rows = legend_rows(make_position(), True)
    table = help_markdown([], [], rows)
    line = next(line for line in table.splitlines() if "top/bottom" in line)
    assert line.count(" | ") == 1  # one separator between "shown" and "means"


async def test_a_whole_game_against_bots_to_the_end() -> None:
    """Ann plays every take by keyboard (the first legal card, its first lit end) against two
    greedy bots with no delay, to the end screen."""
    table = new_table("Ann", "Bob=greedy", "Cleo=greedy", seed=9)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        for _ in range(30):
            state = gstate(table)
            if state.over:
                break
            assert state.current_player == 0
            display = screen.display_board
            assert display.has_focus
            target = sorted(display.legal)[0]
            await go(pilot, display, target)
            mat = screen.mat_board
            await go(pilot, mat, sorted(mat.legal)[0])
            await settle(pilot)
        assert gstate(table).over
        assert type(app.screen).__name__ == "EndScreen"


def test_two_player_rounds_show_the_rows_each_player_took() -> None:
    """With two players each takes two cards per row a round: the panel says how many."""
    state = make_position(
        walked=[[2, 1, 0], [0, 0, 1]],
        owners={"sydney-tower": 0},
        options={"landmarks": True, "layout": "l1-r1"},
    )
    assert panel_lines(state, 0) == ["took A2 B1", "landmarks ST"]
    assert panel_lines(state, 1) == ["took C1"]
    three = make_position(("Ann", "Bob", "Cleo"), walked=[[1, 0, 1], [0, 0, 0], [0, 1, 0]])
    assert panel_lines(three, 0) == ["took A C"]
    assert panel_lines(three, 1) == ["took nothing yet"]


async def test_the_player_panel_shows_the_rows_taken_after_a_take() -> None:
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tg_screen(app)
        await click(pilot, screen.display_board, (1, 0))
        state = gstate(table)
        await click(pilot, screen.mat_board, COLUMNS + placement(state.mats[0], 1, "right"))
        await settle(pilot)
        rows = seat_rows(screen.seat_view, False, screen.panel_extras)  # what the panel shows
        assert "took B1" in rows[0].extras
