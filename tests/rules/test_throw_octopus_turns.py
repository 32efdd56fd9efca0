"""Throw Octopus! turns: completing a creature gives a bonus turn (chained), no draw on a failed
bonus turn, unable to play → draw one and the turn passes, the lost turn, the empty pile (play on,
pass, fewest tiles wins, the earliest seat on a tie), the first empty hand wins and the locked
game's reset."""

from __future__ import annotations

import pytest
from throw_octopus_sparse import first_locked_game, make_position, tile_id

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.throw_octopus.components import NUM_TILES, tile_name
from gardens_tui.rules.throw_octopus.state import ThrowState

GAME = get_game("throw-octopus")
NAMES = ["Ann", "Bob", "Cleo"]

TWO_CREATURES = [
    (0, 0, "t49", 0),  # orange peel slug quarter bottom-right: the slug sits on point 1,1
    (1, 0, "t57", 0),
    (0, 1, "t64", 0),
    (2, 0, "t51", 0),  # yellow submarine slug on point 3,1
    (3, 0, "t58", 0),
    (2, 1, "t71", 0),
]
"""Two creatures, each missing its last quarter: the slug t82 at 1,1 and the sub t85 at 3,1."""


def t(name: str) -> int:
    tile = tile_id(name)
    assert tile is not None
    return tile


def play(state: ThrowState, text: str) -> ThrowState:
    return GAME.apply(state, GAME.read_action(state, text))


def test_completing_a_creature_gives_a_bonus_turn() -> None:
    """Completing a creature (all four quarters placed) gives an immediate bonus turn."""
    s = make_position(NAMES, TWO_CREATURES, [["t82", "t44", "t46"], ["t45"], ["t47"]])
    after = play(s, "play t82 at 1,1 r0")
    assert "Ann completed an orange peel slug" in after.events
    assert "Ann takes a bonus turn" in after.events
    assert after.active == 0 and after.bonus_turn and after.turn == s.turn + 1
    assert after.creatures[0] == [1, 0]


def test_bonus_turns_chain_and_a_failed_bonus_turn_draws_nothing() -> None:
    """A bonus turn that completes another creature gives another bonus turn; a bonus turn with
    no playable tile offers only ``pass`` (no draw) and the turn moves on."""
    s = make_position(NAMES, TWO_CREATURES, [["t82", "t85", "t44"], ["t45"], ["t47"]])
    s = play(s, "play t82 at 1,1 r0")
    s = play(s, "play t85 at 3,1 r0")
    assert s.active == 0 and s.bonus_turn and s.creatures[0] == [2, 0]
    assert GAME.legal_actions(s) == [("pass",)]
    with pytest.raises(IllegalAction, match="no draw on a bonus turn"):
        play(s, "draw")
    pile = len(s.pile)
    s = play(s, "pass")
    assert s.active == 1 and not s.bonus_turn and len(s.pile) == pile
    assert s.hands[0] == [t("t44")]


def test_unable_to_play_draws_one_tile_and_the_turn_passes() -> None:
    """Unable to play: draw one tile and the turn proceeds to the next player (the drawn tile
    may not be played now). Draw is refused while a tile fits."""
    s = make_position(
        NAMES, [(0, 0, "t49", 0)], [["t44"], ["t57", "t45"], ["t46"]], pile_top=["t13"]
    )
    assert GAME.legal_actions(s) == [("draw",)]
    after = play(s, "draw")
    assert after.active == 1 and after.hands[0] == [t("t13"), t("t44")]
    assert after.events[0] == "Ann could not play and drew a tile"
    assert after.events[1] == "Ann drew 1 tile" and after.chance
    bob = GAME.view(after, 0)
    assert "Ann drew t13" in bob.events and "Ann drew t13" not in GAME.view(after, 1).events
    with pytest.raises(IllegalAction, match="you may draw only when no tile fits"):
        play(after, "draw")


def test_a_hit_player_loses_the_next_turn() -> None:
    """A hit target loses their next turn: play skips them once."""
    s = make_position(NAMES, [(0, 0, "t49", 0)], [["t44"], ["t45"], ["t46"]], lost=[0, 1, 0])
    after = play(s, "draw")
    assert after.active == 2 and after.lost == [0, 0, 0]
    assert "Bob lost this turn to the octopus" in after.events


def _all_in_hands(
    board: list[tuple[int, int, str, int]], ann: list[str], bob: list[str]
) -> list[list[str]]:
    used = {name for _, _, name, _ in board} | set(ann) | set(bob)
    cleo = [tile_name(i) for i in range(NUM_TILES) if tile_name(i) not in used]
    return [ann, bob, cleo]


def test_with_the_pile_empty_play_goes_on_and_a_stuck_player_passes() -> None:
    """Pile empty: disregard drawing and proceed to the next player (``pass``)."""
    hands = _all_in_hands([(0, 0, "t49", 0)], ["t44"], ["t45"])
    s = make_position(NAMES, [(0, 0, "t49", 0)], hands, pile=[])
    assert GAME.legal_actions(s) == [("pass",)]
    with pytest.raises(IllegalAction, match="the pile is empty: pass instead"):
        play(s, "draw")
    after = play(s, "pass")
    assert after.active == 1 and after.passed == 1 and not after.over


def test_when_nobody_can_play_the_fewest_tiles_win_and_a_tie_goes_to_the_earliest_seat() -> None:
    """Pile empty and no one can play: fewest tiles wins; tied: the youngest (earliest seat)."""
    board = [(0, 0, "t49", 0)]
    hands = _all_in_hands(board, ["t44", "t46"], ["t45", "t47"])
    hands[0], hands[2] = hands[2], hands[0]
    s = make_position(NAMES, board, hands, pile=[], passed=0b011, active=2)
    s = play(s, "pass")
    assert s.over and s.events[-1] == "nobody can play and the pile is empty."
    assert GAME.scores(s).table == ((len(hands[0]),), (2,), (2,))
    outcome = GAME.winners(s)
    assert outcome.winners == (1,) and outcome.tiebreak is not None


def test_the_first_player_to_empty_their_hand_wins() -> None:
    """The first player to get rid of all their tiles wins at once."""
    s = make_position(NAMES, [(0, 0, "t49", 0)], [["t57"], ["t45"], ["t46"]])
    s = play(s, "play t57 at 1,0 r0")
    assert s.over and GAME.winners(s).winners == (0,)
    assert GAME.scores(s).table == ((0,), (1,), (1,))


def test_a_locked_game_resets_the_seascape_and_the_finder_goes_on() -> None:
    """Locked game: no tile can be played while tiles remain in the pile: every placed tile goes
    back into the pile, it is reshuffled, a new start tile is turned over, hands are kept and the
    player whose turn it is goes on. (The sparse tile list locks often enough to find one.)"""
    before, after = first_locked_game(
        NAMES, lambda _, after: not any("drew" in line for line in after.events)
    )
    assert len(after.board) == 1 and after.board.get((0, 0)) is not None
    assert len(after.pile) + 1 + sum(map(len, after.hands)) == NUM_TILES
    assert len(after.pile) == len(before.pile) + len(before.board)  # the seascape went back
    assert [len(h) for i, h in enumerate(after.hands) if i != before.active] == [
        len(h) for i, h in enumerate(before.hands) if i != before.active
    ]  # hands are kept
    assert after.chance and not after.over
    line = next(line for line in after.events if line.startswith("Locked game"))
    assert f"{after.players[after.active]} goes on" in line
