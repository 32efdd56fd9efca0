"""Octopus's Garden expert modules: mimic octopus, coconut octopus, shark, parrot fish, diver,
lionfish, treasure chest and boxer crab."""

from __future__ import annotations

from typing import Any

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.board import CELL_IDS, CELL_NAMES
from gardens_tui.rules.octopus_garden.components import CODES, SHARKS
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState

C = CODES


def play(state: OctopusState, *moves: str) -> OctopusState:
    for text in moves:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def at(state: OctopusState, cell: str, seat: int = 0) -> tuple[int, ...]:
    return state.gardens[seat][CELL_IDS[cell]]


def with_bag(bag: dict[str, int], **kw: Any) -> OctopusState:
    """A position whose bag holds exactly ``bag``; every other loose token has left the game."""
    data = GAME.to_dict(make_position(**kw))
    pool: dict[str, int] = dict(data["bag"])
    for name, n in bag.items():
        pool[name] -= n
    data["bag"] = dict(bag)
    data["out"] = {k: v for k, v in pool.items() if v}
    return GAME.from_dict(data)


def verbs(state: OctopusState) -> set[str]:
    return {a[0] for a in GAME.legal_actions(state)}


# --- mimic octopus ------------------------------------------------------------------------------

MIMIC = {"mimic-octopus": True}


def test_mimic_declared_as_anemone_completes_a_group_during_any_own_decision() -> None:
    state = make_position(
        options=MIMIC,
        gardens={0: {"a1": "anemone", "a2": "anemone", "a3": "mimic"}},
        market=["coral"] * 9,
    )
    assert ("mimic", CELL_IDS["a3"], "anemone") in GAME.legal_actions(state)
    state = play(state, "mimic a3 anemone")
    assert at(state, "a3") == (C["mimic-anemone"],)
    assert state.clowns[0] == [6]
    assert state.phase == "market" and state.active == 0  # the same decision is still pending
    assert not any(a[0] == "mimic" for a in GAME.legal_actions(state))  # flipped for good
    assert GAME.scores(state).by_category(0)["printed points"] == 4  # the mimic scores 0


def test_mimic_declared_as_seagrass_counts_for_seahorses() -> None:
    cells = {c: "seagrass" for c in ("a1", "a2", "a3", "a4")} | {"b5": "mimic"}
    state = play(make_position(options=MIMIC, gardens={0: cells}), "mimic b5 seagrass")
    assert state.horses[0] == [6]


def test_only_the_owner_may_declare_a_mimic() -> None:
    state = make_position(options=MIMIC, gardens={1: {"a1": "mimic"}})
    assert "mimic" not in verbs(state)
    with pytest.raises(IllegalAction, match="no undeclared mimic octopus on a1 in Ann's garden"):
        GAME.apply(state, ("mimic", 0, "anemone"))


# --- coconut octopus ----------------------------------------------------------------------------

COCONUT = {"coconut-octopus": True}


def test_coconut_octopus_pushes_neighbours_once_then_flips() -> None:
    cells = {"c3": "coconut", "c4": "coral", "b3": "star", "d3": "relic", "c2": "seagrass"}
    state = make_position(options=COCONUT, gardens={0: cells}, phase="animals")
    assert ("coconut", CELL_IDS["c3"]) in GAME.legal_actions(state)
    state = play(state, "coconut c3")
    assert state.phase == "push" and at(state, "c3") == (C["coconut-used"],)
    acts = GAME.legal_actions(state)
    # Flat tokens go only into empty spaces; the star alone may also go onto a token.
    assert ("push", CELL_IDS["c4"], CELL_IDS["c5"]) in acts
    assert ("push", CELL_IDS["c4"], CELL_IDS["d3"]) not in acts
    assert ("push", CELL_IDS["b3"], CELL_IDS["c3"]) in acts  # onto the flipped coconut
    assert ("push", CELL_IDS["b3"], CELL_IDS["c4"]) not in acts  # never onto coral
    state = play(state, "push c4 c5", "push b3 b4", "done")
    assert at(state, "c5") == (C["coral"],) and at(state, "b4") == (C["star"],)
    assert state.phase == "animals"
    assert ("coconut", CELL_IDS["c3"]) not in GAME.legal_actions(state)
    assert GAME.scores(state).by_category(0)["printed points"] == 1 + 1 + 5 + 1


