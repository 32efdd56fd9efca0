"""Octopus's Garden illegal actions: refused with the reason and the rule, state unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.board import CELL_IDS
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState


def refused(state: OctopusState, action: Any, words: str) -> None:
    before = GAME.to_dict(state)
    with pytest.raises(IllegalAction, match=words):
        GAME.apply(state, action)
    assert GAME.to_dict(state) == before
    assert not GAME.is_legal(state, action)


def test_planting_on_an_occupied_space_is_refused() -> None:
    state = make_position(gardens={0: {"c3": "coral"}}, hand=["relic"], phase="plant")
    refused(state, ("plant", "relic", CELL_IDS["c3"]), "c3 is not empty")


def test_planting_a_token_not_in_hand_is_refused() -> None:
    state = make_position(hand=["relic"], phase="plant")
    refused(state, ("plant", "star", 0), "you have no sea star to plant")


def test_discarding_while_there_is_room_is_refused() -> None:
    state = make_position(hand=["trash"], phase="plant")
    refused(state, ("discard", "trash"), "there is room for everything")


def test_buying_in_the_wrong_step_is_refused() -> None:
    state = make_position(hand=["relic"], phase="plant")
    refused(state, ("buy", "row", 1), "plant")


def test_a_sea_star_may_not_step_away_from_the_oyster() -> None:
    state = make_position(gardens={0: {"c3": "star", "c5": "oyster"}}, phase="animals")
    refused(state, ("move", "star", CELL_IDS["c3"], CELL_IDS["c2"]), "nearest")


def test_a_crab_may_not_step_onto_coral_or_two_spaces() -> None:
    state = make_position(gardens={0: {"c3": "crab", "c4": "coral"}}, phase="animals")
    refused(state, ("move", "crab", CELL_IDS["c3"], CELL_IDS["c4"]), "animals never enter coral")
    refused(state, ("move", "crab", CELL_IDS["c3"], CELL_IDS["c5"]), "one space")


def test_refilling_an_occupied_market_space_is_refused() -> None:
    market = ["coral"] * 7 + [None, None]
    state = make_position(market=market, phase="refill", drawn="relic")
    refused(state, ("refill", 0), "m1 is not empty: put the relic on m8 or m9")


def test_a_pass_must_name_a_tile_when_there_is_one() -> None:
    refused(make_position(), ("pass",), "pass")


def test_garbage_actions_are_refused() -> None:
    state = make_position()
    refused(state, ("fly", "away"), "there is no such action: Ann must buy")
    refused(state, ("buy", "row", 9), "there is no such line")
    refused(state, (), "there is no such action")


def test_nothing_is_legal_once_the_game_is_over() -> None:
    state = make_position(phase="over", over=True)
    assert GAME.legal_actions(state) == []
    refused(state, ("done",), "game is over")
