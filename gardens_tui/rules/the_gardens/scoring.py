"""End-of-game scoring, the score table and the winner with the rulebook's tie-break.

Categories, in order (:data:`CATEGORIES`):

- ``walk trees`` / ``walk fountains`` / ``walk benches``: scored by the walks (see :mod:`.walk`).
- ``landmarks``: landmark cards claimed points-side up, the Lion Gate's walk points, and the
  end-game abilities: Opera House 10 per pathway loop, Harbour Bridge 3 per bench, Moreton Bay
  Fig 2 per tree of the chosen species, Art Gallery +5 per full-height stream, Governor Phillip
  Fountain 3 per column with a top and a bottom stream but no middle one.
- ``trees`` (end tree slot): ``basic`` per row 1/3/6/10 for 1/2/3/4 species in it; ``group`` 3 per
  focal tree in the largest orthogonally joined group of tree cards (a double-tree card counts
  2); ``balance`` 5 per row with as many focal trees left of the Central Board as right of it.
- ``streams``: per column, a run of 2 stream cards 2, of 3 stream cards 5 (a lone stream card 0,
  so a top and bottom without a middle score 0).
- ``pathways``: the cards in the largest pathway network (Central Board cells count as cards;
  the Conservatorium's ability joins all orthogonally adjacent pathway cards).
- ``statues`` (statue slot): ``basic`` 10 per other player with fewer statues; ``lines`` 2 per row
  and column with a statue; ``isolated`` 4 per statue with no statue orthogonally beside it.

Before the end the table is provisional: the end-game categories as if the game ended now (the
Fig's species, not yet chosen, is then the best one). Tie-break: the tied player who went later in
turn order in the final round wins.
"""

from __future__ import annotations

from gardens_tui.rules.base import Outcome, Scores
from gardens_tui.rules.the_gardens.components import (
    BRIDGE,
    COLUMNS,
    CONSERVATORIUM,
    FIG,
    GALLERY,
    GOVERNOR,
    OPERA,
    triangle,
)
from gardens_tui.rules.the_gardens.mat import (
    CARD_BENCH,
    CARD_STATUE,
    CARD_STREAM,
    CARD_TREE_COUNT,
    CARD_TREES,
    ORTH_CELLS,
    largest_network,
    loops,
)
from gardens_tui.rules.the_gardens.state import GardensState
from gardens_tui.rules.words import join_and

CATEGORIES: tuple[str, ...] = (
    "walk trees",
    "walk fountains",
    "walk benches",
    "landmarks",
    "trees",
    "streams",
    "pathways",
    "statues",
)


def tree_types_per_row(mat: list[int]) -> int:
    """Basic end trees: per row, 1/3/6/10 for the number of species anywhere in it."""
    total = 0
    for row in range(3):
        kinds = [0, 0, 0, 0]
        for v in mat[row * COLUMNS : (row + 1) * COLUMNS]:
            if v >= 0:
                t = CARD_TREES[v]
                for s in range(4):
                    if t[s]:
                        kinds[s] = 1
        total += triangle(sum(kinds))
    return total


def largest_tree_group(mat: list[int]) -> int:
    """Focal trees (not cards) in the largest orthogonally joined group of cards with trees."""
    seen: set[int] = set()
    best = 0
    for c in range(27):
        v = mat[c]
        if c in seen or v < 0 or not CARD_TREE_COUNT[v]:
            continue
        seen.add(c)
        stack = [c]
        size = 0
        while stack:
            x = stack.pop()
            size += CARD_TREE_COUNT[mat[x]]
            for n in ORTH_CELLS[x]:
                w = mat[n]
                if n not in seen and w >= 0 and CARD_TREE_COUNT[w]:
                    seen.add(n)
                    stack.append(n)
        best = max(best, size)
    return best


