"""Landmark claims in words (issue 27): what a take claims is said with what it scores, and a
mat tells an uncovered landmark still to claim from one somebody already claimed by its
letters."""

from __future__ import annotations

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.the_gardens.components import LANDMARK_ID
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import GardensState
from gardens_tui.rules.the_gardens.text import landmark_mark, mat_picture, take_outcome

GAME = get_game("the-gardens")
TOWER = LANDMARK_ID["sydney-tower"]


def tower_position(owner: int | None = None, side: str = "points") -> GardensState:
    """Ann's row C ends at c3; Sydney Tower is printed on c2 (mats l1-r1)."""
    return make_position(
        ("Ann", "Bob"),
        {"landmarks": True, "layout": "l1-r1", "landmark-side": side},
        mats={0: {"c4": "C1", "c3": "C2"}},
        owners={"sydney-tower": owner} if owner is not None else None,
        display={"c": ["C4", None, None, None]},
    )


def test_describe_action_says_which_landmark_a_take_claims_and_what_it_gives() -> None:
    """Rule (landmarks: the first card covering a landmark claims its card): the take's words
    name the claim with its points (counted in what the take scores now) or its ability."""
    s = tower_position()
    outcome = take_outcome(s, ("take", 2, 0, "left"))
    assert outcome is not None and outcome.claims == TOWER and outcome.points >= 3
    assert GAME.describe_action(s, ("take", 2, 0, "left")) == (
        f"take C4 (Bottlebrush) to c2 (left); it scores {outcome.points} now; "
        "claims Sydney Tower (3 points)"
    )
    ability = tower_position(side="abilities")
    assert GAME.describe_action(ability, ("take", 2, 0, "left")).endswith(
        "; claims Sydney Tower (+1 whenever you score benches)"
    )
    assert "claims" not in GAME.describe_action(s, ("take", 2, 0, "right"))
    right = take_outcome(s, ("take", 2, 0, "right"))
    assert right is not None and right.claims == -1


def test_a_landmark_somebody_claimed_claims_nothing_and_is_marked_so() -> None:
    """Rule (landmarks: only the first to cover it): once Bob holds Sydney Tower, Ann's card
    on it claims nothing; her mat shows it ``-st-`` instead of ``(ST)``."""
    free, taken = tower_position(), tower_position(owner=1)
    assert landmark_mark(free, TOWER) == "(ST)" and landmark_mark(taken, TOWER) == "-st-"
    assert "(ST)" in "\n".join(mat_picture(free, 0))
    assert "-st-" in "\n".join(mat_picture(taken, 0))
    assert "claims" not in GAME.describe_action(taken, ("take", 2, 0, "left"))
    outcome = take_outcome(taken, ("take", 2, 0, "left"))
    assert outcome is not None and outcome.claims == -1
