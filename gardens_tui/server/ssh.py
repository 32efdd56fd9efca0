"""The SSH server: nothing but the game, one app process per session.

:func:`start_ssh_server` listens on the given address only and offers:

- **authentication** as :mod:`gardens_tui.server.auth` says (keys, passwords, or ``--open``);
  a user name that is not a valid player name is refused;
- **one thing**: an interactive session with a pseudo-terminal, running the app
  (:data:`APP_COMMAND`) on its own pty (:class:`~gardens_tui.server.terminal.TerminalChild`).
  ``exec``, subsystems (SFTP), port and socket forwarding, X11 and agent forwarding are all
  refused. A session without a pty gets :data:`NO_PTY_MESSAGE` and is closed;
- **at most** ``max_sessions`` app processes at once: one more gets :data:`FULL_MESSAGE` and is
  closed.

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
import logging
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from gardens_tui.server.auth import PasswordFile, Person, shown_name
from gardens_tui.server.owner import TableOwner
from gardens_tui.server.terminal import TerminalChild

log = logging.getLogger(__name__)

APP_COMMAND = (sys.executable, "-m", "gardens_tui.server.app_child")
NO_PTY_MESSAGE = b"gardens-tui needs a terminal: connect with `ssh -t`.\r\n"
FULL_MESSAGE = b"The gardens-tui server is full right now; please try again later.\r\n"
_TERM_RE = re.compile(r"^[A-Za-z0-9._+-]{1,40}$")
MAX_WRITE_BUFFER = 1024 * 1024
"""Bytes of app output that may wait for a slow client before the app's output is paused."""


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


class GameSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One SSH session: a pty request, then a shell request, then the app on its own pty."""

    def __init__(self, server: GameServer) -> None:
        self._server = server
        self._chan: Any = None
        self._term = "xterm-256color"
        self._size: tuple[int, int] | None = None
        self._child: TerminalChild | None = None
        self._ticket: str | None = None
        self._entered = False

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
        if not self._server.gate.enter():
            self._chan.write(FULL_MESSAGE)
            self._chan.exit(1)
            return
        self._entered = True
        person = self._server.person
        assert person is not None
        self._ticket = self._server.owner.issue_ticket(person.identity, person.name)
        env = self._server.child_env(person, self._term, self._ticket)
        self._child = TerminalChild(
            self._server.config.app_command, env, *self._size, self._output, self._exited
        )
        try:
            self._child.start()
        except OSError as exc:
            log.error("app not started: %s", exc)
            self._chan.write(b"The game could not start on this server.\r\n")
            self._chan.exit(1)

    def _output(self, data: bytes) -> None:
        try:
            self._chan.write(data)
        except (BrokenPipeError, OSError):  # the client went away: the app is being closed
            if self._child is not None:
                self._child.pause_output()
            return
        if self._chan.get_write_buffer_size() > MAX_WRITE_BUFFER and self._child is not None:
            self._child.pause_output()

    def pause_writing(self) -> None:
        if self._child is not None:
            self._child.pause_output()

    def resume_writing(self) -> None:
        if self._child is not None:
            self._child.resume_output()

    def _exited(self, status: int) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            self._chan.exit(status if status >= 0 else 1)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self._child is not None:
            self._child.write(data)

    def terminal_size_changed(self, width: int, height: int, pixw: int, pixh: int) -> None:
        if self._child is not None:
            self._child.resize(width, height)

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self._ticket is not None:
            self._server.owner.revoke_ticket(self._ticket)
        if self._entered:
            self._server.gate.leave()
            self._entered = False
        child, self._child = self._child, None
        if child is not None:
            self._server.tracker.track(asyncio.get_running_loop().create_task(child.close()))


class GameServer(asyncssh.SSHServer):
    """One SSH connection: authenticates a :class:`~gardens_tui.server.auth.Person`, then
    offers :class:`GameSession` and nothing else."""

    def __init__(
        self,
        config: ServerConfig,
        owner: TableOwner,
        gate: Gate,
        keys: asyncssh.SSHAuthorizedKeys | None,
        passwords: PasswordFile | None,
        tracker: Tracker,
    ) -> None:
        self.config = config
        self.owner = owner
        self.gate = gate
        self._keys = keys
        self._passwords = passwords
        self.tracker = tracker
        self._conn: Any = None
        self._name = ""
        self._candidate: Person | None = None
        self.person: Person | None = None

    def connection_made(self, conn: Any) -> None:
        self._conn = conn
        self.tracker.add_connection(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        self.tracker.remove_connection(self._conn)

    def begin_auth(self, username: str) -> bool:
        name = shown_name(username)
        if name is None:
            raise asyncssh.DisconnectError(
                asyncssh.DISC_ILLEGAL_USER_NAME, "that name cannot be a player's name"
            )
        self._name = name
        if self.config.open:
            self.person = Person(f"open:{name}", name)
            return False
        return True

    def auth_completed(self) -> None:
        if self.person is None:
            self.person = self._candidate

    def password_auth_supported(self) -> bool:
        return self._passwords is not None

    def validate_password(self, username: str, password: str) -> bool:
        if self._passwords is None or not self._passwords.check(username, password):
            return False
        self._candidate = Person(f"user:{username}", self._name)
        return True

    def public_key_auth_supported(self) -> bool:
        return self._keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self._keys is None:
            return False
        peer = self._conn.get_extra_info("peername") if self._conn is not None else None
        host = str(peer[0]) if peer else ""
        if self._keys.validate(key, host, host) is None:
            return False
        self._candidate = Person(f"key:{key.get_fingerprint('sha256')}", self._name)
        return True

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


class SSHServerHandle:
    """A running SSH server: its address, and :meth:`close`."""

    def __init__(self, acceptor: asyncssh.SSHAcceptor, tracker: Tracker) -> None:
        self.acceptor = acceptor
        self.tracker = tracker

    @property
    def port(self) -> int:
        """The port it listens on."""
        return int(self.acceptor.get_port())

    def addresses(self) -> list[tuple[Any, ...]]:
        """Every address it listens on."""
        return list(self.acceptor.get_addresses())

    async def wait_idle(self) -> None:
        """Wait until every connection has ended and every app process is gone."""
        await self.tracker.wait_idle()

    async def close(self) -> None:
        """Stop listening, close every connection and wait until their apps are gone."""
        self.acceptor.close()
        await self.acceptor.wait_closed()
        for conn in list(self.tracker.connections):
            conn.close()
        await self.wait_idle()


async def start_ssh_server(config: ServerConfig, owner: TableOwner) -> SSHServerHandle:
    """Start the SSH server for ``owner``'s tables (see the module docstring). ``ValueError``
    when no way to log in was given; ``OSError`` when the address cannot be used; what
    :mod:`~gardens_tui.storage` and asyncssh raise for unreadable key or password files."""
    if not (config.open or config.authorized_keys or config.password_file):
        raise ValueError("give --authorized-keys, --password-file or --open")
    if config.host_key is None:
        raise ValueError("a host key file is needed")
    host_key = load_host_key(config.host_key)
    keys = None
    if config.authorized_keys is not None:
        keys = asyncssh.read_authorized_keys(str(config.authorized_keys))
    passwords = None
    if config.password_file is not None:
        passwords = PasswordFile.read(config.password_file)
    gate = Gate(config.max_sessions)
    tracker = Tracker()
    acceptor = await asyncssh.create_server(
        lambda: GameServer(config, owner, gate, keys, passwords, tracker),
        config.host,
        config.port,
        server_host_keys=[host_key],
        line_editor=False,
        encoding=None,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        reuse_address=True,
    )
    return SSHServerHandle(acceptor, tracker)
