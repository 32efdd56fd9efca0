"""Throw Octopus!'s inline shuffle (issue 29) draws exactly as :meth:`Rng.shuffle` does."""

from __future__ import annotations

from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.throw_octopus.engine import shuffle


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


def test_the_inline_shuffle_redraws_like_randrange() -> None:
    """A draw past the last whole span of 85 (the largest 64-bit number) is drawn again."""
    start = (_unmix(2**64 - 1) - 0x9E3779B97F4A7C15) % 2**64
    probe = Rng(start)
    assert probe.next64() == 2**64 - 1  # the shuffle's first draw is the one redrawn
    ours, theirs = Rng(start), Rng(start)
    items, reference = list(range(85)), list(range(85))
    shuffle(ours, items)
    theirs.shuffle(reference)
    assert items == reference and ours.state == theirs.state
