"""Browsers at the shared tables: the web front end of ``gardens serve ssh --web PORT``.

It runs in the SSH server's process, beside :class:`~gardens_tui.server.ssh.front.SSHFrontEnd`,
and shares everything behind that front end's door with it (:class:`WebFrontEnd` is given the
SSH front end and uses its services): the table owner, the password file and ``--open``, the
bans, names and mutes, the login throttle and connection guard, the cap on sessions, the
session hosts that run each person's lobby app, idleness, incident reports and the operator's
tools (a browser session is one of :attr:`SSHFrontEnd.sessions`: ``gardens serve admin who``
lists it, ``kick`` and ``ban`` end it, a shutdown tells its page). A browser and an SSH client
are two terminals onto the same lobby app: SSH and browser players sit at one table, and each
sees only what their seat may (the app asks the owner for its seat's view, whichever terminal
shows it).

The pages (aiohttp):

- ``GET /``: the log-in form (:mod:`.pages`), or, with a valid log-in cookie, the terminal page:
  our template (``templates/app_index.html``) around textual-serve's terminal (xterm.js in
  ``textual.js``) and its fonts, all served from here (``/static/``): no request leaves for
  another host.
- ``POST /login``: a name and password from the password file (identity ``user:NAME``, the same
  person as over SSH), or with ``--open`` a name alone (``open:NAME``). Failures cost what they
  cost over SSH (:class:`~gardens_tui.server.door.guard.LoginThrottle`: a growing delay, then
  a block of the address or the name); bans and the names' rules apply as over SSH.
- ``GET``/``POST /invite/TOKEN``: an invitation an SSH player made in the lobby (``i``): the page
  says who invites to which table and asks for a name; sending it spends the invitation (once,
  before it expires, :mod:`gardens_tui.server.lobby.invites`) and logs the guest in (identity
  ``guest:…``, new for each invitation) straight into that table.
- ``GET /ws``: the terminal's websocket (same origin only, a valid log-in cookie only): the
  person's lobby app on a pseudo-terminal of its own
  (:class:`~gardens_tui.server.session.terminal.TerminalChild`, run by the session hosts).
  textual.js's messages: ``["stdin", text]`` (keys, mouse reports and pastes, through the same
  :class:`~gardens_tui.server.session.input_filter.InputFilter` as SSH), ``["resize",
  {"width", "height"}]``, ``["ping", x]`` (answered ``["pong", x]``); the app's output goes
  back as binary messages, paused while :data:`MAX_WRITE_BUFFER` bytes wait for a slow page.
  A reload (a new websocket with the same cookie) starts the app again for the same identity
  and takes the person back to the table they sat at (their seat is theirs by identity).

A log-in is a random cookie (``HttpOnly``, ``SameSite=Strict``) this process remembers for
:data:`LOGIN_HOURS` hours; a restart forgets them all (people log in again; their seats are
kept by identity). Every TCP connection to the web port counts in the shared guard from its
first byte (:mod:`.connections`: the cap on connections, on those not logged in, per address,
and a connection that has not logged in within ``--login-timeout`` seconds is closed).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from gardens_tui.rules.registry import get_spec
from gardens_tui.rules.safe_text import printable
from gardens_tui.server.door.auth import Person
from gardens_tui.server.door.guard import minutes
from gardens_tui.server.logs import AUDIT_LOGGER
from gardens_tui.server.session.input_filter import InputFilter
from gardens_tui.server.session.terminal import TerminalChild, clamp_size, farewell
from gardens_tui.server.store.names import (
    LoginNameRefused,
    mixed_script_problem,
    read_login_name,
)
from gardens_tui.server.web import pages
from gardens_tui.server.web.connections import ConnectionDoor
from gardens_tui.server.web.listening import listen, url_host

if TYPE_CHECKING:
    from gardens_tui.server.ssh.front import SSHFrontEnd

log = logging.getLogger(__name__)
audit = logging.getLogger(AUDIT_LOGGER)

COOKIE = "gardens_login"
LOGIN_HOURS = 12
MAX_LOGINS = 10_000
"""Log-ins remembered at once (the oldest are forgotten first)."""

MAX_WRITE_BUFFER = 1024 * 1024
"""Bytes of app output that may wait for a slow page before the app's output is paused."""

