"""Bot ladder: a round robin between the bot levels in every registered game, with ratings.

Run it from the project folder::

    python bench/bots.py                          # 2 games per pairing, default budgets
    python bench/bots.py --games 10 --jobs 2      # more games, two processes
    python bench/bots.py --levels greedy,strong --counts 2 --games 20   # the target pairing
    python bench/bots.py --strong-iterations 300 --expert-iterations 1200  # reproducible
    python bench/bots.py --pairings random:greedy,greedy:strong,strong:expert   # a chain

For every registered game (``--game`` picks some) at 2 and 4 seats (where a game does not allow
one of them, the nearest count it allows), every pair of levels plays ``--games``
games. At 2 seats the levels sit one each; with more seats they alternate (A, B, A, B...), or
with ``--seating blocks`` sit side by side (A, A, B, B...: in Seabed Neighbours, where each
score is the sum of two teams of neighbours, alternating seats put one of each level in every
team and the table cannot tell the levels apart), and
the seats rotate from game to game so each level sits everywhere equally; the games of one
rotation share their deal (:func:`deal_of`). A game scores 1 for
the level whose seats hold all the winners, 0 for the other, and the share of the winners
otherwise (a tie between the two levels is 0.5).

Printed per game and count: each pairing's score for the first level with a 95% Wilson
interval, and an Elo-like rating per level (a Bradley-Terry fit over all pairings, with one
virtual draw per pairing so that a clean sweep stays finite; ``random`` is pinned at 0).

Then, per game, the search's throughput on a mid-game position at 2 seats (or the smallest
count): iterations per second of the ``strong`` search and the actions it applies per second
(its plies: in the tree, rating priors and in rollouts), beside python-chess's random-playout
plies per second from the same run (as bench/engine.py measures it; shown as missing without
python-chess).

A script, never a test: it asserts nothing and exits 0 unless a game crashes.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import chess_plies_per_second  # bench/engine.py: the same reference figure

from gardens_tui.bots import LEVELS, Bot, make_bot
from gardens_tui.bots.strong import EXPERT, ROLLOUT_POLICIES, STRONG, SearchBudget, StrongBot
from gardens_tui.rules.base import Game, GameState
from gardens_tui.rules.registry import GAMES, get_game
from gardens_tui.rules.rng import Rng, seed_state


@dataclass(frozen=True, slots=True)
class Budgets:
    """The search levels' budgets for this run."""

    strong: SearchBudget
    expert: SearchBudget

    def describe(self) -> str:
        """One line: each search level's budget."""

        def words(b: SearchBudget) -> str:
            if b.iterations is not None:
                return f"{b.iterations} iterations"
            clock = " of CPU time" if b.clock == "cpu" else ""
            return f"{b.seconds:g} s{clock} per decision"

        def knobs(b: SearchBudget) -> str:
            turns = "a round" if b.rollout_turns is None else f"{b.rollout_turns} turns"
            chance = "" if b.chance_nodes else ", no chance nodes"
            sample = f"{b.rollout_sample} sampled" if b.rollout_sample else "every action"
            final = "" if b.final == "visits" else f", final choice {b.final}"
            settle = "" if b.settle else ", never settling early"
            paired = f", the best {b.paired} root actions paired" if b.paired else ""
            tuned = "".join(
                f"; in {game_id}: " + ", ".join(f"{name} {value}" for name, value in knobs)
                for game_id, knobs in b.per_game
            )
            return (
                f"rollouts of {turns} rating {sample} a step, "
                f"prior temperature {b.prior_temperature:g}{chance}{final}{settle}{paired}{tuned}"
            )

        return (
            f"strong: {words(self.strong)}, {knobs(self.strong)}; "
            f"expert: {words(self.expert)}, {knobs(self.expert)}"
        )


def bot_of(level: str, seed: int, budgets: Budgets) -> Bot:
    """A bot of ``level`` with this run's budget for the search levels."""
    if level == "strong":
        return StrongBot(seed, budgets.strong, level="strong")
    if level == "expert":
        return StrongBot(seed, budgets.expert, level="expert")
    return make_bot(level, seed)


SEATINGS = ("alternate", "blocks")
"""How two levels share three or more seats (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Job:
    """One game of a pairing: which game, how many seats, the two levels and the game's index."""

    game_id: str
    players: int
    first: str
    second: str
    index: int
    budgets: Budgets
    seating: str = "alternate"


