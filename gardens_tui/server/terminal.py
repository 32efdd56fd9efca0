"""One program on its own pseudo-terminal, driven from an asyncio loop: an SSH session's app.

:class:`TerminalChild` avoids the known traps of running a full-screen program behind SSH:

- the child starts a new session and makes the pty its **controlling terminal** (``setsid``,
  then ``TIOCSCTTY``), so a resize (:meth:`TerminalChild.resize`: ``TIOCSWINSZ`` on the pty)
  reaches it as ``SIGWINCH``;
- the **window size is set before the child starts**, so its first frame has the right size;
  sizes are clamped to :data:`MIN_SIZE`..:data:`MAX_SIZE` (a client may say 0x0 or 100000x3);
- the end of the child shows as ``EIO`` on the pty, not end-of-file: both end the output, after
  everything the child wrote has been read (**drained**) and passed on;
- output stops being read while the receiver says it is full (:meth:`pause_output`), so a
  client that does not read cannot make the server buffer without end;
- :meth:`TerminalChild.close` ends the child's **whole process group** (``SIGHUP``, then
  ``SIGKILL`` if it does not go), so nothing is left behind when a player disconnects.

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


class TerminalChild:
    """``argv`` running on a new pseudo-terminal of ``width`` x ``height`` with ``env``.

    ``on_output(data)`` gets everything the child writes; ``on_exit(status)`` is called once,
    after the last output, with the exit status (negative: killed by that signal). Call
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
    ) -> None:
        self.argv = list(argv)
        self.env = dict(env)
        self.size = clamp_size(width, height)
        self._on_output = on_output
        self._on_exit = on_exit
        self._master = -1
        self._process: subprocess.Popen[bytes] | None = None
        self._pending = bytearray()
        self._reading = False
        self._finished = False
        self.exited: asyncio.Future[int] | None = None
        """Resolves with the exit status once the child has exited and its output is drained."""

    @property
    def pid(self) -> int | None:
        """The child's process id (also its process group and session id)."""
        return None if self._process is None else self._process.pid

    def start(self) -> None:
        """Open the pty, set its size, start the child on it and start reading its output."""
        loop = asyncio.get_running_loop()
        self.exited = loop.create_future()
        master, slave = os.openpty()
        try:
            set_size(slave, *self.size)
            self._process = subprocess.Popen(
                self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=self.env,
                start_new_session=True,
                preexec_fn=_take_controlling_terminal,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        self.resume_output()

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
        status = await asyncio.to_thread(process.wait)
        self._close_master()
        if self.exited is not None and not self.exited.done():
            self.exited.set_result(status)
        self._on_exit(status)

    # --- input and size -------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        """Send ``data`` (keys) to the child; what the pty cannot take now is sent later."""
        if self._master < 0 or self._finished:
            return
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
        """Give the child a new window size (it gets ``SIGWINCH``)."""
        self.size = clamp_size(width, height)
        if self._master >= 0 and not self._finished:
            with contextlib.suppress(OSError):
                set_size(self._master, *self.size)

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
        pid = self.pid
        if pid is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signum)

    async def close(self) -> None:
        """End the child's whole process group (``SIGHUP``, ``SIGKILL`` after
        :data:`KILL_GRACE` seconds) and wait until it is gone."""
        process = self._process
        if process is None:
            return
        self._signal_group(signal.SIGHUP)
        self._signal_group(signal.SIGCONT)
        try:
            await asyncio.wait_for(asyncio.to_thread(process.wait), KILL_GRACE)
        except TimeoutError:
            self._signal_group(signal.SIGKILL)
            await asyncio.to_thread(process.wait)
        if not self._finished:
            self._output_ended()
        if self.exited is not None:
            await self.exited
