"""Octopus's Garden turn flow: market refill, the end trigger, the final round and stalemates."""

from __future__ import annotations

from typing import Any

from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.board import CELL_IDS, CELL_NAMES
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState


def play(state: OctopusState, *moves: str) -> OctopusState:
    for text in moves:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def empty_bag(**kw: Any) -> OctopusState:
    """A position whose bag is empty (everything not placed has left the game)."""
    data = GAME.to_dict(make_position(**kw))
    data["out"], data["bag"] = data["bag"], {}
    return GAME.from_dict(data)


def filled(n: int, last: dict[str, str] | None = None) -> dict[str, str]:
    kinds = ("seagrass", "anemone")
    cells = {c: kinds[i % 2] for i, c in enumerate(CELL_NAMES[:n])}
    cells.update(last or {})
    return cells


def test_refill_lets_the_active_player_place_each_drawn_token() -> None:
    state = make_position(market=["coral"] * 9, pearls=[3, 2])
    state = play(state, "buy row 1", "plant coral a1", "plant coral a2", "plant coral a3")
    assert state.phase == "refill" and state.decision is not None
    assert state.decision.seat == 0 and "choose a space" in state.decision.prompt
    assert GAME.legal_actions(state) == [("refill", 0), ("refill", 1), ("refill", 2)]
    first = state.drawn
    state = play(state, "refill m3")
    assert state.market[2] == first and state.phase == "refill"
    state = play(state, "refill m1")
    # The last token goes to the last gap by itself; then it is Bob's turn.
    assert all(state.market) and state.active == 1
    assert any("was drawn for m2" in e for e in state.events)


def test_empty_bag_leaves_market_spaces_empty_and_gapped_lines_can_be_bought() -> None:
    state = empty_bag(market=["relic", None, "coral"] + ["coral"] * 6, pearls=[4, 2])
    assert ("buy", "row", 1) in GAME.legal_actions(state)
    state = play(state, "buy row 1", "plant relic a1", "plant coral a2")
    assert state.active == 1 and state.market[:3] == [0, 0, 0]
    assert state.pearls[0] == 0


def test_garden_full_after_planting_triggers_the_end_and_others_get_one_more_turn() -> None:
    state = make_position(
        ("Ann", "Bob", "Cy"),
        gardens={0: filled(21)},
        market=["relic"] * 3 + ["coral"] * 6,
        pearls=[9, 2, 2],
    )
    state = play(state, "buy row 1", "plant relic e2", "plant relic e3", "plant relic e4")
    assert state.end_by == 0
    assert any("garden is full" in e for e in state.events)
    state = play(state, "refill m1", "refill m2")
    assert state.active == 1 and not state.over
    state = play(state, "pass m4")
    assert state.active == 2 and not state.over
    state = play(state, "pass m4")
    assert state.over and state.phase == "over" and state.decision is None
    assert GAME.legal_actions(state) == []
    assert any(e.startswith("The game is over") for e in state.events)


def test_every_turn_after_the_end_is_triggered_is_announced_as_the_last() -> None:
    """Rule (end of the game): once a garden is full every other player gets exactly one more
    turn, so every prompt from then on says "Last turn!" (issue 7: a grey "last round" was
    missed); before the trigger none does."""
    state = make_position(
        ("Ann", "Bob", "Cy"),
        gardens={0: filled(21)},
        market=["relic"] * 3 + ["coral"] * 6,
        pearls=[9, 2, 2],
    )
    assert state.decision is not None and not state.decision.prompt.startswith("Last turn")
    state = play(state, "buy row 1", "plant relic e2", "plant relic e3")
    assert state.decision is not None and not state.decision.prompt.startswith("Last turn")
    state = play(state, "plant relic e4")
    assert state.decision is not None and state.decision.prompt.startswith("Last turn! Refill")
    state = play(state, "refill m1", "refill m2")
    assert state.active == 1 and state.decision is not None
    assert state.decision.prompt.startswith("Last turn! Buy a row or column")
    state = play(state, "pass m4")
    assert state.decision is not None and state.decision.prompt.startswith("Last turn!")


def test_final_turn_skips_the_refill() -> None:
    state = make_position(market=["coral"] * 9, pearls=[0, 3], active=1, end_by=0)
    state = play(state, "buy row 1", "plant coral a1", "plant coral a2", "plant coral a3")
    assert state.over and state.market[:3] == [0, 0, 0]


def test_garden_full_after_moving_animals_triggers_the_end() -> None:
    cells = filled(24, {"c1": "seagrass star", "c3": "oyster"})
    del cells["c2"]
    state = make_position(gardens={0: cells}, phase="animals")
    assert state.end_by == -1
    state = play(state, "move star c1 c2")
    assert state.end_by == 0
    assert any("garden is full" in e for e in state.events)


