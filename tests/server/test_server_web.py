"""`gardens serve web --local`: the app in a browser through textual-serve, on the address given
only; without `--local` it says which command serves what.

Real sockets on loopback, a real server process and a real app process; no mocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from owner_thread import GUARD

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")


def _children(pid: int) -> list[int]:
    """The process ids of ``pid``'s children (Linux)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(part) for part in text.split()]


@contextlib.asynccontextmanager
async def web_server(tmp_path: Path) -> AsyncIterator[tuple[subprocess.Popen[str], int]]:
    """`gardens serve web --local --port 0` in its own process; it and its port, once it
    listens."""
    env = {**os.environ, "GARDENS_TUI_HOME": str(tmp_path / "home")}
    process = subprocess.Popen(
        [sys.executable, "-m", "gardens_tui", "serve", "web", "--local", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), GUARD)
        match = re.search(r"on 127\.0\.0\.1:(\d+): open http://127\.0\.0\.1:(\d+)", line)
        assert match and match[1] == match[2], line
        yield process, int(match[1])
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=GUARD) as response:
        return response.status, response.read().decode("utf-8")


async def test_serve_web_answers_http_on_loopback_only_and_stops_on_sigterm(
    tmp_path: Path,
) -> None:
    """Behaviour: `gardens serve web --local` listens on 127.0.0.1 (the default) and nowhere
    else: its page (our template: titled gardens-tui, everything loaded from the server) answers
    there and points the browser's terminal back at that address; another loopback address
    (127.0.0.2) is refused; SIGTERM stops it with status 0."""
    async with web_server(tmp_path) as (process, port):
        status, page = await asyncio.to_thread(_get, f"http://127.0.0.1:{port}/")
        assert status == 200
        assert "<title>gardens-tui</title>" in page
        assert f"ws://127.0.0.1:{port}/ws" in page
        assert f"http://127.0.0.1:{port}/static/js/textual.js" in page
        assert "googleapis" not in page
        with pytest.raises(OSError), socket.create_connection(("127.0.0.2", port), GUARD):
            pass
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(asyncio.to_thread(process.wait), GUARD) == 0


async def test_serve_web_runs_the_app_for_a_browser_tab_and_ends_it_on_stop(
    tmp_path: Path,
) -> None:
    """Behaviour: a browser tab (textual-serve's websocket) gets the app's main menu drawn by
    its own app process; stopping the server ends that process too."""
    async with web_server(tmp_path) as (process, port):
        url = f"http://127.0.0.1:{port}/ws?width=100&height=30"
        received = b""
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            while b"New game" not in received:
                message = await ws.receive(timeout=GUARD)
                assert message.type == aiohttp.WSMsgType.BINARY, message
                received += message.data
            apps = [pid for shell in _children(process.pid) for pid in [shell, *_children(shell)]]
            assert apps, "the tab's app runs in a process of its own"
            process.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(asyncio.to_thread(process.wait), GUARD) == 0
        for pid in apps:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, os.WNOHANG)
            stat = Path(f"/proc/{pid}/stat")
            assert not stat.exists() or stat.read_text().split(")")[-1].split()[0] == "Z"


def test_serve_web_without_local_says_which_command_serves_what(tmp_path: Path) -> None:
    """Behaviour: `gardens serve web` without `--local` serves nothing: it exits with status 2
    (as for an argument error) saying that browsers at the shared tables are served by
    `gardens serve ssh --web PORT` and local play by `gardens serve web --local`."""
    done = subprocess.run(
        [sys.executable, "-m", "gardens_tui", "serve", "web", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=GUARD,
        env={**os.environ, "GARDENS_TUI_HOME": str(tmp_path / "home")},
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "gardens serve ssh --web PORT" in done.stderr
    assert "gardens serve web --local" in done.stderr
