"""Seabed Neighbours' guided first game (issue 32): played with the suggested moves and with
random legal moves; every rule taught, every tip's numbers and places checked against the
position with the engine (features read afresh with :func:`~.seascape.feature_at`, moves
applied with the game), the closing's numbers equal to the engine's scores."""

from __future__ import annotations

import re

import pytest
from lesson_checks import (
    Shown,
    all_runs,
    followed,
    person_decisions,
    randomly,
    tips_for,
)

from gardens_tui.lessons import lesson_for
from gardens_tui.lessons.base import LessonRun
from gardens_tui.rules.lesson import PERSON
from gardens_tui.rules.seabed import GAME
from gardens_tui.rules.seabed.evaluate import team_estimates
from gardens_tui.rules.seabed.lesson import LESSON, RULES
from gardens_tui.rules.seabed.seascape import (
    FeatureInfo,
    area_named,
    feature_at,
    find,
    seabed_value,
)
from gardens_tui.rules.seabed.state import CATEGORIES, SeabedState
from gardens_tui.rules.seabed.tiles import MAX_AREAS, SEA, TYPES

RANDOM_SEEDS = (0, 1, 2, 3)

# The rulebook's numbers, typed here on purpose: the lesson takes them from the engine.
FLAGS, PALACES = 5, 3
MANTA, STAR, CRAB = 3, 2, 1
REEF_TILE, ANEMONE = 2, 3


def _tips(rule: str) -> list[Shown]:
    return tips_for(LESSON, RANDOM_SEEDS, rule)


def _view(shown: Shown) -> SeabedState:
    assert isinstance(shown.view, SeabedState)
    return shown.view


def _piece(view: SeabedState, text: str) -> tuple[tuple[object, ...], FeatureInfo] | None:
    """The flag or palace a tip's text opens with, and the feature it names."""
    named = re.match(r"((?:flag|palace) -?\d+,-?\d+ [a-z-]+) would", text)
    if named is None:
        return None
    action = GAME.parse_action(view, named.group(1))
    cell = (action[1], action[2])
    area = area_named(view, cell, action[3])
    assert area is not None
    return action, feature_at(view, cell, area)


def test_lesson_is_found_and_lists_the_core_rules() -> None:
    """The registry finds the lesson; three seats (the fewest), table talk (propose and veto is
    an option), gentle bots; the rules cover placing, flags, teams, both scorings in play, the
    final scoring, magic clams, the end and the winner rule."""
    assert lesson_for("seabed-neighbours") is LESSON
    ids = [rule.id for rule in RULES]
    assert len(ids) == len(set(ids)) == 12
    assert LESSON.opponents == ("random", "random")
    assert LESSON.options == {"negotiation": "table-talk"}


def test_follow_run_plays_a_whole_game_and_teaches_every_rule() -> None:
    """Every rule is taught with the suggested moves; the lesson is a whole game (final scoring
    in the closing) of 15-40 of the person's decisions, at most one tip each."""
    done = followed(LESSON)
    assert done.run.untaught() == []
    assert done.run.table.state.is_over
    assert 15 <= person_decisions(done) <= 40
    assert len(done.tips) <= person_decisions(done)


@pytest.mark.parametrize("seed", RANDOM_SEEDS)
def test_random_runs_teach_every_rule(seed: int) -> None:
    """A person playing random legal moves meets every rule too. A whole game with random moves
    may ask a few more decisions (more clam tiles, whirlpools): at most 45."""
    done = randomly(LESSON, seed)
    assert done.run.untaught() == []
    assert done.run.table.state.is_over
    assert 15 <= person_decisions(done) <= 45
    assert all(line.strip() for line in done.feedback)


