"""SSH load benchmark: an evening of many players on loopback, the app in a pty each.

Run it from the project folder::

    python bench/ssh_load.py                     # 100 players, 40 tables, a minute's evening
    python bench/ssh_load.py --players 10 --tables 4 --minutes 0.25
    python bench/ssh_load.py --preload off       # each session starts the app as a new program
    python bench/ssh_load.py --pg-local --frontends 2            # two front ends, one database
    python bench/ssh_load.py --store postgresql://me@db/postgres --frontends 2

This process is the **server**: the table owner and the SSH front end (``--open``, a temporary
saves folder, loopback, a free port; sessions forked from the preloaded zygote unless
``--preload off``; bots pause before each real choice as on a real server). The clients run in
**processes of their own** (``--workers`` of them for the SSH players, one for the people at the
tables), so what is measured is the server's work, not the clients' (they still share the
machine's cores).

**Several front ends** (``--frontends N``, issue 31) share one PostgreSQL database, as several
``gardens serve ssh --store URL`` do: this process is the first front end, and each other one
is **a process of its own** (an owner on the same database, its own SSH port, session zygote
and hosts), as it would be in production, where each front end has its own cores' share and
its own event loop; on one loop they would queue behind each other and the figures would
measure that loop, not the database. Every front end's process is measured apart (its CPU,
its apps', its memory), and the PostgreSQL server's processes too when it runs on this machine.
The operator's records (bans, names) stay in each front end's memory: only the tables are in
the database. The database is the benchmark's own: ``--store URL`` names a PostgreSQL server
(the URL of any database on it; the role needs CREATEDB), on which it creates
``gardens_bench_<pid>``, migrates it and drops it at the end; ``--pg-local`` starts a private
server first (tests/pg_server.py: PostgreSQL 15 from the OS packages in a temporary folder, as
``nobody`` under root; durable commits, ``fsync`` and ``synchronous_commit`` on) and removes it
at the end. Without either, the one front end keeps its tables in files, as ``gardens serve
ssh`` does by default.

Players arrive spread over the front ends (player ``n`` at front end ``n % N``), and each table's
two people sit on different front ends (table ``n``'s first person creates it through front
end ``n % N``, whose owner then runs its bot, and the second joins it through the next one), so
every move crosses the database: committed by one front end, heard of (LISTEN/NOTIFY) and read
back by the other, which then updates its seat and its watchers' screens.

One run, in five phases:

1. **Tables**: ``--tables`` tables of Octopus's Garden, each with two people (protocol clients
   in the tables process, as an app at a table uses the owner) and a greedy bot.
2. **Arrivals**: the first ``--arrivals`` SSH players connect at random moments within
   ``--arrive-within`` seconds (uniformly). Connect-to-first-frame is from opening the
   connection to the lobby's title arriving. ``--openssh`` of all the players are the real
   OpenSSH client (``ssh`` in a pseudo-terminal of its own), the rest asyncssh.
3. **The rest arrive** the same way (not timed against a target, but reported), and every player
   watches a table (each table gets ``players / tables`` watchers), so each move redraws the
   screens of the people watching it.
4. **The evening** (``--minutes``): every table moves (each person decides after a random
   think of ``--think`` seconds on average, exponentially distributed; the bot after its pause),
   and every player presses a cursor key at random times, about once a second (exponential
   gaps, a new key once the last one's answer is on the screen). Key to screen is from sending
   the key to the *key's own answer* on the screen (the info line naming the cell the cursor
   moved to: other output, such as a move being drawn, does not count as the answer). Move round
   trip is from ``apply`` to its answer, which comes once the move is stored (on disk, or
   committed in the database); move to the other person is from ``apply`` to the update that
   shows it to the other person at the table (through the other front end: the commit, the
   notification, its read back). Memory of every app process is read from
   ``/proc/PID/smaps_rollup`` at the end of the evening: resident (RSS), proportional (PSS:
   shared pages divided among their sharers) and unique (USS: pages only that process holds);
   CPU is that of each server process and every app process during the evening, per
   player-minute (and the database's beside it).
5. **The burst**: every player presses ``--burst-keys`` keys, all players at the same moment
   (each once its previous answer arrived), while the tables go on moving.

It prints medians and 90th percentiles, and errors. A script, not a test: it asserts nothing and
exits 0 unless something failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import multiprocessing
import os
import random
import re
import shutil
import statistics
import struct
import sys
import tempfile
import termios
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from load_servers import (  # noqa: E402  (bench/load_servers.py)
    Database,
    FrontEnd,
    Here,
    Settings,
    There,
    cpu_seconds,
)

from gardens_tui.server.lobby.client import Refused, connect  # noqa: E402
from gardens_tui.server.session.hosts import SESSIONS_PER_HOST  # noqa: E402

LOBBY = b"tables on this server"
"""In the lobby's first frame."""
DOWN, UP = b"\x1b[B", b"\x1b[A"
WATCHING = b"m1: "
"""The info line of a watcher of Octopus's Garden, its cursor on the market's first cell."""
LABEL = re.compile(rb"\x1b\[[0-9;]*m([a-z]{1,2}[0-9]{1,2}): ")
"""The start of the info line, naming the cell under the cursor (``m4: seagrass …``): a
cursor key's answer is this naming another cell."""
SIZE = (100, 34)
GUARD = 120.0
ANSWER_GUARD = 5.0
"""Seconds a key may wait for its answer before it counts as an error."""
HOSTED_GUARD = 30.0
"""Seconds every front end has to host every table (a failure guard, not a timing)."""


