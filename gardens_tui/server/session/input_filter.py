"""What a player's client sends, made into input an app can always take.

Whatever bytes arrive over SSH, :class:`InputFilter` turns them into well-formed UTF-8 keys and
pastes for the session's app, at a bounded rate:

- **Undecodable bytes** (a Latin-1 terminal's ``é`` is the byte 0xE9) become U+FFFD: the app
  never meets a byte that is not UTF-8. A multi-byte character split between two packets is
  held until its last byte arrives.
- **Bracketed pastes** (``ESC [200~`` … ``ESC [201~``) reach the app whole within each packet:
  a paste still open at the end of a packet is closed there and reopened with the next one, so
  the app is never left inside a paste waiting for its end (a client that sends a start marker
  and never the end cannot swallow every later key). A paste whose end has not come within
  :data:`PASTE_GAP` seconds is taken as ended. Each paste keeps at most
  :data:`MAX_PASTE_CHARS` characters (no field holds more); the rest is dropped.
- **Unbracketed pastes**: a packet of at least :data:`BURST_CHARS` characters holding no escape
  character is text no hand typed; it is passed on as a bracketed paste (cut like one), so the
  app gets one paste instead of thousands of key presses.
- **Rate**: at most :data:`RATE` characters a second on average (bursts of :data:`BURST`); what
  comes faster is dropped and counted in :attr:`InputFilter.dropped`. People type a few
  characters a second and a mouse reports a few hundred bytes a second; a flood is cut off
  before it costs the app memory.

Pure standard library; no asyncio (the caller passes a clock).
"""

from __future__ import annotations

import codecs
import time
from collections.abc import Callable

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
MAX_PASTE_CHARS = 4096
"""The most characters of one paste passed on (the longest text field holds 200)."""

BURST_CHARS = 64
"""A packet at least this long with no escape character is a paste, not typing."""

PASTE_GAP = 0.5
"""Seconds after which a paste whose end marker never came is taken as ended."""

RATE = 16 * 1024
"""Characters a second passed on, on average."""

BURST = 64 * 1024
"""Characters passed on at once after a quiet spell."""

_MARKER_PREFIXES = tuple(PASTE_START[:n] for n in range(3, len(PASTE_START))) + tuple(
    PASTE_END[:n] for n in range(3, len(PASTE_END))
)
"""Tails of a packet that may be the start of a paste marker split between packets."""


class InputFilter:
    """Turns a client's bytes into input for the app (see the module docstring).

    ``clock`` gives seconds on a steady clock (default :func:`time.monotonic`). Feed every
    packet in order to :meth:`feed`; write what it returns to the app's terminal.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._held = ""
        """The end of the last packet, when it may be the start of a paste marker."""
        self._pasting = False
        """Inside a bracketed paste whose end marker has not come yet."""
        self._paste_kept = 0
        """Characters of the open paste passed on so far."""
        self._last = clock()
        self._tokens = float(BURST)
        self.dropped = 0
        """Characters dropped so far (over a paste's size or over the rate)."""

    def feed(self, data: bytes) -> bytes:
        """The UTF-8 input for the app that the packet ``data`` amounts to (maybe empty)."""
        now = self._clock()
        if self._pasting and now - self._last > PASTE_GAP:
            self._pasting = False  # its end marker was lost: what follows is typing again
        self._refill(now)
        self._last = now
        text = self._held + self._decoder.decode(data)
        self._held = ""
        for prefix in _MARKER_PREFIXES:
            if text.endswith(prefix):
                text, self._held = text[: -len(prefix)], prefix
                break
        if not text:
            return b""
        if not self._pasting and len(text) >= BURST_CHARS and "\x1b" not in text:
            out = self._paste_piece(text)
        else:
            out = self._split_pastes(text)
        return self._limit(out).encode("utf-8")

    def _split_pastes(self, text: str) -> str:
        """``text`` with every paste in it closed within it (see the module docstring)."""
        out: list[str] = []
        position = 0
        while position < len(text):
            if self._pasting:
                end = text.find(PASTE_END, position)
                stop = len(text) if end < 0 else end
                out.append(self._paste_piece(text[position:stop], continued=True))
                if end < 0:
                    break
                self._pasting = False
                position = end + len(PASTE_END)
            else:
                start = text.find(PASTE_START, position)
                if start < 0:
                    out.append(text[position:])
                    break
                out.append(text[position:start])
                self._pasting = True
                self._paste_kept = 0
                position = start + len(PASTE_START)
        return "".join(out)

    def _paste_piece(self, piece: str, *, continued: bool = False) -> str:
        """``piece`` of a paste as a whole bracketed paste, cut to what the paste may still
        hold (nothing when it is full)."""
        if not continued:
            self._paste_kept = 0
        room = MAX_PASTE_CHARS - self._paste_kept
        kept = piece[: max(room, 0)]
        self.dropped += len(piece) - len(kept)
        self._paste_kept += len(kept)
        return f"{PASTE_START}{kept}{PASTE_END}" if kept else ""

    def _refill(self, now: float) -> None:
        self._tokens = min(float(BURST), self._tokens + (now - self._last) * RATE)

    def _limit(self, text: str) -> str:
        """``text`` within the rate (see :data:`RATE`); the rest is dropped. A paste is
        passed or dropped whole, so a cut never leaves half a marker."""
        if len(text) <= self._tokens:
            self._tokens -= len(text)
            return text
        self.dropped += len(text)
        return ""
