"""The greedy bot's position heuristic: provisional score plus what pearls, oysters, relics and
the tokens still to be planted are likely to become.

One decision ahead is short-sighted, so the value of things not yet points is estimated: a pearl
is worth what it will buy (:func:`pearl_worth`: up to :data:`PEARL_WORTH` points while turns
remain, less towards the end, and little beyond what the dearest purchase costs), an oyster
token pays a pearl per turn left, a token in hand is worth its rough final value, a first and
second relic are worth part of the set they may grow into (:data:`RELIC_PROMISE`), and a group
of anemones or seagrass one or two short of its next bonus animal is worth part of that animal.

The weights were tuned by playing the greedy bot against itself (bench/heuristics.py): valuing a
pearl at 0.6 points at most, as this heuristic first did, made the bot spend every pearl at
once and pass about six turns a game for want of pearls; worth up to 2 points, a pearl buys
oysters early and keeps the purchases coming, and the relic promise makes it start relic sets.
Together they win 87% of 600 games against the old weights, by about 15 points on average.

A search evaluates the same few gardens thousands of times (one decision changes one garden), so
what the heuristic reads of a garden alone is worked out once per distinct garden
(:func:`garden_facts`, a bounded memo of a pure function: results never depend on it).
"""

from __future__ import annotations

from typing import NamedTuple

from gardens_tui.rules.octopus_garden.components import (
    ANEMONE,
    ANEMONE_LIKE,
    BOXER,
    CHEST,
    COCONUT,
    CORAL,
    CRAB,
    DIVER,
    LIONFISH,
    MIMIC,
    OYSTER,
    PARROT,
    RELIC,
    SEAGRASS,
    SEAGRASS_LIKE,
    SHARKS,
    SHELL,
    STAR,
    TRASH,
)
from gardens_tui.rules.octopus_garden.garden import count_base, group_sizes
from gardens_tui.rules.octopus_garden.scoring import garden_row, relic_points, trash_points
from gardens_tui.rules.octopus_garden.state import Garden, OctopusState, Stack

HAND_VALUE: dict[int, float] = {
    ANEMONE: 2.8,
    SEAGRASS: 1.6,
    CORAL: 1.0,
    STAR: 4.0,
    RELIC: 2.5,
    CRAB: 2.0,
    SHELL: 1.5,
    TRASH: -2.5,
    OYSTER: -0.5,
    MIMIC: 1.5,
    COCONUT: 2.5,
    PARROT: 1.5,
    DIVER: 1.0,
    LIONFISH: 5.0,
    CHEST: 0.0,
    BOXER: 3.0,
    **{code: 2.0 for code in SHARKS},
}
"""Rough final worth of a token waiting to be planted."""


class GardenFacts(NamedTuple):
    """What the heuristic reads of one garden alone."""

    points: int
    """The garden's own points (every category but the bonus animals)."""
    empty: int
    """Empty spaces."""
    oysters: int
    """Spaces whose flat token is an oyster token."""
    relics: int
    """Spaces whose flat token is a relic."""
    trash: int
    """Spaces whose flat token is trash."""
    anemones_short: int
    """Over the anemone groups: the anemones already towards each group's next clownfish."""
    seagrass_short: int
    """Over the seagrass groups: the seagrass already towards each group's next seahorse."""


_FACTS: dict[tuple[bool, tuple[Stack, ...]], GardenFacts] = {}
_FACTS_LIMIT = 1 << 16


def garden_facts(garden: Garden, parrot_fish: bool) -> GardenFacts:
    """The :class:`GardenFacts` of ``garden`` (remembered for the next call with an equal one)."""
    key = (parrot_fish, tuple(garden))
    facts = _FACTS.get(key)
    if facts is None:
        if len(_FACTS) >= _FACTS_LIMIT:
            _FACTS.clear()
        facts = _FACTS[key] = GardenFacts(
            sum(garden_row(garden, parrot_fish)),
            sum(1 for st in garden if not st),
            count_base(garden, OYSTER),
            count_base(garden, RELIC),
            count_base(garden, TRASH),
            sum(n % 3 for n in group_sizes(garden, ANEMONE_LIKE)),
            sum(n % 5 for n in group_sizes(garden, SEAGRASS_LIKE)),
        )
    return facts


