"""Seabed Neighbours' magic clams: the extra turn, its limit, and every clam tile's effect."""

from __future__ import annotations

from seabed_helpers import GAME, no_clams, only_clam, play, position

from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.seascape import find

RING = [(0, 1, "t7", 90), (1, 1, "t7", 180), (1, 2, "t8", 270)]
"""Three corner reefs below the start tile: the fourth (at 0,2 r0) closes the reef."""


def _pass_flag(s):  # type: ignore[no-untyped-def]
    return play(s, "pass") if s.phase == "flag" else s


def test_completing_a_reef_with_a_magic_clam_gives_an_extra_turn() -> None:
    """Rule (magic clams): the pair that completes a clam reef places one clam tile at once."""
    s = position(RING, ["t10", "t23"], removed=only_clam("c1"))
    s = _pass_flag(play(s, "place 1 at 0,2 r0"))
    assert s.extra and s.clam >= 0 and s.team == 0 and s.phase == "place"
    assert any("extra turn" in e for e in s.events)
    assert s.hand  # the turn's second tile waits for after the extra turn


def test_no_extra_turn_when_the_clam_stack_is_empty() -> None:
    """Rule (magic clams): no clam tile left, no extra turn."""
    s = position(RING, ["t10", "t23"], removed=no_clams())
    s = _pass_flag(play(s, "place 1 at 0,2 r0"))
    assert not s.extra and s.step == 2 and s.team == 1
    assert any("no clam tile is left" in e for e in s.events)


def test_no_chained_extra_turns() -> None:
    """Rule (magic clams): a clam reef completed during an extra turn gives no further one."""
    s = position(
        [(0, 1, "t6", 180)],
        ["t23"],
        clam="c5",
        extra=True,
        removed=[c for c in only_clam("c1") if c != "c5"],
    )
    # 0,1 is a clam cap facing south, open; the anemone cap c5 closes it from 0,2.
    s = _pass_flag(play(s, "place 1 at 0,2 r0"))
    assert any("reef" in e and "complete" in e for e in s.events)
    assert not s.extra and s.clam == -1 and s.step == 2 and s.team == 1
    assert len(s.clams) == 1  # the clam stack still holds c1: the limit, not an empty stack


def test_anemone_groups_score_three_each_on_a_completed_reef() -> None:
    """Clam tile (anemones): 2 per reef tile and 3 per anemone group."""
    s = position([], ["t23"], clam="c5", extra=True, flags=[[0, 0, 0, "reef-n", "flag"]])
    s = _pass_flag(play(s, "place 1 at 0,-1 r180"))
    assert s.piles[0][1] == 2 * 2 + 3


def test_party_gramophone_scores_the_animals_around_it_at_once() -> None:
    """Clam tile (party gramophone): the 8 tiles around it in its seabed area, bottles
    cancelling crabs."""
    laid = [(0, 1, "t54", 0), (0, 2, "t57", 0), (-1, 1, "t55", 0)]
    s = position(laid, ["t23"], clam="c8", extra=True)
    s = _pass_flag(play(s, "place 1 at 1,1 r0"))
    # manta 3 at 0,1; crab and bottle cancel at 0,2; the crab at -1,1 is two places away.
    assert s.piles[0][2] == 3


def test_music_gramophone_doubles_the_animals_around_it_at_the_end() -> None:
    """Clam tile (music gramophone): animals on the 8 tiles around it in its seabed area
    count twice at the end; bottles still cancel crabs."""
    laid = [(0, 1, "c10", 0), (1, 1, "t54", 0), (0, 2, "t57", 0), (0, 3, "t55", 0)]
    s = position(laid, ["t23"])
    root = find(s.parent, seascape.node_of(s, (0, 1), 0))
    # manta 3 (doubled: 6), crab+bottle at 0,2 (crabs 2 doubled, bottle 1), crab at 0,3.
    assert seascape.seabed_value(s, root) == 6 + max(0, 2 + 1 - 1)


