"""Action notation: short typeable text for every action, and back. See :data:`HELP`.

Tiles are named ``t1``..``t85`` (:mod:`.components`), places are signed ``x,y`` from the start
tile (x rightwards, y downwards), turns ``r0`` / ``r180`` and seats are numbered from 1 in turn
order, as people count them everywhere (``throw 1`` is at the first player; the action tuple holds
the 0-based index). Case and spaces around the comma are ignored; ``r0`` may be left out.

Where a seat number goes, a player's name is read too (``throw Bob``, ``give t7 to Ann``): the
exact name, in any case. A seat number of the table is always read as a seat number, even
where a player is named ``2``; a name two seats share is refused, asking for the seat number.
Actions are always written with seat numbers (:func:`format_action`), so saves keep their
notation.
"""

from __future__ import annotations

import re

from gardens_tui.rules.base import Action, IllegalAction
from gardens_tui.rules.safe_text import name_key, quoted
from gardens_tui.rules.throw_octopus.components import tile_id, tile_name
from gardens_tui.rules.throw_octopus.dodge import HIT_REASONS
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.rules.words import seats_are

HELP = """\
Throw Octopus! notation (tiles t1..t85; places x,y from the start tile, x right, y down):
  play t42 at -1,2 r180     play tile t42 at -1,2 turned 180° (r0: upright, may be omitted)
  draw | pass               no tile fits: draw one (your turn ends) or, on a bonus turn or with
                            the pile empty, pass
  touch t12 to 3,0 r0       Magic Touch: move t12 from the seascape to 3,0
  throw 2 | throw Bob       Throw Octopus: throw at seat 2, or at a player by name (seat 1
                            plays first; `show` lists the players with their seat numbers)
  dodge | hit | roll        the target of a throw: dodged in time, not in time (hit), or let
                            the hit chance decide
  hit late|wrong|taken      a hit with its reason: too late, a wrong key, or taken (Esc)
  swap t9 | keep            Tide Swap: swap t9 with the top of the pile, or keep your tiles
  give t7 to 2              Gift from the Deep: give t7 to seat 2 (or: give t7 to Ann)
  start t5 | discard t5     solo: choose the start tile; no tile fits: discard t5 and draw
"""

MAX_COORD = 200
"""The farthest place from the start tile the notation reads (85 tiles reach 84)."""

_PLACE = re.compile(r"^(t[0-9]+) (at|to) (-?[0-9]{1,4}),(-?[0-9]{1,4})(?: r([0-9]{1,3}))?$")


def format_action(action: Action) -> str:
    """The notation of an action tuple (see :data:`HELP`)."""
    verb = action[0]
    if verb in ("play", "touch"):
        word = "at" if verb == "play" else "to"
        return f"{verb} {tile_name(action[1])} {word} {action[2]},{action[3]} r{action[4]}"
    if verb in ("draw", "pass", "dodge", "hit", "roll", "keep") and len(action) == 1:
        return str(verb)
    if verb == "hit" and len(action) == 2 and action[1] in HIT_REASONS:
        return f"hit {action[1]}"
    if verb == "throw":
        return f"throw {action[1] + 1}"
    if verb in ("swap", "start", "discard"):
        return f"{verb} {tile_name(action[1])}"
    if verb == "give":
        return f"give {tile_name(action[1])} to {action[2] + 1}"
    raise ValueError(f"not an action of Throw Octopus!: {action!r}")


def _tile(state: ThrowState, word: str) -> int:
    tile = tile_id(word, state.tile_list)
    if tile is None:
        raise IllegalAction(f"{quoted(word)} is not a tile: t1 to t85")
    return tile


def _normalise(text: str) -> str:
    """``text`` as :func:`parse_action` reads it: lower case, single spaces, no spaces around
    commas (a player's name is compared in this form too)."""
    return re.sub(r"\s*,\s*", ",", " ".join(text.strip().lower().split()))


def _seat(state: ThrowState, word: str) -> int:
    """The 0-based index of the seat ``word`` names: its number, else a player's exact name in
    any case. A seat number of this table wins over a name; a name two seats share is refused.
    Another number 1-5 is read as a seat (whether the table has it is a question of legality,
    answered by the refusal) unless it is a player's name."""
    number = len(word) == 1 and word in "12345"
    if number and int(word) <= len(state.players):
        return int(word) - 1
    key = name_key(word)
    named = [i for i, name in enumerate(state.players) if name_key(_normalise(name)) == key]
    if len(named) == 1:
        return named[0]
    if number and not named:
        return int(word) - 1
    if named:
        numbers = " or ".join(str(i + 1) for i in named)
        raise IllegalAction(
            f"{quoted(word)} names more than one player: say the seat number ({numbers})"
        )
    raise IllegalAction(
        f"{quoted(word)} is not a seat number or a player's name: {seats_are(state.players)}"
    )


def parse_action(state: ThrowState, text: str) -> Action:
    """The action ``text`` names (see :data:`HELP`); :class:`IllegalAction` if it is not
    notation of this game. Legality is not checked here."""
    norm = _normalise(text)
    words = norm.split(" ")
    verb, rest = words[0], words[1:]
    if not verb:
        raise IllegalAction("empty action: try 'play t42 at 1,0 r0'")
    if verb in ("play", "touch"):
        match = _PLACE.match(" ".join(rest))
        word = "at" if verb == "play" else "to"
        if match is None or match.group(2) != word:
            raise IllegalAction(f"{verb} what where? e.g. {verb} t42 {word} -1,2 r180")
        tile = _tile(state, match.group(1))
        x, y = int(match.group(3)), int(match.group(4))
        if abs(x) > MAX_COORD or abs(y) > MAX_COORD:
            raise IllegalAction(f"{x},{y} is too far from the start tile")
        rotation = int(match.group(5) or 0)
        if rotation not in (0, 90, 180, 270):
            raise IllegalAction(f"r{rotation} is not a turn: r0 or r180")
        return (verb, tile, x, y, rotation)
    if verb == "hit" and rest:
        if len(rest) != 1 or rest[0] not in HIT_REASONS:
            raise IllegalAction(
                f"hit takes nothing after it, or one reason: {', '.join(HIT_REASONS)}"
            )
        return ("hit", rest[0])
    if verb in ("draw", "pass", "dodge", "hit", "roll", "keep"):
        if rest:
            raise IllegalAction(f"{verb} takes nothing after it")
        return (verb,)
    if verb == "throw":
        if not rest:
            raise IllegalAction("throw at whom? e.g. throw 2 or throw Bob")
        return ("throw", _seat(state, " ".join(rest)))
    if verb in ("swap", "start", "discard"):
        if len(rest) != 1:
            raise IllegalAction(f"{verb} which tile? e.g. {verb} t9")
        return (verb, _tile(state, rest[0]))
    if verb == "give":
        if len(rest) < 3 or rest[1] != "to":
            raise IllegalAction("give which tile to whom? e.g. give t7 to 2 or give t7 to Ann")
        return ("give", _tile(state, rest[0]), _seat(state, " ".join(rest[2:])))
    raise IllegalAction(
        f"{quoted(verb)} is not a verb of Throw Octopus!: play, draw, pass, touch, throw, dodge, "
        "hit, roll, swap, keep, give, start or discard"
    )
