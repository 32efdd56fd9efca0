"""Text from outside the program: what may be stored, and how it is shown without harm.

Names, file names, action texts, log lines and settings values come from people and files we do
not control. Over SSH a player's name is another player's input, so text is data, never a
command to a terminal:

- :func:`printable` turns any text into text that is safe to write to a terminal: every character
  a terminal could act on (C0 and C1 controls, DEL, escape sequences, bidirectional overrides and
  other invisible formatting characters, lone surrogates, line separators, unassigned code
  points) is written as a visible escape (``\\x1b``, ``\\u202e``), the way Python's ``repr``
  does. The command line and the app pass every text they did not write through it.
- :func:`check_name` is the rule for a player's name, the same on the command line, in the
  new-game dialog and in a save file: no character :func:`printable` would escape (and no space
  other than the plain one), at least one visible character, at most :data:`MAX_NAME_CELLS`
  terminal columns (a wide CJK character counts two, a combining accent none). Names are
  compared in Unicode NFC, case-folded (:func:`name_key`), so ``"Ann"`` and ``"A\\u0301nn"`` forms
  that look alike are the same player.
- :func:`check_line` is the rule for other one-line texts read from a file (log lines, the app
  version, the time a game was saved, action texts).
- :func:`quoted` shows any value in a message: as Python writes it (so escaped), cut short.
- :func:`whole_number` reads a number typed in an action: ASCII digits only and a few of them
  (``str.isdigit`` accepts ``"²"``, which ``int`` refuses, and ``int`` refuses 5,000 digits).

Pure standard library; the rules, the saves, the command line and the UI all use it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

MAX_NAME_CELLS = 40
"""The widest a player's name may be, in terminal columns."""

MAX_ACTION_TEXT = 200
"""The longest action text accepted (every game's notation is far shorter)."""

_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"})
"""Unicode categories a terminal may act on or that show as nothing: controls, formatting
characters (zero-width, bidirectional overrides), surrogates, unassigned code points, line and
paragraph separators."""

_CATEGORY_WORDS = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a broken character (a lone surrogate, e.g. from bytes that are not UTF-8)",
    "Cn": "a character Unicode does not define",
    "Zl": "a line break",
    "Zp": "a paragraph break",
    "Zs": "a space other than the plain space",
}

_SPACES_ALLOWED_IN_NAMES = frozenset({" ", "\u3000"})  # plain and ideographic (CJK input) space


def is_unsafe(char: str) -> bool:
    """Whether the one-character string ``char`` must never reach a terminal as it is."""
    return unicodedata.category(char) in _UNSAFE_CATEGORIES


def escape_char(char: str) -> str:
    """``char`` as a visible escape, as Python writes it (``\\x1b``, ``\\u200b``)."""
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str, *, newlines: bool = True) -> str:
    """``text`` with every unsafe character (see :func:`is_unsafe`) written as a visible escape.

    With ``newlines`` (the default) line feeds are kept, so multi-line text stays multi-line;
    without, they are escaped too and the result is one line. Safe text is returned unchanged
    (the common case costs one C-level scan).
    """
    if text.isprintable():
        return text
    if newlines and all(line.isprintable() for line in text.split("\n")):
        return text
    out = []
    for char in text:
        if char == "\n" and newlines:
            out.append(char)
        elif is_unsafe(char):
            out.append(escape_char(char))
        else:
            out.append(char)
    return "".join(out)


def cell_width(text: str) -> int:
    """How many terminal columns ``text`` takes: 2 for wide and full-width characters (CJK, most
    emoji), 0 for combining marks and other zero-width characters, 1 for the rest."""
    if text.isascii() and text.isprintable():  # (the usual name: one column a character)
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def first_unsafe(text: str, *, allow_spaces: frozenset[str] | None = None) -> str | None:
    """Why ``text`` is not safe to store, naming the first offending character, or ``None``.

    ``allow_spaces``, when given, also refuses any space character (category Zs) not in it.
    """
    if text.isprintable():  # no control, format, separator or unassigned character at all
        return None
    for position, char in enumerate(text, start=1):
        category = unicodedata.category(char)
        bad = category in _UNSAFE_CATEGORIES or (
            allow_spaces is not None and category == "Zs" and char not in allow_spaces
        )
        if bad:
            return f"character {position} is {_CATEGORY_WORDS[category]} ({_code_point(char)})"
    return None


def _code_point(char: str) -> str:
    return f"U+{ord(char):04X}"


def normalise_name(name: str) -> str:
    """A typed name in the form it is stored: Unicode NFC, without surrounding white space."""
    return unicodedata.normalize("NFC", name).strip()


def check_name(name: str) -> str:
    """``name`` if it may be a player's name, else ``ValueError`` saying why in words.

    The rule: at least one visible character; at most :data:`MAX_NAME_CELLS` terminal columns;
    no control, formatting, surrogate, unassigned or line-break character, and no space other
    than the plain one (and the ideographic space of CJK input). Wide, combining and
    right-to-left letters are allowed. The name is checked as given; callers that take typed
    input store :func:`normalise_name` of it.
    """
    if not isinstance(name, str):
        raise ValueError(f"a name is text, not {type(name).__name__}")
    problem = first_unsafe(name, allow_spaces=_SPACES_ALLOWED_IN_NAMES)
    if problem:
        raise ValueError(f"the name '{printable(name)}' is not allowed: {problem}")
    width = cell_width(name.strip())
    if width == 0:
        raise ValueError("a name needs at least one visible character")
    if width > MAX_NAME_CELLS:
        raise ValueError(
            f"a name may be at most {MAX_NAME_CELLS} columns wide; "
            f"'{printable(name[:20])}...' is {width}"
        )
    return name


class NameRefused(ValueError):
    """A list of names refused by :func:`check_names`; ``index`` is where the first bad one is."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index = index


def check_names(names: Sequence[str]) -> None:
    """:class:`NameRefused` unless every name passes :func:`check_name` and no two look the
    same (the same :func:`name_key`): the rule for the players of one game."""
    seen: set[str] = set()
    for index, name in enumerate(names):
        try:
            check_name(name)
        except ValueError as exc:
            raise NameRefused(index, str(exc)) from None
        key = name_key(name)
        if key in seen:
            raise NameRefused(index, f"the name '{printable(name.strip())}' is used twice")
        seen.add(key)


def name_key(name: str) -> str:
    """The form in which two names are compared: NFC, case-folded, without surrounding spaces.

    Two seats whose names have the same key are the same player to everyone looking.
    """
    folded = unicodedata.normalize("NFC", name).strip().casefold()
    return unicodedata.normalize("NFC", folded)


def check_line(text: str, max_length: int) -> str:
    """``text`` if it is one line of at most ``max_length`` characters with nothing unsafe in it
    (see :func:`is_unsafe`), else ``ValueError`` saying why."""
    if len(text) > max_length:
        raise ValueError(f"too long ({len(text)} characters; at most {max_length})")
    problem = first_unsafe(text)
    if problem:
        raise ValueError(f"{problem}, which is never part of this text")
    return text


def quoted(value: object, limit: int = 40) -> str:
    """``value`` as Python's ``repr`` writes it (strings quoted, unsafe characters escaped), at
    most ``limit`` characters (a longer one is cut and ends in ``...``): for error messages that
    name what they refuse."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")


def whole_number(word: str) -> int | None:
    """The number ``word`` spells in ASCII digits (at most 9 of them), else ``None``."""
    return int(word) if _WHOLE_NUMBER.fullmatch(word) else None
