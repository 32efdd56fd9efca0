"""A real PostgreSQL server for the tests (issue 31): never a mock.

:class:`PgServer` runs a private instance of the PostgreSQL installed on the machine, in a
temporary folder in /tmp, listening on 127.0.0.1 only, on a free port, with trust authentication
(anyone on the loopback interface may connect as any role: a test server holds nothing secret).
It can be stopped fast, restarted on the same data folder and port, or stopped immediately (the
server's crash recovery runs at the next start), as the tests of front ends that must survive a
PostgreSQL restart need.

``initdb`` refuses to run as root: when the tests run as root (as in CI), every PostgreSQL
program runs as the unprivileged user ``nobody``, who owns the temporary folder; otherwise they
run as the current user.

The server tests get a database through two fixtures, imported from here like the other helpers
(``from pg_server import pg_server, pg_url``; tests/server has no ``conftest.py`` on purpose:
see tests/server/owner_thread.py):

- ``pg_server`` (session scope): the :class:`PgServer` of this test process (one per xdist
  worker), started on first use and removed when pytest ends;
- ``pg_url``: a connection string to a fresh, empty database on that server, dropped after the
  test.

Where PostgreSQL is not installed, both fixtures fail with a message that says how to install
it: the tests never skip silently.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # psycopg is imported where used: this module imports without it
    from psycopg import Connection

GUARD = 30.0
"""Seconds before waiting for the server gives up (a failure guard, not a timing)."""

ROOTS = (Path("/usr/lib/postgresql"),)
"""Where Debian installs each PostgreSQL version's programs (``<root>/<version>/bin``)."""

PROGRAMS = ("initdb", "pg_ctl", "postgres")

FOLDER_PREFIX = "gardens-pg-"

SETTINGS = """
# gardens-tui tests (tests/pg_server.py): later settings win.
listen_addresses = '127.0.0.1'
unix_socket_directories = '{sockets}'
max_connections = 200
shared_buffers = 16MB
# Durable commits, so that a restart or an immediate stop loses nothing committed. Full-page
# writes only protect against torn pages when the OS crashes, which the tests never do.
fsync = on
synchronous_commit = on
full_page_writes = off
max_wal_size = 1GB
logging_collector = off
"""


class PostgresNotFound(RuntimeError):
    """PostgreSQL's server programs are not installed."""


class PgServerError(RuntimeError):
    """The test server did not start or stop (the message ends with its log's tail)."""


