"""A small seeded PRNG whose entire state is one JSON-safe integer.

The rules never touch the global :mod:`random` module. Every game state carries the integer state
of this generator (``state.rng``); chance inside ``apply`` is drawn by wrapping that integer in an
:class:`Rng`, drawing, and storing ``rng.state`` back. The same seed and the same actions therefore
always give the same game, and a save file holds the generator exactly.

The generator is SplitMix64 (Steele, Lea & Flood 2014): one 64-bit add and a three-step mix per
draw, full period 2**64, good statistical quality for game dice and bag draws.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

MAX_SEED = _MASK
"""The largest accepted seed / state value; anything in ``0..MAX_SEED`` is valid."""


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state in ``0..MAX_SEED`` (deterministically)."""
    return mix64((seed & _MASK) ^ 0x5DEECE66D)


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a bijective scramble of a 64-bit integer."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def draw_below(state: int, limit: int) -> tuple[int, int]:
    """The generator from ``state`` drawn until an output is below ``limit``: (the state
    after, that output). :meth:`Rng.next64`'s step and :meth:`Rng.randrange`'s redraw as one
    plain function, for an engine that draws on its hot path (no object, one call a draw)."""
    while True:
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        if z < limit:
            return state, z


def randrange_at(state: int, n: int) -> tuple[int, int]:
    """``Rng(state).randrange(n)`` to the bit (``n >= 1``), as (the state after, the number),
    without an :class:`Rng` (see :func:`draw_below`)."""
    if n == 1:
        return state, 0  # (randrange draws nothing for a single choice)
    state, z = draw_below(state, (1 << 64) - (1 << 64) % n)
    return state, z % n


class Rng:
    """A SplitMix64 generator over a plain integer state.

    ``Rng(state.rng)`` continues exactly where the stored state left off; after drawing, write
    ``rng.state`` back into the (copied) game state.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        if not 0 <= state <= _MASK:
            raise ValueError(f"PRNG state must be in 0..{_MASK}, got {state}")
        self.state = state

    def next64(self) -> int:
        """The next raw 64-bit output."""
        self.state = (self.state + _GOLDEN) & _MASK
        return mix64(self.state)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (``n >= 1``), without modulo bias."""
        if n <= 0:
            raise ValueError("randrange needs n >= 1")
        if n == 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``low..high`` inclusive (a die roll: ``randint(1, 6)``)."""
        return low + self.randrange(high - low + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 bits of precision."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted_index(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to non-negative integer ``weights``.

        This is how a bag is drawn from: ``weights`` are the counts of each kind still inside.
        """
        total = sum(weights)
        if total <= 0:
            raise ValueError("weighted_index needs a positive total weight")
        r = self.randrange(total)
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w
        raise AssertionError("unreachable")  # pragma: no cover
