"""Octopus's Garden turn rules: harvest, buying, oysters, passing, planting and bonus animals."""

from __future__ import annotations

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.board import CELL_NAMES
from gardens_tui.rules.octopus_garden.components import CODES
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState

ROW1 = ["relic", "shell", "coral"]
CORAL_MARKET = ["coral"] * 9


def play(state: OctopusState, *moves: str) -> OctopusState:
    for text in moves:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def fill(n: int) -> dict[str, str]:
    """The first ``n`` garden spaces, alternately coral and relic-free filler tokens."""
    kinds = ("coral", "seagrass", "shell", "crab")
    return {c: kinds[i % 2 if i < 20 else 2 + i % 2] for i, c in enumerate(CELL_NAMES[:n])}


def assert_refused(state: OctopusState, text: str, words: str) -> None:
    before = GAME.to_dict(state)
    with pytest.raises(IllegalAction, match=words):
        GAME.apply(state, GAME.parse_action(state, text))
    assert GAME.to_dict(state) == before


def test_new_game_first_player_harvests_the_two_printed_oysters() -> None:
    state = GAME.new_game(["Ann", "Bob"], seed=3)
    assert state.pearls == [4, 2]
    assert state.decision is not None and state.decision.kind == "market"
    assert "Ann harvested 2 pearls" in state.events
    assert sum(1 for t in state.market if t) == 9


def test_harvest_one_pearl_per_oyster_including_printed_ones() -> None:
    state = make_position(gardens={1: {"a1": "oyster", "a2": "oyster"}}, pearls=[4, 2])
    state = play(state, "pass m1")
    assert state.active == 1
    assert state.pearls[1] == 2 + 4
    assert "Bob harvested 4 pearls" in state.events


def test_buy_row_pays_the_total_and_plants_every_token() -> None:
    state = make_position(market=ROW1 + ["coral"] * 6, pearls=[6, 2])
    state = play(state, "buy row 1")
    assert state.pearls[0] == 0
    assert state.phase == "plant" and sorted(state.hand) == sorted(CODES[n] for n in ROW1)
    assert state.market[:3] == [0, 0, 0]
    assert any("bought row 1 for 6 pearls" in e for e in state.events)
    state = play(state, "plant relic a1", "plant shell a2")
    assert state.phase == "plant"
    state = play(state, "plant coral a3")
    # Planting done, no animals: the refill begins (3 empty spaces, the active player chooses).
    assert state.phase == "refill" and state.drawn
    assert state.chance
    assert [state.gardens[0][i] for i in range(3)] == [
        (CODES["relic"],),
        (CODES["shell"],),
        (CODES["coral"],),
    ]


def test_buy_column_takes_the_three_spaces_of_that_column() -> None:
    market = ["relic", "coral", "coral", "shell", "coral", "coral", "trash", "coral", "coral"]
    state = play(make_position(market=market, pearls=[5, 2]), "buy col 1")
    assert state.pearls[0] == 0
    assert sorted(state.hand) == sorted([CODES["relic"], CODES["shell"], CODES["trash"]])


def test_a_row_you_cannot_afford_is_refused_and_nothing_changes() -> None:
    state = make_position(market=ROW1 + CORAL_MARKET[:6], pearls=[5, 2])
    assert ("buy", "row", 1) not in GAME.legal_actions(state)
    assert_refused(state, "buy row 1", "row 1 costs 6 pearls; you have 5")


def test_first_oyster_costs_3_and_the_next_4() -> None:
    state = make_position(market=CORAL_MARKET, pearls=[7, 2])
    state = play(state, "oyster")
    assert state.pearls[0] == 4 and state.bed == 15
    state = play(state, "plant oyster c3")
    assert state.gardens[0][CELL_NAMES.index("c3")] == (CODES["oyster"],)
    nxt = make_position(gardens={0: {"c3": "oyster"}}, market=CORAL_MARKET, pearls=[4, 2])
    assert "oyster costs 4" in GAME.render_text(nxt)
    assert play(nxt, "oyster").pearls[0] == 0


def test_oyster_unavailable_when_the_bed_is_empty_or_unaffordable() -> None:
    assert ("oyster",) not in GAME.legal_actions(make_position(pearls=[2, 2]))
    cells = {c: "oyster" for c in CELL_NAMES[:16]}
    state = make_position(gardens={1: cells}, pearls=[50, 2])
    assert state.bed == 0
    assert ("oyster",) not in GAME.legal_actions(state)


def test_oyster_needs_an_empty_space() -> None:
    state = make_position(gardens={0: fill(24)}, pearls=[9, 2], end_by=0)
    assert ("oyster",) not in GAME.legal_actions(state)


def test_pass_returns_a_market_tile_to_the_bag_and_draws_a_replacement() -> None:
    state = make_position(market=["relic"] + ["coral"] * 8)
    bag_before = sum(state.bag)
    after = play(state, "pass m1")
    assert sum(after.bag) == bag_before
    assert after.market[0] != 0 and after.chance
    assert any("returning a relic from m1" in e for e in after.events)
    assert after.active == 1


