"""The invariants of Octopus's Garden: facts every position reachable by play keeps.

:func:`check` raises :class:`~gardens_tui.rules.fields.FieldError` for the first one a position
breaks, naming the field as a save file writes it (``state.clownfish[1]``) and saying why in
words a player understands. ``from_dict`` (:mod:`.serial`) checks each field's type and range
and the shape of every garden space, then the invariants marked *(consistent)* below
(:func:`check_consistent`): the rules can work on any position that keeps those, so positions
built for a test or a rule check need keep no more. The others are what play guarantees on top
(whose turn it is, the end, what was earned); the loader checks them all (:func:`check`) on a
position written by hand, and the conformance suite checks that every position of its random
games keeps them all. Everything in this game is public (only the bag's draw order is not), so
a view keeps them too.

The components
--------------
1. *(consistent)* Every token of the game (the base game's 106, the four tiles of each module
   in play, one shark per player with sharks) is in exactly one place: the bag, the market,
   under a shark's claim, the hand being planted, the token drawn for the market, a garden (a
   hermit crab's home and a boxer crab's anemone count as their own tokens, a declared mimic or
   used coconut octopus as the tile it is), or out of the game; the 16 oyster tokens are in the
   oyster bed or in the gardens. A module's tiles are nowhere when the module is off.
2. *(consistent)* The clownfish and the seahorses are the values of the player count (7, 6, 5,
   4, 3; with two players 6, 4, 3), each once, between its pile and the players; a pile holds
   the lowest values, the lowest at the bottom, since the top one is always taken.
3. Every player holds at least the clownfish its anemone groups earn (one per 3 in a group) and
   the seahorses its seagrass groups earn (one per 5), unless that pile is empty: a bonus is
   taken as soon as it is earned, and is never lost when groups split.

The sharks
----------
4. *(consistent)* A shark belongs to at most one player and a player owns at most one, bought
   once in the game; an owned shark is in exactly one place: its owner's garden, the hand being
   planted or a claim on the market. A shark in a garden is its owner's. A claim is made by a
   shark owner, one claim per shark, on a market tile that is not itself a shark.

The turn and the pending decision
---------------------------------
5. Seat 0 began and every turn passes play to the next seat, so the seat whose turn it is
   follows from the turn number: ``active`` is ``(turn - 1)`` modulo the player count.
6. *(consistent)* ``phase`` is ``"over"`` exactly when the game is over. Tokens are held only
   while planting or opening treasure chests (and then some are held), chests waiting to be
   opened only while opening them; animals have moved and spaces wait for the coconut octopus's
   push only in the animal phase (the push step for the latter) and only in the active garden,
   on animals that are there and spaces that are not empty; a drawn token waits only in the
   refill step, and only for an empty market space; seats wait for the shark claim window only
   during it, each once. The shark step needs the active player's shark on the market, and a
   player whose shark waits on the market buys or releases it before anything else of its turn.
7. The market is refilled at the end of every turn while the bag lasts: in the shark claim
   window and at the lionfish step (the start of a turn) an empty market space means the bag
   is empty, and at the shark step only the lionfish's discard of this turn may be missing.
8. The stall stop (our rule, an option): with it off no turn without a purchase is counted;
   there are never more such turns in a row than turns begun, and ten rounds of them have
   triggered the end of the game.

The end of the game
-------------------
9. A full garden has triggered the end of the game (it is checked whenever a garden fills).
10. The game is over only when its end has come: the end was triggered, and the last turn,
    that of the player before the one who triggered it, has been played (it is the turn the
    position stays on).

The log
-------
11. Nothing in this game is told to one player only, so no log line is private.
"""

from __future__ import annotations

from gardens_tui.rules.common_invariants import no_private_lines, turn_passes_in_seat_order
from gardens_tui.rules.fields import fail
from gardens_tui.rules.octopus_garden.board import cell_name
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE_LIKE,
    CHEST,
    NAMES,
    NUM_KINDS,
    OYSTER,
    OYSTER_TOKENS,
    SEAGRASS_LIKE,
    SHARKS,
    bag_counts,
    bonus_values,
    describe,
    physical,
)
from gardens_tui.rules.octopus_garden.flow import IDLE_ROUNDS
from gardens_tui.rules.octopus_garden.garden import entitlement, is_full
from gardens_tui.rules.octopus_garden.spec import STALL_STOP
from gardens_tui.rules.octopus_garden.state import OctopusState, Stack

_CACHE_LIMIT = 20_000


class _PhysicalOf(dict[Stack, tuple[int, ...]]):
    """A space's physical tokens, cached (stacks repeat endlessly across positions)."""

    def __missing__(self, st: Stack) -> tuple[int, ...]:
        if len(self) > _CACHE_LIMIT:
            self.clear()
        tokens = self[st] = tuple(t for p in st for t in physical(p))
        return tokens


_PHYSICAL_OF = _PhysicalOf()


