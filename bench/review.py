"""How long ``gardens review`` takes at its default budget, one typical game of each game.

Each game is played to the end with the greedy bot in the first seat (a person's seat: the one
reviewed) against greedy bots, saved to a temporary folder and reviewed by the real command
(``gardens review FILE --json``); the review's own ``seconds`` are printed beside the seat's
number of real decisions. A script, never a test::

    python bench/review.py            # about two minutes
    python bench/review.py --seed 3   # other deals
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gardens_tui.bots import make_bot
from gardens_tui.driver import Driver
from gardens_tui.saves import save_table
from gardens_tui.table import Seat, Setup, Table

GAMES = (
    ("octopus-garden", 2),
    ("the-gardens", 2),
    ("tanuki-in-the-garden", 2),
    ("throw-octopus", 3),
    ("seabed-neighbours", 3),
)


def main() -> None:
    """Play, save and review one game of each game; print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    print("| game | seats | the person's real decisions | review time | mistakes named |")
    print("|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for game, count in GAMES:
            seats = (Seat("Ann"), *(Seat(f"Bot {i}", "greedy") for i in range(1, count)))
            table = Table(Setup(game, seats, {}, args.seed))
            Driver(table, {0: make_bot("greedy", args.seed)}).run()
            path = Path(folder) / f"{game}.json"
            save_table(table, path)
            command = [sys.executable, "-m", "gardens_tui", "review", str(path), "--json"]
            done = json.loads(subprocess.run(command, capture_output=True, check=True).stdout)
            print(
                f"| {table.game.spec.title} | {count} | {done['decisions']} | "
                f"{done['seconds']:.0f} s | {len(done['mistakes'])} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
