"""Throw Octopus! rules audit: refusals that name the way on for this very position.

A refused action must say why here and point to an action that is legal here: the solo game's
end with the pile gone (components.md section 4, solo: "unable to play → discard one and draw
... until the pile is gone"), a bonus turn that may not draw (rulebook: "If you can't play a tile
on your bonus turn, you do not have to draw a new tile") and Magic Touch's loose tiles.
"""

from __future__ import annotations

import pytest
from throw_octopus_sparse import make_position

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.throw_octopus.components import NUM_TILES, all_cards, tile_name
from gardens_tui.rules.throw_octopus.state import ThrowState

GAME = get_game("throw-octopus")
NAMES = ["Ann", "Bob", "Cleo"]


def refusal(state: ThrowState, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, GAME.read_action(state, text))
    return str(info.value)


def _solo_pile_gone() -> ThrowState:
    """Solo, the pile gone, no tile of the hand fits the start tile."""
    used = {"t49", "t44", "t45"}
    discarded = [tile_name(i) for i in range(NUM_TILES) if tile_name(i) not in used]
    return make_position(
        ["Ann"], [(0, 0, "t49", 0)], [["t44", "t45"]], pile=[], deck=[], discarded=discarded
    )


def test_solo_pile_gone_discard_and_draw_are_refused_pointing_to_pass() -> None:
    """Solo rule "discard one and draw ... until the pile is gone": with the pile gone a discard
    of a tile in hand is not called "not in your hand", and neither refusal offers a discard."""
    s = _solo_pile_gone()
    assert GAME.legal_actions(s) == [("pass",)]
    for text in ("discard t44", "draw"):
        reason = refusal(s, text)
        assert "pass to end the solo game" in reason
        assert "not in your hand" not in reason and "discard tN" not in reason


def test_solo_draw_while_a_tile_fits_names_the_fitting_tile() -> None:
    """Solo: the discard-and-draw is only for a player who cannot play, so a draw while a tile
    fits names that tile instead of suggesting a discard (which is refused too)."""
    s = make_position(["Ann"], [(0, 0, "t49", 0)], [["t44", "t45", "t57"]], deck=[])
    reason = refusal(s, "draw")
    assert reason.startswith("you may draw only when no tile fits, and t57 fits at")


def test_discard_on_a_bonus_turn_points_to_pass_not_draw() -> None:
    """Rulebook: "If you can't play a tile on your bonus turn, you do not have to draw": a
    discard (solo only) on such a bonus turn says pass, not draw (a draw is refused there)."""
    s = make_position(NAMES, [(0, 0, "t49", 0)], [["t44"], ["t45"], ["t46"]], bonus_turn=True)
    assert GAME.legal_actions(s) == [("pass",)]
    assert refusal(s, "discard t44") == "only solo play discards tiles; pass instead"


def test_discard_while_a_tile_fits_names_the_fitting_tile() -> None:
    """Several players: no discarding, and a tile that fits must be played (no draw either)."""
    s = make_position(NAMES, [(0, 0, "t49", 0)], [["t44", "t57"], ["t45"], ["t46"]])
    reason = refusal(s, "discard t44")
    assert reason.startswith("only solo play discards tiles, and a tile fits: t57 fits at")


def _touch_position() -> ThrowState:
    """Ann holds a usable Magic Touch; an orange peel slug is complete at point 1,1 (t49, t57,
    t64, t82) and t51 alone holds t58 to the rest."""
    board = [
        (0, 0, "t49", 0),
        (1, 0, "t57", 0),
        (0, 1, "t64", 0),
        (2, 0, "t51", 0),
        (3, 0, "t58", 0),
        (2, 1, "t71", 0),
        (1, 1, "t82", 0),
    ]
    return make_position(
        NAMES,
        board,
        [["t44"], ["t45"], ["t46"]],
        deck=[],
        discard=[c for c in all_cards() if c != "touch"] + ["touch"] * 3,
        held=[["touch"], [], []],
    )


def test_magic_touch_refusal_names_the_complete_creature_the_tile_belongs_to() -> None:
    """Magic Touch (decision: a tile of a complete creature stays): the refusal names that
    creature and its other tiles, not an either/or of two reasons."""
    reason = refusal(_touch_position(), "touch t49 to 0,-1")
    assert "part of the complete orange peel slug with t57, t64 and t82" in reason
    assert "split" not in reason


def test_magic_touch_refusal_says_lifting_the_tile_would_split_the_seascape() -> None:
    """Magic Touch (decision: the rest of the seascape stays in one piece): lifting t51 would
    cut t58 off, and the refusal says so for t51 at 2,0."""
    reason = refusal(_touch_position(), "touch t51 to 0,-1")
    assert "lifting it from 2,0 would split the seascape" in reason
    assert "complete" not in reason


def test_moves_do_not_promise_a_card_for_the_winning_last_tile() -> None:
    """Rulebook: "The first player to get rid of all their tiles, wins the game!" (decision: a
    tile that empties the hand wins at once and draws nothing): the description of playing the
    last tile, an octopus tile, says it wins and promises no action card."""
    s = make_position(NAMES, [(0, 0, "t49", 0)], [["t21"], ["t45"], ["t48"]])
    plays = [a for a in GAME.legal_actions(s) if a[0] == "play"]
    assert plays
    for action in plays:
        text = GAME.describe_action(s, action)
        assert "your last tile: you win" in text and "action card" not in text
        after = GAME.apply(s, action)
        assert after.over and after.deck == s.deck


def test_game_night_last_tile_wins_that_game_not_the_night() -> None:
    """Rule (Game Night: three games, lowest total wins): emptying the hand wins one game of
    the night; the log says which game, and the move's description says "this game"."""
    state = GAME.new_game(["Ann", "Bob", "Cid"], {"game-night": True}, 4)
    rng = Rng(4)
    while not state.is_over:
        legal = GAME.legal_actions(state)
        last = [a for a in legal if a[0] == "play" and len(state.hands[state.active]) == 1]
        if last and not state.results:
            assert GAME.describe_action(state, last[0]).endswith("you win this game)")
            state = GAME.apply(state, last[0])
            assert any(line.endswith("won game 1 of 3.") for line in state.events)
            return
        state = GAME.apply(state, legal[rng.randrange(len(legal))])
    raise AssertionError("no game of the night ended on a last tile")
