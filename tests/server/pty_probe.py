"""A tiny program for the SSH tests' pseudo-terminals: it reports what a terminal app would see.

It prints ``SIZE WxH CTTY True PID n`` at start and on every ``SIGWINCH`` (CTTY: the pty is its
controlling terminal and it is in the foreground), then ``GOT <hex>`` for every read of keys, in
raw mode; ``q`` ends it.
"""

from __future__ import annotations

import os
import signal
import tty


def show(*_: object) -> None:
    """Print the window size and whether the pty is the controlling terminal."""
    size = os.get_terminal_size(0)
    ctty = os.tcgetpgrp(0) == os.getpgrp()
    os.write(1, f"SIZE {size.columns}x{size.lines} CTTY {ctty} PID {os.getpid()}\r\n".encode())


def main() -> None:
    """Report, echo keys as hex, end on ``q``."""
    tty.setraw(0)
    signal.signal(signal.SIGWINCH, show)
    show()
    while True:
        try:
            data = os.read(0, 1024)
        except InterruptedError:  # pragma: no cover - PEP 475 retries
            continue
        if not data:
            break
        os.write(1, b"GOT " + data.hex().encode() + b"\r\n")
        if b"q" in data:
            break


if __name__ == "__main__":
    main()
