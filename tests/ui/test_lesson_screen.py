"""The guided first game in the app (issue 32, :mod:`gardens_tui.ui.screens.lesson`): "Learn to
play" in the menu, the lesson on the game's own screen with its panel (the tip of each of the
person's decisions, the feedback on another move), kept when left and taken up again, its
closing, the places pointed at on the board, and all of it at 80x24.

The toy lesson of the plain mode's tests (:class:`ToyLesson`, on the tests' toy game) is
offered by the app here in place of the real ones; The Gardens' real lesson checks the board's
highlights and the room at 80x24."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import settle
from textual.pilot import Pilot
from textual.widgets import OptionList

from gardens_tui import saves
from gardens_tui.bots import make_bot
from gardens_tui.lessons import lesson_for
from gardens_tui.lessons.base import LessonRun
from gardens_tui.rules.lesson import Lesson
from gardens_tui.rules.the_gardens.state import GardensState
from gardens_tui.settings import Settings
from gardens_tui.ui.app import GardensApp, create_app
from gardens_tui.ui.screens import lesson as lesson_ui
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.lesson import (
    IDEA_ID,
    LessonPanel,
    lesson_path,
    open_run,
    suggestion_words,
)
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.screens.text_game import TextGameScreen
from gardens_tui.ui.screens.the_gardens.screen import TheGardensScreen, named_place
from gardens_tui.ui.widgets.game_log import GameLog


def _toy_lesson() -> Lesson:
    """The plain mode's toy lesson (tests/lessons/test_plain_learn.py), read from its file."""
    path = Path(__file__).parent.parent / "lessons" / "test_plain_learn.py"
    spec = importlib.util.spec_from_file_location("toy_lesson_for_the_app", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    lesson: Lesson = module.LESSON
    return lesson


TOY_LESSON = _toy_lesson()


@pytest.fixture
def toy_lessons(toy_registered: None, monkeypatch: pytest.MonkeyPatch) -> Lesson:
    """The app offers the toy game's lesson, and only that one."""

    def find(game_id: str) -> Lesson:
        if game_id != "toy":
            raise KeyError(game_id)
        return TOY_LESSON

    monkeypatch.setattr(lesson_ui, "find_lesson", find)
    return TOY_LESSON


def quiet() -> GardensApp:
    """The app at its menu, bots without delay, no autosave."""
    return create_app(settings=Settings(bot_delay_ms=0, autosave=False))


def game_screen(app: GardensApp) -> GameScreen:
    screen = app.game_screen()
    assert screen is not None and screen.lesson is not None
    return screen


def panel_text(app: GardensApp) -> str:
    """The lesson panel's border title and lines."""
    panel = game_screen(app).query_one(LessonPanel)
    return "\n".join([str(panel.border_title), *panel.lines])


async def open_toy_lesson(pilot: Pilot[Any], *, again: str | None = None) -> GameScreen:
    """From the menu: "Learn to play", the toy game (``again``: the key answering "continue /
    start over"), then past the lesson's first words."""
    app = pilot.app
    assert isinstance(app, GardensApp)
    await pilot.press("p")
    await settle(pilot)
    assert isinstance(app.screen, ChoiceScreen)
    await pilot.press("1")
    await settle(pilot)
    if again is not None:
        assert isinstance(app.screen, ChoiceScreen) and app.screen.id == "lesson-again"
        await pilot.press(again)
        await settle(pilot)
    assert isinstance(app.screen, ChoiceScreen) and app.screen.id == "lesson-start"
    await pilot.press("enter")
    await settle(pilot)
    return game_screen(app)


def is_idea(screen: object) -> bool:
    """An idea shown whole over the board."""
    return isinstance(screen, ChoiceScreen) and (screen.id or "").startswith(IDEA_ID)


async def past_the_words(pilot: Pilot[Any]) -> None:
    """Enter past the lesson's first words, and past its first idea when that shows whole over
    the board (a terminal too short for the panel to hold it)."""
    await pilot.press("enter")
    await settle(pilot)
    screen = pilot.app.screen
    if is_idea(screen):
        await pilot.press("enter")
        await settle(pilot)


async def open_lesson(
    pilot: Pilot[Any], game_id: str, tmp_path: Path, *, past: bool = True
) -> tuple[LessonRun, GameScreen]:
    """``game_id``'s real lesson opened in the app (kept under ``tmp_path``), past its first
    words and first idea shown whole when ``past``; its run and its screen."""
    app = pilot.app
    assert isinstance(app, GardensApp)
    run = LessonRun(lesson_for(game_id))
    screen = app.open_lesson(run, tmp_path / "lesson.json")
    await settle(pilot)
    if past:
        await past_the_words(pilot)
    return run, screen


async def choose(pilot: Pilot[Any], screen: GameScreen, index: int) -> None:
    """Play the ``index``-th listed action on the text screen with the keys."""
    actions = screen.query_one("#actions", OptionList)
    actions.focus()
    actions.highlighted = index
    await pilot.press("enter")
    await settle(pilot)


async def test_the_menu_entry_opens_the_choice_and_the_lesson(toy_lessons: Lesson) -> None:
    """Rule (issue 32): "Learn to play" in the menu lists the games that have a lesson; the
    chosen one opens on the game's own screen, first with the lesson's goal, then with the tip
    of the person's first decision beside the board."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        assert isinstance(menu, MainMenu)
        labels = [str(option.prompt) for option in menu.query_one("#menu", OptionList).options]
        assert any(label.endswith("Learn to play") for label in labels)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.labels == ("Pearl Dive (test game)",)
        await pilot.press("1")
        await settle(pilot)
        start = app.screen
        assert isinstance(start, ChoiceScreen) and start.id == "lesson-start"
        assert "Score the most points by playing cards." in start.title_text
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        assert isinstance(screen, TextGameScreen)
        tip = LessonRun(toy_lessons).tip()
        assert tip is not None and tip.suggests is not None
        text = panel_text(app)
        assert "Idea 1 of 2\nPlaying a card\n" in text
        assert f"Suggested: play {tip.suggests[1]}" in text
        assert tip.text in text and f"Look at card {tip.suggests[1]}." in text


async def test_the_panel_follows_the_moves_and_another_move_gets_feedback(
    toy_lessons: Lesson,
) -> None:
    """Rule (issue 32: one idea at a time, any legal move allowed): after the suggested move
    the panel shows the next decision's tip; after another move it says why the suggestion
    was better (the lesson's feedback), above what comes next."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_toy_lesson(pilot)
        assert screen.lesson is not None
        run = screen.lesson.run
        first = panel_text(app)
        tip = run.tip()
        assert tip is not None and tip.suggests is not None
        moves = screen.seat_view.legal_actions()
        await choose(pilot, screen, moves.index(tip.suggests))
        assert run.table.actions[0] == tip.suggests
        second = panel_text(app)
        assert second != first and "On your last move" not in second
        assert "Idea 2 of 2\nThe end of the game\n" in second
        tip = run.tip()
        assert tip is not None and tip.suggests is not None
        moves = screen.seat_view.legal_actions()
        other = next(i for i, move in enumerate(moves) if move != tip.suggests)
        await choose(pilot, screen, other)
        played = " ".join(str(part) for part in moves[other])
        feedback = f"On your last move: {played} scores less than play {tip.suggests[1]}."
        assert feedback in panel_text(app)


async def test_leaving_keeps_the_lesson_and_learn_takes_it_up(toy_lessons: Lesson) -> None:
    """Rule (issue 32: skippable, resumable): Escape leaves the lesson for the menu and keeps it
    in the lessons folder (never among the autosaves); "Learn to play" on that game then offers
    to continue it, which takes it up where it was, or to start over."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_toy_lesson(pilot)
        assert screen.lesson is not None
        tip = screen.lesson.run.tip()
        assert tip is not None and tip.suggests is not None
        await choose(pilot, screen, screen.seat_view.legal_actions().index(tip.suggests))
        played = list(screen.table.actions)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        path = lesson_path("toy")
        assert path.exists() and not list(saves.autosaves_dir().glob("*.json"))
        assert saves.load_table(path).actions == played
        again = await open_toy_lesson(pilot, again="1")
        assert again.lesson is not None and again.lesson.run is not screen.lesson.run
        assert list(again.table.actions) == played
        assert "Idea 2 of 2" in panel_text(app)
        await pilot.press("escape")
        await settle(pilot)
        fresh = await open_toy_lesson(pilot, again="2")
        assert not fresh.table.actions
        assert "Idea 1 of 2" in panel_text(app)


async def test_a_lesson_kept_at_the_end_of_every_turn(toy_lessons: Lesson) -> None:
    """Rule (issue 32: resumable): the lesson is written to its file at the end of every turn,
    not only when the person leaves."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_toy_lesson(pilot)
        await choose(pilot, screen, 0)
        turn = screen.table.state.turn
        assert turn > 0
        kept = saves.load_table(lesson_path("toy"))
        assert kept.actions == screen.table.actions[: len(kept.actions)] and kept.actions


async def test_the_end_shows_the_closing_and_goes_back_to_the_menu(toy_lessons: Lesson) -> None:
    """Rule (issue 32: ends with the scoring explained on the player's own board): once the
    lesson is over its closing shows instead of the end screen; Enter goes back to the menu,
    and the finished lesson starts over next time."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_toy_lesson(pilot)
        assert screen.lesson is not None
        run = screen.lesson.run
        for _ in range(20):
            if isinstance(app.screen, ChoiceScreen):
                break
            await choose(pilot, screen, 0)
        closing = app.screen
        assert isinstance(closing, ChoiceScreen) and closing.id == "lesson-closing"
        assert run.finished() and "\nYou scored " in closing.title_text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        _, resumed = open_run(toy_lessons, lesson_path("toy"), restart=False)
        assert not resumed


async def test_after_the_closing_the_game_plays_on(toy_lessons: Lesson) -> None:
    """Escape on the closing goes back to the board: the game plays on (the bots too) to its
    end screen, and the panel says the lesson is over."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_toy_lesson(pilot)
        for _ in range(20):
            if isinstance(app.screen, ChoiceScreen):
                break
            await choose(pilot, screen, 0)
        closing = app.screen
        assert isinstance(closing, ChoiceScreen) and closing.id == "lesson-closing"
        await pilot.press("escape")
        await settle(pilot)
        assert app.game_screen() is screen and not closing.is_attached
        assert "The lesson is over." in panel_text(app)
        for _ in range(40):
            if screen.seat_view.decision() is None:
                break
            await choose(pilot, screen, 0)
        assert screen.seat_view.decision() is None
        assert isinstance(app.screen, EndScreen)


def gardens_lesson() -> Lesson:
    try:
        return lesson_for("the-gardens")
    except KeyError:  # pragma: no cover - the lesson is part of the repository
        pytest.skip("The Gardens has no lesson")


async def open_gardens_lesson(pilot: Pilot[Any], tmp_path: Path) -> TheGardensScreen:
    app = pilot.app
    assert isinstance(app, GardensApp)
    screen = app.open_lesson(LessonRun(gardens_lesson()), tmp_path / "lesson.json")
    await settle(pilot)
    await past_the_words(pilot)
    assert app.screen is screen
    assert isinstance(screen, TheGardensScreen)
    return screen


async def test_the_gardens_points_at_the_tips_places(tmp_path: Path) -> None:
    """Rule (issue 32: highlights on the board what it talks about): the places of The
    Gardens' tips are pointed at on its display and on the person's mat, and only those."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_gardens_lesson(pilot, tmp_path)
        assert screen.lesson is not None
        seen_mat = False
        for _ in range(8):
            tip = screen.lesson.tip
            names = tip.places if tip is not None else ()
            wanted: dict[str, set[Any]] = {"display": set(), "mat": set()}
            for name in names:
                place = named_place(name, screen.state)
                assert place is not None, name
                wanted["display" if isinstance(place[1], tuple) else "mat"].add(place[1])
            assert screen.display_board.pointed == wanted["display"]
            assert screen.mat_board.pointed == wanted["mat"]
            seen_mat = seen_mat or bool(wanted["mat"])
            move = tip.suggests if tip is not None else None
            assert screen.play(move if move is not None else screen.seat_view.legal_actions()[0])
            await settle(pilot)
        assert seen_mat


def test_the_gardens_place_names() -> None:
    """The Gardens' place names as its lesson writes them: ``A5`` a mat cell, ``b2`` a display
    place; anything else names nothing."""
    state = LessonRun(gardens_lesson()).view()
    assert isinstance(state, GardensState)
    assert named_place("A1", state) == ("mat", 0)
    assert named_place("C9", state) == ("mat", 26)
    assert named_place("b2", state) == ("display", (1, 1))
    for name in ("A0", "A10", "d1", "b9", "x", "", "A"):
        assert named_place(name, state) is None


GAMES = (
    "octopus-garden",
    "seabed-neighbours",
    "tanuki-in-the-garden",
    "the-gardens",
    "throw-octopus",
)
"""The five games: each lesson there is opens on its game's screen."""


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_lesson_opens_at_80x24_pointing_at_its_places(
    game_id: str, tmp_path: Path
) -> None:
    """Rule (issue 32: highlights, usable at 80x24): each game's lesson opens on its screen at
    80x24 with the panel beside the board (inside the screen, not over the board) showing the
    first tip, and the screen points at every place that tip names."""
    try:
        lesson = lesson_for(game_id)
    except KeyError:
        pytest.skip(f"{game_id} has no lesson yet")
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.open_lesson(LessonRun(lesson), tmp_path / "lesson.json")
        await settle(pilot)
        await pilot.press("enter")  # past the first words
        await settle(pilot)
        assert app.game_screen() is screen and screen.lesson is not None
        panel = screen.query_one(LessonPanel)
        main = screen.query_one("#game-main")
        assert screen.region.contains_region(panel.region) and panel.region.height >= 5
        assert not panel.region.overlaps(main.region)
        tip = screen.lesson.tip
        assert tip is not None
        assert str(panel.border_title).startswith("Idea 1 of ")
        assert screen.point_at(tip.places) == set(tip.places)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_panel_and_the_board_fit(tmp_path: Path, size: tuple[int, int]) -> None:
    """Rule (issue 32: usable at 80x24): the lesson panel sits beside The Gardens' boards, none
    of them cut off or covered, and shows the tip with its suggestion."""
    app = quiet()
    async with app.run_test(size=size) as pilot:
        screen = await open_gardens_lesson(pilot, tmp_path)
        panel = screen.query_one(LessonPanel)
        whole = screen.region
        boards = [screen.display_board, screen.mat_board]
        for widget in (panel, *boards):
            assert whole.contains_region(widget.region), widget
        for board in boards:
            assert not board.region.overlaps(panel.region)
            layout = board.board_layout
            assert board.region.width >= layout.width and board.region.height >= layout.height
        assert str(panel.border_title).startswith("Idea 1 of ")
        assert panel.lines[1].startswith("Suggested: ")
        assert panel.region.height >= 6


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_short_terminal_gives_the_lesson_the_logs_room(
    game_id: str, tmp_path: Path
) -> None:
    """Issue 32 (usable at 80x24): below 32 rows the lesson panel takes the log's room in the
    side column (a tip is 10-20 lines there), ``g`` shows the log in its place (focused, to
    scroll) and ``g`` again brings the lesson back; at 40 rows both are shown."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        _, screen = await open_lesson(pilot, game_id, tmp_path)
        panel = screen.query_one(LessonPanel)
        log = screen.query_one(GameLog)
        assert panel.display and not log.display
        assert panel.region.height >= 10 and "g: the log" in str(panel.border_subtitle)
        await pilot.press("g")
        await settle(pilot)
        assert log.display and not panel.display and screen.focused is log
        await pilot.press("g")
        await settle(pilot)
        assert panel.display and not log.display and screen.focused is not log
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert panel.display and log.display and not panel.border_subtitle


async def test_a_new_idea_too_long_for_the_panel_shows_whole_once(tmp_path: Path) -> None:
    """Issue 32 (usable at 80x24): where the panel cannot hold a tip (Tanuki's side column at
    80x24), the new idea shows whole over the board with its number and suggestion, once: Enter
    goes to the board, and the same idea does not come back when the screen is shown again."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.open_lesson(
            LessonRun(lesson_for("tanuki-in-the-garden")), tmp_path / "lesson.json"
        )
        await settle(pilot)
        await pilot.press("enter")  # past the first words
        await settle(pilot)
        assert is_idea(app.screen)
        assert app.screen.title_text.startswith("Idea 1 of ")
        assert "Suggested: " in app.screen.title_text
        assert app.screen.labels[0] == "To the board"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("question_mark")  # the help, and back: no second showing
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


async def test_an_idea_that_fits_the_panel_is_not_shown_over_the_board(tmp_path: Path) -> None:
    """Issue 32: in a tall terminal the panel holds the tip, so nothing covers the board."""
    app = quiet()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_gardens_lesson(pilot, tmp_path)
        assert app.screen is screen


async def test_tanuki_news_does_not_pop_up_at_a_lesson(tmp_path: Path) -> None:
    """Issue 32: at Tanuki's lesson the "since your last turn" pop-up stays shut (the lesson's
    panel and ideas speak at the turn's start; the news is in the log and behind ``o``)."""
    app = quiet()
    async with app.run_test(size=(120, 40)) as pilot:
        run, screen = await open_lesson(pilot, "tanuki-in-the-garden", tmp_path)
        for _ in range(3):  # three of the person's moves, the bot answering each
            assert app.screen is screen, app.screen
            tip = screen.lesson.tip if screen.lesson is not None else None
            action = tip.suggests if tip is not None and tip.suggests is not None else None
            action = action or run.game.legal_actions(run.view())[0]
            screen.play(action)
            await settle(pilot)
            while is_idea(app.screen):
                await pilot.press("enter")
                await settle(pilot)
        assert app.screen is screen


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_lesson_plays_to_its_closing_at_80x24(game_id: str, tmp_path: Path) -> None:
    """Issue 32 (usable at 80x24): each lesson played in the app at 80x24, taking every
    suggested move (the greedy bot's where none is suggested) and Enter on whatever shows over
    the board (ideas shown whole, a Game Night's results), reaches its closing, and the closing
    fits the screen with its choices in sight."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        run, screen = await open_lesson(pilot, game_id, tmp_path, past=False)
        greedy = make_bot("greedy", 1)
        for _ in range(200):
            top = app.screen
            if isinstance(top, ChoiceScreen) and top.id == "lesson-closing":
                break
            if top is not screen:
                await pilot.press("enter")
            else:
                assert screen.lesson is not None
                tip = screen.lesson.tip
                suggested = None if tip is None else tip.suggests
                screen.play(suggested or greedy.choose(run.game, run.view()))
            await settle(pilot)
        closing = app.screen
        assert isinstance(closing, ChoiceScreen) and closing.id == "lesson-closing"
        assert run.finished()
        over = run.table.state.is_over  # then the second choice is the end screen, not "play on"
        assert (closing.labels[1] == "Play on") is not over
        for part in ("#choice-box", "#choice-list"):
            assert closing.region.contains_region(closing.query_one(part).region), part


async def test_an_idea_shown_whole_can_play_its_suggestion(tmp_path: Path) -> None:
    """Issue 32 (the lesson asks for the move it suggests): the idea shown over the board offers
    to play the suggested move at once; choosing it plays exactly that move."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        run, screen = await open_lesson(pilot, "tanuki-in-the-garden", tmp_path, past=False)
        await pilot.press("enter")  # past the first words
        await settle(pilot)
        idea = app.screen
        assert is_idea(idea) and isinstance(idea, ChoiceScreen)
        tip = run.tip()
        assert tip is not None and tip.suggests is not None
        assert idea.labels[1] == f"Play the suggestion: {suggestion_words(run, tip.suggests)}"
        played = len(run.table.actions)
        await pilot.press("2")
        await settle(pilot)
        assert run.table.actions[played] == tip.suggests
        assert app.game_screen() is screen


async def test_an_idea_shown_whole_carries_the_line_on_your_last_move(tmp_path: Path) -> None:
    """Issue 32 (the lesson says why another move is better): after a move other than the
    suggested one, the next idea shown whole over the board starts with the lesson's line on
    that move, as the panel does (a tester never saw it behind the pop-up)."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        run, screen = await open_lesson(pilot, "tanuki-in-the-garden", tmp_path)
        tip = run.tip()
        assert tip is not None and tip.suggests is not None
        other = next(a for a in run.game.legal_actions(run.view()) if a != tip.suggests)
        screen.play(other)
        await settle(pilot)
        assert screen.lesson is not None and screen.lesson.feedback is not None
        idea = app.screen
        assert is_idea(idea) and isinstance(idea, ChoiceScreen)
        assert idea.title_text.startswith(f"On your last move: {screen.lesson.feedback}")


async def test_at_80x24_an_idea_the_panel_holds_stays_beside_the_board(tmp_path: Path) -> None:
    """Issue 32: whether an idea shows whole over the board follows its own words, not the
    last idea's: Octopus's Garden's second idea (planting) fits the panel at 80x24 beside the
    board, after a first idea that did not."""
    app = quiet()
    async with app.run_test(size=(80, 24)) as pilot:
        _, screen = await open_lesson(pilot, "octopus-garden", tmp_path, past=False)
        await pilot.press("enter")  # past the first words: the first idea shows whole
        await settle(pilot)
        assert is_idea(app.screen)
        await pilot.press("2")  # play its suggestion
        await settle(pilot)
        assert app.screen is screen
        assert screen.lesson is not None and screen.lesson.tip is not None
        assert screen.lesson.tip.rule == "plant"
        panel = screen.query_one(LessonPanel)
        assert panel.holds(panel.lines)
