"""Checks on actions: the legal list, the notation, refusing what is not legal, and ``apply``.

Also the inputs these checks feed a game: malformed action tuples and hostile notation text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gardens_tui.rules._conformance.report import fail, first_difference, short
from gardens_tui.rules.base import Action, Game, GameState, IllegalAction
from gardens_tui.rules.rng import Rng

BOGUS_VERB = "no-such-verb"
"""A verb no game uses, for the wrong-verb illegal actions."""

JUNK_ARGS: tuple[Any, ...] = (None, -1, 10**9, "zz", 2.5, ())
"""Wrong values put in place of an action's arguments (all hashable)."""

GARBAGE_TEXT: tuple[str, ...] = ("", "   ", "no-such-verb", "\x00", "?" * 300, "1 2 3 4 5 6 7 8 9")
"""Text that is no action in any sensible notation."""

HOSTILE_WORDS: tuple[str, ...] = (
    *("²", "٣", "9" * 5000, "-1", "0x1f", "1e3", "Ⅻ", "\x00", "\uff41\uff11"),
)
"""Words that break careless parsers: digits ``str.isdigit`` accepts but ``int`` refuses, a
number ``int`` refuses to read, other scripts' digits, full-width letters, a NUL."""


def check_legal_actions(game: Game[Any], state: GameState, twin: GameState) -> list[Action]:
    """``legal_actions`` is a list of distinct verb-first tuples, the same for an equal state.

    ``twin`` is an equal state built another way (the restored one); it must give the same list
    in the same order. Returns the list. A pending decision must have at least one action.
    """
    actions = game.legal_actions(state)
    if not isinstance(actions, list):
        raise fail("legal actions", f"legal_actions returned a {type(actions).__name__}")
    if state.is_over:
        if actions:
            raise fail("legal actions", f"the game is over but there are {len(actions)} actions")
        return actions
    if not actions:
        raise fail("legal actions", f"decision {state.decision} has no legal action (stuck)")
    for action in actions:
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise fail("legal actions", f"not a verb-first tuple: {short(action)}")
    seen: set[Action] = set()
    for action in actions:
        if action in seen:
            raise fail("legal actions", f"listed twice: {short(action)}")
        seen.add(action)
    again = game.legal_actions(twin)
    if again != actions:
        raise fail(
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
            raise fail("notation", f"format_action({action!r}) gave {text!r}")
        if text in texts:
            raise fail("notation", f"{texts[text]!r} and {action!r} are both written {text!r}")
        texts[text] = action
        try:
            parsed = game.parse_action(state, text)
        except Exception as exc:
            raise fail(
                "notation",
                f"{action!r} is written {text!r}, which parse_action refuses: "
                f"{type(exc).__name__}: {exc}",
            ) from exc
        if parsed != action or type(parsed) is not tuple:
            raise fail("notation", f"{action!r} is written {text!r}, which parses as {parsed!r}")


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
            raise fail(
                "notation",
                f"parse_action({text!r}) raised {type(exc).__name__}: {exc} (not IllegalAction)",
            ) from exc
        if not isinstance(action, tuple):
            raise fail("notation", f"parse_action({text!r}) returned {short(action)}")
        parsed.append(action)
    return parsed


def mutated_notation(
    game: Game[Any], legal: Sequence[Action], rng: Rng, count: int = 6
) -> list[str]:
    """Texts close to real actions with one word replaced by a hostile one
    (:data:`HOSTILE_WORDS`): the shape of input that crashed parsers (``treasure ²``)."""
    texts: list[str] = []
    for _ in range(count if legal else 0):
        words = game.format_action(legal[rng.randrange(len(legal))]).split()
        words[rng.randrange(len(words))] = HOSTILE_WORDS[rng.randrange(len(HOSTILE_WORDS))]
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
        for junk in JUNK_ARGS:
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
    afterwards that the state is unchanged (see :func:`~.playout.play_checked`), which saves a
    ``to_dict`` per candidate. Returns how many candidates were tried.
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
                raise fail(
                    "illegal action", f"IllegalAction for {action!r} has no message"
                ) from exc
        except Exception as exc:
            raise fail(
                "illegal action",
                f"apply({short(action)}) raised {type(exc).__name__}: {exc} "
                "instead of IllegalAction",
            ) from exc
        else:
            raise fail(
                "illegal action",
                f"apply accepted {short(action)}, which legal_actions does not list "
                f"(it gave a state whose events are {short(result.events)})",
            )
        if not verify_each:
            continue
        after = game.to_dict(state)
        if after != data:
            raise fail(
                "illegal action",
                f"refusing {short(action)} changed the state: " + first_difference(data, after),
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
        raise fail(
            "apply leaves its input alone",
            f"apply({action!r}) changed the state it was given: " + first_difference(data, after),
        )
    if new is state:
        raise fail("apply", "apply returned the state it was given, not a new one")
    if type(new) is not type(state):
        raise fail("apply", f"apply built a {type(new).__name__}, not a {type(state).__name__}")
    if new.players != state.players or new.options != state.options:
        raise fail("apply", "apply changed the players or the options")
    if new.turn < state.turn:
        raise fail("apply", f"the turn went back from {state.turn} to {new.turn}")
    if not isinstance(new.events, tuple) or not all(isinstance(e, str) for e in new.events):
        raise fail("events", f"events must be a tuple of strings, got {short(new.events)}")
    if not new.chance and new.rng != state.rng:
        raise fail(
            "chance",
            f"apply({action!r}) drew from the PRNG but did not set chance=True (undo needs it)",
        )
    return new
