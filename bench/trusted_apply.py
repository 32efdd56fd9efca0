"""Benchmark: what the trusted apply saves a search, game by game.

Run it from the project folder::

    python bench/trusted_apply.py                  # every registered game, about half a minute
    python bench/trusted_apply.py --games 40       # more playouts per row, less noise

For every registered game, with default options at the smallest and the largest player count,
it plays the same random playouts twice: once with ``legal_actions`` then ``apply`` at each
decision (``apply`` checks the action against the list again), once with ``legal_actions`` then
``apply_trusted`` (which skips that check, see "Speed" in :mod:`gardens_tui.rules.base`). Both
runs make the very same decisions (the same seeds, and equal states give equal lists). It
prints microseconds per decision for each and the ratio checked / trusted (above 1: the trusted
apply is faster). The runs alternate, best of ``--rounds``, timed in CPU time, to keep the
machine's noise out.

A script, never a test: it asserts nothing and exits 0 unless a game crashes.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gardens_tui.rules.base import Action, Game, GameState
from gardens_tui.rules.conformance import seat_names
from gardens_tui.rules.registry import GAMES, get_game
from gardens_tui.rules.rng import Rng, seed_state

Step = Callable[[GameState, Action], GameState]


def playouts(game: Game[Any], players: int, games: int, step: Step) -> tuple[float, int]:
    """Play ``games`` random games of ``players`` seats with ``step`` as the apply; return the
    seconds spent in ``legal_actions`` plus ``step`` and the number of decisions made."""
    names = seat_names(players)
    spent = 0.0
    decisions = 0
    clock = time.process_time  # CPU time: other work on the machine does not count
    for seed in range(games):
        state = game.new_game(names, None, seed)
        rng = Rng(seed_state(seed ^ 0xBE7C4))
        legal_actions = game.legal_actions
        start = clock()
        while not state.is_over:
            legal = legal_actions(state)
            state = step(state, legal[rng.randrange(len(legal))])
            decisions += 1
        spent += clock() - start
    return spent, decisions


def measure(game: Game[Any], players: int, games: int, rounds: int) -> tuple[float, float, int]:
    """Best-of-``rounds`` microseconds per decision for (checked, trusted), and the decisions."""
    best_checked = best_trusted = float("inf")
    decisions = 0
    for _ in range(rounds):
        seconds, decisions = playouts(game, players, games, game.apply)
        best_checked = min(best_checked, seconds / decisions * 1e6)
        seconds, trusted_decisions = playouts(game, players, games, game.apply_trusted)
        if trusted_decisions != decisions:
            raise SystemExit(
                f"{game.spec.id}: the trusted playouts made {trusted_decisions} decisions, "
                f"the checked ones {decisions}: apply_trusted disagrees with apply"
            )
        best_trusted = min(best_trusted, seconds / decisions * 1e6)
    return best_checked, best_trusted, decisions


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table: game, players, decisions, µs per decision checked and trusted, ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--games", type=int, default=20, help="playouts per row (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="best of how many (default 5)")
    args = parser.parse_args(argv)
    ids = args.game or sorted(GAMES)
    print(
        f"{'game':<22} {'seats':>5} {'decisions':>9} {'checked':>10} {'trusted':>10} {'ratio':>6}"
    )
    for game_id in ids:
        game = get_game(game_id)
        counts = game.spec.counts
        for players in sorted({counts[0], counts[-1]}):
            checked, trusted, decisions = measure(game, players, args.games, args.rounds)
            print(
                f"{game_id:<22} {players:>5} {decisions:>9} {checked:>8.1f}µs "
                f"{trusted:>8.1f}µs {checked / trusted:>6.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