def test_coconut_push_moves_a_space_with_everything_on_it() -> None:
    cells = {"c3": "coconut", "c4": "seagrass star"}
    state = make_position(options=COCONUT, gardens={0: cells}, phase="animals")
    state = play(state, "coconut c3", "push c4 c5")
    assert at(state, "c5") == (C["seagrass"], C["star"]) and at(state, "c4") == ()


def test_coconut_split_group_keeps_its_bonus_animal() -> None:
    cells = {"b2": "coconut", "c2": "anemone", "c3": "anemone", "b3": "anemone"}
    state = make_position(
        options=COCONUT,
        gardens={0: cells},
        phase="animals",
        clownfish=[[6], []],
        clownfish_pile=[3, 4],
    )
    state = play(state, "coconut b2", "push b3 a3", "push c2 c1", "done")
    assert state.clowns[0] == [6]


# --- shark --------------------------------------------------------------------------------------

SHARK = {"shark": True}


def test_one_shark_per_player_goes_into_the_bag() -> None:
    state = GAME.new_game(["Ann", "Bob"], SHARK)
    counts = GAME.component_counts(state)
    assert counts["hammerhead"] == 1 and counts["tiger"] == 1
    assert "reef" not in counts and "whale" not in counts


def test_buying_a_shark_makes_it_yours_and_a_second_stays_on_the_market() -> None:
    market = ["hammerhead", "tiger", "coral"] + ["seagrass"] * 6
    state = make_position(options=SHARK, market=market, pearls=[7, 2])
    state = play(state, "buy row 1")
    assert state.shark_of[0] == C["hammerhead"] and state.shark_bought[0]
    assert state.market[1] == C["tiger"] and state.pearls[0] == 0  # paid for, left behind
    assert any("stays on the market" in e for e in state.events)


def shark_owner(**kw: Any) -> OctopusState:
    """Ann owns the hammerhead (in her garden at a1); it is her refill with one token to place."""
    return make_position(
        options=SHARK,
        gardens={0: {"a1": "hammerhead"}},
        shark_of=["hammerhead", None],
        shark_bought=[True, False],
        **kw,
    )


def test_after_a_refill_an_owner_may_claim_a_market_tile() -> None:
    market = ["relic", "coral", "seagrass", "coral", "relic", "seagrass", "coral", "coral", None]
    state = shark_owner(market=market, phase="refill", drawn="seagrass")
    state = play(state, "refill m9")
    assert state.phase == "claim" and state.decision is not None
    assert state.decision.seat == 0 and state.decision.optional
    assert ("claim", 4) in GAME.legal_actions(state) and ("skip",) in GAME.legal_actions(state)
    state = play(state, "claim m5")
    assert state.claims[4] == 0 and at(state, "a1") == ()
    assert state.active == 1
    # Bob may not buy through the claimed tile, nor return it when passing.
    acts = GAME.legal_actions(state)
    assert ("buy", "row", 2) not in acts and ("buy", "col", 2) not in acts
    assert ("pass", 4) not in acts
    assert ("lionfish", 4) not in acts


def test_claim_window_is_offered_to_other_seats_too() -> None:
    market = ["coral"] * 8 + [None]
    state = make_position(
        options=SHARK,
        gardens={1: {"a1": "tiger"}},
        shark_of=[None, "tiger"],
        shark_bought=[False, True],
        market=market,
        phase="refill",
        drawn="seagrass",
    )
    state = play(state, "refill m9")
    assert state.phase == "claim" and state.current_player == 1 and state.active == 0
    state = play(state, "skip")
    assert state.active == 1 and state.phase == "market"


def test_shark_owner_must_buy_the_claimed_line_or_release_the_shark() -> None:
    market = ["relic", "coral", "seagrass", "coral", "relic", "seagrass", "coral", "coral", "trash"]
    state = make_position(
        options=SHARK,
        market=market,
        claims=[None, None, None, None, 0, None, None, None, None],
        shark_of=["hammerhead", None],
        shark_bought=[True, False],
        pearls=[5, 2],
        phase="shark",
    )
    acts = GAME.legal_actions(state)
    assert set(acts) == {("buy", "row", 2), ("buy", "col", 2), ("release",)}
    bought = play(state, "buy row 2")
    assert bought.pearls[0] == 0  # coral 1 + relic 3 + seagrass 1: the shark is not paid again
    assert C["hammerhead"] in bought.hand and bought.claims[4] == -1
    released = play(state, "release")
    assert released.phase == "market" and released.shark_of[0] == 0
    assert released.bag[C["hammerhead"]] == 1 and released.shark_bought[0]