def check(state: OctopusState) -> None:
    """Raise a :class:`~gardens_tui.rules.fields.FieldError` for the first invariant ``state``
    breaks (the module docstring lists them: the consistent ones first, then the rest in
    order); return when it keeps them all."""
    n = len(state.players)
    check_consistent(state)
    _check_earned(state, n)
    turn_passes_in_seat_order(state)
    _check_market(state)
    _check_stall(state, n)
    _check_end(state, n)
    no_private_lines(state, "Octopus's Garden")


def check_consistent(state: OctopusState) -> None:
    """The invariants marked *(consistent)* in the module docstring: what every position the
    rules work on must keep, reachable or not. ``from_dict`` checks them on everything it reads
    (positions built for a test or a rule check included); :func:`check` checks them first."""
    n = len(state.players)
    _check_counts(state)
    _check_bonus(state, n)
    _check_sharks(state, n)
    _check_phase(state)


# --- the components ---------------------------------------------------------------------------


def census(s: OctopusState) -> list[int]:
    """How many physical tokens of each kind exist anywhere (index = code; oysters included)."""
    counts = [0] * NUM_KINDS
    for k in range(NUM_KINDS):
        counts[k] += s.bag[k] + s.out[k]
    for t in s.market:
        if t:
            counts[t] += 1
    for seat in s.claims:
        if 0 <= seat < len(s.shark_of) and s.shark_of[seat]:
            counts[s.shark_of[seat]] += 1
    for t in s.hand:
        counts[t] += 1
    if s.drawn:
        counts[s.drawn] += 1
    physical_of = _PHYSICAL_OF
    for g in s.gardens:
        for st in g:
            if st:
                for token in physical_of[st]:
                    counts[token] += 1
    counts[OYSTER] += s.bed
    return counts


def _check_counts(s: OctopusState) -> None:
    expected = bag_counts(s.options, len(s.players))
    expected[OYSTER] = OYSTER_TOKENS
    have = census(s)
    for k in range(1, NUM_KINDS):
        if have[k] != expected[k]:
            if expected[k] == 0:
                why = "is not in this game (its module is off or it is not a token)"
                raise fail("state", f"{describe(k)} {why}")
            raise fail(
                "state",
                f"{have[k]} {describe(k)} token(s) in all, but the game has {expected[k]}",
            )


def _check_bonus(s: OctopusState, n: int) -> None:
    values = sorted(bonus_values(n))
    for label, pile, held in (
        ("clownfish", s.clown_pile, s.clowns),
        ("seahorse", s.horse_pile, s.horses),
    ):
        everything = sorted([*pile, *(v for h in held for v in h)])
        if everything != values:
            raise fail(
                f"state.{label}_pile",
                f"the {label} tokens must be exactly {values} between the pile and the players",
            )
        if pile != values[: len(pile)]:
            raise fail(
                f"state.{label}_pile",
                "the pile must hold the lowest values, lowest at the bottom (first)",
            )


def _check_earned(s: OctopusState, n: int) -> None:
    clown_pile, horse_pile = bool(s.clown_pile), bool(s.horse_pile)
    for seat in range(n):
        # Cheap bounds first: a garden's groups earn at most one per 3 anemones (5 seagrass).
        bases = [st[0] for st in s.gardens[seat] if st]
        anemones = sum(1 for b in bases if b in ANEMONE_LIKE)
        seagrass = sum(1 for b in bases if b in SEAGRASS_LIKE)
        if (not clown_pile or anemones // 3 <= len(s.clowns[seat])) and (
            not horse_pile or seagrass // 5 <= len(s.horses[seat])
        ):
            continue
        clown, horse = entitlement(s.gardens[seat])
        if len(s.clowns[seat]) < clown and s.clown_pile:
            raise fail(
                f"state.clownfish[{seat}]",
                f"{s.players[seat]}'s anemone groups earn {clown} clownfish, and a clownfish is "
                "taken from the pile as soon as it is earned",
            )
        if len(s.horses[seat]) < horse and s.horse_pile:
            raise fail(
                f"state.seahorses[{seat}]",
                f"{s.players[seat]}'s seagrass groups earn {horse} seahorse(s), and a seahorse "
                "is taken from the pile as soon as it is earned",
            )


# --- the sharks -------------------------------------------------------------------------------