def p90(values: list[float]) -> float:
    """The 90th percentile of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def line(label: str, values: list[float], unit: str = "ms", scale: float = 1000.0) -> str:
    """``label: median …, p90 …`` for ``values`` (seconds, shown in ``unit``)."""
    if not values:
        return f"{label}: no data"
    median = statistics.median(values) * scale
    high = p90(values) * scale
    return f"{label}: median {median:.1f} {unit}, p90 {high:.1f} {unit}, n={len(values)}"


# --- the SSH players (in worker processes) ------------------------------------------------------


class Screen:
    """What a player's terminal received since a mark, and a way to wait for a marker in it."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.changed = asyncio.Event()
        self.closed = False
        self.label = b""
        """The cell the info line named last."""
        self.labels = 0
        """How many times the info line named a cell other than the one before."""

    def feed(self, chunk: bytes) -> None:
        """Output arrived (empty: the session ended)."""
        if not chunk:
            self.closed = True
        start = max(0, len(self.data) - 32)  # a label split between two reads
        self.data += chunk
        for found in LABEL.finditer(self.data, start):
            if found.group(1) != self.label:
                self.label = found.group(1)
                self.labels += 1
        self.changed.set()

    async def wait_for_new_label(self, seen: int, guard: float) -> None:
        """Wait until the info line named another cell since it had named ``seen`` cells."""
        async with asyncio.timeout(guard):
            while self.labels == seen:
                if self.closed:
                    raise ConnectionError("the session ended")
                self.changed.clear()
                await self.changed.wait()

    def mark(self) -> None:
        """Forget what arrived so far (the next :meth:`wait_for` looks only after it)."""
        del self.data[:]

    async def wait_for(self, marker: bytes, guard: float = GUARD) -> None:
        """Wait until ``marker`` arrived after the mark (``TimeoutError`` after ``guard``)."""
        async with asyncio.timeout(guard):
            while marker not in self.data:
                if self.closed:
                    raise ConnectionError("the session ended")
                self.changed.clear()
                await self.changed.wait()

    async def settle(self, quiet: float = 0.05) -> None:
        """Wait until nothing arrived for ``quiet`` seconds."""
        while True:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), quiet)
            except TimeoutError:
                return