def test_places_are_real_cells_and_hand_tiles() -> None:
    """Every highlighted place is a placed tile's cell or a free place (``x,y`` as the text
    board and the notation write it) or a tile of the hand; the suggested move is legal and
    its cell highlighted."""
    for done in all_runs(LESSON, RANDOM_SEEDS):
        for shown in done.tips:
            view = _view(shown)
            for place in shown.tip.places:
                if place.startswith("tile "):
                    assert 1 <= int(place[5:]) <= len(view.choosable())
                else:
                    x, y = (int(v) for v in place.split(","))
                    assert (x, y) in view.board or (x, y) in view.need, place
            suggests = shown.tip.suggests
            assert suggests is not None and suggests in GAME.legal_actions(view)
            if suggests[0] == "place":
                assert f"{suggests[2]},{suggests[3]}" in shown.tip.places


def test_place_flag_turn_teams_numbers() -> None:
    """Rules place, flag, turn, teams: the free places the tile fits, the team's supply and the
    flag step's tiles, the tiles drawn, both teams' piles: all the engine's."""
    for shown in _tips("place"):
        view = _view(shown)
        cells = {(a[2], a[3]) for a in GAME.legal_actions(view) if a[0] == "place"}
        assert shown.tip.numbers == {"places": len(cells), "turns": 4}
    for shown in _tips("flag"):
        view = _view(shown)
        if "flags" in shown.tip.numbers:
            assert view.phase == "flag"
            assert shown.tip.numbers["flags"] == view.supply[view.team][0]
            assert shown.tip.numbers["palaces"] == view.supply[view.team][1]
            for cell in view.flag_cells:
                assert f"{cell[0]},{cell[1]}" in shown.tip.places
    for shown in _tips("turn"):
        assert shown.tip.numbers == {"drawn": len(_view(shown).hand), "last": 1}
    assert _tips("teams")
    for shown in _tips("teams"):
        view = _view(shown)
        a, b = view.teams_of(PERSON)
        first, second = sum(view.piles[a]), sum(view.piles[b])
        assert shown.tip.numbers == {
            "flags": FLAGS,
            "palaces": PALACES,
            "first": first,
            "second": second,
            "total": first + second,
        }


def test_completions_are_the_engines() -> None:
    """Rules streak, reef, clam: a placement said to complete a feature does, per the game: after
    applying it, the feature through the new tile is complete with the tiles, fish and points
    the tip states (1 per tile and fish; 2 per reef tile, 3 per anemone group)."""
    checked = 0
    for rule in ("streak", "reef", "clam"):
        for shown in _tips(rule):
            if "completes" not in shown.tip.text:
                continue
            view = _view(shown)
            suggests = shown.tip.suggests
            assert suggests is not None and suggests[0] == "place"
            after = GAME.apply(view, suggests)
            cell = (suggests[2], suggests[3])
            kind = TYPES[after.board[cell] >> 2]
            found = [
                info
                for area in range(len(kind.areas))
                if (info := feature_at(after, cell, area)).complete
            ]
            numbers = shown.tip.numbers
            match = []
            for info in found:
                tiles = len(info.tiles)
                points = (
                    tiles + info.fish
                    if info.kind == "streak"
                    else (REEF_TILE * tiles + ANEMONE * info.anemones)
                )
                if points == numbers["points"] and numbers.get("tiles", tiles) == tiles:
                    match.append(info)
            assert match, (shown.tip.text, found)
            if "fish" in numbers:
                assert any(info.fish == numbers["fish"] for info in match)
            checked += 1
    assert checked


