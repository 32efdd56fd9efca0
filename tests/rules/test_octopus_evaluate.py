"""Octopus's Garden's position heuristic (the greedy bot's, and the strong search's cut-off).

Not a rule of the game but a judgement the bots rely on; found with the strong search: random
rollouts undervalue buying, so with pearls worth the same however many are banked, a search
passed turn after turn and ended with 30 pearls and 11 points.
"""

from __future__ import annotations

from gardens_tui.rules.octopus_garden.evaluate import USEFUL_PEARLS, pearl_value


def test_pearls_beyond_the_dearest_purchase_are_worth_little() -> None:
    """Up to USEFUL_PEARLS each pearl counts in full; every one beyond it a fifth as much."""
    each = 0.5
    assert pearl_value(4, each) == 4 * each
    assert pearl_value(USEFUL_PEARLS, each) == USEFUL_PEARLS * each
    extra = pearl_value(USEFUL_PEARLS + 5, each) - pearl_value(USEFUL_PEARLS, each)
    assert abs(extra - 5 * each / 5) < 1e-9
    assert pearl_value(0, each) == 0
