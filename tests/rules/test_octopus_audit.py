"""Octopus's Garden rules audit: refusals and warnings a new player meets at the command line.

Each test names the rule (rulebook section) whose refusal or warning it checks. A refused action
must give the reason for this very position and leave the position unchanged.
"""

from __future__ import annotations

import pytest
from test_octopus_refusals import refused

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.octopus_garden import GAME
from gardens_tui.rules.octopus_garden.components import COCONUT_USED
from gardens_tui.rules.octopus_garden.outlook import claim_warning, has_turn_left
from gardens_tui.rules.octopus_garden.positions import make_position
from gardens_tui.rules.octopus_garden.state import OctopusState


def test_hermit_crab_named_without_its_home_is_told_how_to_name_it() -> None:
    """Rule (moving hermit crabs: "it may move with a shell, trash, or alone"): a crab carrying
    its home is there, so "there is no hermit crab on c4" would be wrong; name the right form."""
    state = make_position(
        gardens={0: {"c1": "crab", "c4": "crab+shell", "a1": "crab+trash"}}, phase="animals"
    )
    refused(
        state,
        "move crab c4 c5",
        "the hermit crab on c4 carries its empty shell: say 'move crab+shell c4 c5' "
        "(rule: hermit crabs)",
    )
    refused(
        state,
        "move crab+shell c1 c2",
        "the hermit crab on c1 has no home: say 'move crab c1 c2' (rule: hermit crabs)",
    )
    refused(
        state,
        "move crab+shell a1 a2",
        "the hermit crab on a1 carries its trash: say 'move crab+trash a1 a2' (rule: hermit crabs)",
    )
    refused(state, "move crab b1 b2", "there is no hermit crab on b1 (rule: hermit crabs)")
    assert GAME.is_legal(state, GAME.parse_action(state, "move crab+shell c4 c5"))


def test_used_coconut_octopus_and_declared_mimic_say_once_per_game() -> None:
    """Rules (coconut octopus: "once per game ... then it flips over"; mimic octopus: "flipped
    over ... and may not be used again"): say so rather than "there is no ... on c3"."""
    state = make_position(
        options={"coconut-octopus": True, "mimic-octopus": True},
        gardens={0: {"c3": "coconut-used", "c2": "anemone", "a1": "mimic-anemone"}},
        phase="animals",
    )
    refused(
        state,
        "coconut c3",
        "the coconut octopus on c3 was already used: it pushes once per game "
        "(rule: coconut octopus)",
    )
    refused(
        state,
        "mimic a1 seagrass",
        "the mimic octopus on a1 already became an anemone: it is declared only once "
        "(rule: mimic octopus)",
    )


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("oyster 3", "say just 'oyster'"),
        ("mimic c3 coral", "mimic SPACE anemone|seagrass"),
        ("coconut c3 c4", "coconut SPACE"),
        ("done now", "say just 'done'"),
        ("push c3", "push FROM TO"),
        ("discard", "discard TOKEN"),
        ("claim", "claim m1..m9"),
    ],
)
def test_a_known_verb_written_wrongly_gets_its_usage(text: str, hint: str) -> None:
    """Notation: text starting with a known verb is shown how that verb is written, not
    "unknown action"."""
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(make_position(), text)
    assert hint in str(info.value)
    assert "unknown action" not in str(info.value)


def _final_round_claim(claimer: int) -> OctopusState:
    """Three players, Ann triggered the end; Bob plays his last turn and its claim window is
    open for ``claimer``'s shark (Cat still has a turn to come)."""
    sharks: list[str | None] = [None, None, None]
    sharks[claimer] = "hammerhead"
    bought = [seat == claimer for seat in range(3)]
    cell = {0: "a1", 1: "b1", 2: "c1"}[claimer]
    return make_position(
        players=("Ann", "Bob", "Cat"),
        options={"shark": True},
        gardens={claimer: {cell: "hammerhead"}},
        market=["coral"] * 9,
        pearls=[9, 9, 9],
        active=1,
        turn=5,
        end_by=0,
        phase="claim",
        claim_order=[claimer],
        shark_of=sharks,
        shark_bought=bought,
    )