MAX_MESSAGE = 64 * 1024
"""The largest websocket message a page may send (a long paste arrives in several)."""

END_GRACE = 2.0
"""Seconds an app has to end after ``SIGHUP`` when the server ends its session."""

TEMPLATE = Path(__file__).with_name("templates") / "app_index.html"

PAGE_HOOKS = """<script>
// Show why the server closed the terminal (the close frame's reason) in the page's dialog.
(() => {
  const Native = window.WebSocket;
  function Hooked(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("close", (event) => {
      const box = document.querySelector(".closed-dialog .message");
      if (box && event.reason) box.textContent = event.reason;
    });
    return socket;
  }
  Hooked.prototype = Native.prototype;
  for (const key of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Hooked[key] = Native[key];
  window.WebSocket = Hooked;
  // The terminal's websocket is this page's own host, by the page's own scheme (behind a
  // proxy that speaks HTTPS the page is https: and its socket must be wss:).
  document.addEventListener("DOMContentLoaded", () => {
    const terminal = document.getElementById("terminal");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    if (terminal) terminal.dataset.sessionWebsocketUrl = `${scheme}//${location.host}/ws`;
  });
  // Keys go to the terminal from the start, without a click first.
  const focus = setInterval(() => {
    const keys = document.querySelector(".xterm-helper-textarea");
    if (keys) {
      keys.focus();
      clearInterval(focus);
    }
  }, 50);
})();
</script>"""

WILDCARDS = ("", "0.0.0.0", "::")
"""Listening addresses that are no address a browser can reach (every interface)."""

_VARIABLE = re.compile(r"\{\{\s*(.*?)\s*\}\}")


@dataclass
class WebLogin:
    """One browser's log-in: who, how, since when, and the table to open at the next start
    (an invitation's, then the one the person last sat at)."""

    person: Person
    method: str
    created: float
    join: str | None = None


