"""Browsers at the shared tables (``gardens serve ssh --web``): a real Chromium against the real
web front end, SSH server, table owner and app, on loopback.

The servers run on the test's loop (as in ``test_lobby_ssh.py``); Chromium runs on its own loop
in a thread (:mod:`browser`), and the tests await it there. A page's terminal is read two ways:
its screen (xterm.js's buffer, :func:`browser.screen_text`) and everything the server ever sent
it (every websocket frame, :class:`Frames`), so a secret that flashed by once is caught too.
Waits are on text showing or on the table's own change events, with a guard against hanging.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser import (
    GUARD,
    BrowserThread,
    Tab,
    browser,
    cell_size,
    screen_text,
    wait_for_text,
)
from failing_app import SECRET
from playwright.async_api import Page, WebSocket
from playwright.async_api import TimeoutError as PlaywrightTimeout
from ssh_clients import Terminal, connect
from ssh_servers import APP, ssh_servers
from table_checks import forced, tile_pattern

from gardens_tui.server.door.auth import password_line
from gardens_tui.server.lobby.client import connect as connect_owner
from gardens_tui.server.lobby.owner import TableOwner
from gardens_tui.server.ssh.front import SSHFrontEnd
from gardens_tui.server.web.front import WebFrontEnd
from gardens_tui.table import Table

PASSWORDS = {"ann": "ann-secret", "bob": "bob-secret", "cy": "cy-secret", "dee": "dee-secret"}
GAME = "throw-octopus"


@dataclass
class Served:
    """The table owner, the SSH front end and the web front end beside it."""

    owner: TableOwner
    ssh: SSHFrontEnd
    web: WebFrontEnd

    @property
    def url(self) -> str:
        """The web front end's address."""
        assert self.web.public_url is not None
        return self.web.public_url


class Clock:
    """The owner's clock, moved by the test (invitations age on it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    """The table owner's clock."""
    return Clock()


@contextlib.asynccontextmanager
async def web_servers(
    files: Path, clock: Clock, app: tuple[str, ...] = APP
) -> AsyncIterator[Served]:
    """Everything of ``gardens serve ssh --web 0 --password-file F`` running ``app``."""
    passwords = files / "passwords"
    passwords.write_text("".join(password_line(n, p) + "\n" for n, p in PASSWORDS.items()))
    async with ssh_servers(files, clock=clock, password_file=passwords, app_command=app) as servers:
        ssh = await servers.start()
        web = WebFrontEnd(ssh, "127.0.0.1", 0, None)
        await web.start()
        try:
            yield Served(servers.owner, ssh, web)
        finally:
            await web.stop_listening()
            await ssh.close()
            await web.stop()


@pytest.fixture
async def served(tmp_path: Path, clock: Clock) -> AsyncIterator[Served]:
    """The servers running the real app."""
    async with web_servers(tmp_path, clock) as servers:
        yield servers


class Frames:
    """Every binary websocket frame a page received (the terminal's whole output), kept on the
    test's loop (Playwright calls back on the browser's)."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.loop = asyncio.get_running_loop()
        self.changed = asyncio.Event()

    def attach(self, page: Page) -> None:
        """Record ``page``'s websockets' frames from now on."""
        page.on("websocket", self._socket)

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._frame)

    def _frame(self, payload: Any) -> None:
        # A page of a test that has ended may still get a frame before the browser (shared by
        # the worker's tests) closes it; its test's loop is closed then, and the frame is moot.
        if isinstance(payload, bytes) and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):  # (closed meanwhile)
                self.loop.call_soon_threadsafe(self._add, payload)

    def _add(self, payload: bytes) -> None:
        self.data.extend(payload)
        self.changed.set()

    async def wait_for(self, pattern: bytes, start: int = 0) -> re.Match[bytes]:
        """Wait until ``pattern`` shows in the output after byte ``start``; the match."""
        regex = re.compile(pattern, re.DOTALL)

        async def wait() -> re.Match[bytes]:
            while (found := regex.search(self.data, start)) is None:
                self.changed.clear()
                await self.changed.wait()
            return found

        return await asyncio.wait_for(wait(), GUARD)


async def log_in(tab: Tab, name: str, password: str) -> None:
    """Fill in and send the log-in form."""
    await tab.page.fill("#name", name)
    await tab.page.fill("#password", password)
    await tab.page.click("button[type=submit]")


async def open_player(browser: BrowserThread, served: Served, name: str) -> tuple[Tab, Frames]:
    """A page logged in as ``name``, its terminal's frames recorded, once its lobby shows."""

    frames = Frames()

    async def go() -> Tab:
        tab = await browser.new_page(served.url + "/")
        frames.attach(tab.page)
        await log_in(tab, name, PASSWORDS[name])
        await wait_for_text(tab.page, "tables on this server")
        return tab

    return await browser.arun(go()), frames


