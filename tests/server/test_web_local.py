"""`gardens serve web --local` in a real browser: the OS package's Chromium driven by Playwright
(tests/browser.py), against one real server process for the module (each page is a tab with
its own app process). The page works offline (every request goes to the server itself, the
font included), and clicks land where they point.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager

import pytest
from browser import (
    GUARD,
    TERMINAL_HOOK,
    BrowserThread,
    Tab,
    browser,
    cell_size,
    click_cell,
    find_text,
    screen_text,
    wait_for_no_text,
    wait_for_text,
)

HOST = "127.0.0.1"
MENU_MARK = "Load a saved game"
RULES_MARK = "Help: Rules"
SETTINGS_MARK = "Bot pause per step"


@pytest.fixture(scope="module")
def web_port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """`gardens serve web --local --port 0` for the module (a data folder of its own); its
    port once it listens. Killed at the end."""
    home = tmp_path_factory.mktemp("web-local-home")
    process = subprocess.Popen(
        [sys.executable, "-m", "gardens_tui", "serve", "web", "--local", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "GARDENS_TUI_HOME": str(home)},
        text=True,
    )
    try:
        assert process.stdout is not None
        reader = ThreadPoolExecutor(1)  # the first line says where it listens
        try:
            line = reader.submit(process.stdout.readline).result(GUARD)
        finally:
            reader.shutdown(wait=False)  # a read still waiting ends with the process, below
        match = re.search(r"on 127\.0\.0\.1:(\d+): open", line)
        assert match, line
        yield int(match[1])
    finally:
        process.kill()
        process.wait(GUARD)


@asynccontextmanager
async def menu_tab(browser: BrowserThread, port: int) -> AsyncIterator[Tab]:
    """A 1280x800 page on the server, once its terminal shows the main menu; closed after."""
    tab = await browser.new_page(f"http://{HOST}:{port}/", 1280, 800)
    try:
        await wait_for_text(tab.page, MENU_MARK)
        yield tab
    finally:
        await tab.page.context.close()


def test_page_shows_the_main_menu(browser: BrowserThread, web_port: int) -> None:
    """Behaviour: the page, titled gardens-tui, starts the app in its terminal: the main menu's
    entries show."""

    async def scenario() -> None:
        async with menu_tab(browser, web_port) as tab:
            assert await tab.page.title() == "gardens-tui"
            screen = "\n".join(await screen_text(tab.page))
            for label in ("New game", "Load a saved game", "Rules", "Settings", "Quit"):
                assert label in screen

    browser.run(scenario())


def test_no_request_leaves_the_server(browser: BrowserThread, web_port: int) -> None:
    """Behaviour: everything the page loads (the page, its script, style sheet, font and the
    terminal's websocket) comes from the server's own host and port: it works offline."""

    async def scenario() -> None:
        async with menu_tab(browser, web_port) as tab:
            urls = tab.requests.urls
            assert tab.requests.elsewhere(HOST, web_port) == [], urls
            origin = f"http://{HOST}:{web_port}"
            assert f"{origin}/static/js/textual.js" in urls
            assert f"ws://{HOST}:{web_port}/ws" in {url.split("?")[0] for url in urls}

    browser.run(scenario())


def test_the_font_is_ours_and_measured_before_the_terminal_starts(
    browser: BrowserThread, web_port: int
) -> None:
    """Behaviour: the terminal's font is Roboto Mono served by the server itself (loaded, not
    a fallback), and the terminal's cells have that font's size: a line of it is exactly as
    tall as a row, and the terminal is as many columns wide as the font's characters fit."""

    async def scenario() -> None:
        async with menu_tab(browser, web_port) as tab:
            page = tab.page
            font_url = f"http://{HOST}:{web_port}/static/fonts/RobotoMono-VariableFont_wght.ttf"
            assert font_url in tab.requests.urls
            loaded = await page.evaluate(
                """() => [...document.fonts]
                    .filter(face => face.family.replaceAll('"', "") === "Roboto Mono")
                    .map(face => face.style + ":" + face.status)"""
            )
            assert "normal:loaded" in loaded, loaded
            metrics = await page.evaluate(
                """() => {
                  const probe = document.createElement("span");
                  const size = document.getElementById("terminal").dataset.fontSize;
                  probe.style.cssText = `font: ${size}px "Roboto Mono"; position: absolute;
                    white-space: pre; line-height: normal; visibility: hidden`;
                  probe.textContent = "W".repeat(100);
                  document.body.appendChild(probe);
                  const box = probe.getBoundingClientRect();
                  probe.remove();
                  return { width: box.width / 100, height: box.height };
                }"""
            )
            grid = await cell_size(page)
            assert grid.cell_height == pytest.approx(metrics["height"], abs=1)
            # xterm.js rounds a cell's width down to whole device pixels (here 1 per CSS pixel)
            assert grid.cell_width == int(metrics["width"])

    browser.run(scenario())


