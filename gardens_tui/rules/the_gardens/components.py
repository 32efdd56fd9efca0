"""The Gardens' components as plain data: garden cards, tree species, landmarks, mat layouts and
scoring tiles (see ``design/components.md`` section 2; tested for its counts).

Card codes
----------
A garden card is an ``int`` code ``deck * 32 + (number - 1)``: deck 0..2 (A, B, C), number 1..32
from the template below. Its name is the deck letter and number (``"A5"``, ``"C32"``). Per code,
:data:`CARDS` holds a :class:`Card` with every feature precomputed (the walk scoring reads them on
the hot path).

Paths
-----
A path end is a bit: :data:`N` (1), :data:`E` (2), :data:`S` (4), :data:`W` (8). Two orthogonally
adjacent cards are joined when both have a path end on their shared edge. The Central Board's
three cells carry paths in all four directions.
"""

from __future__ import annotations

from dataclasses import dataclass

N, E, S, W = 1, 2, 4, 8
"""Path-end bits."""

DECKS: tuple[str, ...] = ("A", "B", "C")
"""The three decks, which are also the mat's rows (A harbourside, B centre, C cityside)."""

ROW_TITLES: tuple[str, ...] = ("harbourside", "centre", "cityside")

CARDS_PER_DECK = 32
NUM_CARDS = 3 * CARDS_PER_DECK

SPECIES: tuple[str, ...] = ("wattle", "bottlebrush", "jacaranda", "palm")
"""The four focal-tree species by index; ``palm`` is the Canary palm."""

SPECIES_TITLES: tuple[str, ...] = ("Wattle", "Bottlebrush", "Jacaranda", "Canary palm")
SPECIES_LETTERS: tuple[str, ...] = ("w", "b", "j", "p")

_WA, _BO, _JA, _PA = range(4)

# number: (species of its focal trees, stream, fountain, bench, statue, picnic, path ends)
_TEMPLATE: dict[int, tuple[tuple[int, ...], bool, bool, bool, bool, bool, int]] = {
    1: ((_WA,), False, False, False, False, False, 0),
    2: ((_BO,), False, False, False, False, False, 0),
    3: ((_JA,), False, False, False, False, False, 0),
    4: ((_PA,), False, False, False, False, False, 0),
    5: ((_WA,), False, False, False, False, False, E | W),
    6: ((_BO,), False, False, False, False, False, N | S),
    7: ((_JA,), False, False, False, False, False, N | E),
    8: ((_PA,), False, False, False, False, False, S | W),
    9: ((_WA, _JA), False, False, False, False, False, 0),
    10: ((_BO, _PA), False, False, False, False, False, 0),
    11: ((_BO, _JA), False, False, False, False, False, 0),
    12: ((_PA, _WA), False, False, False, False, True, 0),
    13: ((), True, False, False, False, False, 0),
    14: ((), True, False, False, False, False, 0),
    15: ((_BO,), True, False, False, False, False, 0),
    16: ((), True, False, False, False, False, E | W),
    17: ((), True, True, False, False, False, 0),
    18: ((), True, True, False, False, True, 0),
    19: ((), False, True, False, False, False, N | E | S | W),
    20: ((), False, True, False, False, False, E | W),
    21: ((), False, False, True, False, False, E | W),
    22: ((), False, False, True, False, False, N | S),
    23: ((), False, False, True, False, False, E | S),
    24: ((_WA,), False, False, True, False, False, 0),
    25: ((), False, False, False, True, False, 0),
    26: ((), False, False, False, True, False, E | W),
    27: ((), False, False, False, True, False, N | W),
    28: ((_PA,), False, False, False, True, False, 0),
    29: ((), False, False, False, False, False, N | E | S | W),
    30: ((), False, False, False, False, False, E | S | W),
    31: ((), False, False, False, False, True, N | S),
    32: ((), False, False, False, False, True, E | W),
}


