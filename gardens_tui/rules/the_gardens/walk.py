"""Scoring a visitor's walk: what it saw between where it stood and the card just placed.

A walk in row ``r`` from column ``a`` to column ``b`` *sees* every cell from ``a`` to ``b``
inclusive: the cell it started on, the new card, and everything between (the Central Board's cell
too, which shows only a pathway). What the new card shows decides what scores, by the tile in
each scoreboard slot (see ``components.TILES``):

- a focal tree (tree slot): ``basic`` 1/3/6/10/15… for the matching trees seen, counted for each
  species on the new card (a double-tree card counts both its trees); ``streams`` 1 per stream
  card seen; ``paths`` 1 per pathway cell seen;
- a fountain (fountain slot): ``basic`` 1 per stream card seen; ``variety`` 1 per different
  feature seen (stream, focal tree, pathway, bench, statue, another fountain); ``column`` 1/3/6
  for 1/2/3 fountains in the new card's column;
- a bench (bench slot): ``basic`` 1 per card around it (8 cells, each Central Board cell a card);
  ``paths`` 2 per orthogonal neighbour with a path end on the shared edge; ``trees`` 3 per
  focal-tree species on the orthogonal neighbours.

Landmark abilities add: Mrs Macquarie's Chair +1 to trees, the Duck Pond +1 to fountains, Sydney
Tower +1 to benches, each whenever that tile scores on this walk (even for 0); the Lion Gate 1 per
statue card walked past or stopped on (not the one the walk started on).
"""

from __future__ import annotations

from dataclasses import dataclass

from gardens_tui.rules.the_gardens.components import (
    CHAIR,
    COLUMNS,
    DUCK,
    LION,
    SPECIES_TITLES,
    TOWER,
    triangle,
)
from gardens_tui.rules.the_gardens.mat import (
    AROUND,
    CARD_BENCH,
    CARD_FOUNTAIN,
    CARD_PATHS,
    CARD_STATUE,
    CARD_STREAM,
    CARD_TREE_COUNT,
    CARD_TREES,
    ORTH,
    paths_of,
)
from gardens_tui.rules.the_gardens.state import EMPTY, GardensState
from gardens_tui.rules.words import count, join_and

SPECIES_NAMES: tuple[str, ...] = tuple(title.lower() for title in SPECIES_TITLES)
"""Each focal-tree species in a sentence: ``"canary palm"``."""

SPECIES_PLURALS: tuple[str, ...] = tuple(
    name + ("es" if name.endswith("sh") else "s") for name in SPECIES_NAMES
)
"""Their plurals: ``"bottlebrushes"``, ``"jacarandas"``."""


CHAIR_WORDS = ", +1 for Mrs Macquarie's Chair"
DUCK_WORDS = ", +1 for the Duck Pond"
TOWER_WORDS = ", +1 for Sydney Tower"
"""Added to a walk's words when a landmark ability adds its point, so the log explains the sum
("saw 1 wattle, +1 for Mrs Macquarie's Chair: 2 points for trees")."""


@dataclass(frozen=True, slots=True)
class Walk:
    """The points one walk scored, by category, and which features triggered."""

    trees: int = 0
    fountains: int = 0
    benches: int = 0
    landmarks: int = 0
    scored_trees: bool = False
    scored_fountain: bool = False
    scored_bench: bool = False
    tree_words: str = ""
    """What the trees tile counted, for the log ("saw 3 jacarandas", "saw 4 pathways")."""
    fountain_words: str = ""
    """What the fountain tile counted ("saw 2 streams")."""
    bench_words: str = ""
    """What the bench tile counted ("5 cards around the bench", "2 paths lead in")."""

    @property
    def total(self) -> int:
        """All points of the walk."""
        return self.trees + self.fountains + self.benches + self.landmarks


