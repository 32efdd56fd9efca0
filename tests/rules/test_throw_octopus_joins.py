"""Throw Octopus! placement rules (rulebook rules #1-#3, components.md section 4): a tile joins
side to side, every shared corner matches (the same creature, or water with water), at least
one creature part joins, tiles turn only 0° or 180°; the refusals name the rule for the very
position."""

from __future__ import annotations

import pytest
from throw_octopus_sparse import make_position, tile_id

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.throw_octopus.state import ThrowState

GAME = get_game("throw-octopus")
NAMES = ["Ann", "Bob", "Cleo"]


def t(name: str) -> int:
    tile = tile_id(name)
    assert tile is not None
    return tile


def start_position(hand: list[str]) -> ThrowState:
    """t49 (only an orange peel slug quarter, bottom-right) at 0,0; Ann holds ``hand``."""
    return make_position(NAMES, [(0, 0, "t49", 0)], [hand, ["t45"], ["t46"]])


def refusal(state: ThrowState, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, GAME.read_action(state, text))
    return str(info.value)


def test_a_tile_matching_every_shared_corner_and_joining_a_creature_is_legal() -> None:
    """Rule #1: t57 (orange peel slug bottom-left) beside the start tile's orange peel slug."""
    s = start_position(["t57", "t44"])
    after = GAME.apply(s, ("play", t("t57"), 1, 0, 0))
    assert after.board[(1, 0)] == t("t57") * 2
    assert after.events[0] == "Ann played t57 at 1,0 r0"


def test_turning_a_tile_half_way_round_is_allowed() -> None:
    """Rule #2 allows 180°: t64 (slug top-right) turned shows it bottom-left and fits at 1,0."""
    s = start_position(["t64", "t44"])
    assert ("play", t("t64"), 1, 0, 180) in GAME.legal_actions(s)
    assert ("play", t("t64"), 1, 0, 0) not in GAME.legal_actions(s)


def test_legal_actions_are_exactly_the_fitting_places() -> None:
    """Every listed placement passes the rule and every fitting one is listed (both sides)."""
    s = start_position(["t57", "t64", "t21", "t44"])
    plays = sorted(a for a in GAME.legal_actions(s) if a[0] == "play")
    assert plays == sorted(
        [
            ("play", t("t57"), 1, 0, 0),
            ("play", t("t57"), 0, 1, 180),
            ("play", t("t64"), 1, 0, 180),
            ("play", t("t64"), 0, 1, 0),
            ("play", t("t21"), 0, 1, 0),
            ("play", t("t21"), 1, 0, 180),
        ]
    )


def test_water_only_join_is_refused() -> None:
    """Rule #1: tiles may not connect only by the blue water sides."""
    s = start_position(["t64", "t44"])
    message = refusal(s, "play t64 at 0,-1 r0")
    assert "would join by water only" in message and "rule #1" in message


def test_mismatched_species_is_refused_naming_the_corner() -> None:
    """Rule #1: creature parts must match: a blue slug corner against an orange peel slug."""
    s = start_position(["t1", "t44"])
    message = refusal(s, "play t1 at 1,0 r0")
    assert message == (
        "t1 does not match at 1,0: its bottom-left corner is a blue slug, the orange peel slug "
        "beside it needs an orange peel slug (rule #1)"
    )


def test_water_against_a_creature_is_refused_naming_the_corner() -> None:
    """Rule #1: a water corner where the creature beside it needs its quarter."""
    s = start_position(["t64", "t44"])
    message = refusal(s, "play t64 at 1,0 r0")
    assert message == (
        "t64 does not match at 1,0: its bottom-left corner is water, the orange peel slug "
        "beside it needs an orange peel slug (rule #1)"
    )


def test_diagonal_only_is_refused() -> None:
    """Rule #3: tiles connect vertically or horizontally, never diagonally alone: t82 (slug
    top-left) at 1,1 would complete the slug's corner but touches only a corner."""
    s = start_position(["t82", "t44"])
    message = refusal(s, "play t82 at 1,1 r0")
    assert "only at a corner" in message and "rule #3" in message


def test_a_place_away_from_the_seascape_is_refused() -> None:
    """Rule #3: a tile must share a side with the seascape."""
    s = start_position(["t57", "t44"])
    assert "not next to the seascape" in refusal(s, "play t57 at 5,5 r0")


@pytest.mark.parametrize("rotation", [90, 270])
def test_quarter_turns_are_refused(rotation: int) -> None:
    """Rule #2: tiles are all played the same direction; 90° is refused with the rule."""
    s = start_position(["t57", "t44"])
    message = refusal(s, f"play t57 at 1,0 r{rotation}")
    assert f"may not be turned {rotation}°" in message and "rule #2" in message


def test_occupied_place_and_a_tile_not_in_hand_are_refused() -> None:
    """Only an empty place, and only a tile from your hand."""
    s = start_position(["t57", "t44"])
    assert refusal(s, "play t57 at 0,0 r0") == "0,0 already holds t49"
    assert refusal(s, "play t13 at 1,0 r0") == "t13 is not in your hand"


def test_a_diagonal_neighbour_must_still_match() -> None:
    """Every shared grid point agrees, including one shared only with a diagonal tile: with
    t57 at 1,0 and t64 at 0,1 the slug's last quarter at 1,1 must be the slug (t82), and a
    tile with water there is refused."""
    s = make_position(
        NAMES,
        [(0, 0, "t49", 0), (1, 0, "t57", 0), (0, 1, "t64", 0)],
        [["t82", "t44"], ["t45"], ["t46"]],
    )
    assert ("play", t("t82"), 1, 1, 0) in GAME.legal_actions(s)
    assert "its top-left corner is water" in refusal(s, "play t44 at 1,1 r0")
