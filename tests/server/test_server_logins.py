"""Logging in to a server open to strangers, with real SSH clients on loopback: names are
checked as the client sent them and are identities, failures cost the one failing, floods of
connections keep nobody honest out.

The server runs on the test's loop (the probe program stands in for the app); attackers come
from other loopback addresses (127.0.0.2 and up, all of which reach the loopback interface), the
honest player from 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import sys
import tempfile
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from ssh_clients import GUARD, connect, needs_openssh, read_until, run_openssh, silent_connections
from ssh_servers import ssh_servers

from gardens_tui.server.door import auth
from gardens_tui.server.door.auth import password_line
from gardens_tui.server.door.guard import Limits
from gardens_tui.server.lobby.owner import TableOwner
from gardens_tui.server.ssh.front import ServerConfig, SSHFrontEnd, start_ssh_server

Start = Callable[..., Awaitable[SSHFrontEnd]]


@pytest.fixture
async def start_server(tmp_path: Path) -> AsyncIterator[Start]:
    """Start SSH servers on loopback (port chosen by the system) with the probe as the app and
    their records (names, bans) in ``tmp_path/records``."""
    async with ssh_servers(tmp_path, records=tmp_path / "records") as servers:
        yield servers.start


async def plays(conn: Any) -> None:
    """The connection gets a session: the probe answers on its pty."""
    process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    await read_until(process.stdout, rb"SIZE 80x24")
    process.close()


# --- names --------------------------------------------------------------------------------------


@needs_openssh
@pytest.mark.parametrize(
    ("username", "reason"),
    [
        (b"a\xffb", b"not UTF-8 text (byte 0xFF at position 2)"),
        (b"ann\xe9", b"not UTF-8 text (byte 0xE9 at position 4)"),
        ("a\u200bnn".encode(), b"(U+200B) is an invisible formatting character"),
        ("\uff21nn".encode(), b"compatibility form of 'A'"),
        ("p\u0430ypal".encode(), b"is Cyrillic but the name is written in Latin"),
    ],
)
async def test_login_names_are_checked_as_the_client_sent_them(
    start_server: Start, username: bytes, reason: bytes
) -> None:
    """Rule: a login name is checked as the bytes the client sent, before the SSH library
    reads it: bytes that are not UTF-8 (a Latin-1 terminal), invisible characters (which
    SASLprep would quietly drop, turning "a\\u200bnn" into "ann"), compatibility forms and a
    name mixing scripts are refused with a reason in words, never a Python codec message."""
    front = await start_server(open=True)
    status, err = await run_openssh(front.port, username, "-T")
    assert status != 0
    assert reason in err, err
    assert b"codec" not in err and b"Traceback" not in err


async def test_a_name_belongs_to_the_first_identity_that_used_it(
    start_server: Start, tmp_path: Path
) -> None:
    """Rule: names are identities: the first key to log in as "ann" owns the name; another
    key is refused "ann" and every name that looks like it ("ANN", "Ann"), with a reason
    naming the name it looks like; the owner keeps using it; the claim survives a restart."""
    first = asyncssh.generate_private_key("ssh-ed25519")
    second = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(first.export_public_key() + second.export_public_key())
    front = await start_server(authorized_keys=keys)
    async with connect(front.port, "ann", client_keys=[first]) as conn:
        await plays(conn)
    for look_alike in ("ann", "ANN", "Ann"):
        with pytest.raises(asyncssh.DisconnectError, match=r"looks like 'ann'|name of another"):
            async with connect(front.port, look_alike, client_keys=[second]):
                pass
    async with connect(front.port, "bob", client_keys=[second]) as conn:
        await plays(conn)
    await front.close()
    again = await start_server(authorized_keys=keys)
    with pytest.raises(asyncssh.DisconnectError, match="ann"):
        async with connect(again.port, "ann", client_keys=[second]):
            pass
    async with connect(again.port, "Ann", client_keys=[first]) as conn:
        await plays(conn)


async def test_open_server_names_are_unique_ignoring_looks(start_server: Start) -> None:
    """Rule: with --open the identity is the name typed, and a name that looks like one
    already known ("ANN" beside "ann") is refused, so nobody can pass for another."""
    front = await start_server(open=True)
    async with connect(front.port, "ann") as conn:
        await plays(conn)
    with pytest.raises(asyncssh.DisconnectError, match="ann"):
        async with connect(front.port, "ANN"):
            pass


async def test_a_reserved_name_is_refused_to_everyone_but_its_holder(start_server: Start) -> None:
    """Rule: an operator may reserve a name (and its look-alikes) for nobody or for one
    identity; anyone else asking for it is refused with the reason."""
    front = await start_server(open=True)
    front.operator.reserve("admin", None)
    front.operator.reserve("cleo", "open:cleo")
    with pytest.raises(asyncssh.DisconnectError, match="reserved"):
        async with connect(front.port, "Admin"):
            pass
    async with connect(front.port, "cleo") as conn:
        await plays(conn)


# --- failures -----------------------------------------------------------------------------------


async def test_wrong_passwords_back_off_then_block_the_address_and_the_name(
    start_server: Start, tmp_path: Path
) -> None:
    """Rule: failed logins back off per address and per name, and block both after
    failures_before_block failures: the guesser's address is refused with the time left, and
    so are password logins as the name guessed at, from anywhere; an honest player from
    another address with another name still gets in."""
    passwords = tmp_path / "passwords"
    passwords.write_text(
        password_line("ann", "right") + "\n" + password_line("bob", "his own") + "\n",
        encoding="utf-8",
    )
    limits = Limits(failures_before_block=3, first_delay=0.01, max_delay=0.02)
    front = await start_server(password_file=passwords, limits=limits)
    for _ in range(3):
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(front.port, "ann", password="guess", local_addr=("127.0.0.2", 0)):
                pass
    with pytest.raises(asyncssh.DisconnectError, match=r"too many failed logins from 127\.0\.0\.2"):
        async with connect(front.port, "bob", password="his own", local_addr=("127.0.0.2", 0)):
            pass
    with pytest.raises(asyncssh.DisconnectError, match="too many wrong passwords for ann"):
        async with connect(front.port, "ann", password="right", local_addr=("127.0.0.3", 0)):
            pass
    async with connect(front.port, "bob", password="his own") as conn:
        await plays(conn)


async def test_one_connection_may_fail_only_a_few_times(
    start_server: Start, tmp_path: Path
) -> None:
    """Rule: one connection may fail max_auth_tries times (keys nobody listed, wrong
    passwords); then it is closed with the reason."""
    listed = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(listed.export_public_key())
    front = await start_server(authorized_keys=keys, limits=Limits(max_auth_tries=3))
    strangers = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(5)]
    with pytest.raises(asyncssh.DisconnectError, match="too many failed attempts"):
        async with connect(front.port, "ann", client_keys=strangers):
            pass


async def test_password_hashes_are_worked_out_off_the_event_loop(
    start_server: Start, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: a password check (tens of milliseconds of scrypt) runs in a worker thread, never
    on the server's event loop, where every player's keys are handled."""
    passwords = tmp_path / "passwords"
    passwords.write_text(password_line("ann", "right") + "\n", encoding="utf-8")
    front = await start_server(password_file=passwords)
    threads: list[str] = []
    check = auth.PasswordFile.check

    def recording(self: auth.PasswordFile, name: str, password: str) -> bool:
        threads.append(threading.current_thread().name)
        return check(self, name, password)

    monkeypatch.setattr(auth.PasswordFile, "check", recording)
    async with connect(front.port, "ann", password="right") as conn:
        await plays(conn)
    assert threads and all(name.startswith("password") for name in threads)
    assert threading.main_thread().name not in threads