class AsyncsshTerminal:
    """A player's terminal through asyncssh."""

    kind = "asyncssh"

    def __init__(self) -> None:
        self.screen = Screen()
        self._conn: Any = None
        self._process: Any = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self, port: int, name: str) -> None:
        """Connect as ``name`` and start the session."""
        self._conn = await asyncssh.connect(
            "127.0.0.1", port, username=name, known_hosts=None, client_keys=None, agent_path=None
        )
        self._process = await self._conn.create_process(
            term_type="xterm-256color", term_size=SIZE, encoding=None
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            chunk = await self._process.stdout.read(65536)
            self.screen.feed(chunk)
            if not chunk:
                return

    def send(self, data: bytes) -> None:
        """Type ``data``."""
        self._process.stdin.write(data)

    async def close(self) -> None:
        """Quit the app and close the connection."""
        with contextlib.suppress(Exception):
            self.send(b"q")
            await asyncio.wait_for(self._process.wait_closed(), 10)
        if self._conn is not None:
            self._conn.close()
        if self._reader is not None:
            self._reader.cancel()


class OpensshTerminal:
    """A player's terminal through the real OpenSSH client, in a pseudo-terminal of its own."""

    kind = "openssh"

    def __init__(self) -> None:
        self.screen = Screen()
        self._master = -1
        self._process: asyncio.subprocess.Process | None = None

    async def open(self, port: int, name: str) -> None:
        """Start ``ssh -tt`` as ``name`` on a pty of :data:`SIZE`."""
        master, slave = os.openpty()
        columns, rows = SIZE
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        argv = ["ssh", "-tt", "-p", str(port), "-F", "/dev/null", "-o", "BatchMode=yes"]
        argv += ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
        argv += ["-o", "LogLevel=ERROR", "-l", name, "127.0.0.1"]
        self._process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**os.environ, "TERM": "xterm-256color", "SSH_AUTH_SOCK": ""},
            start_new_session=True,
        )
        os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        asyncio.get_running_loop().add_reader(master, self._readable)

    def _readable(self) -> None:
        try:
            chunk = os.read(self._master, 65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            asyncio.get_running_loop().remove_reader(self._master)
        self.screen.feed(chunk)

    def send(self, data: bytes) -> None:
        """Type ``data``."""
        os.write(self._master, data)

    async def close(self) -> None:
        """Quit the app and wait for ``ssh`` to end."""
        with contextlib.suppress(OSError):
            self.send(b"q")
        if self._process is not None:
            try:
                await asyncio.wait_for(self._process.wait(), 10)
            except TimeoutError:
                self._process.kill()
                await self._process.wait()
        if self._master >= 0:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self._master)
            os.close(self._master)


class Player:
    """One SSH player, driven through the phases by :func:`players_async`."""

    def __init__(self, index: int, terminal: AsyncsshTerminal | OpensshTerminal) -> None:
        self.index = index
        self.terminal = terminal
        self.first: float | None = None
        self.keys: dict[str, list[float]] = {"evening": [], "burst": []}
        self.errors: list[str] = []
        self.unanswered = 0
        """Keys whose answer did not come within :data:`ANSWER_GUARD` seconds."""
        self._next = DOWN

    async def arrive(self, port: int, delay: float) -> None:
        """After ``delay`` seconds, connect and wait for the lobby's first frame."""
        await asyncio.sleep(delay)
        start = time.perf_counter()
        await self.terminal.open(port, f"player{self.index}")
        await self.terminal.screen.wait_for(LOBBY)
        self.first = time.perf_counter() - start

    async def watch(self, row: int) -> None:
        """Move the lobby's cursor down to table ``row`` and watch it."""
        screen = self.terminal.screen
        await screen.settle()
        for _ in range(row):
            self.terminal.send(DOWN)
            await screen.settle()
        screen.mark()
        self.terminal.send(b"w")
        await screen.wait_for(WATCHING)

    async def key(self, phase: str) -> None:
        """Press the next cursor key and time it to its answer (an error after
        :data:`ANSWER_GUARD` seconds without it)."""
        key = self._next
        self._next = UP if key == DOWN else DOWN
        screen = self.terminal.screen
        screen.mark()
        seen = screen.labels
        sent = time.perf_counter()
        self.terminal.send(key)
        try:
            await screen.wait_for_new_label(seen, ANSWER_GUARD)
        except TimeoutError:
            # The cursor was at the board's edge (the screen may move the focus to another
            # board when the decision changes): no cell to move to, nothing to time.
            self.unanswered += 1
            return
        self.keys[phase].append(time.perf_counter() - sent)

    async def evening(self, stop: asyncio.Event, rng: random.Random, rate: float) -> None:
        """Press keys at random times, ``rate`` a second on average, until ``stop``."""
        if rate <= 0:
            await stop.wait()
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), rng.expovariate(rate))
            if not stop.is_set():
                await self.key("evening")


