"""Seabed Neighbours' features: placement refusals, completion of streaks and reefs, flags,
palaces and majorities."""

from __future__ import annotations

import pytest
from seabed_helpers import GAME, play, position, refusal

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.seabed import seascape

START_STREAK = [[0, 0, 0, "streak-e", "flag"]]


def test_placement_refused_on_an_occupied_place() -> None:
    """Rule (placement): a place holds one tile."""
    s = position([], ["t23"])
    assert "already holds the start tile" in refusal(s, "place 1 at 0,0 r0")


def test_placement_refused_away_from_the_seascape() -> None:
    """Rule (placement): a tile must touch at least one placed tile side to side."""
    s = position([], ["t23"])
    assert "does not touch" in refusal(s, "place 1 at 1,1 r0")
    assert "does not touch" in refusal(s, "place 1 at 5,0 r0")


def test_placement_refused_when_an_edge_does_not_continue_its_feature() -> None:
    """Rule (placement): every touching side continues its feature; the reason names it."""
    s = position([], ["t23"])
    text = refusal(s, "place 1 at 1,0 r0")
    assert "west side is seabed" in text and "seaweed" in text
    text = refusal(s, "place 1 at 0,-1 r0")
    assert "reef" in text


def test_placement_refused_for_a_missing_tile_or_a_bad_turn() -> None:
    """Rule (placement): only the tiles in hand, in quarter turns."""
    s = position([], ["t23"])
    assert "no tile 2" in refusal(s, "place 2 at 1,0 r90")
    with pytest.raises(IllegalAction, match="quarter turns"):
        GAME.apply(s, ("place", 1, 1, 0, 45))


def test_placement_in_any_of_four_turns_that_fits() -> None:
    """Rule (placement): a straight streak fits east of the start tile turned 90 or 270."""
    s = position([], ["t23"])
    legal = [a for a in GAME.legal_actions(s) if a[2:4] == (1, 0)]
    assert legal == [("place", 1, 1, 0, 90), ("place", 1, 1, 0, 270)]


def test_streak_completed_by_fields_scores_tiles_and_closing_fish() -> None:
    """Rule (streaks): closed by a field at both ends: 1 per tile plus the fields' fish."""
    s = position([(1, 0, "t41", 90)], ["t43"], flags=START_STREAK)
    s = play(s, "place 1 at -1,0 r270")
    if s.phase == "flag":
        s = play(s, "pass")
    assert s.piles[0][0] == 3 + 2
    assert s.supply[0][0] == 5  # the flag went home
    assert any("complete: Cleo & Ann score 5" in e for e in s.events)


def test_streak_completed_by_reefs() -> None:
    """Rule (streaks): a streak ending against reefs at both ends is complete."""
    s = position([(1, 0, "t21", 90)], ["t20"], flags=START_STREAK)
    s = play(s, "place 1 at -1,0 r270")
    if s.phase == "flag":
        s = play(s, "pass")
    assert s.piles[0][0] == 3


def test_streak_completed_as_a_loop() -> None:
    """Rule (streaks): a streak that loops back onto itself is complete."""
    ring = [(0, 1, "t32", 270), (1, 1, "t32", 0), (1, 2, "t32", 90)]
    s = position(ring, ["t34"], flags=[[0, 0, 1, "streak-e", "flag"]])
    f = seascape.feature_at(s, (0, 1), 0)
    assert not f.complete and f.open == 2
    s = play(s, "place 1 at 0,2 r180")
    if s.phase == "flag":
        s = play(s, "pass")
    assert s.piles[0][0] == 4


def test_reef_with_a_hole_is_not_complete_until_the_hole_is_filled() -> None:
    """Rule (reefs): a reef with a hole (an empty place its reef edges face) is not complete;
    the tile that fills the hole completes it: 2 per tile."""
    ring = [(0, 1, "t7", 90), (1, 1, "t7", 180), (1, 2, "t8", 270)]
    s = position(ring, ["t9"], flags=[[0, 0, 1, "reef-e", "flag"]])
    f = seascape.feature_at(s, (0, 1), 0)
    assert f.kind == "reef" and not f.complete and f.open == 6
    s = play(s, "place 1 at 0,2 r0")
    if s.phase == "flag":
        s = play(s, "pass")
    assert s.piles[0][1] == 8


