"""Arguments shared by several sub-commands, and turning them into games, seats and tables."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gardens_tui.bots import LEVELS, MAX_ITERATIONS, MAX_SECONDS, MIN_ITERATIONS, MIN_SECONDS
from gardens_tui.cli.output import CliError, note
from gardens_tui.cli.views import SEAT_HELP
from gardens_tui.rules.base import Game, GameSpec, OptionValue
from gardens_tui.rules.registry import get_game, get_spec
from gardens_tui.rules.rng import MAX_SEED
from gardens_tui.table import Seat, Setup, Table, parse_players

MAX_SIMULATED_GAMES = 1_000_000
"""The most games one ``gardens simulate`` plays."""

Handler = Callable[[argparse.Namespace], int]
"""A sub-command: the parsed arguments in, the exit status out."""

CommandAdder = Callable[[str, str, Handler], argparse.ArgumentParser]
"""Adds a sub-command (name, one line of help, handler) and returns its parser."""


def whole_number(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` accepting a whole number in ``low..high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} is a whole number from {low} to {high}")
        return value

    return parse


seed_number = whole_number("a seed", 0, MAX_SEED)
game_count = whole_number("the number of games", 1, MAX_SIMULATED_GAMES)


def add_setup_arguments(parser: argparse.ArgumentParser, players_required: bool) -> None:
    """``GAME``, ``--players``, ``--option`` (repeatable) and ``--seed``."""
    parser.add_argument("game", metavar="GAME", help="the game id (see `gardens games`)")
    parser.add_argument(
        "--players",
        metavar="SPEC",
        required=players_required,
        help="comma list of seats in turn order: NAME, bot:LEVEL or NAME=bot:LEVEL "
        f"(levels: {', '.join(LEVELS)}; strong and expert search about 1 and 4 seconds a "
        "decision, or as long as LEVEL@SECONDSs says, "
        f"{MIN_SECONDS:g}-{MAX_SECONDS:g}, or LEVEL@ITERATIONS, "
        f"{MIN_ITERATIONS}-{MAX_ITERATIONS}, reproducible from the seed), "
        "e.g. Ann,Bob=bot:strong@2s,bot:expert",
    )
    parser.add_argument(
        "--option",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="set a game option (repeatable), e.g. --option shark=on",
    )
    parser.add_argument("--seed", type=seed_number, help="the random seed (default: a random one)")


def add_json(parser: argparse.ArgumentParser) -> None:
    """``--json``."""
    parser.add_argument("--json", action="store_true", help="print JSON (see README.md)")


def add_seat(parser: argparse.ArgumentParser, what: str) -> None:
    """``--seat NAME|NUMBER``: whose eyes ``what`` is seen with (default: a spectator's)."""
    parser.add_argument(
        "--seat",
        metavar="NAME|NUMBER",
        help=f"show {what} as this seat sees the game: {SEAT_HELP}; default: as a spectator, "
        "public information only",
    )


def add_file(parser: argparse.ArgumentParser) -> None:
    """The ``FILE`` argument."""
    parser.add_argument("file", metavar="FILE", type=Path)


def game_of(game_id: str) -> Game[Any]:
    """The game ``game_id`` (its engine imported), or :class:`CliError` naming the games."""
    try:
        return get_game(game_id)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def spec_of(game_id: str) -> GameSpec:
    """The spec of ``game_id`` (no engine imported), or :class:`CliError` naming the games."""
    try:
        return get_spec(game_id)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def parse_options(spec: GameSpec, pairs: Sequence[str]) -> dict[str, OptionValue]:
    """``KEY=VALUE`` texts parsed by each option's own rules, defaults filled in."""
    given: dict[str, OptionValue] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise CliError(f"--option {pair!r}: write KEY=VALUE, e.g. --option shark=on")
        try:
            option = spec.option(key.strip())
        except KeyError:
            known = ", ".join(opt.key for opt in spec.options) or "none"
            raise CliError(
                f"{spec.title} has no option {key.strip()!r}; its options: {known}"
            ) from None
        try:
            given[option.key] = option.parse(value)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    return spec.normalise_options(given)


def parse_seats(spec: GameSpec, text: str) -> list[Seat]:
    """The ``--players`` list, checked against the game's player counts."""
    try:
        seats = parse_players(text)
        spec.check_player_count(len(seats))
    except ValueError as exc:
        raise CliError(f"--players: {exc}") from None
    return seats


def fewest_players(spec: GameSpec) -> int:
    """The smallest player count the game allows (``spec.counts``, not ``min_players``: a game
    may skip counts)."""
    return spec.counts[0]


def new_table(args: argparse.Namespace, default_players: str | None = None) -> Table:
    """A table for the ``GAME --players --option --seed`` arguments (a random seed if none)."""
    game = game_of(args.game)
    spec = game.spec
    seats = parse_seats(spec, args.players or default_players or "")
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 32)
    setup = Setup(spec.id, tuple(seats), parse_options(spec, args.option), seed)
    for idle in spec.idle_options(setup.options):
        note(idle)
    try:
        return Table(setup)
    except ValueError as exc:
        raise CliError(str(exc)) from None
