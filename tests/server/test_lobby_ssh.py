"""Two players at one table over real SSH: the real app on each session's pty, read as bytes.

A real table owner and SSH server run on the test's loop; two asyncssh clients with a pty play
Throw Octopus! (hands hidden, tile names ``t1``..``t85`` drawn on the hand) from the lobby on,
with a bot in the third seat, and each terminal's whole output is checked never to hold a tile
of the other's hand. Waits are on data arriving and on the table's own change events, with a
generous guard against hanging.
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from ssh_clients import GUARD, Terminal, connect
from ssh_servers import APP, ssh_servers
from table_checks import forced, tile_pattern

from gardens_tui.bots import LEVELS
from gardens_tui.server.lobby.client import connect as connect_owner
from gardens_tui.server.lobby.owner import TableOwner
from gardens_tui.server.ssh.front import ServerConfig, SSHFrontEnd, start_ssh_server
from gardens_tui.table import Table

GAME = "throw-octopus"


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[TableOwner, SSHFrontEnd]]:
    """A table owner and an SSH server (``--open``) running the real app, on loopback."""
    async with ssh_servers(tmp_path, open=True, app_command=APP) as servers:
        yield servers.owner, await servers.start()


async def open_terminal(handle: SSHFrontEnd, name: str, stack: list[Any]) -> Terminal:
    """Log in as ``name`` with a 100x34 pty; the session's terminal."""
    conn = await connect(handle.port, name)
    stack.append(conn)
    return await Terminal.open(conn)


async def test_two_players_over_ssh_never_see_each_others_hand(
    served: tuple[TableOwner, SSHFrontEnd],
) -> None:
    """Rule: over SSH each terminal shows only what its seat may see. Ann and Bob join one
    Throw Octopus! table from the lobby (Enter, then the seat) and play some turns with the
    choices list (c, 1); Ann's terminal shows her own hand's tile names and never one of Bob's
    (those he held throughout), and the other way round."""
    owner, handle = served
    ticket = owner.issue_ticket("open:host", "host")
    path = owner.socket_path
    assert path is not None
    host = await asyncio.to_thread(connect_owner, path, ticket)
    seats = [("ann", None), ("bob", None), ("Cy", LEVELS[0])]
    code = await asyncio.to_thread(host.create_table, GAME, seats, None, 7)
    host.close()
    table: Table = owner.tables[code].table
    changed = asyncio.Event()
    table.add_listener(lambda _: changed.set())
    start_hands = [list(hand) for hand in table.state.hands]  # type: ignore[attr-defined]

    conns: list[Any] = []
    try:
        ann = await open_terminal(handle, "ann", conns)
        await ann.wait_for(code.encode())
        ann.send("\r")
        await ann.wait_for(rb"Sit as ann")
        ann.send("1")
        await ann.wait_for(rb"esc.{0,40}Lobby")  # the game screen's footer
        bob = await open_terminal(handle, "bob", conns)
        await bob.wait_for(code.encode())
        bob.send("\r")
        await bob.wait_for(rb"Sit as bob")
        bob.send("1")
        await bob.wait_for(rb"esc.{0,40}Lobby")  # the game screen's footer
        terminals = {0: ann, 1: bob}
        made = 0
        while made < 4 and table.state.decision is not None:
            seat = table.state.current_player
            version = table.version
            if seat in terminals and not forced(table):
                terminal = terminals[seat]
                mark = len(terminal.seen)
                terminal.send("c")
                # The list of choices, or the bell of "not your decision": its screen had not
                # caught up with the table yet, so look again.
                await terminal.wait_for(rb"Every choice|\x07", mark)
                if b"Every choice" not in terminal.seen[mark:]:
                    continue
                terminal.send("1")
                made += 1
            while table.version == version:  # the choice, a forced step or a bot is played
                changed.clear()
                await asyncio.wait_for(changed.wait(), GUARD)
        assert made == 4
        # Both terminals catch up with the last change before they are read.
        for terminal in terminals.values():
            mark = len(terminal.seen)
            terminal.send("?")
            await terminal.wait_for(rb"Help|help", mark)
        hands = table.state.hands  # type: ignore[attr-defined]
        for seat, other in ((0, 1), (1, 0)):
            seen = bytes(terminals[seat].seen)
            assert re.search(tile_pattern(start_hands[seat]), seen), "own hand shown"
            secret = [tile for tile in start_hands[other] if tile in hands[other]]
            assert secret, "the other seat still holds tiles it was dealt"
            assert not re.search(tile_pattern(secret), seen), f"seat {seat} saw a secret tile"
    finally:
        for conn in conns:
            conn.close()