async def players_async(
    ports: list[int], indexes: list[int], openssh: set[int], pipe: Connection, seed: int
) -> None:
    """Run the players ``indexes`` (those in ``openssh`` through OpenSSH; player ``n`` at the
    front end on ``ports[n % len(ports)]``) in step with the server process over ``pipe``:
    each request names a phase, and its answer follows once the phase is done here."""
    loop = asyncio.get_running_loop()
    rng = random.Random(seed)
    players = {
        n: Player(n, OpensshTerminal() if n in openssh else AsyncsshTerminal()) for n in indexes
    }
    errors: list[str] = []

    async def guarded(what: Any, player: Player) -> None:
        try:
            await what
        except Exception as exc:
            errors.append(f"player {player.index} ({player.terminal.kind}): {exc!r}")

    while True:
        request = await loop.run_in_executor(None, pipe.recv)
        phase = request["phase"]
        if phase == "arrive":
            window = request["within"]
            group = [players[n] for n in request["players"]]
            await asyncio.gather(
                *(
                    guarded(p.arrive(ports[p.index % len(ports)], rng.uniform(0, window)), p)
                    for p in group
                )
            )
            pipe.send({"first": [p.first for p in group if p.first is not None]})
        elif phase == "watch":
            rows = request["rows"]
            await asyncio.gather(*(guarded(p.watch(rows[p.index]), p) for p in players.values()))
            pipe.send("watching")
        elif phase == "evening":
            stop = asyncio.Event()
            tasks = [
                asyncio.create_task(
                    guarded(p.evening(stop, random.Random(rng.random()), request["rate"]), p)
                )
                for p in players.values()
            ]
            await loop.run_in_executor(None, pipe.recv)  # "stop"
            stop.set()
            await asyncio.gather(*tasks)
            pipe.send("stopped")
        elif phase == "burst":
            for _ in range(request["keys"]):
                await asyncio.gather(*(guarded(p.key("burst"), p) for p in players.values()))
            pipe.send("burst")
        elif phase == "release":
            await asyncio.gather(*(guarded(p.terminal.close(), p) for p in players.values()))
            pipe.send(
                {
                    "first": {
                        kind: [
                            p.first
                            for p in players.values()
                            if p.terminal.kind == kind and p.first is not None
                        ]
                        for kind in ("asyncssh", "openssh")
                    },
                    "evening": [t for p in players.values() for t in p.keys["evening"]],
                    "burst": [t for p in players.values() for t in p.keys["burst"]],
                    "errors": errors + [e for p in players.values() for e in p.errors],
                    "unanswered": sum(p.unanswered for p in players.values()),
                }
            )
            return


def players_process(
    ports: list[int], indexes: list[int], openssh: set[int], pipe: Connection, seed: int
) -> None:
    """A worker process of SSH players (see :func:`players_async`)."""
    asyncio.run(players_async(ports, indexes, openssh, pipe, seed))


# --- the people at the tables (in a worker process) ---------------------------------------------


def join_when_hosted(person: Any, code: str, seat: int) -> Any:
    """``person`` joins ``seat`` of table ``code``, once its front end hosts the table (another
    front end created it: it hears of it through the database)."""
    deadline = time.monotonic() + HOSTED_GUARD
    while True:
        try:
            return person.join(code, seat)
        except Refused as exc:
            if "there is no table" not in str(exc) or time.monotonic() > deadline:
                raise
        time.sleep(0.02)