def test_a_shark_cannot_claim_another_shark() -> None:
    market = ["tiger"] + ["coral"] * 7 + [None]
    state = shark_owner(market=market, phase="refill", drawn="seagrass")
    state = play(state, "refill m9")
    assert ("claim", 0) not in GAME.legal_actions(state)


# --- parrot fish, diver -------------------------------------------------------------------------


def test_parrot_fish_bought_and_scored_by_adjacent_coral() -> None:
    state = make_position(
        options={"parrot-fish": True},
        gardens={0: {"c2": "coral", "c4": "coral"}},
        market=["parrot"] + ["seagrass"] * 8,
        pearls=[4, 2],
    )
    state = play(state, "buy col 1", "plant parrot c3", "plant seagrass a1", "plant seagrass a2")
    assert GAME.scores(state).by_category(0)["parrot fish"] == 2


def test_diver_clears_trash_and_relics_then_leaves_even_in_a_full_garden() -> None:
    kinds = ("seagrass", "anemone")
    cells = {c: kinds[i % 2] for i, c in enumerate(CELL_NAMES)}
    cells.update({"a1": "trash", "a2": "relic", "a3": "crab+trash", "a4": "relic star"})
    state = make_position(
        options={"diver": True},
        gardens={0: cells},
        market=["diver"] + ["coral"] * 8,
        pearls=[4, 2],
        end_by=0,
    )
    state = play(state, "buy col 1")
    assert ("plant", "diver") in GAME.legal_actions(state)
    state = play(state, "plant diver")
    assert at(state, "a1") == () and at(state, "a2") == ()
    assert at(state, "a3") == (C["crab"],) and at(state, "a4") == (C["star"],)
    assert state.out[C["diver"]] == 1 and state.out[C["trash"]] == 2
    assert state.out[C["relic"]] == 2
    assert state.hand == [C["coral"], C["coral"]]


# --- lionfish -----------------------------------------------------------------------------------


def test_lionfish_discards_a_market_tile_for_a_pearl_and_the_gap_waits() -> None:
    state = make_position(
        options={"lionfish": True},
        gardens={1: {"a1": "lionfish"}},
        market=["relic", "coral", "coral"] + ["seagrass"] * 6,
        pearls=[0, 4],
    )
    state = play(state, "pass m4")  # Ann passes; Bob's turn begins with the lionfish offer
    assert state.active == 1 and state.phase == "lionfish"
    assert state.pearls[1] == 2 + 4
    state = play(state, "lionfish m1")
    assert state.pearls[1] == 5 and state.market[0] == 0 and state.out[C["relic"]] == 1
    assert state.phase == "market"
    state = play(state, "buy row 1", "plant coral a2", "plant coral a3")
    assert state.pearls[1] == 3
    assert state.phase == "refill"  # the gap is refilled at the end of the turn


def test_lionfish_can_be_skipped_and_needs_a_pearl() -> None:
    kw: dict[str, Any] = {"options": {"lionfish": True}, "gardens": {0: {"a1": "lionfish"}}}
    state = make_position(**kw, phase="lionfish")
    assert play(state, "skip").phase == "market"
    broke = make_position(**kw, pearls=[0, 2], market=["coral"] * 9, active=1)
    broke = play(broke, "pass m1")
    assert broke.active == 0 and broke.phase == "lionfish"  # harvest paid for it


# --- treasure chest -----------------------------------------------------------------------------

CHEST = {"treasure-chest": True}
CHEST_ROW = ["chest", "coral", "coral"] + ["seagrass"] * 6


def test_treasure_chest_opened_without_paying_is_planted_empty() -> None:
    state = make_position(options=CHEST, market=CHEST_ROW, pearls=[2, 2])
    state = play(state, "buy row 1")
    assert state.phase == "treasure" and state.pearls[0] == 0
    assert GAME.legal_actions(state) == [("treasure", 0)]
    state = play(state, "treasure 0")
    assert state.phase == "plant" and sorted(state.hand) == sorted(
        [C["chest"], C["coral"], C["coral"]]
    )


def test_treasure_keep_plants_everything_drawn_with_the_chest() -> None:
    state = with_bag({"relic": 1, "star": 1}, options=CHEST, market=CHEST_ROW, pearls=[4, 2])
    state = play(state, "buy row 1", "treasure 2 keep")
    assert state.pearls[0] == 0 and state.chance
    assert sorted(state.hand) == sorted([C["chest"], C["coral"], C["coral"], C["relic"], C["star"]])


