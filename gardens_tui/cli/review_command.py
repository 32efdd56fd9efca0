"""``gardens review FILE [--seat S]``: the decisions that cost a seat the most in a saved game.

The strong search looks at each real decision the seat made, on the position as the seat saw
it then (:mod:`gardens_tui.bots.review`), and the command prints the largest mistakes in plain
words (or ``--json``). A game still in progress is reviewed up to where it stands. On a
terminal a progress bar shows on standard error; Ctrl+C stops the review and prints what it
found so far. ``--iterations`` makes it reproducible (with ``--seed``) instead of timed.
"""

from __future__ import annotations

import argparse
import sys
import threading

from gardens_tui.bots.review import (
    COMPARE_BUDGET,
    FIND_BUDGET,
    Progress,
    Review,
    review_game,
    review_json,
    review_lines,
    seat_decisions,
)
from gardens_tui.bots.strong import SearchBudget
from gardens_tui.cli.arguments import CommandAdder, add_file, add_json, add_seat, whole_number
from gardens_tui.cli.output import EXIT_OK, CliError, print_json, say
from gardens_tui.cli.views import parse_viewer
from gardens_tui.saves import load_table
from gardens_tui.table import Table


def review_seat(table: Table, asked: str | None) -> int:
    """The seat to review: ``--seat``'s, or the only person's seat; :class:`CliError` when the
    game has several people (or none) and no ``--seat`` says which."""
    seat = parse_viewer(table, asked)
    if seat is not None:
        return seat
    people = [i for i, s in enumerate(table.seats) if not s.is_bot]
    if len(people) == 1:
        return people[0]
    names = ", ".join(s.name for s in table.seats)
    raise CliError(f"say whose game to review with --seat (the players: {names})")


def cmd_review(args: argparse.Namespace) -> int:
    """``gardens review FILE [--seat S] [--iterations N] [--seed N] [--json]``."""
    table = load_table(args.file)
    seat = review_seat(table, args.seat)
    find, compare = FIND_BUDGET, COMPARE_BUDGET
    if args.iterations is not None:
        find = FIND_BUDGET.with_iterations(args.iterations)
        compare = COMPARE_BUDGET.with_iterations(max(1, args.iterations // 2))
    cancel = threading.Event()
    budgets = (find, compare)
    if args.json or not sys.stderr.isatty():
        review = _run(table, seat, args.seed, budgets, cancel)
    else:
        from rich.console import Console
        from rich.progress import Progress as Bar

        total = len(seat_decisions(table, seat))
        with Bar(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(f"Reviewing {table.seats[seat].name}'s game", total=total)
            review = _run(
                table,
                seat,
                args.seed,
                budgets,
                cancel,
                lambda done, _: bar.update(task, completed=done),
            )
    if args.json:
        print_json(review_json(review))
    else:
        for line in review_lines(review):
            say(line)
    return EXIT_OK


def _run(
    table: Table,
    seat: int,
    seed: int,
    budgets: tuple[SearchBudget, SearchBudget],
    cancel: threading.Event,
    advance: Progress | None = None,
) -> Review:
    """The review, on a worker thread; Ctrl+C stops it with what was found so far."""
    result: list[Review] = []

    def work() -> None:
        find, compare = budgets
        review = review_game(
            table, seat, seed=seed, find=find, compare=compare, progress=advance, cancel=cancel
        )
        result.append(review)

    worker = threading.Thread(target=work, name="review", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.2)
    except KeyboardInterrupt:
        cancel.set()
        worker.join()
    if not result:
        raise CliError("the review failed")
    return result[0]


def add_parsers(command: CommandAdder) -> None:
    """``review``."""
    p = command("review", "the decisions that cost a seat the most in a saved game", cmd_review)
    add_file(p)
    add_seat(p, "the game to review (default: the only person's seat)")
    p.add_argument(
        "--iterations",
        type=whole_number("--iterations", 2, 1_000_000),
        help="search each decision this many iterations (and the move played against the best "
        "half as many) instead of for a time: reproducible with --seed",
    )
    p.add_argument(
        "--seed", type=whole_number("--seed", 0, 2**63 - 1), default=0, help="the search's seed"
    )
    add_json(p)
