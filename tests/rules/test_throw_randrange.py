"""Throw Octopus!'s inline randrange (issue 29) draws exactly as :meth:`Rng.randrange` does."""

from __future__ import annotations

from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.throw_octopus.engine import randrange


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


def test_the_inline_randrange_is_rng_randrange() -> None:
    """The same number and the same PRNG state after, for every size a game draws from (a
    single card draws nothing)."""
    for seed in range(200):
        for n in (1, 2, 3, 4, 10, 27, 28, 85, 171):
            ours, theirs = Rng(seed_state(seed * 31 + n)), Rng(seed_state(seed * 31 + n))
            assert randrange(ours, n) == theirs.randrange(n)
            assert ours.state == theirs.state


def test_the_inline_randrange_redraws_like_rng() -> None:
    """A draw past the last whole span (the largest 64-bit number) is drawn again."""
    start = (_unmix(2**64 - 1) - 0x9E3779B97F4A7C15) % 2**64
    probe = Rng(start)
    assert probe.next64() == 2**64 - 1
    ours, theirs = Rng(start), Rng(start)
    assert randrange(ours, 28) == theirs.randrange(28)
    assert ours.state == theirs.state
