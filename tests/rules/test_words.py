"""Player-facing English: possessives that read right for any name, counted nouns."""

from __future__ import annotations

import random
import re

import pytest

from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.spec import MODULE_KEYS
from gardens_tui.rules.words import count, does, join_and, possessive


@pytest.mark.parametrize(
    ("name", "owner"),
    [("Ann", "Ann's"), ("Jess", "Jess's"), ("You", "Your"), ("you", "your"), ("YOU", "YOUR")],
)
def test_possessive_reads_right_for_any_name(name: str, owner: str) -> None:
    assert possessive(name) == owner


def test_count_is_singular_only_for_one() -> None:
    assert count(1, "pearl") == "1 pearl"
    assert count(2, "pearl") == "2 pearls"
    assert count(0, "pearl") == "0 pearls"
    assert count(-1, "point") == "-1 point"
    assert count(1, "pt") == "1 pt" and count(3, "pt") == "3 pts"
    assert count(2, "empty space") == "2 empty spaces"
    assert count(2, "pass") == "2 passes"
    assert count(2, "child", "children") == "2 children"


def test_join_and() -> None:
    assert join_and([]) == "nothing"
    assert join_and(["a"]) == "a"
    assert join_and(["a", "b", "c"]) == "a, b and c"
    assert join_and(["m1", "m2", "m3"], last="or") == "m1, m2 or m3"


BAD = re.compile(r"\bYou's\b|\bYou (has|keeps|lets|wins|is)\b|\b1 (pearls|points|pts|relics)\b")


def test_octopus_texts_read_right_for_the_name_you_and_for_one() -> None:
    """Every event, prompt and action description of random games with a seat called "You"
    avoids "You's", "You has", "1 pearls" and the like."""
    rng = random.Random(3)
    seen = 0
    for game in range(12):
        options = {key: rng.random() < 0.6 for key in MODULE_KEYS}
        names = ["You", "Jess", "Ann"][: 2 + game % 2]
        state = GAME.new_game(names, options, rng.randrange(10**6))
        while not state.over:
            actions = GAME.legal_actions(state)
            texts = [*state.events, *(GAME.describe_action(state, act) for act in actions)]
            if state.decision is not None:
                texts.append(state.decision.prompt)
            for text in texts:
                assert not BAD.search(text), text
                seen += 1
            state = GAME.apply(state, rng.choice(actions))
        for text in state.events:
            assert not BAD.search(text), text
    assert seen > 1000


def test_octopus_events_use_the_possessive_and_counts() -> None:
    state = make_position(("You", "Bob"), market=["coral"] * 9, pearls=[3, 2])
    state = GAME.apply(state, GAME.parse_action(state, "buy row 1"))
    assert state.events[0] == ("You bought row 1 for 3 pearls: a coral, a coral and a coral")
    one = make_position(("Ann", "Bob"), market=["trash", "coral", "trash"] + ["coral"] * 6)
    one = GAME.apply(one, GAME.parse_action(one, "buy row 1"))
    assert one.events[0] == "Ann bought row 1 for 1 pearl: a trash, a coral and a trash"
    full = make_position(
        ("You", "Bob"),
        gardens={0: {c: "seagrass" for c in _cells()[:23]}},
        market=["coral"] * 9,
        hand=["coral"],
        phase="plant",
    )
    full = GAME.apply(full, GAME.parse_action(full, "plant coral e4"))
    assert "Your garden is full: everyone else gets one more turn" in full.events


def _cells() -> list[str]:
    from gardens_tui.rules.octopus_garden.board import CELL_NAMES

    return list(CELL_NAMES)


def test_does_agrees_with_the_name_and_you() -> None:
    """A line about a player reads right for any name and for the default name "You" (a
    first-timer saw "You wins." on the end screen)."""
    assert does("Ann", "win") == "Ann wins"
    assert does("You", "win") == "You win"
    assert does("you", "take") == "you take"
    assert does("Bob", "pass") == "Bob passes"
    assert does("Cleo", "have") == "Cleo has"
    assert does("Dee", "carry") == "Dee carries"
    assert does("Eve", "play") == "Eve plays"
