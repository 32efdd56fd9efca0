"""The greedy bot's rating of a position for one seat (it works on a view).

Shiitake toward victory against the best rival first; then what threatens or helps the monk:
being off the board (it has just crashed or looped, or must start over), a tanuki near it or in
the square it must place into, stashes within reach, and tiles in hand for the next turns.
"""

from __future__ import annotations

from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki.components import AROUND, SIZE
from gardens_tui.rules.tanuki.state import OFF, TanukiState


def _value(s: TanukiState, seat: int, own: bool) -> float:
    cards = s.cards[seat]
    if own:
        return s.shiitake[seat] + sum(3 if 45 <= c < 48 else 1 for c in cards if c >= 0) + 0.0
    return float(s.shiitake[seat] + len(cards))


def evaluate(s: TanukiState, seat: int) -> float:
    """Higher is better for ``seat``: a victory margin plus small positional terms."""
    mine = _value(s, seat, True)
    rivals = [_value(s, o, False) for o in range(len(s.players)) if o != seat]
    score = mine - (max(rivals) if rivals else 0.0) * 0.5
    if s.over:
        return score * 10
    m = s.monks[seat]
    if m == OFF:
        score -= 2.0
        return score
    here = s.monk_square(seat)
    ahead = B.front_square(s, seat)
    for t in s.tanuki:
        if t < 0:
            continue
        if t == ahead:
            score -= 1.0
        if t in AROUND[here]:
            score -= 0.7
        distance = abs(t // SIZE - here // SIZE) + abs(t % SIZE - here % SIZE)
        score -= 0.3 / (1 + distance)
    if ahead >= 0 and s.stash[ahead]:
        score += 0.2 * s.stash[ahead]
    score += 0.25 * len(s.hands[seat])
    return score
