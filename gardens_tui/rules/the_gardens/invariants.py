"""The invariants of The Gardens: facts every position reachable by play keeps.

:func:`check` raises :class:`~gardens_tui.rules.fields.FieldError` for the first one a position
breaks, naming the field as a save file writes it (``state.mats[1][2][4]``, rows and columns
counted from 0 there) and saying why in words a player understands. ``from_dict``
(:mod:`.serial`) checks each field's type and range, then the invariants marked *(consistent)*
below (:func:`check_consistent`): the rules can work on any position that keeps those, so
positions built for a test or a rule check need keep no more. The others are what play
guarantees on top (the turn count, who played last, the points); the loader checks them all
(:func:`check`) on a position written by hand, and the conformance suite checks that every
position of its random games keeps them all. A view hides only the decks' order, so it keeps
them too.

The rounds and the turn
-----------------------
1. *(consistent)* The start player token passes one seat each round (seat 0 holds it in the
   first), so it is held by the round number's seat. ``pick`` counts the cards taken this round,
   every walk of the round is one of them, and none is taken once the rounds are all played.
   ``active`` is the seat whose turn it is: the token holder's, then clockwise, one card each.
2. Every card taken began a turn: ``turn`` is 1 plus the cards taken in the rounds played and in
   this one. The seats take their cards in turn, so each seat has walked this round exactly as
   often as its turns came up.
3. The last card placed was placed by the seat before the one to play (the last seat of the
   previous round at the start of a round), on that seat's mat, in a row it walked in, and its
   visitor stands on it unless the State Library sent it back (on its own turn, once a round).

The cards
---------
4. *(consistent)* Each of the 96 garden cards is in exactly one place: its deck, its row of the
   display or its row of a mat (an A card in row A, and so on). Each deck holds 32 cards less
   those dealt so far (one display a round, one card per player per deck, two with two players).
5. *(consistent)* The scoring tiles are the options' (a random one is one of the slot's
   advanced tiles).
6. *(consistent)* A mat's rows hold the Central Board in the options' column and, from it,
   cards without gaps: as many as the rounds played and this round's walks in that row say.
   Each visitor stands on a card or on the Central Board of its row.
7. *(consistent)* A display row has as many places taken as that row's walks this round (all of
   them once the game is over).

The landmarks
-------------
8. *(consistent)* Landmark cards are in play only with the landmarks option, exactly the six of
   the mats' layout (the options' layout, unless it is random), each face up as the options
   say (all points, all abilities, or three of each). A landmark is claimed exactly when some
   player covered it, and only by a player who did.
9. A player's landmark points are the points sides of the landmarks it claimed, plus (only for
   the holder of the Lion Gate's ability) a point per statue its visitors walked past. A player
   who has placed no card has scored nothing.
10. *(consistent)* Fort Denison's reservation is made by its holder at the start of a round, on
    a card still in the display, in a row where the holder has a take left; the State Library's
    return is used only by its holder.

The end of the game
-------------------
11. *(consistent)* ``phase`` is ``"over"`` exactly when the game is over, and the game is over
    only when the rounds are all played (8, or 4 with two players) and the Moreton Bay Fig's
    holder, if any, has chosen a species. Fort Denison's reservation opens a round, for its
    holder; the species is chosen once, at the end, by that holder.

The log
-------
12. Nothing in this game is told to one player only, so no log line is private.
"""

from __future__ import annotations

from gardens_tui.rules.common_invariants import no_private_lines
from gardens_tui.rules.fields import fail
from gardens_tui.rules.the_gardens.components import (
    CARD_NAMES,
    CARDS_PER_DECK,
    COLUMNS,
    DECKS,
    FIG,
    FORT,
    LANDMARK_KEYS,
    LANDMARKS,
    LAYOUTS,
    LIBRARY,
    LION,
    NUM_CARDS,
    SLOTS,
    deck_of,
    layout_cells,
    layout_landmarks,
)
from gardens_tui.rules.the_gardens.spec import (
    LANDMARKS_KEY,
    LAYOUT_KEY,
    SIDE_KEY,
    START_KEY,
    TILE_KEYS,
)
from gardens_tui.rules.the_gardens.state import (
    CENTRAL,
    EMPTY,
    LANDMARK_POINTS,
    NO_CARD,
    GardensState,
    display_size,
    per_row,
    rounds_for,
)


