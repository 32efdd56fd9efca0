"""Action notation: short typeable text for every action, and back.

Garden spaces are a row letter and a position (``a1``..``e4``); market spaces are ``m1``..``m9``
(reading order); lines are ``row 1``..``row 3`` and ``col 1``..``col 3``. See :data:`HELP`.
``parse`` accepts everything ``format_action`` writes, plus a few conveniences that need the
position to be understood: ``move c3 c4`` without the animal's name when only one kind of animal
there can make that move, ``plant c3`` when the hand holds one kind of token, and ``column`` for
``col``. Case and extra spaces are ignored.
"""

from __future__ import annotations

from gardens_tui.rules.base import Action, IllegalAction
from gardens_tui.rules.octopus_garden.animals import PIECES
from gardens_tui.rules.octopus_garden.board import (
    cell_name,
    market_name,
    parse_cell,
    parse_market,
)
from gardens_tui.rules.octopus_garden.components import CODES, NAMES
from gardens_tui.rules.octopus_garden.engine import legal_actions
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.rules.safe_text import whole_number

HELP = """\
Octopus's Garden notation (garden spaces a1..e4, rows a-e of 4-5-6-5-4; market spaces m1..m9):
  buy row 2 | buy col 3     buy a market row or column (1-3, top to bottom / left to right)
  oyster                    attract an oyster from the oyster bed
  pass m5                   pass, returning the tile on m5 to the bag (plain "pass" if none)
  release                   throw your waiting shark back into the bag
  lionfish m5 | skip        lionfish: pay 1 pearl to discard the tile on m5, or skip
  treasure 0                open a treasure chest without paying (it is planted empty)
  treasure 3 keep|sell      pay 3 pearls, draw 3 tokens and keep or sell them
  plant coral c3            plant a token from your hand on a space (boxer: on an anemone)
  plant diver               send in the diver (clears trash and relics)
  discard trash             no room for everything: let a token leave the game
  return boxer              no anemone for the boxer crab: it goes back to the bag
  mimic c3 anemone|seagrass declare the mimic octopus on c3
  move star c3 c4           move an animal one space (star, crab, crab+shell, crab+trash, boxer)
  move crab+shell c3 c4 leave   move the crab and leave its home behind on c3
  coconut c3                use the coconut octopus on c3 (once per game)
  push c4 c5                coconut octopus: push everything on c4 to c5
  done                      end the animal phase (or the coconut octopus's pushing)
  refill m4                 put the drawn token on m4
  claim m7 | skip           put your shark on the tile on m7, or skip
"""


def format_action(action: Action) -> str:
    """The notation of an action tuple (see :data:`HELP`)."""
    verb = action[0]
    if verb in ("plant", "discard", "return"):
        if len(action) == 3:
            return f"plant {action[1]} {cell_name(action[2])}"
        return f"{verb} {action[1]}"
    if verb == "move":
        text = f"move {action[1]} {cell_name(action[2])} {cell_name(action[3])}"
        return text + " leave" if len(action) == 5 else text
    if verb == "buy":
        return f"buy {action[1]} {action[2]}"
    if verb in ("pass", "refill", "claim", "lionfish"):
        return verb if len(action) == 1 else f"{verb} {market_name(action[1])}"
    if verb == "push":
        return f"push {cell_name(action[1])} {cell_name(action[2])}"
    if verb == "mimic":
        return f"mimic {cell_name(action[1])} {action[2]}"
    if verb == "coconut":
        return f"coconut {cell_name(action[1])}"
    if verb == "treasure":
        return " ".join(str(part) for part in action)
    return " ".join(str(part) for part in action)


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction(
        f"not an Octopus's Garden action: {text!r} ({why}; the rules list the notation)"
    )


def _cell(word: str, text: str) -> int:
    cell = parse_cell(word)
    if cell is None:
        raise _bad(text, f"{word!r} is not a garden space a1..e4")
    return cell


def _space(word: str, text: str) -> int:
    space = parse_market(word)
    if space is None:
        raise _bad(text, f"{word!r} is not a market space m1..m9")
    return space


