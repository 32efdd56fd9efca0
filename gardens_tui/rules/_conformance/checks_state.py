"""Checks on one real position: serialisation, copies, the common fields, the game's invariants,
components, scores, the end of the game, texts and the bots' heuristic.

Each function looks at one property and raises :class:`~.report.ConformanceError` naming it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gardens_tui.rules._conformance.checks_actions import check_illegal_refused
from gardens_tui.rules._conformance.report import fail, first_difference, short
from gardens_tui.rules.base import Action, Game, GameState, Scores

TRANSIENT = ("events", "chance")
"""Fields describing the ``apply`` that made a state; ``copy()`` may reset them, since the only
copies the rules make are the ones ``apply`` fills in afresh."""


def check_roundtrip(game: Game[Any], state: GameState) -> tuple[dict[str, Any], str, GameState]:
    """``to_dict`` is JSON-safe and ``from_dict`` restores it exactly.

    Returns ``(data, text, restored)``: the state's dict, its JSON text and the restored state,
    so a caller can play on from ``restored`` and reuse ``data`` as the reference form.
    """
    data = game.to_dict(state)
    if not isinstance(data, dict):
        raise fail("round trip", f"to_dict returned a {type(data).__name__}, not a dict")
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise fail("round trip", f"to_dict is not JSON-safe: {exc}") from exc
    loaded = json.loads(text)
    if loaded != data:
        raise fail(
            "round trip",
            "to_dict changes through JSON (tuples, non-string keys or floats?): "
            + first_difference(data, loaded),
        )
    restored = game.from_dict(loaded)
    again = game.to_dict(restored)
    if again != data:
        raise fail("round trip", "from_dict(to_dict(s)) differs: " + first_difference(data, again))
    if type(restored) is not type(state):
        raise fail(
            "round trip",
            f"from_dict built a {type(restored).__name__}, not a {type(state).__name__}",
        )
    return data, text, restored


def check_copy(game: Game[Any], state: GameState, data: Mapping[str, Any]) -> None:
    """``state.copy()`` is a different object with the same ``to_dict`` (except events/chance)."""
    twin = state.copy()
    if twin is state:
        raise fail("copy", "copy() returned the same object")
    if type(twin) is not type(state):
        raise fail("copy", f"copy() built a {type(twin).__name__}, not a {type(state).__name__}")
    twin_data = game.to_dict(twin)
    data = {k: v for k, v in data.items() if k not in TRANSIENT}
    twin_data = {k: v for k, v in twin_data.items() if k not in TRANSIENT}
    if twin_data != data:
        raise fail("copy", "copy() differs from the original: " + first_difference(data, twin_data))


def check_state_basics(game: Game[Any], state: GameState) -> None:
    """The common fields are sane and ``decision``, ``current_player`` and ``is_over`` agree.

    The number of seats is one of ``spec.counts`` (which need not be a range).
    """
    n = state.num_players
    if n not in game.spec.counts:
        raise fail("state", f"{n} players is not one of {game.spec.describe_counts()}")
    if state.hidden:
        raise fail("state", "a real position (not a view) has hidden=True")
    if not 0 <= state.active < n:
        raise fail("state", f"active seat {state.active} is not a seat")
    if not isinstance(state.events, tuple) or not all(isinstance(e, str) for e in state.events):
        raise fail("events", f"events must be a tuple of strings, got {short(state.events)}")
    decision = state.decision
    if state.is_over != (decision is None):
        raise fail("decision", f"is_over is {state.is_over} but the decision is {short(decision)}")
    if decision is None:
        if state.current_player is not None:
            raise fail("decision", "the game is over but current_player is not None")
        return
    if state.current_player != decision.seat:
        raise fail(
            "decision",
            f"current_player {state.current_player} differs from decision.seat {decision.seat}",
        )
    if not 0 <= decision.seat < n:
        raise fail("decision", f"decision.seat {decision.seat} is not a seat")
    if not isinstance(decision.kind, str) or not decision.kind:
        raise fail("decision", f"decision.kind must be a non-empty string: {decision.kind!r}")
    if not isinstance(decision.prompt, str) or not decision.prompt.strip():
        raise fail("decision", f"decision.prompt must be a non-empty string: {decision.prompt!r}")
    if "\n" in decision.prompt:
        raise fail("decision", f"decision.prompt must be one line: {decision.prompt!r}")


def check_invariants(game: Game[Any], state: GameState) -> None:
    """``state``, a position reached by play, keeps every invariant of the game
    (:meth:`~gardens_tui.rules.base.Game.check_invariants`): a real game is never refused by
    the save loader, which checks them on positions written by hand."""
    try:
        game.check_invariants(state)
    except ValueError as exc:
        raise fail("invariants", f"a position reached by play breaks an invariant: {exc}") from exc


def check_components(game: Game[Any], state: GameState, baseline: Mapping[str, int]) -> None:
    """``component_counts(state)`` equals ``baseline`` (the counts at the start of the game)."""
    counts = game.component_counts(state)
    if counts != baseline:
        changed = sorted(k for k in set(counts) | set(baseline) if counts.get(k) != baseline.get(k))
        details = ", ".join(f"{k}: {baseline.get(k)} -> {counts.get(k)}" for k in changed)
        raise fail("components conserved", details)


def check_score_table(
    scores: Scores, num_players: int, categories: tuple[str, ...] | None, check: str = "scores"
) -> tuple[str, ...]:
    """``scores`` has one row of ints per seat, one per category, and the ``categories`` seen
    before (``None``: any). Raises under the name ``check``; returns the categories."""
    cats = scores.categories
    if not isinstance(cats, tuple) or not all(isinstance(c, str) and c for c in cats):
        raise fail(check, f"categories must be a tuple of names: {short(cats)}")
    if len(set(cats)) != len(cats):
        raise fail(check, f"a category is named twice: {cats}")
    if categories is not None and cats != categories:
        raise fail(check, f"the categories changed from {categories} to {cats}")
    if len(scores.table) != num_players:
        raise fail(check, f"{len(scores.table)} rows for {num_players} seats")
    for seat, row in enumerate(scores.table):
        if len(row) != len(cats) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in row
        ):
            raise fail(check, f"seat {seat}'s row {row} does not match the categories {cats}")
    return cats


def check_scores(
    game: Game[Any],
    state: GameState,
    categories: tuple[str, ...] | None = None,
    scores: Scores | None = None,
) -> tuple[str, ...]:
    """``scores`` has one row of ints per seat, one per category; categories never change.

    ``categories`` are the ones seen earlier in the same game (``None`` at the start);
    ``scores`` is ``game.scores(state)`` if the caller has it already. The table is final
    exactly when the game is over. Returns the categories.
    """
    scores = game.scores(state) if scores is None else scores
    cats = check_score_table(scores, state.num_players, categories)
    if scores.final != state.is_over:
        raise fail("scores", f"scores.final is {scores.final} while is_over is {state.is_over}")
    return cats


def check_terminal(game: Game[Any], state: GameState, pool: Sequence[Action]) -> None:
    """At the end: no decision, no actions, final scores, a non-empty list of distinct winners,
    and every action is refused."""
    if not state.is_over or state.current_player is not None:
        raise fail("end", "check_terminal called on a game that is not over")
    outcome = game.winners(state)
    winners = outcome.winners
    if not isinstance(winners, tuple) or not winners:
        raise fail("winners", f"winners() must name at least one seat at the end: {outcome!r}")
    if len(set(winners)) != len(winners) or not all(
        isinstance(w, int) and 0 <= w < state.num_players for w in winners
    ):
        raise fail("winners", f"winners must be distinct seats: {winners!r}")
    if outcome.tiebreak is not None and not (
        isinstance(outcome.tiebreak, str) and outcome.tiebreak.strip()
    ):
        raise fail("winners", f"a tie-break must be a sentence or None: {outcome.tiebreak!r}")
    data = game.to_dict(state)
    check_illegal_refused(game, state, data, (), pool)


def check_texts(
    game: Game[Any],
    state: GameState,
    actions: Sequence[Action],
    seats: Iterable[int | None] | None = None,
) -> dict[int | None, str]:
    """``render_text`` for each of ``seats`` (default: every seat and the spectator),
    ``describe_action`` and ``notation_help`` return strings. Returns each seat's
    ``render_text`` (``None``: the spectator's)."""
    texts: dict[int | None, str] = {}
    for seat in (None, *range(state.num_players)) if seats is None else seats:
        text = game.render_text(state, seat)
        if not isinstance(text, str) or not text.strip():
            raise fail("render_text", f"render_text for seat {seat} gave {short(text)}")
        texts[seat] = text
    for action in actions:
        described = game.describe_action(state, action)
        if not isinstance(described, str) or not described.strip():
            raise fail("describe_action", f"describe_action({action!r}) gave {described!r}")
    if not isinstance(game.notation_help(), str):
        raise fail("notation_help", "notation_help() must return a string")
    return texts


def is_finite_number(value: Any) -> bool:
    """Whether ``value`` is an int or float that is neither NaN nor infinite (bools are not)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def check_evaluate(game: Game[Any], state: GameState, seats: Iterable[int] | None = None) -> None:
    """``evaluate`` (the greedy bot's heuristic) gives a finite number for each of ``seats``
    (default: every seat)."""
    for seat in range(state.num_players) if seats is None else seats:
        value = game.evaluate(state, seat)
        if not is_finite_number(value):
            raise fail("evaluate", f"evaluate(state, {seat}) gave {value!r}")
