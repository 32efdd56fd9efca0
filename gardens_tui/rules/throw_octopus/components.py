"""The physical components of Throw Octopus!: the tiles, the 8 species and the 28 cards.

Tiles
-----
A tile is an upright rectangle with four corners: top-left, top-right, bottom-left and
bottom-right (index 0..3). Each corner shows water or a quarter of a creature. A tile is written
as four letters for the corners in that order (``.`` water, else a species letter of
:data:`LETTERS`) and a trailing ``*`` for the octopus icon.

A tile may be turned 180 degrees (never 90): its corners then read in reverse order.
An *orientation* is ``tile * 2 + turned`` (``turned`` 1 for 180 degrees), see :func:`corners`.

Two tile lists (the ``tile-list`` option)
-----------------------------------------
Every game is dealt 85 tiles ``t1`` .. ``t85`` from one list. Tile ids are unique over both lists
(:data:`LIST_BASE`: the balanced list's ``t1`` is id 0, the sparse list's is id 85), so that
:func:`corners`, :data:`OCTOPUS` and :func:`tile_name` need no game to answer; names are the same
in both lists and read against the game's list (:func:`tile_id`).

- ``balanced`` (:data:`BALANCED_TEXT`, rules version 2, the default). **Decision** (components.md
  section 4 leaves the counts to simulation): every tile shows two creature quarters on opposite
  corners and water on the other two: 43 tiles ``X..Y`` (top-left and bottom-right) and 42 tiles
  ``.XY.`` (top-right and bottom-left), 170 quarters. Placed tiles then make a checkerboard in
  which every other grid point is a creature and the rest are water, so every side of a tile
  carries exactly one creature part and can always be joined; a place in a corner of the
  seascape asks for one creature only, and filling it completes that creature. Each kind takes
  all 28 pairs of two different species once, and the kinds 15 and 14 pairs more (species
  ``i`` with ``i + 4``, with its neighbour on a ring of the 8, plus a few), so every species has
  4 to 6 quarters in every corner position and every creature can be finished. The 20 octopus
  icons sit on 10 tiles of each kind and show every species 5 times. Tiles with three or four
  quarters were tried and left out: each one breaks the checkerboard, and with 10 four-quarter
  tiles among them 23% of four-player and 32% of three-player greedy games locked (see
  :mod:`.balance` and README.md for the figures of this list).
- ``sparse`` (:data:`SPARSE_TEXT`, rules version 1): 43 tiles with two quarters and 42 with one,
  128 quarters (8 species of 16, 4 in each corner position). It jams: most sides are water on
  both corners and cannot be joined. Kept so that version 1 saves replay and play on.

Cards
-----
:data:`CARD_COUNTS` gives the 28 Octopus Action cards by kind; :data:`CARD_TITLES` their names.
"""

from __future__ import annotations

from gardens_tui.rules.throw_octopus.spec import TILE_LIST_CHOICES

