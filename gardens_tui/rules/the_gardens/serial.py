"""Saving and loading positions (``to_dict`` / ``from_dict``) and the component census.

The JSON form names cards by deck letter and number (``"B12"``), display places by position in
a row list (``null`` once taken), mat cells as three rows of nine strings per seat (``""`` empty,
``"central"`` the Central Board), visitors' columns as 1..9 and landmarks by their stable keys.

``from_dict`` trusts nothing: every field is type- and range-checked with its path, and the
position must be one the game can reach: each of the 96 cards in exactly one place, rows without
gaps around the Central Board, as many cards in each row as the round and the walks say, a
display matching the walks, landmarks matching the options and the covered cells, and a pending
decision that makes sense.
"""

from __future__ import annotations

from typing import Any

import gardens_tui.rules.fields as F
from gardens_tui.rules.the_gardens.components import (
    CARD_NAMES,
    CARDS_PER_DECK,
    CODE_OF,
    COLUMNS,
    DECKS,
    FIG,
    FORT,
    LANDMARK_ID,
    LANDMARK_KEYS,
    LAYOUTS,
    LIBRARY,
    NUM_CARDS,
    SLOTS,
    SPECIES,
    TILES,
    deck_of,
    layout_cells,
    layout_landmarks,
)
from gardens_tui.rules.the_gardens.spec import (
    LANDMARKS_KEY,
    LAYOUT_KEY,
    SIDE_KEY,
    SPEC,
    START_KEY,
    TILE_KEYS,
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
    """The position ``data`` describes, fully validated (``ValueError`` naming the field)."""
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
    centre = int(options[START_KEY]) - 1
    phase = F.string(d["phase"], f"{path}.phase", PHASES)
    rnd = F.integer(d["round"], f"{path}.round", 0, rounds)
    start = F.integer(d["start"], f"{path}.start", 0, n - 1)
    pick = F.integer(d["pick"], f"{path}.pick", 0, 3 * size - 1)
    if start != min(rnd, rounds - 1) % n:
        raise F.fail(f"{path}.start", "the start player token passes one seat each round")
    # --- tiles
    tiles_d = F.obj(d["tiles"], f"{path}.tiles", SLOTS)
    tiles: list[str] = []
    for slot in SLOTS:
        where = f"{path}.tiles.{slot}"
        tile = F.string(tiles_d[slot], where, TILES[slot])
        chosen = options[TILE_KEYS[slot]]
        if chosen == "random" and tile == "basic":
            raise F.fail(where, "a random tile is one of the slot's advanced tiles")
        if chosen != "random" and tile != chosen:
            raise F.fail(where, f"the options chose {chosen!r}")
        tiles.append(tile)
    # --- walks, visitors, points
    walked = F.integer_rows(d["walked"], f"{path}.walked", n, 3, 0, rows_per)
    points = F.integer_rows(d["points"], f"{path}.points", n, 4, 0, MAX_POINTS)
    if sum(map(sum, walked)) != pick:
        raise F.fail(f"{path}.pick", "does not match the walks taken this round")
    if rnd == rounds and pick:
        raise F.fail(f"{path}.pick", "the game's rounds are all played")
    # --- mats
    mats: list[list[int]] = []
    where_card: dict[int, str] = {}
    for seat, mat_d in enumerate(F.array(d["mats"], f"{path}.mats", lambda x, p: x, length=n)):
        mp = f"{path}.mats[{seat}]"
        rows = F.array(
            mat_d,
            mp,
            lambda item, p: F.array(item, p, _cell, length=COLUMNS),
            length=3,
        )
        mat: list[int] = []
        for r, row in enumerate(rows):
            rp = f"{mp}[{r}]"
            for c, v in enumerate(row):
                if (v == CENTRAL) != (c == centre):
                    raise F.fail(f"{rp}[{c}]", f"the Central Board fills column {centre + 1} only")
                if v >= 0:
                    if deck_of(v) != r:
                        raise F.fail(
                            f"{rp}[{c}]", f"a deck {DECKS[deck_of(v)]} card in row {DECKS[r]}"
                        )
                    if v in where_card:
                        raise F.fail(f"{rp}[{c}]", f"{CARD_NAMES[v]} is also at {where_card[v]}")
                    where_card[v] = f"{rp}[{c}]"
            filled = [c for c, v in enumerate(row) if v != EMPTY]
            if filled != list(range(filled[0], filled[-1] + 1)):
                raise F.fail(rp, "a gap between cards")
            expected = rnd * rows_per + walked[seat][r]
            if len(filled) - 1 != expected:
                raise F.fail(rp, f"expected {expected} cards after the walks so far")
            mat.extend(row)
        mats.append(mat)
    visitors = F.integer_rows(d["visitors"], f"{path}.visitors", n, 3, 1, COLUMNS)
    for seat in range(n):
        for r in range(3):
            column = visitors[seat][r] - 1
            visitors[seat][r] = column
            if mats[seat][r * COLUMNS + column] == EMPTY:
                raise F.fail(f"{path}.visitors[{seat}][{r}]", "a visitor stands on a card")
    # --- display and decks
    display = F.array(
        d["display"],
        f"{path}.display",
        lambda item, p: F.array(
            item, p, lambda x, q: NO_CARD if x is None else _card(x, q), length=size
        ),
        length=3,
    )
    for r, row in enumerate(display):
        taken = sum(walked[seat][r] for seat in range(n)) if rnd < rounds else size
        if sum(1 for c in row if c == NO_CARD) != taken:
            raise F.fail(f"{path}.display[{r}]", "the places taken do not match the walks")
        for i, c in enumerate(row):
            if c == NO_CARD:
                continue
            where = f"{path}.display[{r}][{i}]"
            if deck_of(c) != r:
                raise F.fail(where, f"a deck {DECKS[deck_of(c)]} card in row {DECKS[r]}")
            if c in where_card:
                raise F.fail(where, f"{CARD_NAMES[c]} is also at {where_card[c]}")
            where_card[c] = where
    decks = F.array(
        d["decks"],
        f"{path}.decks",
        lambda item, p: F.array(item, p, _card, max_length=CARDS_PER_DECK),
        length=3,
    )
    left = CARDS_PER_DECK - size * min(rnd + 1, rounds)
    for r, deck in enumerate(decks):
        if len(deck) != left:
            raise F.fail(f"{path}.decks[{r}]", f"expected {left} cards")
        for i, c in enumerate(deck):
            where = f"{path}.decks[{r}][{i}]"
            if deck_of(c) != r:
                raise F.fail(where, f"a deck {DECKS[deck_of(c)]} card in deck {DECKS[r]}")
            if c in where_card:
                raise F.fail(where, f"{CARD_NAMES[c]} is also at {where_card[c]}")
            where_card[c] = where
    if len(where_card) != NUM_CARDS:  # pragma: no cover - implied by the counts above
        raise F.fail(f"{path}.decks", "cards are missing")
    # --- landmarks
    layout = F.string(d["layout"], f"{path}.layout")
    faces = [""] * 12
    owners = [-1] * 12
    lms = F.array(
        d["landmarks"], f"{path}.landmarks", lambda x, p: F.obj(x, p, ("key", "side", "owner"))
    )
    if not options[LANDMARKS_KEY]:
        if layout or lms:
            raise F.fail(f"{path}.layout", "landmarks are not in this game")
    else:
        if layout not in LAYOUTS:
            raise F.fail(f"{path}.layout", f"expected one of {', '.join(LAYOUTS)}")
        if options[LAYOUT_KEY] not in ("random", layout):
            raise F.fail(f"{path}.layout", f"the options chose {options[LAYOUT_KEY]!r}")
        shown = layout_landmarks(layout)
        if len(lms) != len(shown):
            raise F.fail(f"{path}.landmarks", f"expected {len(shown)} landmarks")
        cells = {lm: c for c, lm in layout_cells(layout).items()}
        for i, item in enumerate(lms):
            lp = f"{path}.landmarks[{i}]"
            key = F.string(item["key"], f"{lp}.key", LANDMARK_KEYS)
            lm = LANDMARK_ID[key]
            if lm != shown[i]:
                raise F.fail(f"{lp}.key", f"expected {LANDMARK_KEYS[shown[i]]!r}")
            faces[lm] = F.string(item["side"], f"{lp}.side", ("points", "ability"))
            owner = F.optional(item["owner"], f"{lp}.owner", lambda x, q: F.integer(x, q, 0, n - 1))
            covered = [seat for seat in range(n) if mats[seat][cells[lm]] >= 0]
            if owner is None and covered:
                raise F.fail(f"{lp}.owner", "the first player to cover it claimed it")
            if owner is not None and owner not in covered:
                raise F.fail(f"{lp}.owner", "only a player who covered it can have claimed it")
            owners[lm] = -1 if owner is None else owner
        side = options[SIDE_KEY]
        abilities = sum(1 for f in faces if f == "ability")
        if (
            (side == "points" and abilities)
            or (side == "abilities" and abilities != 6)
            or (side == "mixed" and abilities != 3)
        ):
            raise F.fail(f"{path}.landmarks", f"the sides do not match the option {side!r}")
    fort = owners[FORT] if faces[FORT] == "ability" else -1
    fig = owners[FIG] if faces[FIG] == "ability" else -1
    library = owners[LIBRARY] if faces[LIBRARY] == "ability" else -1
    # --- the round's extras
    reserved: list[int] = []
    res = F.optional(d["reserved"], f"{path}.reserved", F.string)
    if res is not None:
        rp = f"{path}.reserved"
        if fort < 0 or phase != "take":
            raise F.fail(rp, "only Fort Denison's holder reserves, at the start of a round")
        if len(res) != 2 or res[0] not in "abc" or res[1] not in "12345678":
            raise F.fail(rp, "expected a display card such as 'b2'")
        res_row, res_slot = "abc".index(res[0]), int(res[1]) - 1
        if not 0 <= res_slot < size or display[res_row][res_slot] == NO_CARD:
            raise F.fail(rp, "no card there")
        if walked[fort][res_row] >= rows_per:
            raise F.fail(rp, "its holder has no take left in that row")
        reserved = [res_row, res_slot]
    library_used = F.boolean(d["library_used"], f"{path}.library_used")
    if library_used and library < 0:
        raise F.fail(f"{path}.library_used", "nobody holds the State Library's ability")
    species_name = F.optional(d["species"], f"{path}.species", lambda x, p: F.string(x, p, SPECIES))
    species = -1 if species_name is None else SPECIES.index(species_name)
    last_d = F.optional(
        d["last"],
        f"{path}.last",
        lambda x, p: F.integers(x, p, 0, COLUMNS - 1, length=3),
    )
    last: list[int] = []
    if last_d is not None:
        if last_d[0] >= n or last_d[1] > 2 or mats[last_d[0]][last_d[1] * COLUMNS + last_d[2]] < 0:
            raise F.fail(f"{path}.last", "no card placed there")
        last = last_d
    # --- the decision
    over = common["over"]
    pp = f"{path}.phase"
    if (phase == "over") != over:
        raise F.fail(pp, "'over' exactly when the game is over")
    if rnd < rounds and phase in ("species", "over"):
        raise F.fail(pp, "the rounds are not all played")
    if rnd == rounds and phase in ("take", "reserve"):
        raise F.fail(pp, "the rounds are all played")
    if phase == "reserve" and (fort < 0 or pick or reserved):
        raise F.fail(pp, "Fort Denison's reservation opens a round, for its holder")
    if phase == "species" and (fig < 0 or species >= 0):
        raise F.fail(pp, "the Moreton Bay Fig's holder chooses once, at the end")
    if species >= 0 and (fig < 0 or not over):
        raise F.fail(f"{path}.species", "chosen by the Moreton Bay Fig's holder at the end")
    if over and fig >= 0 and species < 0:
        raise F.fail(f"{path}.species", "the Moreton Bay Fig's holder has not chosen")
    if common["active"] != (start + pick) % n:
        raise F.fail(f"{path}.active", "not the seat whose turn it is")
    state = GardensState(
        **common,
        decks=decks,
        display=display,
        mats=mats,
        centre=centre,
        visitors=visitors,
        walked=walked,
        points=points,
        round=rnd,
        start=start,
        pick=pick,
        tiles=tuple(tiles),
        layout=layout,
        faces=faces,
        owners=owners,
        reserved=reserved,
        library_used=library_used,
        species=species,
        last=last,
        phase=phase,
    )
    return state


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
