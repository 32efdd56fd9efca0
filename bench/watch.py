"""A move on a watcher's screen: ``python bench/watch.py`` (a script, never a test).

A player at the SSH server watching a table redraws every move made there; with a hundred
players at forty tables that redraw is most of the server's work (docs/hosting.md,
"Measured"). This plays ``--moves`` random decisions of three people at a table of each game
(protocol clients in a thread of their own) while the app watches it as a spectator, at
100x34 by default, and reports the app's main-thread CPU per move (everything the app does:
reading the update, redrawing the widgets, laying out, rendering, writing to the terminal),
the frames written per move and their bytes. Run it before and after a change to the
screens, in one run of each, and compare the ratios: the machine is shared.

The app uses Textual's headless driver with ``is_headless`` off (it renders as to a terminal,
into a counter), so nothing reaches a real terminal. The table owner runs on its own event
loop thread, as in the server.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui import _counting_driver  # the UI benchmark's terminal-like driver

GAMES = (
    "octopus-garden",
    "the-gardens",
    "tanuki-in-the-garden",
    "throw-octopus",
    "seabed-neighbours",
)


class Owner:
    """A table owner on a Unix socket, served from an event loop in a thread."""

    def __init__(self) -> None:
        from gardens_tui.server.lobby.owner import TableOwner

        self.dir = Path(tempfile.mkdtemp(prefix="gtw-"))
        self.path = self.dir / "owner.sock"
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.owner = self.call(lambda: TableOwner(None, bot_delay=0.0))
        asyncio.run_coroutine_threadsafe(self.owner.start(self.path), self.loop).result(30)

    def call(self, fn: Any) -> Any:
        """``fn()`` on the owner's loop."""

        async def run() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)

    def connect(self, name: str) -> Any:
        """A client connected as ``name``."""
        from gardens_tui.server.lobby.client import connect

        ticket = self.call(lambda: self.owner.issue_ticket(f"id:{name}", name))
        return connect(self.path, ticket)


async def watch(
    game: str, moves: int, size: tuple[int, int], seed: int
) -> tuple[int, float, float, float]:
    """(moves played, CPU ms a move, frames a move, bytes a move) of a spectator's app."""
    from gardens_tui.settings import Settings
    from gardens_tui.ui.app import create_app

    owner = Owner()
    names = ("Ann", "Bob", "Cleo")
    clients = [owner.connect(name) for name in names]
    code = clients[0].create_table(game, [(name, None) for name in names], seed=seed)
    views = [client.join(code, seat) for seat, client in enumerate(clients)]
    writes: list[tuple[int, float, float]] = []
    app = create_app(lobby=owner.connect("Eve"), settings=Settings(bot_delay_ms=0, autosave=False))
    app.driver_class = _counting_driver(writes)
    played = [0]
    done = threading.Event()

    def play() -> None:
        rng = random.Random(seed)
        for _ in range(moves):
            seat = None
            for _ in range(3000):
                seat = next((v for v in views if v.may_act and v.legal_actions()), None)
                if seat is not None:
                    break
                time.sleep(0.002)
            if seat is None:
                break  # the game is over
            seat.apply(rng.choice(seat.legal_actions()))
            played[0] += 1
            time.sleep(0.06)  # the app draws each move before the next
        done.set()

    async with app.run_test(headless=False, size=size) as pilot:
        await pilot.press("c")
        await pilot.press(*code.lower(), "enter")
        await pilot.press("1")  # watch as a spectator
        for _ in range(10):
            await pilot.pause()
        writes.clear()
        cpu = time.thread_time()
        threading.Thread(target=play, daemon=True).start()
        while not done.is_set():
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        cpu_ms = (time.thread_time() - cpu) * 1000
        app.exit()
    n = max(played[0], 1)
    return played[0], cpu_ms / n, len(writes) / n, sum(w[0] for w in writes) / n


def main(argv: list[str] | None = None) -> int:
    """Run and print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=80)
    parser.add_argument("--size", default="100x34", help="COLUMNSxROWS (100x34)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args(argv)
    width, height = (int(part) for part in args.size.split("x"))
    print(f"A spectator's app at {width}x{height}, three people playing random moves:")
    for game in args.games:
        played, cpu, frames, size = asyncio.run(watch(game, args.moves, (width, height), args.seed))
        print(
            f"  {game:22} {played:3d} moves: {cpu:5.1f} ms of CPU, {frames:.2f} frames, "
            f"{size:,.0f} bytes a move",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