SPARSE_TEXT: tuple[str, ...] = (
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
"""The sparse list (rules version 1; the ``sparse`` tile list): 128 quarters, 43 tiles with two
and 42 with one. Kept so that games begun with it replay and play on as they were."""

BALANCED_TEXT: tuple[str, ...] = (
    "o..y", "b..o", "o..p", "g..o", "o..m", "r..o", "o..e", "y..b*", "p..y", "y..g",
    "m..y", "y..r", "e..y*", "b..p", "g..b", "b..m", "r..b", "b..e", "p..g*", "m..p*",
    "p..r", "e..p", "g..m", "r..g", "g..e", "m..r", "e..m", "r..e", "o..g", "y..m*",
    "b..r", "p..e*", "y..o", "y..b*", "p..b", "g..p", "m..g", "m..r*", "e..r*", "e..o",
    "o..b", "r..g*", "p..y", ".oy.", ".bo.*", ".op.", ".go.", ".om.*", ".ro.*", ".oe.",
    ".yb.", ".py.", ".yg.", ".my.", ".yr.", ".ey.", ".bp.", ".gb.", ".bm.", ".rb.",
    ".be.*", ".pg.*", ".mp.", ".pr.", ".ep.", ".gm.", ".rg.", ".ge.*", ".mr.", ".em.",
    ".re.", ".og.*", ".ym.*", ".br.*", ".pe.", ".po.*", ".yg.", ".mb.", ".rp.", ".eg.",
    ".mo.", ".ry.", ".eb.", ".me.", ".gb.",
)  # fmt: skip
"""The balanced list (rules version 2; the ``balanced`` tile list, the default)."""

NUM_TILES = 85
"""The tiles of one game."""

TILE_LISTS: tuple[str, ...] = TILE_LIST_CHOICES
"""The tile lists by option value (``tile-list``), in the order of their ids."""

LIST_TEXT: dict[str, tuple[str, ...]] = {"balanced": BALANCED_TEXT, "sparse": SPARSE_TEXT}
"""Each tile list's 85 tiles, ``t1`` first."""

LIST_BASE: dict[str, int] = {name: i * NUM_TILES for i, name in enumerate(TILE_LISTS)}
"""The id of each list's ``t1``: tile ``tN`` of a list has the id ``LIST_BASE[list] + N - 1``."""

ALL_TILES = NUM_TILES * len(TILE_LISTS)
"""Tile ids run from 0 to ``ALL_TILES - 1`` over every list."""

TILE_TEXT: tuple[str, ...] = tuple(text for name in TILE_LISTS for text in LIST_TEXT[name])
"""Every tile by id (all lists, see :data:`LIST_BASE`): corners TL, TR, BL, BR, then ``*``."""

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


def parse_tile(text: str) -> tuple[int, int, int, int]:
    """The corner values of a tile written as in :data:`TILE_TEXT` (``"ob.y*"``)."""
    return (
        LETTERS.index(text[0]),
        LETTERS.index(text[1]),
        LETTERS.index(text[2]),
        LETTERS.index(text[3]),
    )


TILES: tuple[tuple[int, int, int, int], ...] = tuple(parse_tile(t) for t in TILE_TEXT)
"""Each tile's upright corners as values (see :data:`SPECIES`), by id."""

OCTOPUS: tuple[bool, ...] = tuple(t.endswith("*") for t in TILE_TEXT)
"""Whether each tile carries the octopus icon (playing it draws an action card), by id."""

QUARTERS: tuple[int, ...] = tuple(sum(1 for v in c if v) for c in TILES)
"""How many creature quarters each tile shows, by id."""

ORIENTED: tuple[tuple[int, int, int, int], ...] = tuple(
    c if turned == 0 else (c[3], c[2], c[1], c[0]) for c in TILES for turned in (0, 1)
)
"""Corners per orientation ``tile * 2 + turned``."""


def tile_range(tile_list: str) -> range:
    """The ids of the 85 tiles of ``tile_list``."""
    base = LIST_BASE[tile_list]
    return range(base, base + NUM_TILES)


def corners(tile: int, rotation: int) -> tuple[int, int, int, int]:
    """The corners of ``tile`` turned ``rotation`` degrees (0 or 180)."""
    return ORIENTED[tile * 2 + (rotation == 180)]


TILE_NAMES: tuple[str, ...] = tuple(f"t{tile % NUM_TILES + 1}" for tile in range(ALL_TILES))
"""Each tile's name, by id (saves name every tile, so these are looked up, not formatted).

The name is the same in every list (``t42``); which tile it is depends on the game's list."""

TILE_NUMBERS: dict[str, int] = {f"t{tile + 1}": tile for tile in range(NUM_TILES)} | {
    f"t0{tile + 1}": tile for tile in range(9)
}
"""Every name :func:`tile_id` accepts (the tiles' own and ``t01`` .. ``t09`` as typed) → the
tile's place in its list (``t1`` is 0)."""


def tile_name(tile: int) -> str:
    """``t1`` .. ``t85`` (``?`` for a hidden tile)."""
    return TILE_NAMES[tile] if 0 <= tile < ALL_TILES else "?"


def tile_id(name: str, tile_list: str = TILE_LISTS[0]) -> int | None:
    """The tile a name like ``t42`` denotes in ``tile_list``, or ``None``."""
    number = TILE_NUMBERS.get(name)
    return None if number is None else number + LIST_BASE[tile_list]


def _key_of(values: tuple[int | None, int | None, int | None, int | None]) -> int:
    """The index key of a corner pattern (``None``: any value)."""
    return sum((0 if v is None else v + 1) * 10**i for i, v in enumerate(values))


def build_index(tiles: range) -> dict[int, tuple[int, ...]]:
    """Corner pattern key → the orientations of ``tiles`` showing that pattern."""
    index: dict[int, list[int]] = {}
    for orientation in range(tiles.start * 2, tiles.stop * 2):
        c = ORIENTED[orientation]
        for mask in range(16):
            pattern = tuple(c[i] if mask >> i & 1 else None for i in range(4))
            index.setdefault(_key_of(pattern), []).append(orientation)  # type: ignore[arg-type]
    return {key: tuple(value) for key, value in index.items()}


INDEXES: dict[str, dict[int, tuple[int, ...]]] = {
    name: build_index(tile_range(name)) for name in TILE_LISTS
}
"""Per tile list: corner pattern key (digit ``i`` = value + 1 of corner ``i``, 0 for any) →
the orientations of that list's tiles showing the pattern."""

INDEX: dict[int, tuple[int, ...]] = INDEXES[TILE_LISTS[0]]
"""The default list's :data:`INDEXES` entry."""

MASKS: dict[str, dict[int, int]] = {
    name: {key: sum(1 << code for code in codes) for key, codes in index.items()}
    for name, index in INDEXES.items()
}
""":data:`INDEXES` as bit masks: per tile list, corner pattern key → an int with bit ``code``
set for each orientation showing the pattern (a tile's two orientations are bits ``2 * tile``
and the next), so whether any of a set of tiles fits a place is one ``&``."""


ORIENTATION_KEYS: tuple[frozenset[int], ...] = tuple(
    frozenset(
        _key_of(tuple(c[i] if mask >> i & 1 else None for i in range(4)))  # type: ignore[arg-type]
        for mask in range(16)
    )
    for c in ORIENTED
)
"""Per orientation (every list): the 16 corner-pattern keys it shows (each corner given or
free): it fits a place exactly when the place's key is one of them."""


NO_LEAD = 4 * 9
"""The lead of a key that asks for no creature (no slot has one: a slot joins by a creature)."""


def _lead(key: int) -> int:
    """The first creature a corner-pattern key asks for, as ``corner * 9 + value``."""
    for corner, weight in enumerate((1, 10, 100, 1000)):
        digit = key // weight % 10
        if digit > 1:
            return corner * 9 + digit - 1
    return NO_LEAD


KEY_LEADS: tuple[int, ...] = tuple(_lead(key) for key in range(10**4))
"""Per corner-pattern key: the first creature it asks for (``corner * 9 + value``, below
:data:`NO_LEAD`). Only an orientation showing that creature on that corner can fit."""

LEADS: tuple[tuple[tuple[int, frozenset[int], int], ...], ...] = tuple(
    tuple(
        (corner * 9 + value, ORIENTATION_KEYS[code], (code >> 1) << 17 | code & 1)
        for code in (2 * tile, 2 * tile + 1)
        for corner, value in enumerate(ORIENTED[code])
        if value
    )
    for tile in range(ALL_TILES)
)
"""Per tile (every list), for each creature corner of each orientation: the lead it answers
(see :data:`KEY_LEADS`), the orientation's :data:`ORIENTATION_KEYS` and the orientation as
``tile << 17 | turned`` (see :func:`.seascape.fitting`)."""


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


for _name in TILE_LISTS:
    assert len(LIST_TEXT[_name]) == NUM_TILES
    assert sum(OCTOPUS[t] for t in tile_range(_name)) == 20
assert sum(CARD_COUNTS.values()) == 28
