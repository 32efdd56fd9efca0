"""A review of one seat's game: the decisions that cost it the most, by the strong search.

For each real decision the seat made (not a forced step, not a skill roll), :func:`review_game`
looks at the position **as that seat saw it then** (``game.view(state, seat)``: never another
seat's hidden hand, never what was drawn later) and asks the search two questions:

1. which move is best here (:data:`FIND_BUDGET`, the whole decision searched), and, when that is
   not the move played,
2. how the move played compares with that one, head to head (:data:`COMPARE_BUDGET`, a second
   search whose first step is each of the two in turn: both values come from the same tree, so
   they are measured alike, and each move gets half the iterations however unlikely the first
   search found it).

A decision is a mistake when the best move's value is at least :data:`MIN_LOSS` above the
played move's; the :data:`MOST` largest are reported, largest first. A value is the search's
estimate of the seat's chance to win (0..1) from where it stood; the number of iterations that
went through each move says how sure that estimate is (:func:`sureness`).

Pure Python, deterministic when the budgets count iterations; a ``progress`` callback and a
``cancel`` event let a screen run it in the background and stop it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gardens_tui.bots.strong import SearchBudget, StrongBot
from gardens_tui.rules.base import Action, Game, GameState
from gardens_tui.table import Table, lone_action

FIND_BUDGET = SearchBudget(seconds=0.5)
"""The search for the best move at each decision."""

COMPARE_BUDGET = SearchBudget(seconds=0.25)
"""The head-to-head search of the move played against the best one."""

MOST = 5
"""The most mistakes a review reports."""

MIN_LOSS = 0.03
"""The least value (chance to win, 0..1) a move must lose against the best to count."""

Progress = Callable[[int, int], None]
"""Called with (decisions reviewed, decisions to review) after each one."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a decision as the review reports it: the action, its notation and what it
    does (in the game's words, on the seat's view), the search's value for it and the
    iterations that went through it."""

    action: Action
    notation: str
    words: str
    value: float
    visits: int


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision that cost the seat: at position ``index`` of the game (the replay viewer's
    position number, where the decision was made), in ``turn``, the seat's ``number``-th real
    decision, ``played`` where ``better`` was rated higher."""

    index: int
    turn: int
    number: int
    played: Move
    better: Move

    @property
    def loss(self) -> float:
        """How much chance to win the move played gave away, by the search's estimate."""
        return self.better.value - self.played.value


@dataclass(frozen=True, slots=True)
class Review:
    """A finished (or stopped) review of ``seat`` (named ``name``): ``decisions`` real decisions,
    ``reviewed`` of them looked at, the ``mistakes`` found (largest first, at most
    :data:`MOST`), how long it took and whether it was stopped early."""

    seat: int
    name: str
    decisions: int
    reviewed: int
    mistakes: tuple[Mistake, ...]
    seconds: float
    stopped: bool = False


def seat_decisions(table: Table, seat: int) -> list[int]:
    """The positions (indexes of ``table.states``) at which ``seat`` made a real decision: not
    a forced step (its only legal action), not a skill or chance roll."""
    game = table.game
    found = []
    for index, state in enumerate(table.states[: len(table.actions)]):
        decision = state.decision
        if decision is None or state.current_player != seat or decision.skill is not None:
            continue
        legal = game.legal_actions(game.view(state, seat))
        if lone_action(decision, legal) is None:
            found.append(index)
    return found


def sureness(move: Move, other: Move) -> str:
    """How sure the search is of comparing ``move`` with ``other``, in words, from the fewer
    iterations either got: ``sure`` (200 or more), ``fairly sure`` (50 or more), else ``a
    rough estimate``."""
    fewest = min(move.visits, other.visits)
    if fewest >= 200:
        return "sure"
    if fewest >= 50:
        return "fairly sure"
    return "a rough estimate"


def _move(game: Game[Any], view: GameState, action: Action, value: float, visits: int) -> Move:
    return Move(
        action, game.format_action(action), game.describe_action(view, action), value, visits
    )


def review_decision(
    game: Game[Any],
    view: GameState,
    played: Action,
    *,
    seed: int = 0,
    find: SearchBudget = FIND_BUDGET,
    compare: SearchBudget = COMPARE_BUDGET,
    cancel: threading.Event | None = None,
) -> tuple[Move, Move] | None:
    """``(played, better)`` as the search rates them on ``view`` (the deciding seat's view), or
    ``None`` when the search's best move is the one played."""
    found = StrongBot(seed, find, reuse=False).search(game, view, cancel=cancel)
    best = found.stats[0].action
    if best == played:
        return None
    duel = StrongBot(seed + 1, compare, reuse=False).search(
        game, view, cancel=cancel, among=(best, played), evenly=True
    )
    rated = {stats.action: stats for stats in duel.stats}
    mine, theirs = rated[played], rated[best]
    return (
        _move(game, view, played, mine.value, mine.visits),
        _move(game, view, best, theirs.value, theirs.visits),
    )


