"""Tanuki in the Garden, issue 26: rock gardens stay under a passing tanuki, each tanuki placed
gets its own roll, Pilfer Shiitake and Tanuki Bait leave their choices to the player, and a
tanuki placed on a monk lands on him (our ruling). Each rule of rules version 2 is also checked
to keep its version 1 behaviour for games played under version 1 (``state.rules == 1``)."""

from __future__ import annotations

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import engine as E
from gardens_tui.rules.tanuki.components import CARD_KEYS, SIZE, parse_square
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import ROCK, TanukiState
from gardens_tui.rules.tanuki.summary import SUMMARY

GAME = get_game("tanuki-in-the-garden")
GM = {"garden-master": True}
FIVE = ("Ann", "Bob", "Cleo", "Dan", "Eve")


def sq(name: str) -> int:
    """The square index of ``name``."""
    value = parse_square(name)
    assert value is not None
    return value


def rolled(s: TanukiState, blue: int, gold: int, seed: int = 1) -> TanukiState:
    """``s`` after the dice showed ``blue`` and ``gold`` (further rolls from ``Rng(seed)``)."""
    n = s.copy()
    log = B.Log()
    n.phase = "before"
    E.use_dice(n, blue, gold, Rng(seed), log)
    n.events = tuple(log.lines)
    return n


def act(s: TanukiState, text: str) -> TanukiState:
    """``s`` after the action ``text``."""
    return GAME.apply(s, GAME.read_action(s, text))


