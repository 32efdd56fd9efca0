"""The tiles of Seabed Neighbours as data: 78 regular tiles, the start tile and 16 clam tiles.

Geometry
--------
A tile is a square whose four sides (``n``, ``e``, ``s``, ``w``) are each split into three
*edge segments*, numbered clockwise from the west end of the north side::

         0  1  2
     11           3
     10           4
      9           5
         8  7  6

A side is one of three kinds: ``R`` (coral reef: all three segments reef), ``W`` (a seaweed
streak leaves through its centre segment: seabed, streak, seabed) or ``S`` (all seabed). Two
tiles fit side to side when the touching sides are of the same kind, so every touching segment
continues its feature (reef to reef, seaweed to seaweed, seabed to seabed).

Inside a tile the segments belong to *areas*: reefs (groups of reef sides joined inside the
tile), streaks (through two sides, or from one side to the tile's field ``*`` or against one of
its reefs ``>``), at most one field (the tile-centre junction that ends streaks) and seabed
areas. The seabed areas are not written down: they are worked out from the walls (reefs,
streaks and the field) exactly as Carcassonne's farms are, see :func:`_seabed_groups`.

Turning a tile a quarter clockwise moves segment ``p`` to ``(p + 3) % 12``.

Names of segments (notation)
----------------------------
An area is named by its kind and one direction: a reef or streak by a side it touches
(``reef-n``, ``streak-e``), a seabed area by a corner it touches (``seabed-ne``), the field
``field``. Any side or corner of the area names it; the *canonical* name (used by ``format``)
takes the first clockwise from north (sides ``n e s w``, corners ``ne se sw nw``).

The tile list (``TYPES``; a type is one printed face, ``count`` copies of it)
-----------------------------------------------------------------------------
Regular tiles, 78 (components.md asks for about: 30 reef tiles with 7 magic clams, 46 streak
tiles, 14 fields, 6 plain seabed; manta 6, starfish 12, crab 18, bottle 8; fish 22 — this list
meets every one exactly, see ``tests/rules/test_seabed_tiles.py``):

- reef caps ``RSSS`` 10 (2 with a clam), corner reefs ``RRSS`` 5 (1 clam), two caps ``RSRS``
  3, reef bands ``RSRS`` 2 (1 clam), three-sided reefs ``RRRS`` 3 (1 clam), two caps on
  adjacent sides ``RRSS`` 3;
- reef with a straight streak ``RWSW`` 1, a streak ending at a reef ``RSWS`` 2 (1 clam), a reef
  cap with a curved streak ``RWWS`` 1 (clam);
- straight streaks ``WSWS`` 14, curves ``SSWW`` 14;
- fields: one streak ``SSWS`` 3, two straight ``WSWS`` 2, two curved ``SWWS`` 2, three
  ``SWWW`` 4, four ``WWWW`` 3;
- plain seabed ``SSSS`` 6.

The exact faces with their animals, fish and clams are the rows of ``_REGULAR`` below (type
``tN`` is row N), in the spec language of :func:`build`.

The start tile: a reef cap north and a straight streak east-west (``RWSW``).

Clam tiles, 16 (components.md): 4 bonus tiles (``c1``-``c4``: more creatures or fish),
3 anemone reefs (``c5``-``c7``), 2 party gramophones (``c8``, ``c9``), 1 music gramophone
(``c10``), 2 whirlpools (``c11``, ``c12``), 2 divers (``c13``, ``c14``), 1 harvester (``c15``),
1 sushi set (``c16``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from gardens_tui.rules.words import count as counted

SIDES = "nesw"
CORNERS: tuple[str, ...] = ("ne", "se", "sw", "nw")
CORNER_SEGMENTS: tuple[tuple[int, int], ...] = ((2, 3), (5, 6), (8, 9), (11, 0))
"""The two segments at each corner (``ne`` is the north side's east end and the east side's
north end)."""

SIDE_OFFSETS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The neighbouring cell across each side (x grows eastwards, y southwards)."""

KIND_CODE = {"R": 1, "W": 2, "S": 3}
"""Side kinds as small ints (0: no tile there) for the placement requirement codes."""

REEF, STREAK, FIELD, SEA = "reef", "streak", "field", "seabed"
AREA_KINDS: tuple[str, ...] = (REEF, STREAK, FIELD, SEA)