# --- floods -------------------------------------------------------------------------------------


async def test_half_open_connections_keep_no_honest_player_out(start_server: Start) -> None:
    """Rule: connections that never log in are capped per address and in all; when the
    waiting room is full a newcomer from another address takes the place of the most crowded
    address's oldest, so 200 silent connections from a few addresses keep nobody honest
    out."""
    limits = Limits(max_unauthenticated=16, max_unauthenticated_per_address=4)
    front = await start_server(open=True, limits=limits)
    sources = [f"127.0.0.{n}" for n in range(2, 7)]
    flood = await asyncio.to_thread(silent_connections, front.port, sources, 40)
    try:
        await asyncio.wait_for(_wait_crowded(front, 16), GUARD)
        async with connect(front.port, "ann") as conn:
            await plays(conn)
        assert front.guard.waiting_count <= 16
    finally:
        for sock in flood:
            sock.close()


async def _wait_crowded(front: SSHFrontEnd, waiting: int) -> None:
    while front.guard.waiting_count < waiting:
        await asyncio.sleep(0.01)  # polling the server's own count; no time is asserted


async def test_a_connection_that_does_not_log_in_in_time_is_closed(start_server: Start) -> None:
    """Rule: a connection that has not logged in within login_timeout seconds is closed, and
    no longer counts against the waiting room."""
    front = await start_server(open=True, limits=Limits(login_timeout=1))
    (sock,) = await asyncio.to_thread(silent_connections, front.port, ["127.0.0.2"], 1)
    try:
        sock.setblocking(True)
        sock.settimeout(GUARD)
        received = b""
        while chunk := await asyncio.to_thread(sock.recv, 4096):
            received += chunk
        assert received.startswith(b"SSH-2.0-")  # the banner, then nothing: closed
    finally:
        sock.close()
    assert front.guard.waiting_count == 0


