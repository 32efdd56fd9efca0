"""No answered move is ever lost: a table owner killed with SIGKILL in the middle of play has
every move it answered on disk.

The owner runs as a program of its own (tests/server/owner_process.py) with real clients on its
Unix socket; several tables play at once, so the owner's writer writes them in batches. After
the kill, the tables are read back from the owner's folder as a restarted owner reads them.
"""

from __future__ import annotations

import signal
import threading
from pathlib import Path

from owner_process import running_owner
from owner_thread import GUARD

from gardens_tui.rules.base import IllegalAction
from gardens_tui.server.lobby.client import ConnectionLost, connect
from gardens_tui.server.lobby.remote import RemoteSeatView
from gardens_tui.server.store.file_tables import load_tables

TABLES = 4
MOVES = 40
"""Decisions each table's people make before the owner is killed."""


def play(
    view_a: RemoteSeatView, view_b: RemoteSeatView, answered: list[str], enough: threading.Event
) -> None:
    """The two seats of one table play their first legal action in turn until the owner is
    gone; each action the owner answered is recorded (``enough`` is set after MOVES)."""
    views = (view_a, view_b)
    changed = threading.Condition()

    def heard(_: object) -> None:
        with changed:
            changed.notify_all()

    for view in views:
        view.add_listener(heard)
    try:
        while view_a.decision() is not None:
            with changed:
                changed.wait_for(lambda: any(v.may_act() for v in views), GUARD)
            mover = next((v for v in views if v.may_act()), None)
            if mover is None:  # the owner went away
                return
            action = mover.legal_actions()[0]
            notation = mover.game.format_action(action)
            mover.apply(action)  # returns once the owner answered
            answered.append(notation)
            if len(answered) >= MOVES:
                enough.set()
    except (ConnectionLost, IllegalAction):  # killed while a move was on its way
        return


def test_a_killed_owner_loses_no_answered_move(tmp_path: Path) -> None:
    """Rule: a move is answered only once it is durable: after SIGKILL of the table owner in
    the middle of play at several tables, each table's save holds every move the owner
    answered, in order (and may hold moves it had not answered yet)."""
    folder = tmp_path / "tables"
    names = [f"p{n}" for n in range(2 * TABLES)]
    with running_owner(folder, names) as (owner, socket_path, tickets):
        clients = [connect(socket_path, tickets[name]) for name in names]
        played: dict[str, list[str]] = {}
        threads = []
        enough: list[threading.Event] = []
        for number in range(TABLES):
            first, second = clients[2 * number], clients[2 * number + 1]
            code = first.create_table(
                "octopus-garden", [(first.name, None), (second.name, None)], seed=number
            )
            views = (first.join(code, 0), second.join(code, 1))
            played[code] = []
            enough.append(threading.Event())
            thread = threading.Thread(target=play, args=(*views, played[code], enough[-1]))
            threads.append(thread)
        for thread in threads:
            thread.start()
        for event in enough:
            assert event.wait(GUARD * 4)
        owner.send_signal(signal.SIGKILL)  # while every table is still playing
        owner.wait(GUARD)
        for thread in threads:
            thread.join(GUARD)
        for client in clients:
            client.close()
    restored = load_tables(folder)
    assert set(restored) == set(played)
    for code, moves in played.items():
        assert len(moves) >= MOVES
        saved = restored[code].table.notation()
        assert saved[: len(moves)] == moves, code
