"""A change at the table redraws only what it changed: the footer, texts and boards.

A player watching a table over SSH sees every move drawn; each widget that is rebuilt, laid out
or painted again for nothing costs the server a share of a core. These tests check the three
widgets that skip that work (:class:`KeyFooter`, :class:`SteadyStatic`, and a board's full
repaint) still show every change.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets._footer import FooterKey

from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import BoardLayout
from gardens_tui.ui.widgets.key_footer import KeyFooter
from gardens_tui.ui.widgets.steady import SteadyStatic, same_content, text_size

SIZE = (80, 24)


class FooterApp(App[None]):
    """A footer with one key that comes and goes with :attr:`passing`."""

    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pass_turn", "Pass"),
        Binding("x", "other", "Other"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.passing = False

    def compose(self) -> ComposeResult:
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.passing if action == "pass_turn" else True


def footer_keys(app: App[Any]) -> list[FooterKey]:
    return list(app.query_one(KeyFooter).query(FooterKey))


async def test_the_footer_is_rebuilt_only_when_its_keys_change() -> None:
    """Keys shown in the footer: a refresh that changes nothing keeps the same key widgets; a
    key that appears is shown."""
    app = FooterApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = footer_keys(app)
        assert [key.description for key in before] == ["Other"]
        for _ in range(3):
            app.screen.refresh_bindings()
            await pilot.pause()
        assert footer_keys(app) == before  # the very same widgets: nothing was rebuilt
        app.passing = True
        app.screen.refresh_bindings()
        await pilot.pause()
        assert [key.description for key in footer_keys(app)] == ["Pass", "Other"]


def test_same_content_compares_styles_not_only_the_text() -> None:
    """Rich's and Textual's own ``==`` compare the text only; a change of colour is a change."""
    assert same_content(Text("ab", "bold"), Text("ab", "bold"))
    assert not same_content(Text("ab", "bold"), Text("ab", "italic"))
    styled = Text("ab")
    styled.stylize("red", 0, 1)
    assert not same_content(Text("ab"), styled)
    assert same_content(Content("ab"), Content("ab"))
    assert not same_content(Content("ab"), Content.styled("ab", "red"))
    assert not same_content("ab", Text("ab"))
    assert text_size(Text("abc\nde")) == (2, 3)
    assert text_size("[b]markup[/b]") is None


class TextApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SteadyStatic(Text("one"), id="text")


async def test_a_steady_text_shows_each_change_and_skips_the_same_content() -> None:
    """Texts on a game screen: the same content again keeps what is shown; new content (even a
    new style of the same words, or more lines) is shown."""
    app = TextApp()
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one("#text", SteadyStatic)
        first = widget.content
        widget.update(Text("one"))
        assert widget.content is first
        widget.update(Text("two"))
        await pilot.pause()
        assert str(widget.render()) == "two"
        widget.update(Text("two", "bold"))
        assert widget.content == Text("two", "bold") and widget.content.style == "bold"
        widget.update(Text("two\nthree"))
        await pilot.pause()
        assert widget.size.height == 2


def numbered(values: dict[Any, str]) -> Any:
    def paint(cell: Any) -> CellPaint:
        return CellPaint(values.get(cell, "·"), "piece")

    return paint


class BoardApp(App[None]):
    def __init__(self, values: dict[Any, str]) -> None:
        super().__init__()
        self.values = values

    def compose(self) -> ComposeResult:
        yield BoardGrid(BoardLayout.square(4, 3, cell_width=3), numbered(self.values))


async def test_a_full_repaint_redraws_the_rows_whose_cells_changed_and_keeps_the_rest() -> None:
    """A board after a move: every cell is painted again, and the rows whose cells show
    something new are drawn again, the others kept as they were drawn."""
    values: dict[Any, str] = {}
    app = BoardApp(values)
    async with app.run_test(size=SIZE) as pilot:
        board = app.query_one(BoardGrid)
        await pilot.pause()
        rows = [board.render_line(y) for y in range(3)]
        values[(1, 2)] = "X"  # (column, row): a cell on the third row
        board.repaint_cells()
        await pilot.pause()
        after = [board.render_line(y) for y in range(3)]
        assert after[0] is rows[0] and after[1] is rows[1]  # untouched rows: not drawn again
        assert "X" in after[2].text and "X" not in rows[2].text


class WideTextApp(App[None]):
    """A text as wide as the screen (its width set by the style), its height from its lines."""

    CSS = "#wide { width: 1fr; height: auto; }"

    def compose(self) -> ComposeResult:
        yield SteadyStatic(Text("short"), id="wide")


async def test_a_steady_text_of_set_width_is_laid_out_only_when_its_height_changes() -> None:
    """A prompt or a panel whose width the screen sets: new words of the same height are drawn
    without a layout; words that wrap onto more lines are laid out and shown whole."""
    app = WideTextApp()
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one("#wide", SteadyStatic)
        await pilot.pause()
        layouts: list[bool] = []
        original = widget.refresh

        def refresh(*regions: Any, **options: Any) -> Any:
            layouts.append(bool(options.get("layout")))
            return original(*regions, **options)

        widget.refresh = refresh  # type: ignore[method-assign]
        widget.update(Text("a longer line, still one line"))
        await pilot.pause()
        assert layouts == [False] and widget.size.height == 1
        assert "still one line" in str(widget.render())
        widget.update(Text("word " * 40))  # wraps at 80 columns
        await pilot.pause()
        assert layouts[-1] is True and widget.size.height == 3


async def test_the_clipped_compositor_draws_what_textual_draws_asking_fewer_widgets() -> None:
    """A game screen drawn by :class:`ClippedCompositor` (widgets hidden behind others are not
    asked to draw) is cell for cell what Textual's own compositor draws, and the screen and its
    containers, covered by their children, are asked for few of their rows."""
    from textual._compositor import Compositor

    from gardens_tui.settings import Settings
    from gardens_tui.ui.app import create_app
    from gardens_tui.ui.compositor import ClippedCompositor
    from gardens_tui.ui.screenshots import MIDGAME_DECISIONS, octopus_table

    app = create_app(
        octopus_table(MIDGAME_DECISIONS), settings=Settings(bot_delay_ms=0, autosave=False)
    )
    async with app.run_test(size=(100, 34)) as pilot:
        for _ in range(3):
            await pilot.pause()
        await pilot.press("right", "down")
        await pilot.pause()
        ours = app.screen._compositor
        assert isinstance(ours, ClippedCompositor)
        stock = copy.copy(ours)
        stock.__class__ = Compositor
        asked: dict[str, int] = {}
        for widget in ours.visible_widgets:
            original = widget.render_lines

            def counted(crop: Any, widget: Any = widget, original: Any = original) -> Any:
                asked[type(widget).__name__] = asked.get(type(widget).__name__, 0) + crop.height
                return original(crop)

            widget.render_lines = counted
        drawn = ours.render_strips()
        screen_rows = asked.get(type(app.screen).__name__, 0)
        assert drawn == stock.render_strips()
        assert screen_rows < 34 // 2  # the screen shows only where nothing covers it
