"""Decision keys pressed out of turn in Octopus's Garden, The Gardens and Throw Octopus!.

Tanuki and Seabed already said whose decision it was when a decision key was pressed while
another seat decided; these three games ignored their letter and digit keys in silence (only
Enter explained). Now each such key is refused in the prompt line with "It is X's decision
now." and changes nothing, through the same hidden ``not_yours`` twins
(:func:`~gardens_tui.ui.screens.game_base.not_yours_bindings`). Keys that are not decisions
(help, the next mat) still work out of turn, the deciding seat's own keys still act, and ``r``
still lets a failed bot try again.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import quiet_app, seats_of, settle
from textual.pilot import Pilot
from textual.widgets import Static

from gardens_tui.seats import LocalSeatView
from gardens_tui.settings import Settings
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.octopus_garden import OctopusGardenScreen
from gardens_tui.ui.screens.tanuki.screen import TanukiScreen
from gardens_tui.ui.screens.the_gardens import TheGardensScreen
from gardens_tui.ui.screens.throw_octopus import ThrowOctopusScreen
from gardens_tui.ui.widgets.prompt import PromptLine

DECISION_KEYS: dict[str, tuple[str, ...]] = {
    "octopus-garden": ("o", "p", "f", "r", "t", "x", "m", "c", "1", "9"),
    "the-gardens": ("b", "f", "p", "c"),
    "throw-octopus": (
        *("r", "d", "p", "t", "m", "M", "x", "c", "1", "9"),
        *("right_square_bracket", "left_square_bracket"),
    ),
}
"""Every letter and digit decision key of each game (``M`` is shift+m)."""

PLAYERS: dict[str, tuple[str, ...]] = {
    "octopus-garden": ("Ann", "Bob"),
    "the-gardens": ("Ann", "Bob"),
    "throw-octopus": ("Ann", "Bob", "Cleo"),  # 1 or 3-5 players
}
"""People at each table; Ann (seat 0) decides first at seed 3."""


def people_table(game_id: str) -> Table:
    """A new game of people only, Ann (seat 0) to decide first."""
    table = Table(Setup(game_id, seats_of(PLAYERS[game_id]), {}, 3))
    assert table.state.current_player == 0
    return table


def app_without_table() -> GardensApp:
    """An app with no table of its own, as at a terminal of the SSH server."""
    return create_app(settings=Settings(bot_delay_ms=0, autosave=False))


async def open_seat(pilot: Pilot[Any], table: Table, acts_for: tuple[int, ...]) -> GameScreen:
    """The game's screen over ``table`` at a terminal acting for ``acts_for``."""
    app = pilot.app
    assert isinstance(app, GardensApp)
    await pilot.pause()
    viewer = acts_for[0] if acts_for else None
    screen = app.open_seat(LocalSeatView(table, acts_for, viewer))
    for _ in range(3):
        await pilot.pause()
    return screen


def error_of(screen: GameScreen) -> str | None:
    """The refusal shown in the prompt line, if any."""
    return screen.query_one(PromptLine).error_text


@pytest.mark.parametrize("game_id", sorted(DECISION_KEYS))
async def test_a_decision_key_out_of_turn_names_the_deciding_seat(game_id: str) -> None:
    """At Bob's terminal, while Ann decides, each decision key is refused with "It is Ann's
    decision now.", opens no list and leaves the table unchanged."""
    table = people_table(game_id)
    before = table.state
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (1,))
        for key in DECISION_KEYS[game_id]:
            screen.query_one(PromptLine).error_text = None
            await pilot.press(key)
            await pilot.pause()
            assert error_of(screen) == "It is Ann's decision now.", key
            assert pilot.app.screen is screen, key  # no list or dialog opened
        assert table.actions == [] and table.state is before


