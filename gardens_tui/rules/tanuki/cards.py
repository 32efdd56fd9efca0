"""The Garden Master expansion: which cards may be played now, and what they do.

A card is played as ``("play", key, *arguments)`` in the ``before`` decision (before the roll)
or the ``place`` decision (after the tanuki moved), once a turn; the lowest card id of that type
in the hand is the one played. Every other seat holding any card may then cancel it with The Best
Offense (the ``offense`` window opens for every card holder, whatever they hold, so it tells
nobody who holds that card). Tanuki Repellant is also played in the ``repel`` window, which
opens for every card holder whose monk is in a moving tanuki's way.

Choices the cards leave to their player (issue 26):

- **Pilfer Shiitake** ("up to 3 from your opponents, but no more than 1 from any one"): it takes
  1 from each opponent who has any when there are at most 3 such opponents (``play pilfer``).
  With more (only in games of 5 or more), the player names the 3 opponents
  (``("play", "pilfer", a, b, c)``, seats ascending; ``play pilfer 2 4 5``). Rules version 1
  took from the first 3 clockwise instead, and its games keep doing so.
- **Tanuki Bait**: the player chooses the opponent and which tanuki goes to which square:
  ``("play", "bait", o, a, b)`` sends the blue tanuki to ``a`` and the gold one to ``b``; both
  orders of every pair are legal (before, only the blue tanuki on the first in board order was;
  those actions still mean the same, so old games replay unchanged).
"""

from __future__ import annotations

from itertools import combinations, permutations

from gardens_tui.rules.base import Action
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki.components import (
    AROUND,
    CARD_KEYS,
    CARD_TITLES,
    DIRECTION_NAMES,
    ROCKS,
    SQUARES,
    TANUKI_NAMES,
    TRAP_LETTERS,
    card_key,
    square_name,
)
from gardens_tui.rules.tanuki.state import EMPTY, OFF, ROCK, TanukiState
from gardens_tui.rules.words import count, join_and, possessive

PLAYABLE_IN: dict[str, tuple[str, ...]] = {
    "move": ("before", "place"),
    "fast": ("before",),
    "dens": ("before", "place"),
    "escape": ("before", "place"),
    "pilfer": ("before", "place"),
    "harvest": ("before", "place"),
    "robber": ("before", "place"),
    "trap": ("before", "place"),
    "repellant": ("place",),
    "bait": ("before", "place"),
    "stroll": ("before", "place"),
    "clear": ("before", "place"),
    "shift": ("before", "place"),
    "rock": ("before", "place"),
}
"""The decisions each card may be played in on its owner's turn (The Best Offense and Shiitake
Basket are never played this way)."""

CLEAR_PICKS = 3


def title(card: int) -> str:
    """The card's title (``"Tanuki Trap"``), ``"a hidden card"`` for a masked one."""
    if not 0 <= card < 48:
        return "a hidden card"
    key = card_key(card)
    if key == "trap":
        return f"Tanuki Trap {TRAP_LETTERS[card % 3].upper()}"
    return CARD_TITLES[key]


def holds(s: TanukiState, seat: int, key: str) -> bool:
    """Whether ``seat`` holds a card of type ``key``."""
    return any(0 <= c < 48 and card_key(c) == key for c in s.cards[seat])


def _card_of(s: TanukiState, seat: int, key: str) -> int:
    return min(c for c in s.cards[seat] if 0 <= c < 48 and card_key(c) == key)


def _others(s: TanukiState, seat: int) -> list[int]:
    n = len(s.players)
    return [(seat + k) % n for k in range(1, n)]


def occupied(s: TanukiState) -> set[int]:
    """Squares some monk is in."""
    return {s.monk_square(seat) for seat in range(len(s.players))} - {-1}


def clearable(s: TanukiState) -> list[int]:
    """Squares Clear the Path may clear: a tile or rock garden no monk is in."""
    taken = occupied(s)
    return [sq for sq in range(SQUARES) if s.board[sq] != EMPTY and sq not in taken]


def _fronts(s: TanukiState, seat: int) -> set[int]:
    return {B.front_square(s, o) for o in _others(s, seat) if s.monks[o] != OFF}


