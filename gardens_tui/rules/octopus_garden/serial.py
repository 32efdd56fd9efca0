"""Saving and loading positions (``to_dict`` / ``from_dict``) and the component census.

The JSON form names tokens by their stable names (``"seagrass"``, ``"crab+shell"``), garden
spaces by ``a1..e4`` and market spaces by position in a 9-item list. A garden is a list of 24
spaces (``a1`` first), each a string of its pieces bottom first: ``"seagrass star"`` is a sea
star on seagrass, ``""`` an empty space; a list of names (``["seagrass", "star"]``) is read too.

``from_dict`` trusts nothing: every field is type- and range-checked with its path, stacks must
be physically possible, the pending decision must make sense, and every component must add up to
the game's set (for the players and modules of the position): a 19th anemone, a 17th oyster or a
shark that is in two places is refused.
"""

from __future__ import annotations

from typing import Any

import gardens_tui.rules.fields as F
from gardens_tui.rules.octopus_garden.board import CELL_IDS, NUM_CELLS, cell_name
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE_LIKE,
    ANIMALS,
    BAG_KINDS,
    BOXER,
    CHEST,
    CODES,
    CORAL,
    NAMES,
    NUM_KINDS,
    OYSTER,
    OYSTER_TOKENS,
    SHARKS,
    STAR,
    bag_counts,
    bonus_values,
    describe,
    physical,
)
from gardens_tui.rules.octopus_garden.spec import SPEC, STALL_STOP
from gardens_tui.rules.octopus_garden.state import PHASES, OctopusState, Stack

MAX_PEARLS = 100_000
GARDEN_PIECES = frozenset(range(1, NUM_KINDS))


# Stacks repeat endlessly across positions, so their text, their validation and their physical
# tokens are cached (bounded: a cache that grows past the limit is simply emptied).
_CACHE_LIMIT = 20_000


class _TextOf(dict[Stack, str]):
    def __missing__(self, st: Stack) -> str:
        if len(self) > _CACHE_LIMIT:
            self.clear()
        text = self[st] = " ".join(NAMES[p] for p in st)
        return text


class _PhysicalOf(dict[Stack, tuple[int, ...]]):
    def __missing__(self, st: Stack) -> tuple[int, ...]:
        if len(self) > _CACHE_LIMIT:
            self.clear()
        tokens = self[st] = tuple(t for p in st for t in physical(p))
        return tokens


_TEXT_OF = _TextOf()
_PHYSICAL_OF = _PhysicalOf()
_STACK_OF: dict[str | tuple[Any, ...], Stack] = {}


def stack_text(stack: Stack) -> str:
    """A stack's saved form: its pieces' names bottom first, space-separated (``""`` if empty)."""
    return _TEXT_OF[stack]


def to_dict(s: OctopusState) -> dict[str, Any]:
    """The JSON-safe form of a position.

    The ``stall-stop`` option is written only when it is off: saves from before the option
    existed hold no such key, and a position with it on (the default) must still read the same.
    """
    d = F.common_to_dict(s)
    if d["options"].get(STALL_STOP) is True:
        del d["options"][STALL_STOP]
    d.update(
        gardens=[[_TEXT_OF[st] for st in g] for g in s.gardens],
        pearls=list(s.pearls),
        oyster_bed=s.bed,
        clownfish_pile=list(s.clown_pile),
        seahorse_pile=list(s.horse_pile),
        clownfish=[list(v) for v in s.clowns],
        seahorses=[list(v) for v in s.horses],
        market=[NAMES[t] if t else None for t in s.market],
        claims=[seat if seat >= 0 else None for seat in s.claims],
        bag={NAMES[k]: n for k, n in enumerate(s.bag) if n},
        out={NAMES[k]: n for k, n in enumerate(s.out) if n},
        phase=s.phase,
        hand=[NAMES[t] for t in s.hand],
        chests=s.chests,
        moved=[[cell_name(c), NAMES[p]] for c, p in s.moved],
        pushes=[cell_name(c) for c in s.pushes],
        drawn=NAMES[s.drawn] if s.drawn else None,
        claim_order=list(s.claim_order),
        shark_of=[NAMES[k] if k else None for k in s.shark_of],
        shark_bought=list(s.shark_bought),
        end_by=s.end_by if s.end_by >= 0 else None,
        idle_turns=s.idle_turns,
    )
    return d


