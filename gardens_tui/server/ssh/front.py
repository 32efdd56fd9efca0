"""The SSH front end: nothing but the game, each session's app on a pty of its own, safe to
open to strangers.

:func:`start_ssh_server` listens on the given address only (its own accept loop,
:class:`~gardens_tui.server.door.listener.Listener`); :class:`SSHFrontEnd` is the running
server:

- **its door** (:mod:`gardens_tui.server.door.guard`): at most ``max_connections``
  connections, a cap on those not logged in yet (in all and per address) and ``login_timeout``
  seconds to log in; banned addresses are closed before a word of SSH; out of file
  descriptors it closes a few connections that have not logged in (:meth:`make_room`);
- **logging in** (:mod:`gardens_tui.server.ssh.login`): keys, passwords (hashed in worker
  threads, a few at a time, never on the event loop) or ``--open``; failures back off and
  block per address and per name; names are identities
  (:mod:`gardens_tui.server.store.names`);
- **sessions** (:mod:`gardens_tui.server.ssh.channel`): the app (:data:`APP_COMMAND`) on its
  own pty, at most ``max_sessions`` at once, run by session hosts that each run up to
  ``sessions_per_process`` players' apps (:mod:`gardens_tui.server.session.hosts`); what an
  app reports on its incident pipe is logged
  with the session's name, identity and address (:meth:`incident`); a session idle for
  ``idle_seconds`` is warned ``idle_warning`` seconds before, then ended
  (:meth:`check_idle`);
- **the operator's tools** (:attr:`SSHFrontEnd.operator`,
  :class:`~gardens_tui.server.ssh.operator.Operator`), which
  :mod:`gardens_tui.server.ssh.admin` offers on a local socket (its ``reload`` is what
  ``SIGHUP`` does);
- **stopping** (:meth:`close`): every session ends with its terminal restored and
  :data:`SHUTDOWN_REASON`.

asyncssh's line editor is off and data stays bytes (``line_editor=False``, ``encoding=None``),
so keys reach the app as typed; a window change resizes the pty.

Each session's app gets a clean environment (:meth:`child_env`): ``TERM`` from the client
(checked), ``LANG``, the player's name, a data folder of its own (``GARDENS_TUI_HOME``) and a
one-time ticket for the table owner (``GARDENS_SERVER_SOCKET``, ``GARDENS_SERVER_TICKET``, see
:mod:`gardens_tui.server.lobby.owner`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import socket
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import asyncssh

from gardens_tui.rules.safe_text import printable
from gardens_tui.server.door.auth import PasswordFile, Person
from gardens_tui.server.door.guard import ConnectionGuard, Limits, LoginThrottle, minutes
from gardens_tui.server.door.listener import Listener
from gardens_tui.server.lobby.owner import TableOwner
from gardens_tui.server.logs import AUDIT_LOGGER
from gardens_tui.server.session.hosts import SESSIONS_PER_HOST, SessionHosts
from gardens_tui.server.session.terminal import Launcher, PopenLauncher
from gardens_tui.server.session.zygote import Zygote
from gardens_tui.server.ssh.login import GameServer
from gardens_tui.server.ssh.operator import Operator
from gardens_tui.server.store.records import (
    Ban,
    FileRecordStore,
    Records,
    RecordStore,
)
from gardens_tui.storage import SaveError

log = logging.getLogger(__name__)
audit = logging.getLogger(AUDIT_LOGGER)
"""Logins, failures, bans and the operator's acts: never rate-limited (see
:mod:`gardens_tui.server.logs`)."""

APP_COMMAND = (sys.executable, "-m", "gardens_tui.server.session.app_child")
PLAIN_COMMAND = (sys.executable, "-m", "gardens_tui.plain.ssh_child")
"""What runs for a session without a pty: the plain lobby, a program of its own each."""
SHUTDOWN_REASON = "The gardens-tui server is restarting; your table is saved. Connect again soon."
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
    record_store: RecordStore | None = None
    """Where they are kept instead of ``records`` (the database of ``--store``, opened)."""
    accounts: Callable[[], dict[str, str]] | None = None
    """The password accounts kept with them (each name's password file line), used when no
    ``password_file`` is given: read at start, on ``SIGHUP`` and when the records change."""
    limits: Limits = field(default_factory=Limits)
    idle_seconds: float = 30 * 60.0
    """A session without a key for this long is closed (0: never)."""
    idle_warning: float = 60.0
    """Seconds before that the player is warned."""
    app_command: Sequence[str] = field(default=APP_COMMAND)
    plain_command: Sequence[str] = field(default=PLAIN_COMMAND)
    """What runs for a session without a pty (``ssh -T``): the plain lobby."""
    preload: bool = True
    """Run the app's sessions in session hosts forked from a preloaded parent
    (:mod:`~gardens_tui.server.session.hosts`) when ``app_command`` is the app's own."""
    sessions_per_process: int = SESSIONS_PER_HOST
    """The most sessions one session host runs (1: a process of its own for each)."""
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


class LiveSession(Protocol):
    """A player's session as the front end, its idleness checks and the operator's tools see
    it, whichever terminal shows it: an SSH channel's
    (:class:`~gardens_tui.server.ssh.channel.GameSession`) or a browser page's
    (:class:`~gardens_tui.server.web.front.WebSession`)."""

    person: Person
    address: str
    login: str
    """How the person logged in (``key SHA256:…``, ``password``, ``web password``, …)."""
    started: float
    last_input: float
    warned: bool
    ticket: str | None

    async def end(self, reason: str) -> None:
        """End the session because of the server, telling the player ``reason``."""


@runtime_checkable
class Waiting(Protocol):
    """A connection the shared guard counts while it has not logged in (an SSH
    :class:`Visitor`, a browser's :class:`~gardens_tui.server.web.connections.WebConnection`):
    whoever admits a newcomer closes the connections the guard evicts for it, whichever front
    end they came to."""

    address: str

    def close(self) -> None:
        """Close the connection."""


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
        self._accounts: dict[str, str] = {}
        """The store's password accounts as last taken (see :meth:`take_accounts`)."""
        self.read_logins()
        self.gate = Gate(config.max_sessions)
        self.tracker = Tracker()
        self.guard = ConnectionGuard(config.limits)
        self.throttle = LoginThrottle(config.limits, time.monotonic)
        self.sessions: set[LiveSession] = set()
        self.visitors: dict[Visitor, asyncio.Task[Any]] = {}
        self._hash_pool = ThreadPoolExecutor(
            config.limits.max_password_checks, thread_name_prefix="password"
        )
        self.listener = Listener(config.host, config.port, self._accepted, self.make_room)
        self.operator = Operator(self)
        """The operator's tools."""
        self.launcher: Launcher = PopenLauncher()
        """How sessions' apps are started (see :meth:`prepare`)."""
        self.hosts: SessionHosts | None = None
        """The session hosts, when the sessions run the app (see :meth:`prepare`)."""
        self._housekeeping_task: asyncio.Task[None] | None = None
        self._closing = False
        self._base_options: asyncssh.SSHServerConnectionOptions | None = None

    # --- the door -------------------------------------------------------------------------------

    def read_logins(self) -> None:
        """Read the authorized keys and the password file (what ``reload`` reads again)."""
        config = self.config
        self.keys = None
        if config.authorized_keys is not None:
            self.keys = asyncssh.read_authorized_keys(str(config.authorized_keys))
        if config.password_file is not None:
            self.passwords = None
            self.passwords = PasswordFile.read(config.password_file)
        elif config.accounts is None:
            self.passwords = None
        else:
            self.take_accounts()  # damaged: those taken before are kept

    def take_accounts(self) -> None:
        """Use the store's password accounts (when there is no password file); damaged ones
        are logged and the passwords held before kept."""
        if self.config.password_file is not None or self.config.accounts is None:
            return
        lines = self.config.accounts()
        try:
            text = "\n".join(lines.values())
            self.passwords = PasswordFile.from_text(text, "the store") if lines else None
        except SaveError as exc:
            log.error("the store's password accounts not used: %s", exc)
            return
        changed = sorted(name for name, line in lines.items() if self._accounts.get(name) != line)
        if changed or len(lines) != len(self._accounts):
            audit.info(
                "password accounts from the store: %d (new or changed: %s)",
                len(lines),
                printable(", ".join(changed) or "none"),
            )
        self._accounts = dict(lines)

    def start(self) -> None:
        """Listen, and look after the sessions (idleness, the waiting room)."""
        self.listener.start()
        self._housekeeping_task = asyncio.get_running_loop().create_task(self._housekeeping())

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
        for other in evicted:  # (a Visitor, or a browser's connection: the guard is shared)
            assert isinstance(other, Waiting)
            log.info("connection closed to make room: %s had not logged in", other.address)
            other.close()
        if refusal is not None:
            log.info("connection refused from %s: %s", address, refusal)
            visitor.close()
            return
        task = asyncio.get_running_loop().create_task(self._run(visitor, sock))
        self.visitors[visitor] = task
        task.add_done_callback(lambda _: self.visitors.pop(visitor, None))

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
            assert isinstance(visitor, Waiting)
            visitor.close()
        return bool(evicted)

    async def check_password(self, passwords: PasswordFile, name: str, password: str) -> bool:
        """Whether ``password`` is ``name``'s, worked out in one of ``max_password_checks``
        worker threads (the others wait their turn), never on the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._hash_pool, passwords.check, name, password)

    async def prepare(self) -> None:
        """Build the SSH options every connection starts from, and start the session zygote
        (when the sessions run the app: they run in session hosts, forked from it; without
        it, the hosts start as programs)."""
        if self.config.preload and tuple(self.config.app_command) == APP_COMMAND:
            zygote = Zygote(self.shared_env())
            try:
                await zygote.start()
            except OSError as exc:
                log.error("no session zygote (%s): session hosts start as programs", exc)
            self.hosts = SessionHosts(
                self.shared_env(), zygote, per_host=self.config.sessions_per_process
            )
            self.launcher = self.hosts
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

    def save_records(self, write: Callable[[RecordStore], None]) -> None:
        """Keep what changed (``write`` it to the record store); a failure is logged, never
        raised (the server goes on with what it holds)."""
        if self.store is None:
            return
        try:
            write(self.store)
        except (OSError, ValueError) as exc:
            log.error("server records not saved: %s", exc)

    def claimed(self, person: Person) -> None:
        """``person`` logged in: their identity owns their name from now on (kept)."""
        if self.records.names.claim(person.name, person.identity):
            self.save_records(lambda store: store.save_names(self.records.names))

    def ban_reason(self, ban: Ban) -> str:
        """What a banned person reads."""
        until = "" if ban.until is None else f" for {minutes(ban.until - time.time())} more"
        why = f": {ban.reason}" if ban.reason else ""
        return f"you are banned from this server{until}{why}"

    def shared_env(self) -> dict[str, str]:
        """What every app process's environment holds, and the session zygote's (Textual reads
        ``ESCDELAY`` when imported, so the zygote's must be the sessions')."""
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "ESCDELAY": str(self.config.escape_delay_ms),
        }

    def child_env(self, person: Person, term: str, ticket: str) -> dict[str, str]:
        """The app process's environment (see the module docstring)."""
        homes = self.config.homes
        env = {
            **self.shared_env(),
            "TERM": term,
            "GARDENS_PLAYER_NAME": person.name,
            "GARDENS_SERVER_SOCKET": str(self.owner.socket_path or ""),
            "GARDENS_SERVER_TICKET": ticket,
        }
        if homes is not None:
            folder = hashlib.sha256(person.identity.encode("utf-8")).hexdigest()[:24]
            env["GARDENS_TUI_HOME"] = str(homes / folder)
        return env

    def incident(self, session: LiveSession, line: bytes) -> None:
        """Log an incident report from ``session``'s app (see
        :mod:`gardens_tui.server.session.app_child`)."""
        try:
            data = json.loads(line.decode("utf-8", "replace"))
            incident, detail = str(data["incident"])[:16], str(data["detail"])
        except (ValueError, KeyError, TypeError):
            incident, detail = "?", line.decode("utf-8", "replace")
        person = session.person
        audit.error(
            "incident %s in the session of %s (%s) from %s:\n%s",
            printable(incident, newlines=False),
            printable(person.name),
            printable(person.identity),
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
                    printable(session.person.name),
                    session.address,
                )
                self.end_session(
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

    def end_session(self, session: LiveSession, reason: str) -> None:
        """End ``session`` with ``reason`` (in a task the tracker waits for)."""
        self.tracker.track(asyncio.get_running_loop().create_task(session.end(reason)))

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
        if self._housekeeping_task is not None:
            self._housekeeping_task.cancel()
        await asyncio.gather(
            *(session.end(reason) for session in list(self.sessions)), return_exceptions=True
        )
        for visitor in list(self.visitors):
            visitor.close()
        for conn in list(self.tracker.connections):
            conn.close()
        await self.wait_idle()
        self._hash_pool.shutdown(wait=False, cancel_futures=True)
        if self.hosts is not None:
            self.hosts.stop()


async def start_ssh_server(config: ServerConfig, owner: TableOwner) -> SSHFrontEnd:
    """Start the SSH server for ``owner``'s tables (see the module docstring). ``ValueError``
    when no way to log in was given; ``OSError`` when the address cannot be used; what
    :mod:`~gardens_tui.storage` and asyncssh raise for unreadable key or password files."""
    if not (config.open or config.authorized_keys or config.password_file or config.accounts):
        raise ValueError("give --authorized-keys, --password-file or --open")
    if config.host_key is None:
        raise ValueError("a host key file is needed")
    host_key = load_host_key(config.host_key)
    store = config.record_store
    if store is None and config.records is not None:
        store = FileRecordStore(config.records)
    front = SSHFrontEnd(config, owner, host_key, store)
    await front.prepare()
    front.start()
    return front
