"""Throw Octopus! rules audit: refusals that name the way on for this very position.

A refused action must say why here and point to an action that is legal here: the solo game's
end with the pile gone (components.md section 4, solo: "unable to play → discard one and draw
... until the pile is gone"), a bonus turn that may not draw (rulebook: "If you can't play a tile
on your bonus turn, you do not have to draw a new tile") and Magic Touch's loose tiles.

The second audit (rulebook sentence by sentence): the rules summary says what the engine does
(one bonus turn per tile, Magic Touch's completions, who goes on after a locked game, the last
tile, Tide Swap, a hit with the pile empty, Game Night ties), a creature met only at a diagonal
tile is refused as such, and one solo point reads "1 point".
"""

from __future__ import annotations

from typing import Any

import pytest
from throw_octopus_sparse import first_locked_game, make_position

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.throw_octopus.components import NUM_TILES, all_cards, tile_name
from gardens_tui.rules.throw_octopus.positions import make_position as make_balanced
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


def test_legend_says_a_hand_tile_reads_top_row_then_bottom_row() -> None:
    """Rule (the tiles: each tile's four corners show creature parts or water): a hand tile is
    written ``t6 r./.o``; the legend says that is its top row, then its bottom row."""
    s = make_position(NAMES, [(0, 0, "t49", 0)], [["t21", "t44"], ["t45"], ["t48"]])
    text = GAME.render_text(s, 0)
    assert "Hand tiles: top row/bottom row" in text
    assert "hand: t21 " in text


def test_throw_and_gift_read_a_player_name_where_a_seat_number_goes() -> None:
    """Rules (Throw Octopus: "throw it at any player"; Gift from the Deep: give a tile to
    another player): the notation reads the player's name (exact, any case) as well as the
    seat number; the action is the same and is still written with the seat number."""
    s = make_position(NAMES, [(0, 0, "t49", 0)], [["t21", "t44"], ["t45"], ["t48"]])
    assert GAME.read_action(s, "throw Bob") == GAME.read_action(s, "throw 2") == ("throw", 1)
    assert GAME.read_action(s, "THROW cleo") == ("throw", 2)
    gift = GAME.read_action(s, "give t44 to Cleo")
    assert gift == GAME.read_action(s, "give t44 to 3")
    assert GAME.format_action(gift) == "give t44 to 3"
    assert GAME.format_action(("throw", 1)) == "throw 2"
    spaced = make_position(
        ["Ann Lee", "Bob", "Cleo"], [(0, 0, "t49", 0)], [["t21"], ["t45"], ["t48"]]
    )
    assert GAME.read_action(spaced, "throw  ann   LEE") == ("throw", 0)
    assert GAME.read_action(spaced, "give t21 to Ann Lee")[2] == 0


def test_a_gift_by_name_is_the_same_gift_as_by_seat_number() -> None:
    """Rule (Gift from the Deep: give one of your tiles to another player): ``give t44 to
    Cleo`` is legal where ``give t44 to 3`` is, and does the same."""
    rest = all_cards()
    rest.remove("gift")
    s = make_position(
        NAMES,
        [(0, 0, "t49", 0)],
        [["t21", "t44", "t46"], ["t45"], ["t48"]],
        pile_top=["t60", "t52"],
        deck=["gift"],
        discard=rest,
    )
    s = GAME.apply(s, GAME.read_action(s, "play t21 at 0,1 r0"))
    assert s.phase == "gift"
    by_name = GAME.apply(s, GAME.read_action(s, "give t44 to cleo"))
    by_number = GAME.apply(s, GAME.read_action(s, "give t44 to 3"))
    assert GAME.to_dict(by_name) == GAME.to_dict(by_number)


