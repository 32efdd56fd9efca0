"""Octopus's Garden's guided first game (issue 32): played with the suggested moves and with
random legal moves; every rule taught, every tip's numbers and places checked against the
position with the engine, the closing's numbers equal to the engine's scores."""

from __future__ import annotations

import re

import pytest
from lesson_checks import (
    PlayedThrough,
    Shown,
    all_runs,
    followed,
    randomly,
    tips_for,
)

from gardens_tui.lessons import lesson_for
from gardens_tui.lessons.base import LessonRun
from gardens_tui.rules.lesson import PERSON
from gardens_tui.rules.octopus_garden.board import (
    CELL_NAMES,
    NUM_CELLS,
    ROWS,
    market_line,
    market_name,
    parse_cell,
    parse_market,
)
from gardens_tui.rules.octopus_garden.components import (
    ANEMONE,
    CORAL,
    COST,
    CRAB,
    CRAB_SHELL,
    CRAB_TRASH,
    OYSTER,
    PRINTED_OYSTERS,
    RELIC,
    SEAGRASS,
    SHELL,
    STAR,
    TRASH,
)
from gardens_tui.rules.octopus_garden.engine import line_cost
from gardens_tui.rules.octopus_garden.flow import oyster_price
from gardens_tui.rules.octopus_garden.garden import entitlement, oyster_distances
from gardens_tui.rules.octopus_garden.lesson import LESSON, MAX_TURNS, MIN_TURNS, person_turn
from gardens_tui.rules.octopus_garden.scoring import garden_row
from gardens_tui.rules.octopus_garden.state import OctopusState

RANDOM_SEEDS = (0, 1, 2, 3, 4)


def _real_decisions(done: PlayedThrough) -> int:
    """The person's decisions (forced ones, with a single legal move, do not count)."""
    run = done.run
    table = run.table
    return sum(
        1
        for state in table.states[: len(table.actions)]
        if state.current_player == PERSON and not run._forced(state)
    )


def _end_view(done: PlayedThrough) -> OctopusState:
    view = done.run.view()
    assert isinstance(view, OctopusState)
    return view


def _shown(rule: str) -> list[Shown]:
    return tips_for(LESSON, RANDOM_SEEDS, rule)


def _garden_points(*pieces: int) -> tuple[int, ...]:
    """The engine's garden row for a garden holding only ``pieces`` (one per space)."""
    garden: list[tuple[int, ...]] = [(p,) for p in pieces] + [()] * (NUM_CELLS - len(pieces))
    return garden_row(garden, False)


def _flat(view: OctopusState, kind: int) -> int:
    return sum(1 for st in view.gardens[PERSON] if st and st[0] == kind)


# --- the lesson as a whole ------------------------------------------------------------------


def test_the_lesson_is_found_and_lists_each_rule_once() -> None:
    """The registry finds the lesson; every core rule (buy, plant, refill, harvest, points,
    clownfish, seahorse, oyster, sea star, hermit crab, relic, trash, pass, end) once."""
    assert lesson_for("octopus-garden") is LESSON
    ids = [rule.id for rule in LESSON.rules]
    assert len(ids) == len(set(ids))
    assert set(ids) == {
        "buy",
        "plant",
        "refill",
        "harvest",
        "points",
        "clownfish",
        "seahorse",
        "oyster",
        "sea_star",
        "hermit_crab",
        "relic",
        "trash",
        "pass",
        "end",
    }
    assert 2 <= len(LESSON.intro) <= 4


def test_follow_run_teaches_every_rule_in_5_to_10_minutes() -> None:
    """With the suggested moves every rule is taught, the lesson stops at the start of a turn
    after MIN_TURNS..MAX_TURNS turns, in 15-40 of the person's decisions, at most about one
    tip per two decisions."""
    done = followed(LESSON)
    assert done.run.untaught() == []
    view = _end_view(done)
    played = person_turn(view) - 1
    assert view.over or (view.phase == "market" and view.active == PERSON)
    assert MIN_TURNS <= played <= MAX_TURNS
    decisions = _real_decisions(done)
    assert 15 <= decisions <= 40, decisions
    assert len(done.tips) <= decisions * 2 // 3


