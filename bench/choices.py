"""Where more thinking changes the search's choice: the strong search at a few iteration caps
on the same positions, with the largest cap as the reference.

Run it from the project folder::

    python bench/choices.py --game octopus-garden --caps 700,2800,11200 --positions 30

The positions are :func:`settle.positions` (four a greedy game). For each pair of neighbouring
caps it prints in how many positions the choice differs and, where it does, how the reference
search (the largest cap) values the two choices: the mean difference, and how often the larger
cap's choice is the better one. The reference's values are its own estimates (the same
heuristic cut-offs as the searches it judges), not the truth. Every search runs its whole cap
from the same seed (no settling), so the figures repeat on any machine. A script, never a
test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from settle import positions, seats_for  # bench/settle.py: the same positions

from gardens_tui.bots.strong import STRONG, SearchResult, StrongBot
from gardens_tui.rules.registry import get_game


def main(argv: Sequence[str] | None = None) -> int:
    """Search the positions at every cap and print where the choices part."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--game", default="octopus-garden", help="a game id")
    parser.add_argument("--caps", default="700,2800,11200", help="iteration caps, ascending")
    parser.add_argument("--positions", type=int, default=30)
    args = parser.parse_args(argv)
    caps = [int(c) for c in args.caps.split(",")]
    game = get_game(args.game)
    players = seats_for(game)
    found: list[list[SearchResult]] = []
    for state in positions(game, players, args.positions):
        view = game.view(state, state.current_player)
        found.append(
            [
                StrongBot(
                    7, replace(STRONG.with_iterations(cap), settle=False), reuse=False
                ).search(game, view)
                for cap in caps
            ]
        )
    print(f"{args.game}, {players} seats, {len(found)} positions, caps {args.caps}")
    for i in range(len(caps) - 1):
        parted = better = 0
        gaps: list[float] = []
        for results in found:
            low, high, reference = results[i].action, results[i + 1].action, results[-1]
            if low == high:
                continue
            parted += 1
            value = {s.action: s.value for s in reference.stats if s.visits}
            if low in value and high in value:
                gaps.append(value[high] - value[low])
                better += value[high] > value[low]
        mean = f"{sum(gaps) / len(gaps):+.3f}" if gaps else "-"
        print(
            f"  {caps[i]} against {caps[i + 1]}: different choices in {parted}; the reference "
            f"rates the larger cap's choice better in {better} of the {len(gaps)} it tried "
            f"both of, by {mean} on average"
        )
    for i, cap in enumerate(caps[:-1]):
        agree = sum(results[i].action == results[-1].action for results in found)
        print(f"  {cap} chooses as {caps[-1]} in {agree} of {len(found)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
