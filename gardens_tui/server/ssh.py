"""The SSH front end: nothing but the game, one app process per session, safe to open to
strangers.

:func:`start_ssh_server` listens on the given address only (its own accept loop,
:class:`~gardens_tui.server.listener.Listener`) and offers:

- **a door** (:mod:`gardens_tui.server.guard`): at most ``max_connections`` connections, a cap
  on those not logged in yet (in all and per address) and ``login_timeout`` seconds to log in;
  banned addresses are closed at once;
- **authentication** as :mod:`gardens_tui.server.auth` says (keys, passwords, or ``--open``),
  where failures cost the one failing: wrong passwords are answered later and later and then
  blocked, per address and per name; a connection may fail ``max_auth_tries`` times; password
  hashes are computed in worker threads, a few at a time, never on the event loop;
- **names that are identities** (:mod:`gardens_tui.server.names`): the login name is checked as
  the client sent it (bytes that are not UTF-8, invisible or compatibility characters are
  refused with a reason), a name that looks like another identity's or like a reserved one is
  refused, and the first identity to use a name owns it from then on;
- **one thing**: an interactive session with a pseudo-terminal, running the app
  (:data:`APP_COMMAND`) on its own pty (:class:`~gardens_tui.server.terminal.TerminalChild`).
  ``exec``, subsystems (SFTP), port and socket forwarding, X11 and agent forwarding are all
  refused. A session without a pty gets :data:`NO_PTY_MESSAGE` and is closed; at most
  ``max_sessions`` app processes run at once (one more gets :data:`FULL_MESSAGE`);
- **input that is only input**: every byte a client sends goes through an
  :class:`~gardens_tui.server.input_filter.InputFilter` (UTF-8 always, pastes whole and
  bounded, a bounded rate);
- **incidents**: what the app reports on its incident pipe is logged with the session's name,
  identity and address; the player saw one plain line;
- **an end with a reason**: a session ended by the server (shutdown, a kick, a ban, idleness)
  gets its terminal restored (:func:`~gardens_tui.server.terminal.farewell`) and a line saying
  why; a session idle for ``idle_seconds`` is warned ``idle_warning`` seconds before.

The operator's tools (:class:`SSHFrontEnd`'s ``who``, ``kick``, ``ban``… and :meth:`reload`)
are what :mod:`gardens_tui.server.admin` offers on its local socket.

asyncssh's line editor is off and data stays bytes (``line_editor=False``, ``encoding=None``), so
keys reach the app as typed; a window change resizes the pty.

The app process gets a clean environment: ``TERM`` from the client (checked), ``LANG``, the
player's name, a data folder of its own (``GARDENS_TUI_HOME``) and a one-time ticket for the
table owner (``GARDENS_SERVER_SOCKET``, ``GARDENS_SERVER_TICKET``,
see :mod:`gardens_tui.server.owner`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import re
import socket
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
from asyncssh.constants import MSG_USERAUTH_REQUEST
from asyncssh.packet import SSHPacket

from gardens_tui.rules.safe_text import printable
from gardens_tui.server.auth import PasswordFile, Person
from gardens_tui.server.guard import ConnectionGuard, Limits, LoginThrottle, address_key
from gardens_tui.server.input_filter import InputFilter
from gardens_tui.server.listener import OUT_OF_RESOURCES, Listener
from gardens_tui.server.logs import AUDIT_LOGGER
from gardens_tui.server.names import LoginNameRefused, mixed_script_problem, read_login_name
from gardens_tui.server.owner import TableOwner
from gardens_tui.server.records import (
    Ban,
    BanKind,
    FileRecordStore,
    Records,
    RecordStore,
    check_ban,
    check_motd,
)
from gardens_tui.server.terminal import TerminalChild, farewell

log = logging.getLogger(__name__)
audit = logging.getLogger(AUDIT_LOGGER)
"""Logins, failures, bans and the operator's acts: never rate-limited (see
:mod:`gardens_tui.server.logs`)."""

APP_COMMAND = (sys.executable, "-m", "gardens_tui.server.app_child")
NO_PTY_MESSAGE = b"gardens-tui needs a terminal: connect with `ssh -t`.\r\n"
FULL_MESSAGE = b"The gardens-tui server is full right now; please try again later.\r\n"
SHUTDOWN_REASON = "The gardens-tui server is restarting; your table is saved. Connect again soon."
CRASH_REASON = "The game stopped unexpectedly; your table is saved. Connect again to go on."
_TERM_RE = re.compile(r"^[A-Za-z0-9._+-]{1,40}$")
MAX_WRITE_BUFFER = 1024 * 1024
"""Bytes of app output that may wait for a slow client before the app's output is paused."""