def hand_value(s: OctopusState, facts: GardenFacts, oyster_income: float) -> float:
    """What the tokens waiting to be planted will likely add to the score of the seat whose
    garden has ``facts``.

    Relics and trash are valued by how they change the garden's relic and trash scores; an
    oyster by the pearls it will harvest minus its 2-point penalty.
    """
    hand = s.hand
    relics, trash, oysters = hand.count(RELIC), hand.count(TRASH), hand.count(OYSTER)
    value = sum(HAND_VALUE.get(t, 0.0) for t in hand if t not in (RELIC, TRASH, OYSTER))
    if relics:
        owned = facts.relics
        value += relic_points(owned + relics) - relic_points(owned)
    if trash:
        owned = facts.trash
        value += trash_points(owned + trash) - trash_points(owned)
    return value + oysters * (oyster_income - 2.0)


def _turns_left(s: OctopusState, facts: GardenFacts) -> float:
    if s.over:
        return 0.0
    if s.end_by >= 0:
        return 0.5
    return max(1.0, facts.empty / 3.0)


PEARL_WORTH = 2.0
"""What a pearl is worth while there are turns to spend it in (see :func:`pearl_worth`)."""

PEARL_FADE = 0.3
"""How fast a pearl's worth falls as the end nears: this much a turn left."""

USEFUL_PEARLS = 10
"""About what the dearest purchase costs: pearls beyond it wait for a later turn."""

RELIC_PROMISE = (0.0, 4.0, 8.0)
"""What 0, 1 or 2 relics are worth beyond their points while turns remain: the set of three
(15 points) they may become. Three or more score in full and promise nothing more."""


def pearl_worth(turns: float) -> float:
    """One pearl's worth with about ``turns`` turns left: :data:`PEARL_WORTH`, falling by
    :data:`PEARL_FADE` a turn as the end nears (a pearl nobody can spend is only a tie-break)."""
    return min(PEARL_WORTH, PEARL_FADE * turns)


def pearl_value(pearls: int, each: float) -> float:
    """What ``pearls`` in hand are worth at ``each`` apiece, with diminishing returns beyond
    :data:`USEFUL_PEARLS`: a bank no purchase needs is worth little, so passing turn after
    turn to hoard never looks better than buying (a search's random rollouts made it look so)."""
    useful = min(pearls, USEFUL_PEARLS)
    return each * useful + 0.2 * each * (pearls - useful)


def seat_value(s: OctopusState, seat: int) -> float:
    """How good the position is for one seat, in points."""
    facts = garden_facts(s.gardens[seat], bool(s.options.get("parrot-fish")))
    total = facts.points + sum(s.clowns[seat]) + sum(s.horses[seat])
    if s.over:
        return total + 0.01 * s.pearls[seat]
    turns = _turns_left(s, facts)
    pearl = pearl_worth(turns)
    value = float(total) + pearl_value(s.pearls[seat], pearl)
    value += facts.oysters * pearl * turns
    relics = facts.relics
    if seat == s.active and s.hand:
        value += hand_value(s, facts, pearl * turns)
        relics += s.hand.count(RELIC)
    if turns > 1.5 and relics < len(RELIC_PROMISE):
        value += RELIC_PROMISE[relics]
    if s.clown_pile:
        value += facts.anemones_short * 0.3 * s.clown_pile[-1] / 3
    if s.horse_pile:
        value += facts.seagrass_short * 0.3 * s.horse_pile[-1] / 5
    return value


def evaluate(s: OctopusState, seat: int) -> float:
    """The seat's value minus the best opponent's (higher is better for ``seat``)."""
    values = [seat_value(s, p) for p in range(len(s.players))]
    best_other = max(v for p, v in enumerate(values) if p != seat)
    return values[seat] - best_other
