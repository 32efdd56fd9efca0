"""Action notation: short typeable text for every action, and back.

Display cards are a row letter and a place in that row (``a1``..``c8``); mat columns are 1..9.
See :data:`HELP`. ``parse_action`` accepts everything ``format_action`` writes, plus a column
number instead of ``left`` / ``right`` (``take b2 4``, ``take b2 col 4``), which needs the
position to be understood. Case and extra spaces are ignored; ``canary-palm``, ``canary`` and
``canary palm`` are read as ``palm``. Words after a complete action are refused as unexpected.
"""

from __future__ import annotations

from gardens_tui.rules.base import Action, IllegalAction
from gardens_tui.rules.safe_text import quoted, whole_number
from gardens_tui.rules.the_gardens.components import COLUMNS, DECKS, SPECIES
from gardens_tui.rules.the_gardens.mat import placement
from gardens_tui.rules.the_gardens.state import GardensState

HELP = """\
The Gardens notation (display cards a1..c8: row letter and place; mat columns 1..9):
  take b2 left | take b2 right   take display card b2 and place it at the left or right end of
                                 row B (next to the Central Board or the outermost card)
  take b2 4                      the same, naming the mat column the card goes to
  return b                       State Library: send row B's visitor back to the Central Board
  reserve a3 | skip              Fort Denison: reserve display card a3 this round, or do not
  species wattle                 Moreton Bay Fig: choose wattle, bottlebrush, jacaranda or palm
"""


def _card(row: int, slot: int) -> str:
    return f"{DECKS[row].lower()}{slot + 1}"


def format_action(action: Action) -> str:
    """The notation of an action tuple (see :data:`HELP`)."""
    verb = action[0]
    if verb == "take":
        return f"take {_card(action[1], action[2])} {action[3]}"
    if verb == "return":
        return f"return {DECKS[action[1]].lower()}"
    if verb == "reserve":
        return f"reserve {_card(action[1], action[2])}"
    if verb == "species":
        return f"species {action[1]}"
    if verb == "skip":
        return "skip"
    raise ValueError(f"not an action of The Gardens: {action!r}")


def _parse_card(word: str) -> tuple[int, int]:
    """``"b2"`` → (1, 1); :class:`IllegalAction` if it names no display place."""
    if len(word) < 2 or word[0] not in "abc":
        raise IllegalAction(
            f"{quoted(word)} is not a display card: a row letter a-c and a place, e.g. b2"
        )
    place = whole_number(word[1:])
    if place is None or not 1 <= place <= 8:
        raise IllegalAction(
            f"{quoted(word)} is not a display card: the place after the row letter is 1-8"
        )
    return "abc".index(word[0]), place - 1


def _parse_row(word: str) -> int:
    if word not in ("a", "b", "c"):
        raise IllegalAction(f"{quoted(word)} is not a row: a, b or c")
    return "abc".index(word)


def _nothing_after(words: list[str], done: int) -> None:
    """:class:`IllegalAction` if ``words`` go on after the complete action ``words[:done]``:
    ``unexpected 'extra' after 'take a1 left'``."""
    if len(words) > done:
        raise IllegalAction(
            f"unexpected {quoted(words[done])} after {quoted(' '.join(words[:done]))}"
        )


def _side(state: GardensState, row: int, words: list[str]) -> str:
    """The side ``take``'s ``words`` name (``["take", "b2", "left"]``, or a column instead of
    ``left``, maybe after ``col``)."""
    at = 3 if words[2:3] in (["col"], ["column"]) else 2
    if len(words) <= at:
        raise IllegalAction("say where the card goes: left, right or a column 1-9")
    word = words[at]
    column = whole_number(word)
    if column is None and word not in ("left", "right", "l", "r"):
        raise IllegalAction(f"{quoted(word)} is not a side or a column: left, right or 1-9")
    _nothing_after(words, at + 1)
    if column is None:
        return "left" if word in ("left", "l") else "right"
    if not 1 <= column <= COLUMNS:
        raise IllegalAction(f"column {column} is off the mat (columns 1-{COLUMNS})")
    seat = state.active
    mat = state.mats[seat]
    left, right = placement(mat, row, "left"), placement(mat, row, "right")
    if column - 1 == left:
        return "left"
    if column - 1 == right:
        return "right"
    ends = [f"{c + 1} ({name})" for c, name in ((left, "left"), (right, "right")) if c >= 0]
    where = " or ".join(ends) or "nowhere: the row is full"
    raise IllegalAction(
        f"a card in row {DECKS[row]} goes next to its outermost card: column {where}, "
        f"not {column} (rule: no gaps in a row)"
    )


def parse_action(state: GardensState, text: str) -> Action:
    """The action ``text`` names (see :data:`HELP`); :class:`IllegalAction` if it is not
    notation of this game. Legality is not checked here."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action: try 'take b2 left'")
    verb, rest = words[0], words[1:]
    if verb == "take":
        if not rest:
            raise IllegalAction("take which card? e.g. take b2 left")
        row, slot = _parse_card(rest[0])
        return ("take", row, slot, _side(state, row, words))
    if verb == "return":
        if not rest:
            raise IllegalAction("return which visitor? return a, return b or return c")
        visitor = _parse_row(rest[0])
        _nothing_after(words, 2)
        return ("return", visitor)
    if verb == "reserve":
        if not rest:
            raise IllegalAction("reserve which card? e.g. reserve b2")
        row, slot = _parse_card(rest[0])
        _nothing_after(words, 2)
        return ("reserve", row, slot)
    if verb == "skip":
        if rest:
            raise IllegalAction("skip takes nothing after it")
        return ("skip",)
    if verb == "species":
        if not rest:
            raise IllegalAction("species which? wattle, bottlebrush, jacaranda or palm")
        name = "palm" if rest[0] in ("canary-palm", "canary") else rest[0]
        if name not in SPECIES:
            raise IllegalAction(
                f"{quoted(rest[0])} is not a species: wattle, bottlebrush, jacaranda or palm"
            )
        _nothing_after(words, 3 if rest[:2] == ["canary", "palm"] else 2)
        return ("species", name)
    raise IllegalAction(
        f"{quoted(verb)} is not a verb of The Gardens: take, return, reserve, skip or species"
    )