def check(state: GardensState) -> None:
    """Raise a :class:`~gardens_tui.rules.fields.FieldError` for the first invariant ``state``
    breaks (see the module docstring); return when it keeps them all."""
    check_consistent(state)
    _check_turns(state)
    _check_last(state)
    _check_points(state)
    no_private_lines(state, "The Gardens")


def check_consistent(state: GardensState) -> None:
    """The invariants marked *(consistent)* in the module docstring: what every position the
    rules work on must keep, reachable or not. ``from_dict`` checks them on everything it reads
    (positions built for a test or a rule check included); :func:`check` checks them first."""
    _check_round(state)
    _check_tiles(state)
    _check_cards(state)
    _check_landmarks(state)
    _check_extras(state)
    _check_decision(state)


def _row_path(seat: int, row: int) -> str:
    return f"state.mats[{seat}][{row}]"


# --- the round --------------------------------------------------------------------------------


def _check_round(s: GardensState) -> None:
    n = len(s.players)
    rounds = rounds_for(n)
    if s.start != min(s.round, rounds - 1) % n:
        raise fail("state.start", "the start player token passes one seat each round")
    if sum(map(sum, s.walked)) != s.pick:
        raise fail("state.pick", "does not match the walks taken this round")
    if s.round == rounds and s.pick:
        raise fail("state.pick", "the game's rounds are all played")


def _check_tiles(s: GardensState) -> None:
    for slot, tile in zip(SLOTS, s.tiles, strict=True):
        where = f"state.tiles.{slot}"
        chosen = s.options[TILE_KEYS[slot]]
        if chosen == "random" and tile == "basic":
            raise fail(where, "a random tile is one of the slot's advanced tiles")
        if chosen != "random" and tile != chosen:
            raise fail(where, f"the options chose {chosen!r}")


def _check_cards(s: GardensState) -> None:
    n = len(s.players)
    size = display_size(n)
    rows_per = per_row(n)
    rounds = rounds_for(n)
    centre = int(s.options[START_KEY]) - 1
    if s.centre != centre:
        raise fail("state.centre", f"the options put the Central Board in column {centre + 1}")
    where_card: dict[int, str] = {}
    for seat, mat in enumerate(s.mats):
        for r in range(3):
            rp = _row_path(seat, r)
            row = mat[r * COLUMNS : (r + 1) * COLUMNS]
            for c, v in enumerate(row):
                if (v == CENTRAL) != (c == centre):
                    raise fail(f"{rp}[{c}]", f"the Central Board fills column {centre + 1} only")
                if v >= 0:
                    if deck_of(v) != r:
                        raise fail(
                            f"{rp}[{c}]", f"a deck {DECKS[deck_of(v)]} card in row {DECKS[r]}"
                        )
                    if v in where_card:
                        raise fail(f"{rp}[{c}]", f"{CARD_NAMES[v]} is also at {where_card[v]}")
                    where_card[v] = f"{rp}[{c}]"
            filled = [c for c, v in enumerate(row) if v != EMPTY]
            if filled != list(range(filled[0], filled[-1] + 1)):
                raise fail(rp, "a gap between cards")
            expected = s.round * rows_per + s.walked[seat][r]
            if len(filled) - 1 != expected:
                raise fail(rp, f"expected {expected} cards after the walks so far")
    for seat in range(n):
        for r in range(3):
            if s.mats[seat][r * COLUMNS + s.visitors[seat][r]] == EMPTY:
                raise fail(f"state.visitors[{seat}][{r}]", "a visitor stands on a card")
    for r, row in enumerate(s.display):
        taken = sum(s.walked[seat][r] for seat in range(n)) if s.round < rounds else size
        if sum(1 for c in row if c == NO_CARD) != taken:
            raise fail(f"state.display[{r}]", "the places taken do not match the walks")
        for i, c in enumerate(row):
            if c == NO_CARD:
                continue
            where = f"state.display[{r}][{i}]"
            if deck_of(c) != r:
                raise fail(where, f"a deck {DECKS[deck_of(c)]} card in row {DECKS[r]}")
            if c in where_card:
                raise fail(where, f"{CARD_NAMES[c]} is also at {where_card[c]}")
            where_card[c] = where
    left = CARDS_PER_DECK - size * min(s.round + 1, rounds)
    for r, deck in enumerate(s.decks):
        if len(deck) != left:
            raise fail(f"state.decks[{r}]", f"expected {left} cards")
        for i, c in enumerate(deck):
            where = f"state.decks[{r}][{i}]"
            if deck_of(c) != r:
                raise fail(where, f"a deck {DECKS[deck_of(c)]} card in deck {DECKS[r]}")
            if c in where_card:
                raise fail(where, f"{CARD_NAMES[c]} is also at {where_card[c]}")
            where_card[c] = where
    if len(where_card) != NUM_CARDS:  # pragma: no cover - implied by the counts above
        raise fail("state.decks", "cards are missing")