async def keys(browser: BrowserThread, tab: Tab, *presses: str) -> None:
    """Press keys in the page (its terminal has the focus)."""

    async def go() -> None:
        for key in presses:
            await tab.page.keyboard.press(key)

    await browser.arun(go())


async def shows(browser: BrowserThread, tab: Tab, text: str) -> None:
    """Wait until ``text`` is on the page's terminal screen (the screen in the failure)."""
    try:
        await browser.arun(wait_for_text(tab.page, text))
    except Exception as exc:
        screen = "\n".join(await browser.arun(screen_text(tab.page)))
        raise AssertionError(f"{text!r} never showed; the screen:\n{screen}") from exc


async def create_table(
    owner: TableOwner, seats: list[tuple[str, str | None]], seed: int, invite: bool = False
) -> tuple[str, str | None]:
    """A Throw Octopus! table made by ``user:ann`` over the owner's protocol, as her lobby
    would; its code, and with ``invite`` the link of an invitation to it."""
    ticket = owner.issue_ticket("user:ann", "ann")
    assert owner.socket_path is not None
    host = await asyncio.to_thread(connect_owner, owner.socket_path, ticket)
    try:
        code = await asyncio.to_thread(host.create_table, GAME, seats, None, seed)
        if not invite:
            return code, None
        url, _ = await asyncio.to_thread(host.invite, code)
        return code, url
    finally:
        host.close()


HOVER_WAIT_MS = 3000
"""How long a hover may take to move the board's cursor (a guard: it moves within one redraw)."""

CURSOR_MOVED_JS = """
(before) => {
  const term = window.__gardensTerminals[0];
  const buffer = term.buffer.active;
  for (let y = 0; y < term.rows; y++) {
    const text = buffer.getLine(buffer.viewportY + y).translateToString(true);
    const found = text.match(/-?\\d+,-?\\d+: .*/);
    if (found) return found[0].trimEnd() !== before.trimEnd();
  }
  return false;
}
"""


async def test_log_in_refused_with_a_wrong_password_and_accepted_with_the_right_one(
    browser: BrowserThread,
    served: Served,
) -> None:
    """Behaviour: the browser's log-in takes the SSH server's password file. A wrong password
    is refused with a plain message and no terminal; the right one opens the lobby (the same
    lobby app as over SSH), and no request of the page goes anywhere but the server."""

    async def go() -> tuple[str, list[str], list[str]]:
        tab = await browser.new_page(served.url + "/")
        await log_in(tab, "ann", "not-her-password")
        refused = await tab.page.inner_text("main")
        await log_in(tab, "ann", PASSWORDS["ann"])
        await wait_for_text(tab.page, "Logged in as ann")
        screen = await screen_text(tab.page)
        host, port = "127.0.0.1", served.web.port
        return refused, screen, tab.requests.elsewhere(host, port)

    refused, screen, elsewhere = await browser.arun(go())
    assert "Wrong name or password" in refused
    assert any("tables on this server" in line for line in screen)
    assert elsewhere == []


