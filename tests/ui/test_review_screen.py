"""The review of a finished game in the app (issue 32): "Review (w)" on the end screen, the review
screen running the engine's review in a thread with a progress bar, stopping it, the mistakes
listed in the engine's words, each one key from the replay viewer at that decision.

Games are Tanuki in the Garden (short: 13 decisions of Ann's), Ann's seat a person's played by a
seeded random bot, against greedy bots. Every review uses small iteration budgets (reproducible,
well under a second in all). Nothing sleeps: the tests await the workers, the screen's own
state, or an event the review's thread sets.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import quiet_app, settle
from textual.pilot import Pilot
from textual.widgets import Button, OptionList, ProgressBar

from gardens_tui.bots import make_bot
from gardens_tui.bots.review import (
    COMPARE_BUDGET,
    FIND_BUDGET,
    Review,
    mistake_lines,
    seat_decisions,
)
from gardens_tui.bots.review import review_game as real_review_game
from gardens_tui.bots.strong import SearchBudget
from gardens_tui.driver import Driver
from gardens_tui.seats import LocalSeatView
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.app import GardensApp
from gardens_tui.ui.screens import review as review_module
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.replay import ReplayMixin
from gardens_tui.ui.screens.review import ReviewScreen
from gardens_tui.ui.widgets.steady import SteadyStatic

GAME = "tanuki-in-the-garden"
SMALL: tuple[SearchBudget, SearchBudget] = (
    FIND_BUDGET.with_iterations(16),
    COMPARE_BUDGET.with_iterations(8),
)
"""The review's budgets in these tests: a few milliseconds a decision, the same every run."""
SIZES = ((80, 24), (100, 30))


def finished(*seats: Seat, seed: int = 1) -> Table:
    """A finished game of ``seats``: the first seat and every person's played by seeded random
    bots, the other seats by their own bots."""
    table = Table(Setup(GAME, seats, {}, seed))
    people = {i for i, seat in enumerate(seats) if not seat.is_bot} | {0}
    Driver(table, {i: make_bot("random", 5 + i) for i in people}).run()
    assert table.state.is_over
    return table


def ann_against_bob(seed: int = 1) -> Table:
    return finished(Seat("Ann"), Seat("Bob", "greedy"), seed=seed)


def app_on(table: Table) -> GardensApp:
    return quiet_app(table)


async def end_screen(pilot: Pilot[Any]) -> EndScreen:
    """Settle the app (the finished game opens its end screen) and give the game screen the
    small review budgets."""
    await settle(pilot)
    app = pilot.app
    assert isinstance(app, GardensApp)
    game = app.game_screen()
    assert game is not None
    game.review_budgets = SMALL
    end = app.screen
    assert isinstance(end, EndScreen)
    return end


async def reviewed(pilot: Pilot[Any]) -> ReviewScreen:
    """The review screen on top, once its review is done."""
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    assert screen.review is not None and screen.finished.is_set()
    return screen


def text_of(screen: ReviewScreen, selector: str) -> str:
    return str(screen.query_one(selector, SteadyStatic).render())


def prompts(options: OptionList) -> list[str]:
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


@pytest.fixture
def gated(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The review screen's review holds after its first decision until it is told to stop
    (its cancel event), so a test can act while it runs. Yields the event set when the
    review's thread has reached that point."""
    real = real_review_game
    reached = threading.Event()

    def review_game(table: Table, seat: int, **kwargs: Any) -> Review:
        progress, cancel = kwargs.pop("progress"), kwargs["cancel"]

        def hold(done: int, total: int) -> None:
            progress(done, total)
            reached.set()
            assert cancel.wait(30), "the review was never stopped"

        return real(table, seat, progress=hold, **kwargs)

    monkeypatch.setattr(review_module, "review_game", review_game)
    yield reached


async def until(pilot: Pilot[Any], event: threading.Event) -> None:
    """Wait (in a thread, never on a clock) for ``event``, then let the app handle what the
    review's thread posted before it."""
    assert await asyncio.to_thread(event.wait, 30)
    await pilot.pause()


# --- the end screen ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_the_end_screen_offers_review_for_a_local_game_a_person_played(
    size: tuple[int, int],
) -> None:
    """Rule: a finished game on this computer that a person played offers "Review (w)"; all
    seven choices are whole and inside the dialog, on one line, at 80x24 as at 100x30."""
    app = app_on(ann_against_bob())
    async with app.run_test(size=size) as pilot:
        end = await end_screen(pilot)
        assert end.offers("review")
        box = end.query_one("#end-box").content_region
        buttons = list(end.query(Button))
        labels = [str(button.label) for button in buttons]
        assert len(buttons) == 7 and "Review (w)" in labels
        assert len({button.region.y for button in buttons}) == 1
        for button in buttons:
            region = button.region
            assert box.contains_region(region), button.label
            assert region.width >= len(str(button.label)), button.label
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.seat == 0
        await reviewed(pilot)


async def test_the_review_button_opens_the_review() -> None:
    app = app_on(ann_against_bob())
    async with app.run_test(size=(80, 24)) as pilot:
        end = await end_screen(pilot)
        end.query_one("#end-review", Button).press()
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await reviewed(pilot)


