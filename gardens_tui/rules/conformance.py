"""The checks every game must pass: plain functions, usable from tests and from a script.

A game that passes them honours the contract in :mod:`gardens_tui.rules.base`. Each ``check_*``
function looks at one property of one position and raises :class:`ConformanceError` (an
``AssertionError``) naming the check when the game breaks it. :func:`play_checked` plays one
random game to the end and runs every check at every decision; :func:`playout_setups` spreads many
such games over the game's player counts and options. From a shell::

    python -m gardens_tui.rules.conformance                 # every registered game, 200 games each
    python -m gardens_tui.rules.conformance octopus-garden --games 50 --seed 7

prints one line per game and every failure with its seed, so it can be replayed alone.

What is checked at each decision (the costly checks are written to touch each position as few
times as possible, see :class:`Thoroughness`):

- nothing raises except :class:`~gardens_tui.rules.base.IllegalAction` for illegal actions;
- ``to_dict`` is JSON-safe and ``from_dict`` restores it exactly; the game plays on from the
  *restored* state, and replaying the action list from ``new_game`` on fresh objects must give
  the same ``to_dict`` at every step, so the restored state provably plays on identically;
- ``apply`` never changes the state it was given; ``copy()`` is equal and independent;
- illegal actions (legal elsewhere in the game, malformed tuples, unknown verbs) are refused with
  ``IllegalAction`` and leave the state unchanged;
- ``view`` hides the PRNG and other seats' :meth:`~gardens_tui.rules.base.Game.secrets`, sets
  ``hidden``, is idempotent, round-trips, and shows the deciding seat its full list of actions;
- ``component_counts`` never changes; the notation round-trips for every legal action;
  ``legal_actions`` is deterministic; ``current_player`` is ``decision.seat``; events are strings;
  ``scores`` has one row per seat and stable categories; ``winners`` is non-empty at the end;
- a state without ``chance`` did not draw from the PRNG (undo relies on it);
- ``from_dict`` refuses damaged data with ``ValueError`` and nothing else;
- the game ends within a generous number of decisions.

Pure Python, standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gardens_tui.rules.base import Action, Game, GameSpec, GameState, IllegalAction, OptionValue
from gardens_tui.rules.rng import MAX_SEED, Rng, seed_state
from gardens_tui.rules.safe_text import quoted

SEAT_NAMES: tuple[str, ...] = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana")
"""Names given to the seats of checked games (``Player N`` beyond eight)."""

MAX_DECISIONS = 20_000
"""The default bound on decisions in one game; a game still running after it fails the check."""

BOGUS_VERB = "no-such-verb"
"""A verb no game uses, for the wrong-verb illegal actions."""

_JUNK_ARGS: tuple[Any, ...] = (None, -1, 10**9, "zz", 2.5, ())
"""Wrong values put in place of an action's arguments (all hashable)."""

_JUNK_JSON: tuple[Any, ...] = (None, -1, 10**12, "zz", 1.5, True, [], {}, [[]], {"x": 1})
"""Wrong values put into serialised state by :func:`check_from_dict_refuses`."""

_GARBAGE_TEXT: tuple[str, ...] = ("", "   ", "no-such-verb", "\x00", "?" * 300, "1 2 3 4 5 6 7 8 9")
"""Text that is no action in any sensible notation."""

_HOSTILE_WORDS: tuple[str, ...] = (
    *("²", "٣", "9" * 5000, "-1", "0x1f", "1e3", "Ⅻ", "\x00", "\uff41\uff11"),
)
"""Words that break careless parsers: digits ``str.isdigit`` accepts but ``int`` refuses, a
number ``int`` refuses to read, other scripts' digits, full-width letters, a NUL."""

_EMPTY_SECRETS: tuple[Any, ...] = (None, [], {}, (), "", 0)


class ConformanceError(AssertionError):
    """A game broke its contract. ``check`` names the property, ``detail`` says how.

    :func:`play_checked` adds ``where``: the game, setup, seed and decision number, so the failure
    can be replayed on its own.
    """

    def __init__(self, check: str, detail: str, where: str = "") -> None:
        self.check = check
        self.detail = detail
        self.where = where
        text = f"[{check}] {detail}"
        super().__init__(f"{text}\n  at {where}" if where else text)

    def located(self, where: str) -> ConformanceError:
        """The same failure with ``where`` filled in (keeps the original traceback as cause)."""
        located = ConformanceError(self.check, self.detail, where)
        located.__cause__ = self.__cause__
        return located


def _fail(check: str, detail: str) -> ConformanceError:
    return ConformanceError(check, detail)


def _short(value: Any, limit: int = 300) -> str:
    return quoted(value, limit)


