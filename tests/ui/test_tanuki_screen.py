"""Tanuki in the Garden screen (issue 9), driven by keyboard and mouse through Textual's pilot.

Starting from an edge space and laying a tile by keyboard with a rotation and by mouse, at 80x24
and 100x30; the preview of the chosen tile on the front square turning with ``r``; the steer,
walk-in and distract choices; a Repellant window passed with ``p``; the legend and the help;
ASCII mode drawing 7-bit only; everything important visible at 80x24; a whole game against bots
to the end. Bots play with no delay and the tests await their workers (``settle``), never sleep.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import key_path, position_table_of, quiet_app, seats_of, settle
from textual.pilot import Pilot

from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki.components import CARD_KEYS, EDGES
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens import screen_for
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.tanuki import TanukiScreen
from gardens_tui.ui.screens.tanuki.layouts import edge_key
from gardens_tui.ui.screens.tanuki.paint import monk_letters, path_numbers
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.prompt import PromptLine

GAME_ID = "tanuki-in-the-garden"
SIZES = [(80, 24), (100, 30)]


@pytest.fixture(autouse=True)
def no_news_popup(monkeypatch: pytest.MonkeyPatch) -> None:
    """The "since your last turn" pop-up (issue 26, tested in test_tanuki_issue26.py) stays
    shut here: these tests press keys right after the bots' turns."""
    monkeypatch.setattr(TanukiScreen, "news_popup", False)


# --- helpers -------------------------------------------------------------------------------------


def new_table(*players: str, seed: int = 4, **options: Any) -> Table:
    """A new game: ``"Ann"`` is a human, ``"Bob=greedy"`` a bot."""
    return Table(Setup(GAME_ID, seats_of(players or ("Ann", "Bob=greedy")), options, seed))


def position_table(state: TanukiState, *players: str) -> Table:
    """A table starting from a hand-built position (Ann human, Bob a bot unless told)."""
    return position_table_of(GAME_ID, state, players or ("Ann", "Bob=greedy"))


app_for = quiet_app


def tk_screen(app: GardensApp) -> TanukiScreen:
    screen = app.game_screen()
    assert isinstance(screen, TanukiScreen)
    return screen


def tstate(table: Table) -> TanukiState:
    state = table.state
    assert isinstance(state, TanukiState)
    return state


async def go(pilot: Pilot[Any], board: BoardGrid, target: Cell, enter: bool = True) -> None:
    """Move the cursor to ``target`` with arrow keys (and press Enter)."""
    assert board.has_focus, f"{board.id} should have the focus"
    for key in key_path(board, target):
        await pilot.press(key)
    assert board.cursor == target
    if enter:
        await pilot.press("enter")
    await pilot.pause()