def test_treasure_two_of_a_kind_loses_everything_drawn() -> None:
    state = with_bag({"relic": 2}, options=CHEST, market=CHEST_ROW, pearls=[4, 2])
    state = play(state, "buy row 1", "treasure 2 keep")
    assert state.out[C["relic"]] == 2 + 8  # the two drawn plus the eight kept out of the bag
    assert sorted(state.hand) == sorted([C["chest"], C["coral"], C["coral"]])
    assert any("two of a kind" in e for e in state.events)


def test_treasure_sell_pays_the_drawn_costs_and_returns_them_to_the_bag() -> None:
    state = with_bag(
        {"relic": 1, "star": 1, "chest": 3}, options=CHEST, market=CHEST_ROW, pearls=[4, 2]
    )
    state = play(state, "buy row 1")
    acts = GAME.legal_actions(state)
    assert ("treasure", 2, "sell") in acts and ("treasure", 3, "sell") not in acts
    state = play(state, "treasure 2 sell")
    assert state.pearls[0] == 0 + 3 + 3
    assert state.bag[C["relic"]] == 1 and state.bag[C["star"]] == 1 and state.bag[C["chest"]] == 3
    assert state.out[C["chest"]] == 1  # the bought chest leaves the game
    assert sorted(state.hand) == [C["coral"], C["coral"]]


# --- boxer crab ---------------------------------------------------------------------------------

BOXER = {"boxer-crab": True}


def test_boxer_crab_goes_on_a_free_anemone_and_takes_no_space() -> None:
    state = make_position(
        options=BOXER,
        gardens={0: {"c3": "anemone", "c4": "anemone star"}},
        market=["boxer"] + ["seagrass"] * 8,
        pearls=[3, 2],
    )
    state = play(state, "buy col 1")
    boxer_targets = [a[2] for a in GAME.legal_actions(state) if a[:2] == ("plant", "boxer")]
    assert boxer_targets == [CELL_IDS["c3"]]
    state = play(state, "plant boxer c3")
    assert at(state, "c3") == (C["anemone"], C["boxer"])


def test_boxer_crab_without_an_anemone_goes_back_to_the_bag() -> None:
    state = make_position(options=BOXER, market=["boxer"] * 3 + ["seagrass"] * 6, pearls=[3, 2])
    before = state.bag[C["boxer"]]
    state = play(state, "buy row 1")
    assert state.hand == [] and state.bag[C["boxer"]] == before + 3
    assert any("back to the bag" in e for e in state.events)


def test_boxer_pair_moves_into_empty_spaces_and_blocks_other_animals() -> None:
    cells = {"c3": "anemone boxer", "c2": "star", "c4": "oyster", "b3": "seagrass", "d3": "crab"}
    state = make_position(options=BOXER, gardens={0: cells}, phase="animals")
    acts = GAME.legal_actions(state)
    star_targets = {a[3] for a in acts if a[:2] == ("move", "star")}
    assert CELL_IDS["c3"] not in star_targets and star_targets == {CELL_IDS["b2"], CELL_IDS["d2"]}
    crab_targets = {a[3] for a in acts if a[:2] == ("move", "crab")}
    assert CELL_IDS["c3"] not in crab_targets
    boxer_targets = {a[3] for a in acts if a[:2] == ("move", "boxer")}
    assert boxer_targets == {CELL_IDS["b2"], CELL_IDS["d2"]}
    state = play(state, "move boxer c3 d2")
    assert at(state, "d2") == (C["anemone"], C["boxer"]) and at(state, "c3") == ()


def test_sharks_are_four_named_tokens() -> None:
    assert [GAME.format_action(("plant", n, 0)) for n in ("hammerhead", "tiger", "reef", "whale")]
    assert len(SHARKS) == 4


def test_pushed_animals_eat_and_move_in_like_moving_ones() -> None:
    cells = {"c3": "coconut", "c4": "star", "d3": "crab", "c5": "oyster", "e3": "shell"}
    state = make_position(options=COCONUT, gardens={0: cells}, phase="animals")
    bed = state.bed
    state = play(state, "coconut c3", "push c4 c5", "push d3 e3")
    assert at(state, "c5") == (C["star"],) and state.bed == bed + 1
    assert at(state, "e3") == (C["crab+shell"],)