def test_a_claim_by_a_player_with_no_turn_left_is_warned_of() -> None:
    """Rule (shark: "On your next turn you must buy that tile ... or throw the shark back";
    end of the game: each other player has one more turn): after the end is triggered, a
    player whose last turn is over never gets that next turn, so the shark stays on the
    market and does not score. The claim stays legal; the warning says so."""
    ann = _final_round_claim(0)
    assert not has_turn_left(ann, 0) and not has_turn_left(ann, 1) and has_turn_left(ann, 2)
    assert GAME.is_legal(ann, ("claim", 4))
    assert "the game ends before your next turn" in claim_warning(ann, 4)
    cat = _final_round_claim(2)
    assert claim_warning(cat, 4) == ""


def test_animal_prompt_says_sea_stars_must_move_only_when_one_must() -> None:
    """Rule (moving sea stars: with an oyster they can reach, sea stars "must" move one space;
    "if there are no oyster tokens in your garden, or no open path to an oyster, the sea stars
    ... will not move"): the prompt says "sea stars must move" only where ``done`` is refused."""
    hungry = make_position(
        gardens={0: {"c3": "star", "c5": "oyster", "a1": "crab"}}, phase="animals"
    )
    assert not GAME.is_legal(hungry, ("done",))
    assert hungry.decision is not None
    assert "(sea stars must move)" in hungry.decision.prompt
    walled = make_position(
        gardens={0: {"c3": "star", "a1": "oyster", "a2": "coral", "b1": "coral", "b2": "coral"}},
        phase="animals",
    )
    assert GAME.is_legal(walled, ("done",))
    assert walled.decision is not None
    assert "must move" not in walled.decision.prompt
    assert "done" in walled.decision.prompt
    no_oyster = make_position(gardens={0: {"c3": "star", "a1": "crab"}}, phase="animals")
    assert no_oyster.decision is not None
    assert "must move" not in no_oyster.decision.prompt
    # Once the star has moved, done is allowed and the prompt stops saying it must.
    moved = GAME.apply(hungry, GAME.parse_action(hungry, "move star c3 c4"))
    assert moved.phase == "animals" and GAME.is_legal(moved, ("done",))
    assert moved.decision is not None and "must move" not in moved.decision.prompt


def test_an_emptied_market_line_is_shown_empty_not_for_0_pearls() -> None:
    """Rule (buying: "only possible if you can pay the cost of all the tokens in the row or
    column"): after a purchase, while planting, the bought column has no tile left; the market
    text says it is empty rather than "col 2: 0", which reads as a line to buy for nothing."""
    state = make_position(market=["coral", "coral", "relic"] + ["seagrass"] * 6, pearls=[9, 2])
    bought = GAME.apply(state, GAME.parse_action(state, "buy col 2"))
    assert bought.phase == "plant"
    text = GAME.render_text(bought, 0)
    assert "col 2: empty" in text and "col 2: 0" not in text
    assert "col 1: 3" in text and "row 1: 4" in text
    row = GAME.apply(state, GAME.parse_action(state, "buy row 1"))
    assert "row 1: empty" in GAME.render_text(row, None)


# --- second audit (rulebook sentence by sentence): wording that now says what the engine does --


def _summary_words() -> str:
    """The rules summary with its line breaks folded, as a reader takes it in."""
    from gardens_tui.rules.octopus_garden.summary import SUMMARY

    return " ".join(SUMMARY.split())


def test_summary_says_the_coconut_octopus_may_leave_a_neighbour_unpushed() -> None:
    """Rule (coconut octopus: "may move all the tokens adjacent to it ... one space in any
    direction"): ``done`` ends the push step with spaces still waiting, so the summary must not
    say it pushes every neighbouring space."""
    state = make_position(
        options={"coconut-octopus": True},
        gardens={0: {"c3": "coconut", "b2": "anemone", "c4": "coral"}},
        phase="animals",
    )
    pushing = GAME.apply(state, GAME.parse_action(state, "coconut c3"))
    assert pushing.phase == "push" and len(pushing.pushes) == 2
    stopped = GAME.apply(pushing, GAME.parse_action(pushing, "done"))
    assert stopped.phase != "push"
    assert stopped.gardens[0][11] == (COCONUT_USED,)  # c3: flipped, its push is spent
    words = _summary_words()
    assert "pushes every neighbouring space" not in words
    assert "may push each neighbouring space" in words
    assert "(any of them may stay where it is)" in words


