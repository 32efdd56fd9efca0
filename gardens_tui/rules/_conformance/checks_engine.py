"""Checks on the contract's speed slots: the trusted apply and the cached legal actions.

A search calls ``legal_actions`` then :meth:`~gardens_tui.rules.base.Game.apply_trusted`
thousands of times a second (see "Speed" in :mod:`gardens_tui.rules.base`); a game may cache the
legal actions on the state and skip the legality check in ``apply_trusted``. Both are only worth
having if they give what the plain, checked path gives:

- :func:`check_trusted_apply` (check ``trusted apply``): ``apply_trusted`` gives a state equal
  to ``apply``'s (:meth:`~gardens_tui.rules.base.Game.states_equal`), not the state it was
  given, and with the same legal actions (``legal actions deterministic`` otherwise);
- :func:`check_trusted_samples`: the same for a few other legal actions of the position;
- :func:`check_legal_cache` (check ``legal actions cached``): asking a state for its legal
  actions again gives an equal list (``legal actions deterministic`` otherwise), a fresh one
  each time (changing what one call returned changes nothing), equal to the list of the same
  position rebuilt by ``from_dict(to_dict(state))``: a cache a copy-then-change path
  (``apply``, ``view``, ``determinise``) forgot to reset shows up as a difference.

Each function raises :class:`~.report.ConformanceError` naming its check.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from gardens_tui.rules._conformance.report import fail, first_difference, short
from gardens_tui.rules.base import Action, Game, GameState
from gardens_tui.rules.rng import Rng

TRUSTED = "trusted apply"
"""The name of the check that ``apply_trusted`` agrees with ``apply``."""

CACHED = "legal actions cached"
"""The name of the check that cached legal actions equal a fresh computation."""


def check_trusted_apply(
    game: Game[Any], state: GameState, action: Action, expected: GameState
) -> None:
    """``apply_trusted(state, action)`` equals ``expected``, which is ``apply``'s result for the
    same position (``state`` itself or an equal one), and has the same legal actions.

    ``action`` must be one of ``legal_actions(state)``.
    """
    try:
        got = game.apply_trusted(state, action)
    except Exception as exc:
        raise fail(
            TRUSTED,
            f"apply_trusted({short(action)}) raised {type(exc).__name__}: {exc}, "
            "where apply accepted it",
        ) from exc
    if got is state:
        raise fail(TRUSTED, "apply_trusted returned the state it was given, not a new one")
    if not game.states_equal(got, expected):
        raise fail(
            TRUSTED,
            f"apply_trusted({short(action)}) and apply give different states: "
            + first_difference(game.to_dict(expected), game.to_dict(got)),
        )
    got_legal = game.legal_actions(got)
    want_legal = game.legal_actions(expected)
    if got_legal != want_legal:
        raise fail(
            "legal actions deterministic",
            f"after apply_trusted({short(action)}) the legal actions differ from those of "
            "the equal state apply gave (a stale cache, or an order that changes between "
            "calls?): " + first_difference(want_legal, got_legal, "actions"),
        )


def check_trusted_samples(
    game: Game[Any],
    state: GameState,
    legal: Sequence[Action],
    played: Action,
    rng: Rng,
    count: int,
) -> None:
    """For ``count`` legal actions other than ``played`` (drawn with ``rng``), ``apply`` and
    ``apply_trusted`` on ``state`` give equal states (:func:`check_trusted_apply`)."""
    if count <= 0 or len(legal) < 2:
        return
    for _ in range(count):
        action = legal[rng.randrange(len(legal))]
        if action == played:
            continue
        check_trusted_apply(game, state, action, game.apply(state, action))


def check_legal_cache(
    game: Game[Any],
    state: GameState,
    legal: Sequence[Action],
    rebuilt: GameState | None = None,
) -> None:
    """``state``'s legal actions, asked again, are ``legal`` (what an earlier call returned), in a
    fresh list each time, and equal those of the position rebuilt from ``to_dict``.

    ``rebuilt`` is ``from_dict(to_dict(state))`` when the caller has it (built without asking it
    for its legal actions first, or only through ``legal_actions``); otherwise it is built here.
    """
    again = game.legal_actions(state)
    if again != legal:
        raise fail(
            "legal actions deterministic",
            "asked again, legal_actions gives another list: "
            + first_difference(list(legal), again, "actions"),
        )
    if again is legal:
        raise fail(
            CACHED,
            "legal_actions returned the same list object twice; it must return a fresh list "
            "(callers may change it)",
        )
    again.clear()
    third = game.legal_actions(state)
    if third != legal:
        raise fail(
            CACHED,
            "emptying the list legal_actions returned changed what it returns next "
            "(it handed out its cache): " + first_difference(list(legal), third, "actions"),
        )
    if rebuilt is None:
        rebuilt = game.from_dict(json.loads(json.dumps(game.to_dict(state))))
    fresh = game.legal_actions(rebuilt)
    if fresh != legal:
        raise fail(
            CACHED,
            "the legal actions differ from those of the same position rebuilt by "
            "from_dict(to_dict(state)) (a stale cache?): "
            + first_difference(list(legal), fresh, "actions"),
        )


__all__ = [
    "CACHED",
    "TRUSTED",
    "check_legal_cache",
    "check_trusted_apply",
    "check_trusted_samples",
]
