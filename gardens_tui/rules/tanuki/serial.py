"""Saving and loading positions (``to_dict`` / ``from_dict``) and the component census.

The JSON form names tiles ``"t17"``, board squares as six rows of six strings (``""`` empty,
``"rock"``, ``"t17 r90"``), squares ``"c4"``, monks ``"off"``, ``"edge n3"`` or ``"c4 end 5"``
(standing at path end 5 of c4), cards ``"trap-a"`` (type key and copy a-c). Hidden tiles and
cards (in a view) are ``null``. ``"rules"`` is the rules version the game is played under
(written since rules version 2; a position without it, such as one written by hand, is played
under the current rules, and :mod:`.migrations` adds ``"rules": 1`` to the positions of
version 1 save files).

``from_dict`` trusts nothing: every field is type- and range-checked with its path, each of the
64 tiles and 48 cards must be in exactly one place (a view's hidden ones counted as unknown),
and the pending decision must make sense.

Quick reading: a list of names as :func:`to_dict` writes them (``"t17"``, ``"c4 end 5"``) is
read by one lookup per item in a table built from the checked readers themselves
(:data:`READ_AS`), and a list of well-formed integers by one type and range test; anything
else (a wrong type, an unknown or unusual name, a wrong length) is read again item by item by
the checked reader, which refuses it with the same message and path as ever. The component
census likewise first counts with sets, and only a position that fails it is walked through
to name the misplaced tile or card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import chain
from typing import Any

import gardens_tui.rules.fields as F
from gardens_tui.rules.tanuki.components import (
    CARD_KEYS,
    EDGES,
    NUM_CARDS,
    NUM_TILES,
    ROCKS,
    SIZE,
    SQUARES,
    edge_name,
    parse_edge,
    parse_square,
    parse_tile,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.spec import RULES_VERSION, SPEC
from gardens_tui.rules.tanuki.state import (
    CARD_LIMIT,
    EDGE_BASE,
    EFFECTS,
    EMPTY,
    OFF,
    PHASES,
    ROCK,
    TanukiState,
)

MAX_SHIITAKE = 100_000
HIDDEN = -1


def card_name(card: int) -> str:
    """``"trap-a"``: the card's type key and copy letter."""
    return f"{CARD_KEYS[card // 3]}-{'abc'[card % 3]}"


CARD_OF = {card_name(c): c for c in range(NUM_CARDS)}


def _tile_or_none(tile: int) -> str | None:
    return None if tile < 0 else tile_name(tile)


def _card_or_none(card: int) -> str | None:
    return None if card < 0 else card_name(card)


def _cell(value: int) -> str:
    if value == EMPTY:
        return ""
    if value == ROCK:
        return "rock"
    return f"{tile_name(value >> 2)} r{(value & 3) * 90}"


def _monk(value: int) -> str:
    if value == OFF:
        return "off"
    if value >= EDGE_BASE:
        return f"edge {edge_name(value - EDGE_BASE)}"
    return f"{square_name(value >> 3)} end {value & 7}"


def _sq_or_none(sq: int) -> str | None:
    return None if sq < 0 else square_name(sq)


_TILE_TEXT = F.text_table(tile_name, range(NUM_TILES))
_MAYBE_TILE_TEXT = F.text_table(_tile_or_none, (HIDDEN, *range(NUM_TILES)))
_CARD_TEXT = F.text_table(card_name, range(NUM_CARDS))
_MAYBE_CARD_TEXT = F.text_table(_card_or_none, (HIDDEN, *range(NUM_CARDS)))
_SQUARE_TEXT = F.text_table(square_name, range(SQUARES))
_MAYBE_SQUARE_TEXT = F.text_table(_sq_or_none, (-1, *range(SQUARES)))
_CELL_TEXT = F.text_table(_cell, (EMPTY, ROCK, *range(NUM_TILES * 4)))
_MONK_TEXT = F.text_table(
    _monk, (OFF, *range(SQUARES * 8), *range(EDGE_BASE, EDGE_BASE + len(EDGES)))
)