async def test_two_browsers_and_one_ssh_player_never_see_each_others_hands(
    browser: BrowserThread,
    served: Served,
) -> None:
    """Rule: each seat sees only what it may, whichever terminal shows it. Ann and Bob in
    browsers and Cy over SSH sit at one Throw Octopus! table (hands hidden) and play some
    turns with the choices list (c, 1); everything each terminal was ever sent shows its own
    hand's tile names and never a tile the others held throughout."""
    owner = served.owner
    code, _ = await create_table(owner, [("ann", None), ("bob", None), ("cy", None)], seed=11)
    table: Table = owner.tables[code].table
    changed = asyncio.Event()
    table.add_listener(lambda _: changed.set())
    start_hands = [list(hand) for hand in table.state.hands]  # type: ignore[attr-defined]

    conn = await connect(served.ssh.port, "cy", password=PASSWORDS["cy"])
    try:
        pages = []
        for name in ("ann", "bob"):  # each logs in once the one before has sat down
            tab, frames = await open_player(browser, served, name)
            await shows(browser, tab, code)
            await keys(browser, tab, "Enter")
            await shows(browser, tab, f"Sit as {name}")
            await keys(browser, tab, "1")
            await shows(browser, tab, "Lobby")
            pages.append((tab, frames))
        (ann, ann_frames), (bob, bob_frames) = pages
        cy = await Terminal.open(conn)
        await cy.wait_for(code.encode())
        cy.send("\r")
        await cy.wait_for(rb"Sit as cy")
        cy.send("1")
        await cy.wait_for(rb"esc.{0,40}Lobby")

        async def choose(seat: int) -> bool:
            """The seat's person opens the list of choices and takes the first; False when
            their screen had not caught up yet (a bell)."""
            if seat == 2:
                mark = len(cy.seen)
                cy.send("c")
                await cy.wait_for(rb"Every choice|\x07", mark)
                if b"Every choice" not in cy.seen[mark:]:
                    return False
                cy.send("1")
                return True
            tab, frames = ((ann, ann_frames), (bob, bob_frames))[seat]
            mark = len(frames.data)
            await keys(browser, tab, "c")
            await frames.wait_for(rb"Every choice|\x07", mark)
            if b"Every choice" not in frames.data[mark:]:
                return False
            await keys(browser, tab, "1")
            return True

        made = 0
        while made < 6 and table.state.decision is not None:
            seat = table.state.current_player
            version = table.version
            if seat is not None and not forced(table):
                if not await choose(seat):
                    continue
                made += 1
            while table.version == version:
                changed.clear()
                await asyncio.wait_for(changed.wait(), GUARD)
        assert made == 6
        for tab in (ann, bob):  # each page catches up with the last change
            await keys(browser, tab, "?")
            await shows(browser, tab, "elp")
        mark = len(cy.seen)
        cy.send("?")
        await cy.wait_for(rb"Help|help", mark)

        hands = table.state.hands  # type: ignore[attr-defined]
        seen = {0: bytes(ann_frames.data), 1: bytes(bob_frames.data), 2: bytes(cy.seen)}
        for seat, output in seen.items():
            assert re.search(tile_pattern(start_hands[seat]), output), f"seat {seat}'s own hand"
            for other in set(seen) - {seat}:
                secret = [tile for tile in start_hands[other] if tile in hands[other]]
                assert secret, "the other seat still holds tiles it was dealt"
                assert not re.search(tile_pattern(secret), output), (
                    f"seat {seat} was sent a tile of seat {other}'s hand"
                )
    finally:
        conn.close()


async def test_an_invitation_seats_one_browser_player_once_and_a_reload_keeps_the_seat(
    browser: BrowserThread,
    served: Served,
    clock: Clock,
) -> None:
    """Behaviour (issue 30): an invitation link made in the lobby greets the guest with who
    invites them where, and a name makes them a player at that table's free seat (no key
    pressed). The link works once: a second person opening it is told it was used. A reload of
    the guest's page takes the same seat back. An invitation not used in time is refused as
    expired."""
    owner = served.owner
    seats = [("guest", None), ("Bo", "random"), ("Cy", "random")]
    code, url = await create_table(owner, seats, 3, invite=True)
    assert url is not None and url.startswith(served.url + "/invite/")
    hosted = owner.tables[code]

    async def accept() -> tuple[Tab, str]:
        tab = await browser.new_page(url)
        greeting = await tab.page.inner_text("main")
        await tab.page.fill("#name", "Flo")
        await tab.page.click("button[type=submit]")
        await wait_for_text(tab.page, "Lobby")  # the game screen's footer: she is seated
        return tab, greeting

    flo, greeting = await browser.arun(accept())
    assert f"ann invites you to play Throw Octopus! at table {code}" in greeting
    (seat, holder), *_ = [(s, h) for s, h in hosted.holders.items() if h.name == "Flo"]
    assert holder.identity.startswith("guest:")

    async def second_visit() -> tuple[int, str]:
        other = await browser.new_page(url)
        response = await other.page.reload()
        assert response is not None
        return response.status, await other.page.inner_text("main")

    status, refusal = await browser.arun(second_visit())
    assert status == 410 and "already been used" in refusal

    async def reload() -> None:
        await flo.page.reload()
        await wait_for_text(flo.page, "Lobby")

    await browser.arun(reload())
    assert hosted.holders.get(seat) == holder

    _, late = await create_table(
        owner, [("guest", None), ("Bo", "random"), ("Cy", "random")], 4, invite=True
    )
    assert late is not None
    clock.now += 31 * 60

    async def too_late() -> str:
        tab = await browser.new_page(late)
        return await tab.page.inner_text("main")

    assert "expired" in await browser.arun(too_late())


