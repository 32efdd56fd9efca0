"""UI benchmark: ``python bench/ui.py`` (a script, never a test).

Measures the app against a bare Textual app (an ``App`` with one ``Static``) in the same run:

1. **Time to the first frame** of the main menu: whole processes (``python -c``: imports, app
   start, first full frame written to the driver), median of ``--runs`` runs each. Target: at
   most 1.5x the bare app's.
2. **Cursor key to refreshed board** on the Octopus's Garden screen (100x40, mid-game): each key
   is sent through the driver exactly as a terminal's key would be; then the pending messages
   are processed and the screen's update (what its 60 Hz timer would do) is run at once, so the
   figure is the work, not the frame timer's wait nor Pilot's pauses. Timed as the main
   thread's CPU time from sending the key to the last byte written for it (no bot is thinking:
   it is the human's decision). Median over ``--presses`` moves on the market board and on the
   garden board. Target: at most 5 ms.
3. **Bytes written to the terminal per cursor move** at 100x40: everything the driver is asked
   to write for one key, median and max. Target: at most 4 KB.
2a/3a. The same two figures on **The Gardens** screen (100x40, round two with landmarks, the
   display and the mat boards; a move on the display also lights the ends of the row of the
   card under the cursor on the mat).
2t/3t. The same two figures on the **Tanuki in the Garden** screen (100x40, three players with
   Garden Master after 30 decisions, Ann to lay a tile: the garden with its edge spaces).
2o/3o. The same two figures on the **Throw Octopus!** seascape (100x40, three players after 12
   decisions, Ann's first tile chosen: its places lit and its preview following the cursor).
2b/3b. The same two figures on a **40x40-tile sparse map** (the shared board with a
   :class:`~gardens_tui.ui.widgets.sparse_layout.SparseLayout` keyed ``(-20, -20)`` to
   ``(19, 19)``, 7x3-character tiles with coloured corner pieces, marks drawn by style) on a
   game-like screen (the map, an info line, the footer) at 100x40, moving the same snake over
   the whole map. Moves that stay in view hold the same targets. A move that takes the cursor
   out of view scrolls, which redraws the whole view: those are reported on their own line, for
   reference (the map re-centres on the cursor, so it happens about once every seven moves
   across and every six down).
4. **Memory**: VmRSS of a process running the app with an Octopus's Garden game open (100x40,
   after the screen is up), beside the bare app's. Target: at most 80 MiB.

The drivers used here are Textual's headless driver with ``is_headless`` turned off, so the app
renders and writes its terminal output as it would to a real terminal, into a counter.
The game shown is the screenshots' mid-game position (:mod:`gardens_tui.ui.screenshots`).
Only the standard library is imported at the top, so the child processes' import time is theirs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIZE = (100, 40)

FIRST_FRAME_RATIO_TARGET = 1.5
CURSOR_MS_TARGET = 5.0
BYTES_TARGET = 4096
RSS_MIB_TARGET = 80.0

# A driver that renders like a terminal's and hands each write to a callback. Shared by the
# child processes (as source) and this process (exec'd below).
DRIVER_SOURCE = """
from textual.drivers.headless_driver import HeadlessDriver as _Headless

class CountingDriver(_Headless):
    '''Headless input, but the app renders and writes its output here as to a terminal.'''

    on_write = None

    @property
    def is_headless(self):
        return False

    def write(self, data):
        if CountingDriver.on_write is not None:
            CountingDriver.on_write(data)
"""

BARE_APP_SOURCE = """
from textual.app import App
from textual.widgets import Static

class BareApp(App):
    def compose(self):
        yield Static("Hello from a bare Textual app")

app = BareApp()
"""

MENU_APP_SOURCE = """
from gardens_tui.ui.app import create_app

app = create_app()
"""

GAME_APP_SOURCE = """
from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.screenshots import MIDGAME_DECISIONS, octopus_table

