"""What an honest player feels while strangers attack the server: login floods and half-open
connections against ``gardens serve ssh``.

Run it from the project folder::

    python bench/ssh_flood.py                        # 8 guessers, 200 half-open, 20 s
    python bench/ssh_flood.py --guessers 16 --half-open 400 --seconds 30

It starts ``gardens serve ssh`` as a program of its own (keys and passwords, a temporary saves
folder, loopback, a free port) and measures, first on a quiet server and then under attack:

- **honest login**: an honest player with a key connects, and the time to the lobby's first
  frame is taken (``--logins`` times, one after the other);
- **key to screen**: a player seated at a table (Octopus's Garden, which they created) moves
  the board's cursor right and left in turn (``--keys`` presses, 50 ms apart); the time from
  each key to the first output after it.

The attack, from other loopback addresses (127.0.0.2 and up; the honest players come from
127.0.0.1):

- ``--guessers`` password guessers, each from its own address, each guessing one real player's
  password over and over, a new connection for every guess;
- ``--half-open`` connections that never say a word, spread over addresses of 8 connections
  each, and opened again as soon as the server closes them.

It prints medians and 90th percentiles, how many guesses were answered, refused or blocked,
and the lines the server logged. A script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gardens_tui.server.door.auth import password_line  # noqa: E402

LOBBY = b"Logged in as"
GUARD = 60.0


def p90(values: list[float]) -> float:
    """The 90th percentile of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def shown(values: list[float]) -> str:
    """``median (p90)`` in milliseconds."""
    if not values:
        return "-"
    return f"{statistics.median(values) * 1000:.0f} ms ({p90(values) * 1000:.0f} ms)"


class Server:
    """``gardens serve ssh`` as a program, with its log kept."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = 0
        self.log = bytearray()
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, keys: Path, passwords: Path) -> None:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "gardens_tui",
            "serve",
            "ssh",
            "--port",
            "0",
            "--saves",
            str(self.folder / "srv"),
            "--authorized-keys",
            str(keys),
            "--password-file",
            str(passwords),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env={**os.environ, "GARDENS_TUI_HOME": str(self.folder / "home")},
            cwd=ROOT,
        )
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), GUARD)
        found = re.search(rb":(\d+) ", line)
        assert found, line
        self.port = int(found.group(1))
        asyncio.get_running_loop().create_task(self._read_log())

    async def _read_log(self) -> None:
        assert self.process is not None and self.process.stderr is not None
        while chunk := await self.process.stderr.read(65536):
            self.log.extend(chunk)

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            await asyncio.wait_for(self.process.wait(), GUARD)


def connect(port: int, name: str, **options: Any) -> Any:
    options.setdefault("known_hosts", None)
    options.setdefault("agent_path", None)
    options.setdefault("client_keys", None)
    return asyncssh.connect("127.0.0.1", port, username=name, **options)


class Session:
    """A session with a pty, its output read all the time."""

    def __init__(self, process: Any) -> None:
        self.process = process
        self.seen = bytearray()
        self.arrived = asyncio.Event()
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while chunk := await self.process.stdout.read(65536):
                self.seen.extend(chunk)
                self.arrived.set()

    async def wait_for(self, pattern: bytes, start: int = 0) -> None:
        async def wait() -> None:
            while pattern not in self.seen[start:]:
                self.arrived.clear()
                await self.arrived.wait()

        await asyncio.wait_for(wait(), GUARD)

    async def key(self, key: str) -> float:
        """Seconds from sending ``key`` to the first output after it."""
        mark = len(self.seen)
        self.arrived.clear()
        started = time.perf_counter()
        self.process.stdin.write(key.encode())

        async def wait() -> None:
            while len(self.seen) == mark:
                self.arrived.clear()
                await self.arrived.wait()

        await asyncio.wait_for(wait(), GUARD)
        return time.perf_counter() - started


async def honest_login(port: int, key: asyncssh.SSHKey, name: str) -> float:
    """Seconds from connecting to the lobby's first frame, for a player with a key."""
    started = time.perf_counter()
    async with connect(port, name, client_keys=[key]) as conn:
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None
        )
        session = Session(process)
        await session.wait_for(LOBBY)
        elapsed = time.perf_counter() - started
        process.stdin.write(b"q")
    return elapsed


async def measure(port: int, key: asyncssh.SSHKey, seated: Session, args: Any) -> dict[str, Any]:
    logins = [await honest_login(port, key, "erin") for _ in range(args.logins)]
    keys = []
    for number in range(args.keys):
        keys.append(await seated.key("\x1b[C" if number % 2 == 0 else "\x1b[D"))
        await asyncio.sleep(0.05)
    return {"logins": logins, "keys": keys}


