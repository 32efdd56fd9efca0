"""Input bytes that are not UTF-8 never crash the app (gardens_tui.ui.terminal_input).

Before: Textual's Linux driver decoded terminal input strictly, so the byte 0xE9 (``é`` from a
Latin-1 terminal) raised UnicodeDecodeError in its input thread and the app panicked with a
traceback. The last test starts the real app on a real pseudo-terminal; every wait there is on
output arriving, with an overall guard.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from gardens_tui.ui import terminal_input
from gardens_tui.ui.terminal_input import install_lenient_decoding

GUARD = 30.0
"""Seconds the pty test waits at most, overall."""

COLUMNS, ROWS = 100, 30

LAUNCHER = (
    "import sys\n"
    "from gardens_tui.ui.terminal_input import install_lenient_decoding\n"
    "if not install_lenient_decoding():\n"
    "    sys.exit('lenient decoding not installed')\n"
    "from gardens_tui.cli import main\n"
    "sys.exit(main([]))\n"
)
"""What the pty test runs: the command line's ``gardens`` (the app at its main menu), after
:func:`install_lenient_decoding`, as the app's start-up does."""

_ESCAPE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


def test_the_installed_textual_drivers_decode_leniently() -> None:
    """Rule: install_lenient_decoding recognises the installed Textual's drivers (this test
    fails loudly if a new Textual changes them), and afterwards the Linux driver reads a byte
    that is not UTF-8 as U+FFFD and still joins a character split between two reads."""
    assert install_lenient_decoding() is True
    assert install_lenient_decoding() is True  # idempotent
    from textual.drivers import linux_driver

    decode = vars(linux_driver)["getincrementaldecoder"]("utf-8")().decode
    assert decode(b"\xe9A") == "\ufffdA"
    assert decode(b"caf\xc3") == "caf"
    assert decode(b"\xa9!") == "\u00e9!"


def test_an_explicit_error_handler_is_kept() -> None:
    """Rule: only the crashing default ("strict") becomes "replace"."""
    make = terminal_input.lenient_getincrementaldecoder("utf-8")
    assert make(errors="ignore").decode(b"\xe9A") == "A"
    assert make("strict").decode(b"\xe9A") == "\ufffdA"


@pytest.fixture
def changed_driver(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """A driver module as a future Textual might write it: the decoder is no longer looked up
    by the global name."""
    import codecs

    module = ModuleType("fake_future_driver")

    class FutureDriver:
        def run_input_thread(self) -> str:
            return codecs.getincrementaldecoder("utf-8")().decode(b"")

    module.FutureDriver = FutureDriver  # type: ignore[attr-defined]
    module.getincrementaldecoder = codecs.getincrementaldecoder  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr(terminal_input, "DRIVERS", ((module.__name__, "FutureDriver"),))
    yield module


def test_a_driver_it_does_not_recognise_is_left_alone_and_reported(
    changed_driver: ModuleType,
) -> None:
    """Rule: when a driver no longer looks the decoder up as expected, nothing is changed, no
    exception reaches the app's start, and install_lenient_decoding returns False."""
    import codecs

    assert install_lenient_decoding() is False
    assert changed_driver.getincrementaldecoder is codecs.getincrementaldecoder


def test_a_missing_driver_module_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule: on a POSIX system every listed driver module must exist (a renamed one is a
    changed Textual)."""
    monkeypatch.setattr(terminal_input, "DRIVERS", (("textual.drivers.no_such_driver", "X"),))
    assert install_lenient_decoding() is (os.name != "posix")


class Terminal:
    """The parent side of a pseudo-terminal the app runs on: what it wrote, waited for."""

    def __init__(self, master: int, deadline: float) -> None:
        self.master = master
        self.deadline = deadline
        self.output = bytearray()

    def text(self, since: int = 0) -> bytes:
        """What the app wrote (from byte ``since`` on), without escape sequences."""
        return _ESCAPE.sub(b"", bytes(self.output[since:]))

    def send(self, data: bytes) -> int:
        """Type ``data``; returns how much the app had written before (for :meth:`wait_for`)."""
        since = len(self.output)
        os.write(self.master, data)
        return since

    def wait_for(self, pattern: bytes, since: int = 0) -> None:
        """Read until ``pattern`` is in the text the app wrote from byte ``since`` on; fail at
        the deadline or when the app's side of the terminal closes."""
        regex = re.compile(pattern)
        while not regex.search(self.text(since)):
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {pattern!r} within {GUARD} s: {self.tail()!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # EIO: the app's side is closed
                chunk = b""
            if not chunk:
                raise AssertionError(f"the app ended before {pattern!r}: {self.tail()!r}")
            self.output.extend(chunk)

    def tail(self) -> bytes:
        """The end of what the app wrote, for a failure message."""
        return self.text()[-2000:]


def test_bytes_that_are_not_utf8_reach_the_running_app_on_a_real_terminal(
    tmp_path: Path,
) -> None:
    """Rule: undecodable input bytes are read as U+FFFD: the app keeps running and redrawing,
    and shows no traceback (before, 0xE9 crashed it with a UnicodeDecodeError)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("TEXTUAL", "PYTEST", "COLUMNS", "LINES"))
    }
    env.update(GARDENS_TUI_HOME=str(tmp_path / "home"), TERM="xterm-256color")
    process = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(slave)
    terminal = Terminal(master, time.monotonic() + GUARD)
    try:
        terminal.wait_for(rb"New game")  # the main menu's first frame
        since = terminal.send(b"\xe9A")
        terminal.send(b"s")  # a key that opens the settings dialog
        terminal.wait_for(rb"Bot pause per step", since)
        assert process.poll() is None, terminal.tail()
        since = terminal.send(b"\xc3")  # half a character, then Escape: still no harm
        terminal.send(b"\x1b")
        terminal.wait_for(rb"New game", since)  # back at the menu, redrawn
        assert process.poll() is None, terminal.tail()
        terminal.send(b"q")
        process.wait(timeout=GUARD)
        try:
            while chunk := os.read(master, 65536):
                terminal.output.extend(chunk)
        except OSError:  # EIO once the app's side is closed
            pass
        text = terminal.text()
        assert b"Traceback" not in text and b"UnicodeDecodeError" not in text, terminal.tail()
        assert process.returncode == 0, terminal.tail()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
