"""Landmarks in The Gardens: the four mat layouts, the cards' sides, claiming by covering first,
and all twelve abilities."""

from __future__ import annotations

from typing import Any

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.the_gardens.components import LANDMARK_ID, LAYOUTS, layout_landmarks
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.scoring import CATEGORIES
from gardens_tui.rules.the_gardens.state import GardensState

GAME = get_game("the-gardens")
LANDMARKS_AT = CATEGORIES.index("landmarks")


def opts(layout: str = "l1-r1", side: str = "abilities", **more: Any) -> dict[str, Any]:
    return {"landmarks": True, "layout": layout, "landmark-side": side, **more}


def pos(layout: str = "l1-r1", side: str = "abilities", **fields: Any) -> GardensState:
    players = fields.pop("players", ("Ann", "Bob"))
    return make_position(players, opts(layout, side), **fields)


def take(s: GardensState, row: int, slot: int, side: str) -> GardensState:
    after = GAME.apply(s, ("take", row, slot, side))
    assert isinstance(after, GardensState)
    return after


def landmark_points(s: GardensState) -> list[int]:
    return [row[LANDMARKS_AT] for row in GAME.scores(s).table]


# --- set-up -----------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_layout_shows_its_six_landmarks_for_everyone(layout: str) -> None:
    """Landmarks: every player has the same layout; the six landmark cards of that layout are
    in play."""
    s = GAME.new_game(["Ann", "Bob", "Cleo"], opts(layout), 1)
    assert s.layout == layout
    assert {lm for lm, face in enumerate(s.faces) if face} == set(layout_landmarks(layout))


def test_landmark_sides_points_abilities_or_a_random_half() -> None:
    """Landmarks: all cards points side up, all text side up, or a mix (half at random)."""
    for seed in range(5):
        mixed = GAME.new_game(["Ann", "Bob"], opts(side="mixed"), seed).faces
        assert mixed.count("ability") == 3 and mixed.count("points") == 3
    assert GAME.new_game(["Ann", "Bob"], opts(side="points"), 1).faces.count("points") == 6
    assert GAME.new_game(["Ann", "Bob"], opts(side="abilities"), 1).faces.count("ability") == 6


def test_random_layout_picks_one_of_the_four() -> None:
    """Option: a random layout is one of the four."""
    layouts = {
        GAME.new_game(["Ann", "Bob"], {"landmarks": True}, seed).layout for seed in range(40)
    }
    assert layouts == set(LAYOUTS)


# --- claiming ---------------------------------------------------------------------------------


def test_first_to_cover_a_landmark_claims_its_card_and_its_points() -> None:
    """Landmarks: covering a landmark claims its card, but only for the first player; a points
    card gives its points at once. The Art Gallery (10) is at c7 in layout l1-r1."""
    s = pos(
        side="points",
        mats={0: {"c6": "C1"}, 1: {"c6": "C3"}},
        visitors={0: {"c": 6}, 1: {"c": 6}},
        display={"c": ["C2", "C4", None, None]},
    )
    s = take(s, 2, 0, "right")
    gallery = LANDMARK_ID["art-gallery"]
    assert s.owners[gallery] == 0 and s.points[0][3] == 10
    assert any("claimed Art Gallery" in line for line in s.events)
    s = take(s, 2, 1, "right")  # Bob covers his c7 too: nothing to claim
    assert s.owners[gallery] == 0 and s.points[1][3] == 0


def test_an_ability_claimed_by_covering_already_counts_on_that_walk() -> None:
    """Our decision: the card is claimed when placed, before its walk, so Sydney Tower (c2 in
    l1-r1) adds its point to the bench that covers it."""
    s = pos(
        mats={0: {"c3": "C1", "c4": "C3"}},
        visitors={0: {"c": 3}},
        display={"c": ["C21", None, None, None]},
    )
    s = take(s, 2, 0, "left")
    assert s.owners[LANDMARK_ID["sydney-tower"]] == 0
    assert s.points[0][2] == 1 + 1  # c3 beside it, plus the Tower


def test_a_landmark_under_a_moved_central_board_is_never_claimed() -> None:
    """Our decision: landmarks stay where the mats print them; with the Central Board in
    column 3 the Conservatorium (b3 in l1) lies under it and nobody can claim it."""
    s = GAME.new_game(["Ann", "Bob"], {**opts(), "start-column": 3}, 2)
    rng = Rng(seed_state(2))
    while not s.is_over:
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert s.owners[LANDMARK_ID["conservatorium"]] == -1


# --- end-game abilities -----------------------------------------------------------------------


def test_opera_house_scores_10_per_complete_pathway_loop() -> None:
    """Opera House: 10 points per complete loop. a4 (E-S) - board - b4 (N-E) closes one loop
    through the Central Board's two cells."""
    cells = {"a4": "A23", "b4": "B7"}
    s = pos(mats={0: cells, 1: {}}, owners={"opera-house": 0})
    assert landmark_points(s) == [10, 0]
    s = pos(mats={0: {"a4": "A23"}}, owners={"opera-house": 0})
    assert landmark_points(s) == [0, 0]


