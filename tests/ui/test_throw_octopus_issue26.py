"""Throw Octopus! screen, issue 26: Game Night results, the dodge's keys and outcome, forced
steps said where the player looks, a board that follows the game in whole tiles, the throw
list's cards, the solo end, a footer that offers only what is allowed.

Bots play with no delay and the tests await their workers (``settle``), never sleep; the
dodge's clock is turned off and ticked by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import position_table_of, quiet_app, settle
from textual.geometry import Region

from gardens_tui.rules.throw_octopus import GAME
from gardens_tui.rules.throw_octopus.components import all_cards, tile_id
from gardens_tui.rules.throw_octopus.positions import make_position
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.settings import Settings
from gardens_tui.table import Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.throw_octopus import ThrowOctopusScreen
from gardens_tui.ui.screens.throw_octopus.dodge import DodgeModal
from gardens_tui.ui.screens.throw_octopus.night import NightResultScreen
from gardens_tui.ui.screens.throw_octopus.solo_end import SoloEndScreen
from gardens_tui.ui.widgets.prompt import PromptLine

GAME_ID = "throw-octopus"
BOTS = ("Ann", "Bob=greedy", "Cleo=greedy")
PEOPLE = ("Ann", "Bob", "Cleo")


@pytest.fixture(autouse=True)
def no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dodge's clock never runs by itself here: the tests tick it."""
    monkeypatch.setattr(ThrowOctopusScreen, "dodge_clock", False)


SPARSE = "sparse"
"""The tile list of these positions (the one whose tiles fit in few places: forced steps)."""


def t(name: str) -> int:
    tile = tile_id(name, SPARSE)
    assert tile is not None
    return tile


def position(
    hands: list[list[str]], options: dict[str, Any] | None = None, **fields: Any
) -> ThrowState:
    """With the sparse tile list: t1 (``..bo``) alone at 0,0; t44 (``...b``) fits only at
    -1,0 upright, t22 (``.op.``) only at 1,0 turned, t50 (``...p``) nowhere."""
    options = {"tile-list": SPARSE, **(options or {})}
    players = list(PEOPLE[: len(hands)])
    return make_position(players, [(0, 0, "t1", 0)], hands, options=options, **fields)


def to_screen(app: GardensApp) -> ThrowOctopusScreen:
    screen = app.game_screen()
    assert isinstance(screen, ThrowOctopusScreen)
    return screen


def prompt_text(app: GardensApp) -> str:
    return to_screen(app).query_one(PromptLine).prompt_text


def status_text(app: GardensApp) -> str:
    return str(to_screen(app).query_one("#to-status").render())


def footer_keys(screen: Any) -> dict[str, str]:
    """The keys a screen's footer shows now, with their words."""
    return {
        binding.key: binding.description
        for _, binding, enabled, _ in screen.active_bindings.values()
        if binding.show and enabled
    }


# --- Game Night ----------------------------------------------------------------------------------


async def test_game_night_says_which_game_and_shows_each_result() -> None:
    """The status line says "Game 1 of 3"; Ann's last tile ends game 1 (played for her: it
    is her only move), the result screen shows the tiles left, the totals and "game 2 of 3";
    the next game waits until it is closed, then the status line says "Game 2 of 3"."""
    state = position([["t44"], ["t2", "t3"], ["t5", "t6", "t7"]], options={"game-night": True})
    table = position_table_of(GAME_ID, state, BOTS)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Game 1 of 3" in status_text(app) or isinstance(app.screen, NightResultScreen)
        await settle(pilot)
        night = app.screen
        assert isinstance(night, NightResultScreen)
        text = night.text()
        assert "Game 1 of 3 is over" in text
        rows = {line.split()[0]: line.split()[1:] for line in text.splitlines()[3:6]}
        assert rows == {"Ann": ["0", "0"], "Bob": ["2", "2"], "Cleo": ["3", "3"]}
        assert "Next: game 2 of 3" in text
        played = len(table.actions)
        await settle(pilot)
        assert app.screen is night and len(table.actions) == played  # the next game waits
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, NightResultScreen)
        assert "Game 2 of 3" in status_text(app)