def seat_levels(job: Job) -> list[str]:
    """Which level sits where: alternating A, B, ... (or in blocks A, A, B, B, ...), rotated
    by the game's index."""
    if job.seating == "blocks":
        firsts = (job.players + 1) // 2
        base = [job.first] * firsts + [job.second] * (job.players - firsts)
    else:
        base = [job.first if i % 2 == 0 else job.second for i in range(job.players)]
    shift = job.index % job.players
    levels = base[shift:] + base[:shift]
    if job.players % 2 == 1 and (job.index // job.players) % 2 == 1:
        # odd seat counts: every other rotation swaps the levels, so each gets the extra seat
        levels = [job.second if lv == job.first else job.first for lv in levels]
    return levels


def rotation_deal(index: int, players: int) -> int:
    """Which deal game ``index`` at ``players`` seats plays: the games of one rotation of the
    seats (and, with an odd seat count, of its swapped twin) share a deal, so its luck falls to
    both sides alike."""
    group = players if players % 2 == 0 else 2 * players
    return index // group


def deal_of(job: Job) -> int:
    """Which deal (seed) ``job``'s game plays (:func:`rotation_deal`)."""
    return rotation_deal(job.index, job.players)


def play_job(job: Job) -> tuple[Job, float, int]:
    """Play one game; the first level's score (see the module docstring) and its decisions."""
    game = get_game(job.game_id)
    levels = seat_levels(job)
    bots = [bot_of(lv, 1000 * job.index + seat, job.budgets) for seat, lv in enumerate(levels)]
    state = game.new_game([f"P{i}" for i in range(job.players)], {}, 7919 * deal_of(job) + 17)
    decisions = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = game.apply(state, bots[seat].choose(game, game.view(state, seat)))
        decisions += 1
    winners = game.winners(state).winners
    if not winners:
        return job, 0.5, decisions
    first = sum(1 for w in winners if levels[w] == job.first)
    return job, first / len(winners), decisions


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion ``score`` over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denom
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def ratings(levels: Sequence[str], results: dict[tuple[str, str], list[float]]) -> dict[str, float]:
    """Elo-like ratings from pairwise scores (Bradley-Terry, minorise-maximise), one virtual draw
    per pairing; the first level is pinned at 0."""
    strength = {lv: 1.0 for lv in levels}
    wins = {lv: 0.0 for lv in levels}
    games: dict[tuple[str, str], float] = {}
    for (a, b), scores in results.items():
        w = sum(scores) + 0.5
        n = len(scores) + 1
        wins[a] += w
        wins[b] += n - w
        games[(a, b)] = games.get((a, b), 0.0) + n
    for _ in range(500):
        new = {}
        for lv in levels:
            denom = 0.0
            for (a, b), n in games.items():
                if lv in (a, b):
                    other = b if lv == a else a
                    denom += n / (strength[lv] + strength[other])
            new[lv] = wins[lv] / denom if denom else strength[lv]
        strength = new
    anchor = strength[levels[0]]
    return {lv: 400 * math.log10(strength[lv] / anchor) for lv in levels}


def counts_for(game: Game[Any], wanted: Sequence[int] | None) -> list[int]:
    """The player counts to play: each of ``wanted`` if the game allows it, else the allowed
    count of at least 2 nearest to it (the smaller on a tie); ``None``: every allowed count of
    at least 2."""
    allowed = [c for c in game.spec.counts if c >= 2]
    if wanted is None:
        return allowed
    chosen = {min(allowed, key=lambda c: (abs(c - w), c)) for w in wanted} if allowed else set()
    return sorted(chosen)


def mid_game(game: Game[Any], players: int, seed: int = 3) -> GameState:
    """A position about halfway through a random game (greedy moves, so it looks played)."""
    rng = Rng(seed_state(seed))
    state = game.new_game([f"P{i}" for i in range(players)], {}, seed)
    history = [state]
    while not state.is_over:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        history.append(state)
    for candidate in history[len(history) // 2 :]:
        decision = candidate.decision
        real = decision is not None and decision.skill is None
        if real and len(game.legal_actions(candidate)) > 1:
            return candidate
    return history[len(history) // 2]


def search_speed(
    game: Game[Any], seconds: float, knobs: SearchBudget = STRONG
) -> tuple[float, float, int]:
    """The strong search's iterations and plies per second on a mid-game position at 2 seats
    (or the smallest count above), and that seat count."""
    players = min(c for c in game.spec.counts if c >= 2)
    state = mid_game(game, players)
    seat = state.current_player
    assert seat is not None
    # (every iteration of the time: a settled search would end early on its position)
    budget = replace(knobs, seconds=seconds, iterations=None, settle=False)
    bot = StrongBot(1, budget, reuse=False)
    result = bot.search(game, game.view(state, seat))
    elapsed = max(result.seconds, 1e-9)
    return result.iterations / elapsed, result.plies / elapsed, players


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ladder and print it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=2, help="games per pairing and count")
    parser.add_argument("--game", action="append", help="a game id (repeatable); default all")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma list of levels")
    parser.add_argument(
        "--pairings",
        help="comma list of A:B pairings to play instead of every pair of --levels "
        "(a chain such as random:greedy,greedy:strong,strong:expert is enough for the ratings)",
    )
    parser.add_argument(
        "--counts",
        default="2,4",
        help="comma list of seat counts, or 'all' (every count of 2 or more each game allows)",
    )
    parser.add_argument(
        "--seating",
        choices=SEATINGS,
        default=SEATINGS[0],
        help="how the levels sit at 3 or more seats: alternate (A, B, A, B) or blocks (A, A, B, B)",
    )
    parser.add_argument("--offset", type=int, default=0, help="first game index (new deals)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    parser.add_argument("--strong-seconds", type=float, default=STRONG.seconds)
    parser.add_argument("--expert-seconds", type=float, default=EXPERT.seconds)
    parser.add_argument("--strong-iterations", type=int, help="limit strong by iterations")
    parser.add_argument("--expert-iterations", type=int, help="limit expert by iterations")
    parser.add_argument("--speed-seconds", type=float, default=1.0, help="throughput sample")
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="count the search levels' seconds in CPU time (fair on a busy machine)",
    )
    parser.add_argument(
        "--rollout-turns", type=int, default=STRONG.rollout_turns, help="default: one per seat"
    )
    parser.add_argument("--rollout", choices=ROLLOUT_POLICIES, default=STRONG.rollout)
    parser.add_argument("--rollout-sample", type=int, default=STRONG.rollout_sample)
    parser.add_argument("--exploration", type=float, default=STRONG.exploration)
    parser.add_argument("--prior-temperature", type=float, default=STRONG.prior_temperature)
    parser.add_argument(
        "--expert-rollout-turns",
        type=int,
        help="expert's rollout turns, when they differ from --rollout-turns",
    )
    parser.add_argument(
        "--expert-rollout-sample",
        type=int,
        help="expert's rollout sample (0: every action), when it differs from --rollout-sample",
    )
    parser.add_argument(
        "--expert-prior-temperature",
        type=float,
        help="expert's prior temperature, when it differs from --prior-temperature",
    )
    parser.add_argument(
        "--chance-nodes",
        choices=("on", "off"),
        default="on" if STRONG.chance_nodes else "off",
        help="strong tells the outcomes of chance apart in its tree (see bots/strong.py)",
    )
    parser.add_argument(
        "--expert-final",
        choices=("visits", "lcb"),
        help="how expert chooses its root action, when it differs from strong (see bots/strong.py)",
    )
    parser.add_argument(
        "--expert-tuning",
        choices=("shipped", "none"),
        default="shipped",
        help="expert's knobs of its own in some games (EXPERT.per_game in bots/strong.py): as "
        "shipped, or none (the flags alone)",
    )
    parser.add_argument(
        "--expert-chance-nodes",
        choices=("on", "off"),
        default="on" if EXPERT.chance_nodes else "off",
        help="expert tells the outcomes of chance apart in its tree",
    )
    parser.add_argument(
        "--expert-paired",
        type=int,
        help="expert compares this many of the heuristic's best root actions on common "
        "determinisations (see SearchBudget.paired in bots/strong.py; 0: off)",
    )
    parser.add_argument(
        "--settle",
        choices=("on", "off"),
        default="on" if STRONG.settle else "off",
        help="both search levels stop once their choice has settled (see bots/strong.py)",
    )
    args = parser.parse_args(argv)
    knobs = replace(
        STRONG,
        settle=args.settle == "on",
        rollout_turns=args.rollout_turns,
        rollout=args.rollout,
        rollout_sample=args.rollout_sample,
        exploration=args.exploration,
        prior_temperature=args.prior_temperature,
        chance_nodes=args.chance_nodes == "on",
        clock="cpu" if args.cpu_clock else "wall",
    )

    def budget(iterations: int | None, seconds: float) -> SearchBudget:
        if iterations is not None:
            return knobs.with_iterations(iterations)
        return replace(knobs, seconds=seconds)

    expert = budget(args.expert_iterations, args.expert_seconds)
    if args.expert_rollout_turns is not None:
        expert = replace(expert, rollout_turns=args.expert_rollout_turns)
    if args.expert_rollout_sample is not None:
        expert = replace(expert, rollout_sample=args.expert_rollout_sample)
    if args.expert_prior_temperature is not None:
        expert = replace(expert, prior_temperature=args.expert_prior_temperature)
    expert = replace(expert, chance_nodes=args.expert_chance_nodes == "on")
    if args.expert_paired is not None:
        expert = replace(expert, paired=args.expert_paired)
    if args.expert_final is not None:
        expert = replace(expert, final=args.expert_final)
    expert = replace(expert, per_game=EXPERT.per_game if args.expert_tuning == "shipped" else ())
    budgets = Budgets(budget(args.strong_iterations, args.strong_seconds), expert)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    pairings = list(itertools.combinations(levels, 2))
    if args.pairings:
        pairings = [
            (pair.split(":")[0].strip(), pair.split(":")[1].strip())
            for pair in args.pairings.split(",")
            if pair.strip()
        ]
        levels = [lv for lv in LEVELS if any(lv in pair for pair in pairings)]
    wanted_counts = None if args.counts == "all" else [int(c) for c in args.counts.split(",")]
    game_ids = args.game or list(GAMES)
    print(f"Bot ladder: {args.games} games per pairing, seats {args.seating}; {budgets.describe()}")
    jobs: list[Job] = []
    for game_id in game_ids:
        for players in counts_for(get_game(game_id), wanted_counts):
            for first, second in pairings:
                for index in range(args.offset, args.offset + args.games):
                    jobs.append(Job(game_id, players, first, second, index, budgets, args.seating))
    results: dict[tuple[str, int], dict[tuple[str, str], list[float]]] = {}
    started = time.perf_counter()
    outcomes: list[tuple[Job, float, int]] = []

    def progress(done: tuple[Job, float, int]) -> None:
        outcomes.append(done)
        job, score, decisions = done
        print(
            f"  [{len(outcomes)}/{len(jobs)}] {job.game_id} {job.players} seats "
            f"{job.first} v {job.second} #{job.index}: {score:g} ({decisions} decisions, "
            f"{time.perf_counter() - started:.0f} s)",
            file=sys.stderr,
            flush=True,
        )

    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for done in pool.map(play_job, jobs):
                progress(done)
    else:
        for job in jobs:
            progress(play_job(job))
    for job, score, _decisions in outcomes:
        table = results.setdefault((job.game_id, job.players), {})
        table.setdefault((job.first, job.second), []).append(score)
    print(f"({len(jobs)} games in {time.perf_counter() - started:.0f} s)\n")
    print("| game | seats | pairing | first's score | 95% interval |")
    print("|---|---|---|---|---|")
    for (game_id, players), table in results.items():
        for (a, b), scores in table.items():
            mean = sum(scores) / len(scores)
            low, high = wilson(mean, len(scores))
            print(
                f"| {game_id} | {players} | {a} v {b} | {mean:.2f} ({len(scores)} games) | "
                f"{low:.2f}-{high:.2f} |"
            )
    print("\n| game | seats | " + " | ".join(levels) + " |")
    print("|---|---|" + "---|" * len(levels))
    for (game_id, players), table in results.items():
        elo = ratings(levels, table)
        print(f"| {game_id} | {players} | " + " | ".join(f"{elo[lv]:+.0f}" for lv in levels) + " |")
    chess = chess_plies_per_second(args.speed_seconds)
    chess_text = "python-chess missing" if chess is None else f"{chess:,.0f} plies/s"
    print(f"\nSearch throughput (strong, mid-game position), python-chess: {chess_text}\n")
    print("| game | seats | iterations/s | plies/s |")
    print("|---|---|---|---|")
    for game_id in game_ids:
        speed, plies, players = search_speed(get_game(game_id), args.speed_seconds, knobs)
        print(f"| {game_id} | {players} | {speed:,.0f} | {plies:,.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
