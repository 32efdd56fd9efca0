"""Hostile input for the property and fuzz tests, and how hard those tests try.

Every hostile-input test runs with :func:`fuzz_settings` (or asks for :func:`examples`): a few
examples in a normal run, the same on every run, so CI stays small and deterministic;
``GARDENS_FUZZ=N`` multiplies each budget by N and draws fresh random examples, for a long run
before a release::

    GARDENS_FUZZ=50 python -m pytest -n auto tests

The text strategies mix what has broken terminals, markup parsers and number parsers with
arbitrary code points (:func:`hostile_text`); :func:`hostile_name` keeps only what the name rule
accepts (markup, wide, combining and right-to-left text), for screens that must show it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from gardens_tui.rules.safe_text import check_name, name_key

# --- the fuzz budget ----------------------------------------------------------------------------


def fuzz_factor() -> int:
    """``GARDENS_FUZZ`` as a whole number of at least 1 (1 when unset or not a number)."""
    try:
        return max(1, int(os.environ.get("GARDENS_FUZZ", "1")))
    except ValueError:
        return 1


def examples(n: int) -> int:
    """How many examples a property test with a normal budget of ``n`` should run."""
    return n * fuzz_factor()


T = TypeVar("T", bound=Callable[..., Any])


def fuzz_settings(n: int) -> Callable[[T], T]:
    """Hypothesis settings for a hostile-input property test: ``n`` examples, the same on every
    run (derandomized); with ``GARDENS_FUZZ=N`` (N > 1) ``n * N`` fresh random ones. No deadline
    (an app takes a while to start); function-scoped fixtures are fine (each example cleans up
    after itself)."""
    long_run = fuzz_factor() > 1
    return settings(
        max_examples=examples(n),
        deadline=None,
        derandomize=not long_run,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.function_scoped_fixture,
            HealthCheck.filter_too_much,
        ],
    )


# --- hostile text -------------------------------------------------------------------------------

MARKUP_FRAGMENTS: tuple[str, ...] = (
    "[b]",
    "[/b]",
    "[/]",
    "[x=1=2]",
    "[on red]",
    "[link=https://example.com]",
    "[/link]",
    "[@click=app.quit]",
    "[@click=app.exit()]",
    "[bold red on blue]",
    "[#ff0000]",
    "[dim",
    "[",
    "]",
    "\\[",
    "\\",
    "[[",
    "]]",
    "$name",
    "${x}",
    ":smile:",
    "%s",
    "{0}",
    "[reverse][blink]",
    "[/reverse]",
    "[i]",
    "<b>",
    "&amp;",
)
"""Markup (Rich's and Textual's), template and format fragments: each must show as itself."""

WIDE_AND_ODD: tuple[str, ...] = (
    "漢字",
    "\uff37\uff49\uff44\uff45",  # full-width "Wide"
    "🐙",
    "e\u0301",
    "n\u0303o",
    "\u05e9\u05dc\u05d5\u05dd",  # Hebrew (right to left)
    "\u0645\u0631\u062d\u0628\u0627",  # Arabic (right to left)
    "a\u0308\u0301\u0323",  # stacked combining marks
    "Ann",
    "Bob",
    "ß",
    "İ",
    "\u3000",  # the ideographic space
)
"""Wide, combining and right-to-left characters that names may hold."""

TERMINAL_CONTROLS: tuple[str, ...] = (
    "\x1b[31m",
    "\x1b[2J",
    "\x1b]8;;https://example.com\x1b\\",
    "\x1b]0;title\x07",
    "\x1bP+q\x1b\\",
    "\x07",
    "\x08",
    "\r",
    "\x9b31m",
    "\x85",
    "\u202e",
    "\u200b",
    "\u2028",
    "\ufeff",
    "\udcff",
)
"""What a terminal acts on: escape sequences, C0 and C1 controls, bidi overrides, zero-width
characters, a line separator, a lone surrogate (what a non-UTF-8 byte of a file name becomes)."""


PARSER_BREAKERS: tuple[str, ...] = ("²", "٣", "9" * 5000, "\x00", "\t", "\n", "\x7f")
"""What number and notation parsers trip on: digits ``str.isdigit`` accepts but ``int`` refuses,
another script's digits, a number ``int`` refuses to read, NUL, tab, newline, DEL."""

HOSTILE_FRAGMENTS: tuple[str, ...] = (
    *MARKUP_FRAGMENTS,
    *WIDE_AND_ODD,
    *TERMINAL_CONTROLS,
    *PARSER_BREAKERS,
)
"""Every kind of hostile piece of text above."""

ANY_CHARACTER = st.characters(exclude_categories=())
"""Every code point, lone surrogates, controls and unassigned ones included."""


def hostile_text(max_pieces: int = 6) -> st.SearchStrategy[str]:
    """Text made of hostile fragments (:data:`HOSTILE_FRAGMENTS`) and arbitrary code points."""
    piece = st.one_of(st.sampled_from(HOSTILE_FRAGMENTS), st.text(ANY_CHARACTER, max_size=4))
    return st.lists(piece, min_size=1, max_size=max_pieces).map("".join)


def _as_name(text: str) -> str | None:
    text = text.strip()
    try:
        return check_name(text)
    except ValueError:
        return None


def hostile_name() -> st.SearchStrategy[str]:
    """A name the name rule accepts, made of markup fragments and wide, combining and
    right-to-left characters (terminal controls are refused at entry, so they are not here)."""
    piece = st.one_of(st.sampled_from(HOSTILE_FRAGMENTS), st.sampled_from(WIDE_AND_ODD))
    return (
        st.lists(piece, min_size=1, max_size=4)
        .map(lambda parts: _as_name("".join(parts)))
        .filter(lambda name: name is not None)
        .map(lambda name: str(name))
    )


def distinct_names(count: int) -> st.SearchStrategy[list[str]]:
    """``count`` hostile names that are different players (distinct by the name rule's key)."""
    return st.lists(hostile_name(), min_size=count, max_size=count, unique_by=name_key)


# --- file names ---------------------------------------------------------------------------------


def is_file_name(text: str) -> bool:
    """Whether ``text`` can be one file name on this system (and is not a hidden file)."""
    if not text or text.startswith(".") or "/" in text or "\x00" in text or text in (".", ".."):
        return False
    try:
        return len(os.fsencode(text)) <= 200
    except UnicodeError:  # a lone surrogate that no byte stands for
        return False


def hostile_file_name() -> st.SearchStrategy[str]:
    """A file name made of markup, odd characters and terminal controls."""
    return hostile_text(max_pieces=4).filter(is_file_name)