def plays(s: TanukiState, phase: str) -> list[Action]:
    """The card plays open to the active seat in ``phase`` (``"before"`` or ``"place"``)."""
    seat = s.active
    keys = {card_key(c) for c in s.cards[seat] if 0 <= c < 48}
    out: list[Action] = []
    for key in CARD_KEYS:
        if key not in keys or phase not in PLAYABLE_IN.get(key, ()):
            continue
        if key == "move":
            out += [("play", key, i, d) for i in range(2) if s.tanuki[i] >= 0 for d in range(1, 5)]
        elif key == "pilfer":
            out += pilfer_plays(s, seat)
        elif key in ("fast", "dens", "escape", "harvest"):
            out.append(("play", key))
        elif key == "stroll":
            if s.placed == 0:
                out.append(("play", key))
        elif key == "robber":
            mine = set(s.trail[seat])
            out += [
                ("play", key, o)
                for o in _others(s, seat)
                if s.shiitake[o] > 0 and mine.intersection(s.trail[o])
            ]
        elif key == "trap":
            here = s.monk_square(seat)
            if here >= 0:
                out += [
                    ("play", key, sq)
                    for sq in AROUND[here]
                    if sq not in s.tanuki and sq not in s.traps
                ]
        elif key == "repellant":
            ahead = B.front_square(s, seat)
            out += [("play", key, i) for i in range(2) if ahead >= 0 and s.tanuki[i] == ahead]
        elif key == "bait":
            taken = occupied(s)
            for o in _others(s, seat):
                there = s.monk_square(o)
                if there < 0:
                    continue
                free = [
                    sq
                    for sq in AROUND[there]
                    if sq not in taken and sq not in s.tanuki and s.board[sq] != ROCK
                ]
                out += [("play", key, o, a, b) for a, b in permutations(free, 2)]
        elif key == "clear":
            if clearable(s):
                out.append(("play", key))
        elif key == "shift":
            taken = occupied(s)
            out += [
                ("play", key, sq, q)
                for sq in range(SQUARES)
                if s.board[sq] >= 0 and sq not in taken
                for q in range(1, 4)
            ]
        elif key == "rock" and s.board.count(ROCK) < ROCKS:
            blocked = occupied(s) | _fronts(s, seat)
            out += [
                ("play", key, sq)
                for sq in range(SQUARES)
                if s.board[sq] != ROCK and sq not in blocked and sq not in s.tanuki
            ]
    return out


PILFER_MOST = 3
"""Pilfer Shiitake takes at most 3, 1 from each opponent."""


def pilfer_victims(s: TanukiState, seat: int) -> list[int]:
    """The opponents of ``seat`` Pilfer Shiitake could take from (those holding shiitake),
    clockwise from ``seat``."""
    return [o for o in _others(s, seat) if s.shiitake[o] > 0]


def pilfer_plays(s: TanukiState, seat: int) -> list[Action]:
    """The Pilfer Shiitake plays of ``seat``: ``("play", "pilfer")`` when there is no choice of
    whom to take from, else one play per 3 opponents holding shiitake (rules version 2)."""
    victims = pilfer_victims(s, seat)
    if s.rules < 2 or len(victims) <= PILFER_MOST:
        return [("play", "pilfer")]
    return [("play", "pilfer", *trio) for trio in combinations(sorted(victims), PILFER_MOST)]


def in_the_way(s: TanukiState, path: list[int]) -> list[int]:
    """Card holders whose monks a tanuki moving along ``path`` would pass or land on, the active
    seat first, then clockwise: each gets a Tanuki Repellant window. Under rules version 3 not
    the active seat once it has played its card this turn ("only one card per turn"; a
    Repellant played out of turn uses no card of its owner's turn)."""
    order = [s.active, *_others(s, s.active)]
    spent = s.card_used and s.rules >= 3
    return [
        o
        for o in order
        if s.cards[o] and s.monk_square(o) in path and not (spent and o == s.active)
    ]


def card_move_pending(s: TanukiState) -> bool:
    """Whether the Repellant window is open for a Move 1 Tanuki card (its move waits in
    ``play``: ``[back, card, tanuki, direction]``), not for the dice's movement."""
    return s.phase == "repel" and len(s.play) == 4


def move_one(s: TanukiState, i: int, d: int, log: B.Log) -> None:
    """Move 1 Tanuki's move: tanuki ``i`` one square toward direction ``d`` (1-4)."""
    name = s.players[s.active]
    log.say(f"{name} moved the {TANUKI_NAMES[i]} tanuki {DIRECTION_NAMES[d]}")
    B.move_tanuki(s, i, d - 1, 1, s.active, True, log)


def finish_card_move(s: TanukiState, log: B.Log) -> None:
    """After the Repellant window of a Move 1 Tanuki: back to the decision the card was played
    in, and the tanuki moves unless a Repellant sent it off the board."""
    back, _card, i, d = s.play
    s.play = []
    s.phase = "before" if back == 0 else "place"
    if s.tanuki[i] >= 0:
        move_one(s, i, d, log)


def repel_answer(s: TanukiState, repel: bool, log: B.Log) -> None:
    """The first seat of the Repellant window answered."""
    seat = B.take_turn_in_queue(s)
    if repel:
        card = _card_of(s, seat, "repellant")
        s.cards[seat] = B.without(s.cards[seat], card)
        B.spend(s, card)
        s.chance = True
        i = s.play[2] if card_move_pending(s) else s.moving >> 1
        s.tanuki[i] = -1
        B.gain(s, seat, 1)
        if seat == s.active:
            s.card_used = True
        log.say(
            f"{s.players[seat]} played Tanuki Repellant: the {TANUKI_NAMES[i]} tanuki left the "
            "board and 1 shiitake was collected"
        )
        s.queue = []
    if not s.queue:
        s.phase = "place"


