"""Throw Octopus! screen (issue 10), driven by keyboard and mouse through Textual's pilot.

Playing a tile by keyboard with a turn (``r``) and by mouse at 80x24 and 100x30; the lit places
and the preview of the chosen tile at the cursor; drawing (and the engine's refusal while a tile
fits); a throw at a bot chosen from a list; the dodge minigame settling with and without the
key (its clock driven by hand); the legend and the help; ASCII mode drawing 7-bit only; a whole
game against bots to the end. Bots play with no delay and the tests await their workers
(``settle``), never sleep.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import position_table_of, quiet_app, seats_of, settle
from textual.pilot import Pilot

from gardens_tui.rules.throw_octopus.components import tile_id
from gardens_tui.rules.throw_octopus.positions import make_position
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.table import Setup, Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens import screen_for
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.throw_octopus import ThrowOctopusScreen
from gardens_tui.ui.screens.timed_modal import TimedModal
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.prompt import PromptLine

GAME_ID = "throw-octopus"
SIZES = [(80, 24), (100, 30)]
PLAYERS = ("Ann", "Bob=greedy", "Cleo=random")


# --- helpers -------------------------------------------------------------------------------------


def new_table(*players: str, seed: int = 3, **options: Any) -> Table:
    """A new game: ``"Ann"`` is a human, ``"Bob=greedy"`` a bot."""
    return Table(Setup(GAME_ID, seats_of(players or PLAYERS), options, seed))


def position_table(state: ThrowState, *players: str) -> Table:
    """A table starting from a hand-built position (Ann human, two bots unless told)."""
    return position_table_of(GAME_ID, state, players or PLAYERS)


SPARSE = {"tile-list": "sparse"}
"""The tile list of the hand-built positions here: the sparse one, whose tiles fit in few
places (the balanced list, the default, joins almost anywhere)."""


def start_position(options: dict[str, Any] | None = None, **fields: Any) -> ThrowState:
    """With the sparse tile list: t1 (``..bo``) alone on the seascape. Ann holds t22
    (``.op.``: fits at 1,0 only turned), t44 (``...b``: fits at -1,0 upright) and t50 (fits
    nowhere)."""
    return make_position(
        ["Ann", "Bob", "Cleo"],
        [(0, 0, "t1", 0)],
        [["t22", "t44", "t50"], ["t2", "t3"], ["t5", "t6"]],
        options={**SPARSE, **(options or {})},
        **fields,
    )


app_for = quiet_app


def to_screen(app: GardensApp) -> ThrowOctopusScreen:
    screen = app.game_screen()
    assert isinstance(screen, ThrowOctopusScreen)
    return screen


def tstate(table: Table) -> ThrowState:
    state = table.state
    assert isinstance(state, ThrowState)
    return state


def t(name: str) -> int:
    tile = tile_id(name, SPARSE["tile-list"])
    assert tile is not None
    return tile


async def click(pilot: Pilot[Any], board: BoardGrid, cell: Cell) -> None:
    """Click the middle of ``cell`` on ``board`` (scrolled into view first)."""
    board.move_cursor_to(cell)
    await pilot.pause()
    region = board.board_layout.region(cell)
    x = region.x + region.width // 2 - int(board.scroll_x)
    y = region.y + region.height // 2 - int(board.scroll_y)
    await pilot.click(board, offset=(x, y))
    await pilot.pause()


async def pause(pilot: Pilot[Any]) -> None:
    """A few pauses (while a minigame's worker waits for its dialog ``settle`` cannot run)."""
    for _ in range(4):
        await pilot.pause()


def error_text(screen: ThrowOctopusScreen) -> str:
    return screen.query_one(PromptLine).error_text or ""


def board_text(board: BoardGrid) -> str:
    return "\n".join(
        "".join(segment.text for segment in board.render_line(y)) for y in range(board.size.height)
    )


# --- tests ---------------------------------------------------------------------------------------


def test_the_screen_is_registered_for_the_game() -> None:
    assert screen_for(GAME_ID) is ThrowOctopusScreen


@pytest.mark.parametrize("size", SIZES)
async def test_a_tile_is_played_by_keyboard_with_a_turn(size: tuple[int, int]) -> None:
    """1 chooses t22: its one place (1,0) is lit and the cursor goes there; t22 fits there only
    turned, so it comes turned (the info line says Enter plays it at r180); r turns it upright
    (the info line says it fits turned, the preview at the cursor turns too), r again turns it
    back; Enter plays it."""
    table = position_table(start_position())
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert len(screen.hand_board.board_layout.cells) == 3
        await pilot.press("1")
        await pilot.pause()
        assert screen.chosen == t("t22")
        assert screen.sea.legal == {(1, 0)}
        assert screen.sea.cursor == (1, 0) and screen.sea.has_focus
        assert screen.rotation == 180  # it fits only turned: it comes turned
        assert "Enter: play t22 at 1,0 r180" in str(screen.query_one("#to-info").render())
        turned = board_text(screen.sea)
        assert "t22" in turned  # the preview at the cursor
        await pilot.press("r")
        await pilot.pause()
        assert screen.rotation == 0
        assert "fits here turned: press r" in str(screen.query_one("#to-info").render())
        assert board_text(screen.sea) != turned  # the preview turned
        await pilot.press("r")
        await pilot.pause()
        assert screen.rotation == 180
        await pilot.press("enter")
        await settle(pilot)
        assert table.actions[0] == ("play", t("t22"), 1, 0, 180)
        assert (1, 0) in tstate(table).board


@pytest.mark.parametrize("size", SIZES)
async def test_a_tile_is_played_by_mouse(size: tuple[int, int]) -> None:
    """A click on t44 in the hand chooses it; a click on its lit place plays it."""
    table = position_table(start_position())
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await click(pilot, screen.hand_board, (1, 0))
        assert screen.chosen == t("t44")
        assert screen.sea.legal == {(-1, 0)}
        await click(pilot, screen.sea, (-1, 0))
        await settle(pilot)
        assert table.actions[0] == ("play", t("t44"), -1, 0, 0)


async def test_enter_on_a_place_where_the_tile_does_not_fit_shows_the_refusal() -> None:
    table = position_table(start_position())
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("1", "r")  # t22 comes turned; r turns it upright
        await pilot.pause()
        await pilot.press("enter")  # upright at (1,0): it fits only turned
        await settle(pilot)
        assert table.actions == []
        assert "t22" in error_text(screen)


async def test_enter_with_no_tile_chosen_chooses_one_that_fits_the_place() -> None:
    """A new player's first Enter on a free place, before choosing a tile: the screen chooses
    the first tile of the hand that fits there, turned as it fits (t22 at 1,0 fits only
    turned), the info line says what Enter now plays, and the second Enter plays it. Where no
    tile of the hand fits (0,1), Enter says so and nothing is chosen."""
    table = position_table(start_position())
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert screen.chosen is None
        screen.sea.focus()
        screen.sea.move_cursor_to((0, 1))
        assert screen.sea.cursor == (0, 1)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.chosen is None and "None of your tiles fits here" in error_text(screen)
        screen.sea.move_cursor_to((1, 0))
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions == []
        assert (screen.chosen, screen.rotation) == (t("t22"), 180)
        assert "Enter: play t22 at 1,0 r180" in str(screen.query_one("#to-info").render())
        await pilot.press("enter")
        await settle(pilot)
        assert table.actions[0] == ("play", t("t22"), 1, 0, 180)


async def test_d_draws_when_nothing_fits_and_the_engine_refuses_otherwise() -> None:
    table = position_table(start_position())
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("d")
        await settle(pilot)
        assert table.actions == []
        assert "draw" in error_text(screen)
    state = make_position(
        ["Ann", "Bob", "Cleo"],
        [(0, 0, "t1", 0)],
        [["t50"], ["t2", "t3"], ["t5", "t6"]],
        options=SPARSE,
    )
    table = position_table(state)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert table.actions[0] == ("draw",)
        assert len(tstate(table).hands[0]) >= 2


async def test_a_throw_at_a_bot_is_chosen_from_a_list() -> None:
    """Throw Octopus (any player): t lists the other players; 2 throws at Cleo; the bot rolls
    its dodge."""
    table = position_table(start_position(phase="throw"))
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert any("Cleo" in label for label in app.screen.labels)
        index = next(i for i, label in enumerate(app.screen.labels) if "Cleo" in label)
        await pilot.press(str(index + 1))
        await settle(pilot)
        assert table.actions[0] == ("throw", 2)
        assert table.actions[1] == ("roll",)  # the bot keeps ROLL


def dodge_table() -> Table:
    """Bob (a bot) has thrown at Ann: Ann must dodge."""
    state = start_position(phase="dodge", active=1, target=0, options={"dodge-window": 1000})
    return position_table(state)


@pytest.mark.parametrize("pressed", [True, False])
async def test_the_dodge_minigame_settles_with_and_without_the_key(
    pressed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dodge opens by itself for Ann (no key needed); the shown key in time dodges; the
    clock running out (driven by hand) is a hit. ``settle`` returns while the minigame waits
    for the person."""
    monkeypatch.setattr(ThrowOctopusScreen, "dodge_clock", False)
    table = dodge_table()
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        modal = app.screen
        assert isinstance(modal, TimedModal) and modal is screen.dodge
        assert modal.time_ms == 1000
        key = modal.choices[0].key
        await pilot.press("enter")  # the throw was announced: now the window opens
        await pilot.pause()
        assert f"press  {key.upper()}  to dodge" in modal.prompt
        if pressed:
            modal.tick(900)
            await pilot.press(key)
        else:
            for _ in range(10):
                modal.tick()
        await settle(pilot)
        assert table.actions[0] == (("dodge",) if pressed else ("hit", "late"))
        assert not isinstance(app.screen, TimedModal)  # it does not open again


async def test_a_wrong_key_in_the_dodge_is_a_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ThrowOctopusScreen, "dodge_clock", False)
    table = dodge_table()
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, TimedModal)
        wrong = "z" if modal.choices[0].key != "z" else "q"
        await pilot.press(wrong)  # announced: a key typed ahead settles nothing
        await pilot.pause()
        assert app.screen is modal and table.actions == []
        await pilot.press("enter", wrong)
        await settle(pilot)
        assert table.actions[0] == ("hit", "wrong")


async def test_legend_and_help_show_the_letters() -> None:
    table = position_table(start_position())
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        legend = dict(app.screen.legend)
        assert legend["o"].startswith("orange peel slug") and legend["e"].startswith("teal eel")
        assert "@" in legend and "+" in legend
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.legend


async def test_ascii_mode_draws_7_bit_only() -> None:
    table = position_table(start_position())
    app = app_for(table, ascii_mode=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        await pilot.press("1")
        await pilot.pause()
        text = board_text(screen.sea) + board_text(screen.hand_board)
        text += str(screen.query_one("#to-info").render())
        text += str(screen.query_one("#to-status").render())
        assert all(ord(ch) < 128 for ch in text), {ch for ch in text if ord(ch) >= 128}
        assert "t1" in text and "+" in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert all(ord(ch) < 128 for ch in "".join(m + w for m, w in app.screen.legend))


async def test_others_hands_are_counts_only() -> None:
    """The player panel shows how many tiles each seat holds, never which; the hand board
    shows Ann's."""
    table = position_table(start_position())
    app = app_for(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        assert screen.panel_extras(screen.state, 1)[0] == "2 tiles"
        assert screen.hand() == [t("t22"), t("t44"), t("t50")]


async def test_a_whole_game_against_bots_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann plays every decision by keyboard (a tile on the first lit place, else the first of
    the every-choice list, the dodge by its key) against two bots, to the end screen."""
    monkeypatch.setattr(ThrowOctopusScreen, "dodge_clock", False)
    table = new_table(*PLAYERS, seed=5)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        for _ in range(600):
            state = tstate(table)
            if state.over or type(app.screen).__name__ == "EndScreen":
                break
            if state.phase == "dodge":
                assert state.current_player == 0
                modal = app.screen  # the dodge opened by itself
                assert isinstance(modal, TimedModal)
                await pilot.press("enter", modal.choices[0].key)
            elif state.phase == "play" and any(a[0] == "play" for a in screen.legal()):
                action = next(a for a in screen.legal() if a[0] == "play")
                index = screen.hand().index(action[1])
                if index < 9:
                    await pilot.press(str(index + 1))
                else:  # beyond 9: the hand's cursor and Enter
                    screen.hand_board.focus()
                    screen.hand_board.move_cursor_to((index, 0))
                    await pilot.pause()
                    await pilot.press("enter")
                await pilot.pause()
                if screen.rotation != action[4]:
                    await pilot.press("r")
                screen.sea.move_cursor_to((action[2], action[3]))
                await pilot.pause()
                await pilot.press("enter")
            else:
                assert state.current_player == 0
                await pilot.press("c")
                await pilot.pause()
                assert isinstance(app.screen, ChoiceScreen)
                await pilot.press("1")
            await settle(pilot)
        assert tstate(table).over
        assert type(app.screen).__name__ == "EndScreen"


async def test_a_tide_swap_takes_the_chosen_tile_and_p_keeps() -> None:
    """Tide Swap: 2 swaps Ann's second tile; in a second game p keeps."""
    table = position_table(start_position(phase="swap"))
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert table.actions[0] == ("swap", t("t44"))
    table = position_table(start_position(phase="swap"))
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert table.actions[0] == ("keep",)


async def test_a_gift_asks_for_the_tile_then_the_player() -> None:
    table = position_table(start_position(phase="gift"))
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        index = next(i for i, label in enumerate(app.screen.labels) if "Bob" in label)
        await pilot.press(str(index + 1))
        await settle(pilot)
        assert table.actions[0] == ("give", t("t50"), 1)


async def test_solo_start_tile_and_discard_are_chosen_from_the_hand() -> None:
    """Solo: 1 chooses the start tile; later x discards the chosen tile when none fits."""
    hand = [["t1", "t2", "t3", "t50", "t60", "t70"]]
    state = make_position(["Ann"], [], hand, phase="start", options=SPARSE)
    table = position_table(state, "Ann")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert table.actions[0] == ("start", t("t1"))
        assert (0, 0) in tstate(table).board
        screen = to_screen(app)
        discards = [a for a in screen.legal() if a[0] == "discard"]
        if discards:
            await pilot.press(str(screen.hand().index(discards[0][1]) + 1))
            await pilot.press("x")
            await settle(pilot)
            assert table.actions[1] == discards[0]


async def test_complete_creatures_are_drawn_in_capitals() -> None:
    """Four tiles around a creature's point: its four quarters are capitals."""
    from gardens_tui.rules.throw_octopus import GAME, seascape

    table = new_table("Ann", "Bob", "Cleo", seed=5)
    for _ in range(400):
        state = tstate(table)
        if seascape.complete_points(state):
            break
        table.apply_text(GAME.format_action(GAME.legal_actions(state)[0]))
    state = tstate(table)
    assert seascape.complete_points(state)
    app = app_for(position_table(state, "Ann", "Bob", "Cleo"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = to_screen(app)
        (px, py), *_ = sorted(seascape.complete_points(state))
        letters = []
        for cell, line, piece in (((px - 1, py - 1), 1, 2), ((px, py), 0, 0)):
            paint = screen._paint_sea(cell)
            row = paint.lines[line]
            assert not isinstance(row, str)
            letters.append(row[piece][0])
        assert all(letter.isupper() for letter in letters), letters
