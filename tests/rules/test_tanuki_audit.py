"""Tanuki in the Garden: checks added by the rules audit (each names the rule it checks)."""

from __future__ import annotations

import copy

from test_tanuki_master import give, rolled

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.tanuki.cards import clearable
from gardens_tui.rules.tanuki.components import CARD_KEYS, EDGES, square_name, tile_name
from gardens_tui.rules.tanuki.engine import MAX_EXTRA
from gardens_tui.rules.tanuki.migrations import to_version_2, to_version_3
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.preview import preview_lay
from gardens_tui.rules.tanuki.state import EMPTY, ROCK, TanukiState
from gardens_tui.rules.tanuki.summary import SUMMARY

GAME = get_game("tanuki-in-the-garden")


def refusal(s: TanukiState, text: str) -> str:
    """The reason ``text`` is refused in ``s``."""
    try:
        GAME.apply(s, GAME.read_action(s, text))
    except IllegalAction as error:
        return str(error)
    raise AssertionError(f"{text} was accepted")


def stroll_position() -> tuple[TanukiState, int, int]:
    """Ann (Speed Stroll played) faces c4 from c3; Bob's path ends on b4's east side, facing c4.
    The first tile walks Bob across an ashi-magari; the second extends only Ann's path."""
    base = tile_joining({0: 4})
    bob = tile_joining({6: 2}, avoid=[base >> 2])
    first = tile_joining({1: 4, 7: 2}, {7: "a"}, avoid=[base >> 2, bob >> 2])
    second = tile_joining({1: 4}, avoid=[base >> 2, bob >> 2, first >> 2])
    s = make_position(
        options={"garden-master": True},
        board={"c3": base, "b4": bob},
        monks={0: "c3 end 4", 1: "b4 end 2"},
        hands={0: [tile_name(first >> 2), tile_name(second >> 2)], 1: ["t60", "t61", "t62"]},
        effects=["stroll"],
        card_used=True,
    )
    return s, first, second


def test_ashi_magari_counts_once_a_turn_with_speed_stroll() -> None:
    """Rule (Ashi-magari): "If a player crosses multiple Ashi-magari in a single turn (either
    his own or an opponent's turn) they only count once": a seat that discarded for the first
    tile of a Speed Stroll does not discard again when the second tile does not move it."""
    s, first, second = stroll_position()
    s = GAME.apply(s, ("place", first >> 2, first & 3, 0))
    assert s.phase == "discard" and s.queue == [1]
    s = GAME.apply(s, ("discard", s.hands[1][0]))
    assert s.phase == "place" and len(s.hands[1]) == 2
    action = ("place", second >> 2, second & 3, 0)
    assert preview_lay(s, action).discards == ()
    s = GAME.apply(s, action)
    assert s.phase != "discard" and len(s.hands[1]) == 2
    assert s.active == 1 or s.phase == "buy"


def test_a_version_2_game_keeps_its_second_ashi_magari_discard() -> None:
    """Rules versions (Ashi-magari "they only count once" is rules version 3): a game played
    under version 2 asks the seat to discard again after the second tile of the Speed Stroll,
    as it did when that game was played, so its saved actions still replay."""
    s, first, second = stroll_position()
    s.rules = 2
    s = GAME.apply(s, ("place", first >> 2, first & 3, 0))
    s = GAME.apply(s, ("discard", s.hands[1][0]))
    action = ("place", second >> 2, second & 3, 0)
    assert preview_lay(s, action).discards == (1,)
    s = GAME.apply(s, action)
    assert s.phase == "discard" and s.queue == [1]


def test_the_step_to_version_3_marks_version_2_files_and_keeps_older_marks() -> None:
    """Saves: a version 2 file's positions are marked as version 2 games on the way to version
    3; a version 1 file, marked by the step to version 2, keeps playing by version 1."""
    state = GAME.to_dict(GAME.new_game(["Ann", "Bob"], {}, 3))
    state["rules"] = 2
    assert to_version_3({"state": copy.deepcopy(state)})["state"]["rules"] == 2
    del state["rules"]
    twice = to_version_3(to_version_2({"state": copy.deepcopy(state)}))
    assert twice["state"]["rules"] == 1


