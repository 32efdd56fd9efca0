"""An input field that never holds a character a terminal would act on, and takes pastes whole
or cut to its size, on one line."""

from __future__ import annotations

import re

from textual import events
from textual.widgets import Input

from gardens_tui.rules.safe_text import first_unsafe
from gardens_tui.ui.literal import notify_plain, plain

DEFAULT_MAX_LENGTH = 200
"""The most characters a :class:`SafeInput` made without a ``max_length`` holds (a seed, a
number): every field has a size, so no paste costs more than that."""

LINE_BREAKS = "\r\n\t\u2028\u2029"
"""What a paste may hold between its lines (carriage return, line feed, tab, and Unicode's line
and paragraph separators): a run of them is one space in a one-line field."""

_BREAK_RUN = re.compile(f"[{LINE_BREAKS}]+")
_TEXT_RUN = re.compile(f"[^{LINE_BREAKS}]+")


def one_line(text: str, room: int) -> tuple[str, bool]:
    """The first ``room`` characters of ``text`` made one line, and whether more was left out.

    Made one line: each run of :data:`LINE_BREAKS` becomes one plain space, and runs at the
    start and end of ``text`` (a copied line's ending) are dropped. Nothing else is changed
    (unsafe characters included: checking them is the caller's). "More was left out" means
    characters other than a run of line breaks at the end.

    The cost follows ``room``, not ``len(text)``: Python steps through at most ``2 * room + 2``
    pieces and the regular expressions read at most ``room`` characters of text past the start
    (only a run of line breaks is scanned to its end, in C, to find what follows it).
    """
    room = max(0, room)
    end = len(text)
    leading = _BREAK_RUN.match(text)
    pos = leading.end() if leading else 0
    pieces: list[str] = []
    length = 0
    while pos < end and length < room:
        run = _TEXT_RUN.match(text, pos, min(end, pos + room - length))
        if run is not None:
            pieces.append(run.group())
            length += run.end() - pos
            pos = run.end()
            continue
        breaks = _BREAK_RUN.match(text, pos)
        assert breaks is not None  # text[pos] is not text, so it is a line break
        pos = breaks.end()
        if pos < end:  # a run between two pieces of text, not the paste's ending
            pieces.append(" ")
            length += 1
    left_out = pos < end and _TEXT_RUN.search(text, pos) is not None
    return "".join(pieces), left_out


class SafeInput(Input):
    """A one-line :class:`~textual.widgets.Input` whose value never holds a control, escape or
    other unsafe character (see :func:`~gardens_tui.rules.safe_text.is_unsafe`), and which
    always has a size (``max_length``; :data:`DEFAULT_MAX_LENGTH` when none is given).

    A paste (a terminal's bracketed paste, or ``ctrl+v`` from the app's clipboard) goes through
    :meth:`paste`: made one line (a run of line breaks or tabs is one space), cut to the room
    the field has left (with a notice saying so), and refused whole, with the bell and a notice
    naming the character, if what would be kept holds an unsafe character, so the player
    learns why instead of finding the text silently changed (a terminal sends no such character
    for a typed key). A value set by code is stored with each such character written as a
    visible escape (``\\x1b``), so the field always draws exactly what it holds.
    """

    def validate_max_length(self, max_length: int | None) -> int:
        """Every field has a size: none or 0 means :data:`DEFAULT_MAX_LENGTH`."""
        return max_length if max_length and max_length > 0 else DEFAULT_MAX_LENGTH

    def replace(self, text: str, start: int, end: int) -> None:
        """Replace ``start:end`` with ``text``, or refuse ``text`` if it holds an unsafe
        character (the bell and a notice naming it; the value is unchanged)."""
        if self._refused(text):
            return
        super().replace(text, start, end)

    def validate_value(self, value: str) -> str:
        """Every value set by code is stored escaped."""
        return plain(value, newlines=False)

    def paste(self, text: str) -> None:
        """Put pasted ``text`` in place of the selection (at the cursor when none).

        The rule: ``text`` is made one line (:func:`one_line`) and cut to the room left, that
        is ``max_length`` less the characters outside the selection, before anything else looks
        at it (a megabyte costs what the field holds). What is kept is refused whole if it
        holds an unsafe character (:meth:`replace`); otherwise it goes in, and a notice says
        when it was cut ("Pasted the first 187 characters: the field holds 200."). A full field
        takes nothing and says so, with the bell. The field's own rules (``type``,
        ``restrict``) still apply, as Textual's ``Input`` applies them.
        """
        start, end = sorted(self.selection)
        start, end = max(0, start), min(len(self.value), end)
        size = self.max_length or DEFAULT_MAX_LENGTH
        room = size - (len(self.value) - (end - start))
        kept, left_out = one_line(text, room)
        if not kept:
            if left_out:
                self.app.bell()
                notify_plain(
                    self,
                    f"Not pasted: the field is full (it holds {size} characters).",
                    title="Refused",
                    severity="warning",
                )
            return
        if self._refused(kept):
            return
        before = self.value
        super().replace(kept, start, end)
        if left_out and self.value != before:
            notify_plain(
                self,
                f"Pasted the first {len(kept)} characters: the field holds {size}.",
                title="Paste cut short",
            )

    def _refused(self, text: str) -> bool:
        """Whether ``text`` holds an unsafe character: if so the bell rings and a notice names
        it."""
        problem = first_unsafe(text)
        if problem is None:
            return False
        self.app.bell()
        notify_plain(self, f"Not pasted: {problem}.", title="Refused", severity="warning")
        return True

    def _on_paste(self, event: events.Paste) -> None:
        """A bracketed paste from the terminal: :meth:`paste` (instead of ``Input``'s, which
        keeps only the first line and refuses a line too long for the field whole)."""
        event.prevent_default()
        event.stop()
        if event.text:
            self.paste(event.text)

    def action_paste(self) -> None:
        """``ctrl+v``: paste the app's clipboard by the same rule (:meth:`paste`)."""
        self.paste(self.app.clipboard)
