"""Tanuki in the Garden: placing tiles and walking - symbols, stashes, the first tile from the
edge, paths that run off the board and come back (edge loops), loops and crashes with their
penalties and restarts, other monks moved clockwise, and ashi-magari on and off turn."""

from __future__ import annotations

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.tanuki.components import parse_square, tile_name
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import OFF, TanukiState

GAME = get_game("tanuki-in-the-garden")


def sq(name: str) -> int:
    """The square index of ``name``."""
    value = parse_square(name)
    assert value is not None
    return value


def place(s: TanukiState, value: int, end: int = 0) -> TanukiState:
    """``s`` after the active seat places the tile ``value`` (tile * 4 + rotation)."""
    return GAME.apply(s, ("place", value >> 2, value & 3, end))


def with_hand(value: int) -> dict[int, list[str]]:
    return {0: [tile_name(value >> 2)]}


def test_walk_collects_a_shiitake_and_stops_at_the_end_of_the_path() -> None:
    """Rule: the monk follows its path to the end, +1 for each shiitake crossed."""
    tile = tile_joining({1: 4}, {1: "s"})
    s = make_position(
        board={"c3": tile_joining({0: 4}, avoid=[tile >> 2])},
        monks={0: "c3 end 4"},
        hands=with_hand(tile),
    )
    after = place(s, tile)
    assert after.monks[0] == sq("c4") * 8 + 4
    assert after.shiitake[0] == 1


def test_tanuki_den_costs_one_but_never_below_zero() -> None:
    """Rule: -1 per tanuki den crossed; nobody goes below 0 shiitake."""
    tile = tile_joining({1: 4}, {1: "d"})
    base = tile_joining({0: 4}, avoid=[tile >> 2])
    s = make_position(
        board={"c3": base}, monks={0: "c3 end 4"}, hands=with_hand(tile), shiitake=[3, 0]
    )
    assert place(s, tile).shiitake[0] == 2
    s = make_position(board={"c3": base}, monks={0: "c3 end 4"}, hands=with_hand(tile))
    assert place(s, tile).shiitake[0] == 0


def test_a_stash_is_collected_on_entering_its_tile_even_on_a_den() -> None:
    """Rule: the next monk to enter a tile with a shiitake stash takes it, whatever the symbol."""
    tile = tile_joining({1: 4}, {1: "d"})
    base = tile_joining({0: 4}, avoid=[tile >> 2])
    s = make_position(board={"c3": base}, monks={0: "c3 end 4"}, hands=with_hand(tile))
    s.stash[sq("c4")] = 3
    after = place(s, tile)
    assert after.shiitake[0] == 2 and after.stash[sq("c4")] == 0


def test_first_tile_from_the_edge_has_no_symbol_effects_and_either_end_may_be_used() -> None:
    """Rule: on the first move from the starting edge space the player chooses the end, and the
    symbols at the starting location do not count."""
    tile = tile_joining({0: 5}, {0: "s"})
    s = make_position(monks={0: "edge n3"}, hands=with_hand(tile))
    legal = GAME.legal_actions(s)
    assert ("place", tile >> 2, tile & 3, 1) in legal and ("place", tile >> 2, tile & 3, 2) in legal
    after = place(s, tile, end=1)
    assert after.monks[0] == sq("c1") * 8 + 5
    assert after.shiitake[0] == 0 and not after.magari[0]


def test_a_path_off_the_board_comes_back_in_through_the_same_edge() -> None:
    """Rule (components.md): an edge space joins its two path ends, so a monk walking off the
    board comes straight back into the same square."""
    base = tile_joining({1: 5})
    # c2 end 1 faces c1 end 4: in at 4, out at the border end 0, back in at 1, out east at 2
    tile = tile_joining({4: 0, 1: 2}, avoid=[base >> 2])
    s = make_position(board={"c2": base}, monks={0: "c2 end 1"}, hands=with_hand(tile))
    after = place(s, tile)
    assert after.monks[0] == sq("c1") * 8 + 2


