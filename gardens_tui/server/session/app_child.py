"""What runs on an SSH session's pseudo-terminal as a program of its own: the app.

``python -m gardens_tui.server.session.app_child`` is started by
:mod:`gardens_tui.server.ssh.front` with the environment it describes. It connects to the table
owner with ``GARDENS_SERVER_SOCKET`` and ``GARDENS_SERVER_TICKET``
(:func:`gardens_tui.server.lobby.client.connect`) and runs the app in lobby mode
(``create_app(lobby=connection)``): the lobby of the owner's tables, games on remote seats, no
saved games. Without those variables, or when the owner refuses, it says why in plain words
and ends with status 1. With ``GARDENS_SERVER_JOIN`` (:data:`JOIN_VARIABLE`: a table code, set
for a guest who followed an invitation) the lobby sits its person at that table as soon as it
is connected (:class:`~gardens_tui.ui.screens.lobby.LobbyScreen`); only the first time: a lobby
brought back after a failure is the plain lobby. (A session in a session host runs the same
app the same way, on the host's event loop: :mod:`gardens_tui.server.session.host`.)

**When something goes wrong** the player never sees a traceback, a path or a Python message.
Whatever fails (the app, or this program around it) is written as an *incident report* to the
pipe the server gave (``GARDENS_INCIDENT_FD``, see :mod:`gardens_tui.server.session.terminal`),
where the server logs it; the player gets one plain line naming the incident (:func:`failure_line`)
and, while the connection to the table owner holds, a key press brings the lobby back (the
tables live in the owner: nothing of the game is lost). After :data:`MAX_RESTARTS` failures
within :data:`RESTART_WINDOW` seconds the session ends instead, with a line saying so.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sys
import termios
import time
import traceback
from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gardens_tui.server.lobby.client import OwnerConnection

NO_SERVER = "gardens-tui: the table server cannot be reached"

JOIN_VARIABLE = "GARDENS_SERVER_JOIN"
"""The environment variable naming a table the lobby sits its person at once connected."""

MAX_REPORT_CHARS = 60_000
"""The longest incident report written (a traceback is a few kilobytes)."""

MAX_RESTARTS = 3
"""Failures of the app within :data:`RESTART_WINDOW` seconds after which the session ends."""

RESTART_WINDOW = 60.0


def new_incident() -> str:
    """A fresh incident id: eight capital hex digits, for the player's line and the log."""
    return secrets.token_hex(4).upper()


def failure_line(incident: str, *, again: bool) -> str:
    """The one line a player reads when their session's app failed (``again``: a key brings
    the lobby back; otherwise the session ends)."""
    if again:
        return (
            f"Something went wrong (incident {incident}); your game is saved. "
            "Press a key to return to the lobby."
        )
    return (
        f"Something went wrong (incident {incident}); your game is saved. "
        "Connect again to return to the lobby."
    )


class IncidentReporter:
    """Writes incident reports to the server's pipe (file descriptor ``fd``; ``None``: nowhere).
    Never raises: a report that cannot be written is lost, never shown."""

    def __init__(self, fd: int | None) -> None:
        self.fd = fd

    @classmethod
    def from_environment(cls) -> IncidentReporter:
        """The reporter for the pipe named by ``GARDENS_INCIDENT_FD`` (none if unset or bad)."""
        from gardens_tui.server.session.terminal import INCIDENT_FD_VARIABLE

        text = os.environ.get(INCIDENT_FD_VARIABLE, "")
        return cls(int(text) if text.isdigit() else None)

    def report(self, incident: str, detail: str) -> None:
        """Write one report: ``{"incident": …, "detail": …}`` on one line."""
        if self.fd is None:
            return
        line = json.dumps({"incident": incident, "detail": detail[-MAX_REPORT_CHARS:]})
        with contextlib.suppress(OSError):
            os.write(self.fd, line.encode("utf-8", "replace") + b"\n")


def say(text: str, fd: int = 1) -> None:
    """Write ``text`` as a line of its own on the terminal ``fd`` (standard output)."""
    with contextlib.suppress(OSError):
        os.write(fd, b"\r\n" + text.encode("utf-8") + b"\r\n")


def forget_typed(fd: int = 0) -> None:
    """Forget the keys typed so far on the terminal ``fd`` (those the failed app never read;
    standard input)."""
    with contextlib.suppress(termios.error, OSError):
        termios.tcflush(fd, termios.TCIFLUSH)


