"""Seabed Neighbours' notation: every verb round-trips; segments by any side or corner."""

from __future__ import annotations

import pytest
from seabed_helpers import GAME, position

from gardens_tui.rules.base import IllegalAction


@pytest.mark.parametrize(
    "text",
    [
        "place 1 at 3,-2 r90",
        "propose 2 at -1,0 r270",
        "accept",
        "veto",
        "choose mine",
        "choose theirs",
        "flag 3,-2 seabed-ne",
        "palace 0,1 field",
        "pass",
        "return 1,0 streak-e",
    ],
)
def test_notation_round_trips(text: str) -> None:
    """Notation: parse then format gives the text back."""
    s = position([], ["t23"])
    assert GAME.format_action(GAME.parse_action(s, text)) == text


def test_segments_are_named_by_any_side_or_corner() -> None:
    """Notation: ``streak-w`` names the start tile's east-west streak, canonically
    ``streak-e``; ``seabed-sw`` its southern seabed, canonically ``seabed-se``."""
    s = position([], ["t23"])
    assert GAME.parse_action(s, "flag 0,0 streak-w") == ("flag", 0, 0, "streak-e")
    assert GAME.parse_action(s, "FLAG 0, 0 Seabed-SW") == ("flag", 0, 0, "seabed-se")


def test_bad_notation_is_refused_with_an_example() -> None:
    """Notation: unknown verbs and shapes are refused saying what is expected."""
    s = position([], ["t23"])
    with pytest.raises(IllegalAction, match=r"e\.g\. place 1 at"):
        GAME.parse_action(s, "place one")
    with pytest.raises(IllegalAction, match="not a verb"):
        GAME.parse_action(s, "dance")
    with pytest.raises(IllegalAction, match="r45"):
        GAME.parse_action(s, "place 1 at 1,0 r45")