def test_a_rock_garden_ahead_is_named_in_the_refusal() -> None:
    """Rule (Rock Garden): "Tiles ... may not be placed there until it is cleared off the
    board": placing in front of a rock garden is refused naming the rock garden."""
    s = make_position(
        options={"garden-master": True},
        board={"c1": tile_joining({0: 4}), "c2": "rock"},
        monks={0: "c1 end 4", 1: "edge s6"},
        trail=[[2], []],
    )
    tile = tile_name(s.hands[0][0])
    why = refusal(s, f"place {tile} r0")
    assert "c2" in why and "rock garden" in why


def test_a_tanuki_in_the_way_without_two_shiitake_says_so() -> None:
    """Rule (Tanuki Spaces): "If the player does not have 2 Shiitake ... the player must pass":
    the refusal of a tile says distracting costs 2 and how many the player has, rather than
    offering a distraction the player cannot pay for."""
    s = make_position(
        board={"c1": tile_joining({0: 4})},
        monks={0: "c1 end 4", 1: "edge s6"},
        tanuki=("c2", None),
        shiitake=[1, 0],
        trail=[[2], []],
    )
    assert GAME.legal_actions(s) == [("pass",)]
    why = refusal(s, f"place {tile_name(s.hands[0][0])} r0")
    assert "2 shiitake" in why and "you have 1" in why


def test_edge_refusal_when_every_edge_has_a_tile_names_the_monk() -> None:
    """Rule (Crashes & Loops): "In the event that there are no unconnected edge spaces then each
    player may choose an edge space and remove the tile adjacent to it": the edge space whose
    square a monk is in is refused for that reason, not for "free edges" that do not exist."""
    squares = sorted({sq for sq, _side in EDGES})
    board = {}
    used: list[int] = []
    for sq in squares:
        value = tile_joining({0: 1}, avoid=used)
        used.append(value >> 2)
        board[square_name(sq)] = value
    s = make_position(
        board=board, monks={0: "off", 1: "c1 end 0"}, phase="edge", queue=[0], trail=[[], [2]]
    )
    assert all(s.board[sq] != EMPTY for sq in squares)
    why = refusal(s, "edge n3")
    assert "monk is in c1" in why and "free edges" not in why
    assert ("edge", 3) in GAME.legal_actions(s)  # edge n4: d1 holds no monk


def test_card_keys_cover_the_sixteen_cards() -> None:
    """Rule (Garden Master): "Cards, 3 of each": 16 card types."""
    assert len(CARD_KEYS) == 16


def test_a_player_who_must_pass_for_a_tanuki_is_told_why_before_passing() -> None:
    """Rule (Tanuki Spaces): "If the player does not have 2 Shiitake ... the player must pass
    his turn and cannot place a tile": the place prompt says which tanuki blocks which square,
    what chasing it off costs and that the player passes, not "Place a path tile"; a view
    (public) shows the same prompt."""
    s = make_position(
        board={"c1": tile_joining({0: 4})},
        monks={0: "c1 end 4", 1: "edge s6"},
        tanuki=("c2", None),
        shiitake=[1, 0],
        trail=[[2], []],
    )
    assert GAME.legal_actions(s) == [("pass",)]
    decision = s.decision
    assert decision is not None and decision.kind == "place"
    assert decision.prompt == (
        "The blue tanuki blocks c2 and chasing it off costs 2 shiitake (you have 1): pass"
    )
    seen = GAME.view(s, 1).decision
    assert seen is not None and seen.prompt == decision.prompt


