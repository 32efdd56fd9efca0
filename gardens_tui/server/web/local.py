"""``gardens serve web --local``: the app in a browser, through textual-serve.

:func:`serve_web` runs an HTTP server (aiohttp, from textual-serve) on the given address only.
A browser that opens its page gets textual-serve's terminal in the page; every browser tab that
connects starts its own app process (:data:`APP_COMMAND`: the ordinary ``gardens`` app, menu and
all) driven by Textual's web driver. This is **local play**: each tab plays as the user running
the server, with that user's settings and saves (``--home`` gives the tabs a data folder of
their own). There is no log-in: keep it on loopback, or behind something that authenticates.

:class:`GardensWebServer` is textual-serve's :class:`~textual_serve.server.Server` with these
changes: its page is ours (:data:`TEMPLATES`: the page loads nothing from anywhere but this
server, and its terminal starts only once its font is loaded), it runs on an event loop we own
(so ``--port 0`` works and the real port is known), it says where it listens only once it
really does, it prints no banner, and stopping it closes every tab (which ends the tab's app
process) instead of waiting for the browsers to leave.

textual-serve and aiohttp are imported only by this module.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from gardens_tui.server.web.listening import listen, url_host

APP_COMMAND = (sys.executable, "-m", "gardens_tui")
"""The program each browser tab runs (through a shell, as textual-serve does)."""

TITLE = "gardens-tui"

TEMPLATES = Path(__file__).parent / "templates"
"""Our page template (``app_index.html``): textual-serve's, offline (see the template)."""

QUIT_GRACE = 5.0
"""Seconds a tab's app has to quit when the server stops before it is killed."""


class GardensWebServer(Server):
    """textual-serve's server for the gardens-tui app (see the module docstring).

    ``home``: the data folder the tabs' apps use (``None``: the server user's own).
    """

    def __init__(self, host: str, port: int, home: Path | None = None) -> None:
        command = f"exec {shlex.join(APP_COMMAND)}"  # the shell becomes the app
        if home is not None:
            command = f"GARDENS_TUI_HOME={shlex.quote(str(home))} {command}"
        super().__init__(command, host=host, port=port, title=TITLE, templates_path=TEMPLATES)
        self._runner: web.AppRunner | None = None
        self._tabs: dict[web.WebSocketResponse, AppService] = {}

    async def on_startup(self, app: web.Application) -> None:
        """No banner: :func:`serve_web` says where it listens once it does."""

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """textual-serve's loop over a tab's messages, with the tab's websocket known while it
        runs (so that :meth:`on_shutdown` can close it)."""
        self._tabs[websocket] = app_service
        try:
            await super()._process_messages(websocket, app_service)
        finally:
            self._tabs.pop(websocket, None)

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab: its websocket closes, its app is asked to quit and waited for
        (killed after :data:`QUIT_GRACE` seconds)."""
        tabs = list(self._tabs.items())
        for websocket, _ in tabs:
            await websocket.close(message=b"the server stopped")
        for _, app_service in tabs:
            process = app_service._process  # textual-serve keeps no public handle on it
            if process is None or process.returncode is not None:
                continue
            await app_service.send_meta({"type": "quit"})
            try:
                await asyncio.wait_for(process.wait(), QUIT_GRACE)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()

    async def start(self) -> list[tuple[str, int]]:
        """Listen on ``host``:``port`` (port 0: a free one); the addresses listened on."""
        self.initialize_logging()
        self._runner, addresses = await listen(await self._make_app(), self.host, self.port)
        if addresses:
            self.port = addresses[0][1]
            self.public_url = f"http://{url_host(self.host)}:{self.port}"
        return addresses

    async def stop(self) -> None:
        """Stop listening and end every tab's app."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


async def serve_web(
    host: str,
    port: int,
    home: Path | None,
    stop: asyncio.Event,
    say: Callable[[str], None],
) -> None:
    """Serve the app on ``host``:``port`` until ``stop`` is set; ``say`` gets one line with the
    address once the server listens. ``OSError`` when the address cannot be used."""
    server = GardensWebServer(host, port, home)
    addresses = await server.start()
    try:
        shown = ", ".join(f"{a}:{p}" for a, p in addresses)
        say(f"gardens-tui serves in the browser on {shown}: open {server.public_url}")
        await stop.wait()
    finally:
        await server.stop()
