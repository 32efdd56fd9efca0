"""The ``gardens`` command line: open the app, or check rules on save files without it.

``gardens`` alone opens the app; ``play`` and ``open`` open it on a new or saved game. Every other
sub-command works on snapshot files (:mod:`gardens_tui.saves`) and prints plain text, or stable
JSON with ``--json`` (the shapes are documented in README.md, "Command line"). Exit status: 0 on
success, 2 on an illegal action, a bad file or bad arguments, with the reason on stderr.

Everything printed passes through :func:`say`, :func:`complain` or :func:`print_json`, which
escape every character a terminal could act on (:func:`~gardens_tui.rules.safe_text.printable`):
names, file names and texts from a save are data, never terminal commands, and no input (an
undecodable byte in an argument, a lone surrogate) can make printing fail. An error is one line
on stderr.

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
from contextlib import AbstractContextManager, nullcontext, suppress
from pathlib import Path
from typing import Any

from gardens_tui import __version__
from gardens_tui.bots import make_bot
from gardens_tui.rules.base import Game, GameSpec, GameState, IllegalAction, OptionValue
from gardens_tui.rules.registry import GAMES, get_game
from gardens_tui.rules.rng import MAX_SEED
from gardens_tui.rules.safe_text import cell_width, is_unsafe, name_key, printable, quoted
from gardens_tui.saves import (
    FileVersion,
    SaveError,
    load_table,
    read_save,
    save_table,
    starts_from_setup,
)
from gardens_tui.storage import locked
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
# Output: nothing raw reaches the terminal
# --------------------------------------------------------------------------------------------


def say(text: str = "") -> None:
    """Print ``text`` on stdout with every unsafe character escaped (line breaks kept)."""
    print(printable(text))


def complain(message: str) -> None:
    """Print ``gardens: <message>`` on stderr as one line, unsafe characters escaped."""
    print(f"gardens: {printable(message, newlines=False)}", file=sys.stderr)


def json_text(data: Any) -> str:
    """``data`` as indented UTF-8 JSON in which every character a terminal could act on (C1
    controls, DEL, invisible formatting characters, lone surrogates) is a ``\\u`` escape.

    ``json.dumps`` escapes the C0 controls itself; the rest can only occur inside strings,
    where an escape means the same character, so the JSON value is unchanged.
    """
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if text.isprintable() or all(line.isprintable() for line in text.split("\n")):
        return text
    # The only line feeds left are the indentation's: json.dumps escapes those in strings.
    return "".join(
        _json_escape(char) if char != "\n" and is_unsafe(char) else char for char in text
    )


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # astral: as a surrogate pair, as JSON writes it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def print_json(data: Any) -> None:
    """Print ``data`` as :func:`json_text`."""
    print(json_text(data))


def _tolerant_streams() -> None:
    """Make stdout and stderr escape what their encoding cannot write, instead of raising
    (a name in Japanese on a Latin-1 terminal); everything printed is escaped already."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


