"""The table owner as a program of its own, for the durability test: ``python owner_process.py
FOLDER SOCKET NAME...`` serves the tables of FOLDER on the Unix socket SOCKET and prints one
line ``TICKET NAME`` for each NAME (identity ``id:NAME``), then ``READY``, and runs until it is
killed."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from gardens_tui.server.lobby.owner import TableOwner


async def main(folder: Path, socket_path: Path, names: list[str]) -> None:
    """Serve until killed."""
    owner = TableOwner(folder)
    await owner.start(socket_path)
    for name in names:
        print(owner.issue_ticket(f"id:{name}", name), name, flush=True)
    print("READY", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]))
