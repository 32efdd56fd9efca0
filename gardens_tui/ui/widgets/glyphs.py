"""The few symbols the UI draws, in a Unicode and a 7-bit ASCII set (the ASCII-mode setting)."""

from __future__ import annotations

_UNICODE = {
    "to-move": "▶",
    "winner": "★",
    "bot": "⚙",
    "last": "▸",
    "error": "✗",
    "ok": "✓",
}
_ASCII = {
    "to-move": ">",
    "winner": "*",
    "bot": "#",
    "last": ">",
    "error": "x",
    "ok": "+",
}


def glyph(name: str, ascii_mode: bool = False) -> str:
    """The symbol ``name``: ``to-move``, ``winner``, ``bot``, ``last``, ``error`` or ``ok``."""
    return (_ASCII if ascii_mode else _UNICODE)[name]


_ASCII_KEYS = {
    "⏎": "Enter",
    "↑": "Up",
    "↓": "Down",
    "←": "Left",
    "→": "Right",
    "⌫": "Bksp",
    "⇥": "Tab",
    "␣": "Space",
}


def ascii_keys(display: str) -> str:
    """A key's display (Textual's ``⏎``, ``↑``, ``^s``) in 7-bit characters: ``Enter``, ``Up``;
    any other character outside 7-bit becomes ``?``."""
    text = "".join(_ASCII_KEYS.get(ch, ch) for ch in display)
    return "".join(ch if " " <= ch <= "~" else "?" for ch in text)