def test_plain_pass_when_no_tile_can_be_returned() -> None:
    data = GAME.to_dict(make_position(market=[None] * 9))
    data["out"], data["bag"] = data["bag"], {}
    state = GAME.from_dict(data)
    assert GAME.legal_actions(state) == [("oyster",), ("pass",)]
    after = play(state, "pass")
    assert "Ann passed (no market tile to return)" in after.events


def test_short_of_space_the_player_chooses_which_tokens_to_keep() -> None:
    state = make_position(
        gardens={0: fill(22)}, market=["star", "relic", "trash"] + ["coral"] * 6, pearls=[6, 2]
    )
    state = play(state, "buy row 1")
    acts = GAME.legal_actions(state)
    assert ("discard", "trash") in acts and ("plant", "trash", CELL_NAMES.index("e3")) in acts
    state = play(state, "discard trash")
    assert state.out[CODES["trash"]] == 1
    # Two tokens, two spaces: no more discarding allowed.
    assert not any(a[0] == "discard" for a in GAME.legal_actions(state))
    state = play(state, "plant star e3", "plant relic e4")
    assert state.hand == [] and state.end_by == 0


def test_tokens_left_over_once_the_garden_is_full_leave_the_game() -> None:
    state = make_position(
        gardens={0: fill(23)}, market=["star", "relic", "trash"] + ["coral"] * 6, pearls=[6, 2]
    )
    state = play(state, "buy row 1", "plant star e4")
    assert state.hand == []
    assert state.out[CODES["relic"]] == 1 and state.out[CODES["trash"]] == 1
    assert any("left the game" in e for e in state.events)


def test_three_connected_anemones_attract_the_top_clownfish() -> None:
    state = make_position(
        ("Ann", "Bob", "Cy"),
        gardens={0: {"a1": "anemone", "a2": "anemone"}},
        market=["anemone"] + ["coral"] * 8,
        pearls=[4, 2, 2],
    )
    state = play(state, "buy col 1", "plant anemone e4")
    assert state.clowns[0] == []  # not connected
    state = make_position(
        ("Ann", "Bob", "Cy"),
        gardens={0: {"a1": "anemone", "a2": "anemone"}},
        market=["anemone"] + ["coral"] * 8,
        pearls=[4, 2, 2],
    )
    state = play(state, "buy col 1", "plant anemone a3")
    assert state.clowns[0] == [7]
    assert state.clown_pile == [3, 4, 5, 6]
    assert "Ann attracted a clownfish worth 7" in state.events


def test_two_player_game_uses_the_6_4_3_bonus_tokens() -> None:
    state = make_position(
        gardens={0: {"a1": "seagrass", "a2": "seagrass", "a3": "seagrass", "a4": "seagrass"}},
        market=["seagrass"] + ["coral"] * 8,
        pearls=[4, 2],
    )
    assert state.horse_pile == [3, 4, 6]
    state = play(state, "buy col 1", "plant seagrass b5")
    assert state.horses[0] == [6]


def test_one_bonus_per_full_three_anemones_or_five_seagrass_per_group() -> None:
    cells = {c: "anemone" for c in ("a1", "a2", "a3", "a4", "b5")}
    cells.update({c: "seagrass" for c in ("e1", "e2", "e3", "e4", "d5", "d4", "d3", "d2", "d1")})
    state = make_position(
        ("Ann", "Bob", "Cy"),
        gardens={0: cells},
        market=["anemone", "seagrass", "coral"] * 3,
        pearls=[9, 2, 2],
    )
    state = play(state, "buy row 1", "plant anemone c6", "plant seagrass c1")
    assert state.clowns[0] == [7, 6]  # a group of 6
    assert state.horses[0] == [7, 6]  # a group of 10


def test_bonus_animals_are_kept_when_groups_merge() -> None:
    cells = {c: "anemone" for c in ("a1", "a2", "b1", "e1", "e2", "e3")}
    state = make_position(
        ("Ann", "Bob", "Cy"),
        gardens={0: cells},
        market=["anemone"] * 9,
        pearls=[6, 2, 2],
        clownfish=[[7, 6], [], []],
        clownfish_pile=[3, 4, 5],
    )
    state = play(state, "buy row 1", "plant anemone c1", "plant anemone d1")
    assert state.clowns[0] == [7, 6]
    state = play(state, "plant anemone c2")
    # One group of 9 now earns 3: the two held stay and one more is taken.
    assert state.clowns[0] == [7, 6, 5]


def test_no_bonus_once_the_pile_is_empty() -> None:
    state = make_position(
        gardens={0: {"a1": "anemone", "a2": "anemone"}},
        market=["anemone"] + ["coral"] * 8,
        pearls=[4, 2],
        clownfish=[[], [6, 4, 3]],
        clownfish_pile=[],
    )
    state = play(state, "buy col 1", "plant anemone a3")
    assert state.clowns[0] == []