def test_a_pushed_pile_cannot_join_a_space_still_waiting_for_its_push() -> None:
    cells = {"c3": "coconut", "c4": "star", "b3": "seagrass"}
    state = make_position(options=COCONUT, gardens={0: cells}, phase="animals")
    state = play(state, "coconut c3")
    assert ("push", CELL_IDS["c4"], CELL_IDS["b3"]) not in GAME.legal_actions(state)
    assert ("push", CELL_IDS["c4"], CELL_IDS["c3"]) in GAME.legal_actions(state)
    state = play(state, "push b3 a2")
    assert ("push", CELL_IDS["c4"], CELL_IDS["b3"]) in GAME.legal_actions(state)


def test_coconut_needs_a_neighbour_to_push() -> None:
    state = make_position(
        options=COCONUT, gardens={0: {"c3": "coconut", "a1": "crab"}}, phase="animals"
    )
    assert not any(a[0] == "coconut" for a in GAME.legal_actions(state))


def test_two_chests_in_one_purchase_are_opened_one_after_the_other() -> None:
    market = ["chest", "chest", "coral"] + ["seagrass"] * 6
    state = make_position(options=CHEST, market=market, pearls=[1, 2])
    state = play(state, "buy row 1")
    assert state.chests == 2
    state = play(state, "treasure 0")
    assert state.phase == "treasure" and state.chests == 1
    state = play(state, "treasure 0")
    assert state.phase == "plant" and state.hand.count(C["chest"]) == 2


def test_a_shark_drawn_from_a_chest_is_kept_only_by_a_player_without_one() -> None:
    opts = {"treasure-chest": True, "shark": True}
    state = with_bag({"tiger": 1, "relic": 1}, options=opts, market=CHEST_ROW, pearls=[4, 2])
    state = play(state, "buy row 1", "treasure 2 keep")
    assert C["tiger"] in state.hand and state.shark_of[0] == C["tiger"]
    had = with_bag(
        {"tiger": 1, "relic": 1},
        options=opts,
        market=CHEST_ROW,
        pearls=[4, 2],
        gardens={0: {"a1": "hammerhead"}},
        shark_of=["hammerhead", None],
        shark_bought=[True, False],
    )
    had = play(had, "buy row 1", "treasure 2 keep")
    assert C["tiger"] not in had.hand and had.bag[C["tiger"]] == 1


def test_a_shark_without_room_leaves_the_game_and_its_owner_has_none() -> None:
    kinds = ("seagrass", "anemone")
    cells = {c: kinds[i % 2] for i, c in enumerate(CELL_NAMES)}
    state = make_position(
        options=SHARK,
        gardens={0: cells},
        market=["hammerhead"] + ["coral"] * 8,
        pearls=[5, 2],
        end_by=0,
    )
    state = play(state, "buy col 1")
    assert state.shark_of[0] == 0 and state.shark_bought[0]
    assert state.out[C["hammerhead"]] == 1


def test_a_mimic_declared_anemone_can_host_a_boxer_crab() -> None:
    state = make_position(
        options={"mimic-octopus": True, "boxer-crab": True},
        gardens={0: {"c3": "mimic"}},
        market=["boxer"] + ["seagrass"] * 8,
        pearls=[3, 2],
    )
    state = play(state, "buy col 1")
    assert state.phase == "plant"  # not sent back: the mimic could still become an anemone
    assert ("return", "boxer") in GAME.legal_actions(state)
    state = play(state, "mimic c3 anemone", "plant boxer c3")
    assert at(state, "c3") == (C["mimic-anemone"], C["boxer"])


def test_claim_windows_go_round_from_the_active_player() -> None:
    market = ["coral"] * 8 + [None]
    state = make_position(
        ("Ann", "Bob", "Cy"),
        options=SHARK,
        gardens={0: {"a1": "hammerhead"}, 2: {"a1": "tiger"}},
        shark_of=["hammerhead", None, "tiger"],
        shark_bought=[True, False, True],
        market=market,
        active=1,
        pearls=[2, 2, 2],
        phase="refill",
        drawn="seagrass",
    )
    state = play(state, "refill m9")
    assert state.current_player == 2  # Bob (active) has no shark; Cy comes next, then Ann
    state = play(state, "skip")
    assert state.current_player == 0
    state = play(state, "claim m1")
    assert state.active == 2 and state.claims[0] == 0
