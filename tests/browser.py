"""The browser test kit: a real Chromium (the OS package's, /usr/bin/chromium) driven by
Playwright, for the tests of gardens-tui's web pages.

* :func:`browser` (a session-scoped fixture; import it into the test module, as the server tests
  do with ``start_owner``) is a :class:`BrowserThread`: Chromium launched headless by Playwright's
  async API on an event loop in a thread of its own. Sync tests run a coroutine on it with
  :meth:`BrowserThread.run`, async tests with ``await`` :meth:`BrowserThread.arun` (so a server
  on the test's own loop keeps running meanwhile). Playwright never downloads a browser here:
  Chromium missing makes the fixture FAIL with a message saying how to install it.
* :meth:`BrowserThread.new_page` opens a page in a fresh context (no shared cookies or storage)
  at a given viewport, with :data:`TERMINAL_HOOK` installed so that the helpers below can read
  the terminal of textual.js (which keeps its xterm.js ``Terminal`` to itself) and with a
  :class:`RequestLog` recording every request the page makes.
* :func:`screen_text`, :func:`wait_for_text` and :func:`wait_for_no_text` read the terminal's
  screen (xterm.js's buffer: textual.js draws on a canvas, so there is no text in the DOM);
  :func:`cell_background` and :func:`wait_for_background` read a cell's colour (a highlight);
  :func:`cell_size` and :func:`click_cell` click on a terminal cell by column and row, computing
  the cell size from the rendered ``.xterm-screen`` element as a person's pointer would.

Every wait has a timeout (:data:`GUARD` seconds, a failure guard, not a timing).
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Browser, BrowserContext, Page, Playwright, async_playwright

T = TypeVar("T")

GUARD = 30.0
"""Seconds before a wait gives up (a failure guard, not a timing)."""

CHROMIUM = Path("/usr/bin/chromium")
"""The OS package's Chromium, the only browser the tests use."""

CHROMIUM_ARGS = (
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)
"""Chromium's switches: no GPU, and no request of Chromium's own (updates, sync, QUIC)."""

TERMINAL_HOOK = """
(() => {
  // textual.js keeps its xterm.js Terminal in a closure. xterm's public Terminal sets its
  // "_core" in its constructor: catch that assignment (once per object, then a plain property)
  // and keep every object that looks like the public Terminal.
  const terminals = [];
  Object.defineProperty(window, "__gardensTerminals", { value: terminals });
  Object.defineProperty(Object.prototype, "_core", {
    configurable: true,
    get() {
      return undefined;
    },
    set(value) {
      Object.defineProperty(this, "_core", {
        value,
        writable: true,
        configurable: true,
        enumerable: true,
      });
      if (typeof this.loadAddon === "function" && "buffer" in this) {
        terminals.push(this);
      }
    },
  });
})();
"""
"""A page init script that makes textual.js's terminal readable as ``window.__gardensTerminals[0]``
(test-only: the pages themselves expose nothing)."""

_SCREEN_JS = """
() => {
  const term = window.__gardensTerminals[0];
  if (!term) return null;
  const buffer = term.buffer.active;
  const lines = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines;
}
"""

_HAS_TEXT_JS = f"""
([text, wanted]) => {{
  const lines = ({_SCREEN_JS})();
  return lines !== null && lines.join("\\n").includes(text) === wanted;
}}
"""

_BACKGROUND_JS = """
([col, row]) => {
  const term = window.__gardensTerminals[0];
  const line = term && term.buffer.active.getLine(term.buffer.active.viewportY + row);
  const cell = line && line.getCell(col);
  return cell && cell.isBgRGB() ? cell.getBgColor() : null;
}
"""

_HAS_BACKGROUND_JS = f"""
([col, row, rgb]) => ({_BACKGROUND_JS})([col, row]) === rgb
"""

_GRID_JS = """
() => {
  const term = window.__gardensTerminals[0];
  const screen = document.querySelector(".xterm-screen");
  if (!term || !screen) return null;
  const box = screen.getBoundingClientRect();
  return { left: box.left, top: box.top, width: box.width, height: box.height,
           cols: term.cols, rows: term.rows };
}
"""


def chromium_args() -> list[str]:
    """:data:`CHROMIUM_ARGS`, with ``--no-sandbox`` when running as root (Chromium refuses
    to start its sandbox as root)."""
    args = list(CHROMIUM_ARGS)
    if os.geteuid() == 0:
        args.append("--no-sandbox")
    return args


@dataclass
class RequestLog:
    """Every request a browser context made (pages, scripts, styles, fonts, images, fetches,
    websockets), as full URLs, in order."""

    urls: list[str] = field(default_factory=list)

    def attach(self, context: BrowserContext) -> None:
        """Record ``context``'s requests and websockets from now on."""
        context.on("request", lambda request: self.urls.append(request.url))
        context.on("page", self._watch_websockets)

    def _watch_websockets(self, page: Page) -> None:
        page.on("websocket", lambda socket: self.urls.append(socket.url))

    def elsewhere(self, host: str, port: int) -> list[str]:
        """The recorded URLs that do not go to ``host``:``port`` (``data:`` and ``blob:`` URLs,
        which make no request, do not count)."""
        away = []
        for url in self.urls:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob"):
                continue
            if (parts.hostname, parts.port) != (host, port):
                away.append(url)
        return away


@dataclass
class Tab:
    """A page and the log of its requests (see :meth:`BrowserThread.new_page`)."""

    page: Page
    requests: RequestLog