END_GRACE = 2.0
"""Seconds an app has to end after ``SIGHUP`` when the server ends its session."""

RETRY_START = 0.1
"""Seconds before starting an app again when the first try found no file descriptor."""

ROOM = 8
"""Connections not logged in yet closed at once when the process runs out of descriptors: a
session starting needs several for a moment (its pty, its pipes, its socket)."""

DESCRIPTORS_PER_SESSION = 4
"""File descriptors the server process holds for one session: the connection, the pty, the
owner's end of the app's socket and the incident pipe."""


@dataclass
class ServerConfig:
    """What ``gardens serve ssh`` was told."""

    host: str = "127.0.0.1"
    port: int = 2222
    host_key: Path | None = None
    authorized_keys: Path | None = None
    password_file: Path | None = None
    open: bool = False
    max_sessions: int = 50
    homes: Path | None = None
    """Where each identity's data folder goes (``None``: a folder beside the host key)."""
    records: Path | None = None
    """Where bans, names, mutes and the message of the day are kept (``None``: in memory)."""
    limits: Limits = field(default_factory=Limits)
    idle_seconds: float = 30 * 60.0
    """A session without a key for this long is closed (0: never)."""
    idle_warning: float = 60.0
    """Seconds before that the player is warned."""
    app_command: Sequence[str] = field(default=APP_COMMAND)
    escape_delay_ms: int = 25
    """Textual's wait after a bare Esc (``ESCDELAY``); keys arrive whole over SSH."""


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The host key in ``path``, generated (Ed25519) and written there (mode 0600) if the file
    does not exist yet."""
    try:
        return asyncssh.read_private_key(str(path))
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    return key


def minutes(seconds: float) -> str:
    """``seconds`` in words for a player ("3 minutes", "1 minute", "40 seconds")."""
    if seconds < 60:
        whole = max(1, round(seconds))
        return f"{whole} second{'s' if whole != 1 else ''}"
    whole = round(seconds / 60)
    return f"{whole} minute{'s' if whole != 1 else ''}"


def _refuse(code: int, reason: str) -> asyncssh.DisconnectError:
    return asyncssh.DisconnectError(code, reason)


class Gate:
    """Counts the running app sessions against ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.running = 0

    def enter(self) -> bool:
        """Take a place; False when full."""
        if self.running >= self.limit:
            return False
        self.running += 1
        return True

    def leave(self) -> None:
        """Give a place back."""
        self.running -= 1


class Tracker:
    """The server's live connections and the app processes still being closed."""

    def __init__(self) -> None:
        self.connections: set[Any] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self._idle = asyncio.Event()
        self._idle.set()

    def add_connection(self, conn: Any) -> None:
        """A connection started."""
        self.connections.add(conn)
        self._idle.clear()

    def remove_connection(self, conn: Any) -> None:
        """A connection ended."""
        self.connections.discard(conn)
        self._check()

    def track(self, task: asyncio.Task[None]) -> None:
        """Keep ``task`` (an app being closed) until it is done."""
        self.tasks.add(task)
        self._idle.clear()
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        self._check()

    def _check(self) -> None:
        if not self.connections and not self.tasks:
            self._idle.set()

    async def wait_idle(self) -> None:
        """Wait until no connection is open and every app process has ended."""
        while not (self._idle.is_set() and not self.connections and not self.tasks):
            await self._idle.wait()
            if self.connections or self.tasks:
                self._idle.clear()


class Visitor:
    """One TCP connection from its acceptance on: its socket until asyncssh takes it over,
    then its SSH connection. What the door counts and may close."""

    def __init__(self, sock: socket.socket, address: str) -> None:
        self.sock = sock
        self.address = address
        self.conn: Any = None
        self.handed = False
        """The socket belongs to asyncssh now (never closed behind its back)."""
        self.closed = False

    def close(self) -> None:
        """Close the connection now (idempotent). A socket asyncssh has taken but not yet
        made a connection of is closed by :meth:`GameServer.connection_made`."""
        if self.closed:
            return
        self.closed = True
        if self.conn is not None:
            self.conn.abort()
        elif not self.handed:
            self.sock.close()


class GameSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One SSH session: a pty request, then a shell request, then the app on its own pty."""

    def __init__(self, server: GameServer) -> None:
        self._server = server
        self.front = server.front
        self.person = server.person
        self.address = server.address
        self.login = server.login_method
        self._chan: Any = None
        self._term = "xterm-256color"
        self._size: tuple[int, int] | None = None
        self._child: TerminalChild | None = None
        self.ticket: str | None = None
        self._entered = False
        self._filter = InputFilter()
        self.started = time.monotonic()
        self.last_input = self.started
        self.warned = False
        self.ending: str | None = None
        """Why the server is ending this session (``None``: it is not)."""

    @property
    def app_pid(self) -> int | None:
        """The process id of the session's app, while it runs."""
        return None if self._child is None else self._child.pid

    def connection_made(self, chan: Any) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], _: Any) -> bool:
        self._term = term_type if _TERM_RE.match(term_type or "") else "xterm-256color"
        self._size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def session_started(self) -> None:
        if self._size is None:
            self._chan.write(NO_PTY_MESSAGE)
            self._chan.exit(1)
            return
        front = self.front
        if not front.gate.enter():
            self._chan.write(FULL_MESSAGE)
            self._chan.exit(1)
            return
        self._entered = True
        person = self.person
        assert person is not None
        self.ticket = front.owner.issue_ticket(person.identity, person.name)
        self._start_app(again=True)

    def _start_app(self, *, again: bool) -> None:
        """Start the app on its pty; out of file descriptors, make room and try ``again``
        a moment later (the room made is freed on the loop's next turns)."""
        front, person = self.front, self.person
        assert person is not None and self.ticket is not None and self._size is not None
        if self.ending is not None:
            return
        child = TerminalChild(
            front.config.app_command,
            front.child_env(person, self._term, self.ticket),
            *self._size,
            self._output,
            self._exited,
            self._report,
        )
        try:
            child.start()
        except OSError as exc:
            if again and exc.errno in OUT_OF_RESOURCES and front.make_room():
                asyncio.get_running_loop().call_later(
                    RETRY_START, lambda: self._start_app(again=False)
                )
                return
            log.error("app not started for %s: %s", printable(person.name), exc.strerror or exc)
            with contextlib.suppress(OSError, asyncssh.Error):
                self._chan.write(b"The game could not start on this server right now.\r\n")
                self._chan.exit(1)
            return
        self._child = child
        front.sessions.add(self)

    def _output(self, data: bytes) -> None:
        if self.ending is not None:
            return
        try:
            self._chan.write(data)
        except (BrokenPipeError, OSError):  # the client went away: the app is being closed
            if self._child is not None:
                self._child.pause_output()
            return
        if self._chan.get_write_buffer_size() > MAX_WRITE_BUFFER and self._child is not None:
            self._child.pause_output()

    def _report(self, line: bytes) -> None:
        self.front.incident(self, line)

    def pause_writing(self) -> None:
        if self._child is not None:
            self._child.pause_output()

    def resume_writing(self) -> None:
        if self._child is not None:
            self._child.resume_output()

    def _exited(self, status: int) -> None:
        if self.ending is not None:
            return
        with contextlib.suppress(OSError, asyncssh.Error):
            if status < 0:  # killed: it never put the terminal back
                self._chan.write(farewell(CRASH_REASON))
            self._chan.exit(status if status >= 0 else 1)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        self.warned = False
        if self._child is not None and self.ending is None:
            keys = self._filter.feed(data)
            if keys:
                self._child.write(keys)

    def terminal_size_changed(self, width: int, height: int, pixw: int, pixh: int) -> None:
        if self._child is not None:
            self._child.resize(width, height)

    def eof_received(self) -> bool:
        return False

    async def end(self, reason: str) -> None:
        """End this session because of the server: stop its app, put the player's terminal
        back, say ``reason`` and close the channel."""
        if self.ending is not None:
            return
        self.ending = reason
        child = self._child
        if child is not None:
            await child.close(END_GRACE)
        with contextlib.suppress(OSError, asyncssh.Error):
            self._chan.write(farewell(reason))
            self._chan.exit(1)

    def connection_lost(self, exc: Exception | None) -> None:
        front = self.front
        front.sessions.discard(self)
        if self.ticket is not None:
            front.owner.revoke_ticket(self.ticket)
        if self._entered:
            front.gate.leave()
            self._entered = False
        child, self._child = self._child, None
        if child is not None:
            front.tracker.track(asyncio.get_running_loop().create_task(child.close()))


