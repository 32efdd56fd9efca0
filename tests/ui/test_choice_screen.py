"""The app's list of choices (:class:`~gardens_tui.ui.screens.choice.ChoiceScreen`) with a text
too long for the screen (a lesson's closing that names the ideas a quick game never reached, at
80x24): the text scrolls above the choices, which stay in sight and keep the keys."""

from __future__ import annotations

from conftest import settle
from textual.containers import VerticalScroll
from textual.widgets import OptionList

from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.widgets.steady import SteadyStatic


async def test_a_long_text_scrolls_above_choices_that_stay_in_sight() -> None:
    """Sixty lines of text at 80x24: the choices and the hint are on the screen, the hint says
    PgUp/PgDn scroll, PgDn moves the text while the list keeps the focus, and Enter still
    chooses."""
    app = create_app(settings=Settings(bot_delay_ms=0, autosave=False))
    chosen: list[int | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        text = "\n".join(f"line {n}" for n in range(60))
        app.push_screen(ChoiceScreen(text, ["Back to the menu", "Play on"]), chosen.append)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        options = screen.query_one(OptionList)
        hint = screen.query_one("#choice-hint", SteadyStatic)
        for widget in (options, hint):
            assert screen.region.contains_region(widget.region), widget
        assert "PgUp/PgDn scroll" in str(hint.render())
        title = screen.query_one("#choice-title", VerticalScroll)
        assert title.scroll_y == 0
        await pilot.press("pagedown")
        await settle(pilot)
        assert title.scroll_y > 0 and screen.focused is options
        await pilot.press("down", "enter")
        await settle(pilot)
    assert chosen == [1]


async def test_a_short_text_has_no_scrolling_hint() -> None:
    """A text that fits shows the plain hint."""
    app = create_app(settings=Settings(bot_delay_ms=0, autosave=False))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChoiceScreen("Pick one", ["a", "b"]))
        await settle(pilot)
        hint = app.screen.query_one("#choice-hint", SteadyStatic)
        assert "PgUp" not in str(hint.render())


async def test_a_long_list_under_a_short_text_still_pages() -> None:
    """With a text that fits, PgDn pages the list (the every-choice list of a wide decision)."""
    app = create_app(settings=Settings(bot_delay_ms=0, autosave=False))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChoiceScreen("Every move", [f"move {n}" for n in range(60)]))
        await settle(pilot)
        options = app.screen.query_one(OptionList)
        await pilot.press("pagedown")
        await settle(pilot)
        assert options.highlighted is not None and options.highlighted > 1
