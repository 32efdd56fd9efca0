"""Saving and loading positions (``to_dict`` / ``from_dict``) and the component census.

The JSON form names cards by deck letter and number (``"B12"``), display places by position in
a row list (``null`` once taken), mat cells as three rows of nine strings per seat (``""`` empty,
``"central"`` the Central Board), visitors' columns as 1..9 and landmarks by their stable keys.

``from_dict`` trusts nothing: every field is type- and range-checked with its path, and the
position must keep the invariants the rules need (:func:`.invariants.check_consistent`): each of
the 96 cards in exactly one place, rows without gaps around the Central Board, as many cards in
each row as the round and the walks say, a display matching the walks, landmarks matching the
options and the covered cells, and a pending decision that makes sense. The loader checks the
rest of the invariants (:func:`.invariants.check`) on a position written by hand.
"""

from __future__ import annotations

from typing import Any

import gardens_tui.rules.fields as F
from gardens_tui.rules.the_gardens import invariants
from gardens_tui.rules.the_gardens.components import (
    CARD_NAMES,
    CARDS_PER_DECK,
    CODE_OF,
    COLUMNS,
    DECKS,
    LANDMARK_ID,
    LANDMARK_KEYS,
    SLOTS,
    SPECIES,
    TILES,
    deck_of,
    layout_landmarks,
)
from gardens_tui.rules.the_gardens.spec import (
    SPEC,
    START_KEY,
)
from gardens_tui.rules.the_gardens.state import (
    CENTRAL,
    EMPTY,
    NO_CARD,
    PHASES,
    GardensState,
    display_size,
    per_row,
    rounds_for,
)

MAX_POINTS = 100_000


def _cell_text(value: int) -> str:
    if value == EMPTY:
        return ""
    if value == CENTRAL:
        return "central"
    return CARD_NAMES[value]


def to_dict(s: GardensState) -> dict[str, Any]:
    """The JSON-safe form of the position."""
    data = F.common_to_dict(s)
    data.update(
        {
            "phase": s.phase,
            "round": s.round,
            "start": s.start,
            "pick": s.pick,
            "decks": [[CARD_NAMES[c] for c in deck] for deck in s.decks],
            "display": [
                [None if c == NO_CARD else CARD_NAMES[c] for c in row] for row in s.display
            ],
            "mats": [
                [[_cell_text(v) for v in mat[r * COLUMNS : (r + 1) * COLUMNS]] for r in range(3)]
                for mat in s.mats
            ],
            "visitors": [[c + 1 for c in v] for v in s.visitors],
            "walked": [list(w) for w in s.walked],
            "points": [list(p) for p in s.points],
            "tiles": dict(zip(SLOTS, s.tiles, strict=True)),
            "layout": s.layout,
            "landmarks": [
                {
                    "key": LANDMARK_KEYS[lm],
                    "side": s.faces[lm],
                    "owner": None if s.owners[lm] < 0 else s.owners[lm],
                }
                for lm in (layout_landmarks(s.layout) if s.layout else ())
            ],
            "reserved": None
            if not s.reserved
            else f"{DECKS[s.reserved[0]].lower()}{s.reserved[1] + 1}",
            "library_used": s.library_used,
            "species": None if s.species < 0 else SPECIES[s.species],
            "last": list(s.last) if s.last else None,
        }
    )
    return data


def _card(data: Any, path: str) -> int:
    name = F.string(data, path)
    if name not in CODE_OF:
        raise F.fail(path, f"unknown card {name!r}")
    return CODE_OF[name]


def _cell(data: Any, path: str) -> int:
    text = F.string(data, path)
    if text == "":
        return EMPTY
    if text == "central":
        return CENTRAL
    return _card(text, path)