def test_flag_occupancy_one_flag_per_feature() -> None:
    """Rule (flags): a flag only on a feature without flags; never on a field."""
    s = position([(1, 0, "t23", 90)], ["t24"], flags=[[1, 0, 0, "streak-e", "flag"]])
    s = play(s, "place 1 at -1,0 r90")
    assert s.phase == "flag"
    assert "already holds a flag" in refusal(s, "flag -1,0 streak-e")
    s2 = position([], ["t41"])
    s2 = play(s2, "place 1 at 1,0 r90")
    assert "not on a field" in refusal(s2, "flag 1,0 field")
    assert ("palace", 1, 0, "field") in GAME.legal_actions(s2)


def test_palace_occupancy_one_palace_per_seaweed_system() -> None:
    """Rule (palaces): no palace where the system has one; a flag may join a palace."""
    s = position([(1, 0, "t41", 90)], ["t23"], flags=[[1, 1, 0, "field", "palace"]])
    s = play(s, "place 1 at -1,0 r90")
    assert "one palace per system" in refusal(s, "palace -1,0 streak-e")
    assert ("flag", -1, 0, "streak-e") in GAME.legal_actions(s)


def test_flag_on_the_teams_previous_tile() -> None:
    """Rule (flags): on the tile just placed or the one the team placed before."""
    s = position([(1, 0, "t23", 90)], ["t1"], last=[[1, 0], None, None])
    s = play(s, "place 1 at 0,-1 r180")
    assert s.flag_cells == ((0, -1), (1, 0))
    assert "not on the start tile (0,0)" in refusal(s, "flag 0,0 seabed-ne")
    s = play(s, "flag 1,0 seabed-ne")
    assert s.supply[0][0] == 4


def test_majority_tie_scores_every_tied_team() -> None:
    """Rule (majority): tied teams all score in full; every flag goes home."""
    flags = [[0, 1, 0, "streak-s", "flag"], [1, -1, 0, "streak-e", "flag"]]
    laid = [(1, 0, "t32", 0), (-1, 0, "t32", 270), (1, 1, "t41", 180)]
    s = position(laid, ["t42"], flags=flags)
    assert seascape.feature_at(s, (1, 0), 0).flags == (1, 1, 0)
    s = play(s, "place 1 at -1,1 r180")
    if s.phase == "flag":
        s = play(s, "pass")
    assert s.piles[0][0] == s.piles[1][0] == 6
    assert s.supply[0][0] == 5 and s.supply[1][0] == 5


def test_flag_on_a_feature_the_tile_just_completed_scores_at_once() -> None:
    """Our decision: a flag may go on a streak the tile just completed; it scores at once."""
    s = position([(1, 0, "t41", 90)], ["t43"])
    s = play(s, "place 1 at -1,0 r270", "flag -1,0 streak-e")
    assert s.piles[0][0] == 5 and s.supply[0][0] == 5


def test_a_completed_feature_takes_no_new_flag() -> None:
    """Our decision: a streak completed and scored earlier takes no flag."""
    s = position([(1, 0, "t41", 90), (-1, 0, "t43", 270)], ["t23"], last=[[1, 0], None, None])
    s = play(s, "place 1 at 0,1 r90")
    assert "completed and scored earlier" in refusal(s, "flag 1,0 streak-w")


def test_placement_refused_for_the_second_copy_or_the_wrong_negotiation_verb() -> None:
    """Refusals: two copies of one tile are placed as tile 1; table talk places directly and
    propose and veto proposes."""
    s = position([], ["t23", "t23"])
    assert "use tile 1" in refusal(s, "place 2 at 1,0 r90")
    assert "places directly" in refusal(s, "propose 1 at 1,0 r90")
    p = position([], ["t23", "t24"], options={"negotiation": "propose-and-veto"}, phase="propose")
    assert "are proposed" in refusal(p, "place 1 at 1,0 r90")
    assert "not possible now" in refusal(p, "accept")


def test_each_empty_place_needs_what_its_placed_neighbours_show() -> None:
    """Rule (placement): a tile must continue the feature of every neighbour it touches; the
    requirement kept tile by tile for each empty place equals the one read afresh from its
    neighbours, all through random games."""
    for seed in range(3):
        rng = Rng(seed_state(seed))
        state = GAME.new_game(["A", "B", "C"], {}, seed)
        while not state.is_over:
            assert state.need == {c: seascape.need_code(state.board, c) for c in state.need}
            assert all(c not in state.board for c in state.need)
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))])