class GameServer(asyncssh.SSHServer):
    """One SSH connection: authenticates a :class:`~gardens_tui.server.auth.Person` (see the
    module docstring), then offers :class:`GameSession` and nothing else."""

    def __init__(self, front: SSHFrontEnd, visitor: Visitor) -> None:
        self.front = front
        self.visitor = visitor
        self.address = visitor.address
        self._conn: Any = None
        self._name = ""
        self._candidate: Person | None = None
        self._method = ""
        self.person: Person | None = None
        self.login_method = ""
        """How the person logged in, for the log and ``who``: ``key SHA256:…``, ``password``
        or ``open``."""
        self._refused_keys: set[str] = set()
        self._wrong_passwords = 0

    # --- the connection -------------------------------------------------------------------------

    def connection_made(self, conn: Any) -> None:
        self._conn = conn
        self.visitor.conn = conn
        self.front.tracker.add_connection(conn)
        _check_raw_user_names(conn, self._check_raw_name)
        if self.visitor.closed:  # evicted while asyncssh was taking the socket over
            conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        front = self.front
        front.tracker.remove_connection(self._conn)
        front.guard.leave(self.visitor)
        if self.person is None and self._refused_keys and not self._wrong_passwords:
            # A connection that offered only keys nobody listed: one failure for its address.
            for blocked in front.throttle.failed(self.address, None):
                audit.warning("login blocked: %s, after failures", blocked)

    def _check_raw_name(self, raw: bytes) -> None:
        try:
            read_login_name(raw)
        except LoginNameRefused as refused:
            log.info("login refused from %s: %s", self.address, refused.reason)
            raise _refuse(asyncssh.DISC_ILLEGAL_USER_NAME, refused.reason) from None

    # --- authentication -------------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        front = self.front
        self._name = username
        blocked = front.throttle.address_blocked(self.address)
        if blocked:
            raise _refuse(
                asyncssh.DISC_HOST_NOT_ALLOWED_TO_CONNECT,
                f"too many failed logins from {address_key(self.address)}: "
                f"try again in {minutes(blocked)}",
            )
        ban = front.records.bans.of_name(username)
        if ban is not None:
            log.warning(
                "login refused: name %s is banned (from %s)", printable(username), self.address
            )
            raise _refuse(asyncssh.DISC_ILLEGAL_USER_NAME, front.ban_reason(ban))
        problem = mixed_script_problem(username)
        if problem is not None:
            log.info("login refused from %s: %s", self.address, printable(problem))
            raise _refuse(asyncssh.DISC_ILLEGAL_USER_NAME, problem)
        if front.config.open:
            self._claim(f"open:{username}", "open")
            self.person = self._candidate
            return False
        return True

    def _claim(self, identity: str, method: str) -> None:
        """``identity`` may use the name typed (or a ``DisconnectError`` says why not): it
        becomes the candidate."""
        refusal = self.front.records.names.check(self._name, identity)
        if refusal is not None:
            log.warning(
                "login refused: %s for %s from %s (%s)",
                printable(refusal),
                printable(self._name),
                self.address,
                method,
            )
            raise _refuse(asyncssh.DISC_ILLEGAL_USER_NAME, refusal)
        self._candidate = Person(identity, self._name)
        self._method = method

    def _count_failure(self) -> None:
        tries = len(self._refused_keys) + self._wrong_passwords
        if tries >= self.front.config.limits.max_auth_tries:
            raise _refuse(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                f"too many failed attempts ({tries}) on one connection",
            )

    def auth_completed(self) -> None:
        front = self.front
        if self.person is None:
            self.person = self._candidate
        person = self.person
        if person is None:  # pragma: no cover - asyncssh completes only after a success
            return
        self.login_method = self._method
        front.guard.authenticated(self.visitor)
        front.throttle.succeeded(self.address, person.name)
        front.claimed(person)
        audit.info(
            "login: %s (%s) from %s with %s",
            printable(person.name),
            printable(person.identity),
            self.address,
            self._method,
        )

    def password_auth_supported(self) -> bool:
        return self.front.passwords is not None

    async def validate_password(self, username: str, password: str) -> bool:
        front = self.front
        passwords = front.passwords
        if passwords is None:
            return False
        blocked = front.throttle.name_blocked(username)
        if blocked:
            raise _refuse(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                f"too many wrong passwords for {username}: try again in {minutes(blocked)}",
            )
        ok = await front.check_password(passwords, username, password)
        if ok:
            self._claim(f"user:{username}", "password")
            return True
        self._wrong_passwords += 1
        delay = front.throttle.delay(self.address, username)
        for blocked_what in front.throttle.failed(self.address, username):
            audit.warning("login blocked: %s, after failures", blocked_what)
        audit.info("login failed: wrong password for %s from %s", printable(username), self.address)
        await asyncio.sleep(delay)
        self._count_failure()
        return False

    def public_key_auth_supported(self) -> bool:
        return self.front.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        front = self.front
        fingerprint = key.get_fingerprint("sha256")
        ban = front.records.bans.of_key(fingerprint)
        if ban is not None:
            log.warning(
                "login refused: key %s is banned (%s from %s)",
                fingerprint,
                printable(username),
                self.address,
            )
            raise _refuse(asyncssh.DISC_ILLEGAL_USER_NAME, front.ban_reason(ban))
        keys = front.keys
        if keys is None or keys.validate(key, self.address, self.address) is None:
            if fingerprint not in self._refused_keys:
                self._refused_keys.add(fingerprint)
                audit.info(
                    "login failed: key %s not listed (%s from %s)",
                    fingerprint,
                    printable(username),
                    self.address,
                )
                self._count_failure()
            return False
        self._claim(f"key:{fingerprint}", f"key {fingerprint}")
        return True

    # --- what is offered ------------------------------------------------------------------------

    def session_requested(self) -> GameSession | bool:
        if self.person is None:
            return False
        return GameSession(self)

    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


