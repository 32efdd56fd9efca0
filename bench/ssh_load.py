"""SSH load benchmark: many players on loopback, the app in a pty each, tables with bots.

Run it from the project folder::

    python bench/ssh_load.py                    # 40 players, 20 tables, 30 moves each
    python bench/ssh_load.py --players 10 --tables 5 --moves 10

It starts the table owner and the SSH server in this process (``--open``, a temporary saves
folder, loopback, a free port) and measures two things:

1. **Tables** (the owner's protocol, as the app processes use it at a table): ``--tables``
   tables of Octopus's Garden, each with two people (clients on the Unix socket) and a greedy
   bot filling the third seat; each person plays its first legal action whenever it decides,
   until each table has made ``--moves`` decisions. Move round trip is from ``apply`` to its
   answer (the update included). These clients are threads of this process, so they share
   its interpreter lock with the owner: with many tables the figure is an upper bound.
2. **Sessions**: ``--players`` SSH clients (asyncssh) connect at once, each gets a pty running
   the real app, which opens on the lobby listing those tables (and refreshing the list every
   two seconds). Connect-to-first-frame is the time from opening the connection to the lobby's
   title arriving; key-to-screen is the time from sending a cursor key (down, then up, moving
   the lobby's highlighted table, ``--keys`` times, once every session is up) to the first
   output that follows it.
   Memory is each app process's resident size (``VmRSS``), read from ``/proc`` while every
   session is open.

It prints medians and 90th percentiles, and errors. A script, not a test: it asserts nothing and
exits 0 unless something failed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
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


def app_pids(parents: set[int]) -> list[int]:
    """The app processes of the sessions: children of this process running the app child
    module, or children of the session zygote (``parents`` holds its pid)."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if (parent == os.getpid() and b"app_child" in cmdline) or parent in parents:
            pids.append(int(entry))
    return pids


def memory_mib(pid: int) -> dict[str, float] | None:
    """A process's memory in MiB: resident (``rss``), proportional (``pss``: shared pages
    divided among their sharers) and unique (``uss``: pages only it holds)."""
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


async def read_until(stream: Any, marker: bytes) -> None:
    """Read ``stream`` until ``marker`` arrived."""
    seen = b""
    while marker not in seen:
        chunk = await stream.read(65536)
        if not chunk:
            raise ConnectionError("the session ended")
        seen = seen[-len(marker) :] + chunk


async def one_session(
    port: int,
    index: int,
    keys: int,
    framed: asyncio.Event,
    go: asyncio.Event,
    opened: asyncio.Event,
    release: asyncio.Event,
) -> tuple[float, list[float]]:
    """Connect, wait for the lobby (then set ``framed``), wait for ``go`` (every session is
    up), time ``keys`` cursor keys, set ``opened``; hold the session until ``release``.
    Returns (connect-to-first-frame, key round trips)."""
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
        framed.set()
        await go.wait()
        trips = []
        for number in range(keys):
            key = b"\x1b[B" if number % 2 == 0 else b"\x1b[A"
            sent = time.perf_counter()
            process.stdin.write(key)
            await process.stdout.read(65536)
            trips.append(time.perf_counter() - sent)
        opened.set()
        await release.wait()
        process.stdin.write(b"q")
    return first, trips


