"""Octopus's Garden action notation: every action round-trips, conveniences, refusals."""

from __future__ import annotations

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.octopus_garden import GAME, MODULE_KEYS
from gardens_tui.rules.octopus_garden.board import CELL_IDS
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.targets import action_cells, action_market, action_target
from gardens_tui.rules.rng import Rng

ALL = {key: True for key in MODULE_KEYS}

SHAPES = [
    (("buy", "row", 2), "buy row 2"),
    (("buy", "col", 3), "buy col 3"),
    (("oyster",), "oyster"),
    (("pass", 4), "pass m5"),
    (("pass",), "pass"),
    (("release",), "release"),
    (("lionfish", 0), "lionfish m1"),
    (("skip",), "skip"),
    (("treasure", 0), "treasure 0"),
    (("treasure", 3, "keep"), "treasure 3 keep"),
    (("treasure", 2, "sell"), "treasure 2 sell"),
    (("plant", "coral", CELL_IDS["c3"]), "plant coral c3"),
    (("plant", "hammerhead", 0), "plant hammerhead a1"),
    (("plant", "diver"), "plant diver"),
    (("discard", "trash"), "discard trash"),
    (("return", "boxer"), "return boxer"),
    (("mimic", CELL_IDS["b2"], "anemone"), "mimic b2 anemone"),
    (("move", "star", CELL_IDS["c3"], CELL_IDS["c4"]), "move star c3 c4"),
    (
        ("move", "crab+shell", CELL_IDS["e1"], CELL_IDS["e2"], "leave"),
        "move crab+shell e1 e2 leave",
    ),
    (("coconut", CELL_IDS["d5"]), "coconut d5"),
    (("push", CELL_IDS["c4"], CELL_IDS["c5"]), "push c4 c5"),
    (("done",), "done"),
    (("refill", 3), "refill m4"),
    (("claim", 6), "claim m7"),
]


@pytest.mark.parametrize(("action", "text"), SHAPES)
def test_every_action_shape_formats_and_parses_back(action: tuple[object, ...], text: str) -> None:
    state = make_position()
    assert GAME.format_action(action) == text
    assert GAME.parse_action(state, text) == action
    assert GAME.parse_action(state, "  " + text.upper() + " ") == action


def test_every_legal_action_of_random_games_round_trips() -> None:
    rng = Rng(5)
    seen: set[str] = set()
    for seed in range(6):
        state = GAME.new_game(["A", "B", "C", "D"][: 2 + seed % 3], ALL, seed)
        while not state.over:
            actions = GAME.legal_actions(state)
            for action in actions:
                assert GAME.parse_action(state, GAME.format_action(action)) == action
                seen.add(action[0])
            state = GAME.apply(state, rng.choice(actions))
    assert {"buy", "plant", "refill", "pass", "done", "move"} <= seen


def test_move_without_the_animal_name_when_only_one_can_make_it() -> None:
    state = make_position(gardens={0: {"c3": "star", "c5": "oyster"}}, phase="animals")
    assert GAME.parse_action(state, "move c3 c4") == (
        "move",
        "star",
        CELL_IDS["c3"],
        CELL_IDS["c4"],
    )


def test_move_without_a_name_is_refused_when_ambiguous() -> None:
    state = make_position(gardens={0: {"c3": "star crab", "c5": "oyster"}}, phase="animals")
    with pytest.raises(IllegalAction, match="say which animal"):
        GAME.parse_action(state, "move c3 c4")


def test_plant_without_the_token_name_when_the_hand_holds_one_kind() -> None:
    state = make_position(hand=["coral", "coral"], phase="plant")
    assert GAME.parse_action(state, "plant c3") == ("plant", "coral", CELL_IDS["c3"])
    mixed = make_position(hand=["coral", "relic"], phase="plant")
    with pytest.raises(IllegalAction, match="which token"):
        GAME.parse_action(mixed, "plant c3")


def test_column_may_be_spelled_out() -> None:
    assert GAME.parse_action(make_position(), "buy column 2") == ("buy", "col", 2)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "buy row 4",
        "buy diagonal 1",
        "pass c3",
        "plant kelp c3",
        "plant coral z9",
        "refill a1",
        "treasure -1 keep",
        "treasure 2 hoard",
        "move star c3",
        "mimic c3 coral",
    ],
)
def test_text_that_is_no_action_is_refused_with_a_hint(text: str) -> None:
    with pytest.raises(IllegalAction, match="not an Octopus's Garden action"):
        GAME.parse_action(make_position(), text)


def test_notation_help_names_every_verb() -> None:
    help_text = GAME.notation_help()
    for _, text in SHAPES:
        assert text.split()[0] in help_text


def test_action_targets_for_screens() -> None:
    move = ("move", "star", CELL_IDS["c3"], CELL_IDS["c4"])
    assert action_cells(move) == (CELL_IDS["c3"], CELL_IDS["c4"])
    assert action_target(move) == ("cell", CELL_IDS["c4"])
    assert action_market(("buy", "col", 2)) == (1, 4, 7)
    assert action_target(("buy", "col", 2)) is None
    assert action_target(("refill", 3)) == ("market", 3)
    assert action_target(("done",)) is None
    assert action_cells(("plant", "diver")) == ()