def score_walk(
    s: GardensState, seat: int, row: int, start: int, stop: int, tiles: tuple[str, ...]
) -> Walk:
    """The points ``seat``'s visitor of ``row`` scores walking from column ``start`` to the card
    already placed at column ``stop`` (``tiles``: the tile per slot, as in ``state.tiles``)."""
    mat = s.mats[seat]
    base = row * COLUMNS
    stop_cell = base + stop
    card = mat[stop_cell]
    lo, hi = (start, stop) if start <= stop else (stop, start)
    seen = [mat[base + c] for c in range(lo, hi + 1)]
    trees = fountains = benches = landmarks = 0
    tree_words: list[str] = []
    fountain_words = bench_words = tree_bonus = ""
    has_tree = CARD_TREE_COUNT[card] > 0
    has_fountain = CARD_FOUNTAIN[card]
    has_bench = CARD_BENCH[card]
    if has_tree:
        tile = tiles[0]
        if tile == "basic":
            own = CARD_TREES[card]
            for species in range(4):
                if own[species]:
                    matching = sum(CARD_TREES[v][species] for v in seen if v >= 0)
                    trees += triangle(matching)
                    plural = SPECIES_PLURALS[species]
                    tree_words.append(count(matching, SPECIES_NAMES[species], plural))
        elif tile == "streams":
            trees = sum(1 for v in seen if v >= 0 and CARD_STREAM[v])
            tree_words.append(count(trees, "stream"))  # "saw 2 streams"
        else:
            trees = sum(1 for v in seen if paths_of(v))
            tree_words.append(count(trees, "pathway"))  # "saw 3 pathways" (walked on or crossed)
        if s.holds(seat, CHAIR):
            trees += 1
            tree_bonus = CHAIR_WORDS
    if has_fountain:
        tile = tiles[1]
        if tile == "basic":
            fountains = sum(1 for v in seen if v >= 0 and CARD_STREAM[v])
            fountain_words = f"saw {count(fountains, 'stream')}"
        elif tile == "variety":
            fountains = _variety(seen, stop - lo)
            fountain_words = f"saw {count(fountains, 'different feature')}"
        else:
            column = stop
            in_column = sum(
                1 for r in range(3) if (v := mat[r * COLUMNS + column]) >= 0 and CARD_FOUNTAIN[v]
            )
            fountains = triangle(in_column)
            fountain_words = f"{count(in_column, 'fountain')} in its column"
        if s.holds(seat, DUCK):
            fountains += 1
            fountain_words += DUCK_WORDS
    if has_bench:
        tile = tiles[2]
        if tile == "basic":
            benches = sum(1 for n in AROUND[stop_cell] if mat[n] != EMPTY)
            bench_words = f"{count(benches, 'card')} around the bench"
        elif tile == "paths":
            leading = sum(1 for n, _, facing in ORTH[stop_cell] if paths_of(mat[n]) & facing)
            benches = 2 * leading
            bench_words = f"{count(leading, 'path')} {'leads' if leading == 1 else 'lead'} in"
        else:
            kinds = [0, 0, 0, 0]
            for n, _, _ in ORTH[stop_cell]:
                v = mat[n]
                if v >= 0:
                    t = CARD_TREES[v]
                    for species in range(4):
                        if t[species]:
                            kinds[species] = 1
            benches = 3 * sum(kinds)
            bench_words = f"{count(sum(kinds), 'tree species', 'tree species')} beside it"
        if s.holds(seat, TOWER):
            benches += 1
            bench_words += TOWER_WORDS
    if s.holds(seat, LION):
        walked_cells = [mat[base + c] for c in range(lo, hi + 1) if c != start]
        landmarks = sum(1 for v in walked_cells if v >= 0 and CARD_STATUE[v])
    return Walk(
        trees,
        fountains,
        benches,
        landmarks,
        has_tree,
        has_fountain,
        has_bench,
        f"saw {join_and(tree_words)}{tree_bonus}" if tree_words else "",
        fountain_words,
        bench_words,
    )


def _variety(seen: list[int], stop_index: int) -> int:
    """Different features among the seen cells: stream, focal tree, pathway, bench, statue, and
    a fountain on a card other than the one stopped on."""
    stream = tree = path = bench = statue = fountain = False
    for i, v in enumerate(seen):
        if v < 0:
            path = path or paths_of(v) != 0
            continue
        stream = stream or CARD_STREAM[v]
        tree = tree or CARD_TREE_COUNT[v] > 0
        path = path or CARD_PATHS[v] != 0
        bench = bench or CARD_BENCH[v]
        statue = statue or CARD_STATUE[v]
        if i != stop_index:
            fountain = fountain or CARD_FOUNTAIN[v]
    return sum((stream, tree, path, bench, statue, fountain))