def test_flag_step_examples_read_the_feature() -> None:
    """Rules seabed, palace, streak, reef at the flag step: the seabed area's animals and value
    (manta 3, starfish 2, crab 1, bottles cancel crabs), the seaweed system's fish, an open
    feature's tiles and fish, read afresh from the engine."""
    checked = 0
    for rule in ("seabed", "palace", "streak", "reef"):
        for shown in _tips(rule):
            view = _view(shown)
            found = _piece(view, shown.tip.text)
            if found is None:
                continue
            action, info = found
            assert action in GAME.legal_actions(view)
            numbers = shown.tip.numbers
            if rule == "seabed":
                assert info.kind == SEA
                value = seabed_value(view, info.id)
                assert numbers["value"] == value
                assert (numbers["manta"], numbers["star"], numbers["crab"]) == (
                    info.manta,
                    info.star,
                    info.crab,
                )
                assert numbers["bottle"] == info.bottle
                plain = MANTA * info.manta + STAR * info.star + max(0, info.crab - info.bottle)
                assert value == plain or (info.bottle and value >= plain)
            elif rule == "palace":
                assert numbers["fish"] == info.system_fish
            else:
                assert numbers["tiles"] == len(info.tiles) and not info.complete
                if rule == "streak":
                    assert numbers["points"] == len(info.tiles) + info.fish
                else:
                    assert (
                        numbers["points"] == REEF_TILE * len(info.tiles) + ANEMONE * info.anemones
                    )
            checked += 1
    assert checked


def test_majority_clam_end_winner_numbers() -> None:
    """Rules majority, clam, end, winner: the teams on a shared feature and the most flags, the
    clam tiles on the seascape, the regular tiles left and the flags that would go home, the
    leading team's points."""
    for shown in _tips("majority"):
        view = _view(shown)
        if "teams" in shown.tip.numbers:
            counts = [f.flags for f in view.feats.values() if sum(1 for c in f.flags if c) >= 2]
            assert counts
            flags = counts[0]
            assert shown.tip.numbers == {"teams": sum(1 for c in flags if c), "most": max(flags)}
    for shown in _tips("clam"):
        view = _view(shown)
        if "clams" in shown.tip.numbers:
            clams = sum(
                1 for code in view.board.values() if any(a.clams for a in TYPES[code >> 2].areas)
            )
            assert shown.tip.numbers["clams"] == clams
        if "flags" in shown.tip.numbers:
            assert view.phase == "whirlpool"
            assert shown.tip.numbers["flags"] == len(GAME.legal_actions(view))
    assert _tips("end")
    for shown in _tips("end"):
        view = _view(shown)
        mine = view.teams_of(PERSON)
        stuck = [
            node
            for team, node, what in view.flags
            if what == "flag" and team in mine and view.feats[find(view.parent, node)].kind != SEA
        ]
        assert shown.tip.numbers == {"left": len(view.pile), "open": len(stuck)}
    for shown in _tips("winner"):
        view = _view(shown)
        assert shown.tip.numbers == {"best": max(sum(p) for p in view.piles)}


