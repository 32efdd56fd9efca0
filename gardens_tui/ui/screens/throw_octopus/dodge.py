"""The dodge minigame: a :class:`TimedModal` asking the target to press one key in time.

It opens by itself when a throw targets a person at this keyboard. It names the thrower and the
target (hot-seat: the right person takes the keyboard) and the key to press, with a countdown.
The key is one of :data:`DODGE_KEYS`, picked from the position's version so it changes from one
throw to the next without a random source. Pressing it dodges; any other key, Esc or the time
running out is a hit.
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.ui.literal import plain
from gardens_tui.ui.screens.timed_modal import TimedChoice, TimedModal

DODGE_KEYS = "jfkdlsa"
"""The keys the dodge may ask for (home-row letters)."""

DODGE: Action = ("dodge",)
HIT: Action = ("hit",)


def dodge_key(version: int) -> str:
    """The key to press for the dodge at table version ``version``."""
    return DODGE_KEYS[version % len(DODGE_KEYS)]


def dodge_prompt(thrower: str, target: str, key: str) -> str:
    """The dodge's words: who threw at whom, and the key the target must press (names are
    data: their line feeds are escaped)."""
    thrower, target = plain(thrower, newlines=False), plain(target, newlines=False)
    return (
        f"{thrower} throws the octopus at {target}!\n"
        f"{target}, take the keyboard: press  {key.upper()}  to dodge!\n"
        "(another key, Esc or no key in time: a hit, 2 tiles and a lost turn)"
    )


def dodge_modal(
    thrower: str,
    target: str,
    key: str,
    time_ms: int,
    *,
    ascii_mode: bool,
    clock: bool = True,
) -> TimedModal[Action]:
    """The dodge dialog: ``target`` must press ``key`` within ``time_ms`` to dodge
    ``thrower``'s octopus (the names are drawn literally)."""
    return TimedModal(
        dodge_prompt(thrower, target, key),
        (TimedChoice(key, "Dodge!", DODGE),),
        HIT,
        time_ms=time_ms,
        title="Throw Octopus!",
        other_key=HIT,
        ascii_mode=ascii_mode,
        clock=clock,
        id="to-dodge",
    )