async def test_the_running_totals_add_up_over_the_games() -> None:
    state = position(
        [["t44"], ["t2", "t3"], ["t5", "t6", "t7"]],
        options={"game-night": True},
        results=[[3, 0, 4]],
    )
    table = position_table_of(GAME_ID, state, BOTS)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        night = app.screen
        assert isinstance(night, NightResultScreen)
        text = night.text()
        assert "Game 2 of 3 is over" in text and "Next: game 3 of 3" in text
        rows = {line.split()[0]: line.split()[1:] for line in text.splitlines()[3:6]}
        assert rows == {"Ann": ["3", "0", "3"], "Bob": ["0", "2", "2"], "Cleo": ["4", "3", "7"]}
        await pilot.press("enter")
        await settle(pilot)
        assert "Game 3 of 3" in status_text(app)


# --- the dodge -----------------------------------------------------------------------------------


def dodge_table() -> Table:
    """Bob (a bot) has thrown at Ann: Ann must dodge."""
    state = position(
        [["t22", "t44", "t50"], ["t2", "t3"], ["t5", "t6"]],
        phase="dodge",
        active=1,
        target=0,
        options={"dodge-window": 1000},
    )
    return position_table_of(GAME_ID, state, BOTS)


async def test_the_throw_is_announced_before_the_window_and_the_footer_shows_the_dodge_key() -> (
    None
):
    """The dialog first names the thrower and the target, with no key and no clock running
    (ticks and keys typed ahead change nothing); its footer offers Enter and Esc, and the game's
    footer under it no "r Dodge!". Enter opens the window: the footer offers the dodge key
    itself, shown as in the dialog."""
    table = dodge_table()
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, DodgeModal)
        key = modal.key
        assert "Bob throws the octopus at Ann!" in modal.prompt
        assert f"press  {key.upper()}" not in modal.prompt
        assert footer_keys(modal) == {"enter": "Ready", "escape": "Take the hit"}
        assert "r" not in footer_keys(to_screen(app))
        modal.tick(5000)
        await pilot.press(key, "x")  # typed ahead: nothing settles yet
        await pilot.pause()
        assert app.screen is modal and table.actions == []
        await pilot.press("enter")
        await pilot.pause()
        assert f"press  {key.upper()}  to dodge!" in modal.prompt
        shown = [b for _, b, enabled, _ in modal.active_bindings.values() if b.show and enabled]
        assert [(b.key, b.key_display, b.description) for b in shown] == [
            (key, key.upper(), "Dodge!")
        ]
        await pilot.press(key)
        await settle(pilot)
        assert table.actions[0] == ("dodge",)


@pytest.mark.parametrize(
    ("how", "action", "words"),
    [
        ("key", ("dodge",), "in time: dodged!"),
        ("capital", ("dodge",), "in time: dodged!"),
        ("late", ("hit", "late"), "too late to dodge"),
        ("wrong", ("hit", "wrong"), "not "),
    ],
)
async def test_the_prompt_says_whether_the_dodge_was_in_time_or_missed(
    how: str, action: tuple[str], words: str
) -> None:
    table = dodge_table()
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, DodgeModal)
        await pilot.press("enter")
        await pilot.pause()
        if how == "key":
            await pilot.press(modal.key)
        elif how == "capital":  # the key is shown in capitals: Shift with it dodges too
            await pilot.press(modal.key.upper())
        elif how == "late":
            for _ in range(10):
                modal.tick()
        else:
            await pilot.press("z" if modal.key != "z" else "q")
        await settle(pilot)
        assert table.actions[0] == action
        assert words in to_screen(app).note
        assert words in prompt_text(app)


# --- forced steps --------------------------------------------------------------------------------


def waiting_bots_app(table: Table) -> GardensApp:
    """The app with bots that wait a minute before each move: what a forced step says can
    be read before they play (the test ends first; nothing sleeps)."""
    return create_app(table, settings=Settings(bot_delay_ms=60_000, autosave=False))


async def forced_step(app: GardensApp, pilot: Any) -> None:
    """Let the app mount and play the forced step (the bots then wait)."""
    for _ in range(6):
        await pilot.pause()


async def test_a_forced_play_is_said_in_the_prompt_line() -> None:
    """Ann's only legal move is t44 at -1,0: the app plays it and the prompt line says so,
    while Bob (a bot) thinks."""
    hands = [["t44", "t50"], ["t22", "t13", "t24", "t33"], ["t5"]]  # Bob: a real choice
    table = position_table_of(GAME_ID, position(hands), BOTS)
    app = waiting_bots_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await forced_step(app, pilot)
        assert table.actions == [("play", t("t44"), -1, 0, 0)]
        assert "Ann: only t44 fits, played for you at -1,0." in prompt_text(app)
        assert "Bob (bot" in prompt_text(app)


