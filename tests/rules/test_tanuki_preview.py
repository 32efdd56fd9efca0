"""Tanuki in the Garden: the outcome previews (:mod:`gardens_tui.rules.tanuki.preview`) on
positions whose outcome the rulebook fixes - walks with their symbols, stashes and ashi-magari,
paths off the board and back, loops, crashes (and the 2 per monk for causing them), other monks
moved clockwise, and each steer direction of a tanuki (off the board +1, through a monk -1,
onto one -3, into a trap). A preview is the engine's own result: it agrees with ``apply`` on
every tile of a played game, and it never changes the state nor uses the dice."""

from __future__ import annotations

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import engine as E
from gardens_tui.rules.tanuki.components import CARD_KEYS, parse_square, tile_name
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.preview import (
    describe_lay,
    describe_steer,
    preview_lay,
    preview_steer,
)
from gardens_tui.rules.tanuki.state import OFF, TanukiState

GAME = get_game("tanuki-in-the-garden")


def sq(name: str) -> int:
    """The square index of ``name``."""
    value = parse_square(name)
    assert value is not None
    return value


def placing(value: int, end: int = 0) -> tuple[str, int, int, int]:
    """The action placing the tile ``value`` (tile * 4 + rotation)."""
    return ("place", value >> 2, value & 3, end)


def with_hand(value: int) -> dict[int, list[str]]:
    return {0: [tile_name(value >> 2)]}


# --- laying a tile -------------------------------------------------------------------------


def test_lay_preview_shows_the_walk_its_symbols_and_the_stash() -> None:
    """Rule (Move Players a.i-ii): the monk follows its path to the end, +1 per shiitake, and
    takes the stash of a tile it enters."""
    tile = tile_joining({1: 4}, {1: "s"})
    s = make_position(
        board={"c3": tile_joining({0: 4}, avoid=[tile >> 2])},
        monks={0: "c3 end 4"},
        hands=with_hand(tile),
    )
    s.stash[sq("c4")] = 2
    before = GAME.to_dict(s)
    outcome = preview_lay(s, placing(tile))
    assert GAME.to_dict(s) == before, "the state is not changed"
    assert outcome.square == sq("c4")
    (walk,) = outcome.walks
    assert (walk.seat, walk.end, walk.squares) == (0, sq("c4") * 8 + 4, (sq("c4"),))
    assert (walk.symbols, walk.stash, walk.dens, walk.magari) == (1, 2, 0, False)
    assert outcome.gains == (3, 0) and outcome.losses == (0, 0) and outcome.net(0) == 3
    assert outcome.draws and outcome.discards == ()
    words = describe_lay(s, outcome)
    assert "Ann walks to c4 (1 shiitake, stash 2)" in words and "Ann +3" in words


def test_lay_preview_shows_a_den_paid_and_an_ashi_magari_meaning_no_draw() -> None:
    """Rule (Move Players a.iii-iv, Draw Tiles b): -1 per den (never below 0); crossing an
    ashi-magari on your turn means no draw."""
    den = tile_joining({1: 4}, {1: "d"})
    base = tile_joining({0: 4}, avoid=[den >> 2])
    s = make_position(
        board={"c3": base}, monks={0: "c3 end 4"}, hands=with_hand(den), shiitake=[3, 0]
    )
    outcome = preview_lay(s, placing(den))
    assert outcome.walks[0].dens == 1 and outcome.losses == (1, 0)
    magari = tile_joining({1: 4}, {1: "a"})
    base = tile_joining({0: 4}, avoid=[magari >> 2])
    s = make_position(
        board={"c3": base}, monks={0: "c3 end 4", 1: "edge s6"}, hands=with_hand(magari)
    )
    outcome = preview_lay(s, placing(magari))
    assert outcome.walks[0].magari and not outcome.draws
    assert "Ann draws no tiles" in describe_lay(s, outcome)


def test_lay_preview_shows_a_path_running_off_the_board_and_back() -> None:
    """Rule ("Paths that lead off the board will circle back around"): the walk runs off at
    the edge space and comes back into the same square."""
    base = tile_joining({1: 5})
    tile = tile_joining({4: 0, 1: 2}, avoid=[base >> 2])
    s = make_position(board={"c2": base}, monks={0: "c2 end 1"}, hands=with_hand(tile))
    outcome = preview_lay(s, placing(tile))
    (walk,) = outcome.walks
    assert walk.end == sq("c1") * 8 + 2
    assert len(walk.edges) == 1 and outcome.off_board == (0,)
    assert "off the board at edge n3 and back" in describe_lay(s, outcome)


