"""Messages between the server and the processes that run its sessions (the zygote and the
session hosts): one JSON object per datagram on a ``SOCK_SEQPACKET`` socket, with file
descriptors passed beside it (``SCM_RIGHTS``).

POSIX only; standard library.
"""

from __future__ import annotations

import array
import json
import os
import socket
from collections.abc import Callable, Mapping, Sequence
from typing import Any

MAX_MESSAGE = 64 * 1024
"""The largest message either side sends (an environment is a few hundred bytes)."""

MAX_FDS = 4
"""The most file descriptors one message carries."""


def close_all(fds: Sequence[int]) -> None:
    """Close descriptors that came with a message and are not wanted."""
    for fd in fds:
        os.close(fd)


def send(sock: socket.socket, message: Mapping[str, Any], fds: Sequence[int] = ()) -> None:
    """Send ``message`` with the descriptors ``fds`` (``OSError`` when the socket cannot)."""
    data = json.dumps(message).encode("utf-8")
    ancillary = []
    if fds:
        ancillary.append((socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds).tobytes()))
    sock.sendmsg([data], ancillary)


def receive(sock: socket.socket) -> tuple[dict[str, Any] | None, list[int]]:
    """One message and the descriptors that came with it (``None``: the other side closed, or
    sent something that is not a JSON object). ``BlockingIOError`` when nothing is waiting on
    a non-blocking socket."""
    size = array.array("i").itemsize
    data, ancillary, _flags, _address = sock.recvmsg(MAX_MESSAGE, socket.CMSG_SPACE(MAX_FDS * size))
    fds: list[int] = []
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            received = array.array("i")
            received.frombytes(payload[: len(payload) - len(payload) % size])
            fds.extend(received)
    if not data:
        close_all(fds)
        return None, []
    try:
        message = json.loads(data.decode("utf-8"))
    except ValueError:
        message = None
    return (message if isinstance(message, dict) else None), fds


def read_waiting(
    sock: socket.socket,
    handle: Callable[[dict[str, Any], list[int]], None],
    ended: Callable[[], None],
) -> None:
    """Hand every message waiting on the non-blocking ``sock`` to ``handle(message, fds)``
    (which owns the descriptors); call ``ended()`` once the other side has closed or the
    socket failed. For a loop's reader callback."""
    while True:
        try:
            message, fds = receive(sock)
        except BlockingIOError:
            return
        except OSError:
            message, fds = None, []
        if message is None:
            close_all(fds)
            ended()
            return
        handle(message, fds)
