"""Throw Octopus! screen, issue 26: the dodge game settles the throw with what happened (in
time, too late, a wrong key, the hit taken with Esc) and the game log, as every seat reads it,
says so; the rules write the line (:mod:`gardens_tui.rules.throw_octopus.dodge`).

The dodge's clock is turned off and ticked by hand; bots play without delay and the tests
await their workers (``settle``), never sleep.
"""

from __future__ import annotations

import pytest
from conftest import position_table_of, quiet_app, settle
from test_throw_octopus_issue26 import dodge_table, to_screen

from gardens_tui.rules.base import Action
from gardens_tui.seats import LocalSeatView
from gardens_tui.ui.screens.throw_octopus import ThrowOctopusScreen
from gardens_tui.ui.screens.throw_octopus.dodge import DodgeModal
from gardens_tui.ui.widgets.game_log import GameLog, log_lines

EFFECT = "2 tiles and a lost turn"


@pytest.fixture(autouse=True)
def no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dodge's clock never runs by itself here: the tests tick it."""
    monkeypatch.setattr(ThrowOctopusScreen, "dodge_clock", False)


@pytest.mark.parametrize(
    ("how", "action", "line", "note"),
    [
        ("key", ("dodge",), "Ann dodged the octopus in time", "in time: dodged!"),
        ("late", ("hit", "late"), f"Ann was too late to dodge and was hit: {EFFECT}", "too late"),
        ("wrong", ("hit", "wrong"), f"Ann pressed the wrong key and was hit: {EFFECT}", "not "),
        ("esc", ("hit", "taken"), f"Ann took the hit without dodging: {EFFECT}", "took the hit"),
        (
            "esc-announced",
            ("hit", "taken"),
            f"Ann took the hit without dodging: {EFFECT}",
            "took the hit",
        ),
    ],
)
async def test_the_log_says_how_the_dodge_went(
    how: str, action: Action, line: str, note: str
) -> None:
    """Bob threw at Ann: however her dodge ends, the log line on her screen (and in every
    seat's log) says in time or not and why; the prompt line names the key she pressed."""
    table = dodge_table()
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, DodgeModal)
        if how != "esc-announced":
            await pilot.press("enter")
            await pilot.pause()
        if how == "key":
            await pilot.press(modal.key)
        elif how == "late":
            for _ in range(10):
                modal.tick()
        elif how == "wrong":
            await pilot.press("z" if modal.key != "z" else "q")
        else:
            await pilot.press("escape")
        await settle(pilot)
        assert table.actions[0] == action
        screen = to_screen(app)
        assert note in screen.note
        shown = [text for _, text, _ in screen.query_one(GameLog).shown]
        assert line in shown
        for seat in (None, 0, 1, 2):
            seen = [text for _, text, _ in log_lines(LocalSeatView(table, (), seat))]
            assert line in seen


async def test_a_bot_target_rolls_and_the_log_says_dodged_or_hit() -> None:
    """A throw at a bot is rolled by the hit chance; Ann's log says whether the bot dodged or
    was hit, and that the hit chance decided."""
    state = dodge_table().state.copy()
    state.target, state.active = 1, 0
    table = position_table_of("throw-octopus", state, ("Ann", "Bob=greedy", "Cleo=greedy"))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table.actions[0] == ("roll",)
        shown = [text for _, text, _ in to_screen(app).query_one(GameLog).shown]
        assert any(
            text.startswith(("Bob dodged the octopus", "Bob was hit"))
            and "hit chance decided" in text
            for text in shown
        )