def find_postgres(path: str | None = None, roots: Sequence[Path] | None = None) -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``: the one ``initdb`` on ``path``
    (the ``PATH`` when None) comes from (links resolved, so the three are one installation),
    else the newest ``<root>/<version>/bin`` under ``roots`` (:data:`ROOTS` when None)."""
    roots = ROOTS if roots is None else roots
    candidates: list[Path] = []
    found = shutil.which("initdb", path=path)
    if found is not None:
        candidates.append(Path(found).resolve().parent)
    for root in roots:
        versions = [folder for folder in root.glob("*/bin") if folder.is_dir()]
        candidates.extend(sorted(versions, key=_version_key, reverse=True))
    for folder in candidates:
        if all(os.access(folder / name, os.X_OK) for name in PROGRAMS):
            return folder
    searched = ", ".join(str(root / "*" / "bin") for root in roots)
    raise PostgresNotFound(
        "PostgreSQL's server programs (initdb, pg_ctl, postgres) are not installed: they are "
        f"neither on PATH nor under {searched}. The tests run a real PostgreSQL server; install "
        "it (Debian/Ubuntu: apt-get install postgresql; .ci/run does this) and run them again."
    )


def _version_key(folder: Path) -> tuple[int, ...]:
    """``/usr/lib/postgresql/15/bin`` -> (15,): newest first when sorted in reverse."""
    return tuple(int(part) for part in re.findall(r"\d+", folder.parent.name))


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on just now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _unprivileged() -> pwd.struct_passwd | None:
    """The user the server runs as: ``nobody`` under root (initdb refuses root), else None (the
    current user)."""
    return pwd.getpwnam("nobody") if os.geteuid() == 0 else None


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class PgServer:
    """A private PostgreSQL server in a temporary folder (see the module docstring).

    ``start()`` creates the cluster on first use; ``stop()``, ``restart()`` and ``kill()`` keep
    the data folder and the port; ``close()`` stops the server and removes the folder. Also a
    context manager that closes it.
    """

    def __init__(self, superuser: str = "gardens", bin_dir: Path | None = None) -> None:
        self.bin_dir = bin_dir if bin_dir is not None else find_postgres()
        self.superuser = superuser
        self.base = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX))  # short: socket paths are short
        self.data = self.base / "data"
        self.sockets = self.base / "sockets"
        self.log = self.base / "server.log"
        self.port: int | None = None
        self._runas = _unprivileged()
        self._admin: Connection[Any] | None = None  # to the "postgres" database, autocommit
        self._names = itertools.count(1)
        (self.base / "owner.pid").write_text(str(os.getpid()))
        if self._runas is not None:
            os.chown(self.base, self._runas.pw_uid, self._runas.pw_gid)

    # -- connection strings ---------------------------------------------------------------

    @property
    def url(self) -> str:
        """The connection string of the server's ``postgres`` database."""
        return self.url_for("postgres")

    def url_for(self, database: str) -> str:
        """The connection string of ``database`` on this server (psycopg accepts it)."""
        if self.port is None:
            raise PgServerError("the server has not been started")
        return f"postgresql://{self.superuser}@127.0.0.1:{self.port}/{database}"

    # -- life cycle -----------------------------------------------------------------------

    def start(self) -> None:
        """Start the server (creating its cluster the first time) and wait until it accepts
        connections on 127.0.0.1. The first start picks a free port; later ones reuse it."""
        if not self.data.exists():
            self._initdb()
        if self.port is not None:
            self._start_on(self.port)
            return
        for attempt in range(3):  # another process may take the free port before we bind it
            self.port = free_port()
            try:
                self._start_on(self.port)
                return
            except PgServerError as error:
                if attempt == 2 or "already in use" not in str(error):
                    self.port = None
                    raise

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``pg_ctl stop -m mode``) and wait until it has; nothing if it is not
        running. ``fast`` rolls back open transactions and checkpoints; ``immediate`` does
        neither (the next start recovers from the WAL)."""
        self._close_admin()
        if not self.running:
            return
        done = self._pg_ctl("stop", "-m", mode, "-w", "-t", str(int(GUARD)))
        if done.returncode != 0:
            self._fail(f"pg_ctl stop -m {mode} failed", done)

    def kill(self) -> None:
        """Stop the server at once (``pg_ctl stop -m immediate``): its connections drop, nothing
        is checkpointed, and the next ``start()`` runs crash recovery."""
        self.stop("immediate")

    def restart(self) -> None:
        """Stop fast, then start again on the same data folder and port."""
        self.stop("fast")
        self.start()

    def ensure_running(self) -> None:
        """Start the server if it is not running (a test may leave it stopped)."""
        if self.port is None or not self.running:
            self.start()

    @property
    def running(self) -> bool:
        """Whether the server is running (``pg_ctl status``)."""
        if not self.data.exists():
            return False
        return self._pg_ctl("status").returncode == 0

    def close(self) -> None:
        """Stop the server at once and remove its folder (safe to call twice)."""
        if not self.base.exists():
            return
        try:
            if self.running:
                self.stop("immediate")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)

    def __enter__(self) -> PgServer:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- databases ------------------------------------------------------------------------

    def new_database(self, name: str | None = None) -> str:
        """Create an empty database (from ``template0``; a fresh name when None) and return its
        connection string."""
        from psycopg import sql

        name = name if name is not None else f"db{next(self._names)}"
        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", name):
            raise ValueError(f"not a plain database name: {name!r}")
        self._admin_connection().execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE template0").format(sql.Identifier(name))
        )
        return self.url_for(name)

    def drop_database(self, name: str) -> None:
        """Drop ``name`` if it exists, ending the connections still open to it."""
        from psycopg import sql

        self._admin_connection().execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )

    def _admin_connection(self) -> Connection[Any]:
        """The autocommit connection the server's databases are created through (reopened after
        a restart broke it)."""
        import psycopg

        if self._admin is None or self._admin.closed or self._admin.broken:
            self._admin = psycopg.connect(self.url, autocommit=True, connect_timeout=int(GUARD))
        return self._admin

    def _close_admin(self) -> None:
        if self._admin is not None:
            with contextlib.suppress(Exception):
                self._admin.close()
            self._admin = None

    # -- the PostgreSQL programs ----------------------------------------------------------

    def _initdb(self) -> None:
        self.sockets.mkdir()
        if self._runas is not None:
            os.chown(self.sockets, self._runas.pw_uid, self._runas.pw_gid)
        done = self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            self.superuser,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",  # the new cluster's files reach the disk anyway unless the OS crashes
            "--no-instructions",
        )
        if done.returncode != 0:
            shutil.rmtree(self.data, ignore_errors=True)
            self._fail("initdb failed", done)
        with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            conf.write(SETTINGS.format(sockets=self.sockets))

    def _start_on(self, port: int) -> None:
        done = self._pg_ctl(
            "start", "-w", "-t", str(int(GUARD)), "-l", str(self.log), "-o", f"-p {port}"
        )
        if done.returncode != 0:
            if self.running:  # started, but not ready within the guard
                self._pg_ctl("stop", "-m", "immediate", "-w")
            self._fail(f"pg_ctl start on port {port} failed", done)
        self._wait_for_connections()

    def _wait_for_connections(self) -> None:
        """Poll until a connection over 127.0.0.1 succeeds (pg_ctl -w has already waited for
        the server to report itself ready; this also proves the TCP listener)."""
        import psycopg

        deadline = time.monotonic() + GUARD
        while True:
            try:
                psycopg.connect(self.url, connect_timeout=int(GUARD)).close()
                return
            except psycopg.OperationalError as error:
                if time.monotonic() > deadline:
                    raise PgServerError(
                        f"the server at {self.url} accepts no connections: {error}\n"
                        + self.log_tail()
                    ) from error
            time.sleep(0.05)  # a poll interval; the deadline above decides

    def _pg_ctl(self, *args: str) -> subprocess.CompletedProcess[str]:
        return self._run("pg_ctl", *args, "-D", str(self.data))

    def _run(self, program: str, *args: str) -> subprocess.CompletedProcess[str]:
        """Run one of the PostgreSQL programs, as ``nobody`` under root; its output captured."""
        env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        env["LC_ALL"] = "C"
        extra: dict[str, Any] = {}
        if self._runas is not None:
            extra = {
                "user": self._runas.pw_uid,
                "group": self._runas.pw_gid,
                "extra_groups": [],
            }
        return subprocess.run(
            [str(self.bin_dir / program), *args],
            cwd=self.base,
            env=env,
            capture_output=True,
            text=True,
            timeout=GUARD * 2,
            check=False,
            **extra,
        )

    def log_tail(self, lines: int = 30) -> str:
        """The last lines of the server's log, for failure messages."""
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no server log)"
        return "server log tail:\n" + "\n".join(text.splitlines()[-lines:])

    def _fail(self, what: str, done: subprocess.CompletedProcess[str]) -> None:
        raise PgServerError(
            f"{what} (exit {done.returncode}):\n{done.stdout}{done.stderr}\n{self.log_tail()}"
        )