@pytest.mark.parametrize("game_id", sorted(DECISION_KEYS))
async def test_a_spectator_is_told_whose_decision_it_is_too(game_id: str) -> None:
    """A terminal acting for nobody gets the same refusal (``c``, every choice as a list)."""
    table = people_table(game_id)
    async with app_without_table().run_test(size=(80, 24)) as pilot:
        screen = await open_seat(pilot, table, ())
        await pilot.press("c")
        await pilot.pause()
        assert error_of(screen) == "It is Ann's decision now."
        assert pilot.app.screen is screen and table.actions == []


@pytest.mark.parametrize("game_id", sorted(DECISION_KEYS))
async def test_help_still_opens_out_of_turn(game_id: str) -> None:
    """``?`` is no decision: it opens the help at Bob's terminal while Ann decides."""
    table = people_table(game_id)
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (1,))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        assert error_of(screen) is None


async def test_the_next_mat_key_still_works_out_of_turn_in_the_gardens() -> None:
    """The Gardens' ``o`` (show the next mat) is a view, not a decision: at Bob's terminal
    while Ann decides it shows Ann's mat, with no refusal."""
    table = people_table("the-gardens")
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (1,))
        assert isinstance(screen, TheGardensScreen)
        title = screen.query_one("#tg-mat-title", Static)
        assert str(title.render()).startswith("Your mat (Bob)")
        await pilot.press("o")
        await pilot.pause()
        assert "Ann" in str(title.render())
        assert error_of(screen) is None


async def test_the_deciding_seats_own_keys_still_act() -> None:
    """At Ann's own terminal, while she decides, ``p`` in Octopus's Garden starts passing (no
    refusal): the twins answer only out of turn."""
    table = people_table("octopus-garden")
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (0,))
        assert isinstance(screen, OctopusGardenScreen)
        await pilot.press("p")
        await pilot.pause()
        assert error_of(screen) is None
        assert screen.pick.passing


async def test_a_bot_seats_decision_key_names_the_bot_and_r_still_retries_it() -> None:
    """Ann (a person) against Bob (a bot) at one keyboard: while Bob's failed decision waits,
    ``o`` says it is Bob's decision and changes nothing, and ``r`` still lets the bot try again
    (the base's retry comes before ``r``'s twin)."""
    table = Table(Setup("octopus-garden", seats_of(("Ann", "Bob=random")), {}, 3))
    app = quiet_app(table)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert isinstance(screen, OctopusGardenScreen)
        bot = screen.bot_for(1)
        choose = bot.choose

        def broken(game: Any, state: Any) -> Any:
            raise RuntimeError("out of ideas")

        bot.choose = broken  # type: ignore[method-assign]
        for _ in range(50):  # Ann's whole turn: a row bought, its tokens planted
            if table.state.current_player != 0:
                break
            screen.play(table.legal_actions()[0])
            await settle(pilot)
        assert table.state.current_player == 1 and screen.bot_error is not None
        played = len(table.actions)
        screen.query_one(PromptLine).error_text = None
        await pilot.press("o")
        await pilot.pause()
        assert error_of(screen) == "It is Bob's decision now."
        assert len(table.actions) == played
        bot.choose = choose  # type: ignore[method-assign]
        await pilot.press("r")
        await settle(pilot)
        assert screen.bot_error is None and len(table.actions) > played


@pytest.mark.parametrize(
    ("screen_class", "own"),
    [
        (OctopusGardenScreen, "og('release')"),
        (ThrowOctopusScreen, "turn"),
        (TanukiScreen, "rotate(1)"),
    ],
)
def test_r_keeps_the_base_roll_and_retry_before_its_twin(
    screen_class: type[GameScreen], own: str
) -> None:
    """Binding order of ``r``: the game's own action first, then the base's roll and retry,
    then the ``not_yours`` twin (Textual runs the first binding its check allows)."""
    merged: Any = screen_class._merged_bindings
    actions = [binding.action for binding in merged.key_to_bindings["r"]]
    assert actions[0] == own
    assert actions[-3:] == ["roll", "retry_bot", "not_yours"]
