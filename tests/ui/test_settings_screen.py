"""The settings dialog: every setting editable, the bot delay range-checked inline, the result
saved through gardens_tui.settings and applied at once (theme, ASCII mode, free undo)."""

from __future__ import annotations

from textual.widgets import Input, Select, Static

from gardens_tui.settings import Settings, load_settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.screens.settings import SettingsScreen, parse_delay
from gardens_tui.ui.widgets.tick_box import TickBox


def test_parse_delay_accepts_the_settings_range_only() -> None:
    assert parse_delay(" 250 ") == 250
    for bad in ("-1", "5001", "fast", ""):
        try:
            parse_delay(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


async def test_saved_settings_are_persisted_and_applied() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#theme", Select).value = "nord"
        screen.query_one("#ascii", TickBox).value = True
        screen.query_one("#delay", Input).value = "150"
        screen.query_one("#free-undo", TickBox).value = True
        screen.query_one("#curtain", TickBox).value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert app.theme == "nord"
    saved = load_settings()
    assert saved.theme == "nord"
    assert saved.ascii_mode is True
    assert saved.bot_delay_ms == 150
    assert saved.free_undo is True
    assert saved.curtain is False
    assert saved.show_legal is True and saved.autosave is True  # untouched fields kept
    # A new app starts with what was saved.
    assert create_app().settings == saved


async def test_a_bad_delay_is_refused_inline_and_nothing_is_saved() -> None:
    app = create_app(settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#delay", Input).value = "9000"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert "bot delay" in str(screen.query_one("#settings-error", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    assert load_settings() == Settings()