def test_seat_number_wins_over_a_name_and_a_shared_name_is_refused() -> None:
    """Seats are numbered from 1 (a number of the table is always that seat, even where a
    player is named like it); a name two seats share once spaces are ignored asks for the seat
    number; an unknown name lists the seats."""
    s = make_position(["Ann", "3", "Cleo"], [(0, 0, "t49", 0)], [["t21"], ["t45"], ["t48"]])
    assert GAME.read_action(s, "throw 3") == ("throw", 2)
    odd = make_position(["Ann", "7", "Cleo"], [(0, 0, "t49", 0)], [["t21"], ["t45"], ["t48"]])
    assert GAME.read_action(odd, "throw 7") == ("throw", 1)
    twins = make_position(
        ["Ann Lee", "Ann  Lee", "Cleo"], [(0, 0, "t49", 0)], [["t21"], ["t45"], ["t48"]]
    )
    with pytest.raises(IllegalAction, match=r"names more than one player: say the seat number"):
        GAME.read_action(twins, "throw ann lee")
    with pytest.raises(IllegalAction) as info:
        GAME.read_action(s, "give t21 to Zed")
    assert "not a seat number or a player's name" in str(info.value)
    assert "Ann (seat 1)" in str(info.value)


# --- second audit: the rules summary and messages say what the engine does -------------------


def _summary() -> str:
    """The rules summary (``gardens rules throw-octopus``) with its line breaks folded."""
    return " ".join(GAME.spec.summary.split())


def balanced_position(
    board: list[tuple[int, int, str, int]], hands: list[list[str]], **fields: Any
) -> ThrowState:
    """A position on the balanced tile list (the default)."""
    return make_balanced(NAMES, board, hands, **fields)


def test_a_creature_met_only_at_a_diagonal_tile_is_refused_as_no_join() -> None:
    """Rules #1 and #3 ("You may not connect diagonally without having another connecting
    tile"; decision: a creature part must join a tile *beside* the new one): t82 at 1,1 meets the
    orange peel slug of t49 only corner to corner, its one side neighbour t60 shows water there.
    The refusal says so instead of "would join by water only", and the summary says it too."""
    board = [
        (0, 0, "t49", 0),
        (0, -1, "t34", 0),
        (1, -1, "t85", 0),
        (2, -1, "t64", 0),
        (2, 0, "t44", 0),
        (2, 1, "t60", 0),
    ]
    s = make_position(NAMES, board, [["t82", "t45"], ["t46"], ["t47"]])
    assert not any(a[0] == "play" and a[2:4] == (1, 1) for a in GAME.legal_actions(s))
    reason = refusal(s, "play t82 at 1,1")
    assert reason.startswith("t82 at 1,1 would meet the orange peel slug only corner to corner")
    assert "join a tile beside it, not only a diagonal one" in reason
    assert "water only" not in reason
    assert "creature met only at a diagonal tile's corner, is no join" in _summary()


def test_one_tile_completing_two_creatures_earns_one_bonus_turn_as_the_summary_says() -> None:
    """Rulebook: "If you complete a creature on your turn, you get an extra bonus turn"
    (decision: one bonus turn per placement, however many creatures it completes): t67 at 1,1
    r180 completes a green turtle and a red lobster; Bob takes one bonus turn, and the summary
    says one tile earns one bonus turn."""
    board = [
        (-1, 0, "t25", 180),
        (-1, 1, "t58", 0),
        (-1, 3, "t81", 180),
        (0, 0, "t77", 0),
        (0, 1, "t24", 180),
        (0, 2, "t49", 0),
        (0, 3, "t40", 180),
        (1, -1, "t51", 180),
        (1, 0, "t10", 0),
        (1, 2, "t26", 180),
        (2, 0, "t66", 180),
        (2, 1, "t42", 180),
        (3, -1, "t59", 0),
        (3, 0, "t37", 0),
    ]
    s = balanced_position(board, [["t3"], ["t67", "t45"], ["t20"]], active=1)
    after = GAME.apply(s, GAME.read_action(s, "play t67 at 1,1 r180"))
    assert after.creatures[1] == [1, 1]
    assert after.events.count("Bob takes a bonus turn") == 1
    assert after.active == 1 and after.bonus_turn and after.extra == []
    assert "A tile earns one bonus turn, however many creatures it completes" in _summary()


