"""The Seabed Neighbours screen at a terminal that plays one seat (over SSH) or watches.

Found playing a whole game over ``ssh`` (issue 12's acceptance): while Ann answered a proposal,
Bob pressed ``y`` (and ``m``, ``f``, ``1``) at his own terminal and nothing at all happened,
where Enter on the seascape said whose decision it was. A decision key pressed while another
seat decides is now refused in the prompt line the same way, and changes nothing; at the
terminal of the seat that decides the keys still act.
"""

from __future__ import annotations

from typing import Any

from conftest import seats_of
from textual.pilot import Pilot

from gardens_tui.rules.seabed.positions import make_position
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.seats import LocalSeatView
from gardens_tui.settings import Settings
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.seabed import SeabedScreen
from gardens_tui.ui.widgets.prompt import PromptLine

PROPOSE_AND_VETO = {"negotiation": "propose-and-veto"}


def answering_table() -> Table:
    """Ann (seat 0) proposed tile 1 for T1 (Cleo & Ann); Cleo (seat 2, a person) must answer."""
    state = make_position(
        ["Ann", "Bob", "Cleo"],
        [],
        ["t1", "t23"],
        options=PROPOSE_AND_VETO,
        phase="answer",
        proposal=[1, 0, -1, 180],
    )
    seats = seats_of(("Ann", "Bob", "Cleo"))
    return Table(Setup("seabed-neighbours", seats, PROPOSE_AND_VETO, 0), states=[state])


def app_without_table() -> GardensApp:
    """An app with no table of its own, as at a terminal of the SSH server."""
    return create_app(settings=Settings(bot_delay_ms=0, autosave=False))


def error_of(screen: SeabedScreen) -> str | None:
    """The refusal shown in the prompt line, if any."""
    return screen.query_one(PromptLine).error_text


async def open_seat(pilot: Pilot[Any], table: Table, acts_for: tuple[int, ...]) -> SeabedScreen:
    """The screen over ``table`` for a terminal acting for ``acts_for`` (none: a spectator)."""
    app = pilot.app
    assert isinstance(app, GardensApp)
    viewer = acts_for[0] if acts_for else None
    screen = app.open_seat(LocalSeatView(table, acts_for, viewer))
    await pilot.pause()
    assert isinstance(screen, SeabedScreen)
    return screen


async def test_a_decision_key_out_of_turn_says_whose_decision_it_is() -> None:
    """At Bob's terminal, while Cleo must answer Ann's proposal, y / n / m / t / f / c / 1 / ]
    are each refused with "It is Cleo's decision now." and the table does not move."""
    table = answering_table()
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (1,))
        for key in ("y", "n", "m", "t", "f", "c", "1", "right_square_bracket"):
            screen.query_one(PromptLine).error_text = None
            await pilot.press(key)
            await pilot.pause()
            assert error_of(screen) == "It is Cleo's decision now.", key
        assert table.actions == []
        assert isinstance(pilot.app.screen, SeabedScreen)  # no list opened


async def test_a_spectator_pressing_a_decision_key_is_told_whose_decision_it_is() -> None:
    """A spectator's terminal (acting for nobody) gets the same refusal for ``y``."""
    table = answering_table()
    async with app_without_table().run_test(size=(80, 24)) as pilot:
        screen = await open_seat(pilot, table, ())
        await pilot.press("y")
        await pilot.pause()
        assert error_of(screen) == "It is Cleo's decision now."
        assert table.actions == []


async def test_the_deciding_seat_terminal_still_answers_with_its_keys() -> None:
    """At Cleo's own terminal ``y`` accepts Ann's proposal (no refusal)."""
    table = answering_table()
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (2,))
        await pilot.press("y")
        await pilot.pause()
        assert error_of(screen) is None
        assert table.actions[-1] == ("accept",)
        state = table.state
        assert isinstance(state, SeabedState) and state.board.get((0, -1)) is not None
