"""A lesson played line by line (``gardens learn``, :mod:`gardens_tui.plain.learn`), on a lesson
of the tests' toy game ("Pearl Dive"): the tip before the moves with its idea's number and the
suggested move's number, the feedback for another move, the closing, and a lesson kept and
taken up again."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, ClassVar

import pytest
from toy_game import TOY

from gardens_tui.lessons.base import LessonRun
from gardens_tui.lessons.kept import open_run
from gardens_tui.plain.console import Console, Inbox
from gardens_tui.plain.learn import PlainLesson
from gardens_tui.rules.base import Action, Game, GameState
from gardens_tui.rules.lesson import PERSON, Lesson, Rule, Tip


class ToyLesson(Lesson):
    """Play your highest card (rule ``play``), then that the game ends when the cards run out
    (rule ``end``); the lesson is over once both are taught and three cards were played."""

    game_id = "toy"
    title = "Learn Pearl Dive"
    rules: ClassVar[tuple[Rule, ...]] = (
        Rule("play", "Playing a card"),
        Rule("end", "The end of the game"),
    )
    seed = 3
    options: ClassVar[dict[str, Any]] = {"snap": False}
    intro = ("Score the most points by playing cards.",)

    def tip(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> Tip | None:
        plays = [a for a in game.legal_actions(view) if a[0] == "play"]
        if not plays:
            return None
        best = max(plays, key=lambda a: a[1])
        rule = "end" if "play" in taught else "play"
        if rule == "end" and "end" in taught:
            return None
        text = (
            f"Play your {best[1]}: a card scores its value."
            if rule == "play"
            else f"The game ends when nobody holds a card; the deck holds {len(view.deck)}."  # type: ignore[attr-defined]
        )
        numbers = {"value": best[1]} if rule == "play" else {"deck": len(view.deck)}  # type: ignore[attr-defined]
        return Tip(rule, text, places=(f"card {best[1]}",), suggests=best, numbers=numbers)

    def feedback(self, game: Game[Any], view: GameState, played: Action, tip: Tip) -> str:
        return f"{game.format_action(played)} scores less than {game.format_action(tip.suggests)}."  # type: ignore[arg-type]

    def finished(self, game: Game[Any], view: GameState, taught: frozenset[str]) -> bool:
        return len(taught) == 2 and len(view.scored[PERSON]) >= 3  # type: ignore[attr-defined]

    def closing(self, game: Game[Any], view: GameState) -> list[str]:
        return [f"You scored {game.scores(view).totals()[PERSON]} points."]

    def places(self, game: Game[Any], view: GameState) -> frozenset[str]:
        return frozenset(f"card {value}" for value in view.hands[PERSON] if value)  # type: ignore[attr-defined]


LESSON = ToyLesson()


@pytest.fixture(autouse=True)
def _toy(toy_registered: None) -> None:
    """The toy game is registered for every test here."""


def transcript(run: LessonRun, lines: str, path: Path) -> tuple[str, PlainLesson]:
    """Play ``run`` in the plain mode with ``lines`` typed; what it printed."""
    out = io.StringIO()
    inbox = Inbox()
    inbox.read_from(io.BytesIO(lines.encode()))
    plain = PlainLesson(run, Console(out), inbox, path)
    plain.start(False)
    plain.game.run(catch_up=True)
    return out.getvalue(), plain


def test_a_tip_comes_before_the_moves_with_the_suggested_number(tmp_path: Path) -> None:
    """Rule (issue 32: one idea at a time, the suggested move asked for): the first decision
    says which idea of how many, the idea, what it points at and the suggested move with its
    number in the list; taking it, the lesson goes on to the next idea, and ends with the
    closing."""
    run = LessonRun(LESSON)
    first = run.tip()
    assert first is not None and first.suggests is not None
    out, _ = transcript(run, "\n".join(["1"] * 40) + "\n", tmp_path / "toy.json")
    assert "Lesson, idea 1 of 2: Playing a card." in out
    moves = TOY.legal_actions(TOY.view(run.table.states[0], PERSON))
    number = moves.index(first.suggests) + 1
    assert f"Suggested: move {number}, {TOY.format_action(first.suggests)}." in out
    assert out.index("Lesson, idea 1") < out.index("Your moves")
    assert "Lesson, idea 2 of 2: The end of the game." in out
    assert "The lesson is over." in out and "You scored" in out


def test_another_move_gets_the_lessons_feedback(tmp_path: Path) -> None:
    """Rule (issue 32: any legal move is allowed; the lesson says why another was better): a
    move other than the suggested one is played, after the lesson's line about it."""
    run = LessonRun(LESSON)
    tip = run.tip()
    assert tip is not None
    moves = TOY.legal_actions(run.view())
    other = next(i for i, move in enumerate(moves, start=1) if move != tip.suggests)
    out, _ = transcript(run, f"{other}\nquit\n", tmp_path / "toy.json")
    played = TOY.format_action(moves[other - 1])
    assert f"{played} scores less than {TOY.format_action(tip.suggests)}." in out  # type: ignore[arg-type]
    assert run.table.actions[0] == moves[other - 1]


def test_a_lesson_left_is_taken_up_where_it_was(tmp_path: Path) -> None:
    """Rule (issue 32: resumable, skippable): ``quit`` keeps the lesson in its file; opened
    again it goes on from the same position with what was taught already, and ``--restart``
    starts it over."""
    path = tmp_path / "toy.json"
    run = LessonRun(LESSON)
    out, _ = transcript(run, "1\nquit\n", path)
    assert "Your lesson is kept" in out and path.exists()
    again, resumed = open_run(LESSON, path, restart=False)
    assert resumed and again.table.actions == run.table.actions
    assert again.taught == {"play"}  # the decision in hand shows its tip again when asked
    assert again.tip() == run.tip() and again.taught == run.taught == {"play", "end"}
    fresh, resumed = open_run(LESSON, path, restart=True)
    assert not resumed and not fresh.table.actions


def test_a_position_changed_under_the_lesson_gets_its_own_tip() -> None:
    """Rule (the lesson adapts): when the history changes under the lesson (an undo, then
    another move), the tip at a position already seen is worked out again for the position
    now there, never the old one's."""
    run = LessonRun(LESSON)
    first = run.tip()
    assert first is not None and first.suggests is not None
    run.table.apply(first.suggests, seat=PERSON)
    run.play_bots()
    kept = run.tip()
    assert kept is not None
    other = next(
        a for a in TOY.legal_actions(TOY.view(run.table.states[0], PERSON)) if a != first.suggests
    )
    run.table.follow(0, [TOY.format_action(other)])
    run.play_bots()
    assert run.table.state.current_player == PERSON
    assert run.tip() != kept  # both ideas are taught now: nothing new to say here