async def test_a_spectator_page_shows_the_table_and_no_hand(
    browser: BrowserThread,
    served: Served,
) -> None:
    """Rule: a spectator sees no hidden information. Dee watches a Throw Octopus! table of
    three bots (w in the lobby) from a browser while it plays; nothing her page was ever sent
    names a tile any seat held throughout."""
    owner = served.owner
    code, _ = await create_table(owner, [("Al", "random"), ("Bo", "random"), ("Cy", "random")], 5)
    table: Table = owner.tables[code].table
    hands = [list(hand) for hand in table.state.hands]  # type: ignore[attr-defined]
    dee, frames = await open_player(browser, served, "dee")
    await shows(browser, dee, code)
    await keys(browser, dee, "w")
    await shows(browser, dee, "Lobby")
    changed = asyncio.Event()
    table.add_listener(lambda _: changed.set())
    start = table.version
    while table.version < start + 3 and table.state.decision is not None:
        changed.clear()
        await asyncio.wait_for(changed.wait(), GUARD)
    await keys(browser, dee, "?")
    await shows(browser, dee, "elp")
    now = table.state.hands  # type: ignore[attr-defined]
    secret = [tile for seat, hand in enumerate(hands) for tile in hand if tile in now[seat]]
    assert secret, "the seats still hold tiles they were dealt"
    assert not re.search(tile_pattern(secret), bytes(frames.data))


async def test_a_shutdown_tells_the_page_why_its_terminal_closed(
    browser: BrowserThread,
    served: Served,
) -> None:
    """Behaviour (hardening): when the server stops, every browser session ends like an SSH
    one: the terminal is put back and the page says the server is restarting (no traceback,
    no silent drop)."""
    ann, _ = await open_player(browser, served, "ann")
    await served.web.stop_listening()
    await served.ssh.close()

    async def closed() -> str:
        await ann.page.wait_for_selector(".closed-dialog .message", state="visible")
        return await ann.page.inner_text(".closed-dialog .message")

    assert "restarting" in await browser.arun(closed())


async def test_a_click_on_a_free_place_plays_the_chosen_tile_there(
    browser: BrowserThread,
    served: Served,
) -> None:
    """Behaviour (issue 30: clicks land where they point): in a browser, pointing at a free
    place of the seascape (+) moves the board's cursor to that very place (the prompt names
    it), and a click on a place where the chosen tile fits plays it there: the table's next
    position has a tile on that cell."""
    owner = served.owner
    code, _ = await create_table(owner, [("ann", None), ("Bo", "random"), ("Cy", "random")], 8)
    table: Table = owner.tables[code].table
    ann, _ = await open_player(browser, served, "ann")
    await shows(browser, ann, code)
    await keys(browser, ann, "Enter")
    await shows(browser, ann, "Sit as ann")
    await keys(browser, ann, "1")
    await shows(browser, ann, "Enter: play")
    assert table.state.current_player == 0
    version = table.version

    async def cursor_line() -> str:
        screen = "\n".join(await screen_text(ann.page))
        found = re.search(r"-?\d+,-?\d+: [^\n]*", screen)
        return found[0] if found else ""

    async def click_a_fitting_place() -> tuple[int, int]:
        lines = await screen_text(ann.page)
        grid = await cell_size(ann.page)
        for row, line in enumerate(lines[:-8]):
            for col, char in enumerate(line[:100]):
                if char not in "+▶":  # a free place, or the cursor (on one)
                    continue
                before = await cursor_line()
                x, y = grid.centre(col, row)
                await ann.page.mouse.move(x, y)
                # the cursor follows the pointer, unless it was there already
                with contextlib.suppress(PlaywrightTimeout):
                    await ann.page.wait_for_function(
                        CURSOR_MOVED_JS, arg=before, timeout=HOVER_WAIT_MS
                    )
                found = re.match(r"(-?\d+),(-?\d+): Enter: play", await cursor_line())
                if found:
                    await ann.page.mouse.click(x, y)
                    return int(found[1]), int(found[2])
        raise AssertionError("no free place on the screen takes the chosen tile")

    cell = await browser.arun(click_a_fitting_place())
    changed = asyncio.Event()
    table.add_listener(lambda _: changed.set())
    while table.version == version:
        changed.clear()
        await asyncio.wait_for(changed.wait(), GUARD)
    assert cell in table.state.board  # type: ignore[attr-defined]


FAILING_APP = (sys.executable, str(Path(__file__).with_name("failing_app.py")))


async def test_a_failing_app_shows_the_page_one_plain_line_and_no_traceback(
    browser: BrowserThread, tmp_path: Path, clock: Clock
) -> None:
    """Rule (hardening): an app that fails shows the browser player the same one plain line
    as an SSH player (an incident, the game saved, the lobby on a key) and nothing of Python:
    no traceback, no path, in anything the page was sent; a key brings the lobby back."""
    async with web_servers(tmp_path, clock, FAILING_APP) as served:
        ann, frames = await open_player(browser, served, "ann")
        await keys(browser, ann, "r")  # the planted bug
        await shows(browser, ann, "incident")
        sent = bytes(frames.data)
        assert SECRET.encode() not in sent and b"Traceback" not in sent
        await keys(browser, ann, " ")
        await shows(browser, ann, "tables on this server")