table = octopus_table(MIDGAME_DECISIONS)
app = create_app(table, settings=Settings(bot_delay_ms=0, autosave=False))
"""

# Prints the wall-clock time of the first full frame (a write of over 200 characters; the
# others are cursor and mode sequences), then exits.
FIRST_FRAME_CHILD = """
import os, time
{driver}
{app}
def _frame(data):
    if len(data) > 200 and not getattr(app, "_bench_done", False):
        app._bench_done = True
        os.write(1, (repr(time.time()) + "\\n").encode())
        app.exit()
CountingDriver.on_write = _frame
app.driver_class = CountingDriver
app.run(size={size})
"""

# Prints the process's resident memory once the app has settled.
MEMORY_CHILD = """
import asyncio, os
{app}
def _status():
    fields = {{}}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields
async def _main():
    async with app.run_test(size={size}) as pilot:
        for _ in range(5):
            await pilot.pause()
            await app.workers.wait_for_complete()
        status = _status()
        line = "|".join((status["VmRSS"], status["VmHWM"], type(app.screen).__name__))
        os.write(1, (line + "\\n").encode())
        app.exit()
asyncio.run(_main())
"""


@dataclass
class Row:
    """One line of the report."""

    figure: str
    value: str
    target: str
    met: bool | None


def _child_env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env["GARDENS_TUI_HOME"] = home  # an empty data folder: no saved settings or autosaves
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("TEXTUAL", None)
    return env


def _run_child(source: str, home: str) -> tuple[str, float]:
    started = time.time()
    done = subprocess.run(
        [sys.executable, "-c", source],
        cwd=ROOT,
        env=_child_env(home),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"child process failed:\n{done.stderr[-3000:]}")
    return done.stdout.strip().splitlines()[-1], started


def first_frame_ms(app_source: str, runs: int, home: str) -> list[float]:
    """Milliseconds from spawning a process to its first frame, ``runs`` times."""
    source = FIRST_FRAME_CHILD.format(driver=DRIVER_SOURCE, app=app_source, size=SIZE)
    times = []
    for _ in range(runs):
        out, started = _run_child(source, home)
        times.append((float(out) - started) * 1000)
    return times


def memory_kib(app_source: str, home: str) -> tuple[int, int, str]:
    """(VmRSS KiB, VmHWM KiB, top screen name) of a process running the app at :data:`SIZE`."""
    out, _ = _run_child(MEMORY_CHILD.format(app=app_source, size=SIZE), home)
    rss, hwm, screen = out.split("|")
    return int(rss.split()[0]), int(hwm.split()[0]), screen


@dataclass
class Press:
    """One cursor key: CPU ms to its last write, bytes written, whether the cursor moved."""

    board: str
    key: str
    cpu_ms: float
    wall_ms: float
    nbytes: int
    moved: bool
    scrolled: bool = False


def _counting_driver(writes: list[tuple[int, float, float]]) -> type:
    """The counting driver class, recording (bytes, CPU time, wall time) of every write."""
    space: dict[str, Any] = {}
    exec(DRIVER_SOURCE, space)
    driver_class: type = space["CountingDriver"]
    driver_class.on_write = lambda data: writes.append(  # type: ignore[attr-defined]
        (len(data.encode("utf-8")), time.thread_time(), time.perf_counter())
    )
    return driver_class


class _Harness:
    """Sends keys as the terminal would and renders as the screen's update timer would."""

    def __init__(self, app: Any, writes: list[tuple[int, float, float]]) -> None:
        self.app = app
        self.writes = writes
        self.pumps = [app, *app.screen.walk_children(with_self=True)]

    async def drain(self) -> None:
        """Let every message the key caused be handled: the event loop turns until no widget
        has a message waiting for three turns in a row (cheap, posts nothing)."""
        quiet = 0
        while quiet < 3:
            await asyncio.sleep(0)
            busy = any(not pump._message_queue.empty() for pump in self.pumps)
            quiet = 0 if busy else quiet + 1

    async def settle_and_render(self) -> None:
        """Handle what the key caused, then render as the screen's update timer would, until a
        round writes nothing more."""
        for _ in range(10):
            count = len(self.writes)
            await self.drain()
            self.app.screen._on_timer_update()
            if len(self.writes) == count:
                return

    async def idle_round_ms(self) -> float:
        """The harness's own cost: a settle-and-render round with nothing to do (median)."""
        idle_cpu = []
        for _ in range(50):
            cpu0 = time.thread_time()
            await self.drain()
            self.app.screen._on_timer_update()
            idle_cpu.append((time.thread_time() - cpu0) * 1000)
        return statistics.median(idle_cpu)

    async def press(self, key: str) -> tuple[float, float, int]:
        """Send ``key``; (CPU ms, wall ms) to its last write and the bytes written for it."""
        from textual import events

        self.writes.clear()
        cpu0, wall0 = time.thread_time(), time.perf_counter()
        self.app._driver.send_message(events.Key(key, None))
        await self.settle_and_render()
        if not self.writes:
            return 0.0, 0.0, 0
        last = self.writes[-1]
        return (last[1] - cpu0) * 1000, (last[2] - wall0) * 1000, sum(w[0] for w in self.writes)

    async def snake(self, board: Any, presses: int) -> list[Press]:
        """``presses`` cursor keys on ``board``: across until the edge, one row down (up at the
        bottom), and back."""
        board.focus()
        await self.settle_and_render()
        results: list[Press] = []
        across, vertical = "right", "down"
        for _ in range(presses):
            before, scroll = board.cursor, board.scroll_offset
            cpu_ms, wall_ms, nbytes = await self.press(across)
            moved = board.cursor != before
            scrolled = board.scroll_offset != scroll
            results.append(Press(str(board.id), across, cpu_ms, wall_ms, nbytes, moved, scrolled))
            if not moved:
                # At the edge: step a row and turn round (turn vertically at the bottom).
                before = board.cursor
                await self.press(vertical)
                if board.cursor == before:
                    vertical = "up" if vertical == "down" else "down"
                across = "left" if across == "right" else "right"
        return results


