"""Setting up, listing legal actions and applying them: the rules of a turn and of a round.

``legal_actions`` lists every action of the pending decision in a fixed order; ``apply`` checks
the action against that list (an :class:`IllegalAction` then says why, see :mod:`.refusals`) and
carries it out on a copy. See the package docstring for every decision kind and action shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import Action, IllegalAction, cached_legal
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.the_gardens import refusals
from gardens_tui.rules.the_gardens.components import (
    CARD_NAMES,
    CARDS,
    COLUMNS,
    DECKS,
    FIG,
    FORT,
    LANDMARKS,
    LAYOUTS,
    LIBRARY,
    SLOTS,
    SPECIES,
    SPECIES_TITLES,
    TILES,
    deck_cards,
    layout_landmarks,
)
from gardens_tui.rules.the_gardens.mat import placement
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
    LANDMARK_POINTS,
    NO_CARD,
    WALK_BENCHES,
    WALK_FOUNTAINS,
    WALK_TREES,
    GardensState,
    display_size,
)
from gardens_tui.rules.the_gardens.walk import Walk, score_walk
from gardens_tui.rules.words import count, join_and, possessive

SIDES: tuple[str, str] = ("left", "right")

# --- setting up -------------------------------------------------------------------------------


def resolve_tiles(options: Mapping[str, Any], rng: Rng) -> tuple[str, ...]:
    """The tile of each slot: the option's tile, or for ``random`` one of the slot's two
    advanced tiles drawn from ``rng``."""
    tiles: list[str] = []
    for slot in SLOTS:
        chosen = str(options[TILE_KEYS[slot]])
        if chosen == "random":
            chosen = rng.choice(TILES[slot][1:])
        tiles.append(chosen)
    return tuple(tiles)


def new_game(players: Sequence[str], options: Mapping[str, Any] | None, seed: int) -> GardensState:
    """The starting position: shuffled decks, the first display, seat 0 holds the start token."""
    SPEC.check_player_count(len(players))
    opts = SPEC.normalise_options(options)
    n = len(players)
    rng = Rng(seed_state(seed))
    decks = [deck_cards(d) for d in range(3)]
    for deck in decks:
        rng.shuffle(deck)
    tiles = resolve_tiles(opts, rng)
    layout = ""
    faces = [""] * 12
    if opts[LANDMARKS_KEY]:
        layout = str(opts[LAYOUT_KEY])
        if layout == "random":
            layout = rng.choice(LAYOUTS)
        shown = list(layout_landmarks(layout))
        side = opts[SIDE_KEY]
        if side == "mixed":
            rng.shuffle(shown)
            for i, lm in enumerate(shown):
                faces[lm] = "ability" if i < 3 else "points"
        else:
            for lm in shown:
                faces[lm] = "points" if side == "points" else "ability"
    centre = int(opts[START_KEY]) - 1
    mat = [EMPTY] * 27
    for row in range(3):
        mat[row * COLUMNS + centre] = CENTRAL
    s = GardensState(
        players=tuple(players),
        options=opts,
        rng=0,
        decks=decks,
        display=[[], [], []],
        mats=[mat[:] for _ in range(n)],
        centre=centre,
        visitors=[[centre] * 3 for _ in range(n)],
        walked=[[0, 0, 0] for _ in range(n)],
        points=[[0, 0, 0, 0] for _ in range(n)],
        tiles=tiles,
        layout=layout,
        faces=faces,
        owners=[-1] * 12,
    )
    log: list[str] = []
    if layout:
        up = [
            f"{LANDMARKS[lm].title} ({'ability' if faces[lm] == 'ability' else 'points'})"
            for lm in layout_landmarks(layout)
        ]
        log.append(f"Landmark mats {layout}: {join_and(up)}")
    _deal(s, log)
    s.rng = rng.state
    s.events = tuple(log)
    s.chance = False
    return s


def _deal(s: GardensState, log: list[str]) -> None:
    """Deal the round's display from the decks (which are copied first) and open the round."""
    size = display_size(len(s.players))
    decks = s.decks = [d[:] for d in s.decks]
    s.display = [[decks[r].pop() for _ in range(size)] for r in range(3)]
    s.reserved = []
    s.library_used = False
    s.walked = [[0, 0, 0] for _ in s.players]
    s.pick = 0
    s.active = s.start
    s.phase = "reserve" if s.ability_holder(FORT) >= 0 else "take"
    rows = "; ".join(
        f"{DECKS[r]}: " + ", ".join(CARD_NAMES[c] for c in s.display[r]) for r in range(3)
    )
    log.append(
        f"Round {s.round + 1}: {s.players[s.start]} holds the start player token. "
        f"The display: {rows}"
    )


