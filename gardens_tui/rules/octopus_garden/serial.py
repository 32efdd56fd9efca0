"""Saving and loading positions (``to_dict`` / ``from_dict``) and the component census.

The JSON form names tokens by their stable names (``"seagrass"``, ``"crab+shell"``), garden
spaces by ``a1..e4`` and market spaces by position in a 9-item list. A garden is a list of 24
spaces (``a1`` first), each a string of its pieces bottom first: ``"seagrass star"`` is a sea
star on seagrass, ``""`` an empty space; a list of names (``["seagrass", "star"]``) is read too.

``from_dict`` trusts nothing: every field is type- and range-checked with its path, stacks must
be physically possible, and then the position must keep the invariants the rules need
(:func:`.invariants.check_consistent`: every component adds up to the game's set for the
players and modules of the position, the pending decision makes sense): a 19th anemone, a 17th
oyster or a shark that is in two places is refused. The loader checks the rest of the
invariants (:func:`.invariants.check`) on a position written by hand.
"""

from __future__ import annotations

from typing import Any

import gardens_tui.rules.fields as F
from gardens_tui.rules.octopus_garden import invariants
from gardens_tui.rules.octopus_garden.board import CELL_IDS, NUM_CELLS, cell_name
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE_LIKE,
    ANIMALS,
    BAG_KINDS,
    BOXER,
    CODES,
    CORAL,
    NAMES,
    NUM_KINDS,
    OYSTER,
    OYSTER_TOKENS,
    SHARKS,
    STAR,
    describe,
)
from gardens_tui.rules.octopus_garden.invariants import census
from gardens_tui.rules.octopus_garden.spec import RULES_VERSION, SPEC, STALL_STOP
from gardens_tui.rules.octopus_garden.state import PHASES, OctopusState, Stack

MAX_PEARLS = 100_000
GARDEN_PIECES = frozenset(range(1, NUM_KINDS))


# Stacks repeat endlessly across positions, so their text and their validation are cached (their
# physical tokens too, in .invariants), bounded: a cache that grows past the limit is emptied.
_CACHE_LIMIT = 20_000


class _TextOf(dict[Stack, str]):
    def __missing__(self, st: Stack) -> str:
        if len(self) > _CACHE_LIMIT:
            self.clear()
        text = self[st] = " ".join(NAMES[p] for p in st)
        return text


_TEXT_OF = _TextOf()
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
        rules=s.rules,
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
        rules=F.integer(d.get("rules", RULES_VERSION), "state.rules", 1, RULES_VERSION),
    )
    invariants.check_consistent(s)
    return s


def _moved(data: Any, path: str) -> tuple[int, int]:
    pair = F.array(data, path, lambda x, p: x, length=2)
    return _cell(pair[0], f"{path}[0]"), _kind(pair[1], f"{path}[1]", ANIMALS)


def component_counts(s: OctopusState) -> dict[str, int]:
    """Every physical component by name, wherever it is (conserved through the game)."""
    have = census(s)
    result = {NAMES[k]: have[k] for k in range(1, NUM_KINDS) if have[k]}
    result["clownfish"] = len(s.clown_pile) + sum(len(v) for v in s.clowns)
    result["seahorse"] = len(s.horse_pile) + sum(len(v) for v in s.horses)
    return result
