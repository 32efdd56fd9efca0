"""The Octopus's Garden screen's pure parts: which place chooses which legal action (picker),
which spaces the last moves changed (marks), and the cell texts (paint). No app needed."""

from __future__ import annotations

from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.board import CELL_IDS
from gardens_tui.rules.octopus_garden.components import CRAB_SHELL, SEAGRASS, STAR
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.seats import hot_seat
from gardens_tui.table import Seat, Setup, Table
from gardens_tui.ui.screens.octopus_garden.keys import command_applies, command_lines
from gardens_tui.ui.screens.octopus_garden.layouts import garden_layout
from gardens_tui.ui.screens.octopus_garden.marks import last_marks
from gardens_tui.ui.screens.octopus_garden.paint import (
    describe_stack,
    garden_cell,
    legend_entries,
    market_cell,
    mini_cell,
    stack_role,
)
from gardens_tui.ui.screens.octopus_garden.picker import (
    Entry,
    Pick,
    attempt,
    compute_targets,
    plantable_tokens,
    resolve,
    token_actions,
)
from gardens_tui.ui.screens.octopus_garden.texts import (
    garden_title,
    hand_view,
    mini_title,
    origin_words,
    supply_lines,
)
from gardens_tui.ui.widgets.action_picker_marks import marked_steps
from gardens_tui.ui.widgets.board_layout import nearest_cell


def test_market_lines_are_chosen_by_their_handles_and_tiles_list_their_lines_and_the_pass() -> None:
    """Rule: buy one row or column you can afford, or pass by returning one tile."""
    state = make_position(market=["coral"] * 9, pearls=[3, 2])
    legal = GAME.legal_actions(state)
    targets = compute_targets(legal, Pick())
    assert targets.market_legal == {(axis, n) for axis in ("row", "col") for n in (1, 2, 3)}
    assert targets.market[("row", 2)] == [Entry(("buy", "row", 2))]
    tile = targets.market[4]
    assert [e.action for e in tile] == [("buy", "row", 2), ("buy", "col", 2), ("pass", 4)]
    assert not any(e.exact for e in tile)
    assert resolve(tile) is None  # a tile never plays at once: it lists its choices
    assert ("oyster",) in targets.loose
    assert targets.garden == {}


def test_passing_makes_every_returnable_tile_a_target_and_hides_the_lines() -> None:
    state = make_position(market=["coral"] * 9, pearls=[3, 2])
    targets = compute_targets(GAME.legal_actions(state), Pick(passing=True))
    assert targets.market_legal == set(range(9))
    assert resolve(targets.market[4]) == Entry(("pass", 4))
    assert ("row", 1) not in targets.market


def test_planting_targets_only_the_chosen_token_and_keeps_placeless_tokens_loose() -> None:
    """Rule: plant each token on an empty space; the diver needs none."""
    state = make_position(
        options={"diver": True},
        gardens={0: {"c3": "coral"}},
        hand=["seagrass", "diver"],
        phase="plant",
    )
    legal = GAME.legal_actions(state)
    assert plantable_tokens(legal) == ["seagrass"]
    assert token_actions(legal, "diver") == [("plant", "diver")]
    targets = compute_targets(legal, Pick(token="seagrass"))
    assert CELL_IDS["c3"] not in targets.garden_legal
    assert len(targets.garden_legal) == 23
    assert ("plant", "diver") in targets.loose
    assert compute_targets(legal, Pick(token="diver")).garden_legal == set()


def test_moves_take_an_origin_then_a_destination() -> None:
    """Rule: a crab carrying its shell may step with it or leave it behind."""
    state = make_position(gardens={0: {"c3": "crab+shell", "a1": "coral"}}, phase="animals")
    legal = GAME.legal_actions(state)
    first = compute_targets(legal, Pick())
    c3 = CELL_IDS["c3"]
    assert first.garden_legal == {c3}
    assert resolve(first.garden[c3]) == Entry(origin=c3)
    second = compute_targets(legal, Pick(origin=c3))
    c4 = CELL_IDS["c4"]
    assert [e.action for e in second.garden[c4]] == [
        ("move", "crab+shell", c3, c4),
        ("move", "crab+shell", c3, c4, "leave"),
    ]
    assert resolve(second.garden[c4]) is None  # two ways to get there: the player picks
    assert ("done",) in second.loose


