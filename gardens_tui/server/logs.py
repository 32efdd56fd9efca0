"""The server's log: one line per event, never a flood, never a terminal escape.

:class:`RateLimit` is a :class:`logging.Filter` that lets at most ``burst`` lines of one kind
(the same logger and message template, whatever the values) through in ``period`` seconds;
the first line of that kind let through afterwards says how many were left out. A flood of
connections (every one refused with a line) then costs a few lines a minute.

The audit trail (:data:`AUDIT_LOGGER`: every login with its address and key, every failure,
block, ban, kick, mute and operator's command, every incident) is never rate-limited: what it
logs is bounded by the server itself (failed logins back off and block).

:func:`configure` sets up ``gardens serve``'s logging: timestamps, the rate limit, and
asyncssh's own lines only from warnings up (the server logs every login, failure and ban
itself, with the address and the key).

Text from players (names, what they typed) goes into log lines through
:func:`~gardens_tui.rules.safe_text.printable`: an operator reading the log in a terminal never
gets a player's escape sequence.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

AUDIT_LOGGER = "gardens_tui.audit"
"""The logger of the audit trail, which :class:`RateLimit` lets through whole."""

KIND_CHARS = 40
"""The start of a message template that tells its kind."""


@dataclass
class _Kind:
    start: float
    shown: int = 0
    left_out: int = 0


class RateLimit(logging.Filter):
    """At most ``burst`` records of one kind in ``period`` seconds (see the module docstring).
    ``clock`` gives seconds on a steady clock. The kind is the logger, the level and the start
    of the message template (a library that formats its values into the message itself, as
    asyncio does, still has one kind per message)."""

    def __init__(
        self, burst: int = 5, period: float = 10.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__()
        self.burst = burst
        self.period = period
        self._clock = clock
        self._kinds: dict[tuple[str, int, str], _Kind] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` is written (it may gain a note of the lines left out)."""
        if record.name == AUDIT_LOGGER:
            return True
        key = (record.name, record.levelno, str(record.msg)[:KIND_CHARS])
        now = self._clock()
        kind = self._kinds.get(key)
        if kind is None or now - kind.start >= self.period:
            left_out = 0 if kind is None else kind.left_out
            kind = self._kinds[key] = _Kind(now)
            if len(self._kinds) > 10_000:  # kinds are message templates: a few dozen
                self._kinds = {key: kind}
            if left_out:
                record.msg = f"{record.msg} [{left_out} more like this left out]"
        if kind.shown >= self.burst:
            kind.left_out += 1
            return False
        kind.shown += 1
        return True


def configure(level: int = logging.INFO) -> None:
    """Log to standard error with timestamps, rate-limited (see :class:`RateLimit`)."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    handler.addFilter(RateLimit())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
