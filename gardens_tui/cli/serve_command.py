"""``gardens serve ssh`` (a game server over SSH), ``gardens serve passwd`` (its passwords) and
``gardens serve web`` (the app in a browser).

``gardens serve ssh`` runs the table owner and the SSH server in this process until it is
interrupted (Ctrl+C or SIGTERM); see :mod:`gardens_tui.server`. Its files live under ``--saves``
(default: the ``server`` folder of the data folder): ``host_key`` (generated on first start
unless ``--host-key`` names one), ``tables/`` (every table, restored at the next start) and
``homes/`` (each player's own settings). It listens on ``--host`` only (default loopback).

``gardens serve passwd FILE NAME`` reads a password (twice from a terminal, or one line from
standard input) and writes NAME's line into FILE (see :mod:`gardens_tui.server.auth` for the
format), replacing an older line for NAME.

``gardens serve web`` serves the app in the browser through textual-serve on ``--host`` only
(default loopback), port ``--port`` (8000): local play as the user running it, see
:mod:`gardens_tui.server.web`.

asyncssh is imported only when ``serve ssh`` runs, textual-serve only when ``serve web`` runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import logging
import shutil
import signal
import sys
import tempfile
from pathlib import Path

from gardens_tui.cli.arguments import CommandAdder, whole_number
from gardens_tui.cli.output import EXIT_OK, CliError, say
from gardens_tui.paths import data_dir
from gardens_tui.storage import SaveError, atomic_write_text, read_bytes

port_number = whole_number("a port", 0, 65535)
session_count = whole_number("the number of sessions", 1, 10000)


def cmd_serve(args: argparse.Namespace) -> int:
    """``gardens serve`` alone: say what it needs."""
    raise CliError(
        "say what to serve: `gardens serve ssh` or `gardens serve web` (see their --help)"
    )


def cmd_serve_ssh(args: argparse.Namespace) -> int:
    """``gardens serve ssh``: serve the games over SSH until interrupted."""
    if not (args.open or args.authorized_keys or args.password_file):
        raise CliError(
            "nobody could log in: give --authorized-keys FILE, --password-file FILE, or --open "
            "to let anyone in"
        )
    try:
        from gardens_tui.server.ssh import ServerConfig
    except ImportError as exc:
        raise CliError(f"the SSH server cannot start: {exc}") from None
    root = Path(args.saves) if args.saves else data_dir() / "server"
    config = ServerConfig(
        host=args.host,
        port=args.port,
        host_key=Path(args.host_key) if args.host_key else root / "host_key",
        authorized_keys=Path(args.authorized_keys) if args.authorized_keys else None,
        password_file=Path(args.password_file) if args.password_file else None,
        open=args.open,
        max_sessions=args.max_sessions,
        homes=root / "homes",
    )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl+C while stopping
        asyncio.run(_serve(config, root / "tables"))
    return EXIT_OK


async def _serve(config: object, tables: Path) -> None:
    from gardens_tui.server.owner import TableOwner
    from gardens_tui.server.ssh import ServerConfig, start_ssh_server

    assert isinstance(config, ServerConfig)
    owner = TableOwner(tables)
    private = Path(tempfile.mkdtemp(prefix="gardens-"))  # 0700: only this user reaches it
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await owner.start(private / "owner.sock")
        try:
            handle = await start_ssh_server(config, owner)
        except (OSError, ValueError) as exc:
            raise CliError(f"the SSH server cannot start: {exc}") from None
        shown = ", ".join(f"{a[0]}:{a[1]}" for a in handle.addresses())
        say(f"gardens-tui serves over SSH on {shown} ({len(owner.tables)} tables restored).")
        say("Stop it with Ctrl+C.")
        await stop.wait()
        await handle.close()
    finally:
        await owner.stop()
        shutil.rmtree(private, ignore_errors=True)


def cmd_serve_web(args: argparse.Namespace) -> int:
    """``gardens serve web``: serve the app in the browser until interrupted."""
    try:
        from gardens_tui.server.web import serve_web
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
    """``gardens serve passwd FILE NAME``: write NAME's password line into FILE."""
    from gardens_tui.server.auth import password_line

    try:
        line = password_line(args.name, _read_password())
    except ValueError as exc:
        raise CliError(str(exc)) from None
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
    """``serve ssh``, ``serve passwd`` and ``serve web``."""
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
        "--password-file", metavar="FILE", help="salted password hashes (gardens serve passwd)"
    )
    p.add_argument("--open", action="store_true", help="let anyone in, with the name they type")
    p.add_argument(
        "--max-sessions", type=session_count, default=50, help="the most players at once (50)"
    )
    p.add_argument("--saves", metavar="DIR", help="where tables, keys and homes are kept")
    text = "write a login's salted password hash into a password file"
    p = sub.add_parser("passwd", help=text, description=text)
    p.set_defaults(handler=cmd_serve_passwd)
    p.add_argument("file", metavar="FILE", help="the password file (created if missing)")
    p.add_argument("name", metavar="NAME", help="the login name")
    text = "serve the app in a browser (local play, no log-in: keep it on loopback)"
    p = sub.add_parser("web", help=text, description=text)
    p.set_defaults(handler=cmd_serve_web)
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8000, help="the port (8000)")
    p.add_argument(
        "--home", metavar="DIR", help="the browser players' data folder (default: yours)"
    )
