"""``gardens serve ssh`` (a game server over SSH), ``gardens serve passwd`` (its passwords) and
``gardens serve web`` (the app in a browser); ``gardens serve admin`` is in
:mod:`.admin_command`, ``gardens serve migrate``, ``export`` and ``import`` (the PostgreSQL store)
in :mod:`.store_command`.

``gardens serve ssh`` runs the table owner and the SSH server in this process until it is
stopped: ``SIGTERM`` or ``SIGINT`` (Ctrl+C) ends every session with a line saying the server
restarts (terminals restored, tables saved) and exits within a few seconds; ``SIGHUP`` reads the
authorized keys, the password file, the bans, names, mutes and the message of the day again
without dropping anyone. See :mod:`gardens_tui.server`. Its files live under ``--saves``
(default: the ``server`` folder of the data folder): ``host_key`` (generated on first start
unless ``--host-key`` names one), ``tables/`` (every table, restored at the next start),
``homes/`` (each player's own settings), ``records/`` (bans, names, mutes, ``motd.txt``) and
``admin.sock`` (the operator's socket, :mod:`gardens_tui.server.ssh.admin`). It listens on
``--host`` only (default loopback). At start it raises its open-file limit to the most the
system allows and warns when that is too few for ``--max-connections`` and ``--max-sessions``.
With ``--web PORT`` the same process also serves browsers on ``--host``:PORT
(:mod:`gardens_tui.server.web.front`: the same accounts, lobby and tables; ``--web-url`` is
the address invitation links give, when browsers reach the server through a proxy).

With ``--store postgresql://USER@HOST/DATABASE`` (or ``GARDENS_STORE``; the flag wins) the tables,
their seats and chat, and the bans, names, mutes and message of the day live in that PostgreSQL
database instead of ``tables/`` and ``records/``, and any number of ``gardens serve ssh``
processes, on one machine or several, serve the same lobby and tables
(:mod:`gardens_tui.server.store.postgres`). The database must have this version's schema
(``gardens serve migrate --store URL``): otherwise the server does not start and says why (exit
status 2), as for a URL that is not ``postgresql://`` or when psycopg is missing. The host key,
the homes and the operator's socket stay under ``--saves``. No message shows the URL's password.

``gardens serve passwd FILE NAME`` reads a password (twice from a terminal, or one line from
standard input) and writes NAME's line into FILE (see :mod:`gardens_tui.server.door.auth` for the
format), replacing an older line for NAME. ``gardens serve passwd --store URL NAME`` (or NAME
alone with ``GARDENS_STORE``; a FILE given always means the file) writes it into the store's
password accounts instead, merged with what other operators write at once; every ``serve ssh
--store`` front end of that database takes it at once, without a restart.

With ``--store``, password logins use the store's accounts; ``--password-file FILE``, if given
too, replaces them (a warning at start says so). A server whose store holds no accounts, with
neither ``--authorized-keys`` nor ``--open``, does not start (nobody could log in).

``gardens serve web --local`` serves the app in the browser through textual-serve on ``--host``
only (default loopback), port ``--port`` (8000): local play as the user running it, see
:mod:`gardens_tui.server.web.local`. Without ``--local`` it says that browsers at the shared
tables are served by ``gardens serve ssh --web PORT`` and exits with status 2.

asyncssh is imported only when ``serve ssh`` runs, textual-serve only when ``serve web`` runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import logging
import resource
import shutil
import signal
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from gardens_tui.cli import admin_command, store_command
from gardens_tui.cli.arguments import CommandAdder, whole_number
from gardens_tui.cli.output import EXIT_OK, CliError, say
from gardens_tui.paths import server_dir
from gardens_tui.storage import SaveError, atomic_write_text, read_bytes

if TYPE_CHECKING:
    from gardens_tui.server.ssh.front import ServerConfig, SSHFrontEnd
    from gardens_tui.server.store.postgres.records import PostgresRecordStore
    from gardens_tui.server.web.front import WebFrontEnd

log = logging.getLogger(__name__)

port_number = whole_number("a port", 0, 65535)
session_count = whole_number("the number of sessions", 1, 10000)
sessions_per_process = whole_number("the number of sessions a process runs", 1, 256)
connection_count = whole_number("the number of connections", 1, 100000)
per_address_count = whole_number("the number of connections", 1, 10000)
try_count = whole_number("the number of attempts", 1, 100)
failure_count = whole_number("the number of failures", 1, 10000)
seconds_count = whole_number("a number of seconds", 1, 3600)
minutes_count = whole_number("a number of minutes", 0, 10080)

STOP_SECONDS = 4.0
"""Seconds the sessions have to end when the server stops (the process exits within 5)."""


def raise_file_limit(needed: int) -> int:
    """Raise this process's open-file limit to the most allowed; the limit now. Logs a
    warning when it is below ``needed``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    if soft < needed:
        log.warning(
            "only %d files may be open, and the limits given need about %d: raise LimitNOFILE "
            "or lower --max-connections / --max-sessions",
            soft,
            needed,
        )
    return soft