@pytest.mark.parametrize("seed", RANDOM_SEEDS)
def test_random_runs_teach_every_rule_and_end_in_bounds(seed: int) -> None:
    """A learner playing random legal moves (passing a lot) still meets every rule: the rules
    whose token never comes their way are explained from the third turn on; the lesson ends
    by MAX_TURNS turns."""
    done = randomly(LESSON, seed)
    assert done.run.untaught() == []
    assert person_turn(_end_view(done)) - 1 <= MAX_TURNS
    assert all(line.strip() for line in done.feedback)


def test_every_place_is_a_garden_space_or_a_market_space() -> None:
    """Every highlighted place is one of the engine's cell names (a1..e4, the person's garden)
    or market spaces (m1..m9)."""
    cells = {name for row in ROWS for name in (CELL_NAMES[c] for c in row)}
    assert len(cells) == NUM_CELLS
    for done in all_runs(LESSON, RANDOM_SEEDS):
        for shown in done.tips:
            for place in shown.tip.places:
                assert parse_cell(place) is not None or parse_market(place) is not None, place
                assert place in cells or place.startswith("m")


def test_suggestions_are_legal_in_the_view() -> None:
    """Every suggested move is one of the engine's legal moves in the person's view."""
    for done in all_runs(LESSON, RANDOM_SEEDS):
        game = done.run.game
        for shown in done.tips:
            if shown.tip.suggests is not None:
                assert shown.tip.suggests in game.legal_actions(shown.view)


# --- each rule's numbers against the engine -------------------------------------------------


def test_buy_tip_states_the_line_cost_and_the_pearls() -> None:
    """Rule ``buy``: the suggested line's cost is the engine's price of that line, within the
    pearls held; the highlighted spaces are that line's."""
    shown = _shown("buy")
    assert shown
    for item in shown:
        view, tip = item.view, item.tip
        assert isinstance(view, OctopusState)
        assert tip.numbers["pearls"] == view.pearls[PERSON]
        if "cost" in tip.numbers:
            assert tip.suggests is not None and tip.suggests[0] == "buy"
            line = market_line(tip.suggests[1], tip.suggests[2])
            assert tip.numbers["line"] == tip.suggests[2]
            assert tip.numbers["cost"] == line_cost(view, PERSON, line)
            assert tip.numbers["cost"] <= view.pearls[PERSON]
            assert tip.places == tuple(market_name(m) for m in line)


def test_harvest_tip_counts_oysters() -> None:
    """Rule ``harvest``: 1 pearl per oyster, the printed ones included; the pearls held."""
    shown = _shown("harvest")
    assert shown
    for item in shown:
        view, tip = item.view, item.tip
        assert isinstance(view, OctopusState)
        assert tip.numbers["printed"] == PRINTED_OYSTERS == 2
        assert tip.numbers["harvest"] == PRINTED_OYSTERS + _flat(view, OYSTER)
        assert tip.numbers["pearls"] == view.pearls[PERSON]
        assert len(tip.places) == _flat(view, OYSTER)


def test_oyster_tip_states_the_engine_price() -> None:
    """Rule ``oyster``: the price is the engine's, 1 more than the oysters owned; -2 each."""
    shown = _shown("oyster")
    assert shown
    for item in shown:
        view, tip = item.view, item.tip
        assert isinstance(view, OctopusState)
        price = oyster_price(view, PERSON)
        assert tip.numbers["price"] == price
        assert tip.numbers["owned"] == PRINTED_OYSTERS + _flat(view, OYSTER) == price - 1
        assert tip.numbers["penalty"] == -_garden_points(OYSTER)[4]


def test_plant_and_refill_tips_count_empty_spaces() -> None:
    """Rules ``plant`` and ``refill``: the empty garden spaces / market spaces; the suggestion
    goes to an empty one, which is highlighted."""
    for item in _shown("plant"):
        view, tip = item.view, item.tip
        assert isinstance(view, OctopusState)
        assert tip.numbers["empty"] == sum(1 for st in view.gardens[PERSON] if not st)
        assert tip.suggests is not None and tip.suggests[0] == "plant"
        assert not view.gardens[PERSON][tip.suggests[2]]
        assert tip.places[0] == CELL_NAMES[tip.suggests[2]]
    for item in _shown("refill"):
        view, tip = item.view, item.tip
        assert isinstance(view, OctopusState)
        assert tip.numbers["empty"] == sum(1 for t in view.market if not t)
        assert tip.suggests is not None and not view.market[tip.suggests[1]]
        assert tip.places == (market_name(tip.suggests[1]),)
    assert _shown("plant") and _shown("refill")