def test_attempt_names_the_action_the_player_means_so_the_engine_can_refuse_it() -> None:
    assert attempt("plant", Pick(token="coral"), "garden", 5, None) == ("plant", "coral", 5)
    assert attempt("animals", Pick(origin=3), "garden", 9, "star") == ("move", "star", 3, 9)
    assert attempt("push", Pick(origin=3), "garden", 9, None) == ("push", 3, 9)
    assert attempt("market", Pick(), "market", ("col", 2), None) == ("buy", "col", 2)
    assert attempt("market", Pick(passing=True), "market", 4, None) == ("pass", 4)
    assert attempt("refill", Pick(), "market", 4, None) == ("refill", 4)
    assert attempt("market", Pick(), "market", 4, None) is None
    assert attempt("animals", Pick(), "garden", 4, None) is None


def test_pick_cancel_keeps_the_token() -> None:
    pick = Pick(token="coral", origin=3, passing=False)
    assert pick.half_made and not pick.cancelled().half_made
    assert pick.cancelled().token == "coral"


def _table(*actions: str) -> Table:
    table = Table(Setup("octopus-garden", (Seat("Ann"), Seat("Bob")), {}, 4))
    for text in actions:
        table.apply_text(text)
    return table


def test_marks_mid_turn_show_only_the_latest_decision() -> None:
    table = _table("buy col 2", "plant crab c3")
    seat_view = hot_seat(table)
    assert [table.actions[step.index - 1] for step in marked_steps(seat_view)] == [
        ("plant", "crab", CELL_IDS["c3"])
    ]
    marks = last_marks(seat_view)
    assert marks.garden(0) == {CELL_IDS["c3"]} and marks.market == set()


def test_marks_at_a_new_turn_show_everything_the_others_did() -> None:
    table = _table("buy col 2", "plant crab c3", "plant seagrass c4", "plant coral d3", "done")
    while table.state.current_player == 0:  # Ann's refills
        table.apply(table.legal_actions()[0])
    bob_started = len(table.actions)
    while table.state.current_player == 1:  # Bob's whole turn
        table.apply(table.legal_actions()[0])
    seat_view = hot_seat(table)
    moves = marked_steps(seat_view)
    assert len(moves) == len(table.actions) - bob_started > 1
    assert all(step.seat == 1 for step in moves)
    marks = last_marks(seat_view)
    assert marks.market or marks.garden(1)
    assert marks.garden(0) == set()


def test_cell_texts_tell_tokens_apart_by_letter() -> None:
    assert garden_cell((SEAGRASS, STAR), CELL_IDS["c3"], roomy=False, ascii_mode=True) == ("GS",)
    assert garden_cell((), CELL_IDS["c3"], roomy=True, ascii_mode=False) == ("", "c3")
    assert mini_cell((SEAGRASS, STAR), roomy=False, ascii_mode=False) == "S"
    assert mini_cell((), roomy=False, ascii_mode=True) == "."
    assert stack_role((SEAGRASS, STAR)) == "og-star" and stack_role(()) == "empty"
    assert describe_stack((SEAGRASS, STAR)) == "seagrass with a sea star on it"
    assert describe_stack((CRAB_SHELL,)) == "hermit crab in a shell"
    state = make_position(market=["coral"] * 9)
    assert market_cell(state, 0, roomy=False, ascii_mode=True) == ("C 1",)
    assert market_cell(state, 0, roomy=True, ascii_mode=True) == ("C coral", "1 pearl")


