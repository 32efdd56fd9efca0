"""Animation: frames driven by hand (no clock), skip to the last frame, animations off, any key
skipping without acting on the board, focus given back, cancel, and the app's setting."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from textual.app import App, ComposeResult

from gardens_tui.ui.widgets.animation import (
    DEFAULT_FRAME_MS,
    Animation,
    KeyCatcher,
    animation_interval_ms,
)
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.board_layout import BoardLayout


class BoardApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.selected: list[Any] = []

    def compose(self) -> ComposeResult:
        yield BoardGrid(BoardLayout.square(3, 3), cursor=(0, 0))

    def on_mount(self) -> None:
        self.query_one(BoardGrid).focus()

    def on_board_grid_cell_selected(self, event: BoardGrid.CellSelected) -> None:
        self.selected.append(event.cell)


class Recorder:
    """Frames that record what they drew, and the ``on_done`` calls."""

    def __init__(self, count: int) -> None:
        self.drawn: list[int] = []
        self.done = 0
        self.frames = [lambda i=i: self.drawn.append(i) for i in range(count)]

    def on_done(self) -> None:
        self.done += 1


async def test_frames_advance_by_hand_and_finish_after_the_last() -> None:
    app = BoardApp()
    async with app.run_test() as pilot:
        board = app.query_one(BoardGrid)
        rec = Recorder(3)
        anim = Animation(board, rec.frames, interval_ms=50, on_done=rec.on_done, clock=False)
        assert not anim.running and rec.drawn == []
        anim.start()
        assert anim.running and rec.drawn == [0]
        assert anim.advance() is True and rec.drawn == [0, 1]
        assert anim.advance() is False and rec.drawn == [0, 1, 2]
        assert anim.done and rec.done == 1
        assert anim.advance() is False and rec.drawn == [0, 1, 2]  # nothing more
        anim.skip()
        assert rec.done == 1
        await anim.wait()
        await pilot.pause()
        assert not app.screen.query(KeyCatcher)
        assert app.focused is board


async def test_skip_jumps_to_the_last_frame_at_once() -> None:
    app = BoardApp()
    async with app.run_test():
        rec = Recorder(5)
        anim = Animation(
            app.query_one(BoardGrid), rec.frames, interval_ms=50, on_done=rec.on_done, clock=False
        ).start()
        anim.advance()
        anim.skip()
        assert rec.drawn == [0, 1, 4]
        assert anim.done and not anim.cancelled and rec.done == 1
        anim.skip()
        assert rec.drawn == [0, 1, 4] and rec.done == 1


async def test_animations_off_show_only_the_last_frame() -> None:
    app = BoardApp()
    async with app.run_test() as pilot:
        rec = Recorder(4)
        anim = Animation(
            app.query_one(BoardGrid), rec.frames, interval_ms=0, on_done=rec.on_done
        ).start()
        assert rec.drawn == [3] and anim.done and rec.done == 1
        await pilot.pause()
        assert not app.screen.query(KeyCatcher)  # the keyboard was never taken
        assert app.focused is app.query_one(BoardGrid)


async def test_no_frames_or_one_frame_finish_at_once() -> None:
    app = BoardApp()
    async with app.run_test():
        board = app.query_one(BoardGrid)
        empty = Recorder(0)
        assert Animation(board, [], interval_ms=50, on_done=empty.on_done).start().done
        assert empty.done == 1
        one = Recorder(1)
        Animation(board, one.frames, interval_ms=50, on_done=one.on_done).start()
        assert one.drawn == [0] and one.done == 1


async def test_any_key_skips_the_animation_and_does_nothing_else() -> None:
    app = BoardApp()
    async with app.run_test() as pilot:
        board = app.query_one(BoardGrid)
        rec = Recorder(6)
        anim = Animation(board, rec.frames, interval_ms=50, on_done=rec.on_done, clock=False)
        anim.start()
        assert isinstance(app.focused, KeyCatcher)
        await pilot.press("enter")  # would select a cell on the board
        assert anim.done and rec.drawn == [0, 5] and rec.done == 1
        await pilot.pause()
        assert app.selected == [] and board.cursor == (0, 0)
        assert app.focused is board
        await pilot.press("right", "enter")  # the board has its keys back
        await pilot.pause()
        assert app.selected == [(1, 0)]


async def test_focus_taken_elsewhere_during_the_animation_is_left_there() -> None:
    class TwoBoards(BoardApp):
        def compose(self) -> ComposeResult:
            yield BoardGrid(BoardLayout.square(2, 1), id="one")
            yield BoardGrid(BoardLayout.square(2, 1), id="two")

    app = TwoBoards()
    async with app.run_test() as pilot:
        one, two = app.query_one("#one", BoardGrid), app.query_one("#two", BoardGrid)
        await pilot.pause()
        anim = Animation(one, Recorder(3).frames, interval_ms=50, clock=False).start()
        two.focus()
        await pilot.pause()
        anim.skip()
        await pilot.pause()
        assert app.focused is two


async def test_cancel_stops_without_the_last_frame() -> None:
    app = BoardApp()
    async with app.run_test() as pilot:
        rec = Recorder(3)
        anim = Animation(
            app.query_one(BoardGrid), rec.frames, interval_ms=50, on_done=rec.on_done, clock=False
        ).start()
        anim.cancel()
        await anim.wait()
        assert anim.done and anim.cancelled and rec.drawn == [0] and rec.done == 0
        await pilot.pause()
        assert not app.screen.query(KeyCatcher)
        anim.skip()
        assert rec.drawn == [0]


async def test_a_clocked_animation_runs_on_the_owners_timer_until_skipped() -> None:
    app = BoardApp()
    async with app.run_test():
        board = app.query_one(BoardGrid)
        rec = Recorder(3)
        # An interval far longer than the test: only skip() moves it, whatever the clock does.
        anim = Animation(board, rec.frames, interval_ms=3_600_000, on_done=rec.on_done).start()
        assert anim.running and rec.drawn == [0]
        anim.skip()
        assert rec.drawn == [0, 2] and anim.done and rec.done == 1


def test_the_interval_comes_from_the_apps_settings_when_it_has_one() -> None:
    app: Any = SimpleNamespace(settings=SimpleNamespace(animation_ms=0))
    assert animation_interval_ms(app) == 0
    app.settings.animation_ms = 40
    assert animation_interval_ms(app) == 40
    for bad in (-1, True, "fast", None):
        app.settings.animation_ms = bad
        assert animation_interval_ms(app) == DEFAULT_FRAME_MS
    assert animation_interval_ms(SimpleNamespace(settings=SimpleNamespace())) == DEFAULT_FRAME_MS  # type: ignore[arg-type]
    assert animation_interval_ms(SimpleNamespace(), default=7) == 7  # type: ignore[arg-type]