def test_closing_numbers_are_the_engine_scores() -> None:
    """The closing states the person's total and each category, both teams' piles, a seabed
    flag's value and the best team's points, all the engine's."""
    for done in all_runs(LESSON, RANDOM_SEEDS):
        view = done.run.view()
        assert isinstance(view, SeabedState)
        scores = GAME.scores(view)
        text = " ".join(done.closing)
        total = re.search(r"Your score: (\d+) \(", text)
        assert total is not None and int(total.group(1)) == scores.total(PERSON)
        for name, points in scores.by_category(PERSON).items():
            assert f"{name} {points}" in text
        assert set(CATEGORIES) == set(scores.by_category(PERSON))
        a, b = view.teams_of(PERSON)
        for team in (a, b):
            assert f"{view.team_name(team)} {sum(view.piles[team])}" in text
        flag = re.search(r"seabed flag at (-?\d+),(-?\d+) \(([^)]*)\) counts .*?: (\d+)\.", text)
        if flag is not None:
            cell = (int(flag.group(1)), int(flag.group(2)))
            nodes = [
                node
                for team, node, what in view.flags
                if what == "flag" and view.cells[node // MAX_AREAS] == cell
            ]
            assert nodes
            assert int(flag.group(4)) == seabed_value(view, find(view.parent, nodes[0]))
        if view.is_over:
            best = re.search(r"scored most \((\d+)\)", text)
            assert best is not None and int(best.group(1)) == max(t.points for t in scores.teams)
            for winner in GAME.winners(view).winners:
                assert view.players[winner] in text


def test_feedback_numbers_are_the_engines() -> None:
    """Feedback after another move: when it says the suggestion completes more for the
    person's teams, the points are those the game scores for them after each move."""
    checked = 0
    for seed in RANDOM_SEEDS:
        done = randomly(LESSON, seed)
        table = done.run.table
        for shown in done.tips:
            suggests = shown.tip.suggests
            played = table.actions[shown.index]
            if suggests is None or played == suggests:
                continue
            view = _view(shown)
            line = LESSON.feedback(GAME, view, played, shown.tip)
            assert line.strip()
            worth = re.search(r"worth (\d+) for your teams now, .* (\d+)\.$", line)
            if worth:
                assert int(worth.group(1)) == _scored_for_me(view, suggests)
                assert int(worth.group(2)) == _scored_for_me(view, played)
                checked += 1
            about = re.search(r"come to about (\d+) after it, (\d+) after", line)
            if about:
                assert int(about.group(1)) == _estimate(view, suggests)
                assert int(about.group(2)) == _estimate(view, played)
                checked += 1
    assert checked


def _estimate(view: SeabedState, action: tuple[object, ...]) -> int:
    """The game's estimate (the greedy bot's) of the person's two teams after ``action``."""
    after = GAME.apply(view, action)
    est = team_estimates(after)
    a, b = view.teams_of(PERSON)
    return round(est[a] + est[b])


def _scored_for_me(view: SeabedState, action: tuple[object, ...]) -> int:
    """What the person's teams score for features ``action`` completes (placing, then passing
    the flag step): their streak and reef points before and after."""
    a, b = view.teams_of(PERSON)
    before = sum(view.piles[t][c] for t in (a, b) for c in (0, 1))
    after = GAME.apply(view, action)
    if after.phase == "flag" and after.active == view.active:
        after = GAME.apply(after, ("pass",))
    # points are counted once per team: two teams of the person scoring both count twice
    return sum(after.piles[t][c] for t in (a, b) for c in (0, 1)) - before


def test_resume_works_out_the_same_taught_rules() -> None:
    """A lesson saved halfway resumes with the same rules taught."""
    done = followed(LESSON)
    resumed = LessonRun.resume(LESSON, done.run.table)
    assert resumed.taught == done.run.taught


def test_every_number_a_tip_states_is_listed() -> None:
    """No number in a tip's words escapes the checks: besides names (places x,y, turns r90,
    hand tiles, clam tiles c1..c16, Bot 2 / Bot 3, the notation's slots), every number the text
    states is one of the tip's listed numbers."""
    names = re.compile(
        r"(?:-?\d+,-?\d+|\br\d+\b|\btile [12]\b|\bc\d+\b|\bBot \d\b|\b(?:place|propose) [12]\b)"
    )
    for done in all_runs(LESSON, RANDOM_SEEDS):
        for shown in done.tips:
            tip = shown.tip
            words = names.sub("", tip.text)
            listed = {abs(n) for n in tip.numbers.values()}
            for number in re.findall(r"\d+", words):
                assert int(number) in listed, (tip.rule, number, tip.text)


def test_an_idea_the_suggestion_does_not_show_says_it_is_for_later() -> None:
    """A tip whose idea (a streak, a reef, a seabed flag...) the suggested move does not touch
    ends by saying so and naming the suggestion (a first-timer read "A completed coral reef"
    above a placement that completed none as a contradiction); a completion nobody holds a flag
    on says nobody scores it."""
    later = re.compile(r"Keep it in mind for later; here the game suggests (.+)\.$")
    seen = 0
    for done in all_runs(LESSON, RANDOM_SEEDS):
        for shown in done.tips:
            match = later.search(shown.tip.text)
            if match is not None:
                seen += 1
                assert shown.tip.suggests is not None
                assert match.group(1) == GAME.format_action(shown.tip.suggests)
            assert "nobody (no flag on it); the flags" not in shown.tip.text
    assert seen
