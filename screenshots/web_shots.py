"""Write the browser screenshots in ``screenshots/``: ``python screenshots/web_shots.py``.

- ``web-local.png``: ``gardens serve web --local`` in Chromium at 1280x800, the main menu of a
  fresh install (an empty temporary data folder: nothing of the user's shows).
- ``web-login.png``: the log-in page of ``gardens serve ssh --web`` (the shared tables).
- ``web-table.png``: Bob in the browser at an Octopus's Garden table where Ann plays over SSH
  (a real asyncssh client on loopback), with Ann to play.

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
sys.path.insert(0, str(ROOT / "tests" / "server"))

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


async def shoot_shared(browser: BrowserThread, out: Path) -> None:
    """The shared server's log-in page, and a browser player at a mixed table (see the module
    docstring). The servers run on the browser's own loop, as in the tests."""
    import asyncio
    import tempfile

    from ssh_clients import Terminal, connect
    from ssh_servers import APP, ssh_servers

    from gardens_tui.server.door.auth import password_line
    from gardens_tui.server.lobby.client import connect as connect_owner
    from gardens_tui.server.web.front import WebFrontEnd

    with tempfile.TemporaryDirectory(prefix="gardens-shots-") as folder:
        files = Path(folder)
        (files / "passwords").write_text(
            password_line("Ann", "ann-secret") + "\n" + password_line("Bob", "bob-secret") + "\n"
        )
        async with ssh_servers(
            files, password_file=files / "passwords", app_command=APP
        ) as servers:
            ssh = await servers.start()
            web = WebFrontEnd(ssh, "127.0.0.1", 0, None)
            await web.start()
            conn = None
            try:
                owner = servers.owner
                ticket = owner.issue_ticket("user:Ann", "Ann")
                assert owner.socket_path is not None
                host = await asyncio.to_thread(connect_owner, owner.socket_path, ticket)
                seats = [("Ann", None), ("Bob", None)]
                code = await asyncio.to_thread(host.create_table, "octopus-garden", seats, None, 12)
                host.close()
                tab = await browser.new_page(f"{web.public_url}/", WIDTH, HEIGHT)
                page = tab.page
                await page.emulate_media(reduced_motion="reduce")
                await page.screenshot(path=str(out / "web-login.png"))
                print(out / "web-login.png")
                conn = await connect(ssh.port, "Ann", password="ann-secret")
                ann = await Terminal.open(conn, (100, 30))
                await ann.wait_for(code.encode())
                ann.send("\r")
                await ann.wait_for(rb"Sit as Ann")
                ann.send("1")
                await ann.wait_for(rb"esc.{0,40}Lobby")
                await page.fill("#name", "Bob")
                await page.fill("#password", "bob-secret")
                await page.click("button[type=submit]")
                await wait_for_text(page, code)
                await page.keyboard.press("Enter")
                await wait_for_text(page, "Sit as Bob")
                await page.keyboard.press("1")
                await wait_for_text(page, "Lobby")
                await wait_for_text(page, "Ann: ")  # the prompt: Ann (over SSH) to play
                await page.screenshot(path=str(out / "web-table.png"))
                print(out / "web-table.png")
            finally:
                if conn is not None:
                    conn.close()
                await web.stop_listening()
                await ssh.close()
                await web.stop()


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
        browser.run(shoot_shared(browser, args.out), timeout=4 * GUARD)
    finally:
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
