"""How a tile list plays: greedy bots play many games and the jams are counted.

``python -m gardens_tui.rules.throw_octopus.balance`` plays 1,000 four-player and 1,000
three-player games of greedy bots with the default (balanced) tile list, prints the figures
and checks them against the targets of issue 26 (exit status 1 if one is missed)::

    python -m gardens_tui.rules.throw_octopus.balance --games 1000 --players 4 3 --jobs 2

What is counted, per game:

- **locked**: the seascape locked at least once (no tile off the seascape fits anywhere): a
  reset while the pile held tiles, or the end of the game with the pile empty;
- **emptied**: the game ended with a hand empty (the last tile played, or given away);
- **longest run of forced draws**: the most turns in a row, around the table, on which the
  player to move could not play and drew (or, with the pile empty or on a bonus turn,
  passed), with no tile placed in between.

Targets: a locked seascape in at most 1 game in 100, at least 90 games in 100 ended by an
empty hand, and a median longest run of forced draws of at most 2.

The bots are the greedy level of :mod:`gardens_tui.bots` rebuilt here (look one decision
ahead from the seat's view, keep the action :func:`.evaluate.evaluate` rates best, break ties
with the seat's own seeded PRNG, roll the dodge): the rules package does not depend on the
bots package. Game ``i`` is dealt with seed ``seed + i`` and seat ``j``'s bot is seeded with
``seed * 16 + j`` as ``gardens simulate`` does, so every figure is the same on every run; the
games are shared out over ``--jobs`` processes and gathered in order.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gardens_tui.rules.base import ROLL, Action
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.throw_octopus import seascape
from gardens_tui.rules.throw_octopus.spec import TILE_LIST_KEY

if TYPE_CHECKING:
    from gardens_tui.rules.throw_octopus.game import ThrowOctopus
    from gardens_tui.rules.throw_octopus.state import ThrowState

MAX_DECISIONS = 20_000
"""A game still running after this many decisions is stopped and counted as jammed."""

TARGET_LOCKED = 0.01
TARGET_EMPTIED = 0.90
TARGET_MEDIAN_RUN = 2


@dataclass(frozen=True, slots=True)
class GameFigures:
    """What one simulated game showed (see the module docstring)."""

    seed: int
    players: int
    decisions: int
    turns: int
    locked: int
    """How many times the seascape locked (resets, and a locked end)."""
    emptied: bool
    longest_run: int
    """The longest run of forced draws (and passes) in a row."""
    tiles_left: float
    """Tiles left per seat at the end."""
    completed: int
    """Creatures completed in the game."""
    finished: bool
    """The game ended within :data:`MAX_DECISIONS`."""


def greedy_choice(game: ThrowOctopus, state: ThrowState, rng: Rng) -> Action:
    """The greedy bot's action in ``state``: the best-rated result from the deciding seat's
    view (ties broken by ``rng``), :data:`~gardens_tui.rules.base.ROLL` for a dodge."""
    seat = state.current_player
    assert seat is not None, "the game is over"
    actions = game.legal_actions(state)
    decision = state.decision
    if decision is not None and decision.skill is not None:
        return ROLL
    if len(actions) == 1:
        return actions[0]
    view = game.view(state, seat)
    best: list[Action] = []
    best_value = float("-inf")
    for action in actions:
        value = game.evaluate(game.apply(view, action), seat)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return rng.choice(best)


def play_game(players: int, seed: int, tile_list: str = "balanced") -> GameFigures:
    """Play one game of ``players`` greedy bots dealt with ``seed``; its figures."""
    from gardens_tui.rules.throw_octopus import GAME

    names = [f"Bot {i + 1}" for i in range(players)]
    state = GAME.new_game(names, {TILE_LIST_KEY: tile_list}, seed)
    bots = [Rng(seed_state(seed * 16 + i)) for i in range(players)]
    decisions = locked = run = longest = 0
    while not state.is_over and decisions < MAX_DECISIONS:
        seat = state.current_player
        assert seat is not None
        action = greedy_choice(GAME, state, bots[seat])
        before = len(state.board)
        forced = state.phase == "play" and action[0] in ("draw", "pass")
        placed = action[0] in ("play", "touch")
        state = GAME.apply_trusted(state, action)
        decisions += 1
        if forced:
            run += 1
            longest = max(longest, run)
        elif placed:
            run = 0
        if len(state.board) == 1 and before > 1 and not state.is_over:
            locked += 1
    emptied = state.is_over and any(not hand for hand in state.hands)
    if state.is_over and not emptied and state.pile == [] and seascape.locked(state):
        locked += 1
    return GameFigures(
        seed=seed,
        players=players,
        decisions=decisions,
        turns=state.turn,
        locked=locked,
        emptied=emptied,
        longest_run=longest,
        tiles_left=sum(map(len, state.hands)) / players,
        completed=sum(small + large for small, large in state.creatures),
        finished=state.is_over,
    )


def _play(job: tuple[int, int, str]) -> GameFigures:
    return play_game(*job)


def play_games(
    players: int, games: int, seed: int = 0, tile_list: str = "balanced", jobs: int = 1
) -> list[GameFigures]:
    """``games`` games of ``players`` greedy bots, seeds ``seed`` .. ``seed + games - 1``, in
    seed order (over ``jobs`` processes when more than 1)."""
    work = [(players, seed + i, tile_list) for i in range(games)]
    if jobs <= 1:
        return [_play(job) for job in work]
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(_play, work, chunksize=8)


@dataclass(frozen=True, slots=True)
class Summary:
    """The figures of many games of one player count."""

    players: int
    games: int
    locked_games: int
    emptied_games: int
    median_run: float
    runs_p90: int
    longest_run: int
    median_turns: float
    mean_decisions: float
    mean_tiles_left: float
    mean_completed: float
    unfinished: int

    def passes(self) -> bool:
        """Whether the targets of the module docstring are met."""
        return (
            self.locked_games <= TARGET_LOCKED * self.games
            and self.emptied_games >= TARGET_EMPTIED * self.games
            and self.median_run <= TARGET_MEDIAN_RUN
            and self.unfinished == 0
        )

    def lines(self) -> list[str]:
        """The figures in words."""
        n = self.games
        return [
            f"{self.players} players, {n} games:",
            f"  locked seascape      {self.locked_games:>5} games "
            f"({100 * self.locked_games / n:.1f}%)",
            f"  won by an empty hand {self.emptied_games:>5} games "
            f"({100 * self.emptied_games / n:.1f}%)",
            f"  longest run of forced draws a game: median {self.median_run:g}, "
            f"90th percentile {self.runs_p90}, most {self.longest_run}",
            f"  turns a game (median) {self.median_turns:g}; decisions (mean) "
            f"{self.mean_decisions:.1f}",
            f"  tiles left a seat at the end (mean) {self.mean_tiles_left:.2f}; creatures "
            f"completed a game (mean) {self.mean_completed:.1f}",
            f"  targets: {'met' if self.passes() else 'MISSED'}",
        ]


def summarise(players: int, figures: Sequence[GameFigures]) -> Summary:
    """The :class:`Summary` of ``figures`` (games of ``players``)."""
    runs = sorted(f.longest_run for f in figures)
    n = len(figures)
    return Summary(
        players=players,
        games=n,
        locked_games=sum(1 for f in figures if f.locked),
        emptied_games=sum(1 for f in figures if f.emptied),
        median_run=statistics.median(runs),
        runs_p90=runs[min(n - 1, (9 * n) // 10)],
        longest_run=runs[-1],
        median_turns=statistics.median(f.turns for f in figures),
        mean_decisions=statistics.fmean(f.decisions for f in figures),
        mean_tiles_left=statistics.fmean(f.tiles_left for f in figures),
        mean_completed=statistics.fmean(f.completed for f in figures),
        unfinished=sum(1 for f in figures if not f.finished),
    )


def main(argv: Iterable[str] | None = None) -> int:
    """The command line (see the module docstring): 0 when every target is met, else 1."""
    parser = argparse.ArgumentParser(
        prog="python -m gardens_tui.rules.throw_octopus.balance",
        description="Greedy-bot games of Throw Octopus!: locks, wins by an empty hand, draws.",
    )
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 3], choices=(3, 4, 5))
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--tile-list", default="balanced", choices=("balanced", "sparse"))
    parser.add_argument("--jobs", type=int, default=2, help="processes to play in")
    args = parser.parse_args(None if argv is None else list(argv))
    ok = True
    print(
        f"Throw Octopus! tile list {args.tile_list!r}, greedy bots, seeds {args.seed}.."
        f"{args.seed + args.games - 1}"
    )
    for players in args.players:
        summary = summarise(
            players, play_games(players, args.games, args.seed, args.tile_list, args.jobs)
        )
        print("\n".join(summary.lines()))
        ok = ok and summary.passes()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
