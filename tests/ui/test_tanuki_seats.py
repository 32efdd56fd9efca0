"""The Tanuki in the Garden screen at a terminal that plays one seat (over SSH) or watches.

Found playing a whole game over ``ssh`` (issue 12's acceptance):

- while Ann decided, Bob's terminal showed "Ann's tiles (1-3):" with three backs instead of his
  own hand (the dock followed the deciding human, as at one shared keyboard);
- the ``m`` menu of Garden Master cards listed "play robber 3" (the notation) instead of the
  card's title and what it does;
- with no tile in hand the dock said "Your tiles (1-1):".

Each test below proves the behaviour now expected.
"""

from __future__ import annotations

from typing import Any

from conftest import seats_of
from textual.pilot import Pilot
from textual.widgets import Static

from gardens_tui.rules.tanuki.components import CARD_KEYS
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.seats import LocalSeatView
from gardens_tui.settings import Settings
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.tanuki import TanukiScreen
from gardens_tui.ui.screens.tanuki.aiming import card_words
from gardens_tui.ui.screens.tanuki.dock import dock_status
from gardens_tui.ui.widgets.prompt import PromptLine

GAME_ID = "tanuki-in-the-garden"


def people_table(seed: int = 4, **options: Any) -> Table:
    """A new game of two people, Ann (seat 0, to choose her edge space first) and Bob."""
    return Table(Setup(GAME_ID, seats_of(("Ann", "Bob")), options, seed))


def app_without_table() -> GardensApp:
    """An app with no table of its own, as at a terminal of the SSH server."""
    return create_app(settings=Settings(bot_delay_ms=0, autosave=False))


async def open_seat(pilot: Pilot[Any], table: Table, acts_for: tuple[int, ...]) -> TanukiScreen:
    """The screen over ``table`` for a terminal acting for ``acts_for`` (none: a spectator)."""
    app = pilot.app
    assert isinstance(app, GardensApp)
    await pilot.pause()  # the app's first screen is up, as the lobby is before a seat opens
    viewer = acts_for[0] if acts_for else None
    screen = app.open_seat(LocalSeatView(table, acts_for, viewer))
    assert isinstance(screen, TanukiScreen)
    await drawn(pilot, screen)
    return screen


async def drawn(pilot: Pilot[Any], screen: TanukiScreen) -> None:
    """Wait (by refresh rounds, never by time) until the dock is mounted and drawn once."""
    for _ in range(50):
        await pilot.pause()
        if screen._docked() and screen._pick_view is not None:
            return
    raise AssertionError("the dock was never drawn")


def status_of(screen: TanukiScreen) -> str:
    return str(screen.query_one("#tk-status", Static).render())


def state_of(table: Table) -> TanukiState:
    state = table.state
    assert isinstance(state, TanukiState)
    return state


async def test_a_networked_player_sees_their_own_tiles_while_another_decides() -> None:
    """At Bob's terminal, while Ann chooses her edge space, the dock shows "Your tiles" and Bob's
    own three tiles (never Ann's backs); at Ann's terminal her own tiles."""
    table = people_table()
    bob_hand = list(state_of(table).hands[1])
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (1,))
        assert state_of(table).current_player == 0
        assert screen.hand_seat() == 1
        assert "Your tiles (1-3):" in status_of(screen)
        assert "Ann" not in status_of(screen)
        assert screen.parts.hand == bob_hand
        assert all(tile >= 0 for tile in screen.parts.hand)
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (0,))
        assert screen.hand_seat() == 0
        assert screen.parts.hand == list(state_of(table).hands[0])


async def test_a_spectator_sees_the_deciding_players_tile_backs_only() -> None:
    """A spectator's terminal shows whose tiles the deciding person holds, as backs only."""
    table = people_table()
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, ())
        assert "Ann's tiles (1-3):" in status_of(screen)
        assert screen.parts.hand and all(tile < 0 for tile in screen.parts.hand)


async def test_hot_seat_still_shows_the_deciding_humans_tiles() -> None:
    """At one shared keyboard acting for both people, the dock follows the human deciding."""
    table = people_table()
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        app = pilot.app
        assert isinstance(app, GardensApp)
        await pilot.pause()
        screen = app.open_seat(LocalSeatView(table, (0, 1), 0))
        assert isinstance(screen, TanukiScreen)
        await drawn(pilot, screen)
        assert screen.hand_seat() == 0


async def test_decision_keys_out_of_turn_say_whose_decision_it_is() -> None:
    """At Bob's terminal, while Ann decides, every decision key (and Enter on the garden) is
    refused with "It is Ann's decision now." and the table does not move."""
    table = people_table()
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (1,))
        prompt = screen.query_one(PromptLine)
        for key in ("enter", "r", "p", "m", "t", "n", "x", "y", "b", "c", "1"):
            prompt.error_text = None
            await pilot.press(key)
            await pilot.pause()
            assert prompt.error_text == "It is Ann's decision now.", key
            assert isinstance(pilot.app.screen, TanukiScreen), key  # no list opened
        assert table.actions == []


def card_table() -> Table:
    """Bob (seat 1) holds Avoid Tanuki Dens before his roll."""
    dens = CARD_KEYS.index("dens") * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        tanuki=("a6", "f1"),
        active=1,
        cards=[[], [dens]],
        phase="before",
    )
    return Table(
        Setup(GAME_ID, seats_of(("Ann", "Bob")), {"garden-master": True}, 0), states=[state]
    )