# --- bans and the audit trail -------------------------------------------------------------------


async def test_banned_keys_names_and_addresses_are_refused_with_the_reason(
    start_server: Start, tmp_path: Path
) -> None:
    """Rule: a ban by key refuses that key (with the operator's reason), a ban by address
    closes that address's connections before a word of SSH, a ban for some minutes is in force
    until then, and lifting a ban lets them in again."""
    ann_key = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(ann_key.export_public_key())
    front = await start_server(authorized_keys=keys)
    fingerprint = ann_key.get_fingerprint("sha256")
    front.operator.ban("key", fingerprint, "cheating", seconds=600)
    with pytest.raises(asyncssh.DisconnectError, match="banned from this server for 10 minutes"):
        async with connect(front.port, "ann", client_keys=[ann_key]):
            pass
    assert front.operator.unban("key", fingerprint)
    front.operator.ban("address", "127.0.0.2/32")
    with pytest.raises((OSError, asyncssh.Error)):
        async with connect(front.port, "ann", client_keys=[ann_key], local_addr=("127.0.0.2", 0)):
            pass
    async with connect(front.port, "ann", client_keys=[ann_key]) as conn:
        await plays(conn)


async def test_every_login_and_failure_is_logged_with_address_and_key(
    start_server: Start, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Rule: every login is logged with its address and the key that did it (not only "auth
    succeeded"), and every failure with its address."""
    caplog.set_level(logging.INFO)
    listed, stranger = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(listed.export_public_key())
    front = await start_server(authorized_keys=keys)
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(front.port, "eve", client_keys=[stranger]):
            pass
    async with connect(front.port, "ann", client_keys=[listed]) as conn:
        await plays(conn)
    lines = [record.getMessage() for record in caplog.records]
    fingerprint = listed.get_fingerprint("sha256")
    assert f"login: ann (key:{fingerprint}) from 127.0.0.1 with key {fingerprint}" in lines
    assert any(
        line.startswith(f"login failed: key {stranger.get_fingerprint('sha256')} not listed")
        and "from 127.0.0.1" in line
        for line in lines
    )


async def test_a_new_server_keeps_the_house_names_from_everyone(start_server: Start) -> None:
    """Rule: a new server reserves the names a player could pose as the house with (admin,
    operator, server, system, ...) and their look-alikes; the operator may free one."""
    front = await start_server(open=True)
    for name in ("Server", "r00t", "ADMIN"):
        with pytest.raises(asyncssh.DisconnectError, match="reserved"):
            async with connect(front.port, name):
                pass
    assert front.operator.unreserve("server")
    async with connect(front.port, "server") as conn:
        await plays(conn)


def test_a_password_line_is_only_for_a_name_that_can_log_in() -> None:
    """Rule: `gardens serve passwd` writes a line only for a name SSH can send and the password
    file can hold: not one starting with '#' (a comment there), not one with ':' or an
    invisible character, and the reason says why."""
    assert password_line("ann", "secret").startswith("ann:scrypt:")
    for name, reason in (
        ("#ann", "not a usable login name"),
        ("a:nn", "':'"),
        ("a\u200bnn", "invisible"),
        ("\uff21nn", "compatibility form"),
    ):
        with pytest.raises(ValueError, match=reason):
            password_line(name, "secret")
