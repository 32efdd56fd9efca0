"""Names of saves a person gives (the app's save dialog, the plain mode's ``save NAME``).

A name is a file name without its ``.json``: the save goes to ``<saves_dir>/<name>.json``.
:func:`check_save_name` says in words why a typed name cannot name a save file;
:func:`default_save_name` makes a name from the game that always passes. Pure Python.
"""

from __future__ import annotations

import unicodedata

from gardens_tui.rules.safe_text import first_unsafe
from gardens_tui.table import Table

SUFFIX = ".json"
"""Every save file's suffix; a typed name may end with it or not."""

MAX_NAME_LENGTH = 120
"""The longest name accepted, in characters (file systems allow 255 bytes; UTF-8 may need four
bytes a character for some scripts, so the limit is checked in bytes too)."""

MAX_NAME_BYTES = 250 - len(SUFFIX)
"""The longest name accepted, in UTF-8 bytes, leaving room for the suffix."""

FORBIDDEN = frozenset('/\\:*?"<>|')
"""Characters refused in a name: path separators, and those Windows or macOS file systems
refuse."""


def _one_line(text: str) -> str:
    """``text`` with runs of white space as one space, stripped."""
    return " ".join(text.split())


def default_save_name(table: Table) -> str:
    """A name for a new save of ``table``: ``octopus-garden Ann v Greedy bot, turn 12``, made safe
    as a file name (every character :func:`check_save_name` refuses becomes ``_``, leading dots
    go, and it is cut to the limit)."""
    names = " v ".join(_one_line(name) for name in table.setup.names)
    raw = f"{table.setup.game} {names}, turn {table.state.turn}"
    safe = "".join(
        "_" if char in FORBIDDEN or first_unsafe(char) is not None else char for char in raw
    )
    safe = safe.lstrip(". ")
    while safe and (len(safe) > MAX_NAME_LENGTH or len(safe.encode("utf-8")) > MAX_NAME_BYTES):
        safe = safe[:-1]
    return safe.rstrip(" .") or table.setup.game


def check_save_name(text: str) -> str:
    """The name typed, normalised (Unicode NFC, surrounding spaces and a trailing ``.json``
    removed); ``ValueError`` saying why in words when it cannot name a save file."""
    name = unicodedata.normalize("NFC", text).strip()
    if name.lower().endswith(SUFFIX):
        name = name[: -len(SUFFIX)].rstrip()
    if not name:
        raise ValueError("Type a name for the save.")
    bad = first_unsafe(name, allow_spaces=frozenset({" "}))
    if bad is not None:
        raise ValueError(f"The name cannot hold control or invisible characters: {bad}.")
    separators = sorted({char for char in name if char in FORBIDDEN})
    if separators:
        shown = " ".join(separators)
        raise ValueError(f'The name cannot hold any of / \\ : * ? " < > | (it has {shown}).')
    if name.startswith("."):
        raise ValueError("The name cannot start with a dot (that makes a hidden file).")
    if name.endswith("."):
        raise ValueError("The name cannot end with a dot.")
    if len(name) > MAX_NAME_LENGTH or len(name.encode("utf-8")) > MAX_NAME_BYTES:
        raise ValueError(f"The name is too long (at most {MAX_NAME_LENGTH} characters).")
    return name
