"""Octopus's Garden's position heuristic (the greedy bot's, and the strong search's cut-off).

Not a rule of the game but a judgement the bots rely on; found with the strong search: random
rollouts undervalue buying, so with pearls worth the same however many are banked, a search
passed turn after turn and ended with 30 pearls and 11 points.
"""

from __future__ import annotations

from gardens_tui.rules.octopus_garden.evaluate import (
    PEARL_WORTH,
    RELIC_PROMISE,
    USEFUL_PEARLS,
    pearl_value,
    pearl_worth,
)
from gardens_tui.rules.octopus_garden.scoring import relic_points


def test_pearls_beyond_the_dearest_purchase_are_worth_little() -> None:
    """Up to USEFUL_PEARLS each pearl counts in full; every one beyond it a fifth as much."""
    each = 0.5
    assert pearl_value(4, each) == 4 * each
    assert pearl_value(USEFUL_PEARLS, each) == USEFUL_PEARLS * each
    extra = pearl_value(USEFUL_PEARLS + 5, each) - pearl_value(USEFUL_PEARLS, each)
    assert abs(extra - 5 * each / 5) < 1e-9
    assert pearl_value(0, each) == 0


def test_a_pearl_is_worth_most_early_and_fades_towards_the_end() -> None:
    """A pearl buys tiles while turns remain (worth up to PEARL_WORTH); in the last turns it can
    buy little, and once the game is over it only breaks ties (rulebook: after the fewest negative
    tiles, the most leftover pearls), so its worth falls towards zero."""
    assert pearl_worth(30) == PEARL_WORTH
    assert pearl_worth(1) < pearl_worth(3) < pearl_worth(6) <= PEARL_WORTH
    assert pearl_worth(1) < 0.5


def test_each_relic_towards_the_set_of_three_is_worth_more_while_turns_remain() -> None:
    """Relics score 0 for one, 4 for two and 15 for three (rulebook scoring); the promise keeps
    every step towards the set worth taking and the third still worth more than two."""
    worth = [
        relic_points(n) + (RELIC_PROMISE[n] if n < len(RELIC_PROMISE) else 0) for n in range(4)
    ]
    assert worth == sorted(worth) and len(set(worth)) == 4
    assert worth[3] == relic_points(3)
