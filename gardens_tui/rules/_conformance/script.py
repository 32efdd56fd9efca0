"""The suite as a script: :func:`run` checks many games of one game and reports each failure
with its seed; :func:`main` is ``python -m gardens_tui.rules.conformance``."""

from __future__ import annotations

import argparse
import traceback
from collections.abc import Callable, Sequence
from typing import Any

from gardens_tui.rules._conformance.playout import STANDARD, ActionPool, Thoroughness, play_checked
from gardens_tui.rules._conformance.report import ConformanceError
from gardens_tui.rules._conformance.setups import check_new_game_refuses, playout_setups
from gardens_tui.rules.base import Game

Clock = Callable[[], float]
"""A clock in seconds (``time.perf_counter``). The rules never read the time themselves, so the
command line hands one in to time its runs."""


def run(
    game: Game[Any],
    count: int,
    base_seed: int = 0,
    thoroughness: Thoroughness = STANDARD,
    *,
    out: Callable[[str], None] = print,
    clock: Clock | None = None,
) -> list[ConformanceError]:
    """Check ``count`` games of ``game`` and return every failure (one per failing game).

    The new-game checks (:func:`~.setups.check_new_game_refuses`) run first. Each failing game
    is printed through ``out`` as it happens, then one summary line, with the time taken when a
    ``clock`` is given.
    """
    pool = ActionPool()
    failures: list[ConformanceError] = []
    started = clock() if clock is not None else 0.0
    decisions = 0
    try:
        check_new_game_refuses(game)
    except ConformanceError as exc:
        failures.append(exc.located(f"{game.spec.id}: new_game validation"))
        out(f"FAIL {failures[-1]}")
    except Exception as exc:
        failures.append(
            ConformanceError("no exception", f"{type(exc).__name__}: {exc}", "new_game validation")
        )
        out(f"FAIL {failures[-1]}")
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
    timing = "" if clock is None else f" in {clock() - started:.1f} s"
    out(
        f"{game.spec.id}: {count} games, {decisions} decisions checked{timing}, "
        f"{len(failures)} failing"
    )
    return failures


def main(argv: Sequence[str] | None = None, *, clock: Clock | None = None) -> int:
    """``python -m gardens_tui.rules.conformance [GAME ...] [--games N] [--seed S] [--full]``.

    Returns the exit status: 0 when every game conforms, 1 otherwise.
    """
    from gardens_tui.rules._conformance.playout import FULL
    from gardens_tui.rules.registry import GAMES, get_game

    parser = argparse.ArgumentParser(
        prog="python -m gardens_tui.rules.conformance",
        description="Check registered games against the rules contract.",
    )
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--games", dest="count", type=int, default=200, help="games per game id")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument(
        "--full", action="store_true", help="check every view, twin and text at each step"
    )
    args = parser.parse_args(argv)
    thoroughness = FULL if args.full else STANDARD
    failed = 0
    for game_id in args.games or list(GAMES):
        failed += len(run(get_game(game_id), args.count, args.seed, thoroughness, clock=clock))
    return 1 if failed else 0
