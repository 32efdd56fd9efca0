"""Saving, loading and hidden information in The Gardens: to_dict/from_dict round trip and
validation, views that hide only the decks' order, determinise, and the golden save."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import GardensState

GAME = get_game("the-gardens")
OPTIONS = {"landmarks": True, "landmark-side": "abilities", "tree-tile": "random"}


def played(moves: int, seed: int = 4) -> GardensState:
    s: GardensState = GAME.new_game(["Ann", "Bob", "Cleo"], OPTIONS, seed)
    rng = Rng(seed_state(seed))
    for _ in range(moves):
        if s.is_over:
            break
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    return s


@pytest.mark.parametrize("moves", [0, 5, 40, 200])
def test_to_dict_round_trips_through_json(moves: int) -> None:
    """to_dict is JSON-safe and from_dict restores the very position."""
    s = played(moves)
    data = json.loads(json.dumps(GAME.to_dict(s)))
    back = GAME.from_dict(data)
    assert GAME.to_dict(back) == GAME.to_dict(s)


def test_random_tiles_are_resolved_at_set_up_and_saved() -> None:
    """Advanced tiles chosen at random are fixed at set-up (one of the slot's two advanced
    tiles) and kept in the save."""
    tiles = {
        GAME.new_game(["Ann", "Bob"], {"tree-tile": "random"}, seed).tiles[0] for seed in range(20)
    }
    assert tiles == {"streams", "paths"}
    assert GAME.to_dict(played(3))["tiles"]["tree"] in ("streams", "paths")


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("mats", 0, 0, 0), "B1", "a deck B card in row A"),
        (("mats", 0, 1, 4), "", "Central Board"),
        (("decks", 0, 0), "A99", "unknown card"),
        (("walked", 0, 0), 5, "must be at most"),
        (("tiles", "tree"), "basic", "random tile"),
        (("layout",), "l9-r9", "expected one of"),
        (("species",), "wattle", "Moreton Bay Fig"),
        (("start",), 2, "start player token"),
    ],
)
def test_from_dict_refuses_impossible_positions_naming_the_field(
    path: tuple[Any, ...], value: object, message: str
) -> None:
    """from_dict refuses damaged data with a ValueError naming the field and the problem."""
    data = copy.deepcopy(GAME.to_dict(played(10)))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ValueError, match=message):
        GAME.from_dict(data)


def test_from_dict_refuses_a_card_in_two_places() -> None:
    """Every one of the 96 cards is in exactly one place."""
    data = GAME.to_dict(played(10))
    placed = next(name for name in data["mats"][0][0] if name not in ("", "central"))
    data["decks"][0][0] = placed
    with pytest.raises(ValueError, match="is also at"):
        GAME.from_dict(data)


def test_make_position_validated() -> None:
    """positions.make_position builds a validated position when asked (a real one here: Ann
    has taken one card in row A and her visitor stands on it)."""
    s = make_position(
        ("Ann", "Bob"),
        mats={0: {"a4": "A1"}},
        visitors={0: {"a": 4}},
        display={"a": [None, "A2", "A3", "A4"]},
        walked=[[1, 0, 0], [0, 0, 0]],
        pick=1,
        active=1,
        validate=True,
    )
    assert s.active == 1
    with pytest.raises(ValueError, match="expected 0 cards after the walks"):
        make_position(("Ann", "Bob"), mats={0: {"a4": "A1"}}, validate=True)


def test_views_hide_only_the_order_of_the_decks() -> None:
    """Hidden information: only the deck order. A view shows every deck sorted and no PRNG;
    the display, mats, visitors, landmarks and points are as they are."""
    s = played(20)
    view = GAME.view(s, 1)
    assert view.hidden and view.rng == 0
    assert view.decks == [sorted(d) for d in s.decks]
    assert view.display == s.display and view.mats == s.mats and view.points == s.points
    assert GAME.legal_actions(view) == GAME.legal_actions(s)
    other = GAME.determinise(view, 1, Rng(seed_state(9)))
    assert GAME.to_dict(GAME.view(other, 1)) == GAME.to_dict(view)
    assert not other.hidden and other.decks != view.decks


def test_component_counts_are_conserved() -> None:
    """32 cards of each deck, 3 board cells per player and 6 landmark cards, all game long."""
    start = GAME.component_counts(played(0))
    assert start == {
        "deck A cards": 32,
        "deck B cards": 32,
        "deck C cards": 32,
        "central board cells": 9,
        "landmark cards": 6,
    }
    assert GAME.component_counts(played(80)) == start
