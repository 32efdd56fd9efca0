"""The SSH session's app with a planted bug, for the tests of what a player sees when the app
fails: ``r`` (refresh) in the lobby raises an error whose message holds a server path.

Run as the server's app command: ``python tests/server/failing_app.py``.
"""

from __future__ import annotations

import sys

from gardens_tui.server.session import app_child
from gardens_tui.ui.screens.lobby import LobbyScreen

SECRET = "/srv/gardens/secret/path.py"


def broken_refresh(self: LobbyScreen) -> None:
    """The planted bug."""
    raise RuntimeError(f"planted failure in {SECRET}")


if __name__ == "__main__":
    LobbyScreen.action_refresh = broken_refresh  # type: ignore[method-assign]
    sys.exit(app_child.main())
