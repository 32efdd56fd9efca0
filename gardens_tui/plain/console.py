"""The plain mode's output and input: lines of text, escaped on the way out, checked on the way in.

:class:`Console` writes lines. Every text goes through
:func:`~gardens_tui.rules.safe_text.printable`, so a name or a file's content holding a control
character is shown escaped (``\\x1b``), never acted on by the terminal. Colour (``--colour``) is
the only escape sequence ever written, and only this module writes it, around text already
escaped.

:class:`Inbox` is the one queue the plain loop waits on: lines the person typed (read by a
thread of their own, so the loop may wait for a line and for a change at a server's table at
once), the end of input, and calls other threads hand to the loop's thread (a remote seat
view's updates, chat, the server's notices). A line is decoded as UTF-8 (a byte that is not is
replaced), stripped of its line ending and of control characters, and cut to
:data:`MAX_LINE` characters.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from gardens_tui.rules.safe_text import is_unsafe, printable

MAX_LINE = 500
"""The most characters of one typed line that are read (the rest is dropped)."""

STYLES = {
    "heading": "\x1b[1m",
    "turn": "\x1b[1;33m",
    "error": "\x1b[31m",
    "chat": "\x1b[36m",
    "note": "\x1b[2m",
}
"""The colours ``--colour`` uses, by the kind of line."""

RESET = "\x1b[0m"


class Console:
    """Writes lines to ``out`` (a text stream), each flushed at once; ``colour`` adds the
    :data:`STYLES`. Errors writing (the reader went away) are left to the caller."""

    def __init__(self, out: TextIO, *, colour: bool = False) -> None:
        self.out = out
        self.colour = colour

    def say(self, text: str = "", style: str | None = None) -> None:
        """Write ``text`` (one line or several), escaped, as lines."""
        safe = printable(text)
        if self.colour and style in STYLES and safe:
            safe = "\n".join(f"{STYLES[style]}{line}{RESET}" for line in safe.split("\n"))
        self.out.write(safe + "\n")
        self.out.flush()

    def lines(self, lines: Iterable[str], style: str | None = None) -> None:
        """Write each of ``lines``."""
        for line in lines:
            self.say(line, style)


def clean_line(raw: bytes) -> str:
    """One typed line as text: UTF-8 (bad bytes replaced), without its line ending, tabs as
    spaces, every other control or invisible character dropped, cut to :data:`MAX_LINE`."""
    text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
    kept = [" " if char == "\t" else char for char in text[: MAX_LINE * 2]]
    return "".join(char for char in kept if not is_unsafe(char))[:MAX_LINE].strip()


class LinePace:
    """At most ``rate`` lines a second on average, ``burst`` at once after a quiet spell: how
    fast a plain session at a server is read, so that a client sending lines without end costs
    the table owner at most that many requests (a person types a line every few seconds; a
    script's game goes through at that pace, only slower). ``clock`` is a steady clock."""

    def __init__(
        self, rate: float = 10.0, burst: int = 60, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def wait(self) -> float:
        """Take one line's turn: the seconds to wait before reading it (0: at once)."""
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        self._tokens -= 1.0
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate


@dataclass(frozen=True, slots=True)
class Typed:
    """A line the person typed (cleaned: :func:`clean_line`)."""

    text: str


@dataclass(frozen=True, slots=True)
class InputEnded:
    """The person's input ended (end of file, a closed pipe or connection)."""


@dataclass(frozen=True, slots=True)
class Call:
    """Something another thread hands to the loop's thread: ``run()`` is called there."""

    run: Callable[[], None]


Event = Typed | InputEnded | Call


class Inbox:
    """The events the plain loop waits for (see the module docstring).

    Calls from other threads come out before typed lines that arrived earlier: a line is read
    against the table as it is once everything that reached this process was taken in (a
    script that sends its lines at once still plays each on the latest position, and a chat
    line said is printed before the next line is answered)."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._calls: deque[Call] = deque()
        self._lines: deque[Typed | InputEnded] = deque()

    def read_from(self, stream: BinaryIO, pace: LinePace | None = None) -> None:
        """Read lines from ``stream`` on a daemon thread, each a :class:`Typed`, then
        :class:`InputEnded`; with ``pace``, no faster than it allows (the thread waits, and
        what comes faster waits in ``stream``)."""
        threading.Thread(
            target=self._read, args=(stream, pace), name="plain-input", daemon=True
        ).start()

    def _read(self, stream: BinaryIO, pace: LinePace | None) -> None:
        try:
            while raw := stream.readline(MAX_LINE * 8):
                rest = raw
                while not rest.endswith(b"\n"):  # a very long line: drop the rest of it
                    rest = stream.readline(MAX_LINE * 8)
                    if not rest:
                        break
                if pace is not None:
                    time.sleep(pace.wait())
                self.put(Typed(clean_line(raw)))
        except (OSError, ValueError):
            pass
        self.put(InputEnded())

    def put(self, event: Event) -> None:
        """Add ``event`` (from any thread)."""
        with self._ready:
            if isinstance(event, Call):
                self._calls.append(event)
            else:
                self._lines.append(event)
            self._ready.notify()

    def call_soon(self, run: Callable[[], None]) -> None:
        """Have the loop's thread call ``run`` (a seat view's ``dispatch``)."""
        self.put(Call(run))

    def _take(self) -> Event | None:
        if self._calls:
            return self._calls.popleft()
        if self._lines:
            return self._lines.popleft()
        return None

    def get(self) -> Event:
        """The next event, waiting for it."""
        with self._ready:
            while (event := self._take()) is None:
                self._ready.wait()
            return event

    def get_nowait(self) -> Event | None:
        """The next event if one is waiting, else ``None``."""
        with self._ready:
            return self._take()
