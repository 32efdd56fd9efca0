"""``gardens simulate GAME -n N``: bot games and their statistics."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from gardens_tui.bots import make_bot
from gardens_tui.cli.arguments import (
    CommandAdder,
    add_json,
    fewest_players,
    game_count,
    game_of,
    parse_options,
    parse_seats,
    seed_number,
)
from gardens_tui.cli.output import EXIT_OK, CliError, print_json, say
from gardens_tui.driver import Driver
from gardens_tui.rules.base import GameSpec, GameState
from gardens_tui.rules.rng import MAX_SEED
from gardens_tui.rules.safe_text import cell_width
from gardens_tui.rules.words import seat_number
from gardens_tui.seat_words import pad
from gardens_tui.table import Seat, Setup, Table

MAX_DECISIONS = 100_000
"""A simulated game that has not ended after this many decisions is reported as an error."""


def simulated_seats(spec: GameSpec, text: str | None) -> list[Seat]:
    """The seats of ``--players`` with every human played by the greedy bot; without it, greedy
    bots for the game's smallest player count."""
    if text is None:
        return [Seat(f"Greedy bot {i + 1}", "greedy") for i in range(fewest_players(spec))]
    return [Seat(s.name, s.bot or "greedy") for s in parse_seats(spec, text)]


def play_bot_game(setup: Setup, game_number: int = 0) -> tuple[GameState, int]:
    """Play one game of bots from ``setup`` to the end: the final state and how many decisions.

    Each seat's bot is seeded from the setup's seed and the seat, so the game is reproducible.
    Raises :class:`CliError` if the game does not end within :data:`MAX_DECISIONS`, and
    ``ValueError`` for an invalid setup.
    """
    bots = {
        i: make_bot(seat.bot or "greedy", setup.seed * 16 + i) for i, seat in enumerate(setup.seats)
    }
    table = Table(setup)
    decisions = Driver(table, bots).run(max_decisions=MAX_DECISIONS)
    if not table.state.is_over:
        raise CliError(
            f"game {game_number + 1} (seed {setup.seed}) did not end after "
            f"{MAX_DECISIONS} decisions"
        )
    return table.state, decisions


def cmd_simulate(args: argparse.Namespace) -> int:
    """``gardens simulate GAME -n N``: N bot games; wins and average scores per seat, average
    decisions per game and games per second. Game ``i`` uses seed ``--seed + i``."""
    game = game_of(args.game)
    spec = game.spec
    seats = simulated_seats(spec, args.players)
    options = parse_options(spec, args.option)
    count: int = args.games
    wins = [0] * len(seats)
    points = [0] * len(seats)
    shared = 0
    decisions = 0
    started = time.perf_counter()
    progress = None
    if not args.json and sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        progress = Progress(console=Console(stderr=True), transient=True)
    task = None
    if progress is not None:
        progress.start()
        task = progress.add_task(f"{spec.title}", total=count)
    try:
        for i in range(count):
            seed = (args.seed + i) % (MAX_SEED + 1)
            try:
                final, made = play_bot_game(Setup(spec.id, tuple(seats), options, seed), i)
            except ValueError as exc:
                raise CliError(f"game {i + 1} (seed {seed}): {exc}") from None
            decisions += made
            outcome = game.winners(final)
            shared += len(outcome.winners) > 1
            for seat in outcome.winners:
                wins[seat] += 1
            for seat, total in enumerate(game.scores(final).totals()):
                points[seat] += total
            if progress is not None and task is not None:
                progress.advance(task)
    finally:
        if progress is not None:
            progress.stop()
    seconds = time.perf_counter() - started
    rate = count / seconds if seconds > 0 else 0.0
    rows: list[dict[str, Any]] = [
        {
            "seat": i,
            "name": seat.name,
            "bot": seat.bot,
            "wins": wins[i],
            "average_score": round(points[i] / count, 3),
        }
        for i, seat in enumerate(seats)
    ]
    if args.json:
        print_json(
            {
                "game": spec.id,
                "games": count,
                "seed": args.seed,
                "options": options,
                "seats": rows,
                "shared_wins": shared,
                "average_decisions": round(decisions / count, 3),
                "seconds": round(seconds, 3),
                "games_per_second": round(rate, 3),
            }
        )
        return EXIT_OK
    width = max(len("player"), *(cell_width(seat.name) for seat in seats))
    say(f"{spec.title}: {count} games from seed {args.seed}")
    say(f"seat  {'player':<{width}}  bot     wins   win %  avg score")
    for row in rows:
        percent = 100 * row["wins"] / count
        say(
            f"{seat_number(row['seat']):>4}  {pad(row['name'], width, right=False)}  "
            f"{row['bot']:<6} {row['wins']:>5}"
            f"  {percent:5.1f}%  {row['average_score']:9.2f}"
        )
    if shared:
        say(f"shared wins: {shared} games had more than one winner (each winner counted)")
    say(f"average decisions per game: {decisions / count:.1f}")
    say(f"{rate:.1f} games/s ({seconds:.2f} s)")
    return EXIT_OK


def add_parsers(command: CommandAdder) -> None:
    """``simulate``."""
    p = command("simulate", "play bot games and print statistics", cmd_simulate)
    p.add_argument("game", metavar="GAME")
    p.add_argument("-n", "--games", type=game_count, required=True, metavar="N")
    p.add_argument(
        "--players",
        metavar="SPEC",
        help="seats as for play; human names are played by the greedy bot "
        "(default: greedy bots for the game's smallest player count)",
    )
    p.add_argument("--option", metavar="KEY=VALUE", action="append", default=[])
    p.add_argument("--seed", type=seed_number, default=0, help="the first game's seed (default 0)")
    add_json(p)
