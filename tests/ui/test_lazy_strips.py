"""Strips that make their caches when first used (:mod:`gardens_tui.ui.lazy_strips`): installed
on this Textual, a new strip holds no cache until one is needed, and every strip operation that
caches gives the same strips as before, from its cache the second time."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from gardens_tui.ui.lazy_strips import CACHE_SIZES, install_lazy_strip_caches


def test_install_works_on_this_textual_and_is_idempotent() -> None:
    assert install_lazy_strip_caches() is True
    assert install_lazy_strip_caches() is True


def test_a_new_strip_makes_no_cache_until_one_is_used() -> None:
    install_lazy_strip_caches()
    strip = Strip([Segment("hello "), Segment("world", Style(bold=True))])
    for name in CACHE_SIZES:
        assert name not in _filled(strip)
    assert strip.cell_length == 11 and strip.text == "hello world"
    strip.crop(0, 5)
    assert _filled(strip) == {"_crop_cache"}


def test_cached_operations_give_the_same_strips_again() -> None:
    install_lazy_strip_caches()
    strip = Strip([Segment("hello "), Segment("world", Style(bold=True))])
    bold = Style(italic=True)
    assert strip.crop(2, 8).text == "llo wo"
    assert strip.crop(2, 8) is strip.crop(2, 8)
    assert strip.apply_style(bold) is strip.apply_style(bold)
    assert [part.text for part in strip.divide([3, 11])] == ["hel", "lo world"]
    assert strip.divide([3, 11]) is strip.divide([3, 11])
    assert strip.adjust_cell_length(14).cell_length == 14
    assert strip.crop_extend(0, 14, None).cell_length == 14
    assert strip.apply_offsets(1, 2).text == "hello world"
    assert _filled(strip) >= {"_crop_cache", "_style_cache", "_divide_cache"}


def _filled(strip: Strip) -> set[str]:
    """The cache slots of ``strip`` that hold a cache."""
    filled = set()
    for name in CACHE_SIZES:
        slot = Strip.__dict__[name].slot
        try:
            slot.__get__(strip, Strip)
        except AttributeError:
            continue
        filled.add(name)
    return filled