def test_a_click_on_a_menu_entry_opens_it(browser: BrowserThread, web_port: int) -> None:
    """Behaviour: a click on the word "Rules" in the menu opens the rules (help) screen, and a
    click on "Settings" (after closing it) opens the settings: the cell under the pointer is
    the cell the app sees."""

    async def scenario() -> None:
        async with menu_tab(browser, web_port) as tab:
            page = tab.page
            col, row = find_text(await screen_text(page), "Rules")
            await click_cell(page, col + 2, row)
            await wait_for_text(page, RULES_MARK)
            await page.keyboard.press("Escape")
            await wait_for_no_text(page, RULES_MARK)
            col, row = find_text(await screen_text(page), "Settings")
            await click_cell(page, col, row)
            await wait_for_text(page, SETTINGS_MARK)

    browser.run(scenario())


def test_a_click_on_empty_space_does_nothing(browser: BrowserThread, web_port: int) -> None:
    """Behaviour (issue 30's report): the middle of a 1280x800 page falls on the blank part of
    the menu's Rules row, right of the word; a click there, on the blank rest of the other
    rows, and on empty space outside the menu does nothing: a click on "Settings" afterwards
    opens the settings (it would land on the rules screen had any of them opened it), and the
    rules screen never shows."""

    async def scenario() -> None:
        async with menu_tab(browser, web_port) as tab:
            page = tab.page
            lines = await screen_text(page)
            grid = await cell_size(page)
            size = page.viewport_size
            assert size is not None
            centre = grid.cell_at(size["width"] / 2, size["height"] / 2)
            rules_col, rules_row = find_text(lines, "Rules")
            assert centre[1] == rules_row and centre[0] > rules_col + len("Rules"), centre
            await page.mouse.click(size["width"] / 2, size["height"] / 2)
            for label in ("New game", "Load a saved game", "Rules", "Quit"):
                col, row = find_text(lines, label)
                await click_cell(page, col + len(label) + 3, row)
            await click_cell(page, 2, rules_row)  # far left of the menu, on no widget
            await click_cell(page, grid.cols // 2, 1)  # above the title
            col, row = find_text(lines, "Settings")
            await click_cell(page, col, row)
            await wait_for_text(page, SETTINGS_MARK)
            assert RULES_MARK not in "\n".join(await screen_text(page))

    browser.run(scenario())


def test_a_phone_gets_the_whole_app_and_a_tap_lands_on_the_entry(
    browser: BrowserThread, web_port: int
) -> None:
    """Behaviour (issue 30: clicks and touches land where they point): on a phone-sized page
    (390x844, touch) the page picks a font small enough for the app's 80 columns, so the menu
    shows instead of a request for a bigger window, and a tap on "Rules" opens the rules."""

    async def scenario() -> None:
        context = await browser.browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
        )
        try:
            await context.add_init_script(TERMINAL_HOOK)
            page = await context.new_page()
            await page.goto(f"http://{HOST}:{web_port}/")
            await wait_for_text(page, MENU_MARK)
            grid = await cell_size(page)
            assert grid.cols >= 80 and grid.rows >= 24, grid
            col, row = find_text(await screen_text(page), "Rules")
            await page.touchscreen.tap(*grid.centre(col + 2, row))
            await wait_for_text(page, RULES_MARK)
        finally:
            await context.close()

    browser.run(scenario())


def test_the_page_keeps_working_when_the_font_is_refused(
    browser: BrowserThread, web_port: int
) -> None:
    """Behaviour: should the font not load (here the browser refuses it), the terminal still
    starts, in the system's monospace, and shows the menu."""

    async def scenario() -> None:
        context = await browser.browser.new_context(viewport={"width": 800, "height": 600})
        context.set_default_timeout(GUARD * 1000)
        try:
            await context.add_init_script(TERMINAL_HOOK)
            await context.route("**/fonts/*", lambda route: route.abort())
            page = await context.new_page()
            await page.goto(f"http://{HOST}:{web_port}/")
            await wait_for_text(page, MENU_MARK)
        finally:
            await context.close()

    browser.run(scenario())