def test_a_rock_garden_ahead_or_no_tile_left_makes_the_prompt_say_pass() -> None:
    """Rules (Rock Garden: "Tiles ... may not be placed there until it is cleared"; Speed
    Stroll with no tile left in hand): when pass is the only way on, the place prompt says
    why; with a card in hand (not yet played this turn) it also offers a Garden Master card."""
    c1 = tile_joining({0: 4})
    rock = make_position(
        options={"garden-master": True},
        board={"c1": c1, "c2": "rock"},
        monks={0: "c1 end 4", 1: "edge s6"},
        trail=[[2], []],
    )
    assert GAME.legal_actions(rock) == [("pass",)]
    assert rock.decision is not None
    assert rock.decision.prompt == "A rock garden on c2 blocks your path until it is cleared: pass"
    rock.cards = [[CARD_KEYS.index("clear") * 3], []]
    rock.deck = [c for c in rock.deck if c != CARD_KEYS.index("clear") * 3]
    assert rock.decision is not None and rock.decision.prompt.endswith(
        ": pass, or play a Garden Master card"
    )
    empty = make_position(
        options={"garden-master": True},
        board={"c1": c1, "c2": tile_joining({1: 4}, avoid=[c1 >> 2])},
        monks={0: "c2 end 4", 1: "edge s6"},
        hands={0: []},
        effects=["stroll"],
        card_used=True,
        placed=1,
        had_tiles=True,
    )
    assert GAME.legal_actions(empty) == [("pass",)]
    assert empty.decision is not None
    assert empty.decision.prompt == "You have no tile left to lay: pass"


def test_garden_master_without_a_card_to_play_the_prompt_says_roll() -> None:
    """Rule (Garden Master: "Players may use only one card per turn"): before the roll, a
    player holding no card, or who already played this turn's card, can only roll; the prompt
    says "Roll the tanuki dice" rather than offering a card. With a card in hand it still
    offers both."""
    s = make_position(
        options={"garden-master": True},
        board={"c1": tile_joining({0: 4})},
        monks={0: "c1 end 4", 1: "edge s6"},
        phase="before",
        trail=[[2], []],
    )
    assert GAME.legal_actions(s) == [("roll",)]
    assert s.decision is not None and s.decision.prompt == "Roll the tanuki dice"
    fast = CARD_KEYS.index("fast") * 3
    s.deck = [c for c in s.deck if c != fast]
    s.cards = [[fast], []]
    s.legal_cache = None
    assert ("play", "fast") in GAME.legal_actions(s)
    assert s.decision is not None
    assert s.decision.prompt == "Play a Garden Master card, or roll the tanuki dice"
    s.card_used = True
    s.legal_cache = None
    assert GAME.legal_actions(s) == [("roll",)]
    assert s.decision is not None and s.decision.prompt == "Roll the tanuki dice"


def test_a_den_crossed_with_no_shiitake_logs_nothing_lost() -> None:
    """Rule (Notes: "Players can never have negative Shiitake"; a tanuki den costs 1): a monk
    with no shiitake crossing a den pays nothing, and the log says it had none to lose instead
    of "lost 0 shiitake"."""
    c1 = tile_joining({0: 4})
    den = tile_joining({1: 5}, {1: "d"}, avoid=[c1 >> 2])
    s = make_position(
        board={"c1": c1},
        monks={0: "c1 end 4", 1: "edge s6"},
        hands={0: [tile_name(den >> 2)]},
        trail=[[2], []],
    )
    after = GAME.apply(s, ("place", den >> 2, den & 3, 0))
    assert after.shiitake == [0, 0]
    assert "Ann passed 1 tanuki den with no shiitake to lose" in after.events
    assert not any("lost 0" in line for line in after.events)


