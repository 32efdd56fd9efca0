"""GameScreen, the base of every game screen, driven with the toy game through a test-only
subclass: bots play in a worker without freezing the UI, undo follows the table's rules (out of
the footer and saying why when not allowed), ctrl+s writes a loadable file, autosave after every
turn, the hot-seat curtain between human seats, illegal actions shown and ignored, and the end
screen with the score table, winners and tie-break."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from conftest import settle
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static
from toy_game import TOY, ToyGame

from gardens_tui import saves
from gardens_tui.rules.base import Scores, TeamScore
from gardens_tui.seats import LocalSeatView
from gardens_tui.settings import Settings
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens import GAME_SCREENS, screen_for
from gardens_tui.ui.screens.curtain import CurtainScreen, has_hidden_information
from gardens_tui.ui.screens.end import EndScreen, outcome_text
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.screens.new_game import NewGameDialog
from gardens_tui.ui.screens.text_game import TextGameScreen
from gardens_tui.ui.widgets.game_log import GameLog, log_lines
from gardens_tui.ui.widgets.player_panel import PlayerPanel
from gardens_tui.ui.widgets.prompt import PromptLine
from gardens_tui.ui.widgets.score_table import ScoreTable, TeamTable

MakeTable = Callable[..., Table]


class ToyScreen(GameScreen):
    """A minimal game screen: the viewer's hand as text, redrawn on every change."""

    def compose_board(self) -> ComposeResult:
        yield Static(id="hand")

    def on_mount(self) -> None:
        self.redraws = 0

    def redraw(self) -> None:
        self.redraws = getattr(self, "redraws", 0) + 1
        state: Any = self.view_state
        seat = self.viewer
        hand = "hidden" if seat is None else " ".join(map(str, state.hands[seat]))
        for widget in self.query("#hand").results(Static):
            widget.update(f"hand: {hand}")


@pytest.fixture(autouse=True)
def toy_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAME_SCREENS, "toy", ToyScreen)


def screen_of(app: Any) -> ToyScreen:
    screen = app.game_screen()
    assert isinstance(screen, ToyScreen)
    return screen


def first_action(table: Table) -> Any:
    return table.legal_actions()[0]


async def test_the_registry_gives_the_registered_screen_or_the_text_screen() -> None:
    assert screen_for("toy") is ToyScreen
    assert screen_for("no-such-game").__name__ == "TextGameScreen"


