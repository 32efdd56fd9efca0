"""The game log widget: every event with its turn, the last decision marked by glyph, long lines
wrapped, new decisions appended, and taken-back decisions removed (undo)."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App, ComposeResult

from gardens_tui.table import Table
from gardens_tui.ui.widgets.game_log import GameLog, log_lines


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog()


def screen_text(log: GameLog) -> list[str]:
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


async def test_log_lists_events_by_turn_and_marks_the_last_decision(
    toy_table: Callable[..., Table],
) -> None:
    table = toy_table("Ann", "Bob", snap=False)
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(GameLog)
        log.show(table)
        assert log.shown == [] and log.virtual_size.height == 0
        table.apply(table.legal_actions()[0])
        table.apply(table.legal_actions()[0])
        log.show(table)
        await pilot.pause()
        lines = [line for line in screen_text(log) if line]
        assert lines[0].startswith("  1   Ann played")
        assert lines[1].startswith("  2 ▸ Bob played")
        assert log.shown == log_lines(table)
        log.ascii_mode = True
        assert log.render_line(1).text.startswith("  2 > Bob played")


async def test_long_lines_wrap_and_undo_removes_lines(toy_table: Callable[..., Table]) -> None:
    table = toy_table("Ann", "Bob", snap=False)
    app = LogApp()
    async with app.run_test(size=(30, 20)) as pilot:
        log = app.query_one(GameLog)
        table.apply(table.legal_actions()[0])
        log.shown = [(1, "word " * 20, True)]
        log._wrapped = []
        log._wrap_entries(range(1))
        assert len(log._wrapped) > 1  # wrapped to the narrow width
        log.clear()
        log.show(table)
        table.apply(table.legal_actions()[0])
        log.show(table)
        assert len(log.shown) == 2
        table.free_undo = True
        table.undo()
        log.show(table)
        await pilot.pause()
        assert log.shown == log_lines(table)
        assert len(log._wrapped) == 1
        assert log.shown[-1][2] is True