def test_whirlpool_returns_a_flag_unscored() -> None:
    """Clam tile (whirlpool): the placing team must take one of its flags back."""
    s = position(
        [(0, 1, "t54", 0)],
        ["t23"],
        clam="c11",
        extra=True,
        flags=[[0, 0, 1, "seabed-ne", "flag"]],
    )
    s = _pass_flag(play(s, "place 1 at 1,1 r0"))
    assert s.phase == "whirlpool"
    assert GAME.legal_actions(s) == [("return", 0, 1, "seabed-ne")]
    s = play(s, "return 0,1 seabed-ne")
    assert s.supply[0][0] == 5 and not s.flags and sum(s.piles[0]) == 0


def _whirlpool_ahead(**fields):  # type: ignore[no-untyped-def]
    """Team 0 holds a flag on the start tile's reef and places the whirlpool c11 at 1,1 (an
    extra turn), beside the seabed of 0,1."""
    laid = [(0, 1, "t54", 0)]
    flags = [[0, 0, 0, "reef-n", "flag"]]
    return position(laid, ["t23"], clam="c11", extra=True, flags=flags, **fields)


def test_the_whirlpool_acts_before_its_flag_step() -> None:
    """Clam tile (whirlpool), an immediate action (rules version 3): the flag goes home as soon
    as the tile is placed, before its flag step, so a flag put on the whirlpool tile cannot be
    the one sent home; the flag step on the whirlpool tile follows the return."""
    s = play(_whirlpool_ahead(), "place 1 at 1,1 r0")
    assert s.rules == 3 and s.phase == "whirlpool" and not s.flag_cells
    assert GAME.legal_actions(s) == [("return", 0, 0, "reef-n")]
    s = play(s, "return 0,0 reef-n")
    assert s.phase == "flag" and s.flag_cells == ((1, 1),) and s.supply[0][0] == 5
    flags = [a for a in GAME.legal_actions(s) if a[0] == "flag"]
    assert flags and all(a[1:3] == (1, 1) for a in flags)


def test_version_2_games_resolve_the_whirlpool_after_the_flag_step() -> None:
    """Rules versions: a game played under rules version 2 keeps its order, the flag step
    first and the whirlpool after scoring, where the flag just put on the whirlpool tile may be
    the one sent home, so its saved actions replay as they were played."""
    s = play(_whirlpool_ahead(rules=2), "place 1 at 1,1 r0")
    assert s.phase == "flag"
    flag = next(a for a in GAME.legal_actions(s) if a[0] == "flag")
    s = GAME.apply(s, flag)
    assert s.phase == "whirlpool"
    assert ("return", *flag[1:]) in GAME.legal_actions(s)


def test_diver_ignores_bottles_in_its_seabed() -> None:
    """Clam tile (diver): bottles on its seabed area are ignored at the end."""
    laid = [(0, 1, "t57", 0), (1, 1, "c13", 0)]
    s = position(laid, ["t23"])
    root = find(s.parent, seascape.node_of(s, (0, 1), 0))
    assert seascape.seabed_value(s, root) == 1
    plain = position([(0, 1, "t57", 0)], ["t23"])
    root = find(plain.parent, seascape.node_of(plain, (0, 1), 0))
    assert seascape.seabed_value(plain, root) == 0


def test_harvester_scores_two_per_field_of_its_system_at_once() -> None:
    """Clam tile (harvester): 2 per field in its seaweed system, palaces ignored."""
    s = position([(-1, 0, "t41", 270)], ["t23"], clam="c15", extra=True)
    s = _pass_flag(play(s, "place 1 at 1,0 r0"))
    assert s.piles[0][2] == 2 * 2


def test_sushi_set_adds_a_point_per_field_to_palace_scoring() -> None:
    """Clam tile (sushi set): the palace majority scores 1 per fish and 1 per field."""
    laid = [(1, 0, "c16", 90), (-1, 0, "t41", 270)]
    s = position(laid, ["t23"], flags=[[0, 1, 0, "field", "palace"]])
    from gardens_tui.rules.seabed.scoring import final_scoring

    final_scoring(s)
    # fish: c16's field 1 + t41's field 1; fields 2.
    assert s.piles[0][3] == 2 + 2


def test_bonus_tiles_bring_their_animals_to_the_seabed() -> None:
    """Clam tile (bonus): more animals count like any others."""
    s = position([(0, 1, "c1", 0)], ["t23"])
    root = find(s.parent, seascape.node_of(s, (0, 1), 0))
    assert seascape.seabed_value(s, root) == 3 + 2
