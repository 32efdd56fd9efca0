"""Tanuki in the Garden: the components (64 tiles from 35 patterns, symbols by a fixed rule),
the notation (round trip, bad text refused with a reason), refusals naming the rule for this
position, save round trips and the text picture."""

from __future__ import annotations

import json

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki.components import (
    EDGES,
    NUM_TILES,
    PATTERNS,
    TILE_PATTERN,
    tile_counts,
)
from gardens_tui.rules.tanuki.positions import make_position, tile_joining

GAME = get_game("tanuki-in-the-garden")


def test_64_tiles_all_35_patterns_and_29_second_copies() -> None:
    """Components: all 35 distinct four-path patterns once plus second copies of 29 (patterns
    1-29), with 40 / 12 / 12 tiles of each symbol kind."""
    assert len(PATTERNS) == 35 and NUM_TILES == 64
    assert sorted(set(TILE_PATTERN)) == list(range(35))
    assert [TILE_PATTERN.count(p) for p in range(35)] == [2] * 29 + [1] * 6
    assert tile_counts() == {"adss": 40, "dsss": 12, "asss": 12}
    assert len(EDGES) == 24


def test_every_legal_action_round_trips_through_the_notation() -> None:
    """Notation: format then read gives the same action, for every action of random games."""
    rng = Rng(3)
    for seed, options in ((1, {}), (2, {"garden-master": True})):
        s = GAME.new_game(("Ann", "Bob", "Cleo"), options, seed)
        for _ in range(300):
            if s.over:
                break
            legal = GAME.legal_actions(s)
            for action in legal:
                assert GAME.read_action(s, GAME.format_action(action)) == action
            s = GAME.apply(s, rng.choice(legal))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("place t99 r90", "not a tile"),
        ("place t3 r45", "not a rotation"),
        ("steer red west", "not a tanuki"),
        ("steer blue up", "not a direction"),
        ("edge x9", "not an edge space"),
        ("play magic", "not a Garden Master card"),
        ("dance", "not a verb"),
        ("", "empty action"),
        ("play shift c3 r0", "r90, r180 or r270"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, words: str) -> None:
    """Notation: read_action refuses text that names no action, saying why."""
    s = GAME.new_game(("Ann", "Bob"), {}, 1)
    with pytest.raises(IllegalAction, match=words):
        GAME.read_action(s, text)


def test_refusals_name_the_reason_for_this_position() -> None:
    """Illegal actions are refused with IllegalAction naming the rule for this position."""
    start = tile_joining({0: 4})
    s = make_position(board={"c3": start}, monks={0: "c3 end 4", 1: "edge s6"}, hands={0: ["t40"]})
    with pytest.raises(IllegalAction, match="not in your hand"):
        GAME.apply(s, ("place", 5, 0, 0))
    with pytest.raises(IllegalAction, match="only a monk on an edge space"):
        GAME.apply(s, ("place", 39, 0, 1))
    with pytest.raises(IllegalAction, match="not possible now"):
        GAME.apply(s, ("edge", 3))
    with pytest.raises(IllegalAction, match="Garden Master"):
        GAME.apply(s, ("play", "fast"))
    edge = make_position(monks={0: "edge n3", 1: "edge s6"}, hands={0: ["t40"]})
    with pytest.raises(IllegalAction, match="end 1 or end 2"):
        GAME.apply(edge, ("place", 39, 0, 0))


def test_saves_round_trip_and_views_hide_hands() -> None:
    """Saves: to_dict/from_dict round-trip; a view shows other hands only as counts."""
    s = GAME.new_game(("Ann", "Bob"), {"garden-master": True}, 4)
    data = json.loads(json.dumps(GAME.to_dict(s)))
    assert GAME.to_dict(GAME.from_dict(data)) == data
    view = GAME.view(s, 0)
    assert view.hands[1] == [-1, -1, -1] and view.hands[0] == s.hands[0]
    assert GAME.to_dict(GAME.from_dict(GAME.to_dict(view))) == GAME.to_dict(view)
    bad = dict(data, board=[["t1 r0"] * 6] * 6)
    with pytest.raises(ValueError, match="two places"):
        GAME.from_dict(bad)


def test_text_shows_the_board_and_only_the_viewers_hand() -> None:
    """render_text: the 6x6 garden with monks and tanuki, hands as the viewer may see them."""
    s = make_position(
        board={"c3": tile_joining({0: 4})},
        monks={0: "c3 end 4", 1: "edge s6"},
        tanuki=("d4", None),
        hands={0: ["t40", "t41"], 1: ["t42"]},
    )
    s.stash[20] = 2
    ann = GAME.render_text(s, 0)
    assert "t40, t41" in ann and "t42" not in ann
    assert "1 in hand" in ann
    assert "$2" in ann and "B" in ann
    assert "Ann (to play)" in ann
    assert "t42" in GAME.render_text(s, 1)
