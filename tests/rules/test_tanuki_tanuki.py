"""Tanuki in the Garden: the tanuki - dice, movement for every die face, placing, passing and
landing on monks (stashes), removing tiles, running off the board, both tanuki together and
distracting a tanuki in the way."""

from __future__ import annotations

import pytest

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import engine as E
from gardens_tui.rules.tanuki.components import parse_square
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import TanukiState

GAME = get_game("tanuki-in-the-garden")


def sq(name: str) -> int:
    """The square index of ``name``."""
    value = parse_square(name)
    assert value is not None
    return value


def rolled(s: TanukiState, blue: int, gold: int) -> TanukiState:
    """``s`` after the dice showed ``blue`` and ``gold`` (the turn's tanuki phase)."""
    n = s.copy()
    log = B.Log()
    n.phase = "before"
    E.use_dice(n, blue, gold, Rng(1), log)
    n.events = tuple(log.lines)
    return n


@pytest.mark.parametrize(("face", "where"), [(1, "c2"), (2, "e4"), (3, "c6"), (4, "a4")])
def test_tanuki_moves_toward_the_side_its_own_die_shows(face: int, where: str) -> None:
    """Rule: 1-4 on a tanuki's own die send it toward that side (1 north, 2 east, 3 south,
    4 west); the other die (6, even) makes it 2 spaces."""
    s = make_position(tanuki=("c4", "f1"))
    after = rolled(s, face, 6)
    assert after.tanuki[0] == sq(where)
    assert after.tanuki[1] == sq("f1")  # the gold die showed 6: it stays


def test_gold_tanuki_uses_the_gold_die_for_direction_and_blue_for_distance() -> None:
    """Rule: the die matching the tanuki's colour gives its direction, the other its distance
    (odd: 1 space)."""
    s = make_position(tanuki=("a1", "c4"))
    after = rolled(s, 6, 4)  # blue stays; gold west, blue die 6 even -> 2
    assert after.tanuki == [sq("a1"), sq("a4")]
    after = rolled(s, 6, 3)
    assert after.tanuki[1] == sq("c6")
    after = rolled(s, 6, 1)
    assert after.tanuki[1] == sq("c2")


def test_odd_other_die_moves_one_space() -> None:
    """Rule: an odd value on the other die moves the tanuki 1 space."""
    s = make_position(tanuki=("c4", "f1"))
    assert rolled(s, 3, 6).tanuki[0] == sq("c6")
    s = make_position(tanuki=("c4", "a1"))
    # blue 2 (east), gold 1 (odd -> 1); gold die 1 sends gold north off the board
    after = rolled(s, 2, 1)
    assert after.tanuki[0] == sq("d4")


def test_a_five_asks_the_active_player_for_the_direction() -> None:
    """Rule: a 5 on a tanuki's die lets the player choose its direction (steer decision)."""
    s = make_position(tanuki=("c4", "f1"))
    after = rolled(s, 5, 6)
    assert after.phase == "steer" and after.decision is not None
    assert after.decision.kind == "steer" and after.decision.seat == 0
    assert GAME.legal_actions(after) == [("steer", 0, d) for d in range(1, 5)]
    moved = GAME.apply(after, GAME.read_action(after, "steer blue west"))
    assert moved.tanuki[0] == sq("a4")
    assert moved.phase == "place"


def test_a_six_keeps_the_tanuki_still() -> None:
    """Rule: a 6 on a tanuki's die: it does not move."""
    s = make_position(tanuki=("c4", "d5"))
    after = rolled(s, 6, 6)
    assert after.tanuki == [sq("c4"), sq("d5")]


def test_tanuki_off_the_board_is_placed_by_the_dice_and_does_not_move() -> None:
    """Rule: a tanuki off the board is placed back on (blue die = column, gold die = row)
    instead of moving."""
    s = make_position(tanuki=(None, "f6"))
    after = rolled(s, 2, 5)
    assert after.tanuki[0] == sq("b5")
    assert after.phase == "steer"  # the gold tanuki's 5 still asks for a direction


def test_running_off_the_board_earns_one_and_both_earn_three() -> None:
    """Rule: moving a tanuki off the board earns 1 shiitake; both earns 3 in all."""
    s = make_position(tanuki=("c1", "f6"))
    one = rolled(s, 1, 6)  # blue north 2 from row 1: off
    assert one.tanuki[0] == -1 and one.shiitake[0] == 1
    s = make_position(tanuki=("c1", "a5"))
    both = rolled(s, 1, 4)  # blue north (gold even: 2) off; gold west (blue odd: 1) off
    assert both.tanuki == [-1, -1]
    assert both.shiitake[0] == 3