def test_lay_preview_shows_a_loop_and_its_cost() -> None:
    """Rule (Crashes & Loops): a loop costs 5 and the monk starts over; nothing is collected."""
    base = tile_joining({0: 1})
    tile = tile_joining({5: 0, 1: 4}, avoid=[base >> 2])
    s = make_position(
        board={"c2": base}, monks={0: "c2 end 0"}, hands=with_hand(tile), shiitake=[7, 0]
    )
    outcome = preview_lay(s, placing(tile))
    assert outcome.loops == (0,) and outcome.walks[0].end == OFF
    assert outcome.losses == (5, 0) and outcome.gains == (0, 0)
    assert "Ann walks into a loop" in describe_lay(s, outcome)


def test_lay_preview_shows_a_caused_crash_and_the_bonus_for_it() -> None:
    """Rule (Crashes & Loops): two monks crashing lose 5 each; the player who caused it, not
    involved, earns 2 per monk."""
    ann = tile_joining({1: 0})
    bob = tile_joining({6: 2}, avoid=[ann >> 2])
    cleo = tile_joining({2: 6, 3: 4}, avoid=[ann >> 2, bob >> 2])
    tile = tile_joining({5: 3, 7: 1, 0: 6}, {5: "a"}, avoid=[ann >> 2, bob >> 2, cleo >> 2])
    s = make_position(
        ("Ann", "Bob", "Cleo"),
        board={"c2": ann, "d1": bob, "b1": cleo},
        monks={0: "c2 end 0", 1: "d1 end 6", 2: "b1 end 2"},
        shiitake=[6, 6, 0],
        active=2,
        hands={2: [tile_name(tile >> 2)]},
    )
    outcome = preview_lay(s, placing(tile))
    after = GAME.apply(s, placing(tile))
    assert [w.seat for w in outcome.walks] == [2, 0]  # Cleo first, then clockwise
    assert outcome.crashes == ((0, 1),)
    assert outcome.losses[:2] == (5, 5)
    assert outcome.gains[2] >= 4
    for seat in range(3):
        assert outcome.net(seat) == after.shiitake[seat] - s.shiitake[seat]
    assert "Ann crashes into Bob" in describe_lay(s, outcome)


def test_lay_preview_shows_other_monks_moved_and_their_discards() -> None:
    """Rule (Move Players b, Ashi-magari): other monks whose paths grew walk too; one crossing
    an ashi-magari on another's turn must discard a tile."""
    used: list[int] = []

    def pick(joins: dict[int, int], symbols: dict[int, str] | None = None) -> int:
        value = tile_joining(joins, symbols, avoid=used)
        used.append(value >> 2)
        return value

    bob_base = pick({0: 4})
    d4 = pick({7: 2}, {7: "a"})
    ann_base = pick({2: 6})
    tile = pick({1: 2, 7: 5}, {1: "a"})
    s = make_position(
        board={"c3": bob_base, "d4": d4, "b4": ann_base},
        monks={0: "b4 end 2", 1: "c3 end 4"},
        hands={0: [tile_name(tile >> 2)]},
    )
    outcome = preview_lay(s, placing(tile))
    assert [w.seat for w in outcome.walks] == [0, 1]
    assert outcome.walks[1].magari and outcome.discards == (1,)
    assert "Bob must discard a tile" in describe_lay(s, outcome)


def test_lay_preview_of_walking_in_from_the_edge() -> None:
    """Rule (Setup 4, Note): a monk on its edge space walks in by the end it chooses, and the
    symbols of that first tile do not count."""
    tile = tile_joining({0: 5, 1: 4}, {0: "s"})
    s = make_position(board={"c1": tile}, monks={0: "edge n3", 1: "edge s6"})
    outcome = preview_lay(s, ("enter", 1))
    assert outcome.walks[0].end == sq("c1") * 8 + 5
    assert outcome.gains == (0, 0)
    assert GAME.describe_action(s, ("enter", 1)).startswith("enter 1 (left end): Ann walks to c1")


def test_preview_refuses_actions_it_cannot_show() -> None:
    """Only a legal place, enter or steer action has an outcome to show."""
    s = make_position(monks={0: "edge n3", 1: "edge s6"})
    with pytest.raises(IllegalAction):
        preview_lay(s, ("pass",))
    with pytest.raises(IllegalAction):
        preview_steer(s, ("steer", 0, 1))


# --- steering a tanuki ---------------------------------------------------------------------


def steering(s: TanukiState, blue: int, gold: int) -> TanukiState:
    """``s`` after the dice ``blue`` and ``gold`` (a 5 asks for a direction)."""
    n = s.copy()
    n.phase = "before"
    E.use_dice(n, blue, gold, Rng(1), B.Log())
    return n