def give(s: TanukiState, seat: int, key: str) -> int:
    """Move a card of type ``key`` from the deck into ``seat``'s hand; returns it."""
    card = next(c for c in s.deck if CARD_KEYS[c // 3] == key)
    s.deck.remove(card)
    s.cards[seat].append(card)
    return card


def old_rules(s: TanukiState) -> TanukiState:
    """``s`` played under rules version 1 (as a game saved before issue 26 is)."""
    s.rules = 1
    return s


# --- 1. Rock gardens ---------------------------------------------------------------------------


def test_rock_garden_stays_when_a_tanuki_moves_through_it() -> None:
    """Rule (Rock Garden): "Tiles and Tanuki may not be placed there until it is cleared off the
    board" - only Clear the Path clears it; a tanuki moving through it leaves it."""
    s = make_position(options=GM, board={"c3": "rock"}, tanuki=("c4", "f1"))
    after = rolled(s, 1, 6)  # blue north 2: through c3 to c2
    assert after.tanuki[0] == sq("c2")
    assert after.board[sq("c3")] == ROCK
    assert not any("c3" in line for line in after.events if "removed" in line)


def test_rock_garden_stays_when_a_tanuki_lands_on_it() -> None:
    """Rule (Rock Garden): a tanuki moving onto a rock garden leaves it there (it may stand on
    it; only placing a tanuki there is forbidden)."""
    s = make_position(options=GM, board={"c3": "rock"}, tanuki=("c4", "f1"))
    after = rolled(s, 1, 3)  # blue north 1 onto c3
    assert after.tanuki[0] == sq("c3")
    assert after.board[sq("c3")] == ROCK


def test_move_one_tanuki_onto_a_rock_garden_leaves_it() -> None:
    """Rule (Rock Garden, Move 1 Tanuki): the card's move is a tanuki moving, so the rock stays."""
    s = make_position(options=GM, board={"d4": "rock"}, monks={0: "edge n1", 1: "edge s6"})
    s.tanuki = [sq("c4"), sq("f1")]
    give(s, 0, "move")
    after = act(s, "play move blue east")
    assert after.tanuki[0] == sq("d4") and after.board[sq("d4")] == ROCK


def test_version_1_games_keep_the_tanuki_removing_rock_gardens() -> None:
    """Saves: a game played under rules version 1 replays as played: there a tanuki crossing a
    rock garden removed it."""
    s = old_rules(make_position(options=GM, board={"c3": "rock"}, tanuki=("c4", "f1")))
    after = rolled(s, 1, 6)
    assert after.board[sq("c3")] == -1


# --- 2. Placing both tanuki --------------------------------------------------------------------


def dice_of(seed: int) -> tuple[int, int]:
    """The blue and gold dice the first roll of ``Rng(seed)`` shows."""
    rng = Rng(seed)
    return rng.randint(1, 6), rng.randint(1, 6)


def test_each_tanuki_placed_gets_its_own_roll() -> None:
    """Rule (Setup 3, Placing the Tanuki): "For each Tanuki, roll both dice" - with both tanuki
    off the board, the blue one is placed by the turn's roll and the gold one by a roll of its
    own, so they do not always land together (and nobody always loses 2)."""
    s = make_position(("Ann", "Bob", "Cleo"), tanuki=(None, None), shiitake=[4, 4, 4])
    apart = 0
    for seed in range(12):
        after = rolled(s, 2, 3, seed)
        blue, gold = dice_of(seed)
        assert after.tanuki[0] == sq("b3")
        assert after.tanuki[1] == (gold - 1) * SIZE + blue - 1
        assert f"Ann rolled blue {blue}, gold {gold} for the gold tanuki" in after.events
        if after.tanuki[0] != after.tanuki[1]:
            apart += 1
            assert after.shiitake == [4, 4, 4]
        else:
            assert after.shiitake == [2, 2, 2]  # both tanuki together: everyone loses 2
    assert apart >= 9


def test_each_tanuki_placed_gets_its_own_roll_through_the_game() -> None:
    """Rule (Placing the Tanuki), through ``apply``: the roll action places both tanuki from
    two rolls of the game's own dice."""
    apart = 0
    for seed in range(10):
        s = make_position(options=GM, tanuki=(None, None), phase="before", seed=seed)
        after = GAME.apply(s, ("roll",))
        assert after.tanuki[0] >= 0 and after.tanuki[1] >= 0
        assert sum("rolled" in line for line in after.events) == 2
        apart += after.tanuki[0] != after.tanuki[1]
    assert apart >= 7


def test_one_tanuki_off_the_board_is_placed_by_the_turns_roll() -> None:
    """Rule (Activate Tanuki): a tanuki off the board is placed by the turn's dice instead of
    moving; the other moves by the same dice, with no extra roll."""
    s = make_position(tanuki=("f6", None))
    after = rolled(s, 2, 4)  # gold placed on b4; blue east 2 from f6: off the board
    assert after.tanuki == [-1, sq("b4")]
    assert sum("rolled" in line for line in after.events) == 1


def test_version_1_games_keep_placing_both_tanuki_by_one_roll() -> None:
    """Saves: under rules version 1 both tanuki were placed by the same dice (and met)."""
    s = old_rules(make_position(("Ann", "Bob"), tanuki=(None, None), shiitake=[4, 4]))
    after = rolled(s, 2, 3)
    assert after.tanuki == [sq("b3"), sq("b3")] and after.shiitake == [2, 2]


# --- 3. Pilfer Shiitake and Tanuki Bait ----------------------------------------------------------


def five(shiitake: list[int], **fields: object) -> TanukiState:
    """Five players with Garden Master, Ann holding Pilfer Shiitake."""
    s = make_position(
        FIVE,
        options=GM,
        monks={0: "edge n1", 1: "edge n3", 2: "edge n5", 3: "edge s2", 4: "edge s4"},
        shiitake=shiitake,
        **fields,  # type: ignore[arg-type]
    )
    give(s, 0, "pilfer")
    return s


def test_pilfer_lets_the_player_choose_three_opponents() -> None:
    """Card (Pilfer Shiitake): "Take up to 3 Shiitake from your opponents, but no more than 1
    from any one opponent" - with 4 opponents holding shiitake the player chooses the 3."""
    s = five([0, 2, 2, 2, 2])
    pilfers = [a for a in GAME.legal_actions(s) if a[:2] == ("play", "pilfer")]
    assert pilfers == [
        ("play", "pilfer", 1, 2, 3),
        ("play", "pilfer", 1, 2, 4),
        ("play", "pilfer", 1, 3, 4),
        ("play", "pilfer", 2, 3, 4),
    ]
    after = act(s, "play pilfer 5 3 4")  # any order; seats 3, 4 and 5
    assert after.shiitake == [3, 2, 1, 1, 1]
    assert "Ann pilfered 3 shiitake from Cleo, Dan and Eve" in after.events


def test_pilfer_without_a_choice_takes_from_everyone_who_has_any() -> None:
    """Card (Pilfer Shiitake): with only 3 opponents holding shiitake there is nothing to
    choose: 1 from each of them."""
    s = five([0, 0, 2, 2, 2])
    assert [a for a in GAME.legal_actions(s) if a[:2] == ("play", "pilfer")] == [("play", "pilfer")]
    assert act(s, "play pilfer").shiitake == [3, 0, 1, 1, 1]


def test_pilfer_refusals_name_the_rule() -> None:
    """Card (Pilfer Shiitake): naming no opponents when a choice is due, yourself, or one
    opponent twice is refused with the reason; so is naming opponents when there is no choice."""
    s = five([0, 2, 1, 2, 2])  # four opponents hold shiitake: a choice is due
    with pytest.raises(IllegalAction, match="name 3 opponents"):
        act(s, "play pilfer")
    with pytest.raises(IllegalAction, match="not from yourself"):
        act(s, "play pilfer 1 2 3")
    with pytest.raises(IllegalAction, match="no more than 1 from any one opponent"):
        act(s, "play pilfer 2 2 3")
    t = five([0, 2, 0, 2, 2])  # three: nothing to choose
    with pytest.raises(IllegalAction, match="play pilfer alone"):
        act(t, "play pilfer 2 4 5")


def test_pilfer_choice_waits_through_the_best_offense_window() -> None:
    """Card (Pilfer Shiitake, The Best Offense): the chosen opponents are kept while others may
    cancel the card, and the position saves and loads in that window."""
    s = five([0, 2, 2, 2, 2])
    give(s, 1, "basket")
    window = act(s, "play pilfer 2 3 5")
    assert window.phase == "offense"
    again = GAME.from_dict(GAME.to_dict(window))
    assert GAME.states_equal(again, window)
    after = act(again, "allow")
    assert after.shiitake == [3, 1, 1, 2, 1]


def test_version_1_games_keep_pilfering_clockwise() -> None:
    """Saves: under rules version 1 Pilfer Shiitake took from the first 3 clockwise."""
    s = old_rules(five([0, 2, 2, 2, 2]))
    assert [a for a in GAME.legal_actions(s) if a[:2] == ("play", "pilfer")] == [("play", "pilfer")]
    assert act(s, "play pilfer").shiitake == [3, 1, 1, 1, 2]


def test_pilfer_notation_names_the_seats() -> None:
    """Notation: ``play pilfer 2 4 5`` (seats 1-8, written ascending) reads back the same."""
    s = five([0, 2, 2, 2, 2])
    action = ("play", "pilfer", 1, 3, 4)
    assert GAME.format_action(action) == "play pilfer 2 4 5"
    assert GAME.read_action(s, "play pilfer 5 2 4") == action
    assert GAME.read_action(s, "play pilfer") == ("play", "pilfer")


def test_tanuki_bait_lets_the_player_choose_which_tanuki_goes_where() -> None:
    """Card (Tanuki Bait): "Move both Tanuki to two different unoccupied spaces adjacent or
    diagonally adjacent to an opponent" - the player chooses the opponent and which tanuki
    takes which square (the blue one the first named)."""
    s = make_position(options=GM, monks={0: "edge n1", 1: "edge s3"}, tanuki=("a1", "f1"))
    give(s, 0, "bait")
    legal = GAME.legal_actions(s)
    assert ("play", "bait", 1, sq("d5"), sq("b6")) in legal
    assert ("play", "bait", 1, sq("b6"), sq("d5")) in legal
    after = act(s, "play bait 2 d5 b6")
    assert after.tanuki == [sq("d5"), sq("b6")]
    swapped = act(s, "play bait 2 b6 d5")
    assert swapped.tanuki == [sq("b6"), sq("d5")]
    assert any("the blue one to b6, the gold one to d5" in line for line in swapped.events)


# --- 4. Placing a tanuki on a monk ---------------------------------------------------------------


def test_placing_a_tanuki_on_a_monk_counts_as_landing_on_him() -> None:
    """Our ruling (rulebook: "A Tanuki that has just been placed does not also move"): a tanuki
    placed by the dice on a monk's square lands on him - he loses 3, left on the tile as a
    stash, and the tanuki leaves the board again; the rules text says so."""
    tile = tile_joining({1: 4})
    s = make_position(
        board={"c3": tile}, monks={1: "c3 end 4"}, tanuki=(None, "f1"), shiitake=[0, 5]
    )
    after = rolled(s, 3, 3)  # blue placed on c3 (column 3, row 3); gold south 1 (blue odd)
    assert after.shiitake == [0, 2]
    assert after.stash[sq("c3")] == 3
    assert after.tanuki[0] == -1
    assert after.board[sq("c3")] == tile  # the monk's tile stays
    assert "Placing counts as landing" in SUMMARY


def test_placing_a_tanuki_on_an_empty_tile_removes_it_like_a_landing() -> None:
    """Our ruling: a tanuki placed on a square without monks removes its tile, as a landing
    would; it cannot be placed on a rock garden at all."""
    tile = tile_joining({1: 4})
    s = make_position(board={"c3": tile}, tanuki=(None, "f1"))
    after = rolled(s, 3, 3)
    assert after.tanuki[0] == sq("c3") and after.board[sq("c3")] == -1
    rock = make_position(options=GM, board={"c3": "rock"}, tanuki=(None, "f1"))
    assert rolled(rock, 3, 3).tanuki[0] == -1


def test_bots_can_choose_the_new_card_choices() -> None:
    """Bots (issue 26): the pilfer targets and both bait orders are legal actions, so the bots
    choose among them like any other (from their view), and what they choose is legal."""
    from gardens_tui.bots import make_bot

    s = five([0, 2, 2, 2, 2])
    give(s, 0, "bait")
    for level in ("random", "greedy"):
        for seed in range(5):
            choice = make_bot(level, seed).choose(GAME, s)
            assert choice in GAME.legal_actions(s)
    greedy = make_bot("greedy", 0)
    only_cards = [a for a in GAME.legal_actions(s) if a[0] == "play"]
    assert any(a[1] == "bait" and a[3] > a[4] for a in only_cards)  # the other order too
    assert greedy.choose(GAME, s) in GAME.legal_actions(s)