def wait_for_key() -> bool:
    """Wait for a key press; False if the terminal closed."""
    try:
        return bool(os.read(0, 1024))
    except OSError:
        return False


def join_code(env: Mapping[str, str]) -> str | None:
    """The table code :data:`JOIN_VARIABLE` names in ``env`` (``None``: unset or blank)."""
    code = env.get(JOIN_VARIABLE, "").strip()
    return code or None


def run_lobby(connection: OwnerConnection, join: str | None = None) -> str | None:
    """Run the app in lobby mode once (sitting at table ``join`` once connected, if given);
    what went wrong (a traceback, for the report), or ``None`` when the player quit."""
    from gardens_tui.ui.app import create_app

    try:
        app = create_app(lobby=connection, join=join)
        app.run()
    except Exception:
        return traceback.format_exc()
    return getattr(app, "failure", None)


class Failures:
    """The failures of one session's app, and whether the lobby may come back after one more:
    while the connection to the table owner holds, unless this is the
    :data:`MAX_RESTARTS`-th failure within :data:`RESTART_WINDOW` seconds."""

    def __init__(self) -> None:
        self._times: deque[float] = deque(maxlen=MAX_RESTARTS)

    def again(self, connection: OwnerConnection) -> bool:
        """Count a failure now; whether the lobby may come back."""
        self._times.append(time.monotonic())
        times = self._times
        return connection.closed_reason is None and not (
            len(times) == MAX_RESTARTS and times[-1] - times[0] < RESTART_WINDOW
        )


def serve(connection: OwnerConnection, reporter: IncidentReporter, join: str | None = None) -> int:
    """Run the lobby until the player quits (the first time sitting at table ``join``, if
    given), bringing it back after a failure (see the module docstring); the exit status."""
    failures = Failures()
    while True:
        failure = run_lobby(connection, join)
        join = None
        if failure is None:
            return 0
        incident = new_incident()
        reporter.report(incident, failure)
        again = failures.again(connection)
        forget_typed()  # before the line: a key pressed once it shows is never lost
        say(failure_line(incident, again=again))
        if not again or not wait_for_key():
            return 1
        with contextlib.suppress(Exception):
            connection.leave()


def connect_from_environment(say: Callable[[str], None]) -> OwnerConnection | None:
    """The connection to the table owner that ``GARDENS_SERVER_SOCKET`` and
    ``GARDENS_SERVER_TICKET`` name, or ``None`` after saying why (with ``say``) there is
    none. Shared by every program a session runs (the app, the plain lobby)."""
    from gardens_tui.server.lobby.client import ConnectionLost, connect

    path = os.environ.get("GARDENS_SERVER_SOCKET", "")
    ticket = os.environ.get("GARDENS_SERVER_TICKET", "")
    if not path or not ticket:
        say(f"{NO_SERVER} (this program is started by `gardens serve ssh`).")
        return None
    try:
        return connect(path, ticket)
    except (OSError, ConnectionLost) as exc:
        reason = exc.reason if isinstance(exc, ConnectionLost) else exc.strerror or str(exc)
        say(f"{NO_SERVER}: {reason}.")
        return None


def run_session(
    serve_with: Callable[[OwnerConnection, IncidentReporter], int],
    say: Callable[[str], None] = say,
) -> int:
    """What every program a session runs does around its own work: connect to the table owner
    (:func:`connect_from_environment`), ``serve_with`` the connection, close it; anything that
    fails is an incident report, and the player reads one line (``say``) naming it. The exit
    status: ``serve_with``'s, or 1."""
    reporter = IncidentReporter.from_environment()
    try:
        connection = connect_from_environment(say)
        if connection is None:
            return 1
        try:
            return serve_with(connection, reporter)
        finally:
            connection.close()
    except Exception:
        incident = new_incident()
        reporter.report(incident, traceback.format_exc())
        say(failure_line(incident, again=False))
        return 1


def main() -> int:
    """Run the app in lobby mode until the player quits; its exit status."""
    return run_session(
        lambda connection, reporter: serve(connection, reporter, join_code(os.environ))
    )


if __name__ == "__main__":  # pragma: no cover - run as a program
    sys.exit(main())
