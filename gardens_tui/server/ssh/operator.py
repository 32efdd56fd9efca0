"""The operator's tools on a running SSH front end: who is on, kick, ban, mute, speak, the
message of the day, reserved names, and reading the files again.

:class:`Operator` acts on an :class:`~gardens_tui.server.ssh.front.SSHFrontEnd` and keeps what
it decides in the front end's :class:`~gardens_tui.server.store.records.RecordStore` at once
(bans, mutes, names and the message of the day survive a restart). Each act is written to the
audit trail. :mod:`gardens_tui.server.ssh.admin` offers these tools on a local socket. When
several front ends share their records (``--store``), :meth:`Operator.records_changed` takes
what another one changed (and the password accounts written there).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from gardens_tui.rules.safe_text import check_line, printable
from gardens_tui.server.door.guard import minutes
from gardens_tui.server.logs import AUDIT_LOGGER
from gardens_tui.server.store.records import MAX_REASON, Ban, check_ban, check_motd

if TYPE_CHECKING:
    from gardens_tui.server.ssh.front import LiveSession, SSHFrontEnd

log = logging.getLogger(__name__)
audit = logging.getLogger(AUDIT_LOGGER)


class Operator:
    """The operator's tools on ``front`` (see the module docstring)."""

    def __init__(self, front: SSHFrontEnd) -> None:
        self.front = front

    def _sessions_named(self, name: str) -> list[LiveSession]:
        owner = self.front.records.names.owner(name)
        found = []
        for session in self.front.sessions:
            person = session.person
            if person.identity == owner or person.name.casefold() == name.casefold():
                found.append(session)
        return found

    def who(self) -> list[dict[str, Any]]:
        """Everyone connected: name, identity, how they logged in, address, where they are
        (table code and seat, or the lobby), seconds idle and connected."""
        now = time.monotonic()
        people = []
        for session in sorted(self.front.sessions, key=lambda s: s.started):
            person = session.person
            place = self.front.owner.place(session.ticket) if session.ticket else None
            people.append(
                {
                    "name": person.name,
                    "identity": person.identity,
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
        reason = check_line(reason.strip(), MAX_REASON)
        sessions = self._sessions_named(name)
        line = "The server's operator closed this session" + (f": {reason}" if reason else ".")
        for session in sessions:
            self.front.end_session(session, line)
        audit.warning(
            "kicked %s (%d sessions): %s", printable(name), len(sessions), printable(reason)
        )
        return len(sessions)

    def ban(self, kind: str, value: str, reason: str = "", seconds: float | None = None) -> Ban:
        """Ban by ``kind`` (name, key or address) and end the sessions it catches now; the ban
        is kept across restarts. ``ValueError`` for a bad value."""
        reason = check_line(reason.strip(), MAX_REASON)
        checked_kind, checked = check_ban(kind, value)
        now = time.time()
        ban = Ban(checked_kind, checked, reason, now, None if seconds is None else now + seconds)
        self.front.records.bans.add(ban)
        self.front.save_records(lambda store: store.save_bans(self.front.records.bans))
        caught = self._enforce(ban)
        audit.warning(
            "ban: %s %s%s (%d sessions ended): %s",
            ban.kind,
            printable(ban.value),
            "" if seconds is None else f" for {minutes(seconds)}",
            len(caught),
            printable(reason),
        )
        return ban

    def _enforce(self, ban: Ban) -> list[LiveSession]:
        """End the sessions ``ban`` catches now, and close the connections from an address it
        bans; the sessions ended."""
        caught = [s for s in self.front.sessions if self._caught(ban, s)]
        for session in caught:
            self.front.end_session(session, self.front.ban_reason(ban))
        for visitor in list(self.front.visitors):
            if ban.kind == "address" and self.front.records.bans.of_address(visitor.address) is ban:
                self.front.guard.leave(visitor)
                visitor.close()
        return caught

    def _caught(self, ban: Ban, session: LiveSession) -> bool:
        bans = self.front.records.bans
        person = session.person
        if ban.kind == "address":
            return bans.of_address(session.address) is ban
        if ban.kind == "key":
            return person.identity == f"key:{ban.value}"
        return bans.of_name(person.name) is ban

    def unban(self, kind: str, value: str) -> bool:
        """Lift a ban by ``kind`` (name, key or address); False if there was none. ``ValueError``
        for a bad kind or value."""
        checked_kind, checked = check_ban(kind, value)
        removed = self.front.records.bans.remove(checked_kind, checked)
        if removed:
            self.front.save_records(lambda store: store.save_bans(self.front.records.bans))
            audit.warning("ban lifted: %s %s", checked_kind, printable(checked))
        return removed

    def _identity_of(self, name: str) -> str:
        identity = self.front.records.names.owner(name)
        if identity is None:
            sessions = self._sessions_named(name)
            if not sessions:
                raise ValueError(f"nobody called {printable(name)} has logged in here")
            identity = sessions[0].person.identity
        return identity

    def mute(self, name: str) -> str:
        """Mute the identity that owns ``name`` in every chat (kept); its identity."""
        identity = self._identity_of(name)
        self.front.records.mutes[identity] = name
        self.front.owner.muted.add(identity)
        self.front.save_records(lambda store: store.save_mutes(self.front.records.mutes))
        audit.warning("muted %s (%s)", printable(name), printable(identity))
        return identity

    def unmute(self, name: str) -> bool:
        """Let ``name`` chat again; False if they were not muted."""
        identity = self._identity_of(name)
        if self.front.records.mutes.pop(identity, None) is None:
            return False
        self.front.owner.muted.discard(identity)
        self.front.save_records(lambda store: store.save_mutes(self.front.records.mutes))
        audit.warning("unmuted %s (%s)", printable(name), printable(identity))
        return True

    def say(self, text: str) -> int:
        """Show ``text`` to everyone connected; how many."""
        count = self.front.owner.broadcast(text, title="From the server's operator")
        audit.warning("said to %d sessions: %s", count, printable(text))
        return count

    def set_motd(self, text: str) -> str:
        """Make ``text`` the message of the day (empty: none), kept and shown in every lobby."""
        text = check_motd(text)
        self.front.records.motd = text
        self.front.save_records(lambda store: store.save_motd(text))
        self.front.owner.set_motd(text)
        return text

    def reserve(self, name: str, identity: str | None) -> None:
        """Reserve ``name`` (and its look-alikes) for ``identity`` (``None``: for nobody)."""
        self.front.records.names.reserve(name, identity)
        self.front.save_records(lambda store: store.save_names(self.front.records.names))
        audit.warning("reserved %s for %s", printable(name), printable(identity or "nobody"))

    def unreserve(self, name: str) -> bool:
        """Free a reserved name; False if it was not reserved."""
        freed = self.front.records.names.unreserve(name)
        if freed:
            self.front.save_records(lambda store: store.save_names(self.front.records.names))
        return freed

    def reload(self) -> list[str]:
        """Read the authorized keys, the password file and the kept records (bans, names,
        mutes, the message of the day) again, without dropping anyone. A file that cannot be
        read keeps what was read before; what went wrong is returned (and logged)."""
        problems = []
        keys, passwords = self.front.keys, self.front.passwords
        try:
            self.front.read_logins()
        except (OSError, ValueError) as exc:
            self.front.keys, self.front.passwords = keys, passwords
            problems.append(f"keys or passwords not read again: {exc}")
        self._take_records()
        for problem in problems:
            log.error("%s", problem)
        audit.warning(
            "reloaded keys, passwords and records%s", " with problems" if problems else ""
        )
        return problems

    def _take_records(self, motd_shown: str | None = None) -> None:
        """Take the kept records; the lobbies are sent the message of the day unless it is
        still ``motd_shown``."""
        if self.front.store is not None:
            self.front.records = self.front.store.load()
            if self.front.records.motd != motd_shown:
                self.front.owner.set_motd(self.front.records.motd)
            self.front.owner.muted = set(self.front.records.mutes)

    def records_changed(self) -> None:
        """Take the records again because another front end changed them (a store shared by
        several front ends calls this): the bans, names, mutes and message of the day it keeps
        now hold here, and a ban new to this front end ends the sessions it catches."""
        before = {(ban.kind, ban.value) for ban in self.front.records.bans.active()}
        self._take_records(self.front.records.motd)
        self.front.take_accounts()  # a password set elsewhere (gardens serve passwd --store)
        for ban in self.front.records.bans.active():
            if (ban.kind, ban.value) not in before:
                caught = self._enforce(ban)
                audit.warning(
                    "ban from another front end: %s %s (%d sessions ended)",
                    ban.kind,
                    printable(ban.value),
                    len(caught),
                )