async def cursor_presses(presses: int, harness_ms: list[float]) -> list[Press]:
    """Cursor keys on the market board, then on the garden board, of the mid-game screen.

    Appends to ``harness_ms`` the CPU cost of one settle-and-render round with nothing to do."""
    from gardens_tui.settings import Settings
    from gardens_tui.ui.app import create_app
    from gardens_tui.ui.screens.octopus_garden import OctopusGardenScreen
    from gardens_tui.ui.screenshots import MIDGAME_DECISIONS, octopus_table

    writes: list[tuple[int, float, float]] = []
    table = octopus_table(MIDGAME_DECISIONS)
    app = create_app(table, settings=Settings(bot_delay_ms=0, autosave=False))
    app.driver_class = _counting_driver(writes)
    results: list[Press] = []
    async with app.run_test(headless=False, size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        if not isinstance(screen, OctopusGardenScreen):
            raise RuntimeError(f"expected the Octopus's Garden screen, got {screen!r}")
        harness = _Harness(app, writes)
        harness_ms.append(await harness.idle_round_ms())
        for board in (screen.market_board, screen.garden_board):
            results.extend(await harness.snake(board, presses))
        app.exit()
    return results


def gardens_table() -> Any:
    """A The Gardens game in its second round (landmarks, two players, Ann to take): fixed seed,
    each decision the first legal action."""
    from gardens_tui.rules.the_gardens import GAME
    from gardens_tui.table import Seat, Setup, Table

    options = {"landmarks": True, "layout": "l1-r1"}
    table = Table(Setup("the-gardens", (Seat("Ann"), Seat("Bob", "greedy")), options, 3))
    while len(table.actions) < 12 or table.state.current_player != 0:
        table.apply(GAME.legal_actions(table.state)[0])  # type: ignore[arg-type]
    return table


async def gardens_cursor_presses(presses: int) -> list[Press]:
    """Cursor keys on the display board, then on the mat board, of The Gardens screen."""
    from gardens_tui.settings import Settings
    from gardens_tui.ui.app import create_app
    from gardens_tui.ui.screens.the_gardens import TheGardensScreen

    writes: list[tuple[int, float, float]] = []
    app = create_app(gardens_table(), settings=Settings(bot_delay_ms=0, autosave=False))
    app.driver_class = _counting_driver(writes)
    results: list[Press] = []
    async with app.run_test(headless=False, size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        if not isinstance(screen, TheGardensScreen):
            raise RuntimeError(f"expected The Gardens screen, got {screen!r}")
        harness = _Harness(app, writes)
        for board in (screen.display_board, screen.mat_board):
            results.extend(await harness.snake(board, presses))
        app.exit()
    return results


def tanuki_table() -> Any:
    """A Tanuki in the Garden game of three (Garden Master) after at least 30 decisions, Ann to
    lay a tile: fixed seed, each decision the first legal action."""
    from gardens_tui.rules.tanuki import GAME
    from gardens_tui.table import Seat, Setup, Table

    seats = (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "greedy"))
    table = Table(Setup("tanuki-in-the-garden", seats, {"garden-master": True}, 5))
    state = table.state
    while len(table.actions) < 30 or state.current_player != 0 or state.phase != "place":
        table.apply(GAME.legal_actions(state)[0])  # type: ignore[arg-type]
        state = table.state
    return table


async def tanuki_cursor_presses(presses: int) -> list[Press]:
    """Cursor keys on the garden (squares and edge spaces) of the Tanuki in the Garden screen,
    with a tile previewed on the lit front square."""
    from gardens_tui.settings import Settings
    from gardens_tui.ui.app import create_app
    from gardens_tui.ui.screens.tanuki import TanukiScreen

    writes: list[tuple[int, float, float]] = []
    app = create_app(tanuki_table(), settings=Settings(bot_delay_ms=0, autosave=False))
    app.driver_class = _counting_driver(writes)
    async with app.run_test(headless=False, size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        if not isinstance(screen, TanukiScreen):
            raise RuntimeError(f"expected the Tanuki in the Garden screen, got {screen!r}")
        results = await _Harness(app, writes).snake(screen.board, presses)
        app.exit()
    return results


def seabed_table() -> Any:
    """A Seabed Neighbours game of three after at least 40 decisions, Ann to lay a tile: fixed
    seed, each decision the first legal action."""
    from gardens_tui.rules.seabed import GAME
    from gardens_tui.table import Seat, Setup, Table

    seats = (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "greedy"))
    table = Table(Setup("seabed-neighbours", seats, {}, 5))
    state = table.state
    while len(table.actions) < 40 or state.current_player != 0 or state.phase != "place":
        table.apply(GAME.legal_actions(state)[0])  # type: ignore[arg-type]
        state = table.state
    return table


async def seabed_cursor_presses(presses: int) -> list[Press]:
    """Cursor keys on the seascape of the Seabed Neighbours screen, the tile in hand previewed
    at the cursor (turned to fit on lit places), its places lit."""
    from gardens_tui.settings import Settings
    from gardens_tui.ui.app import create_app
    from gardens_tui.ui.screens.seabed import SeabedScreen

    writes: list[tuple[int, float, float]] = []
    app = create_app(seabed_table(), settings=Settings(bot_delay_ms=0, autosave=False))
    app.driver_class = _counting_driver(writes)
    async with app.run_test(headless=False, size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        if not isinstance(screen, SeabedScreen):
            raise RuntimeError(f"expected the Seabed Neighbours screen, got {screen!r}")
        results = await _Harness(app, writes).snake(screen.sea, presses)
        app.exit()
    return results


def throw_octopus_table() -> Any:
    """A Throw Octopus! game of three after at least 12 decisions, Ann to play with a tile that
    fits: each decision the first legal action, from the first seed (5, 6, ...) whose game gets
    there before it ends."""
    from gardens_tui.rules.throw_octopus import GAME
    from gardens_tui.table import Seat, Setup, Table

    seats = (Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "greedy"))
    for seed in range(5, 50):
        table = Table(Setup("throw-octopus", seats, {}, seed))
        state = table.state
        while not state.is_over and (
            len(table.actions) < 12
            or state.current_player != 0
            or state.phase != "play"
            or not any(a[0] == "play" for a in GAME.legal_actions(state))  # type: ignore[arg-type]
        ):
            table.apply(GAME.legal_actions(state)[0])  # type: ignore[arg-type]
            state = table.state
        if not state.is_over:
            return table
    raise RuntimeError("no seed from 5 to 49 gives Ann a tile to play after 12 decisions")


async def throw_octopus_cursor_presses(presses: int) -> list[Press]:
    """Cursor keys on the seascape of the Throw Octopus! screen, a hand tile chosen (previewed
    at the cursor, its places lit)."""
    from gardens_tui.settings import Settings
    from gardens_tui.ui.app import create_app
    from gardens_tui.ui.screens.throw_octopus import ThrowOctopusScreen

    writes: list[tuple[int, float, float]] = []
    app = create_app(throw_octopus_table(), settings=Settings(bot_delay_ms=0, autosave=False))
    app.driver_class = _counting_driver(writes)
    async with app.run_test(headless=False, size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = app.screen
        if not isinstance(screen, ThrowOctopusScreen):
            raise RuntimeError(f"expected the Throw Octopus! screen, got {screen!r}")
        await pilot.press("1")
        for _ in range(3):
            await pilot.pause()
        results = await _Harness(app, writes).snake(screen.sea, presses)
        app.exit()
    return results


SPARSE_SIDE = 40
"""Tiles along each side of the sparse map."""


def sparse_map_app() -> Any:
    """An app showing a 40x40-tile sparse map the way a tile-laying game would: the map (tiles
    of 7x3 characters with a coloured creature part in each corner, a letter in the middle,
    every fifth tile a legal target, one last move), an info line and the footer, on a screen
    with the game screens' compositor."""
    from textual.app import App, ComposeResult
    from textual.screen import Screen
    from textual.widgets import Footer, Static

    from gardens_tui.ui.compositor import ClippedCompositor
    from gardens_tui.ui.literal import literal
    from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint, Piece
    from gardens_tui.ui.widgets.sparse_layout import SparseLayout

    roles = ("red", "blue", "green", "gold")
    colours = ("$error", "$primary", "$success", "$warning")
    half = SPARSE_SIDE // 2
    cells = [(x, y) for y in range(-half, half) for x in range(-half, half)]

    class MapBoard(BoardGrid):
        COMPONENT_CLASSES = {f"board-grid--{role}" for role in roles}
        DEFAULT_CSS = "\n".join(
            f"MapBoard > .board-grid--{role} {{ color: {colour}; text-style: bold; }}"
            for role, colour in zip(roles, colours, strict=True)
        )

    def paint(cell: Any) -> CellPaint:
        x, y = cell
        corner = [roles[(x * 3 + y * 5 + k) % 4] for k in range(4)]
        return CellPaint(
            (
                (Piece("◤", corner[0]), Piece("     "), Piece("◥", corner[1])),
                f"{chr(65 + (x * 7 + y) % 26)}{x % 10}",
                (Piece("◣", corner[2]), Piece("     "), Piece("◢", corner[3])),
            ),
            "piece",
            spot=(3, 2),
        )

    class MapScreen(Screen[None]):
        CSS = "MapBoard { height: 1fr; width: 1fr; } #info { height: 1; }"

        def __init__(self) -> None:
            super().__init__()
            self._compositor = ClippedCompositor()

        def compose(self) -> ComposeResult:
            yield MapBoard(
                SparseLayout(cells, cell_width=7, cell_height=3),
                paint,
                legal=[c for c in cells if (c[0] + c[1]) % 5 == 0],
                last_move=[(0, 0)],
                cursor=(-half, -half),
                marker_mode="style",
                id="sparse-map",
            )
            yield Static(id="info")
            yield Footer()

        def on_board_grid_cursor_moved(self, event: BoardGrid.CursorMoved) -> None:
            # As the game screens do: the line keeps its size, so no relayout.
            self.query_one("#info", Static).update(literal(f"Tile {event.cell}"), layout=False)

    class MapApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(MapScreen())

    return MapApp()


async def sparse_presses(presses: int) -> list[Press]:
    """Cursor keys snaking over the 40x40-tile sparse map (see :func:`sparse_map_app`)."""
    writes: list[tuple[int, float, float]] = []
    app = sparse_map_app()
    app.driver_class = _counting_driver(writes)
    async with app.run_test(headless=False, size=SIZE) as pilot:
        for _ in range(5):
            await pilot.pause()
        board = app.screen.query_one("#sparse-map")
        results = await _Harness(app, writes).snake(board, presses)
        app.exit()
    return results


def _cursor_rows(title: str, moved: list[Press], raw: dict[str, Any], key: str) -> list[Row]:
    """The time and bytes rows of one board's moves (also stored in ``raw[key]``)."""
    cpu = [p.cpu_ms for p in moved]
    wall = [p.wall_ms for p in moved]
    sizes = [p.nbytes for p in moved]
    figures = raw[key] = {
        "moves": len(moved),
        "cpu_ms_median": statistics.median(cpu),
        "cpu_ms_p90": statistics.quantiles(cpu, n=10)[-1],
        "wall_ms_median": statistics.median(wall),
        "bytes_median": statistics.median(sizes),
        "bytes_max": max(sizes),
    }
    median_ms = figures["cpu_ms_median"]
    return [
        Row(
            f"cursor key to refreshed {title} ({len(moved)} moves)",
            f"{median_ms:.2f} ms median, {figures['cpu_ms_p90']:.2f} p90",
            f"<= {CURSOR_MS_TARGET:g} ms",
            median_ms <= CURSOR_MS_TARGET,
        ),
        Row(
            f"bytes per cursor move, {title}",
            f"{statistics.median(sizes):,.0f} median, {max(sizes):,} max",
            f"<= {BYTES_TARGET:,}",
            max(sizes) <= BYTES_TARGET,
        ),
    ]


def _fmt_ms(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} ms"


def run(runs: int, presses: int) -> tuple[list[Row], dict[str, Any]]:
    """Every measurement; the report's rows and the raw figures."""
    rows: list[Row] = []
    raw: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="gardens-tui-bench-") as home:
        bare = first_frame_ms(BARE_APP_SOURCE, runs, home)
        menu = first_frame_ms(MENU_APP_SOURCE, runs, home)
        ratio = statistics.median(menu) / statistics.median(bare)
        raw["first_frame_ms"] = {"bare": bare, "menu": menu}
        rows.append(Row("first frame, bare Textual app", _fmt_ms(bare), "reference", None))
        rows.append(
            Row(
                "first frame, main menu",
                f"{_fmt_ms(menu)} ({ratio:.2f}x bare)",
                f"<= {FIRST_FRAME_RATIO_TARGET}x bare",
                ratio <= FIRST_FRAME_RATIO_TARGET,
            )
        )

        harness: list[float] = []
        press_list = asyncio.run(cursor_presses(presses, harness))
        raw["harness_round_cpu_ms"] = harness[0]
        for board, title in (("og-market", "market"), ("og-garden", "garden")):
            moved = [p for p in press_list if p.board == board and p.moved]
            rows.extend(_cursor_rows(f"{title} board", moved, raw, f"cursor_{title}"))

        gardens = asyncio.run(gardens_cursor_presses(presses))
        for board, title in (("tg-display", "The Gardens display"), ("tg-mat", "The Gardens mat")):
            moved = [p for p in gardens if p.board == board and p.moved]
            key = "cursor_" + board.replace("-", "_")
            rows.extend(_cursor_rows(title, moved, raw, key))

        tanuki = [p for p in asyncio.run(tanuki_cursor_presses(presses)) if p.moved]
        rows.extend(_cursor_rows("Tanuki in the Garden board", tanuki, raw, "cursor_tk_board"))

        octopus = [p for p in asyncio.run(throw_octopus_cursor_presses(presses)) if p.moved]
        rows.extend(_cursor_rows("Throw Octopus! seascape", octopus, raw, "cursor_to_sea"))

        seabed = [p for p in asyncio.run(seabed_cursor_presses(presses)) if p.moved]
        seabed_still = [p for p in seabed if not p.scrolled]  # scrolling: the sparse map's row
        rows.extend(_cursor_rows("Seabed Neighbours seascape", seabed_still, raw, "cursor_sb_sea"))

        sparse = [p for p in asyncio.run(sparse_presses(presses)) if p.moved]
        in_view = [p for p in sparse if not p.scrolled]
        rows.extend(_cursor_rows("40x40 sparse map", in_view, raw, "cursor_sparse"))
        scrolling = [p for p in sparse if p.scrolled]
        if scrolling:
            cpu = [p.cpu_ms for p in scrolling]
            sizes = [p.nbytes for p in scrolling]
            raw["cursor_sparse_scrolling"] = {
                "moves": len(scrolling),
                "cpu_ms_median": statistics.median(cpu),
                "bytes_median": statistics.median(sizes),
                "bytes_max": max(sizes),
            }
            rows.append(
                Row(
                    f"sparse map moves that scroll the view ({len(scrolling)} moves)",
                    f"{statistics.median(cpu):.2f} ms, {statistics.median(sizes):,.0f} bytes"
                    " median",
                    "reference",
                    None,
                )
            )

        bare_rss, bare_hwm, _ = memory_kib(BARE_APP_SOURCE, home)
        game_rss, game_hwm, screen = memory_kib(GAME_APP_SOURCE, home)
        if screen != "OctopusGardenScreen":
            raise RuntimeError(f"the memory child shows {screen}, not the game")
        raw["memory_kib"] = {
            "bare_rss": bare_rss,
            "bare_hwm": bare_hwm,
            "game_rss": game_rss,
            "game_hwm": game_hwm,
        }
        rows.append(
            Row("memory, bare Textual app", f"{bare_rss / 1024:.1f} MiB", "reference", None)
        )
        rows.append(
            Row(
                "memory, Octopus's Garden game open",
                f"{game_rss / 1024:.1f} MiB (peak {game_hwm / 1024:.1f})",
                f"<= {RSS_MIB_TARGET:g} MiB",
                game_rss / 1024 <= RSS_MIB_TARGET,
            )
        )
    return rows, raw


def _verdict(met: bool | None) -> str:
    return "" if met is None else ("met" if met else "MISSED")


def print_table(rows: list[Row], markdown: bool) -> None:
    """The report, as aligned text or as a Markdown table."""
    if markdown:
        print("| figure | value | target | |")
        print("|---|---|---|---|")
        for row in rows:
            print(f"| {row.figure} | {row.value} | {row.target} | {_verdict(row.met)} |")
        return
    widths = [max(len(getattr(r, f)) for r in rows) for f in ("figure", "value", "target")]
    for row in rows:
        print(
            f"{row.figure:<{widths[0]}}  {row.value:<{widths[1]}}  "
            f"{row.target:<{widths[2]}}  {_verdict(row.met)}"
        )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table; exit status 1 if a target is missed."""
    parser = argparse.ArgumentParser(prog="python bench/ui.py", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="processes per first-frame figure")
    parser.add_argument("--presses", type=int, default=200, help="cursor keys per board")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--json", action="store_true", help="also print the raw figures as JSON")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    rows, raw = run(args.runs, args.presses)
    print(f"Python {sys.version.split()[0]}, terminal {SIZE[0]}x{SIZE[1]}")
    print_table(rows, args.markdown)
    if args.json:
        print(json.dumps(raw, indent=2))
    return 0 if all(row.met is not False for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
