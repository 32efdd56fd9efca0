"""Small helpers for player-facing English: possessives, counted nouns and seat numbers.

Texts built from player names must read right for any name, including a seat called "You"
(the app's default for the human player): ``possessive("Ann")`` is ``"Ann's"``,
``possessive("Jess")`` is ``"Jess's"`` and ``possessive("You")`` is ``"Your"``. Sentences about a
player avoid present-tense verbs that change with the subject ("Ann has" / "You have"): they use
the past tense or name the player in a possessive instead.

Seats as people read and type them are numbered from 1 in turn order (seat 1 plays first), in
every text, notation, prompt, error message and the command line's ``--seat``; seat indices in
code and in JSON count from 0. :func:`seat_number` is the one place that turns the one into the
other, and :func:`seat_label` / :func:`seat_list` name a seat with its number where a person
must type that number. Prose prefers the name alone ("Ann to decide").

Pure Python, standard library only (like the rest of :mod:`gardens_tui.rules`).
"""

from __future__ import annotations

from collections.abc import Sequence


def possessive(name: str) -> str:
    """``name`` as an owner: ``"Ann's"``, ``"Jess's"``; the name "You" (any case) → ``"Your"``."""
    if name.casefold() == "you":
        return name + ("R" if name.isupper() else "r")
    return name + "'s"


def does(name: str, verb: str) -> str:
    """``name`` doing ``verb`` (given in its plain form) in the present: ``"Ann wins"``,
    ``"Bob passes"``, ``"Cleo has"``; the name "You" (any case) → ``"You win"``."""
    if name.casefold() == "you":
        return f"{name} {verb}"
    if verb == "have":
        return f"{name} has"
    if verb.endswith(("s", "x", "z", "ch", "sh", "o")):
        return f"{name} {verb}es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return f"{name} {verb[:-1]}ies"
    return f"{name} {verb}s"


def plural(noun: str) -> str:
    """The regular plural of ``noun`` (``pearl`` → ``pearls``, ``pass`` → ``passes``)."""
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def count(number: int, noun: str, many: str | None = None) -> str:
    """``number`` and ``noun``, plural unless the number is one or minus one: ``1 pearl``,
    ``2 pearls``, ``0 pearls``, ``-1 pt``. ``many`` gives an irregular plural."""
    if abs(number) == 1:
        return f"{number} {noun}"
    return f"{number} {many if many is not None else plural(noun)}"


def join_and(words: list[str], empty: str = "nothing", last: str = "and") -> str:
    """``"a, b and c"`` (``last="or"``: ``"a, b or c"``); ``empty`` for no words."""
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def seat_number(seat: int) -> int:
    """The number people read and type for the seat at index ``seat`` (0-based in code and
    JSON): seat index 0 is seat 1, the first player in turn order."""
    return seat + 1


def seat_label(name: str, seat: int) -> str:
    """A player with the number to type for them: ``seat_label("Cleo", 2)`` is
    ``"Cleo (seat 3)"`` (``seat`` is the 0-based index)."""
    return f"{name} (seat {seat_number(seat)})"


def seat_list(players: Sequence[str], seats: Sequence[int] | None = None) -> str:
    """``"Ann (seat 1), Bob (seat 2) and Cleo (seat 3)"``: the players at the 0-based indices
    ``seats`` (all of them, in turn order, by default), each with its seat number."""
    chosen = range(len(players)) if seats is None else seats
    return join_and([seat_label(players[i], i) for i in chosen])


def seats_are(players: Sequence[str]) -> str:
    """Every seat with its number, for a message about a seat number that is not one:
    ``"the seats are Ann (seat 1), Bob (seat 2) and Cleo (seat 3)"`` (``"the only seat is Ann
    (seat 1)"`` in a one-player game)."""
    if len(players) == 1:
        return f"the only seat is {seat_list(players)}"
    return f"the seats are {seat_list(players)}"


__all__ = [
    "count",
    "join_and",
    "plural",
    "possessive",
    "seat_label",
    "seat_list",
    "seat_number",
    "seats_are",
]
