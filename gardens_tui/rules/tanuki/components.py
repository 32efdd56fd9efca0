"""The components of Tanuki in the Garden: the 6x6 board, the 64 path tiles, the Garden Master
cards, and the geometry of squares, path ends and edge spaces.

Squares and path ends
---------------------
A square is ``row * 6 + column`` (rows 0..5 top to bottom, columns 0..5 left to right; shown to
people as ``a1``..``f6``: column letter, row number). Each square has 8 path ends numbered
clockwise from the top-left one: 0, 1 on the north side (west to east), 2, 3 east (north to
south), 4, 5 south (east to west), 6, 7 west (south to north). End ``p`` lies on side ``p // 2``
(0 north, 1 east, 2 south, 3 west). Across an inner edge end ``p`` meets :data:`PARTNER` ``[p]``
of the neighbour. An edge space is a border side of a border square (24 of them, named
:func:`edge_name` ``n1``..``n6``, ``e1``..``e6``, ``s1``..``s6``, ``w1``..``w6``): it joins the
two ends of that side (``p`` and ``p ^ 1``), so a monk walking off the board comes straight back
into the same square.

People never see these numbers. Edge spaces are board coordinates, always written with the word
"edge" (``edge n3``, like squares ``c4``); a tile's path ends are named in words by their side
("north"), and only where that is ambiguous also by :data:`END_PLACES` ("the left end of the
north side"). The notation's ``place ... end 1|2`` and ``enter 1|2`` number the two ends of the
monk's edge space: end 1 is the one met first going clockwise round the garden (``p`` even),
end 2 the other.

The 64 tiles (components.md, section 3)
--------------------------------------
Every tile pairs the 8 ends into 4 paths. :data:`PATTERNS` lists the 35 distinct pairings up to
rotation, each in its canonical form (the smallest of its 4 rotations, pairs sorted), sorted.
Tiles ``t1``..``t35`` are patterns 1..35 once; ``t36``..``t64`` are second copies of patterns
1..29 (all but the last six). Symbols, fixed by this rule: tile index ``i`` (0-based) is of
kind "2 shiitake + den + ashi-magari" when ``i % 16 < 10`` (40 tiles), "3 shiitake + den" when
``10 <= i % 16 < 13`` (12) and "3 shiitake + ashi-magari" otherwise (12); its paths, in the
order of their smallest end, carry the kind's symbols ``s s d a`` / ``s s s d`` / ``s s s a``
rotated left by ``i % 4``.
"""

from __future__ import annotations

from itertools import combinations

SIZE = 6
SQUARES = SIZE * SIZE
NORTH, EAST, SOUTH, WEST = range(4)
SIDE_LETTERS = "nesw"
SIDE_NAMES = ("north", "east", "south", "west")
DIRECTION_NAMES = {1: "north", 2: "east", 3: "south", 4: "west"}
"""The large side numbers of the board: die faces 1-4 name the side a tanuki moves toward."""

END_PLACES = ("left", "right", "top", "bottom", "right", "left", "bottom", "top")
"""Where each path end 0..7 lies on its side as the garden is drawn (north up): the two ends of
a north or south side are told apart as its left and right end, those of an east or west side
as its top and bottom end. People never see the end numbers (issue 26: "one name for one
thing"); a path is named by the sides it joins (:mod:`.text`), with these words only where the
side alone is ambiguous."""

PARTNER = (5, 4, 7, 6, 1, 0, 3, 2)
"""The end of the neighbouring square that end ``p`` meets across their shared edge."""

SHIITAKE, DEN, MAGARI = "s", "d", "a"
SYMBOL_NAMES = {SHIITAKE: "shiitake", DEN: "tanuki den", MAGARI: "ashi-magari"}

BLUE, GOLD = 0, 1
TANUKI_NAMES = ("blue", "gold")


def _square_name(sq: int) -> str:
    return f"{'abcdef'[sq % SIZE]}{sq // SIZE + 1}"


SQUARE_NAMES: tuple[str, ...] = tuple(_square_name(sq) for sq in range(SQUARES))
"""``square_name`` of every square, looked up (most log lines name a square)."""


def square_name(sq: int) -> str:
    """``"c4"``: column letter a-f, row number 1-6."""
    if 0 <= sq < SQUARES:
        return SQUARE_NAMES[sq]
    return _square_name(sq)