def reap_abandoned(tmp: Path | None = None) -> None:
    """Stop and remove the test servers left behind by test processes that died without
    cleaning up (killed by a CI timeout, say): folders whose ``owner.pid`` is ours to read and
    names a process that no longer runs."""
    root = Path(tmp if tmp is not None else tempfile.gettempdir())
    for base in root.glob(f"{FOLDER_PREFIX}*"):
        owner = base / "owner.pid"
        try:
            if owner.stat().st_uid != os.geteuid():
                continue
            pid = int(owner.read_text())
        except (OSError, ValueError):
            continue
        if _pid_alive(pid):
            continue
        postmaster = base / "data" / "postmaster.pid"
        with contextlib.suppress(OSError, ValueError, ProcessLookupError, PermissionError):
            os.kill(int(postmaster.read_text().split()[0]), signal.SIGQUIT)  # immediate stop
        shutil.rmtree(base, ignore_errors=True)


_shared: PgServer | None = None


def shared_server(config: pytest.Config) -> PgServer:
    """This test process's server: started on first use, closed when pytest ends (one per
    xdist worker, however many test modules import the fixtures)."""
    global _shared
    if _shared is None:
        reap_abandoned()
        try:
            server = PgServer()
        except PostgresNotFound as error:
            pytest.fail(str(error), pytrace=False)
        config.add_cleanup(server.close)
        server.start()
        _shared = server
    return _shared


@pytest.fixture(scope="session")
def pg_server(request: pytest.FixtureRequest) -> PgServer:
    """The test process's PostgreSQL server (see :func:`shared_server`); a test may restart,
    stop or kill it: the next ``pg_url`` starts it again."""
    return shared_server(request.config)


@pytest.fixture
def pg_url(pg_server: PgServer, request: pytest.FixtureRequest) -> Iterator[str]:
    """A connection string to a fresh, empty database on :func:`pg_server`, dropped after the
    test (with any connections the test left open)."""
    pg_server.ensure_running()
    slug = re.sub(r"[^a-z0-9_]+", "_", request.node.name.lower())
    name = f"t{next(pg_server._names)}_{slug}"[:63]
    url = pg_server.new_database(name)
    yield url
    pg_server.ensure_running()
    pg_server.drop_database(name)
