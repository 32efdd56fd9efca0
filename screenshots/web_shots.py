"""Write the browser screenshots in ``screenshots/``: ``python screenshots/web_shots.py``.

- ``web-local.png``: ``gardens serve web --local`` in Chromium at 1280x800, the main menu of a
  fresh install (an empty temporary data folder: nothing of the user's shows).

Taken by the browser test kit (``tests/browser.py``: the OS package's Chromium, headless, through
Playwright) from the real server, with reduced motion so that no fade is caught halfway.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser import (  # noqa: E402
    GUARD,
    BrowserThread,
    find_text,
    screen_text,
    wait_for_background,
    wait_for_text,
)

WIDTH, HEIGHT = 1280, 800

FOCUSED_HIGHLIGHT = 0x0178D4
"""The focused menu's highlight (the default theme's block cursor). Textual focuses the menu just
after its first frame, which shows the highlight dimmed: the shot waits for this colour."""


@contextmanager
def local_server() -> Iterator[str]:
    """``gardens serve web --local --port 0`` on a fresh data folder; its URL while it runs."""
    with tempfile.TemporaryDirectory(prefix="gardens-shots-") as home:
        process = subprocess.Popen(
            [sys.executable, "-m", "gardens_tui", "serve", "web", "--local", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "GARDENS_TUI_HOME": home},
            text=True,
            cwd=ROOT,
        )
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            match = re.search(r"open (http://\S+)", line)
            if match is None:
                raise RuntimeError(f"the web server did not start: {line!r}")
            yield match[1]
        finally:
            process.terminate()
            process.wait(GUARD)


async def shoot_menu(browser: BrowserThread, url: str, path: Path) -> None:
    """Open ``url`` at 1280x800, wait for the main menu, focused, and save it as a PNG."""
    tab = await browser.new_page(url, WIDTH, HEIGHT)
    try:
        page = tab.page
        await page.emulate_media(reduced_motion="reduce")
        await wait_for_text(page, "Load a saved game")
        col, row = find_text(await screen_text(page), "New game")
        await wait_for_background(page, col, row, FOCUSED_HIGHLIGHT)
        await page.screenshot(path=str(path))
    finally:
        await tab.page.context.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Write the screenshots into ``--out`` (default: this folder)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args(argv)
    browser = BrowserThread()
    try:
        with local_server() as url:
            target = args.out / "web-local.png"
            browser.run(shoot_menu(browser, url, target))
            print(target)
    finally:
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
