"""Saving and loading positions (``to_dict`` / ``from_dict``) and the component census.

Tiles are written by name (``"t42"``, ``"?"`` for one a view hides), the seascape as a list of
``[x, y, "t42", rotation]`` sorted by row then column, cards by kind (``"shield"``).

``from_dict`` trusts nothing: every field is type- and range-checked with its path; a real
position (not a view) holds each of the 85 tiles exactly once and the 28 cards; the seascape's
shared corners all agree, every tile but the first has a neighbour beside it, and the pending
decision makes sense for the phase.
"""

from __future__ import annotations

from typing import Any

import gardens_tui.rules.fields as F
from gardens_tui.rules.throw_octopus import seascape
from gardens_tui.rules.throw_octopus.components import (
    ALL_TILES,
    CARD_COUNTS,
    CARD_KINDS,
    KEPT_CARDS,
    LIST_BASE,
    NUM_TILES,
    TILE_NUMBERS,
    tile_id,
    tile_name,
)
from gardens_tui.rules.throw_octopus.spec import SPEC, TILE_LIST_KEY
from gardens_tui.rules.throw_octopus.state import HIDDEN, PHASES, ThrowState

EXTRA_KINDS = ("bonus", "rush")


TILE_TEXT = F.text_table(tile_name, (HIDDEN, *range(ALL_TILES)))
"""Every tile's name (and a hidden one's), looked up by :func:`to_dict`."""


def to_dict(s: ThrowState) -> dict[str, Any]:
    """The JSON-safe form of the position (the seascape by row, then column)."""
    data = F.common_to_dict(s)
    by_row = sorted([(y, x, code) for (x, y), code in s.board.items()])
    data.update(
        {
            "phase": s.phase,
            "hands": [F.written(TILE_TEXT, tile_name, hand) for hand in s.hands],
            "pile": F.written(TILE_TEXT, tile_name, s.pile),
            "seascape": [
                [x, y, TILE_TEXT[code >> 1], 180 if code & 1 else 0] for y, x, code in by_row
            ],
            "discarded": F.written(TILE_TEXT, tile_name, s.discarded),
            "deck": list(s.deck),
            "discard": list(s.discard),
            "held": [list(h) for h in s.held],
            "fresh_touch": s.fresh_touch,
            "extra": list(s.extra),
            "bonus_turn": s.bonus_turn,
            "lost": list(s.lost),
            "passed": s.passed,
            "target": s.target,
            "creatures": [list(c) for c in s.creatures],
            "results": [list(r) for r in s.results],
            "revealed": [F.written(TILE_TEXT, tile_name, hand) for hand in s.revealed],
        }
    )
    return data


def _tile_reader(hidden: bool, tile_list: str) -> Any:
    def read(value: Any, path: str) -> int:
        name = F.string(value, path)
        if name == "?" and hidden:
            return HIDDEN
        tile = tile_id(name, tile_list)
        if tile is None:
            raise F.fail(path, f"unknown tile {name!r} (t1 to t85)")
        return tile

    return read


def _names(hidden: bool, tile_list: str) -> dict[str, int]:
    """Every tile name :func:`_tile_reader` accepts → the tile it reads (``?`` in a view)."""
    base = LIST_BASE[tile_list]
    names = {name: number + base for name, number in TILE_NUMBERS.items()}
    if hidden:
        names["?"] = HIDDEN
    return names


_NAMES: dict[tuple[bool, str], dict[str, int]] = {
    (hidden, tile_list): _names(hidden, tile_list)
    for hidden in (False, True)
    for tile_list in LIST_BASE
}
""":func:`_names` for every view flag and tile list."""


def _card(value: Any, path: str) -> str:
    return F.string(value, path, CARD_KINDS)


