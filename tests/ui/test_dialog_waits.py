"""A game screen under a dialog waits without working: when the position changes under help or
a list of choices and a person here decides next, the screen focuses the board for that
decision once the dialog closes, and schedules nothing in the meantime.

(Octopus's Garden and The Gardens once queued their focus step again after every refresh while
a dialog was up: a full core for as long as the dialog stayed, and 24 s for a test that plays
eight moves under a lesson's idea. The other game screens never polled for the dialog.)
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import quiet_app, seats_of, settle
from textual.pilot import Pilot

from gardens_tui.table import Setup, Table
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.widgets.board_grid import BoardGrid

GAMES = ("octopus-garden", "the-gardens")


def game_screen(pilot: Pilot[Any]) -> GameScreen:
    screen = pilot.app.game_screen()  # type: ignore[attr-defined]
    assert isinstance(screen, GameScreen)
    return screen


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_new_decision_under_help_is_focused_when_help_closes(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's move is played while the help is open (as a lesson's or a table's move can be);
    her next decision waits under the help with nothing scheduled over many turns of the event
    loop, and when the help closes the board she decides on has the focus."""
    table = Table(Setup(game_id, seats_of(("Ann", "Bob=random")), {}, 4))
    async with quiet_app(table).run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        calls = 0
        focus = screen._auto_focus

        def counted() -> None:
            nonlocal calls
            calls += 1
            focus()

        monkeypatch.setattr(screen, "_auto_focus", counted)
        assert screen.play(screen.seat_view.legal_actions()[0])
        await settle(pilot)
        assert table.state.current_player == 0
        for _ in range(30):
            await pilot.pause()
        assert calls <= 3, f"the focus step ran {calls} times while the help was up"
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert isinstance(pilot.app.focused, BoardGrid)
