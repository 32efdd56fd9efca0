"""Tanuki in the Garden's guided first game (issue 32): played with the suggested moves and with
random legal moves; every rule taught, every tip's numbers and places checked against the
position with the engine (its previews worked out again here), the closing's numbers equal to
the engine's scores."""

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
from gardens_tui.rules.tanuki import GAME
from gardens_tui.rules.tanuki.components import (
    EDGES,
    FRONT,
    SIZE,
    edge_name,
    parse_edge,
    parse_square,
    square_name,
)
from gardens_tui.rules.tanuki.lesson import LESSON, RULES
from gardens_tui.rules.tanuki.preview import preview_lay, preview_steer
from gardens_tui.rules.tanuki.state import EDGE_BASE, TanukiState

RANDOM_SEEDS = (0, 1, 2, 3, 4)

# The rulebook's numbers, typed here on purpose: the lesson takes them from the engine.
TARGET = 15  # 2-3 players
HAND = 3
DISTRACT = 2
PASS_LOSS, LAND_LOSS, TOGETHER_LOSS = 1, 3, 2
CRASH_LOSS, LOOP_LOSS, CAUSE_BONUS = 5, 5, 2
OFF_ONE, OFF_BOTH = 1, 3


def _tips(rule: str) -> list[Shown]:
    return tips_for(LESSON, RANDOM_SEEDS, rule)


def _view(shown: Shown) -> TanukiState:
    assert isinstance(shown.view, TanukiState)
    return shown.view


def _manhattan(a: int, b: int) -> int:
    return abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)


def _my_walk(view: TanukiState, action: tuple[object, ...]):  # type: ignore[no-untyped-def]
    walks = [w for w in preview_lay(view, action).walks if w.seat == PERSON]
    return walks[0]


def _front(view: TanukiState) -> int:
    m = view.monks[PERSON]
    if m >= EDGE_BASE:
        return EDGES[m - EDGE_BASE][0]
    return FRONT[m][0]


def test_lesson_is_found_and_lists_the_core_rules() -> None:
    """The registry finds the lesson; its rules cover set-up, the turn, each symbol, the tanuki,
    crashes and loops, and the end (Garden Master is an expansion: not taught)."""
    assert lesson_for("tanuki-in-the-garden") is LESSON
    ids = [rule.id for rule in RULES]
    assert len(ids) == len(set(ids)) == 16
    assert LESSON.options == {"faster-game": False, "garden-master": False}
    assert LESSON.opponents == ("random",)
    target = GAME.new_game(("You", "Bot 2"), LESSON.options, LESSON.seed).target
    assert target == TARGET and f"{target} shiitake" in " ".join(LESSON.intro)


def test_follow_run_teaches_every_rule_in_a_first_game_length() -> None:
    """Every rule is taught with the suggested moves, and the lesson takes 15-40 of the
    person's decisions (5-10 minutes), at most one tip each."""
    done = followed(LESSON)
    assert done.run.untaught() == []
    assert 15 <= person_decisions(done) <= 40
    assert len(done.tips) <= person_decisions(done)


@pytest.mark.parametrize("seed", RANDOM_SEEDS)
def test_random_runs_teach_every_rule(seed: int) -> None:
    """A person playing random legal moves still meets every rule (a rule the position does not
    show is explained on the position when nothing else comes up), within 15-40 decisions."""
    done = randomly(LESSON, seed)
    assert done.run.untaught() == []
    assert 15 <= person_decisions(done) <= 40
    assert all(line.strip() for line in done.feedback)


def test_places_are_real_squares_edges_and_tiles_in_hand() -> None:
    """Every highlighted place is a square a1-f6, an edge space ``edge n1``..``edge w6`` (as the
    notation writes them) or a tile in the person's hand; a placed tile is highlighted."""
    for done in all_runs(LESSON, RANDOM_SEEDS):
        for shown in done.tips:
            view = _view(shown)
            for place in shown.tip.places:
                if place.startswith("edge "):
                    assert parse_edge(place[5:]) is not None, place
                elif place.startswith("t"):
                    assert int(place[1:]) - 1 in view.hands[PERSON], place
                else:
                    assert parse_square(place) is not None, place
            suggests = shown.tip.suggests
            if suggests is not None:
                assert suggests in GAME.legal_actions(view)
                if suggests[0] == "place":
                    assert f"t{suggests[1] + 1}" in shown.tip.places


def test_edge_tips_name_the_nearest_tanuki_distance() -> None:
    """Rule edge: the distance from the suggested edge's square to the nearest tanuki, and the
    number of free edge spaces when starting over, are the engine's."""
    shown_any = False
    for shown in _tips("edge"):
        view = _view(shown)
        suggests = shown.tip.suggests
        assert suggests is not None and suggests[0] == "edge"
        sq = EDGES[suggests[1]][0]
        on = [t for t in view.tanuki if t >= 0]
        if on:
            assert shown.tip.numbers["distance"] == min(_manhattan(t, sq) for t in on)
        if "free" in shown.tip.numbers:
            assert shown.tip.numbers["free"] == len(GAME.legal_actions(view))
        shown_any = True
    assert shown_any


