"""Textual's strips make their seven caches when first used, not when made.

Every line Textual draws is a :class:`~textual.strip.Strip`, and each strip makes seven small
caches as it is made (crops, styles, filters, divisions, lengths, offsets), fourteen objects in
all, whether it is ever cropped or styled or not. Most strips are made, joined into a frame
and dropped: a spectator's screen makes a few thousand for every move it draws, and making
their caches was about a tenth of the move's CPU, with the garbage collector's work on top.

:func:`install_lazy_strip_caches` makes each cache on first use instead: Textual's own
``Strip.__init__`` is replaced by one that leaves the cache slots empty, and each cache slot's
descriptor by one that fills the slot with the same cache Textual would have made (same
class, same size) the first time it is read. Strips behave exactly as before.

Guarded against a future Textual: nothing is changed unless ``Strip`` still has exactly those
cache slots and its ``__init__`` still takes ``(segments, cell_length)``; then
:func:`install_lazy_strip_caches` returns ``False`` and ``tests/ui/test_lazy_strips.py`` fails
loudly, so the change is noticed in the test suite.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

from rich.segment import Segment
from textual.cache import FIFOCache
from textual.strip import Strip

CACHE_SIZES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}
"""Each cache slot of ``Strip`` and the size Textual gives it."""

_OTHER_SLOTS = {"_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count"}


class _LazyCache:
    """A cache slot's descriptor that makes the cache on first read."""

    __slots__ = ("size", "slot")

    def __init__(self, slot: Any, size: int) -> None:
        self.slot = slot
        self.size = size

    def __get__(self, strip: Strip | None, owner: type | None = None) -> Any:
        if strip is None:
            return self
        try:
            return self.slot.__get__(strip, owner)
        except AttributeError:
            cache: FIFOCache[Any, Any] = FIFOCache(self.size)
            self.slot.__set__(strip, cache)
            return cache

    def __set__(self, strip: Strip, value: Any) -> None:
        self.slot.__set__(strip, value)


def _lean_init(self: Strip, segments: Iterable[Segment], cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def install_lazy_strip_caches() -> bool:
    """Make strips' caches lazily (see the module docstring). Idempotent; ``False`` if this
    Textual's ``Strip`` is not the one this was written for (then nothing is changed)."""
    if Strip.__init__ is _lean_init:
        return True
    if set(Strip.__slots__) != set(CACHE_SIZES) | _OTHER_SLOTS:
        return False
    if list(inspect.signature(Strip.__init__).parameters) != ["self", "segments", "cell_length"]:
        return False
    for name, size in CACHE_SIZES.items():
        setattr(Strip, name, _LazyCache(Strip.__dict__[name], size))
    Strip.__init__ = _lean_init  # type: ignore[method-assign]
    return True