# --- readers ----------------------------------------------------------------------------------


def _kind(data: Any, path: str, allowed: frozenset[int] | tuple[int, ...]) -> int:
    name = F.string(data, path)
    code = CODES.get(name)
    if code is None or code not in allowed:
        raise F.fail(path, f"unknown token {name!r}")
    return code


def _cell(data: Any, path: str) -> int:
    name = F.string(data, path)
    if name not in CELL_IDS:
        raise F.fail(path, f"not a garden space (a1..e4): {name!r}")
    return CELL_IDS[name]


def _stack(data: Any, path: str) -> Stack:
    """A space's pieces from ``"seagrass star"`` (the saved form) or ``["seagrass", "star"]``."""
    if type(data) is str:
        key: str | tuple[Any, ...] = data
        words: Any = data.split()
    elif type(data) is list:
        key = words = tuple(data)
        words = data
    else:
        raise F.fail(path, "expected token names: a string like 'seagrass star' or a list")
    try:
        return _STACK_OF[key]
    except (KeyError, TypeError):
        pass
    pieces = _read_stack(words, path)
    if len(_STACK_OF) > _CACHE_LIMIT:
        _STACK_OF.clear()
    _STACK_OF[key] = pieces
    return pieces


def _read_stack(data: Any, path: str) -> Stack:
    pieces = tuple(F.array(data, path, lambda x, p: _kind(x, p, GARDEN_PIECES), max_length=12))
    for i, piece in enumerate(pieces):
        if i > 0 and piece not in ANIMALS:
            raise F.fail(f"{path}[{i}]", f"{describe(piece)} is a flat token: it must be first")
    if not pieces:
        return pieces
    if CORAL in pieces and pieces != (CORAL,):
        raise F.fail(path, "no animal can stand on coral")
    if BOXER in pieces and (
        len(pieces) != 2 or pieces[1] != BOXER or pieces[0] not in ANEMONE_LIKE
    ):
        raise F.fail(path, "a boxer crab sits alone on an anemone (nothing else in its space)")
    if pieces[0] == OYSTER and STAR in pieces:
        raise F.fail(path, "a sea star on an oyster would have eaten it")
    return pieces


def _garden(data: Any, path: str) -> list[Stack]:
    if type(data) is not list or len(data) != NUM_CELLS:
        return F.array(data, path, _stack, length=NUM_CELLS)  # raises the right error
    cache = _STACK_OF
    garden: list[Stack] = []
    for i, item in enumerate(data):
        if type(item) is str:
            hit = cache.get(item)
            if hit is not None:
                garden.append(hit)
                continue
        garden.append(_stack(item, f"{path}[{i}]"))
    return garden


def _counts(data: Any, path: str, allowed: tuple[int, ...]) -> list[int]:
    d = F.obj(data, path)
    counts = [0] * NUM_KINDS
    for name, value in d.items():
        code = CODES.get(name)
        if code is None or code not in allowed:
            raise F.fail(f"{path}.{name}", "unknown token")
        counts[code] = F.integer(value, f"{path}.{name}", 0, 200)
    return counts


def _seat_or_none(n: int) -> Any:
    def read(data: Any, path: str) -> int:
        return -1 if data is None else F.integer(data, path, 0, n - 1)

    return read


def _values(data: Any, path: str) -> list[int]:
    return F.integers(data, path, 0, 99, max_length=5)


