"""An SSH session's app on its own pseudo-terminal, driven from an asyncio loop.

:class:`TerminalChild` avoids the known traps of running a full-screen program behind SSH:

- a program started on the pty starts a new session and makes the pty its **controlling
  terminal** (``setsid``, then ``TIOCSCTTY``), so a resize (:meth:`TerminalChild.resize`:
  ``TIOCSWINSZ`` on the pty) reaches it as ``SIGWINCH``; a session in a session host is told
  by its host instead (:meth:`Launched.resized`);
- the **window size is set before the child starts**, so its first frame has the right size;
  sizes are clamped to :data:`MIN_SIZE`..:data:`MAX_SIZE` (a client may say 0x0 or 100000x3);
- the end of the child shows as ``EIO`` on the pty, not end-of-file: both end the output, after
  everything the child wrote has been read (**drained**) and passed on;
- output stops being read while the receiver says it is full (:meth:`pause_output`), so a
  client that does not read cannot make the server buffer without end;
- :meth:`TerminalChild.close` ends the child (``SIGHUP``, then ``SIGKILL`` if it does not go:
  a program's **whole process group**), so nothing is left behind when a player disconnects;
- the pty starts in **raw mode** (no echo, no line editing, no signal keys, no flow control), so
  whatever bytes arrive before the app takes the terminal, or after it lets go of it, are only
  input: a stray ``^Z`` cannot stop the app and ``^S`` cannot freeze its output;
- with ``on_report``, the child gets a pipe of its own (its number in
  ``GARDENS_INCIDENT_FD``) for **incident reports**, one line each, which the server logs
  (:data:`MAX_REPORT_BYTES` a child at most); the player's terminal never shows them;
- :data:`RESTORE` puts a terminal back the way a full-screen app found it (main screen, cursor
  shown, mouse and paste reporting off), for a session ended while its app still held the
  screen: :func:`farewell` is that and a line saying why.

How the child is started is a :class:`Launcher`'s business: :class:`PopenLauncher` starts
``argv`` as a new program (the default);
:class:`~gardens_tui.server.session.hosts.SessionHosts` runs it in a session host, a process
that runs many players' apps and was forked from a parent that has the app imported already.

POSIX only; pure standard library.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import termios
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from gardens_tui.rules.safe_text import printable

RESTORE = (
    b"\x18"  # CAN: abandon an escape sequence the app may have been cut off in
    b"\x1b[?2026l"  # synchronised output off (or the terminal waits for its end)
    b"\x1b[?2004l"  # bracketed paste off
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1016l"  # mouse off
    b"\x1b[?1004l"  # focus reports off
    b"\x1b[?2048l"  # in-band resize reports off
    b"\x1b[<u"  # the kitty keyboard mode the app pushed
    b"\x1b[?7h"  # line wrap on
    b"\x1b[0m"  # plain text
    b"\x1b[?1049l"  # back to the main screen
    b"\x1b[?25h"  # cursor shown
)
"""Bytes that undo every terminal mode a Textual app sets, whatever state it was cut off in."""

INCIDENT_FD_VARIABLE = "GARDENS_INCIDENT_FD"
"""The environment variable that tells a child which file descriptor takes its reports."""

MAX_REPORT_BYTES = 256 * 1024
"""The most bytes of incident reports read from one child (the rest is ignored)."""

MAX_PENDING_INPUT = 256 * 1024
"""Bytes of input that may wait for a child that does not read them; more are dropped."""


def farewell(reason: str) -> bytes:
    """What a session's terminal gets when the server ends it: :data:`RESTORE`, then
    ``reason`` (one line; anything a terminal would act on escaped) on a line of its own."""
    return RESTORE + b"\r\n" + printable(reason, newlines=False).encode("utf-8") + b"\r\n"


def raw_attributes(attributes: list[Any]) -> list[Any]:
    """``attributes`` (from ``termios.tcgetattr``) made raw: no echo, line editing, signal
    keys, flow control or input translation; 8-bit characters; reads return each byte. Output
    processing (``\\n`` to ``\\r\\n``) is kept for plain messages."""
    attributes = list(attributes)
    attributes[0] &= ~(
        termios.IGNBRK
        | termios.BRKINT
        | termios.PARMRK
        | termios.ISTRIP
        | termios.INLCR
        | termios.IGNCR
        | termios.ICRNL
        | termios.IXON
        | termios.IXOFF
        | termios.IXANY
    )
    attributes[2] = (attributes[2] & ~(termios.CSIZE | termios.PARENB)) | termios.CS8
    attributes[3] &= ~(
        termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG | termios.IEXTEN
    )
    control = list(attributes[6])
    control[termios.VMIN] = 1
    control[termios.VTIME] = 0
    attributes[6] = control
    return attributes


def line_attributes(attributes: list[Any]) -> list[Any]:
    """``attributes`` made for a program that reads lines (the plain lobby): as
    :func:`raw_attributes`, but input is read a line at a time with the kernel's line editing
    (``\\r`` ends a line too, ``^D`` at the start of one is an end of file), and output is
    written as it is (``\\n`` without ``\\r``). Nothing is echoed: the client echoes what its
    person types."""
    attributes = raw_attributes(attributes)
    attributes[0] |= termios.ICRNL
    attributes[1] &= ~termios.OPOST
    attributes[3] |= termios.ICANON
    return attributes


MIN_SIZE = (20, 5)
MAX_SIZE = (1000, 500)
DEFAULT_SIZE = (80, 24)
READ_CHUNK = 65536
KILL_GRACE = 5.0
"""Seconds a child has to exit after ``SIGHUP`` before it is killed."""


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A terminal size a child can live with: ``0`` (unknown) means the default, and each side
    is kept within :data:`MIN_SIZE`..:data:`MAX_SIZE`."""
    width = width or DEFAULT_SIZE[0]
    height = height or DEFAULT_SIZE[1]
    return (
        min(max(width, MIN_SIZE[0]), MAX_SIZE[0]),
        min(max(height, MIN_SIZE[1]), MAX_SIZE[1]),
    )