def _check_sharks(s: OctopusState, n: int) -> None:
    # Where every shark lies in a garden: (seat, cell) pairs, found in one pass.
    in_gardens: dict[int, list[tuple[int, int]]] = {}
    for seat in range(n):
        for c, st in enumerate(s.gardens[seat]):
            if st and st[0] in SHARKS:
                in_gardens.setdefault(st[0], []).append((seat, c))
    owners: dict[int, int] = {}
    for seat in range(n):
        path = f"state.shark_of[{seat}]"
        shark = s.shark_of[seat]
        if not shark:
            if seat in s.claims:
                raise fail("state.claims", f"{s.players[seat]} has no shark to claim a tile with")
            continue
        if shark in owners:
            owner = s.players[owners[shark]]
            raise fail(path, f"the {NAMES[shark]} shark already belongs to {owner}")
        owners[shark] = seat
        if not s.shark_bought[seat]:
            raise fail(f"state.shark_bought[{seat}]", "a seat that owns a shark has bought one")
        places = in_gardens.get(shark, [])
        in_hand = s.active == seat and shark in s.hand
        claimed = seat in s.claims
        if len(places) + int(in_hand) + int(claimed) != 1:
            raise fail(
                path, "an owned shark is in exactly one place: its garden, the hand or a claim"
            )
    for shark, places in in_gardens.items():
        for seat, c in places:
            if owners.get(shark) != seat:
                raise fail(f"state.gardens[{seat}][{c}]", "a shark in a garden must be its owner's")
    seen: set[int] = set()
    for m, seat in enumerate(s.claims):
        if seat < 0:
            continue
        if seat in seen:
            raise fail(f"state.claims[{m}]", "a seat has only one shark to claim with")
        seen.add(seat)
        if not s.market[m] or s.market[m] in SHARKS:
            raise fail(f"state.claims[{m}]", "a shark claims a tile that is not a shark")


# --- the turn ---------------------------------------------------------------------------------


def _check_phase(s: OctopusState) -> None:
    phase = s.phase
    if s.over != (phase == "over"):
        raise fail("state.phase", "the phase is 'over' exactly when the game is over")
    if phase in ("plant", "treasure") and not s.hand:
        raise fail("state.hand", f"the {phase} step needs tokens in hand")
    if phase not in ("plant", "treasure") and s.hand:
        raise fail("state.hand", "tokens are held only while planting")
    if (phase == "treasure") != (s.chests > 0) or s.chests > s.hand.count(CHEST):
        raise fail("state.chests", "chests to open exist only in the treasure step, in hand")
    if phase not in ("animals", "push") and (s.moved or s.pushes):
        raise fail("state.moved", "animals move only in the animal phase")
    if phase != "push" and s.pushes:
        raise fail("state.pushes", "spaces wait for a push only while pushing")
    if (phase == "refill") != bool(s.drawn) or (phase == "refill" and all(s.market)):
        raise fail("state.drawn", "a drawn token waits only in the refill step, for a gap")
    if (phase == "claim") != bool(s.claim_order):
        raise fail("state.claim_order", "seats wait for the claim window only during it")
    if len(set(s.claim_order)) != len(s.claim_order):
        raise fail("state.claim_order", "a seat appears twice")
    if phase == "shark" and s.active not in s.claims:
        raise fail("state.phase", "the shark step needs the active seat's shark on the market")
    if phase not in ("lionfish", "shark", "claim", "over") and s.active in s.claims:
        raise fail(
            "state.phase", "a seat whose shark waits on the market must first buy or release it"
        )
    garden = s.gardens[s.active]
    for i, (c, piece) in enumerate(s.moved):
        if sum(1 for cc, p in s.moved if cc == c and p == piece) > garden[c].count(piece):
            raise fail(f"state.moved[{i}]", f"no such animal at {cell_name(c)}")
    for i, c in enumerate(s.pushes):
        if not garden[c]:
            raise fail(f"state.pushes[{i}]", f"{cell_name(c)} is empty")


def _check_market(s: OctopusState) -> None:
    if not any(s.bag):
        return
    empty = [m for m, token in enumerate(s.market) if not token]
    allowed = {"lionfish": 0, "claim": 0, "shark": 1}.get(s.phase)
    if allowed is not None and len(empty) > allowed:
        m = empty[allowed]
        raise fail(
            f"state.market[{m}]",
            "the market is refilled from the bag at the end of every turn (only a lionfish "
            "discards a tile until then), and the bag still holds tokens",
        )


def _check_stall(s: OctopusState, n: int) -> None:
    if not s.options.get(STALL_STOP, True):
        if s.idle_turns:
            raise fail(
                "state.idle_turns", "turns without a purchase count only with the stall stop"
            )
        return
    if s.idle_turns > s.turn:
        raise fail(
            "state.idle_turns",
            f"{s.idle_turns} turns in a row without a purchase, but only {s.turn} turns began",
        )
    if s.idle_turns >= IDLE_ROUNDS * n and s.end_by < 0:
        raise fail(
            "state.end_by",
            f"{IDLE_ROUNDS} rounds without a purchase end the game (the stall stop): the end "
            "has been triggered",
        )


# --- the end ----------------------------------------------------------------------------------


def _check_end(s: OctopusState, n: int) -> None:
    if s.end_by < 0:
        for seat, garden in enumerate(s.gardens):
            if is_full(garden):
                raise fail(
                    "state.end_by",
                    f"{s.players[seat]}'s garden is full, which triggers the end of the game",
                )
    if s.over:
        if s.end_by < 0:
            raise fail("state.over", "the game ends only after its end was triggered")
        last = (s.end_by - 1) % n
        if s.active != last:
            raise fail(
                "state.over",
                f"the game ends after the last turn, {s.players[last]}'s (the player before "
                f"{s.players[s.end_by]}, who triggered the end)",
            )
