"""Hosted tables' files written off the event loop, several at once, and known to be on disk.

The table owner answers a move only once the move is durable, but must never wait on a disk
itself: a synced write takes milliseconds, and every player's keys and every table's moves are
handled on the owner's one event loop. :class:`TableWriter` is a thread that writes the files
handed to it:

- :meth:`TableWriter.write` takes a file's folder, its name and a function that makes its bytes
  (run in the writer's thread: the caller captures what it needs on the loop, nothing that
  changes afterwards) and returns an :class:`asyncio.Future` that completes once the file is on
  disk (or holds the :class:`~gardens_tui.storage.SaveError` that kept it off);
- a file asked for again before its turn came is written once, with the newest bytes, and every
  caller that asked for it hears when that newest version is down (it includes theirs): a busy
  table costs one write per batch, not one per move;
- all the files waiting at once are written as one batch
  (:func:`~gardens_tui.storage.replace_files_together`): every temporary file, one flush to disk
  each (the journal commits them together), every rename, one sync of the folder: a *group
  commit*. Each file keeps its own order (a newer version is never overtaken by an older one).

:meth:`TableWriter.stop` writes what is waiting, then ends the thread. Pure Python.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gardens_tui.storage import SaveError, replace_files_together

log = logging.getLogger(__name__)


@dataclass
class _Job:
    make: Callable[[], bytes]
    waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = field(
        default_factory=list
    )


class TableWriter:
    """The writer thread (see the module docstring). :meth:`start` it first."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._pending: dict[tuple[Path, str], _Job] = {}
        self._stopping = False
        self._thread: threading.Thread | None = None
        self.batches = 0
        """Batches written so far (each one sync of the disk)."""
        self.files = 0
        """Files written so far."""

    def start(self) -> None:
        """Start the thread."""
        self._thread = threading.Thread(target=self._run, name="table-writer", daemon=True)
        self._thread.start()

    def write(self, folder: Path, name: str, make: Callable[[], bytes]) -> asyncio.Future[None]:
        """Have ``folder/name`` hold what ``make()`` returns (called in the writer's thread);
        the future completes when it is on disk, or fails with the
        :class:`~gardens_tui.storage.SaveError` that kept it off. Call it on an event loop."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._lock:
            if self._stopping or self._thread is None:
                future.set_exception(SaveError("the table writer is not running", folder / name))
                return future
            job = self._pending.get((folder, name))
            if job is None:
                job = self._pending[(folder, name)] = _Job(make)
            else:
                job.make = make  # the newest version; it includes what the others asked for
            job.waiters.append((loop, future))
            self._lock.notify()
        return future

    def stop(self) -> None:
        """Write what is waiting, then end the thread (waits for it)."""
        with self._lock:
            self._stopping = True
            self._lock.notify()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._pending and not self._stopping:
                    self._lock.wait()
                batch, self._pending = self._pending, {}
                if not batch and self._stopping:
                    return
            self._write(batch)

    def _write(self, batch: dict[tuple[Path, str], _Job]) -> None:
        by_folder: dict[Path, list[tuple[str, _Job]]] = {}
        for (folder, name), job in batch.items():
            by_folder.setdefault(folder, []).append((name, job))
        for folder, jobs in by_folder.items():
            ready: list[tuple[str, bytes, _Job]] = []
            for name, job in jobs:
                try:
                    ready.append((name, job.make(), job))
                except (SaveError, OSError, ValueError) as exc:
                    error = exc if isinstance(exc, SaveError) else SaveError(str(exc))
                    self._finish(job, error)
            try:
                results = replace_files_together(folder, [(name, data) for name, data, _ in ready])
            except SaveError as exc:  # the folder's lock or the folder itself
                results = [exc] * len(ready)
            self.batches += 1
            for (_, _, job), result in zip(ready, results, strict=True):
                self.files += 1
                self._finish(job, result if isinstance(result, SaveError) else None)

    @staticmethod
    def _finish(job: _Job, error: SaveError | None) -> None:
        for loop, future in job.waiters:

            def settle(future: asyncio.Future[None] = future) -> None:
                if future.done():
                    return
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)

            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits
                loop.call_soon_threadsafe(settle)