def test_a_loop_costs_five_and_sends_the_monk_off_without_collecting() -> None:
    """Rule: a monk whose path traced forward comes back round is in a loop at once: it loses 5
    shiitake, collects nothing from the loop and leaves the board."""
    base = tile_joining({0: 1})
    tile = tile_joining({5: 0, 1: 4}, avoid=[base >> 2])
    s = make_position(
        board={"c2": base}, monks={0: "c2 end 0"}, hands=with_hand(tile), shiitake=[7, 0]
    )
    after = place(s, tile)
    assert after.monks[0] == OFF
    assert after.shiitake[0] == 2
    assert any("loop" in line for line in after.events)


def test_after_a_loop_the_monk_restarts_from_an_edge_with_no_tile_beside_it() -> None:
    """Rule: a monk that must start over chooses, at the start of its next turn, an edge space
    with no adjacent tile."""
    s = make_position(
        monks={0: "off", 1: "edge s6"}, board={"a1": tile_joining({0: 1})}, phase="edge", queue=[0]
    )
    edges = [a[1] for a in GAME.legal_actions(s)]
    assert edges and all(a[0] == "edge" for a in GAME.legal_actions(s))
    names = {GAME.format_action(("edge", e)) for e in edges}
    assert "edge n1" not in names and "edge w1" not in names  # a1 holds a tile
    assert "edge s6" not in names  # Bob's monk stands there
    assert "edge n2" in names


def test_when_every_edge_has_a_tile_the_chosen_edge_loses_its_tile() -> None:
    """Rule: with no unconnected edge space, the player chooses one and its tile is removed."""
    board = {}
    used: list[int] = []
    names = "a1 b1 c1 d1 e1 f1 a6 b6 c6 d6 e6 f6 a2 a3 a4 a5 f2 f3 f4 f5"
    for name in names.split(" "):
        value = tile_joining({0: 1}, avoid=used)
        used.append(value >> 2)
        board[name] = value
    s = make_position(monks={0: "off", 1: "off"}, board=board, phase="edge", queue=[0])
    legal = GAME.legal_actions(s)
    assert len(legal) == 24
    after = GAME.apply(s, GAME.read_action(s, "edge n1"))
    assert after.board[sq("a1")] == -1 and after.monks[0] >= 1000


def test_head_on_crash_costs_both_five_and_both_start_over() -> None:
    """Rule: two monks crashing into each other both lose 5 and go back to edge spaces."""
    ann = tile_joining({1: 0})
    bob = tile_joining({6: 2}, avoid=[ann >> 2])
    tile = tile_joining({5: 3}, {5: "a"}, avoid=[ann >> 2, bob >> 2])
    s = make_position(
        board={"c2": ann, "d1": bob},
        monks={0: "c2 end 0", 1: "d1 end 6"},
        hands=with_hand(tile),
        shiitake=[6, 4],
    )
    after = place(s, tile)
    assert after.monks == [OFF, OFF]
    assert after.shiitake == [1, 0]


def test_a_crash_caused_by_another_player_earns_them_two_per_monk() -> None:
    """Rule: the player who made two others crash (not involved) earns 2 per monk."""
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
    after = place(s, tile)
    assert after.monks[:2] == [OFF, OFF]
    assert after.monks[2] == sq("b1") * 8 + 4
    assert after.shiitake[:2] == [1, 1]
    assert after.shiitake[2] >= 4  # 2 per monk, plus what Cleo's own walk gathered
    assert any("Cleo earned 4 shiitake" in line for line in after.events)


def test_other_monks_whose_paths_grew_move_clockwise_from_the_active_player() -> None:
    """Rule: the active player moves first, then every other monk whose path was extended,
    clockwise from the active player."""
    used: list[int] = []

    def pick(joins: dict[int, int]) -> int:
        value = tile_joining(joins, avoid=used)
        used.append(value >> 2)
        return value

    c2, b1, d1 = pick({1: 2, 0: 5}), pick({3: 4}), pick({7: 4})
    tile = pick({5: 4, 7: 6, 3: 2, 0: 1})
    s = make_position(
        ("Ann", "Bob", "Cleo"),
        board={"c2": c2, "b1": b1, "d1": d1},
        monks={1: "c2 end 0", 2: "b1 end 2", 0: "d1 end 6"},
        active=1,
        hands={1: [tile_name(tile >> 2)]},
    )
    after = place(s, tile)
    walked = [line.split("'")[0] for line in after.events if "monk walked" in line]
    assert walked == ["Bob", "Cleo", "Ann"]


