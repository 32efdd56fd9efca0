"""Tanuki in the Garden screen (issue 9, "## Screen"): the walk shown step by step, the
clickable commands, Garden Master cards aimed on the garden, the info line kept when a refusal
wraps the prompt, monks at their path ends and the tiles drawn as lines at the roomy size.

The walk animation is driven by hand (``walk_clock = False``, frames advanced by the test); bots
are humans here or play with no delay, and the tests await Textual (``settle``), never sleep.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import key_path, settle
from test_tanuki_screen import (
    app_for,
    board_text,
    new_table,
    position_table,
    start_on_edge,
    tk_screen,
    tstate,
)
from textual.pilot import Pilot
from textual.widgets import Static

from gardens_tui.rules.tanuki.components import AROUND, CARD_KEYS, EXITS, parse_square, tile_name
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.tanuki import TanukiScreen
from gardens_tui.ui.screens.tanuki.routes import end_cells
from gardens_tui.ui.widgets.prompt import PromptLine


@pytest.fixture(autouse=True)
def no_news_popup(monkeypatch: pytest.MonkeyPatch) -> None:
    """The "since your last turn" pop-up (issue 26, tested in test_tanuki_issue26.py) stays
    shut here: these tests press keys right after the bots' turns."""
    monkeypatch.setattr(TanukiScreen, "news_popup", False)


def square(name: str) -> int:
    sq = parse_square(name)
    assert sq is not None
    return sq


def two_step_position() -> tuple[TanukiState, tuple[object, ...]]:
    """Ann at c3's south-east end faces c4; a tile on c4 leading south takes her on into the
    tile already on c5, where her path ends: a walk of two squares (Garden Master, 5 shiitake:
    Ann then decides whether to buy a card). Returns the position and the placement."""
    lay = tile_joining({1: 4})
    on_c5 = tile_joining({1: 5}, avoid=[lay >> 2])
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge n6"},
        board={"c3": tile_joining({0: 4}, avoid=[lay >> 2, on_c5 >> 2]), "c5": on_c5},
        hands={0: [tile_name(lay >> 2)]},
        shiitake=[5, 0],
    )
    return state, ("place", lay >> 2, lay & 3, 0)


async def click_command(pilot: Pilot[Any], screen: TanukiScreen, word: str) -> None:
    """Click the word ``word`` in the dock's command line."""
    actions = screen.query_one("#tk-actions", Static)
    text = str(actions.render())
    lines = text.split("\n")
    for y, line in enumerate(lines):
        if word in line:
            await pilot.click(actions, offset=(line.index(word), y))
            await pilot.pause()
            return
    raise AssertionError(f"{word!r} not in the command line: {text!r}")


async def test_a_walk_is_shown_square_by_square_then_stays_lit() -> None:
    """After the tile is laid the walk starts at its first square (the monk drawn there), each
    frame shows one more square, and at the end the whole walked path is lit (double lines)
    with the monk at its end."""
    state, placement = two_step_position()
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert screen.roomy
        screen.bot_delay_ms = 100  # animations on (the tests' settings have them off)
        screen.walk_clock = False  # type: ignore[misc]
        assert screen.play(placement)
        await settle(pilot)
        animation = screen.walk_animation
        assert animation is not None and animation.running
        c4, c5 = square("c4"), square("c5")
        assert [w.seat for w in screen.walks] == [0]
        assert [step[0] for step in screen.walks[0].steps] == [c4, c5]
        assert screen.walk_shown == 1
        lit, moved = screen._lit()
        assert set(lit) == {c4} and moved[0] == c4 * 8 + 4
        animation.advance()
        await pilot.pause()
        assert screen.walk_shown == 2 and screen.walk_animation is None
        lit, moved = screen._lit()
        assert set(lit) == {c4, c5} and moved == {}
        assert screen.board.last_move == {c4, c5}
        assert any(ch in board_text(screen.board) for ch in "║═╔╗╚╝")


async def test_any_key_skips_the_walk_without_acting() -> None:
    """A key pressed while the walk is shown only ends it (the whole walk at once)."""
    state, placement = two_step_position()
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        screen.bot_delay_ms = 100
        screen.walk_clock = False  # type: ignore[misc]
        screen.play(placement)
        await settle(pilot)
        assert screen.walk_animation is not None and screen.walk_shown == 1
        played = len(table.actions)
        await pilot.press("p")
        await pilot.pause()
        assert screen.walk_animation is None and screen.walk_shown == 2
        assert len(table.actions) == played


async def test_no_walk_animation_when_bots_take_no_time() -> None:
    """With no bot delay (tests, screenshots) or once hurried with ``s``, the walk is shown
    whole at once."""
    state, placement = two_step_position()
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert screen.walk_interval_ms() == 0
        screen.play(placement)
        await settle(pilot)
        assert screen.walk_animation is None and screen.walk_shown == 2


