"""Why an action is refused here: the reason for this very position, for a player to read.

:func:`reason` is called by :func:`~.engine.apply` only once an action is known to be illegal (it
is not on the hot path). It returns the reason first and the rule's short name after it, e.g.
``"row B was already taken by you this round (rule: one card from each row)"``. It never raises,
whatever the action holds: anything it cannot make sense of gets a general reason naming the
pending decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gardens_tui.rules.base import Action
from gardens_tui.rules.the_gardens.components import (
    COLUMNS,
    DECKS,
    FIG,
    FORT,
    LANDMARKS,
    LIBRARY,
    SPECIES,
)
from gardens_tui.rules.the_gardens.mat import placement
from gardens_tui.rules.the_gardens.state import NO_CARD, GardensState
from gardens_tui.rules.words import join_and

VERBS: tuple[str, ...] = ("take", "return", "reserve", "skip", "species")

VERB_PHASES: dict[str, tuple[str, ...]] = {
    "take": ("take",),
    "return": ("take",),
    "reserve": ("reserve",),
    "skip": ("reserve",),
    "species": ("species",),
}
"""The decisions in which each verb may be used."""


def _rule(text: str, rule: str) -> str:
    return f"{text} (rule: {rule})"


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def slot_name(row: int, slot: int) -> str:
    """``"b2"``: a display card by row letter and 1-based slot."""
    return f"{DECKS[row].lower()}{slot + 1}"


def reason(s: GardensState, action: Any, fmt: Callable[[Any], str]) -> str:
    """Why ``action`` is not legal in ``s`` (never raises)."""
    try:
        return _reason(s, action, fmt)
    except Exception:  # a reason must never crash the refusal itself
        return _general(s, action, fmt)


def _general(s: GardensState, action: Any, fmt: Callable[[Any], str]) -> str:
    decision = s.decision
    now = decision.prompt if decision is not None else "the game is over"
    return f"{fmt(action)} is not a legal action now: {now}"


def _reason(s: GardensState, action: Any, fmt: Callable[[Any], str]) -> str:
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return "not an action of The Gardens (an action is a tuple starting with its verb)"
    if s.over:
        return "the game is over: no more actions"
    verb = action[0]
    if verb not in VERB_PHASES:
        return f"{verb!r} is not a verb of The Gardens (verbs: {join_and(list(VERBS))})"
    if s.phase not in VERB_PHASES[verb]:
        decision = s.decision
        prompt = decision.prompt if decision is not None else ""
        return f"{verb} is not possible now: {prompt}"
    if verb == "take":
        return _take(s, action)
    if verb == "return":
        return _return(s, action)
    if verb == "reserve":
        return _reserve(s, action)
    if verb == "species":
        if len(action) != 2 or action[1] not in SPECIES:
            return f"choose one of the species: {join_and(list(SPECIES), last='or')}"
        seat = s.ability_holder(FIG)
        return _rule(f"only {s.players[seat]} chooses a species", "Moreton Bay Fig")
    return _general(s, action, fmt)


def _slot(s: GardensState, action: Action) -> str | None:
    """A reason the action's row and slot do not name a display card, or ``None``."""
    if len(action) < 3 or not _is_int(action[1], 0, 2) or not isinstance(action[2], int):
        return "name a display card by row and place, e.g. b2"
    row, slot = action[1], action[2]
    cards = len(s.display[row])
    if not _is_int(slot, 0, cards - 1):
        name = f"{DECKS[row].lower()}{slot + 1}"
        return f"row {DECKS[row]} of the display has {cards} places: there is no {name}"
    if s.display[row][slot] == NO_CARD:
        return f"{slot_name(row, slot)} was already taken this round"
    return None


def _take(s: GardensState, action: Action) -> str:
    seat = s.active
    if len(action) > 1 and _is_int(action[1], 0, 2) and s.walked[seat][action[1]] >= s.per_row:
        letter = DECKS[action[1]]
        if s.per_row == 1:
            return _rule(
                f"row {letter} was already taken by you this round", "one card from each row"
            )
        return _rule(
            f"you already took two cards from row {letter} this round",
            "with 2 players, exactly two cards from each row",
        )
    bad = _slot(s, action)
    if bad is not None:
        return bad
    if len(action) != 4 or action[3] not in ("left", "right"):
        return "say where the card goes: left or right of its row"
    row, slot, side = action[1], action[2], action[3]
    letter = DECKS[row]
    reserved = s.reserved
    holder = s.ability_holder(FORT)
    if reserved and reserved[0] == row:
        if reserved[1] == slot and holder != seat:
            return _rule(
                f"{slot_name(row, slot)} is reserved by {s.players[holder]} this round",
                "Fort Denison",
            )
        if reserved[1] != slot and holder == seat and s.per_row - s.walked[seat][row] == 1:
            return _rule(
                f"your last card from row {letter} this round must be "
                f"{slot_name(row, reserved[1])}, which you reserved",
                "Fort Denison",
            )
    column = placement(s.mats[seat], row, side)
    if column < 0:
        off = 0 if side == "left" else COLUMNS + 1
        other = "right" if side == "left" else "left"
        there = placement(s.mats[seat], row, other)
        way = f"; column {there + 1}, on the {other}, is free" if there >= 0 else ""
        return _rule(
            f"row {letter} is full on the {side}: the mat has no column {off}{way}",
            "never place a card off the mat",
        )
    return f"taking {slot_name(row, slot)} is not possible now"


def _return(s: GardensState, action: Action) -> str:
    seat = s.active
    if len(action) != 2 or not _is_int(action[1], 0, 2):
        return "name the visitor's row: return a, return b or return c"
    row = action[1]
    if not s.holds(seat, LIBRARY):
        return _rule(_not_held(s, seat, LIBRARY), "State Library")
    if s.library_used:
        return _rule("you already sent a visitor back this round", "State Library: once a round")
    if s.visitors[seat][row] == s.centre:
        return _rule(
            f"your visitor of row {DECKS[row]} already stands on the Central Board",
            "State Library",
        )
    return _rule(
        f"row {DECKS[row]} of your garden is complete: its visitor has no walk left, so "
        "sending it back would change nothing",
        "State Library",
    )


def _not_held(s: GardensState, seat: int, landmark: int) -> str:
    """Why ``seat`` cannot use ``landmark``'s ability here: no landmarks in this game, not on
    these mats, points side up, unclaimed, or held by another player."""
    title = LANDMARKS[landmark].title
    if not s.layout:
        return f"this game is played without landmarks (option landmarks), so there is no {title}"
    if s.faces[landmark] == "":
        return f"{title} is not on this game's mats (layout {s.layout})"
    if s.faces[landmark] == "points":
        return f"{title} lies points side up in this game: it gives points, not its ability"
    owner = s.owners[landmark]
    if owner < 0:
        return f"nobody holds {title} yet: the first to cover its landmark on their mat claims it"
    if owner != seat:
        return f"{s.players[owner]} holds {title}, not you"
    return f"you do not hold {title}'s ability"


def _reserve(s: GardensState, action: Action) -> str:
    bad = _slot(s, action)
    if bad is not None:
        return bad
    if len(action) != 3:
        return "reserve names one display card, e.g. reserve b2"
    holder = s.ability_holder(FORT)
    return _rule(f"only {s.players[holder]} reserves a card", "Fort Denison")
