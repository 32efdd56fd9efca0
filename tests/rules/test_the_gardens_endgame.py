"""End-of-game scoring in The Gardens: tree types per row, streams, the largest pathway
network, statues against each other player (with the rulebook's example), the four advanced
end tiles, and the tie-break."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.scoring import CATEGORIES
from gardens_tui.rules.the_gardens.state import GardensState

GAME = get_game("the-gardens")


def position(
    mats: Mapping[int, Mapping[str, str]],
    players: Sequence[str] = ("Ann", "Bob"),
    options: Mapping[str, object] | None = None,
    **fields: Any,
) -> GardensState:
    return make_position(tuple(players), options, mats=mats, **fields)


def category(s: GardensState, name: str) -> list[int]:
    """Every seat's points in one category of the score table."""
    index = CATEGORIES.index(name)
    return [row[index] for row in GAME.scores(s).table]


def test_trees_score_the_number_of_species_in_each_row() -> None:
    """End trees: per row, 1/3/6/10 points for 1/2/3/4 different species anywhere in it;
    two trees of one species are one type."""
    # Row A: wattle, bottlebrush, jacaranda, palm (10); row B: two wattles (B4, B8) (1);
    # row C: C1 jacaranda and C2 palm (3).
    s = position(
        {
            0: {
                "a1": "A1",
                "a2": "A2",
                "a3": "A3",
                "a4": "A4",
                "b4": "B4",
                "b3": "B8",
                "c4": "C1",
                "c6": "C2",
            }
        }
    )
    assert category(s, "trees") == [14, 0]


def test_streams_score_2_for_two_sections_5_for_three_and_0_when_split() -> None:
    """End streams: vertically adjacent stream cards form a stream: 2 sections score 2, 3 score
    5; one card alone scores 0, and a top and a bottom without the middle score 0."""
    s = position(
        {
            0: {
                "a1": "A13",  # column 1: one stream card: 0
                "a2": "A14",
                "b2": "B13",  # column 2: two: 2
                "a3": "A15",
                "b3": "B14",
                "c3": "C13",  # column 3: three: 5
                "a4": "A16",
                "c4": "C14",  # column 4: split: 0
            },
            1: {"b6": "B15", "c6": "C15"},  # two at the bottom: 2
        }
    )
    assert category(s, "streams") == [7, 2]


def test_pathways_score_the_largest_network_with_the_central_board() -> None:
    """End pathways: 1 point per card in the largest connected network; path ends must meet on
    the shared edge; the Central Board's three cells count as joined pathway cards (ours)."""
    # a3 (E-W) - a4 (E-W) - board: 2 cards + 3 board cells = 5. a6 (N-S) does not meet the
    # board's east end... it does: the board has all four ends but a6 has no west end.
    s = position({0: {"a3": "A21", "a4": "A32", "a6": "A22", "b6": "B22"}, 1: {}})
    assert category(s, "pathways") == [5, 3]
    # Only the largest network counts: a6-b6 (2) is separate.
    s = position({0: {"a6": "A22", "b6": "B22", "c6": "C31"}, 1: {}})
    assert category(s, "pathways") == [3, 3]


def test_statues_rulebook_example_6_3_3_scores_20_0_0() -> None:
    """End statues (the rulebook's example): with 6, 3 and 3 statues, the first player beats two
    players (20 points); the others beat nobody (0)."""
    s = position(
        {
            0: {"a1": "A25", "a2": "A26", "a3": "A27", "a4": "A28", "b4": "B25", "b3": "B26"},
            1: {"b4": "B27", "b3": "B28", "c4": "C25"},
            2: {"c4": "C26", "c3": "C27", "c2": "C28"},
        },
        players=("Ann", "Bob", "Cleo"),
    )
    assert category(s, "statues") == [20, 0, 0]


def test_statues_tied_counts_beat_nobody() -> None:
    """End statues: 10 points only for each player with strictly fewer statues."""
    s = position({0: {"a4": "A25"}, 1: {"a4": "A26"}})
    assert category(s, "statues") == [0, 0]
    s = position({0: {"a4": "A25"}, 1: {}})
    assert category(s, "statues") == [10, 0]


# --- advanced end tiles -----------------------------------------------------------------------