def set_size(fd: int, width: int, height: int) -> None:
    """Set the window size of the terminal ``fd`` (clamped, see :func:`clamp_size`)."""
    columns, rows = clamp_size(width, height)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _take_controlling_terminal() -> None:  # pragma: no cover - runs in the child
    """In the child, after ``setsid``: make standard input (the pty) the controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Launched(Protocol):
    """A child a :class:`Launcher` started: the process it runs in, its end, and how to end
    it and tell it of a new size."""

    pid: int

    async def wait(self) -> int:
        """Its exit status once it has ended (negative: killed by that signal); may be awaited
        by several callers, and cancelling one wait cancels nothing else."""
        ...

    def signal(self, signum: int) -> None:
        """Send ``signum`` to the child: ``SIGHUP`` ends it as a closed terminal would,
        ``SIGKILL`` at once."""
        ...

    def resized(self) -> None:
        """Its pty's window size has just been changed."""
        ...


class Launcher(Protocol):
    """Starts a child on a pseudo-terminal."""

    async def launch(
        self, argv: Sequence[str], env: Mapping[str, str], terminal: int, reports: int
    ) -> Launched:
        """Start ``argv`` with ``env`` in a new session whose controlling terminal is the pty
        ``terminal`` (its standard input, output and error), giving it the pipe ``reports``
        (-1: none) under the number ``GARDENS_INCIDENT_FD`` names. ``OSError`` when it cannot.
        The caller closes its own ``terminal`` and ``reports`` afterwards."""
        ...


