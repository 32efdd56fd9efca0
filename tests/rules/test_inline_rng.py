"""The engines' inline draws (issue 29) draw exactly as :class:`Rng` does, redraws included:
:func:`~gardens_tui.rules.rng.randrange_at` (Seabed Neighbours' tile draws) and Throw
Octopus!'s inline shuffle and randrange."""

from __future__ import annotations

from gardens_tui.rules.rng import Rng, randrange_at, seed_state
from gardens_tui.rules.throw_octopus.engine import randrange, shuffle


def _unmix(out: int) -> int:
    """The SplitMix64 state whose mixed output is ``out`` (the finaliser is a bijection)."""
    mask = 2**64 - 1

    def unshift(z: int, k: int) -> int:
        x = z
        for _ in range(64 // k + 1):
            x = z ^ (x >> k)
        return x

    z = unshift(out, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, 2**64) & mask, 27)
    return unshift(z * pow(0xBF58476D1CE4E5B9, -1, 2**64) & mask, 30)


def _redrawing_start() -> int:
    """A PRNG state whose next draw is the largest 64-bit number, past every whole span, so
    the draw is made again."""
    start = (_unmix(2**64 - 1) - 0x9E3779B97F4A7C15) % 2**64
    assert Rng(start).next64() == 2**64 - 1
    return start


def test_the_inline_shuffle_is_rng_shuffle() -> None:
    """The same order and the same PRNG state after, for every length a game shuffles."""
    for seed in range(60):
        for length in (0, 1, 2, 3, 7, 30, 79, 85, 86, 170):
            ours, theirs = (
                Rng(seed_state(seed * 977 + length)),
                Rng(seed_state(seed * 977 + length)),
            )
            mine, reference = list(range(length)), list(range(length))
            shuffle(ours, mine)
            theirs.shuffle(reference)
            assert mine == reference
            assert ours.state == theirs.state


def test_the_inline_shuffle_redraws_like_randrange() -> None:
    """A draw past the last whole span of 85 is drawn again (the shuffle's first draw)."""
    start = _redrawing_start()
    ours, theirs = Rng(start), Rng(start)
    items, reference = list(range(85)), list(range(85))
    shuffle(ours, items)
    theirs.shuffle(reference)
    assert items == reference and ours.state == theirs.state


def test_the_inline_randrange_is_rng_randrange() -> None:
    """The same number and the same PRNG state after, for every size a game draws from (a
    single card draws nothing)."""
    for seed in range(200):
        for n in (1, 2, 3, 4, 10, 27, 28, 85, 171):
            ours, theirs = Rng(seed_state(seed * 31 + n)), Rng(seed_state(seed * 31 + n))
            assert randrange(ours, n) == theirs.randrange(n)
            assert ours.state == theirs.state


def test_the_inline_randrange_redraws_like_rng() -> None:
    """A draw past the last whole span is drawn again."""
    start = _redrawing_start()
    ours, theirs = Rng(start), Rng(start)
    assert randrange(ours, 28) == theirs.randrange(28)
    assert ours.state == theirs.state


def test_randrange_at_is_rng_randrange() -> None:
    """The same number and the same PRNG state after, for every pile size Seabed Neighbours
    draws from (a single tile draws nothing)."""
    for seed in range(200):
        for n in (1, 2, 3, 15, 16, 77, 78):
            state = seed_state(seed * 31 + n)
            reference = Rng(state)
            number = reference.randrange(n)
            assert randrange_at(state, n) == (reference.state, number)


def test_randrange_at_redraws_like_rng() -> None:
    """A draw past the last whole span of ``n`` is drawn again."""
    start = _redrawing_start()
    reference = Rng(start)
    number = reference.randrange(77)
    assert randrange_at(start, 77) == (reference.state, number)
