"""What a seat may see, for the command line: the viewer, the position and the status lines.

Everything the file commands print about a position comes from a
:class:`~gardens_tui.seats.LocalSeatView` of the table, so from
:meth:`Game.view(state, viewer) <gardens_tui.rules.base.Game.view>`: never from the full state.
The viewer is a seat (``--seat``) or a spectator (``None``, public information only).

Seats as people type and read them count from 1 (``--seat 1`` is the first player, as in every
game's texts and notation); the seat indices here and in the JSON output count from 0.
"""

from __future__ import annotations

import re
from typing import Any

from gardens_tui.cli.output import CliError
from gardens_tui.rules.safe_text import name_key
from gardens_tui.rules.words import seat_number, seats_are
from gardens_tui.seat_words import outcome_json
from gardens_tui.seats import LocalSeatView, SeatView
from gardens_tui.table import Table

SEAT_HELP = (
    "a player's name, or a seat number from 1 to the number of players: seat 1 plays first, "
    "and the players are listed in seat order (0 is refused; JSON seat fields count from 0)"
)
"""What ``--seat`` takes, in the words of every command's ``--help``."""

_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def parse_viewer(table: Table, text: str | None) -> int | None:
    """The seat index (0-based) ``--seat`` names: a player's name (compared as names are: NFC,
    case-folded) or a seat number as people count seats, 1 to the number of players (seat 1
    plays first); ``None`` (a spectator) without ``--seat``.

    :class:`CliError` (listing every seat with its number) for a name nobody has, for ``0`` and
    any number outside ``1..players`` (``--seat 0`` once meant the first player: it is refused,
    never shifted, so an old script cannot be shown another seat's hand), and for a number that
    is one seat's number but another player's name."""
    if text is None:
        return None
    seats = table.seats
    names = [name_key(seat.name) for seat in seats]
    named = names.index(name_key(text)) if name_key(text) in names else None
    everyone = seats_are([seat.name for seat in seats])
    if _NUMBER.fullmatch(text.strip()) is None:
        if named is None:
            raise CliError(f"--seat {text!r}: not a seat number or a player's name; {everyone}")
        return named
    number = int(text)
    if not 1 <= number <= len(seats):
        if named is not None:
            return named
        first = "seats are numbered from 1" if number == 0 else f"there is no seat {number}"
        raise CliError(f"--seat {text.strip()}: {first}; {everyone}")
    if named is not None and named != number - 1:
        word = text.strip()
        raise CliError(
            f"--seat {word} is ambiguous: seat {number} is {seats[number - 1].name}, but the "
            f"player in seat {seat_number(named)} is named {word}; use --seat "
            f"{seats[number - 1].name} or --seat {seat_number(named)}"
        )
    return number - 1


def seat_view(table: Table, viewer: int | None = None) -> LocalSeatView:
    """``table`` as ``viewer`` sees it (``None``: a spectator); it acts for nobody."""
    return LocalSeatView(table, (), viewer)


def deciding_view(table: Table) -> LocalSeatView:
    """``table`` as the seat deciding now sees it, acting for that seat (a spectator's view
    that acts for nobody once the game is over)."""
    seat = table.state.current_player
    return LocalSeatView(table, () if seat is None else (seat,), seat)


def position_json(view: SeatView) -> dict[str, Any]:
    """The fields every ``--json`` output about a position shares (see README.md): all of
    them public, read from ``view``."""
    state = view.view()
    decision = view.decision()
    spec = view.game.spec
    return {
        "game": spec.id,
        "title": spec.title,
        "turn": state.turn,
        "over": state.is_over,
        "active": state.active,
        "players": [
            {"seat": i, "name": seat.name, "bot": seat.bot} for i, seat in enumerate(view.seats)
        ],
        "decision": None
        if decision is None
        else {
            "seat": decision.seat,
            "name": view.seats[decision.seat].name,
            "kind": decision.kind,
            "prompt": decision.prompt,
            "optional": decision.optional,
            "pass": None
            if decision.pass_action is None
            else view.game.format_action(decision.pass_action),
            "skill": decision.skill,
        },
        "outcome": outcome_json(view),
    }
