"""The widgets that draw text themselves (no markup involved) still never write a character a
terminal acts on: the log's lines, the prompt line and its refusals, board cells, the small
gardens' titles, the player panel. Text with escape sequences, C1 controls, bidi overrides and
markup is drawn as its visible escape (``printable``)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from fuzz import fuzz_settings, hostile_text
from hostile_input import screen_text, unsafe_on_screen
from hypothesis import example, given
from textual.app import App, ComposeResult

from gardens_tui.seats import LogStep
from gardens_tui.ui.screens.octopus_garden.mini_garden import OgMiniGarden
from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import BoardLayout
from gardens_tui.ui.widgets.game_log import GameLog
from gardens_tui.ui.widgets.prompt import PromptLine


class Widgets(App[None]):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        layout = BoardLayout.square(2, 1, cell_width=12, cell_height=1)
        yield BoardGrid(layout, lambda cell: CellPaint(self.text, "piece"), id="board")
        yield OgMiniGarden(id="mini")
        yield GameLog()
        yield PromptLine()


def fake_seat_view(event: str) -> Any:
    """Just what ``log_lines`` reads of a seat view: its log and its seats."""
    step = LogStep(1, 1, 0, (event,))
    return SimpleNamespace(log=lambda since=0: [step], seats=())


async def draw(text: str) -> None:
    app = Widgets(text)
    async with app.run_test(size=(100, 30)) as pilot:
        app.query_one(GameLog).show(fake_seat_view(text))
        app.query_one(OgMiniGarden).show(text, text, ())
        prompt = app.query_one(PromptLine)
        prompt.show_prompt(text)
        await pilot.pause()
        assert unsafe_on_screen(app) == []
        if text.startswith("\x1b[31m[x=1=2]"):  # the example: its escape is what is shown
            assert "\\x1b[31m[x=1=2]" in screen_text(app)
        prompt.show_error(text)
        await pilot.pause()
        assert unsafe_on_screen(app) == []
        assert all(n.markup is False for n in app._notifications)
        assert app._exception is None


@fuzz_settings(6)
@given(text=hostile_text())
@example(text="\x1b[31m[x=1=2] Ann \x9b2J\u202eevil\u2028[/]")
def test_text_drawn_by_widgets_never_reaches_the_terminal_raw(text: str) -> None:
    asyncio.run(draw(text))
