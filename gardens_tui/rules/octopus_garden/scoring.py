"""Final (or provisional) scoring and the winner with the rulebook's two tie-breaks.

Categories, in order:

- ``bonus animals``: the values of the clownfish and seahorses held.
- ``relics``: 1 relic scores 0, 2 relics 2 each, 3 or more 5 each.
- ``crabs & shells``: a crab without a home +1, an empty shell +1, a crab carrying a shell 6 for
  the pair, a crab carrying trash 0 for the pair.
- ``trash``: with t trash tokens (not counting trash carried by a crab) each scores -t, so -t².
- ``printed points``: coral 1, anemone 2, seagrass 1, sea star 5, and the modules' printed points
  (coconut octopus 3, or 1 once flipped; shark 2; lionfish 5; boxer crab 3; mimic octopus, parrot
  fish and treasure chest 0).
- ``oysters``: -2 per oyster token (the two printed oysters never cost points).
- ``parrot fish`` (only with that module): +1 per coral next to each parrot fish.

Tokens under animals count like any other. Tie-breaks: fewest negative-scoring tiles (trash not
carried by a crab, and oyster tokens), then most leftover pearls; still tied: joint winners.
"""

from __future__ import annotations

from gardens_tui.rules.base import Outcome, Scores
from gardens_tui.rules.octopus_garden.board import NEIGHBOURS, NUM_CELLS
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE,
    BOXER,
    COCONUT,
    COCONUT_USED,
    CORAL,
    CRAB,
    CRAB_SHELL,
    LIONFISH,
    NUM_KINDS,
    OYSTER,
    PARROT,
    RELIC,
    SEAGRASS,
    SHARKS,
    SHELL,
    STAR,
    TRASH,
)
from gardens_tui.rules.octopus_garden.state import Garden, OctopusState

BASE_CATEGORIES: tuple[str, ...] = (
    "bonus animals",
    "relics",
    "crabs & shells",
    "trash",
    "printed points",
    "oysters",
)
PARROT_CATEGORY = "parrot fish"

_PRINTED = {
    CORAL: 1,
    ANEMONE: 2,
    SEAGRASS: 1,
    STAR: 5,
    COCONUT: 3,
    COCONUT_USED: 1,
    LIONFISH: 5,
    BOXER: 3,
    **{code: 2 for code in SHARKS},
}


def relic_points(count: int) -> int:
    """Points for ``count`` relics: 0 for one, 2 each for two, 5 each for three or more."""
    if count < 2:
        return 0
    if count == 2:
        return 4
    return 5 * count


def trash_points(count: int) -> int:
    """Points for ``count`` loose trash tokens: each scores minus the number of them."""
    return -count * count


def categories(state: OctopusState) -> tuple[str, ...]:
    """The score categories of this game (the parrot-fish line only with that module)."""
    if state.options.get("parrot-fish"):
        return (*BASE_CATEGORIES, PARROT_CATEGORY)
    return BASE_CATEGORIES


def garden_counts(garden: Garden) -> list[int]:
    """How many pieces of each kind the garden holds (index = kind code), in every stack."""
    counts = [0] * NUM_KINDS
    for stack in garden:
        for piece in stack:
            counts[piece] += 1
    return counts


def parrot_points(garden: Garden) -> int:
    """+1 for every coral next to every parrot fish."""
    total = 0
    for c in range(NUM_CELLS):
        s = garden[c]
        if s and s[0] == PARROT:
            total += sum(1 for n in NEIGHBOURS[c] if garden[n] and garden[n][0] == CORAL)
    return total


def garden_row(garden: Garden, parrot_fish: bool) -> tuple[int, ...]:
    """A garden's own points in the order of :func:`categories` after ``bonus animals``
    (everything but the bonus animals, which the seat holds beside its garden)."""
    k = garden_counts(garden)
    crabs = k[CRAB] + k[SHELL] + 6 * k[CRAB_SHELL]
    printed = sum(points * k[code] for code, points in _PRINTED.items())
    row = (
        relic_points(k[RELIC]),
        crabs,
        trash_points(k[TRASH]),
        printed,
        -2 * k[OYSTER],
    )
    if parrot_fish:
        return (*row, parrot_points(garden))
    return row


def seat_scores(state: OctopusState, seat: int) -> tuple[int, ...]:
    """One seat's points in the order of :func:`categories`."""
    bonus = sum(state.clowns[seat]) + sum(state.horses[seat])
    parrot_fish = bool(state.options.get("parrot-fish"))
    return (bonus, *garden_row(state.gardens[seat], parrot_fish))


def score_table(state: OctopusState) -> Scores:
    """Every seat's score by category; final once the game is over."""
    table = tuple(seat_scores(state, seat) for seat in range(len(state.players)))
    return Scores(categories(state), table, final=state.over)


def negative_tiles(state: OctopusState, seat: int) -> int:
    """Tiles scoring below zero: loose trash (not carried by a crab) and oyster tokens."""
    garden = state.gardens[seat]
    return sum(1 for s in garden if s and s[0] in (TRASH, OYSTER))


TIEBREAK_NEGATIVE = "fewest negative-scoring tiles"
TIEBREAK_PEARLS = "most leftover pearls"
TIEBREAK_JOINT = "joint winners: still tied after fewest negative tiles and most pearls"


def outcome(state: OctopusState) -> Outcome:
    """The winner(s): most points, then fewest negative-scoring tiles, then most pearls."""
    totals = score_table(state).totals()
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    if len(tied) == 1:
        return Outcome((tied[0],))
    fewest = min(negative_tiles(state, seat) for seat in tied)
    tied = [seat for seat in tied if negative_tiles(state, seat) == fewest]
    if len(tied) == 1:
        return Outcome((tied[0],), TIEBREAK_NEGATIVE)
    most = max(state.pearls[seat] for seat in tied)
    tied = [seat for seat in tied if state.pearls[seat] == most]
    if len(tied) == 1:
        return Outcome((tied[0],), TIEBREAK_PEARLS)
    return Outcome(tuple(tied), TIEBREAK_JOINT)
