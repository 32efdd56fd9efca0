"""Scores and the winner: shiitake plus Garden Master cards in hand.

While the game runs every seat is shown the same table, built from public facts only: each
card in hand counts 1 (nobody else knows which are Shiitake Baskets). Once the game is over the
hands are revealed and a Shiitake Basket counts its 3. (The platform's contract: provisional
scores are public, every seat is shown the same ones; the conformance suite checks it.)
"""

from __future__ import annotations

from gardens_tui.rules.base import Outcome, Scores
from gardens_tui.rules.tanuki.components import card_value
from gardens_tui.rules.tanuki.state import TanukiState

CATEGORIES: tuple[str, ...] = ("shiitake", "cards")


def card_points(s: TanukiState, seat: int) -> int:
    """What ``seat``'s cards count: 1 each while the game runs, their true value once over."""
    if s.over:
        return sum(card_value(c) for c in s.cards[seat] if c >= 0)
    return len(s.cards[seat])


def score_table(s: TanukiState) -> Scores:
    """Shiitake and cards per seat (provisional until the game is over)."""
    rows = tuple((s.shiitake[seat], card_points(s, seat)) for seat in range(len(s.players)))
    notes: tuple[str, ...] = ()
    if s.master and not s.over:
        notes = ("Cards count 1 each until the end, when a Shiitake Basket counts 3.",)
    return Scores(CATEGORIES, rows, final=s.over, notes=notes)


def outcome(s: TanukiState) -> Outcome:
    """Most shiitake (cards counted) wins; tied leaders took extra turns until one led."""
    totals = score_table(s).totals()
    best = max(totals)
    leaders = tuple(seat for seat, t in enumerate(totals) if t == best)
    if s.extra:
        if len(leaders) == 1:
            return Outcome(leaders, "extra turns for the tied leaders")
        return Outcome(leaders, "still tied after the extra turns: the win is shared")
    return Outcome(leaders, None if len(leaders) == 1 else "tied: the win is shared")
