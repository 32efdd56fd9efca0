"""Build positions by hand, for rule checks, tests and tutorials.

:func:`make_position` starts from a new game, skips the set-up choices and puts what you name
where you say, taking each tile out of the pile or the hands so every tile stays in exactly one
place::

    make_position(
        ("Ann", "Bob"),
        board={"c3": "t1 r0"},
        monks={0: "c3 end 5", 1: "edge n1"},
        tanuki=("f6", None),
        hands={0: ["t2", "t3"]},
    )

:func:`tile_joining` finds a tile and rotation whose paths join the given ends, which is how
tests build a path without looking tiles up by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.tanuki.components import EXITS, NUM_TILES, parse_square, tile_name
from gardens_tui.rules.tanuki.engine import new_game
from gardens_tui.rules.tanuki.serial import _cell_value, _monk_value, _tile
from gardens_tui.rules.tanuki.state import TanukiState


def _take_out(s: TanukiState, tile: int) -> None:
    for place in (s.pile, s.discard, *s.hands):
        if tile in place:
            place.remove(tile)
            return
    raise ValueError(f"{tile_name(tile)} is already placed")


def _square_or_off(name: str) -> int:
    sq = parse_square(name)
    return -1 if sq is None else sq


def tile_joining(
    joins: Mapping[int, int], symbols: Mapping[int, str] | None = None, avoid: Sequence[int] = ()
) -> int:
    """``tile * 4 + rotation`` of the first tile (not in ``avoid``) whose paths join each end
    ``a`` to ``joins[a]`` and whose path through end ``e`` carries ``symbols[e]`` (``"s"``,
    ``"d"``, ``"a"``); ``ValueError`` if no tile does."""
    for value in range(NUM_TILES * 4):
        if value >> 2 in avoid:
            continue
        table = EXITS[value]
        if all(table[a][0] == b for a, b in joins.items()) and all(
            table[e][1] == sym for e, sym in (symbols or {}).items()
        ):
            return value
    raise ValueError(f"no tile joins {dict(joins)} with {dict(symbols or {})}")


def make_position(
    players: Sequence[str] = ("Ann", "Bob"),
    options: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    board: Mapping[str, str | int] | None = None,
    monks: Mapping[int, str] | None = None,
    tanuki: Sequence[str | None] = (None, None),
    hands: Mapping[int, Sequence[str]] | None = None,
    phase: str = "place",
    **fields: Any,
) -> TanukiState:
    """A position of ``players`` in ``phase`` (default: the active seat places a tile).

    - ``board``: square → ``"t17 r90"`` or a ``tile * 4 + rotation`` int (see
      :func:`tile_joining`), or ``"rock"``.
    - ``monks``: seat → ``"c4 end 5"``, ``"edge n3"`` or ``"off"`` (others stay off).
    - ``tanuki``: the blue and gold tanuki's squares (``None``: off the board).
    - ``hands``: seat → its tiles (the rest of its dealt hand goes back to the pile).
    - ``fields``: any other state field, set as given (``shiitake``, ``stash``, ``cards`` ...).
    """
    s = new_game(players, options, seed)
    s.queue = []
    s.phase = phase
    s.events = ()
    s.private_events = ()
    for seat, names in (hands or {}).items():
        s.pile.extend(s.hands[seat])
        s.hands[seat] = []
        for name in names:
            tile = _tile(name, "hand")
            _take_out(s, tile)
            s.hands[seat].append(tile)
    for name, value in (board or {}).items():
        sq = parse_square(name)
        if sq is None:
            raise ValueError(f"not a square: {name!r}")
        cell = value if isinstance(value, int) else _cell_value(value, name)
        if cell >= 0:
            _take_out(s, cell >> 2)
        s.board[sq] = cell
    for seat, text in (monks or {}).items():
        s.monks[seat] = _monk_value(text, f"monks[{seat}]")
    s.tanuki = [-1 if t is None else _square_or_off(t) for t in tanuki]
    s.had_tiles = bool(s.hands[s.active])
    for key, value in fields.items():
        setattr(s, key, value)
    return s