def test_summary_says_the_empty_bag_stall_count_includes_earlier_rounds() -> None:
    """Rule (our stall stop, option ``stall-stop``): with the bag empty, two full rounds without
    a purchase trigger the end, counting rounds played before the bag emptied. A lionfish's gap
    can take the last token: the next pass then triggers the end after one turn with an empty
    bag, so the summary must not say "two full rounds while the bag is empty"."""
    start = make_position(options={"lionfish": True}, market=["coral"] * 9)
    bag = dict(GAME.to_dict(start)["bag"])
    bag["lionfish"] -= 1
    out = dict(bag)
    out["relic"] -= 1
    state = make_position(
        options={"lionfish": True},
        market=["coral"] * 9,
        gardens={0: {"a1": "lionfish"}},
        pearls=[5, 5],
        out=out,
        bag={"relic": 1},
        idle_turns=3,
        phase="lionfish",
    )
    for text in ("lionfish m1", "pass m2"):
        state = GAME.apply(state, GAME.parse_action(state, text))
    assert sum(state.bag) == 0 and state.end_by == -1  # the refill took the last token
    state = GAME.apply(state, GAME.parse_action(state, "pass m2"))
    assert state.end_by == 1
    words = _summary_words()
    assert "two full rounds while the bag is empty" not in words
    assert "when the bag is empty and nobody has bought for at least two full rounds" in words
    option = next(o for o in GAME.spec.options if o.key == "stall-stop")
    assert "trigger the end" in option.description


def test_a_garden_full_for_a_moment_in_the_animal_phase_triggers_the_end() -> None:
    """Rule (The End of the Game: "no empty spaces remaining (... or after they move their
    animals)"), our reading: the moment the garden is full counts, within the animal phase
    too, so the order of the moves matters; the summary says so."""
    row = {
        f"{r}{i}": "seagrass" for r, n in (("a", 4), ("b", 5), ("c", 6)) for i in range(1, n + 1)
    }
    garden = {**row, "d1": "seagrass", "d2": "seagrass", "d3": "seagrass"}
    garden.update(
        {"d4": "anemone crab", "e1": "star", "e2": "oyster", "e4": "trash", "d5": "trash"}
    )
    state = make_position(gardens={0: garden}, phase="animals")  # e3: the one empty space
    orders = (["move crab d4 e3", "move star e1 e2"], ["move star e1 e2", "move crab d4 e3"])
    ends = []
    for order in orders:
        after = state
        for text in order:
            after = GAME.apply(after, GAME.parse_action(after, text))
        ends.append(after.end_by)
    assert ends == [0, -1]  # the crab filled e3 before the star emptied e2: triggered
    assert "the order you move your animals in can matter" in _summary_words()


def test_a_boxer_crab_bought_with_an_anemone_waits_for_it() -> None:
    """Rule (Boxer crab module: "must be placed on top of an anemone in their garden"; it goes
    back to the bag only if they "do not have an anemone ... before the refill"), rules version
    2: while an anemone bought with it can still be planted, the boxer crab cannot go back;
    once the anemone is planted, the boxer rides it. Version 1 games offered the return."""
    state = make_position(options={"boxer-crab": True}, hand=["anemone", "boxer"], phase="plant")
    assert state.rules == 2
    legal = GAME.legal_actions(state)
    assert ("return", "boxer") not in legal
    refused(
        state,
        "return boxer",
        "the anemone you bought with it will host the boxer crab: plant the anemone first, "
        "then the boxer crab on it (rule: boxer crab)",
    )
    planted = GAME.apply(state, GAME.parse_action(state, "plant anemone c3"))
    assert [GAME.format_action(a) for a in GAME.legal_actions(planted)] == ["plant boxer c3"]
    old = make_position(options={"boxer-crab": True}, hand=["anemone", "boxer"], phase="plant")
    old.rules = 1
    assert ("return", "boxer") in GAME.legal_actions(old)


def test_the_step_to_version_2_marks_octopus_files_as_version_1_games() -> None:
    """Saves: a version 1 file's positions are marked as version 1 games, so they replay as
    they were played."""
    from gardens_tui.rules.octopus_garden.migrations import to_version_2

    data = GAME.to_dict(GAME.new_game(["Ann", "Bob"], {}, 3))
    del data["rules"]  # version 1 did not write it
    assert to_version_2({"state": data})["state"]["rules"] == 1