class PopenProcess:
    """A child started with :mod:`subprocess` (see :class:`PopenLauncher`)."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.pid = process.pid
        self._status: asyncio.Future[int] | None = None

    async def wait(self) -> int:
        """Its exit status (one thread waits for it, however many callers do)."""
        if self._status is None:
            self._status = asyncio.ensure_future(asyncio.to_thread(self.process.wait))
        return await asyncio.shield(self._status)

    def signal(self, signum: int) -> None:
        """Send ``signum`` to the child's whole process group (it leads one)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signum)

    def resized(self) -> None:
        """Nothing to do: the kernel sends the child ``SIGWINCH``."""


class PopenLauncher:
    """Starts each child as a new program (fork and exec)."""

    async def launch(
        self, argv: Sequence[str], env: Mapping[str, str], terminal: int, reports: int
    ) -> PopenProcess:
        """See :meth:`Launcher.launch`."""
        env = dict(env)
        if reports >= 0:
            env[INCIDENT_FD_VARIABLE] = str(reports)
        process = subprocess.Popen(
            list(argv),
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=env,
            start_new_session=True,
            preexec_fn=_take_controlling_terminal,
            close_fds=True,
            pass_fds=(reports,) if reports >= 0 else (),
        )
        return PopenProcess(process)


class TerminalChild:
    """``argv`` running on a new pseudo-terminal of ``width`` x ``height`` with ``env``.

    ``on_output(data)`` gets everything the child writes; ``on_exit(status)`` is called once,
    after the last output, with the exit status (negative: killed by that signal);
    ``on_report(line)``, when given, gets each line the child writes to its report pipe (see the
    module docstring). ``launcher`` starts it (default: a :class:`PopenLauncher`); ``modes``
    makes the pty's terminal modes, set before the child starts (default
    :func:`raw_attributes`; :func:`line_attributes` for a program that reads lines). Call
    :meth:`start` on the event loop that will drive it.
    """

    def __init__(
        self,
        argv: Sequence[str],
        env: Mapping[str, str],
        width: int,
        height: int,
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        on_report: Callable[[bytes], None] | None = None,
        launcher: Launcher | None = None,
        modes: Callable[[list[Any]], list[Any]] = raw_attributes,
    ) -> None:
        self.argv = list(argv)
        self._modes = modes
        self._launcher: Launcher = launcher or PopenLauncher()
        self.env = dict(env)
        self.size = clamp_size(width, height)
        self._on_output = on_output
        self._on_exit = on_exit
        self._on_report = on_report
        self._master = -1
        self._reports = -1
        self._report_bytes = 0
        self._report_line = bytearray()
        self._process: Launched | None = None
        self._pending = bytearray()
        self._reading = False
        self._finished = False
        self.dropped_input = 0
        """Bytes of input dropped because the child did not read them."""
        self.exited: asyncio.Future[int] | None = None
        """Resolves with the exit status once the child has exited and its output is drained."""

    @property
    def pid(self) -> int | None:
        """The process id the child runs in (a program's: also its process group and session
        id; a hosted session's: its host's, shared with the host's other sessions)."""
        return None if self._process is None else self._process.pid

    async def start(self) -> None:
        """Open the pty, set its size, start the child on it and start reading its output
        (``OSError`` when it cannot)."""
        loop = asyncio.get_running_loop()
        self.exited = loop.create_future()
        master, slave = os.openpty()
        reports, report_end = os.pipe() if self._on_report is not None else (-1, -1)
        try:
            termios.tcsetattr(slave, termios.TCSANOW, self._modes(termios.tcgetattr(slave)))
            set_size(slave, *self.size)
            self._process = await self._launcher.launch(self.argv, self.env, slave, report_end)
        except BaseException:
            os.close(master)
            if reports >= 0:
                os.close(reports)
            raise
        finally:
            os.close(slave)
            if report_end >= 0:
                os.close(report_end)
        os.set_blocking(master, False)
        self._master = master
        if reports >= 0:
            os.set_blocking(reports, False)
            self._reports = reports
            loop.add_reader(reports, self._report_readable)
        self.resume_output()

    def _report_readable(self) -> None:
        try:
            data = os.read(self._reports, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._close_reports()
            return
        room = MAX_REPORT_BYTES - self._report_bytes
        self._report_bytes += len(data)
        if room <= 0:
            return
        self._report_line += data[:room]
        *lines, rest = bytes(self._report_line).split(b"\n")
        self._report_line = bytearray(rest)
        for line in lines:
            if line and self._on_report is not None:
                self._on_report(line)

    def _close_reports(self) -> None:
        if self._reports >= 0:
            asyncio.get_running_loop().remove_reader(self._reports)
            os.close(self._reports)
            self._reports = -1
            if self._report_line and self._on_report is not None:
                self._on_report(bytes(self._report_line))
            self._report_line.clear()

    # --- output ---------------------------------------------------------------------------------

    def pause_output(self) -> None:
        """Stop reading the child's output (the receiver is full); the child blocks when the
        pty's buffer fills."""
        if self._reading and self._master >= 0:
            asyncio.get_running_loop().remove_reader(self._master)
            self._reading = False

    def resume_output(self) -> None:
        """Read the child's output again."""
        if not self._reading and self._master >= 0 and not self._finished:
            asyncio.get_running_loop().add_reader(self._master, self._readable)
            self._reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self._master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: the child and everything it started closed the pty
            data = b""
        if data:
            self._on_output(data)
            return
        self._output_ended()

    def _output_ended(self) -> None:
        if self._finished:
            return
        self.pause_output()
        self._finished = True
        asyncio.get_running_loop().create_task(self._reap())

    async def _reap(self) -> None:
        process = self._process
        assert process is not None
        status = await process.wait()
        self._close_master()
        self._close_reports()
        if self.exited is not None and not self.exited.done():
            self.exited.set_result(status)
        self._on_exit(status)

    # --- input and size -------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        """Send ``data`` (keys) to the child; what the pty cannot take now is sent later."""
        if self._master < 0 or self._finished:
            return
        room = MAX_PENDING_INPUT - len(self._pending)
        if len(data) > room:
            self.dropped_input += len(data) - max(room, 0)
            data = data[: max(room, 0)]
        self._pending += data
        self._flush()

    def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                written = os.write(self._master, self._pending)
                del self._pending[:written]
        except BlockingIOError:
            loop.add_writer(self._master, self._writable)
            return
        except OSError:
            self._pending.clear()
        with contextlib.suppress(ValueError, OSError):
            loop.remove_writer(self._master)

    def _writable(self) -> None:
        if self._master >= 0:
            self._flush()

    def resize(self, width: int, height: int) -> None:
        """Give the child a new window size (a program gets ``SIGWINCH``)."""
        self.size = clamp_size(width, height)
        if self._master >= 0 and not self._finished and self._process is not None:
            with contextlib.suppress(OSError):
                set_size(self._master, *self.size)
                self._process.resized()

    # --- ending ---------------------------------------------------------------------------------

    def _close_master(self) -> None:
        if self._master >= 0:
            loop = asyncio.get_running_loop()
            loop.remove_reader(self._master)
            loop.remove_writer(self._master)
            os.close(self._master)
            self._master = -1
            self._reading = False

    def _signal_group(self, signum: int) -> None:
        if self._process is not None:
            self._process.signal(signum)

    async def close(self, grace: float = KILL_GRACE) -> None:
        """End the child (``SIGHUP``, ``SIGKILL`` after ``grace`` seconds: a program's whole
        process group) and wait until it is gone."""
        process = self._process
        if process is None:
            return
        self._signal_group(signal.SIGHUP)
        self._signal_group(signal.SIGCONT)
        try:
            await asyncio.wait_for(process.wait(), grace)
        except TimeoutError:
            self._signal_group(signal.SIGKILL)
            await process.wait()
        if not self._finished:
            self._output_ended()
        if self.exited is not None:
            await self.exited