def test_advanced_end_tree_tile_group_scores_3_per_tree_in_the_largest_group() -> None:
    """Advanced tile (end trees): 3 per focal tree in the largest orthogonally connected group
    of trees, all species together; diagonal does not join; a double-tree card counts 2."""
    options = {"end-tree-tile": "group"}
    # a3 (A9: 2 trees) - a4 (A1) - b4 (B1): 4 trees; c3 (C1) is only diagonal to b4.
    s = position({0: {"a3": "A9", "a4": "A1", "b4": "B1", "c3": "C1"}, 1: {}}, options=options)
    assert category(s, "trees") == [12, 0]


def test_advanced_end_tree_tile_balance_scores_5_per_balanced_row() -> None:
    """Advanced tile (end trees): 5 per row with as many focal trees left of the Central Board
    as right of it (a row with none on either side is balanced too: our reading)."""
    options = {"end-tree-tile": "balance"}
    s = position(
        {0: {"a4": "A1", "a6": "A2", "b4": "B9", "b6": "B1", "c4": "C1"}, 1: {}}, options=options
    )
    # Row A 1 = 1 (5), row B 2 != 1, row C 1 != 0.
    assert category(s, "trees") == [5, 15]


def test_advanced_statue_tile_lines_scores_rows_and_columns_with_a_statue() -> None:
    """Advanced tile (statues): 2 per row and per column with at least one statue."""
    options = {"statue-tile": "lines"}
    s = position({0: {"a4": "A25", "b4": "B25", "c6": "C25"}, 1: {}}, options=options)
    # Rows A, B, C (3) and columns 4, 6 (2): 5 lines.
    assert category(s, "statues") == [10, 0]


def test_advanced_statue_tile_isolated_scores_statues_without_a_statue_beside() -> None:
    """Advanced tile (statues): 4 per statue not orthogonally adjacent to another; diagonal
    neighbours are fine."""
    options = {"statue-tile": "isolated"}
    s = position({0: {"a4": "A25", "b4": "B25", "c3": "C25", "a2": "A26"}, 1: {}}, options=options)
    # a4 and b4 touch (not isolated); c3 is diagonal to b4 (isolated); a2 alone (isolated).
    assert category(s, "statues") == [8, 0]


# --- winner -----------------------------------------------------------------------------------


def test_most_points_wins() -> None:
    """The player with the most points is the winner."""
    s = position({}, points=[[5, 0, 0, 0], [2, 0, 0, 0]], over=True, phase="over")
    assert GAME.winners(s).winners == (0,)
    assert GAME.winners(s).tiebreak is None


def test_tie_goes_to_the_later_player_in_the_final_rounds_turn_order() -> None:
    """In a tie the tied player who went later in turn order in the final round wins. With
    three players the final (8th) round is started by seat 1, so the order is 1, 2, 0."""
    names = ("Ann", "Bob", "Cleo")
    s = position({}, players=names, points=[[4, 0, 0, 0], [4, 0, 0, 0], [1, 0, 0, 0]])
    outcome = GAME.winners(s)
    assert outcome.winners == (0,) and outcome.tiebreak is not None
    assert outcome.tiebreak == (
        "Bob and Ann tied on 7 points; Ann went later in the final round's turn order"
    )
    s = position({}, players=names, points=[[1, 0, 0, 0], [4, 0, 0, 0], [4, 0, 0, 0]])
    assert GAME.winners(s).winners == (2,)


def test_two_player_tie_goes_to_the_second_player_of_round_4() -> None:
    """Tie-break with two players: round 4 is started by seat 1, so seat 0 goes later."""
    s = position({}, points=[[3, 0, 0, 0], [3, 0, 0, 0]])
    assert GAME.winners(s).winners == (0,)


def test_final_scores_are_the_walks_plus_every_end_category() -> None:
    """At the end the table is final and each total is the sum of its categories."""
    from gardens_tui.rules.rng import Rng, seed_state

    s = GAME.new_game(["Ann", "Bob", "Cleo", "Dan"], {}, 3)
    rng = Rng(seed_state(3))
    while not s.is_over:
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    scores = GAME.scores(s)
    assert scores.final and scores.categories == CATEGORIES
    assert all(len(row) == len(CATEGORIES) for row in scores.table)
    assert GAME.winners(s).winners[0] in range(4)
