"""``gardens serve``: the command line of the SSH server and of its password file."""

from __future__ import annotations

import asyncio
import io
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from gardens_tui.cli import main
from gardens_tui.server.door.auth import PasswordFile

GUARD = 30.0


def test_serve_passwd_writes_a_checkable_line_and_replaces_an_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Behaviour: `gardens serve passwd FILE NAME` stores a salted hash that checks the
    password read from standard input; setting it again replaces the line, others stay."""
    path = tmp_path / "passwords"
    for name, password in (("ann", "first"), ("bob", "bobs"), ("ann", "second")):
        monkeypatch.setattr(sys, "stdin", io.StringIO(password + "\n"))
        assert main(["serve", "passwd", str(path), name]) == 0
    passwords = PasswordFile.read(path)
    assert passwords.check("ann", "second") and not passwords.check("ann", "first")
    assert passwords.check("bob", "bobs")
    assert len(path.read_text(encoding="utf-8").splitlines()) == 2
    assert path.stat().st_mode & 0o077 == 0


def test_serve_ssh_refuses_to_start_without_a_way_to_log_in(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rule: authentication is required by default; without keys, passwords or --open the
    server does not start and says why."""
    assert main(["serve", "ssh", "--port", "0"]) == 2
    assert "--open" in capsys.readouterr().err


async def test_serve_ssh_runs_until_terminated(tmp_path: Path) -> None:
    """Behaviour: `gardens serve ssh --open` listens on loopback, lets a client in, keeps its
    files under --saves and stops cleanly on SIGTERM; its log carries no third-party deprecation
    warnings (asyncssh's use of DSA printed a dozen lines at every start)."""
    env = {**os.environ, "GARDENS_TUI_HOME": str(tmp_path / "home")}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gardens_tui",
            "serve",
            "ssh",
            "--open",
            "--port",
            "0",
            "--saves",
            str(tmp_path / "server"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), GUARD)
        match = re.search(r"on 127\.0\.0\.1:(\d+)", line)
        assert match, line
        async with asyncssh.connect(
            "127.0.0.1",
            int(match[1]),
            username="ann",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
        ) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process("id")
        assert (tmp_path / "server" / "host_key").exists()
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(asyncio.to_thread(process.wait), GUARD) == 0
        assert process.stderr is not None
        log = process.stderr.read()
        assert "DeprecationWarning" not in log, log
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
