"""Notices over a game screen: every cell of a full redraw is drawn (incident DC6C78BC).

A player at an Octopus's Garden table over SSH got two notices from the server ("The server
lost its table store ..." and "The table store is back ..."), pressed Enter, and his app died
in Textual's ``LayoutUpdate.render_segments`` (``'NoneType' object has no attribute
'render'``): a full redraw had cells no widget drew. :class:`ClippedCompositor` skips a widget
on the rows where widgets in front drew all its columns, and its record of what was drawn
carried a span widened on one row (the game log's scrollbar, one column wide, merged with a
toast across the log) on to the rows below: the gap between the two toasts and the rows past
them counted as drawn, and neither the log nor the screen behind drew them. A local app never
crashed because a headless app does not turn its frames into terminal output.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

import pytest
from rich.console import Console
from textual._compositor import Compositor, LayoutUpdate
from textual.app import App, ComposeResult
from textual.drivers.headless_driver import HeadlessDriver
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets._toast import Toast

from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.compositor import ClippedCompositor, _Coverage
from gardens_tui.ui.literal import notify_plain
from gardens_tui.ui.screenshots import MIDGAME_DECISIONS, octopus_table

LOST = "The server lost its table store: moves wait until it is back (it reconnects by itself)."
BACK = "The table store is back: play on."


class DrawingDriver(HeadlessDriver):
    """Headless input, but the app turns each frame into terminal output as over SSH (a
    headless app skips that step, where the player's app failed)."""

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        pass


def full_frame(compositor: Compositor) -> list[str]:
    """A full redraw of ``compositor``'s screen, as Textual writes it to the terminal, line by
    line; fails on a cell no widget drew."""
    update = compositor.render_full_update()
    assert isinstance(update, LayoutUpdate)
    lines = [list(line) for line in update.strips]
    undrawn = [y for y, line in enumerate(lines) if any(strip is None for strip in line)]
    assert not undrawn, f"rows {undrawn} have cells no widget drew"
    update.render_segments(Console())  # what failed for the player
    return [Strip.join(line).text for line in lines]


def textual_frame(compositor: Compositor) -> list[str]:
    """The same screen drawn by Textual's own compositor."""
    stock = copy.copy(compositor)
    stock.__class__ = Compositor
    return [strip.text for strip in stock.render_strips()]


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_two_notices_over_the_game_screen_leave_no_cell_of_a_full_redraw_undrawn(
    size: tuple[int, int],
) -> None:
    """Behaviour: with the server's two notices shown over the game log, each full redraw
    draws every cell, the same as Textual's own compositor, while the player presses Enter (the
    app draws as to a terminal, so a frame with an undrawn cell fails as it did over SSH)."""
    app = create_app(
        octopus_table(MIDGAME_DECISIONS), settings=Settings(bot_delay_ms=0, autosave=False)
    )
    app.driver_class = DrawingDriver
    async with app.run_test(headless=False, size=size, notifications=True) as pilot:
        for _ in range(3):
            await pilot.pause()
        notify_plain(app, LOST, title="Server", severity="warning")
        await pilot.pause()
        notify_plain(app, BACK, title="Server", severity="warning")
        for _ in range(3):
            await pilot.pause()
        game = app.screen
        assert len(game.query(Toast)) == 2
        checked = 0
        for _ in range(8):  # Enter opens the choice of actions, Enter again plays one
            if app.screen is game:
                compositor = game._compositor
                assert isinstance(compositor, ClippedCompositor)
                assert full_frame(compositor) == textual_frame(compositor)
                game.refresh()  # a full redraw through the app, as after the settle timer
                await pilot.pause()
                checked += 1
            await pilot.press("enter")
            await pilot.pause()
        assert checked >= 4 and app._exception is None


def test_a_narrow_widget_beside_a_toast_marks_only_its_own_columns_below_the_toast() -> None:
    """Behaviour: what the compositor records as drawn on a row is what was drawn on that row:
    a one-column scrollbar merged with a toast across it on some rows leaves the log's other
    columns open on the rows the toast does not reach."""
    drawn = _Coverage()
    drawn.add(19, 24, 50, 100)  # a toast
    drawn.add(25, 29, 50, 100)  # a second toast, a row of margin above it
    drawn.add(5, 27, 98, 99)  # the log's scrollbar, behind both
    assert drawn.rows[24] == [(98, 99)]
    assert drawn.open_runs(4, 28, 66, 100) == [(4, 19), (24, 25)]  # the log behind


class Hollow(Widget):
    """A widget laid out over the whole width of its siblings that draws only ``drawn`` cells
    of each line (a widget removed but not laid out yet draws none)."""

    DEFAULT_CSS = "Hollow { layer: above; width: 100%; height: 4; offset: 0 1; }"

    def __init__(self, drawn: int) -> None:
        super().__init__()
        self.drawn = drawn

    def render_lines(self, crop: Region) -> list[Strip]:
        return [Strip.blank(min(self.drawn, crop.width))] * crop.height


class ClippedScreen(Screen[None]):
    DEFAULT_CSS = "ClippedScreen { layers: below above; } #back { width: 1fr; height: 1fr; }"

    def __init__(self, drawn: int) -> None:
        super().__init__()
        self._compositor = ClippedCompositor()
        self.drawn = drawn

    def compose(self) -> ComposeResult:
        yield Static("back " * 200, id="back")
        yield Hollow(self.drawn)


class HollowApp(App[None]):
    SCREENS: ClassVar[dict[str, Any]] = {}

    def __init__(self, drawn: int) -> None:
        super().__init__()
        self.drawn = drawn

    def on_mount(self) -> None:
        self.push_screen(ClippedScreen(self.drawn))


@pytest.mark.parametrize("drawn", [0, 7])
async def test_a_widget_that_draws_less_than_its_region_hides_only_what_it_drew(
    drawn: int,
) -> None:
    """Behaviour: where a widget in front draws fewer cells than the compositor gives it (a
    toast removed at its timeout and not laid out yet draws none), the widgets behind show, as
    with Textual's own compositor, and no cell is left undrawn."""
    app = HollowApp(drawn)
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        compositor = app.screen._compositor
        assert isinstance(compositor, ClippedCompositor)
        frame = full_frame(compositor)
        assert frame == textual_frame(compositor)
        assert frame[1][drawn:].strip()  # the text behind shows beside what was drawn


class Halves(App[None]):
    """Two panels side by side over the whole width of a text behind them."""

    CSS = """
    Screen { layers: below above; }
    #back { width: 1fr; height: 1fr; }
    #panels { layer: above; height: 4; offset: 0 1; }
    #panels Static { width: 1fr; height: 4; }
    """

    def on_mount(self) -> None:
        self.push_screen(HalvesScreen())


class HalvesScreen(Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self._compositor = ClippedCompositor()

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal

        yield Static("back " * 200, id="back")
        with Horizontal(id="panels"):
            yield Static("left", id="left")
            yield Static("right", id="right")


async def test_panels_that_moved_before_the_layout_are_drawn_where_they_are_now() -> None:
    """Behaviour: when Textual arranges the screen anew to find a widget (a widget asked for a
    layout, and a widget not on the screen yet was refreshed) and draws before the layout,
    the panels are drawn where that arrangement puts them, every cell drawn."""
    app = Halves()
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        screen = app.screen
        compositor = screen._compositor
        assert isinstance(compositor, ClippedCompositor)
        assert compositor.cuts[1] == [0, 20, 40]
        left = screen.query_one("#left", Static)
        left.styles.width = 13  # asks for a layout, which has not come yet
        left._layout_updates += 1  # what its idle does before the screen's layout
        screen.query_one("#panels")._clear_arrangement_cache()
        compositor._full_map_invalidated = True  # as a refresh of a widget not shown does
        assert left.region.width == 13  # arranged anew to find it; no layout yet
        frame = full_frame(compositor)
        assert compositor.cuts[1] == [0, 13, 40]
        assert frame == textual_frame(compositor)
        assert frame[1].startswith("left" + " " * 9 + "right")
