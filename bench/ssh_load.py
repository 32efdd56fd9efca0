"""SSH load benchmark: many players on loopback, the app in a pty each, tables with bots.

Run it from the project folder::

    python bench/ssh_load.py                    # 40 players, 20 tables, 30 moves each
    python bench/ssh_load.py --players 10 --tables 5 --moves 10
    python bench/ssh_load.py --preload off      # each session starts the app as a new program

This process is the **server**: the table owner and the SSH front end (``--open``, a temporary
saves folder, loopback, a free port; sessions forked from the preloaded zygote unless
``--preload off``). The clients run in **processes of their own** (``--workers`` of them for
the SSH players, one for the tables), so what is measured is the server's work, not the
clients' (they still share the machine's cores). It measures:

1. **Tables** (the owner's protocol, as an app process uses it at a table): ``--tables`` tables
   of Octopus's Garden, each with two people (protocol clients in the tables process) and a
   greedy bot in the third seat; each person plays its first legal action whenever it decides,
   until each table has made ``--moves`` decisions. Move round trip is from ``apply`` to its
   answer, which comes once the move is on disk (the update to every seat before it).
2. **Sessions**: ``--players`` SSH clients (asyncssh) connect at the same moment, each gets a
   pty running the real app, which opens on the lobby listing those tables.
   Connect-to-first-frame is from opening the connection to the lobby's title arriving;
   key-to-screen is from sending a cursor key (down, then up, moving the lobby's highlighted
   table, ``--keys`` times, every player at once) to the first output after it.
3. **Memory** of every app process while all are open, from ``/proc/PID/smaps_rollup``:
   resident (RSS), proportional (PSS: shared pages divided among their sharers) and unique
   (USS: pages only that process holds); the server's own RSS and the zygote's.
4. **CPU**: the seconds of CPU the server process and the app processes used from the first
   connection to the last key (most of it starting the sessions).

It prints medians and 90th percentiles, and errors. A script, not a test: it asserts nothing and
exits 0 unless something failed.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import resource
import shutil
import statistics
import sys
import tempfile
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
from gardens_tui.server.ssh.front import ServerConfig, start_ssh_server  # noqa: E402

MENU = b"tables on this server"
GUARD = 120.0
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


def children_of(parents: set[int]) -> list[int]:
    """The processes whose parent is one of ``parents``."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) in parents:
            pids.append(int(entry))
    return pids


def app_pids(zygote: int | None) -> list[int]:
    """The app processes: the zygote's children, or (without one) the children of this
    process that run the app child module."""
    if zygote is not None:
        return children_of({zygote})
    pids = []
    for pid in children_of({os.getpid()}):
        try:
            if b"app_child" in Path(f"/proc/{pid}/cmdline").read_bytes():
                pids.append(pid)
        except OSError:
            continue
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


def cpu_seconds(pid: int) -> float:
    """The CPU seconds (user and system) process ``pid`` used so far (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


# --- the SSH players (in worker processes) ------------------------------------------------------


async def read_until(stream: Any, marker: bytes) -> None:
    """Read ``stream`` until ``marker`` arrived."""
    seen = b""
    while marker not in seen:
        chunk = await stream.read(65536)
        if not chunk:
            raise ConnectionError("the session ended")
        seen = seen[-len(marker) :] + chunk


async def settle(stream: Any) -> None:
    """Read ``stream`` until nothing more arrives for 50 ms."""
    while True:
        try:
            chunk = await asyncio.wait_for(stream.read(65536), 0.05)
        except TimeoutError:
            return
        if not chunk:
            return


async def one_player(
    port: int, index: int, keys: int, steps: dict[str, asyncio.Event]
) -> tuple[float, list[float]]:
    """Connect, wait for the lobby (then set ``steps["framed"]``), wait for ``steps["go"]``,
    time ``keys`` cursor keys (then set ``steps["timed"]``) and hold the session until
    ``steps["done"]``. Before each key the output is let settle (no byte for 50 ms), so that
    the time is to the key's own answer."""
    start = time.perf_counter()
    async with asyncssh.connect(
        "127.0.0.1",
        port,
        username=f"player{index}",
        known_hosts=None,
        client_keys=None,
        agent_path=None,
    ) as conn:
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 34), encoding=None
        )
        await read_until(process.stdout, MENU)
        first = time.perf_counter() - start
        steps["framed"].set()
        await steps["go"].wait()
        trips = []
        for number in range(keys):
            await settle(process.stdout)
            key = b"\x1b[B" if number % 2 == 0 else b"\x1b[A"
            sent = time.perf_counter()
            process.stdin.write(key)
            await process.stdout.read(65536)
            trips.append(time.perf_counter() - sent)
        steps["timed"].set()
        await steps["done"].wait()
        process.stdin.write(b"q")
    return first, trips


