"""The operator's line to a running server: ``gardens serve admin`` talks to it here.

A running ``gardens serve ssh`` listens on a Unix socket, :data:`SOCKET_NAME` in its saves
folder, created with mode 0600 (only the user running the server can open it) and refusing any
peer whose user id (``SO_PEERCRED``) is neither that user's nor root's. One request a
connection: a line of JSON ``{"command": NAME, "args": {...}}``; one answer: ``{"ok": true,
"result": ...}`` or ``{"ok": false, "error": "..."}``.

The commands (:data:`COMMANDS`) call :class:`~gardens_tui.server.ssh.SSHFrontEnd`'s tools:
``who``, ``kick``, ``ban``, ``unban``, ``bans``, ``mute``, ``unmute``, ``say``, ``motd``,
``reserve``, ``unreserve``, ``names``, ``reload``. Everything a command changes is kept
(bans, mutes, names, the message of the day survive a restart).

:func:`request` is the client end, used by the command line. Pure standard library and the
front end's methods; no UI.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import struct
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gardens_tui.rules.safe_text import printable
from gardens_tui.server.logs import AUDIT_LOGGER
from gardens_tui.storage import SaveError, parse_json

if TYPE_CHECKING:
    from gardens_tui.server.ssh.operator import Operator

log = logging.getLogger(__name__)

SOCKET_NAME = "admin.sock"
MAX_REQUEST = 64 * 1024
"""The longest request line accepted."""

TIMEOUT = 10.0
"""Seconds a request or an answer may take."""


def peer_uid(sock: socket.socket) -> int | None:
    """The user id of the process at the other end of the Unix socket ``sock`` (``None``
    where the system does not say)."""
    if not hasattr(socket, "SO_PEERCRED"):
        return None
    credentials = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", credentials)
    return int(uid)


def _text(args: dict[str, Any], key: str, *, required: bool = True) -> str:
    value = args.get(key, "")
    if not isinstance(value, str):
        raise ValueError(f"{key} must be text")
    if required and not value.strip():
        raise ValueError(f"say which {key}")
    return value


def _seconds(args: dict[str, Any]) -> float | None:
    value = args.get("seconds")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 10**9:
        raise ValueError("a ban's length is a positive number of seconds")
    return float(value)


Command = Callable[["Operator", dict[str, Any]], Any]

COMMANDS: dict[str, Command] = {
    "who": lambda op, args: op.who(),
    "kick": lambda op, args: op.kick(_text(args, "name"), _text(args, "reason", required=False)),
    "ban": lambda op, args: op.ban(
        _text(args, "kind"),
        _text(args, "value"),
        _text(args, "reason", required=False),
        _seconds(args),
    ).to_dict(),
    "unban": lambda op, args: op.unban(_text(args, "kind"), _text(args, "value")),
    "bans": lambda op, args: [ban.to_dict() for ban in op.front.records.bans.active()],
    "mute": lambda op, args: op.mute(_text(args, "name")),
    "unmute": lambda op, args: op.unmute(_text(args, "name")),
    "say": lambda op, args: op.say(_text(args, "text")),
    "motd": lambda op, args: (
        op.set_motd(_text(args, "text", required=False))
        if "text" in args
        else op.front.records.motd
    ),
    "reserve": lambda op, args: op.reserve(
        _text(args, "name"), _text(args, "for", required=False) or None
    ),
    "unreserve": lambda op, args: op.unreserve(_text(args, "name")),
    "names": lambda op, args: [
        {"name": name, "identity": identity} for name, identity in op.front.records.names.reserved()
    ],
    "reload": lambda op, args: op.reload(),
}
"""Every command, with what it does (with the operator's tools)."""


class AdminServer:
    """The socket for ``operator``'s tools (see the module docstring)."""

    def __init__(self, operator: Operator, path: Path) -> None:
        self.operator = operator
        self.path = path
        self._server: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        """Listen on :attr:`path` (a stale socket left by a crash is replaced)."""
        with contextlib.suppress(FileNotFoundError):
            if self.path.is_socket():
                self.path.unlink()
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(self._serve, path=str(self.path))
        finally:
            os.umask(old)
        os.chmod(self.path, 0o600)

    async def stop(self) -> None:
        """Stop listening and remove the socket."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            sock = writer.get_extra_info("socket")
            uid = peer_uid(sock) if sock is not None else None
            if uid is not None and uid not in (0, os.geteuid()):
                log.warning("admin socket: refused a process of user %d", uid)
                answer: dict[str, Any] = {"ok": False, "error": "not allowed"}
            else:
                line = await asyncio.wait_for(reader.readline(), TIMEOUT)
                answer = self.answer(line)
            writer.write(json.dumps(answer, ensure_ascii=False).encode("utf-8") + b"\n")
            await asyncio.wait_for(writer.drain(), TIMEOUT)
        except (OSError, TimeoutError, asyncio.LimitOverrunError, ValueError):
            pass
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    def answer(self, line: bytes) -> dict[str, Any]:
        """The answer to one request line."""
        if len(line) > MAX_REQUEST:
            return {"ok": False, "error": "the request is too long"}
        try:
            data = parse_json(line.decode("utf-8"))
        except (UnicodeDecodeError, SaveError):
            return {"ok": False, "error": "the request is not JSON"}
        if not isinstance(data, dict) or not isinstance(data.get("command"), str):
            return {"ok": False, "error": "a request names a command"}
        command = COMMANDS.get(data["command"])
        args = data.get("args", {})
        if command is None:
            return {"ok": False, "error": f"no command {printable(data['command'][:40])!r}"}
        if not isinstance(args, dict):
            return {"ok": False, "error": "args must be an object"}
        try:
            result = command(self.operator, args)
        except ValueError as exc:
            return {"ok": False, "error": str(exc)}
        logging.getLogger(AUDIT_LOGGER).info("admin: %s", printable(data["command"]))
        return {"ok": True, "result": result}


class AdminError(Exception):
    """The server refused a command or could not be reached; ``str()`` says why."""


def request(path: Path, command: str, args: dict[str, Any] | None = None) -> Any:
    """Send ``command`` with ``args`` to the server listening on ``path``; its result.
    :class:`AdminError` with the reason when refused or unreachable."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(TIMEOUT)
    try:
        try:
            sock.connect(str(path))
        except FileNotFoundError:
            raise AdminError(f"no server is running with its files in {path.parent}") from None
        except PermissionError:
            raise AdminError(
                f"{path} is not yours: run this as the user the server runs as (or root)"
            ) from None
        except ConnectionRefusedError:
            raise AdminError(f"the server behind {path} is not running") from None
        payload = {"command": command, "args": args or {}}
        sock.sendall(json.dumps(payload, ensure_ascii=False).encode("utf-8") + b"\n")
        data = b""
        while not data.endswith(b"\n"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    except OSError as exc:
        raise AdminError(f"the server did not answer: {exc.strerror or exc}") from None
    finally:
        sock.close()
    try:
        answer = parse_json(data.decode("utf-8"))
    except (UnicodeDecodeError, SaveError):
        raise AdminError("the server's answer could not be read") from None
    if not isinstance(answer, dict) or not answer.get("ok"):
        error = answer.get("error") if isinstance(answer, dict) else None
        raise AdminError(str(error or "refused"))
    return answer.get("result")
