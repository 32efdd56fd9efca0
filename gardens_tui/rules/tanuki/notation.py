"""Action notation: short typeable text for every action, and back. See :data:`HELP`.

Tiles are named by their number in the documented 64-tile list (``t17``, see
:mod:`.components`), never by a place in the hand; squares ``a1``..``f6``; edge spaces
``edge n1``..``edge w6`` (always after the word ``edge``); rotations ``r0``/``r90``/``r180``/
``r270``; the tanuki ``blue``/``gold``; directions ``north``/``east``/``south``/``west`` (or
their die faces 1-4); seats in card plays by their number, counted from 1 in turn order as people
count them everywhere (``play robber 1`` robs the first player; the action tuple holds the 0-based
index). Case and extra spaces are ignored.

``place ... end 1|2`` and ``enter 1|2`` number the two ends of the monk's edge space: end 1 is
the one met first going clockwise round the garden (the left end on the north edge, the top
one on the east edge, the right one on the south edge, the bottom one on the west edge). These
numbers are the notation saves are written in and stay as they are (issue 26 renamed only what
people read: a tile's path ends are never written as a side letter and a digit).
"""

from __future__ import annotations

from gardens_tui.rules.base import Action, IllegalAction
from gardens_tui.rules.safe_text import quoted, whole_number
from gardens_tui.rules.tanuki.components import (
    DIRECTION_NAMES,
    TANUKI_NAMES,
    edge_name,
    parse_edge,
    parse_square,
    parse_tile,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.rules.words import seats_are

HELP = """\
Tanuki in the Garden notation (tiles t1..t64, squares a1..f6, edge spaces edge n1..edge w6):
  edge n3                      start your monk on edge n3 (the edge space north of c1)
  roll                         (Garden Master) roll the tanuki dice
  steer blue west              a 5 for the blue tanuki: send it west (north/east/south/west)
  place t17 r90                place tile t17 turned 90 degrees where your path points
  place t17 r90 end 2          the same from an edge space, walking in by its end 2 (below)
  enter 1                      a monk on an edge space with a tile beside it walks in by end 1
  distract gold                pay 2 shiitake to chase the gold tanuki out of your way
  pass                         place no tile this turn
  discard t17                  discard t17 for crossing an ashi-magari on another's turn
  buy | end                    (Garden Master) buy a card for 2 shiitake, or end the turn
  repel | let                  (Garden Master) play Tanuki Repellant on a tanuki coming at you
  cancel | allow               (Garden Master) cancel a card with The Best Offense, or not
  clear c4 | done              Clear the Path: clear c4, or stop
  play move blue north | play fast | play dens | play escape | play pilfer | play harvest
  play robber 2 | play trap c4 | play repellant gold | play stroll
  play clear | play shift c4 r90 | play rock c4      (Garden Master cards)
  play pilfer 2 4 5            Pilfer Shiitake from seats 2, 4 and 5 (when more than 3
                               opponents have shiitake, you name the 3)
  play bait 2 c3 d4            Tanuki Bait next to seat 2's monk: blue tanuki to c3, gold to d4
A card names a player by seat number: seat 1 plays first, and `show` lists the players with
their seat numbers (the monks on the board carry them too).
Edge spaces: edge n1..edge n6 lie north of a1..f1, edge e1..edge e6 east of f1..f6,
edge s1..edge s6 south of a6..f6 and edge w1..edge w6 west of a1..a6. An edge space touches
two path ends of its square: end 1 is the one met first going clockwise round the garden,
end 2 the other. So end 1 / end 2 is the left / right end on the north edge, the top / bottom
end on the east edge, the right / left end on the south edge and the bottom / top end on the
west edge. Elsewhere a tile's paths are named by the sides they join ("north to east").
"""

_SIMPLE = ("roll", "repel", "let", "pass", "cancel", "allow", "done", "buy", "end")
_NO_ARGS = ("fast", "dens", "escape", "harvest", "stroll", "clear")
_DIRECTIONS = {name: d for d, name in DIRECTION_NAMES.items()}


def format_action(action: Action) -> str:
    """The notation of an action tuple (see :data:`HELP`)."""
    verb = action[0]
    if verb in _SIMPLE:
        return str(verb)
    if verb == "edge":
        return f"edge {edge_name(action[1])}"
    if verb == "steer":
        return f"steer {TANUKI_NAMES[action[1]]} {DIRECTION_NAMES[action[2]]}"
    if verb == "place":
        _, tile, rot, end = action
        text = f"place {tile_name(tile)} r{rot * 90}"
        return text + (f" end {end}" if end else "")
    if verb == "enter":
        return f"enter {action[1]}"
    if verb == "distract":
        return f"distract {TANUKI_NAMES[action[1]]}"
    if verb in ("discard",):
        return f"discard {tile_name(action[1])}"
    if verb == "clear":
        return f"clear {square_name(action[1])}"
    if verb == "play":
        key, args = action[1], action[2:]
        if key in _NO_ARGS:
            return f"play {key}"
        if key == "move":
            return f"play move {TANUKI_NAMES[args[0]]} {DIRECTION_NAMES[args[1]]}"
        if key == "pilfer":
            return " ".join(["play pilfer", *(str(seat + 1) for seat in args)])
        if key == "robber":
            return f"play robber {args[0] + 1}"
        if key in ("trap", "rock"):
            return f"play {key} {square_name(args[0])}"
        if key == "repellant":
            return f"play repellant {TANUKI_NAMES[args[0]]}"
        if key == "bait":
            return f"play bait {args[0] + 1} {square_name(args[1])} {square_name(args[2])}"
        if key == "shift":
            return f"play shift {square_name(args[0])} r{args[1] * 90}"
    raise ValueError(f"not an action of Tanuki in the Garden: {action!r}")


def _tile(word: str) -> int:
    tile = parse_tile(word)
    if tile is None:
        raise IllegalAction(f"{quoted(word)} is not a tile: t1 to t64")
    return tile


def _square(word: str) -> int:
    sq = parse_square(word)
    if sq is None:
        raise IllegalAction(f"{quoted(word)} is not a square: a column a-f and a row 1-6, e.g. c4")
    return sq


def _tanuki(word: str) -> int:
    if word not in TANUKI_NAMES:
        raise IllegalAction(f"{quoted(word)} is not a tanuki: blue or gold")
    return TANUKI_NAMES.index(word)


def _direction(word: str) -> int:
    if word in _DIRECTIONS:
        return _DIRECTIONS[word]
    if word in ("n", "e", "s", "w"):
        return "nesw".index(word) + 1
    number = whole_number(word)
    if number is not None and 1 <= number <= 4:
        return number
    raise IllegalAction(f"{quoted(word)} is not a direction: north, east, south or west")


def _rotation(word: str) -> int:
    if word.startswith("r"):
        word = word[1:]
    number = whole_number(word)
    if number is None or number not in (0, 90, 180, 270):
        raise IllegalAction(f"{quoted(word)} is not a rotation: r0, r90, r180 or r270")
    return number // 90


def _seat(word: str, state: TanukiState) -> int:
    """The 0-based index of the seat numbered ``word`` (1 to the number of players)."""
    number = whole_number(word)
    if number is None or not 1 <= number <= len(state.players):
        raise IllegalAction(f"{quoted(word)} is not a seat: {seats_are(state.players)}")
    return number - 1


def _count(rest: list[str], n: int, example: str) -> None:
    if len(rest) != n:
        raise IllegalAction(f"expected {example}")


def _play(state: TanukiState, rest: list[str]) -> Action:
    if not rest:
        raise IllegalAction("play which card? e.g. play fast")
    key, args = rest[0], rest[1:]
    if key in _NO_ARGS:
        _count(args, 0, f"play {key} with nothing after it")
        return ("play", key)
    if key == "move":
        _count(args, 2, "play move blue north")
        return ("play", key, _tanuki(args[0]), _direction(args[1]))
    if key == "pilfer":
        if len(args) > 3:
            raise IllegalAction("Pilfer Shiitake takes from at most 3 opponents: play pilfer 2 4 5")
        seats = sorted(_seat(word, state) for word in args)
        if len(set(seats)) != len(seats):
            raise IllegalAction("Pilfer Shiitake takes no more than 1 from any one opponent")
        return ("play", key, *seats)
    if key == "robber":
        _count(args, 1, "play robber 2 (a seat number)")
        return ("play", key, _seat(args[0], state))
    if key in ("trap", "rock"):
        _count(args, 1, f"play {key} c4")
        return ("play", key, _square(args[0]))
    if key == "repellant":
        _count(args, 1, "play repellant blue")
        return ("play", key, _tanuki(args[0]))
    if key == "bait":
        _count(args, 3, "play bait 2 c3 d4 (a seat and two squares)")
        return ("play", key, _seat(args[0], state), _square(args[1]), _square(args[2]))
    if key == "shift":
        _count(args, 2, "play shift c4 r90")
        rot = _rotation(args[1])
        if rot == 0:
            raise IllegalAction("Shifting Paths turns a tile by r90, r180 or r270")
        return ("play", key, _square(args[0]), rot)
    raise IllegalAction(
        f"{quoted(key)} is not a Garden Master card to play: move, fast, dens, escape, pilfer, "
        "harvest, robber, trap, repellant, bait, stroll, clear, shift or rock"
    )


def parse_action(state: TanukiState, text: str) -> Action:
    """The action ``text`` names (see :data:`HELP`); :class:`IllegalAction` if it is not
    notation of this game. Legality is not checked here."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action: try 'place t17 r90' or 'pass'")
    verb, rest = words[0], words[1:]
    if verb in _SIMPLE:
        if rest:
            raise IllegalAction(f"{verb} takes nothing after it")
        return (verb,)
    if verb == "edge":
        _count(rest, 1, "edge n3 (a side n, e, s or w and 1-6)")
        edge = parse_edge(rest[0])
        if edge is None:
            raise IllegalAction(
                f"{quoted(rest[0])} is not an edge space: after edge a side n, e, s or w and "
                "a column or row 1-6, e.g. edge n3"
            )
        return ("edge", edge)
    if verb == "steer":
        _count(rest, 2, "steer blue west")
        return ("steer", _tanuki(rest[0]), _direction(rest[1]))
    if verb == "place":
        if len(rest) not in (2, 4):
            raise IllegalAction("expected place t17 r90 (and end 1 or end 2 from an edge space)")
        end = 0
        if len(rest) == 4:
            if rest[2] != "end" or rest[3] not in ("1", "2"):
                raise IllegalAction(
                    "after the rotation say end 1 or end 2 (end 1: the end of your edge space met "
                    "first going clockwise round the garden)"
                )
            end = int(rest[3])
        return ("place", _tile(rest[0]), _rotation(rest[1]), end)
    if verb == "enter":
        _count(rest, 1, "enter 1 or enter 2")
        if rest[0] not in ("1", "2"):
            raise IllegalAction(
                f"{quoted(rest[0])} is not an end of the edge space: 1 (the end met first "
                "going clockwise round the garden) or 2"
            )
        return ("enter", int(rest[0]))
    if verb == "distract":
        _count(rest, 1, "distract blue or distract gold")
        return ("distract", _tanuki(rest[0]))
    if verb == "discard":
        _count(rest, 1, "discard t17")
        return ("discard", _tile(rest[0]))
    if verb == "clear":
        _count(rest, 1, "clear c4")
        return ("clear", _square(rest[0]))
    if verb == "play":
        return _play(state, rest)
    raise IllegalAction(
        f"{quoted(verb)} is not a verb of Tanuki in the Garden: edge, roll, steer, place, enter, "
        "distract, pass, discard, buy, end, repel, let, cancel, allow, clear, done or play"
    )
