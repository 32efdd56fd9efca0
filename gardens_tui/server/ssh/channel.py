"""One SSH session of the front end: a pty request, a shell request, then the app on its own
pseudo-terminal (:class:`~gardens_tui.server.session.terminal.TerminalChild`), fed through an
:class:`~gardens_tui.server.session.input_filter.InputFilter`, its incident reports logged.

A session without a pty request (``ssh -T``, a script) gets the **plain lobby** instead
(:mod:`gardens_tui.plain.ssh_child`, ``plain_command``): the same lobby and tables in
lines of words. It runs on a pseudo-terminal the server opens all the same, so everything the
app's session has holds for it too (output drained and paused, the process group ended with the
session, incident reports logged, the same session cap, idle limit, bans and kicks). Its input
goes to it as typed (its pty's line discipline reads lines; there are no keys to filter), the
client's end of input becomes an end of file there, and its last words carry no escape
sequences: there is no screen to restore.

Nothing else is offered on a session: ``exec`` and subsystems (SFTP) are refused, one beyond
``max_sessions`` gets :data:`FULL_MESSAGE`. A session the server ends (:meth:`GameSession.end`:
shutdown, a kick, a ban, idleness) gets its terminal restored and a line saying why; an app
killed by a signal (it never put the terminal back) gets :data:`CRASH_REASON` the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from typing import TYPE_CHECKING, Any

import asyncssh

from gardens_tui.rules.safe_text import printable
from gardens_tui.server.door.listener import OUT_OF_RESOURCES
from gardens_tui.server.session.input_filter import InputFilter
from gardens_tui.server.session.terminal import (
    PopenLauncher,
    TerminalChild,
    farewell,
    line_attributes,
    raw_attributes,
)

if TYPE_CHECKING:
    from gardens_tui.server.door.auth import Person
    from gardens_tui.server.ssh.front import SSHFrontEnd

log = logging.getLogger(__name__)

FULL_MESSAGE = b"The gardens-tui server is full right now; please try again later.\r\n"
CRASH_REASON = "The game stopped unexpectedly; your table is saved. Connect again to go on."
_TERM_RE = re.compile(r"^[A-Za-z0-9._+-]{1,40}$")
MAX_WRITE_BUFFER = 1024 * 1024
"""Bytes of app output that may wait for a slow client before the app's output is paused."""

END_GRACE = 2.0
"""Seconds an app has to end after ``SIGHUP`` when the server ends its session."""

FAREWELL_WAIT = 1.0
"""Seconds an ended session's last words may take to reach a slow client."""

EARLY_KEYS = 4096
"""Bytes of keys kept for an app that is still starting."""

RETRY_START = 0.1
"""Seconds before starting an app again when the first try found no file descriptor."""

END_OF_INPUT = b"\x04\x04"
"""What a plain session's child reads when the client's input ends (see :meth:`eof_received`)."""


class GameSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One SSH session: a pty request, then a shell request, then the app on its own pty."""

    def __init__(self, front: SSHFrontEnd, person: Person, address: str, login: str) -> None:
        self.front = front
        self.person = person
        self.address = address
        self.login = login
        """How the person logged in (``key SHA256:…``, ``password`` or ``open``)."""
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
        self._lost = False
        self._early = bytearray()
        """Keys typed while the app was starting (at most :data:`EARLY_KEYS` bytes)."""
        self.plain = False
        """No pty was asked for: the session runs the plain lobby (see the module docstring)."""
        self._input_ended = False

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
            self.plain = True
            self._term = "dumb"
        front = self.front
        if not front.gate.enter():
            self._chan.write(FULL_MESSAGE)
            self._chan.exit(1)
            return
        self._entered = True
        person = self.person
        self.ticket = front.owner.issue_ticket(person.identity, person.name)
        front.tracker.track(asyncio.get_running_loop().create_task(self._start_app()))

    async def _start_app(self) -> None:
        """Start the app on its pty; out of file descriptors, make room and try once more a
        moment later (the room made is freed on the loop's next turns). A session that ended
        while its app was starting closes the app at once."""
        front, person = self.front, self.person
        assert self.ticket is not None
        for attempt in (1, 2):
            if self.ending is not None or self._lost:
                return
            plain = self.plain
            child = TerminalChild(
                front.config.plain_command if plain else front.config.app_command,
                front.child_env(person, self._term, self.ticket),
                *(self._size or (0, 0)),
                self._output,
                self._exited,
                self._report,
                PopenLauncher() if plain else front.launcher,
                line_attributes if plain else raw_attributes,
            )
            try:
                await child.start()
            except OSError as exc:
                if attempt == 1 and exc.errno in OUT_OF_RESOURCES and front.make_room():
                    await asyncio.sleep(RETRY_START)
                    continue
                log.error("app not started for %s: %s", printable(person.name), exc.strerror or exc)
                with contextlib.suppress(OSError, asyncssh.Error):
                    self._chan.write(b"The game could not start on this server right now.\r\n")
                    self._chan.exit(1)
                return
            if self.ending is not None or self._lost:
                await child.close(END_GRACE)
                return
            self._child = child
            front.sessions.add(self)
            if self._early:
                child.write(bytes(self._early))
                self._early.clear()
            if self._input_ended:
                child.write(END_OF_INPUT)
            return

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
                self._chan.write(self._last_words(CRASH_REASON))
            self._chan.exit(status if status >= 0 else 1)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        self.warned = False
        if self.ending is not None:
            return
        keys = data if self.plain else self._filter.feed(data)
        if not keys:
            return
        if self._child is not None:
            self._child.write(keys)
        else:
            self._early += keys[: max(0, EARLY_KEYS - len(self._early))]

    def terminal_size_changed(self, width: int, height: int, pixw: int, pixh: int) -> None:
        if self._child is not None:
            self._child.resize(width, height)

    def eof_received(self) -> bool:
        if not self.plain:
            return False
        # The plain lobby reads lines: the end of the client's input is an end of file there
        # (the pty's end-of-file character, twice: the first ends a line left unfinished), and
        # the channel stays open for what it still says.
        self._input_ended = True
        if self._child is not None:
            self._child.write(END_OF_INPUT)
        return True

    def _last_words(self, reason: str) -> bytes:
        """What the client reads when the server ends the session: the line saying why (after
        :data:`~gardens_tui.server.session.terminal.RESTORE` for an app's terminal)."""
        if self.plain:
            return printable(reason, newlines=False).encode("utf-8") + b"\n"
        return farewell(reason)

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
            self._chan.write(self._last_words(reason))
            self._chan.exit(1)
        # The farewell may wait for the client's window: let it go out before the server
        # closes the connection under it (a stopping server does, at once).
        with contextlib.suppress(TimeoutError, OSError, asyncssh.Error):
            await asyncio.wait_for(self._chan.wait_closed(), FAREWELL_WAIT)

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
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
