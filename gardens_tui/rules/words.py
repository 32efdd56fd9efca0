"""Small helpers for player-facing English: possessives and counted nouns.

Texts built from player names must read right for any name, including a seat called "You"
(the app's default for the human player): ``possessive("Ann")`` is ``"Ann's"``,
``possessive("Jess")`` is ``"Jess's"`` and ``possessive("You")`` is ``"Your"``. Sentences about a
player avoid present-tense verbs that change with the subject ("Ann has" / "You have"): they use
the past tense or name the player in a possessive instead.

Pure Python, standard library only (like the rest of :mod:`gardens_tui.rules`).
"""

from __future__ import annotations


def possessive(name: str) -> str:
    """``name`` as an owner: ``"Ann's"``, ``"Jess's"``; the name "You" (any case) → ``"Your"``."""
    if name.casefold() == "you":
        return name + ("R" if name.isupper() else "r")
    return name + "'s"


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


__all__ = ["count", "join_and", "plural", "possessive"]