EFFECTS: tuple[str, ...] = (
    "",
    "bonus",
    "anemone",
    "party",
    "music",
    "whirlpool",
    "diver",
    "harvester",
    "sushi",
)
"""A clam tile's kind (``""`` for regular tiles and the start tile)."""


def mirror(p: int) -> int:
    """The segment of the neighbouring tile that touches segment ``p``."""
    side, offset = divmod(p, 3)
    return 3 * ((side + 2) % 4) + 2 - offset


@dataclass(frozen=True, slots=True)
class Area:
    """One area of an unturned tile: its kind, edge segments and what it holds.

    ``field`` (streaks only) is the index of the field area the streak ends at, or -1;
    ``reef_end`` (streaks only) whether it ends against a reef inside the tile.
    """

    kind: str
    segments: tuple[int, ...]
    fish: int = 0
    manta: int = 0
    star: int = 0
    crab: int = 0
    bottle: int = 0
    clams: int = 0
    anemones: int = 0
    field: int = -1
    reef_end: bool = False
    thing: str = ""
    """A clam tile's piece in this area: ``party``, ``music`` or ``diver`` on seabed,
    ``harvester`` or ``sushi`` on the field."""


@dataclass(frozen=True, slots=True)
class TileType:
    """One printed tile face: name (``t5``, ``start``, ``c3``), copies, sides and areas."""

    name: str
    count: int
    sides: str
    areas: tuple[Area, ...]
    effect: str = ""
    text: str = ""
    """The spec it was built from, for descriptions."""

    @property
    def clam_tile(self) -> bool:
        """One of the 16 clam tiles."""
        return self.name.startswith("c")


# ------------------------------------------------------------------------------------------
# Building areas from a compact spec
# ------------------------------------------------------------------------------------------


def _side_segments(side: str) -> tuple[int, ...]:
    s = SIDES.index(side)
    return (3 * s, 3 * s + 1, 3 * s + 2)


