"""The ``gardens`` command line: open the app, or check rules on save files without it.

``gardens`` alone opens the app; ``play`` and ``open`` open it on a new or saved game. Every other
sub-command works on snapshot files (:mod:`gardens_tui.saves`) and prints plain text, or stable
JSON with ``--json`` (the shapes are documented in README.md, "Command line"). Exit status: 0 on
success, 2 on an illegal action, a bad file or bad arguments, with the reason on stderr.

One module per group of sub-commands, each adding its own parsers; all of them print through
:mod:`.output` (everything escaped, errors on one line) and show positions only as a seat (or a
spectator) may see them (:mod:`.views`):

- :mod:`.app_commands`: ``gardens``, ``play``, ``open``;
- :mod:`.game_commands`: ``games``, ``rules``;
- :mod:`.file_commands`: ``new``, ``show``, ``moves``, ``apply``, ``check``;
- :mod:`.score_command`: ``score``;
- :mod:`.simulate`: ``simulate``;
- :mod:`.hint_command`: ``hint``;
- :mod:`.review_command`: ``review``;
- :mod:`.serve_command`: ``serve ssh``, ``serve passwd``, ``serve web``;
- :mod:`.store_command`: ``serve migrate``, ``serve export``, ``serve import`` (the PostgreSQL
  store);
- :mod:`.arguments`: arguments several commands share, and building games and tables from them.

Rule-check commands never import Textual (the app is imported inside the functions that open it)
and import Rich only where they print with it (``rules`` on a terminal, ``simulate``'s progress
bar), so they start fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from gardens_tui import __version__
from gardens_tui.cli import (
    app_commands,
    file_commands,
    game_commands,
    hint_command,
    review_command,
    score_command,
    serve_command,
    simulate,
)
from gardens_tui.cli.arguments import Handler
from gardens_tui.cli.output import (
    EXIT_ERROR,
    EXIT_OK,
    CliError,
    Parser,
    complain,
    json_text,
    print_json,
    say,
    silence_stdout,
    tolerant_streams,
)
from gardens_tui.storage import SaveError

__all__ = [
    "EXIT_ERROR",
    "EXIT_OK",
    "CliError",
    "build_parser",
    "complain",
    "json_text",
    "main",
    "print_json",
    "say",
]


def build_parser() -> argparse.ArgumentParser:
    """The ``gardens`` argument parser with every sub-command."""
    parser = Parser(
        prog="gardens",
        description="Garden board games in the terminal. Without a command, opens the app.",
        epilog="Exit status: 0 on success, 2 on an illegal action, a bad file or bad arguments.",
    )
    parser.add_argument("--version", action="version", version=f"gardens-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, text: str, handler: Handler) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = sub.add_parser(name, help=text, description=text)
        p.set_defaults(handler=handler)
        return p

    app_commands.add_parsers(command)
    game_commands.add_parsers(command)
    file_commands.add_parsers(command)
    score_command.add_parsers(command)
    file_commands.add_check_parser(command)
    simulate.add_parsers(command)
    hint_command.add_parsers(command)
    review_command.add_parsers(command)
    serve_command.add_parsers(command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``) and return the exit status."""
    tolerant_streams()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and argparse's own errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_ERROR)
    handler: Handler = getattr(args, "handler", app_commands.cmd_app)
    try:
        return handler(args)
    except (CliError, SaveError) as exc:
        complain(str(exc))
        return EXIT_ERROR
    except BrokenPipeError:
        # The reader went away (`gardens moves FILE | head`): not an error of the command.
        silence_stdout()
        return EXIT_OK
