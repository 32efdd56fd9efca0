"""The hand strip: whose hand is shown, its tiles, and what choosing one of them means for the
pending decision (pure; the screen plays or lists what comes out)."""

from __future__ import annotations

from collections.abc import Sequence

from gardens_tui.rules.base import Action
from gardens_tui.rules.throw_octopus.state import HIDDEN, ThrowState
from gardens_tui.seats import SeatView

CARD_PHASES = ("swap", "start", "gift")
"""The decisions where choosing a hand tile decides at once (not a tile to place)."""


def shown_seat(state: ThrowState, seat_view: SeatView, viewer: int | None) -> int | None:
    """The seat whose hand is shown: the person deciding now when ``seat_view`` acts for them
    (if the view shows their tiles: not under the hot-seat curtain), else ``viewer`` (the
    keyboard's seat; a remote seat: always its own)."""
    seat = state.current_player
    if (
        seat is not None
        and seat >= 0
        and seat in seat_view.acts_for
        and not seat_view.seats[seat].is_bot
        and HIDDEN not in state.hands[seat]
    ):
        return seat
    return viewer


def shown_tiles(state: ThrowState, seat: int | None) -> list[int]:
    """The tiles of ``seat``'s hand that the view shows (none for ``None``)."""
    if seat is None:
        return []
    return [t for t in state.hands[seat] if t != HIDDEN]


def cycle_index(hand: Sequence[int], chosen: int | None, step: int) -> int:
    """The index ``]`` (``step`` 1) or ``[`` (-1) chooses in ``hand`` from the ``chosen`` tile
    (from none: the first or the last); ``hand`` must not be empty."""
    index = hand.index(chosen) if chosen in hand else (-1 if step > 0 else 0)
    return (index + step) % len(hand)


def card_pick(
    phase: str, tile: int, state: ThrowState, legal: Sequence[Action]
) -> Action | list[Action] | None:
    """What choosing ``tile`` of the hand plays in a card's decision ``phase``: one action, a
    list to choose from (a Gift with several players), or ``None`` when ``phase`` is not a
    card's (a Gift without a legal target gives to the next player so the engine says why
    not)."""
    if phase in ("swap", "start"):
        return (phase, tile)
    if phase != "gift":
        return None
    targets = [a for a in legal if a[0] == "give" and a[1] == tile]
    if len(targets) == 1:
        return targets[0]
    if targets:
        return targets
    return ("give", tile, (state.active + 1) % len(state.players))
