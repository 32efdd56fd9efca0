"""``gardens hint FILE [--seat S]``: the strong bot's advice for the seat deciding now.

The search (:mod:`gardens_tui.bots.advice`, shared with the app's hint key) runs on the deciding
seat's view only, never on the full state, so a hint reveals nothing that seat could not see. It
prints the recommended action and a short why: the mean value (the search's estimate of the
seat's chance to win, 0..1) and the visits of the top three actions, in the game's notation.
``--iterations`` makes the hint reproducible (with ``--seed``); the default budget is the
``strong`` level's time.
"""

from __future__ import annotations

import argparse

from gardens_tui.bots.advice import advice_json, advice_lines, advise
from gardens_tui.bots.strong import STRONG, SearchBudget
from gardens_tui.cli.arguments import CommandAdder, add_file, add_json, whole_number
from gardens_tui.cli.output import EXIT_OK, CliError, print_json, say
from gardens_tui.cli.views import SEAT_HELP, parse_viewer, seat_view
from gardens_tui.saves import load_table
from gardens_tui.seat_words import status_lines


def cmd_hint(args: argparse.Namespace) -> int:
    """``gardens hint FILE [--seat S] [--iterations N | --seconds S] [--seed N]``: the strong
    bot's best action for the deciding seat, worked out on that seat's view, with the value and
    visits of its top three actions."""
    table = load_table(args.file)
    state = table.state
    seat = state.current_player
    if seat is None:
        raise CliError(f"{args.file}: the game is over; there is nothing to hint")
    asked = parse_viewer(table, args.seat)
    if asked is not None and asked != seat:
        raise CliError(
            f"it is {table.seats[seat].name}'s decision, not {table.seats[asked].name}'s: "
            "a hint is for the seat deciding now"
        )
    if args.iterations is not None:
        budget = STRONG.with_iterations(args.iterations)
    elif args.seconds is not None:
        budget = SearchBudget(seconds=args.seconds)
    else:
        budget = STRONG
    view = seat_view(table, seat)
    game = table.game
    result = advise(game, view.view(), budget, seed=args.seed)
    name = table.seats[seat].name
    if args.json:
        print_json(advice_json(result, game.format_action, seat, name))
        return EXIT_OK
    say("\n".join(status_lines(view)))
    say("\n".join(advice_lines(result, game.format_action, name)))
    return EXIT_OK


def _seconds(text: str) -> float:
    """An argparse ``type``: a positive number of seconds, at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("--seconds must be more than 0 and at most 3600")
    return value


def add_parsers(command: CommandAdder) -> None:
    """``hint``."""
    p = command("hint", "ask the strong bot for the deciding seat's best action", cmd_hint)
    add_file(p)
    p.add_argument(
        "--seat",
        metavar="NAME|NUMBER",
        help=f"the seat asking: {SEAT_HELP}; it must be the seat deciding now (default: that seat)",
    )
    budget = p.add_mutually_exclusive_group()
    budget.add_argument(
        "--iterations",
        type=whole_number("--iterations", 1, 10_000_000),
        help="search this many iterations (reproducible with --seed)",
    )
    budget.add_argument(
        "--seconds",
        type=_seconds,
        help=f"search this long (default {STRONG.seconds:g})",
    )
    p.add_argument(
        "--seed", type=whole_number("--seed", 0, 2**63 - 1), default=0, help="the search's seed"
    )
    add_json(p)