def to_dict(s: TanukiState) -> dict[str, Any]:
    """The JSON-safe form of the position (names looked up in tables made at import from the
    writers ``tile_name``, ``_cell`` and the rest, which stay their definition)."""
    data = F.common_to_dict(s)
    cells = F.written(_CELL_TEXT, _cell, s.board)
    data.update(
        {
            "phase": s.phase,
            "hands": [F.written(_MAYBE_TILE_TEXT, _tile_or_none, h) for h in s.hands],
            "pile": F.written(_MAYBE_TILE_TEXT, _tile_or_none, s.pile),
            "discard": F.written(_TILE_TEXT, tile_name, s.discard),
            "board": [cells[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)],
            "stash": [list(s.stash[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)],
            "monks": F.written(_MONK_TEXT, _monk, s.monks),
            "shiitake": list(s.shiitake),
            "trail": [F.written(_SQUARE_TEXT, square_name, t) for t in s.trail],
            "tanuki": F.written(_MAYBE_SQUARE_TEXT, _sq_or_none, s.tanuki),
            "dice": list(s.dice),
            "dirs": list(s.dirs),
            "moving": s.moving,
            "queue": list(s.queue),
            "magari": list(s.magari),
            "had_tiles": s.had_tiles,
            "placed": s.placed,
            "gone": s.gone,
            "deck": F.written(_MAYBE_CARD_TEXT, _card_or_none, s.deck),
            "spent": F.written(_CARD_TEXT, card_name, s.spent),
            "cards": [F.written(_MAYBE_CARD_TEXT, _card_or_none, h) for h in s.cards],
            "traps": F.written(_MAYBE_SQUARE_TEXT, _sq_or_none, s.traps),
            "trap_owner": list(s.trap_owner),
            "card_used": s.card_used,
            "effects": list(s.effects),
            "play": list(s.play),
            "clear_left": s.clear_left,
            "tiebreak": list(s.tiebreak),
            "extra": s.extra,
            "last": _sq_or_none(s.last),
            "rules": s.rules,
        }
    )
    return data


KEYS = (
    "phase", "hands", "pile", "discard", "board", "stash", "monks", "shiitake", "trail",
    "tanuki", "dice", "dirs", "moving", "queue", "magari", "had_tiles", "placed", "gone",
    "deck", "spent", "cards", "traps", "trap_owner", "card_used", "effects", "play",
    "clear_left", "tiebreak", "extra", "last",
)  # fmt: skip


def _tile(data: Any, path: str) -> int:
    tile = parse_tile(F.string(data, path))
    if tile is None:
        raise F.fail(path, f"unknown tile {data!r}")
    return tile


def _maybe_tile(data: Any, path: str) -> int:
    return HIDDEN if data is None else _tile(data, path)


def _card(data: Any, path: str) -> int:
    name = F.string(data, path)
    if name not in CARD_OF:
        raise F.fail(path, f"unknown card {name!r}")
    return CARD_OF[name]


def _maybe_card(data: Any, path: str) -> int:
    return HIDDEN if data is None else _card(data, path)


def _square(data: Any, path: str) -> int:
    sq = parse_square(F.string(data, path))
    if sq is None:
        raise F.fail(path, f"not a square: {data!r}")
    return sq


def _maybe_square(data: Any, path: str) -> int:
    return -1 if data is None else _square(data, path)


def _cell_value(data: Any, path: str) -> int:
    text = F.string(data, path)
    if text == "":
        return EMPTY
    if text == "rock":
        return ROCK
    words = text.split()
    if len(words) != 2 or words[1] not in ("r0", "r90", "r180", "r270"):
        raise F.fail(path, f"expected '' or 'rock' or 't17 r90', got {text!r}")
    return _tile(words[0], path) * 4 + int(words[1][1:]) // 90


def _monk_value(data: Any, path: str) -> int:
    text = F.string(data, path)
    if text == "off":
        return OFF
    words = text.split()
    if len(words) == 2 and words[0] == "edge":
        edge = parse_edge(words[1])
        if edge is None:
            raise F.fail(path, f"unknown edge space {words[1]!r}")
        return EDGE_BASE + edge
    if len(words) == 3 and words[1] == "end" and words[2] in "01234567" and len(words[2]) == 1:
        return _square(words[0], path) * 8 + int(words[2])
    raise F.fail(path, f"expected 'off', 'edge n3' or 'c4 end 5', got {text!r}")


def _table(read: Callable[[Any, str], int], names: Iterable[Any]) -> dict[Any, int]:
    """Each name with what ``read`` reads it as."""
    return {name: read(name, "") for name in names}


_TILE_NAMES = [tile_name(t) for t in range(NUM_TILES)]
_SQUARE_NAMES = [square_name(sq) for sq in range(SQUARES)]
READ_AS: dict[Callable[[Any, str], int], dict[Any, int]] = {
    _tile: _table(_tile, _TILE_NAMES),
    _maybe_tile: _table(_maybe_tile, [None, *_TILE_NAMES]),
    _card: dict(CARD_OF),
    _maybe_card: _table(_maybe_card, [None, *CARD_OF]),
    _square: _table(_square, _SQUARE_NAMES),
    _maybe_square: _table(_maybe_square, [None, *_SQUARE_NAMES]),
    _cell_value: _table(_cell_value, [_cell(v) for v in (EMPTY, ROCK, *range(NUM_TILES * 4))]),
    _monk_value: _table(
        _monk_value,
        [_monk(v) for v in (OFF, *range(SQUARES * 8), *range(EDGE_BASE, EDGE_BASE + len(EDGES)))],
    ),
}
"""For each reader of names, every name :func:`to_dict` writes and the value it reads as."""

_INT = frozenset({int})


def _names(
    data: Any,
    path: str,
    read: Callable[[Any, str], int],
    length: int | None = None,
    max_length: int = 10_000,
) -> list[int]:
    """``F.array(data, path, read, length, max_length)``, in one lookup per item when every
    item is a name of :data:`READ_AS` (see the module docstring)."""
    if type(data) is list and len(data) <= max_length and length in (None, len(data)):
        table = READ_AS[read]
        try:
            return [table[item] for item in data]
        except (KeyError, TypeError):  # TypeError: an unhashable item
            pass
    return F.array(data, path, read, length=length, max_length=max_length)


def _rows(
    data: Any, path: str, read: Callable[[Any, str], int], length: int, row_length: int | None,
    row_max: int = 10_000,
) -> list[list[int]]:  # fmt: skip
    """``length`` lists of names read by ``read`` (:func:`_names`), each of ``row_length`` (or
    at most ``row_max``) items."""
    if (
        type(data) is list
        and len(data) == length
        and all(type(row) is list and len(row) <= row_max for row in data)
        and (row_length is None or all(len(row) == row_length for row in data))
    ):
        table = READ_AS[read]
        try:
            return [[table[item] for item in row] for row in data]
        except (KeyError, TypeError):
            pass
    return F.array(
        data,
        path,
        lambda row, q: F.array(row, q, read, length=row_length, max_length=row_max),
        length=length,
    )


def _ints(
    data: Any, path: str, low: int, high: int, length: int | None = None, max_length: int = 10_000
) -> list[int]:
    """``F.integers(data, path, low, high, length, max_length)``, in one type and range test
    for a well-formed list."""
    if _well_formed(data, low, high, length, max_length):
        return list(data)
    return F.integers(data, path, low, high, length=length, max_length=max_length)


def _well_formed(data: Any, low: int, high: int, length: int | None, max_length: int) -> bool:
    """Whether ``F.integers`` would take ``data`` as it is: a list of ints (not bools) in
    ``low..high`` of the right length."""
    return (
        type(data) is list
        and len(data) <= max_length
        and length in (None, len(data))
        and _INT.issuperset(map(type, data))
        and (not data or (low <= min(data) and max(data) <= high))
    )


def from_dict(data: Any) -> TanukiState:
    """The position ``data`` describes, fully validated (``ValueError`` naming the field)."""
    path = "state"
    d = F.obj(data, path, KEYS)
    common = F.read_common(d, SPEC, path)
    n = len(common["players"])
    s = TanukiState(**common)
    p = f"{path}."

    def seats(item: Any, q: str) -> int:
        return F.integer(item, q, 0, n - 1)

    s.phase = F.string(d["phase"], p + "phase", PHASES)
    s.hands = _rows(d["hands"], p + "hands", _maybe_tile, n, None, row_max=64)
    s.pile = _names(d["pile"], p + "pile", _maybe_tile, max_length=NUM_TILES)
    s.discard = _names(d["discard"], p + "discard", _tile, max_length=NUM_TILES)
    s.board = list(chain.from_iterable(_rows(d["board"], p + "board", _cell_value, SIZE, SIZE)))
    s.stash = list(chain.from_iterable(_stash_rows(d["stash"], p + "stash")))
    s.monks = _names(d["monks"], p + "monks", _monk_value, length=n)
    s.shiitake = _ints(d["shiitake"], p + "shiitake", 0, MAX_SHIITAKE, length=n)
    s.trail = _rows(d["trail"], p + "trail", _square, n, None, row_max=SQUARES)
    s.tanuki = _names(d["tanuki"], p + "tanuki", _maybe_square, length=2)
    s.dice = _ints(d["dice"], p + "dice", 0, 6, length=2)
    s.dirs = _ints(d["dirs"], p + "dirs", 0, 5, length=2)
    s.moving = F.integer(d["moving"], p + "moving", 0, 4)
    s.queue = F.array(d["queue"], p + "queue", seats, max_length=n)
    s.magari = F.array(d["magari"], p + "magari", F.boolean, length=n)
    s.had_tiles = F.boolean(d["had_tiles"], p + "had_tiles")
    s.placed = F.integer(d["placed"], p + "placed", 0, 2)
    s.gone = F.integer(d["gone"], p + "gone", 0, 2)
    s.deck = _names(d["deck"], p + "deck", _maybe_card, max_length=NUM_CARDS)
    s.spent = _names(d["spent"], p + "spent", _card, max_length=NUM_CARDS)
    s.cards = _rows(d["cards"], p + "cards", _maybe_card, n, None, row_max=CARD_LIMIT)
    s.traps = _names(d["traps"], p + "traps", _maybe_square, length=3)
    s.trap_owner = _ints(d["trap_owner"], p + "trap_owner", -1, n - 1, length=3)
    s.card_used = F.boolean(d["card_used"], p + "card_used")
    s.effects = F.array(
        d["effects"], p + "effects", lambda x, q: F.string(x, q, EFFECTS), max_length=5
    )
    s.play = _ints(d["play"], p + "play", 0, SQUARES * 8, max_length=5)
    s.clear_left = F.integer(d["clear_left"], p + "clear_left", 0, 3)
    s.tiebreak = F.array(d["tiebreak"], p + "tiebreak", seats, max_length=n)
    s.extra = F.integer(d["extra"], p + "extra", 0, 1000)
    s.last = _maybe_square(d["last"], p + "last")
    s.rules = F.integer(d.get("rules", RULES_VERSION), p + "rules", 1, RULES_VERSION)
    _check(s, p)
    return s


def _stash_rows(data: Any, path: str) -> list[list[int]]:
    """``F.integer_rows(data, path, SIZE, SIZE, 0, MAX_SHIITAKE)``, quick when well formed."""
    if (
        type(data) is list
        and len(data) == SIZE
        and all(_well_formed(row, 0, MAX_SHIITAKE, SIZE, 10_000) for row in data)
    ):
        return [list(row) for row in data]
    return F.integer_rows(data, path, SIZE, SIZE, 0, MAX_SHIITAKE)


def _counted_once(items: list[int], total: int | None, view: bool) -> bool:
    """Whether each item of ``items`` is there once (hidden ones, -1, only in a view) and, with
    ``total``, there are that many: the census's quick test, which a real position passes."""
    hidden = items.count(HIDDEN)
    if hidden and not view:
        return False
    if total is not None and len(items) != total:
        return False
    return len(set(items)) == len(items) - hidden + (1 if hidden else 0)


def _check(s: TanukiState, p: str) -> None:
    n = len(s.players)
    # tiles: each in exactly one place
    board_tiles = [v >> 2 for v in s.board if v >= 0]
    every = [*chain.from_iterable(s.hands), *s.pile, *s.discard, *board_tiles]
    if not _counted_once(every, NUM_TILES, s.hidden):
        _tile_census(s, p)
    if any(len(h) > 3 for h in s.hands):
        raise F.fail(p + "hands", "a hand holds at most 3 tiles")
    if s.board.count(ROCK) > ROCKS:
        raise F.fail(p + "board", f"there are only {ROCKS} rock gardens")
    # cards
    if not s.master and (s.deck or s.spent or any(s.cards) or s.play or s.effects):
        raise F.fail(p + "deck", "Garden Master cards without the expansion")
    if not s.master and (s.board.count(ROCK) or any(t >= 0 for t in s.traps)):
        raise F.fail(p + "traps", "Garden Master tokens without the expansion")
    in_play = [s.play[1]] if s.phase == "offense" and len(s.play) >= 2 else []
    traps = [21 + letter for letter in range(3) if s.traps[letter] >= 0]
    every = [*s.deck, *s.spent, *chain.from_iterable(s.cards), *in_play, *traps]
    total = NUM_CARDS if s.master else None
    if (every and max(every) >= NUM_CARDS) or not _counted_once(every, total, s.hidden):
        _card_census(s, p, in_play, traps)
    _check_rest(s, p, n)


def _tile_census(s: TanukiState, p: str) -> None:
    """Refuse the first tile found in two places, hidden outside a view, or a count not 64."""
    seen: set[int] = set()
    hidden = 0
    places = [("hands", t) for h in s.hands for t in h] + [("pile", t) for t in s.pile]
    places += [("discard", t) for t in s.discard]
    places += [("board", v >> 2) for v in s.board if v >= 0]
    for where, tile in places:
        if tile == HIDDEN:
            if not s.hidden:
                raise F.fail(p + where, "a hidden tile in a position that is not a view")
            hidden += 1
            continue
        if tile in seen:
            raise F.fail(p + where, f"{tile_name(tile)} is in two places")
        seen.add(tile)
    if len(seen) + hidden != NUM_TILES:
        raise F.fail(p + "pile", f"the tiles add up to {len(seen) + hidden}, not {NUM_TILES}")


def _card_census(s: TanukiState, p: str, in_play: list[int], traps: list[int]) -> None:
    """Refuse the first card out of range, in two places or hidden outside a view, or (Garden
    Master) a count not 48."""
    cards: set[int] = set()
    hidden = 0
    for where, card in (
        [("deck", c) for c in s.deck]
        + [("spent", c) for c in s.spent]
        + [("cards", c) for h in s.cards for c in h]
        + [("play", c) for c in in_play]
        + [("traps", c) for c in traps]
    ):
        if card == HIDDEN:
            if not s.hidden:
                raise F.fail(p + where, "a hidden card in a position that is not a view")
            hidden += 1
            continue
        if not 0 <= card < NUM_CARDS or card in cards:
            raise F.fail(p + where, f"card {card} is out of range or in two places")
        cards.add(card)
    if s.master and len(cards) + hidden != NUM_CARDS:
        raise F.fail(p + "deck", f"the cards add up to {len(cards) + hidden}, not {NUM_CARDS}")


def _check_rest(s: TanukiState, p: str, n: int) -> None:
    """The traps' owners, the monks and the pending decision."""
    for letter in range(3):
        if (s.traps[letter] >= 0) != (s.trap_owner[letter] >= 0):
            raise F.fail(
                p + f"trap_owner[{letter}]", "a trap on the board has an owner, and only then"
            )
    # monks
    edges = [m for m in s.monks if m >= EDGE_BASE]
    if len(set(edges)) != len(edges):
        raise F.fail(p + "monks", "two monks on one edge space")
    for seat, m in enumerate(s.monks):
        if m >= EDGE_BASE and m - EDGE_BASE >= len(EDGES):
            raise F.fail(p + f"monks[{seat}]", "no such edge space")
    # the decision
    if s.over != (s.phase == "over"):
        raise F.fail(p + "phase", "the phase is 'over' exactly when the game is over")
    if s.phase in ("edge", "discard", "repel", "offense") and not s.queue:
        raise F.fail(p + "queue", f"the {s.phase} decision needs a seat to decide")
    if s.phase == "edge" and any(s.monks[q] != OFF for q in s.queue):
        raise F.fail(p + "queue", "only a monk off the board chooses an edge space")
    if s.phase == "discard" and any(not s.hands[q] for q in s.queue):
        raise F.fail(p + "queue", "a seat with no tiles cannot discard")
    if s.phase == "steer" and 5 not in s.dirs:
        raise F.fail(p + "dirs", "the steer decision needs a tanuki with a 5")
    if s.phase == "offense" and (len(s.play) < 2 or s.play[1] >= NUM_CARDS):
        raise F.fail(p + "play", "the offense window needs the card played")
    if s.phase in ("before", "buy", "offense", "clear", "repel") and not s.master:
        raise F.fail(p + "phase", f"{s.phase} is a Garden Master decision")
    if s.phase == "repel" and s.moving % 2 == 0 and len(s.play) != 4:  # (4: Move 1 Tanuki)
        raise F.fail(p + "moving", "a Repellant window opens while a tanuki is about to move")
    if len(s.tiebreak) >= n:
        raise F.fail(p + "tiebreak", "too many extra turns")


def component_counts(s: TanukiState) -> dict[str, int]:
    """Tiles and cards wherever they are (hidden ones counted too), trap and rock tokens."""
    tiles = sum(len(h) for h in s.hands) + len(s.pile) + len(s.discard)
    tiles += sum(1 for v in s.board if v >= 0)
    cards = len(s.deck) + len(s.spent) + sum(len(h) for h in s.cards)
    cards += sum(1 for t in s.traps if t >= 0)
    if s.phase == "offense" and len(s.play) >= 2:
        cards += 1
    return {"tiles": tiles, "cards": cards, "tanuki": 2, "monks": len(s.players)}
