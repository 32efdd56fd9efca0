"""Octopus's Garden animal phase: sea-star paths, ties and eating; hermit crabs and their homes."""

from __future__ import annotations

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.board import CELL_IDS
from gardens_tui.rules.octopus_garden.components import CODES
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState

STAR, CRAB, SHELL = CODES["star"], CODES["crab"], CODES["shell"]


def at(state: OctopusState, cell: str, seat: int = 0) -> tuple[int, ...]:
    return state.gardens[seat][CELL_IDS[cell]]


def animals(cells: dict[str, str]) -> OctopusState:
    return make_position(gardens={0: cells}, phase="animals")


def play(state: OctopusState, *moves: str) -> OctopusState:
    for text in moves:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def star_steps(state: OctopusState, cell: str) -> set[str]:
    return {
        GAME.format_action(a).split()[-1]
        for a in GAME.legal_actions(state)
        if a[0] == "move" and a[1] == "star" and a[2] == CELL_IDS[cell]
    }


def test_sea_star_must_step_one_space_closer_to_the_nearest_oyster() -> None:
    state = animals({"c1": "star", "c4": "oyster"})
    assert star_steps(state, "c1") == {"c2"}
    assert ("done",) not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="sea star"):
        GAME.apply(state, ("done",))
    state = play(state, "move star c1 c2")
    assert at(state, "c1") == () and at(state, "c2") == (STAR,)
    assert "Ann's sea star moved from c1 to c2" in state.events
    assert GAME.legal_actions(state) == [("done",)]


def test_equal_shortest_paths_let_the_owner_choose() -> None:
    assert star_steps(animals({"b3": "star", "d3": "oyster"}), "b3") == {"c3", "c4"}


def test_equally_near_oysters_let_the_owner_choose() -> None:
    assert star_steps(animals({"c3": "star", "c1": "oyster", "c5": "oyster"}), "c3") == {"c2", "c4"}


def test_sea_star_goes_for_the_nearest_oyster_only() -> None:
    assert star_steps(animals({"c3": "star", "c1": "oyster", "c6": "oyster"}), "c3") == {"c2"}


def test_coral_blocks_sea_star_paths() -> None:
    state = animals({"c1": "star", "c2": "coral", "c3": "oyster"})
    assert star_steps(state, "c1") == {"b1", "d1"}


def test_sea_star_ignores_an_oyster_walled_in_by_coral() -> None:
    walled = {"c3": "oyster", **{c: "coral" for c in ("b2", "b3", "c2", "c4", "d2", "d3")}}
    state = animals({"a1": "star", "e4": "oyster", **walled})
    assert star_steps(state, "a1") == {"a2"}  # b2 is coral; the way round is via a2
    # With only the walled-in oyster the star stays put and the phase is skipped.
    only = make_position(gardens={0: {"a1": "star", **walled}}, market=["coral"] * 9)
    after = play(only, "pass m1")
    assert after.active == 1 and at(after, "a1") == (STAR,)


def test_printed_oysters_never_attract_sea_stars() -> None:
    state = make_position(gardens={0: {"c3": "star"}}, market=["coral"] * 9)
    after = play(state, "pass m1")  # no oyster token: no animal phase at all
    assert after.active == 1 and at(after, "c3") == (STAR,)


def test_sea_star_eats_the_oyster_it_lands_on() -> None:
    state = animals({"c2": "seagrass star", "c3": "oyster"})
    bed = state.bed
    state = play(state, "move star c2 c3")
    assert at(state, "c3") == (STAR,) and at(state, "c2") == (CODES["seagrass"],)
    assert state.bed == bed + 1
    assert "Ann's sea star ate an oyster at c3" in state.events


def test_sea_stars_may_step_onto_tokens_and_other_stars() -> None:
    state = play(animals({"c1": "star", "c2": "relic star", "c4": "oyster"}), "move star c1 c2")
    assert at(state, "c2") == (CODES["relic"], STAR, STAR)
    # The star that arrived has moved; the other one on c2 still must.
    assert star_steps(state, "c2") == {"c3"}


def test_each_star_moves_in_the_order_the_owner_chooses() -> None:
    state = animals({"c2": "star", "c3": "oyster", "a1": "star"})
    # a1 is 3 from c3. If the c2 star eats first, the a1 star has nothing left to chase.
    eaten = play(state, "move star c2 c3")
    assert star_steps(eaten, "a1") == set()
    assert ("done",) in GAME.legal_actions(eaten)


def test_hermit_crab_moves_are_optional_and_never_onto_coral() -> None:
    state = animals({"c3": "crab", "c4": "coral"})
    acts = GAME.legal_actions(state)
    assert ("done",) in acts
    targets = {a[3] for a in acts if a[0] == "move"}
    assert CELL_IDS["c4"] not in targets and len(targets) == 5
    state = play(state, "move crab c3 c2")
    assert GAME.legal_actions(state) == [("done",)]  # each animal moves once


def test_homeless_crab_moving_onto_a_shell_takes_it_as_home() -> None:
    state = play(animals({"c3": "crab", "c4": "shell"}), "move crab c3 c4")
    assert at(state, "c4") == (CODES["crab+shell"],)
    assert any("moved into an empty shell" in e for e in state.events)


def test_homeless_crab_can_take_trash_as_home() -> None:
    state = play(animals({"c3": "crab", "c4": "trash"}), "move crab c3 c4")
    assert at(state, "c4") == (CODES["crab+trash"],)


def test_crab_carries_its_home_when_it_moves() -> None:
    state = play(animals({"c3": "crab+shell", "c4": "seagrass"}), "move crab+shell c3 c4")
    assert at(state, "c3") == () and at(state, "c4") == (CODES["seagrass"], CODES["crab+shell"])


def test_crab_may_leave_its_home_only_where_it_lies_alone() -> None:
    state = animals({"c3": "crab+shell", "a1": "seagrass crab+trash"})
    acts = GAME.legal_actions(state)
    assert ("move", "crab+shell", CELL_IDS["c3"], CELL_IDS["c4"], "leave") in acts
    assert not any(a[1] == "crab+trash" and len(a) == 5 for a in acts if a[0] == "move")
    state = play(state, "move crab+shell c3 c4 leave")
    assert at(state, "c3") == (SHELL,) and at(state, "c4") == (CRAB,)


def test_crab_already_carrying_a_home_does_not_swap_it() -> None:
    state = play(animals({"c3": "crab+trash", "c4": "shell"}), "move crab+trash c3 c4")
    assert at(state, "c4") == (SHELL, CODES["crab+trash"])


def test_animal_phase_offered_for_crabs_even_without_oysters() -> None:
    state = make_position(gardens={0: {"c3": "crab"}}, market=["coral"] * 9)
    after = play(state, "pass m1")
    assert after.phase == "animals" and after.active == 0
