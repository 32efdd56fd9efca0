"""SSH load benchmark: an evening of many players on loopback, the app in a pty each.

Run it from the project folder::

    python bench/ssh_load.py                     # 100 players, 40 tables, a minute's evening
    python bench/ssh_load.py --players 10 --tables 4 --minutes 0.25
    python bench/ssh_load.py --preload off       # each session starts the app as a new program

This process is the **server**: the table owner and the SSH front end (``--open``, a temporary
saves folder, loopback, a free port; sessions forked from the preloaded zygote unless
``--preload off``; bots pause before each real choice as on a real server). The clients run in
**processes of their own** (``--workers`` of them for the SSH players, one for the people at the
tables), so what is measured is the server's work, not the clients' (they still share the
machine's cores). One run, in five phases:

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
   trip is from ``apply`` to its answer, which comes once the move is on disk. Memory of every
   app process is read from ``/proc/PID/smaps_rollup`` at the end of the evening: resident
   (RSS), proportional (PSS: shared pages divided among their sharers) and unique (USS: pages
   only that process holds); CPU is that of the server process and every app process during
   the evening, per player-minute.
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
import resource
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

from gardens_tui.server.door.guard import Limits  # noqa: E402
from gardens_tui.server.lobby.client import connect  # noqa: E402
from gardens_tui.server.lobby.owner import TableOwner  # noqa: E402
from gardens_tui.server.session.hosts import SESSIONS_PER_HOST  # noqa: E402
from gardens_tui.server.ssh.front import ServerConfig, start_ssh_server  # noqa: E402

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
TICKS = os.sysconf("SC_CLK_TCK")


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


# --- /proc --------------------------------------------------------------------------------------


def children_of(parent: int) -> list[int]:
    """The processes whose parent is ``parent``."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
            pids.append(int(entry))
    return pids


def app_pids(zygote: int | None) -> list[int]:
    """The processes running the players' apps: the session hosts (the zygote's children,
    and any this process started as programs) or, without hosts, the app programs."""
    pids = children_of(zygote) if zygote is not None else []
    for pid in children_of(os.getpid()):
        with contextlib.suppress(OSError):
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"app_child" in command or b"session.host" in command:
                pids.append(pid)
    return pids


def memory_mib(pid: int) -> dict[str, float] | None:
    """A process's memory in MiB: ``rss``, ``pss`` and ``uss`` (see the module docstring)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    fields = {}
    for row in text.splitlines()[1:]:
        name, _, rest = row.partition(":")
        parts = rest.split()
        if parts and parts[0].isdigit():
            fields[name.strip()] = int(parts[0]) / 1024
    return {
        "rss": fields.get("Rss", 0.0),
        "pss": fields.get("Pss", 0.0),
        "uss": fields.get("Private_Clean", 0.0) + fields.get("Private_Dirty", 0.0),
    }


def cpu_seconds(pids: list[int]) -> float:
    """The CPU seconds (user and system) the processes ``pids`` used so far (0 for one gone)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


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
    port: int, indexes: list[int], openssh: set[int], pipe: Connection, seed: int
) -> None:
    """Run the players ``indexes`` (those in ``openssh`` through OpenSSH) in step with the
    server process over ``pipe``: each request names a phase, and its answer follows once
    the phase is done here."""
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
                *(guarded(p.arrive(port, rng.uniform(0, window)), p) for p in group)
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
    port: int, indexes: list[int], openssh: set[int], pipe: Connection, seed: int
) -> None:
    """A worker process of SSH players (see :func:`players_async`)."""
    asyncio.run(players_async(port, indexes, openssh, pipe, seed))


# --- the people at the tables (in a worker process) ---------------------------------------------


