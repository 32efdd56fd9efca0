"""The web front end's door, over real HTTP on loopback (aiohttp's client; no browser needed):
the same log-in throttle, bans, names and session cap as the SSH server, cookies that are
``HttpOnly`` and ``SameSite=Strict``, websockets only for a logged-in page of this very server,
and hostile names refused or shown as text.

The servers run on the test's loop with the probe program standing in for the app (nothing
here needs the app): :func:`ssh_servers` and a :class:`WebFrontEnd` beside the SSH front end.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import asyncssh
import pytest
from ssh_clients import GUARD
from ssh_servers import ssh_servers

from gardens_tui.server.door.auth import password_line
from gardens_tui.server.door.guard import Limits
from gardens_tui.server.store.records import Ban
from gardens_tui.server.web.front import COOKIE, WebFrontEnd

PASSWORD = "ann-secret"


@contextlib.asynccontextmanager
async def web_front(files: Path, **settings: Any) -> AsyncIterator[WebFrontEnd]:
    """A web front end beside an SSH front end with ``settings``."""
    async with ssh_servers(files, **settings) as servers:
        ssh = await servers.start()
        front = WebFrontEnd(ssh, "127.0.0.1", 0, None)
        await front.start()
        try:
            yield front
        finally:
            await front.stop_listening()
            await ssh.close()
            await front.stop()


@pytest.fixture
async def web(tmp_path: Path) -> AsyncIterator[WebFrontEnd]:
    """A web front end (passwords; a block after 3 failures, no delays) beside an SSH one
    that allows one session."""
    passwords = tmp_path / "passwords"
    passwords.write_text(password_line("ann", PASSWORD) + "\n")
    limits = Limits(failures_before_block=3, first_delay=0.0, max_delay=0.0)
    async with web_front(tmp_path, password_file=passwords, limits=limits, max_sessions=1) as front:
        yield front


@pytest.fixture
async def client() -> AsyncIterator[aiohttp.ClientSession]:
    """An HTTP client that keeps cookies (like a browser) and does not follow redirects."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


async def log_in(
    client: aiohttp.ClientSession, web: WebFrontEnd, name: str, password: str
) -> tuple[int, str, aiohttp.ClientResponse]:
    """POST the log-in form; the status, the page and the response."""
    async with client.post(
        f"{web.public_url}/login",
        data={"name": name, "password": password},
        allow_redirects=False,
    ) as response:
        return response.status, await response.text(), response


async def test_a_right_password_gives_a_strict_http_only_cookie(
    web: WebFrontEnd, client: aiohttp.ClientSession
) -> None:
    """Behaviour: logging in with the password file's password answers with a redirect to the
    terminal page and a log-in cookie the page's scripts cannot read and other sites cannot
    send."""
    status, _, response = await log_in(client, web, "ann", PASSWORD)
    assert status == 303
    header = response.headers["Set-Cookie"]
    assert header.startswith(f"{COOKIE}=")
    assert "HttpOnly" in header and "SameSite=Strict" in header
    async with client.get(f"{web.public_url}/") as page:
        assert 'id="terminal"' in await page.text()


async def test_wrong_passwords_block_the_address_as_over_ssh(
    web: WebFrontEnd, client: aiohttp.ClientSession
) -> None:
    """Behaviour (hardening): failed browser logins count in the same throttle as SSH ones;
    after the limit (3 here) the address is blocked, and even the right password is then
    refused with how long to wait."""
    for _ in range(3):
        status, page, _ = await log_in(client, web, "ann", "guess")
        assert status == 403 and "Wrong name or password" in page
    status, page, _ = await log_in(client, web, "ann", PASSWORD)
    assert status == 429 and "try again in" in page


async def test_a_banned_address_gets_no_page(
    web: WebFrontEnd, client: aiohttp.ClientSession
) -> None:
    """Behaviour: the operator's bans hold for browsers: a connection from a banned address is
    closed before a byte of HTTP, as over SSH (no page, no form to try)."""
    web.ssh.records.bans.add(Ban("address", "127.0.0.1", "spam"))
    with pytest.raises(aiohttp.ClientConnectionError):
        async with client.get(f"{web.public_url}/"):
            pass
    assert web.ssh.guard.count == 0


async def test_hostile_names_are_refused_and_never_echoed_as_markup(
    web: WebFrontEnd, client: aiohttp.ClientSession
) -> None:
    """Behaviour (hostile text): a name with control characters is refused with the reason,
    and what was typed comes back as text, never as HTML."""
    status, page, _ = await log_in(client, web, "<b>x</b>\x1b[31m", "whatever")
    assert status == 400
    assert "<b>x</b>" not in page
    assert "\x1b" not in page


