"""The replay viewer (issue 7): a finished or loaded game replayed move by move, the board
following, through Textual's pilot.

Games are played by seeded bots (outside the app, or in it with no bot delay; the tests await
the workers, never sleep). The replay is opened with ``GardensApp.open_replay`` over whatever is
showing, stepped with ``←/→``, ``h/l``, ``,/.``, ``Home`` and ``End``, and closed with Escape.
What it shows is compared with the table's own positions through a plain seat view
(``view_at(k)``); the table it was opened from must stay exactly as it was, nothing may be
played, saved or autosaved, and no end-of-game dialog or bot may start.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import settle
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from gardens_tui import saves
from gardens_tui.driver import Driver
from gardens_tui.paths import autosaves_dir
from gardens_tui.replay_view import ReplaySeatView
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.seats import LocalSeatView
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.screens.octopus_garden import OctopusGardenScreen
from gardens_tui.ui.screens.octopus_garden.paint import market_cell
from gardens_tui.ui.screens.replay import (
    REPLAY_ACTIONS,
    ReplayMixin,
    replay_class,
    replay_prompt,
    replay_screen_for,
)
from gardens_tui.ui.screens.text_game import TextGameScreen
from gardens_tui.ui.widgets.game_log import GameLog, log_lines
from gardens_tui.ui.widgets.player_panel import PlayerPanel
from gardens_tui.ui.widgets.prompt import PromptLine

SIZE = (100, 30)


# --- helpers -------------------------------------------------------------------------------------


def octopus_table(*players: str, seed: int = 4, moves: int | None = None) -> Table:
    """An Octopus's Garden table played by greedy bots for ``moves`` decisions (or to the end);
    the seats are then named as ``players`` say (``"Ann"`` a human, ``"Bob=greedy"`` a bot)."""
    specs = players or ("Ann=greedy", "Bob=greedy")
    names = [spec.partition("=")[0] for spec in specs]
    bots = Table(Setup("octopus-garden", tuple(Seat(name, "greedy") for name in names), {}, seed))
    Driver(bots, autosave=lambda _: None).run(max_decisions=moves)
    seats = []
    for spec in specs:
        name, _, bot = spec.partition("=")
        seats.append(Seat(name, bot or None))
    setup = Setup("octopus-garden", tuple(seats), {}, seed)
    return Table(setup, bots.states, bots.actions)


def history(table: Table) -> tuple[list[Any], list[Any], int]:
    return list(table.states), list(table.actions), table.version


def autosave_files() -> dict[str, bytes]:
    folder = autosaves_dir()
    if not folder.exists():
        return {}
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def replay_screen(app: GardensApp) -> Any:
    screen = app.screen
    assert isinstance(screen, ReplayMixin)
    return screen


def prompt_text(screen: Any) -> str:
    line = screen.query_one(PromptLine)
    assert isinstance(line, PromptLine)
    return line.prompt_text


def assert_shows(screen: Any, table: Table, k: int) -> None:
    """The replay screen shows position ``k`` of ``table``: the board's state is the table's
    view_at(k), the board is painted from it, the log holds the moves up to k (the last one
    highlighted), the panel's scores are those of position k."""
    plain = LocalSeatView(table, (), screen.replay.viewer)
    expected = plain.view_at(k)
    assert isinstance(expected, OctopusState)
    game = table.game
    assert screen.replay.position == k
    assert len(screen.table.actions) == screen.replay.total  # no bot played on the copy either
    assert not screen.bot_thinking
    state = screen.state
    assert isinstance(state, OctopusState)
    assert game.to_dict(state) == game.to_dict(expected)
    assert screen._paint_market(0).lines == market_cell(expected, 0, screen.roomy, False)
    log = screen.query_one(GameLog)
    steps = plain.log()[:k]
    assert len(log.shown) == len([line for step in steps for line in (step.lines or ("",))])
    assert log.shown == log_lines(screen.replay)
    if k:
        assert log.shown[-1][2]  # the move shown is the highlighted one
        assert log.shown[-1][1] == steps[-1].lines[-1]
    panel = screen.query_one(PlayerPanel)
    assert panel.border_subtitle == ("final" if expected.is_over else "score so far")
    totals = game.scores(table.states[k] if table.states[k].is_over else expected).totals()
    assert screen.replay.scores().totals() == totals


async def open_replay(pilot: Pilot[Any], table: Table, position: int | None = None) -> Any:
    app = pilot.app
    assert isinstance(app, GardensApp)
    app.open_replay(table, position)
    await pilot.pause()
    await pilot.pause()
    return replay_screen(app)


# --- tests ---------------------------------------------------------------------------------------