def from_dict(data: Any) -> ThrowState:
    """The position ``data`` describes, fully validated (``ValueError`` with a path)."""
    common = F.read_common(data, SPEC)
    d = data
    n = len(common["players"])
    hidden = common["hidden"]
    tile_list = str(common["options"][TILE_LIST_KEY])
    tile = _tile_reader(hidden, tile_list)
    names = _NAMES[hidden, tile_list]
    tile_ids = _NAMES[False, tile_list]

    def tiles(value: Any, path: str) -> list[int]:
        # A list of known names reads at once; anything else is read item by item, which
        # names the bad item.
        if type(value) is list and len(value) <= NUM_TILES:
            try:
                return [names[name] for name in value]
            except (KeyError, TypeError):
                pass
        return F.array(value, path, tile, max_length=NUM_TILES)

    def count(value: Any, path: str) -> int:
        return F.integer(value, path, 0, 1_000)

    def cell_at(i: int, value: Any) -> tuple[int, int, int]:
        if type(value) is list and len(value) == 4:  # the usual, well-formed entry at once
            x, y, name, rotation = value
            found = tile_ids.get(name) if type(name) is str else None
            if (
                type(x) is int
                and type(y) is int
                and -NUM_TILES <= x <= NUM_TILES
                and -NUM_TILES <= y <= NUM_TILES
                and found is not None
                and type(rotation) is int
                and (rotation == 0 or rotation == 180)
            ):
                return x, y, found * 2 + (rotation == 180)
        return cell(value, f"state.seascape[{i}]")

    def cell(value: Any, path: str) -> tuple[int, int, int]:
        if not isinstance(value, list) or len(value) != 4:
            raise F.fail(path, "expected [x, y, tile, rotation]")
        x = F.integer(value[0], f"{path}[0]", -NUM_TILES, NUM_TILES)
        y = F.integer(value[1], f"{path}[1]", -NUM_TILES, NUM_TILES)
        name = F.string(value[2], f"{path}[2]")
        found = tile_id(name, tile_list)
        if found is None:
            raise F.fail(f"{path}[2]", f"unknown tile {name!r}")
        rotation = F.integer(value[3], f"{path}[3]")
        if rotation not in (0, 180):
            raise F.fail(f"{path}[3]", "a tile turns 0 or 180 degrees")
        return x, y, found * 2 + (rotation == 180)

    phase = F.string(d.get("phase"), "state.phase", PHASES)
    raw = d.get("seascape")
    if type(raw) is list and len(raw) <= NUM_TILES:
        placed = [cell_at(i, value) for i, value in enumerate(raw)]
    else:
        placed = F.array(raw, "state.seascape", cell, max_length=NUM_TILES)
    board: dict[tuple[int, int], int] = {}
    for i, (x, y, code) in enumerate(placed):
        if (x, y) in board:
            raise F.fail(f"state.seascape[{i}]", f"a second tile at {x},{y}")
        board[(x, y)] = code
    s = ThrowState(
        **common,
        phase=phase,
        hands=F.array(d.get("hands"), "state.hands", tiles, length=n),
        pile=tiles(d.get("pile"), "state.pile"),
        board=board,
        discarded=tiles(d.get("discarded", []), "state.discarded"),
        deck=F.array(d.get("deck"), "state.deck", _card, max_length=28),
        discard=F.array(d.get("discard"), "state.discard", _card, max_length=28),
        held=F.array(
            d.get("held"),
            "state.held",
            lambda v, p: F.array(v, p, lambda c, q: F.string(c, q, KEPT_CARDS)),
            length=n,
        ),
        fresh_touch=F.integer(d.get("fresh_touch", 0), "state.fresh_touch", 0, 4),
        extra=F.array(
            d.get("extra", []),
            "state.extra",
            lambda v, p: F.string(v, p, EXTRA_KINDS),
            max_length=100,
        ),
        bonus_turn=F.boolean(d.get("bonus_turn", False), "state.bonus_turn"),
        lost=F.array(d.get("lost"), "state.lost", count, length=n),
        passed=F.integer(d.get("passed", 0), "state.passed", 0, (1 << n) - 1),
        target=F.integer(d.get("target", -1), "state.target", -1, n - 1),
        creatures=F.array(
            d.get("creatures"),
            "state.creatures",
            lambda v, p: F.array(v, p, count, length=2),
            length=n,
        ),
        results=F.array(
            d.get("results", []),
            "state.results",
            lambda v, p: F.array(v, p, count, length=n),
            max_length=3,
        ),
    )
    revealed = d.get("revealed", [])
    if revealed:
        s.revealed = F.array(
            revealed,
            "state.revealed",
            lambda v, p: F.array(v, p, _tile_reader(False, tile_list), max_length=NUM_TILES),
            length=n,
        )
    seascape.rebuild(s, _check(s))
    return s


