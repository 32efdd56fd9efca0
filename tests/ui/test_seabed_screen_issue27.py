"""Seabed Neighbours screen, issue 27, through Textual's pilot: tiles stand apart at 80x24 and
the view follows the play; ``p`` inside the flag step's list places nothing; the end screen
shows the teams by category first, then the players' sums, all in view at 80x24."""

from __future__ import annotations

from conftest import position_table_of, quiet_app, seats_of, settle
from rich.console import Console
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from gardens_tui.rules.seabed.positions import make_position
from gardens_tui.rules.seabed.scoring import team_totals
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens.seabed import SeabedScreen
from gardens_tui.ui.screens.seabed.end import SeabedEndScreen, players_table, teams_table
from gardens_tui.ui.screens.seabed.flag_list import PASS_LABEL, FlagChoiceScreen
from gardens_tui.ui.widgets.board_grid import BoardGrid

GAME_ID = "seabed-neighbours"


def to_screen(app: GardensApp) -> SeabedScreen:
    screen = app.game_screen()
    assert isinstance(screen, SeabedScreen)
    return screen


def sstate(table: Table) -> SeabedState:
    state = table.state
    assert isinstance(state, SeabedState)
    return state


def board_text(board: BoardGrid) -> str:
    return "\n".join(
        "".join(segment.text for segment in board.render_line(y)) for y in range(board.size.height)
    )


def printed(renderable: object) -> str:
    """A Rich table as the 76 columns of the end screen's dialog print it."""
    console = Console(width=76, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def visible(board: BoardGrid) -> Region:
    """The part of the board's canvas in view."""
    return Region(int(board.scroll_x), int(board.scroll_y), board.size.width, board.size.height)


# --- item 1: tile edges, the view follows the play --------------------------------------------


async def test_tiles_stand_apart_at_80x24() -> None:
    """Seascape (issue 27): a blank column and row between tiles, so two tiles side by side
    (the start tile's streak and a straight streak east of it) read as two tiles, and five
    tiles by four fit the view at 80x24."""
    state = make_position(["Ann", "Bob", "Cleo"], [(1, 0, "t23", 90)], ["t1", "t23"])
    table = position_table_of(GAME_ID, state, ("Ann", "Bob=greedy", "Cleo=greedy"))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        sea = to_screen(app).sea
        layout = sea.board_layout
        here, east, south = layout.region((0, 0)), layout.region((1, 0)), layout.region((0, 1))
        assert east.x == here.right + 1 and south.y == here.bottom + 1
        assert "~~~~~~~ ~~~~~~~" in board_text(sea)
        box = to_screen(app).query_one("#sb-sea-box").size
        width, height = here.width + 1, here.height + 1
        assert box.width >= 5 * width and box.height >= 4 * height - 1


async def test_the_view_follows_the_tiles_others_lay() -> None:
    """Seascape (issue 27): while bots lay tiles the view scrolls to each one, so at 80x24 the
    last tile of a whole game of bots is in view although the seascape is far bigger."""
    table = Table(Setup(GAME_ID, seats_of(("Ann=random", "Bob=random", "Cleo=random")), {}, 5))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, rounds=5000)
        state = sstate(table)
        assert state.over
        sea = to_screen(app).sea
        layout = sea.board_layout
        assert layout.width > 2 * sea.size.width or layout.height > 2 * sea.size.height
        last = layout.region(state.cells[-1])
        assert visible(sea).contains_region(last), (visible(sea), last)


# --- item 2: p inside the flag list -----------------------------------------------------------


async def test_p_inside_the_flag_list_places_no_flag() -> None:
    """Flag step (issue 27): the list (``f``, or Enter on a lit tile) ends with "no flag or
    palace", and ``p`` pressed inside the list plays the pass, as its title says."""
    for key in ("f", "enter"):
        state = make_position(["Ann", "Bob", "Cleo"], [], ["t1", "t23"])
        table = position_table_of(GAME_ID, state, ("Ann", "Bob=greedy", "Cleo=greedy"))
        app = quiet_app(table)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = to_screen(app)
            screen.sea.move_cursor_to((0, -1))
            await pilot.pause()
            screen.choose_place((0, -1))  # the reef cap closes the start tile's reef
            await settle(pilot)
            assert sstate(table).phase == "flag"
            screen.sea.move_cursor_to((0, -1))
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            listed = app.screen
            assert isinstance(listed, FlagChoiceScreen)
            assert "p: none" in listed.title_text
            assert listed.labels[-1] == PASS_LABEL
            await pilot.press("p")
            await settle(pilot)
            assert table.actions[1] == ("pass",)


# --- item 3: the end screen -------------------------------------------------------------------


async def test_end_screen_shows_teams_then_players_sums_at_80x24() -> None:
    """End screen (issue 27): six players at 80x24: the teams' table (each pair once, its
    points by category) comes first, then each player's sum of their two teams; nothing
    needs scrolling and no per-player category table counts a team's points twice."""
    names = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn")
    table = Table(Setup(GAME_ID, seats_of(tuple(f"{n}=random" for n in names)), {}, 7))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, rounds=20000)
        state = sstate(table)
        assert state.over
        end = app.screen
        assert isinstance(end, SeabedEndScreen)
        teams = end.query_one("#sb-end-teams", Static)
        players = end.query_one("#sb-end-players", Static)
        assert not end.query("#score-table")
        assert teams.region.y < players.region.y
        body = end.query_one("#end-body", VerticalScroll)
        assert body.max_scroll_y == 0 and body.max_scroll_x == 0
        screen_region = Region(0, 0, 80, 24)
        for widget in (teams, players, end.query_one("#end-result")):
            assert screen_region.contains_region(widget.region), widget
        text = printed(teams_table(state))
        totals = team_totals(state)
        for team in range(len(names)):
            row = next(line for line in text.splitlines() if f"T{team + 1} " in line)
            assert row.split()[-1] == str(totals[team])
            assert row.count(state.team_name(team)) == 1
        players_text = printed(players_table(state, end.outcome))
        sums = [totals[a] + totals[b] for a, b in map(state.teams_of, range(len(names)))]
        assert players_text.splitlines()[-1].split()[1:] == [str(s) for s in sums]


async def test_the_flag_list_and_the_end_screen_close_once() -> None:
    """The two modal screens of issue 27 (checked as tests/ui/test_dismiss_once.py checks the
    shared ones): ``p`` twice in the flag list, or a choice twice on the end screen, gives one
    result and leaves the game screen under it."""
    names = ("Ann=random", "Bob=random", "Cleo=random")
    table = Table(Setup(GAME_ID, seats_of(names), {}, 5))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, rounds=5000)
        end = app.screen
        assert isinstance(end, SeabedEndScreen)
        end.dismiss("board")
        await settle(pilot)
        game = to_screen(app)
        for screen, action in (
            (FlagChoiceScreen("Flag?", ["flag"]), "pass_step"),
            (SeabedEndScreen(game.seat_view), "choose('board')"),
        ):
            results: list[object] = []
            app.push_screen(screen, results.append)
            await settle(pilot)
            await app.run_action(action, screen)
            await app.run_action(action, screen)
            await settle(pilot)
            assert app.screen is game and len(results) == 1, (screen, results)
