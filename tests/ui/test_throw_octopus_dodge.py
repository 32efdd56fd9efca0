"""Throw Octopus! screen: the dodge opens by itself (issue 10, "the target is called to the
keyboard and must press the shown key within the time window").

When a throw targets a person at this keyboard the minigame opens with no key pressed: it names
the thrower and the target (hot-seat: after the curtain for the target), shows the key and a
countdown, and takes its window from the ``dodge-window`` option. A help screen on top delays it
until the game screen is back. The clock is turned off and driven by hand (``tick``); ``settle``
returns while the minigame waits for the person (never a sleep).
"""

from __future__ import annotations

import pytest
from conftest import position_table_of, quiet_app, settle
from test_throw_octopus_screen import start_position

from gardens_tui.rules.throw_octopus.spec import DODGE_WINDOW_KEY
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.curtain import CurtainScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.throw_octopus import ThrowOctopusScreen
from gardens_tui.ui.screens.timed_modal import TimedModal
from gardens_tui.ui.widgets.board_grid import BoardGrid

GAME_ID = "throw-octopus"


@pytest.fixture(autouse=True)
def no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dodge's clock never runs by itself here: the tests tick it."""
    monkeypatch.setattr(ThrowOctopusScreen, "dodge_clock", False)


async def test_a_bots_throw_at_a_person_opens_the_dodge_by_itself() -> None:
    """Bob (a bot) drew Throw Octopus (any player) with a seascape that leaves Ann as his
    target: the dodge opens for Ann with no key pressed, naming Bob and Ann, the key and the
    window of the ``dodge-window`` option (a countdown that empties)."""
    state = start_position(phase="dodge", active=1, target=0, options={DODGE_WINDOW_KEY: 2500})
    app = quiet_app(position_table_of(GAME_ID, state, ("Ann", "Bob=greedy", "Cleo=greedy")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, TimedModal)
        assert modal.time_ms == 2500
        key = modal.choices[0].key
        assert "Bob throws the octopus at Ann!" in modal.prompt
        assert key.upper() not in modal.prompt.split("\n")[1]  # announced: no key yet
        await pilot.press("enter")  # the window opens
        await pilot.pause()
        assert f"Ann, take the keyboard: press  {key.upper()}  to dodge!" in modal.prompt
        assert "2.5 s" in str(modal.query_one("#timed-clock").render())
        modal.tick(1000)
        await pilot.pause()
        assert "1.5 s" in str(modal.query_one("#timed-clock").render())
        await pilot.press(key)
        await settle(pilot)
        assert position_actions(app)[0] == ("dodge",)


def position_actions(app: object) -> list[tuple[object, ...]]:
    screen = app.game_screen()  # type: ignore[attr-defined]
    assert isinstance(screen, ThrowOctopusScreen)
    return list(screen.table.actions)


async def test_hot_seat_the_curtain_names_the_target_then_the_dodge_opens() -> None:
    """Ann throws at Cleo, another person at this keyboard: the curtain asks for Cleo first (the
    right person takes the keyboard); once Cleo is ready the dodge opens by itself, naming Cleo."""
    state = start_position(phase="throw")
    table = position_table_of(GAME_ID, state, ("Ann", "Bob=greedy", "Cleo"))
    app = quiet_app(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)  # Ann's turn first
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        index = next(i for i, label in enumerate(app.screen.labels) if "Cleo" in label)
        await pilot.press(str(index + 1))
        await settle(pilot)
        assert table.actions == [("throw", 2)]
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, TimedModal)
        assert "Ann throws the octopus at Cleo!" in modal.prompt
        assert "Cleo, take the keyboard" in modal.prompt
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(15):
            modal.tick()
        await settle(pilot)
        assert table.actions[1] == ("hit", "late")


async def test_the_dodge_waits_for_a_screen_on_top_to_close() -> None:
    """Hot-seat without the curtain: the throw at Cleo comes while the help is up; the dodge
    opens only once the game screen is back on top (no key meant for the help reaches the
    minigame), naming Cleo."""
    state = start_position(phase="throw")
    table = position_table_of(GAME_ID, state, ("Ann", "Bob=greedy", "Cleo"))
    app = quiet_app(table, curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        table.apply(("throw", 2), seat=0)  # Ann's throw, as if chosen just before the help
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, TimedModal)
        assert "Ann throws the octopus at Cleo!" in modal.prompt
        await pilot.press("enter", modal.choices[0].key)
        await settle(pilot)
        assert table.actions[1] == ("dodge",)


async def test_no_dodge_opens_for_a_bot_target() -> None:
    """A throw at a bot is rolled by the bot (the hit chance), never shown as a minigame."""
    state = start_position(phase="dodge", active=0, target=1)
    table = position_table_of(GAME_ID, state, ("Ann", "Bob=greedy", "Cleo=greedy"))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table.actions[0] == ("roll",)
        assert not isinstance(app.screen, TimedModal)
        assert all(not isinstance(b, TimedModal) for b in app.screen_stack)
        assert app.screen.query(BoardGrid)
