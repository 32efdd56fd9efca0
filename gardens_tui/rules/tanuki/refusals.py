"""Why an action is refused here: the reason for this very position, for a player to read.

:func:`reason` is called by :func:`~.engine.apply` only once an action is known to be illegal. It
returns the reason first and the rule's short name after it (``"t17 is not in your hand (rule:
place a tile from your hand)"``). It never raises, whatever the action holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gardens_tui.rules.base import Action
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import cards as GM
from gardens_tui.rules.tanuki.components import (
    AROUND,
    CARD_TITLES,
    EDGES,
    NUM_TILES,
    ROCKS,
    SQUARES,
    TANUKI_NAMES,
    edge_name,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.state import (
    CARD_LIMIT,
    DISTRACT_PRICE,
    EDGE_BASE,
    EMPTY,
    OFF,
    ROCK,
    TanukiState,
)
from gardens_tui.rules.words import join_and, seat_list

VERB_PHASES: dict[str, tuple[str, ...]] = {
    "edge": ("edge",),
    "roll": ("before",),
    "steer": ("steer",),
    "repel": ("repel",),
    "let": ("repel",),
    "place": ("place",),
    "enter": ("place",),
    "distract": ("place",),
    "pass": ("place",),
    "play": ("before", "place"),
    "cancel": ("offense",),
    "allow": ("offense",),
    "clear": ("clear",),
    "done": ("clear",),
    "discard": ("discard",),
    "buy": ("buy",),
    "end": ("buy",),
}
"""The decisions in which each verb may be used."""


def _rule(text: str, rule: str) -> str:
    return f"{text} (rule: {rule})"


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def reason(s: TanukiState, action: Any, fmt: Callable[[Any], str]) -> str:
    """Why ``action`` is not legal in ``s`` (never raises)."""
    try:
        return _reason(s, action, fmt)
    except Exception:  # a reason must never crash the refusal itself
        return _general(s, action, fmt)


def _general(s: TanukiState, action: Any, fmt: Callable[[Any], str]) -> str:
    decision = s.decision
    now = decision.prompt if decision is not None else "the game is over"
    return f"{fmt(action)} is not a legal action now: {now}"


def _reason(s: TanukiState, action: Any, fmt: Callable[[Any], str]) -> str:
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return "not an action of Tanuki in the Garden (an action is a tuple starting with its verb)"
    if s.over:
        return "the game is over: no more actions"
    verb = action[0]
    if verb not in VERB_PHASES:
        return (
            f"{verb!r} is not a verb of Tanuki in the Garden (verbs: {join_and(list(VERB_PHASES))})"
        )
    if s.phase not in VERB_PHASES[verb]:
        decision = s.decision
        prompt = decision.prompt if decision is not None else ""
        return f"{verb} is not possible now: {prompt}"
    seat = s.current_player
    assert seat is not None
    if verb == "edge":
        return _edge(s, action)
    if verb == "place":
        return _place(s, action, seat)
    if verb == "enter":
        if s.monks[seat] < EDGE_BASE:
            return _rule("your monk is not on an edge space", "enter only from the edge")
        return _rule("the square beside your edge space is empty: place a tile there", "enter")
    if verb == "distract":
        ahead = B.front_square(s, seat)
        if not (len(action) == 2 and _is_int(action[1], 0, 1)) or s.tanuki[action[1]] != ahead:
            return _rule("no such tanuki sits where your tile must go", "distracting a tanuki")
        return _rule("you need 2 shiitake to chase a tanuki off", "distracting a tanuki")
    if verb == "discard":
        if len(action) == 2 and _is_int(action[1], 0, NUM_TILES - 1):
            return _rule(
                f"{tile_name(action[1])} is not in your hand", "ashi-magari: discard a tile"
            )
        return "name a tile of your hand, e.g. discard t17"
    if verb == "steer":
        i = 0 if s.dirs[0] == 5 else 1
        return _rule(
            f"steer the {TANUKI_NAMES[i]} tanuki north, east, south or west", "a 5 on its die"
        )
    if verb == "repel":
        return _rule("you hold no Tanuki Repellant", "Tanuki Repellant")
    if verb == "cancel":
        return _rule("you hold no The Best Offense", "The Best Offense")
    if verb == "clear":
        return _rule(
            "clear a square with a tile or rock garden and no monk in it", "Clear the Path"
        )
    if verb == "play":
        return _play(s, action, seat)
    if verb == "buy":
        if len(s.cards[seat]) >= CARD_LIMIT:
            return _rule("you already hold 5 cards", "hand limit 5")
        return _rule("you need 2 shiitake and a card left in the deck", "buying a card")
    return _general(s, action, fmt)


def _edge(s: TanukiState, action: Action) -> str:
    if len(action) != 2 or not _is_int(action[1], 0, 23):
        return "name an edge space: edge and a side n, e, s or w with 1-6, e.g. edge n3"
    edge = action[1]
    if EDGE_BASE + edge in s.monks:
        return _rule(f"a monk already stands on edge {edge_name(edge)}", "one monk per edge space")
    sq = EDGES[edge][0]
    if s.board[sq] != EMPTY:
        what = "a rock garden" if s.board[sq] == ROCK else "a tile"
        if B.unconnected_edges(s):
            return _rule(
                f"{square_name(sq)} beside edge {edge_name(edge)} holds {what} while free edges "
                "remain",
                "start from an edge space with no tile beside it",
            )
        if sq in GM.occupied(s):
            return _rule(
                f"every edge space has a tile beside it, but a monk is in {square_name(sq)}, so "
                f"its {what.removeprefix('a ')} cannot be removed: choose an edge space whose "
                "square holds no monk",
                "no unconnected edge space",
            )
        if s.board[sq] == ROCK:
            return _rule(
                f"every edge space has a tile beside it; the rock garden on {square_name(sq)} "
                "is no tile and stays (only Clear the Path removes one): choose an edge space "
                "with a tile beside it",
                "no unconnected edge space",
            )
    return f"edge {edge_name(edge)} is not open now"


def _place(s: TanukiState, action: Action, seat: int) -> str:
    if len(action) != 4 or not _is_int(action[1], 0, NUM_TILES - 1) or not _is_int(action[2], 0, 3):
        return "name a tile and a rotation, e.g. place t17 r90"
    m = s.monks[seat]
    limit = 2 if "stroll" in s.effects else 1
    if s.placed >= limit:
        return _rule("you already placed your tile this turn", "one tile a turn")
    if m == OFF:
        return _rule("your monk is not on the board", "start from an edge space")
    if action[1] not in s.hands[seat]:
        return _rule(f"{tile_name(action[1])} is not in your hand", "place a tile from your hand")
    sq = B.front_square(s, seat)
    blocked = [TANUKI_NAMES[i] for i in range(2) if s.tanuki[i] == sq]
    if blocked:
        if s.shiitake[seat] < DISTRACT_PRICE:
            return _rule(
                f"the {blocked[0]} tanuki sits on {square_name(sq)} where your tile must go, and "
                f"chasing it off costs {DISTRACT_PRICE} shiitake (you have {s.shiitake[seat]})",
                "a tanuki in the way",
            )
        return _rule(
            f"the {blocked[0]} tanuki sits on {square_name(sq)} where your tile must go: distract "
            "it for 2 shiitake or pass",
            "a tanuki in the way",
        )
    if s.board[sq] == ROCK:
        return _rule(
            f"{square_name(sq)}, where your tile must go, is a rock garden: no tile may be placed "
            "there until it is cleared off the board (Clear the Path)",
            "Rock Garden",
        )
    if s.board[sq] != EMPTY:
        if m >= EDGE_BASE:
            return _rule(f"{square_name(sq)} already holds a tile: enter 1 or enter 2", "start")
        return _rule(f"{square_name(sq)} is not empty", "a tile extends your path")
    if m >= EDGE_BASE and action[3] not in (1, 2):
        return _rule(
            "say which end of your edge space you walk in by: end 1 or end 2 (end 1 is the one "
            "met first going clockwise round the garden)",
            "first move",
        )
    if m < EDGE_BASE and action[3] != 0:
        return _rule("only a monk on an edge space chooses an end", "first move")
    return f"placing {tile_name(action[1])} is not possible now"


def _play(s: TanukiState, action: Action, seat: int) -> str:
    if not s.master:
        return _rule("the Garden Master expansion is not in play", "Garden Master")
    if len(action) < 2 or action[1] not in GM.PLAYABLE_IN:
        return "name a Garden Master card to play, e.g. play fast"
    key = action[1]
    if s.card_used:
        return _rule("you already played a card this turn", "one card a turn")
    if not GM.holds(s, seat, key):
        return _rule(f"you hold no {CARD_TITLES[key]}", "play only cards in your hand")
    if s.phase not in GM.PLAYABLE_IN[key]:
        return _rule(f"{CARD_TITLES[key]} cannot be played now", "card timing")
    why = _target(s, action, seat, key)
    return _rule(why or f"{CARD_TITLES[key]} cannot be played like that here", CARD_TITLES[key])


def _square_arg(value: Any) -> bool:
    return _is_int(value, 0, SQUARES - 1)


def _target(s: TanukiState, action: Action, seat: int, key: str) -> str | None:
    """What is wrong with the card's target here, or ``None`` when nothing specific is."""
    args = action[2:]
    taken = GM.occupied(s)
    if key == "move" and len(args) == 2 and _is_int(args[0], 0, 1):
        if s.tanuki[args[0]] < 0:
            return f"the {TANUKI_NAMES[args[0]]} tanuki is off the board"
        return "move a tanuki north, east, south or west"
    if key == "stroll" and s.placed:
        return "play Speed Stroll before your first tile"
    if key == "robber" and len(args) == 1 and _is_int(args[0], 0, len(s.players) - 1):
        other = args[0]
        if other == seat:
            return "rob an opponent, not yourself"
        if not set(s.trail[seat]).intersection(s.trail[other]):
            return f"your path and {s.players[other]}'s never crossed"
        return f"{s.players[other]} has no shiitake to steal"
    if key == "trap" and len(args) == 1 and _square_arg(args[0]):
        here = s.monk_square(seat)
        if here < 0 or args[0] not in AROUND[here]:
            return f"{square_name(args[0])} is not next to your monk"
        return f"{square_name(args[0])} already holds a tanuki or a trap"
    if key == "repellant":
        return "no tanuki blocks your path"
    if key == "bait" and len(args) == 3 and _is_int(args[0], 0, len(s.players) - 1):
        other, a, b = args
        there = s.monk_square(other)
        if other == seat or there < 0:
            return "bait the tanuki next to an opponent's monk on the board"
        for sq in (a, b):
            if not _square_arg(sq) or sq not in AROUND[there] or sq == there:
                return f"both squares must be next to {s.players[other]}'s monk"
            if sq in taken or sq in s.tanuki or s.board[sq] == ROCK:
                return f"{square_name(sq)} is not unoccupied"
        return "name two different squares: the blue tanuki's, then the gold one's"
    if key == "pilfer":
        return _pilfer(s, args, seat)
    if key == "clear":
        return "there is no tile or rock garden without a monk to clear"
    if key == "shift" and len(args) == 2 and _square_arg(args[0]):
        if s.board[args[0]] < 0:
            return f"there is no tile on {square_name(args[0])}"
        if args[0] in taken:
            return f"a monk stands on {square_name(args[0])}"
        return "turn the tile by r90, r180 or r270"
    if key == "rock" and len(args) == 1 and _square_arg(args[0]):
        sq = args[0]
        if s.board.count(ROCK) >= ROCKS:
            return "all 4 rock gardens are on the board"
        if sq in taken or sq in s.tanuki or s.board[sq] == ROCK:
            return f"{square_name(sq)} is not unoccupied"
        return f"{square_name(sq)} lies directly in front of another player's path"
    return None


def _pilfer(s: TanukiState, args: tuple[Any, ...], seat: int) -> str:
    """What is wrong with the opponents named for Pilfer Shiitake."""
    victims = GM.pilfer_victims(s, seat)
    choice = s.rules >= 2 and len(victims) > GM.PILFER_MOST
    if not choice:
        if args:
            return "play pilfer alone: it takes 1 from each opponent who has any"
        return "Pilfer Shiitake cannot be played now"
    names = seat_list(s.players, victims)
    if len(args) != GM.PILFER_MOST:
        return f"name 3 opponents by seat number to take 1 shiitake from each (any 3 of {names})"
    for o in args:
        if not _is_int(o, 0, len(s.players) - 1) or o == seat:
            return "take from opponents, not from yourself"
        if o not in victims:
            return f"{s.players[o]} has no shiitake to take"
    return "name 3 different opponents"
