"""A real table owner on a real Unix socket, run on its own event loop thread, for the server tests.

The tests import :class:`OwnerThread`, :data:`GUARD` and the :func:`start_owner` fixture from here.
This folder has no ``conftest.py`` on purpose: test folders import their helpers by bare module
name, and a second module called ``conftest`` would shadow tests/ui's ``conftest`` (its
``settle``) whenever pytest loads this folder's after that one.
"""

from __future__ import annotations

import asyncio
import tempfile
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import pytest

from gardens_tui.server.lobby.client import OwnerConnection, connect
from gardens_tui.server.lobby.owner import Clock, Schedule, TableOwner
from gardens_tui.server.lobby.remote import RemoteSeatView
from gardens_tui.server.store.tables import TableStore

T = TypeVar("T")

GUARD = 30.0
"""Seconds before a test that waits for something gives up (a failure guard, not a timing)."""


class OwnerThread:
    """A :class:`TableOwner` serving on a Unix socket from an event loop in a thread (its bots
    play without pausing unless ``bot_delay`` says otherwise)."""

    def __init__(
        self,
        folder: Path | None,
        schedule: Schedule | None = None,
        clock: Clock | None = None,
        bot_delay: float = 0.0,
        store: TableStore | None = None,
    ) -> None:
        self.folder = folder
        self.dir = Path(tempfile.mkdtemp(prefix="gto-"))  # short: Unix socket paths are short
        self.path = self.dir / "owner.sock"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.owner: TableOwner = self.call(
            lambda: TableOwner(
                folder, store=store, schedule=schedule, clock=clock, bot_delay=bot_delay
            )
        )
        self.run(self.owner.start(self.path))

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the owner's loop and return its result."""
        future: Future[T] = Future()

        def run() -> None:
            try:
                future.set_result(fn())
            except BaseException as exc:  # pragma: no cover - reported to the test
                future.set_exception(exc)

        self.loop.call_soon_threadsafe(run)
        return future.result(GUARD)

    def run(self, coro: Any) -> Any:
        """Run a coroutine on the owner's loop and return its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(GUARD)

    def connect(
        self, identity: str, name: str | None = None, clock: Clock | None = None
    ) -> OwnerConnection:
        """A recording client connected as ``identity`` (its seat views on ``clock``)."""
        ticket = self.call(lambda: self.owner.issue_ticket(identity, name or identity))
        if clock is None:
            return connect(self.path, ticket, record=True)
        return connect(self.path, ticket, record=True, clock=clock)

    def stop(self) -> None:
        """Stop the owner and its loop."""
        self.run(self.owner.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(GUARD)
        self.loop.close()
        for item in self.dir.iterdir():
            item.unlink()
        self.dir.rmdir()


@pytest.fixture
def start_owner(toy_registered: None) -> Iterator[Callable[..., OwnerThread]]:
    """Start table owners (with the toy game registered); all are stopped after the test."""
    started: list[OwnerThread] = []

    def start(
        folder: Path | None = None,
        schedule: Schedule | None = None,
        clock: Clock | None = None,
        store: TableStore | None = None,
    ) -> OwnerThread:
        owner = OwnerThread(folder, schedule, clock, store=store)
        started.append(owner)
        return owner

    yield start
    for owner in started:
        if owner.thread.is_alive():
            owner.stop()


@pytest.fixture(params=["files", "postgresql"])
def start_stored_owner(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], OwnerThread]:
    """Start table owners that keep their tables in one store, the same each time (so that a
    second start is a restart): the saves folder, or a fresh PostgreSQL database (the test
    module imports ``pg_server`` and ``pg_url`` from pg_server.py). The server tests that
    use it run against both stores."""
    if request.param == "files":
        start = request.getfixturevalue("start_owner")
        return lambda: start(tmp_path / "tables")
    from gardens_tui.server.store.postgres.schema import migrate
    from gardens_tui.server.store.postgres.tables import PostgresTableStore

    url = request.getfixturevalue("pg_url")  # first: the owners stop before it is dropped
    migrate(url)
    start = request.getfixturevalue("start_owner")
    return lambda: start(store=PostgresTableStore(url))


def play_beside_bots(
    view: RemoteSeatView, more: Callable[[], bool] = lambda: True, what: str = "the bots"
) -> None:
    """Play ``view``'s seat (its first legal action) whenever it decides, waiting for ``what``
    (the bots at the table) otherwise, while the game goes on and ``more()`` holds."""
    changed = threading.Event()
    view.add_listener(lambda _: changed.set())
    while more() and view.decision() is not None:
        if view.may_act():
            changed.clear()
            view.apply(view.legal_actions()[0])
        else:
            assert changed.wait(GUARD), f"{what} never played"
            changed.clear()


def in_step(views: list[RemoteSeatView]) -> Callable[[], None]:
    """A function that waits until every view has received the same table version (each
    view's updates arrive on its own connection's thread)."""
    changed = threading.Condition()

    def notify(_: object) -> None:
        with changed:
            changed.notify_all()

    for view in views:
        view.add_listener(notify)

    def wait() -> None:
        with changed:
            assert changed.wait_for(lambda: len({v.version for v in views}) == 1, GUARD)

    return wait


def play_to_end(views: list[RemoteSeatView]) -> int:
    """Let each seat play its first legal action whenever it decides; decisions made."""
    wait = in_step(views)
    made = 0
    wait()
    while views[0].decision() is not None:
        movers = [view for view in views if view.may_act()]
        assert len(movers) == 1, "exactly one seat decides at a time"
        movers[0].apply(movers[0].legal_actions()[0])
        made += 1
        wait()
    return made