async def test_a_bots_only_game_offers_no_review() -> None:
    """Rule: nobody's game to review: no "Review" button, ``w`` does nothing, on the end screen
    and on the board."""
    table = finished(Seat("Ann", "greedy"), Seat("Bob", "greedy"))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        end = await end_screen(pilot)
        assert not end.offers("review")
        labels = [str(button.label) for button in end.query(Button)]
        assert "Review (w)" not in labels and len(labels) == 6
        await pilot.press("w")
        await pilot.pause()
        assert app.screen is end and not end.dismissed
        await pilot.press("b")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.check_action("review", ()) is False
        await pilot.press("w")
        await pilot.pause()
        assert app.screen is game


async def test_a_remote_table_offers_no_review() -> None:
    """Rule: at a remote table (the screen has no table: its history stays with the owner)
    there is no review, even of a person's game."""
    table = ann_against_bob()
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        game = app.game_screen()
        assert game is not None
        remote = type(game)(None, seat_view=LocalSeatView(table, (0,), 0))
        assert not remote.has_table and not remote.can_review()
        assert not remote._end_screen().offers("review")


# --- the review ----------------------------------------------------------------------------------


async def test_a_review_runs_to_the_end_and_lists_the_mistakes_in_the_engines_words() -> None:
    """The review runs in the background: the bar reaches the number of decisions, and the
    mistakes are listed largest first, each in the words of ``mistake_lines``; the game played
    is not changed, and the screen holds a copy of it."""
    table = ann_against_bob()
    actions, states = list(table.actions), list(table.states)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        screen = await reviewed(pilot)
        review = screen.review
        assert review is not None
        decisions = len(seat_decisions(table, 0))
        assert (review.decisions, review.reviewed, review.stopped) == (decisions, decisions, False)
        bar = screen.query_one("#review-bar", ProgressBar)
        assert bar.total == decisions and bar.progress == decisions
        assert 0 < len(review.mistakes) <= 5
        losses = [mistake.loss for mistake in review.mistakes]
        assert losses == sorted(losses, reverse=True)
        options = screen.query_one("#review-list", OptionList)
        assert options.display and options.has_focus and options.highlighted == 0
        assert prompts(options) == ["\n".join(mistake_lines(m)) for m in review.mistakes]
        status = text_of(screen, "#review-status")
        assert f"All {decisions} decisions reviewed" in status
        assert f"the {len(review.mistakes)} decisions that cost Ann the most" in status
        assert screen.table is not table
        assert table.actions == actions and table.states == states


async def test_the_same_game_gets_the_same_review() -> None:
    """With iteration budgets the review is reproducible (as the screenshot needs)."""
    found = []
    for _ in range(2):
        app = app_on(ann_against_bob())
        async with app.run_test(size=(80, 24)) as pilot:
            await end_screen(pilot)
            await pilot.press("w")
            screen = await reviewed(pilot)
            assert screen.review is not None
            found.append(
                [(m.index, m.played.notation, m.better.notation) for m in screen.review.mistakes]
            )
    assert found[0] == found[1]


async def test_enter_opens_the_replay_at_the_mistake_and_esc_comes_back() -> None:
    """Enter on a mistake opens the replay viewer at the position where the decision was made,
    drawn for the reviewed seat; Escape there comes back to the list, Escape on the list back to
    the board (as after the end screen's "Board"), where ``w`` reviews again."""
    app = app_on(ann_against_bob())
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        screen = await reviewed(pilot)
        assert screen.review is not None and len(screen.review.mistakes) >= 2
        second = screen.review.mistakes[1]
        await pilot.press("down", "enter")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayMixin)
        assert replay.replay.position == second.index
        assert replay.seat_view.viewer == 0
        decision = replay.seat_view.decision()
        assert decision is not None and decision.seat == 0  # Ann's decision, as she saw it
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("escape")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and not isinstance(game, ReplayMixin)
        assert any(
            active.binding.action == "review" and active.enabled
            for active in game.active_bindings.values()
        )
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await reviewed(pilot)


async def test_a_click_on_a_mistake_opens_the_replay() -> None:
    app = app_on(ann_against_bob())
    async with app.run_test(size=(100, 30)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        screen = await reviewed(pilot)
        assert screen.review is not None
        options = screen.query_one("#review-list", OptionList)
        await pilot.click(options, offset=(2, 0))
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayMixin)
        assert replay.replay.position == screen.review.mistakes[0].index


