"""Write a golden save file: ``python tests/golden/make_golden.py GAME [--option KEY=VALUE ...]``.

A golden file is a whole game played by seeded bots and saved with its actions, as
``tests/golden/<game id>-v<rules version>.json``. It freezes what files already written hold:
the game id, the bot level names in ``setup`` and the notation of every action. The tests load
and replay every golden file (``tests/test_migrations.py``), so a change that would break an
old save fails there: keep the old files, raise the game's ``rules_version`` with a migration,
and write a golden file of the new version with this script.

Seats: Ann (human, played by a greedy bot here), Bob (a greedy bot) and, when the game allows a
third seat, Cleo (a random bot), so both bot level names are frozen. ``--option`` sets options
(default: every on/off option on, so a game's modules are all covered).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gardens_tui import saves
from gardens_tui.bots import make_bot
from gardens_tui.rules.registry import get_game
from gardens_tui.table import Seat, Setup, Table

GOLDEN = Path(__file__).resolve().parent
SEED = 2026


def golden_path(game_id: str, rules_version: int) -> Path:
    """Where the golden file of ``game_id`` at ``rules_version`` lives."""
    return GOLDEN / f"{game_id}-v{rules_version}.json"


def golden_table(game_id: str, options: dict[str, object], seed: int = SEED) -> Table:
    """A whole game of ``game_id`` played by seeded bots (see the module docstring)."""
    spec = get_game(game_id).spec
    seats = [Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "random")]
    count = max((n for n in spec.counts if n <= len(seats)), default=spec.counts[0])
    chosen = tuple(seats[:count])
    table = Table(Setup(game_id, chosen, spec.normalise_options(options), seed))
    bots = [make_bot(seat.bot or "greedy", seed * 7 + i) for i, seat in enumerate(chosen)]
    while not table.state.is_over:
        seat = table.state.current_player
        assert seat is not None
        table.apply(bots[seat].choose(table.game, table.state))
    return table


def main(argv: list[str] | None = None) -> int:
    """Write the golden file of one game; print its path."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    spec = get_game(args.game).spec
    options: dict[str, object] = {o.key: True for o in spec.options if o.default is False}
    for pair in args.option:
        key, _, value = pair.partition("=")
        options[key] = spec.option(key).parse(value)
    path = golden_path(spec.id, spec.rules_version)
    if path.exists():
        print(f"{path} exists: golden files are never rewritten", file=sys.stderr)
        return 2
    saves.save_table(golden_table(spec.id, options, args.seed), path)
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
