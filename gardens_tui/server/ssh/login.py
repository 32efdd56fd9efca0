"""One SSH connection of the front end, until it has logged in: who the person is, and what a
failure costs.

:class:`GameServer` checks the user name as the client sent it (:func:`_check_raw_user_names`,
:func:`~gardens_tui.server.store.names.read_login_name`), refuses banned names and keys, blocked
addresses and names (the front end's :class:`~gardens_tui.server.door.guard.LoginThrottle`), and
names another identity owns (:class:`~gardens_tui.server.store.names.NameClaims`); it accepts
a listed key, a right password (hashed in a worker thread) or, with ``--open``, anyone. Every
login and failure goes to the audit trail with the address and the key. Once logged in it
offers a :class:`~gardens_tui.server.ssh.channel.GameSession` and nothing else: no port, socket,
X11 or agent forwarding.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import asyncssh
from asyncssh.constants import MSG_USERAUTH_REQUEST
from asyncssh.packet import SSHPacket

from gardens_tui.rules.safe_text import printable
from gardens_tui.server.door.auth import Person
from gardens_tui.server.door.guard import address_key, minutes
from gardens_tui.server.logs import AUDIT_LOGGER
from gardens_tui.server.ssh.channel import GameSession
from gardens_tui.server.store.names import LoginNameRefused, mixed_script_problem, read_login_name

if TYPE_CHECKING:
    from gardens_tui.server.ssh.front import SSHFrontEnd, Visitor

log = logging.getLogger(__name__)
audit = logging.getLogger(AUDIT_LOGGER)


def _refuse(code: int, reason: str) -> asyncssh.DisconnectError:
    return asyncssh.DisconnectError(code, reason)


class GameServer(asyncssh.SSHServer):
    """One SSH connection: authenticates a :class:`~gardens_tui.server.door.auth.Person` (see
    the module docstring), then offers a
    :class:`~gardens_tui.server.ssh.channel.GameSession` and nothing else."""

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
        return GameSession(self.front, self.person, self.address, self.login_method)

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
