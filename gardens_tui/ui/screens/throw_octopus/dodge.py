"""The dodge minigame: a :class:`TimedModal` asking the target to press one key in time.

The key is one of :data:`DODGE_KEYS`, picked from the position's version so it changes from one
throw to the next without a random source. Pressing it dodges; any other key, Esc or the time
running out is a hit.
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.ui.screens.timed_modal import TimedChoice, TimedModal

DODGE_KEYS = "jfkdlsa"
"""The keys the dodge may ask for (home-row letters)."""

DODGE: Action = ("dodge",)
HIT: Action = ("hit",)


def dodge_key(version: int) -> str:
    """The key to press for the dodge at table version ``version``."""
    return DODGE_KEYS[version % len(DODGE_KEYS)]


def dodge_modal(
    thrower: str, key: str, time_ms: int, *, ascii_mode: bool, clock: bool = True
) -> TimedModal[Action]:
    """The dodge dialog: press ``key`` within ``time_ms`` to dodge ``thrower``'s octopus
    (``thrower`` is data: drawn literally)."""
    return TimedModal(
        f"{thrower} throws an octopus at you! Press {key} to dodge.",
        (TimedChoice(key, "Dodge!", DODGE),),
        HIT,
        time_ms=time_ms,
        title="Throw Octopus!",
        other_key=HIT,
        ascii_mode=ascii_mode,
        clock=clock,
        id="to-dodge",
    )
