"""What runs on an SSH session's pseudo-terminal: the app (the one server module using Textual).

``python -m gardens_tui.server.app_child`` is started by :mod:`gardens_tui.server.ssh` with the
environment it describes. For now it opens the ordinary app at its main menu (local games, in the
player's own data folder); the lobby of the owner's tables needs the app to take a remote seat
view (see the server package's notes), and will connect with ``GARDENS_SERVER_SOCKET`` and
``GARDENS_SERVER_TICKET`` (:func:`gardens_tui.server.client.connect`).
"""

from __future__ import annotations

import sys


def main() -> int:
    """Run the app until the player quits; its exit status."""
    from gardens_tui.ui.app import create_app

    app = create_app()
    app.run()
    code = getattr(app, "return_code", 0)
    return code if isinstance(code, int) else 0


if __name__ == "__main__":  # pragma: no cover - run as a program
    sys.exit(main())