def cmd_serve(args: argparse.Namespace) -> int:
    """``gardens serve`` alone: say what it needs."""
    raise CliError(
        "say what to serve: `gardens serve ssh` (add --web PORT for browsers) or `gardens "
        "serve web --local` (see their --help)"
    )


def cmd_serve_ssh(args: argparse.Namespace) -> int:
    """``gardens serve ssh``: serve the games over SSH until interrupted."""
    store = store_command.store_url(args)
    if not (args.open or args.authorized_keys or args.password_file or store):
        raise CliError(
            "nobody could log in: give --authorized-keys FILE, --password-file FILE, --store "
            "URL holding accounts (gardens serve passwd --store URL NAME), or --open to let "
            "anyone in"
        )
    if store is not None:
        store_command.check_store(store)
    try:
        from gardens_tui.server.door.guard import Limits
        from gardens_tui.server.logs import configure
        from gardens_tui.server.ssh.front import DESCRIPTORS_PER_SESSION, ServerConfig
    except ImportError as exc:
        raise CliError(f"the SSH server cannot start: {exc}") from None
    root = server_dir(args.saves)
    limits = Limits(
        max_connections=args.max_connections,
        max_unauthenticated=min(args.max_unauthenticated, args.max_connections),
        max_unauthenticated_per_address=args.max_unauthenticated_per_address,
        login_timeout=float(args.login_timeout),
        max_auth_tries=args.max_auth_tries,
        failures_before_block=args.login_failures,
        block_seconds=args.block_minutes * 60.0,
    )
    config = ServerConfig(
        host=args.host,
        port=args.port,
        host_key=Path(args.host_key) if args.host_key else root / "host_key",
        authorized_keys=Path(args.authorized_keys) if args.authorized_keys else None,
        password_file=Path(args.password_file) if args.password_file else None,
        open=args.open,
        max_sessions=args.max_sessions,
        sessions_per_process=args.sessions_per_process,
        homes=root / "homes",
        records=root / "records",
        limits=limits,
        idle_seconds=args.idle_minutes * 60.0,
    )
    configure()
    raise_file_limit(args.max_connections + DESCRIPTORS_PER_SESSION * args.max_sessions + 64)
    web = None if args.web is None else (args.web, args.web_url)
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl+C while stopping
        asyncio.run(_serve(config, root, web, store))
    return EXIT_OK


async def _serve(
    config: object,
    root: Path,
    web: tuple[int, str | None] | None = None,
    store: str | None = None,
) -> None:
    from gardens_tui.server.lobby.owner import TableOwner
    from gardens_tui.server.ssh.admin import SOCKET_NAME, AdminServer
    from gardens_tui.server.ssh.front import ServerConfig, start_ssh_server

    assert isinstance(config, ServerConfig)
    if store is None:
        owner = TableOwner(root / "tables")
        where = "restored"
    else:
        from gardens_tui.server.store.postgres.tables import PostgresTableStore

        owner = TableOwner(store=PostgresTableStore(store))
        where = f"in {store_command.masked(store)}"
    private = Path(tempfile.mkdtemp(prefix="gardens-"))  # 0700: only this user reaches it
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    admin: AdminServer | None = None
    browsers: WebFrontEnd | None = None
    records = None
    try:
        try:
            await owner.start(private / "owner.sock")
            if store is not None:
                records = await _open_records(store)
                config.record_store = records
                _use_accounts(config, records, store)
        except Exception as exc:  # the store's (its schema, unreachable, …): one line
            if store is None or not store_command.store_failure(exc):
                raise
            raise CliError(
                f"the SSH server cannot start: {store_command.scrubbed(str(exc), store)}"
            ) from None
        try:
            front = await start_ssh_server(config, owner)
        except (OSError, ValueError) as exc:
            raise CliError(f"the SSH server cannot start: {exc}") from None
        if records is not None:
            records.changed = front.operator.records_changed
            records.changed()  # what changed since the front end read them
        loop.add_signal_handler(signal.SIGHUP, front.operator.reload)
        admin = AdminServer(front.operator, root / SOCKET_NAME)
        await admin.start()
        shown = ", ".join(f"{a[0]}:{a[1]}" for a in front.addresses())
        say(f"gardens-tui serves over SSH on {shown} ({len(owner.tables)} tables {where}).")
        if web is not None:
            browsers = await _start_web(front, config.host, *web)
            say(f"Browsers log in at {browsers.public_url}/ (the same accounts and tables).")
        say("Stop it with Ctrl+C; `gardens serve admin` talks to it.")
        await stop.wait()
        log.warning("stopping: every session is told and its terminal restored")
        if browsers is not None:
            await browsers.stop_listening()
        try:
            await asyncio.wait_for(front.close(), STOP_SECONDS)
        except TimeoutError:
            log.error("some sessions did not end within %g seconds", STOP_SECONDS)
    finally:
        if browsers is not None:
            await browsers.stop()
        if admin is not None:
            await admin.stop()
        await owner.stop()
        if records is not None:
            await records.close()
        shutil.rmtree(private, ignore_errors=True)


