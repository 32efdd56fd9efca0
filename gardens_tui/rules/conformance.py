"""The checks every game must pass: plain functions, usable from tests and from a script.

A game that passes them honours the contract in :mod:`gardens_tui.rules.base`. Each ``check_*``
function looks at one property and raises :class:`ConformanceError` (an ``AssertionError``)
naming the check when the game breaks it. :func:`play_checked` plays one random game to the end
and runs every check at every decision; :func:`playout_setups` spreads many such games over the
game's player counts and options. From a shell::

    python -m gardens_tui.rules.conformance                 # every registered game, 200 games each
    python -m gardens_tui.rules.conformance octopus-garden --games 50 --seed 7

prints one line per game and every failure with its seed, so it can be replayed alone.

This module is the suite's public face: the checks live in :mod:`gardens_tui.rules._conformance`,
one module per job, and every name below is importable from here. What is checked at each
decision (the costly checks touch each position as few times as possible, see
:class:`Thoroughness`):

- nothing raises except :class:`~gardens_tui.rules.base.IllegalAction` for illegal actions;
- ``to_dict`` is JSON-safe and ``from_dict`` restores it exactly; the game plays on from the
  *restored* state, and replaying the action list from ``new_game`` on fresh objects must give
  the same ``to_dict`` at every step, so the restored state provably plays on identically;
- ``apply`` never changes the state it was given; ``copy()`` is equal and independent;
- illegal actions (legal elsewhere in the game, malformed tuples, unknown verbs) are refused with
  ``IllegalAction`` and leave the state unchanged;
- ``view`` hides the PRNG and other seats' :meth:`~gardens_tui.rules.base.Game.secrets`, sets
  ``hidden``, is idempotent, round-trips, and shows the deciding seat its full list of actions;
- the four rules a view keeps (:mod:`gardens_tui.rules.base`): every seat's view has the
  position's very decision (:func:`check_public_decision`); ``scores``, ``evaluate`` and
  ``render_text`` work on views, and the position's text and provisional scores for a seat are
  those of its view (:func:`check_views_work`); and for a viewer (the deciding seat and another,
  in turn), :meth:`~gardens_tui.rules.base.Game.determinise` builds a twin that viewer cannot
  tell apart from the position (:func:`check_determinise`), which must have the same decision
  and legal actions (:func:`check_indistinguishable`) and still look the same to the viewer
  after both are given the action played (:func:`check_indistinguishable_after_apply`);
- an optional decision names a legal ``pass_action`` that ``apply`` accepts
  (:func:`check_pass_action`); a skill decision lists ``ROLL`` and every outcome sets ``chance``
  (:func:`check_skill`);
- every position keeps the game's invariants (:meth:`~gardens_tui.rules.base.Game.
  check_invariants`, :func:`check_invariants`), so the save loader never refuses a real game;
- ``component_counts`` never changes; the notation round-trips for every legal action;
  ``legal_actions`` is deterministic; ``current_player`` is ``decision.seat``; events are strings;
  ``scores`` has one row per seat and stable categories; ``winners`` is non-empty at the end;
- a state without ``chance`` did not draw from the PRNG (undo relies on it);
- the speed slots (:mod:`gardens_tui.rules._conformance.checks_engine`): ``apply_trusted``
  gives the state ``apply`` gives, for the action played at every decision and for a sample of
  other legal actions at deep ones; ``legal_actions`` returns a fresh list each call, and the
  (cached) list equals the one computed on ``from_dict(to_dict(state))``, for the position and
  for its twins;
- ``from_dict`` refuses damaged data with ``ValueError`` and nothing else;
- ``new_game`` takes exactly the player counts of ``spec.counts`` (each game tries one it must
  refuse; :func:`check_new_game_refuses` tries them all);
- the game ends within a generous number of decisions.

Pure Python, standard library only. It reads the clock only to time a run from the shell.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from gardens_tui.rules._conformance import script as _script
from gardens_tui.rules._conformance.checks_actions import (
    BOGUS_VERB,
    GARBAGE_TEXT,
    HOSTILE_WORDS,
    JUNK_ARGS,
    check_apply,
    check_illegal_refused,
    check_legal_actions,
    check_notation,
    check_parse_refuses,
    malformed_actions,
    mutated_notation,
)
from gardens_tui.rules._conformance.checks_decisions import (
    check_pass_action,
    check_public_decision,
    check_skill,
)
from gardens_tui.rules._conformance.checks_engine import (
    check_legal_cache,
    check_trusted_apply,
    check_trusted_samples,
)
from gardens_tui.rules._conformance.checks_state import (
    check_components,
    check_copy,
    check_evaluate,
    check_invariants,
    check_roundtrip,
    check_score_table,
    check_scores,
    check_state_basics,
    check_terminal,
    check_texts,
)
from gardens_tui.rules._conformance.checks_view import (
    EMPTY_SECRETS,
    check_view,
    check_view_ignores_rng,
    check_views_work,
)
from gardens_tui.rules._conformance.damage import (
    JUNK_JSON,
    check_from_dict_refuses,
    damaged_copies,
    json_paths,
)
from gardens_tui.rules._conformance.playout import (
    FULL,
    MAX_DECISIONS,
    STANDARD,
    ActionPool,
    PlayoutResult,
    Thoroughness,
    play_checked,
)
from gardens_tui.rules._conformance.report import ConformanceError, first_difference
from gardens_tui.rules._conformance.setups import (
    POLICIES,
    SEAT_NAMES,
    PlayoutSetup,
    all_on_options,
    balanced_choice,
    check_count_refused,
    check_new_game,
    check_new_game_refuses,
    check_player_counts,
    default_options,
    playout_setups,
    random_options,
    refused_counts,
    seat_names,
    uniform_choice,
)
from gardens_tui.rules._conformance.twins import (
    Twin,
    check_determinise,
    check_indistinguishable,
    check_indistinguishable_after_apply,
)
from gardens_tui.rules.base import Game

_json_paths = json_paths
"""The old private name of :func:`json_paths`, kept for callers that used it."""


def run(
    game: Game[Any],
    count: int,
    base_seed: int = 0,
    thoroughness: Thoroughness = STANDARD,
    *,
    out: Callable[[str], None] = print,
) -> list[ConformanceError]:
    """Check ``count`` games of ``game``, timed; return every failure (one per failing game).

    See :func:`gardens_tui.rules._conformance.script.run`.
    """
    return _script.run(game, count, base_seed, thoroughness, out=out, clock=time.perf_counter)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gardens_tui.rules.conformance [GAME ...] [--games N] [--seed S] [--full]``,
    timed; returns the exit status (0: every game conforms)."""
    return _script.main(argv, clock=time.perf_counter)


