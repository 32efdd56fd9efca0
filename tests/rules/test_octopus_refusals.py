"""Octopus's Garden refusals name the actual reason for this position, then the rule.

One test per decision kind (and for the mimic octopus, wrong-decision actions and a finished
game). Each asserts the exact message and that the refused position is unchanged.
"""

from __future__ import annotations

from typing import Any

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.refusals import VERB_PHASES, reason
from gardens_tui.rules.octopus_garden.state import PHASES, OctopusState


def refused(state: OctopusState, text: str, message: str) -> None:
    """``text`` (notation) is refused in ``state`` with exactly ``message``; nothing changes."""
    action = GAME.parse_action(state, text)
    before = GAME.to_dict(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert str(info.value) == message
    assert GAME.to_dict(state) == before
    assert not GAME.is_legal(state, action)


def refused_tuple(state: OctopusState, action: Any, message: str) -> None:
    """Like :func:`refused` for an action tuple the notation cannot write."""
    before = GAME.to_dict(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert str(info.value) == message
    assert GAME.to_dict(state) == before


MARKET = ["relic", "relic", "relic", "coral", "coral", "coral", "seagrass", "anemone", "trash"]


def test_market_refusals() -> None:
    """Rule (market): buy a line you can pay for in full and that no other player's shark claims;
    an oyster costs 1 + oysters owned and needs a token in the bed and an empty space; a pass
    returns one market tile."""
    state = make_position(market=MARKET, pearls=[2, 2])
    refused(state, "buy row 1", "row 1 costs 9 pearls; you have 2 (rule: buying)")
    refused(state, "buy col 1", "column 1 costs 5 pearls; you have 2 (rule: buying)")
    refused(state, "oyster", "an oyster costs 3 pearls; you have 2 (rule: attracting an oyster)")
    refused(
        state, "pass", "name the market tile to return to the bag, e.g. 'pass m1' (rule: passing)"
    )
    oysters = {c: "oyster" for c in _all_cells()[:16]}  # the whole bed is in Bob's garden
    empty_bed = make_position(market=MARKET, pearls=[9, 2], gardens={1: oysters})
    assert empty_bed.bed == 0
    refused(empty_bed, "oyster", "the oyster bed is empty (rule: attracting an oyster)")
    full = make_position(
        market=MARKET, pearls=[9, 2], gardens={0: {c: "seagrass" for c in _all_cells()}}
    )
    refused(
        full, "oyster", "your garden has no empty space for an oyster (rule: attracting an oyster)"
    )
    gaps = make_position(market=[None] * 3 + MARKET[3:], pearls=[9, 2])
    refused(gaps, "buy row 1", "row 1 is empty (rule: buying)")
    refused(gaps, "pass m2", "m2 is empty (rule: passing)")


def test_market_refusals_around_sharks() -> None:
    """Rule (shark): nobody but its owner may buy a line through a claimed tile, and a claimed
    tile cannot be returned by a pass."""
    state = make_position(
        ("Ann", "Bob"),
        {"shark": True},
        market=MARKET,
        claims=[None, None, None, None, 1, None, None, None, None],
        shark_of=[None, "tiger"],
        shark_bought=[False, True],
        pearls=[9, 2],
    )
    refused(
        state,
        "buy row 2",
        "Bob's shark claims the coral on m5: nobody else may buy row 2 (rule: shark)",
    )
    refused(state, "pass m5", "Bob's shark sits on m5: that tile stays (rule: shark)")


def test_shark_refusals() -> None:
    """Rule (shark): on your next turn buy a line containing your shark's tile, or release it."""
    state = make_position(
        options={"shark": True},
        market=MARKET,
        claims=[None, None, None, None, 0, None, None, None, None],
        shark_of=["hammerhead", None],
        shark_bought=[True, False],
        pearls=[5, 2],
        phase="shark",
    )
    refused(
        state,
        "buy row 3",
        "your shark claims m5: buy row 2 or column 2, or release it (rule: shark)",
    )
    refused(state, "buy col 2", "column 2 costs 6 pearls; you have 5 (rule: buying)")
    refused(
        state,
        "oyster",
        "that is not the decision now: Ann must buy a row or column through the tile of the "
        "waiting shark, or release it",
    )


def test_lionfish_refusals() -> None:
    """Rule (lionfish): pay 1 pearl to discard a market tile without a shark on it, or skip."""
    market = [None, *MARKET[1:]]
    state = make_position(
        options={"lionfish": True, "shark": True},
        gardens={0: {"a1": "lionfish"}},
        market=market,
        claims=[None, None, None, None, 1, None, None, None, None],
        shark_of=[None, "tiger"],
        shark_bought=[False, True],
        phase="lionfish",
    )
    refused(state, "lionfish m1", "m1 is empty (rule: lionfish)")
    refused(state, "lionfish m5", "Bob's shark sits on m5: that tile stays (rule: shark)")
    refused(
        state,
        "buy row 3",
        "that is not the decision now: Ann must decide on the lionfish (lionfish m1..m9, or skip)",
    )


def test_treasure_refusals() -> None:
    """Rule (treasure chest): pay 0 up to your pearls and no more than the bag can deliver."""
    state = make_position(
        options={"treasure-chest": True}, hand=["chest"], chests=1, pearls=[3, 2], phase="treasure"
    )
    refused(state, "treasure 4 keep", "you have 3 pearls: you cannot pay 4 (rule: treasure chest)")
    refused_tuple(
        state, ("treasure", 2), "say keep or sell, e.g. 'treasure 2 keep' (rule: treasure chest)"
    )
    one = make_position(
        options={"treasure-chest": True}, hand=["chest"], chests=1, pearls=[1, 2], phase="treasure"
    )
    refused(one, "treasure 2 sell", "you have 1 pearl: you cannot pay 2 (rule: treasure chest)")


def test_plant_refusals() -> None:
    """Rule (planting): plant each bought token on an empty space (a boxer crab on a free
    anemone); discard only when there is not room for them all."""
    state = make_position(gardens={0: {"c3": "coral"}}, hand=["relic", "trash"], phase="plant")
    refused(state, "plant relic c3", "c3 is not empty (it holds a coral) (rule: planting)")
    refused(state, "plant coral c4", "you have no coral to plant (rule: planting)")
    refused(
        state,
        "discard trash",
        "there is room for everything (23 empty spaces for 2 tokens): plant it (rule: planting)",
    )
    refused(state, "return boxer", "you have no boxer crab to return (rule: planting)")
    boxer = make_position(
        options={"boxer-crab": True},
        gardens={0: {"c3": "anemone", "c4": "coral"}},
        hand=["boxer"],
        phase="plant",
    )
    refused(
        boxer,
        "plant boxer c4",
        "a boxer crab rides an anemone with nothing on it; c4 holds a coral (rule: boxer crab)",
    )
    refused(boxer, "return boxer", "the boxer crab can ride the anemone on c3 (rule: boxer crab)")


def test_animal_refusals() -> None:
    """Rule (sea stars, hermit crabs): a sea star that can reach an oyster must step one space
    closer to the nearest one; crabs may step one space, never onto coral; each animal once."""
    state = make_position(
        gardens={
            0: {"c3": "star", "c5": "oyster", "a1": "crab", "a2": "coral", "e1": "crab+shell"}
        },
        phase="animals",
    )
    refused(state, "done", "the sea star on c3 must still move (rule: sea stars)")
    refused(
        state,
        "move star c3 c2",
        "a sea star must step closer to the nearest oyster: from c3 it is 2 steps away, from c2 "
        "it would not be 1 (rule: sea stars)",
    )
    refused(
        state, "move crab a1 a2", "a2 holds coral: animals never enter coral (rule: hermit crabs)"
    )
    refused(
        state,
        "move crab a1 a3",
        "a3 is not next to a1: animals step one space (rule: hermit crabs)",
    )
    refused(state, "move star a1 b1", "there is no sea star on a1 (rule: sea stars)")
    moved = GAME.apply(state, ("move", "crab", 0, 1 + 3))
    assert moved.phase == "animals"
    refused(
        moved,
        f"move crab {_name(4)} a1",
        f"the hermit crab on {_name(4)} has already moved this turn (rule: hermit crabs)",
    )


def test_push_refusals() -> None:
    """Rule (coconut octopus): each neighbouring space is pushed one step; a space with a flat
    token only into an empty space."""
    state = make_position(
        options={"coconut-octopus": True},
        gardens={0: {"c3": "coconut-used", "c4": "coral", "c5": "relic", "b3": "seagrass"}},
        pushes=["c4", "b3"],
        phase="push",
    )
    refused(
        state,
        "push c4 c5",
        "c5 is not empty: a space with a token moves only into an empty space (rule: coconut "
        "octopus)",
    )
    refused(
        state,
        "push c5 c6",
        "c5 is not waiting for a push (waiting: c4 and b3) (rule: coconut octopus)",
    )


def test_refill_refusals() -> None:
    """Rule (refilling the market): place the drawn token on an empty market space."""
    market = ["coral"] * 7 + [None, None]
    state = make_position(("Ann", "Bob"), market=market, phase="refill", drawn="relic")
    refused(
        state,
        "refill m1",
        "m1 is not empty: put the relic on m8 or m9 (rule: refilling the market)",
    )
    refused(
        state,
        "buy row 1",
        "that is not the decision now: Ann must place the drawn relic on an empty market space",
    )


def test_claim_refusals() -> None:
    """Rule (shark): after a refill, put your shark on a market tile that is not a shark and has
    no shark on it, or skip."""
    market = ["tiger", *MARKET[1:]]
    state = make_position(
        options={"shark": True},
        gardens={1: {"a1": "hammerhead"}},
        shark_of=[None, "hammerhead"],
        shark_bought=[False, True],
        market=market,
        claim_order=[1],
        phase="claim",
    )
    assert state.current_player == 1
    refused(
        state, "claim m1", "m1 holds a shark: a shark may not claim another shark (rule: shark)"
    )
    refused(
        state,
        "buy row 1",
        "that is not the decision now: Bob must decide whether to put a shark on a market tile "
        "(claim m1..m9, or skip)",
    )


def test_mimic_refusals() -> None:
    """Rule (mimic octopus): only the player deciding now may declare an undeclared mimic
    octopus in their own garden, as an anemone or a seagrass, with the module on."""
    state = make_position(options={"mimic-octopus": True}, gardens={1: {"a1": "mimic"}})
    refused(
        state,
        "mimic a1 anemone",
        "there is no undeclared mimic octopus on a1 in Ann's garden (only the player deciding now "
        "may declare one) (rule: mimic octopus)",
    )
    off = make_position()
    refused(
        off,
        "mimic a1 anemone",
        "this game is played without the mimic octopus module (rule: mimic octopus)",
    )


def test_the_name_you_reads_right() -> None:
    """Rule (shark): texts about a player read right for the name "You"."""
    state = make_position(
        ("Ann", "You"),
        {"shark": True},
        market=MARKET,
        claims=[None, None, None, None, 1, None, None, None, None],
        shark_of=[None, "tiger"],
        shark_bought=[False, True],
        pearls=[9, 2],
    )
    refused(state, "pass m5", "Your shark sits on m5: that tile stays (rule: shark)")


def test_a_finished_game_and_garbage() -> None:
    """Rule: nothing is legal once the game is over; unknown actions name the pending decision."""
    over = make_position(phase="over", over=True)
    refused_tuple(over, ("done",), "the game is over")
    state = make_position()
    waiting = "Ann must buy a row or column, attract an oyster, or pass"
    refused_tuple(state, ("fly",), "there is no such action: " + waiting)
    refused_tuple(state, (), "there is no such action: " + waiting)
    refused_tuple(state, ("plant", "coral"), "that is not the decision now: " + waiting)


@pytest.mark.parametrize("phase", [p for p in PHASES if p != "over"])
def test_reason_never_fails_on_odd_actions(phase: str) -> None:
    """Whatever an action holds, the reason is a sentence (never another exception)."""
    state = make_position(phase="market")
    state.phase = phase
    state.claim_order = [0]
    for verb in [*VERB_PHASES, "mimic"]:
        for rest in [(), (None,), ("x", "y"), (99, 99, 99), (-1, "row", 2.5, None)]:
            text = reason(state, (verb, *rest))
            assert isinstance(text, str) and text


def _all_cells() -> list[str]:
    from gardens_tui.rules.octopus_garden.board import CELL_NAMES

    return list(CELL_NAMES)


def _name(cell: int) -> str:
    from gardens_tui.rules.octopus_garden.board import CELL_NAMES

    return CELL_NAMES[cell]
