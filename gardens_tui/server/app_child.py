"""What runs on an SSH session's pseudo-terminal: the app (the one server module using Textual).

``python -m gardens_tui.server.app_child`` is started by :mod:`gardens_tui.server.ssh` with the
environment it describes. It connects to the table owner with ``GARDENS_SERVER_SOCKET`` and
``GARDENS_SERVER_TICKET`` (:func:`gardens_tui.server.client.connect`) and runs the app in lobby
mode (``create_app(lobby=connection)``): the lobby of the owner's tables, games on remote seats,
no saved games. Without those variables, or when the owner refuses, it says why in plain words
and ends with status 1.
"""

from __future__ import annotations

import os
import sys

NO_SERVER = "gardens-tui: the table server cannot be reached"


def main() -> int:
    """Run the app in lobby mode until the player quits; its exit status."""
    from gardens_tui.server.client import ConnectionLost, connect

    path = os.environ.get("GARDENS_SERVER_SOCKET", "")
    ticket = os.environ.get("GARDENS_SERVER_TICKET", "")
    if not path or not ticket:
        sys.stdout.write(f"{NO_SERVER} (this program is started by `gardens serve ssh`).\r\n")
        return 1
    try:
        connection = connect(path, ticket)
    except (OSError, ConnectionLost) as exc:
        reason = exc.reason if isinstance(exc, ConnectionLost) else exc.strerror or str(exc)
        sys.stdout.write(f"{NO_SERVER}: {reason}.\r\n")
        return 1
    from gardens_tui.ui.app import create_app

    app = create_app(lobby=connection)
    try:
        app.run()
    finally:
        connection.close()
    code = getattr(app, "return_code", 0)
    return code if isinstance(code, int) else 0


if __name__ == "__main__":  # pragma: no cover - run as a program
    sys.exit(main())