def play(s: TanukiState, action: Action, log: B.Log) -> None:
    """The active seat plays a card: it leaves the hand, then the Best Offense window opens
    (or the card takes effect at once when nobody else holds a card)."""
    seat = s.active
    key = action[1]
    card = _card_of(s, seat, key)
    s.cards[seat] = B.without(s.cards[seat], card)
    s.card_used = True
    s.chance = True  # the card played (which copy, which trap letter) is revealed
    back = 0 if s.phase == "before" else 1
    s.play = [back, card, *action[2:]]
    log.say(f"{s.players[seat]} played {title(card)}")
    window = [o for o in _others(s, seat) if s.cards[o]]
    if window:
        s.phase = "offense"
        s.queue = window
        return
    _resolve(s, log)


def offense_answer(s: TanukiState, cancel: bool, log: B.Log) -> None:
    """The first seat of the Best Offense window answered."""
    seat = B.take_turn_in_queue(s)
    if cancel:
        own = _card_of(s, seat, "offense")
        s.cards[seat] = B.without(s.cards[seat], own)
        B.spend(s, own)
        s.chance = True
        card = s.play[1]
        B.spend(s, card)
        s.phase = "before" if s.play[0] == 0 else "place"
        s.play = []
        s.queue = []
        log.say(f"{s.players[seat]} played The Best Offense: {title(card)} had no effect")
        return
    if not s.queue:
        _resolve(s, log)


def _resolve(s: TanukiState, log: B.Log) -> None:
    back, card, *args = s.play
    s.phase = "before" if back == 0 else "place"
    s.queue = []
    seat = s.active
    key = card_key(card)
    name = s.players[seat]
    if key == "trap":
        letter = card % 3
        B.set_trap(s, letter, args[0], seat)
        s.play = []
        log.say(f"{name} set trap {TRAP_LETTERS[letter].upper()} on {square_name(args[0])}")
        return
    B.spend(s, card)
    if key == "clear":
        s.play = [back]
        s.clear_left = CLEAR_PICKS
        s.phase = "clear"
        if not clearable(s):
            _clear_done(s)
        return
    s.play = []
    if key == "move":
        i, d = args
        seats = in_the_way(s, B.path_of(s, i, d - 1, 1)) if s.rules >= 3 else []
        if seats:  # (rules version 3: the Repellant window opens before it moves)
            s.play = [back, card, i, d]
            s.phase = "repel"
            s.queue = seats
            return
        move_one(s, i, d, log)
    elif key in ("fast", "dens", "escape", "harvest", "stroll"):
        s.effects = [*s.effects, key]  # a new list: see board's "Shared lists"
    elif key == "pilfer":
        taken = 0
        chosen = list(args) if args else _others(s, seat)
        for o in chosen:
            if taken < PILFER_MOST and B.lose(s, o, 1):
                taken += 1
        extra = {2: 2, 3: 1}.get(len(s.players), 0)
        B.gain(s, seat, taken + extra)
        whom = f" from {join_and([s.players[o] for o in args])}" if args else ""
        log.say(f"{name} pilfered {count(taken + extra, 'shiitake', 'shiitake')}{whom}")
    elif key == "robber":
        o = args[0]
        paid = B.lose(s, o, 2)
        B.gain(s, seat, paid)
        log.say(f"{name} robbed {count(paid, 'shiitake', 'shiitake')} from {s.players[o]}")
    elif key == "repellant":
        i = args[0]
        s.tanuki[i] = -1
        B.gain(s, seat, 1)
        log.say(f"The {TANUKI_NAMES[i]} tanuki left the board; {name} collected 1 shiitake")
    elif key == "bait":
        o, a, b = args
        log.say(
            f"{name} baited both tanuki next to {possessive(s.players[o])} monk: the blue one "
            f"to {square_name(a)}, the gold one to {square_name(b)}"
        )
        for i, sq in enumerate((a, b)):
            s.tanuki[i] = -1
            B.arrive(s, i, sq, True, True, log)
    elif key == "shift":
        sq, q = args
        here = s.board[sq]
        s.board[sq] = (here & ~3) | ((here + q) & 3)
        log.say(f"{name} turned the tile on {square_name(sq)} by {q * 90} degrees")
    elif key == "rock":
        sq = args[0]
        B.remove_tile(s, sq)
        s.board[sq] = ROCK
        log.say(f"{name} put a rock garden on {square_name(sq)}")


def _clear_done(s: TanukiState) -> None:
    back = s.play[0] if s.play else 1
    s.phase = "before" if back == 0 else "place"
    s.play = []
    s.clear_left = 0


def clear_answer(s: TanukiState, action: Action, log: B.Log) -> None:
    """One pick of Clear the Path (``("clear", sq)``) or ``("done",)``."""
    if action[0] == "done":
        _clear_done(s)
        return
    sq = action[1]
    rock = s.board[sq] == ROCK
    B.remove_tile(s, sq)
    log.say(
        f"{s.players[s.active]} cleared the {'rock garden' if rock else 'tile'} "
        f"on {square_name(sq)}"
    )
    s.clear_left -= 1
    if s.clear_left <= 0 or not clearable(s):
        _clear_done(s)
