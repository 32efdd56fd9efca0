"""Octopus's Garden final scoring by category, with worked numbers, and the tie-breaks."""

from __future__ import annotations

from typing import Any

from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.scoring import (
    TIEBREAK_JOINT,
    TIEBREAK_NEGATIVE,
    TIEBREAK_PEARLS,
    relic_points,
    trash_points,
)
from gardens_tui.rules.octopus_garden.state import OctopusState


def garden(cells: dict[str, str], **kw: Any) -> OctopusState:
    """Ann's garden holds ``cells``; Bob's is empty."""
    return make_position(gardens={0: cells}, **kw)


def score(state: OctopusState, category: str, seat: int = 0) -> int:
    return GAME.scores(state).by_category(seat)[category]


def test_relics_score_0_for_one_2_each_for_two_5_each_for_three_or_more() -> None:
    assert [relic_points(n) for n in range(6)] == [0, 0, 4, 15, 20, 25]
    assert score(garden({"a1": "relic"}), "relics") == 0
    assert score(garden({"a1": "relic", "e4": "relic"}), "relics") == 4
    assert score(garden({"a1": "relic", "a2": "relic", "e4": "relic"}), "relics") == 15


def test_trash_scores_minus_count_each() -> None:
    assert [trash_points(n) for n in range(5)] == [0, -1, -4, -9, -16]
    assert score(garden({"a1": "trash"}), "trash") == -1
    assert score(garden({"a1": "trash", "b1": "trash"}), "trash") == -4
    assert score(garden({"a1": "trash", "b1": "trash", "c1": "trash"}), "trash") == -9


def test_lone_crab_plus_1_and_empty_shell_plus_1() -> None:
    assert score(garden({"a1": "crab"}), "crabs & shells") == 1
    assert score(garden({"a1": "shell"}), "crabs & shells") == 1
    assert score(garden({"a1": "crab", "a2": "shell"}), "crabs & shells") == 2


def test_crab_carrying_shell_scores_6_together() -> None:
    assert score(garden({"a1": "crab+shell"}), "crabs & shells") == 6


def test_crab_carrying_trash_scores_0_and_the_trash_is_not_counted() -> None:
    state = garden({"a1": "crab+trash", "a2": "trash", "a3": "trash"})
    assert score(state, "crabs & shells") == 0
    assert score(state, "trash") == -4  # two loose trash, not three


def test_printed_points_of_coral_anemone_seagrass_sea_star() -> None:
    state = garden({"a1": "coral", "a2": "anemone", "a3": "seagrass", "a4": "star"})
    assert score(state, "printed points") == 1 + 2 + 1 + 5


def test_each_oyster_token_costs_2_and_printed_oysters_nothing() -> None:
    assert score(garden({}), "oysters") == 0
    assert score(garden({"a1": "oyster", "e4": "oyster"}), "oysters") == -4


def test_tokens_under_animals_still_count() -> None:
    state = garden({"c3": "relic star crab", "c4": "relic", "c5": "seagrass crab+shell"})
    assert score(state, "relics") == 4
    assert score(state, "printed points") == 5 + 1
    assert score(state, "crabs & shells") == 1 + 6


def test_bonus_animals_score_their_values() -> None:
    state = garden({}, clownfish=[[6, 4], []], clownfish_pile=[3])
    assert score(state, "bonus animals") == 10


def test_parrot_fish_scores_one_per_adjacent_coral_only_with_module() -> None:
    cells = {"c3": "parrot", "c2": "coral", "b2": "coral", "d3": "coral", "a1": "coral"}
    state = garden(cells, options={"parrot-fish": True})
    assert score(state, "parrot fish") == 3
    assert "parrot fish" not in GAME.scores(garden({})).categories


def test_module_printed_points() -> None:
    opts = {"coconut-octopus": True, "lionfish": True, "boxer-crab": True, "mimic-octopus": True}
    cells = {
        "a1": "coconut",
        "a2": "coconut-used",
        "a3": "lionfish",
        "b1": "anemone boxer",
        "b3": "mimic-seagrass",
    }
    state = garden(cells, options=opts)
    assert score(state, "printed points") == 3 + 1 + 5 + (2 + 3) + 0


def test_provisional_scores_are_not_final() -> None:
    assert GAME.scores(garden({})).final is False


def _ended(cells0: dict[str, str], cells1: dict[str, str], pearls: list[int]) -> OctopusState:
    return make_position(gardens={0: cells0, 1: cells1}, pearls=pearls, phase="over", over=True)


def test_winner_is_the_highest_total_without_tiebreak() -> None:
    state = _ended({"a1": "star"}, {"a1": "coral"}, [0, 0])
    assert GAME.winners(state).winners == (0,)
    assert GAME.winners(state).tiebreak is None
    assert GAME.scores(state).final


def test_tie_goes_to_fewest_negative_scoring_tiles() -> None:
    # Ann: star 5 + oyster -2 = 3 with one negative tile; Bob: 3 coral = 3 with none.
    state = _ended(
        {"a1": "star", "a2": "oyster"}, {"a1": "coral", "a2": "coral", "a3": "coral"}, [9, 0]
    )
    assert GAME.scores(state).totals() == (3, 3)
    outcome = GAME.winners(state)
    assert outcome.winners == (1,) and outcome.tiebreak == TIEBREAK_NEGATIVE


def test_crab_carried_trash_is_not_a_negative_tile_in_the_tiebreak() -> None:
    state = _ended(
        {"a1": "crab+trash", "a2": "coral"}, {"a1": "trash", "a2": "coral", "b1": "crab"}, [0, 0]
    )
    assert GAME.scores(state).totals() == (1, 1)
    assert GAME.winners(state).winners == (0,)


def test_second_tiebreak_is_most_leftover_pearls() -> None:
    state = _ended({"a1": "coral"}, {"a1": "coral"}, [2, 5])
    outcome = GAME.winners(state)
    assert outcome.winners == (1,) and outcome.tiebreak == TIEBREAK_PEARLS


def test_still_tied_players_are_joint_winners() -> None:
    state = _ended({"a1": "coral"}, {"a1": "coral"}, [3, 3])
    outcome = GAME.winners(state)
    assert outcome.winners == (0, 1) and outcome.tiebreak == TIEBREAK_JOINT
