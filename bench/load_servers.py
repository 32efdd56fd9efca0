"""The servers of bench/ssh_load.py: its front ends, and the PostgreSQL database they share.

- :class:`FrontEnd`: one server front end as ``gardens serve ssh`` runs it (a table owner and
  the SSH front end with its session zygote and hosts), on its own port; with a store URL its
  owner keeps the tables in PostgreSQL (:class:`PostgresTableStore`), else in files. It answers
  the benchmark's questions about itself (:meth:`FrontEnd.answer`: tickets, the tables it
  hosts, its CPU and memory, the decisions made at its tables).
- :func:`front_end_process`: a front end in a process of its own, asked through a pipe;
  :class:`Here` and :class:`There` ask a front end in this process or in another the same way.
- :class:`Database`: the benchmark's own database, made on a PostgreSQL server (``--store
  URL``, or a private server in a temporary folder with ``--pg-local``, from
  tests/pg_server.py), migrated, and dropped at the end; the CPU and memory of the server's
  processes when it runs on this machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import sys
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gardens_tui.server.door.guard import Limits  # noqa: E402
from gardens_tui.server.lobby.owner import TableOwner  # noqa: E402
from gardens_tui.server.ssh.front import ServerConfig, SSHFrontEnd, start_ssh_server  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
LOOPBACK = {"", "localhost", "127.0.0.1", "::1"}
"""Hosts of a PostgreSQL server on this machine (empty: its Unix socket)."""


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


def parent_of(pid: int) -> int | None:
    """The parent of ``pid`` (``None``: gone)."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


def app_pids(zygote: int | None) -> list[int]:
    """The processes running this process's players' apps: the session hosts (the zygote's
    children, and any this process started as programs) or, without hosts, the app programs."""
    pids = children_of(zygote) if zygote is not None else []
    for pid in children_of(os.getpid()):
        with contextlib.suppress(OSError):
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"app_child" in command or b"session.host" in command:
                pids.append(pid)
    return pids


def memory_mib(pid: int) -> dict[str, float] | None:
    """A process's memory in MiB: ``rss``, ``pss`` and ``uss`` (resident, proportional: shared
    pages divided among their sharers, unique: pages only it holds)."""
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


def cpu_of(pid: int) -> float | None:
    """The CPU seconds (user and system) process ``pid`` used so far (``None``: gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS


def cpu_seconds(pids: list[int]) -> float:
    """The CPU seconds the processes ``pids`` used so far (0 for one gone)."""
    return sum(cpu_of(pid) or 0.0 for pid in pids)


def own_cpu() -> float:
    """This process's CPU seconds so far (all its threads)."""
    return sum(os.times()[:2])


