"""Heuristic weights: the greedy bot with a game's shipped ``evaluate`` against the same bot with
some of that heuristic's module constants changed.

Run it from the project folder::

    python bench/heuristics.py octopus-garden --set PEARL_WORTH=0.6 --set PEARL_FADE=0.1 \\
        --set "RELIC_PROMISE=(0, 0, 0)" --games 600        # the weights before the tuning
    python bench/heuristics.py the-gardens --set SOME_WEIGHT=2 --players 3 --jobs 2

A game's heuristic lives in ``gardens_tui/rules/<package>/evaluate.py`` and reads its weights
from module constants at every call, so the variant is played by setting them (Python literals)
while the variant's seat decides and putting them back afterwards. The levels sit alternately
and the seats rotate from game to game; the games of one rotation share a deal. Greedy games
are fast (about a hundred Octopus's Garden games a second on this machine), so hundreds of games
give the margin to about a point.

Printed: the shipped heuristic's share of the wins with a 95% Wilson interval, and its mean
points margin over the variant with a 95% interval. A script, never a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import math
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import rotation_deal, wilson  # bench/bots.py: the same deals and interval

from gardens_tui.bots.basic import GreedyBot
from gardens_tui.rules.registry import get_game

Weights = dict[str, Any]


def heuristic_module(game_id: str) -> ModuleType:
    """The module holding ``game_id``'s heuristic (its game class's package ``.evaluate``)."""
    package = type(get_game(game_id)).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.evaluate")


@contextmanager
def weights_set(module: ModuleType, weights: Weights) -> Iterator[None]:
    """``module``'s constants set to ``weights`` inside the block, put back after it."""
    saved = {name: getattr(module, name) for name in weights}
    try:
        for name, value in weights.items():
            setattr(module, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(module, name, value)


def play(args: tuple[str, int, Weights, int]) -> tuple[float, float]:
    """One game: the shipped heuristic's score (1 win, 0 loss, its share of a shared win) and
    its mean points margin over the variant's seats."""
    game_id, players, variant, index = args
    game = get_game(game_id)
    module = heuristic_module(game_id)
    shipped = [(seat + index) % 2 == 0 for seat in range(players)]
    bots = [GreedyBot(1000 * index + seat) for seat in range(players)]
    deal = rotation_deal(index, players)
    state = game.new_game([f"P{i}" for i in range(players)], {}, 7919 * deal + 5)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = game.view(state, seat)
        if shipped[seat]:
            action = bots[seat].choose(game, view)
        else:
            with weights_set(module, variant):
                action = bots[seat].choose(game, view)
        state = game.apply(state, action)
    winners = game.winners(state).winners
    totals = game.scores(state).totals()
    mine = [totals[s] for s in range(players) if shipped[s]]
    theirs = [totals[s] for s in range(players) if not shipped[s]]
    margin = sum(mine) / len(mine) - sum(theirs) / len(theirs)
    if not winners:
        return 0.5, margin
    return sum(1 for w in winners if shipped[w]) / len(winners), margin


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games and print the shipped heuristic's results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("game", help="a game id")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a constant of the game's evaluate module for the variant (a Python literal)",
    )
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, help="seat count (default: the smallest of 2+)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    module = heuristic_module(args.game)
    variant: Weights = {}
    for item in args.set:
        name, _, text = item.partition("=")
        if not hasattr(module, name):
            parser.error(f"{module.__name__} has no constant {name}")
        variant[name] = ast.literal_eval(text)
    players = args.players or min(c for c in game.spec.counts if c >= 2)
    jobs = [(args.game, players, variant, i) for i in range(args.games)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs, chunksize=8))
    else:
        results = [play(job) for job in jobs]
    n = len(results)
    score = sum(r[0] for r in results) / n
    low, high = wilson(score, n)
    margin = sum(r[1] for r in results) / n
    spread = math.sqrt(sum((r[1] - margin) ** 2 for r in results) / max(n - 1, 1))
    print(f"{args.game}, {players} seats, {n} games; the variant: {variant or 'none'}")
    print(f"shipped heuristic's score: {score:.3f} ({low:.2f}-{high:.2f})")
    print(f"its points margin: {margin:+.2f} ± {1.96 * spread / math.sqrt(n):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