def tables_process(
    path: str, tickets: list[str], think: float, pipe: Connection, seed: int
) -> None:
    """Create one table for each two tickets over the owner's protocol (two people and a greedy
    bot), send back the codes, then on ``go`` let each person decide after a random think
    (mean ``think`` seconds) until ``stop``; send back the move round trips and errors."""
    trips: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()
    go = threading.Event()
    codes: list[str] = []
    ready = threading.Barrier(len(tickets) // 2 + 1)

    def play(number: int, first: str, second: str) -> None:
        rng = random.Random(seed * 1000 + number)
        try:
            ann, bob = connect(path, first), connect(path, second)
            code = ann.create_table(
                "octopus-garden", [("Ann", None), ("Bob", None), ("Cleo", "greedy")], seed=number
            )
            views = [ann.join(code, 0), bob.join(code, 1)]
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

        def notify(_: object) -> None:
            with changed:
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
                sent = time.perf_counter()
                mover.apply(rng.choice(mover.legal_actions()))
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
    pipe.send({"trips": trips, "errors": errors})


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


def rss_mib() -> float:
    """This process's resident size now, in MiB."""
    for row in Path("/proc/self/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) / 1024
    return 0.0


async def main_async(args: argparse.Namespace) -> int:
    """Start the server, run the clients' processes through the phases, measure, print."""
    context = multiprocessing.get_context("spawn")
    folder = Path(tempfile.mkdtemp(prefix="gardens-bench-"))
    owner = TableOwner(folder / "tables")
    await owner.start(folder / "owner.sock")
    config = ServerConfig(
        host="127.0.0.1",
        port=0,
        host_key=folder / "host_key",
        open=True,
        max_sessions=args.players + 1,
        homes=folder / "homes",
        preload=args.preload == "on",
        sessions_per_process=args.sessions_per_process,
        # Every player comes from 127.0.0.1 at once: the door's per-address caps are for
        # strangers, not for this crowd.
        limits=Limits(
            max_connections=4 * args.players + 64,
            max_unauthenticated=2 * args.players + 16,
            max_unauthenticated_per_address=2 * args.players + 16,
        ),
    )
    front = await start_ssh_server(config, owner)
    zygote = front.hosts.zygote.pid if front.hosts is not None and front.hosts.zygote else None
    errors: list[str] = []
    print(
        f"{args.players} players ({args.openssh} of them OpenSSH) at {args.tables} tables; "
        f"sessions {'forked from the zygote' if zygote else 'started as programs'}",
        flush=True,
    )

    # 1. The tables.
    tickets = [owner.issue_ticket(f"bench:t{n}", f"t{n}") for n in range(2 * args.tables)]
    ours, theirs = context.Pipe()
    tables = context.Process(
        target=tables_process,
        args=(str(owner.socket_path), tickets, args.think, theirs, args.seed),
    )
    tables.start()
    codes: list[str] = await asyncio.to_thread(ours.recv)
    tables_pipe = ours

    # 2. The first players arrive.
    openssh = set(range(0, args.players, max(1, args.players // max(1, args.openssh))))
    openssh = set(sorted(openssh)[: args.openssh])
    share = [list(range(w, args.players, args.workers)) for w in range(args.workers)]
    pipes, processes = [], []
    for number, indexes in enumerate(share):
        ours, theirs = context.Pipe()
        process = context.Process(
            target=players_process,
            args=(front.port, indexes, openssh & set(indexes), theirs, args.seed + number),
        )
        process.start()
        pipes.append(ours)
        processes.append(process)
    workers = Workers(pipes)
    first_group = set(range(min(args.arrivals, args.players)))
    clients = [process.pid for process in (*processes, tables) if process.pid is not None]
    server_before, clients_before = sum(os.times()[:2]), cpu_seconds(clients)
    zygote_before = cpu_seconds([zygote]) if zygote is not None else 0.0
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
    server_cpu = sum(os.times()[:2]) - server_before
    apps_cpu = cpu_seconds(app_pids(zygote)) + (
        cpu_seconds([zygote]) - zygote_before if zygote is not None else 0.0
    )
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
    pids = app_pids(zygote)
    decisions_before = sum(hosted.table.version for hosted in owner.tables.values())
    clients = [process.pid for process in (*processes, tables) if process.pid is not None]
    server_before, apps_before = sum(os.times()[:2]), cpu_seconds(pids)
    clients_before = cpu_seconds(clients)
    started = time.perf_counter()
    for pipe in pipes:
        pipe.send({"phase": "evening", "rate": args.key_rate})
    await asyncio.sleep(args.minutes * 60)
    memory = [m for m in (memory_mib(pid) for pid in pids) if m is not None]
    server_rss = rss_mib()
    zygote_memory = memory_mib(zygote) if zygote is not None else None
    workers.tell("stop")
    await workers.answers()
    minutes = (time.perf_counter() - started) / 60
    decisions = sum(hosted.table.version for hosted in owner.tables.values()) - decisions_before
    server_cpu = sum(os.times()[:2]) - server_before
    apps_cpu = cpu_seconds(pids) - apps_before
    clients_cpu = cpu_seconds(clients) - clients_before
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
    print(
        f"evening: {decisions / (minutes * 60):.1f} decisions a second at the tables (people's "
        f"and bots'), each drawn on {args.players / args.tables:g} watchers' screens"
    )
    print(line(f"burst ({args.burst_keys} keys, every player at once): key to screen", burst))
    unanswered = sum(result["unanswered"] for result in results)
    print(f"keys with no answer in {ANSWER_GUARD:g} s (the cursor at a board's edge): {unanswered}")
    for kind in ("rss", "pss", "uss"):
        values = [m[kind] for m in memory]
        print(line(f"memory per app process ({kind.upper()})", values, "MiB", 1.0))
    print(
        f"memory per player ({len(memory)} app processes for {args.players} players): "
        f"USS {sum(m['uss'] for m in memory) / args.players:.1f} MiB, PSS "
        f"{sum(m['pss'] for m in memory) / args.players:.1f} MiB, RSS "
        f"{sum(m['rss'] for m in memory) / args.players:.1f} MiB"
    )
    apps = sum(m["pss"] for m in memory)
    shared = zygote_memory["pss"] if zygote_memory is not None else 0.0
    print(
        f"in all: {apps + shared + server_rss:.0f} MiB (the apps' PSS {apps:.0f} MiB, the "
        f"zygote's {shared:.0f} MiB, the server's RSS {server_rss:.0f} MiB, its peak "
        f"{peak_rss():.0f} MiB)"
    )
    print(
        f"CPU (server and apps) in the evening: {cpu_used:.1f} s in {minutes * 60:.0f} s, "
        f"{cpu_used / (args.players * minutes):.2f} s per player-minute (the server "
        f"{server_cpu:.1f} s, the apps {apps_cpu:.1f} s; the benchmark's clients used "
        f"{clients_cpu:.1f} s of the same cores)"
    )
    print(f"errors: {len(errors)}")
    for error in errors[:8]:
        print(f"  {error}")
    await front.close()
    await owner.stop()
    shutil.rmtree(folder, ignore_errors=True)
    return 1 if errors else 0


def peak_rss() -> float:
    """This process's peak resident size, in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


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
    args = parser.parse_args()
    if shutil.which("ssh") is None:
        args.openssh = 0
    args.openssh = min(args.openssh, args.players)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
