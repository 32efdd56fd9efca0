"""How much thinking a settled search saves: the strong search with and without
``SearchBudget.settle`` on the same positions, limited by the same iteration cap.

Run it from the project folder::

    python bench/settle.py --iterations 700 --positions 12     # about strong's second
    python bench/settle.py --iterations 2800 --game octopus-garden   # about expert's 4 s

The positions come from greedy games (seats of the smallest count of 2, or 3 where the game's
decisions want a third seat: Throw Octopus! and Seabed Neighbours), four a game at 15%, 40%,
65% and 90% of its real decisions. Each is searched twice from the same seed: with every
iteration of the cap, and settling (ending once no other root action can overtake the most
visited one). Printed per game: the share of the iterations the settled searches ran, and in
how many positions both chose the same action (under a cap it must be all of them). A
script, never a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gardens_tui.bots.basic import GreedyBot
from gardens_tui.bots.strong import STRONG, StrongBot
from gardens_tui.rules.base import Game, GameState
from gardens_tui.rules.registry import GAMES, get_game

STAGES = (0.15, 0.4, 0.65, 0.9)
"""Where in a greedy game's real decisions the positions are taken."""

THREE_SEATS = {"throw-octopus", "seabed-neighbours"}
"""Games measured at three seats."""


def seats_for(game: Game[Any]) -> int:
    """The seat count a game is measured at: three in :data:`THREE_SEATS`, else the smallest
    of two or more."""
    if game.spec.id in THREE_SEATS:
        return 3
    return min(c for c in game.spec.counts if c >= 2)


def positions(game: Game[Any], players: int, wanted: int) -> list[GameState]:
    """``wanted`` positions with a real choice, :data:`STAGES` of greedy games in turn."""
    found: list[GameState] = []
    seed = 0
    while len(found) < wanted:
        state = game.new_game([f"P{i}" for i in range(players)], {}, seed)
        bots = [GreedyBot(seed + i) for i in range(players)]
        real: list[GameState] = []
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            decision = state.decision
            real_choice = decision is not None and decision.skill is None
            if real_choice and len(game.legal_actions(state)) > 1:
                real.append(state)
            state = game.apply(state, bots[seat].choose(game, game.view(state, seat)))
        found.extend(real[int(len(real) * stage)] for stage in STAGES)
        seed += 1
    return found[:wanted]


def main(argv: Sequence[str] | None = None) -> int:
    """Search the positions of each game both ways and print what settling saved."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--iterations", type=int, default=700, help="the iteration cap")
    parser.add_argument("--positions", type=int, default=12, help="positions per game")
    parser.add_argument("--game", action="append", help="a game id (repeatable); default all")
    args = parser.parse_args(argv)
    capped = STRONG.with_iterations(args.iterations)
    for game_id in args.game or list(GAMES):
        game = get_game(game_id)
        players = seats_for(game)
        ran = whole = same = 0
        chosen = positions(game, players, args.positions)
        for state in chosen:
            view = game.view(state, state.current_player)
            full = StrongBot(3, replace(capped, settle=False), reuse=False).search(game, view)
            settled = StrongBot(3, replace(capped, settle=True), reuse=False).search(game, view)
            ran += settled.iterations
            whole += full.iterations
            same += settled.action == full.action
        print(
            f"{game_id}, {players} seats, {len(chosen)} positions, cap {args.iterations}: "
            f"settled searches ran {ran / whole:.2f} of the iterations; "
            f"same action in {same} of {len(chosen)}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