def parse_action(state: OctopusState, text: str) -> Action:
    """The action ``text`` names (legality is not checked). ``IllegalAction`` if it is no action."""
    words = text.strip().lower().split()
    if not words:
        raise _bad(text, "empty")
    verb, args = words[0], words[1:]
    n = len(args)
    if verb in ("oyster", "release", "skip", "done") and n == 0:
        return (verb,)
    if verb == "buy" and n == 2:
        axis = {"row": "row", "col": "col", "column": "col"}.get(args[0])
        if axis is None or args[1] not in ("1", "2", "3"):
            raise _bad(text, "buy row 1-3 or buy col 1-3")
        return ("buy", axis, int(args[1]))
    if verb in ("pass", "refill", "claim", "lionfish") and n == 1:
        return (verb, _space(args[0], text))
    if verb == "pass" and n == 0:
        return ("pass",)
    if verb == "treasure":
        k = whole_number(args[0]) if n >= 1 else None
        if k is not None:
            if k == 0 and n == 1:
                return ("treasure", 0)
            if k > 0 and n == 2 and args[1] in ("keep", "sell"):
                return ("treasure", k, args[1])
        raise _bad(text, "treasure 0, or treasure N keep / treasure N sell")
    if verb == "plant":
        if n == 2 and args[0] in CODES:
            return ("plant", args[0], _cell(args[1], text))
        if n == 1 and args[0] == "diver":
            return ("plant", "diver")
        if n == 1 and parse_cell(args[0]) is not None:
            kinds = sorted(set(state.hand))
            if len(kinds) == 1:
                return ("plant", NAMES[kinds[0]], _cell(args[0], text))
            raise _bad(text, "say which token to plant, e.g. 'plant coral c3'")
        raise _bad(text, "plant TOKEN SPACE, e.g. 'plant coral c3'")
    if verb in ("discard", "return") and n == 1 and args[0] in CODES:
        return (verb, args[0])
    if verb == "mimic" and n == 2 and args[1] in ("anemone", "seagrass"):
        return ("mimic", _cell(args[0], text), args[1])
    if verb == "coconut" and n == 1:
        return ("coconut", _cell(args[0], text))
    if verb == "push" and n == 2:
        return ("push", _cell(args[0], text), _cell(args[1], text))
    if verb == "move":
        return _parse_move(state, text, args)
    raise _bad(text, _USAGE.get(verb, "unknown action"))


_USAGE: dict[str, str] = {
    "oyster": "say just 'oyster'",
    "release": "say just 'release'",
    "skip": "say just 'skip'",
    "done": "say just 'done'",
    "pass": "pass m1..m9, or just 'pass' when no tile can be returned",
    "refill": "refill m1..m9",
    "claim": "claim m1..m9, or 'skip'",
    "lionfish": "lionfish m1..m9, or 'skip'",
    "discard": "discard TOKEN, e.g. 'discard trash'",
    "return": "return boxer",
    "mimic": "mimic SPACE anemone|seagrass, e.g. 'mimic c3 anemone'",
    "coconut": "coconut SPACE, e.g. 'coconut c3'",
    "push": "push FROM TO, e.g. 'push c4 c5'",
}
"""How each verb is written, for text that starts with a known verb but is no action."""


def _parse_move(state: OctopusState, text: str, args: list[str]) -> Action:
    leave = bool(args) and args[-1] == "leave"
    if leave:
        args = args[:-1]
    if len(args) == 3 and args[0] in PIECES:
        action: Action = ("move", args[0], _cell(args[1], text), _cell(args[2], text))
        return (*action, "leave") if leave else action
    if len(args) == 2:
        src, dst = _cell(args[0], text), _cell(args[1], text)
        found = {
            a[1]
            for a in legal_actions(state)
            if a[0] == "move" and a[2] == src and a[3] == dst and (len(a) == 5) == leave
        }
        if len(found) == 1:
            action = ("move", found.pop(), src, dst)
            return (*action, "leave") if leave else action
        if found:
            raise _bad(text, f"say which animal moves: {', '.join(sorted(found))}")
        piece = "crab" if leave else "star"
        action = ("move", piece, src, dst)
        return (*action, "leave") if leave else action
    raise _bad(text, "move ANIMAL FROM TO, e.g. 'move star c3 c4'")