def balanced_rows(mat: list[int], centre: int) -> int:
    """Rows with as many focal trees left of the Central Board as right of it."""
    rows = 0
    for row in range(3):
        base = row * COLUMNS
        left = sum(CARD_TREE_COUNT[v] for v in mat[base : base + centre] if v >= 0)
        right = sum(CARD_TREE_COUNT[v] for v in mat[base + centre + 1 : base + COLUMNS] if v >= 0)
        rows += left == right
    return rows


def stream_runs(mat: list[int]) -> list[int]:
    """The length of every stream (maximal vertical run of stream cards in a column)."""
    runs: list[int] = []
    for col in range(COLUMNS):
        run = 0
        for row in range(3):
            v = mat[row * COLUMNS + col]
            if v >= 0 and CARD_STREAM[v]:
                run += 1
            else:
                if run:
                    runs.append(run)
                run = 0
        if run:
            runs.append(run)
    return runs


def stream_points(mat: list[int]) -> int:
    """2 per stream 2 cards long, 5 per stream 3 cards long."""
    return sum(2 if r == 2 else 5 if r == 3 else 0 for r in stream_runs(mat))


def split_streams(mat: list[int]) -> int:
    """Columns with a stream card on top and bottom but not in the middle."""

    def stream(cell: int) -> bool:
        v = mat[cell]
        return v >= 0 and CARD_STREAM[v]

    return sum(
        1
        for col in range(COLUMNS)
        if stream(col) and stream(2 * COLUMNS + col) and not stream(COLUMNS + col)
    )


def statue_count(mat: list[int]) -> int:
    """Statue cards on the mat."""
    return sum(1 for v in mat if v >= 0 and CARD_STATUE[v])


def statue_lines(mat: list[int]) -> int:
    """Rows plus columns holding at least one statue."""
    rows = sum(
        1 for r in range(3) if any(v >= 0 and CARD_STATUE[v] for v in mat[r * 9 : r * 9 + 9])
    )
    cols = sum(
        1
        for c in range(COLUMNS)
        if any((v := mat[r * COLUMNS + c]) >= 0 and CARD_STATUE[v] for r in range(3))
    )
    return rows + cols


def isolated_statues(mat: list[int]) -> int:
    """Statues with no statue orthogonally beside them."""
    return sum(
        1
        for c in range(27)
        if (v := mat[c]) >= 0
        and CARD_STATUE[v]
        and not any((w := mat[n]) >= 0 and CARD_STATUE[w] for n in ORTH_CELLS[c])
    )


def trees_of(mat: list[int], species: int) -> int:
    """Focal trees of one species on the mat."""
    return sum(CARD_TREES[v][species] for v in mat if v >= 0)


def fig_species(s: GardensState, seat: int) -> int:
    """The Fig holder's species: the chosen one, else (provisionally) the one with most trees."""
    if s.species >= 0:
        return s.species
    mat = s.mats[seat]
    counts = [trees_of(mat, sp) for sp in range(4)]
    return counts.index(max(counts))


def fig_points(s: GardensState, seat: int, species: int) -> int:
    """What the Moreton Bay Fig scores ``seat`` with ``species`` chosen: 2 per tree of it."""
    return 2 * trees_of(s.mats[seat], species)


def end_landmarks(s: GardensState, seat: int) -> int:
    """Points from the end-game landmark abilities ``seat`` holds."""
    mat = s.mats[seat]
    total = 0
    if s.holds(seat, OPERA):
        total += 10 * loops(mat, s.holds(seat, CONSERVATORIUM))
    if s.holds(seat, BRIDGE):
        total += 3 * sum(1 for v in mat if v >= 0 and CARD_BENCH[v])
    if s.holds(seat, FIG):
        total += fig_points(s, seat, fig_species(s, seat))
    if s.holds(seat, GALLERY):
        total += 5 * sum(1 for r in stream_runs(mat) if r == 3)
    if s.holds(seat, GOVERNOR):
        total += 3 * split_streams(mat)
    return total


