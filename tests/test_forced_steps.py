"""Forced steps (issue 7, "less friction"): a decision with one legal action is no choice.

The app plays it for a person (tests/ui/test_forced_steps_on_screen.py); here the table's side:
which steps are forced, and that undo never stops in front of one (it would only be played again)
but takes it back together with the decision before it, or refuses with the reason of that
decision. Positions are Octopus's Garden's: a boxer crab must go on an anemone (rulebook, "Boxer
crab"), so with one anemone its planting is forced; a sea star must move one space closer to the
nearest oyster ("Moving sea stars"), so with one shortest path its move is forced.
"""

from __future__ import annotations

from gardens_tui.rules.octopus_garden.board import CELL_IDS
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.table import Seat, Setup, Table, lone_action


def table_at(state: OctopusState) -> Table:
    """Ann and Bob, both people, from a hand-built position."""
    return Table(
        Setup("octopus-garden", (Seat("Ann"), Seat("Bob")), dict(state.options), 0), states=[state]
    )


def boxer_table() -> Table:
    """Ann plants a seagrass (a real choice), then her boxer crab (forced: one anemone)."""
    state = make_position(
        options={"boxer-crab": True},
        gardens={0: {"c3": "anemone"}},
        hand=["seagrass", "boxer"],
        phase="plant",
    )
    return table_at(state)


def test_a_boxer_crab_with_one_anemone_is_a_forced_planting() -> None:
    """Boxer crab: it must be placed on an anemone; with one anemone there is nothing to choose."""
    table = boxer_table()
    assert table.forced_action() is None  # seagrass or boxer, anywhere: a real choice
    table.apply(("plant", "seagrass", CELL_IDS["e4"]), seat=0)
    assert table.forced_action() == ("plant", "boxer", CELL_IDS["c3"])


def test_a_sea_star_with_one_shortest_path_moves_by_force() -> None:
    """Moving sea stars: a star must move one space closer to the nearest attracted oyster."""
    state = make_position(gardens={0: {"a1": "star", "a3": "oyster"}}, phase="animals")
    table = table_at(state)
    assert table.forced_action() == ("move", "star", CELL_IDS["a1"], CELL_IDS["a2"])


def test_lone_action_ignores_skill_decisions_and_real_choices() -> None:
    state = make_position(phase="market")
    decision = state.decision
    assert decision is not None
    assert lone_action(decision, [("oyster",)]) == ("oyster",)
    assert lone_action(decision, [("oyster",), ("pass", 0)]) is None
    assert lone_action(None, [("oyster",)]) is None


def test_undo_takes_a_forced_step_back_with_the_decision_before_it() -> None:
    """Undo after a forced planting lands before the seagrass, not in front of the boxer crab."""
    table = boxer_table()
    start = table.state
    table.apply(("plant", "seagrass", CELL_IDS["e4"]), seat=0)
    table.apply(("plant", "boxer", CELL_IDS["c3"]), seat=0)  # what the app plays for her
    assert table.undo_steps() == 2 and table.undo_refusal() is None
    assert table.undo()
    assert table.state is start and table.actions == []


def test_undo_refuses_when_only_forced_steps_were_played() -> None:
    """Nothing but a forced step since the start: there is no decision of Ann's to take back."""
    state = make_position(
        options={"boxer-crab": True}, gardens={0: {"c3": "anemone"}}, hand=["boxer"], phase="plant"
    )
    table = table_at(state)
    table.apply(("plant", "boxer", CELL_IDS["c3"]), seat=0)
    assert table.undo_steps() == 0
    assert table.undo_refusal() == "nothing to undo yet"
    assert not table.undo() and len(table.actions) == 1


def test_undo_of_a_forced_step_gives_the_reason_of_the_decision_before_it() -> None:
    """Undo never stops in front of a forced step; if the decision before it cannot be taken
    back (here: another seat made it), undo refuses with that decision's reason."""
    table = boxer_table()
    table.apply(("plant", "seagrass", CELL_IDS["e4"]), seat=0)
    table.apply(("plant", "boxer", CELL_IDS["c3"]), seat=0)
    # Seen from Bob, who does not decide now: the decisions are Ann's.
    assert table.undo_steps(seat=1) == 0
    assert table.undo_refusal(seat=1) == "Ann made the last decision, not you"
