"""The game log widget: every event with its turn as the seat view's viewer may read it, the last
decision marked by glyph, long lines wrapped, new decisions appended, taken-back decisions removed
(undo), and the lines re-read when the viewer moves to another seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult

from gardens_tui.seats import LocalSeatView
from gardens_tui.table import Table
from gardens_tui.ui.widgets.game_log import GameLog, log_lines


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog()


def screen_text(log: GameLog) -> list[str]:
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


def drawn(table: Table, index: int) -> int:
    """The card the seat that decided at ``index`` drew (from the full state)."""
    state: Any = table.states[index + 1]
    private = state.private_events
    assert private
    return int(private[0][2].split()[-1])


async def test_log_lists_events_by_turn_and_marks_the_last_decision(
    toy_table: Callable[..., Table],
) -> None:
    table = toy_table("Ann", "Bob", snap=False)
    spectator = LocalSeatView(table)
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(GameLog)
        log.show(spectator)
        assert log.shown == [] and log.virtual_size.height == 0
        table.apply(table.legal_actions()[0])
        table.apply(table.legal_actions()[0])
        log.show(spectator)
        await pilot.pause()
        lines = [line for line in screen_text(log) if line]
        assert lines[0].startswith("  1   Ann played")
        assert lines[1] == "  1   Ann drew a card"  # every entry names its turn
        assert lines[2].startswith("  2 ▸ Bob played")
        assert lines[3] == "  2 ▸ Bob drew a card"
        assert log.shown == log_lines(spectator)
        log.ascii_mode = True
        assert log.render_line(2).text.startswith("  2 > Bob played")


async def test_the_log_shows_a_seat_its_own_draws_and_nobody_elses(
    toy_table: Callable[..., Table],
) -> None:
    """Rule (events are redacted): Ann's view of the log names the card Ann drew, never the one
    Bob drew; moving the viewer re-reads the lines."""
    table = toy_table("Ann", "Bob", snap=False)
    seat_view = LocalSeatView(table, (0, 1), 0)
    table.apply(table.legal_actions()[0])
    table.apply(table.legal_actions()[0])
    ann_drew, bob_drew = drawn(table, 0), drawn(table, 1)
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(GameLog)
        log.show(seat_view)
        await pilot.pause()
        text = "\n".join(screen_text(log))
        assert f"Ann drew the {ann_drew}" in text
        assert "Bob drew a card" in text and "Bob drew the" not in text
        seat_view.look_as(1)
        log.show(seat_view)
        await pilot.pause()
        text = "\n".join(screen_text(log))
        assert f"Bob drew the {bob_drew}" in text
        assert "Ann drew a card" in text and "Ann drew the" not in text


async def test_long_lines_wrap_and_undo_removes_lines(toy_table: Callable[..., Table]) -> None:
    table = toy_table("Ann", "Bob", snap=False)
    spectator = LocalSeatView(table)
    app = LogApp()
    async with app.run_test(size=(30, 20)) as pilot:
        log = app.query_one(GameLog)
        table.apply(table.legal_actions()[0])
        log.shown = [(1, "word " * 20, True)]
        log._wrapped = []
        log._wrap_entries(range(1))
        assert len(log._wrapped) > 1  # wrapped to the narrow width
        log.clear()
        log.show(spectator)
        table.apply(table.legal_actions()[0])
        log.show(spectator)
        assert len(log.shown) == 4
        table.free_undo = True
        table.undo()
        log.show(spectator)
        await pilot.pause()
        assert log.shown == log_lines(spectator)
        assert len(log._wrapped) == 2
        assert log.shown[-1][2] is True


def test_a_decision_without_events_is_logged_by_its_notation_for_its_maker_only(
    toy_table: Callable[..., Table], monkeypatch: Any
) -> None:
    """An action may name a secret: its notation stands in for missing events only in the log
    of the seat that chose it; the others read "NAME decided"."""
    table = toy_table("Ann", "Bob", snap=False)
    game: Any = table.game
    real_apply = game.apply

    def silent_apply(state: Any, action: Any) -> Any:
        after = real_apply(state, action)
        after.events, after.private_events = (), ()
        return after

    monkeypatch.setattr(game, "apply", silent_apply)
    action = table.legal_actions()[0]
    table.apply(action)
    notation = game.format_action(action)
    assert log_lines(LocalSeatView(table, (), 0)) == [(1, notation, True)]
    assert log_lines(LocalSeatView(table, (), 1)) == [(1, "Ann decided", True)]
    assert log_lines(LocalSeatView(table)) == [(1, "Ann decided", True)]


async def test_lines_since_the_players_last_decision_are_marked_and_counted(
    toy_table: Callable[..., Table],
) -> None:
    table = toy_table("Ann", "Bob", "Cleo", snap=False)
    spectator = LocalSeatView(table)
    for _ in range(3):
        table.apply(table.legal_actions()[0])  # Ann, Bob, Cleo: two lines each
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(GameLog)
        log.key_hint = "g"
        log.show(spectator, since=1)  # what Bob and Cleo did after Ann's decision
        await pilot.pause()
        assert log.new_from == 2 and str(log.border_title) == "Log (g) · 4 new"
        lines = [line for line in screen_text(log) if line]
        assert lines[0].startswith("  1   Ann played")  # Ann's own: not new
        assert lines[2].startswith("  2 • Bob played")
        assert lines[4].startswith("  3 ▸ Cleo played")  # the last decision keeps its mark
        log.ascii_mode = True
        assert log.render_line(2).text.startswith("  2 * Bob played")
        log.show(spectator)  # nothing new any more
        assert log.new_from == len(log.shown) and str(log.border_title) == "Log (g)"