def test_a_tanuki_in_the_way_with_two_shiitake_the_prompt_offers_the_chase() -> None:
    """Rule (Tanuki Spaces): a player whose path ends at a tanuki pays 2 shiitake to chase it
    off, or passes: with 2 shiitake the place prompt says so rather than "place a path tile"."""
    s = make_position(
        board={"c1": tile_joining({0: 4})},
        monks={0: "c1 end 4", 1: "edge s6"},
        tanuki=("c2", None),
        shiitake=[2, 0],
        trail=[[2], []],
    )
    assert ("distract", 0) in GAME.legal_actions(s)
    prompt = s.decision.prompt if s.decision else ""
    assert "blue tanuki is on c2" in prompt and "2 shiitake" in prompt and "pass" in prompt


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces made single spaces."""
    return " ".join(text.split())


def edge_ring(rock: str | None = None) -> dict[str, int | str]:
    """A tile on every border square (a rock garden on ``rock``): no edge space is free."""
    board: dict[str, int | str] = {}
    used: list[int] = []
    for sq in sorted({sq for sq, _side in EDGES}):
        value = tile_joining({0: 1}, avoid=used)
        used.append(value >> 2)
        board[square_name(sq)] = value
    if rock:
        board[rock] = "rock"
    return board


def test_summary_says_a_monk_on_its_edge_space_walks_in_on_its_turn_then_may_place() -> None:
    """Rule (Turn Order 2a/2b; team decision "Monks on an edge space"): a monk still on its edge
    space is not moved by others' tiles; on its turn it walks in by either end, as a first walk,
    and may then place a tile. The rules summary says so, and passing is always allowed."""
    text = flat(SUMMARY)
    assert "A monk still on its edge space is not moved by other players' tiles" in text
    assert "walks in through either end of its edge" in text and "may then place a tile" in text
    assert "You may always pass instead of placing." in text
    square = tile_joining({0: 4})
    s = make_position(board={"a1": square}, monks={0: "edge n1", 1: "edge s6"})
    assert GAME.legal_actions(s) == [("enter", 1), ("enter", 2), ("pass",)]
    walked = GAME.apply(s, ("enter", 1))
    assert walked.phase == "place" and walked.active == 0
    assert any(a[0] == "place" for a in GAME.legal_actions(walked))


def test_summary_says_a_restart_without_free_edges_needs_a_square_without_monks() -> None:
    """Rule (Crashes & Loops: "each player may choose an edge space and remove the tile adjacent
    to it"): the summary says the edge space's square must hold no monk, as the engine has it;
    and a walk through the edge space a monk stands on is a crash."""
    text = flat(SUMMARY)
    assert "from any edge space whose square no monk is in: the tile beside it is removed" in text
    assert "a walk running through the edge space a monk stands on" in text
    s = make_position(
        board=edge_ring(), monks={0: "off", 1: "c1 end 0"}, phase="edge", queue=[0], trail=[[], [2]]
    )
    legal = GAME.legal_actions(s)
    assert ("edge", 2) not in legal and ("edge", 3) in legal  # c1 holds Bob's monk; d1 no monk


def test_a_restart_that_removes_a_rock_garden_says_rock_garden() -> None:
    """Rule (Crashes & Loops, no unconnected edge space: "remove the tile adjacent to it"): when
    the square beside the chosen edge space holds a rock garden, the log names a rock garden,
    not a tile."""
    s = make_position(
        board=edge_ring(rock="a1"),
        monks={0: "off", 1: "c1 end 0"},
        phase="edge",
        queue=[0],
        trail=[[], [2]],
        rules=2,  # (from rules version 3 a tile beside another edge space goes instead)
    )
    assert s.board[0] == ROCK
    after = GAME.apply(s, ("edge", 0))
    assert "The rock garden beside edge n1 was removed" in after.events
    assert not any("The tile beside" in line for line in after.events)


def test_summary_names_where_clear_the_path_shifting_paths_and_the_trap_may_go() -> None:
    """Rules (Clear the Path, Shifting Paths, Tanuki Trap "adjacent to, diagonally adjacent to,
    or occupied by your Monk"): the summary says Clear the Path and Shifting Paths touch only
    squares no monk is in, and the trap may go on the monk's own square too; so does the
    engine."""
    text = flat(SUMMARY)
    assert "rock gardens, on squares no monk is in" in text
    assert "Shifting Paths (turn a tile no monk is in)" in text
    assert "on or next to your monk's square, diagonally too" in text
    c3 = tile_joining({0: 4})
    d3 = tile_joining({0: 4}, avoid=[c3 >> 2])
    s = make_position(
        options={"garden-master": True},
        board={"c3": c3, "d3": d3},
        monks={0: "c3 end 4", 1: "edge s6"},
        trail=[[14], []],
    )
    assert clearable(s) == [15]  # d3; c3 holds Ann's monk
    trap = CARD_KEYS.index("trap") * 3
    s.deck.remove(trap)
    s.cards = [[trap], []]
    assert ("play", "trap", 14) in GAME.legal_actions(s)


def test_summary_says_the_best_offense_cannot_cancel_a_repellant_window_play() -> None:
    """Rule (The Best Offense; team decision: a Repellant played against a moving tanuki and The
    Best Offense itself cannot be cancelled): the summary says so; in the engine a Repellant
    played in the window takes effect at once, with no Best Offense window."""
    assert "not a Tanuki Repellant played against a moving tanuki, nor another Best Offense" in (
        flat(SUMMARY)
    )
    tile = tile_joining({1: 4})
    s = make_position(
        options={"garden-master": True},
        board={"c3": tile},
        monks={0: "edge n1", 1: "c3 end 4"},
        tanuki=("c4", None),
        phase="repel",
        queue=[1],
        dice=[1, 6],
        dirs=[1, 0],
        moving=1,
        trail=[[], [14]],
    )
    give(s, 1, "repellant")
    give(s, 0, "offense")
    after = GAME.apply(s, ("repel",))
    assert after.tanuki[0] == -1 and after.phase == "place"


def test_summary_says_the_tie_break_ends_shared_after_its_safety_stop() -> None:
    """Rule (Winning: tied leaders "take one more turn. Repeat until one player has the most";
    team decision: after 30 extra rounds the leaders share the win): the summary says so."""
    assert MAX_EXTRA == 30
    assert "after 30 extra rounds the tied leaders share the win" in flat(SUMMARY)


def test_an_ashi_magari_crossed_before_a_crash_still_counts() -> None:
    """Rule (Turn Order 2a/2b: "Do not draw back up to 3 tiles if encountering any
    Ashi-magari", "Discard 1 tile if encountering any"), rules version 3: a monk that crosses
    an ashi-magari and then crashes has encountered it: the active player draws nothing."""
    ann = tile_joining({1: 0})
    bob = tile_joining({6: 2}, avoid=[ann >> 2])
    tile = tile_joining({5: 3}, {5: "a"}, avoid=[ann >> 2, bob >> 2])
    s = make_position(
        board={"c2": ann, "d1": bob},
        monks={0: "c2 end 0", 1: "d1 end 6"},
        hands={0: [tile_name(tile >> 2)]},
        shiitake=[6, 4],
    )
    after = GAME.apply(s, ("place", tile >> 2, tile & 3, 0))
    assert any("crashed into Bob" in line for line in after.events)
    assert not after.hands[0]  # no draw back up to 3
    assert any("crossed an ashi-magari and draws no tiles" in line for line in after.events)
    s.rules = 2
    assert len(GAME.apply(s, ("place", tile >> 2, tile & 3, 0)).hands[0]) == 3


def test_one_card_a_turn_leaves_no_repellant_window_after_a_card_played() -> None:
    """Rule (Garden Master: "Players may use only one card per turn"), rules version 3: a
    player who played Avoid Tanuki Dens before the roll is offered no Tanuki Repellant against
    the tanuki then coming at them on their own turn."""
    tile = tile_joining({1: 4})
    s = make_position(
        options={"garden-master": True},
        board={"c3": tile},
        monks={0: "c3 end 4", 1: "edge s6"},
        tanuki=("c4", "f6"),
        phase="before",
        shiitake=[4, 0],
        trail=[[14], []],
    )
    give(s, 0, "dens")
    give(s, 0, "repellant")
    s = GAME.apply(s, GAME.read_action(s, "play dens"))
    assert s.card_used
    assert rolled(s, 1, 6).phase != "repel"
    s.rules = 2
    assert rolled(s, 1, 6).phase == "repel"


def test_fast_tanuki_lets_no_placed_tanuki_attack() -> None:
    """Rule (Fast Tanuki: "...but do not attack another player"), rules version 3: a tanuki the
    dice place on a monk during Fast Tanuki takes nothing from them."""
    tile = tile_joining({1: 4})
    s = make_position(
        options={"garden-master": True},
        board={"c3": tile},
        monks={0: "edge n1", 1: "c3 end 4"},
        tanuki=(None, "f6"),
        phase="before",
        shiitake=[0, 4],
        trail=[[], [14]],
    )
    give(s, 0, "fast")
    s = GAME.apply(s, GAME.read_action(s, "play fast"))
    placed = rolled(s, 3, 3)  # the blue tanuki is placed on c3, Bob's square
    assert any("blue tanuki was placed on c3" in line for line in placed.events)
    assert placed.shiitake[1] == 4
    s.rules = 2
    assert rolled(s, 3, 3).shiitake[1] == 1


def _move_at_bob() -> TanukiState:
    """Ann, at her place decision, plays Move 1 Tanuki: the blue tanuki on c4 north onto c3,
    where Bob's monk stands; Bob holds a Tanuki Repellant."""
    tile = tile_joining({1: 4})
    s = make_position(
        options={"garden-master": True},
        board={"c3": tile},
        monks={0: "edge n1", 1: "c3 end 4"},
        tanuki=("c4", "f6"),
        phase="place",
        shiitake=[0, 4],
        trail=[[], [14]],
        dice=[6, 6],
    )
    give(s, 0, "move")
    give(s, 1, "repellant")
    s = GAME.apply(s, GAME.read_action(s, "play move blue north"))
    return GAME.apply(s, ("allow",))  # (Bob holds a card: The Best Offense's window first)


def test_move_1_tanuki_opens_the_repellant_window() -> None:
    """Rule (Tanuki Repellant: "Play this card when a Tanuki would pass over you, land on
    you"), rules version 3: a tanuki moved onto a monk by Move 1 Tanuki gives that monk's
    owner the Repellant window; repelled, it leaves the board and they collect 1; let come,
    it lands on them."""
    s = _move_at_bob()
    assert s.phase == "repel" and s.queue == [1]
    assert ("repel",) in GAME.legal_actions(s)
    repelled = GAME.apply(s, ("repel",))
    assert repelled.tanuki[0] == -1 and repelled.shiitake[1] == 5
    assert repelled.phase == "place" and repelled.current_player == 0
    landed = GAME.apply(s, ("let",))
    assert landed.tanuki[0] == -1 and landed.shiitake[1] == 1  # landed on: -3, and it leaves
    assert any("moved the blue tanuki north" in line for line in landed.events)
    assert landed.phase == "place"


def test_a_restart_with_no_free_edge_removes_a_tile_not_a_rock_garden() -> None:
    """Rule (Crashes & Loops: with no unconnected edge space a player "may choose an edge space
    and remove the tile adjacent to it"; a rock garden leaves only by Clear the Path), rules
    version 3: an edge space beside a rock garden is not offered while one beside a tile is;
    version 2 offered it and removed the rock."""
    squares = sorted({sq for sq, _side in EDGES})
    board: dict[str, str | int] = {}
    used: list[int] = []
    for sq in squares:
        value = tile_joining({0: 1}, avoid=used)
        used.append(value >> 2)
        board[square_name(sq)] = value
    board["a1"] = "rock"
    fields = {"monks": {0: "off", 1: "c1 end 0"}, "phase": "edge", "queue": [0]}
    s = make_position(board=board, trail=[[], [2]], **fields)  # type: ignore[arg-type]
    legal = GAME.legal_actions(s)
    beside_rock = [e for e, (sq, _side) in enumerate(EDGES) if square_name(sq) == "a1"]
    assert beside_rock and not any(("edge", e) in legal for e in beside_rock)
    assert ("edge", 3) in legal
    assert "rock garden on a1 is no tile and stays" in refusal(s, "edge n1")
    old = make_position(board=board, trail=[[], [2]], rules=2, **fields)  # type: ignore[arg-type]
    assert ("edge", 0) in GAME.legal_actions(old)