def test_harbour_bridge_scores_3_per_bench() -> None:
    """Sydney Harbour Bridge: at the end, 3 points per bench in your garden."""
    s = pos("l2-r1", mats={0: {"a4": "A21", "b4": "B22", "c6": "C1"}}, owners={"harbour-bridge": 0})
    assert landmark_points(s) == [6, 0]


def test_moreton_bay_fig_holder_chooses_a_species_at_the_end() -> None:
    """Moreton Bay Fig: at the end its holder chooses a species (a decision with the four
    species) and scores 2 per tree of it; until then the best one is counted."""
    s = pos(
        "l1-r2",
        mats={1: {"a4": "A1", "a3": "A9", "b4": "B2"}},  # wattle 2, jacaranda 2 (A9, B2)
        owners={"moreton-bay-fig": 1},
        phase="species",
        round=4,
    )
    assert s.decision is not None and s.decision.kind == "species" and s.decision.seat == 1
    assert GAME.legal_actions(s) == [
        ("species", "wattle"),
        ("species", "bottlebrush"),
        ("species", "jacaranda"),
        ("species", "palm"),
    ]
    assert landmark_points(s) == [0, 4]
    done = GAME.apply(s, ("species", "bottlebrush"))
    assert done.over and landmark_points(done) == [0, 0]
    done = GAME.apply(s, ("species", "jacaranda"))
    assert done.over and landmark_points(done) == [0, 4]


def test_conservatorium_joins_adjacent_pathways() -> None:
    """Conservatorium: all adjacent pathways count as connected: a4 (N-S) beside the board is
    joined to it, so the network grows from 3 to 4."""
    pathways = CATEGORIES.index("pathways")
    plain = pos(mats={0: {"a4": "A22"}})
    joined = pos(mats={0: {"a4": "A22"}}, owners={"conservatorium": 0})
    assert GAME.scores(plain).table[0][pathways] == 3
    assert GAME.scores(joined).table[0][pathways] == 4


def test_conservatorium_joins_loops_for_the_opera_house() -> None:
    """Conservatorium with the Opera House: adjacency also closes loops (a 2x2 block of
    pathway cards beside the board)."""
    cells = {"a4": "A22", "b4": "B22"}  # both N-S: not joined to the board by their ends
    s = pos(mats={0: cells}, owners={"opera-house": 0})
    assert landmark_points(s) == [0, 0]
    s = pos(mats={0: cells}, owners={"opera-house": 0, "conservatorium": 0})
    assert landmark_points(s) == [10, 0]


def test_art_gallery_adds_5_per_complete_stream() -> None:
    """Art Gallery of NSW: an extra 5 per stream three cards tall."""
    streams = {"a4": "A13", "b4": "B13", "c4": "C13", "a6": "A14", "b6": "B14"}
    s = pos(mats={0: streams}, owners={"art-gallery": 0})
    assert landmark_points(s) == [5, 0]


def test_governor_phillip_fountain_scores_3_per_split_stream() -> None:
    """Governor Phillip Fountain: 3 per column with a top and a bottom stream but no middle."""
    s = pos(
        "l1-r2",
        mats={0: {"a4": "A13", "c4": "C13", "a6": "A14"}},
        owners={"governor-phillip-fountain": 0},
    )
    assert landmark_points(s) == [3, 0]


# --- abilities during the game ----------------------------------------------------------------


def test_mrs_macquaries_chair_adds_1_whenever_trees_score() -> None:
    """Mrs Macquarie's Chair: 1 extra point whenever you score focal trees."""
    s = pos("l1-r2", owners={"mrs-macquaries-chair": 0}, display={"a": ["A1", None, None, None]})
    assert take(s, 0, 0, "left").points[0][0] == 1 + 1


def test_duck_pond_adds_1_whenever_fountains_score() -> None:
    """The Duck Pond: 1 extra point whenever you score a fountain (even one seeing no stream)."""
    s = pos(owners={"duck-pond": 0}, display={"a": ["A17", "A19", None, None]})
    assert take(s, 0, 0, "left").points[0][1] == 1 + 1
    s = pos(owners={"duck-pond": 0}, display={"a": ["A19", None, None, None]})
    assert take(s, 0, 0, "left").points[0][1] == 0 + 1


def test_sydney_tower_adds_1_whenever_benches_score() -> None:
    """Sydney Tower: 1 extra point whenever you score benches."""
    s = pos(owners={"sydney-tower": 0}, display={"b": ["B21", None, None, None]})
    assert take(s, 1, 0, "left").points[0][2] == 3 + 1


