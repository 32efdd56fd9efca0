"""How hard the property and fuzz tests try.

Every hostile-input test asks for ``examples(n)`` hypothesis examples: ``n`` in a normal run
(small, so CI stays fast), ``n * GARDENS_FUZZ`` when that environment variable is set, e.g.
``GARDENS_FUZZ=50 python -m pytest -n auto tests`` for a long run before a release.
"""

from __future__ import annotations

import os

from hypothesis import strategies as st


def fuzz_factor() -> int:
    """``GARDENS_FUZZ`` as a whole number of at least 1 (1 when unset or not a number)."""
    try:
        return max(1, int(os.environ.get("GARDENS_FUZZ", "1")))
    except ValueError:
        return 1


def examples(n: int) -> int:
    """How many examples a property test with a normal budget of ``n`` should run."""
    return n * fuzz_factor()


ANY_CHARACTER = st.characters(exclude_categories=())
"""Every code point, lone surrogates, controls and unassigned ones included."""

HOSTILE_FRAGMENTS = (
    "\x1b[31m",
    "\x1b]0;pwned\x07",
    "\x1b[2J",
    "\x9b31m",
    "\x7f",
    "\x00",
    "\r",
    "\n",
    "\t",
    "\u200b",
    "\u202e",
    "\u2028",
    "\ufeff",
    "\udcff",
    "\U000e0041",
    "[b]",
    "[/]",
    "[x=1=2]",
    "[on red]",
    "[link=https://example.com]",
    "[@click=app.quit]",
    "²",
    "٣",
    "9" * 5000,
    "田中",
    "e\u0301",
    "שלום",
    "👩‍👩‍👧",
)
"""Pieces of text that have broken terminals and parsers: escape sequences, C1 controls, bidi
overrides, zero-width and format characters, lone surrogates, markup, digits ``int`` refuses or
that are too long, and wide, combining and right-to-left letters."""

hostile_text = st.lists(
    st.sampled_from(HOSTILE_FRAGMENTS) | st.text(ANY_CHARACTER, max_size=6), max_size=6
).map("".join)
"""Text made of hostile fragments and arbitrary code points."""