async def sessions(port: int, players: int, keys: int, parents: set[int]) -> dict[str, Any]:
    """Run every session at once; gather the figures."""
    release, go = asyncio.Event(), asyncio.Event()
    framed = [asyncio.Event() for _ in range(players)]
    opened = [asyncio.Event() for _ in range(players)]
    tasks = [
        asyncio.create_task(one_session(port, i, keys, framed[i], go, opened[i], release))
        for i in range(players)
    ]
    errors: list[str] = []
    up = [asyncio.create_task(event.wait()) for event in framed]
    await asyncio.wait([*up, *tasks], timeout=GUARD, return_when=asyncio.ALL_COMPLETED)
    go.set()  # keys are timed once every session is up (not while others still start)
    waiting = [asyncio.create_task(event.wait()) for event in opened]
    await asyncio.wait([*waiting], timeout=GUARD, return_when=asyncio.ALL_COMPLETED)
    memory = [m for m in (memory_mib(pid) for pid in app_pids(parents)) if m is not None]
    release.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for task in [*up, *waiting]:
        task.cancel()
    firsts, trips = [], []
    for result in results:
        if isinstance(result, BaseException):
            errors.append(repr(result))
        else:
            firsts.append(result[0])
            trips.extend(result[1])
    return {"first": firsts, "trips": trips, "memory": memory, "errors": errors}


def tables(
    owner: TableOwner, loop: asyncio.AbstractEventLoop, count: int, moves: int
) -> dict[str, Any]:
    """Play ``count`` tables over the protocol from threads; gather move round trips."""
    path = owner.socket_path
    assert path is not None

    def ticket(name: str) -> str:
        future = asyncio.run_coroutine_threadsafe(_ticket(owner, name), loop)
        return future.result(GUARD)

    trips: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()

    def play(number: int) -> None:
        try:
            ann = connect(path, ticket(f"ann{number}"))
            bob = connect(path, ticket(f"bob{number}"))
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
                try:
                    mover.apply(mover.legal_actions()[0])
                except Exception as exc:  # a stale view: the other client's update came late
                    with lock:
                        errors.append(f"table {number}: {exc}")
                    continue
                with lock:
                    trips.append(time.perf_counter() - sent)
            ann.close()
            bob.close()
        except Exception as exc:
            with lock:
                errors.append(f"table {number}: {exc!r}")

    threads = [threading.Thread(target=play, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(GUARD * 5)
    return {"trips": trips, "errors": errors}


async def _ticket(owner: TableOwner, name: str) -> str:
    return owner.issue_ticket(f"bench:{name}", name)


async def main_async(args: argparse.Namespace) -> int:
    """Start everything, measure, print."""
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
        # Every player comes from 127.0.0.1 at once: the door's per-address caps are for
        # strangers, not for this crowd.
        limits=Limits(
            max_connections=4 * args.players + 64,
            max_unauthenticated=2 * args.players + 16,
            max_unauthenticated_per_address=2 * args.players + 16,
        ),
    )
    handle = await start_ssh_server(config, owner)
    loop = asyncio.get_running_loop()
    print(f"{args.tables} tables, {args.moves} decisions each …", flush=True)
    played = await asyncio.to_thread(tables, owner, loop, args.tables, args.moves)
    print(line("move round trip (protocol)", played["trips"]))
    print(f"table errors: {len(played['errors'])}")
    for error in played["errors"][:5]:
        print(f"  {error}")
    print(f"{args.players} sessions on 127.0.0.1:{handle.port} …", flush=True)
    zygote = handle.zygote.zygote.pid if handle.zygote is not None else None
    parents = {zygote} if zygote is not None else set()
    result = await sessions(handle.port, args.players, args.keys, parents)
    print(line("connect to first frame", result["first"]))
    print(line("key to screen", result["trips"]))
    if result["memory"]:
        for kind in ("rss", "pss", "uss"):
            values = [memory[kind] for memory in result["memory"]]
            print(line(f"memory per app process ({kind.upper()})", values, "MiB", 1.0))
        if zygote is not None:
            shared = memory_mib(zygote)
            if shared is not None:
                print(f"session zygote: RSS {shared['rss']:.1f} MiB, USS {shared['uss']:.1f} MiB")
    print(f"session errors: {len(result['errors'])}")
    for error in result["errors"][:5]:
        print(f"  {error}")
    await handle.close()
    await owner.stop()
    shutil.rmtree(folder, ignore_errors=True)
    return 1 if result["errors"] or played["errors"] else 0


def main() -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--keys", type=int, default=10)
    args = parser.parse_args()
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