def test_group_tips_state_the_engine_group_sizes_and_pile_tops() -> None:
    """Rules ``clownfish`` and ``seahorse``: 3 anemones / 5 seagrass in a group earn one (the
    engine's entitlement), and the next animal's value is the top of the pile."""
    line3: list[tuple[int, ...]] = [
        (ANEMONE,) if c in ROWS[2][:3] else () for c in range(NUM_CELLS)
    ]
    line5: list[tuple[int, ...]] = [
        (SEAGRASS,) if c in ROWS[2][:5] else () for c in range(NUM_CELLS)
    ]
    short: list[tuple[int, ...]] = [
        (SEAGRASS,) if c in ROWS[2][:4] else () for c in range(NUM_CELLS)
    ]
    assert entitlement(line3) == (1, 0) and entitlement(line5) == (0, 1)
    assert entitlement(short) == (0, 0)
    for rule, size, pile in (("clownfish", 3, "clown_pile"), ("seahorse", 5, "horse_pile")):
        shown = _shown(rule)
        assert shown
        for item in shown:
            view, tip = item.view, item.tip
            assert isinstance(view, OctopusState)
            assert tip.numbers["group"] == size
            values = getattr(view, pile)
            assert tip.numbers.get(rule) == (values[-1] if values else None)


def test_points_relic_trash_and_crab_tips_state_the_engine_scoring() -> None:
    """Rules ``points``, ``relic``, ``trash``, ``hermit_crab``, ``sea_star``: every value the
    text states is what the engine's scoring gives, and the counts are the person's."""
    printed = 3
    assert _garden_points(CORAL)[printed] == _garden_points(SEAGRASS)[printed]
    for item in _shown("points"):
        numbers = item.tip.numbers
        assert numbers["coral"] == _garden_points(CORAL)[printed]
        assert numbers["anemone"] == _garden_points(ANEMONE)[printed]
        assert numbers["star"] == _garden_points(STAR)[printed]
    for item in _shown("relic"):
        view, numbers = item.view, item.tip.numbers
        assert isinstance(view, OctopusState)
        assert numbers["one"] == _garden_points(RELIC)[0]
        assert 2 * numbers["two each"] == _garden_points(RELIC, RELIC)[0]
        assert 3 * numbers["three each"] == _garden_points(RELIC, RELIC, RELIC)[0]
        assert numbers["have"] == _flat(view, RELIC)
    for item in _shown("trash"):
        view, numbers = item.view, item.tip.numbers
        assert isinstance(view, OctopusState)
        assert numbers["cost"] == COST[TRASH]
        assert numbers["trash"] * -numbers["each"] == _garden_points(TRASH, TRASH)[2]
        assert numbers["have"] == _flat(view, TRASH)
    for item in _shown("hermit_crab"):
        numbers = item.tip.numbers
        assert numbers["lone"] == sum(_garden_points(CRAB)[1:3]) == sum(_garden_points(SHELL)[1:3])
        assert numbers["pair"] == sum(_garden_points(CRAB_SHELL)[1:3])
        assert numbers["in trash"] == sum(_garden_points(CRAB_TRASH)[1:3])
    for item in _shown("sea_star"):
        view, numbers = item.view, item.tip.numbers
        assert isinstance(view, OctopusState)
        if "star" in numbers:
            assert numbers["star"] == _garden_points(STAR)[printed]
        if "steps" in numbers:
            assert item.tip.suggests is not None
            assert numbers["steps"] == oyster_distances(view.gardens[PERSON])[item.tip.suggests[2]]
    for rule in ("points", "relic", "trash", "hermit_crab", "sea_star"):
        assert _shown(rule), rule