def from_dict(data: Any) -> GardensState:
    """The position ``data`` describes, fully validated (``ValueError`` naming the field): each
    field is read and range-checked here, then the position must keep the invariants the rules
    need (:func:`.invariants.check_consistent`)."""
    path = "state"
    keys = (
        "phase",
        "round",
        "start",
        "pick",
        "decks",
        "display",
        "mats",
        "visitors",
        "walked",
        "points",
        "tiles",
        "layout",
        "landmarks",
        "reserved",
        "library_used",
        "species",
        "last",
    )
    d = F.obj(data, path, keys)
    common = F.read_common(d, SPEC, path)
    players = common["players"]
    options = common["options"]
    n = len(players)
    size = display_size(n)
    rows_per = per_row(n)
    rounds = rounds_for(n)
    phase = F.string(d["phase"], f"{path}.phase", PHASES)
    rnd = F.integer(d["round"], f"{path}.round", 0, rounds)
    start = F.integer(d["start"], f"{path}.start", 0, n - 1)
    pick = F.integer(d["pick"], f"{path}.pick", 0, 3 * size - 1)
    tiles_d = F.obj(d["tiles"], f"{path}.tiles", SLOTS)
    tiles = tuple(F.string(tiles_d[slot], f"{path}.tiles.{slot}", TILES[slot]) for slot in SLOTS)
    walked = F.integer_rows(d["walked"], f"{path}.walked", n, 3, 0, rows_per)
    points = F.integer_rows(d["points"], f"{path}.points", n, 4, 0, MAX_POINTS)
    mats: list[list[int]] = []
    for seat, mat_d in enumerate(F.array(d["mats"], f"{path}.mats", lambda x, p: x, length=n)):
        rows = F.array(
            mat_d,
            f"{path}.mats[{seat}]",
            lambda item, p: F.array(item, p, _cell, length=COLUMNS),
            length=3,
        )
        mats.append([v for row in rows for v in row])
    visitors = [
        [column - 1 for column in row]
        for row in F.integer_rows(d["visitors"], f"{path}.visitors", n, 3, 1, COLUMNS)
    ]
    display = F.array(
        d["display"],
        f"{path}.display",
        lambda item, p: F.array(
            item, p, lambda x, q: NO_CARD if x is None else _card(x, q), length=size
        ),
        length=3,
    )
    decks = F.array(
        d["decks"],
        f"{path}.decks",
        lambda item, p: F.array(item, p, _card, max_length=CARDS_PER_DECK),
        length=3,
    )
    layout = F.string(d["layout"], f"{path}.layout")
    faces, owners = _landmarks(d["landmarks"], f"{path}.landmarks", n)
    reserved: list[int] = []
    res = F.optional(d["reserved"], f"{path}.reserved", F.string)
    if res is not None:
        if len(res) != 2 or res[0] not in "abc" or res[1] not in "12345678":
            raise F.fail(f"{path}.reserved", "expected a display card such as 'b2'")
        reserved = ["abc".index(res[0]), int(res[1]) - 1]
    library_used = F.boolean(d["library_used"], f"{path}.library_used")
    species_name = F.optional(d["species"], f"{path}.species", lambda x, p: F.string(x, p, SPECIES))
    species = -1 if species_name is None else SPECIES.index(species_name)
    last_d = F.optional(
        d["last"],
        f"{path}.last",
        lambda x, p: F.integers(x, p, 0, COLUMNS - 1, length=3),
    )
    state = GardensState(
        **common,
        decks=decks,
        display=display,
        mats=mats,
        centre=int(options[START_KEY]) - 1,
        visitors=visitors,
        walked=walked,
        points=points,
        round=rnd,
        start=start,
        pick=pick,
        tiles=tiles,
        layout=layout,
        faces=faces,
        owners=owners,
        reserved=reserved,
        library_used=library_used,
        species=species,
        last=[] if last_d is None else last_d,
        phase=phase,
    )
    invariants.check_consistent(state)
    return state


def _landmarks(data: Any, path: str, n: int) -> tuple[list[str], list[int]]:
    """Each landmark card's face (``""`` when not in play) and owner (-1: nobody), by id, from
    the saved list of ``{"key", "side", "owner"}``, each landmark at most once."""
    faces = [""] * len(LANDMARK_KEYS)
    owners = [-1] * len(LANDMARK_KEYS)
    items = F.array(data, path, lambda x, p: F.obj(x, p, ("key", "side", "owner")))
    for i, item in enumerate(items):
        lp = f"{path}[{i}]"
        lm = LANDMARK_ID[F.string(item["key"], f"{lp}.key", LANDMARK_KEYS)]
        if faces[lm]:
            raise F.fail(f"{lp}.key", f"{LANDMARK_KEYS[lm]!r} is listed twice")
        faces[lm] = F.string(item["side"], f"{lp}.side", ("points", "ability"))
        owner = F.optional(item["owner"], f"{lp}.owner", lambda x, q: F.integer(x, q, 0, n - 1))
        owners[lm] = -1 if owner is None else owner
    return faces, owners


def component_counts(s: GardensState) -> dict[str, int]:
    """Every component wherever it is: garden cards by deck, Central Boards, landmark cards."""
    counts = {f"deck {letter} cards": 0 for letter in DECKS}
    for cards in (*s.decks, *s.display, *s.mats):
        for c in cards:
            if c >= 0:
                counts[f"deck {DECKS[deck_of(c)]} cards"] += 1
    counts["central board cells"] = sum(1 for mat in s.mats for v in mat if v == CENTRAL)
    counts["landmark cards"] = sum(1 for f in s.faces if f)
    return counts