class WebSession:
    """One page's terminal: the person's lobby app on its own pty, fed from the websocket.

    It has what the SSH front end's idleness checks and the operator's tools read of a
    session (``person``, ``address``, ``login``, ``started``, ``last_input``, ``warned``,
    ``ticket``, :meth:`end`)."""

    def __init__(
        self, web: WebFrontEnd, login: WebLogin, socket: web.WebSocketResponse, address: str
    ) -> None:
        self.web = web
        self.person = login.person
        self.login = f"web {login.method}"
        self.web_login = login
        self.socket = socket
        self.address = address
        self.started = time.monotonic()
        self.last_input = self.started
        self.warned = False
        self.ticket: str | None = None
        self.ending: str | None = None
        self.child: TerminalChild | None = None
        self._filter = InputFilter()
        self._out: list[bytes] = []
        self._queued = 0
        self._paused = False
        self._wake = asyncio.Event()
        self._done = asyncio.Event()

    @property
    def app_pid(self) -> int | None:
        """The process id of the session's app, while it runs."""
        return None if self.child is None else self.child.pid

    async def start(self, width: int, height: int) -> bool:
        """Start the app on a pty of ``width`` x ``height``; whether it started."""
        ssh = self.web.ssh
        env = ssh.child_env(self.person, "xterm-256color", self.ticket or "")
        if self.web_login.join:
            env["GARDENS_SERVER_JOIN"] = self.web_login.join
        child = TerminalChild(
            ssh.config.app_command,
            env,
            width,
            height,
            self._output,
            self._exited,
            lambda line: ssh.incident(self, line),
            ssh.launcher,
        )
        try:
            await child.start()
        except OSError as exc:
            log.error(
                "app not started for %s: %s", printable(self.person.name), exc.strerror or exc
            )
            return False
        self.child = child
        return True

    def _output(self, data: bytes) -> None:
        if self.ending is not None:
            return
        self._out.append(data)
        self._queued += len(data)
        if self._queued > MAX_WRITE_BUFFER and self.child is not None and not self._paused:
            self._paused = True
            self.child.pause_output()
        self._wake.set()

    def _exited(self, status: int) -> None:
        if self.ending is None:
            reason = "You left the server." if status >= 0 else self.web.crash_reason
            if status < 0:
                self._output(farewell(reason))
            self.ending = reason
        self._wake.set()

    async def pump(self) -> None:
        """Send the app's output to the page until the session ends; then close the page's
        websocket with the reason (the page shows it)."""
        socket = self.socket
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._out:
                    chunk = b"".join(self._out)
                    self._out.clear()
                    self._queued = 0
                    await socket.send_bytes(chunk)
                if self._paused and self.child is not None:
                    self._paused = False
                    self.child.resume_output()
                if self.ending is not None:
                    break
            await socket.close(code=1000, message=self.ending.encode("utf-8")[:120])
        except (ConnectionError, RuntimeError, OSError):
            pass  # the page went away
        finally:
            self._done.set()

    def received(self, text: str) -> None:
        """One text message of textual.js's (see the module docstring); anything else is
        ignored."""
        try:
            message = json.loads(text)
            kind, value = message[0], message[1]
        except (ValueError, TypeError, IndexError, KeyError):
            return
        child = self.child
        if kind == "stdin" and isinstance(value, str):
            self.last_input = time.monotonic()
            self.warned = False
            keys = self._filter.feed(value.encode("utf-8", "replace"))
            if keys and child is not None and self.ending is None:
                child.write(keys)
        elif kind == "resize" and isinstance(value, dict):
            width, height = value.get("width"), value.get("height")
            if type(width) is int and type(height) is int and child is not None:
                child.resize(*clamp_size(width, height))
        elif kind == "ping" and isinstance(value, str):
            self.web.ssh.tracker.track(
                asyncio.get_running_loop().create_task(self._send_text(["pong", value[:64]]))
            )

    async def _send_text(self, message: list[Any]) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError, OSError):
            await self.socket.send_str(json.dumps(message))

    async def end(self, reason: str) -> None:
        """End this session because of the server (a shutdown, a kick, a ban, idleness): stop
        the app, show ``reason`` in the terminal and in the page, close the websocket."""
        if self.ending is not None:
            return
        self.ending = reason
        child, self.child = self.child, None
        if child is not None:
            await child.close(END_GRACE)
        self._out.append(farewell(reason))
        self._wake.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._done.wait(), END_GRACE)

    async def close_app(self) -> None:
        """The page went away: stop the app (its seat stays the person's)."""
        if self.ending is None:
            self.ending = "the page closed"
        self._wake.set()
        child, self.child = self.child, None
        if child is not None:
            await child.close()