class _Parser(argparse.ArgumentParser):
    """argparse with its messages escaped and its errors on one line.

    argparse echoes what it refuses (an unknown option, a bad value), which may hold escape
    sequences or undecodable bytes; its usage block is left to ``--help``.
    """

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            super()._print_message(printable(message), file)

    def error(self, message: str) -> Any:
        """Print the reason as one line and exit with status 2."""
        complain(f"error: {message} (see {self.prog} --help)")
        raise SystemExit(EXIT_ERROR)


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
    parser = _Parser(
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
    _tolerant_streams()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and argparse's own errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_ERROR)
    handler: Callable[[argparse.Namespace], int] = getattr(args, "handler", cmd_app)
    try:
        return handler(args)
    except (CliError, SaveError) as exc:
        complain(str(exc))
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


def _pad(text: str, width: int, *, right: bool = True) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (wide characters count two),
    flush right unless ``right`` is false."""
    fill = " " * max(0, width - cell_width(text))
    return fill + text if right else text + fill


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


def _run_app(
    table: Table | None = None, save_path: Path | None = None, source: FileVersion | None = None
) -> int:
    try:
        from gardens_tui.ui.app import create_app
    except ImportError as exc:
        raise CliError(f"the app cannot start: {exc}") from None
    app = create_app(table=table, save_path=save_path, source=source)
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
    """``gardens open FILE``: continue a saved game in the app; it saves back to FILE (unless
    another program changed FILE meanwhile: the app then saves to a new file and says so)."""
    table, source = read_save(args.file)
    return _run_app(table, source.path, source)


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
        print_json(
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
    say("\n\n".join(blocks))
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
        say(text.rstrip("\n"))
    return EXIT_OK


# --------------------------------------------------------------------------------------------
# Save-file commands
# --------------------------------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    """``gardens new GAME --players SPEC -o FILE``: write a new game to a save file."""
    table = _new_table(args)
    path = save_table(table, args.output)
    names = ", ".join(seat.spec() for seat in table.seats)
    say(f"wrote {path}: {table.game.spec.title}, {names}, seed {table.setup.seed}")
    return EXIT_OK


def _viewer(table: Table, text: str | None) -> int | None:
    if text is None:
        return None
    names = [name_key(seat.name) for seat in table.seats]
    if name_key(text) in names:
        return names.index(name_key(text))
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
        print_json({**position_json(table), "seat": seat, "events": events, "board": board})
        return EXIT_OK
    names = ", ".join(s.name for s in table.seats)
    viewer = "spectator" if seat is None else f"as {table.seats[seat].name} sees it"
    say(f"{table.game.spec.title}: {names} ({viewer})")
    say()
    say(board.rstrip("\n"))
    say()
    for event in events:
        say(f"  {event}")
    say("\n".join(_status_lines(table)))
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
        print_json({"decision": position["decision"], "moves": moves})
        return EXIT_OK
    say("\n".join(_status_lines(table)))
    if not moves:
        return EXIT_OK
    width = max(len(move["action"]) for move in moves)
    for move in moves:
        description = move["description"]
        same = description == move["action"]
        say(f"  {move['action']}" if same else f"  {move['action']:<{width}}  {description}")
    return EXIT_OK


def _same_file(a: Path, b: Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def cmd_apply(args: argparse.Namespace) -> int:
    """``gardens apply FILE ACTION ...``: play the actions in order and save atomically.

    At the first illegal action nothing is written: the reason goes to stderr, exit status 2.
    Writing back to FILE holds its folder's write lock from reading to writing, so two applies
    on one file run one after the other and neither move is lost; a program that ignores the
    lock and changes FILE meanwhile makes the write refuse (nothing is written).
    """
    out_path: Path = args.output or args.file
    in_place = _same_file(args.file, out_path)
    guard: AbstractContextManager[Any] = locked(args.file) if in_place else nullcontext()
    with guard:
        table, source = read_save(args.file)
        applied = _apply_all(table, args.actions)
        out = save_table(table, out_path, expect=source.digest if in_place else None)
    if args.json:
        print_json({"applied": applied, "written": str(out), **position_json(table)})
        return EXIT_OK
    for item in applied:
        say(f"{item['name']}: {item['action']}")
        for event in item["events"]:
            say(f"  {event}")
    say(f"wrote {out}")
    say("\n".join(_status_lines(table)))
    return EXIT_OK


def _apply_all(table: Table, texts: Sequence[str]) -> list[dict[str, Any]]:
    """Play ``texts`` in order on ``table``; what each did, for the output. :class:`CliError`
    at the first that is not a legal action now."""
    game = table.game
    applied: list[dict[str, Any]] = []
    for number, text in enumerate(texts, start=1):
        state = table.state
        where = f"action {number} of {len(texts)}, {quoted(text)}"
        if state.decision is None:
            raise CliError(f"{where}: the game is over; nothing was written")
        seat = state.decision.seat
        try:
            action = game.read_action(state, text)
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
    return applied


def cmd_score(args: argparse.Namespace) -> int:
    """``gardens score FILE``: points per player and category, and the winners once over."""
    table = load_table(args.file)
    scores = table.game.scores(table.state)
    outcome = _outcome(table)
    names = [seat.name for seat in table.seats]
    if args.json:
        print_json(
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
    widths = [max(cell_width(name), 5) for name in names]
    say(" " * label + "".join(f"  {_pad(name, w)}" for name, w in zip(names, widths, strict=True)))
    rows = [
        (category, [row[i] for row in scores.table]) for i, category in enumerate(scores.categories)
    ]
    rows.append(("total", list(scores.totals())))
    for category, values in rows:
        cells = "".join(f"  {v:>{w}}" for v, w in zip(values, widths, strict=True))
        say(f"{category:<{label}}{cells}")
    say()
    if outcome is None:
        say("Provisional scores: the game is not over.")
    else:
        say(_status_lines(table)[0])
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
    say(f"{args.file}: ok: {table.game.spec.title}, {names}; {how}; {where}")
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
            f"{row['seat']:>4}  {_pad(row['name'], width, right=False)}  {row['bot']:<6} "
            f"{row['wins']:>5}"
            f"  {percent:5.1f}%  {row['average_score']:9.2f}"
        )
    if shared:
        say(f"shared wins: {shared} games had more than one winner (each winner counted)")
    say(f"average decisions per game: {decisions / count:.1f}")
    say(f"{rate:.1f} games/s ({seconds:.2f} s)")
    return EXIT_OK
