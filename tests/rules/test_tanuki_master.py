"""Tanuki in the Garden, Garden Master expansion: buying, the hand limit, one card a turn,
cards toward victory (Shiitake Basket 3, revealed at the end) and every one of the 16 cards,
including the two played on another player's turn (Tanuki Repellant, The Best Offense),
whose windows open on public facts only."""

from __future__ import annotations

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import engine as E
from gardens_tui.rules.tanuki.components import CARD_KEYS, parse_square, tile_name
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import ROCK, TanukiState

GAME = get_game("tanuki-in-the-garden")
GM = {"garden-master": True}


def sq(name: str) -> int:
    """The square index of ``name``."""
    value = parse_square(name)
    assert value is not None
    return value


def give(s: TanukiState, seat: int, key: str) -> int:
    """Move a card of type ``key`` from the deck into ``seat``'s hand; returns it."""
    card = next(c for c in s.deck if CARD_KEYS[c // 3] == key)
    s.deck.remove(card)
    s.cards[seat].append(card)
    return card


def act(s: TanukiState, text: str) -> TanukiState:
    """``s`` after the action ``text``."""
    return GAME.apply(s, GAME.read_action(s, text))


def rolled(s: TanukiState, blue: int, gold: int) -> TanukiState:
    """``s`` after the dice showed ``blue`` and ``gold``."""
    n = s.copy()
    log = B.Log()
    E.use_dice(n, blue, gold, Rng(1), log)
    n.events = tuple(log.lines)
    return n


def base(**fields: object) -> TanukiState:
    """Two players with Garden Master, both monks on edge spaces, Ann to place."""
    monks = fields.pop("monks", {0: "edge n1", 1: "edge s6"})
    return make_position(options=GM, monks=monks, **fields)  # type: ignore[arg-type]


def test_buying_a_card_costs_two_at_the_end_of_the_turn_and_is_secret() -> None:
    """Rule: at the end of a turn a player may trade 2 shiitake for the top card; others only
    read that a card was bought."""
    s = base(shiitake=[3, 0])
    s = GAME.apply(s, ("pass",))
    assert s.decision is not None and s.decision.kind == "buy"
    after = act(s, "buy")
    assert after.shiitake[0] == 1 and len(after.cards[0]) == 1
    assert "Ann bought a Garden Master card for 2 shiitake" in GAME.view(after, 1).events
    assert GAME.view(after, 1).cards[0] == [-1]


def test_no_buying_with_five_cards() -> None:
    """Rule: at most 5 Garden Master cards in hand."""
    s = base(shiitake=[9, 0])
    for key in ("basket", "basket", "basket", "offense", "offense"):
        give(s, 0, key)
    after = GAME.apply(s, ("pass",))
    assert after.phase != "buy"


def test_cards_count_toward_victory_basket_three_revealed_at_the_end() -> None:
    """Rule: each card in hand counts 1 toward victory, a Shiitake Basket 3; while playing
    everyone is shown 1 per card, the true value at the end."""
    s = base(shiitake=[12, 0])
    give(s, 0, "basket")
    assert GAME.scores(s).table[0] == (12, 1)
    after = GAME.apply(s, ("pass",))
    assert after.phase == "buy"
    after = act(after, "end")  # 12 + 3 = 15: the target
    assert after.over
    assert GAME.scores(after).table[0] == (after.shiitake[0], 3)
    assert GAME.view(after, 1).cards[0] == s.cards[0]


def test_one_card_a_turn() -> None:
    """Rule: players may use only one card per turn."""
    s = base()
    give(s, 0, "dens")
    give(s, 0, "escape")
    after = act(s, "play dens")
    assert "dens" in after.effects
    assert not any(a[0] == "play" for a in GAME.legal_actions(after))


def test_move_one_tanuki() -> None:
    """Card: Move 1 Tanuki 1 space in any direction."""
    s = base(tanuki=("c4", "f1"))
    give(s, 0, "move")
    assert act(s, "play move blue east").tanuki[0] == sq("d4")


def test_fast_tanuki_moves_one_further_and_attacks_nobody() -> None:
    """Card: Fast Tanuki - both tanuki move 1 extra space in the dice's direction, but do not
    attack players."""
    tile = tile_joining({1: 4})
    s = base(
        board={"c3": tile},
        monks={0: "edge n1", 1: "c3 end 4"},
        tanuki=("c4", "f1"),
        shiitake=[0, 5],
        phase="before",
    )
    give(s, 0, "fast")
    s = act(s, "play fast")
    after = rolled(s, 1, 6)  # north 2 + 1: through Bob's c3 to c1
    assert after.tanuki[0] == sq("c1") and after.shiitake[1] == 5


def test_avoid_dens_escape_and_harvest() -> None:
    """Cards: Avoid Tanuki Dens ignores dens, Escape the Ashi-magari ignores ashi-magari,
    Bountiful Harvest doubles what is gathered this turn."""
    den = tile_joining({1: 4}, {1: "d"})
    start = tile_joining({0: 4}, avoid=[den >> 2])
    s = base(
        board={"c3": start},
        monks={0: "c3 end 4", 1: "edge s6"},
        hands={0: [tile_name(den >> 2)]},
        shiitake=[2, 0],
    )
    give(s, 0, "dens")
    after = GAME.apply(act(s, "play dens"), ("place", den >> 2, den & 3, 0))
    assert after.shiitake[0] == 2
    magari = tile_joining({1: 4}, {1: "a"})
    s = base(
        board={"c3": start},
        monks={0: "c3 end 4", 1: "edge s6"},
        hands={0: [tile_name(magari >> 2)]},
    )
    give(s, 0, "escape")
    after = GAME.apply(act(s, "play escape"), ("place", magari >> 2, magari & 3, 0))
    assert not after.magari[0] and len(after.hands[0]) == 3
    food = tile_joining({1: 4}, {1: "s"})
    s = base(
        board={"c3": start}, monks={0: "c3 end 4", 1: "edge s6"}, hands={0: [tile_name(food >> 2)]}
    )
    s.stash[sq("c4")] = 1
    give(s, 0, "harvest")
    after = GAME.apply(act(s, "play harvest"), ("place", food >> 2, food & 3, 0))
    assert after.shiitake[0] == 4


def test_pilfer_takes_one_per_opponent_and_two_from_the_stash_with_two_players() -> None:
    """Card: Pilfer Shiitake - up to 3, at most 1 from each opponent; in a 2-player game 2 more
    from the stash (1 more with 3 players)."""
    s = base(shiitake=[0, 4])
    give(s, 0, "pilfer")
    after = act(s, "play pilfer")
    assert after.shiitake == [3, 3]


def test_shiitake_robber_needs_crossing_paths() -> None:
    """Card: Shiitake Robber - steal 2 from an opponent whose path intersects yours."""
    s = base(shiitake=[0, 5], trail=[[sq("c3"), sq("c4")], [sq("c4")]])
    give(s, 0, "robber")
    assert ("play", "robber", 1) in GAME.legal_actions(s)
    assert act(s, "play robber 2").shiitake == [2, 3]
    s = base(shiitake=[0, 5], trail=[[sq("c3")], [sq("c4")]])
    give(s, 0, "robber")
    assert ("play", "robber", 1) not in GAME.legal_actions(s)


def test_tanuki_trap_catches_a_tanuki_for_three() -> None:
    """Card: Tanuki Trap - a lettered token next to your monk; a tanuki moving onto or over it is
    removed with the trap and the owner collects 3."""
    s = base(monks={0: "edge w3", 1: "edge s6"}, tanuki=("c3", "f6"))
    card = give(s, 0, "trap")
    s = act(s, "play trap b3")
    assert s.traps[card % 3] == sq("b3") and s.trap_owner[card % 3] == 0
    after = rolled(s, 4, 6)  # blue west 2: over b3
    assert after.tanuki[0] == -1 and after.shiitake[0] == 3
    assert after.traps == [-1, -1, -1] and card in after.spent


def test_tanuki_repellant_in_the_way_and_out_of_turn() -> None:
    """Card: Tanuki Repellant - on your turn against a tanuki blocking your path, or on another
    player's turn when a tanuki would pass over or land on you; you collect 1."""
    s = base(monks={0: "edge n3", 1: "edge s6"}, tanuki=("c1", "f1"))
    give(s, 0, "repellant")
    after = act(s, "play repellant blue")
    assert after.tanuki[0] == -1 and after.shiitake[0] == 1
    # out of turn: the blue tanuki heads for Bob's square; Bob holds a card
    tile = tile_joining({1: 4})
    s = base(
        board={"c3": tile},
        monks={0: "edge n1", 1: "c3 end 4"},
        tanuki=("c4", "f6"),
        phase="before",
        shiitake=[0, 4],
    )
    give(s, 1, "repellant")
    window = rolled(s, 1, 6)
    assert window.decision is not None
    assert (window.decision.kind, window.decision.seat) == ("repel", 1)
    assert window.decision.optional and window.decision.pass_action == ("let",)
    after = act(window, "repel")
    assert after.tanuki[0] == -1 and after.shiitake[1] == 5
    let = act(window, "let")
    assert let.shiitake[1] == 3


def test_repellant_window_opens_for_any_card_holder() -> None:
    """Hidden cards: the window opens for every card holder in the way, whatever the card, so it
    tells nobody who holds a Repellant; without one only 'let' is legal."""
    tile = tile_joining({1: 4})
    s = base(
        board={"c3": tile}, monks={0: "edge n1", 1: "c3 end 4"}, tanuki=("c4", "f6"), phase="before"
    )
    give(s, 1, "basket")
    window = rolled(s, 1, 6)
    assert window.phase == "repel" and GAME.legal_actions(window) == [("let",)]


def test_tanuki_bait_moves_both_tanuki_next_to_one_opponent() -> None:
    """Card: Tanuki Bait - both tanuki to two different unoccupied spaces around one opponent."""
    s = base(monks={0: "edge n1", 1: "edge s3"}, tanuki=("a1", "f1"))
    give(s, 0, "bait")
    after = act(s, "play bait 2 d5 b6")
    assert after.tanuki == [sq("d5"), sq("b6")]


def test_speed_stroll_places_a_second_tile() -> None:
    """Card: Speed Stroll - play a second path tile before drawing back up to 3."""
    first = tile_joining({1: 4}, {1: "s"})
    second = tile_joining({1: 4}, {1: "s"}, avoid=[first >> 2])
    start = tile_joining({0: 4}, avoid=[first >> 2, second >> 2])
    s = base(
        board={"c3": start},
        monks={0: "c3 end 4", 1: "edge s6"},
        hands={0: [tile_name(first >> 2), tile_name(second >> 2)]},
    )
    give(s, 0, "stroll")
    s = act(s, "play stroll")
    s = GAME.apply(s, ("place", first >> 2, first & 3, 0))
    assert s.phase == "place" and s.active == 0
    s = GAME.apply(s, ("place", second >> 2, second & 3, 0))
    assert s.monks[0] == sq("c5") * 8 + 4 and len(s.hands[0]) == 3


def test_clear_the_path_removes_up_to_three() -> None:
    """Card: Clear the Path - clear any 3 path tiles or rock gardens from the board."""
    a = tile_joining({0: 1})
    b = tile_joining({0: 1}, avoid=[a >> 2])
    s = base(board={"c3": a, "d4": b, "e5": "rock"})
    give(s, 0, "clear")
    s = act(s, "play clear")
    assert s.decision is not None and s.decision.kind == "clear"
    s = act(s, "clear c3")
    s = act(s, "clear e5")
    s = act(s, "done")
    assert s.board[sq("c3")] == -1 and s.board[sq("e5")] == -1 and s.board[sq("d4")] == b
    assert s.phase == "place"


def test_shifting_paths_turns_one_tile() -> None:
    """Card: Shifting Paths - rotate any 1 path tile."""
    a = tile_joining({0: 1})
    s = base(board={"c3": a})
    give(s, 0, "shift")
    after = act(s, "play shift c3 r180")
    assert after.board[sq("c3")] == (a & ~3) | ((a + 2) & 3)


def test_the_best_offense_cancels_another_players_card() -> None:
    """Card: The Best Offense - on another player's turn, cancel their Garden Master card; the
    window opens for every other card holder and may be passed."""
    s = base(tanuki=("c4", "f1"))
    give(s, 0, "move")
    give(s, 1, "offense")
    window = act(s, "play move blue east")
    assert window.decision is not None and window.decision.kind == "offense"
    assert window.decision.seat == 1 and window.decision.pass_action == ("allow",)
    cancelled = act(window, "cancel")
    assert cancelled.tanuki[0] == sq("c4") and cancelled.cards == [[], []]
    allowed = act(window, "allow")
    assert allowed.tanuki[0] == sq("d4")


def test_rock_garden_blocks_tiles_and_tanuki() -> None:
    """Card: Rock Garden - a token on an unoccupied space not in front of another player's
    path; no tile and no tanuki may be placed there until it is cleared."""
    s = base(monks={0: "edge n1", 1: "edge s6"}, tanuki=(None, "f1"))
    give(s, 0, "rock")
    assert ("play", "rock", sq("f6")) not in GAME.legal_actions(s)  # in front of Bob
    after = act(s, "play rock c3")
    assert after.board[sq("c3")] == ROCK
    placed = rolled(after, 3, 3)  # blue off the board would be placed on c3
    assert placed.tanuki[0] == -1
    blocked = base(monks={0: "edge n3", 1: "edge s6"}, board={"c1": "rock"})
    assert GAME.legal_actions(blocked)[0] == ("pass",)


def test_card_refusals_name_the_reason_for_this_position() -> None:
    """Illegal card plays are refused naming what is wrong here (rule: the card's own text)."""
    s = base(
        board={"c3": tile_joining({0: 4})},
        monks={0: "edge n1", 1: "c3 end 4"},
        tanuki=(None, "f1"),
        trail=[[1], [30]],
        shiitake=[0, 3],
    )
    for key in ("move", "robber", "trap", "rock", "shift"):
        give(s, 0, key)
    with pytest.raises(IllegalAction, match="blue tanuki is off the board"):
        act(s, "play move blue north")
    with pytest.raises(IllegalAction, match="never crossed"):
        act(s, "play robber 2")
    with pytest.raises(IllegalAction, match="not next to your monk"):
        act(s, "play trap f5")
    with pytest.raises(IllegalAction, match="in front of another player's path"):
        act(s, "play rock c4")
    with pytest.raises(IllegalAction, match="a monk stands on c3"):
        act(s, "play shift c3 r90")
    with pytest.raises(IllegalAction, match="no tile on d3"):
        act(s, "play shift d3 r90")
    with pytest.raises(IllegalAction, match="already played a card"):
        act(act(s, "play rock e3"), "play trap b2")