async def test_a_terminal_needs_a_log_in_and_this_servers_page(
    web: WebFrontEnd, client: aiohttp.ClientSession
) -> None:
    """Behaviour: the terminal's websocket opens only for a logged-in page of this server: no
    cookie, or a page of another site (its Origin), gets 403 and no app is started."""
    url = f"{web.public_url}/ws"
    async with client.get(url) as response:
        assert response.status == 403
    await log_in(client, web, "ann", PASSWORD)
    async with client.get(url, headers={"Origin": "http://evil.example"}) as response:
        assert response.status == 403
    assert web.ssh.gate.running == 0


async def test_a_full_server_refuses_a_terminal_plainly(
    web: WebFrontEnd, client: aiohttp.ClientSession
) -> None:
    """Behaviour (a cap on sessions, shared with SSH): with every session place taken, a
    page's terminal is refused with 503 and a plain reason."""
    await log_in(client, web, "ann", PASSWORD)
    assert web.ssh.gate.enter()  # the one place, taken (as by an SSH player)
    try:
        async with client.get(f"{web.public_url}/ws") as response:
            assert response.status == 503
            assert "full" in await response.text()
    finally:
        web.ssh.gate.leave()


@pytest.fixture
async def open_web(tmp_path: Path) -> AsyncIterator[WebFrontEnd]:
    """A web front end beside an ``--open`` SSH server."""
    async with web_front(tmp_path, open=True) as front:
        yield front


async def test_an_open_server_lets_a_browser_in_by_name_and_keeps_names_apart(
    open_web: WebFrontEnd, client: aiohttp.ClientSession
) -> None:
    """Behaviour: ``--open`` holds for browsers as for SSH: the log-in page asks for a name
    only, any acceptable name gets in (identity ``open:NAME``, the same person as over SSH),
    and a name that looks like one already in use by another identity is refused."""
    async with client.get(f"{open_web.public_url}/") as page:
        text = await page.text()
        assert 'id="name"' in text and 'id="password"' not in text
    status, _, _ = await log_in(client, open_web, "Zoe", "")
    assert status == 303
    assert [login.person.identity for login in open_web.logins.values()] == ["open:Zoe"]
    open_web.ssh.records.names.claim("Kim", "user:Kim")
    status, page, _ = await log_in(client, open_web, "Kim", "")
    assert status == 403


async def test_a_ban_by_name_ends_the_log_ins_of_that_name(
    web: WebFrontEnd, client: aiohttp.ClientSession
) -> None:
    """Behaviour: a name the operator bans after its player logged in in a browser loses that
    log-in: the page asks for a log-in again and no terminal opens for the old cookie."""
    await log_in(client, web, "ann", PASSWORD)
    web.ssh.records.bans.add(Ban("name", "ann", "spam"))
    async with client.get(f"{web.public_url}/") as page:
        assert 'id="terminal"' not in await page.text()
    async with client.get(f"{web.public_url}/ws") as response:
        assert response.status == 403
    assert not web.logins


async def test_a_server_of_keys_alone_sends_browsers_to_an_invitation(
    tmp_path: Path, client: aiohttp.ClientSession
) -> None:
    """Behaviour: with public keys the only way in, a browser has no log-in of its own: the
    page says so (ask a player for an invitation) and offers no form, and a log-in sent
    anyway is refused."""
    keys = tmp_path / "keys"
    keys.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_public_key())
    async with web_front(tmp_path, authorized_keys=keys) as front:
        async with client.get(f"{front.public_url}/") as page:
            text = await page.text()
        assert "invitation" in text and "<form" not in text
        status, _, _ = await log_in(client, front, "ann", "anything")
        assert status == 403 and not front.logins


async def until(condition: Callable[[], bool]) -> None:
    """Wait (polling the loop) until ``condition()`` holds; a guard against hanging."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), GUARD)


async def test_connections_that_do_not_log_in_are_capped_and_closed_in_time(
    tmp_path: Path, client: aiohttp.ClientSession
) -> None:
    """Behaviour (hardening, as for SSH): every TCP connection to the web port counts at the
    shared door from its first byte. Beyond the cap on connections from one address that have
    not logged in (2 here), a new one is closed at once; those that send nothing are closed
    once the log-in time (half a second here) is up; then a browser gets its page."""
    limits = Limits(max_unauthenticated_per_address=2, login_timeout=0.5)
    async with web_front(tmp_path, open=True, limits=limits) as front:
        guard = front.ssh.guard
        idle = [await asyncio.open_connection("127.0.0.1", front.port) for _ in range(2)]
        await until(lambda: guard.waiting_count == 2)
        reader, writer = await asyncio.open_connection("127.0.0.1", front.port)
        assert await asyncio.wait_for(reader.read(), GUARD) == b""  # refused at once
        assert guard.waiting_count == 2
        for reader, writer in idle:
            assert await asyncio.wait_for(reader.read(), GUARD) == b""  # swept
            writer.close()
        await until(lambda: guard.waiting_count == 0)
        async with client.get(f"{front.public_url}/") as page:
            assert page.status == 200