class BrowserThread:
    """Chromium (:data:`CHROMIUM`) driven by Playwright's async API on an event loop in its own
    thread. Playwright objects (pages, contexts) belong to that loop: use them only inside
    coroutines given to :meth:`run` or :meth:`arun`."""

    def __init__(self) -> None:
        if not CHROMIUM.exists():
            raise FileNotFoundError(
                f"{CHROMIUM} is missing: the browser tests need Chromium from the OS packages "
                "(apt-get install chromium; .ci/run installs it)"
            )
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self._playwright: Playwright | None = None
        self.browser: Browser = self.run(self._launch())

    async def _launch(self) -> Browser:
        self._playwright = await async_playwright().start()
        return await self._playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=chromium_args()
        )

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 2 * GUARD) -> T:
        """Run ``coro`` on the browser's loop and return its result (from sync code)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def arun(self, coro: Coroutine[Any, Any, T], timeout: float = 2 * GUARD) -> T:
        """Run ``coro`` on the browser's loop and return its result (from async code, without
        blocking the caller's loop)."""
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        return await asyncio.wait_for(asyncio.wrap_future(future), timeout)

    async def new_page(self, url: str, width: int = 1280, height: int = 800) -> Tab:
        """A new page in a context of its own at a ``width`` x ``height`` viewport, its
        requests recorded from the start, opened at ``url`` (returns once the page loaded)."""
        context = await self.browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(GUARD * 1000)
        await context.add_init_script(TERMINAL_HOOK)
        log = RequestLog()
        log.attach(context)
        page = await context.new_page()
        await page.goto(url)
        return Tab(page, log)

    def close(self) -> None:
        """Close Chromium and Playwright, then stop the loop."""

        async def stop() -> None:
            await self.browser.close()
            if self._playwright is not None:
                await self._playwright.stop()

        try:
            self.run(stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(GUARD)
            self.loop.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[BrowserThread]:
    """One headless Chromium for the test session (fails, never skips, without Chromium)."""
    try:
        started = BrowserThread()
    except FileNotFoundError as exc:
        pytest.fail(str(exc), pytrace=False)
    try:
        yield started
    finally:
        started.close()


async def wait_for_terminal(page: Page) -> None:
    """Wait until the page's terminal exists and has drawn the app's first screen."""
    await page.wait_for_function(
        "() => window.__gardensTerminals.length > 0 && document.body.classList.contains("
        "'-first-byte')"
    )


async def screen_text(page: Page) -> list[str]:
    """The terminal's screen, one string a row (trailing spaces removed)."""
    await wait_for_terminal(page)
    lines: list[str] = await page.evaluate(_SCREEN_JS)
    return lines


async def wait_for_text(page: Page, text: str) -> None:
    """Wait until ``text`` shows in the terminal (a match may span rows only at ``\\n``)."""
    await page.wait_for_function(_HAS_TEXT_JS, arg=[text, True])


async def wait_for_no_text(page: Page, text: str) -> None:
    """Wait until ``text`` no longer shows in the terminal."""
    await page.wait_for_function(_HAS_TEXT_JS, arg=[text, False])


async def cell_background(page: Page, col: int, row: int) -> int | None:
    """The background of terminal cell (``col``, ``row``) as ``0xRRGGBB`` (``None``: the
    terminal's default or a palette colour; Textual sends true colours)."""
    await wait_for_terminal(page)
    rgb: int | None = await page.evaluate(_BACKGROUND_JS, [col, row])
    return rgb


async def wait_for_background(page: Page, col: int, row: int, rgb: int) -> None:
    """Wait until terminal cell (``col``, ``row``) has background ``rgb`` (``0xRRGGBB``)."""
    await page.wait_for_function(_HAS_BACKGROUND_JS, arg=[col, row, rgb])


@dataclass(frozen=True)
class Grid:
    """Where the terminal's cells are on the page, in CSS pixels."""

    left: float
    top: float
    cell_width: float
    cell_height: float
    cols: int
    rows: int

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """The page point at the middle of cell (``col``, ``row``), both from 0."""
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise ValueError(f"cell ({col}, {row}) is off a {self.cols}x{self.rows} terminal")
        return (
            self.left + (col + 0.5) * self.cell_width,
            self.top + (row + 0.5) * self.cell_height,
        )

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        """The cell (column, row) under page point (``x``, ``y``)."""
        return int((x - self.left) // self.cell_width), int((y - self.top) // self.cell_height)


async def cell_size(page: Page) -> Grid:
    """The terminal's grid: the rendered ``.xterm-screen`` element's box divided into the
    terminal's columns and rows."""
    await wait_for_terminal(page)
    box = await page.evaluate(_GRID_JS)
    return Grid(
        left=box["left"],
        top=box["top"],
        cell_width=box["width"] / box["cols"],
        cell_height=box["height"] / box["rows"],
        cols=box["cols"],
        rows=box["rows"],
    )


async def click_cell(page: Page, col: int, row: int) -> None:
    """Click (the left button, with a real pointer move first) in the middle of terminal
    cell (``col``, ``row``)."""
    x, y = (await cell_size(page)).centre(col, row)
    await page.mouse.move(x, y)
    await page.mouse.click(x, y)


def find_text(lines: list[str], text: str) -> tuple[int, int]:
    """The (column, row) of the first cell of ``text`` on the screen ``lines``; ``LookupError``
    when it is not there. (Columns count characters: fine for the app's own ASCII labels.)"""
    for row, line in enumerate(lines):
        col = line.find(text)
        if col >= 0:
            return col, row
    raise LookupError(f"{text!r} is not on the screen:\n" + "\n".join(lines))
