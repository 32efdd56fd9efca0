"""Starting an aiohttp application on one address, for both browser front ends."""

from __future__ import annotations

from collections.abc import Callable

from aiohttp import web


async def listen(
    app: web.Application,
    host: str,
    port: int,
    prepare: Callable[[web.Server], None] | None = None,
    **runner_options: object,
) -> tuple[web.AppRunner, list[tuple[str, int]]]:
    """Serve ``app`` on ``host``:``port`` (0: a free port) without touching signals; its
    runner (``cleanup()`` stops it) and the addresses it listens on. ``prepare`` gets
    aiohttp's server before the first connection. ``OSError`` when the address cannot be
    used."""
    runner = web.AppRunner(app, handle_signals=False, **runner_options)  # type: ignore[arg-type]
    await runner.setup()
    if prepare is not None:
        assert runner.server is not None
        prepare(runner.server)
    await web.TCPSite(runner, host, port).start()
    return runner, [(str(a[0]), int(a[1])) for a in runner.addresses]


def url_host(host: str) -> str:
    """``host`` as it appears in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host