def _seabed_groups(sides: str, walls: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The seabed segments grouped into areas: two seabed segments are apart when some wall
    (a connected set of reefs, streaks and the field) touches the rim on both arcs between
    them. Each wall is given by the rim segments it touches."""
    sea = [p for p in range(12) if sides[p // 3] == "S" or (sides[p // 3] == "W" and p % 3 != 1)]

    def next_contact(p: int, contacts: tuple[int, ...]) -> int:
        for step in range(1, 13):
            q = (p + step) % 12
            if q in contacts:
                return q
        return -1

    groups: dict[tuple[int, ...], list[int]] = {}
    for p in sea:
        key = tuple(next_contact(p, wall) for wall in walls)
        groups.setdefault(key, []).append(p)
    return sorted((tuple(g) for g in groups.values()), key=lambda g: g[0])


def build(
    name: str, count: int, sides: str, reefs: str, streaks: str, things: str = ""
) -> TileType:
    """A tile type from its spec (see the module docstring): ``sides`` four of ``RWS``,
    ``reefs`` space-separated groups of sides (``"n e"``, ``"ns"``), ``streaks``
    space-separated (``"ew"`` through, ``"s*"`` to the field, ``"s>n"`` against the reef of
    side n), ``things`` space-separated ``what:where`` (``crab:se``, ``fish:ew``,
    ``fish:field``, ``clam:n``, ``anemone:n``, ``party:ne``, ``music:ne``, ``diver:ne``) or a
    bare ``whirlpool``, ``harvester``, ``sushi``, ``bonus``, ``anemone``."""
    reef_groups = [tuple(g) for g in reefs.split()]
    streak_specs = streaks.split()
    has_field = any("*" in sp for sp in streak_specs)
    areas: list[dict[str, object]] = []
    walls: list[set[int]] = []
    wall_of: dict[str, int] = {}
    for group in reef_groups:
        segs = tuple(p for side in group for p in _side_segments(side))
        areas.append({"kind": REEF, "segments": tuple(sorted(segs))})
        walls.append(set(segs))
        for side in group:
            wall_of["reef" + side] = len(walls) - 1
    field_wall = -1
    streak_index: list[int] = []
    field_index = len(reef_groups) + len(streak_specs) if has_field else -1
    for sp in streak_specs:
        seg: tuple[int, ...]
        if "*" in sp:
            ends = sp.replace("*", "")
            seg = (3 * SIDES.index(ends) + 1,)
            area: dict[str, object] = {"kind": STREAK, "segments": seg, "field": field_index}
            if field_wall < 0:
                walls.append(set())
                field_wall = len(walls) - 1
            walls[field_wall].add(seg[0])
        elif ">" in sp:
            side, reef_side = sp.split(">")
            seg = (3 * SIDES.index(side) + 1,)
            area = {"kind": STREAK, "segments": seg, "reef_end": True}
            walls[wall_of["reef" + reef_side]].add(seg[0])
        else:
            seg = tuple(sorted(3 * SIDES.index(c) + 1 for c in sp))
            area = {"kind": STREAK, "segments": seg}
            walls.append(set(seg))
        streak_index.append(len(areas))
        areas.append(area)
    if has_field:
        areas.append({"kind": FIELD, "segments": ()})
    for group_segs in _seabed_groups(sides, [tuple(sorted(w)) for w in walls]):
        areas.append({"kind": SEA, "segments": group_segs})
    effect = ""
    for thing in things.split():
        what, _, where = thing.partition(":")
        target = _locate(areas, what, where, name)
        if what in ("fish", "manta", "star", "crab", "bottle", "clam", "anemone"):
            key = {"clam": "clams", "anemone": "anemones"}.get(what, what)
            target[key] = int(target.get(key, 0)) + 1  # type: ignore[call-overload]
            if what == "anemone":
                effect = "anemone"
        elif what in ("party", "music", "diver", "harvester", "sushi"):
            target["thing"] = what
            effect = what
        if what in ("whirlpool", "bonus"):
            effect = what
    built = tuple(Area(**a) for a in areas)  # type: ignore[arg-type]
    spec = f"{sides} reefs:{reefs or '-'} streaks:{streaks or '-'} {things}".strip()
    return TileType(name, count, sides, built, effect, spec)


def _locate(areas: list[dict[str, object]], what: str, where: str, name: str) -> dict[str, object]:
    if what in ("whirlpool", "bonus"):
        return areas[0] if areas else {}
    if where == "field" or what in ("harvester", "sushi"):
        kinds = [a for a in areas if a["kind"] == FIELD]
    elif where in CORNERS and what not in ("clam", "anemone", "fish"):
        pair = CORNER_SEGMENTS[CORNERS.index(where)]
        kinds = [
            a
            for a in areas
            if a["kind"] == SEA and set(pair) & set(a["segments"])  # type: ignore[call-overload]
        ]
    else:
        segs = {3 * SIDES.index(c) + 1 for c in where}
        kind = REEF if what in ("clam", "anemone") else STREAK
        kinds = [
            a
            for a in areas
            if a["kind"] == kind
            and (
                segs <= set(a["segments"])  # type: ignore[call-overload]
                if kind == STREAK
                else {3 * SIDES.index(c) for c in where} <= set(a["segments"])  # type: ignore[call-overload]
            )
        ]
    if len(kinds) != 1:
        raise ValueError(f"tile {name}: cannot place {what} at {where!r}")
    return kinds[0]


# ------------------------------------------------------------------------------------------
# The list
# ------------------------------------------------------------------------------------------

_REGULAR: tuple[tuple[int, str, str, str, str], ...] = (
    # reef caps
    (3, "RSSS", "n", "", ""),
    (2, "RSSS", "n", "", ""),
    (1, "RSSS", "n", "", "star:sw"),
    (1, "RSSS", "n", "", "manta:se"),
    (1, "RSSS", "n", "", "bottle:sw"),
    (2, "RSSS", "n", "", "clam:n"),
    # corner reefs
    (2, "RRSS", "ne", "", ""),
    (1, "RRSS", "ne", "", "crab:sw"),
    (1, "RRSS", "ne", "", "star:sw"),
    (1, "RRSS", "ne", "", "clam:ne"),
    # two caps on opposite sides; reef bands
    (2, "RSRS", "n s", "", ""),
    (1, "RSRS", "n s", "", "crab:ne"),
    (1, "RSRS", "ns", "", "crab:ne"),
    (1, "RSRS", "ns", "", "clam:n"),
    # three-sided reefs
    (2, "RRRS", "nes", "", ""),
    (1, "RRRS", "nes", "", "clam:n"),
    # two caps on adjacent sides
    (2, "RRSS", "n e", "", ""),
    (1, "RRSS", "n e", "", "star:sw"),
    # reefs with streaks
    (1, "RWSW", "n", "ew", "fish:ew"),
    (1, "RSWS", "n", "s>n", "crab:sw"),
    (1, "RSWS", "n", "s>n", "clam:n"),
    (1, "RWWS", "n", "es", "clam:n"),
    # straight streaks
    (3, "WSWS", "", "ns", ""),
    (3, "WSWS", "", "ns", "fish:ns"),
    (2, "WSWS", "", "ns", "crab:ne"),
    (1, "WSWS", "", "ns", "star:ne"),
    (1, "WSWS", "", "ns", "manta:ne"),
    (1, "WSWS", "", "ns", "bottle:sw"),
    (1, "WSWS", "", "ns", "crab:ne"),
    (1, "WSWS", "", "ns", "star:ne fish:ns"),
    (1, "WSWS", "", "ns", "bottle:ne crab:sw"),
    # curves
    (3, "SSWW", "", "sw", ""),
    (2, "SSWW", "", "sw", "fish:sw"),
    (2, "SSWW", "", "sw", ""),
    (2, "SSWW", "", "sw", "star:ne"),
    (1, "SSWW", "", "sw", "manta:ne"),
    (1, "SSWW", "", "sw", "bottle:ne"),
    (1, "SSWW", "", "sw", "crab:sw"),
    (1, "SSWW", "", "sw", "star:sw fish:sw"),
    (1, "SSWW", "", "sw", "crab:ne bottle:sw"),
    # fields
    (1, "SSWS", "", "s*", "fish:field"),
    (1, "SSWS", "", "s*", "crab:ne"),
    (1, "SSWS", "", "s*", "manta:ne fish:field"),
    (1, "WSWS", "", "n* s*", "fish:field fish:field"),
    (1, "WSWS", "", "n* s*", "star:ne"),
    (1, "SWWS", "", "e* s*", "fish:field"),
    (1, "SWWS", "", "e* s*", "crab:ne fish:e"),
    (2, "SWWW", "", "e* s* w*", "fish:field"),
    (1, "SWWW", "", "e* s* w*", "crab:ne fish:field fish:s"),
    (1, "SWWW", "", "e* s* w*", "star:se bottle:sw"),
    (1, "WWWW", "", "n* e* s* w*", "fish:field fish:field"),
    (1, "WWWW", "", "n* e* s* w*", "crab:ne fish:field"),
    (1, "WWWW", "", "n* e* s* w*", "star:se fish:n"),
    # plain seabed
    (2, "SSSS", "", "", "manta:ne"),
    (1, "SSSS", "", "", "crab:ne"),
    (1, "SSSS", "", "", "star:ne crab:ne"),
    (1, "SSSS", "", "", "crab:ne bottle:ne"),
    (1, "SSSS", "", "", "bottle:ne crab:ne"),
)

_START: tuple[str, str, str, str] = ("RWSW", "n", "ew", "")

_CLAMS: tuple[tuple[str, str, str, str], ...] = (
    ("SSSS", "", "", "bonus manta:ne star:ne"),
    ("WSWS", "", "ns", "bonus fish:ns fish:ns crab:ne"),
    ("SWWW", "", "e* s* w*", "bonus fish:field fish:field fish:e"),
    ("SSWW", "", "sw", "bonus star:ne star:ne fish:sw"),
    ("RSSS", "n", "", "anemone:n"),
    ("RRSS", "ne", "", "anemone:ne anemone:ne"),
    ("RWSW", "n", "ew", "anemone:n"),
    ("SSSS", "", "", "party:ne"),
    ("WSWS", "", "ns", "party:ne"),
    ("SSSS", "", "", "music:ne"),
    ("SSSS", "", "", "whirlpool"),
    ("SSWW", "", "sw", "whirlpool"),
    ("SSSS", "", "", "diver:ne"),
    ("WSWS", "", "ns", "diver:ne"),
    ("SWWW", "", "e* s* w*", "harvester fish:field"),
    ("WSWS", "", "n* s*", "sushi fish:field"),
)


def _all_types() -> tuple[TileType, ...]:
    out: list[TileType] = []
    for i, (count, sides, reefs, streaks, things) in enumerate(_REGULAR):
        out.append(build(f"t{i + 1}", count, sides, reefs, streaks, things))
    out.append(build("start", 1, *_START))
    for i, (sides, reefs, streaks, things) in enumerate(_CLAMS):
        out.append(build(f"c{i + 1}", 1, sides, reefs, streaks, things))
    return tuple(out)


TYPES: tuple[TileType, ...] = _all_types()
"""Every tile type: the regular ones (``t1``...), then ``start``, then the clam tiles."""

START = next(i for i, t in enumerate(TYPES) if t.name == "start")
"""The start tile's type id."""

REGULAR: tuple[int, ...] = tuple(i for i in range(START))
"""The regular types' ids."""

CLAM_TILES: tuple[int, ...] = tuple(range(START + 1, len(TYPES)))
"""The clam tiles' type ids (one copy each)."""

NUM_REGULAR = sum(TYPES[i].count for i in REGULAR)
"""78."""

MAX_TILES = NUM_REGULAR + 1 + len(CLAM_TILES)
"""95: every tile of the game, the start tile too."""

TYPE_BY_NAME: dict[str, int] = {t.name: i for i, t in enumerate(TYPES)}
MAX_AREAS = max(len(t.areas) for t in TYPES)
"""9: a node of the feature graph is ``tile_index * MAX_AREAS + area``."""


def regular_pile() -> list[int]:
    """Every regular tile once (type ids, sorted): the 78 tiles of a new game's pile."""
    return list(_REGULAR_PILE)


_REGULAR_PILE = tuple(i for i in REGULAR for _ in range(TYPES[i].count))


# ------------------------------------------------------------------------------------------
# Turned tiles
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turned:
    """A tile type turned ``quarter`` quarter-turns clockwise: which area each edge segment
    belongs to, the side kinds, and each area's names (canonical first)."""

    area_at: tuple[int, ...]
    side_codes: tuple[int, ...]
    names: tuple[str, ...]
    by_name: dict[str, int]


def _names(area: Area, segments: tuple[int, ...]) -> list[str]:
    if area.kind == FIELD:
        return [FIELD]
    if area.kind == SEA:
        return [
            f"{SEA}-{c}"
            for c, pair in zip(CORNERS, CORNER_SEGMENTS, strict=True)
            if set(pair) & set(segments)
        ]
    sides = sorted({p // 3 for p in segments})
    return [f"{area.kind}-{SIDES[s]}" for s in sides]


@cache
def turned(code: int) -> Turned:
    """The tile ``code = type * 4 + quarter`` as placed."""
    kind, quarter = divmod(code, 4)
    tile = TYPES[kind]
    area_at = [-1] * 12
    names: list[str] = []
    by_name: dict[str, int] = {}
    for a, area in enumerate(tile.areas):
        segs = tuple(sorted((p + 3 * quarter) % 12 for p in area.segments))
        for p in segs:
            area_at[p] = a
        all_names = _names(area, segs)
        names.append(all_names[0])
        for alias in all_names:
            by_name[alias] = a
    side_codes = tuple(KIND_CODE[tile.sides[(s - quarter) % 4]] for s in range(4))
    return Turned(tuple(area_at), side_codes, tuple(names), by_name)


@cache
def fits(kind: int, need: int) -> tuple[int, ...]:
    """The quarter turns (0-3) in which tile type ``kind`` meets the requirement code
    ``need`` (for each side ``s``, ``(need >> 2*s) & 3`` is the kind the neighbour shows there,
    0 for no neighbour)."""
    return fit_table(kind)[need & 255]


@cache
def fit_table(kind: int) -> tuple[tuple[int, ...], ...]:
    """:func:`fits` for every requirement code 0..255 of tile type ``kind``.

    Built from the other end: the codes a turned tile meets are the 16 that show, on each
    side, either nothing or the tile's own kind there."""
    table: list[list[int]] = [[] for _ in range(256)]
    for quarter in range(4):
        codes = turned(kind * 4 + quarter).side_codes
        needs = [0]
        for side in range(4):
            needs += [need | codes[side] << (2 * side) for need in needs]
        for need in needs:
            table[need].append(quarter)
    return tuple(tuple(quarters) for quarters in table)


@cache
def fit_degrees(kind: int) -> tuple[tuple[int, ...], ...]:
    """:func:`fit_table` in degrees (``(0, 180)`` for quarters ``(0, 2)``), for listing
    placements."""
    return tuple(tuple(q * 90 for q in quarters) for quarters in fit_table(kind))


@cache
def fitting_codes(kind: int) -> frozenset[int]:
    """The requirement codes tile type ``kind`` meets in some turn (for
    :func:`.seascape.can_place`)."""
    return frozenset(need for need, quarters in enumerate(fit_table(kind)) if quarters)


# ------------------------------------------------------------------------------------------
# Tables for placing a tile (the feature bookkeeping of :mod:`.seascape`)
# ------------------------------------------------------------------------------------------

COUNT_BITS = 10
"""Bits per count in a packed count record (:func:`pack`): every count stays below 1024."""

COUNT_MASK = (1 << COUNT_BITS) - 1

FISH, MANTA, STAR, CRAB, BOTTLE, CLAMS, ANEMONES, DIVERS = (i * COUNT_BITS for i in range(8))
"""Shifts of the counts a feature holds, packed into one int (:func:`pack`)."""

FIELDS, SUSHI = COUNT_BITS, 2 * COUNT_BITS
"""Shifts of a seaweed system's field and sushi set counts (its fish at :data:`FISH`)."""


def pack(area: Area) -> int:
    """The area's fish, creatures, bottles, clams, anemones and divers as one int, a count
    every :data:`COUNT_BITS` bits: joining two features adds all their counts in one addition
    (no count can reach 1024, so none spills into the next)."""
    return (
        area.fish << FISH
        | area.manta << MANTA
        | area.star << STAR
        | area.crab << CRAB
        | area.bottle << BOTTLE
        | area.clams << CLAMS
        | area.anemones << ANEMONES
        | (area.thing == "diver") << DIVERS
    )


@dataclass(frozen=True, slots=True)
class AreaStart:
    """What one area of a tile type brings to the feature graph when laid: its kind, its open
    edge segments, its packed counts (:func:`pack`) and the field area its streak ends at (-1:
    none)."""

    kind: str
    open: int
    counts: int
    field: int


@cache
def area_starts(kind: int) -> tuple[AreaStart, ...]:
    """Every area of tile type ``kind`` as it starts out in the feature graph."""
    return tuple(
        AreaStart(area.kind, len(area.segments), pack(area), area.field)
        for area in TYPES[kind].areas
    )


@dataclass(frozen=True, slots=True)
class SystemStart:
    """One seaweed system of a tile type as laid: a streak on its own, or a field with the
    streaks ending at it. ``root`` is its first area (the union-find's root), ``others`` the
    rest, ``counts`` its fish, fields and sushi set packed (:data:`FIELDS`, :data:`SUSHI`)."""

    root: int
    others: tuple[int, ...]
    counts: int


@cache
def system_starts(kind: int) -> tuple[SystemStart, ...]:
    """The seaweed systems of tile type ``kind`` as it is laid, by root."""
    groups: dict[int, list[int]] = {}
    for a, area in enumerate(TYPES[kind].areas):
        if area.kind == STREAK:
            groups.setdefault(area.field if area.field >= 0 else a, []).append(a)
        elif area.kind == FIELD:
            groups.setdefault(a, []).append(a)
    out: list[SystemStart] = []
    for members in groups.values():
        members.sort()
        counts = 0
        for a in members:
            area = TYPES[kind].areas[a]
            counts += (
                area.fish << FISH
                | (area.kind == FIELD) << FIELDS
                | (area.thing == "sushi") << SUSHI
            )
        out.append(SystemStart(members[0], tuple(members[1:]), counts))
    return tuple(sorted(out, key=lambda system: system.root))


@cache
def field_area(kind: int) -> int:
    """The field area of tile type ``kind`` (-1: it has none)."""
    return next((a for a, area in enumerate(TYPES[kind].areas) if area.kind == FIELD), -1)


Spot = tuple[int, str, bool, bool, str]
"""An area as the flag step sees it (:func:`flag_spots`)."""


@cache
def flag_spots(code: int) -> tuple[Spot, ...]:
    """Every area of the turned tile ``code`` as the flag step lists it: (area, its canonical
    name, whether a flag may stand on it (streak, reef, seabed), whether a palace may (streak,
    field), the name rules version 2 gives its palace (the field's on a tile with a field))."""
    names = turned(code).names
    field = field_area(code >> 2)
    return tuple(
        (
            a,
            names[a],
            area.kind != FIELD,
            area.kind in (STREAK, FIELD),
            names[field if field >= 0 else a],
        )
        for a, area in enumerate(TYPES[code >> 2].areas)
    )


Join = tuple[int, int, int, bool]
"""One join across a side: (my area, the neighbour's segment touching it, the open edge
segments it closes (two per touching pair), whether they are the seaweed of a streak side)."""


@dataclass(frozen=True, slots=True)
class Shape:
    """A turned tile's tables for :func:`.seascape.place`: which area each edge segment
    belongs to, for each side what an empty place across it needs from there on (its
    requirement code bits, see :func:`fits`) and the joins with a neighbour there, and by
    which sides have neighbours (a bit per side) the areas that touch none of them."""

    area_at: tuple[int, ...]
    needs: tuple[int, ...]
    joins: tuple[tuple[Join, ...], ...]
    alone: tuple[tuple[int, ...], ...]


@cache
def shape(code: int) -> Shape:
    """The :class:`Shape` of the tile ``code = type * 4 + quarter``.

    A reef or seabed side's three segments lie in one area, and so do the neighbour's facing
    them (sides fit only kind to kind), so such a side is one join of three segment pairs; a
    seaweed side is three joins (seabed, streak, seabed)."""
    turn = turned(code)
    area_at, codes = turn.area_at, turn.side_codes
    joins: list[tuple[Join, ...]] = []
    for side in range(4):
        segments = range(3 * side, 3 * side + 3)
        if codes[side] == KIND_CODE["W"]:
            joins.append(tuple((area_at[p], mirror(p), 2, p % 3 == 1) for p in segments))
        else:
            assert len({area_at[p] for p in segments}) == 1
            joins.append(((area_at[3 * side], mirror(3 * side), 6, False),))
    needs = tuple(codes[side] << (2 * ((side + 2) % 4)) for side in range(4))
    sides_of = [0] * len(TYPES[code >> 2].areas)
    for p, a in enumerate(area_at):
        if a >= 0:
            sides_of[a] |= 1 << (p // 3)
    alone = tuple(
        tuple(a for a, sides in enumerate(sides_of) if not sides & present) for present in range(16)
    )
    return Shape(area_at, needs, tuple(joins), alone)


def tile_name(kind: int) -> str:
    """The type's name (``t12``, ``start``, ``c3``)."""
    return TYPES[kind].name


REEF_SHAPES: dict[frozenset[int], str] = {
    **{frozenset((side,)): "reef cap" for side in range(4)},
    **{frozenset((side, (side + 2) % 4)): "reef band" for side in range(2)},
    **{frozenset((side, (side + 1) % 4)): "corner reef" for side in range(4)},
    **{frozenset(range(4)) - {side}: "three-sided reef" for side in range(4)},
}
"""A reef's shape by the sides it covers (its edge segments' sides), as the tile list calls
them: a cap on one side, a band across two opposite ones, a corner on two adjacent ones."""

THING_WORDS: tuple[tuple[str, str, str], ...] = (
    ("fish", "fish", "fish"),
    ("manta", "mantas", "manta"),
    ("starfish", "starfish", "star"),
    ("crab", "crabs", "crab"),
    ("bottle", "bottles", "bottle"),
    ("clam", "clams", "clams"),
    ("anemone group", "anemone groups", "anemones"),
)
"""What a tile description counts: the word, its plural and the :class:`Area` field."""

EFFECT_NAMES: dict[str, str] = {
    "party": "party gramophone",
    "music": "music gramophone",
    "sushi": "sushi set",
}
"""A clam tile's piece as a description names it (the others are named by their effect)."""


@cache
def describe(kind: int) -> str:
    """A short description of a tile type, for hands and logs: its reefs by shape (``reef
    cap``, ``reef band``, ``corner reef``, ``three-sided reef``), streaks, field and what it
    holds, each count with its noun in the singular or plural (``t5 (reef cap; 1 bottle)``,
    ``c6 (corner reef; 2 anemone groups)``)."""
    tile = TYPES[kind]
    parts: list[str] = []
    shapes: dict[str, int] = {}
    for area in tile.areas:
        if area.kind == REEF:
            shape = REEF_SHAPES.get(frozenset(p // 3 for p in area.segments), "reef")
            shapes[shape] = shapes.get(shape, 0) + 1
    for shape, number in shapes.items():
        parts.append(shape if number == 1 else counted(number, shape))
    streaks = sum(1 for a in tile.areas if a.kind == STREAK)
    if streaks:
        parts.append("streak" if streaks == 1 else f"{streaks} streaks")
    if any(a.kind == FIELD for a in tile.areas):
        parts.append("field")
    if not parts:
        parts.append("seabed")
    things: list[str] = []
    for noun, many, attr in THING_WORDS:
        total = sum(getattr(a, attr) for a in tile.areas)
        if total:
            things.append(counted(total, noun, many))
    if tile.effect and tile.effect not in ("bonus", "anemone"):
        things.append(EFFECT_NAMES.get(tile.effect, tile.effect))
    text = " + ".join(parts)
    return f"{tile.name} ({text}{'; ' + ', '.join(things) if things else ''})"


# ------------------------------------------------------------------------------------------
# The tables above, worked out for every tile once (the hot paths index these: a cached call
# costs more than the work it saves at a million calls a second)
# ------------------------------------------------------------------------------------------

SHAPES: tuple[Shape, ...] = tuple(shape(code) for code in range(4 * len(TYPES)))
""":func:`shape` by tile code."""

AREA_STARTS: tuple[tuple[AreaStart, ...], ...] = tuple(area_starts(k) for k in range(len(TYPES)))
""":func:`area_starts` by tile type."""

SYSTEM_STARTS: tuple[tuple[SystemStart, ...], ...] = tuple(
    system_starts(k) for k in range(len(TYPES))
)
""":func:`system_starts` by tile type."""

FIT_DEGREES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    fit_degrees(k) for k in range(len(TYPES))
)
""":func:`fit_degrees` by tile type."""


def placement_picks(first: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """:data:`FIT_DEGREES` as indices into a place's placements (see
    :func:`.seascape.placements_at`): by tile type and requirement code, ``first`` plus the
    quarter of every turn that fits (each distinct tuple made once)."""
    out = []
    for table in FIT_DEGREES:
        picks = {degrees: tuple(first + d // 90 for d in degrees) for degrees in set(table)}
        out.append(tuple(map(picks.__getitem__, table)))
    return tuple(out)


PLACEMENT_PICKS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    placement_picks(4 * choice) for choice in range(4)
)
"""By choice (0 and 1: place tile 1 or 2; 2 and 3: propose tile 1 or 2), tile type and
requirement code: where the placements that fit are in :func:`.seascape.placements_at`'s
tuple (empty when none fits)."""


def placement_sets(choice: int) -> tuple[tuple[int, ...], ...]:
    """:data:`FIT_DEGREES` as one index into a place's placement table (see
    :func:`.seascape.placements_at`) per tile type and requirement code: ``16 + 16 * choice +
    mask``, where ``mask`` has bit ``q`` for every quarter turn ``q`` that fits, or 0 when none
    does."""
    return tuple(
        tuple(
            16 + 16 * choice + sum(1 << d // 90 for d in degrees) if degrees else 0
            for degrees in table
        )
        for table in FIT_DEGREES
    )


PLACEMENT_SETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    placement_sets(choice) for choice in range(4)
)
"""By choice (as :data:`PLACEMENT_PICKS`), tile type and requirement code: where the tuple of
the placements that fit is in :func:`.seascape.placements_at`'s table (0: none fits). Listing
a place's placements is then one ``extend`` by a ready-made tuple."""

FITTING_CODES: tuple[frozenset[int], ...] = tuple(fitting_codes(k) for k in range(len(TYPES)))
""":func:`fitting_codes` by tile type."""

FLAG_SPOTS: tuple[tuple[Spot, ...], ...] = tuple(flag_spots(code) for code in range(4 * len(TYPES)))
""":func:`flag_spots` by tile code."""

DESCRIPTIONS: tuple[str, ...] = tuple(describe(k) for k in range(len(TYPES)))
""":func:`describe` by tile type."""
