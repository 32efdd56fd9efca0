"""Tanuki in the Garden: set-up, drawing, the pile reshuffled from the discards, the target by
player count (and the faster game), the end of the game and the extra-turn tie-break."""

from __future__ import annotations

import pytest

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.tanuki.components import NUM_TILES
from gardens_tui.rules.tanuki.positions import make_position
from gardens_tui.rules.tanuki.spec import target

GAME = get_game("tanuki-in-the-garden")
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")


@pytest.mark.parametrize(
    ("players", "normal", "fast"),
    [(2, 15, 12), (3, 15, 12), (4, 12, 10), (5, 12, 10), (6, 10, 8), (7, 10, 8), (8, 10, 8)],
)
def test_target_shiitake_by_player_count_and_faster_game(
    players: int, normal: int, fast: int
) -> None:
    """Rule: 15 / 12 / 10 shiitake for 2-3 / 4-5 / 6-8 players; the faster game 12 / 10 / 8."""
    assert target(players, False) == normal and target(players, True) == fast
    s = GAME.new_game(NAMES[:players], {"faster-game": True}, 1)
    assert s.target == fast


def test_setup_deals_three_tiles_places_both_tanuki_and_asks_for_edges_in_turn_order() -> None:
    """Rule: each player gets 3 path tiles, both tanuki are placed by the dice, then every
    player chooses a starting edge space, never one already taken."""
    s = GAME.new_game(NAMES[:3], {}, 5)
    assert [len(h) for h in s.hands] == [3, 3, 3]
    assert len(s.pile) == NUM_TILES - 9
    assert all(0 <= t < 36 for t in s.tanuki)
    assert s.decision is not None and (s.decision.kind, s.decision.seat) == ("edge", 0)
    s = GAME.apply(s, GAME.read_action(s, "edge n1"))
    assert s.decision is not None and s.decision.seat == 1
    assert ("edge", 0) not in GAME.legal_actions(s)
    s = GAME.apply(s, GAME.read_action(s, "edge n2"))
    s = GAME.apply(s, GAME.read_action(s, "edge n3"))
    assert s.active == 0 and s.dice != [0, 0]  # turn 1 began with the roll


def test_draw_back_to_three_and_a_secret_draw_is_redacted() -> None:
    """Rule: without ashi-magari the active player draws back up to 3; others only read that
    tiles were drawn."""
    s = make_position(monks={0: "edge n1", 1: "edge s6"}, hands={0: ["t1"]})
    after = GAME.apply(s, ("pass",))
    assert len(after.hands[0]) == 3
    bob = GAME.view(after, 1)
    ann = GAME.view(after, 0)
    assert "Ann drew 2 tiles" in bob.events
    assert any(line.startswith("Ann drew t") for line in ann.events)
    assert bob.hands[0] == [-1, -1, -1] and bob.pile == [-1] * len(after.pile)


def test_the_pile_is_reshuffled_from_the_discards_when_it_runs_out() -> None:
    """Rule: removed and discarded tiles are shuffled into a new pile when the pile runs out."""
    s = make_position(monks={0: "edge n1", 1: "edge s6"}, hands={0: []})
    s.had_tiles = True
    s.discard = s.pile[:]
    s.pile = []
    after = GAME.apply(s, ("pass",))
    assert len(after.hands[0]) == 3
    assert "The discarded tiles were shuffled into a new pile" in after.events
    assert after.discard == [] and after.chance


def test_reaching_the_target_at_the_end_of_a_turn_ends_the_game() -> None:
    """Rule: a player with the target at the end of a turn ends the game; most shiitake wins."""
    s = make_position(monks={0: "edge n1", 1: "edge s6"}, shiitake=[15, 9])
    after = GAME.apply(s, ("pass",))
    assert after.over and after.decision is None
    assert GAME.winners(after).winners == (0,)
    assert GAME.scores(after).final


def test_the_player_with_most_wins_even_if_another_reached_the_target() -> None:
    """Rule: when several reach the target, the player with more is the winner."""
    s = make_position(monks={0: "edge n1", 1: "edge s6"}, shiitake=[15, 17])
    after = GAME.apply(s, ("pass",))
    assert after.over and GAME.winners(after).winners == (1,)


def test_tied_leaders_take_extra_turns_until_one_leads() -> None:
    """Rule: players tied for the most at the end take one more turn each, repeated until one
    player has the most."""
    s = make_position(
        ("Ann", "Bob", "Cleo"),
        monks={0: "edge n1", 1: "edge s6", 2: "edge e3"},
        shiitake=[15, 3, 15],
    )
    after = GAME.apply(s, ("pass",))
    assert not after.over
    assert after.active == 2 and after.extra == 1 and after.tiebreak == [0]
    assert any("tied for the lead" in line for line in after.events)
    # Cleo's extra turn: she passes; then Ann's.
    while after.active == 2 and not after.over:
        after = GAME.apply(
            after,
            ("pass",) if ("pass",) in GAME.legal_actions(after) else GAME.legal_actions(after)[0],
        )
    assert after.active == 0 and after.tiebreak == []
    after.shiitake[0] = 16
    while after.active == 0 and not after.over:
        after = GAME.apply(
            after,
            ("pass",) if ("pass",) in GAME.legal_actions(after) else GAME.legal_actions(after)[0],
        )
    assert after.over
    outcome = GAME.winners(after)
    assert outcome.winners == (0,) and outcome.tiebreak == "extra turns for the tied leaders"