def test_token_tips_point_at_that_token_on_the_market() -> None:
    """A token rule explained at a market decision highlights market spaces holding that
    token (a shell counts for the hermit crab)."""
    kinds = {
        "clownfish": {ANEMONE},
        "seahorse": {SEAGRASS},
        "sea_star": {STAR},
        "hermit_crab": {CRAB, SHELL},
        "relic": {RELIC},
        "trash": {TRASH},
    }
    for rule, wanted in kinds.items():
        for item in _shown(rule):
            view = item.view
            assert isinstance(view, OctopusState)
            if view.phase != "market":
                continue
            for place in item.tip.places:
                space = parse_market(place)
                assert space is not None and view.market[space] in wanted


def test_end_tip_counts_empty_spaces_of_24() -> None:
    """Rule ``end``: the person's empty spaces, of the engine's 24."""
    shown = _shown("end")
    assert shown
    for item in shown:
        view, numbers = item.view, item.tip.numbers
        assert isinstance(view, OctopusState)
        assert numbers["spaces"] == len(CELL_NAMES) == 24
        assert numbers["empty"] == sum(1 for st in view.gardens[PERSON] if not st)


# --- the closing, feedback and resuming -----------------------------------------------------


def test_closing_numbers_are_the_engine_scores() -> None:
    """The closing's total and each category's points are the engine's scores of the
    person's garden, and its counts are the garden's."""
    for done in all_runs(LESSON, RANDOM_SEEDS):
        view = _end_view(done)
        scores = done.run.game.scores(view)
        lines = done.closing
        first = re.search(r"score (-?\d+) points", lines[0])
        assert first is not None and int(first.group(1)) == scores.total(PERSON)
        named = {
            "bonus animals": "bonus animals",
            "relics": "relics",
            "hermit crabs and shells": "crabs & shells",
            "trash": "trash",
            "printed points": "printed points",
            "oysters": "oysters",
        }
        found = {}
        for line in lines[1:]:
            match = re.match(r"- ([a-z ]+): (-?\d+) \(", line)
            if match:
                found[named[match.group(1)]] = int(match.group(2))
        assert found == scores.by_category(PERSON)
        assert f"({_flat(view, RELIC)} relic" in lines[2]
        assert f"({_flat(view, TRASH)} loose trash)" in lines[4]
        assert f"({_flat(view, CORAL)} coral, {_flat(view, SEAGRASS)} seagrass" in lines[5]
        assert f"Bot 2 would score {scores.total(1)}." in lines[-1]


def test_feedback_explains_a_pass_and_a_weaker_plant() -> None:
    """Another move than the suggestion gets a line: a pass is told it grew nothing."""
    game = followed(LESSON).run.game
    buy = next(item for item in _shown("buy") if item.tip.suggests is not None)
    legal = game.legal_actions(buy.view)
    a_pass = next(act for act in legal if act[0] == "pass")
    line = LESSON.feedback(game, buy.view, a_pass, buy.tip)
    assert "Passing is allowed" in line
    plant = _shown("plant")[0]
    other = next(
        act
        for act in game.legal_actions(plant.view)
        if act[0] == "plant" and act != plant.tip.suggests
    )
    assert LESSON.feedback(game, plant.view, other, plant.tip)


def test_a_saved_lesson_resumes_with_the_same_rules_taught() -> None:
    """Tips are a function of the view and what was taught: a resumed table teaches again
    exactly what the played one did."""
    done = followed(LESSON)
    run = LessonRun.resume(LESSON, done.run.table)
    assert run.taught == done.run.taught


def test_every_number_a_tip_states_is_listed() -> None:
    """No number in a tip's words escapes the checks: besides place names (a1..e4, m1..m9),
    every number the text states is one of the tip's listed numbers."""
    for done in all_runs(LESSON, RANDOM_SEEDS):
        for shown in done.tips:
            tip = shown.tip
            words = re.sub(r"\b(?:[a-e][1-6]|m[1-9])\b", "", tip.text)
            listed = {abs(n) for n in tip.numbers.values()}
            for number in re.findall(r"\d+", words):
                assert int(number) in listed, (tip.rule, number, tip.text)