def test_lion_gate_scores_statues_walked_past_or_stopped_on() -> None:
    """The Lion Gate: 1 point whenever a visitor walks past or stops on a statue card (not the
    one it starts on: ours)."""
    cells = {"a3": "A25", "a4": "A26"}
    s = pos(
        "l2-r1",
        mats={0: cells},
        owners={"lion-gate": 0},
        visitors={0: {"a": 3}},
        display={"a": ["A27", "A1", None, None]},
    )
    assert take(s, 0, 0, "right").points[0][3] == 2  # past a4, onto the new statue
    assert take(s, 0, 1, "right").points[0][3] == 1  # past a4 only


def test_fort_denison_reserves_a_card_at_the_start_of_each_round() -> None:
    """Fort Denison: at the start of each round its holder chooses a display card to claim on a
    later turn this round; no other player may choose it."""
    s = pos(
        players=("Ann", "Bob", "Cleo"),
        owners={"fort-denison": 1},
        phase="reserve",
    )
    decision = s.decision
    assert decision is not None and decision.kind == "reserve" and decision.seat == 1
    assert decision.optional and decision.pass_action == ("skip",)
    assert ("reserve", 0, 1) in GAME.legal_actions(s) and ("skip",) in GAME.legal_actions(s)
    s = GAME.apply(s, ("reserve", 0, 1))
    assert s.phase == "take" and s.active == 0 and s.reserved == [0, 1]
    assert not any(a[:3] == ("take", 0, 1) for a in GAME.legal_actions(s))
    with pytest.raises(IllegalAction, match="a2 is reserved by Bob"):
        GAME.apply(s, ("take", 0, 1, "left"))
    s = take(s, 0, 0, "left")  # Ann takes a1
    # Bob's only card from row A this round must be the one he reserved.
    row_a = {a[2] for a in GAME.legal_actions(s) if a[0] == "take" and a[1] == 0}
    assert row_a == {1}
    with pytest.raises(IllegalAction, match="must be a2, which you reserved"):
        GAME.apply(s, ("take", 0, 2, "left"))
    s = take(s, 0, 1, "right")
    assert s.reserved == []


def test_fort_denison_holder_may_skip_the_reservation() -> None:
    """Our decision: reserving binds its holder, so the holder may also skip it."""
    s = pos(owners={"fort-denison": 0}, phase="reserve")
    s = GAME.apply(s, ("skip",))
    assert s.phase == "take" and s.reserved == []


def test_fort_denison_reservation_opens_every_later_round_in_play() -> None:
    """Fort Denison in a whole game: once claimed (ability side), every later round begins with
    its holder's reservation."""
    s = GAME.new_game(["Ann", "Bob", "Cleo"], opts(), 5)
    rng = Rng(seed_state(5))
    fort = LANDMARK_ID["fort-denison"]
    seen_reserve = False
    while not s.is_over:
        before = s
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if s.chance and s.round > before.round and before.owners[fort] >= 0:
            assert s.phase == "reserve" and s.current_player == before.owners[fort]
            seen_reserve = True
    assert seen_reserve


def test_state_library_returns_a_visitor_once_per_round_before_placing() -> None:
    """State Library: once per round, on your turn before you place a card, you may return a
    visitor to the Central Board; its next walk starts there."""
    s = pos(
        "l2-r1",
        mats={0: {"b6": "B1", "b7": "B5"}},
        visitors={0: {"b": 7}},
        owners={"state-library": 0},
        display={"b": ["B9", None, None, None]},
    )
    assert ("return", 1) in GAME.legal_actions(s)
    assert ("return", 0) not in GAME.legal_actions(s)  # already on the Central Board
    s = GAME.apply(s, ("return", 1))
    assert s.visitors[0][1] == 4 and s.library_used and s.phase == "take" and s.active == 0
    assert not any(a[0] == "return" for a in GAME.legal_actions(s))
    with pytest.raises(IllegalAction, match="already sent a visitor back this round"):
        GAME.apply(s, ("return", 1))
    s = take(s, 1, 0, "right")  # B9 (bottlebrush + palm in deck B) at b8
    # From the board it sees B1 and B5 (bottlebrush) too: 3 bottlebrush (6) + 1 palm (1);
    # from b7 it would have seen 2 bottlebrush (3) + 1 palm (1).
    assert s.points[0][0] == 7


def test_abilities_work_only_for_their_holder_and_side() -> None:
    """A landmark claimed points side up gives no ability."""
    s = pos(side="points", owners={"sydney-tower": 0}, display={"b": ["B21", None, None, None]})
    assert take(s, 1, 0, "left").points[0][2] == 3
    with pytest.raises(IllegalAction, match="State Library"):
        GAME.apply(
            pos(
                "l2-r1",
                side="points",
                owners={"state-library": 0},
                mats={0: {"b6": "B1"}},
                visitors={0: {"b": 6}},
            ),
            ("return", 1),
        )
