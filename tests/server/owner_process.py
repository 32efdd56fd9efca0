"""The table owner as a program of its own, for the durability tests: ``python
owner_process.py STORE SOCKET NAME...`` serves the tables of STORE (a folder, or a
``postgresql://`` URL) on the Unix socket SOCKET and prints one line ``TICKET NAME`` for each
NAME (identity ``id:NAME``), then ``READY``, and runs until it is killed."""

from __future__ import annotations

import asyncio
import sys
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


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), sys.argv[3:]))