async def test_a_bot_moves_in_a_worker_after_the_human(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        assert table.state.current_player == 0
        assert screen.play(first_action(table))
        await settle(pilot)
        # Every decision after Ann's was the bot's, until it was Ann's turn again.
        assert table.state.current_player == 0 or table.state.is_over
        assert any(table.states[i].current_player == 1 for i in range(1, len(table.states)))
        assert not screen.bot_thinking


async def test_the_ui_answers_keys_while_a_bot_thinks(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    release = threading.Event()
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        bot = screen.bot_for(1)
        choose = bot.choose

        def slow_choose(game: Any, state: Any) -> Any:
            release.wait(timeout=30)  # a long think, in the worker's thread
            return choose(game, state)

        bot.choose = slow_choose  # type: ignore[method-assign]
        try:
            screen.play(first_action(table))
            await pilot.pause()
            assert screen.bot_thinking
            played = len(table.actions)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)  # the event loop is free while it thinks
            assert len(table.actions) == played
            await pilot.press("escape")
        finally:
            release.set()
        await settle(pilot)
        assert len(table.actions) > played  # and its move arrives afterwards
        assert table.states[played].current_player == 1


async def test_two_bots_play_to_the_end_and_the_end_screen_appears(toy_table: MakeTable) -> None:
    table = toy_table("Ann=greedy", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert table.state.is_over
        assert isinstance(app.screen, EndScreen)
        scores = app.screen.query_one(ScoreTable)
        assert scores.scores.categories == ("cards", "dives")
        assert scores.names == ("Ann", "Bob")
        assert saves.last_autosave() is None  # the finished game was autosaved as over
        assert len(saves.list_saves()) == 1


def tied_finished_table(toy_registered: None) -> Table:
    """A finished toy game that ended in a tie (found by trying seeds in order)."""
    for seed in range(500):
        table = Table(Setup("toy", (Seat("Ann"), Seat("Bob")), {"snap": False}, seed))
        while not table.state.is_over:
            table.apply(first_action(table))
        if table.game.winners(table.state).tiebreak:
            return table
    raise AssertionError("no tied game found")


async def test_end_screen_shows_scores_winner_and_tie_break(toy_registered: None) -> None:
    table = tied_finished_table(toy_registered)
    outcome = table.game.winners(table.state)
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        end = app.screen
        assert isinstance(end, EndScreen)
        result = str(end.query_one("#end-result", Static).render())
        assert "Bob wins." in result
        assert f"Tie-break: {outcome.tiebreak}." in result
        assert end.query_one(ScoreTable).outcome == outcome
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


def test_outcome_text_names_shared_wins() -> None:
    from gardens_tui.rules.base import Outcome

    assert outcome_text(("A", "B", "C"), Outcome((0, 2))) == "A and C share the win."
    assert outcome_text(("A",), Outcome(())) == "Nobody wins."


async def test_new_game_from_the_end_screen_prefills_the_same_seats(
    toy_registered: None,
) -> None:
    table = tied_finished_table(toy_registered)
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        assert dialog.initial == table.setup


def footer_keys(screen: GameScreen) -> set[str]:
    """The actions the footer shows now."""
    return {
        active.binding.action
        for active in screen.active_bindings.values()
        if active.binding.show and active.enabled
    }


async def test_undo_leaves_the_footer_when_not_allowed_and_u_says_why(
    toy_table: MakeTable,
) -> None:
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        prompt = screen.query_one(PromptLine)
        assert screen.check_action("undo", ()) is False  # nothing to undo yet: hidden
        assert "undo" not in footer_keys(screen)
        await pilot.press("u")
        await pilot.pause()
        assert prompt.error_text == "Cannot undo: nothing to undo yet."
        assert not app._notifications  # said in the prompt line, not in a toast over the log
        screen.play(first_action(table))
        await settle(pilot)
        assert prompt.error_text is None  # the new position cleared the stale refusal
        # Ann's card draw revealed a card: undo stops there, for Bob as for Ann.
        assert not table.can_undo()
        assert screen.check_action("undo", ()) is False
        before = list(table.actions)
        await pilot.press("u")
        await pilot.pause()
        assert table.actions == before
        assert prompt.error_text == "Cannot undo: Ann made the last decision, not you."


async def test_u_is_in_the_footer_while_undo_can_take_something_back(
    toy_table: MakeTable,
) -> None:
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False, free_undo=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        assert "undo" not in footer_keys(screen)
        screen.play(first_action(table))
        await settle(pilot)
        assert screen.undo_refusal() is None
        assert "undo" in footer_keys(screen)
        assert screen.check_action("undo_refused", ()) is False
        await pilot.press("u")
        await pilot.pause()
        assert table.actions == [] and "undo" not in footer_keys(screen)
        assert screen.query_one(PromptLine).error_text is None


async def test_u_while_a_bot_decides_says_why_it_cannot_undo(toy_table: MakeTable) -> None:
    """Ann's play drew a card: undo stops there, even before the bot acts (the reason said is
    the draw, not the bot)."""
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        screen.bot_delay_ms = 10_000  # Bob keeps "thinking" while u is pressed
        screen.play(first_action(table))
        await pilot.pause()
        assert not screen.human_to_move()
        await pilot.press("u")
        await pilot.pause()
        error = screen.query_one(PromptLine).error_text
        assert error == "Cannot undo: something was drawn or revealed: undo stops there."
        screen.workers.cancel_group(screen, "bot")


async def test_u_takes_back_a_decision_a_bot_has_not_acted_on_yet() -> None:
    """Issue 27: against bots undo was never possible in The Gardens, where every decision
    ends the player's turn ("a bot's decision cannot be undone"). A person's decision that
    revealed nothing can be taken back until the bot after it acts; then it is final."""
    table = Table(Setup("the-gardens", (Seat("Ann"), Seat("Bob", "greedy")), {}, 3))
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert isinstance(screen, GameScreen)
        screen.bot_delay_ms = 10_000  # Bob waits while u is pressed
        screen.play(first_action(table))
        await pilot.pause()
        assert table.state.current_player == 1 and "undo" in footer_keys(screen)
        await pilot.press("u")
        await pilot.pause()
        assert table.actions == [] and table.state.current_player == 0
        screen.bot_delay_ms = 0
        screen.play(first_action(table))
        await settle(pilot)
        assert table.state.current_player == 0 and len(table.actions) >= 2  # Bob has acted
        assert screen.undo_refusal() is not None


async def test_undo_in_the_same_instant_as_the_move_leaves_the_bot_free_to_play() -> None:
    """Undo pressed in the same burst of keys as the move (the bot's turn cancelled before it
    even started) must not leave the screen thinking a bot is still deciding: the next move
    is answered by the bot (a new player's game stopped for good there)."""
    table = Table(Setup("the-gardens", (Seat("Ann"), Seat("Bob", "greedy")), {}, 3))
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert isinstance(screen, GameScreen)
        screen.bot_delay_ms = 10_000
        screen.play(first_action(table))
        screen._advance()  # Bob's turn is started (its worker not yet running) ...
        assert screen.bot_thinking
        screen.action_undo()  # ... when u arrives in the same burst of keys
        await pilot.pause()
        assert table.actions == [] and not screen.bot_thinking
        screen.bot_delay_ms = 0
        screen.play(first_action(table))
        await settle(pilot)
        assert table.state.current_player == 0 and len(table.actions) >= 2  # Bob has acted


async def test_free_undo_takes_back_any_decision_at_a_table_of_humans(
    toy_table: MakeTable,
) -> None:
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False, free_undo=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        assert table.free_undo
        screen.play(first_action(table))
        await settle(pilot)
        assert screen.check_action("undo", ()) is True
        await pilot.press("u")
        await pilot.pause()
        assert table.actions == []
        assert len(screen.query_one(GameLog).shown) == 0


async def test_free_undo_is_off_when_a_bot_plays(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0, free_undo=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert not table.free_undo


async def test_ctrl_s_writes_a_loadable_save_and_says_where(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        screen.play(first_action(table))
        await settle(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the save dialog's name
        await pilot.pause()
        path = screen.save_path
        assert path is not None and path.parent == saves.saves_dir()
        assert path.name.startswith("toy ") and path.suffix == ".json"
        assert saves.load_table(path).notation() == table.notation()
        assert any(str(path) in n.message for n in app._notifications)
        # The next save goes to the same file.
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the save dialog's name
        await pilot.pause()
        assert screen.save_path == path
        assert len(list(saves.saves_dir().iterdir())) == 1


async def test_ctrl_s_writes_to_the_given_save_path(toy_table: MakeTable, tmp_path: Any) -> None:
    table = toy_table("Ann", "Bob")
    target = tmp_path / "mine.json"
    app = create_app(table, target, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the save dialog's name
        await pilot.pause()
        assert saves.load_table(target).setup.names == table.setup.names


async def test_autosave_after_every_turn(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert saves.last_autosave() is None  # nothing played yet
        screen = screen_of(app)
        while table.state.turn == 1:
            screen.play(first_action(table))
        await settle(pilot)
        path = saves.last_autosave()
        assert path is not None
        assert saves.load_table(path).notation() == table.notation()


async def test_autosave_setting_off_writes_nothing(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob")
    settings = Settings(bot_delay_ms=0, curtain=False, autosave=False)
    app = create_app(table, settings=settings)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        while table.state.turn == 1:
            screen.play(first_action(table))
        await settle(pilot)
        assert saves.list_saves() == []


async def test_curtain_between_two_human_seats_hides_the_hands(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob")
    assert has_hidden_information(LocalSeatView(table))
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player == "Ann"
        assert screen.viewer is None
        assert "hidden" in str(screen.query_one("#hand", Static).render())
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert screen.viewer == 0
        ann_hand = " ".join(map(str, table.state.hands[0]))  # type: ignore[attr-defined]
        assert ann_hand in str(screen.query_one("#hand", Static).render())
        screen.play(first_action(table))
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player == "Bob"
        assert screen.viewer is None
        await pilot.press("enter")
        await settle(pilot)
        assert screen.viewer == 1


async def test_no_curtain_with_one_human_against_bots(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        assert app.screen is screen
        assert screen.viewer == 0


async def test_an_illegal_action_is_shown_and_changes_nothing(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        state = table.state
        assert not screen.play(("play", 99))
        assert table.state is state
        prompt = screen.query_one(PromptLine)
        assert prompt.has_class("-error")
        assert "not legal" in (prompt.error_text or "")
        assert not screen.play_text("dance")
        assert "not an action" in (prompt.error_text or "")
        screen.play(first_action(table))
        await settle(pilot)
        assert not prompt.has_class("-error")  # the next change brings the prompt back


async def test_panel_log_and_prompt_follow_the_table(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        prompt = screen.query_one(PromptLine)
        assert prompt.prompt_text == "Ann: Play a card"
        screen.play(first_action(table))
        await settle(pilot)
        log = screen.query_one(GameLog)
        assert log.shown == log_lines(screen.seat_view)
        assert log.shown[0][1].startswith("Ann played")
        assert [last for _, _, last in log.shown].count(True) >= 1
        assert log.shown[-1][2] is True  # the last decision is the highlighted one
        panel = str(screen.query_one(PlayerPanel).render())
        assert panel  # rendered
        assert screen.redraws >= 2


async def test_help_in_a_game_shows_that_games_rules_and_keys(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert [spec.id for spec in help_screen.specs] == ["toy"]
        described = dict((text, key) for key, text in help_screen.keys)
        assert {"Undo", "Save", "Menu", "Help"} <= set(described)
        assert described["Undo"] == "u"


async def test_escape_autosaves_and_returns_to_the_menu(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert saves.last_autosave() is not None
        assert table._listeners == []  # the screen stopped listening


async def test_ascii_mode_reaches_the_shared_widgets(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0, ascii_mode=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        assert screen.query_one(PlayerPanel).ascii_mode
        assert screen.query_one(GameLog).ascii_mode


async def test_saving_back_never_overwrites_a_change_made_meanwhile(
    toy_table: MakeTable, tmp_path: Any
) -> None:
    """Rule (issue 5, writes that cannot lose a move): a game opened from FILE saves back to it
    only if FILE is still what was read; if another program changed it (``gardens apply``),
    FILE keeps that change and the game goes to a new file, which the notice names."""
    path = saves.save_table(toy_table("Ann", "Bob=random"), tmp_path / "shared.json")
    table, source = saves.read_save(path)
    app = create_app(table, path, settings=Settings(bot_delay_ms=0), source=source)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        other = saves.load_table(path)
        other.apply(first_action(other))
        saves.save_table(other, path)  # somebody else, meanwhile
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the save dialog's name
        await pilot.pause()
        screen = screen_of(app)
        assert saves.load_table(path).notation() == other.notation()
        assert screen.save_path is not None and screen.save_path.parent == saves.saves_dir()
        assert saves.load_table(screen.save_path).notation() == table.notation()
        assert any("changed by another program" in n.message for n in app._notifications)
        await pilot.press("ctrl+s")  # from now on it saves to its new file
        await pilot.pause()
        await pilot.press("enter")  # the save dialog's name
        await pilot.pause()
        assert saves.load_table(path).notation() == other.notation()


async def test_opening_an_older_save_and_leaving_keeps_the_newer_autosave(
    toy_table: MakeTable,
) -> None:
    """The reproduction of the lost game: play, ctrl+s on turn 1, play on (the autosave holds
    turn 2), leave, load the turn-1 save, leave. The newer autosave is still there, whole."""
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the save dialog's name
        await pilot.pause()
        early = screen.save_path
        assert early is not None
        while table.state.turn < 3 and not table.state.is_over:
            screen.play(first_action(table))
            await settle(pilot)
        newest = table.notation()
        await pilot.press("escape")
        await settle(pilot)
        autosaves = {p: saves.load_table(p).notation() for p in saves.autosaves_dir().iterdir()}
        assert list(autosaves.values()) == [newest]
        app.load_game(early)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        after = [saves.load_table(p).notation() for p in saves.autosaves_dir().iterdir()]
        assert newest in after


# --------------------------------------------------------------------------------------------
# Keys that apply only sometimes: pass an optional window, roll a skill decision
# --------------------------------------------------------------------------------------------


def shown_keys(screen: GameScreen) -> dict[str, str]:
    """The footer's keys as ``{action: key}`` (only the enabled ones)."""
    return {
        active.binding.action: key
        for key, active in screen.active_bindings.items()
        if active.enabled and active.binding.show
    }


async def test_p_passes_an_optional_window_and_shows_only_then(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        assert "pass_window" not in shown_keys(screen)  # Ann plays a card: nothing to pass
        await pilot.press("p")
        await settle(pilot)
        assert table.actions == []
        screen.play(first_action(table))
        await settle(pilot)
        decision = table.state.decision
        assert decision is not None and decision.optional and decision.seat == 1
        assert shown_keys(screen)["pass_window"] == "p"
        await pilot.press("p")
        await settle(pilot)
        assert table.actions[-1] == decision.pass_action
        assert "pass_window" not in shown_keys(screen)


def dive_table(make: MakeTable, *players: str) -> Table:
    """A toy table where Ann holds a 6 (so she can dive)."""
    for seed in range(200):
        table = make(*players, seed=seed)
        if 6 in table.state.hands[0]:  # type: ignore[attr-defined]
            return table
    raise AssertionError("no seed deals Ann a 6")


async def test_r_rolls_a_skill_decision_by_the_games_odds(toy_table: MakeTable) -> None:
    table = dive_table(toy_table, "Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        assert "roll" not in shown_keys(screen)
        screen.play(("play", 6))
        await settle(pilot)
        assert table.state.decision is not None and table.state.decision.skill == "dive"
        assert shown_keys(screen)["roll"] == "r"
        await pilot.press("r")
        await settle(pilot)
        assert table.actions[-1] == ("roll",)
        assert table.state.chance


class MinigameScreen(ToyScreen):
    """Settles a dive with a minigame: an outcome the test hands over later."""

    outcome: asyncio.Future[Any]

    def run_skill(self, decision: Any) -> Any:
        self.outcome = asyncio.get_running_loop().create_future()
        self.asked = decision
        return self.outcome


async def test_run_skill_settles_a_skill_decision_with_its_outcome(
    toy_table: MakeTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAME_SCREENS, "toy", MinigameScreen)
    table = dive_table(toy_table, "Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.game_screen()
        assert isinstance(screen, MinigameScreen)
        screen.play(("play", 6))
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert screen.asked.skill == "dive"
        assert table.actions[-1] == ("play", 6)  # nothing yet: the minigame is running
        screen.outcome.set_result(("surface",))
        await settle(pilot)
        assert table.actions[-1] == ("surface",)
        assert "came up for air" in table.state.events[0]


# --------------------------------------------------------------------------------------------
# Bots through the driver: failures, and a position that changed while a bot thought
# --------------------------------------------------------------------------------------------


def notices(app: Any) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_failing_bot_is_reported_and_r_lets_it_try_again(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        bot = screen.bot_for(1)
        choose = bot.choose

        def broken(game: Any, state: Any) -> Any:
            raise RuntimeError("out of ideas")

        bot.choose = broken  # type: ignore[method-assign]
        screen.play(first_action(table))
        await settle(pilot)
        assert len(table.actions) == 1  # nothing was played for Bob
        assert screen.bot_error is not None
        assert any("Bob (random bot) could not decide: out of ideas" in n for n in notices(app))
        assert any("Press r to try again" in n for n in notices(app))
        prompt = screen.query_one(PromptLine)
        assert prompt.prompt_text == "Bob (bot) could not decide: press r to try again"
        assert shown_keys(screen)["retry_bot"] == "r"
        bot.choose = choose  # type: ignore[method-assign]
        await pilot.press("r")
        await settle(pilot)
        assert screen.bot_error is None
        assert table.states[1].current_player == 1 and len(table.actions) >= 2
        assert "retry_bot" not in shown_keys(screen)


async def test_a_bot_failing_twice_in_a_row_gets_a_stand_in(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        bot = screen.bot_for(1)
        bot.choose = lambda game, state: ("play", 99)  # type: ignore[method-assign]
        screen.play(first_action(table))
        await settle(pilot)
        assert len(table.actions) == 1 and screen.bot_error is not None
        assert "which is not legal" in str(screen.bot_error)
        window = table.legal_actions()
        await pilot.press("r")
        await settle(pilot)
        # The same failure at the same position: a stand-in played a legal move for Bob ...
        assert any("failed twice here" in n for n in notices(app))
        assert len(table.actions) == 2 and table.actions[1] in window
        # ... and at his next decision his own bot is asked first again (and fails again).
        assert table.state.current_player == 1
        assert screen.bot_error is not None and not screen.bot_thinking


async def test_a_bot_move_worked_out_for_an_old_position_is_dropped(
    toy_table: MakeTable,
) -> None:
    table = toy_table("Ann", "Bob=random")
    release = threading.Event()
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        bot = screen.bot_for(1)
        choose = bot.choose
        asked: list[Any] = []

        def slow_choose(game: Any, state: Any) -> Any:
            asked.append(state)
            if len(asked) == 1:
                release.wait(timeout=30)
            return choose(game, state)

        bot.choose = slow_choose  # type: ignore[method-assign]
        try:
            screen.play(first_action(table))
            await pilot.pause()
            assert screen.bot_thinking and len(asked) == 1
            table.apply(("pass",), seat=1)  # Bob's window closed elsewhere (another terminal)
        finally:
            release.set()
        await settle(pilot)
        # Bob's stale answer to the window was dropped; he then played his own turn.
        assert table.actions[1] == ("pass",)
        assert table.states[2].current_player == 1 and table.actions[2][0] == "play"
        assert asked[0].hidden and asked[1].hidden  # bots get views only
        assert screen.bot_error is None


# --------------------------------------------------------------------------------------------
# Panel extras, the end screen's teams and notes, and seat keys in subclasses
# --------------------------------------------------------------------------------------------


class ExtrasScreen(ToyScreen):
    def panel_extras(self, view: Any, seat: int) -> list[str]:
        return [f"holds {len(view.hands[seat])} cards"]


async def test_panel_extras_show_under_each_seat(
    toy_table: MakeTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = toy_table("Ann", "Bob=random")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        plain = str(screen_of(app).query_one(PlayerPanel).render())
        assert "holds" not in plain  # the default: nothing under the seats
    monkeypatch.setitem(GAME_SCREENS, "toy", ExtrasScreen)
    app = create_app(toy_table("Ann", "Bob=random"), settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        panel = screen_of(app).query_one(PlayerPanel)
        lines = [panel.render_line(y).text.strip() for y in range(4)]
        assert lines[0].startswith("▶ Ann") and lines[2].startswith("Bob")
        assert lines[1] == lines[3] == "holds 2 cards"


class TeamToy(ToyGame):
    """The toy game scored as two teams of one seat each, with a note."""

    def scores(self, state: Any) -> Scores:
        base = super().scores(state)
        teams = (
            TeamScore("Kelp", (0,), base.total(0)),
            TeamScore("[b]Reef[/b]", (1,), base.total(1)),
        )
        return Scores(base.categories, base.table, base.final, teams, ("Game Night: 3 points",))


async def test_the_end_screen_shows_team_rows_and_notes(toy_registered: None) -> None:
    table = tied_finished_table(toy_registered)
    table.game = TeamToy()
    totals = TOY.scores(table.state).totals()
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        end = app.screen
        assert isinstance(end, EndScreen)
        teams = end.query_one(TeamTable)
        assert [team.name for team in teams.teams] == ["Kelp", "[b]Reef[/b]"]
        rich_table: Any = teams.content
        rows = [[column._cells[row].plain for column in rich_table.columns] for row in (0, 1)]
        # Bob won the tie-break: his team is starred; names are shown literally.
        assert rows == [["Kelp", "Ann", str(totals[0])], ["★ [b]Reef[/b]", "Bob", str(totals[1])]]
        notes = str(end.query_one("#end-notes", Static).render())
        assert notes == "Game Night: 3 points"


async def test_no_team_table_or_notes_when_the_game_has_none(toy_registered: None) -> None:
    table = tied_finished_table(toy_registered)
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert not app.screen.query(TeamTable) and not app.screen.query("#end-notes")


def test_a_screen_binding_a_seat_key_keeps_its_own_first() -> None:
    class OwnKeys(GameScreen):
        BINDINGS: ClassVar[list[BindingType]] = [Binding("p", "mine", "Mine")]

    class Deeper(OwnKeys):
        BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "other", "Other")]

    def actions(cls: type[GameScreen], key: str) -> list[str]:
        merged: Any = cls._merged_bindings
        return [binding.action for binding in merged.key_to_bindings[key]]

    assert actions(OwnKeys, "p") == ["mine", "pass_window"]
    assert actions(OwnKeys, "r") == ["roll", "retry_bot"]
    assert actions(Deeper, "p") == ["mine", "pass_window"]  # inherited whole
    assert actions(TextGameScreen, "p") == ["pass_window"]
    assert actions(GameScreen, "u") == ["undo", "undo_refused"]


async def test_a_choice_from_a_list_of_a_position_that_moved_on_is_not_played_and_says_so(
    toy_table: MakeTable,
) -> None:
    """A list of choices describes the position it was opened on: when the table moves on
    while it is open (another seat's move arrives over the network, a bot plays), the choice
    made from it is not played, and the prompt says so; on a position that stayed, it is."""
    table = toy_table("Ann", "Bob")
    app = create_app(table, settings=Settings(bot_delay_ms=0, curtain=False, autosave=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        chosen: list[int] = []
        screen.offer_choices("Pick one", ["first", "second"], chosen.append)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert chosen == [0]

        screen.offer_choices("Pick one", ["first", "second"], chosen.append)
        await pilot.pause()
        table.apply(first_action(table))  # the position moves on under the open list
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert chosen == [0]
        assert "moved on" in str(screen.query_one(PromptLine).error_text)


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Bob", "Bob (bot, thinking…): "), ("Greedy bot 2", "Greedy bot 2 (thinking…): ")],
)
async def test_a_thinking_bot_is_named_once_as_a_bot(
    toy_table: MakeTable, name: str, shown: str
) -> None:
    """While a bot decides, the prompt says whose decision it is and that a bot is thinking;
    a name that already says "bot" (the new-game dialog's "Greedy bot 2") is not followed by
    "(bot, ...)" again."""
    table = toy_table("Ann", f"{name}=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=60_000, autosave=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        while table.state.current_player == 0:
            table.apply(first_action(table), seat=0)
        await pilot.pause()
        assert screen.prompt_text().startswith(shown)