def _check_raw_user_names(conn: Any, check: Callable[[bytes], None]) -> None:
    """Make ``conn`` call ``check`` with the user name of every authentication request as the
    client sent it (raw bytes), before asyncssh reads it.

    asyncssh decodes the name strictly (a byte that is not UTF-8 becomes a Python codec message
    sent to the client) and applies SASLprep (so ``a\\u200bnn`` arrives as ``ann``). The
    connection's packet handler table is copied and the user-auth entry wrapped; ``check``
    raises a ``DisconnectError`` to refuse. (asyncssh looks handlers up on the connection
    object: ``self._packet_handlers[pkttype]``; tests/server/test_server_hardening.py pins it.)
    """
    handlers = dict(conn._packet_handlers)
    original = handlers[MSG_USERAUTH_REQUEST]

    def checked(self: Any, pkttype: int, pktid: int, packet: SSHPacket) -> Any:
        check(SSHPacket(packet.get_remaining_payload()).get_string())
        return original(self, pkttype, pktid, packet)

    handlers[MSG_USERAUTH_REQUEST] = checked
    conn._packet_handlers = handlers


class SSHFrontEnd:
    """A running SSH server (see the module docstring): its door, its sessions, and the
    operator's tools."""

    def __init__(
        self,
        config: ServerConfig,
        owner: TableOwner,
        host_key: asyncssh.SSHKey,
        store: RecordStore | None,
    ) -> None:
        self.config = config
        self.owner = owner
        self.host_key = host_key
        self.store = store
        self.records = store.load() if store is not None else Records()
        owner.set_motd(self.records.motd)
        owner.muted = set(self.records.mutes)
        self.keys: asyncssh.SSHAuthorizedKeys | None = None
        self.passwords: PasswordFile | None = None
        self._read_logins()
        self.gate = Gate(config.max_sessions)
        self.tracker = Tracker()
        self.guard = ConnectionGuard(config.limits)
        self.throttle = LoginThrottle(config.limits, time.monotonic)
        self.sessions: set[GameSession] = set()
        self._visitors: dict[Visitor, asyncio.Task[Any]] = {}
        self._hashing = asyncio.Semaphore(config.limits.max_password_checks)
        self._hash_pool = ThreadPoolExecutor(
            config.limits.max_password_checks, thread_name_prefix="password"
        )
        self.listener = Listener(config.host, config.port, self._accepted, self.make_room)
        self._idle_task: asyncio.Task[None] | None = None
        self._closing = False
        self._base_options: asyncssh.SSHServerConnectionOptions | None = None

    # --- the door -------------------------------------------------------------------------------

    def _read_logins(self) -> None:
        """Read the authorized keys and the password file (what ``reload`` reads again)."""
        config = self.config
        self.keys = None
        if config.authorized_keys is not None:
            self.keys = asyncssh.read_authorized_keys(str(config.authorized_keys))
        self.passwords = None
        if config.password_file is not None:
            self.passwords = PasswordFile.read(config.password_file)

    def start(self) -> None:
        """Listen, and look after the sessions (idleness, the waiting room)."""
        self.listener.start()
        self._idle_task = asyncio.get_running_loop().create_task(self._housekeeping())

    def _accepted(self, sock: socket.socket, address: str) -> None:
        visitor = Visitor(sock, address)
        if self._closing:
            visitor.close()
            return
        ban = self.records.bans.of_address(address)
        if ban is not None:
            log.info("connection refused: address %s is banned", address)
            visitor.close()
            return
        refusal, evicted = self.guard.arrive(visitor, address)
        for other in evicted:
            assert isinstance(other, Visitor)
            log.info("connection closed to make room: %s had not logged in", other.address)
            other.close()
        if refusal is not None:
            log.info("connection refused from %s: %s", address, refusal)
            visitor.close()
            return
        task = asyncio.get_running_loop().create_task(self._run(visitor, sock))
        self._visitors[visitor] = task
        task.add_done_callback(lambda _: self._visitors.pop(visitor, None))

    async def _run(self, visitor: Visitor, sock: socket.socket) -> None:
        """Run the SSH protocol on ``sock`` until the visitor logs in or fails."""
        try:
            assert self._base_options is not None, "prepare() first"
            options = await asyncssh.SSHServerConnectionOptions.construct(
                self._base_options, server_factory=lambda: GameServer(self, visitor)
            )
            if visitor.closed:
                return
            visitor.handed = True
            await asyncssh.run_server(sock, options=options)
        except (TimeoutError, OSError, asyncssh.Error, ValueError) as exc:
            log.debug("connection from %s ended before a login: %s", visitor.address, exc)
            self.guard.leave(visitor)
            visitor.close()

    def make_room(self) -> bool:
        """Out of descriptors: close up to :data:`ROOM` connections that have not logged in
        yet (and keep the waiting room that much smaller for a while); whether any was."""
        evicted = self.guard.squeeze(ROOM)
        for visitor in evicted:
            assert isinstance(visitor, Visitor)
            visitor.close()
        return bool(evicted)

    async def check_password(self, passwords: PasswordFile, name: str, password: str) -> bool:
        """Whether ``password`` is ``name``'s, worked out in a worker thread (at most
        ``max_password_checks`` at once)."""
        async with self._hashing:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._hash_pool, passwords.check, name, password)

    async def prepare(self) -> None:
        """Build the SSH options every connection starts from."""
        self._base_options = await asyncssh.SSHServerConnectionOptions.construct(
            server_host_keys=[self.host_key],
            line_editor=False,
            encoding=None,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=self.config.limits.login_timeout,
            keepalive_interval=60,
            keepalive_count_max=3,
        )

    # --- people ---------------------------------------------------------------------------------

    def claimed(self, person: Person) -> None:
        """``person`` logged in: their identity owns their name from now on (kept)."""
        if self.records.names.claim(person.name, person.identity):
            self._save(lambda store: store.save_names(self.records.names))

    def ban_reason(self, ban: Ban) -> str:
        """What a banned person reads."""
        until = "" if ban.until is None else f" for {minutes(ban.until - time.time())} more"
        why = f": {ban.reason}" if ban.reason else ""
        return f"you are banned from this server{until}{why}"

    def child_env(self, person: Person, term: str, ticket: str) -> dict[str, str]:
        """The app process's environment (see the module docstring)."""
        homes = self.config.homes
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "TERM": term,
            "LANG": "C.UTF-8",
            "ESCDELAY": str(self.config.escape_delay_ms),
            "GARDENS_PLAYER_NAME": person.name,
            "GARDENS_SERVER_SOCKET": str(self.owner.socket_path or ""),
            "GARDENS_SERVER_TICKET": ticket,
        }
        if homes is not None:
            folder = hashlib.sha256(person.identity.encode("utf-8")).hexdigest()[:24]
            env["GARDENS_TUI_HOME"] = str(homes / folder)
        return env

    def incident(self, session: GameSession, line: bytes) -> None:
        """Log an incident report from ``session``'s app (see
        :mod:`gardens_tui.server.app_child`)."""
        try:
            data = json.loads(line.decode("utf-8", "replace"))
            incident, detail = str(data["incident"])[:16], str(data["detail"])
        except (ValueError, KeyError, TypeError):
            incident, detail = "?", line.decode("utf-8", "replace")
        person = session.person
        audit.error(
            "incident %s in the session of %s (%s) from %s:\n%s",
            printable(incident, newlines=False),
            printable(person.name if person else "?"),
            printable(person.identity if person else "?"),
            session.address,
            printable(detail),
        )

    # --- idleness -------------------------------------------------------------------------------

    async def _housekeeping(self) -> None:
        idle = self.config.idle_seconds
        step = max(1.0, min(15.0, idle / 8)) if idle > 0 else 15.0
        while True:
            await asyncio.sleep(step)
            if idle > 0:
                self.check_idle(time.monotonic())
            self.guard.relax()

    def check_idle(self, now: float) -> None:
        """Warn the sessions about to be closed for idleness and close those idle too long."""
        config = self.config
        warning = min(config.idle_warning, config.idle_seconds / 2)
        for session in list(self.sessions):
            idle = now - session.last_input
            if idle >= config.idle_seconds:
                audit.info(
                    "closed for idleness: %s from %s",
                    printable(session.person.name if session.person else "?"),
                    session.address,
                )
                self._end(
                    session,
                    f"This session was closed after {minutes(config.idle_seconds)} without a "
                    "key; your table is saved.",
                )
            elif idle >= config.idle_seconds - warning and not session.warned:
                session.warned = True
                if session.ticket is not None:
                    self.owner.notify(
                        session.ticket,
                        f"No key for {minutes(idle)}: this session closes in "
                        f"{minutes(config.idle_seconds - idle)} unless you press a key.",
                        title="Still there?",
                        severity="warning",
                    )

    def _end(self, session: GameSession, reason: str) -> None:
        self.tracker.track(asyncio.get_running_loop().create_task(session.end(reason)))

    # --- the operator's tools -------------------------------------------------------------------

    def _save(self, write: Callable[[RecordStore], None]) -> None:
        if self.store is None:
            return
        try:
            write(self.store)
        except (OSError, ValueError) as exc:
            log.error("server records not saved: %s", exc)

    def _sessions_named(self, name: str) -> list[GameSession]:
        owner = self.records.names.owner(name)
        found = []
        for session in self.sessions:
            person = session.person
            if person is None:
                continue
            if person.identity == owner or person.name.casefold() == name.casefold():
                found.append(session)
        return found

    def who(self) -> list[dict[str, Any]]:
        """Everyone connected: name, identity, how they logged in, address, where they are
        (table code and seat, or the lobby), seconds idle and connected."""
        now = time.monotonic()
        people = []
        for session in sorted(self.sessions, key=lambda s: s.started):
            person = session.person
            place = self.owner.place(session.ticket) if session.ticket else None
            people.append(
                {
                    "name": person.name if person else "?",
                    "identity": person.identity if person else "?",
                    "login": session.login,
                    "address": session.address,
                    "table": None if place is None else place[0],
                    "seat": None if place is None else place[1],
                    "idle": round(now - session.last_input),
                    "connected": round(now - session.started),
                }
            )
        return people

    def kick(self, name: str, reason: str = "") -> int:
        """End the sessions of ``name`` (their identity's, and any of that name) with
        ``reason``; how many."""
        sessions = self._sessions_named(name)
        line = "The server's operator closed this session" + (f": {reason}" if reason else ".")
        for session in sessions:
            self._end(session, line)
        audit.warning(
            "kicked %s (%d sessions): %s", printable(name), len(sessions), printable(reason)
        )
        return len(sessions)

    def ban(self, kind: str, value: str, reason: str = "", seconds: float | None = None) -> Ban:
        """Ban by ``kind`` (name, key or address) and end the sessions it catches now; the ban
        is kept across restarts. ``ValueError`` for a bad value."""
        checked_kind, checked = check_ban(kind, value)
        now = time.time()
        ban = Ban(checked_kind, checked, reason, now, None if seconds is None else now + seconds)
        self.records.bans.add(ban)
        self._save(lambda store: store.save_bans(self.records.bans))
        caught = [s for s in self.sessions if self._caught(ban, s)]
        for session in caught:
            self._end(session, self.ban_reason(ban))
        for visitor in list(self._visitors):
            if ban.kind == "address" and self.records.bans.of_address(visitor.address) is ban:
                self.guard.leave(visitor)
                visitor.close()
        audit.warning(
            "ban: %s %s%s (%d sessions ended): %s",
            ban.kind,
            printable(ban.value),
            "" if seconds is None else f" for {minutes(seconds)}",
            len(caught),
            printable(reason),
        )
        return ban

    def _caught(self, ban: Ban, session: GameSession) -> bool:
        bans = self.records.bans
        person = session.person
        if ban.kind == "address":
            return bans.of_address(session.address) is ban
        if person is None:
            return False
        if ban.kind == "key":
            return person.identity == f"key:{ban.value}"
        return bans.of_name(person.name) is ban

    def unban(self, kind: BanKind, value: str) -> bool:
        """Lift a ban; False if there was none."""
        checked_kind, checked = check_ban(kind, value)
        removed = self.records.bans.remove(checked_kind, checked)
        if removed:
            self._save(lambda store: store.save_bans(self.records.bans))
            audit.warning("ban lifted: %s %s", checked_kind, printable(checked))
        return removed

    def _identity_of(self, name: str) -> str:
        identity = self.records.names.owner(name)
        if identity is None:
            sessions = self._sessions_named(name)
            if not sessions or sessions[0].person is None:
                raise ValueError(f"nobody called {printable(name)} has logged in here")
            identity = sessions[0].person.identity
        return identity

    def mute(self, name: str) -> str:
        """Mute the identity that owns ``name`` in every chat (kept); its identity."""
        identity = self._identity_of(name)
        self.records.mutes[identity] = name
        self.owner.muted.add(identity)
        self._save(lambda store: store.save_mutes(self.records.mutes))
        audit.warning("muted %s (%s)", printable(name), printable(identity))
        return identity

    def unmute(self, name: str) -> bool:
        """Let ``name`` chat again; False if they were not muted."""
        identity = self._identity_of(name)
        if self.records.mutes.pop(identity, None) is None:
            return False
        self.owner.muted.discard(identity)
        self._save(lambda store: store.save_mutes(self.records.mutes))
        audit.warning("unmuted %s (%s)", printable(name), printable(identity))
        return True

    def say(self, text: str) -> int:
        """Show ``text`` to everyone connected; how many."""
        count = self.owner.broadcast(text, title="From the server's operator")
        audit.warning("said to %d sessions: %s", count, printable(text))
        return count

    def set_motd(self, text: str) -> str:
        """Make ``text`` the message of the day (empty: none), kept and shown in every lobby."""
        text = check_motd(text)
        self.records.motd = text
        self._save(lambda store: store.save_motd(text))
        self.owner.set_motd(text)
        return text

    def reserve(self, name: str, identity: str | None) -> None:
        """Reserve ``name`` (and its look-alikes) for ``identity`` (``None``: for nobody)."""
        self.records.names.reserve(name, identity)
        self._save(lambda store: store.save_names(self.records.names))
        audit.warning("reserved %s for %s", printable(name), printable(identity or "nobody"))

    def unreserve(self, name: str) -> bool:
        """Free a reserved name; False if it was not reserved."""
        freed = self.records.names.unreserve(name)
        if freed:
            self._save(lambda store: store.save_names(self.records.names))
        return freed

    def reload(self) -> list[str]:
        """Read the authorized keys, the password file and the kept records (bans, names,
        mutes, the message of the day) again, without dropping anyone. A file that cannot be
        read keeps what was read before; what went wrong is returned (and logged)."""
        problems = []
        keys, passwords = self.keys, self.passwords
        try:
            self._read_logins()
        except (OSError, ValueError) as exc:
            self.keys, self.passwords = keys, passwords
            problems.append(f"keys or passwords not read again: {exc}")
        if self.store is not None:
            self.records = self.store.load()
            self.owner.set_motd(self.records.motd)
            self.owner.muted = set(self.records.mutes)
        for problem in problems:
            log.error("%s", problem)
        audit.warning(
            "reloaded keys, passwords and records%s", " with problems" if problems else ""
        )
        return problems

    # --- stopping -------------------------------------------------------------------------------

    @property
    def port(self) -> int:
        """The port it listens on."""
        return self.listener.bound_port

    def addresses(self) -> list[tuple[Any, ...]]:
        """Every address it listens on."""
        return self.listener.addresses()

    async def wait_idle(self) -> None:
        """Wait until every connection has ended and every app process is gone."""
        await self.tracker.wait_idle()

    async def close(self, reason: str = SHUTDOWN_REASON) -> None:
        """Stop listening, end every session with ``reason`` (terminals restored), close
        every other connection and wait until their apps are gone."""
        self._closing = True
        self.listener.close()
        if self._idle_task is not None:
            self._idle_task.cancel()
        await asyncio.gather(
            *(session.end(reason) for session in list(self.sessions)), return_exceptions=True
        )
        for visitor in list(self._visitors):
            visitor.close()
        for conn in list(self.tracker.connections):
            conn.close()
        await self.wait_idle()
        self._hash_pool.shutdown(wait=False, cancel_futures=True)


async def start_ssh_server(config: ServerConfig, owner: TableOwner) -> SSHFrontEnd:
    """Start the SSH server for ``owner``'s tables (see the module docstring). ``ValueError``
    when no way to log in was given; ``OSError`` when the address cannot be used; what
    :mod:`~gardens_tui.storage` and asyncssh raise for unreadable key or password files."""
    if not (config.open or config.authorized_keys or config.password_file):
        raise ValueError("give --authorized-keys, --password-file or --open")
    if config.host_key is None:
        raise ValueError("a host key file is needed")
    host_key = load_host_key(config.host_key)
    store = FileRecordStore(config.records) if config.records is not None else None
    front = SSHFrontEnd(config, owner, host_key, store)
    await front.prepare()
    front.start()
    return front
