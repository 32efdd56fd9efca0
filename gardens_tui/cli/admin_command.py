"""``gardens serve admin``: the operator's commands to a running ``gardens serve ssh``.

Each command sends one request over the server's local socket (:mod:`gardens_tui.server.ssh.admin`,
``admin.sock`` in the server's saves folder: give the same ``--saves`` as the server, or none
for the default) and prints the answer as plain text, or as JSON with ``--json``. Only the user
the server runs as (or root) can open that socket. Exit status 0 on success, 2 when the server
refused or could not be reached, with the reason on standard error.

Everything printed that a player wrote (names, addresses are ours) goes through
:func:`~gardens_tui.cli.output.say`, which escapes what a terminal would act on.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from gardens_tui.cli.arguments import whole_number
from gardens_tui.cli.output import EXIT_OK, CliError, say
from gardens_tui.paths import server_dir

ban_minutes = whole_number("a number of minutes", 1, 10_000_000)


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


def _print_who(people: list[dict[str, Any]]) -> None:
    if not people:
        say("Nobody is connected.")
        return
    rows = [("name", "login", "address", "where", "idle", "on for")]
    for person in people:
        if person["table"] is None:
            where = "lobby"
        elif person["seat"] is None:
            where = f"{person['table']} watching"
        else:
            where = f"{person['table']} as {person['seat']}"
        rows.append(
            (
                str(person["name"]),
                str(person["login"]),
                str(person["address"]),
                where,
                _duration(person["idle"]),
                _duration(person["connected"]),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        say("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())


def _print_bans(bans: list[dict[str, Any]]) -> None:
    if not bans:
        say("No bans.")
        return
    import time

    for ban in bans:
        until = ban["until"]
        left = "for good" if until is None else f"for {_duration(until - time.time())} more"
        reason = f": {ban['reason']}" if ban["reason"] else ""
        say(f"{ban['kind']} {ban['value']} ({left}){reason}")


def _result_text(command: str, result: Any, args: argparse.Namespace) -> None:
    if command == "who":
        _print_who(result)
    elif command == "bans":
        _print_bans(result)
    elif command == "kick":
        say(f"{result} session{'s' if result != 1 else ''} closed.")
    elif command == "ban":
        _print_bans([result])
    elif command in ("unban", "unmute", "unreserve"):
        say("Done." if result else "There was nothing to undo.")
    elif command == "mute":
        say(f"Muted ({result}).")
    elif command == "say":
        say(f"Said to {result} session{'s' if result != 1 else ''}.")
    elif command == "motd":
        say(result if result else "No message of the day.")
    elif command == "names":
        if not result:
            say("No reserved names.")
        for entry in result:
            holder = entry.get("identity") or "nobody"
            say(f"{entry.get('name')} (reserved for {holder})")
    elif command == "reload":
        say("Reloaded." if not result else "Reloaded, with problems:")
        for problem in result:
            say(f"  {problem}")
    else:
        say("Done.")


def _request_args(args: argparse.Namespace) -> dict[str, Any]:
    command = args.admin_command
    if command == "kick":
        return {"name": args.name, "reason": " ".join(args.reason)}
    if command == "ban":
        data: dict[str, Any] = {"kind": args.kind, "value": args.value, "reason": args.reason}
        if args.minutes is not None:
            data["seconds"] = args.minutes * 60
        return data
    if command == "unban":
        return {"kind": args.kind, "value": args.value}
    if command in ("mute", "unmute", "unreserve"):
        return {"name": args.name}
    if command == "say":
        return {"text": " ".join(args.text)}
    if command == "motd":
        if args.clear:
            return {"text": ""}
        return {"text": " ".join(args.text)} if args.text else {}
    if command == "reserve":
        return {"name": args.name, "for": args.identity or ""}
    return {}


def cmd_serve_admin(args: argparse.Namespace) -> int:
    """``gardens serve admin COMMAND``: send it to the running server, print the answer."""
    from gardens_tui.server.ssh.admin import SOCKET_NAME, AdminError, request

    command = getattr(args, "admin_command", None)
    if command is None:
        raise CliError(
            "say what to do: who, kick, ban, unban, bans, mute, unmute, say, motd, reserve, "
            "unreserve, names or reload (see `gardens serve admin --help`)"
        )
    path = server_dir(args.saves) / SOCKET_NAME
    try:
        result = request(path, command, _request_args(args))
    except AdminError as exc:
        raise CliError(str(exc)) from None
    if getattr(args, "json", False):
        print(json.dumps(result, ensure_ascii=True, indent=2))
    else:
        _result_text(command, result, args)
    return EXIT_OK


def add_parser(sub: Any) -> None:
    """``serve admin`` and its commands, under ``gardens serve``."""
    text = "talk to the running SSH server: who, kick, ban, mute, say, motd, reserve, reload"
    p = sub.add_parser("admin", help=text, description=text)
    p.set_defaults(handler=cmd_serve_admin)
    p.add_argument("--saves", metavar="DIR", help="the server's --saves folder (its default)")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    commands = p.add_subparsers(dest="admin_command", metavar="COMMAND")

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=help_text, description=help_text)  # type: ignore[no-any-return]

    command("who", "who is connected: name, login, address, table, idle time")
    c = command("kick", "close a player's sessions (they may connect again)")
    c.add_argument("name", metavar="NAME")
    c.add_argument("reason", nargs="*", metavar="REASON", help="shown to them")
    c = command("ban", "ban a name (and its look-alikes), a key or an address/network")
    c.add_argument("kind", choices=["name", "key", "address"])
    c.add_argument("value", metavar="VALUE", help="the name, SHA256:… fingerprint, or address")
    c.add_argument("--minutes", type=ban_minutes, help="for this long (default: for good)")
    c.add_argument("--reason", default="", help="shown to them")
    c = command("unban", "lift a ban")
    c.add_argument("kind", choices=["name", "key", "address"])
    c.add_argument("value", metavar="VALUE")
    command("bans", "the bans in force")
    c = command("mute", "nobody hears this player's chat any more (kept)")
    c.add_argument("name", metavar="NAME")
    c = command("unmute", "let a muted player chat again")
    c.add_argument("name", metavar="NAME")
    c = command("say", "show a line to everyone connected")
    c.add_argument("text", nargs="+", metavar="TEXT")
    c = command("motd", "show, set (TEXT) or clear (--clear) the lobby's message of the day")
    c.add_argument("text", nargs="*", metavar="TEXT")
    c.add_argument("--clear", action="store_true", help="no message of the day")
    c = command("reserve", "keep a name (and its look-alikes) from everyone, or for one login")
    c.add_argument("name", metavar="NAME")
    c.add_argument(
        "--for", dest="identity", metavar="IDENTITY", help="e.g. key:SHA256:… or user:ann"
    )
    c = command("unreserve", "free a reserved name")
    c.add_argument("name", metavar="NAME")
    command("names", "the reserved names")
    command("reload", "read keys, passwords, bans, names and the message of the day again")