def first_difference(a: Any, b: Any, path: str = "state") -> str:
    """The path of the first place two JSON-like values differ, with both values (for messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a:
                return f"{path}.{key}: missing on the left, {_short(b[key], 80)} on the right"
            if key not in b:
                return f"{path}.{key}: {_short(a[key], 80)} on the left, missing on the right"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple) and type(a) is type(b):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: {len(a)} items on the left, {len(b)} on the right"
    return f"{path}: {_short(a, 80)} (a {type(a).__name__}) vs {_short(b, 80)} ({type(b).__name__})"


# --------------------------------------------------------------------------------------------
# Checks on one position
# --------------------------------------------------------------------------------------------


def check_roundtrip(game: Game[Any], state: GameState) -> tuple[dict[str, Any], str, GameState]:
    """``to_dict`` is JSON-safe and ``from_dict`` restores it exactly.

    Returns ``(data, text, restored)``: the state's dict, its JSON text and the restored state,
    so a caller can play on from ``restored`` and reuse ``data`` as the reference form.
    """
    data = game.to_dict(state)
    if not isinstance(data, dict):
        raise _fail("round trip", f"to_dict returned a {type(data).__name__}, not a dict")
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise _fail("round trip", f"to_dict is not JSON-safe: {exc}") from exc
    loaded = json.loads(text)
    if loaded != data:
        raise _fail(
            "round trip",
            "to_dict changes through JSON (tuples, non-string keys or floats?): "
            + first_difference(data, loaded),
        )
    restored = game.from_dict(loaded)
    again = game.to_dict(restored)
    if again != data:
        raise _fail("round trip", "from_dict(to_dict(s)) differs: " + first_difference(data, again))
    if type(restored) is not type(state):
        raise _fail(
            "round trip",
            f"from_dict built a {type(restored).__name__}, not a {type(state).__name__}",
        )
    return data, text, restored


_TRANSIENT = ("events", "chance")
"""Fields describing the ``apply`` that made a state; ``copy()`` may reset them, since the only
copies the rules make are the ones ``apply`` fills in afresh."""


def check_copy(game: Game[Any], state: GameState, data: Mapping[str, Any]) -> None:
    """``state.copy()`` is a different object with the same ``to_dict`` (except events/chance)."""
    twin = state.copy()
    if twin is state:
        raise _fail("copy", "copy() returned the same object")
    if type(twin) is not type(state):
        raise _fail("copy", f"copy() built a {type(twin).__name__}, not a {type(state).__name__}")
    twin_data = game.to_dict(twin)
    data = {k: v for k, v in data.items() if k not in _TRANSIENT}
    twin_data = {k: v for k, v in twin_data.items() if k not in _TRANSIENT}
    if twin_data != data:
        raise _fail(
            "copy", "copy() differs from the original: " + first_difference(data, twin_data)
        )


def check_state_basics(game: Game[Any], state: GameState) -> None:
    """The common fields are sane and ``decision``, ``current_player`` and ``is_over`` agree."""
    n = state.num_players
    if not game.spec.min_players <= n <= game.spec.max_players:
        spec = game.spec
        raise _fail("state", f"{n} players is outside {spec.min_players}..{spec.max_players}")
    if state.hidden:
        raise _fail("state", "a real position (not a view) has hidden=True")
    if not 0 <= state.active < n:
        raise _fail("state", f"active seat {state.active} is not a seat")
    if not isinstance(state.events, tuple) or not all(isinstance(e, str) for e in state.events):
        raise _fail("events", f"events must be a tuple of strings, got {_short(state.events)}")
    decision = state.decision
    if state.is_over != (decision is None):
        raise _fail(
            "decision", f"is_over is {state.is_over} but the decision is {_short(decision)}"
        )
    if decision is None:
        if state.current_player is not None:
            raise _fail("decision", "the game is over but current_player is not None")
        return
    if state.current_player != decision.seat:
        raise _fail(
            "decision",
            f"current_player {state.current_player} differs from decision.seat {decision.seat}",
        )
    if not 0 <= decision.seat < n:
        raise _fail("decision", f"decision.seat {decision.seat} is not a seat")
    if not isinstance(decision.kind, str) or not decision.kind:
        raise _fail("decision", f"decision.kind must be a non-empty string: {decision.kind!r}")
    if not isinstance(decision.prompt, str) or not decision.prompt.strip():
        raise _fail("decision", f"decision.prompt must be a non-empty string: {decision.prompt!r}")
    if "\n" in decision.prompt:
        raise _fail("decision", f"decision.prompt must be one line: {decision.prompt!r}")


def check_legal_actions(game: Game[Any], state: GameState, twin: GameState) -> list[Action]:
    """``legal_actions`` is a list of distinct verb-first tuples, the same for an equal state.

    ``twin`` is an equal state built another way (the restored one); it must give the same list
    in the same order. Returns the list. A pending decision must have at least one action.
    """
    actions = game.legal_actions(state)
    if not isinstance(actions, list):
        raise _fail("legal actions", f"legal_actions returned a {type(actions).__name__}")
    if state.is_over:
        if actions:
            raise _fail("legal actions", f"the game is over but there are {len(actions)} actions")
        return actions
    if not actions:
        raise _fail("legal actions", f"decision {state.decision} has no legal action (stuck)")
    for action in actions:
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise _fail("legal actions", f"not a verb-first tuple: {_short(action)}")
    seen: set[Action] = set()
    for action in actions:
        if action in seen:
            raise _fail("legal actions", f"listed twice: {_short(action)}")
        seen.add(action)
    again = game.legal_actions(twin)
    if again != actions:
        raise _fail(
            "legal actions deterministic",
            "an equal state gives another list: " + first_difference(actions, again, "actions"),
        )
    return actions


def check_notation(game: Game[Any], state: GameState, actions: Iterable[Action]) -> None:
    """``parse_action(state, format_action(a)) == a`` for every action, with one-line text."""
    texts: dict[str, Action] = {}
    for action in actions:
        text = game.format_action(action)
        if not isinstance(text, str) or not text.strip() or "\n" in text:
            raise _fail("notation", f"format_action({action!r}) gave {text!r}")
        if text in texts:
            raise _fail("notation", f"{texts[text]!r} and {action!r} are both written {text!r}")
        texts[text] = action
        try:
            parsed = game.parse_action(state, text)
        except Exception as exc:
            raise _fail(
                "notation",
                f"{action!r} is written {text!r}, which parse_action refuses: "
                f"{type(exc).__name__}: {exc}",
            ) from exc
        if parsed != action or type(parsed) is not tuple:
            raise _fail("notation", f"{action!r} is written {text!r}, which parses as {parsed!r}")


def check_parse_refuses(game: Game[Any], state: GameState, texts: Iterable[str]) -> list[Action]:
    """``parse_action`` on text that is no action raises ``IllegalAction`` and nothing else.

    It may also return an action (parsing does not check legality); those are returned so the
    caller can check that ``apply`` refuses them.
    """
    parsed: list[Action] = []
    for text in texts:
        try:
            action = game.parse_action(state, text)
        except IllegalAction:
            continue
        except Exception as exc:
            raise _fail(
                "notation",
                f"parse_action({text!r}) raised {type(exc).__name__}: {exc} (not IllegalAction)",
            ) from exc
        if not isinstance(action, tuple):
            raise _fail("notation", f"parse_action({text!r}) returned {_short(action)}")
        parsed.append(action)
    return parsed


def mutated_notation(
    game: Game[Any], legal: Sequence[Action], rng: Rng, count: int = 6
) -> list[str]:
    """Texts close to real actions with one word replaced by a hostile one
    (:data:`_HOSTILE_WORDS`): the shape of input that crashed parsers (``treasure ²``)."""
    texts: list[str] = []
    for _ in range(count if legal else 0):
        words = game.format_action(legal[rng.randrange(len(legal))]).split()
        words[rng.randrange(len(words))] = _HOSTILE_WORDS[rng.randrange(len(_HOSTILE_WORDS))]
        texts.append(" ".join(words))
    return texts


def malformed_actions(example: Action) -> list[Action]:
    """Broken variants of ``example``: empty, unknown verb, missing/extra/wrong-typed arguments."""
    out: list[Action] = [(), (BOGUS_VERB,), (BOGUS_VERB, *example[1:])]
    if not example:
        return out
    verb = example[0]
    out.append((*example, "extra"))
    if len(example) > 1:
        out.append(example[:-1])
    if isinstance(verb, str):
        out.append((verb.upper() + "!", *example[1:]))
    for i in range(1, len(example)):
        for junk in _JUNK_ARGS:
            out.append((*example[:i], junk, *example[i + 1 :]))
    return out


def check_illegal_refused(
    game: Game[Any],
    state: GameState,
    data: Mapping[str, Any],
    legal: Iterable[Action],
    candidates: Iterable[Action],
    *,
    verify_each: bool = True,
) -> int:
    """Every candidate that is not legal is refused with ``IllegalAction``; the state is unchanged.

    ``data`` is ``to_dict(state)`` from before. With ``verify_each=False`` the caller checks once
    afterwards that the state is unchanged (see :func:`play_checked`), which saves a ``to_dict``
    per candidate. Returns how many candidates were tried.
    """
    legal_set = set(legal)
    tried = 0
    for action in candidates:
        try:
            if action in legal_set:
                continue
        except TypeError:  # an unhashable candidate is never legal
            pass
        tried += 1
        try:
            result = game.apply(state, action)
        except IllegalAction as exc:
            if not str(exc).strip():
                raise _fail(
                    "illegal action", f"IllegalAction for {action!r} has no message"
                ) from exc
        except Exception as exc:
            raise _fail(
                "illegal action",
                f"apply({_short(action)}) raised {type(exc).__name__}: {exc} "
                "instead of IllegalAction",
            ) from exc
        else:
            raise _fail(
                "illegal action",
                f"apply accepted {_short(action)}, which legal_actions does not list "
                f"(it gave a state whose events are {_short(result.events)})",
            )
        if not verify_each:
            continue
        after = game.to_dict(state)
        if after != data:
            raise _fail(
                "illegal action",
                f"refusing {_short(action)} changed the state: " + first_difference(data, after),
            )
    return tried


def check_apply(
    game: Game[Any], state: GameState, data: Mapping[str, Any], action: Action
) -> GameState:
    """``apply`` returns a new state of the same type, leaves ``state`` unchanged, and is sane.

    ``data`` is ``to_dict(state)``. The new state keeps players and options, its turn never goes
    back, its events are strings, and unless it says ``chance`` the PRNG state is untouched.
    """
    new = game.apply(state, action)
    after = game.to_dict(state)
    if after != data:
        raise _fail(
            "apply leaves its input alone",
            f"apply({action!r}) changed the state it was given: " + first_difference(data, after),
        )
    if new is state:
        raise _fail("apply", "apply returned the state it was given, not a new one")
    if type(new) is not type(state):
        raise _fail("apply", f"apply built a {type(new).__name__}, not a {type(state).__name__}")
    if new.players != state.players or new.options != state.options:
        raise _fail("apply", "apply changed the players or the options")
    if new.turn < state.turn:
        raise _fail("apply", f"the turn went back from {state.turn} to {new.turn}")
    if not isinstance(new.events, tuple) or not all(isinstance(e, str) for e in new.events):
        raise _fail("events", f"events must be a tuple of strings, got {_short(new.events)}")
    if not new.chance and new.rng != state.rng:
        raise _fail(
            "chance",
            f"apply({action!r}) drew from the PRNG but did not set chance=True (undo needs it)",
        )
    return new


def check_components(game: Game[Any], state: GameState, baseline: Mapping[str, int]) -> None:
    """``component_counts(state)`` equals ``baseline`` (the counts at the start of the game)."""
    counts = game.component_counts(state)
    if counts != baseline:
        changed = sorted(k for k in set(counts) | set(baseline) if counts.get(k) != baseline.get(k))
        details = ", ".join(f"{k}: {baseline.get(k)} -> {counts.get(k)}" for k in changed)
        raise _fail("components conserved", details)


def check_scores(
    game: Game[Any], state: GameState, categories: tuple[str, ...] | None = None
) -> tuple[str, ...]:
    """``scores`` has one row of ints per seat, one per category; categories never change.

    ``categories`` are the ones seen earlier in the same game (``None`` at the start). The table
    is final exactly when the game is over. Returns the categories.
    """
    scores = game.scores(state)
    cats = scores.categories
    if not isinstance(cats, tuple) or not all(isinstance(c, str) and c for c in cats):
        raise _fail("scores", f"categories must be a tuple of names: {_short(cats)}")
    if len(set(cats)) != len(cats):
        raise _fail("scores", f"a category is named twice: {cats}")
    if categories is not None and cats != categories:
        raise _fail("scores", f"the categories changed from {categories} to {cats}")
    if len(scores.table) != state.num_players:
        raise _fail("scores", f"{len(scores.table)} rows for {state.num_players} seats")
    for seat, row in enumerate(scores.table):
        if len(row) != len(cats) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in row
        ):
            raise _fail("scores", f"seat {seat}'s row {row} does not match the categories {cats}")
    if scores.final != state.is_over:
        raise _fail("scores", f"scores.final is {scores.final} while is_over is {state.is_over}")
    return cats


def check_view(
    game: Game[Any],
    state: GameState,
    data: Mapping[str, Any],
    seats: Iterable[int | None],
    *,
    legal: Sequence[Action] | None = None,
    roundtrip: bool = True,
    verify: bool = True,
) -> None:
    """``view(state, seat)`` for each of ``seats`` (``None`` is a spectator) hides what it must.

    The view is a new state with ``hidden`` set and the PRNG masked; it shows the seat its own
    ``secrets`` and no other seat's; a view of the view is the same view; it round-trips through
    ``to_dict``/``from_dict``; the real state is untouched. For the deciding seat, the view
    gives the same ``legal`` actions (bots and people decide from their view). ``roundtrip=False``
    skips the view's ``to_dict``/``from_dict`` round trip (the costliest part); ``verify=False``
    leaves the check that ``state`` is unchanged to the caller.
    """
    n = state.num_players
    current = state.current_player
    for seat in seats:
        who = "a spectator" if seat is None else f"seat {seat}"
        view = game.view(state, seat)
        if view is state:
            raise _fail("view", f"view for {who} is the state itself")
        if not view.hidden:
            raise _fail("view", f"view for {who} does not set hidden")
        if state.rng != 0 and view.rng == state.rng:
            raise _fail("view hides the PRNG", f"view for {who} shows the PRNG state")
        view_data = game.to_dict(view)
        for other in range(n):
            secret = game.secrets(state, other)
            seen = game.secrets(view, other)
            if other == seat:
                if seen != secret:
                    raise _fail(
                        "view",
                        f"{who} cannot see its own secrets: {_short(seen)} != {_short(secret)}",
                    )
            elif secret not in _EMPTY_SECRETS and seen == secret:
                raise _fail(
                    "view hides secrets",
                    f"the view for {who} shows seat {other}'s {_short(secret)}",
                )
        again = game.to_dict(game.view(view, seat))
        if again != view_data:
            raise _fail(
                "view of a view",
                f"view(view(s, {seat}), {seat}) differs: " + first_difference(view_data, again),
            )
        if roundtrip:
            restored = game.to_dict(game.from_dict(json.loads(json.dumps(view_data))))
            if restored != view_data:
                raise _fail(
                    "view round trip", f"for {who}: " + first_difference(view_data, restored)
                )
        if seat is not None and seat == current and legal is not None:
            seen_legal = game.legal_actions(view)
            if seen_legal != list(legal):
                raise _fail(
                    "view keeps the choices",
                    "the deciding seat's view lists other actions: "
                    + first_difference(list(legal), seen_legal, "actions"),
                )
    if not verify:
        return
    after = game.to_dict(state)
    if after != data:
        raise _fail("view", "view() changed the real state: " + first_difference(data, after))


def check_view_ignores_rng(game: Game[Any], state: GameState, seat: int | None) -> None:
    """The view does not depend on the PRNG state (so nothing about future draws leaks)."""
    twin = state.copy()
    twin.events, twin.chance = state.events, state.chance  # copy() may reset these
    twin.rng = state.rng ^ MAX_SEED  # every bit flipped
    a = game.to_dict(game.view(state, seat))
    b = game.to_dict(game.view(twin, seat))
    if a != b:
        raise _fail(
            "view hides the PRNG",
            f"the view for seat {seat} changes with the PRNG state: " + first_difference(a, b),
        )


def check_terminal(game: Game[Any], state: GameState, pool: Sequence[Action]) -> None:
    """At the end: no decision, no actions, final scores, a non-empty list of distinct winners,
    and every action is refused."""
    if not state.is_over or state.current_player is not None:
        raise _fail("end", "check_terminal called on a game that is not over")
    outcome = game.winners(state)
    winners = outcome.winners
    if not isinstance(winners, tuple) or not winners:
        raise _fail("winners", f"winners() must name at least one seat at the end: {outcome!r}")
    if len(set(winners)) != len(winners) or not all(
        isinstance(w, int) and 0 <= w < state.num_players for w in winners
    ):
        raise _fail("winners", f"winners must be distinct seats: {winners!r}")
    if outcome.tiebreak is not None and not (
        isinstance(outcome.tiebreak, str) and outcome.tiebreak.strip()
    ):
        raise _fail("winners", f"a tie-break must be a sentence or None: {outcome.tiebreak!r}")
    data = game.to_dict(state)
    check_illegal_refused(game, state, data, (), pool)


def check_texts(game: Game[Any], state: GameState, actions: Sequence[Action]) -> None:
    """``render_text`` for every seat and the spectator, ``describe_action`` and
    ``notation_help`` return strings."""
    for seat in (None, *range(state.num_players)):
        text = game.render_text(state, seat)
        if not isinstance(text, str) or not text.strip():
            raise _fail("render_text", f"render_text for seat {seat} gave {_short(text)}")
    for action in actions:
        described = game.describe_action(state, action)
        if not isinstance(described, str) or not described.strip():
            raise _fail("describe_action", f"describe_action({action!r}) gave {described!r}")
    if not isinstance(game.notation_help(), str):
        raise _fail("notation_help", "notation_help() must return a string")


def check_evaluate(game: Game[Any], state: GameState) -> None:
    """``evaluate`` (the greedy bot's heuristic) gives a finite number for every seat."""
    for seat in range(state.num_players):
        value = game.evaluate(state, seat)
        if (
            not isinstance(value, int | float)
            or value != value
            or value
            in (
                float("inf"),
                float("-inf"),
            )
        ):
            raise _fail("evaluate", f"evaluate(state, {seat}) gave {value!r}")


def _json_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    paths: list[tuple[Any, ...]] = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            paths.extend(_json_paths(item, (*path, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            paths.extend(_json_paths(item, (*path, i)))
    return paths


def damaged_copies(text: str, rng: Rng, count: int) -> list[tuple[str, Any]]:
    """``count`` damaged versions of the JSON ``text``: one value replaced by a wrong one, a key
    deleted, an item added to or removed from a list. Returns ``(description, data)`` pairs."""
    paths = _json_paths(json.loads(text))
    out: list[tuple[str, Any]] = []
    for _ in range(count if paths else 0):
        data = json.loads(text)
        path = rng.choice(paths)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        where = "state" + "".join(f"[{k!r}]" for k in path)
        kind = rng.randrange(4)
        if kind == 0 and isinstance(parent, dict):
            del parent[last]
            out.append((f"deleted {where}", data))
        elif kind == 1 and isinstance(parent[last], list):
            if parent[last] and rng.randrange(2):
                parent[last].pop()
                out.append((f"removed the last item of {where}", data))
            else:
                parent[last].append(rng.choice(_JUNK_JSON) if rng.randrange(2) else 0)
                out.append((f"added an item to {where}", data))
        else:
            junk = rng.choice(_JUNK_JSON)
            parent[last] = json.loads(json.dumps(junk))
            out.append((f"set {where} to {junk!r}", data))
    return out


def check_from_dict_refuses(game: Game[Any], damaged: Iterable[tuple[str, Any]]) -> None:
    """``from_dict`` on damaged data raises ``ValueError`` (naming the field) and nothing else.

    Damage that still describes a valid position may be accepted; then the position must be
    usable: ``to_dict``, ``legal_actions`` and ``scores`` must not crash.
    """
    for description, data in damaged:
        try:
            state = game.from_dict(data)
        except ValueError as exc:
            if not str(exc).strip():
                raise _fail("from_dict validates", f"{description}: empty error message") from exc
            continue
        except Exception as exc:
            raise _fail(
                "from_dict validates",
                f"{description}: from_dict raised {type(exc).__name__}: {exc} "
                "instead of a ValueError naming the field",
            ) from exc
        try:
            json.dumps(game.to_dict(state))
            game.legal_actions(state)
            game.scores(state)
        except ValueError:
            pass
        except Exception as exc:
            raise _fail(
                "from_dict validates",
                f"{description}: from_dict accepted it, then the position crashed the rules "
                f"with {type(exc).__name__}: {exc}",
            ) from exc


def check_new_game(
    game: Game[Any], players: Sequence[str], options: Mapping[str, Any], seed: int
) -> GameState:
    """``new_game`` is deterministic from its seed and fills in the setup; returns the state."""
    spec = game.spec
    state: GameState = game.new_game(players, options, seed)
    if state.players != tuple(players):
        raise _fail("new game", f"players {state.players} differ from {tuple(players)}")
    if state.options != spec.normalise_options(options):
        raise _fail("new game", f"options {state.options} are not the normalised {options}")
    if state.hidden or state.turn < 1:
        raise _fail("new game", "a new game must be a real position with turn >= 1")
    if game.to_dict(game.new_game(players, options, seed)) != game.to_dict(state):
        raise _fail("new game", f"two new games with seed {seed} differ")
    return state


def check_new_game_refuses(game: Game[Any]) -> None:
    """``new_game`` raises ``ValueError`` for a bad player count, an unknown option or a bad
    option value."""
    spec = game.spec
    for count in (spec.min_players - 1, spec.max_players + 1):
        if count < 0:
            continue
        try:
            game.new_game(seat_names(count), {}, 1)
        except ValueError:
            pass
        else:
            raise _fail("new game", f"new_game accepted {count} players")
    names = seat_names(spec.min_players)
    bad_options: list[dict[str, Any]] = [{"no-such-option": True}]
    for opt in spec.options:
        bad_options.append({opt.key: "bogus" if not isinstance(opt.default, str) else 12345})
    for options in bad_options:
        try:
            game.new_game(names, options, 1)
        except ValueError:
            pass
        else:
            raise _fail("new game", f"new_game accepted the options {options}")


# --------------------------------------------------------------------------------------------
# Whole games
# --------------------------------------------------------------------------------------------


def seat_names(count: int) -> list[str]:
    """``count`` distinct seat names."""
    return [SEAT_NAMES[i] if i < len(SEAT_NAMES) else f"Player {i + 1}" for i in range(count)]


def default_options(spec: GameSpec) -> dict[str, OptionValue]:
    """Every option at its default."""
    return spec.normalise_options({})


def all_on_options(spec: GameSpec) -> dict[str, OptionValue]:
    """Every on/off option switched on (every module, variant and expansion); the rest default."""
    return spec.normalise_options(
        {opt.key: True for opt in spec.options if isinstance(opt.default, bool)}
    )


def random_options(spec: GameSpec, rng: Rng) -> dict[str, OptionValue]:
    """A random valid combination: switches on or off, numbers in range, any choice."""
    chosen: dict[str, OptionValue] = {}
    for opt in spec.options:
        if isinstance(opt.default, bool):
            chosen[opt.key] = rng.randrange(2) == 1
        elif isinstance(opt.default, int):
            low = opt.default if opt.minimum is None else opt.minimum
            high = opt.default if opt.maximum is None else opt.maximum
            chosen[opt.key] = rng.randint(min(low, high), max(low, high))
        elif opt.choices:
            chosen[opt.key] = rng.choice(opt.choices)
    return spec.normalise_options(chosen)


POLICIES = ("uniform", "balanced")
"""How checked games pick actions: ``uniform`` over all legal actions, or ``balanced``: a verb
uniformly, then one of its actions. Balanced play reaches deeper into games whose decisions
offer many actions of one verb (nine ``pass`` spaces beside three ``buy`` rows would otherwise
end most games by passing)."""


def uniform_choice(legal: Sequence[Action], rng: Rng) -> Action:
    """Any legal action, uniformly."""
    return legal[rng.randrange(len(legal))]


def balanced_choice(legal: Sequence[Action], rng: Rng) -> Action:
    """A verb uniformly among those offered, then one of its actions uniformly."""
    verbs = sorted({a[0] for a in legal})
    verb = verbs[rng.randrange(len(verbs))]
    of_verb = [a for a in legal if a[0] == verb]
    return of_verb[rng.randrange(len(of_verb))]


@dataclass(frozen=True, slots=True)
class PlayoutSetup:
    """One checked game: seat names, options, seed (the game's; the moves use it too) and the
    policy that picks the random actions (one of :data:`POLICIES`)."""

    players: tuple[str, ...]
    options: Mapping[str, OptionValue]
    seed: int
    label: str = ""
    policy: str = "uniform"

    def describe(self) -> str:
        """A one-line description that is enough to replay the game."""
        opts = ", ".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "none"
        return (
            f"{len(self.players)} players, seed {self.seed}, {self.policy} play, "
            f"{self.label} options ({opts})"
        )


def playout_setups(spec: GameSpec, count: int, base_seed: int = 0) -> list[PlayoutSetup]:
    """``count`` setups cycling through every player count, for each count through default
    options, all options on and two random combinations, and each of those with both
    :data:`POLICIES`. Deterministic from ``base_seed``."""
    counts = list(range(spec.min_players, spec.max_players + 1))
    rng = Rng(seed_state(base_seed ^ 0xC0FFEE))
    setups: list[PlayoutSetup] = []
    for i in range(count):
        players = tuple(seat_names(counts[i % len(counts)]))
        kind = (i // len(counts)) % 4
        if kind == 0:
            options, label = default_options(spec), "default"
        elif kind == 1:
            options, label = all_on_options(spec), "all-on"
        else:
            options, label = random_options(spec, rng), "random"
        policy = POLICIES[(i // (4 * len(counts))) % len(POLICIES)]
        setups.append(PlayoutSetup(players, options, base_seed + i, label, policy))
    return setups


@dataclass(frozen=True, slots=True)
class Thoroughness:
    """How much each decision is checked beyond the always-on checks.

    - ``illegal_from_game``: actions legal elsewhere tried per decision;
    - ``illegal_malformed``: malformed / wrong-verb tuples tried per decision;
    - ``view_seats``: seats whose view is checked per decision besides the deciding seat (they
      rotate through every seat and the spectator over the game);
    - ``deep_every``: every how many decisions (and at the first and the last) the slower checks
      run: ``copy()``, the views' round trip and independence from the PRNG, ``render_text``,
      ``describe_action``, ``evaluate`` and garbage text for ``parse_action``;
    - ``damage_every`` / ``damage_count``: every how many decisions, and how many, damaged
      copies of the state are given to ``from_dict``;
    - ``max_decisions``: the termination bound.
    """

    illegal_from_game: int = 4
    illegal_malformed: int = 2
    view_seats: int = 1
    deep_every: int = 10
    damage_every: int = 40
    damage_count: int = 4
    max_decisions: int = MAX_DECISIONS


FULL = Thoroughness(view_seats=99, deep_every=1, damage_every=5, illegal_malformed=6)
"""Every seat's view, texts and more damage at every decision: slower, for one-off runs."""


class ActionPool:
    """Actions seen legal somewhere, kept to try where they are not legal (bounded, ordered)."""

    def __init__(self, limit: int = 4000) -> None:
        self.limit = limit
        self._seen: set[Action] = set()
        self.actions: list[Action] = []

    def add(self, actions: Iterable[Action]) -> None:
        """Remember ``actions`` (until the pool is full)."""
        for action in actions:
            if len(self.actions) >= self.limit:
                return
            if action not in self._seen:
                self._seen.add(action)
                self.actions.append(action)

    def sample(self, rng: Rng, k: int) -> list[Action]:
        """Up to ``k`` remembered actions, drawn with ``rng``."""
        if not self.actions:
            return []
        return [self.actions[rng.randrange(len(self.actions))] for _ in range(k)]


@dataclass(slots=True)
class PlayoutResult:
    """What one checked game did: decisions made, winners, and the actions (for replays)."""

    setup: PlayoutSetup
    decisions: int
    winners: tuple[int, ...]
    actions: list[Action] = field(default_factory=list)
    illegal_tried: int = 0


def _check_unchanged(
    game: Game[Any],
    state: GameState,
    data: Mapping[str, Any],
    text: str,
    views: Sequence[int | None],
    legal: Sequence[Action],
    candidates: Sequence[Action],
) -> None:
    """One ``to_dict`` to confirm that the views and refused actions left ``state`` alone; if
    not, redo them one at a time on a fresh copy so the failure names the culprit."""
    after = game.to_dict(state)
    if after == data:
        return
    fresh = game.from_dict(json.loads(text))
    check_view(game, fresh, data, views, legal=legal, roundtrip=False)
    check_illegal_refused(game, fresh, data, legal, candidates)
    raise _fail(
        "illegal action",
        "viewing the state or refusing actions on it changed it: " + first_difference(data, after),
    )


def _where(game: Game[Any], setup: PlayoutSetup, step: int, actions: Sequence[Action]) -> str:
    tail = []
    for action in actions[-5:]:
        try:
            tail.append(game.format_action(action))
        except Exception:
            tail.append(repr(action))
    return f"{game.spec.id}: {setup.describe()}, decision {step}" + (
        f", after ... {' | '.join(tail)}" if tail else ", at the start"
    )


def play_checked(
    game: Game[Any],
    setup: PlayoutSetup,
    *,
    thoroughness: Thoroughness = Thoroughness(),
    pool: ActionPool | None = None,
    choose: Callable[[GameState, list[Action], Rng], Action] | None = None,
) -> PlayoutResult:
    """Play one game from ``setup`` to the end with random legal actions, checking everything.

    ``choose(state, legal, rng)`` picks the actions (default: by ``setup.policy``, from an RNG
    seeded by ``setup.seed``). ``pool`` carries actions between games for the illegal-action
    tries. Raises :class:`ConformanceError` with the game, setup and decision number.
    """
    pool = pool if pool is not None else ActionPool()
    rng = Rng(seed_state(setup.seed ^ 0xA11CE))
    t = thoroughness
    actions: list[Action] = []
    dicts: list[dict[str, Any]] = []
    step = 0
    stage = "new_game"
    tried = 0
    try:
        state = check_new_game(game, setup.players, setup.options, setup.seed)
        baseline = game.component_counts(state)
        categories: tuple[str, ...] | None = None
        n = state.num_players
        rotation: list[int | None] = [None, *range(n)]
        while True:
            deep = step % t.deep_every == 0
            stage = "round trip"
            data, text, restored = check_roundtrip(game, state)
            dicts.append(data)
            stage = "state"
            check_state_basics(game, state)
            stage = "components"
            check_components(game, state, baseline)
            stage = "scores"
            categories = check_scores(game, state, categories)
            if state.is_over:
                stage = "end"
                check_copy(game, state, data)
                check_view(game, state, data, rotation)
                check_terminal(game, state, [*pool.sample(rng, t.illegal_from_game), ("pass",)])
                check_texts(game, state, ())
                break
            if step >= t.max_decisions:
                raise _fail("terminates", f"still not over after {step} decisions")
            stage = "legal actions"
            legal = check_legal_actions(game, state, restored)
            stage = "notation"
            check_notation(game, state, legal)
            stage = "view"
            current = state.current_player
            others = [s for s in rotation if s != current]
            chosen_views: list[int | None] = [current]
            for k in range(min(t.view_seats, len(others))):
                chosen_views.append(others[(step + k) % len(others)])
            check_view(game, state, data, chosen_views, legal=legal, roundtrip=deep, verify=False)
            stage = "illegal actions"
            candidates = pool.sample(rng, t.illegal_from_game)
            bad = malformed_actions(legal[step % len(legal)])
            candidates += [bad[rng.randrange(len(bad))] for _ in range(t.illegal_malformed)]
            tried += check_illegal_refused(game, state, data, legal, candidates, verify_each=False)
            stage = "state unchanged"
            _check_unchanged(game, state, data, text, chosen_views, legal, candidates)
            if deep:
                stage = "copy"
                check_copy(game, state, data)
                stage = "view"
                check_view_ignores_rng(game, state, chosen_views[-1])
                stage = "texts"
                check_texts(game, state, legal[:5])
                check_evaluate(game, state)
                stage = "parse garbage"
                garbage = [*_GARBAGE_TEXT, *mutated_notation(game, legal, rng)]
                parsed = check_parse_refuses(game, state, garbage)
                tried += check_illegal_refused(game, state, data, legal, parsed)
            if step % t.damage_every == 0:
                stage = "damaged from_dict"
                check_from_dict_refuses(game, damaged_copies(text, rng, t.damage_count))
            pool.add(legal)
            if choose is not None:
                action = choose(state, legal, rng)
            elif setup.policy == "balanced":
                action = balanced_choice(legal, rng)
            else:
                action = uniform_choice(legal, rng)
            stage = f"apply {action!r}"
            # Play on from the restored state: the replay below proves it plays identically.
            state = check_apply(game, restored, data, action)
            actions.append(action)
            step += 1
        stage = "replay"
        replayed = game.new_game(setup.players, setup.options, setup.seed)
        for i, action in enumerate(actions):
            if game.to_dict(replayed) != dicts[i]:
                step = i
                raise _fail(
                    "replay",
                    "replaying the actions from new_game gives another state: "
                    + first_difference(dicts[i], game.to_dict(replayed)),
                )
            replayed = game.apply(replayed, action)
        if game.to_dict(replayed) != dicts[-1]:
            raise _fail(
                "replay",
                "replaying the actions gives another end: "
                + first_difference(dicts[-1], game.to_dict(replayed)),
            )
    except ConformanceError as exc:
        raise exc.located(_where(game, setup, step, actions)) from exc.__cause__
    except Exception as exc:
        error = ConformanceError(
            "no exception", f"{type(exc).__name__}: {exc} (during {stage})"
        ).located(_where(game, setup, step, actions))
        raise error from exc
    return PlayoutResult(setup, step, game.winners(state).winners, actions, tried)


# --------------------------------------------------------------------------------------------
# Script entry point
# --------------------------------------------------------------------------------------------


def run(
    game: Game[Any],
    count: int,
    base_seed: int = 0,
    thoroughness: Thoroughness = Thoroughness(),
    *,
    out: Callable[[str], None] = print,
) -> list[ConformanceError]:
    """Check ``count`` games of ``game`` and return every failure (one per failing game)."""
    pool = ActionPool()
    failures: list[ConformanceError] = []
    started = time.perf_counter()
    decisions = 0
    try:
        check_new_game_refuses(game)
    except ConformanceError as exc:
        failures.append(exc.located(f"{game.spec.id}: new_game validation"))
    except Exception as exc:
        failures.append(
            ConformanceError("no exception", f"{type(exc).__name__}: {exc}", "new_game validation")
        )
    for setup in playout_setups(game.spec, count, base_seed):
        try:
            result = play_checked(game, setup, thoroughness=thoroughness, pool=pool)
        except ConformanceError as exc:
            failures.append(exc)
            out(f"FAIL {exc}")
            if exc.__cause__ is not None and exc.check == "no exception":
                out("".join(traceback.format_exception(exc.__cause__)[-4:]))
        else:
            decisions += result.decisions
    elapsed = time.perf_counter() - started
    out(
        f"{game.spec.id}: {count} games, {decisions} decisions checked in {elapsed:.1f} s, "
        f"{len(failures)} failing"
    )
    return failures


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gardens_tui.rules.conformance [GAME ...] [--games N] [--seed S] [--full]``."""
    from gardens_tui.rules.registry import GAMES, get_game

    parser = argparse.ArgumentParser(description="Check registered games against the contract.")
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--games", dest="count", type=int, default=200, help="games per game id")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--full", action="store_true", help="check every view and text each step")
    args = parser.parse_args(argv)
    thoroughness = FULL if args.full else Thoroughness()
    failed = 0
    for game_id in args.games or list(GAMES):
        failed += len(run(get_game(game_id), args.count, args.seed, thoroughness))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
