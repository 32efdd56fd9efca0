"""Throw Octopus! action cards (components.md section 4: all nine rows with their timing): an
octopus-icon tile draws a card; Octo Shield kept face up stops the next throw at its holder;
Magic Touch kept and played on a later turn; Stinky Inky, Tide Swap, Octo Rush, Ink Storm, Gift
from the Deep and both Throw Octopus cards act when drawn; the throw's dodge is a skill decision
(dodge / hit / roll by the hit chance); a hit draws 2 and loses the next turn; used cards are
reshuffled into a new deck when it runs out."""

from __future__ import annotations

from typing import Any

import pytest
from throw_octopus_sparse import make_position, tile_id

from gardens_tui.rules.base import ROLL, IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.throw_octopus.components import all_cards
from gardens_tui.rules.throw_octopus.state import ThrowState

GAME = get_game("throw-octopus")
NAMES = ["Ann", "Bob", "Cleo"]
OCTO_PLAY = "play t21 at 0,1 r0"
"""t21 carries the octopus icon and fits below the start tile t49."""


def t(name: str) -> int:
    tile = tile_id(name)
    assert tile is not None
    return tile


def with_card(card: str, **fields: Any) -> ThrowState:
    """Ann to play t21 (an octopus tile) with ``card`` the only card left in the deck."""
    rest = all_cards()
    rest.remove(card)
    held = fields.pop("held", [[], [], []])
    for hand in held:
        for kept in hand:
            rest.remove(kept)
    return make_position(
        NAMES,
        [(0, 0, "t49", 0)],
        fields.pop("hands", [["t21", "t44", "t46"], ["t45"], ["t48"]]),
        pile_top=["t60", "t52"],
        deck=[card],
        discard=rest,
        held=held,
        **fields,
    )


def play(state: ThrowState, text: str) -> ThrowState:
    return GAME.apply(state, GAME.read_action(state, text))


def test_an_octopus_tile_draws_a_card_and_a_plain_tile_does_not() -> None:
    """Playing an octopus-icon tile draws one action card."""
    s = play(with_card("rush"), OCTO_PLAY)
    assert "Ann drew Octo Rush" in s.events and s.deck == []
    plain = make_position(NAMES, [(0, 0, "t49", 0)], [["t57", "t44"], ["t45"], ["t48"]])
    assert len(play(plain, "play t57 at 1,0 r0").deck) == 28


def test_octo_shield_is_kept_face_up_and_stops_the_next_throw_at_its_holder() -> None:
    """Octo Shield: kept face up; the next throw at its holder is cancelled, once."""
    kept = play(with_card("shield"), OCTO_PLAY)
    assert kept.held[0] == ["shield"] and kept.discard.count("shield") == 3
    assert GAME.view(kept, 1).held[0] == ["shield"]  # face up
    shielded = with_card("throw-next", held=[[], ["shield"], []])
    s = play(shielded, OCTO_PLAY)
    assert s.held[1] == [] and s.phase == "play"
    assert s.discard.count("shield") == shielded.discard.count("shield") + 1
    assert s.active == 1 and s.lost == [0, 0, 0]
    assert any("Octo Shield stopped it" in line for line in s.events)


def test_throw_at_the_next_player_is_a_dodge_skill_decision_of_the_target() -> None:
    """Throw Octopus (next player): the next seat must dodge: a skill decision with dodge, hit
    (plain or with its reason: too late, a wrong key, taken) and roll."""
    s = play(with_card("throw-next"), OCTO_PLAY)
    assert s.phase == "dodge" and s.decision is not None
    assert (s.decision.seat, s.decision.kind, s.decision.skill) == (1, "dodge", "dodge")
    assert GAME.legal_actions(s) == [
        ("dodge",),
        ("hit",),
        ("hit", "late"),
        ("hit", "wrong"),
        ("hit", "taken"),
        ROLL,
    ]


def test_a_hit_draws_two_tiles_and_loses_the_next_turn() -> None:
    """Hit: the target draws 2 tiles from the pile and loses their next turn."""
    s = play(play(with_card("throw-next"), OCTO_PLAY), "hit")
    assert s.hands[1] == sorted([t("t45"), t("t52"), t("t60")])
    assert s.active == 2 and s.lost == [0, 0, 0] and s.chance
    assert "Bob lost this turn to the octopus" in s.events


def test_a_dodged_throw_changes_nothing() -> None:
    """Missed: the target draws nothing and keeps their turn."""
    s = play(play(with_card("throw-next"), OCTO_PLAY), "dodge")
    assert s.hands[1] == [t("t45")] and s.active == 1 and s.lost == [0, 0, 0]


@pytest.mark.parametrize(("chance", "low", "high"), [("2/3", 0.58, 0.75), ("1/3", 0.25, 0.42)])
def test_roll_settles_the_dodge_by_the_hit_chance_option(
    chance: str, low: float, high: float
) -> None:
    """On the command line and between bots, ``roll`` decides by the hit-chance option (default
    2/3) from the state's PRNG: the same state always rolls the same."""
    dodging = play(with_card("throw-next", options={"hit-chance": chance}), OCTO_PLAY)
    hits = 0
    for rng in range(300):
        dodging.rng = rng * 7919 + 1
        after = GAME.apply(dodging, ROLL)
        assert after.chance
        hits += len(after.hands[1]) == 3
        assert GAME.apply(dodging, ROLL).hands == after.hands
    assert low < hits / 300 < high


