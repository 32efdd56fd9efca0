"""The Gardens' notation: lowercase text for every action (``take b2 left``, ``return b``,
``reserve a3``, ``skip``, ``species wattle``), round-tripping through format and read, and bad
text refused with a reason; illegal actions refused with the reason for this position."""

from __future__ import annotations

from typing import Any

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.the_gardens.positions import make_position

GAME = get_game("the-gardens")


def test_every_legal_action_round_trips_through_its_notation() -> None:
    """format_action / read_action round-trip for every legal action of whole games, with
    landmark abilities on (reserve, skip, return and species appear)."""
    verbs: set[str] = set()
    for seed in range(6):
        s = GAME.new_game(
            ["Ann", "Bob", "Cleo"],
            {
                "landmarks": True,
                "layout": "l2-r1" if seed % 2 else "l1-r2",
                "landmark-side": "abilities",
            },
            seed,
        )
        rng = Rng(seed_state(seed))
        while not s.is_over:
            for action in GAME.legal_actions(s):
                text = GAME.format_action(action)
                assert text == text.lower()
                assert GAME.read_action(s, text) == action
                verbs.add(action[0])
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert {"take", "reserve", "skip", "return", "species"} <= verbs


def test_notation_examples() -> None:
    """The notation of each action kind."""
    assert GAME.format_action(("take", 1, 1, "left")) == "take b2 left"
    assert GAME.format_action(("return", 2)) == "return c"
    assert GAME.format_action(("reserve", 0, 2)) == "reserve a3"
    assert GAME.format_action(("skip",)) == "skip"
    assert GAME.format_action(("species", "palm")) == "species palm"


def test_read_action_accepts_case_spaces_and_a_column_instead_of_a_side() -> None:
    """Reading is forgiving: case and spaces; ``take b2 4`` / ``take b2 col 6`` name the
    column the card goes to; ``canary-palm`` is the palm."""
    s = GAME.new_game(["Ann", "Bob"], {}, 1)
    assert GAME.read_action(s, "  TAKE  B2  Left ") == ("take", 1, 1, "left")
    assert GAME.read_action(s, "take b2 4") == ("take", 1, 1, "left")
    assert GAME.read_action(s, "take b2 col 6") == ("take", 1, 1, "right")
    assert GAME.read_action(s, "species canary-palm") == ("species", "palm")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty action"),
        ("dance", "not a verb of The Gardens"),
        ("take", "take which card"),
        ("take d2 left", "not a display card"),
        ("take b9 left", "not a display card"),
        ("take b2", "say where the card goes"),
        ("take b2 up", "not a side or a column"),
        ("take b2 10", "column 10 is off the mat"),
        ("take b2 2", "goes next to its outermost card: column 4 (left) or 6 (right), not 2"),
        ("return", "return which visitor"),
        ("return d", "not a row"),
        ("reserve", "reserve which card"),
        ("skip now", "skip takes nothing"),
        ("species oak", "not a species"),
        ("take b2 left\x1b[2J", "not an action"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, reason: str) -> None:
    """read_action refuses text that is not an action of the game, saying why."""
    s = GAME.new_game(["Ann", "Bob"], {}, 1)
    with pytest.raises(IllegalAction, match=reason.replace("(", r"\(").replace(")", r"\)")):
        GAME.read_action(s, text)


def test_illegal_actions_name_the_reason_for_this_position() -> None:
    """Refusals name the rule for this very position: a taken place, a closed row, a full
    side of the row, a verb for another decision."""
    s = GAME.new_game(["Ann", "Bob", "Cleo"], {}, 1)
    s = GAME.apply(s, ("take", 0, 0, "left"))
    with pytest.raises(IllegalAction, match="a1 was already taken this round"):
        GAME.apply(s, ("take", 0, 0, "left"))
    with pytest.raises(IllegalAction, match="there is no a4"):
        GAME.apply(s, ("take", 0, 3, "left"))
    with pytest.raises(IllegalAction, match="not possible now"):
        GAME.apply(s, ("reserve", 0, 1))
    with pytest.raises(IllegalAction, match="not a verb"):
        GAME.apply(s, ("plant", 1))
    with pytest.raises(IllegalAction, match="State Library"):
        GAME.apply(s, ("return", 1))
    full = make_position(
        ("Ann", "Bob"),
        mats={0: {"b1": "B1", "b2": "B2", "b3": "B3", "b4": "B4"}},
        display={"b": ["B9", "B10", "B11", "B12"]},
    )
    with pytest.raises(IllegalAction, match="row B is full on the left: the mat has no column 0"):
        GAME.apply(full, ("take", 1, 0, "left"))
    end = make_position(
        ("Ann", "Bob"),
        mats={0: {f"b{c}": f"B{c}" for c in (6, 7, 8, 9)}},
        display={"b": ["B1", "B2", "B3", "B4"]},
    )
    with pytest.raises(IllegalAction, match="the mat has no column 10"):
        GAME.apply(end, ("take", 1, 0, "right"))


def test_refusals_never_crash_on_malformed_actions() -> None:
    """Whatever the tuple holds, apply raises IllegalAction (never another error)."""
    s = GAME.new_game(["Ann", "Bob"], {}, 1)
    bad: tuple[Any, ...]
    for bad in [
        (),
        ("take",),
        ("take", 5, 0, "left"),
        ("take", 0, "x", "left"),
        ("take", 0, 0, "up"),
        ("take", [], 0, "left"),
        ("species", None),
        (1, 2),
    ]:
        with pytest.raises(IllegalAction):
            GAME.apply(s, bad)