async def players_async(port: int, first: int, count: int, keys: int, pipe: Connection) -> None:
    """Run players ``first``..``first+count-1``, in step with the server process over
    ``pipe``: send ``up`` once all are in; on ``keys`` time the keys and send ``keyed``; on
    ``release`` end the sessions and send the results."""
    loop = asyncio.get_running_loop()
    go, done = asyncio.Event(), asyncio.Event()
    steps = [
        {"framed": asyncio.Event(), "timed": asyncio.Event(), "go": go, "done": done}
        for _ in range(count)
    ]

    async def player(n: int) -> tuple[float, list[float]]:
        try:
            return await one_player(port, first + n, keys, steps[n])
        finally:  # a player that failed is done with every step
            steps[n]["framed"].set()
            steps[n]["timed"].set()

    tasks = [asyncio.create_task(player(n)) for n in range(count)]
    await asyncio.wait_for(asyncio.gather(*(step["framed"].wait() for step in steps)), GUARD)
    pipe.send("up")
    await loop.run_in_executor(None, pipe.recv)  # "keys"
    go.set()
    await asyncio.wait_for(asyncio.gather(*(step["timed"].wait() for step in steps)), GUARD)
    pipe.send("keyed")
    await loop.run_in_executor(None, pipe.recv)  # "release"
    done.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    firsts, trips, errors = [], [], []
    for result in results:
        if isinstance(result, BaseException):
            errors.append(repr(result))
        else:
            firsts.append(result[0])
            trips.extend(result[1])
    pipe.send({"first": firsts, "trips": trips, "errors": errors})


def players_process(port: int, first: int, count: int, keys: int, pipe: Connection) -> None:
    """A worker process of SSH players (see :func:`players_async`)."""
    asyncio.run(players_async(port, first, count, keys, pipe))


# --- the tables (in a worker process) -----------------------------------------------------------


