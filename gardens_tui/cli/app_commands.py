"""``gardens``, ``gardens play`` and ``gardens open``: the commands that open the app.

The app (and so Textual) is imported only when one of them runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gardens_tui.cli.arguments import (
    CommandAdder,
    add_file,
    add_setup_arguments,
    fewest_players,
    new_table,
    spec_of,
)
from gardens_tui.cli.output import EXIT_OK, CliError
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


def cmd_play(args: argparse.Namespace) -> int:
    """``gardens play GAME``: open the app on a new game (default seats: you and greedy bots,
    as many seats as the game's smallest player count)."""
    spec = spec_of(args.game)
    default = ",".join(["You", *["bot:greedy"] * (fewest_players(spec) - 1)])
    return run_app(new_table(args, default))


def cmd_open(args: argparse.Namespace) -> int:
    """``gardens open FILE``: continue a saved game in the app; it saves back to FILE (unless
    another program changed FILE meanwhile: the app then saves to a new file and says so)."""
    table, source = read_save(args.file)
    return run_app(table, source.path, source)


def add_parsers(command: CommandAdder) -> None:
    """``play`` and ``open`` (``gardens`` alone runs :func:`cmd_app`)."""
    p = command("play", "open the app on a new game", cmd_play)
    add_setup_arguments(p, players_required=False)
    p = command("open", "continue a saved game in the app", cmd_open)
    add_file(p)