def from_dict(data: Any) -> OctopusState:
    """The position ``data`` describes; ``ValueError`` naming the first bad field otherwise."""
    common = F.read_common(data, SPEC)
    d = F.obj(
        data,
        "state",
        ("gardens", "pearls", "oyster_bed", "market", "bag", "phase", "clownfish_pile"),
    )
    n = len(common["players"])
    market_kinds = tuple(k for k in BAG_KINDS if k != OYSTER)
    seat_or_none = _seat_or_none(n)
    s = OctopusState(
        **common,
        gardens=F.array(d["gardens"], "state.gardens", _garden, length=n),
        pearls=F.integers(d["pearls"], "state.pearls", 0, MAX_PEARLS, length=n),
        bed=F.integer(d["oyster_bed"], "state.oyster_bed", 0, OYSTER_TOKENS),
        clown_pile=_values(d["clownfish_pile"], "state.clownfish_pile"),
        horse_pile=_values(d.get("seahorse_pile"), "state.seahorse_pile"),
        clowns=F.array(d.get("clownfish"), "state.clownfish", _values, length=n),
        horses=F.array(d.get("seahorses"), "state.seahorses", _values, length=n),
        market=F.array(
            d["market"],
            "state.market",
            lambda x, p: 0 if x is None else _kind(x, p, market_kinds),
            length=9,
        ),
        claims=F.array(d.get("claims", [None] * 9), "state.claims", seat_or_none, length=9),
        bag=_counts(d["bag"], "state.bag", market_kinds),
        out=_counts(d.get("out", {}), "state.out", market_kinds),
        phase=F.string(d["phase"], "state.phase", PHASES),
        hand=F.array(
            d.get("hand", []), "state.hand", lambda x, p: _kind(x, p, BAG_KINDS), max_length=40
        ),
        chests=F.integer(d.get("chests", 0), "state.chests", 0, 8),
        moved=F.array(d.get("moved", []), "state.moved", _moved, max_length=60),
        pushes=F.array(d.get("pushes", []), "state.pushes", _cell, max_length=6),
        drawn=0 if d.get("drawn") is None else _kind(d["drawn"], "state.drawn", market_kinds),
        claim_order=F.array(
            d.get("claim_order", []),
            "state.claim_order",
            lambda x, p: F.integer(x, p, 0, n - 1),
            max_length=n,
        ),
        shark_of=F.array(
            d.get("shark_of", [None] * n),
            "state.shark_of",
            lambda x, p: 0 if x is None else _kind(x, p, SHARKS),
            length=n,
        ),
        shark_bought=F.array(
            d.get("shark_bought", [False] * n), "state.shark_bought", F.boolean, length=n
        ),
        end_by=seat_or_none(d.get("end_by"), "state.end_by"),
        idle_turns=F.integer(d.get("idle_turns", 0), "state.idle_turns", 0, 10_000),
    )
    _check_bonus(s, n)
    _check_sharks(s, n)
    _check_phase(s)
    _check_counts(s)
    return s


def _moved(data: Any, path: str) -> tuple[int, int]:
    pair = F.array(data, path, lambda x, p: x, length=2)
    return _cell(pair[0], f"{path}[0]"), _kind(pair[1], f"{path}[1]", ANIMALS)


def _check_bonus(s: OctopusState, n: int) -> None:
    values = sorted(bonus_values(n))
    for label, pile, held in (
        ("clownfish", s.clown_pile, s.clowns),
        ("seahorse", s.horse_pile, s.horses),
    ):
        everything = sorted([*pile, *(v for h in held for v in h)])
        if everything != values:
            raise F.fail(
                f"state.{label}_pile",
                f"the {label} tokens must be exactly {values} between the pile and the players",
            )
        if pile != values[: len(pile)]:
            raise F.fail(
                f"state.{label}_pile",
                "the pile must hold the lowest values, lowest at the bottom (first)",
            )


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
                raise F.fail("state.claims", f"seat {seat} has no shark to claim a tile with")
            continue
        if shark in owners:
            raise F.fail(path, f"the {NAMES[shark]} shark already belongs to seat {owners[shark]}")
        owners[shark] = seat
        if not s.shark_bought[seat]:
            raise F.fail(f"state.shark_bought[{seat}]", "a seat that owns a shark has bought one")
        places = in_gardens.get(shark, [])
        in_hand = s.active == seat and shark in s.hand
        claimed = seat in s.claims
        if len(places) + int(in_hand) + int(claimed) != 1:
            raise F.fail(
                path, "an owned shark is in exactly one place: its garden, the hand or a claim"
            )
    for shark, places in in_gardens.items():
        for seat, c in places:
            if owners.get(shark) != seat:
                raise F.fail(
                    f"state.gardens[{seat}][{c}]", "a shark in a garden must be its owner's"
                )
    seen: set[int] = set()
    for m, seat in enumerate(s.claims):
        if seat < 0:
            continue
        if seat in seen:
            raise F.fail(f"state.claims[{m}]", "a seat has only one shark to claim with")
        seen.add(seat)
        if not s.market[m] or s.market[m] in SHARKS:
            raise F.fail(f"state.claims[{m}]", "a shark claims a tile that is not a shark")