def tables_process(path: str, tickets: list[tuple[str, str]], moves: int, pipe: Connection) -> None:
    """Play one table for each two tickets over the owner's protocol (see the module
    docstring); send back the move round trips and errors."""
    trips: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()

    def play(number: int, first: str, second: str) -> None:
        try:
            ann, bob = connect(path, first), connect(path, second)
            code = ann.create_table(
                "octopus-garden", [("Ann", None), ("Bob", None), ("Cleo", "greedy")], seed=number
            )
            views = [ann.join(code, 0), bob.join(code, 1)]
            changed = threading.Condition()

            def notify(_: object) -> None:
                with changed:
                    changed.notify_all()

            for view in views:
                view.add_listener(notify)
            while views[0].length < moves and views[0].decision() is not None:
                with changed:
                    changed.wait_for(
                        lambda: any(v.may_act() for v in views) or views[0].decision() is None,
                        GUARD,
                    )
                mover = next((v for v in views if v.may_act()), None)
                if mover is None:
                    continue
                sent = time.perf_counter()
                mover.apply(mover.legal_actions()[0])
                with lock:
                    trips.append(time.perf_counter() - sent)
            ann.close()
            bob.close()
        except Exception as exc:
            with lock:
                errors.append(f"table {number}: {exc!r}")

    threads = [
        threading.Thread(target=play, args=(n, tickets[2 * n][0], tickets[2 * n + 1][0]))
        for n in range(len(tickets) // 2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(GUARD * 5)
    pipe.send({"trips": trips, "errors": errors})


# --- the server (this process) ------------------------------------------------------------------


async def main_async(args: argparse.Namespace) -> int:
    """Start the server, run the clients' processes, measure, print."""
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
        # Every player comes from 127.0.0.1 at once: the door's per-address caps are for
        # strangers, not for this crowd.
        limits=Limits(
            max_connections=4 * args.players + 64,
            max_unauthenticated=2 * args.players + 16,
            max_unauthenticated_per_address=2 * args.players + 16,
        ),
    )
    front = await start_ssh_server(config, owner)
    zygote = front.zygote.zygote.pid if front.zygote is not None else None
    errors = 0

    print(f"{args.tables} tables, {args.moves} decisions each …", flush=True)
    tickets = [
        (owner.issue_ticket(f"bench:t{n}", f"t{n}"), f"t{n}") for n in range(2 * args.tables)
    ]
    ours, theirs = context.Pipe()
    worker = context.Process(
        target=tables_process, args=(str(owner.socket_path), tickets, args.moves, theirs)
    )
    worker.start()
    played = await asyncio.to_thread(ours.recv)
    await asyncio.to_thread(worker.join)
    print(line("move round trip (protocol)", played["trips"]))
    print(f"table errors: {len(played['errors'])}")
    for error in played["errors"][:5]:
        print(f"  {error}")
    errors += len(played["errors"])

    print(f"{args.players} sessions on 127.0.0.1:{front.port} …", flush=True)
    share = [
        args.players // args.workers + (n < args.players % args.workers)
        for n in range(args.workers)
    ]
    pipes, workers, first = [], [], 0
    for count in share:
        ours, theirs = context.Pipe()
        process = context.Process(
            target=players_process, args=(front.port, first, count, args.keys, theirs)
        )
        pipes.append(ours)
        workers.append(process)
        first += count
    cpu_before = sum(os.times()[:2])
    started = time.perf_counter()
    for process in workers:
        process.start()
    for pipe in pipes:
        await asyncio.to_thread(pipe.recv)  # "up"
    memory = [m for m in (memory_mib(pid) for pid in app_pids(zygote)) if m is not None]
    for pipe in pipes:
        pipe.send("keys")
    for pipe in pipes:
        await asyncio.to_thread(pipe.recv)  # "keyed"
    cpu_after = sum(os.times()[:2]) + sum(cpu_seconds(pid) for pid in app_pids(zygote))
    minutes = (time.perf_counter() - started) / 60
    for pipe in pipes:
        pipe.send("release")
    results = [await asyncio.to_thread(pipe.recv) for pipe in pipes]
    server_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for process in workers:
        await asyncio.to_thread(process.join)
    firsts = [t for result in results for t in result["first"]]
    trips = [t for result in results for t in result["trips"]]
    session_errors = [e for result in results for e in result["errors"]]
    print(line("connect to first frame", firsts))
    print(line("key to screen", trips))
    for kind in ("rss", "pss", "uss"):
        values = [m[kind] for m in memory]
        print(line(f"memory per app process ({kind.upper()})", values, "MiB", 1.0))
    print(f"server process: peak RSS {server_rss:.1f} MiB", end="")
    if zygote is not None:
        shared = memory_mib(zygote)
        if shared is not None:
            print(f"; session zygote: RSS {shared['rss']:.1f} MiB, USS {shared['uss']:.1f} MiB")
    else:
        print()
    used = cpu_after - cpu_before
    print(
        f"CPU (server and apps) from the first connection to the last key: {used:.1f} s in "
        f"{minutes * 60:.1f} s, {used / args.players:.2f} s a player (most of it starting)"
    )
    print(f"session errors: {len(session_errors)}")
    for error in session_errors[:5]:
        print(f"  {error}")
    errors += len(session_errors)
    await front.close()
    await owner.stop()
    shutil.rmtree(folder, ignore_errors=True)
    return 1 if errors else 0


def main() -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--keys", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2, help="processes of SSH players (2)")
    parser.add_argument("--preload", choices=["on", "off"], default="on")
    args = parser.parse_args()
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