async def test_stepping_back_and_forth_the_board_and_log_follow_the_move_shown() -> None:
    """Issue 7: ←/→, h/l, ,/. step one move; Home/End go to the start and the end; the board,
    the log and the scores always show view_at(k); the prompt says where the replay is."""
    table = octopus_table(moves=40)
    app = create_app(settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot, table)
        assert isinstance(screen, OctopusGardenScreen)  # the game's own screen: the same board
        assert_shows(screen, table, 0)
        assert prompt_text(screen) == "Replay — the start (40 moves) · ←/→ to step, Esc to close"
        for key, expected in [
            ("right", 1),
            ("right", 2),
            ("l", 3),
            ("full_stop", 4),
            ("left", 3),
            ("h", 2),
            ("comma", 1),
            ("end", 40),
            ("left", 39),
            ("home", 0),
            ("left", 0),  # nothing before the start
        ]:
            await pilot.press(key)
            await pilot.pause()
            assert_shows(screen, table, expected)
        await pilot.press("end")
        await pilot.press("right")  # nothing after the end
        await pilot.pause()
        assert_shows(screen, table, 40)
        step = LocalSeatView(table, (), None).log()[-1]
        words = "; ".join(line.rstrip(".") for line in step.lines)
        assert prompt_text(screen) == (
            f"Replay — move 40 of 40: {words} · ←/→ to step, Esc to close"
        )


async def test_nothing_can_be_played_saved_or_autosaved_and_the_table_is_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 7: in a replay the game screen's keys (buy, oyster, pass, done, tokens, undo,
    save, tab) and clicks play nothing and ring no bell; a click says "this is a replay" once;
    the table the replay was opened from is untouched and no file is written."""
    table = octopus_table("Ann", "Bob=greedy", moves=12)
    before = history(table)
    app = create_app(settings=Settings(bot_delay_ms=0))
    bells: list[None] = []
    monkeypatch.setattr(app, "bell", lambda: bells.append(None))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot, table, 5)
        assert screen.replay.viewer == 0  # the one human's eyes
        assert app.focused is None  # no board takes the keys
        shown = table.game.to_dict(screen.state)
        for key in ["enter", "space", "o", "p", "f", "r", "t", "x", "m", "c", "1", "2", "tab"]:
            await pilot.press(key)
        await pilot.press("u", "ctrl+s", "g", "up", "down", "w", "s", "a", "d", "j", "k")
        await pilot.pause()
        assert app.screen == screen  # no list of choices, no help, no dialog opened
        assert screen.replay.position == 5
        assert table.game.to_dict(screen.state) == shown
        assert screen.query_one(PromptLine).error_text is None
        await pilot.click("#og-market", offset=(4, 1))
        await pilot.click("#og-garden", offset=(6, 2))
        await pilot.pause()
        error = screen.query_one(PromptLine).error_text
        assert error == "This is a replay: ←/→ to step, Esc to close"
        assert screen.play(("oyster",)) is False
        assert screen.replay.position == 5
        assert bells == []
        await pilot.press("right")
        await pilot.pause()
        assert screen.query_one(PromptLine).error_text is None  # the next move clears it
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    assert history(table) == before
    assert autosave_files() == {}
    assert saves.list_saves() == []


async def test_the_footer_shows_only_the_replay_keys() -> None:
    """Issue 7: the game screen's own keys are hidden in a replay; Back and Start are dimmed at
    the start, Forward and End at the end."""
    table = octopus_table(moves=6)
    app = create_app(settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot, table)

        def shown() -> dict[str, bool]:
            found: dict[str, bool] = {}
            for active in app.screen.active_bindings.values():
                binding = active.binding
                if active.node is screen and binding.show:
                    found[binding.action] = active.enabled
            return found

        at_start = shown()
        assert {action.partition("(")[0] for action in at_start} == REPLAY_ACTIONS
        assert at_start["replay_step(-1)"] is False and at_start["replay_start"] is False
        assert at_start["replay_step(1)"] is True and at_start["close_replay"] is True
        await pilot.press("end")
        await pilot.pause()
        at_end = shown()
        assert at_end["replay_step(1)"] is False and at_end["replay_end"] is False
        assert at_end["replay_step(-1)"] is True and at_end["replay_start"] is True


async def test_a_replay_of_a_finished_game_over_its_end_screen_escape_returns_there() -> None:
    """Issue 7: opened over the end screen of a game just finished, the replay starts no bot
    and no second end screen (even at the end), autosaves nothing, and Escape returns to the end
    screen, over the game, exactly as they were."""
    table = Table(Setup("octopus-garden", (Seat("Ann", "greedy"), Seat("Bob", "greedy")), {}, 4))
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert table.state.is_over
        end = app.screen
        assert isinstance(end, EndScreen)
        stack = list(app.screen_stack)
        files = autosave_files()
        before = history(table)
        total = len(table.actions)
        screen = await open_replay(pilot, table, total)  # opened at the end: no end screen
        await settle(pilot)
        assert_shows(screen, table, total)
        await pilot.press("home", "right", "right")
        await settle(pilot)
        assert_shows(screen, table, 2)
        await pilot.press("end")
        await settle(pilot)
        assert_shows(screen, table, total)
        assert prompt_text(screen).startswith(f"Replay — move {total} of {total} (the end): ")
        assert sum(isinstance(s, EndScreen) for s in app.screen_stack) == 1
        assert screen.driver.bot_to_move() is None and not screen.bot_thinking
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is end
        assert list(app.screen_stack) == stack
        assert autosave_files() == files
        assert history(table) == before


async def test_a_replay_over_a_game_in_play_leaves_it_as_it_was() -> None:
    """A replay opened over a game a person is playing changes nothing there: Escape returns to
    that game at the same position, its autosave untouched by the replay."""
    table = octopus_table("Ann", "Bob=greedy", moves=10)
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, OctopusGardenScreen)
        assert not isinstance(game, ReplayMixin)
        assert game.human_to_move()
        before = history(table)
        files = autosave_files()
        screen = await open_replay(pilot, table, 3)
        await pilot.press("left", "o", "enter")
        await pilot.pause()
        assert screen.replay.position == 2
        assert history(table) == before
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        assert isinstance(game, OctopusGardenScreen) and game.human_to_move()
        assert history(table) == before
        assert autosave_files() == files


@pytest.mark.usefixtures("toy_registered")
async def test_any_game_screen_replays_here_the_text_screen_hides_hands() -> None:
    """The replay is made for whatever screen the game has (here the generic text screen of the
    toy game, whose hands are hidden): with two people at the table it is drawn for a spectator,
    so no hand is shown, and its list of actions stays empty."""
    table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {}, 7))
    while len(table.actions) < 4:
        table.apply(table.legal_actions()[0])
    before = history(table)
    app = create_app(settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot, table, 4)
        assert isinstance(screen, TextGameScreen) and isinstance(screen, ReplayMixin)
        assert (
            type(screen).__name__ == replay_class(TextGameScreen).__name__ == "ReplayTextGameScreen"
        )
        text = str(screen.query_one("#board-text", Static).render())
        expected = table.game.render_text(table.game.view(table.states[4], None), None)
        assert text == expected
        assert "?" in text  # the hands, hidden
        assert screen.query_one("#actions", OptionList).option_count == 0
        await pilot.press("enter", "r", "p", "left")
        await pilot.pause()
        assert screen.replay.position == 3
        assert app.screen is screen
    assert history(table) == before


def test_replay_classes_are_made_once_per_screen_class() -> None:
    """``replay_class`` is cached (Textual keeps every screen class's CSS: a new class per
    replay would pile up) and names the class after the game's screen."""
    made = replay_class(OctopusGardenScreen)
    assert made is replay_class(OctopusGardenScreen)
    assert made.__name__ == "ReplayOctopusGardenScreen"
    assert replay_class(made) is made


