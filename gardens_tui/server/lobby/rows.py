"""What the lobby shows of a table and offers at it, from the owner's ``tables`` message.

Pure functions over one entry of that message (see :mod:`gardens_tui.server.lobby.protocol`): the
cells of the table list and the choices of "sit down or watch". Names are the players' data:
the screens draw these strings literally (:func:`~gardens_tui.ui.literal.literal`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gardens_tui.rules.safe_text import name_key, printable
from gardens_tui.server.lobby.remote import ChatLine
from gardens_tui.table import Seat, Setup

COLUMNS = ("Code", "Game", "State", "Watching", "Seats")
"""The table list's columns: the seats last, as the widest (at 80 columns the list scrolls
sideways only for a long list of names, never to see whether a table is over)."""


def _name(seat: Mapping[str, Any]) -> str:
    return printable(str(seat["name"]), newlines=False)


def seat_text(seat: Mapping[str, Any]) -> str:
    """One seat as the list shows it: ``Ann (free)``, ``Bob``, ``Cleo (bot)``, ``Dev (bot
    stands in)``, ``Eve (you)`` (held by the person looking), ``Fay (away)`` (held, but
    nobody is connected at it: the host may give it to a bot). A seat held by someone whose
    login name is not the seat's name names them too (``Bob (mallory)``, ``Bob (mallory,
    away)``): the name at a seat is what its table's host typed, the login name is who plays."""
    if seat.get("bot"):
        return f"{_name(seat)} (bot)"
    if not seat.get("taken"):
        return f"{_name(seat)} (free)"
    notes = []
    holder = seat.get("holder")
    if isinstance(holder, str) and name_key(holder) != name_key(str(seat["name"])):
        notes.append(printable(holder, newlines=False))
    if seat.get("stand_in"):
        notes.append("bot stands in")
    elif seat.get("yours"):
        notes.append("you")
    elif seat.get("away"):
        notes.append("away")
    return f"{_name(seat)} ({', '.join(notes)})" if notes else _name(seat)


def table_cells(entry: Mapping[str, Any]) -> tuple[str, ...]:
    """The row of :data:`COLUMNS` for one table of the ``tables`` message."""
    seats = ", ".join(seat_text(seat) for seat in entry["seats"])
    state = "over" if entry["over"] else f"turn {int(entry['turn'])}"
    free = sum(1 for seat in entry["seats"] if not seat.get("bot") and not seat.get("taken"))
    if free and not entry["over"]:
        state += f", {free} free"
    seconds = entry.get("turn_seconds")
    if seconds and not entry["over"]:
        state += f", limit {int(seconds)} s"
    return (
        str(entry["code"]),
        printable(str(entry["title"]), newlines=False),
        state,
        str(int(entry["spectators"])),
        seats,
    )


@dataclass(frozen=True, slots=True)
class Place:
    """A choice at a table: sit at human ``seat`` (``None``: watch as a spectator)."""

    seat: int | None
    label: str


def places(entry: Mapping[str, Any]) -> list[Place]:
    """The choices at a table: the seat the person looking holds (to take it back), else
    every free person's seat; then watching. Seats others hold are not offered."""
    yours: list[Place] = []
    free: list[Place] = []
    for index, seat in enumerate(entry["seats"]):
        if seat.get("bot"):
            continue
        if seat.get("yours"):
            yours.append(Place(index, f"Sit as {_name(seat)} (your seat: take it back)"))
        elif not seat.get("taken"):
            free.append(Place(index, f"Sit as {_name(seat)} (free)"))
    return [*(yours or free), Place(None, "Watch as a spectator")]


def own_seat(setup: Setup, name: str) -> int | None:
    """The seat the creator of ``setup`` sits at: the person's seat with their ``name``
    (case-insensitively), else the first person's seat; ``None`` when only bots play."""
    humans = [i for i, seat in enumerate(setup.seats) if not seat.is_bot]
    for index in humans:
        if setup.seats[index].name.casefold() == name.casefold():
            return index
    return humans[0] if humans else None


def seat_pairs(seats: Sequence[Seat]) -> list[tuple[str, str | None]]:
    """``seats`` as the ``create`` request lists them: ``(name, bot level or None)``."""
    return [(seat.name, seat.bot) for seat in seats]


def chat_text(line: ChatLine, seats: Sequence[Seat] = ()) -> str:
    """A chat line as shown: ``"Ann: hello"`` from the player at the seat named Ann,
    ``"mallory (as Bob): hi"`` from a player whose login name is not their seat's name (given
    the table's ``seats``), ``"Cy (watching): hi"`` from a spectator. Login names are unique
    on a server, so a spectator can never pass for a seated player. Plain text: a screen shows it
    literally, never as markup."""
    if line.seat is None:
        who = f"{line.name} (watching)"
    elif 0 <= line.seat < len(seats) and name_key(seats[line.seat].name) != name_key(line.name):
        who = f"{line.name} (as {seats[line.seat].name})"
    else:
        who = line.name
    return f"{who}: {line.text}"