def _check(s: ThrowState) -> seascape.Survey:
    """Component counts, the seascape and the phase must make sense; the seascape's survey."""
    n = len(s.players)
    if not s.hidden:
        every = [t for h in s.hands for t in h] + s.pile + s.discarded
        every += [code >> 1 for code in s.board.values()]
        if sorted(every) != list(s.tiles):
            raise F.fail("state", "the tiles do not add up: each of t1..t85 exactly once")
    for i, hand in enumerate(s.hands):
        if hand != sorted(hand):
            raise F.fail(f"state.hands[{i}]", "a hand is kept sorted")
    if s.deck != sorted(s.deck):
        raise F.fail("state.deck", "the action deck is kept sorted (cards are drawn at random)")
    cards = [*s.deck, *s.discard, *(c for h in s.held for c in h)]
    if s.solo:
        if cards:
            raise F.fail("state.deck", "solo play uses no action cards")
    else:
        for kind, number in CARD_COUNTS.items():
            if cards.count(kind) != number:
                raise F.fail("state.deck", f"the action cards do not add up ({kind})")
        if s.discarded:
            raise F.fail("state.discarded", "only solo play discards tiles")
    if s.fresh_touch > (s.held[s.active].count("touch") if s.held else 0):
        raise F.fail("state.fresh_touch", "more fresh Magic Touch cards than held")
    if len(s.results) > (2 if not s.over else 3) or (s.over and not s.results):
        raise F.fail("state.results", "one result per finished game")
    if s.over != (s.phase == "over"):
        raise F.fail("state.phase", "the phase is 'over' exactly when the game is")
    if (s.phase == "dodge") != (s.target >= 0) or s.target == s.active:
        raise F.fail("state.target", "a throw's target is another seat, only while dodging")
    if s.solo and s.phase not in ("start", "play", "over"):
        raise F.fail("state.phase", "solo play has no action cards")
    if (s.phase == "start") != (s.solo and not s.board and not s.over):
        raise F.fail("state.phase", "the start tile is chosen in solo play, before any other")
    if not s.board and s.phase not in ("start", "over"):
        raise F.fail("state.seascape", "the seascape has a start tile")
    found = seascape.survey(s.board)
    if found.clash is not None:  # every tile touching a grid point agrees
        code, x, y = found.clash
        raise F.fail("state.seascape", f"{tile_name(code >> 1)} at {x},{y} does not match")
    if len(s.board) > 1 and found.alone is not None:
        code, x, y = found.alone
        raise F.fail("state.seascape", f"{tile_name(code >> 1)} at {x},{y} is alone")
    if n == 2:
        raise F.fail("state.players", "two players cannot play")
    return found


def component_counts(s: ThrowState) -> dict[str, int]:
    """Tiles wherever they are (hands, pile, seascape, solo discards) and action cards."""
    tiles = sum(map(len, s.hands)) + len(s.pile) + len(s.board) + len(s.discarded)
    cards = len(s.deck) + len(s.discard) + sum(map(len, s.held))
    return {"tiles": tiles, "action cards": cards}
