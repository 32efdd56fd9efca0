"""A resize draws the screen at its new size once, right: no frames of half-moved boards.

After a resize Textual lays a screen out several times (each container whose scrollable size
changed asks for another layout) and drew every one: a player who made the terminal larger saw
the old layout's boards at the new size and a screen without its footer for a moment
(issue 27, "after a resize to a larger terminal the screen is garbled"). A game screen holds
those frames back until the layout has settled.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.drivers.headless_driver import HeadlessDriver

from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screenshots import MIDGAME_DECISIONS, octopus_table


class DrawingDriver(HeadlessDriver):
    """Headless input, but the app renders and writes as to a terminal; each write records
    the screen the compositor holds at that moment."""

    screens: list[list[str]] = []
    writes: list[str] = []
    app: Any = None

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        if DrawingDriver.app is not None:
            strips = DrawingDriver.app.screen._compositor.render_strips()
            DrawingDriver.screens.append([strip.text for strip in strips])
            DrawingDriver.writes.append(data)


@pytest.mark.parametrize("sizes", [((80, 24), (130, 40)), ((130, 40), (80, 24))])
async def test_a_resize_draws_the_new_layout_in_its_first_frame(
    sizes: tuple[tuple[int, int], tuple[int, int]],
) -> None:
    """Octopus's Garden mid-game, the terminal made larger (compact to roomy) and smaller:
    the first frame after the resize is written whole, and every frame drawn after it is the
    final screen, footer included."""
    before, after = sizes
    app = create_app(
        octopus_table(MIDGAME_DECISIONS), settings=Settings(bot_delay_ms=0, autosave=False)
    )
    app.driver_class = DrawingDriver
    DrawingDriver.app = app
    try:
        async with app.run_test(headless=False, size=before) as pilot:
            for _ in range(5):
                await pilot.pause()
            DrawingDriver.screens.clear()
            DrawingDriver.writes.clear()
            await pilot.resize_terminal(*after)
            for _ in range(10):
                await pilot.pause()
            final = [strip.text for strip in app.screen._compositor.render_strips()]
            frames = list(DrawingDriver.screens)
            first_write = DrawingDriver.writes[0] if DrawingDriver.writes else ""
    finally:
        DrawingDriver.app = None
    assert frames, "nothing was drawn after the resize"
    assert len(final) == after[1] and "Help" in final[-1]  # the footer, on the last row
    # The first frame reaches the terminal whole: every row of the new size is written.
    rows = {int(row) for row in re.findall(r"\x1b\[(\d+);1H", first_write)}
    assert rows == set(range(1, after[1] + 1))
    for number, frame in enumerate(frames):
        assert frame == final, f"frame {number} of {len(frames)} differs from the final screen"