__all__ = [
    "BOGUS_VERB",
    "EMPTY_SECRETS",
    "FULL",
    "GARBAGE_TEXT",
    "HOSTILE_WORDS",
    "JUNK_ARGS",
    "JUNK_JSON",
    "MAX_DECISIONS",
    "POLICIES",
    "SEAT_NAMES",
    "STANDARD",
    "ActionPool",
    "ConformanceError",
    "PlayoutResult",
    "PlayoutSetup",
    "Thoroughness",
    "Twin",
    "all_on_options",
    "balanced_choice",
    "check_apply",
    "check_components",
    "check_copy",
    "check_count_refused",
    "check_determinise",
    "check_evaluate",
    "check_from_dict_refuses",
    "check_illegal_refused",
    "check_indistinguishable",
    "check_indistinguishable_after_apply",
    "check_invariants",
    "check_legal_actions",
    "check_legal_cache",
    "check_new_game",
    "check_new_game_refuses",
    "check_notation",
    "check_parse_refuses",
    "check_pass_action",
    "check_player_counts",
    "check_public_decision",
    "check_roundtrip",
    "check_score_table",
    "check_scores",
    "check_skill",
    "check_state_basics",
    "check_terminal",
    "check_texts",
    "check_trusted_apply",
    "check_trusted_samples",
    "check_view",
    "check_view_ignores_rng",
    "check_views_work",
    "damaged_copies",
    "default_options",
    "first_difference",
    "json_paths",
    "main",
    "malformed_actions",
    "mutated_notation",
    "play_checked",
    "playout_setups",
    "random_options",
    "refused_counts",
    "run",
    "seat_names",
    "uniform_choice",
]

if __name__ == "__main__":
    sys.exit(main())
