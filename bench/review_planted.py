"""Does the review name real mistakes? Plant some and see (issue 32).

For each game and deal: the first seat plays like the greedy bot except at three of its real
decisions, where it plays the move the game's own heuristic rates *worst*; the other seats are
greedy bots. The finished game is reviewed for the first seat at the review's default budget
(:func:`~gardens_tui.bots.review.review_game`) and the script prints which planted moves the
review named. A planted move the review passed over is then searched again with 2 seconds a
side: the heuristic's worst move is not always a real mistake (a pass that keeps pearls, an
oyster planted in one corner rather than another), and this says whether it was. A script,
never a test::

    python bench/review_planted.py               # every game, two deals each: about 10 minutes
    python bench/review_planted.py --game the-gardens --seeds 5,11
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gardens_tui.bots import make_bot
from gardens_tui.bots.review import review_decision, review_game
from gardens_tui.bots.strong import SearchBudget
from gardens_tui.rules.base import IllegalAction
from gardens_tui.table import Seat, Setup, Table, lone_action

GAMES = {
    "octopus-garden": (2, (3, 9, 15)),
    "the-gardens": (2, (4, 10, 16)),
    "tanuki-in-the-garden": (2, (2, 5, 8)),
    "throw-octopus": (3, (2, 4, 6)),
    "seabed-neighbours": (3, (3, 8, 13)),
}
"""Each game's seats and which of the first seat's real decisions get a planted move."""

RECHECK = SearchBudget(seconds=2.0)
"""The budget that looks again at a planted move the review did not name."""


def planted_game(
    game_id: str, seats: int, seed: int, picks: tuple[int, ...]
) -> tuple[Table, list[int]]:
    """A finished game with the heuristic's worst move at the first seat's ``picks``-th real
    decisions; returns the table and the positions of the planted moves."""
    setup = Setup(
        game_id,
        tuple(Seat(f"P{i + 1}", None if i == 0 else "greedy") for i in range(seats)),
        {},
        seed,
    )
    table = Table(setup)
    game = table.game
    bots = [make_bot("greedy", seed + i) for i in range(seats)]
    planted: list[int] = []
    count = 0
    while not table.state.is_over:
        state = table.state
        seat = state.current_player
        assert seat is not None and state.decision is not None
        view = game.view(state, seat)
        legal = game.legal_actions(view)
        real = state.decision.skill is None and lone_action(state.decision, legal) is None
        if seat == 0 and real:
            count += 1
            if count in picks:
                rated = []
                for action in legal:
                    try:
                        rated.append((game.evaluate(game.apply(view, action), 0), action))
                    except IllegalAction:
                        continue  # its outcome hangs on what the view hides
                planted.append(len(table.actions))
                table.apply(min(rated, key=lambda pair: pair[0])[1])
                continue
        table.apply(bots[seat].choose(game, view))
    return table, planted


def main() -> None:
    """Plant, review and report (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (repeatable); default all")
    parser.add_argument("--seeds", default="5,11", help="comma list of deals")
    args = parser.parse_args()
    seeds = [int(seed) for seed in args.seeds.split(",")]
    print("| game | deal | planted | named by the review | not named: 2 s a side says |")
    print("|---|---:|---:|---:|---|")
    for game_id in args.game or list(GAMES):
        seats, picks = GAMES[game_id]
        for seed in seeds:
            table, planted = planted_game(game_id, seats, seed, picks)
            game = table.game
            review = review_game(table, 0, seed=1)
            named = {mistake.index for mistake in review.mistakes}
            verdicts = []
            for index in planted:
                if index in named:
                    continue
                played = table.actions[index]
                view = game.view(table.states[index], 0)
                pair = review_decision(game, view, played, seed=3, find=RECHECK, compare=RECHECK)
                if pair is None:
                    verdicts.append(f"{game.format_action(played)}: the best move found")
                else:
                    mine, better = pair
                    verdicts.append(
                        f"{mine.notation}: {mine.value:.2f} against {better.notation} "
                        f"{better.value:.2f}"
                    )
            print(
                f"| {game_id} | {seed} | {len(planted)} | {len(planted) - len(verdicts)} "
                f"| {'; '.join(verdicts) or '-'} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