@dataclass(frozen=True, slots=True)
class Card:
    """One garden card's printed features.

    ``trees[s]`` is how many focal trees of species ``s`` it shows (a double-tree card shows two
    trees of different species); ``paths`` its path-end bits (0: no pathway).
    """

    code: int
    deck: int
    number: int
    trees: tuple[int, int, int, int]
    stream: bool
    fountain: bool
    bench: bool
    statue: bool
    picnic: bool
    paths: int

    @property
    def name(self) -> str:
        """``"A5"``: deck letter and number."""
        return f"{DECKS[self.deck]}{self.number}"

    @property
    def tree_count(self) -> int:
        """How many focal trees the card shows (0, 1 or 2)."""
        return sum(self.trees)

    def describe(self) -> str:
        """The features in words: ``"Wattle + path E-W"``, ``"stream + fountain + picnic"``."""
        parts = [SPECIES_TITLES[s] for s in range(4) for _ in range(self.trees[s])]
        if self.stream:
            parts.append("stream")
        if self.fountain:
            parts.append("fountain")
        if self.bench:
            parts.append("bench")
        if self.statue:
            parts.append("statue")
        if self.paths:
            parts.append("path " + path_letters(self.paths))
        if self.picnic:
            parts.append("picnic")
        return " + ".join(parts) or "lawn"


def path_letters(paths: int) -> str:
    """Path-end bits as compass letters: ``E|W`` → ``"E-W"``."""
    return "-".join(
        letter for bit, letter in ((N, "N"), (E, "E"), (S, "S"), (W, "W")) if paths & bit
    )


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for deck in range(3):
        for number in range(1, CARDS_PER_DECK + 1):
            species, stream, fountain, bench, statue, picnic, paths = _TEMPLATE[number]
            trees = [0, 0, 0, 0]
            for s in species:
                trees[(s + deck) % 4] += 1  # deck B shifts every species one step, C two
            cards.append(
                Card(
                    deck * CARDS_PER_DECK + number - 1,
                    deck,
                    number,
                    (trees[0], trees[1], trees[2], trees[3]),
                    stream,
                    fountain,
                    bench,
                    statue,
                    picnic,
                    paths,
                )
            )
    return tuple(cards)


CARDS: tuple[Card, ...] = _build()
"""Every garden card by code (0..95)."""

CARD_NAMES: tuple[str, ...] = tuple(card.name for card in CARDS)
CODE_OF: dict[str, int] = {name: code for code, name in enumerate(CARD_NAMES)}


def deck_of(code: int) -> int:
    """The deck (and row) 0..2 a card code belongs to."""
    return code // CARDS_PER_DECK


def deck_cards(deck: int) -> list[int]:
    """The 32 codes of one deck, in template order."""
    return list(range(deck * CARDS_PER_DECK, (deck + 1) * CARDS_PER_DECK))


def triangle(n: int) -> int:
    """The triangular number: 0, 1, 3, 6, 10, 15, 21 … (the trees' scale, continued past 4)."""
    return n * (n + 1) // 2


# --- landmarks --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Landmark:
    """One landmark card: its stable key, title, points side and ability side (our words)."""

    key: str
    title: str
    points: int
    ability: str


LANDMARKS: tuple[Landmark, ...] = (
    Landmark("opera-house", "Sydney Opera House", 10, "end: 10 points per closed pathway loop"),
    Landmark("harbour-bridge", "Sydney Harbour Bridge", 10, "end: 3 points per bench"),
    Landmark("fort-denison", "Fort Denison", 6, "each round: reserve a display card"),
    Landmark("mrs-macquaries-chair", "Mrs Macquarie's Chair", 3, "+1 whenever you score trees"),
    Landmark("moreton-bay-fig", "Moreton Bay Fig", 10, "end: pick a species, 2 points per tree"),
    Landmark("conservatorium", "Conservatorium of Music", 6, "adjacent pathways count as joined"),
    Landmark("lion-gate", "The Lion Gate", 3, "+1 per statue card a visitor walks onto or past"),
    Landmark("duck-pond", "The Duck Pond", 3, "+1 whenever you score fountains"),
    Landmark("art-gallery", "Art Gallery of NSW", 10, "end: +5 per full-height stream"),
    Landmark(
        "governor-phillip-fountain",
        "Governor Phillip Fountain",
        6,
        "end: 3 per column with top and bottom streams but no middle",
    ),
    Landmark("state-library", "State Library of NSW", 6, "once a round: send a visitor home"),
    Landmark("sydney-tower", "Sydney Tower", 3, "+1 whenever you score benches"),
)
"""The twelve landmark cards; a landmark's index in this tuple is its id."""