async def click(pilot: Pilot[Any], board: BoardGrid, cell: Cell) -> None:
    """Click the middle of ``cell`` on ``board``."""
    region = board.board_layout.region(cell)
    await pilot.click(board, offset=(region.x + region.width // 2, region.y + region.height // 2))
    await pilot.pause()


def error_text(screen: TanukiScreen) -> str:
    return screen.query_one(PromptLine).error_text or ""


def board_text(board: BoardGrid) -> str:
    return "\n".join(
        "".join(segment.text for segment in board.render_line(y))
        for y in range(board.board_layout.height)
    )


async def start_on_edge(pilot: Pilot[Any], screen: TanukiScreen, table: Table, edge: int) -> None:
    """Ann chooses edge space ``edge`` by keyboard; the bots choose theirs and roll."""
    await go(pilot, screen.board, edge_key(edge))
    await settle(pilot)
    assert table.actions[0] == ("edge", edge)


# --- tests ---------------------------------------------------------------------------------------


def test_the_screen_is_registered_for_the_game() -> None:
    assert screen_for(GAME_ID) is TanukiScreen


def test_monk_letters_fall_back_to_seat_numbers_when_initials_clash() -> None:
    """A monk is its seat's initial; two seats with the same initial (or none) get numbers."""
    assert monk_letters(["Ann", "bob", "Abe", "42"]) == ["1", "B", "3", "4"]


def test_a_tile_numbers_both_ends_of_each_path_alike() -> None:
    """The drawing joins the two ends of every path by the same number (1-4)."""
    numbers, symbols = path_numbers(17 * 4 + 1)
    assert sorted(numbers) == [1, 1, 2, 2, 3, 3, 4, 4] and len(symbols) == 4


@pytest.mark.parametrize("size", SIZES)
async def test_start_then_lay_a_turned_tile_by_keyboard(size: tuple[int, int]) -> None:
    """Edge space by arrows and Enter; the first tile is previewed on the front square (lit);
    ``r`` turns it (the preview follows); Enter on the square lays it as previewed."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert screen.board.has_focus
        await start_on_edge(pilot, screen, table, 1)
        state = tstate(table)
        assert state.phase == "place" and state.current_player == 0
        front = B.front_square(state, 0)
        assert front == EDGES[1][0]
        assert front in screen.board.legal
        first = screen.preview()
        tile = state.hands[0][0]
        assert first >> 2 == tile
        await go(pilot, screen.board, front, enter=False)
        assert "Enter lays" in screen._info_text
        before = screen.picker.selection.variant
        await pilot.press("r")
        await pilot.press("r")
        await pilot.pause()
        variant = screen.picker.selection.variant
        assert variant != before
        assert isinstance(variant, tuple)
        await pilot.press("enter")
        await settle(pilot)
        assert ("place", tile, variant[0], variant[1]) in table.actions


@pytest.mark.parametrize("size", SIZES)
async def test_lay_a_chosen_tile_by_mouse(size: tuple[int, int]) -> None:
    """Click an edge space, click the second tile of the hand, click the lit square."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await click(pilot, screen.board, edge_key(20))
        await settle(pilot)
        assert table.actions[0] == ("edge", 20)
        state = tstate(table)
        assert state.current_player == 0 and state.phase == "place"
        second = state.hands[0][1]
        await click(pilot, screen.hand_board, 1)
        assert screen.picker.selection.item == second
        assert screen.preview() >> 2 == second
        await click(pilot, screen.board, B.front_square(state, 0))
        await settle(pilot)
        laid = [a for a in table.actions if a[0] == "place"]
        assert laid and laid[0][1] == second


async def test_steer_a_tanuki_from_a_list() -> None:
    """A 5 on the blue die: ``t`` lists the four directions; choosing one steers it."""
    state = make_position(
        ("Ann", "Bob"),
        phase="steer",
        monks={0: "edge n1", 1: "edge s6"},
        tanuki=("c3", "d4"),
        dice=[5, 2],
        dirs=[5, 2],
        moving=0,
    )
    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("2")
        await settle(pilot)
        assert table.actions[0] == ("steer", 0, 2)


async def test_walk_in_from_an_edge_space_onto_a_laid_tile() -> None:
    """A tile already lies beside Ann's edge space: ``n`` lists the two ends to walk in by."""
    state = make_position(("Ann", "Bob"), monks={0: "edge n1", 1: "edge s6"}, board={"a1": "t1 r0"})
    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("2")
        await settle(pilot)
        assert table.actions[0] == ("enter", 2)


async def test_distract_the_tanuki_in_the_way_with_its_key() -> None:
    """The blue tanuki sits on Ann's front square (the info line names it there): ``x`` pays 2
    to chase it off."""
    state = make_position(
        ("Ann", "Bob"),
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        tanuki=("c4", None),
        shiitake=[5, 0],
    )
    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert "◆" in board_text(screen.board)
        await go(pilot, screen.board, 20, enter=False)  # c4
        assert screen._info_text == "c4; blue tanuki"
        await pilot.press("x")
        await settle(pilot)
        assert table.actions[0] == ("distract", 0)


async def test_a_repellant_window_is_passed_with_p() -> None:
    """Ann holds Tanuki Repellant while a tanuki comes her way: ``p`` lets it come; her card is
    shown by title in the player panel, Bob's only as a count."""
    repellant = CARD_KEYS.index("repellant") * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        tanuki=("c4", "a6"),
        active=1,
        cards=[[repellant], [repellant + 1]],
        dice=[3, 0],
        dirs=[1, 0],
        moving=0,
        phase="repel",
        queue=[0],
    )
    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert screen.panel_extras(screen.state, 0)[-2:] == ["1 card:", " Tanuki Repellant"]
        assert screen.panel_extras(screen.state, 1)[-1] == "1 card"
        await pilot.press("p")
        await settle(pilot)
        assert table.actions[0] == ("let",)


async def test_a_refused_place_says_where_to_lay_the_tile() -> None:
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await start_on_edge(pilot, screen, table, 1)
        await click(pilot, screen.board, 35)
        assert "lit square" in error_text(screen)


async def test_legend_and_help_show_every_mark() -> None:
    table = new_table()
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.keys == ()
        shown = {mark for mark, _ in app.screen.legend}
        assert {"│ ─ ╭ ╮ ┼", "◆", "◇", "$3", "▒", "●", "⌂", "~", "A", "B"} <= shown
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.keys and app.screen.legend


@pytest.mark.parametrize("size", SIZES)
async def test_the_board_prompt_and_footer_fit(size: tuple[int, int]) -> None:
    """Nothing important is cut: the whole garden with its edges, the hand, the info line, the
    prompt and the footer."""
    table = new_table("Ann", "Bob=greedy", "Cleo=random")
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        width, height = size
        board = screen.board
        layout = board.board_layout
        region = board.region
        assert region.width >= layout.width and region.height >= layout.height
        assert region.right <= width and region.bottom <= height
        hand = screen.hand_board
        assert hand.region.height == 2 and hand.region.bottom <= height - 2
        prompt = screen.query_one(PromptLine)
        assert prompt.region.height >= 1 and prompt.region.bottom <= height - 1
        info = screen.query_one("#tk-info")
        assert 1 <= info.region.height <= 2 and info.region.bottom <= prompt.region.y
        panel = screen.query_one("PlayerPanel")
        assert panel.region.width >= 20 and panel.region.right <= width


async def test_ascii_mode_draws_7_bit_only() -> None:
    state = make_position(
        ("Ann", "Bob"),
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        tanuki=("c4", "e5"),
        shiitake=[5, 0],
    )
    table = position_table(state)
    app = app_for(table, ascii_mode=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        text = board_text(screen.board) + board_text(screen.hand_board)
        text += str(screen.query_one("#tk-info").render())
        text += str(screen.query_one("#tk-status").render())
        assert all(ord(ch) < 128 for ch in text), {ch for ch in text if ord(ch) >= 128}
        assert "*" in text and "+" in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert all(ord(ch) < 128 for ch in "".join(m + w for m, w in app.screen.legend))


async def test_the_last_walk_is_lit() -> None:
    """After a tile is laid and the monk walks, the squares it crossed are marked."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await start_on_edge(pilot, screen, table, 1)
        await click(pilot, screen.board, B.front_square(tstate(table), 0))
        await settle(pilot)
        assert screen.board.last_move
        assert all(isinstance(cell, int) for cell in screen.board.last_move)


async def test_a_whole_game_against_bots_to_the_end() -> None:
    """Ann plays every decision by keyboard (Enter on the first lit place, else the first of
    the every-choice list) against two bots with no delay, to the end screen."""
    table = new_table("Ann", "Bob=greedy", "Cleo=random", seed=9)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        for _ in range(400):
            state = tstate(table)
            if state.over or type(app.screen).__name__ == "EndScreen":
                break
            assert state.current_player == 0
            board = screen.board
            if board.legal and state.phase in ("edge", "place"):
                if not board.has_focus:
                    board.focus()
                    await pilot.pause()
                await go(pilot, board, sorted(board.legal, key=str)[0])
            else:
                await pilot.press("c")
                await pilot.pause()
                assert isinstance(app.screen, ChoiceScreen)
                await pilot.press("1")
            await settle(pilot)
        assert tstate(table).over
        assert type(app.screen).__name__ == "EndScreen"


async def test_a_discard_is_chosen_in_the_hand() -> None:
    """After crossing an ashi-magari on Bob's turn, Ann's hand gets the focus with her tiles lit;
    Enter on the second one discards it."""
    state = make_position(
        ("Ann", "Bob"),
        phase="discard",
        queue=[0],
        active=1,
        monks={0: "edge n1", 1: "edge s6"},
        hands={0: ["t2", "t3"]},
    )
    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        hand = screen.hand_board
        assert hand.has_focus and hand.legal == {0, 1}
        await go(pilot, hand, 1)
        await settle(pilot)
        assert table.actions[0] == ("discard", 2)
