"""Issue 7, the end of a game: "Rematch" (button and key) starts a new game at once with the same
seats (names, bots and levels) and options and a new seed; after "See the board" a key, shown in
the footer as "Scores" only once the game is over, shows the final score table again; "New game"
keeps working."""

from __future__ import annotations

from typing import Any

from conftest import settle
from textual.widgets import Button, Input

from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.screens.new_game import NewGameDialog

SIZE = (100, 30)
SEATS = (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "random"))
OPTIONS = {"snap": False}


def finished_table(toy_registered: None, seed: int = 7) -> Table:
    """A finished toy game of a person and two bots of different levels, with an option set."""
    table = Table(Setup("toy", SEATS, OPTIONS, seed))
    while not table.state.is_over:
        table.apply(table.legal_actions()[0])
    return table


async def at_the_end(app: GardensApp, pilot: Any) -> EndScreen:
    await settle(pilot)
    end = app.screen
    assert isinstance(end, EndScreen)
    return end


def scores_shown(screen: Any) -> bool:
    """Whether the footer of ``screen`` offers "Scores" now."""
    return any(
        active.binding.action == "scores" and active.binding.show and active.enabled
        for active in screen.active_bindings.values()
    )


async def test_rematch_key_starts_the_same_seats_and_options_with_a_new_seed(
    toy_registered: None,
) -> None:
    """Before issue 7 the end screen had no rematch: only the new-game dialog."""
    old = finished_table(toy_registered)
    app = create_app(old, settings=Settings(bot_delay_ms=0))
    app.seed_chooser = lambda: 99
    async with app.run_test(size=SIZE) as pilot:
        await at_the_end(app, pilot)
        await pilot.press("r")
        await pilot.pause()
        await pilot.pause()
        game = app.game_screen()
        assert isinstance(game, GameScreen)
        assert game.table is not old
        setup = game.table.setup
        assert setup.seats == SEATS  # names, bots and their levels
        assert dict(setup.options) == dict(old.setup.options)
        assert setup.seed == 99 != old.setup.seed
        assert not game.table.state.is_over
        assert [type(s) for s in app.screen_stack][:2] == [MainMenu, type(game)]


async def test_rematch_button_starts_a_new_game_at_once(toy_registered: None) -> None:
    old = finished_table(toy_registered)
    app = create_app(old, settings=Settings(bot_delay_ms=0))
    app.seed_chooser = lambda: old.setup.seed  # the same seed is never reused
    async with app.run_test(size=SIZE) as pilot:
        end = await at_the_end(app, pilot)
        end.query_one("#end-rematch", Button).press()
        await pilot.pause()
        await pilot.pause()
        game = app.game_screen()
        assert isinstance(game, GameScreen) and game.table is not old
        assert game.table.setup.names == ("Ann", "Bob", "Cleo")
        assert game.table.setup.seed != old.setup.seed


async def test_new_game_still_opens_the_prefilled_dialog(toy_registered: None) -> None:
    old = finished_table(toy_registered)
    app = create_app(old, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await at_the_end(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        assert "Ann" in [field.value for field in dialog.query(Input)]


async def test_scores_key_reopens_the_final_table_from_the_board(toy_registered: None) -> None:
    """Before issue 7, once "See the board" closed the end screen, the scores were gone."""
    old = finished_table(toy_registered)
    app = create_app(old, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await at_the_end(app, pilot)
        await pilot.press("b")
        await pilot.pause()
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        assert scores_shown(game)
        await pilot.press("e")
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndScreen)
        assert end.outcome == old.game.winners(old.state)
        await pilot.press("escape")  # back to the board; the key stays
        await pilot.pause()
        await pilot.pause()
        assert app.screen is game and scores_shown(game)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("m")  # the reopened table's choices work
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)


async def test_the_scores_key_is_not_offered_while_the_game_goes_on(toy_registered: None) -> None:
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), OPTIONS, 7))
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        assert not scores_shown(game)
        await pilot.press("e")
        await pilot.pause()
        assert app.screen is game
        assert not table.actions


async def test_replay_from_the_end_screen_and_from_the_board(toy_registered: None) -> None:
    """Issue 7: a finished game can be replayed move by move: v on the end screen, or on the
    board once the game is over (shown in the footer only then)."""
    from gardens_tui.ui.screens.replay import ReplayMixin

    old = finished_table(toy_registered)
    app = create_app(old, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await at_the_end(app, pilot)
        await pilot.press("v")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayMixin)
        assert replay.seat_view.length == 0  # it opens at the start
        await pilot.press("escape")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and not isinstance(game, ReplayMixin)
        assert any(
            active.binding.action == "replay" and active.enabled
            for active in game.active_bindings.values()
        )
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, ReplayMixin)


async def test_every_end_choice_is_whole_at_80x24(toy_registered: None) -> None:
    """At the smallest supported size all seven buttons (Review too: Ann is a person) are on
    screen, none cut ("Quit (q)" was)."""
    old = finished_table(toy_registered)
    app = create_app(old, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        end = await at_the_end(app, pilot)
        box = end.query_one("#end-box").content_region
        buttons = list(end.query(Button))
        assert len(buttons) == 7
        for button in buttons:
            region = button.region
            assert region.x >= box.x and region.right <= box.right, button.label
            assert region.width >= len(str(button.label)), button.label


async def test_six_players_and_their_teams_fit_above_buttons_kept_in_view_at_80x24() -> None:
    """Seabed Neighbours at six: the teams (each pair's points by category) and the players'
    sums fit at 80x24 without scrolling, with the title and all six buttons on screen (issue
    27: the per-player table showed every team's points twice and needed scrolling)."""
    from gardens_tui.bots import make_bot
    from gardens_tui.driver import Driver

    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
    table = Table(Setup("seabed-neighbours", tuple(Seat(n, "greedy") for n in names), {}, 4))
    Driver(table, {seat: make_bot("random", seat) for seat in range(6)}).run()
    app = create_app(table, settings=Settings(bot_delay_ms=0, autosave=False))
    async with app.run_test(size=(80, 24)) as pilot:
        end = await at_the_end(app, pilot)
        screen = end.region
        for button in end.query(Button):
            assert screen.contains_region(button.region), button.label
        body = end.query_one("#end-body")
        assert body.max_scroll_y == 0
        for part in ("#sb-end-teams", "#sb-end-players"):
            assert screen.contains_region(end.query_one(part).region), part


async def test_a_remote_tables_end_screen_offers_no_replay(toy_registered: None) -> None:
    """At a remote table (issue 12) the game's history stays with the table's owner: the end
    screen has no "Replay" button and its ``v`` key does nothing; the other five choices
    remain."""
    from textual.app import App

    table = finished_table(toy_registered)

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(EndScreen(table, replay=False))

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndScreen)
        labels = [str(button.label) for button in end.query(Button)]
        assert "Replay (v)" not in labels and len(labels) == 5
        assert end.check_action("choose", ("replay",)) is False
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is end and not end.dismissed