# --- the landmarks ----------------------------------------------------------------------------


def _check_landmarks(s: GardensState) -> None:
    n = len(s.players)
    options = s.options
    in_play = [lm for lm in range(len(LANDMARKS)) if s.faces[lm]]
    if not options[LANDMARKS_KEY]:
        if s.layout or in_play or any(owner >= 0 for owner in s.owners):
            raise fail("state.layout", "landmarks are not in this game")
        return
    if s.layout not in LAYOUTS:
        raise fail("state.layout", f"expected one of {', '.join(LAYOUTS)}")
    if options[LAYOUT_KEY] not in ("random", s.layout):
        raise fail("state.layout", f"the options chose {options[LAYOUT_KEY]!r}")
    shown = layout_landmarks(s.layout)
    if sorted(in_play) != sorted(shown):
        wanted = ", ".join(LANDMARK_KEYS[lm] for lm in shown)
        raise fail("state.landmarks", f"expected the layout's landmarks: {wanted}")
    cells = {lm: c for c, lm in layout_cells(s.layout).items()}
    for i, lm in enumerate(shown):
        lp = f"state.landmarks[{i}]"
        owner = s.owners[lm]
        covered = [seat for seat in range(n) if s.mats[seat][cells[lm]] >= 0]
        if owner < 0 and covered:
            raise fail(f"{lp}.owner", "the first player to cover it claimed it")
        if owner >= 0 and owner not in covered:
            raise fail(f"{lp}.owner", "only a player who covered it can have claimed it")
    for lm, owner in enumerate(s.owners):
        if owner >= 0 and lm not in shown:
            raise fail("state.landmarks", f"{LANDMARK_KEYS[lm]} is not in this game")
    side = options[SIDE_KEY]
    abilities = sum(1 for f in s.faces if f == "ability")
    if (
        (side == "points" and abilities)
        or (side == "abilities" and abilities != 6)
        or (side == "mixed" and abilities != 3)
    ):
        raise fail("state.landmarks", f"the sides do not match the option {side!r}")


def _check_extras(s: GardensState) -> None:
    n = len(s.players)
    fort = s.ability_holder(FORT)
    if s.reserved:
        rp = "state.reserved"
        res_row, res_slot = s.reserved
        if fort < 0 or s.phase != "take":
            raise fail(rp, "only Fort Denison's holder reserves, at the start of a round")
        if not 0 <= res_slot < display_size(n) or s.display[res_row][res_slot] == NO_CARD:
            raise fail(rp, "no card there")
        if s.walked[fort][res_row] >= per_row(n):
            raise fail(rp, "its holder has no take left in that row")
    if s.library_used and s.ability_holder(LIBRARY) < 0:
        raise fail("state.library_used", "nobody holds the State Library's ability")
    if s.last:
        seat, row, column = s.last
        if seat >= n or row > 2 or s.mats[seat][row * COLUMNS + column] < 0:
            raise fail("state.last", "no card placed there")


# --- the decision -----------------------------------------------------------------------------