def test_the_legend_lists_base_letters_and_only_the_modules_in_play() -> None:
    base = {letter for letter, _, _ in legend_entries({})}
    assert {"A", "C", "G", "S", "H", "E", "R", "T", "O", "h", "t"} <= base
    assert not base & {"K", "L", "M", "X"}
    with_modules = {
        letter for letter, _, _ in legend_entries({"shark": True, "mimic-octopus": True})
    }
    assert {"K", "M", "a", "g"} <= with_modules and "L" not in with_modules
    letters = [letter for letter, _, _ in legend_entries({"shark": True})]
    assert len(letters) == len(set(letters))  # four sharks, one letter


def test_commands_follow_the_decision_and_flag_what_is_not_legal_now() -> None:
    """Keys for actions without a place: shown when they belong to the decision; an oyster you
    cannot afford is shown but not playable (pressing it shows the engine's reason)."""
    state = make_position(market=["relic"] * 9, pearls=[2, 2])
    legal = GAME.legal_actions(state)
    lines = command_lines("market", legal, Pick(), oyster_price=3, roomy=False, ascii_mode=True)
    by_command = {line.command: line for line in lines}
    assert set(by_command) == {"oyster", "pass", "choices"}
    assert not by_command["oyster"].playable and by_command["pass"].playable
    assert by_command["pass"].label == "Pass..."
    assert all(line.label.isascii() for line in lines)
    passing = command_lines(
        "market", legal, Pick(passing=True), oyster_price=3, roomy=True, ascii_mode=False
    )
    assert {line.command for line in passing} >= {"cancel"}
    assert command_applies("done", "animals", [("done",)], Pick())
    assert not command_applies("done", "market", legal, Pick())
    assert not command_applies("discard", "plant", [("plant", "coral", 3)], Pick(token="coral"))
    assert command_applies("token", "plant", [("plant", "diver")], Pick(token="diver"))


def test_texts_fit_the_compact_supply_column() -> None:
    state = make_position(pearls=[1, 2], end_by=1)
    lines = supply_lines(state, 0, roomy=False, ascii_mode=False)
    assert lines[0] == "Oysters 16 · cost 3"
    assert lines[-1].endswith("last round")
    assert all(len(line) <= 22 for line in lines)
    assert garden_title(state, 0, 5, ascii_mode=True) == "Ann's garden - 1 pearl - 5 pts"
    title, info = mini_title(
        state, 1, 3, deciding=True, is_bot=True, roomy=False, ascii_mode=True, to_move=">"
    )
    assert (title, info) == ("> Bob #", "3 pts - 2 pearls")


def test_garden_titles_read_right_for_a_player_called_you_and_for_one_point() -> None:
    """Issue 7: the titles read "You's garden" and "1 pts"; they use the rules' words."""
    state = make_position(("You", "Bob"), pearls=[1, 2])
    assert garden_title(state, 0, 1, ascii_mode=True) == "Your garden - 1 pearl - 1 pt"
    _, info = mini_title(
        state, 0, -1, deciding=False, is_bot=False, roomy=False, ascii_mode=True, to_move=">"
    )
    assert info == "-1 pt - 1 pearl"


def test_the_hand_shows_the_tokens_to_plant_or_the_drawn_token() -> None:
    state = make_position(hand=["coral", "seagrass"], phase="plant")
    assert hand_view(state, "plant", mine=True) == ([2, 6], "To plant (2): 1-9 or Tab")
    assert hand_view(state, "plant", mine=False)[1] == "Ann plants (2)"
    market: list[str | None] = ["coral"] * 9
    market[4] = None
    refill = make_position(market=market, phase="refill", drawn="star")
    assert hand_view(refill, "refill", mine=True) == ([STAR], "Drawn for the market")
    assert origin_words("push", [], CELL_IDS["c3"]).startswith("push what is on c3")


def test_the_cursor_goes_to_the_nearest_target() -> None:
    layout = garden_layout(roomy=False)
    c3, c4, a1 = CELL_IDS["c3"], CELL_IDS["c4"], CELL_IDS["a1"]
    assert nearest_cell(layout, c3, {c4, a1}) == c4
    assert nearest_cell(layout, c3, {c3, a1}) == c3
    assert nearest_cell(layout, None, {c4, a1}) == a1  # the first in layout order
    assert nearest_cell(layout, c3, set()) is None
