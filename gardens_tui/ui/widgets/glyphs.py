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