def parse_square(word: str) -> int | None:
    """The square ``word`` names (``"c4"``), else ``None``."""
    if len(word) != 2 or word[0] not in "abcdef" or word[1] not in "123456":
        return None
    return (int(word[1]) - 1) * SIZE + "abcdef".index(word[0])


def neighbour(sq: int, side: int) -> int:
    """The square across ``side`` of ``sq``, or -1 off the board."""
    r, c = divmod(sq, SIZE)
    if side == NORTH:
        r -= 1
    elif side == EAST:
        c += 1
    elif side == SOUTH:
        r += 1
    else:
        c -= 1
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return r * SIZE + c
    return -1


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(neighbour(sq, side) for side in range(4)) for sq in range(SQUARES)
)

AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        r * SIZE + c
        for r in range(sq // SIZE - 1, sq // SIZE + 2)
        for c in range(sq % SIZE - 1, sq % SIZE + 2)
        if 0 <= r < SIZE and 0 <= c < SIZE
    )
    for sq in range(SQUARES)
)
"""Each square with the squares adjacent and diagonally adjacent to it, in board order."""

EDGES: tuple[tuple[int, int], ...] = tuple(
    [(c, NORTH) for c in range(SIZE)]
    + [(r * SIZE + SIZE - 1, EAST) for r in range(SIZE)]
    + [((SIZE - 1) * SIZE + c, SOUTH) for c in range(SIZE)]
    + [(r * SIZE, WEST) for r in range(SIZE)]
)
"""The 24 edge spaces as ``(square, side)``: north 1-6, east 1-6, south 1-6, west 1-6."""

EDGE_OF: dict[tuple[int, int], int] = {e: i for i, e in enumerate(EDGES)}


def _edge_name(edge: int) -> str:
    return f"{SIDE_LETTERS[edge // SIZE]}{edge % SIZE + 1}"


EDGE_NAMES: tuple[str, ...] = tuple(_edge_name(edge) for edge in range(len(EDGES)))


def edge_name(edge: int) -> str:
    """``"n3"``: the side letter and the column (north/south) or row (east/west), 1-6."""
    if 0 <= edge < len(EDGE_NAMES):
        return EDGE_NAMES[edge]
    return _edge_name(edge)


def parse_edge(word: str) -> int | None:
    """The edge space ``word`` names (``"w2"``), else ``None``."""
    if len(word) != 2 or word[0] not in SIDE_LETTERS or word[1] not in "123456":
        return None
    return SIDE_LETTERS.index(word[0]) * SIZE + int(word[1]) - 1


def front(sq: int, end: int) -> tuple[int, int]:
    """Where a monk standing at ``end`` of ``sq`` walks next: ``(square, entry end)``; across a
    border side that is the same square through the other end of its edge space."""
    nb = NEIGHBOURS[sq][end >> 1]
    if nb < 0:
        return sq, end ^ 1
    return nb, PARTNER[end]


FRONT: tuple[tuple[int, int], ...] = tuple(
    front(sq, end) for sq in range(SQUARES) for end in range(8)
)
"""``FRONT[sq * 8 + end]`` is ``front(sq, end)``: indexed by a monk's value on a path (see
:mod:`.state`), it is where that monk walks next, looked up without a call on every step."""


# --- tiles ----------------------------------------------------------------------------------

Pairing = tuple[tuple[int, int], ...]


def _pairings(points: tuple[int, ...]) -> list[Pairing]:
    if not points:
        return [()]
    first, rest = points[0], points[1:]
    out: list[Pairing] = []
    for i, other in enumerate(rest):
        remaining = rest[:i] + rest[i + 1 :]
        for tail in _pairings(remaining):
            out.append(((first, other), *tail))
    return out


def rotate_pairing(pairing: Pairing, quarter: int) -> Pairing:
    """The pairing turned ``quarter`` quarter turns clockwise, pairs sorted."""
    shift = 2 * quarter
    return tuple(
        sorted(tuple(sorted(((a + shift) % 8, (b + shift) % 8))) for a, b in pairing)  # type: ignore[misc]
    )


def _canonical(pairing: Pairing) -> Pairing:
    return min(rotate_pairing(pairing, q) for q in range(4))


PATTERNS: tuple[Pairing, ...] = tuple(sorted({_canonical(p) for p in _pairings(tuple(range(8)))}))
assert len(PATTERNS) == 35