def _use_accounts(config: ServerConfig, records: PostgresRecordStore, url: str) -> None:
    """Take the password accounts from the store unless ``--password-file`` replaces them
    (warned); :class:`CliError` when nobody could log in (no accounts, keys or ``--open``)."""
    held = len(records.accounts())
    if config.password_file is not None:
        if held:
            log.warning(
                "--password-file %s replaces the %d password accounts in the store",
                config.password_file,
                held,
            )
        return
    config.accounts = records.accounts
    if not (held or config.open or config.authorized_keys):
        raise CliError(
            f"nobody could log in: {store_command.masked(url)} holds no password accounts "
            "(add one: gardens serve passwd --store URL NAME); or give --authorized-keys FILE, "
            "--password-file FILE, or --open"
        )


async def _open_records(url: str) -> PostgresRecordStore:
    """The operator's records in the database at ``url``, opened."""
    from gardens_tui.server.store.postgres.records import PostgresRecordStore

    records = PostgresRecordStore(url)
    await records.open()
    return records


async def _start_web(ssh: SSHFrontEnd, host: str, port: int, url: str | None) -> WebFrontEnd:
    """Start the web front end beside ``ssh`` (``CliError`` when it cannot listen)."""
    try:
        from gardens_tui.server.web.front import WebFrontEnd
    except ImportError as exc:
        raise CliError(f"the web front end cannot start: {exc}") from None
    browsers = WebFrontEnd(ssh, host, port, url)
    try:
        await browsers.start()
    except OSError as exc:
        raise CliError(f"the web front end cannot start: {exc.strerror or exc}") from None
    return browsers


WEB_NEEDS_LOCAL = (
    "serve web needs --local: browsers at the shared tables (the same accounts and tables as "
    "SSH players) are served by `gardens serve ssh --web PORT`; local play, as you, by "
    "`gardens serve web --local`"
)


def cmd_serve_web(args: argparse.Namespace) -> int:
    """``gardens serve web --local``: serve the app in the browser until interrupted. Without
    ``--local``: :data:`WEB_NEEDS_LOCAL` (exit status 2, as for an argument error)."""
    if not args.local:
        raise CliError(WEB_NEEDS_LOCAL)
    try:
        from gardens_tui.server.web.local import serve_web
    except ImportError as exc:
        raise CliError(f"the web server cannot start: {exc} (pip install textual-serve)") from None
    home = Path(args.home).resolve() if args.home else None

    def announce(line: str) -> None:
        say(line)
        say("Stop it with Ctrl+C.")

    async def run() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        try:
            await serve_web(args.host, args.port, home, stop, announce)
        except OSError as exc:
            raise CliError(f"the web server cannot start: {exc.strerror or exc}") from None

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run())
    return EXIT_OK


def _read_password() -> str:
    if sys.stdin.isatty():
        first = getpass.getpass("Password: ")
        if getpass.getpass("Again: ") != first:
            raise CliError("the two passwords differ")
        return first
    return sys.stdin.readline().rstrip("\r\n")


def cmd_serve_passwd(args: argparse.Namespace) -> int:
    """``gardens serve passwd FILE NAME``: write NAME's password line into FILE;
    ``gardens serve passwd --store URL NAME`` (or ``GARDENS_STORE``): into the store's
    accounts."""
    from gardens_tui.server.door.auth import password_line

    if args.file is not None and args.store:
        raise CliError("give a password FILE or --store URL, not both")
    url = store_command.required_store(args) if args.file is None else None
    if url is not None:
        store_command.check_store(url)
    try:
        line = password_line(args.name, _read_password())
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if url is not None:
        store_command.write_account(url, args.name, line)
        say(f"{store_command.masked(url)}: password set for {args.name}.")
        return EXIT_OK
    path = Path(args.file)
    old: list[str] = []
    if path.exists():
        try:
            old = read_bytes(path, 1024 * 1024).decode("utf-8").splitlines()
        except (SaveError, UnicodeDecodeError) as exc:
            raise CliError(f"cannot be read: {exc}") from None
    kept = [entry for entry in old if entry.split(":", 1)[0] != args.name]
    atomic_write_text(path, "\n".join([*kept, line]) + "\n")
    with contextlib.suppress(OSError):
        path.chmod(0o600)
    say(f"{path}: password set for {args.name}.")
    return EXIT_OK