async def test_a_forced_draw_is_said_in_the_prompt_line() -> None:
    hands = [["t50"], ["t44", "t22"], ["t5"]]  # Bob: a real choice
    table = position_table_of(GAME_ID, position(hands), BOTS)
    app = waiting_bots_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await forced_step(app, pilot)
        assert table.actions == [("draw",)]
        assert "Ann: no tile of yours fits, drew one for you." in prompt_text(app)


async def test_a_forced_step_is_not_told_to_the_next_person_at_the_keyboard() -> None:
    """Hot-seat: "only t44 fits" says something about Ann's hand, so Bob, who decides next at
    the same keyboard, does not read it."""
    hands = [["t44", "t50"], ["t22", "t13", "t24", "t33"], ["t5"]]
    table = position_table_of(GAME_ID, position(hands), PEOPLE)
    app = quiet_app(table, curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table.actions == [("play", t("t44"), -1, 0, 0)]
        assert to_screen(app).note.startswith("Ann: only t44 fits")
        assert "only t44" not in prompt_text(app)
        assert prompt_text(app).startswith("Bob: ")


def tstate(table: Table) -> ThrowState:
    state = table.state
    assert isinstance(state, ThrowState)
    return state


# --- the board follows the game in whole tiles -----------------------------------------------


def wide_game() -> tuple[ThrowState, tuple[object, ...]]:
    """A seeded game played on by the first legal action until the seascape is wider than
    the 80x24 view, at Ann's turn, with a play at its far right edge."""
    state = GAME.new_game(list(PEOPLE), {}, 11)
    for _ in range(2000):
        if state.over:
            break
        legal = GAME.legal_actions(state)
        plays = [a for a in legal if a[0] == "play"]
        xs = [x for x, _ in state.board]
        if state.active == 0 and state.phase == "play" and plays and max(xs) - min(xs) >= 9:
            right = max(plays, key=lambda a: a[2])
            if right[2] > max(xs) - 1:
                return state, right
        # Grow the seascape sideways: the leftmost or rightmost play, turn about.
        side = min if state.turn % 2 else max
        pick = side(plays, key=lambda a: a[2]) if plays else legal[0]
        state = GAME.apply(state, pick)
    raise AssertionError("no wide seascape")


def assert_whole_tiles(screen: ThrowOctopusScreen) -> Region:
    """Every tile or place at least partly in view is wholly in view; the view's region."""
    sea = screen.sea
    visible = sea.visible_region()
    for cell, region in sea.board_layout.cells.items():
        if region.overlaps(visible):
            assert visible.contains_region(region), (cell, region, visible)
    return visible


async def test_the_board_follows_a_tile_placed_out_of_view_and_cuts_no_tile() -> None:
    """At 80x24 the seascape is wider than the view: no tile is cut at its edges; with the
    cursor at the far left, a tile placed at the far right is scrolled into view."""
    state, far_right = wide_game()
    table = position_table_of(GAME_ID, state, PEOPLE)
    app = quiet_app(table, curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        sea = screen.sea
        assert sea.board_layout.width > sea.scrollable_content_region.width
        assert_whole_tiles(screen)
        leftmost = min(sea.board_layout.cells, key=lambda c: (c[0], c[1]))  # type: ignore[index]
        sea.move_cursor_to(leftmost)
        await pilot.pause()
        assert_whole_tiles(screen)
        cell = (far_right[2], far_right[3])
        assert not sea.visible_region().contains_region(sea.board_layout.region(cell))
        table.apply(far_right, seat=0)
        await settle(pilot)
        visible = assert_whole_tiles(screen)
        assert visible.contains_region(sea.board_layout.region(cell))


async def test_scrolling_by_hand_moves_by_whole_tiles() -> None:
    state, _ = wide_game()
    app = quiet_app(position_table_of(GAME_ID, state, PEOPLE), curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        before = screen.sea.scroll_x
        screen.sea.scroll_to(x=before + 1, animate=False, immediate=True)
        await pilot.pause()
        assert screen.sea.scroll_x != before
        assert_whole_tiles(screen)
        screen.sea.scroll_to(x=screen.sea.scroll_x - 1, animate=False, immediate=True)
        await pilot.pause()
        assert_whole_tiles(screen)


# --- the throw list ------------------------------------------------------------------------------


async def test_the_throw_list_shows_each_targets_shield_and_lost_turns() -> None:
    deck = sorted(all_cards())
    deck.remove("shield")
    state = position(
        [["t22", "t44", "t50"], ["t2", "t3"], ["t5", "t6"]],
        phase="throw",
        held=[[], [], ["shield"]],
        deck=deck,
        lost=[0, 1, 0],
    )
    table = position_table_of(GAME_ID, state, BOTS)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        assert list(choice.labels) == [
            "throw at Bob (2 tiles) - already loses 1 turn",
            "throw at Cleo (2 tiles) - Octo Shield up: stops this throw",
        ]


# --- the solo end --------------------------------------------------------------------------------


async def test_the_solo_end_gives_the_points_and_the_rating_not_a_win() -> None:
    """Solo, nothing fits and the pile is empty: the pass is played for Ann and the end
    screen says her score and rating, never "Ann wins."."""
    others = [f"t{n}" for n in range(2, 86) if n != 50]
    state = make_position(
        ["Ann"],
        [(0, 0, "t1", 0)],
        [["t50"]],
        pile=[],
        discarded=others,
        options={"tile-list": SPARSE},
    )
    table = position_table_of(GAME_ID, state, ("Ann",))
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        end = app.screen
        assert isinstance(end, EndScreen)
        result = str(end.query_one("#end-result").render())
        assert result == "Ann scored 0 points: Hatchling."
        assert "wins" not in result


# --- the footer offers only what is allowed ------------------------------------------------------


async def test_no_draw_in_the_footer_on_a_bonus_turn_and_d_says_why() -> None:
    state = position([["t22", "t44", "t50"], ["t2"], ["t5"]], bonus_turn=True)
    table = position_table_of(GAME_ID, state, BOTS)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert "d" not in footer_keys(screen)
        assert "p" not in footer_keys(screen)
        assert "r" not in footer_keys(screen)  # nothing to turn before a tile is chosen
        await pilot.press("d")
        await settle(pilot)
        assert table.actions == []
        assert screen.query_one(PromptLine).error_text
        await pilot.press("1")
        await pilot.pause()
        assert footer_keys(screen).get("r") == "Turn"


async def test_draw_is_offered_only_when_it_is_legal() -> None:
    """A normal turn with a tile that fits: no "d Draw" (d says why); with only a Magic
    Touch besides the draw, "d Draw" is offered."""
    state = position([["t22", "t50"], ["t2"], ["t5"]])
    app = quiet_app(position_table_of(GAME_ID, state, BOTS))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "d" not in footer_keys(to_screen(app))
    deck = sorted(all_cards())
    deck.remove("touch")
    state = make_position(
        list(PEOPLE),
        [(0, 0, "t1", 0), (-1, 0, "t44", 0)],
        [["t50"], ["t2"], ["t5"]],
        held=[["touch"], [], []],
        deck=deck,
        options={"tile-list": SPARSE},
    )
    table = position_table_of(GAME_ID, state, BOTS)
    app = quiet_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        if ("draw",) in screen.legal() and len(screen.legal()) > 1:
            assert footer_keys(screen).get("d") == "Draw"


# --- the new dialogs close once ------------------------------------------------------------------


def night_state() -> ThrowState:
    return position(
        [["t44", "t50"], ["t2", "t3"], ["t5", "t6"]],
        options={"game-night": True},
        results=[[1, 0, 3]],
    )


def finished_solo_table() -> Table:
    others = [f"t{n}" for n in range(2, 86) if n != 50]
    state = make_position(
        ["Ann"], [(0, 0, "t1", 0)], [["t50"]], pile=[], discarded=others, options=SPARSE_OPTIONS
    )
    table = position_table_of(GAME_ID, state, ("Ann",))
    table.apply(("pass",), seat=0)
    return table


SPARSE_OPTIONS = {"tile-list": SPARSE}

DIALOGS: dict[str, tuple[Any, str]] = {
    "DodgeModal": (
        lambda: DodgeModal("Bob", "[b]Ann[/b]", "j", 1000, ascii_mode=False, clock=False),
        "take_hit",
    ),
    "NightResultScreen": (lambda: NightResultScreen(night_state()), "next"),
    "SoloEndScreen": (
        lambda: SoloEndScreen(finished_solo_table(), result="Ann scored 0 points: Hatchling."),
        "choose('board')",
    ),
}
"""The dialogs this issue adds and the action that closes each: tests/ui/test_dismiss_once.py
checks them with every other modal screen."""
