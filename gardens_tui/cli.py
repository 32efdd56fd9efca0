"""The ``gardens`` command line: open the app, or check rules on save files without it.

``gardens`` alone opens the app; ``play`` and ``open`` open it on a new or saved game. Every other
sub-command works on snapshot files (:mod:`gardens_tui.saves`) and prints plain text, or stable
JSON with ``--json`` (the shapes are documented in README.md, "Command line"). Exit status: 0 on
success, 2 on an illegal action, a bad file or bad arguments, with the reason on stderr.

Rule-check commands never import Textual (the app is imported inside the functions that open it)
and import Rich only where they print with it (``rules`` on a terminal, ``simulate``'s progress
bar), so they start fast.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gardens_tui import __version__
from gardens_tui.bots import make_bot
from gardens_tui.rules.base import Game, GameSpec, GameState, IllegalAction, OptionValue
from gardens_tui.rules.registry import GAMES, get_game
from gardens_tui.rules.rng import MAX_SEED
from gardens_tui.saves import SaveError, load_table, save_table, starts_from_setup
from gardens_tui.table import Seat, Setup, Table, parse_players

EXIT_OK = 0
EXIT_ERROR = 2
"""Exit status for an illegal action, a bad file or bad arguments (as argparse uses)."""

MAX_SIMULATED_GAMES = 1_000_000
MAX_DECISIONS = 100_000
"""A simulated game that has not ended after this many decisions is reported as an error."""


class CliError(Exception):
    """A refusal to print on stderr (``gardens: <message>``) with exit status 2."""


# --------------------------------------------------------------------------------------------
# Argument parsing
# --------------------------------------------------------------------------------------------


def _whole_number(what: str, low: int, high: int) -> Callable[[str], int]:
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


_seed = _whole_number("a seed", 0, MAX_SEED)
_count = _whole_number("the number of games", 1, MAX_SIMULATED_GAMES)


def _add_setup_arguments(parser: argparse.ArgumentParser, players_required: bool) -> None:
    parser.add_argument("game", metavar="GAME", help="the game id (see `gardens games`)")
    parser.add_argument(
        "--players",
        metavar="SPEC",
        required=players_required,
        help="comma list of seats in turn order: NAME, bot:LEVEL or NAME=bot:LEVEL "
        "(levels: random, greedy), e.g. Ann,Bob,bot:greedy",
    )
    parser.add_argument(
        "--option",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="set a game option (repeatable), e.g. --option shark=on",
    )
    parser.add_argument("--seed", type=_seed, help="the random seed (default: a random one)")


def _add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON (see README.md)")


def build_parser() -> argparse.ArgumentParser:
    """The ``gardens`` argument parser with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="gardens",
        description="Garden board games in the terminal. Without a command, opens the app.",
        epilog="Exit status: 0 on success, 2 on an illegal action, a bad file or bad arguments.",
    )
    parser.add_argument("--version", action="version", version=f"gardens-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, text: str, handler: Callable[[argparse.Namespace], int]) -> Any:
        p = sub.add_parser(name, help=text, description=text)
        p.set_defaults(handler=handler)
        return p

    p = command("play", "open the app on a new game", cmd_play)
    _add_setup_arguments(p, players_required=False)

    p = command("open", "continue a saved game in the app", cmd_open)
    p.add_argument("file", metavar="FILE", type=Path)

    p = command("games", "list the games, player counts and options", cmd_games)
    _add_json(p)

    p = command("rules", "print a game's rules summary, options and notation", cmd_rules)
    p.add_argument("game", metavar="GAME")

    p = command("new", "write a new game to a save file", cmd_new)
    _add_setup_arguments(p, players_required=True)
    p.add_argument("-o", "--output", metavar="FILE", type=Path, required=True)

    p = command("show", "print the position, whose turn it is and the pending decision", cmd_show)
    p.add_argument("file", metavar="FILE", type=Path)
    p.add_argument(
        "--seat",
        metavar="N",
        help="show what this seat may see (a seat number from 0, or a player name); "
        "default: a spectator's view",
    )
    _add_json(p)

    p = command("moves", "list the legal actions of the pending decision", cmd_moves)
    p.add_argument("file", metavar="FILE", type=Path)
    _add_json(p)

    p = command("apply", "play actions in order and save the result", cmd_apply)
    p.add_argument("file", metavar="FILE", type=Path)
    p.add_argument("actions", metavar="ACTION", nargs="+", help="an action in notation, quoted")
    p.add_argument(
        "-o", "--output", metavar="OUT", type=Path, help="write here instead of back to FILE"
    )
    _add_json(p)

    p = command("score", "print the scores by player and category, and the winners", cmd_score)
    p.add_argument("file", metavar="FILE", type=Path)
    _add_json(p)

    p = command("check", "validate a save file (replaying its actions)", cmd_check)
    p.add_argument("file", metavar="FILE", type=Path)

    p = command("simulate", "play bot games and print statistics", cmd_simulate)
    p.add_argument("game", metavar="GAME")
    p.add_argument("-n", "--games", type=_count, required=True, metavar="N")
    p.add_argument(
        "--players",
        metavar="SPEC",
        help="seats as for play; human names are played by the greedy bot "
        "(default: greedy bots for the game's minimum player count)",
    )
    p.add_argument("--option", metavar="KEY=VALUE", action="append", default=[])
    p.add_argument("--seed", type=_seed, default=0, help="the first game's seed (default 0)")
    _add_json(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``) and return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and argparse's own errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_ERROR)
    handler: Callable[[argparse.Namespace], int] = getattr(args, "handler", cmd_app)
    try:
        return handler(args)
    except (CliError, SaveError) as exc:
        print(f"gardens: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        # The reader went away (`gardens moves FILE | head`): not an error of the command.
        _silence_stdout()
        return EXIT_OK


def _silence_stdout() -> None:
    # Python would report the broken pipe again when it flushes stdout at exit.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


# --------------------------------------------------------------------------------------------
# Shared helpers
# --------------------------------------------------------------------------------------------


def _game(game_id: str) -> Game[Any]:
    try:
        return get_game(game_id)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _options(spec: GameSpec, pairs: Sequence[str]) -> dict[str, OptionValue]:
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


def _seats(spec: GameSpec, text: str) -> list[Seat]:
    try:
        seats = parse_players(text)
        spec.check_player_count(len(seats))
    except ValueError as exc:
        raise CliError(f"--players: {exc}") from None
    return seats


def _new_table(args: argparse.Namespace, default_players: str | None = None) -> Table:
    game = _game(args.game)
    spec = game.spec
    seats = _seats(spec, args.players or default_players or "")
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 32)
    setup = Setup(spec.id, tuple(seats), _options(spec, args.option), seed)
    try:
        return Table(setup)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _names(table: Table, seats: Sequence[int]) -> list[str]:
    return [table.seats[seat].name for seat in seats]


def _outcome(table: Table) -> dict[str, Any] | None:
    if not table.state.is_over:
        return None
    outcome = table.game.winners(table.state)
    return {
        "seats": list(outcome.winners),
        "names": _names(table, outcome.winners),
        "tiebreak": outcome.tiebreak,
    }


def position_json(table: Table) -> dict[str, Any]:
    """The fields every ``--json`` output about a position shares (see README.md)."""
    state = table.state
    decision = state.decision
    return {
        "game": table.game.spec.id,
        "title": table.game.spec.title,
        "turn": state.turn,
        "over": state.is_over,
        "active": state.active,
        "players": [
            {"seat": i, "name": seat.name, "bot": seat.bot} for i, seat in enumerate(table.seats)
        ],
        "decision": None
        if decision is None
        else {
            "seat": decision.seat,
            "name": table.seats[decision.seat].name,
            "kind": decision.kind,
            "prompt": decision.prompt,
            "optional": decision.optional,
        },
        "outcome": _outcome(table),
    }


def _status_lines(table: Table) -> list[str]:
    """Whose turn it is and the pending decision, or the result, in words."""
    state = table.state
    decision = state.decision
    outcome = _outcome(table)
    if outcome is not None:
        winners = " and ".join(outcome["names"])
        line = f"Game over. {'Winners' if len(outcome['names']) > 1 else 'Winner'}: {winners}"
        if outcome["tiebreak"]:
            line += f" ({outcome['tiebreak']})"
        return [line]
    if decision is None:
        return ["No decision is pending."]
    seat = table.seats[decision.seat]
    who = f"{seat.name} (seat {decision.seat}{', bot ' + seat.bot if seat.bot else ''})"
    lines = [f"Turn {state.turn}, {table.seats[state.active].name}'s turn."]
    optional = " (optional)" if decision.optional else ""
    lines.append(f"{who} to decide: {decision.prompt}{optional}")
    return lines


# --------------------------------------------------------------------------------------------
# The app
# --------------------------------------------------------------------------------------------


def _run_app(table: Table | None = None, save_path: Path | None = None) -> int:
    try:
        from gardens_tui.ui.app import create_app
    except ImportError as exc:
        raise CliError(f"the app cannot start: {exc}") from None
    app = create_app(table=table, save_path=save_path)
    app.run()
    code = getattr(app, "return_code", 0)
    return code if isinstance(code, int) else EXIT_OK


def cmd_app(args: argparse.Namespace) -> int:
    """``gardens``: open the app at its main menu."""
    return _run_app()


def cmd_play(args: argparse.Namespace) -> int:
    """``gardens play GAME``: open the app on a new game (default seats: you and greedy bots)."""
    spec = _game(args.game).spec
    default = ",".join(["You", *["bot:greedy"] * (spec.min_players - 1)])
    return _run_app(_new_table(args, default))


def cmd_open(args: argparse.Namespace) -> int:
    """``gardens open FILE``: continue a saved game in the app; it saves back to FILE."""
    return _run_app(load_table(args.file), args.file)


# --------------------------------------------------------------------------------------------
# Games and rules
# --------------------------------------------------------------------------------------------


def _option_json(spec: GameSpec) -> list[dict[str, Any]]:
    return [
        {
            "key": opt.key,
            "default": opt.default,
            "values": opt.describe_value(),
            "description": opt.description,
        }
        for opt in spec.options
    ]


def _format_default(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _option_lines(spec: GameSpec) -> list[str]:
    if not spec.options:
        return ["  (no options)"]
    width = max(len(f"{opt.key}={_format_default(opt.default)}") for opt in spec.options)
    return [
        f"  {opt.key + '=' + _format_default(opt.default):<{width}}  {opt.description}"
        f" [{opt.describe_value()}]"
        for opt in spec.options
    ]


def cmd_games(args: argparse.Namespace) -> int:
    """``gardens games``: every game with its player count and options (defaults shown)."""
    specs = [game.spec for game in GAMES.values()]
    if args.json:
        _print_json(
            {
                "games": [
                    {
                        "id": spec.id,
                        "title": spec.title,
                        "min_players": spec.min_players,
                        "max_players": spec.max_players,
                        "blurb": spec.blurb,
                        "options": _option_json(spec),
                    }
                    for spec in specs
                ]
            }
        )
        return EXIT_OK
    blocks = []
    for spec in specs:
        lines = [
            f"{spec.id}: {spec.title}, {spec.min_players}-{spec.max_players} players",
            f"  {spec.blurb}",
            "  options (KEY=DEFAULT):" if spec.options else "  no options",
        ]
        lines += ["  " + line for line in _option_lines(spec)] if spec.options else []
        blocks.append("\n".join(lines))
    print("\n\n".join(blocks))
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    """``gardens rules GAME``: the rules summary, the options and the action notation.

    Printed as Markdown; on a terminal Rich renders it.
    """
    game = _game(args.game)
    spec = game.spec
    summary = spec.summary.strip()
    heading = f"# {spec.title}"
    if summary.startswith("# "):  # the summary brings its own title: keep it, once
        heading, _, summary = summary.partition("\n")
    parts = [
        heading,
        f"{spec.min_players}-{spec.max_players} players. {spec.blurb}",
        summary.strip(),
        "## Options",
        "\n".join(
            f"- `{opt.key}` (default {_format_default(opt.default)}; {opt.describe_value()}): "
            f"{opt.description}"
            for opt in spec.options
        )
        or "This game has no options.",
    ]
    notation = game.notation_help().strip()
    if notation:
        parts += ["## Action notation", notation]
    text = "\n\n".join(parts) + "\n"
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        print(text, end="")
    return EXIT_OK


# --------------------------------------------------------------------------------------------
# Save-file commands
# --------------------------------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    """``gardens new GAME --players SPEC -o FILE``: write a new game to a save file."""
    table = _new_table(args)
    path = save_table(table, args.output)
    names = ", ".join(seat.spec() for seat in table.seats)
    print(f"wrote {path}: {table.game.spec.title}, {names}, seed {table.setup.seed}")
    return EXIT_OK


def _viewer(table: Table, text: str | None) -> int | None:
    if text is None:
        return None
    names = [seat.name.casefold() for seat in table.seats]
    if text.strip().casefold() in names:
        return names.index(text.strip().casefold())
    try:
        seat = int(text)
    except ValueError:
        raise CliError(f"--seat {text!r}: not a seat number or a player's name") from None
    if not 0 <= seat < len(table.seats):
        raise CliError(f"--seat {seat}: the seats are 0 to {len(table.seats) - 1}")
    return seat


def cmd_show(args: argparse.Namespace) -> int:
    """``gardens show FILE``: the board(s) as text, the last events, whose turn, the decision."""
    table = load_table(args.file)
    seat = _viewer(table, args.seat)
    board = table.game.render_text(table.state, seat)
    events = list(table.state.events)
    if args.json:
        _print_json({**position_json(table), "seat": seat, "events": events, "board": board})
        return EXIT_OK
    names = ", ".join(s.name for s in table.seats)
    viewer = "spectator" if seat is None else f"as {table.seats[seat].name} sees it"
    print(f"{table.game.spec.title}: {names} ({viewer})")
    print()
    print(board.rstrip("\n"))
    print()
    for event in events:
        print(f"  {event}")
    print("\n".join(_status_lines(table)))
    return EXIT_OK


def cmd_moves(args: argparse.Namespace) -> int:
    """``gardens moves FILE``: the legal actions in notation, with a short description."""
    table = load_table(args.file)
    game, state = table.game, table.state
    moves = [
        {"action": game.format_action(a), "description": game.describe_action(state, a)}
        for a in table.legal_actions()
    ]
    if args.json:
        position = position_json(table)
        _print_json({"decision": position["decision"], "moves": moves})
        return EXIT_OK
    print("\n".join(_status_lines(table)))
    if not moves:
        return EXIT_OK
    width = max(len(move["action"]) for move in moves)
    for move in moves:
        description = move["description"]
        same = description == move["action"]
        print(f"  {move['action']}" if same else f"  {move['action']:<{width}}  {description}")
    return EXIT_OK


def cmd_apply(args: argparse.Namespace) -> int:
    """``gardens apply FILE ACTION ...``: play the actions in order and save atomically.

    At the first illegal action nothing is written: the reason goes to stderr, exit status 2.
    """
    table = load_table(args.file)
    game = table.game
    applied: list[dict[str, Any]] = []
    total = len(args.actions)
    for number, text in enumerate(args.actions, start=1):
        state = table.state
        where = f"action {number} of {total}, {text!r}"
        if state.decision is None:
            raise CliError(f"{where}: the game is over; nothing was written")
        seat = state.decision.seat
        try:
            action = game.parse_action(state, text)
            new_state = table.apply(action)
        except IllegalAction as exc:
            raise CliError(f"{where}: {exc}; nothing was written") from None
        applied.append(
            {
                "action": game.format_action(action),
                "seat": seat,
                "name": table.seats[seat].name,
                "events": list(new_state.events),
            }
        )
    out = save_table(table, args.output or args.file)
    if args.json:
        _print_json({"applied": applied, "written": str(out), **position_json(table)})
        return EXIT_OK
    for item in applied:
        print(f"{item['name']}: {item['action']}")
        for event in item["events"]:
            print(f"  {event}")
    print(f"wrote {out}")
    print("\n".join(_status_lines(table)))
    return EXIT_OK


def cmd_score(args: argparse.Namespace) -> int:
    """``gardens score FILE``: points per player and category, and the winners once over."""
    table = load_table(args.file)
    scores = table.game.scores(table.state)
    outcome = _outcome(table)
    names = [seat.name for seat in table.seats]
    if args.json:
        _print_json(
            {
                "final": scores.final,
                "categories": list(scores.categories),
                "players": [
                    {
                        "seat": i,
                        "name": name,
                        "scores": scores.by_category(i),
                        "total": scores.total(i),
                    }
                    for i, name in enumerate(names)
                ],
                "outcome": outcome,
            }
        )
        return EXIT_OK
    label = max([len("total"), *(len(c) for c in scores.categories)])
    widths = [max(len(name), 5) for name in names]
    print(" " * label + "".join(f"  {name:>{w}}" for name, w in zip(names, widths, strict=True)))
    rows = [
        (category, [row[i] for row in scores.table]) for i, category in enumerate(scores.categories)
    ]
    rows.append(("total", list(scores.totals())))
    for category, values in rows:
        cells = "".join(f"  {v:>{w}}" for v, w in zip(values, widths, strict=True))
        print(f"{category:<{label}}{cells}")
    print()
    if outcome is None:
        print("Provisional scores: the game is not over.")
    else:
        print(_status_lines(table)[0])
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    """``gardens check FILE``: load the file with every check (replay included) and say so."""
    table = load_table(args.file)
    names = ", ".join(seat.spec() for seat in table.seats)
    if table.actions:
        how = f"{len(table.actions)} actions replayed, the stored state matches"
    elif starts_from_setup(table):
        how = "a new game"
    else:
        how = "a position without actions"
    state = table.state
    where = "game over" if state.is_over else f"turn {state.turn}"
    print(f"{args.file}: ok: {table.game.spec.title}, {names}; {how}; {where}")
    return EXIT_OK


# --------------------------------------------------------------------------------------------
# Simulation
# --------------------------------------------------------------------------------------------


def _simulated_seats(spec: GameSpec, text: str | None) -> list[Seat]:
    if text is None:
        return [Seat(f"Greedy bot {i + 1}", "greedy") for i in range(spec.min_players)]
    return [Seat(s.name, s.bot or "greedy") for s in _seats(spec, text)]


def play_bot_game(setup: Setup, game_number: int = 0) -> tuple[GameState, int]:
    """Play one game of bots from ``setup`` to the end: the final state and how many decisions.

    Each seat's bot is seeded from the setup's seed and the seat, so the game is reproducible.
    Raises :class:`CliError` if the game does not end within :data:`MAX_DECISIONS`, and
    ``ValueError`` for an invalid setup.
    """
    game = get_game(setup.game)
    bots = [
        make_bot(seat.bot or "greedy", setup.seed * 16 + i) for i, seat in enumerate(setup.seats)
    ]
    state = setup.new_state()
    decisions = 0
    while state.current_player is not None:
        if decisions >= MAX_DECISIONS:
            raise CliError(
                f"game {game_number + 1} (seed {setup.seed}) did not end after "
                f"{MAX_DECISIONS} decisions"
            )
        state = game.apply(state, bots[state.current_player].choose(game, state))
        decisions += 1
    return state, decisions


def cmd_simulate(args: argparse.Namespace) -> int:
    """``gardens simulate GAME -n N``: N bot games; wins and average scores per seat, average
    decisions per game and games per second. Game ``i`` uses seed ``--seed + i``."""
    game = _game(args.game)
    spec = game.spec
    seats = _simulated_seats(spec, args.players)
    options = _options(spec, args.option)
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
        _print_json(
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
    width = max(len("player"), *(len(seat.name) for seat in seats))
    print(f"{spec.title}: {count} games from seed {args.seed}")
    print(f"seat  {'player':<{width}}  bot     wins   win %  avg score")
    for row in rows:
        percent = 100 * row["wins"] / count
        print(
            f"{row['seat']:>4}  {row['name']:<{width}}  {row['bot']:<6} {row['wins']:>5}"
            f"  {percent:5.1f}%  {row['average_score']:9.2f}"
        )
    if shared:
        print(f"shared wins: {shared} games had more than one winner (each winner counted)")
    print(f"average decisions per game: {decisions / count:.1f}")
    print(f"{rate:.1f} games/s ({seconds:.2f} s)")
    return EXIT_OK
