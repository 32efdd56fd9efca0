"""``moves WORD``: the moves that hold a word, numbered as in the whole list (the plain mode's
way through a long list of moves, for a person listening to it)."""

from __future__ import annotations

import io
import re

from gardens_tui.plain.local import run_local
from gardens_tui.table import Seat, Setup, Table


def test_moves_with_a_word_lists_only_those_numbered_as_in_the_whole_list() -> None:
    """Rule: after a purchase, ``moves c3`` lists every planting on c3 and nothing else, each
    with its number in the whole list; that number plays it; a word no move holds says so."""
    table = Table(Setup("octopus-garden", (Seat("Ann"), Seat("Bob", "greedy")), {}, 11))
    out = io.StringIO()
    typed = b"2\nmoves c3\nmoves zzz\nmoves\nquit\n"
    run_local(table, stdin=io.BytesIO(typed), stdout=out)
    text = out.getvalue()
    block = text.split("moves hold 'c3':\n", 1)[1].split("None of", 1)[0].splitlines()
    assert block and all(" c3" in line for line in block)
    whole = text.rsplit("Your moves (", 1)[1].splitlines()[1:]
    for line in block:
        number = re.match(r"  (\d+)\. ", line)
        assert number is not None and line in whole
    assert sum(" c3" in line for line in whole) == len(block)
    assert "None of your 48 moves hold 'zzz'." in text