def test_passing_a_monk_leaves_one_shiitake_on_the_tile() -> None:
    """Rule: a tanuki moving through a monk's space takes 1 shiitake, left there as a stash;
    the tile under the monk stays."""
    tile = tile_joining({1: 4})
    s = make_position(
        ("Ann", "Bob"),
        board={"c3": tile},
        monks={1: "c3 end 4"},
        tanuki=("c4", "f1"),
        shiitake=[0, 5],
    )
    after = rolled(s, 1, 6)  # north 2: through c3 to c2
    assert after.shiitake[1] == 4
    assert after.stash[sq("c3")] == 1
    assert after.board[sq("c3")] == tile
    assert after.tanuki[0] == sq("c2")


def test_landing_on_a_monk_takes_three_and_the_tanuki_leaves() -> None:
    """Rule: a tanuki landing on a monk's space takes 3 (left on the tile) and is removed; the
    active player gets no bonus for it."""
    tile = tile_joining({1: 4})
    s = make_position(
        board={"c3": tile},
        monks={1: "c3 end 4"},
        tanuki=("c4", "f1"),
        shiitake=[0, 5],
    )
    after = rolled(s, 1, 3)  # blue north 1 (gold 3 odd) onto c3; gold south
    assert after.shiitake == [0, 2]
    assert after.stash[sq("c3")] == 3
    assert after.tanuki[0] == -1


def test_tanuki_removes_unoccupied_tiles_and_returns_their_stash() -> None:
    """Rule: squares without monks that a tanuki crosses or lands on lose their tile (to the
    discard) and any stash on them goes back to the supply."""
    tile = tile_joining({1: 4})
    s = make_position(board={"c3": tile}, tanuki=("c4", "f1"))
    s.stash[sq("c3")] = 2
    after = rolled(s, 1, 6)
    assert after.board[sq("c3")] == -1
    assert after.stash[sq("c3")] == 0
    assert tile >> 2 in after.discard


def test_both_tanuki_on_one_space_cost_everyone_two() -> None:
    """Rule: if both tanuki end on the same space, every player loses 2 (to the supply)."""
    s = make_position(("Ann", "Bob", "Cleo"), tanuki=("c4", "c2"), shiitake=[5, 1, 3])
    after = rolled(s, 1, 6)  # blue north 2 onto c2, gold stays at c2
    assert after.tanuki == [sq("c2"), sq("c2")]
    assert after.shiitake == [3, 0, 1]


def test_a_tanuki_in_the_way_can_be_distracted_for_two() -> None:
    """Rule: a tanuki on the square where the player must place: pay 2 to chase it off (no
    bonus) and then place, or pass."""
    tile = tile_joining({1: 4})
    s = make_position(
        board={"c3": tile},
        monks={0: "c3 end 4"},
        tanuki=("c4", None),
        shiitake=[3, 0],
        hands={0: ["t5"]},
    )
    legal = GAME.legal_actions(s)
    assert ("distract", 0) in legal and not any(a[0] == "place" for a in legal)
    after = GAME.apply(s, GAME.read_action(s, "distract blue"))
    assert after.shiitake[0] == 1 and after.tanuki[0] == -1
    assert any(a[0] == "place" for a in GAME.legal_actions(after))


def test_without_two_shiitake_a_blocked_player_can_only_pass() -> None:
    """Rule: without 2 shiitake the blocked player must pass."""
    tile = tile_joining({1: 4})
    s = make_position(
        board={"c3": tile}, monks={0: "c3 end 4"}, tanuki=("c4", None), shiitake=[1, 0]
    )
    assert GAME.legal_actions(s) == [("pass",)]
    with pytest.raises(ValueError, match="tanuki"):
        GAME.apply(s, ("place", s.hands[0][0], 0, 0))
    after = GAME.apply(s, ("pass",))  # and the log says why no tile was placed
    assert "Ann placed no tile: a tanuki is in the way and chasing it off costs 2 shiitake" in (
        after.events
    )


def test_the_log_says_why_a_player_placed_no_tile() -> None:
    """Rule: a player who cannot place the tile that moves the monk must pass; the log says
    what stopped them (a rock garden or a tile on the square ahead), and says nothing more
    when placing was possible and the player chose to pass."""
    tile = tile_joining({1: 4})
    rock = make_position(board={"c3": tile, "c4": "rock"}, monks={0: "c3 end 4"})
    covered = make_position(board={"c3": tile, "c4": "t9 r0"}, monks={0: "c3 end 4"})
    free = make_position(board={"c3": tile}, monks={0: "c3 end 4"}, hands={0: ["t5"]})
    for s, why in (
        (rock, ": the square ahead is a rock garden"),
        (covered, ": the square ahead already holds a tile"),
        (free, ""),
    ):
        assert ("pass",) in GAME.legal_actions(s)
        assert f"Ann placed no tile{why}" in GAME.apply(s, ("pass",)).events