def _check_phase(s: OctopusState) -> None:
    phase = s.phase
    if s.over != (phase == "over"):
        raise F.fail("state.phase", "the phase is 'over' exactly when the game is over")
    if phase in ("plant", "treasure") and not s.hand:
        raise F.fail("state.hand", f"the {phase} step needs tokens in hand")
    if phase not in ("plant", "treasure") and s.hand:
        raise F.fail("state.hand", "tokens are held only while planting")
    if (phase == "treasure") != (s.chests > 0) or s.chests > s.hand.count(CHEST):
        raise F.fail("state.chests", "chests to open exist only in the treasure step, in hand")
    if phase not in ("animals", "push") and (s.moved or s.pushes):
        raise F.fail("state.moved", "animals move only in the animal phase")
    if phase != "push" and s.pushes:
        raise F.fail("state.pushes", "spaces wait for a push only while pushing")
    if (phase == "refill") != bool(s.drawn) or (phase == "refill" and all(s.market)):
        raise F.fail("state.drawn", "a drawn token waits only in the refill step, for a gap")
    if (phase == "claim") != bool(s.claim_order):
        raise F.fail("state.claim_order", "seats wait for the claim window only during it")
    if len(set(s.claim_order)) != len(s.claim_order):
        raise F.fail("state.claim_order", "a seat appears twice")
    if phase == "shark" and s.active not in s.claims:
        raise F.fail("state.phase", "the shark step needs the active seat's shark on the market")
    if phase not in ("lionfish", "shark", "claim", "over") and s.active in s.claims:
        raise F.fail(
            "state.phase", "a seat whose shark waits on the market must first buy or release it"
        )
    garden = s.gardens[s.active]
    for i, (c, piece) in enumerate(s.moved):
        if sum(1 for cc, p in s.moved if cc == c and p == piece) > garden[c].count(piece):
            raise F.fail(f"state.moved[{i}]", f"no such animal at {cell_name(c)}")
    for i, c in enumerate(s.pushes):
        if not garden[c]:
            raise F.fail(f"state.pushes[{i}]", f"{cell_name(c)} is empty")


def census(s: OctopusState) -> list[int]:
    """How many physical tokens of each kind exist anywhere (index = code; oysters included)."""
    counts = [0] * NUM_KINDS
    for k in range(NUM_KINDS):
        counts[k] += s.bag[k] + s.out[k]
    for t in s.market:
        if t:
            counts[t] += 1
    for seat in s.claims:
        if seat >= 0 and s.shark_of[seat]:
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
                raise F.fail("state", f"{describe(k)} {why}")
            raise F.fail(
                "state",
                f"{have[k]} {describe(k)} token(s) in all, but the game has {expected[k]}",
            )


def component_counts(s: OctopusState) -> dict[str, int]:
    """Every physical component by name, wherever it is (conserved through the game)."""
    have = census(s)
    result = {NAMES[k]: have[k] for k in range(1, NUM_KINDS) if have[k]}
    result["clownfish"] = len(s.clown_pile) + sum(len(v) for v in s.clowns)
    result["seahorse"] = len(s.horse_pile) + sum(len(v) for v in s.horses)
    return result
