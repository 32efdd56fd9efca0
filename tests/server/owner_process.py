"""The table owner as a program of its own, for the durability tests: ``python
owner_process.py STORE SOCKET NAME...`` serves the tables of STORE (a folder, or a
``postgresql://`` URL) on the Unix socket SOCKET and prints one line ``TICKET NAME`` for each
NAME (identity ``id:NAME``), then ``READY``, and runs until it is killed.

The tests start it with :func:`running_owner`."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from gardens_tui.server.lobby.owner import TableOwner


async def main(store: str, socket_path: Path, names: list[str]) -> None:
    """Serve until killed."""
    if store.startswith("postgresql://"):
        from gardens_tui.server.store.postgres.tables import PostgresTableStore

        owner = TableOwner(store=PostgresTableStore(store), bot_delay=0.0)
    else:
        owner = TableOwner(Path(store))
    await owner.start(socket_path)
    for name in names:
        print(owner.issue_ticket(f"id:{name}", name), name, flush=True)
    print("READY", flush=True)
    await asyncio.Event().wait()


@contextlib.contextmanager
def running_owner(
    store: str | Path, names: list[str]
) -> Iterator[tuple[subprocess.Popen[str], Path, dict[str, str]]]:
    """This program serving ``store`` for ``names``: ``(process, socket path, ticket of each
    name)`` once it is ready; killed (if it still runs) and its socket's folder removed
    afterwards."""
    short = Path(tempfile.mkdtemp(prefix="gto-"))  # Unix socket paths are short
    socket_path = short / "owner.sock"
    process = subprocess.Popen(
        [sys.executable, __file__, str(store), str(socket_path), *names],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        tickets = {}
        for line in process.stdout:
            if line.strip() == "READY":
                break
            ticket, name = line.split()
            tickets[name] = ticket
        yield process, socket_path, tickets
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        shutil.rmtree(short, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), sys.argv[3:]))
