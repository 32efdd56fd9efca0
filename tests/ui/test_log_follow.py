"""The game log on a game screen follows the game: the newest line stays in sight at 80x24 unless
the player scrolled up (then a new line does not move the view; scrolling back to the bottom
follows again); ``g`` moves the focus to the log and back; at the start of a person's turn the
lines of what the other seats did since that person's last decision are marked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import settle
from textual.pilot import Pilot

from gardens_tui.settings import Settings
from gardens_tui.table import Table
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.widgets.game_log import LOG_KEY, GameLog

MakeTable = Callable[..., Table]


def game_screen(app: Any) -> GameScreen:
    screen = app.game_screen()
    assert isinstance(screen, GameScreen)
    return screen


def visible(log: GameLog) -> list[str]:
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


async def play_until_log_overflows(pilot: Pilot[Any], table: Table, screen: GameScreen) -> None:
    """Ann plays her first legal action (the bot answers) until the log is taller than its view."""
    log = screen.query_one(GameLog)
    for _ in range(40):
        if log.max_scroll_y > 2 or table.state.is_over:
            break
        assert screen.play(table.legal_actions()[0])
        await settle(pilot)
    await pilot.pause()
    assert log.max_scroll_y > 2, "the toy game ended before the log overflowed"


def unmarked(lines: list[str]) -> list[str]:
    """``lines`` without the "new since your last turn" marks."""
    return [line.replace("•", " ") for line in lines]


async def test_after_many_decisions_the_newest_line_is_in_sight(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await play_until_log_overflows(pilot, table, screen)
        log = screen.query_one(GameLog)
        assert log.following
        assert log.scroll_y == log.max_scroll_y
        newest = log._wrapped[-1][1]
        assert visible(log)[-1].endswith(newest)


async def test_scrolled_up_the_log_stays_put_and_follows_again_at_the_bottom(
    toy_table: MakeTable,
) -> None:
    table = toy_table("Ann", "Bob=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await play_until_log_overflows(pilot, table, screen)
        log = screen.query_one(GameLog)
        await pilot.press(LOG_KEY)
        assert screen.focused is log  # reachable from the keyboard
        await pilot.press("up", "up")
        await pilot.pause()
        assert not log.following
        top, shown = log.scroll_y, visible(log)
        assert top < log.max_scroll_y

        assert screen.play(table.legal_actions()[0])  # new lines arrive below
        await settle(pilot)
        await pilot.pause()
        # The view did not jump (the marks of what is new since Ann's turn may change).
        assert log.scroll_y == top and unmarked(visible(log)) == unmarked(shown)
        assert log.max_scroll_y > top

        if screen.focused is not log:  # playing took the focus back to the actions
            await pilot.press(LOG_KEY)
        assert screen.focused is log
        await pilot.press("end")  # back to the bottom: following again
        await pilot.pause()
        assert log.following and log.scroll_y == log.max_scroll_y
        if not table.state.is_over:
            assert screen.play(table.legal_actions()[0])
            await settle(pilot)
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y
            assert visible(log)[-1].endswith(log._wrapped[-1][1])


async def test_the_log_key_moves_the_focus_there_and_back(toy_table: MakeTable) -> None:
    table = toy_table("Ann", "Bob=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        log = screen.query_one(GameLog)
        before = screen.focused
        if before is log:
            log.blur()
            await pilot.pause()
            before = screen.focused
        await pilot.press(LOG_KEY)
        assert screen.focused is log
        assert log.border_title is not None and f"({LOG_KEY})" in str(log.border_title)
        await pilot.press(LOG_KEY)
        assert screen.focused is before


async def test_a_persons_turn_marks_what_the_others_did_since_their_last(
    toy_table: MakeTable,
) -> None:
    table = toy_table("Ann", "Bob=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        log = screen.query_one(GameLog)
        assert screen.since_last_turn() is None  # nobody decided yet
        assert log.new_from == len(log.shown) and str(log.border_title) == f"Log ({LOG_KEY})"

        assert screen.play(table.legal_actions()[0])
        await settle(pilot)
        assert table.state.current_player == 0  # Bob has answered: Ann's turn again
        ann_last = max(i for i in range(len(table.actions)) if table.states[i].current_player == 0)
        since = screen.since_last_turn()
        assert since == ann_last + 1
        bob_steps = screen.seat_view.log(since)
        assert bob_steps and all(step.seat == 1 for step in bob_steps)
        new = sum(max(1, len(step.lines)) for step in bob_steps)
        assert len(log.shown) - log.new_from == new
        assert str(log.border_title) == f"Log ({LOG_KEY}) · {new} new"
        await pilot.pause()
        lines = [line for line in visible(log) if line]
        assert any(line[4:6] in ("• ", "▸ ") for line in lines)
        assert all("Ann" not in line for line in lines if line[4:6] == "• ")

        if not table.state.is_over:  # Ann decides: what was new is read
            before = len(table.actions)
            assert screen.play(table.legal_actions()[0])
            await pilot.pause()
            if table.state.current_player == 0 and len(table.actions) == before + 1:
                assert log.new_from == len(log.shown)


async def test_a_move_draws_its_lines_and_the_scrollbar_at_the_bottom_without_a_layout(
    toy_table: MakeTable,
) -> None:
    """The log follows a move in the frame that draws it: new lines at the bottom, the
    scrollbar's thumb at its end, and the log asks for no layout of the screen (its size never
    depends on its lines; a layout per move redrew every widget of a watcher's screen)."""
    table = toy_table("Ann", "Bob=greedy")
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await play_until_log_overflows(pilot, table, screen)
        log = screen.query_one(GameLog)
        layouts: list[bool] = []
        original = log.refresh

        def refresh(*regions: Any, **options: Any) -> Any:
            layouts.append(bool(options.get("layout")))
            return original(*regions, **options)

        log.refresh = refresh  # type: ignore[method-assign]
        for _ in range(3):
            if table.state.is_over:
                break
            before = len(log._wrapped)
            assert screen.play(table.legal_actions()[0])
            await settle(pilot)
            assert len(log._wrapped) > before
            assert log.scroll_y == log.max_scroll_y
            assert visible(log)[-1].endswith(log._wrapped[-1][1])
            bar = log.vertical_scrollbar
            assert bar.position == log.scroll_y
            assert bar.window_virtual_size == log.virtual_size.height
            drawn = bar.render_lines(bar.size.region)
            bar._styles_cache.clear()  # what the thumb looks like drawn afresh
            assert drawn == bar.render_lines(bar.size.region), "the thumb was drawn stale"
        assert layouts and not any(layouts)


async def test_a_game_opened_late_shows_its_newest_lines_and_a_true_scrollbar(
    toy_table: MakeTable,
) -> None:
    """A game opened after many decisions: the log shows its newest lines and its scrollbar's
    thumb where the view is (the scrollbar appears with the first layout, after the log has
    learnt its lines)."""
    table = toy_table("Ann", "Bob")
    for _ in range(30):
        if table.state.is_over:
            break
        table.apply(table.legal_actions()[0])
    app = create_app(table, settings=Settings(bot_delay_ms=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = game_screen(app).query_one(GameLog)
        assert log.max_scroll_y > 2 and log.scroll_y == log.max_scroll_y
        bar = log.vertical_scrollbar
        assert bar.position == log.scroll_y
        drawn = bar.render_lines(bar.size.region)
        bar._styles_cache.clear()
        assert drawn == bar.render_lines(bar.size.region), "the thumb was drawn stale"
