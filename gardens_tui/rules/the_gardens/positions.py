"""Build positions by hand, for rule checks, tests and tutorials.

:func:`make_position` starts from a new game and puts the cards you name where you say, taking
each one out of the decks or the display, so every card stays in exactly one place::

    make_position(
        ("Ann", "Bob"),
        mats={0: {"b4": "B5", "b6": "B9"}},
        visitors={0: {"b": 6}},
    )

With ``validate=True`` the result must also pass the full validation of
:func:`~gardens_tui.rules.the_gardens.serial.from_dict` (a reachable position: as many cards in
each row as the round and the walks say); the default builds any arrangement, which is what
scoring checks need.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.the_gardens.components import CODE_OF, COLUMNS, LANDMARK_ID
from gardens_tui.rules.the_gardens.engine import new_game
from gardens_tui.rules.the_gardens.serial import from_dict, to_dict
from gardens_tui.rules.the_gardens.state import EMPTY, NO_CARD, GardensState


def parse_cell(name: str) -> int:
    """``"b4"`` → the cell of row B, column 4; ``ValueError`` if it names no cell."""
    if len(name) != 2 or name[0] not in "abc" or name[1] not in "123456789":
        raise ValueError(f"not a mat cell: {name!r} (a row a-c and a column 1-9)")
    return "abc".index(name[0]) * COLUMNS + int(name[1]) - 1


def _take_out(s: GardensState, code: int) -> None:
    for deck in s.decks:
        if code in deck:
            deck.remove(code)
            return
    for row in s.display:
        if code in row:
            row[row.index(code)] = NO_CARD
            return
    raise ValueError(f"card code {code} is already placed")


def make_position(
    players: Sequence[str] = ("Ann", "Bob"),
    options: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    mats: Mapping[int, Mapping[str, str]] | None = None,
    visitors: Mapping[int, Mapping[str, int]] | None = None,
    owners: Mapping[str, int] | None = None,
    display: Mapping[str, Sequence[str | None]] | None = None,
    validate: bool = False,
    **fields: Any,
) -> GardensState:
    """A position built from a new game of ``players`` with ``options``.

    - ``mats``: per seat, cell name (``"b4"``) → card name (``"B5"``); cards come out of the
      decks or the display.
    - ``visitors``: per seat, row letter → the column 1..9 the visitor stands on.
    - ``owners``: landmark key → the seat that claimed it.
    - ``display``: row letter → the cards in that display row (``None``: taken); the dealt
      cards of that row go back on top of its deck.
    - ``fields``: any other state field, set as given (``walked``, ``points``, ``round`` ...).
    """
    s = new_game(players, options, seed)
    s.decks = [d[:] for d in s.decks]
    for letter, cards in (display or {}).items():
        row = "abc".index(letter)
        s.decks[row].extend(c for c in s.display[row] if c != NO_CARD)
        s.display[row] = [NO_CARD] * len(cards)
        for i, card in enumerate(cards):
            if card is not None:
                code = CODE_OF[card.upper()]
                _take_out(s, code)
                s.display[row][i] = code
    for seat, cells in (mats or {}).items():
        for name, card in cells.items():
            code = CODE_OF[card.upper()]
            cell = parse_cell(name)
            if s.mats[seat][cell] != EMPTY:
                raise ValueError(f"{name} of seat {seat} is not free")
            _take_out(s, code)
            s.mats[seat][cell] = code
    for seat, rows in (visitors or {}).items():
        for letter, column in rows.items():
            s.visitors[seat]["abc".index(letter)] = column - 1
    for key, seat in (owners or {}).items():
        s.owners[LANDMARK_ID[key]] = seat
    for key, value in fields.items():
        if not hasattr(s, key):
            raise ValueError(f"no state field {key!r}")
        setattr(s, key, value)
    s.events = ()
    if validate:
        return from_dict(to_dict(s))
    return s
