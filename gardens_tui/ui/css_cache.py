"""Parsed CSS kept for the whole process, so a new app or a new screen does not parse it again.

Textual parses CSS into rule sets in :meth:`Stylesheet._parse_rules` and keeps the result in a
cache that belongs to *one* stylesheet. But every app makes its own stylesheet, and every screen
with CSS of its own makes the app re-parse through a *fresh* stylesheet
(:meth:`Stylesheet.reparse`), so each session of the SSH server parsed every widget's CSS again
(about a fifth of its start, tokenising the same texts the preloaded zygote had already parsed).

:func:`install_shared_css_cache` makes ``_parse_rules`` look in one process-wide cache first,
keyed by everything the parse depends on: the CSS text, where it was read from, whether it is
default CSS, its tie breaker, its scope, and the stylesheet's CSS variables (a theme's colours
are substituted while parsing, so two themes never share an entry). A forked session starts with
the zygote's cache filled, and the parsed rules are shared with it like any other page.

Why this is safe: Textual itself hands the same cached rule sets out again whenever one
stylesheet parses the same source twice, so it never changes them after the parse; an entry here
is the same object handed out the same way, across stylesheets. The cache is bounded
(:data:`MAX_ENTRIES`, least recently used first out).

Guarded against a future Textual: the method is replaced only if it still has the parameters it
is called with here; otherwise nothing changes and :func:`install_shared_css_cache` returns
``False``, which ``tests/ui/test_css_cache.py`` checks.
"""

from __future__ import annotations

import inspect
from typing import Any

from textual.cache import LRUCache
from textual.css.stylesheet import Stylesheet

__all__ = ["MAX_ENTRIES", "install_shared_css_cache", "shared_entries"]

MAX_ENTRIES = 2048
"""Parsed sources kept (the app, its screens and widgets have a few hundred; a theme change
adds as many again)."""

_PARAMETERS = ["self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]

_parsed: LRUCache[tuple[Any, ...], Any] = LRUCache(MAX_ENTRIES)

_recent_variables: list[tuple[dict[str, str], tuple[tuple[str, str], ...]]] = []
"""The last few variables dicts seen and their keys: a stylesheet and the fresh ones its
re-parses make share one dict, so the key is computed once, not on every lookup."""


def _variables_key(variables: dict[str, str]) -> tuple[tuple[str, str], ...]:
    for known, key in _recent_variables:
        if known is variables and len(known) == len(key):
            return key
    key = tuple(sorted(variables.items()))
    _recent_variables.insert(0, (variables, key))
    del _recent_variables[8:]
    return key


def shared_entries() -> int:
    """How many parsed sources the process-wide cache holds."""
    return len(_parsed)


def install_shared_css_cache() -> bool:
    """Make every stylesheet in this process share parsed CSS (see the module docstring).
    Idempotent; ``False`` if this Textual's parser is not the one this was written for (then
    nothing is changed)."""
    original = Stylesheet._parse_rules
    if getattr(original, "_gardens_shared", False):
        return True
    if list(inspect.signature(original).parameters) != _PARAMETERS:
        return False

    def _parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> Any:
        variables = self._variables
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(variables))
        rules = _parsed.get(key)
        if rules is None:
            rules = original(self, css, read_from, is_default_rules, tie_breaker, scope)
            _parsed[key] = rules
        return rules

    _parse_rules._gardens_shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    return True