async def test_the_card_menu_names_each_card_and_what_it_does() -> None:
    """``m`` at Bob's terminal lists his card by title and effect, not as notation; choosing
    it plays it."""
    table = card_table()
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        await open_seat(pilot, table, (1,))
        await pilot.press("m")
        await pilot.pause()
        menu = pilot.app.screen
        assert isinstance(menu, ChoiceScreen)
        assert menu.labels == ("Avoid Tanuki Dens: ignore the tanuki dens on your path this turn",)
        await pilot.press("1")
        await pilot.pause()
        assert table.actions[0] == ("play", "dens")


def test_card_words_name_the_card_and_what_it_does() -> None:
    """A card play is worded by its title and effect, with the target's name, never notation."""
    names = ("Ann", "Bob", "Cleo")
    assert card_words(("play", "robber", 2), names) == "Shiitake Robber: steal 2 shiitake from Cleo"
    assert card_words(("play", "repellant", 1), names) == (
        "Tanuki Repellant: the gold tanuki leaves the board, you collect 1 shiitake"
    )
    assert (
        card_words(("play", "move", 0, 3), names) == "Move 1 Tanuki: the blue tanuki 1 space south"
    )
    assert card_words(("play", "trap", 14), names) == "Tanuki Trap on c3"
    assert card_words(("play", "shift", 14, 2), names) == (
        "Shifting Paths: turn the tile on c3 by 180 degrees"
    )
    assert card_words(("play", "bait", 0, 7, 8), names).startswith(
        "Tanuki Bait: both tanuki next to Ann's monk, on "
    )
    assert card_words(("play", "stroll"), names) == (
        "Speed Stroll: lay a second path tile this turn"
    )
    hostile = ("[bold]Ann\x1b[2J",)
    assert "\x1b" not in card_words(("play", "robber", 0), hostile)


def test_an_empty_hand_is_said_in_words() -> None:
    """With no tile in hand the dock says "Your tiles: none", not "(1-1)"."""
    table = people_table()
    state = state_of(table)
    assert dock_status(state, 0, 0, 0, False).endswith("Your tiles: none")
    assert dock_status(state, 0, 0, 3, False).endswith("Your tiles (1-3):")


def discard_table() -> Table:
    """Bob (seat 1, a person) crossed an ashi-magari on Ann's turn and must discard a tile."""
    state = make_position(
        ("Ann", "Bob"),
        phase="discard",
        queue=[1],
        active=0,
        monks={0: "edge n1", 1: "edge s6"},
        hands={1: ["t2", "t3", "t5"]},
    )
    return Table(Setup(GAME_ID, seats_of(("Ann", "Bob")), {}, 0), states=[state])


async def test_a_digit_chooses_the_tile_to_discard() -> None:
    """Found over SSH: with the garden focused at a discard, ``2`` did nothing at all. A digit
    now puts the hand's cursor on that tile (the info line says Enter discards it); Enter then
    discards it."""
    table = discard_table()
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (1,))
        screen.board.focus()
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert screen.hand_board.has_focus and screen.hand_board.cursor == 1
        assert screen._info_text.startswith("t3") and "Enter: discard it" in screen._info_text
        assert table.actions == []
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[0] == ("discard", 2)  # t3


async def test_the_info_line_follows_the_focus_after_tab() -> None:
    """Found over SSH: after tab the info line described the board that had the focus before
    (it said "Enter: discard it" while the garden had the focus, and Enter was refused). It now
    describes the board that has the focus, both ways, and Enter does what it says."""
    table = discard_table()
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (1,))
        await pilot.pause()
        assert screen.hand_board.has_focus
        assert screen._info_text.startswith("t2") and "Enter: discard it" in screen._info_text
        await pilot.press("tab")
        await pilot.pause()
        assert screen.board.has_focus and not screen._info_text.startswith("t2")
        await pilot.press("tab")
        await pilot.pause()
        assert screen.hand_board.has_focus
        assert screen._info_text.startswith("t2") and "Enter: discard it" in screen._info_text
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[0] == ("discard", 1)  # t2


async def test_the_garden_gets_the_focus_back_after_a_discard() -> None:
    """Found over SSH: after Bob's discard the hand kept the focus, so on his next turn Enter
    chose a tile in hand again and again instead of laying one. Once the discard is made the
    garden has the focus again."""
    table = discard_table()
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (1,))
        await pilot.pause()
        assert screen.hand_board.has_focus
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause()
        assert table.actions[0] == ("discard", 1)
        assert screen.board.has_focus


async def test_aiming_move_1_tanuki_offers_no_turn_key() -> None:
    """Found over SSH: aiming Move 1 Tanuki before the roll, the dock showed both "r turn" and
    "r roll" (``r`` turned nothing shown). Now only "r roll" is offered, and ``r`` rolls."""
    move = CARD_KEYS.index("move") * 3
    state = make_position(
        ("Ann", "Bob"),
        {"garden-master": True},
        monks={0: "c3 end 4", 1: "edge s6"},
        board={"c3": tile_joining({0: 4})},
        tanuki=("d2", "f1"),
        active=0,
        cards=[[move], []],
        phase="before",
    )
    table = Table(
        Setup(GAME_ID, seats_of(("Ann", "Bob")), {"garden-master": True}, 0), states=[state]
    )
    async with app_without_table().run_test(size=(100, 34)) as pilot:
        screen = await open_seat(pilot, table, (0,))
        await pilot.press("m")
        await pilot.pause()
        menu = pilot.app.screen
        assert isinstance(menu, ChoiceScreen)
        assert menu.labels[0] == "Move 1 Tanuki: choose on the garden"
        await pilot.press("1")
        await pilot.pause()
        assert screen.aiming() == "move"
        assert not screen.turnable()
        commands = str(screen.query_one("#tk-actions", Static).render())
        assert "r roll" in commands and "turn" not in commands
        await pilot.press("r")
        await pilot.pause()
        assert table.actions[0] == ("roll",)