def rss_mib() -> float:
    """This process's resident size now, in MiB."""
    for row in Path("/proc/self/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) / 1024
    return 0.0


def peak_rss() -> float:
    """This process's peak resident size, in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# --- a front end --------------------------------------------------------------------------------


@dataclass
class Settings:
    """What a front end needs to start (sent to a front end's process)."""

    number: int
    folder: str
    """The benchmark's temporary folder (the host key, the owners' sockets, the homes)."""
    url: str | None
    """The PostgreSQL database (``None``: the file store in ``folder``)."""
    players: int
    preload: bool
    sessions_per_process: int


class FrontEnd:
    """One server front end: a table owner and the SSH front end (see the module docstring)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.owner: TableOwner | None = None
        self.front: SSHFrontEnd | None = None

    async def start(self) -> dict[str, Any]:
        """Start the owner and the SSH front end; where they listen (``port``, ``socket``)."""
        settings, folder = self.settings, Path(self.settings.folder)
        number = settings.number
        if settings.url is None:
            owner = TableOwner(folder / "tables")
        else:
            from gardens_tui.server.store.postgres.tables import PostgresTableStore

            owner = TableOwner(store=PostgresTableStore(settings.url, front_end=f"fe{number}"))
        self.owner = owner
        await owner.start(folder / f"owner{number}.sock")
        players = settings.players
        config = ServerConfig(
            host="127.0.0.1",
            port=0,
            host_key=folder / "host_key",  # one host key: one server, whichever front end
            open=True,
            max_sessions=players + 1,
            homes=folder / f"homes{number}",
            preload=settings.preload,
            sessions_per_process=settings.sessions_per_process,
            # Every player comes from 127.0.0.1 at once: the door's per-address caps are for
            # strangers, not for this crowd.
            limits=Limits(
                max_connections=4 * players + 64,
                max_unauthenticated=2 * players + 16,
                max_unauthenticated_per_address=2 * players + 16,
            ),
        )
        self.front = await start_ssh_server(config, owner)
        return {
            "port": self.front.port,
            "socket": str(owner.socket_path),
            "pid": os.getpid(),
            "zygote": self.zygote,
        }

    @property
    def zygote(self) -> int | None:
        """The session zygote's process (``None``: sessions start as programs)."""
        front = self.front
        if front is None or front.hosts is None or front.hosts.zygote is None:
            return None
        return front.hosts.zygote.pid

    def answer(self, request: dict[str, Any]) -> Any:
        """The answer to one of the benchmark's questions (``request["ask"]``)."""
        owner = self.owner
        assert owner is not None
        ask = request["ask"]
        if ask == "tickets":
            return [owner.issue_ticket(f"bench:{name}", name) for name in request["names"]]
        if ask == "codes":
            return sorted(owner.tables)
        if ask == "decisions":  # the actions at every table (others' as this one caught up)
            return sum(len(hosted.table.actions) for hosted in owner.tables.values())
        if ask == "cpu":
            zygote = self.zygote
            return {
                "server": own_cpu(),
                "apps": cpu_seconds(app_pids(zygote)),
                "zygote": (cpu_of(zygote) or 0.0) if zygote is not None else 0.0,
            }
        if ask == "memory":
            zygote = self.zygote
            memory = [m for m in map(memory_mib, app_pids(zygote)) if m is not None]
            return {
                "apps": memory,
                "zygote": memory_mib(zygote) if zygote is not None else None,
                "rss": rss_mib(),
                "peak": peak_rss(),
            }
        raise ValueError(f"no such question: {ask!r}")

    async def stop(self) -> None:
        """Close every session, then the owner (what waits is stored first)."""
        if self.front is not None:
            await self.front.close()
        if self.owner is not None:
            await self.owner.stop()


def front_end_process(settings: Settings, pipe: Connection) -> None:
    """A front end in a process of its own: started, then answering the questions on ``pipe``
    until ``{"ask": "stop"}`` (see :class:`There`)."""
    asyncio.run(_front_end_async(settings, pipe))


async def _front_end_async(settings: Settings, pipe: Connection) -> None:
    front = FrontEnd(settings)
    try:
        pipe.send(await front.start())
    except Exception as exc:
        pipe.send({"error": repr(exc)})
        await front.stop()
        return
    try:
        while True:
            request = await asyncio.to_thread(pipe.recv)
            if request["ask"] == "stop":
                break
            try:
                pipe.send({"answer": front.answer(request)})
            except Exception as exc:
                pipe.send({"error": repr(exc)})
    finally:
        await front.stop()
        pipe.send({"answer": "stopped"})


class Here:
    """Asks the front end in this process."""

    def __init__(self, front: FrontEnd, where: dict[str, Any]) -> None:
        self.front = front
        self.port: int = where["port"]
        self.socket: str = where["socket"]
        self.pid: int = where["pid"]
        self.zygote: int | None = where["zygote"]
        self.label = f"front end {front.settings.number + 1} (this process, port {self.port})"

    async def ask(self, ask: str, **request: Any) -> Any:
        """``ask`` this front end (see :meth:`FrontEnd.answer`)."""
        return self.front.answer({"ask": ask, **request})

    async def stop(self) -> None:
        """Stop the front end."""
        await self.front.stop()


class There:
    """Asks a front end in a process of its own (:func:`front_end_process`)."""

    def __init__(self, number: int, process: Any, pipe: Connection, where: dict[str, Any]) -> None:
        self.process = process
        self.pipe = pipe
        self.port: int = where["port"]
        self.socket: str = where["socket"]
        self.pid: int = where["pid"]
        self.zygote: int | None = where["zygote"]
        self.label = f"front end {number + 1} (process {self.pid}, port {self.port})"
        self._lock = asyncio.Lock()

    @classmethod
    async def start(cls, context: Any, settings: Settings) -> There:
        """Start a front end's process and wait until it serves."""
        ours, theirs = context.Pipe()
        process = context.Process(target=front_end_process, args=(settings, theirs))
        process.start()
        where = await asyncio.to_thread(ours.recv)
        if "error" in where:
            await asyncio.to_thread(process.join, 30)
            raise RuntimeError(f"front end {settings.number + 1} did not start: {where['error']}")
        return cls(settings.number, process, ours, where)

    async def ask(self, ask: str, **request: Any) -> Any:
        """``ask`` the front end (see :meth:`FrontEnd.answer`)."""
        async with self._lock:
            self.pipe.send({"ask": ask, **request})
            reply = await asyncio.to_thread(self.pipe.recv)
        if "error" in reply:
            raise RuntimeError(f"{self.label}: {reply['error']}")
        return reply["answer"]

    async def stop(self) -> None:
        """Stop the front end and wait for its process to end (killed after 30 s)."""
        if self.process.is_alive():
            with contextlib.suppress(OSError, EOFError):
                await self.ask("stop")
        await asyncio.to_thread(self.process.join, 30)
        if self.process.is_alive():
            self.process.kill()
            await asyncio.to_thread(self.process.join)


# --- the database -------------------------------------------------------------------------------


class Database:
    """The benchmark's own database ``gardens_bench_<pid>`` on the PostgreSQL server that
    ``server_url`` reaches (any database of it: the new one is made beside it; the role needs
    CREATEDB), migrated to the schema; :meth:`close` drops it. ``local``: a
    :class:`pg_server.PgServer` this benchmark started (``--pg-local``), closed with it."""

    def __init__(self, server_url: str, local: Any = None) -> None:
        import psycopg
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        from gardens_tui.server.store.postgres.schema import migrate

        self.local = local
        self.name = f"gardens_bench_{os.getpid()}"
        self.server_url = server_url
        parts = conninfo_to_dict(server_url)
        self.shown = " ".join(
            f"{key}={value}" for key, value in parts.items() if key not in ("password", "dbname")
        )
        """The server's connection parameters, to show (without the password)."""
        host = str(parts.get("host", ""))
        self.here = host in LOOPBACK or host.startswith("/")
        """Whether the server runs on this machine (its processes' CPU and memory are read)."""
        self.postmaster: int | None = None
        """The PostgreSQL server's first process, when it runs on this machine."""
        with psycopg.connect(server_url, autocommit=True, connect_timeout=10) as admin:
            admin.execute(f'CREATE DATABASE "{self.name}" TEMPLATE template0')
            backend = admin.execute("SELECT pg_backend_pid()").fetchone()
            if self.here and backend is not None:  # while this connection's process runs
                self.postmaster = parent_of(int(backend[0]))
            shown = admin.execute("SHOW server_version").fetchone()
        self.version = str(shown[0]).split()[0] if shown else "?"
        self.url = make_conninfo(server_url, dbname=self.name)
        try:
            migrate(self.url)
        except BaseException:
            self.close()
            raise

    @classmethod
    def start_local(cls) -> Database:
        """A private PostgreSQL server in a temporary folder (tests/pg_server.py: as root it
        runs as ``nobody``), and the database on it."""
        sys.path.insert(0, str(ROOT / "tests"))
        from pg_server import PgServer

        server = PgServer()
        try:
            server.start()
            return cls(server.url, server)
        except BaseException:
            server.close()
            raise

    def pids(self) -> list[int]:
        """The PostgreSQL server's processes, when it runs on this machine (else none)."""
        if self.postmaster is None:
            return []
        return [self.postmaster, *children_of(self.postmaster)]

    def cpu(self) -> dict[int, float]:
        """CPU seconds so far of each of the server's processes."""
        return {pid: cpu for pid in self.pids() if (cpu := cpu_of(pid)) is not None}

    def memory(self) -> list[dict[str, float]]:
        """The memory of each of the server's processes (see :func:`memory_mib`)."""
        return [m for m in map(memory_mib, self.pids()) if m is not None]

    def close(self) -> None:
        """Drop the database (ending the connections still open to it), and stop the private
        server if there is one."""
        import psycopg

        try:
            with psycopg.connect(self.server_url, autocommit=True, connect_timeout=10) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        finally:
            if self.local is not None:
                self.local.close()