NUM_TILES = 64
TILE_PATTERN: tuple[int, ...] = tuple(range(35)) + tuple(range(29))
"""The pattern (index into :data:`PATTERNS`) of each tile, ``t1`` being tile 0."""

_KINDS = ("ssda", "sssd", "sssa")


def _symbols(i: int) -> str:
    k = i % 16
    kind = _KINDS[0] if k < 10 else _KINDS[1] if k < 13 else _KINDS[2]
    shift = i % 4
    return kind[shift:] + kind[:shift]


TILE_SYMBOLS: tuple[str, ...] = tuple(_symbols(i) for i in range(NUM_TILES))
"""Per tile, the symbols of its 4 paths in the order of :data:`PATTERNS` pairs."""


def _exits(tile: int, rot: int) -> tuple[tuple[int, str], ...]:
    table: list[tuple[int, str]] = [(-1, "")] * 8
    shift = 2 * rot
    for (a, b), sym in zip(PATTERNS[TILE_PATTERN[tile]], TILE_SYMBOLS[tile], strict=True):
        ra, rb = (a + shift) % 8, (b + shift) % 8
        table[ra] = (rb, sym)
        table[rb] = (ra, sym)
    return tuple(table)


EXITS: tuple[tuple[tuple[int, str], ...], ...] = tuple(
    _exits(t, r) for t in range(NUM_TILES) for r in range(4)
)
"""``EXITS[tile * 4 + rot][end]`` is ``(other end, symbol)`` of the path through ``end``."""


TILE_NAMES: tuple[str, ...] = tuple(f"t{tile + 1}" for tile in range(NUM_TILES))


def tile_name(tile: int) -> str:
    """``"t17"``: tiles are numbered 1-64."""
    if 0 <= tile < NUM_TILES:
        return TILE_NAMES[tile]
    return f"t{tile + 1}"


def parse_tile(word: str) -> int | None:
    """The tile ``word`` names (``"t17"``), else ``None``."""
    if len(word) < 2 or word[0] != "t" or not word[1:].isdigit() or len(word) > 3:
        return None
    n = int(word[1:])
    return n - 1 if 1 <= n <= NUM_TILES else None


def tile_counts() -> dict[str, int]:
    """How many tiles of each symbol kind exist (40 / 12 / 12)."""
    out: dict[str, int] = {}
    for sym in TILE_SYMBOLS:
        key = "".join(sorted(sym))
        out[key] = out.get(key, 0) + 1
    return out


# --- Garden Master cards --------------------------------------------------------------------

CARD_KEYS: tuple[str, ...] = (
    "move",
    "fast",
    "dens",
    "escape",
    "pilfer",
    "harvest",
    "robber",
    "trap",
    "repellant",
    "bait",
    "stroll",
    "clear",
    "shift",
    "offense",
    "rock",
    "basket",
)
"""Card types in rulebook order; card id ``c`` (0..47) is type ``c // 3``, copy ``c % 3`` (the
copy is the letter A-C of a Tanuki Trap)."""

CARD_TITLES: dict[str, str] = {
    "move": "Move 1 Tanuki",
    "fast": "Fast Tanuki",
    "dens": "Avoid Tanuki Dens",
    "escape": "Escape the Ashi-magari",
    "pilfer": "Pilfer Shiitake",
    "harvest": "Bountiful Harvest",
    "robber": "Shiitake Robber",
    "trap": "Tanuki Trap",
    "repellant": "Tanuki Repellant",
    "bait": "Tanuki Bait",
    "stroll": "Speed Stroll",
    "clear": "Clear the Path",
    "shift": "Shifting Paths",
    "offense": "The Best Offense",
    "rock": "Rock Garden",
    "basket": "Shiitake Basket",
}
NUM_CARDS = 48
TRAP_LETTERS = "abc"
ROCKS = 4


def card_key(card: int) -> str:
    """The type key of card id ``card``."""
    return CARD_KEYS[card // 3]


def card_value(card: int) -> int:
    """Shiitake a card in hand counts toward victory: 3 for a Shiitake Basket, else 1."""
    return 3 if CARD_KEYS[card // 3] == "basket" else 1


def pairs(items: list[int]) -> list[tuple[int, int]]:
    """Every ordered-by-index pair of distinct items."""
    return list(combinations(items, 2))