def test_steer_preview_shows_what_each_direction_does() -> None:
    """Rules (Moving the Tanuki, Tanuki Spaces): off the board earns the mover 1; through a
    monk -1 (left as a stash); onto a monk -3 and the tanuki leaves; over a trap it is caught
    and the trap's owner earns 3."""
    tile = tile_joining({1: 4})
    s = make_position(
        ("Ann", "Bob", "Cleo"),
        {"garden-master": True},
        board={"c3": tile, "d2": tile_joining({1: 4}, avoid=[tile >> 2])},
        monks={0: "edge s6", 1: "c3 end 4", 2: "d2 end 4"},
        tanuki=("c2", None),
        shiitake=[0, 5, 5],
        traps=[sq("b2"), -1, -1],
        trap_owner=[2, -1, -1],
    )
    trap_a = CARD_KEYS.index("trap") * 3  # the Tanuki Trap card lettered A lies on b2
    s.deck.remove(trap_a)
    two = steering(s, 5, 4)  # blue: a 5, moving 2 (gold die even); gold placed on e4
    one = steering(s, 5, 3)  # blue: a 5, moving 1 (gold die odd); gold placed on e3
    assert two.phase == one.phase == "steer"
    north = preview_steer(two, ("steer", 0, 1))
    assert north.moves[0].ran_off and north.gains[0] == 1
    south = preview_steer(one, ("steer", 0, 3))
    assert south.moves[0].end == -1 and south.losses[1] == 3 and not south.moves[0].ran_off
    east = preview_steer(two, ("steer", 0, 2))
    assert east.moves[0].squares == (sq("d2"), sq("e2"))
    assert east.losses[2] == 1 and east.moves[0].end == sq("e2")
    west = preview_steer(one, ("steer", 0, 4))
    assert west.moves[0].trap == 0 and west.gains[2] == 3
    for window, action, outcome in (
        (two, ("steer", 0, 1), north),
        (two, ("steer", 0, 2), east),
        (one, ("steer", 0, 3), south),
        (one, ("steer", 0, 4), west),
    ):
        after = GAME.apply(window, action)
        assert after.tanuki[0] == outcome.moves[0].end
        for seat in range(3):
            assert outcome.net(seat) == after.shiitake[seat] - window.shiitake[seat]
    assert "lands on Bob (-3)" in describe_steer(one, south)
    assert "passes Cleo (-1)" in describe_steer(two, east)
    assert "caught by trap A" in describe_steer(one, west)
    assert GAME.describe_action(two, ("steer", 0, 1)).startswith(
        "steer blue north: blue tanuki runs off the board"
    )


def test_steer_preview_shows_both_tanuki_running_off_and_meeting() -> None:
    """Rules (Moving the Tanuki, Tanuki Spaces): both off the board earn 3 in all; both on one
    space after moving cost everyone 2."""
    s = make_position(tanuki=("c1", "b6"), shiitake=[4, 4])
    window = steering(s, 1, 5)  # blue north 1 (gold odd): off; gold a 5, moves 1 (blue odd)
    south = preview_steer(window, ("steer", 1, 3))
    assert south.bonus and south.gains == (3, 0)
    s = make_position(tanuki=("c2", "d3"), shiitake=[4, 4])
    window = steering(s, 3, 5)  # blue south 1 to c3; gold a 5, 1 step
    west = preview_steer(window, ("steer", 1, 4))
    assert west.together and west.losses == (2, 2)
    assert "both tanuki meet" in describe_steer(window, west)


def test_steer_preview_when_the_gold_tanuki_is_steered_next() -> None:
    """Rule (Moving the Tanuki): with a 5 on both dice the blue tanuki is steered first; its
    preview shows its own move only."""
    s = make_position(tanuki=("c3", "d4"))
    window = steering(s, 5, 5)
    outcome = preview_steer(window, ("steer", 0, 2))
    assert not outcome.complete and len(outcome.moves) == 1
    assert "the gold tanuki is steered next" in describe_steer(window, outcome)


# --- the engine's own result -----------------------------------------------------------------


def test_lay_previews_agree_with_apply_over_played_games() -> None:
    """With Garden Master a turn stops before the next roll, so ``apply`` of a tile shows its
    whole outcome: every legal tile's preview (on the deciding seat's view) gives the same
    shiitake and monk positions as ``apply`` on the real position."""
    checked = 0
    for seed in range(3):
        s = GAME.new_game(("Ann", "Bob", "Cleo"), {"garden-master": True}, seed)
        rng = Rng(seed + 100)
        for _ in range(150):
            if s.is_over:
                break
            legal = GAME.legal_actions(s)
            if s.phase == "place":
                seat = s.current_player
                assert seat is not None
                view = GAME.view(s, seat)
                for action in legal:
                    if action[0] not in ("place", "enter"):
                        continue
                    outcome = preview_lay(view, action)
                    after = GAME.apply(s, action)
                    for o in range(3):
                        assert outcome.net(o) == after.shiitake[o] - s.shiitake[o]
                    for walk in outcome.walks:
                        assert after.monks[walk.seat] == walk.end
                    checked += 1
            s = GAME.apply(s, legal[rng.randrange(len(legal))])
    assert checked > 100