def end_trees(s: GardensState, seat: int) -> int:
    """The end tree slot's points."""
    mat = s.mats[seat]
    tile = s.tiles[3]
    if tile == "basic":
        return tree_types_per_row(mat)
    if tile == "group":
        return 3 * largest_tree_group(mat)
    return 5 * balanced_rows(mat, s.centre)


def end_statues(s: GardensState, seat: int, counts: list[int]) -> int:
    """The statue slot's points (``counts``: every seat's statues, for the basic tile)."""
    tile = s.tiles[4]
    if tile == "basic":
        mine = counts[seat]
        return 10 * sum(1 for other, c in enumerate(counts) if other != seat and c < mine)
    if tile == "lines":
        return 2 * statue_lines(s.mats[seat])
    return 4 * isolated_statues(s.mats[seat])


_ABILITIES = (OPERA, BRIDGE, FIG, GALLERY, GOVERNOR, CONSERVATORIUM)

_MAT_POINTS: dict[tuple[object, ...], tuple[int, int, int, int, int, int]] = {}
_MAT_POINTS_LIMIT = 1 << 16


def _mat_points(s: GardensState, seat: int) -> tuple[int, int, int, int, int, int]:
    """``seat``'s end-game points that its own mat decides: (landmark abilities, trees, streams,
    pathways, statues but the basic tile's, which compares seats), and its statue count.

    A search scores the same few mats thousands of times, so each result is remembered for its
    key (the mat, the abilities held, the Fig's species, the scoring tiles and the Central
    Board's column: everything these categories read), a bounded memo of a pure function.
    """
    mat = s.mats[seat]
    held = tuple(s.holds(seat, landmark) for landmark in _ABILITIES)
    key = (tuple(mat), held, s.species if held[2] else -2, s.tiles[3], s.tiles[4], s.centre)
    points = _MAT_POINTS.get(key)
    if points is None:
        if len(_MAT_POINTS) >= _MAT_POINTS_LIMIT:
            _MAT_POINTS.clear()
        statues = 0 if s.tiles[4] == "basic" else end_statues(s, seat, [])
        points = _MAT_POINTS[key] = (
            end_landmarks(s, seat),
            end_trees(s, seat),
            stream_points(mat),
            largest_network(mat, held[-1]),
            statues,
            statue_count(mat),
        )
    return points


def score_rows(s: GardensState) -> list[tuple[int, ...]]:
    """Every seat's points by :data:`CATEGORIES`."""
    mats = [_mat_points(s, seat) for seat in range(len(s.mats))]
    counts = [points[5] for points in mats]
    rows: list[tuple[int, ...]] = []
    for seat, (abilities, trees, streams, pathways, statues, _count) in enumerate(mats):
        walk_trees, walk_fountains, walk_benches, landmarks = s.points[seat]
        if s.tiles[4] == "basic":
            statues = end_statues(s, seat, counts)
        rows.append(
            (
                walk_trees,
                walk_fountains,
                walk_benches,
                landmarks + abilities,
                trees,
                streams,
                pathways,
                statues,
            )
        )
    return rows


def score_table(s: GardensState) -> Scores:
    """The score table (final once the game is over)."""
    return Scores(CATEGORIES, tuple(score_rows(s)), final=s.over)


def final_order(s: GardensState) -> list[int]:
    """The seats in turn order of the final round (the start player first)."""
    n = len(s.players)
    first = (s.rounds - 1) % n
    return [(first + i) % n for i in range(n)]


def outcome(s: GardensState) -> Outcome:
    """Most points wins; tied players: the one later in the final round's turn order."""
    totals = [sum(row) for row in score_rows(s)]
    best = max(totals)
    tied = [seat for seat, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        return Outcome((tied[0],))
    order = final_order(s)
    winner = max(tied, key=order.index)
    names = join_and([s.players[seat] for seat in sorted(tied, key=order.index)])
    return Outcome(
        (winner,),
        f"{names} tied on {best} points; {s.players[winner]} went later in the final round's "
        "turn order",
    )
