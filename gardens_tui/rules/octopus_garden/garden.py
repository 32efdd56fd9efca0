"""Questions about one garden: empty spaces, blocking, sea-star paths, groups and bonus claims.

Pure functions over a garden (a list of 24 stacks, see :mod:`.state`). They never change it.
"""

from __future__ import annotations

from gardens_tui.rules.octopus_garden.board import NEIGHBOURS, NUM_CELLS
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE,
    ANIMALS,
    BOXER,
    CORAL,
    MIMIC_ANEMONE,
    MIMIC_SEAGRASS,
    OYSTER,
    SEAGRASS,
    STAR,
)
from gardens_tui.rules.octopus_garden.state import Garden, Stack

UNREACHABLE = -1

_CELLS = range(NUM_CELLS)


def base(stack: Stack) -> int:
    """The flat token lying in the space (0 if none: empty, or only animals)."""
    if stack and stack[0] not in ANIMALS:
        return stack[0]
    return 0


def is_full(garden: Garden) -> bool:
    """Every one of the 24 spaces holds a token (animals count)."""
    return all(garden)


def empty_cells(garden: Garden) -> list[int]:
    """The empty spaces, ascending."""
    return [c for c in _CELLS if not garden[c]]


def is_blocked(stack: Stack) -> bool:
    """No animal may enter this space: it holds coral or a boxer crab."""
    return bool(stack) and (stack[0] == CORAL or stack[-1] == BOXER)


def oyster_distances(garden: Garden) -> list[int]:
    """Each space's shortest coral-free path length to the nearest oyster token.

    ``UNREACHABLE`` (-1) where no oyster token can be reached. Paths never enter blocked spaces
    (coral, boxer crabs); printed oysters are not on the grid and never count.
    """
    dist = [UNREACHABLE] * NUM_CELLS
    frontier = [c for c in _CELLS if garden[c] and garden[c][0] == OYSTER]
    for c in frontier:
        dist[c] = 0
    d = 0
    while frontier:
        d += 1
        nxt: list[int] = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if dist[n] == UNREACHABLE:
                    s = garden[n]
                    if s and (s[0] == CORAL or s[-1] == BOXER):
                        continue
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def star_steps(garden: Garden, cell: int, dist: list[int]) -> list[int]:
    """The spaces a sea star on ``cell`` may step to: one step closer to a nearest oyster.

    Empty when no oyster token is reachable (the star stays put). ``dist`` comes from
    :func:`oyster_distances` on the same garden.
    """
    d = dist[cell]
    if d <= 0:
        return []
    return [n for n in NEIGHBOURS[cell] if dist[n] == d - 1]


def count_kind(garden: Garden, code: int) -> int:
    """How many pieces of kind ``code`` the garden holds, in every stack position."""
    return sum(s.count(code) for s in garden if s)


def count_base(garden: Garden, code: int) -> int:
    """How many spaces have ``code`` as their flat token."""
    return sum(1 for s in garden if s and s[0] == code)


def group_sizes(garden: Garden, kinds: frozenset[int]) -> list[int]:
    """Sizes of the connected groups of spaces whose flat token is one of ``kinds``."""
    member = [bool(s) and s[0] in kinds for s in garden]
    seen = [False] * NUM_CELLS
    sizes: list[int] = []
    for start in _CELLS:
        if not member[start] or seen[start]:
            continue
        seen[start] = True
        stack = [start]
        size = 0
        while stack:
            c = stack.pop()
            size += 1
            for n in NEIGHBOURS[c]:
                if member[n] and not seen[n]:
                    seen[n] = True
                    stack.append(n)
        sizes.append(size)
    return sizes


_ANEMONES = frozenset({ANEMONE, MIMIC_ANEMONE})
_SEAGRASSES = frozenset({SEAGRASS, MIMIC_SEAGRASS})


def entitlement(garden: Garden) -> tuple[int, int]:
    """(clownfish, seahorses) earned now: the sum of floor(size/3) and floor(size/5) per group."""
    clown = sum(n // 3 for n in group_sizes(garden, _ANEMONES))
    horse = sum(n // 5 for n in group_sizes(garden, _SEAGRASSES))
    return clown, horse


def free_anemones(garden: Garden) -> list[int]:
    """Spaces where a boxer crab may be placed: an anemone (or mimic anemone) with nothing on it."""
    return [c for c in _CELLS if len(garden[c]) == 1 and garden[c][0] in _ANEMONES]


def has_star(stack: Stack) -> bool:
    """The stack holds at least one sea star."""
    return STAR in stack
