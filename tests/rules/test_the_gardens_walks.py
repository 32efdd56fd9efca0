"""Walk scoring in The Gardens: what a visitor sees between where it stood and the new card,
with the basic walk tiles (focal trees, fountains, benches) and the six advanced walk tiles."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import GardensState

GAME = get_game("the-gardens")


def walk(
    cells: Mapping[str, str],
    visitor: int,
    card: str,
    side: str,
    options: Mapping[str, object] | None = None,
) -> tuple[int, ...]:
    """Ann's points by category (walk trees, fountains, benches, landmarks) from taking
    ``card`` into its row on ``side``, her visitor of that row standing in column ``visitor``."""
    row = card[0].lower()
    s = make_position(
        ("Ann", "Bob"),
        options,
        mats={0: dict(cells)},
        visitors={0: {row: visitor}},
        display={row: [card, None, None, None]},
    )
    after = GAME.apply(s, ("take", "abc".index(row), 0, side))
    assert isinstance(after, GardensState)
    return tuple(b - a for a, b in zip(s.points[0], after.points[0], strict=True))


# --- focal trees ------------------------------------------------------------------------------


def test_trees_count_only_what_the_visitor_saw_direction_matters() -> None:
    """Focal trees: count the matching trees on the cards the visitor passed, not the whole
    row. Walking one step right sees 2 wattles (3) and the palm (1); from the far left it sees
    4 wattles (10) and the palm (1)."""
    cells = {"a3": "A1", "a4": "A5", "a6": "A9"}
    assert walk(cells, 6, "A12", "right") == (4, 0, 0, 0)
    assert walk(cells, 3, "A12", "right") == (11, 0, 0, 0)


def test_walking_left_across_the_central_board_sees_everything_on_the_way() -> None:
    """Focal trees: a visitor on the right walking to a card placed on the left passes the
    Central Board and every card between."""
    assert walk({"a3": "A1", "a4": "A5", "a6": "A9"}, 6, "A12", "left") == (11, 0, 0, 0)


def test_double_tree_cards_count_both_trees() -> None:
    """Focal trees: some cards have two trees. Stopping on wattle + jacaranda after a
    jacaranda scores jacaranda 2 trees (3) and wattle 1 tree (1)."""
    assert walk({"a6": "A3"}, 6, "A9", "right") == (4, 0, 0, 0)
    # A double-tree card passed on the way counts too: palm + wattle then a wattle.
    assert walk({"a6": "A12"}, 6, "A1", "right") == (3, 0, 0, 0)


def test_five_matching_trees_continue_the_scale_to_15() -> None:
    """components.md: 5 matching trees score 15 (1, 3, 6, 10, 15 ...)."""
    cells = {"a1": "A1", "a2": "A5", "a3": "A9", "a4": "A24"}
    assert walk(cells, 1, "A12", "right") == (16, 0, 0, 0)  # 5 wattles 15 + 1 palm 1


# --- fountains --------------------------------------------------------------------------------


def test_fountains_score_one_point_per_stream_seen() -> None:
    """Fountains: 1 point per stream card seen on the walk (the fountain's own stream too),
    and only those seen."""
    cells = {"a3": "A14", "a4": "A13", "a6": "A15"}
    assert walk(cells, 3, "A17", "right") == (0, 4, 0, 0)
    assert walk(cells, 6, "A17", "right") == (0, 2, 0, 0)


# --- benches ----------------------------------------------------------------------------------


def test_benches_count_adjacent_cards_with_the_central_board_as_three() -> None:
    """Benches: 1 point per card orthogonally or diagonally adjacent; each of the Central
    Board's three cells counts as a card. A bench beside the board in row B sees all three."""
    assert walk({}, 5, "B21", "left") == (0, 0, 3, 0)
    assert walk({}, 5, "A21", "left") == (0, 0, 2, 0)
    assert walk({"b4": "B1", "b3": "B2"}, 5, "A21", "left") == (0, 0, 4, 0)


def test_statues_and_plain_streams_score_nothing_during_the_game() -> None:
    """Other features: a statue or a stream without a fountain scores nothing on its walk."""
    assert walk({}, 5, "A25", "left") == (0, 0, 0, 0)
    assert walk({"a4": "A14"}, 4, "A13", "left") == (0, 0, 0, 0)


def test_a_bench_with_a_tree_scores_both() -> None:
    """A card showing two scoring features (bench + wattle) scores each of them."""
    # A24 (bench + wattle) at a7 after a wattle: 2 wattles seen (3), 1 card around (1).
    assert walk({"a6": "A1"}, 6, "A24", "right") == (3, 0, 1, 0)


# --- advanced walk tiles ----------------------------------------------------------------------


def test_advanced_tree_tile_streams_scores_streams_seen() -> None:
    """Advanced tile (trees): stopping on a focal tree scores 1 per stream seen."""
    options = {"tree-tile": "streams"}
    assert walk({"a4": "A13", "a6": "A14"}, 6, "A1", "left", options) == (2, 0, 0, 0)
    assert walk({"a4": "A13", "a6": "A14"}, 6, "A1", "right", options) == (1, 0, 0, 0)


def test_advanced_tree_tile_paths_scores_pathways_walked() -> None:
    """Advanced tile (trees): 1 per pathway walked on or crossed; the Central Board carries a
    pathway (our decision), so crossing it counts."""
    options = {"tree-tile": "paths"}
    assert walk({"a4": "A29"}, 5, "A5", "left", options) == (3, 0, 0, 0)  # A5, A29, board
    assert walk({"a6": "A29"}, 6, "A1", "right", options) == (1, 0, 0, 0)


def test_advanced_fountain_tile_variety_scores_different_features_seen() -> None:
    """Advanced tile (fountains): 1 per different feature seen: stream, focal tree, pathway,
    bench, statue and other fountains (the stopping fountain itself does not count as one)."""
    options = {"fountain-tile": "variety"}
    cells = {"a1": "A1", "a2": "A22", "a3": "A25", "a4": "A13"}
    assert walk(cells, 1, "A19", "right", options) == (0, 5, 0, 0)
    assert walk({**cells, "a6": "A20"}, 1, "A19", "right", options) == (0, 6, 0, 0)


def test_advanced_fountain_tile_column_scores_fountains_in_the_column() -> None:
    """Advanced tile (fountains): 1/3/6 points for 1/2/3 fountains in the column stopped in."""
    options = {"fountain-tile": "column"}
    assert walk({}, 5, "C20", "right", options) == (0, 1, 0, 0)
    assert walk({"a6": "A17"}, 5, "C20", "right", options) == (0, 3, 0, 0)
    assert walk({"a6": "A17", "b6": "B19"}, 5, "C20", "right", options) == (0, 6, 0, 0)


def test_advanced_bench_tile_paths_needs_a_path_leading_in() -> None:
    """Advanced tile (benches): 2 per pathway leading directly to the bench; an adjacent card
    whose path does not reach the shared edge does not count."""
    options = {"bench-tile": "paths"}
    # B22 (bench, path N-S) at b4: A22 above leads down, C29 below leads up, the board leads in.
    assert walk({"a4": "A22", "c4": "C29"}, 5, "B22", "left", options) == (0, 0, 6, 0)
    # C21 (path E-W) below does not lead up into the bench.
    assert walk({"a4": "A22", "c4": "C21"}, 5, "B22", "left", options) == (0, 0, 4, 0)


def test_advanced_bench_tile_trees_scores_species_orthogonally_adjacent() -> None:
    """Advanced tile (benches): 3 per different focal-tree species orthogonally adjacent;
    diagonal trees and the bench card's own tree do not count."""
    options = {"bench-tile": "trees"}
    # The bench goes to b3: above a wattle, below a jacaranda, right a palm; a4 is diagonal.
    cells = {"b4": "B3", "a3": "A1", "c3": "C1", "a4": "A2"}
    assert walk(cells, 5, "B22", "left", options) == (0, 0, 9, 0)
    # Two wattles beside it are one species.
    assert walk({"b4": "B4", "a3": "A1"}, 5, "B22", "left", options) == (0, 0, 3, 0)


@pytest.mark.parametrize("column", [3, 7])
def test_walks_work_with_a_moved_central_board(column: int) -> None:
    """Varying starting positions: the visitor starts on the Central Board wherever it is."""
    side = "left" if column == 7 else "right"
    target = column - 1 if side == "left" else column + 1
    s = make_position(
        ("Ann", "Bob"),
        {"start-column": column},
        display={"b": ["B21", None, None, None]},
    )
    after = GAME.apply(s, ("take", 1, 0, side))
    assert after.mats[0][9 + target - 1] >= 0
    assert after.points[0][2] == 3