def test_ashi_magari_on_your_turn_means_no_draw() -> None:
    """Rule: the active player crossing an ashi-magari draws no tiles at the end of the turn."""
    tile = tile_joining({1: 4}, {1: "a"})
    base = tile_joining({0: 4}, avoid=[tile >> 2])
    s = make_position(
        board={"c3": base}, monks={0: "c3 end 4", 1: "edge s6"}, hands=with_hand(tile)
    )
    after = place(s, tile)
    assert after.hands[0] == [] and after.active == 1


def test_ashi_magari_on_another_turn_means_one_discard_even_for_two() -> None:
    """Rule: a monk moved on another player's turn across ashi-magari discards one tile, however
    many it crossed (counted once per turn)."""
    used: list[int] = []

    def pick(joins: dict[int, int], symbols: dict[int, str] | None = None) -> int:
        value = tile_joining(joins, symbols, avoid=used)
        used.append(value >> 2)
        return value

    bob_base = pick({0: 4})  # Bob stands at c3 end 4, facing c4
    d4 = pick({7: 2}, {7: "a"})  # beyond: c4 -> d4 crossing a second ashi-magari, then e4
    ann_base = pick({2: 6})  # Ann stands at b4 end 2, facing c4 end 7
    tile = pick({1: 2, 7: 5}, {1: "a"})
    s = make_position(
        board={"c3": bob_base, "d4": d4, "b4": ann_base},
        monks={0: "b4 end 2", 1: "c3 end 4"},
        hands={0: [tile_name(tile >> 2)]},
    )
    after = place(s, tile)
    assert after.magari[1]
    assert after.decision is not None and after.decision.kind == "discard"
    assert after.decision.seat == 1
    bob_tiles = after.hands[1]
    done = GAME.apply(after, ("discard", bob_tiles[0]))
    assert len(done.hands[1]) == len(bob_tiles) - 1
    assert done.active == 1  # one discard only: the next turn began


def test_an_empty_hand_only_rolls_then_draws_three() -> None:
    """Rule: a player with no tiles at the start of the turn rolls for the tanuki and ends the
    turn by drawing 3 tiles."""
    s = make_position(
        monks={0: "edge n1", 1: "off"}, hands={0: ["t1"], 1: []}, phase="edge", queue=[1], active=1
    )
    after = GAME.apply(s, GAME.read_action(s, "edge s6"))
    assert "Bob began the turn without tiles" in after.events
    assert "Bob drew 3 tiles" in after.events
    assert len(after.hands[1]) == 3 and after.active == 0


def test_a_monk_on_an_edge_whose_square_got_a_tile_enters_by_a_chosen_end() -> None:
    """Decision (rulebook silent): a monk still on its edge space is not moved by others' tiles;
    on its turn it walks in through either end of its edge, the first tile's symbols free."""
    tile = tile_joining({0: 5, 1: 4}, {0: "s"})
    s = make_position(board={"c1": tile}, monks={0: "edge n3", 1: "edge s6"})
    assert GAME.legal_actions(s)[:2] == [("enter", 1), ("enter", 2)]
    after = GAME.apply(s, GAME.read_action(s, "enter 1"))
    assert after.monks[0] == sq("c1") * 8 + 5
    assert after.shiitake[0] == 0
    assert after.phase == "place" and after.active == 0


def test_a_loop_counts_even_through_another_monk() -> None:
    """Rule: a path traced forward back to the monk is a loop regardless of obstacles: a monk
    standing on the way does not turn it into a crash."""
    base = tile_joining({0: 1})
    tile = tile_joining({5: 0, 1: 4}, avoid=[base >> 2])
    s = make_position(
        ("Ann", "Bob", "Cleo"),
        board={"c2": base},
        monks={0: "c2 end 0", 1: "edge n3"},
        hands=with_hand(tile),
        shiitake=[7, 4, 0],
    )
    after = place(s, tile)
    assert after.monks[0] == OFF and after.monks[1] != OFF
    assert "Ann's monk walked into a loop and lost 5 shiitake" in after.events
    assert not any("crashed" in line for line in after.events)