def review_game(
    table: Table,
    seat: int,
    *,
    seed: int = 0,
    find: SearchBudget = FIND_BUDGET,
    compare: SearchBudget = COMPARE_BUDGET,
    most: int = MOST,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> Review:
    """Review ``seat``'s decisions in ``table`` (see the module docstring). ``progress`` is
    called after each decision; ``cancel`` set (from any thread) stops the review after the
    search running then, with what was found so far (``stopped``)."""
    game = table.game
    started = time.monotonic()
    indexes = seat_decisions(table, seat)
    found: list[Mistake] = []
    reviewed = 0
    for number, index in enumerate(indexes, start=1):
        if cancel is not None and cancel.is_set():
            break
        state = table.states[index]
        view = game.view(state, seat)
        pair = review_decision(
            game,
            view,
            table.actions[index],
            seed=seed + index,
            find=find,
            compare=compare,
            cancel=cancel,
        )
        if cancel is not None and cancel.is_set():
            break  # a search cut short: its answer is not a finding
        reviewed += 1
        if pair is not None and pair[1].value - pair[0].value >= MIN_LOSS:
            found.append(Mistake(index, state.turn, number, pair[0], pair[1]))
        if progress is not None:
            progress(reviewed, len(indexes))
    found.sort(key=lambda mistake: (-mistake.loss, mistake.index))
    return Review(
        seat=seat,
        name=table.seats[seat].name,
        decisions=len(indexes),
        reviewed=reviewed,
        mistakes=tuple(found[:most]),
        seconds=time.monotonic() - started,
        stopped=reviewed < len(indexes),
    )


def _lower_first(words: str) -> str:
    """``words`` in the middle of a sentence: a capital first letter made small unless the
    second is a capital too (``Buy row 1`` reads ``buy row 1``; ``A19`` stays)."""
    if len(words) > 1 and words[0].isupper() and not words[1].isupper() and words[1].isalpha():
        return words[0].lower() + words[1:]
    return words


def _named(move: Move) -> str:
    """What ``move`` does, with its notation (what to type) when the words do not start with
    it already."""
    words = _lower_first(move.words)
    if move.words.startswith(move.notation):
        return words
    return f"{words} ({move.notation})"


def percent(value: float) -> str:
    """A value (0..1) as a whole percentage: ``48%``."""
    return f"{round(value * 100)}%"


def mistake_lines(mistake: Mistake) -> list[str]:
    """One mistake in plain words: the turn, the move played and the better one with what each
    does, their values and how sure the search is."""
    played, better = mistake.played, mistake.better
    return [
        f"Turn {mistake.turn} (decision {mistake.number}, position {mistake.index}): "
        f"you played {_lower_first(played.words)}.",
        f"  Better: {_named(better)}: about "
        f"{percent(better.value)} to win against {percent(played.value)}, "
        f"{sureness(played, better)} "
        f"({better.visits} and {played.visits} tries).",
    ]


def review_lines(review: Review) -> list[str]:
    """The whole review in plain words, for the command line and the plain mode."""
    head = (
        f"Review of {review.name}'s game: {review.reviewed} of {review.decisions} decisions "
        f"looked at in {review.seconds:.0f} s"
    )
    lines = [head + (" (stopped early)." if review.stopped else ".")]
    if not review.mistakes:
        lines.append(
            "No decision gave away as much as "
            f"{percent(MIN_LOSS)} of a chance to win, by the search's estimate."
        )
        return lines
    count = len(review.mistakes)
    lines.append(f"The {count} decision{'s' if count != 1 else ''} that cost the most:")
    for mistake in review.mistakes:
        lines.extend(mistake_lines(mistake))
    lines.append(
        "Values are the search's estimate of your chance to win from that position, seen "
        "as you saw it then; the tries say how sure it is."
    )
    return lines


def review_json(review: Review) -> dict[str, Any]:
    """The review as ``gardens review --json`` prints it (see README.md)."""

    def move(m: Move) -> dict[str, Any]:
        return {"action": m.notation, "description": m.words, "value": m.value, "visits": m.visits}

    return {
        "seat": review.seat,
        "name": review.name,
        "decisions": review.decisions,
        "reviewed": review.reviewed,
        "stopped": review.stopped,
        "seconds": round(review.seconds, 2),
        "mistakes": [
            {
                "position": m.index,
                "turn": m.turn,
                "decision": m.number,
                "loss": round(m.loss, 4),
                "sureness": sureness(m.played, m.better),
                "played": move(m.played),
                "better": move(m.better),
            }
            for m in review.mistakes
        ],
    }
