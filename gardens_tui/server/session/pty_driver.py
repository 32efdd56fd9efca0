"""A Textual driver for one session's pseudo-terminal inside a process that hosts many.

Textual's own Linux driver owns the process's terminal: it reads standard input in a thread,
writes standard output from another, and learns of a new window size from ``SIGWINCH``. A
session host (:mod:`gardens_tui.server.session.host`) runs the apps of many players on one
event loop, each on a pty of its own, so :class:`PtyDriver` does the same work on the loop, for
the one file descriptor it is given, and touches nothing the process shares:

- **Input** is read when the loop says the pty is readable (never in a thread), decoded as
  UTF-8 and parsed into Textual's events; a lone ``ESC`` becomes the Escape key after Textual's
  escape delay, as in the Linux driver.
- **Output** is written without blocking; what the pty cannot take now waits and goes when it
  can. A player whose client stops reading cannot make the host buffer without end: past
  :data:`MAX_BACKLOG` bytes the waiting output is dropped and, once the pty drains, the whole
  screen is drawn again (a cancel byte first, in case the cut fell inside an escape sequence).
- **Size** is the pty's window size (``TIOCGWINSZ``), read at the start and whenever the server
  says it changed (:meth:`PtyDriver.resized`); the server clamps it. There is no ``SIGWINCH``
  (a process can have one controlling terminal, not many) and no in-band size reports from the
  client (the server's clamped size is the only one).
- The pty is already raw (the server set it), so the terminal's attributes are not changed.

Only this module and the host use Textual on the server side of a session.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import struct
import termios
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING, Any

from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

if TYPE_CHECKING:
    from textual.app import App

MAX_BACKLOG = 1024 * 1024
"""Bytes of output that may wait for a pty that does not drain before they are dropped and the
screen is drawn afresh once it does."""

READ_CHUNK = 4096
TICK = 0.05
"""Seconds between checks of a half-read escape sequence (a lone ``ESC`` becomes Escape)."""

START = (
    "\x1b[?1049h"  # the alternate screen
    "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"  # mouse reports
    "\x1b[?25l"  # cursor hidden
    "\x1b[?1004h"  # focus reports
    "\x1b[>25u"  # the kitty keyboard protocol: disambiguate, all keys, associated text
    "\x1b[?2026$p"  # does the terminal synchronise output?
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap
)
"""What the app writes as it takes the terminal (as Textual's Linux driver does)."""

STOP = (
    "\x1b[?2004l"  # bracketed paste off
    "\x1b[?7h"  # line wrap on
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # mouse reports off
    "\x1b[<u"  # the kitty keyboard protocol off (before leaving the alternate screen)
    "\x1b[?1049l"  # the main screen
    "\x1b[?25h"  # cursor shown
    "\x1b[?1004l"  # focus reports off
)
"""What the app writes as it lets the terminal go."""


def window_size(fd: int) -> tuple[int, int]:
    """The window size of the terminal ``fd`` as (columns, rows); (80, 24) when unknown."""
    try:
        rows, columns, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    except OSError:
        return 80, 24
    return columns or 80, rows or 24


class PtyDriver(Driver):
    """Display and input for an app on the pty :attr:`fd` (set by :func:`driver_for`), on the
    event loop the app runs on."""

    fd: int = -1

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._parser = XTermParser(debug)
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._backlog = bytearray()
        self._reading = False
        self._writing = False
        self._dropped = False
        self._tick: asyncio.TimerHandle | None = None
        self._closed = False

    # --- size -----------------------------------------------------------------------------------

    def _size_event(self) -> events.Resize:
        size = Size(*window_size(self.fd))
        return events.Resize(size, size)

    def resized(self) -> None:
        """The server changed the pty's window size: the app lays itself out for it."""
        if not self._closed:
            self.send_message(self._size_event())

    # --- taking and leaving the terminal --------------------------------------------------------

    def start_application_mode(self) -> None:
        """Take the terminal: size, modes, input."""
        self.send_message(self._size_event())
        self.write(START)
        self.flush()
        self._loop.add_reader(self.fd, self._readable)
        self._reading = True

    def disable_input(self) -> None:
        """Read no more input."""
        if self._reading:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_reader(self.fd)
            self._reading = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def stop_application_mode(self) -> None:
        """Give the terminal back as the app found it."""
        self.disable_input()
        self.write(STOP)
        self.flush()

    def close(self) -> None:
        """Stop writing (what is still waiting is dropped: the session is over)."""
        self._closed = True
        self.disable_input()
        self._stop_writing()
        self._backlog.clear()

    # --- input ----------------------------------------------------------------------------------

    def _readable(self) -> None:
        try:
            data = os.read(self.fd, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the server closed the terminal: the session is ending
            self.disable_input()
            return
        self._feed(self._decode(data))

    def _feed(self, text: str) -> None:
        for event in self._parser.feed(text):
            self.process_message(event)
        self._schedule_tick()

    def _schedule_tick(self) -> None:
        # The parser keeps the moment a half-read sequence times out (a lone ESC); Textual's
        # own driver polls it every tenth of a second, this one only while it is set.
        if self._tick is None and self._parser._timeout_time is not None:
            self._tick = self._loop.call_later(TICK, self._on_tick)

    def _on_tick(self) -> None:
        self._tick = None
        for event in self._parser.tick():
            self.process_message(event)
        if self._reading:
            self._schedule_tick()

    def send_message(self, message: Any) -> None:
        """Post ``message`` to the app (on its own loop: no thread hop)."""
        self._loop.create_task(self._app._post_message(message))

    # --- output ---------------------------------------------------------------------------------

    def write(self, data: str) -> None:
        """Send ``data`` to the terminal (what the pty cannot take now goes later)."""
        if self._closed or not data:
            return
        encoded = data.encode("utf-8", "replace")
        if self._backlog:
            self._backlog += encoded
            if len(self._backlog) > MAX_BACKLOG:
                self._backlog.clear()
                self._dropped = True
            return
        try:
            written = os.write(self.fd, encoded)
        except BlockingIOError:
            written = 0
        except OSError:
            self._closed = True
            return
        if written < len(encoded):
            self._backlog += encoded[written:]
            self._start_writing()

    def _start_writing(self) -> None:
        if not self._writing:
            self._loop.add_writer(self.fd, self._writable)
            self._writing = True

    def _stop_writing(self) -> None:
        if self._writing:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_writer(self.fd)
            self._writing = False

    def _writable(self) -> None:
        try:
            while self._backlog:
                written = os.write(self.fd, self._backlog)
                del self._backlog[:written]
        except BlockingIOError:
            return
        except OSError:
            self._closed = True
            self._backlog.clear()
        self._stop_writing()
        if self._dropped and not self._closed:
            # Output was dropped: cancel whatever sequence it was cut in, draw everything.
            self._dropped = False
            self.write("\x18")
            self.send_message(self._size_event())

    def flush(self) -> None:
        """Nothing to do: :meth:`write` hands each write to the pty at once."""


def driver_for(fd: int) -> type[PtyDriver]:
    """A :class:`PtyDriver` class bound to the pty ``fd`` (Textual makes the driver itself)."""
    return type("BoundPtyDriver", (PtyDriver,), {"fd": fd})