def add_parsers(command: CommandAdder) -> None:
    """``serve ssh``, ``serve passwd``, ``serve web`` (and those of :mod:`.admin_command` and
    :mod:`.store_command`)."""
    serve = command(
        "serve", "serve the games to other terminals (over SSH) or to a browser", cmd_serve
    )
    sub = serve.add_subparsers(dest="serve_command", metavar="WHAT")
    text = "serve the games over SSH: each connection plays in its own terminal"
    p = sub.add_parser("ssh", help=text, description=text)
    p.set_defaults(handler=cmd_serve_ssh)
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    p.add_argument("--port", type=port_number, default=2222, help="the port (2222)")
    p.add_argument("--host-key", metavar="FILE", help="the server's private key (made if new)")
    p.add_argument("--authorized-keys", metavar="FILE", help="public keys that may log in")
    p.add_argument(
        "--password-file",
        metavar="FILE",
        help="salted password hashes (gardens serve passwd); with --store it replaces the "
        "store's accounts",
    )
    p.add_argument("--open", action="store_true", help="let anyone in, with the name they type")
    p.add_argument(
        "--max-sessions", type=session_count, default=50, help="the most players at once (50)"
    )
    p.add_argument(
        "--sessions-per-process",
        type=sessions_per_process,
        default=16,
        metavar="N",
        help="the most players whose games one process runs (16; 1: a process each)",
    )
    p.add_argument(
        "--max-connections",
        type=connection_count,
        default=200,
        help="the most connections at once, logged in or not (200)",
    )
    p.add_argument(
        "--max-unauthenticated",
        type=connection_count,
        default=64,
        metavar="N",
        help="the most connections not logged in yet (64)",
    )
    p.add_argument(
        "--max-unauthenticated-per-address",
        type=per_address_count,
        default=16,
        metavar="N",
        help="of those, from one address (16)",
    )
    p.add_argument(
        "--login-timeout",
        type=seconds_count,
        default=30,
        metavar="SECONDS",
        help="seconds a connection has to log in (30)",
    )
    p.add_argument(
        "--max-auth-tries",
        type=try_count,
        default=6,
        metavar="N",
        help="failed attempts one connection may make (6)",
    )
    p.add_argument(
        "--login-failures",
        type=failure_count,
        default=10,
        metavar="N",
        help="failed logins in 15 minutes that block an address or a name (10)",
    )
    p.add_argument(
        "--block-minutes",
        type=minutes_count,
        default=15,
        metavar="M",
        help="how long such a block lasts (15)",
    )
    p.add_argument(
        "--idle-minutes",
        type=minutes_count,
        default=30,
        metavar="M",
        help="close a session after this long without a key, 0 never (30)",
    )
    p.add_argument(
        "--saves",
        metavar="DIR",
        help="where tables, keys, homes, records and the operator's socket are kept",
    )
    store_command.add_store_argument(
        p,
        "keep the tables, records and password accounts in this PostgreSQL database, shared by "
        "every front end given it (gardens serve migrate first)",
    )
    p.add_argument(
        "--web",
        type=port_number,
        metavar="PORT",
        help="also serve browsers on PORT (same --host, accounts and tables; 0: a free port)",
    )
    p.add_argument(
        "--web-url",
        metavar="URL",
        help="the address browsers reach the web port at, for invitation links "
        "(default http://HOST:PORT; give it behind a proxy)",
    )
    text = (
        "write a login's salted password hash into a password file (FILE NAME) or into the "
        "accounts of a PostgreSQL store (--store URL NAME, or $GARDENS_STORE with NAME alone)"
    )
    p = sub.add_parser("passwd", help=text, description=text)
    p.set_defaults(handler=cmd_serve_passwd)
    p.add_argument("file", metavar="FILE", nargs="?", help="the password file (created if missing)")
    p.add_argument("name", metavar="NAME", help="the login name")
    store_command.add_store_argument(
        p,
        "write it into this database's accounts instead of a file (running front ends take "
        "it at once)",
    )
    admin_command.add_parser(sub)
    store_command.add_parsers(sub)
    text = (
        "with --local: serve the app to a browser (local play as you, no log-in: keep it on "
        "loopback); browsers at the shared tables: gardens serve ssh --web PORT"
    )
    p = sub.add_parser("web", help=text, description=text)
    p.set_defaults(handler=cmd_serve_web)
    p.add_argument(
        "--local", action="store_true", help="serve the local app, playing as you (required)"
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8000, help="the port (8000)")
    p.add_argument(
        "--home", metavar="DIR", help="the browser players' data folder (default: yours)"
    )
