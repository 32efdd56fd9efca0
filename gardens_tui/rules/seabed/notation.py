"""Action notation: short typeable text for every action, and back. See :data:`HELP`.

Places are signed ``x,y`` from the start tile (x eastwards, y southwards), turns ``r0`` /
``r90`` / ``r180`` / ``r270`` clockwise, tiles by their slot in the
hand (``1`` or ``2``). Segments are named as in :mod:`.tiles` (``reef-n``, ``streak-e``,
``field``, ``seabed-ne``); any side or corner of the area is read, and :func:`parse_action`
turns it into the canonical name when the tile is on the seascape. Case and spaces around the
comma are ignored.

A placement must name its turn, ``r0`` too: ``place 1 at 1,0`` is refused ("turn missing")
rather than read as ``r0`` (issue 27: a forgotten turn would lay the tile the wrong way round
without a word). Every save writes the turn (:func:`format_action`), so no file changes.
"""

from __future__ import annotations

import re

from gardens_tui.rules.base import Action, IllegalAction
from gardens_tui.rules.safe_text import quoted
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import turned
from gardens_tui.rules.words import join_and

HELP = """\
Seabed Neighbours notation (places x,y from the start tile, x east, y south; tiles by slot):
  place 1 at 3,-2 r90       place hand tile 1 at 3,-2 turned 90° clockwise (table talk);
                            the turn is always written: r0, r90, r180 or r270
  propose 2 at 0,1 r0       propose a placement (propose and veto; also the counter-proposal)
  accept | veto             the partner answers a proposal
  choose mine | theirs      after a veto, the player whose turn it is picks a proposal
  flag 3,-2 seabed-ne       put a flag on a streak, reef or seabed area of the tile at 3,-2
  palace 3,-2 field         put a palace on a streak or field
  pass                      no flag or palace this time
  return 3,-2 streak-e      whirlpool: take that flag of your team back home
Segments: reef-n|e|s|w, streak-n|e|s|w, field, seabed-ne|se|sw|nw (any side or corner of it).
"""

MAX_COORD = 200
"""The farthest place from the start tile the notation reads (95 tiles reach 94)."""

_PLACE = re.compile(r"^([0-9]{1,2}) at (-?[0-9]{1,4}),(-?[0-9]{1,4})(?: r([0-9]{1,3}))?$")
_PIECE = re.compile(r"^(-?[0-9]{1,4}),(-?[0-9]{1,4}) ([a-z]+(?:-[a-z]{1,2})?)$")
_SEGMENT = re.compile(r"^(field|(reef|streak)-[nesw]|seabed-(ne|se|sw|nw))$")

_CELL = re.compile(r"^(-?[0-9]{1,4}),(-?[0-9]{1,4})(?: (.*))?$")
"""A flag's, palace's or return's place and whatever follows it (for the refusal)."""

VERBS = ("place", "propose", "accept", "veto", "choose", "flag", "palace", "pass", "return")


def format_action(action: Action) -> str:
    """The notation of an action tuple (see :data:`HELP`)."""
    verb = action[0]
    if verb in ("place", "propose") and len(action) == 5:
        return f"{verb} {action[1]} at {action[2]},{action[3]} r{action[4]}"
    if verb in ("accept", "veto", "pass") and len(action) == 1:
        return str(verb)
    if verb == "choose" and len(action) == 2:
        return f"choose {action[1]}"
    if verb in ("flag", "palace", "return") and len(action) == 4:
        return f"{verb} {action[1]},{action[2]} {action[3]}"
    raise ValueError(f"not an action of Seabed Neighbours: {action!r}")


def _coords(x_text: str, y_text: str) -> tuple[int, int]:
    x, y = int(x_text), int(y_text)
    if abs(x) > MAX_COORD or abs(y) > MAX_COORD:
        raise IllegalAction(f"{x},{y} is too far from the start tile")
    return x, y


def _segment_problem(state: SeabedState, verb: str, rest: str) -> str:
    """What to type instead of a flag, palace or return whose segment is missing or not a
    segment name: the segment names of the tile at the place given, when there is one."""
    generic = (
        f"{verb} where? e.g. {verb} 3,-2 seabed-ne (segments: reef-n, streak-e, field, "
        "seabed-sw ...)"
    )
    match = _CELL.match(rest)
    if match is None:
        return generic
    x, y, typed = int(match.group(1)), int(match.group(2)), match.group(3) or ""
    code = state.board.get((x, y))
    if code is None:
        return generic
    names = turned(code).names
    fitting = [
        n
        for n in names
        if (n.startswith(("streak", "field")) if verb == "palace" else n != "field")
    ]
    example = next((n for n in names if typed and n.startswith(typed)), (fitting or names)[0])
    what = f"{quoted(typed)} names no segment" if typed else f"{verb} {x},{y} needs a segment"
    return (
        f"{what}: the segments of the tile at {x},{y} are {join_and(list(names))} (e.g. "
        f"{verb} {x},{y} {example})"
    )


def parse_action(state: SeabedState, text: str) -> Action:
    """The action ``text`` names (see :data:`HELP`); :class:`IllegalAction` if it is not
    notation of this game. Legality is not checked here."""
    norm = re.sub(r"\s*,\s*", ",", " ".join(text.strip().lower().split()))
    words = norm.split(" ")
    verb, rest = words[0], " ".join(words[1:])
    if not verb:
        raise IllegalAction("empty action: try 'place 1 at 1,0 r0'")
    if verb in ("place", "propose"):
        match = _PLACE.match(rest)
        if match is None:
            raise IllegalAction(f"{verb} which tile where? e.g. {verb} 1 at 3,-2 r90")
        x, y = _coords(match.group(2), match.group(3))
        if match.group(4) is None:
            raise IllegalAction(
                f"turn missing: {verb} {match.group(1)} at {x},{y} r0 (or r90, r180, r270)"
            )
        degrees = int(match.group(4))
        if degrees not in (0, 90, 180, 270):
            raise IllegalAction(f"r{degrees} is not a turn: r0, r90, r180 or r270")
        return (verb, int(match.group(1)), x, y, degrees)
    if verb in ("accept", "veto", "pass"):
        if rest:
            raise IllegalAction(f"{verb} takes nothing after it")
        return (verb,)
    if verb == "choose":
        if rest not in ("mine", "theirs"):
            raise IllegalAction("choose mine or choose theirs")
        return ("choose", rest)
    if verb in ("flag", "palace", "return"):
        match = _PIECE.match(rest)
        if match is None or not _SEGMENT.match(match.group(3)):
            raise IllegalAction(_segment_problem(state, verb, rest))
        x, y = _coords(match.group(1), match.group(2))
        name = match.group(3)
        code = state.board.get((x, y))
        if code is not None:
            area = turned(code).by_name.get(name)
            if area is not None:
                name = turned(code).names[area]
        return (verb, x, y, name)
    raise IllegalAction(f"{quoted(verb)} is not a verb of Seabed Neighbours: " + ", ".join(VERBS))
