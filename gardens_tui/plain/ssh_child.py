"""What runs for an SSH session without a pseudo-terminal (``ssh -T``, a script, a chat bridge):
the plain lobby (:mod:`gardens_tui.plain.lobby`), as a program of its own.

``python -m gardens_tui.plain.ssh_child`` is started by
:mod:`gardens_tui.server.ssh.channel` with the same environment as the app
(:mod:`gardens_tui.server.session.app_child`: the owner's socket, the session's ticket, the
incident pipe, a table to join) on a pseudo-terminal the *server* opens: the client asked for
none, but the server's pty still gives the session's child what every session's child gets
(its output drained and paused for a slow client, its whole process group ended with the
session). The server sets that pty to line mode before this program starts
(:func:`~gardens_tui.server.session.terminal.line_attributes`), so what the client sent
before this program was ready is read as lines too: input a line at a time (the kernel's line
editing, ``^D`` at the start of a line ends input), nothing echoed (the client's own terminal
echoes what its person types), no signal keys, and output written as it is, ``\\n`` without
``\\r`` (a script reads clean lines). Lines are read at most ten a second on average
(:class:`~gardens_tui.plain.console.LinePace`): a client that sends lines without end waits,
and costs the table owner no more than that.

A failure is written as an incident report to the server's pipe, never shown: the player reads
one line naming the incident, and the session ends (the tables live in the owner: nothing is
lost).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from typing import TYPE_CHECKING

from gardens_tui.server.session.app_child import join_code, run_session

if TYPE_CHECKING:
    from gardens_tui.server.lobby.client import OwnerConnection


def say(text: str) -> None:
    """One line on standard output, at once (for the lines before the console exists)."""
    with contextlib.suppress(OSError):
        os.write(1, text.encode("utf-8", "replace") + b"\n")


def serve_plain(connection: OwnerConnection) -> int:
    """The plain lobby on this program's pty until the person quits or input ends."""
    from gardens_tui.plain.console import Console, Inbox, LinePace
    from gardens_tui.plain.lobby import PlainLobby

    out = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="replace")
    inbox = Inbox()
    inbox.read_from(io.BufferedReader(io.FileIO(0, "r", closefd=False)), LinePace())
    return PlainLobby(connection, Console(out), inbox).run(join=join_code(os.environ))


def main() -> int:
    """Run the plain lobby until the person quits or input ends; the exit status (a failure
    is an incident, as the app's: :func:`~gardens_tui.server.session.app_child.run_session`)."""
    return run_session(lambda connection, _: serve_plain(connection), say)


if __name__ == "__main__":  # pragma: no cover - run as a program
    sys.exit(main())
