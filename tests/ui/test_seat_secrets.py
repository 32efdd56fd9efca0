"""Hot-seat play never shows a seat's secrets to anybody else.

Two people play a whole toy game (Pearl Dive: hidden hands, "Ann drew the 5" log lines) on the
generic text screen, passing the keyboard with the curtain, choosing with Enter from the action
list. At every step the screen as it would be written to the terminal, and everything the game
screen holds in its widgets (even under the curtain), is searched for the secrets of every seat
that is not looking: the cards it drew and the hand it holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import settle
from hostile_input import screen_text
from textual.widgets import OptionList, Static

from gardens_tui.settings import Settings
from gardens_tui.table import Table
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.curtain import CurtainScreen
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.text_game import TextGameScreen
from gardens_tui.ui.widgets.game_log import GameLog
from gardens_tui.ui.widgets.player_panel import PlayerPanel
from gardens_tui.ui.widgets.prompt import PromptLine

MakeTable = Callable[..., Table]


def secrets_of(table: Table, seat: int) -> list[str]:
    """The texts only ``seat`` may read now: every card it drew ("Ann drew the 5") and its
    hand as the text board writes it ("Ann: hand [3 5]")."""
    drawn = [
        line for state in table.states for _, owner, line in state.private_events if owner == seat
    ]
    state: Any = table.state
    hand = " ".join(map(str, state.hands[seat]))
    return [*drawn, f"{table.seats[seat].name}: hand [{hand}]"] if hand else drawn


def held_by(screen: TextGameScreen) -> str:
    """Everything the game screen's widgets hold, shown or not (the curtain may cover them)."""
    board = str(screen.query_one("#board-text", Static).render())
    log = "\n".join(text for _, text, _ in screen.query_one(GameLog).shown)
    panel = str(screen.query_one(PlayerPanel).render())
    actions = screen.query_one("#actions", OptionList)
    options = [str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)]
    prompt = screen.query_one(PromptLine).prompt_text
    return "\n".join([board, log, panel, *options, prompt])


def assert_only_the_viewer_sees_secrets(app: Any, screen: TextGameScreen) -> int | None:
    """Check the screen and the widgets; return whose eyes they are drawn for."""
    table = screen.table
    viewer = screen.viewer
    if isinstance(app.screen, CurtainScreen):
        assert viewer is None, "the curtain is up but the view is a seat's"
    shown = screen_text(app) + "\n" + held_by(screen)
    for seat in range(len(table.seats)):
        if seat == viewer:
            continue
        for secret in secrets_of(table, seat):
            assert secret not in shown, f"{secret!r} shown while {viewer} looks"
    return viewer


async def test_hot_seat_play_never_shows_the_other_seats_cards(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob", seed=11)
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    lifted: list[str] = []
    viewers: set[int | None] = set()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert isinstance(screen, TextGameScreen)
        for _ in range(200):
            viewers.add(assert_only_the_viewer_sees_secrets(app, screen))
            if isinstance(app.screen, EndScreen):
                break
            if isinstance(app.screen, CurtainScreen):
                lifted.append(app.screen.player)
                await pilot.press("enter")
            else:
                assert app.screen is screen and screen.human_to_move()
                decision = table.state.decision
                assert decision is not None and screen.viewer == decision.seat
                await pilot.press("enter")  # the highlighted (first) action
            await settle(pilot)
        else:
            raise AssertionError("the game did not end")
        assert table.state.is_over
        assert viewers == {None, 0, 1}
        assert {"Ann", "Bob"} <= set(lifted)
        drawn = [line for state in table.states for *_, line in state.private_events]
        assert len(drawn) > 4  # the game did draw secretly all along


async def test_the_curtain_view_is_a_spectators_between_two_people(toy_table: MakeTable) -> None:
    """After Ann's play the snap window is Bob's: the curtain comes up and the screen under it
    is drawn for nobody (so Ann's fresh draw is gone from the log before Bob looks)."""
    table = toy_table("Ann", "Bob", seed=11)
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert isinstance(screen, TextGameScreen)
        await pilot.press("enter")  # Ann lifts the curtain
        await settle(pilot)
        await pilot.press("enter")  # and plays her first card (and draws)
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Bob"
        log = screen.query_one(GameLog).shown
        assert [text for _, text, _ in log] == [table.state.events[0], "Ann drew a card"]
        await pilot.press("enter")
        await settle(pilot)
        assert screen.viewer == 1
        assert_only_the_viewer_sees_secrets(app, screen)