def _check_decision(s: GardensState) -> None:
    n = len(s.players)
    rounds = rounds_for(n)
    fort = s.ability_holder(FORT)
    fig = s.ability_holder(FIG)
    phase = s.phase
    pp = "state.phase"
    if (phase == "over") != s.over:
        raise fail(pp, "'over' exactly when the game is over")
    if s.round < rounds and phase in ("species", "over"):
        raise fail(pp, "the rounds are not all played")
    if s.round == rounds and phase in ("take", "reserve"):
        raise fail(pp, "the rounds are all played")
    if phase == "reserve" and (fort < 0 or s.pick or s.reserved):
        raise fail(pp, "Fort Denison's reservation opens a round, for its holder")
    if phase == "species" and (fig < 0 or s.species >= 0):
        raise fail(pp, "the Moreton Bay Fig's holder chooses once, at the end")
    if s.species >= 0 and (fig < 0 or not s.over):
        raise fail("state.species", "chosen by the Moreton Bay Fig's holder at the end")
    if s.over and fig >= 0 and s.species < 0:
        raise fail("state.species", "the Moreton Bay Fig's holder has not chosen")
    if s.active != (s.start + s.pick) % n:
        raise fail("state.active", "not the seat whose turn it is")


# --- what play adds ---------------------------------------------------------------------------


def _picks_per_round(n: int) -> int:
    return 3 * display_size(n)


def _check_turns(s: GardensState) -> None:
    n = len(s.players)
    picks = _picks_per_round(n)
    taken = s.round * picks + s.pick
    if s.turn != 1 + taken:
        raise fail(
            "state.turn",
            f"{taken} cards have been taken, one a turn, so this is turn {taken + 1}",
        )
    for seat in range(n):
        turns = sum(1 for k in range(s.pick) if (s.start + k) % n == seat)
        if sum(s.walked[seat]) != turns:
            raise fail(
                f"state.walked[{seat}]",
                f"{s.players[seat]} has had {turns} turn(s) this round, one card and one walk each",
            )


def _check_last(s: GardensState) -> None:
    n = len(s.players)
    picks = _picks_per_round(n)
    taken = s.round * picks + s.pick
    if not taken:
        if s.last:
            raise fail("state.last", "no card has been placed yet")
        return
    if not s.last:
        raise fail("state.last", "a card has been placed: the last one is known")
    seat, row, column = s.last
    if s.pick:
        expected = (s.start + s.pick - 1) % n
    elif s.round < rounds_for(n):
        # The last card of the previous round, whose start player sat before this one's.
        expected = (s.start - 1 + picks - 1) % n
    else:
        # The game is over: the start player token stayed with the last round's start player.
        expected = (s.start + picks - 1) % n
    if seat != expected:
        raise fail(
            "state.last", f"the last card was placed by {s.players[expected]}, whose turn it was"
        )
    if s.pick and s.walked[seat][row] == 0:
        raise fail("state.last", f"{s.players[seat]} has not walked in row {DECKS[row]} this round")
    returned = s.library_used and seat == s.active and s.ability_holder(LIBRARY) == seat
    if s.visitors[seat][row] != column and not returned:
        raise fail(
            f"state.visitors[{seat}][{row}]",
            "the visitor walked to the last card placed in its row and stays there",
        )


def _check_points(s: GardensState) -> None:
    for seat, points in enumerate(s.points):
        claimed = sum(
            LANDMARKS[lm].points
            for lm, owner in enumerate(s.owners)
            if owner == seat and s.faces[lm] == "points"
        )
        have = points[LANDMARK_POINTS]
        lion = s.holds(seat, LION)
        if have < claimed or (have != claimed and not lion):
            why = "plus a point per statue walked past with the Lion Gate" if lion else ""
            raise fail(
                f"state.points[{seat}][{LANDMARK_POINTS}]",
                f"{s.players[seat]}'s landmark points are the {claimed} of the points sides it "
                f"claimed{' ' + why if why else ''}",
            )
        if any(points) and all(v < 0 for v in s.mats[seat]):
            raise fail(f"state.points[{seat}]", f"{s.players[seat]} has placed no card yet")