def test_the_prompt_in_ascii_mode_is_plain_ascii() -> None:
    """The replay's prompt line keeps to 7-bit characters in ASCII mode (names permitting)."""
    table = octopus_table(moves=3)
    replay = ReplaySeatView(table)
    assert replay_prompt(replay, ascii_mode=True).isascii()
    replay.go_to(3)
    text = replay_prompt(replay, ascii_mode=True)
    assert text.startswith("Replay - move 3 of 3: ") and text.isascii()
    assert text.endswith("<-/-> to step, Esc to close")
    screen = replay_screen_for(table, 2)
    assert screen.replay.position == 2 and screen.table is not table


async def test_a_replay_at_80x24_is_laid_out_as_the_game_screen_is() -> None:
    """Behaviour (found playing at 80x24): a replay gets its game screen's own CSS, so at 80x24
    it lays out the board, the side column and the legend as the live screen does (the legend
    over the garden and a wider side column before)."""
    table = octopus_table("Ann", "Bob=greedy", moves=30)
    app = create_app(settings=Settings(bot_delay_ms=0, autosave=False))
    async with app.run_test(size=(80, 24)) as pilot:
        live = app.open_seat(LocalSeatView(table, (0,), 0))
        await pilot.pause()
        await pilot.pause()
        widths = {name: live.query_one(name).region.width for name in ("#game-side", "#game-main")}
        legend = live.query_one("#og-legend").styles.display
    app = create_app(settings=Settings(bot_delay_ms=0, autosave=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, table, 10)
        assert "OctopusGardenScreen" in type(screen)._css_type_names
        assert {name: screen.query_one(name).region.width for name in widths} == widths
        assert screen.query_one("#og-legend").styles.display == legend