# --- legal actions ----------------------------------------------------------------------------


def takes_left(s: GardensState, seat: int, row: int) -> int:
    """How many more cards ``seat`` may take from display ``row`` this round."""
    return s.per_row - s.walked[seat][row]


def may_take(s: GardensState, seat: int, row: int, slot: int) -> bool:
    """Whether ``seat`` may choose the display card in ``row``/``slot`` now (ignoring where it
    would go): the slot holds a card, the row is open to the seat, and Fort Denison's
    reservation allows it."""
    if s.display[row][slot] == NO_CARD or s.walked[seat][row] >= s.per_row:
        return False
    reserved = s.reserved
    if reserved and reserved[0] == row:
        reserver = s.ability_holder(FORT)
        if reserved[1] == slot:
            return reserver == seat
        if reserver == seat and takes_left(s, seat, row) == 1:
            return False  # the seat's last take from this row must be the reserved card
    return True


def may_return(s: GardensState, seat: int, row: int) -> bool:
    """Whether the State Library may send ``seat``'s visitor of ``row`` back to the Central Board
    (its holder and its once a round aside): the visitor stands on a card, and a walk is still to
    come in its row (the row has an empty space). A visitor that already walked this round may go
    back too: visitors stay on their cards between rounds, so its next walk starts from the
    Central Board. Only a visitor on the Central Board already, or one in a complete row (the
    last round, after its walk), is refused: returning it would change nothing."""
    if s.visitors[seat][row] == s.centre:
        return False
    mat = s.mats[seat]
    base = row * COLUMNS
    return EMPTY in mat[base : base + COLUMNS]


def legal_actions(s: GardensState) -> list[Action]:
    """Every legal action of the pending decision, in a fixed order (a fresh list).

    Computed once per state and cached on it (states are immutable once handed out; ``copy``
    and ``derive`` start without the cache), so ``legal_actions`` followed by ``apply`` costs
    one computation."""
    cached = cached_legal(s, _compute_legal)
    return list(cached)


def _compute_legal(s: GardensState) -> list[Action]:
    if s.over:
        return []
    phase = s.phase
    if phase == "take":
        seat = s.active
        mat = s.mats[seat]
        acts: list[Action] = []
        for row in range(3):
            if s.walked[seat][row] >= s.per_row:
                continue
            left = placement(mat, row, "left")
            right = placement(mat, row, "right")
            for slot, card in enumerate(s.display[row]):
                if card == NO_CARD or not may_take(s, seat, row, slot):
                    continue
                if left >= 0:
                    acts.append(("take", row, slot, "left"))
                if right >= 0:
                    acts.append(("take", row, slot, "right"))
        if s.holds(seat, LIBRARY) and not s.library_used:
            for row in range(3):
                if may_return(s, seat, row):
                    acts.append(("return", row))
        return acts
    if phase == "reserve":
        acts = [
            ("reserve", row, slot)
            for row in range(3)
            for slot, card in enumerate(s.display[row])
            if card != NO_CARD
        ]
        acts.append(("skip",))
        return acts
    if phase == "species":
        return [("species", name) for name in SPECIES]
    return []


# --- applying ---------------------------------------------------------------------------------


def apply(s: GardensState, action: Action, fmt: Callable[[Any], str]) -> GardensState:
    """The position after ``action``; :class:`IllegalAction` (naming the rule) if not legal."""
    cached = cached_legal(s, _compute_legal)
    try:
        legal = action in cached
    except TypeError:  # an unhashable item inside a malformed action
        legal = False
    if not legal:
        raise IllegalAction(refusals.reason(s, action, fmt))
    return apply_unchecked(s, action)