class WebFrontEnd:
    """The web front end (see the module docstring) on ``host``:``port``, riding on the SSH
    front end ``ssh``; ``public_url`` is how browsers reach it (for invitation links)."""

    crash_reason = "The game stopped unexpectedly; your table is saved. Reload the page to go on."

    def __init__(self, ssh: SSHFrontEnd, host: str, port: int, public_url: str | None) -> None:
        self.ssh = ssh
        self.host = host
        self.port = port
        self.public_url = public_url
        self.logins: dict[str, WebLogin] = {}
        self._runner: web.AppRunner | None = None
        self.connections: ConnectionDoor | None = None
        """The web port's connections at the shared door (from :meth:`start`)."""
        self._sweeper: asyncio.Task[None] | None = None
        self._closing = False
        self._static = _textual_static()
        self._template = TEMPLATE.read_text(encoding="utf-8")

    # --- the application -----------------------------------------------------------------------

    def application(self) -> web.Application:
        """The aiohttp application: the routes of the module docstring, behind the door."""
        app = web.Application(middlewares=[self._door], client_max_size=16 * 1024)
        app.router.add_get("/", self._index)
        app.router.add_post("/login", self._login)
        app.router.add_post("/logout", self._logout)
        app.router.add_get("/invite/{token}", self._invite_form)
        app.router.add_post("/invite/{token}", self._invite_accept)
        app.router.add_get("/ws", self._websocket)
        app.router.add_static("/static/", self._static, follow_symlinks=False)
        return app

    async def start(self) -> list[tuple[str, int]]:
        """Listen on ``host``:``port`` (0: a free one); the addresses listened on. The owner's
        invitations point here from now on."""
        ssh = self.ssh
        self.connections = ConnectionDoor(
            ssh.guard,
            ssh.config.limits.login_timeout,
            lambda address: ssh.records.bans.of_address(address) is not None,
        )
        self._runner, addresses = await listen(
            self.application(), self.host, self.port, self.connections.attach, access_log=None
        )
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        if addresses:
            self.port = addresses[0][1]
        if self.public_url is None:
            host = self.host
            if host in WILDCARDS:  # every interface: the machine's own name, at a guess
                host = socket.getfqdn()
            self.public_url = f"http://{url_host(host)}:{self.port}"
        self.ssh.owner.invite_base = self.public_url.rstrip("/")
        return addresses

    async def _sweep(self) -> None:
        """Close the connections that did not log in in time, every few seconds."""
        assert self.connections is not None
        step = min(5.0, max(0.1, self.connections.login_timeout / 4))
        while True:
            await asyncio.sleep(step)
            self.connections.sweep()

    async def stop_listening(self) -> None:
        """Refuse new pages (the sessions open go on until the SSH front end ends them)."""
        self._closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.ssh.owner.invite_base = None

    async def stop(self) -> None:
        """Close everything left (after the SSH front end has ended the sessions)."""
        self._closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- the door ------------------------------------------------------------------------------

    @web.middleware
    async def _door(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Refuse a stopping server and banned addresses; a request with a valid log-in makes
        its connection a logged-in one (:class:`~.connections.ConnectionDoor` counts the
        connections themselves)."""
        ssh = self.ssh
        if self._closing:
            return _html(pages.refused_page("gardens-tui", "The server is stopping."), 503)
        ban = ssh.records.bans.of_address(_address(request))
        if ban is not None:
            return _html(pages.refused_page("gardens-tui", ssh.ban_reason(ban)), 403)
        if self._login_of(request) is not None and self.connections is not None:
            self.connections.authenticated(request.protocol)
        return await handler(request)

    def _login_of(self, request: web.Request) -> WebLogin | None:
        token = request.cookies.get(COOKIE)
        if not token:
            return None
        login = self.logins.get(token)
        if login is None:
            return None
        expired = time.time() - login.created > LOGIN_HOURS * 3600
        if expired or self.ssh.records.bans.of_name(login.person.name) is not None:
            del self.logins[token]  # (a name banned since: its log-ins end with the ban)
            return None
        return login

    def _remember(self, person: Person, method: str, join: str | None) -> str:
        while len(self.logins) >= MAX_LOGINS:
            del self.logins[next(iter(self.logins))]
        token = secrets.token_urlsafe(32)
        self.logins[token] = WebLogin(person, method, time.time(), join)
        return token

    def _logged_in(
        self, person: Person, method: str, join: str | None, address: str
    ) -> web.Response:
        response = web.Response(status=303, headers={"Location": "/"})
        response.set_cookie(
            COOKIE,
            self._remember(person, method, join),
            max_age=LOGIN_HOURS * 3600,
            httponly=True,
            samesite="Strict",
            path="/",
        )
        audit.info(
            "login: %s (%s) from %s with web %s",
            printable(person.name),
            printable(person.identity),
            address,
            method,
        )
        return response

    # --- pages ---------------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.StreamResponse:
        if self._login_of(request) is None:
            return self._login_form()
        return _html(self._terminal_page())

    def _login_form(self, refusal: str = "", name: str = "", status: int = 200) -> web.Response:
        ssh = self.ssh
        how = "open" if ssh.config.open else "passwords" if ssh.passwords else "keys"
        page = pages.login_page(
            how=how,
            motd=ssh.records.motd,
            refusal=refusal,
            name=name,
        )
        return _html(page, status)

    def _terminal_page(self) -> str:
        values = {
            "config.static.url": "/static/",
            "app_websocket_url": "/ws",  # made absolute by the page (PAGE_HOOKS)
            "font_size": "16",
            "ping_url": "",
            "application.name": "gardens-tui",
            "application.name or 'Textual Application'": "gardens-tui",
        }
        text = _VARIABLE.sub(lambda m: html.escape(values.get(m.group(1), "")), self._template)
        return text.replace("</head>", PAGE_HOOKS + "</head>", 1)

    async def _login(self, request: web.Request) -> web.StreamResponse:
        ssh = self.ssh
        address = _address(request)
        form = await request.post()
        raw_name = str(form.get("name", ""))[:256]
        password = str(form.get("password", ""))[:1024]
        blocked = ssh.throttle.address_blocked(address)
        if blocked:
            return self._login_form(
                f"Too many failed logins from your address: try again in {minutes(blocked)}.",
                status=429,
            )
        name, problem = _checked_name(raw_name)
        if problem is not None:
            return self._login_form(problem, status=400)
        ban = ssh.records.bans.of_name(name)
        if ban is not None:
            return self._login_form(ssh.ban_reason(ban), status=403)
        if ssh.config.open:
            identity, method = f"open:{name}", "open"
        else:
            passwords = ssh.passwords
            if passwords is None:
                return self._login_form("This server takes no passwords.", status=403)
            blocked = ssh.throttle.name_blocked(name)
            if blocked:
                return self._login_form(
                    f"Too many wrong passwords for {name}: try again in {minutes(blocked)}.",
                    name=name,
                    status=429,
                )
            if not await ssh.check_password(passwords, name, password):
                delay = ssh.throttle.delay(address, name)
                for what in ssh.throttle.failed(address, name):
                    audit.warning("login blocked: %s, after failures", what)
                audit.info(
                    "login failed: wrong password for %s from %s (web)", printable(name), address
                )
                await asyncio.sleep(delay)
                return self._login_form("Wrong name or password.", name=name, status=403)
            identity, method = f"user:{name}", "password"
        refusal = ssh.records.names.check(name, identity)
        if refusal is not None:
            return self._login_form(refusal, name=name, status=403)
        person = Person(identity, name)
        ssh.throttle.succeeded(address, name)
        ssh.claimed(person)
        return self._logged_in(person, method, None, address)

    async def _logout(self, request: web.Request) -> web.StreamResponse:
        token = request.cookies.get(COOKIE)
        if token:
            self.logins.pop(token, None)
        response = web.Response(status=303, headers={"Location": "/"})
        response.del_cookie(COOKIE, path="/")
        return response

    def _invite_of(self, token: str) -> tuple[Any, str | None]:
        from gardens_tui.server.lobby.invites import InviteRefused

        try:
            return self.ssh.owner.peek_invite(token), None
        except InviteRefused as refused:
            return None, refused.reason

    def _game_title(self, code: str) -> str:
        hosted = self.ssh.owner.tables.get(code)
        if hosted is None:
            return "a game"
        try:
            return get_spec(hosted.table.setup.game).title
        except ValueError:
            return "a game"

    async def _invite_form(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"][:64]
        invite, refusal = self._invite_of(token)
        if invite is None:
            return _html(pages.refused_page("gardens-tui: an invitation", refusal or ""), 410)
        return _html(
            pages.invite_page(token, invite.name, invite.code, self._game_title(invite.code))
        )

    async def _invite_accept(self, request: web.Request) -> web.StreamResponse:
        from gardens_tui.server.lobby.invites import InviteRefused

        ssh = self.ssh
        address = _address(request)
        token = request.match_info["token"][:64]
        invite, refusal = self._invite_of(token)
        if invite is None:
            return _html(pages.refused_page("gardens-tui: an invitation", refusal or ""), 410)
        form = await request.post()
        name, problem = _checked_name(str(form.get("name", ""))[:256])
        identity = f"guest:{secrets.token_hex(8)}"
        if problem is None:
            ban = ssh.records.bans.of_name(name)
            problem = ssh.ban_reason(ban) if ban is not None else None
        if problem is None:
            problem = ssh.records.names.check(name, identity)
        if problem is not None:
            page = pages.invite_page(
                token,
                invite.name,
                invite.code,
                self._game_title(invite.code),
                refusal=problem,
            )
            return _html(page, 400)
        try:
            invite = ssh.owner.redeem_invite(token, guest=name)
        except InviteRefused as refused:
            return _html(pages.refused_page("gardens-tui: an invitation", refused.reason), 410)
        return self._logged_in(Person(identity, name), "invitation", invite.code, address)

    # --- the terminal --------------------------------------------------------------------------

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        ssh = self.ssh
        login = self._login_of(request)
        if login is None:
            return web.Response(status=403, text="log in first")
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            return web.Response(status=403, text="another site's page may not open a terminal")
        if not ssh.gate.enter():
            return web.Response(status=503, text="the server is full")
        socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=60)
        session: WebSession | None = None
        try:
            await socket.prepare(request)
            session = WebSession(self, login, socket, _address(request))
            person = login.person
            session.ticket = ssh.owner.issue_ticket(person.identity, person.name)
            width, height = _size(request)
            if not await session.start(width, height):
                await socket.close(
                    code=1011, message=b"The game could not start on this server right now."
                )
                return socket
            ssh.sessions.add(session)
            pump = asyncio.get_running_loop().create_task(session.pump())
            async for message in socket:
                if message.type == WSMsgType.TEXT:
                    session.received(message.data)
                elif message.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
                if session.ending is not None and pump.done():
                    break
            place = ssh.owner.place(session.ticket) if session.ticket else None
            if place is not None:
                login.join = place[0]
            await session.close_app()
            with contextlib.suppress(asyncio.CancelledError):
                await pump
            return socket
        finally:
            ssh.gate.leave()
            if session is not None:
                ssh.sessions.discard(session)
                if session.ticket is not None:
                    ssh.owner.revoke_ticket(session.ticket)
                if session.child is not None:
                    await session.close_app()


def _textual_static() -> Path:
    import textual_serve

    return Path(textual_serve.__file__).with_name("static")


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(
        text=text,
        status=status,
        content_type="text/html",
        headers={
            "Content-Security-Policy": (
                "default-src 'self'; script-src 'self' 'unsafe-inline'; "
                "style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; "
                "font-src 'self'; frame-ancestors 'none'"
            ),
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
        },
    )


def _address(request: web.Request) -> str:
    return request.remote or "?"


def _size(request: web.Request) -> tuple[int, int]:
    try:
        width = int(request.query.get("width", "80"))
        height = int(request.query.get("height", "24"))
    except ValueError:
        width, height = 80, 24
    return clamp_size(width, height)


def _checked_name(raw: str) -> tuple[str, str | None]:
    """The name typed, and why it may not be used (``None``: it may)."""
    raw = raw.strip()
    if not raw:
        return "", "Type a name."
    try:
        name = read_login_name(raw.encode("utf-8"))
    except LoginNameRefused as refused:
        return raw, refused.reason
    problem = mixed_script_problem(name)
    return name, problem
