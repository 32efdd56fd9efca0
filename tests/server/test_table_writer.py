"""The table writer: files written off the event loop, a file asked for twice written once
with its newest bytes, every caller told when it is on disk, a failure told to its callers
only (tables' files in a real folder; the writer's own thread)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from gardens_tui.server.store.writer import TableWriter
from gardens_tui.storage import SaveError


async def test_newest_bytes_win_and_every_caller_hears(tmp_path: Path) -> None:
    """Rule: a file asked for again before its turn is written once, with the newest bytes,
    and both callers hear when it is on disk; other files of the batch are written too."""
    writer = TableWriter()
    writer.start()
    try:
        first = writer.write(tmp_path, "K7QM.json", lambda: b"old")
        second = writer.write(tmp_path, "K7QM.json", lambda: b"new")
        other = writer.write(tmp_path, "ABCD.json", lambda: b"other")
        await asyncio.wait_for(asyncio.gather(first, second, other), 30)
        assert (tmp_path / "K7QM.json").read_bytes() == b"new"
        assert (tmp_path / "ABCD.json").read_bytes() == b"other"
        assert writer.files <= 3
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp left
    finally:
        writer.stop()


async def test_a_failure_reaches_its_callers_and_spares_the_rest(tmp_path: Path) -> None:
    """Rule: a file that cannot be made fails its callers with the reason; the other files of
    the batch are written, and the writer goes on."""
    writer = TableWriter()
    writer.start()

    def broken() -> bytes:
        raise SaveError("the position does not read back the same: not saved")

    try:
        bad = writer.write(tmp_path, "BAD1.json", broken)
        good = writer.write(tmp_path, "GOOD.json", lambda: b"fine")
        with pytest.raises(SaveError, match="read back"):
            await asyncio.wait_for(bad, 30)
        await asyncio.wait_for(good, 30)
        assert (tmp_path / "GOOD.json").read_bytes() == b"fine"
        assert not (tmp_path / "BAD1.json").exists()
        again = writer.write(tmp_path, "GOOD.json", lambda: b"still")
        await asyncio.wait_for(again, 30)
        assert (tmp_path / "GOOD.json").read_bytes() == b"still"
    finally:
        writer.stop()


async def test_stop_writes_what_waits_then_refuses(tmp_path: Path) -> None:
    """Rule: stopping writes what is waiting first; a write asked for afterwards fails at
    once, saying the writer is not running."""
    writer = TableWriter()
    writer.start()
    waiting = writer.write(tmp_path, "LAST.json", lambda: b"last")
    await asyncio.to_thread(writer.stop)
    await asyncio.wait_for(waiting, 30)
    assert (tmp_path / "LAST.json").read_bytes() == b"last"
    with pytest.raises(SaveError, match="not running"):
        await writer.write(tmp_path, "LATE.json", lambda: b"late")