def test_end_stays_triggered_when_an_animal_empties_a_space_later() -> None:
    cells = filled(24, {"c1": "star", "c2": "seagrass", "c3": "oyster"})
    del cells["e4"]
    state = make_position(
        gardens={0: cells}, market=["coral", "seagrass", "seagrass"] * 3, pearls=[3, 2]
    )
    state = play(state, "buy col 1", "plant coral e4")
    assert state.end_by == 0 and state.hand == []  # the other two corals had no room
    assert state.phase == "animals"
    state = play(state, "move star c1 c2")
    assert state.gardens[0][CELL_IDS["c1"]] == ()
    assert state.end_by == 0
    state = play(state, "done", "refill m1", "refill m4")
    assert state.active == 1 and not state.over
    state = play(state, "pass m2")
    assert state.over


def test_ten_rounds_without_a_market_purchase_trigger_the_end() -> None:
    state = make_position(market=["coral"] * 9, idle_turns=18)
    state = play(state, "pass m1")
    assert state.idle_turns == 19 and state.end_by == -1
    state = play(state, "oyster")  # attracting an oyster is not a market purchase either
    assert state.idle_turns == 20 and state.end_by == 1
    assert any("Nobody bought from the market for 10 rounds" in e for e in state.events)


def test_with_the_bag_empty_two_idle_rounds_trigger_the_end() -> None:
    state = empty_bag(market=["relic"] * 9, idle_turns=2)
    state = play(state, "pass m1")
    assert state.idle_turns == 3 and state.end_by == -1
    assert state.market[0] != 0  # the returned relic came straight back: the bag is empty
    state = play(state, "pass m1")
    assert state.end_by == 1
    assert any("The bag is empty and nobody bought for 2 rounds" in e for e in state.events)
    state = play(state, "pass m1")
    assert state.over


def test_buying_resets_the_idle_count() -> None:
    state = make_position(market=["coral"] * 9, idle_turns=3, pearls=[3, 2])
    state = play(state, "buy row 1")
    assert state.idle_turns == 0


def test_empty_bag_and_empty_market_trigger_the_end() -> None:
    state = empty_bag(market=["coral", "coral", "coral"] + [None] * 6, pearls=[3, 2])
    state = play(state, "buy row 1", "plant coral a1", "plant coral a2", "plant coral a3")
    assert state.end_by == 0 and state.active == 1
    assert any("The bag and the market are empty" in e for e in state.events)


# --- the stall stop is an option (on by default) ------------------------------------------------

NO_STALL_STOP = {"stall-stop": False}


def test_without_the_stall_stop_ten_idle_rounds_with_tokens_in_the_bag_go_on() -> None:
    """Rule (stall stop off): the rulebook's only end is a full garden; ten rounds without a
    purchase while the bag holds tokens end nothing, and nothing is counted."""
    state = make_position(options=NO_STALL_STOP, market=["coral"] * 9)
    assert sum(state.bag) > 0
    for _ in range(25):  # more than ten full rounds of two players
        state = play(state, "pass m1")
    assert state.end_by == -1 and not state.over and state.idle_turns == 0
    assert not any("Nobody bought" in e for e in state.events)


def test_without_the_stall_stop_an_empty_bag_does_not_end_the_game_either() -> None:
    """Rule (stall stop off): with the bag empty but tiles on the market, passing goes on (a
    purchase can still change the market)."""
    state = empty_bag(options=NO_STALL_STOP, market=["relic"] * 9)
    for _ in range(6):
        state = play(state, "pass m1")
    assert state.end_by == -1 and not state.over


def test_without_the_stall_stop_an_empty_bag_and_market_still_end_the_game() -> None:
    """Rule (endless games): with bag and market both empty nothing can change any more, so the
    end is triggered whatever the options."""
    state = empty_bag(
        options=NO_STALL_STOP, market=["coral", "coral", "coral"] + [None] * 6, pearls=[3, 2]
    )
    state = play(state, "buy row 1", "plant coral a1", "plant coral a2", "plant coral a3")
    assert state.end_by == 0 and state.active == 1


def test_with_the_stall_stop_on_ten_idle_rounds_end_the_game_as_before() -> None:
    """Rule (stall stop on, the default): ten full rounds without a purchase trigger the end."""
    state = make_position(options={"stall-stop": True}, market=["coral"] * 9)
    for _ in range(19):
        state = play(state, "pass m1")
    assert state.end_by == -1 and state.idle_turns == 19
    state = play(state, "pass m1")
    assert state.end_by == 1
    assert (
        "Nobody bought from the market for 10 rounds: everyone else gets one more turn"
        in state.events
    )
    state = play(state, "pass m1")
    assert state.over


def test_a_save_without_the_stall_stop_option_loads_with_it_on() -> None:
    """Rule: saves from before the option existed load unchanged (options get their defaults)."""
    data = GAME.to_dict(make_position(market=["coral"] * 9, idle_turns=19))
    assert "stall-stop" not in data["options"]  # written only when off, as older saves read
    state = GAME.from_dict(data)
    assert GAME.to_dict(state) == data
    assert state.options["stall-stop"] is True
    assert play(state, "pass m1").end_by == 0  # Ann completes the count


def test_the_stall_stop_is_written_when_off_and_read_back() -> None:
    """Rule: a save of a game without the stall stop keeps the option off."""
    data = GAME.to_dict(make_position(options=NO_STALL_STOP))
    assert data["options"]["stall-stop"] is False
    assert GAME.from_dict(data).options["stall-stop"] is False
