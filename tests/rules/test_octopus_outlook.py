"""Shark claim warnings (issue 7; rulebook "Shark": on your next turn you must buy the claimed
tile's row or column, or throw the shark back into the bag)."""

from __future__ import annotations

from gardens_tui.rules.octopus_garden.components import CODES, COST
from gardens_tui.rules.octopus_garden.outlook import (
    cheapest_line_through,
    claim_warning,
    harvest_of,
)
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState

CORAL_LINE = 3 * COST[CODES["coral"]]


def claim_window(bob_pearls: int, **fields: object) -> OctopusState:
    """Bob (tiger shark) may claim a tile of an all-coral market."""
    given: dict[str, object] = {
        "shark_of": [None, "tiger"],
        "shark_bought": [False, True],
        "claim_order": [1],
        **fields,
    }
    return make_position(
        options={"shark": True},
        gardens={1: {"c3": "tiger"}},
        market=["coral"] * 9,
        pearls=[4, bob_pearls],
        phase="claim",
        **given,
    )


def test_harvest_counts_the_printed_oysters() -> None:
    """Harvest: one pearl per oyster, the two printed on the board included."""
    assert harvest_of(claim_window(0), 1) == 2


def test_a_claim_no_line_is_affordable_for_is_warned_of() -> None:
    """Shark: the claimer must buy a line through the tile next turn or release the shark; with
    fewer pearls than the cheapest line (after next turn's harvest), say so before the claim."""
    state = claim_window(CORAL_LINE - 2 - 1)
    warning = claim_warning(state, 4)
    assert "m5" in warning and "release" in warning
    assert f"costs {CORAL_LINE} pearls" in warning
    assert f"you will have {CORAL_LINE - 1} after your harvest" in warning


def test_a_claim_within_reach_is_not_warned_of() -> None:
    assert claim_warning(claim_window(CORAL_LINE - 2), 4) == ""


def test_lines_blocked_by_another_shark_are_not_for_sale() -> None:
    """A tile under another player's shark may not be bought by anyone else."""
    state = claim_window(
        20,
        shark_of=["hammerhead", "tiger"],
        shark_bought=[True, True],
        claims=[0, None, None, None, None, None, None, None, None],
    )
    # Ann's shark is on m1: row 1 and column 1 are barred for Bob; m2's column 2 is open.
    assert cheapest_line_through(state, 1, 0) is None
    assert cheapest_line_through(state, 1, 1) == CORAL_LINE
    assert "block every row and column through m1" in claim_warning(state, 0)
