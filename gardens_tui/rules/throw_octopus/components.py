"""The physical components of Throw Octopus!: the 85 tiles, the 8 species and the 28 cards.

Tiles
-----
A tile is an upright rectangle with four corners: top-left, top-right, bottom-left and
bottom-right (index 0..3). Each corner shows water or a quarter of a creature. :data:`TILE_TEXT`
is the fixed list of the 85 tiles, tile ``tN`` being ``TILE_TEXT[N - 1]``: four letters for the
corners in that order (``.`` water, else a species letter of :data:`LETTERS`) and a trailing ``*``
for the octopus icon. Counts (components.md): 8 species of 16 quarters each (4 in each corner
position, so that every creature can be finished), 43 tiles with two quarters, 42 with one,
20 octopus tiles.

A tile may be turned 180 degrees (never 90): its corners then read in reverse order.
An *orientation* is ``tile * 2 + turned`` (``turned`` 1 for 180 degrees), see :func:`corners`.

Cards
-----
:data:`CARD_COUNTS` gives the 28 Octopus Action cards by kind; :data:`CARD_TITLES` their names.
"""

from __future__ import annotations

TILE_TEXT: tuple[str, ...] = (
    "..bo", "..go", "..gr", "..pg*", "..py", "..rg", "..rm*", "..rp", "..rp", ".e.r",
    ".e.r", ".eg.", ".eo.", ".g.e*", ".ge.*", ".gm.", ".m.o*", ".m.y*", ".me.*", ".o.m",
    ".ob.*", ".op.", ".p.g*", ".yo.", "b.m.*", "b.y.", "e..r", "e.y.", "ep..", "g..y",
    "m..p", "o..g", "o.p.", "oy..", "p..b", "p.m.", "pm..", "r..b", "r.g.", "r.o.",
    "y..e", "y..m", "yg..", "...b", "...b", "...e", "...e*", "...m", "...o", "...p*",
    "...y", "..b.", "..b.", "..e.", "..e.", "..m.", "..o.", "..y.", "..y.*", ".b..",
    ".b..*", ".b..*", ".b..*", ".o..", ".p..", ".p..", ".r..", ".r..", ".r..", ".r..",
    ".y..", ".y..", "b...", "b...", "e...", "g...", "g...*", "g...*", "m...", "m...",
    "m...*", "o...", "p...*", "r...", "y...",
)  # fmt: skip
"""The 85 tiles (``t1`` .. ``t85``): corners TL, TR, BL, BR, then ``*`` for the octopus icon."""

NUM_TILES = 85
WATER = 0

SPECIES: tuple[str, ...] = (
    "water",
    "orange peel slug",
    "yellow submarine slug",
    "blue slug",
    "pink puffer",
    "green turtle",
    "purple manta",
    "red lobster",
    "teal eel",
)
"""Corner values: 0 water, 1..5 small (circle) creatures, 6..8 large (oval) ones."""

LETTERS = ".oybpgmre"
"""One letter per corner value (``LETTERS[v]``), as in :data:`TILE_TEXT`."""

LARGE = frozenset({6, 7, 8})
"""The large (oval) species: 2 points in solo play; the small ones score 1."""

CORNER_NAMES: tuple[str, ...] = ("top-left", "top-right", "bottom-left", "bottom-right")

TILES: tuple[tuple[int, int, int, int], ...] = tuple(
    (LETTERS.index(t[0]), LETTERS.index(t[1]), LETTERS.index(t[2]), LETTERS.index(t[3]))
    for t in TILE_TEXT
)
"""Each tile's upright corners as values (see :data:`SPECIES`)."""

OCTOPUS: tuple[bool, ...] = tuple(t.endswith("*") for t in TILE_TEXT)
"""Whether each tile carries the octopus icon (playing it draws an action card)."""

QUARTERS: tuple[int, ...] = tuple(sum(1 for v in c if v) for c in TILES)
"""How many creature quarters each tile shows (1 or 2)."""

ORIENTED: tuple[tuple[int, int, int, int], ...] = tuple(
    c if turned == 0 else (c[3], c[2], c[1], c[0]) for c in TILES for turned in (0, 1)
)
"""Corners per orientation ``tile * 2 + turned``."""


def corners(tile: int, rotation: int) -> tuple[int, int, int, int]:
    """The corners of ``tile`` turned ``rotation`` degrees (0 or 180)."""
    return ORIENTED[tile * 2 + (rotation == 180)]


TILE_NAMES: tuple[str, ...] = tuple(f"t{tile + 1}" for tile in range(NUM_TILES))
"""Each tile's name, by id (saves name every tile, so these are looked up, not formatted)."""

_TILE_IDS: dict[str, int] = {name: tile for tile, name in enumerate(TILE_NAMES)} | {
    f"t0{tile + 1}": tile for tile in range(9)
}
"""Every name :func:`tile_id` accepts: the tiles' own and ``t01`` .. ``t09`` as typed."""


def tile_name(tile: int) -> str:
    """``t1`` .. ``t85`` (``?`` for a hidden tile)."""
    return TILE_NAMES[tile] if 0 <= tile < NUM_TILES else "?"


def tile_id(name: str) -> int | None:
    """The tile a name like ``t42`` denotes, or ``None``."""
    return _TILE_IDS.get(name)


def _key_of(values: tuple[int | None, int | None, int | None, int | None]) -> int:
    """The index key of a corner pattern (``None``: any value)."""
    return sum((0 if v is None else v + 1) * 10**i for i, v in enumerate(values))


def _build_index() -> dict[int, tuple[int, ...]]:
    index: dict[int, list[int]] = {}
    for orientation, c in enumerate(ORIENTED):
        for mask in range(16):
            pattern = tuple(c[i] if mask >> i & 1 else None for i in range(4))
            index.setdefault(_key_of(pattern), []).append(orientation)  # type: ignore[arg-type]
    return {key: tuple(value) for key, value in index.items()}


INDEX: dict[int, tuple[int, ...]] = _build_index()
"""Corner pattern key (digit ``i`` = value + 1 of corner ``i``, 0 for any) → orientations."""

pattern_key = _key_of

CARD_COUNTS: dict[str, int] = {
    "throw-any": 3,
    "throw-next": 3,
    "shield": 4,
    "touch": 4,
    "inky": 3,
    "swap": 3,
    "rush": 3,
    "storm": 2,
    "gift": 3,
}
"""The 28 Octopus Action cards by kind."""

CARD_KINDS: tuple[str, ...] = tuple(CARD_COUNTS)

CARD_TITLES: dict[str, str] = {
    "throw-any": "Throw Octopus (any player)",
    "throw-next": "Throw Octopus (next player)",
    "shield": "Octo Shield",
    "touch": "Magic Touch",
    "inky": "Stinky Inky",
    "swap": "Tide Swap",
    "rush": "Octo Rush",
    "storm": "Ink Storm",
    "gift": "Gift from the Deep",
}

KEPT_CARDS = ("shield", "touch")
"""Cards kept by their holder (face up); the others act when drawn and are discarded."""


def all_cards() -> list[str]:
    """The 28 cards in a fixed order."""
    return [kind for kind, n in CARD_COUNTS.items() for _ in range(n)]


assert len(TILE_TEXT) == NUM_TILES and sum(OCTOPUS) == 20
assert sum(QUARTERS) == 128 and QUARTERS.count(2) == 43
assert sum(CARD_COUNTS.values()) == 28