def test_throw_at_any_player_lets_the_thrower_choose() -> None:
    """Throw Octopus (any player): the thrower chooses any other player."""
    s = play(with_card("throw-any"), OCTO_PLAY)
    assert s.phase == "throw" and GAME.legal_actions(s) == [("throw", 1), ("throw", 2)]
    with pytest.raises(IllegalAction, match="not yourself"):
        play(s, "throw 1")
    s = play(s, "throw 3")
    assert s.phase == "dodge" and s.target == 2


def test_magic_touch_is_kept_and_works_only_from_a_later_turn() -> None:
    """Magic Touch: kept; it is played on a later turn, not the turn it was drawn."""
    s = play(with_card("touch"), OCTO_PLAY)
    assert s.held[0] == ["touch"] and s.fresh_touch == 0 and s.active == 1
    rush = with_card("rush", held=[["touch"], [], []], fresh_touch=1)
    assert not any(a[0] == "touch" for a in GAME.legal_actions(rush))
    with pytest.raises(IllegalAction, match="from your next turn"):
        play(rush, "touch t49 to 1,0 r0")


def test_magic_touch_moves_an_edge_tile_to_another_legal_place_and_the_turn_goes_on() -> None:
    """Magic Touch moves one placed tile (one with a single neighbour, in no complete
    creature) to another legal place; the card is discarded and the player still plays."""
    s = make_position(
        NAMES,
        [(0, 0, "t49", 0), (1, 0, "t57", 0)],
        [["t44", "t46"], ["t45"], ["t48"]],
        deck=[],
        discard=[c for c in all_cards() if c != "touch"] + ["touch"] * 3,
        held=[["touch"], [], []],
    )
    assert ("touch", t("t57"), 0, 1, 180) in GAME.legal_actions(s)
    after = play(s, "touch t57 to 0,1 r180")
    assert (1, 0) not in after.board and after.board[(0, 1)] == t("t57") * 2 + 1
    assert after.held[0] == [] and after.discard.count("touch") == 4
    assert after.phase == "play" and after.active == 0 and after.turn == s.turn
    with pytest.raises(IllegalAction, match="does not match"):
        play(s, "touch t57 to 0,1 r0")


def test_stinky_inky_makes_the_drawer_draw_two() -> None:
    """Stinky Inky: you draw 2 tiles."""
    s = play(with_card("inky"), OCTO_PLAY)
    assert s.hands[0] == sorted([t("t44"), t("t46"), t("t52"), t("t60")])
    assert "Ann drew 2 tiles" in s.events


def test_tide_swap_swaps_a_hand_tile_with_the_top_of_the_pile_or_may_be_declined() -> None:
    """Tide Swap: swap a tile from your hand with the top of the pile (the tile goes into the
    pile, shuffled); ``keep`` declines (the decision is optional)."""
    s = play(with_card("swap"), OCTO_PLAY)
    assert s.decision is not None and s.decision.optional and s.decision.pass_action == ("keep",)
    pile = sorted(s.pile)
    after = play(s, "swap t44")
    assert after.hands[0] == sorted([t("t46"), t("t52")])
    assert sorted(after.pile) == sorted([*(x for x in pile if x != t("t52")), t("t44")])
    assert "Ann swapped t44 for t52" in GAME.view(after, 0).events
    assert "Ann swapped t44 for t52" not in GAME.view(after, 1).events
    assert play(s, "keep").hands[0] == [t("t44"), t("t46")]


def test_octo_rush_gives_another_full_turn() -> None:
    """Octo Rush: take another turn (a normal turn: unable to play, you draw)."""
    s = play(with_card("rush"), OCTO_PLAY)
    assert s.active == 0 and not s.bonus_turn and "Ann takes another turn (Octo Rush)" in s.events
    assert s.decision is not None and "draw" in s.decision.prompt


def test_ink_storm_makes_every_other_player_draw_one() -> None:
    """Ink Storm: every other player draws 1 tile."""
    s = play(with_card("storm"), OCTO_PLAY)
    assert [len(h) for h in s.hands] == [2, 2, 2]


def test_gift_from_the_deep_gives_a_tile_seen_only_by_giver_and_receiver() -> None:
    """Gift from the Deep: give one of your tiles to another player."""
    s = play(with_card("gift"), OCTO_PLAY)
    assert s.phase == "gift" and ("give", t("t44"), 2) in GAME.legal_actions(s)
    after = play(s, "give t44 to 3")
    assert after.hands[2] == sorted([t("t44"), t("t48")]) and after.active == 1
    assert "Ann gave t44 to Cleo" in GAME.view(after, 2).events
    assert "Ann gave a tile to Cleo" in GAME.view(after, 1).events


def test_the_used_cards_are_reshuffled_into_a_new_deck_when_it_runs_out() -> None:
    """Once all the cards have been used, they form a new draw pile."""
    s = with_card("rush")
    s.discard.append(s.deck.pop())
    s = play(s, OCTO_PLAY)
    assert "The used action cards were shuffled into a new deck" in s.events
    assert len(s.deck) == 27 and len(s.discard) + len(s.held[0]) == 1