async def guesser(port: int, source: str, stop: asyncio.Event, counts: dict[str, int]) -> None:
    """Guess ann's password from ``source``, a new connection for every guess."""
    while not stop.is_set():
        try:
            async with connect(port, "ann", password="guess", local_addr=(source, 0)):
                pass
        except asyncssh.DisconnectError as exc:  # PermissionDenied too
            if "too many" in exc.reason:
                counts["blocked"] += 1
                await asyncio.sleep(0.05)  # a blocked guesser tries again, a little later
            elif isinstance(exc, asyncssh.PermissionDenied):
                counts["wrong"] += 1
            else:
                counts["refused"] += 1
        except (OSError, asyncssh.Error, TimeoutError):
            counts["failed"] += 1
            await asyncio.sleep(0.05)


async def half_open(
    port: int, source: str, stop: asyncio.Event, counts: dict[str, int], reopen: float
) -> None:
    """One connection from ``source`` that never says a word, opened again ``reopen`` seconds
    after the server closed it."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except OSError:
            await asyncio.sleep(0.05)
            continue
        counts["opened"] += 1
        with contextlib.suppress(OSError):
            while not stop.is_set() and await reader.read(4096):
                pass
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
        await asyncio.sleep(reopen)


async def main(args: Any) -> None:
    folder = Path(tempfile.mkdtemp(prefix="gardens-flood-"))
    honest = asyncssh.generate_private_key("ssh-ed25519")
    keys = folder / "authorized_keys"
    keys.write_bytes(honest.export_public_key())
    passwords = folder / "passwords"
    passwords.write_text(password_line("ann", "a long and secret one") + "\n", encoding="utf-8")
    server = Server(folder)
    await server.start(keys, passwords)
    try:
        async with connect(server.port, "dave", client_keys=[honest]) as conn:
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(100, 30), encoding=None
            )
            seated = Session(process)
            await seated.wait_for(LOBBY)
            mark = len(seated.seen)
            process.stdin.write(b"n")  # a new table, as it comes: seated at once
            await seated.wait_for(b"New table at the server", mark)
            mark = len(seated.seen)
            process.stdin.write(b"\x13")
            await seated.wait_for(b"Lobby", mark)
            quiet = await measure(server.port, honest, seated, args)

            stop = asyncio.Event()
            guesses = {"wrong": 0, "blocked": 0, "refused": 0, "failed": 0}
            opened = {"opened": 0}
            attackers = [
                asyncio.create_task(guesser(server.port, f"127.0.0.{2 + n}", stop, guesses))
                for n in range(args.guessers)
            ]
            first = 2 + args.guessers
            attackers += [  # eight from each address: many addresses, few connections each
                asyncio.create_task(
                    half_open(server.port, f"127.0.0.{first + n // 8}", stop, opened, args.reopen)
                )
                for n in range(args.half_open)
            ]
            await asyncio.sleep(args.warmup)
            attacked = await measure(server.port, honest, seated, args)
            await asyncio.sleep(max(0.0, args.seconds - args.warmup))
            stop.set()
            for task in attackers:
                task.cancel()
            await asyncio.gather(*attackers, return_exceptions=True)
    finally:
        await server.stop()
        shutil.rmtree(folder, ignore_errors=True)

    print(f"gardens serve ssh under attack: {args.guessers} guessers, {args.half_open} half-open")
    print()
    print("| | quiet server | under attack |")
    print("|---|---|---|")
    print(
        f"| honest login to first frame, median (p90) | {shown(quiet['logins'])} | "
        f"{shown(attacked['logins'])} |"
    )
    print(
        f"| seated player's key to screen, median (p90) | {shown(quiet['keys'])} | "
        f"{shown(attacked['keys'])} |"
    )
    print()
    print(
        f"guesses answered 'wrong password': {guesses['wrong']}, refused as blocked: "
        f"{guesses['blocked']}, refused otherwise: {guesses['refused']}, failed: "
        f"{guesses['failed']}; half-open connections opened: {opened['opened']}"
    )
    if args.log:
        Path(args.log).write_bytes(bytes(server.log))
    lines = server.log.count(b"\n")
    print(f"server log: {lines} lines, {len(server.log)} bytes")


def parse_args() -> Any:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--guessers", type=int, default=8)
    parser.add_argument("--half-open", type=int, default=200, help="at most 1,900")
    parser.add_argument(
        "--reopen", type=float, default=1.0, help="seconds before a closed one is opened again"
    )
    parser.add_argument("--log", help="write the server's log to this file")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the attack runs")
    parser.add_argument("--warmup", type=float, default=3.0, help="attack before measuring")
    parser.add_argument("--logins", type=int, default=5)
    parser.add_argument("--keys", type=int, default=40)
    return parser.parse_args()


if __name__ == "__main__":
    asyncio.run(main(parse_args()))