@pytest.mark.parametrize("key", ["escape", "s"])
async def test_stopping_a_running_review_shows_what_it_found_so_far(
    gated: threading.Event, key: str
) -> None:
    """Esc or ``s`` while the review runs stops it after the decision under way: the screen says
    it stopped and how far it got, and lists what it found; a second Esc leaves."""
    table = ann_against_bob()
    decisions = len(seat_decisions(table, 0))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        await until(pilot, gated)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.running
        bar = screen.query_one("#review-bar", ProgressBar)
        assert (bar.progress, bar.total) == (1, decisions)
        assert f"Decision 2 of {decisions}" in text_of(screen, "#review-status")
        assert "stops" in text_of(screen, "#review-hint")
        await pilot.press(key)
        assert await reviewed(pilot) is screen
        review = screen.review
        assert review is not None
        assert review.stopped and review.reviewed == 1 and review.decisions == decisions
        assert (bar.progress, bar.total) == (1, decisions)
        status = text_of(screen, "#review-status")
        assert f"Stopped after 1 of {decisions} decisions" in status
        options = screen.query_one("#review-list", OptionList)
        assert options.option_count == len(review.mistakes) <= 1
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_leaving_a_running_review_stops_its_thread(gated: threading.Event) -> None:
    """The screen closed while the review runs (here: popped by the app) stops the search: its
    thread ends, and nothing is left searching."""
    app = app_on(ann_against_bob())
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        await until(pilot, gated)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.running
        await app.pop_screen()
        await pilot.pause()
        assert screen.cancel.is_set()
        assert await asyncio.to_thread(screen.finished.wait, 30)
        assert isinstance(app.screen, GameScreen)


async def test_closing_the_app_during_a_review_stops_its_thread(gated: threading.Event) -> None:
    app = app_on(ann_against_bob())
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        await until(pilot, gated)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
    assert screen.cancel.is_set()
    assert await asyncio.to_thread(screen.finished.wait, 30)


async def test_no_mistake_found_is_said_in_plain_words(monkeypatch: pytest.MonkeyPatch) -> None:
    def review_game(table: Table, seat: int, **kwargs: Any) -> Review:
        return Review(seat, "Ann", 13, 13, (), 0.1)

    monkeypatch.setattr(review_module, "review_game", review_game)
    app = app_on(ann_against_bob())
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        screen = await reviewed(pilot)
        status = text_of(screen, "#review-status")
        assert "All 13 decisions reviewed: no mistake found." in status
        assert "No decision gave away as much as 3% of a chance to win" in status
        assert not screen.query_one("#review-list", OptionList).display
        assert text_of(screen, "#review-hint") == "Esc goes back"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_a_game_without_a_choice_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def review_game(table: Table, seat: int, **kwargs: Any) -> Review:
        return Review(seat, "Ann", 0, 0, (), 0.0)

    monkeypatch.setattr(review_module, "review_game", review_game)
    app = app_on(ann_against_bob())
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        screen = await reviewed(pilot)
        status = text_of(screen, "#review-status")
        assert status == "Ann had no choice to make in this game: every step was forced."


async def test_a_failed_review_says_why_and_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    def review_game(table: Table, seat: int, **kwargs: Any) -> Review:
        raise RuntimeError("the search broke")

    monkeypatch.setattr(review_module, "review_game", review_game)
    app = app_on(ann_against_bob())
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.error == "the search broke" and not screen.running
        assert "The review failed: the search broke" in text_of(screen, "#review-status")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


# --- whose game ----------------------------------------------------------------------------------


async def test_with_several_people_at_a_hot_seat_the_review_asks_whose_game() -> None:
    table = finished(Seat("Ann"), Seat("Bob", "greedy"), Seat("Cy"))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        assert choice.labels == ("Ann", "Cy")
        await pilot.press("2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.seat == 2
        await reviewed(pilot)
        assert "Review of Cy's game" in text_of(screen, ".dialog-title")


async def test_names_are_shown_literally() -> None:
    """A seat's name is data: markup in it is shown as typed."""
    name = "[b]Ann[/b]"
    table = finished(Seat(name), Seat("Bob", "greedy"))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        screen = await reviewed(pilot)
        assert f"Review of {name}'s game" in text_of(screen, ".dialog-title")


# --- the layout ----------------------------------------------------------------------------------


def assert_fits(screen: ReviewScreen) -> None:
    """Every part of the review shown lies whole inside the dialog, the dialog inside the
    screen."""
    box = screen.query_one("#review-box")
    assert screen.region.contains_region(box.region)
    inside = box.content_region
    for part in box.children:
        if part.display:
            assert inside.contains_region(part.region), part
            assert part.region.height >= 1, part


@pytest.mark.parametrize("size", SIZES)
async def test_a_running_review_fits_the_terminal(
    gated: threading.Event, size: tuple[int, int]
) -> None:
    """At 80x24 (and 100x30) nothing of a running review is cut off."""
    app = app_on(ann_against_bob())
    async with app.run_test(size=size) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        await until(pilot, gated)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.running
        assert_fits(screen)
        await pilot.press("s")
        await reviewed(pilot)
        assert_fits(screen)


@pytest.mark.parametrize("size", SIZES)
async def test_five_mistakes_fit_the_terminal(size: tuple[int, int]) -> None:
    """At 80x24 (and 100x30) the list of five mistakes (longer than the screen) scrolls inside
    the dialog; the title, the status, the bar and the keys stay whole in view."""
    app = app_on(ann_against_bob())
    async with app.run_test(size=size) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        screen = await reviewed(pilot)
        assert screen.review is not None and len(screen.review.mistakes) == 5
        assert_fits(screen)
        options = screen.query_one("#review-list", OptionList)
        assert options.max_scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert options.highlighted == 4 and options.scroll_y == options.max_scroll_y