async def test_commands_are_clicked_in_the_dock() -> None:
    """The roll, then the pass, chosen by clicking their words in the dock's command line."""
    table = new_table("Ann", "Bob=greedy", seed=4)
    app = app_for(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await start_on_edge(pilot, screen, table, 1)
        state = tstate(table)
        assert state.phase == "place" and state.current_player == 0
        await click_command(pilot, screen, "pass")
        await settle(pilot)
        assert ("pass",) in table.actions


async def test_roll_is_a_click_in_the_dock_with_garden_master() -> None:
    """With Garden Master the roll waits for the player (cards may come first): a click on
    ``roll`` rolls."""
    trap = CARD_KEYS.index("trap") * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        cards=[[trap], []],
        phase="before",
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert screen.phase() == "before"
        await click_command(pilot, screen, "roll")
        await settle(pilot)
        assert table.actions[0] == ("roll",)


async def test_a_trap_card_is_aimed_at_a_square_on_the_garden() -> None:
    """``m`` lists Tanuki Trap as "choose on the garden"; choosing it lights the squares around
    Ann's monk and the prompt says so; Enter on a lit square plays the card there."""
    trap = CARD_KEYS.index("trap") * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        cards=[[trap], []],
        phase="before",
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("1")
        await settle(pilot)
        assert app.screen is screen and screen.aiming() == "trap"
        lit = screen.board.legal
        c3 = square("c3")
        assert lit and lit <= set(AROUND[c3])
        assert "Tanuki Trap" in screen.query_one(PromptLine).prompt_text
        assert screen.board.cursor in lit
        target = screen.board.cursor
        await pilot.press("enter")
        await settle(pilot)
        assert table.actions[0] == ("play", "trap", target)


async def test_m_again_leaves_the_card_and_brings_back_the_tile() -> None:
    """While a card is aimed, ``m`` goes back to laying a tile (the preview returns)."""
    rock = CARD_KEYS.index("rock") * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        cards=[[rock], []],
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        assert screen.preview() >= 0
        screen._aim("rock")
        await pilot.pause()
        assert screen.aiming() == "rock" and screen.preview() < 0
        assert len(screen.board.legal) > 1  # every square a rock garden may go on
        await pilot.press("m")
        await pilot.pause()
        assert screen.aiming() is None and screen.preview() >= 0


async def test_the_info_line_stays_when_a_refusal_wraps_the_prompt() -> None:
    """At 80x24 a refusal two lines long leaves the whole garden and the info line on screen."""
    table = new_table("Ann", "Bob=greedy", "Cleo=random")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        screen.show_error("That cannot be done now, " * 5)
        await pilot.pause()
        prompt = screen.query_one(PromptLine)
        assert prompt.region.height == 2
        info = screen.query_one("#tk-info")
        assert info.region.height == 1 and info.region.bottom <= prompt.region.y
        board = screen.board
        assert board.region.height >= board.board_layout.height
        assert board.region.bottom <= info.region.y


async def test_monks_stand_at_their_path_ends() -> None:
    """Ann's monk is drawn as ``A`` at c3's south-east end (compact: the end's number's place),
    at both sizes."""
    state = make_position(
        ("Ann", "Bob"),
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
    )
    for size in ((80, 24), (120, 40)):
        table = position_table(state, "Ann", "Bob=greedy")
        app = app_for(table)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = tk_screen(app)
            paint = screen._paint_board(square("c3"))
            rows = ["".join(p.text for p in line) for line in paint.lines]  # type: ignore[union-attr]
            width, height = len(rows[0]), len(rows)
            x, y = end_cells(width, height)[4]
            assert rows[y][x] == "A"


async def test_roomy_tiles_are_lines_and_the_hand_names_each_tile_with_its_symbols() -> None:
    """At 120x40 a laid tile is drawn with line glyphs and symbol glyphs; the hand strip shows
    each tile's name over its symbols."""
    state = make_position(
        ("Ann", "Bob"),
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        text = board_text(screen.board)
        assert any(ch in text for ch in "│─╭╮╰╯")
        assert any(ch in text for ch in "●⌂~")
        hand = "\n".join(
            "".join(seg.text for seg in screen.hand_board.render_line(y)) for y in range(2)
        )
        tile = tstate(table).hands[0][0]
        assert tile_name(tile) in hand and "●" in hand
        assert EXITS[state.board[square("c3")]][0][0] == 4


async def test_shifting_paths_is_aimed_at_a_tile_then_its_turn_is_listed() -> None:
    """Shifting Paths: ``m``, then the tile on e5 chosen on the garden (lit, cursor keys and
    Enter), then how far to turn it from a list."""
    shift = CARD_KEYS.index("shift") * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4}), "e5": tile_joining({0: 1})},
        cards=[[shift], []],
        phase="before",
    )
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("1")
        await settle(pilot)
        assert screen.aiming() == "shift"
        e5 = square("e5")
        assert e5 in screen.board.legal
        for key in key_path(screen.board, e5):
            await pilot.press(key)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("1")
        await settle(pilot)
        assert table.actions[0] == ("play", "shift", e5, 1)
