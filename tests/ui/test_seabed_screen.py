"""Seabed Neighbours screen (issue 11), driven by keyboard and mouse through Textual's pilot.

Laying a tile by keys and by a click; the lit places of the chosen tile and its preview at the
cursor turned by ``r`` (only through the turns that fit there); choosing the other drawn tile;
the flag step (a list of segments on a lit tile; ``p`` for none); the propose-and-veto
exchange (proposal on the map, ``y`` / ``n``, counter-proposal, ``m`` / ``t``); a completed reef
flashed; the teams on the player panel; the help and legend; tile pictures in 7-bit glyphs;
a whole game of bots to the end. Bots play with no delay and the tests await their workers
(``settle``), never sleep.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import position_table_of, quiet_app, seats_of, settle
from textual.pilot import Pilot

from gardens_tui.rules.seabed.positions import make_position
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import TYPE_BY_NAME, TYPES
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens import screen_for
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.seabed import SeabedScreen
from gardens_tui.ui.screens.seabed.paint import (
    COMPACT,
    ROOMY,
    raster,
    tile_paint,
)
from gardens_tui.ui.screens.seabed.screen import completed_by
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.player_panel import seat_rows
from gardens_tui.ui.widgets.prompt import PromptLine

GAME_ID = "seabed-neighbours"
SIZES = [(80, 24), (100, 34)]
PLAYERS = ("Ann", "Bob=greedy", "Cleo=greedy")


def new_table(*players: str, seed: int = 3, **options: Any) -> Table:
    """A new game: ``"Ann"`` is a human, ``"Bob=greedy"`` a bot."""
    return Table(Setup(GAME_ID, seats_of(players or PLAYERS), options, seed))


def start_position(**fields: Any) -> SeabedState:
    """The start tile alone; Ann (seat 0) lays tile 1 for team T1 with hand t1 (a reef cap:
    at 0,-1 turned 180 it closes the start tile's reef) and t23 (a straight streak)."""
    return make_position(["Ann", "Bob", "Cleo"], [], ["t1", "t23"], **fields)


def position_table(state: SeabedState, *players: str) -> Table:
    return position_table_of(GAME_ID, state, players or PLAYERS)


def to_screen(app: GardensApp) -> SeabedScreen:
    screen = app.game_screen()
    assert isinstance(screen, SeabedScreen)
    return screen


def sstate(table: Table) -> SeabedState:
    state = table.state
    assert isinstance(state, SeabedState)
    return state


async def click(pilot: Pilot[Any], board: BoardGrid, cell: Cell) -> None:
    """Click the middle of ``cell`` on ``board`` (scrolled into view first)."""
    board.move_cursor_to(cell)
    await pilot.pause()
    region = board.board_layout.region(cell)
    x = region.x + region.width // 2 - int(board.scroll_x)
    y = region.y + region.height // 2 - int(board.scroll_y)
    await pilot.click(board, offset=(x, y))
    await pilot.pause()


def error_text(screen: SeabedScreen) -> str:
    return str(screen.query_one(PromptLine).render())


def legal_places(table: Table, slot: int) -> dict[tuple[int, int], list[int]]:
    out: dict[tuple[int, int], list[int]] = {}
    for action in table.legal_actions():
        if action[0] in ("place", "propose") and action[1] == slot:
            out.setdefault((action[2], action[3]), []).append(action[4])
    return out


# --- registration and pictures -------------------------------------------------------------------


def test_the_game_has_its_own_screen() -> None:
    assert screen_for(GAME_ID) is SeabedScreen


@pytest.mark.parametrize("size", [COMPACT, ROOMY])
def test_every_tile_picture_is_7_bit_and_shows_every_area_of_the_rim(
    size: tuple[int, int],
) -> None:
    """ASCII mode draws the same picture: every glyph is 7-bit; every edge segment's area
    appears on the rim (features run on across tiles)."""
    width, height = size
    for kind in range(len(TYPES)):
        for quarter in range(4):
            code = kind * 4 + quarter
            paint = tile_paint(code, roomy=size == ROOMY, pieces=[(0, "flag", 5)])
            text = "".join(piece.text for line in paint.lines for piece in line)
            assert text.isascii() and len(text) == width * height
            grid = raster(code, width, height)
            assert all(area >= 0 for row in grid for area in row)


def test_a_reef_side_shows_reef_and_a_streak_side_seaweed_on_the_rim() -> None:
    """The start tile (reef north, streak east-west): ``#`` along the top, ``~`` at the middle
    of both sides; turned 90 degrees the reef is on the east side."""
    start = TYPE_BY_NAME["start"] * 4
    lines = ["".join(p.text for p in line) for line in tile_paint(start, roomy=False).lines]
    assert lines[0] == "#######"
    assert lines[1][0] == "~" and lines[1][-1] == "~"
    turned = ["".join(p.text for p in line) for line in tile_paint(start + 1, roomy=False).lines]
    assert all(line[-1] == "#" for line in turned)
    assert turned[0][3] == "~" and turned[2][3] == "~"


# --- laying a tile ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_the_chosen_tiles_places_are_lit_and_enter_lays_it_as_previewed(
    size: tuple[int, int],
) -> None:
    table = position_table(start_position())
    app = quiet_app(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert screen.slot == 1
        places = legal_places(table, 1)
        assert screen.sea.legal == frozenset(places)
        cursor = screen.sea.cursor
        assert cursor in places
        assert screen.rotation in places[cursor]  # type: ignore[index]
        preview = screen.preview_code(cursor)  # type: ignore[arg-type]
        assert preview == TYPE_BY_NAME["t1"] * 4 + screen.rotation // 90
        rotation = screen.rotation
        await pilot.press("enter")
        await settle(pilot)
        action = table.actions[0]
        assert action[0] == "place" and action[1] == 1
        assert (action[2], action[3], action[4]) == (*cursor, rotation)  # type: ignore[misc]


async def test_r_turns_the_preview_through_the_turns_that_fit_at_the_cursor() -> None:
    """The reef cap fits at 0,-1 only with its reef facing south (180); at a place where it
    fits several ways r steps through exactly those."""
    table = position_table(start_position())
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        places = legal_places(table, 1)
        several = next(c for c, turns in places.items() if len(turns) > 1)
        screen.sea.move_cursor_to(several)
        await pilot.pause()
        seen = {screen.rotation}
        for _ in range(len(places[several])):
            await pilot.press("r")
            seen.add(screen.rotation)
            assert screen.preview_code(several) == TYPE_BY_NAME["t1"] * 4 + screen.rotation // 90
        assert seen == set(places[several])
        screen.sea.move_cursor_to((0, -1))
        await pilot.pause()
        assert places[(0, -1)] == [180] and screen.rotation == 180
        assert "Enter: place 1 at 0,-1 r180 (completes a reef)" in screen.describe_place()


async def test_2_chooses_the_other_tile_and_its_places_light_up() -> None:
    table = position_table(start_position())
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("2")
        await pilot.pause()
        assert screen.slot == 2
        assert screen.sea.legal == frozenset(legal_places(table, 2))
        assert screen.hand_board.legal == frozenset({(1, 0)})
        await pilot.press("right_square_bracket")
        assert screen.slot == 1


async def test_a_click_on_a_hand_tile_chooses_it() -> None:
    table = position_table(start_position())
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await click(pilot, screen.hand_board, (1, 0))
        assert screen.slot == 2
        assert screen.sea.legal == frozenset(legal_places(table, 2))
        assert screen.sea.has_focus  # back on the seascape, at a lit place
        assert screen.sea.cursor in legal_places(table, 2)


async def test_a_click_on_a_lit_place_lays_the_tile_there() -> None:
    table = position_table(start_position())
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await click(pilot, screen.sea, (0, -1))
        await settle(pilot)
        assert table.actions[0] == ("place", 1, 0, -1, 180)


async def test_enter_on_a_place_where_the_tile_does_not_fit_says_why() -> None:
    table = position_table(start_position())
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        unlit = next(c for c in sstate(table).need if c not in legal_places(table, 1))
        screen.sea.move_cursor_to(unlit)
        await pilot.pause()
        assert "does not fit" in screen.describe_place()
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions == []
        assert error_text(screen)


# --- the flag step, completion ------------------------------------------------------------------


async def test_closing_a_reef_flashes_it_and_the_flag_step_lists_segments() -> None:
    """Laying the reef cap at 0,-1 completes the start tile's reef: both tiles' reef areas are
    flashed; the flag step lights the tile; Enter lists its segments by notation name; choosing
    one puts the team's flag there."""
    table = position_table(start_position())
    app = quiet_app(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await click(pilot, screen.sea, (0, -1))
        await settle(pilot)
        state = sstate(table)
        assert set(screen.flash) == {(0, 0), (0, -1)}
        assert state.phase == "flag"
        assert (0, -1) in screen.sea.legal
        screen.sea.move_cursor_to((0, -1))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        labels = [str(label) for label in choice.labels]
        assert any(label.startswith("flag on seabed-") for label in labels)
        index = next(i for i, label in enumerate(labels) if label.startswith("flag on seabed-"))
        await pilot.press(str(index + 1))
        await settle(pilot)
        assert table.actions[-1][0] == "flag"
        assert any(team == 0 and what == "flag" for team, _, what in sstate(table).flags)
        assert set(screen.flash) == {(0, 0), (0, -1)}  # until the next tile is laid


async def test_p_places_no_flag() -> None:
    table = position_table(start_position())
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await click(pilot, screen.sea, (0, -1))
        await settle(pilot)
        assert sstate(table).phase == "flag"
        assert "p: none" in screen.prompt_text()
        assert "Flag or palace for T1 Cleo & Ann" in screen.hand_title()
        await pilot.press("p")
        await settle(pilot)
        assert table.actions[1] == ("pass",)


def test_completed_by_names_the_areas_of_every_tile_of_the_completed_reef() -> None:
    state = start_position()
    from gardens_tui.rules.seabed import seascape

    trial = state.copy()
    seascape.place(trial, (0, -1), TYPE_BY_NAME["t1"] * 4 + 2)
    flashed = completed_by(trial, [(0, -1)])
    assert set(flashed) == {(0, 0), (0, -1)}
    assert flashed[(0, 0)] == frozenset({0})  # the start tile's reef is its area 0


# --- propose and veto ----------------------------------------------------------------------------


async def test_propose_veto_counter_and_choose_as_clear_prompts() -> None:
    """Ann proposes for T1 (Cleo & Ann); Cleo sees the proposal on the map and the keys; n
    vetoes; Cleo proposes her own; Ann chooses mine (m)."""
    table = position_table(
        start_position(options={"negotiation": "propose-and-veto"}, phase="propose"),
        "Ann",
        "Bob=greedy",
        "Cleo",
    )
    app = quiet_app(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert "Enter proposes" in screen.prompt_text()
        await pilot.press("enter")
        await settle(pilot)
        state = sstate(table)
        assert state.phase == "answer" and state.proposal is not None
        assert "y accepts, n vetoes" in screen.prompt_text()
        assert screen.prompt_text().startswith("Cleo:")
        proposed = (state.proposal[1], state.proposal[2])
        assert screen.preview_code(proposed) is not None
        assert "Ann proposes tile 1 at" in screen.hand_title()
        assert "Ann's proposal" in screen.proposal_words(proposed)
        assert screen.sea.legal == frozenset({proposed})  # the proposal is lit
        await pilot.press("n")
        await settle(pilot)
        assert sstate(table).phase == "counter"
        screen.sea.move_cursor_to(proposed)
        await pilot.pause()
        assert "proposal" not in screen.describe_place()  # her own tile is previewed there
        places = legal_places(table, 2)
        target = next(iter(places))
        await pilot.press("2")
        await click(pilot, screen.sea, target)
        await settle(pilot)
        state = sstate(table)
        assert state.phase == "pick"
        assert "m: mine, t: theirs" in screen.prompt_text()
        assert "Cleo's tile 2 at" in screen.hand_title()
        await pilot.press("m")
        await settle(pilot)
        assert table.actions[-1] == ("choose", "mine")
        assert sstate(table).board.get(proposed) is not None


async def test_proposals_on_the_table_are_named_by_who_made_them() -> None:
    """Over the network every seat and spectator reads the hand title, so the two proposals
    are named by their makers ("Ann's", "Cleo's"), never "mine" / "counter" (issue 12's SSH
    play: Bob read "mine" for Ann's tile); a single proposal says who proposes it."""
    options = {"negotiation": "propose-and-veto"}
    picking = start_position(
        options=options, phase="pick", proposal=[1, 0, -1, 180], counter=[2, 1, 0, 90]
    )
    answering = start_position(options=options, phase="answer", proposal=[1, 0, -1, 180])
    for state, words in (
        (picking, "T1: Ann's tile 1 at 0,-1 r180 · Cleo's tile 2 at 1,0 r90"),
        (answering, "T1 Cleo & Ann: Ann proposes tile 1 at 0,-1 r180"),
    ):
        table = position_table(state, "Ann", "Bob", "Cleo")
        app = quiet_app(table)
        async with app.run_test(size=(100, 34)) as pilot:
            await settle(pilot)
            title = to_screen(app).hand_title()
            assert title == words
            assert "mine" not in title and "counter" not in title


async def test_y_accepts_the_proposal() -> None:
    table = position_table(
        start_position(options={"negotiation": "propose-and-veto"}, phase="propose"),
        "Ann",
        "Bob=greedy",
        "Cleo",
    )
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert ("accept",) in table.actions


# --- panel, help, a whole game --------------------------------------------------------------------


async def test_the_panel_shows_each_team_with_points_and_supplies() -> None:
    flags = [[0, 0, 0, "streak-e", "flag"], [1, 0, 0, "streak-e", "palace"]]
    table = position_table(start_position(flags=flags))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        state = sstate(table)
        assert list(screen.panel_extras(state, 0)) == ["T1: 0 pts 4F 3P +Cleo"]
        assert list(screen.panel_extras(state, 1)) == ["T2: 0 pts 5F 2P +Ann"]
        rows = seat_rows(screen.seat_view, extras=screen.panel_extras)
        assert rows[2].extras == ("T3: 0 pts 5F 3P +Bob",)


async def test_help_and_legend_open_in_our_words() -> None:
    table = position_table(start_position())
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_a_game_of_bots_plays_to_the_end_on_the_screen_at_80x24() -> None:
    table = new_table("Ann=random", "Bob=random", "Cleo=random", seed=5)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, rounds=5000)
        assert sstate(table).over
        screen = to_screen(app)
        assert screen.hand_title() == "The seabed is complete."


def board_text(board: BoardGrid) -> str:
    return "\n".join(
        "".join(segment.text for segment in board.render_line(y)) for y in range(board.size.height)
    )


async def test_the_whirlpool_lights_the_teams_flags_and_enter_sends_one_home() -> None:
    """The whirlpool: the tiles holding the placing team's flags are lit (not another team's);
    Enter on a tile with a single such flag sends that flag home."""
    flags = [
        [0, 0, 0, "streak-e", "flag"],
        [0, 0, 1, "seabed-ne", "flag"],
        [1, 0, 0, "reef-n", "flag"],
    ]
    state = make_position(
        ["Ann", "Bob", "Cleo"],
        [(0, 1, "c11", 0)],
        ["t1", "t23"],
        flags=flags,
        phase="whirlpool",
        just=[0, 1],
    )
    table = position_table(state)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert screen.sea.legal == frozenset({(0, 0), (0, 1)})
        assert "Whirlpool" in screen.hand_title()
        screen.sea.move_cursor_to((0, 0))
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert table.actions[0] == ("return", 0, 0, "streak-e")


async def test_ascii_mode_draws_7_bit_only_and_flags_show_team_glyphs() -> None:
    flags = [[0, 0, 0, "streak-e", "flag"], [1, 0, 0, "streak-e", "palace"]]
    table = position_table(start_position(flags=flags))
    app = quiet_app(table, ascii_mode=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        text = board_text(screen.sea) + board_text(screen.hand_board)
        for widget in ("#sb-info", "#sb-status", "#sb-hand-title"):
            text += str(screen.query_one(widget).render())
        assert all(ord(ch) < 128 for ch in text), {ch for ch in text if ord(ch) >= 128}
        assert "1" in board_text(screen.sea) and "B" in board_text(screen.sea)
        assert "#" in text and "~" in text and "+" in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert all(ord(ch) < 128 for ch in "".join(m + w for m, w in app.screen.legend))
