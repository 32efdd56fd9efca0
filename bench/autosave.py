"""Autosave benchmark: the cost of one autosave early in a game and late in it.

Run it from the project folder::

    python bench/autosave.py               # about half a minute
    python bench/autosave.py --markdown    # the table for README's Benchmarks section
    python bench/autosave.py --folder DIR  # autosave into DIR (default: a temporary folder)

It plays 4-player games of Octopus's Garden with every module on (seeded random bots, until a
game has made :data:`LAST` decisions, the longest this game gets) and autosaves after every
decision as the app does (``saves.autosave(table, previous)``), timing each autosave: wall time
(the disk's ``fsync`` included) and the process's CPU time. Beside it, at each checkpoint, it
times a named save (``saves.write_save``, which still parses its whole file back and reads the
state with ``from_dict``) of the same table, the file size, and the position's own share: the
game's ``to_dict`` of the current state written as JSON, which any save of that position pays
(it grows a little as the gardens fill up, whatever the history).

The figures are medians over the autosaves within :data:`WINDOW` decisions of each checkpoint,
over every game. Target: an autosave at decision 200 costs at most :data:`FLAT_RATIO` times one at
decision 10 (CPU time; the wall time adds the disk's own, flat, cost). Before issue 6 an
autosave also built the setup's new game and parsed its whole file back; it now checks only the
actions played since the last one and keeps the packed action list between autosaves
(:mod:`gardens_tui.saves.autosaves`). This is a script, never a test: it asserts nothing and
exits 0 unless a save fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gardens_tui import saves
from gardens_tui.bots import Bot, make_bot
from gardens_tui.rules.registry import get_spec
from gardens_tui.storage import FileVersion, dumps
from gardens_tui.table import Seat, Setup, Table

GAME = "octopus-garden"
CHECKPOINTS = (10, 100, 200, 300)
"""Decisions made when the cost is read (the number of actions in the file)."""

LAST = max(CHECKPOINTS)
WINDOW = 4
"""Autosaves within this many decisions of a checkpoint count towards it."""

FLAT_RATIO = 1.25
"""The most an autosave at decision 200 may cost compared with one at decision 10."""

NAMED_REPEATS = 5
"""Named saves timed at each checkpoint of each game."""


@dataclass(slots=True)
class Samples:
    """Times (seconds) near one checkpoint."""

    auto_wall: list[float] = field(default_factory=list)
    auto_cpu: list[float] = field(default_factory=list)
    named_wall: list[float] = field(default_factory=list)
    named_cpu: list[float] = field(default_factory=list)
    position_cpu: list[float] = field(default_factory=list)
    size: list[int] = field(default_factory=list)


def long_game(seed: int) -> Table | None:
    """A fresh table of a seeded 4-player all-modules game, if its random bots make at least
    :data:`LAST` decisions from ``seed`` (else ``None``); the decisions are replayed by
    :func:`play_and_autosave`."""
    table = new_table(seed)
    bots = bots_for(seed)
    while not table.state.is_over:
        seat = table.state.current_player
        assert seat is not None
        table.apply(bots[seat].choose(table.game, table.state))
    return new_table(seed) if len(table.actions) >= LAST + WINDOW else None


def new_table(seed: int) -> Table:
    """A 4-player game of random bots with every module on, from ``seed``."""

    options = {opt.key: True for opt in get_spec(GAME).options}
    seats = tuple(Seat(name, "random") for name in ("Ann", "Bob", "Cleo", "Dev"))
    return Table(Setup(GAME, seats, options, seed))


def bots_for(seed: int) -> list[Bot]:
    """The seeded random bots of the game from ``seed``, by seat."""
    return [make_bot("random", seed * 10 + seat) for seat in range(4)]


def play_and_autosave(table: Table, seed: int, folder: Path, found: dict[int, Samples]) -> None:
    """Play ``table``'s game to :data:`LAST` + :data:`WINDOW` decisions, autosaving after each
    one; time the autosaves (and named saves) near the checkpoints into ``found``."""
    bots = bots_for(seed)
    previous: FileVersion | None = None
    named = folder / f"named-{seed}.json"
    while len(table.actions) < LAST + WINDOW:
        seat = table.state.current_player
        assert seat is not None
        table.apply(bots[seat].choose(table.game, table.state))
        wall, cpu = time.perf_counter(), time.process_time()
        previous = saves.autosave(table, previous)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        made = len(table.actions)
        for checkpoint in CHECKPOINTS:
            if abs(made - checkpoint) > WINDOW:
                continue
            samples = found.setdefault(checkpoint, Samples())
            samples.auto_wall.append(wall)
            samples.auto_cpu.append(cpu)
            if made == checkpoint:
                samples.size.append(previous.path.stat().st_size)
                for _ in range(NAMED_REPEATS):
                    w, c = time.perf_counter(), time.process_time()
                    saves.write_save(table, named)
                    samples.named_wall.append(time.perf_counter() - w)
                    samples.named_cpu.append(time.process_time() - c)
                    c = time.process_time()
                    dumps(table.game.to_dict(table.state))
                    samples.position_cpu.append(time.process_time() - c)


def ms(values: list[float]) -> str:
    """The median of ``values`` (seconds) in milliseconds."""
    return f"{1000 * statistics.median(values):.2f}"


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games measured (default 5)")
    parser.add_argument("--folder", type=Path, help="the data folder (default: a temporary one)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="gardens-bench-") as scratch:
        folder = args.folder or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        os.environ["GARDENS_TUI_HOME"] = str(folder)
        print(
            f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}; "
            f"autosaves into {folder}"
        )
        found: dict[int, Samples] = {}
        seed, played = 0, 0
        while played < args.games:
            table = long_game(seed)
            if table is not None:
                play_and_autosave(table, seed, folder, found)
                played += 1
            seed += 1

    headers = (
        "decisions",
        "file KB",
        "autosave ms (wall)",
        "autosave ms (CPU)",
        "named save ms (wall)",
        "named save ms (CPU)",
        "position ms (CPU)",
    )
    rows = [
        (
            str(checkpoint),
            f"{statistics.median(s.size) / 1024:.1f}",
            ms(s.auto_wall),
            ms(s.auto_cpu),
            ms(s.named_wall),
            ms(s.named_cpu),
            ms(s.position_cpu),
        )
        for checkpoint, s in sorted(found.items())
    ]
    if args.markdown:
        print("| " + " | ".join(headers) + " |")
        print("|" + "|".join("---:" for _ in headers) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
        print("  ".join(h.rjust(w) for h, w in zip(headers, widths, strict=True)))
        for row in rows:
            print("  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)))
    early = statistics.median(found[10].auto_cpu)
    late = statistics.median(found[200].auto_cpu)
    verdict = "flat" if late <= FLAT_RATIO * early else "NOT flat"
    print(
        f"\nautosave CPU at decision 200 / at decision 10: {late / early:.2f} "
        f"(target <= {FLAT_RATIO}): {verdict}; {played} games, seeds 0-{seed - 1}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