def test_first_walk_points_at_the_square_beside_the_edge() -> None:
    """Rule first-walk: the monk stands on an edge space and the tile goes beside it."""
    for shown in _tips("first-walk"):
        view = _view(shown)
        assert view.monks[PERSON] >= EDGE_BASE
        edge, front = view.monks[PERSON] - EDGE_BASE, _front(view)
        assert f"edge {edge_name(edge)}" in shown.tip.places
        name = square_name(front)
        assert name in shown.tip.places and name in shown.tip.text


def test_draw_and_magari_numbers_are_the_hand() -> None:
    """Rules draw and magari: the tiles held are the person's hand, the hand is drawn back to
    3, and a suggested walk said to cross an ashi-magari does (no draw) per the preview."""
    for shown in _tips("draw"):
        view = _view(shown)
        assert shown.tip.numbers == {"held": len(view.hands[PERSON]), "hand": HAND}
    for shown in _tips("magari"):
        view = _view(shown)
        numbers = shown.tip.numbers
        if "held" in numbers:
            assert numbers["held"] == len(view.hands[PERSON])
        if "left" in numbers:
            assert shown.tip.suggests is not None
            assert numbers["left"] == len(view.hands[PERSON]) - 1
            assert not preview_lay(view, shown.tip.suggests).draws


def test_dice_tips_state_the_dice() -> None:
    """Rule tanuki-dice: the dice are the view's; a steer tip's distance is 1 on an odd other
    die, 2 on an even one, and its shiitake change is the engine's preview."""
    for shown in _tips("tanuki-dice"):
        view = _view(shown)
        numbers = shown.tip.numbers
        if "blue" in numbers:
            assert [numbers["blue"], numbers["gold"]] == view.dice
            # the board's large numbers, 5 you choose, 6 it stays; 1 on odd, 2 on even
            faces = ("north", "east", "south", "west", "choose", "stays")
            assert [numbers[face] for face in faces] == [1, 2, 3, 4, 5, 6]
            assert (numbers["odd"], numbers["even"]) == (1, 2)
        else:
            suggests = shown.tip.suggests
            assert suggests is not None and suggests[0] == "steer"
            i = suggests[1]
            assert view.dice[i] == numbers["face"] == 5
            assert numbers["other_die"] == view.dice[1 - i]
            assert numbers["distance"] == (1 if view.dice[1 - i] % 2 else 2)
            assert numbers["net"] == preview_steer(view, suggests).net(PERSON)


def test_symbol_tips_count_the_walk() -> None:
    """Rule symbols: the shiitake and dens of the suggested walk, as the engine previews it."""
    assert _tips("symbols")
    for shown in _tips("symbols"):
        view = _view(shown)
        suggests = shown.tip.suggests
        assert suggests is not None
        numbers = dict(shown.tip.numbers)
        if "shiitake" in numbers:
            walk = _my_walk(view, suggests)
            assert numbers == {
                "shiitake": walk.symbols,
                "dens": walk.dens,
                "net": walk.symbols - walk.dens,
                "each": 1,  # +1 a shiitake, -1 a den
            }
        else:
            assert numbers["net"] == preview_lay(view, suggests).net(PERSON)


def test_tanuki_tips_numbers() -> None:
    """Rules blocked, tanuki-off, tanuki-harm, together, stash: the price and the shiitake held,
    the rulebook's 1/3, the distance to the nearest tanuki, the stash on the named square."""
    for shown in _tips("blocked"):
        view = _view(shown)
        assert shown.tip.numbers["price"] == DISTRACT
        if "have" in shown.tip.numbers:
            assert shown.tip.numbers["have"] == view.shiitake[PERSON]
            assert _front(view) in view.tanuki
    for shown in _tips("tanuki-off"):
        assert shown.tip.numbers == {"one": OFF_ONE, "both": OFF_BOTH}
        suggests = shown.tip.suggests
        if suggests is not None and shown.tip.text.startswith("Send the"):
            out = preview_steer(_view(shown), suggests)
            assert any(m.ran_off for m in out.moves)
    for shown in _tips("tanuki-harm"):
        view = _view(shown)
        numbers = shown.tip.numbers
        assert numbers["pass"] == PASS_LOSS and numbers["land"] == LAND_LOSS
        if "distance" in numbers:
            here = view.monk_square(PERSON)
            near = min(_manhattan(t, here) for t in view.tanuki if t >= 0)
            assert numbers["distance"] == near
    for shown in _tips("together"):
        assert shown.tip.numbers == {"loss": TOGETHER_LOSS}
    for shown in _tips("stash"):
        view = _view(shown)
        if "stash" in shown.tip.numbers:
            piles = [sq for sq in range(36) if view.stash[sq]]
            assert shown.tip.numbers["stash"] == view.stash[piles[0]]


