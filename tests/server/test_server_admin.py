"""Every command of the operator's socket, against a server on the test's loop: the answers
the command line prints, and what each changes (the probe program stands in for the app).

tests/server/test_server_process.py drives the same socket through ``gardens serve admin``
against the real program.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from ssh_clients import connect, read_until
from ssh_servers import ssh_servers

from gardens_tui.server.lobby.owner import TableOwner
from gardens_tui.server.ssh.admin import SOCKET_NAME, AdminError, AdminServer, request
from gardens_tui.server.ssh.front import ServerConfig, SSHFrontEnd, start_ssh_server


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[SSHFrontEnd, Path]]:
    """A server (``--open``, the probe as the app) with its operator's socket."""
    async with ssh_servers(tmp_path, records=tmp_path / "records", open=True) as servers:
        front = await servers.start()
        socket_folder = Path(tempfile.mkdtemp(prefix="gta-"))  # Unix socket paths are short
        admin = AdminServer(front.operator, socket_folder / SOCKET_NAME)
        await admin.start()
        try:
            yield front, socket_folder / SOCKET_NAME
        finally:
            await admin.stop()
            shutil.rmtree(socket_folder)


async def ask(path: Path, command: str, **args: Any) -> Any:
    """The server's answer to ``command`` (the client is blocking: run it in a thread)."""
    return await asyncio.to_thread(request, path, command, args)


async def test_every_operator_command_answers_and_acts(
    served: tuple[SSHFrontEnd, Path],
) -> None:
    """Rule: who lists the players; mute and unmute change who may chat (kept); names lists
    the reserved names, reserve and unreserve change them; motd reads and sets; bans lists;
    reload reads the files again without dropping anyone; a bad request is refused with its
    reason."""
    front, path = served
    async with connect(front.port, "ann") as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until(process.stdout, rb"SIZE 80x24")
        (who,) = await ask(path, "who")
        assert (who["name"], who["login"], who["address"], who["table"]) == (
            "ann",
            "open",
            "127.0.0.1",
            None,
        )
        identity = await ask(path, "mute", name="ann")
        assert identity == "open:ann" and front.owner.muted == {"open:ann"}
        assert front.records.mutes == {"open:ann": "ann"}
        assert await ask(path, "unmute", name="ann") is True
        assert await ask(path, "unmute", name="ann") is False
        assert front.owner.muted == set()
        with pytest.raises(AdminError, match="nobody called zed"):
            await ask(path, "mute", name="zed")

        await ask(path, "reserve", name="cleo", **{"for": "open:cleo"})
        reserved = await ask(path, "names")
        assert {"name": "cleo", "identity": "open:cleo"} in reserved
        assert {"name": "admin", "identity": None} in reserved
        assert await ask(path, "unreserve", name="cleo") is True

        assert await ask(path, "motd") == ""
        assert await ask(path, "motd", text="Hello\nthere") == "Hello\nthere"
        assert front.owner.motd == "Hello\nthere"
        with pytest.raises(AdminError, match="control character"):
            await ask(path, "motd", text="\x1b[2J")
        assert await ask(path, "bans") == []
        assert await ask(path, "reload") == []
        process.stdin.write(b"x")  # still playing after the reload
        await read_until(process.stdout, rb"GOT 78")
    with pytest.raises(AdminError, match="no command"):
        await ask(path, "shutdown")
    with pytest.raises(AdminError, match="a ban is by name, key or address"):
        await ask(path, "ban", kind="colour", value="red")


async def test_a_ban_ends_the_sessions_it_catches_and_a_kick_says_why(
    served: tuple[SSHFrontEnd, Path],
) -> None:
    """Rule: a ban by address ends the sessions from that address at once (with the reason)
    and refuses its new connections; a kick ends a player's sessions with the operator's
    reason; both are answered with what they did."""
    front, path = served
    async with connect(front.port, "bob", local_addr=("127.0.0.2", 0)) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until(process.stdout, rb"SIZE 80x24")
        ban = await ask(path, "ban", kind="address", value="127.0.0.2", reason="flooding")
        assert (ban["kind"], ban["value"], ban["until"]) == ("address", "127.0.0.2", None)
        await read_until(process.stdout, rb"you are banned from this server: flooding")
    with pytest.raises((OSError, asyncssh.Error)):
        async with connect(front.port, "bob", local_addr=("127.0.0.2", 0)):
            pass
    async with connect(front.port, "cy") as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await read_until(process.stdout, rb"SIZE 80x24")
        assert await ask(path, "kick", name="cy", reason="lunch") == 1
        await read_until(process.stdout, rb"closed this session: lunch")