def apply_unchecked(s: GardensState, action: Action) -> GardensState:
    """The position after ``action``, which must be one of ``legal_actions(s)`` (not checked:
    anything else gives an undefined result). ``s`` is left untouched."""
    verb = action[0]
    if verb == "take":
        return _take(s, action[1], action[2], action[3])
    if verb == "return":
        n = s.derive()
        seat = n.active
        n.visitors[seat][action[1]] = n.centre
        n.library_used = True
        n.chance = False
        n.events = (
            f"State Library: {possessive(n.players[seat])} visitor of row {DECKS[action[1]]} "
            "went back to the Central Board",
        )
        return n
    if verb == "reserve":
        n = s.derive()
        n.reserved = [action[1], action[2]]
        n.phase = "take"
        n.chance = False
        holder = n.players[n.ability_holder(FORT)]
        card = n.display[action[1]][action[2]]
        n.events = (
            f"Fort Denison: {holder} reserved {CARD_NAMES[card]} ({CARDS[card].describe()}) "
            f"in row {DECKS[action[1]]}",
        )
        return n
    if verb == "skip":
        n = s.derive()
        n.phase = "take"
        n.chance = False
        n.events = (f"Fort Denison: {n.players[n.ability_holder(FORT)]} reserved nothing",)
        return n
    # species
    n = s.derive()
    n.species = SPECIES.index(action[1])
    n.phase = "over"
    n.over = True
    n.chance = False
    holder = n.players[n.ability_holder(FIG)]
    n.events = (
        f"Moreton Bay Fig: {holder} chose {SPECIES_TITLES[n.species]}",
        "The game is over.",
    )
    return n


def _walk_words(walk: Walk) -> str:
    """What a walk scored and why: ``"saw 3 jacarandas: 6 points for trees"``."""
    parts: list[str] = []
    scored = (
        (walk.scored_trees, walk.trees, walk.tree_words, "trees"),
        (walk.scored_fountain, walk.fountains, walk.fountain_words, "the fountain"),
        (walk.scored_bench, walk.benches, walk.bench_words, "the bench"),
    )
    for did_score, points, words, what in scored:
        if did_score:
            parts.append(f"{words}: {count(points, 'point')} for {what}")
    if walk.landmarks:
        parts.append(f"{count(walk.landmarks, 'point')} at the Lion Gate")
    return join_and(parts, empty="no points")


def _take(s: GardensState, row: int, slot: int, side: str) -> GardensState:
    n = s.derive()
    seat = n.active
    name = n.players[seat]
    mat = n.mats[seat]
    card = n.display[row][slot]
    n.display[row][slot] = NO_CARD
    column = placement(mat, row, side)
    cell = row * COLUMNS + column
    mat[cell] = card
    log = [
        f"{name} took {CARD_NAMES[card]} ({CARDS[card].describe()}) and placed it at "
        f"{DECKS[row].lower()}{column + 1}"
    ]
    landmark = n.landmark_cells.get(cell, -1)
    if landmark >= 0 and n.owners[landmark] < 0:
        n.owners[landmark] = seat
        lm = LANDMARKS[landmark]
        if n.faces[landmark] == "points":
            n.points[seat][LANDMARK_POINTS] += lm.points
            log.append(f"{name} claimed {lm.title}: {count(lm.points, 'point')}")
        else:
            log.append(f"{name} claimed {lm.title}: {lm.ability}")
    start = n.visitors[seat][row]
    walk = score_walk(n, seat, row, start, column, n.tiles)
    points = n.points[seat]
    points[WALK_TREES] += walk.trees
    points[WALK_FOUNTAINS] += walk.fountains
    points[WALK_BENCHES] += walk.benches
    points[LANDMARK_POINTS] += walk.landmarks
    n.visitors[seat][row] = column
    n.walked[seat][row] += 1
    log.append(f"{possessive(name)} visitor walked to it: {_walk_words(walk)}")
    if n.reserved and n.reserved[0] == row and n.reserved[1] == slot:
        n.reserved = []
    n.last = [seat, row, column]
    n.pick += 1
    n.turn += 1
    n.chance = False
    size = display_size(len(n.players))
    if n.pick < 3 * size:
        n.active = (n.start + n.pick) % len(n.players)
    else:
        _end_round(n, log)
    n.events = tuple(log)
    return n


def _end_round(n: GardensState, log: list[str]) -> None:
    """Visitors stand up; the next round is dealt, or the game ends."""
    n.round += 1
    if n.round >= n.rounds:
        n.reserved = []
        n.walked = [[0, 0, 0] for _ in n.players]
        n.display = [[NO_CARD] * len(r) for r in n.display]
        n.pick = 0
        n.active = n.start
        if n.ability_holder(FIG) >= 0:
            n.phase = "species"
            log.append("Every garden is complete.")
        else:
            n.phase = "over"
            n.over = True
            log.append("Every garden is complete. The game is over.")
        return
    n.start = (n.start + 1) % len(n.players)
    _deal(n, log)
    n.chance = True


__all__ = [
    "SIDES",
    "apply",
    "apply_unchecked",
    "legal_actions",
    "may_return",
    "may_take",
    "new_game",
    "takes_left",
]