def test_crash_loop_and_winning_numbers() -> None:
    """Rules crash, loop, winning, others: 5 lost, 2 earned for others; a tile named as a loop
    or a crash is one per the preview; the shiitake held and the target are the engine's."""
    for rule in ("crash", "loop"):
        for shown in _tips(rule):
            view = _view(shown)
            assert shown.tip.numbers["loss"] == (CRASH_LOSS if rule == "crash" else LOOP_LOSS)
            if "bonus" in shown.tip.numbers:
                assert shown.tip.numbers["bonus"] == CAUSE_BONUS
            named = re.search(r"Careful: (place \S+ r\d+(?: end \d)?)", shown.tip.text)
            if named:
                action = GAME.parse_action(view, named.group(1))
                walk = _my_walk(view, action)
                assert walk.loop if rule == "loop" else walk.crash >= 0
                assert shown.tip.suggests is not None
                assert _my_walk(view, shown.tip.suggests).end >= 0
    for shown in _tips("winning"):
        view = _view(shown)
        numbers = shown.tip.numbers
        assert numbers["mine"] == view.shiitake[PERSON]
        assert numbers["theirs"] == max(view.shiitake[1:])
        assert numbers["target"] == view.target == TARGET
    for shown in _tips("others"):
        view = _view(shown)
        if "tiles" in shown.tip.numbers:
            assert shown.tip.numbers["tiles"] == len(view.hands[PERSON])


def test_closing_numbers_are_the_engine_scores() -> None:
    """The closing states the person's shiitake and cards, the rival's total and (game over)
    the winner's, all equal to the engine's scores."""
    for done in all_runs(LESSON, RANDOM_SEEDS):
        view = done.run.view()
        assert isinstance(view, TanukiState)
        scores = GAME.scores(view)
        text = "\n".join(done.closing)
        mine = re.search(r"Your score: (\d+) shiitake, and (\d+) for Garden Master", text)
        assert mine is not None
        assert [int(mine.group(1)), int(mine.group(2))] == list(scores.table[PERSON])
        rival = re.search(r"Bot 2 has (\d+) shiitake", text)
        assert rival is not None and int(rival.group(1)) == scores.total(1)
        if view.is_over:
            winner = GAME.winners(view).winners[0]
            said = re.search(r"won with (\d+)", text)
            assert said is not None and int(said.group(1)) == scores.total(winner)
        else:
            need = re.search(r"you need (\d+) more", text)
            assert need is not None
            assert int(need.group(1)) == max(0, TARGET - scores.table[PERSON][0])


def test_feedback_compares_by_the_previews() -> None:
    """Feedback after another move than the suggested one: when it says the suggestion gained
    more shiitake, both numbers are the engine's previews of the two moves."""
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
            better = re.search(r"was better: ([+-]?\d+) shiitake for you against ([+-]?\d+)", line)
            if better and played[0] in ("place", "enter", "pass"):
                assert int(better.group(1)) == _net(view, suggests)
                assert int(better.group(2)) == _net(view, played)
                checked += 1
    assert checked


def _net(view: TanukiState, action: tuple[object, ...]) -> int:
    if action[0] in ("place", "enter"):
        return preview_lay(view, action).net(PERSON)
    if action[0] == "steer":
        return preview_steer(view, action).net(PERSON)
    return 0


def test_resume_works_out_the_same_taught_rules() -> None:
    """A lesson saved halfway resumes with the same rules taught (tips are a function of the
    history)."""
    done = followed(LESSON)
    resumed = LessonRun.resume(LESSON, done.run.table)
    assert resumed.taught == done.run.taught


def test_every_number_a_tip_states_is_listed() -> None:
    """No number in a tip's words escapes the checks: besides names (squares a1..f6, edge
    spaces, tiles t1..t64, turns r90, the notation's end 1 / end 2, Bot 2), every number the
    text states is one of the tip's listed numbers."""
    names = re.compile(r"\b(?:[a-f][1-6]|edge [nesw][1-6]|t\d+|r\d+|end [12]|Bot \d)\b", re.I)
    for done in all_runs(LESSON, RANDOM_SEEDS):
        for shown in done.tips:
            tip = shown.tip
            words = names.sub("", tip.text)
            listed = {abs(n) for n in tip.numbers.values()}
            for number in re.findall(r"\d+", words):
                assert int(number) in listed, (tip.rule, number, tip.text)