LANDMARK_KEYS: tuple[str, ...] = tuple(lm.key for lm in LANDMARKS)
LANDMARK_ID: dict[str, int] = {key: i for i, key in enumerate(LANDMARK_KEYS)}

(
    OPERA,
    BRIDGE,
    FORT,
    CHAIR,
    FIG,
    CONSERVATORIUM,
    LION,
    DUCK,
    GALLERY,
    GOVERNOR,
    LIBRARY,
    TOWER,
) = range(12)

# Mat halves: (landmark, row, step outward from the Central Board's home column 5).
_HALVES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "l1": ((OPERA, 0, 4), (CONSERVATORIUM, 1, 2), (TOWER, 2, 3)),
    "l2": ((BRIDGE, 0, 2), (LION, 1, 3), (LIBRARY, 2, 4)),
    "r1": ((FORT, 0, 3), (DUCK, 1, 4), (GALLERY, 2, 2)),
    "r2": ((CHAIR, 0, 4), (FIG, 1, 2), (GOVERNOR, 2, 3)),
}

LAYOUTS: tuple[str, ...] = ("l1-r1", "l1-r2", "l2-r1", "l2-r2")
"""The four ways to put landmark mat halves together (left half, right half)."""

HOME_COLUMN = 4
"""The Central Board's home column (index 4 = column 5 of 1..9)."""

COLUMNS = 9
ROWS = 3


def layout_cells(layout: str) -> dict[int, int]:
    """``{cell: landmark}`` for a layout; a cell is ``row * 9 + column`` (columns 0..8).

    Landmarks are printed on the mats, so their cells are fixed: counted outward from column 5
    whatever column the Central Board stands in.
    """
    left, right = layout.split("-")
    cells: dict[int, int] = {}
    for landmark, row, step in _HALVES[left]:
        cells[row * COLUMNS + HOME_COLUMN - step] = landmark
    for landmark, row, step in _HALVES[right]:
        cells[row * COLUMNS + HOME_COLUMN + step] = landmark
    return cells


def layout_landmarks(layout: str) -> tuple[int, ...]:
    """The six landmarks a layout shows, in row order left half first."""
    left, right = layout.split("-")
    return tuple(lm for lm, _, _ in _HALVES[left]) + tuple(lm for lm, _, _ in _HALVES[right])


# --- scoring tiles ----------------------------------------------------------------------------

SLOTS: tuple[str, ...] = ("tree", "fountain", "bench", "end-tree", "statue")
"""The scoreboard slots that have advanced tiles (streams and pathways only have basic ones)."""

TILES: dict[str, tuple[str, ...]] = {
    "tree": ("basic", "streams", "paths"),
    "fountain": ("basic", "variety", "column"),
    "bench": ("basic", "paths", "trees"),
    "end-tree": ("basic", "group", "balance"),
    "statue": ("basic", "lines", "isolated"),
}
"""Per slot: the basic tile first, then its two advanced tiles (ten in all)."""

TILE_TEXT: dict[tuple[str, str], str] = {
    ("tree", "basic"): "stop on a focal tree: 1/3/6/10... per matching trees seen",
    ("tree", "streams"): "stop on a focal tree: 1 point per stream seen",
    ("tree", "paths"): "stop on a focal tree: 1 point per pathway walked on or crossed",
    ("fountain", "basic"): "stop on a fountain: 1 point per stream seen",
    ("fountain", "variety"): "stop on a fountain: 1 point per different feature seen",
    ("fountain", "column"): "stop on a fountain: 1/3/6 for 1/2/3 fountains in its column",
    ("bench", "basic"): "stop on a bench: 1 point per card around it",
    ("bench", "paths"): "stop on a bench: 2 points per pathway leading into it",
    ("bench", "trees"): "stop on a bench: 3 points per species beside it (not diagonal)",
    ("end-tree", "basic"): "end: per row, 1/3/6/10 for 1/2/3/4 tree species",
    ("end-tree", "group"): "end: 3 points per tree in the largest joined group of trees",
    ("end-tree", "balance"): "end: 5 points per row with as many trees left as right",
    ("statue", "basic"): "end: 10 points per player with fewer statues",
    ("statue", "lines"): "end: 2 points per row and column with a statue",
    ("statue", "isolated"): "end: 4 points per statue with no statue beside it",
}
"""One line per tile, in our words, for help screens and ``gardens show``."""
