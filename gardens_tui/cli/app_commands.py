"""``gardens``, ``gardens play``, ``gardens open``, ``gardens continue`` and ``gardens learn``:
the commands that open a game to play, in the app or, with ``--plain``, line by line
(:mod:`gardens_tui.plain.local`; a lesson: :mod:`gardens_tui.plain.learn`).

The app (and so Textual) is imported only when one of them runs, and never for ``--plain``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gardens_tui import saves
from gardens_tui.cli.arguments import (
    CommandAdder,
    add_file,
    add_setup_arguments,
    fewest_players,
    new_table,
    spec_of,
)
from gardens_tui.cli.output import EXIT_OK, CliError, complain
from gardens_tui.saves import FileVersion, read_save
from gardens_tui.table import Table


def run_app(
    table: Table | None = None, save_path: Path | None = None, source: FileVersion | None = None
) -> int:
    """Run the app (on ``table``, saving to ``save_path``, read from ``source``); its exit
    status. :class:`CliError` when the app cannot be imported."""
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
    return run_app()


def run_plain(args: argparse.Namespace, table: Table, source: FileVersion | None = None) -> int:
    """Play ``table`` in the plain mode (``--colour``, ``--bot-delay`` from ``args``)."""
    from gardens_tui.plain.local import run_local

    return run_local(table, source=source, colour=args.colour, bot_delay=args.bot_delay)


def cmd_play(args: argparse.Namespace) -> int:
    """``gardens play GAME``: open the app (or the plain mode) on a new game (default seats: you
    and greedy bots, as many seats as the game's smallest player count)."""
    spec = spec_of(args.game)
    default = ",".join(["You", *["bot:greedy"] * (fewest_players(spec) - 1)])
    table = new_table(args, default)
    return run_plain(args, table) if args.plain else run_app(table)


def cmd_open(args: argparse.Namespace) -> int:
    """``gardens open FILE``: continue a saved game in the app (or the plain mode); the app's
    ``ctrl+s`` and the plain mode's ``save`` save back to FILE (unless another program changed
    FILE meanwhile: the game then goes to a new file, which is named)."""
    table, source = read_save(args.file)
    return run_plain(args, table, source) if args.plain else run_app(table, source.path, source)


def cmd_continue(args: argparse.Namespace) -> int:
    """``gardens continue``: the newest autosave of an unfinished game that loads, in the app
    (or the plain mode), as the app's Continue opens it; those that do not load are named and
    skipped."""
    skipped: list[str] = []
    for path in saves.autosave_candidates():
        try:
            table, source = read_save(path)
        except (OSError, ValueError) as error:
            skipped.append(f"{path.name}: {error}")
            continue
        for line in skipped:
            complain(f"skipped {line}")
        return run_plain(args, table, source) if args.plain else run_app(table, None, source)
    reason = "; ".join(skipped) if skipped else "no game was autosaved yet"
    raise CliError(f"there is no game to continue ({reason})")


def cmd_learn(args: argparse.Namespace) -> int:
    """``gardens learn GAME [--restart]``: the game's guided first game, line by line
    (:mod:`gardens_tui.plain.learn`); taken up where it was left unless ``--restart``."""
    from gardens_tui.plain.learn import run_lesson

    spec = spec_of(args.game)
    try:
        return run_lesson(spec.id, restart=args.restart, colour=args.colour)
    except KeyError as missing:
        raise CliError(str(missing.args[0])) from None


def add_plain_arguments(parser: argparse.ArgumentParser) -> None:
    """``--plain``, ``--colour`` and ``--bot-delay``."""
    parser.add_argument(
        "--plain",
        action="store_true",
        help="play line by line (for screen readers, dumb terminals and pipes) instead of "
        "in the app",
    )
    parser.add_argument(
        "--colour",
        "--color",
        action="store_true",
        help="with --plain: colour some lines (no colour without it)",
    )
    parser.add_argument(
        "--bot-delay",
        metavar="SECONDS",
        type=float,
        default=0.0,
        help="with --plain: wait this long before each bot decision (default 0; typing a line "
        "ends the waits)",
    )


def add_parsers(command: CommandAdder) -> None:
    """``play``, ``open``, ``continue`` and ``learn`` (``gardens`` alone runs
    :func:`cmd_app`)."""
    p = command("play", "open the app (or --plain) on a new game", cmd_play)
    add_setup_arguments(p, players_required=False)
    add_plain_arguments(p)
    p = command("open", "continue a saved game in the app (or --plain)", cmd_open)
    add_file(p)
    add_plain_arguments(p)
    p = command(
        "continue", "continue the newest autosaved game (in the app, or --plain)", cmd_continue
    )
    add_plain_arguments(p)
    p = command("learn", "a guided first game: learn to play GAME, line by line", cmd_learn)
    p.add_argument("game", metavar="GAME", help="the game id (see `gardens games`)")
    p.add_argument("--restart", action="store_true", help="start the lesson over")
    p.add_argument("--colour", "--color", action="store_true", help="colour some lines")