def tables_process(
    paths: list[str], tickets: list[str], think: float, pipe: Connection, seed: int
) -> None:
    """Create one table for each two tickets over the owners' protocol (two people and a greedy
    bot): table ``n``'s first person (ticket ``2n``, of front end ``n % len(paths)``) creates
    it through that front end's owner (at ``paths``), the second (ticket ``2n + 1``) joins it
    through the next front end's (the same one when there is one). Send back the codes, then on
    ``go`` let each person decide after a random think (mean ``think`` seconds) until ``stop``;
    send back the move round trips (``apply`` to its answer), the moves' times to the other
    person (``apply`` to the other person's update that shows it) and errors."""
    trips: list[float] = []
    across: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()
    go = threading.Event()
    codes: list[str] = []
    ready = threading.Barrier(len(tickets) // 2 + 1)

    def play(number: int, first: str, second: str) -> None:
        rng = random.Random(seed * 1000 + number)
        here, there = paths[number % len(paths)], paths[(number + 1) % len(paths)]
        try:
            ann, bob = connect(here, first), connect(there, second)
            code = ann.create_table(
                "octopus-garden", [("Ann", None), ("Bob", None), ("Cleo", "greedy")], seed=number
            )
            views = [ann.join(code, 0), join_when_hosted(bob, code, 1)]
            with lock:
                codes.append(code)
        except Exception as exc:
            with lock:
                errors.append(f"table {number}: {exc!r}")
            ready.wait()
            return
        ready.wait()
        go.wait()
        changed = threading.Condition()
        awaited: list[tuple[Any, int, float]] = []
        """Moves on their way to the other person: (their view, the length that shows the
        move, when it was sent)."""

        def notify(view: Any) -> None:  # on the view's reader thread, the update shown
            with changed:
                for item in [a for a in awaited if a[0] is view and view.length >= a[1]]:
                    awaited.remove(item)
                    with lock:
                        across.append(time.perf_counter() - item[2])
                changed.notify_all()

        for view in views:
            view.add_listener(notify)
        try:
            while not stop.is_set() and views[0].decision() is not None:
                with changed:
                    changed.wait_for(
                        lambda: (
                            stop.is_set()
                            or any(v.may_act() for v in views)
                            or views[0].decision() is None
                        ),
                        GUARD,
                    )
                mover = next((v for v in views if v.may_act()), None)
                if mover is None or stop.wait(rng.expovariate(1 / think) if think > 0 else 0):
                    continue
                if not mover.may_act():
                    continue
                other = views[1] if mover is views[0] else views[0]
                sent = time.perf_counter()  # as before issue 31: the choice is timed too
                action = rng.choice(mover.legal_actions())
                with changed:
                    awaited.append((other, mover.length + 1, sent))
                mover.apply(action)
                with lock:
                    trips.append(time.perf_counter() - sent)
        except Exception as exc:
            with lock:
                errors.append(f"table {number}: {exc!r}")
        finally:
            ann.close()
            bob.close()

    threads = [
        threading.Thread(target=play, args=(n, tickets[2 * n], tickets[2 * n + 1]))
        for n in range(len(tickets) // 2)
    ]
    for thread in threads:
        thread.start()
    ready.wait()
    pipe.send(sorted(codes))
    pipe.recv()  # "go"
    go.set()
    pipe.recv()  # "stop"
    stop.set()
    for thread in threads:
        thread.join(GUARD)
    pipe.send({"trips": trips, "across": across, "errors": errors})


# --- the server (this process) ------------------------------------------------------------------


class Workers:
    """The SSH players' worker processes, asked in step (see :func:`players_async`)."""

    def __init__(self, pipes: list[Connection]) -> None:
        self.pipes = pipes

    async def ask(self, request: dict[str, Any], per_worker: list[Any] | None = None) -> list[Any]:
        """Send ``request`` (with ``per_worker[i]`` merged into worker i's) and wait for every
        worker's answer."""
        for number, pipe in enumerate(self.pipes):
            pipe.send(request | (per_worker[number] if per_worker else {}))
        return [await asyncio.to_thread(pipe.recv) for pipe in self.pipes]

    def tell(self, message: str) -> None:
        """Send every worker ``message`` (no answer awaited)."""
        for pipe in self.pipes:
            pipe.send(message)

    async def answers(self) -> list[Any]:
        """Every worker's next answer."""
        return [await asyncio.to_thread(pipe.recv) for pipe in self.pipes]


async def hosted_everywhere(fronts: list[Here | There], codes: list[str]) -> None:
    """Wait until every front end hosts every table of ``codes`` (RuntimeError after
    :data:`HOSTED_GUARD` seconds)."""
    deadline = time.monotonic() + HOSTED_GUARD
    for front in fronts:
        while not set(codes) <= set(await front.ask("codes")):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{front.label} does not host every table")
            await asyncio.sleep(0.05)


async def cpu_now(fronts: list[Here | There]) -> list[dict[str, float]]:
    """Each front end's CPU seconds so far: its ``server`` process, its ``apps``' processes,
    its ``zygote``."""
    return list(await asyncio.gather(*(front.ask("cpu") for front in fronts)))


def cpu_spent(
    before: list[dict[str, float]], after: list[dict[str, float]], kind: str
) -> list[float]:
    """Each front end's CPU seconds of ``kind`` between two :func:`cpu_now`."""
    return [a[kind] - b[kind] for b, a in zip(before, after, strict=True)]


def database_cpu(before: dict[int, float], after: dict[int, float]) -> float:
    """The database server's CPU seconds between two :meth:`Database.cpu` (a process started
    meanwhile counts from 0)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


async def main_async(args: argparse.Namespace) -> int:
    """Start the database and the front ends, run the evening, stop them all."""
    context = multiprocessing.get_context("spawn")
    folder = Path(tempfile.mkdtemp(prefix="gardens-bench-"))
    database: Database | None = None
    fronts: list[Here | There] = []
    first: FrontEnd | None = None
    try:
        if args.pg_local:
            database = await asyncio.to_thread(Database.start_local)
        elif args.store is not None:
            database = await asyncio.to_thread(Database, args.store)
        settings = [
            Settings(
                number=number,
                folder=str(folder),
                url=None if database is None else database.url,
                players=args.players,
                preload=args.preload == "on",
                sessions_per_process=args.sessions_per_process,
            )
            for number in range(args.frontends)
        ]
        first = FrontEnd(settings[0])
        fronts.append(Here(first, await first.start()))  # first: it makes the host key
        for more in settings[1:]:
            fronts.append(await There.start(context, more))
        return await evening(args, context, fronts, database)
    finally:
        for front in reversed(fronts):
            try:
                await front.stop()
            except Exception as exc:
                print(f"{front.label} did not stop cleanly: {exc!r}", flush=True)
        if first is not None and not fronts:
            await first.stop()
        if database is not None:
            await asyncio.to_thread(database.close)
        shutil.rmtree(folder, ignore_errors=True)


async def evening(
    args: argparse.Namespace,
    context: Any,
    fronts: list[Here | There],
    database: Database | None,
) -> int:
    """Run the clients' processes through the phases against ``fronts``, measure, print."""
    errors: list[str] = []
    count = len(fronts)
    if database is None:
        where = "one front end, its tables in files"
    else:
        where = (
            f"{count} front end{'s' if count > 1 else ''} on one PostgreSQL "
            f"{database.version} database ({database.name} at {database.shown})"
        )
    sessions = "forked from the zygote" if fronts[0].zygote else "started as programs"
    print(
        f"{args.players} players ({args.openssh} of them OpenSSH) at {args.tables} tables; "
        f"{where}; sessions {sessions}",
        flush=True,
    )

    # 1. The tables: table n's first person at front end n, the second at the next one.
    homes = [(k // 2 + k % 2) % count for k in range(2 * args.tables)]
    tickets = [""] * len(homes)
    for number, front in enumerate(fronts):
        mine = [k for k, home in enumerate(homes) if home == number]
        issued = await front.ask("tickets", names=[f"t{k}" for k in mine])
        for k, ticket in zip(mine, issued, strict=True):
            tickets[k] = ticket
    ours, theirs = context.Pipe()
    tables = context.Process(
        target=tables_process,
        args=([front.socket for front in fronts], tickets, args.think, theirs, args.seed),
    )
    tables.start()
    codes: list[str] = await asyncio.to_thread(ours.recv)
    tables_pipe = ours
    await hosted_everywhere(fronts, codes)

    # 2. The first players arrive (player n at front end n % count).
    openssh = set(range(0, args.players, max(1, args.players // max(1, args.openssh))))
    openssh = set(sorted(openssh)[: args.openssh])
    share = [list(range(w, args.players, args.workers)) for w in range(args.workers)]
    ports = [front.port for front in fronts]
    pipes, processes = [], []
    for number, indexes in enumerate(share):
        ours, theirs = context.Pipe()
        process = context.Process(
            target=players_process,
            args=(ports, indexes, openssh & set(indexes), theirs, args.seed + number),
        )
        process.start()
        pipes.append(ours)
        processes.append(process)
    workers = Workers(pipes)
    first_group = set(range(min(args.arrivals, args.players)))
    clients = [process.pid for process in (*processes, tables) if process.pid is not None]
    before, clients_before = await cpu_now(fronts), cpu_seconds(clients)
    answers = await workers.ask(
        {"phase": "arrive", "within": args.arrive_within},
        [{"players": [n for n in indexes if n in first_group]} for indexes in share],
    )
    arrivals = [t for answer in answers for t in answer["first"]]
    print(
        line(
            f"{len(first_group)} arriving within {args.arrive_within:g} s: connect to first frame",
            arrivals,
        ),
        flush=True,
    )
    arrived = max(1, len(arrivals))
    after = await cpu_now(fronts)
    server_cpu = sum(cpu_spent(before, after, "server"))
    apps_cpu = sum(cpu_spent(before, after, "apps")) + sum(cpu_spent(before, after, "zygote"))
    clients_cpu = cpu_seconds(clients) - clients_before
    print(
        f"CPU an arrival: the server {1000 * server_cpu / arrived:.0f} ms, its app "
        f"{1000 * apps_cpu / arrived:.0f} ms (start to first frame and idle since), the "
        f"benchmark's client {1000 * clients_cpu / arrived:.0f} ms",
        flush=True,
    )

    # 3. The rest arrive; everyone watches a table.
    rest = set(range(args.players)) - first_group
    if rest:
        answers = await workers.ask(
            {"phase": "arrive", "within": args.arrive_within * len(rest) / len(first_group)},
            [{"players": [n for n in indexes if n in rest]} for indexes in share],
        )
        later = [t for answer in answers for t in answer["first"]]
        print(line(f"the other {len(rest)}: connect to first frame", later), flush=True)
    rows = {n: n % len(codes) for n in range(args.players)}
    await workers.ask({"phase": "watch", "rows": rows})

    # 4. The evening.
    tables_pipe.send("go")
    await asyncio.sleep(2.0)  # every table under way before the clock starts
    decisions_before = await fronts[0].ask("decisions")  # every front end hosts every table
    before, clients_before = await cpu_now(fronts), cpu_seconds(clients)
    database_before = database.cpu() if database is not None else {}
    started = time.perf_counter()
    for pipe in pipes:
        pipe.send({"phase": "evening", "rate": args.key_rate})
    await asyncio.sleep(args.minutes * 60)
    memory = await asyncio.gather(*(front.ask("memory") for front in fronts))
    database_memory = database.memory() if database is not None else []
    workers.tell("stop")
    await workers.answers()
    minutes = (time.perf_counter() - started) / 60
    decisions = await fronts[0].ask("decisions") - decisions_before
    after = await cpu_now(fronts)
    servers_cpu = cpu_spent(before, after, "server")
    each_apps_cpu = cpu_spent(before, after, "apps")
    server_cpu, apps_cpu = sum(servers_cpu), sum(each_apps_cpu)
    clients_cpu = cpu_seconds(clients) - clients_before
    database_used = database_cpu(database_before, database.cpu()) if database else 0.0
    cpu_used = server_cpu + apps_cpu

    # 5. The burst.
    await workers.ask({"phase": "burst", "keys": args.burst_keys})
    tables_pipe.send("stop")
    played = await asyncio.to_thread(tables_pipe.recv)
    await asyncio.to_thread(tables.join)
    results = await workers.ask({"phase": "release"})
    for process in processes:
        await asyncio.to_thread(process.join)

    evening = [t for result in results for t in result["evening"]]
    burst = [t for result in results for t in result["burst"]]
    errors += played["errors"] + [e for result in results for e in result["errors"]]
    for kind in ("asyncssh", "openssh"):
        firsts = [t for result in results for t in result["first"].get(kind, [])]
        if firsts and args.openssh:
            print(line(f"connect to first frame, {kind} clients (all phases)", firsts))
    print(line("evening: key to screen", evening))
    print(line("evening: move round trip", played["trips"]))
    through = "through the other front end" if count > 1 else "the same front end"
    print(line(f"evening: move to the other person ({through})", played["across"]))
    print(
        f"evening: {decisions / (minutes * 60):.1f} decisions a second at the tables (people's "
        f"and bots'), each drawn on {args.players / args.tables:g} watchers' screens"
    )
    print(line(f"burst ({args.burst_keys} keys, every player at once): key to screen", burst))
    unanswered = sum(result["unanswered"] for result in results)
    print(f"keys with no answer in {ANSWER_GUARD:g} s (the cursor at a board's edge): {unanswered}")
    apps_memory = [m for each in memory for m in each["apps"]]
    for kind in ("rss", "pss", "uss"):
        values = [m[kind] for m in apps_memory]
        print(line(f"memory per app process ({kind.upper()})", values, "MiB", 1.0))
    print(
        f"memory per player ({len(apps_memory)} app processes for {args.players} players): "
        f"USS {sum(m['uss'] for m in apps_memory) / args.players:.1f} MiB, PSS "
        f"{sum(m['pss'] for m in apps_memory) / args.players:.1f} MiB, RSS "
        f"{sum(m['rss'] for m in apps_memory) / args.players:.1f} MiB"
    )
    apps = sum(m["pss"] for m in apps_memory)
    shared = sum(each["zygote"]["pss"] for each in memory if each["zygote"] is not None)
    servers_rss = sum(each["rss"] for each in memory)
    database_pss = sum(m["pss"] for m in database_memory)
    peaks = ", ".join(f"{each['peak']:.0f}" for each in memory)
    zygotes, servers = ("zygotes'", "servers'") if count > 1 else ("zygote's", "server's")
    print(
        f"in all: {apps + shared + servers_rss + database_pss:.0f} MiB (the apps' PSS "
        f"{apps:.0f} MiB, the {zygotes} {shared:.0f} MiB, the {servers} RSS "
        f"{servers_rss:.0f} MiB, peak {peaks} MiB"
        + (f", PostgreSQL's PSS {database_pss:.0f} MiB" if database is not None else "")
        + ")"
    )
    print(
        f"CPU (server and apps) in the evening: {cpu_used:.1f} s in {minutes * 60:.0f} s, "
        f"{cpu_used / (args.players * minutes):.2f} s per player-minute (the server"
        f"{'s' if count > 1 else ''} {server_cpu:.1f} s, the apps {apps_cpu:.1f} s; the "
        f"benchmark's clients used {clients_cpu:.1f} s of the same cores)"
    )
    if count > 1 or database is not None:
        for front, each, spent, apps_spent in zip(
            fronts, memory, servers_cpu, each_apps_cpu, strict=True
        ):
            print(
                f"  {front.label}: the server {spent:.1f} s, its apps {apps_spent:.1f} s "
                f"({len(each['apps'])} app process{'es' if len(each['apps']) != 1 else ''}); "
                f"its RSS {each['rss']:.0f} MiB"
            )
    if database is not None:
        if database.postmaster is None:
            print("  PostgreSQL: not on this machine (its CPU and memory are not measured)")
        else:
            total = cpu_used + database_used
            print(
                f"  PostgreSQL ({len(database_memory)} processes): {database_used:.1f} s, "
                f"PSS {database_pss:.0f} MiB; with it {total:.1f} s, "
                f"{total / (args.players * minutes):.2f} s per player-minute"
            )
    print(f"errors: {len(errors)}")
    for error in errors[:8]:
        print(f"  {error}")
    return 1 if errors else 0


def main() -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--arrivals", type=int, default=40, help="players in the timed arrival")
    parser.add_argument("--arrive-within", type=float, default=1.0, help="seconds (1)")
    parser.add_argument("--openssh", type=int, default=4, help="players using OpenSSH (4)")
    parser.add_argument("--minutes", type=float, default=1.0, help="the evening's length (1)")
    parser.add_argument("--think", type=float, default=3.0, help="a person's mean think (3 s)")
    parser.add_argument("--key-rate", type=float, default=1.0, help="keys a second (1)")
    parser.add_argument("--burst-keys", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2, help="processes of SSH players (2)")
    parser.add_argument("--preload", choices=["on", "off"], default="on")
    parser.add_argument("--sessions-per-process", type=int, default=SESSIONS_PER_HOST, help="(16)")
    parser.add_argument("--seed", type=int, default=1)
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--store",
        metavar="URL",
        help="a PostgreSQL server (the URL of any database on it): the tables go into a new "
        "database gardens_bench_<pid> there, dropped at the end (default: files)",
    )
    where.add_argument(
        "--pg-local",
        action="store_true",
        help="start a private PostgreSQL server in a temporary folder for --store",
    )
    parser.add_argument(
        "--frontends",
        type=int,
        default=1,
        help="front ends on the database, each after the first a process of its own (1)",
    )
    args = parser.parse_args()
    if args.frontends < 1:
        parser.error("--frontends is at least 1")
    if args.frontends > 1 and args.store is None and not args.pg_local:
        parser.error("several front ends share their tables through --store or --pg-local")
    if shutil.which("ssh") is None:
        args.openssh = 0
    args.openssh = min(args.openssh, args.players)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
