"""Throw Octopus! notation, components, views and text: lowercase notation with signed places
that round-trips and refuses bad text with a reason; the 85 documented tiles and 28 cards; hands,
pile and secret draws hidden from the other seats; the text picture with coordinates."""

from __future__ import annotations

import json

import pytest
from throw_octopus_sparse import make_position, tile_id

from gardens_tui.rules.base import ROLL, IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.throw_octopus.components import (
    CARD_COUNTS,
    OCTOPUS,
    QUARTERS,
    TILES,
    tile_range,
)

GAME = get_game("throw-octopus")
STATE = GAME.new_game(["Ann", "Bob", "Cleo"], None, 1)

EXAMPLES = {
    "play t42 at -1,2 r180": ("play", 41, -1, 2, 180),
    "play t1 at 0,-3 r0": ("play", 0, 0, -3, 0),
    "draw": ("draw",),
    "pass": ("pass",),
    "throw 2": ("throw", 1),
    "dodge": ("dodge",),
    "hit": ("hit",),
    "roll": ROLL,
    "touch t12 to 3,0 r0": ("touch", 11, 3, 0, 0),
    "give t7 to 2": ("give", 6, 1),
    "swap t9": ("swap", 8),
    "keep": ("keep",),
    "start t5": ("start", 4),
    "discard t85": ("discard", 84),
}


@pytest.mark.parametrize(("text", "action"), EXAMPLES.items())
def test_notation_reads_and_writes_every_verb(text: str, action: tuple[object, ...]) -> None:
    """format/read round-trip for every verb of the notation."""
    assert GAME.read_action(STATE, text) == action
    assert GAME.format_action(action) == text


def test_notation_is_forgiving_about_case_spaces_and_an_upright_turn() -> None:
    """Case and spaces around the comma are ignored; r0 may be left out."""
    assert GAME.read_action(STATE, "PLAY T42 at -1 , 2") == ("play", 41, -1, 2, 0)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play t86 at 0,1", "not a tile"),
        ("play t4 at x,1", "play what where"),
        ("play t4 at 0,1 r45", "r45 is not a turn"),
        ("play t4 at 0,9999", "too far"),
        ("throw 7", "not a seat"),
        ("throw", "throw at whom"),
        ("give t7 2", "give which tile to whom"),
        ("draw 2", "draw takes nothing"),
        ("fling", "not a verb of Throw Octopus!"),
        ("", "empty action"),
    ],
)
def test_read_action_refuses_bad_text_with_a_reason(text: str, reason: str) -> None:
    """read_action refuses text that is not notation, saying why."""
    with pytest.raises(IllegalAction, match=reason):
        GAME.read_action(STATE, text)


def test_every_legal_action_of_random_games_round_trips() -> None:
    """Every action offered in random games formats and reads back to itself."""
    for seed in range(3):
        s = GAME.new_game(["Ann", "Bob", "Cleo", "Dan"], {"game-night": True}, seed)
        rng = Rng(seed_state(seed))
        while not s.is_over:
            legal = GAME.legal_actions(s)
            for action in legal:
                assert GAME.read_action(s, GAME.format_action(action)) == action
            s = GAME.apply(s, rng.choice(legal))


def test_the_documented_sparse_tile_list_has_the_components_counts() -> None:
    """The sparse list (rules version 1): 85 tiles, 8 species x 16 quarters (4 in each corner
    position), 43 tiles with two quarters and 42 with one, 20 octopus tiles; 28 cards in nine
    kinds."""
    sparse = tile_range("sparse")
    tiles = [TILES[t] for t in sparse]
    quarters = [QUARTERS[t] for t in sparse]
    assert len(tiles) == 85 and sum(OCTOPUS[t] for t in sparse) == 20
    assert quarters.count(2) == 43 and quarters.count(1) == 42
    for species in range(1, 9):
        for corner in range(4):
            assert sum(tile[corner] == species for tile in tiles) == 4
    assert sum(CARD_COUNTS.values()) == 28 and len(CARD_COUNTS) == 9


def test_views_hide_hands_and_pile_but_show_counts_and_the_own_hand() -> None:
    """Hidden: other hands (counts visible), the pile; JSON of another seat's view does not
    name a tile of the hidden hand."""
    view = GAME.view(STATE, 1)
    assert view.hands[1] == STATE.hands[1]
    assert [len(h) for h in view.hands] == [8, 8, 8] and set(view.hands[0]) == {-1}
    text = json.dumps(GAME.to_dict(view))
    for tile in GAME.secrets(STATE, 0):
        assert f'"{tile}"' not in text


def test_render_text_shows_coordinates_and_only_the_viewers_hand() -> None:
    """``gardens show``: the seascape with x and y, counts for everyone, the viewer's hand."""
    s = make_position(
        ["Ann", "Bob", "Cleo"], [(0, 0, "t49", 0), (1, 0, "t57", 0)], [["t21"], ["t45"], ["t48"]]
    )
    text = GAME.render_text(s, 0)
    assert "t49" in text and "t57" in text and "  +  " in text
    assert "Ann's hand: t21 .o/b.@" in text
    assert "Seat 2 Bob: 1 tile" in text
    assert "t45" not in text and "t45" in GAME.render_text(s, 1)
    assert "t21" not in GAME.render_text(s, None)
    header = text.splitlines()[0].split()
    assert header == ["-1", "0", "1", "2"]


def test_describe_action_names_the_completion_and_the_card() -> None:
    """``gardens moves``: a play says what it completes and that it draws a card."""
    s = make_position(
        ["Ann", "Bob", "Cleo"],
        [(0, 0, "t49", 0), (1, 0, "t57", 0)],
        [["t21", "t82"], ["t45"], ["t48"]],
    )
    assert "draws an action card" in GAME.describe_action(s, ("play", tile_id("t21"), 0, 1, 0))