def test_a_magic_touch_completion_gives_a_bonus_turn_and_draws_no_card() -> None:
    """components.md (Magic Touch: "move one placed tile to another legal place, completions
    count"; decision: moving never draws a card): Cleo moves t29 to -1,-3 r180, completing an
    orange peel slug; she still plays her tile, then takes a bonus turn; no card is drawn. The
    summary says both."""
    board = [
        (-3, -1, "t40", 180),
        (-3, 0, "t50", 180),
        (-3, 1, "t29", 0),
        (-2, -2, "t19", 0),
        (-2, -1, "t68", 0),
        (-1, -2, "t72", 0),
        (-1, -1, "t15", 0),
        (-1, 0, "t57", 0),
        (-1, 1, "t9", 0),
        (0, -3, "t48", 180),
        (0, -2, "t2", 180),
        (0, 0, "t31", 0),
        (1, 0, "t64", 0),
        (2, -3, "t76", 0),
        (2, -2, "t6", 180),
        (2, -1, "t79", 0),
        (2, 0, "t32", 0),
    ]
    cards = all_cards()
    cards.remove("touch")
    s = balanced_position(
        board,
        [["t66"], ["t3", "t27", "t34", "t85"], ["t12", "t14", "t63"]],
        active=2,
        held=[[], [], ["touch"]],
        deck=sorted(cards),
        creatures=[[1, 0], [0, 0], [0, 0]],
    )
    moved = GAME.apply(s, GAME.read_action(s, "touch t29 to -1,-3 r180"))
    assert "Cleo completed an orange peel slug" in moved.events
    assert moved.deck == s.deck and moved.held[2] == [] and moved.extra == ["bonus"]
    assert moved.phase == "play" and moved.active == 2 and not moved.bonus_turn
    after = GAME.apply(moved, GAME.legal_actions(moved)[0])
    assert after.active == 2 and after.bonus_turn
    summary = _summary()
    assert (
        "a creature it completes gives a bonus turn, a moved octopus tile draws no card" in summary
    )


def test_the_summary_says_who_goes_on_after_a_locked_game_reset() -> None:
    """Rulebook (Locked Game Scenario): "Play proceeds with the person's turn who first
    discovered the locked game": the engine resets once the turn has passed on, and the player
    whose turn comes next plays on the new start tile; the summary said "the same player"."""
    before, after = first_locked_game(
        NAMES,
        lambda before, after: before.phase == "play" and not before.extra and not after.bonus_turn,
    )
    assert after.active != before.active
    summary = _summary()
    assert "the same player goes on" not in summary
    assert "the player whose turn comes next goes on" in summary


def test_the_summary_says_what_the_engine_does_with_cards_an_empty_pile_and_game_night() -> None:
    """The rules summary against the engine's documented decisions: the last tile wins and
    draws no card; Tide Swap may be declined and the given tile is shuffled into the pile; a
    hit with the pile empty still costs the turn; a Game Night tie goes to the earliest seat and
    a solo Game Night adds the points."""
    summary = _summary()
    assert "draws an action card (not your last tile: that one wins at once)" in summary
    assert "you may swap a hand tile for the top of the pile; your tile is shuffled" in summary
    assert "play on without drawing (a hit still costs a turn)" in summary
    assert "the lowest total wins (a tie goes to the earliest seat)" in summary
    assert "Solo, the three games' points add up" in summary


def test_the_solo_rating_says_1_point_not_1_points() -> None:
    """Solo scoring (components.md: "small creatures 1 point, large 2"): one point reads
    "1 point" in the score notes and in the Game Night lines of the text view."""
    board = [(0, 0, "t49", 0), (1, 0, "t57", 0), (0, 1, "t64", 0), (1, 1, "t82", 0)]
    hand = ["t44", "t45", "t46", "t47", "t48"]
    s = make_position(["Ann"], board, [hand], deck=[], creatures=[[1, 0]])
    assert GAME.scores(s).notes[0].startswith("Rating: 1 point, Hatchling")
    night = make_position(
        ["Ann"],
        board,
        [hand],
        deck=[],
        creatures=[[1, 0]],
        results=[[1]],
        options={"game-night": True},
    )
    assert "Game 1: 1 point (Hatchling)" in GAME.render_text(night, 0)
