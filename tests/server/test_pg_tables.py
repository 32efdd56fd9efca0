"""Several front ends (table owners) sharing one set of tables through a real PostgreSQL.

Tests ask for the database before ``start_owner``, so that the front ends stop before their
database is dropped.

Each front end is a real :class:`~gardens_tui.server.lobby.owner.TableOwner` with a
:class:`~gardens_tui.server.store.postgres.tables.PostgresTableStore` on the same database (a
fresh one per test, on the real server of tests/pg_server.py), talked to by the real client
over its Unix socket. Waits are on conditions with a deadline (a failure guard, not a timing).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import psycopg
import pytest
from owner_process import running_owner
from owner_thread import GUARD, OwnerThread, in_step, play_beside_bots, play_to_end, start_owner
from pg_server import PgServer, pg_server, pg_url
from test_server_time_limit import FakeClock

from gardens_tui.rules.base import IllegalAction
from gardens_tui.server.lobby.client import connect
from gardens_tui.server.lobby.following import STALE
from gardens_tui.server.store.postgres import sql
from gardens_tui.server.store.postgres.schema import SchemaError, migrate
from gardens_tui.server.store.postgres.tables import PostgresTableStore

StartOwner = Callable[..., OwnerThread]


def until(condition: Callable[[], Any], what: str) -> Any:
    """Poll ``condition`` until it is true (a failure guard of :data:`GUARD` seconds)."""
    deadline = time.monotonic() + GUARD
    while not (result := condition()):
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.01)
    return result


def front_end(start_owner: StartOwner, url: str) -> OwnerThread:
    """A front end's table owner on the store at ``url``."""
    return start_owner(store=PostgresTableStore(url))


def hosts(owner: OwnerThread, code: str) -> bool:
    """Whether ``owner`` hosts table ``code`` yet."""
    return owner.call(lambda: code in owner.owner.tables)


def stored_actions(url: str, code: str) -> list[str]:
    """Table ``code``'s actions as the database holds them."""
    with psycopg.connect(url) as conn:
        return [a for (a,) in conn.execute(sql.READ_ACTIONS, {"code": code}).fetchall()]


@pytest.fixture
def migrated(pg_url: str) -> str:
    """A fresh database with the schema in place."""
    assert migrate(pg_url) == (0, sql.SCHEMA_VERSION)
    return pg_url


def test_two_players_on_two_front_ends_play_to_the_end(
    migrated: str, start_owner: StartOwner
) -> None:
    """Issue 31: a player at a table on front end A and another on front end B play together:
    B hears of the table A created, each sees the other's moves, the game reaches its end on
    both, the database holds every action, and a third front end started afterwards restores
    the finished table exactly."""
    a, b = front_end(start_owner, migrated), front_end(start_owner, migrated)
    ann, bob = a.connect("id:ann"), b.connect("id:bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    until(lambda: any(t["code"] == code for t in bob.list_tables()), "B lists A's table")
    views = [ann.join(code, 0), bob.join(code, 1)]
    assert play_to_end(views) > 10
    assert views[0].outcome() == views[1].outcome() is not None
    table = a.owner.tables[code].table
    assert stored_actions(migrated, code) == table.notation()
    assert b.call(lambda: b.owner.tables[code].table.notation()) == table.notation()
    c = front_end(start_owner, migrated)
    restored = c.call(lambda: c.owner.tables[code])
    assert restored.table.notation() == table.notation()
    assert {seat: h.identity for seat, h in restored.holders.items()} == {0: "id:ann", 1: "id:bob"}


def test_moves_sent_at_once_from_two_front_ends_one_wins_nothing_lost(
    migrated: str, start_owner: StartOwner
) -> None:
    """Issue 31, one move one transaction: a person on front end B moves at the very moment
    their time runs out on front end A, which leads the table (a stand-in plays for them
    there). Both moves wait on the table's row, held by the test, until both have been tried;
    then exactly one is stored, the person is told if theirs was not, and both front ends end
    at the stored position, their seats' logs and earlier positions alike: no move applied
    twice or lost."""
    clock = FakeClock()
    a = start_owner(store=PostgresTableStore(migrated), schedule=clock)
    b = front_end(start_owner, migrated)
    host = a.connect("id:host")
    code = host.create_table("toy", [("Ann", None), ("Bob", None)], seed=5, turn_seconds=30)
    until(lambda: hosts(b, code), "B hosts the table")
    ann, bob = b.connect("id:ann"), a.connect("id:bob")
    mine, theirs = ann.join(code, 0), bob.join(code, 1)
    until(lambda: a.call(lambda: 0 in a.owner.tables[code].holders), "A knows Ann sits")
    until(lambda: len(a.call(clock.live)) == 1, "A runs the time limit")
    outcome: list[str] = []
    with (
        psycopg.connect(migrated) as blocker,
        psycopg.connect(migrated, autocommit=True) as eye,
    ):
        # The row is held on one connection; the waits are watched from another (in its own
        # transaction, pg_stat_activity would show one unchanging snapshot).
        blocker.execute("SELECT 1 FROM gardens_tables WHERE code = %s FOR UPDATE", (code,))

        def move() -> None:
            try:
                mine.apply(mine.legal_actions()[0])
                outcome.append("played")
            except IllegalAction as exc:
                outcome.append(str(exc))

        thread = threading.Thread(target=move)
        thread.start()
        timer = a.call(clock.live)[-1]
        timer.cancelled = True
        a.call(timer.call)  # Ann's time runs out on A: a stand-in plays for her there
        until(
            lambda: (
                eye.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND query LIKE '%%UPDATE gardens_tables%%'"
                ).fetchone()[0]  # type: ignore[index]
                == 2
            ),
            "both moves wait on the table's row",
        )
        blocker.rollback()
        thread.join(GUARD)
    assert outcome == ["played"] or STALE in outcome[0], outcome
    stored = stored_actions(migrated, code)
    assert len(stored) == 1
    views = [mine, theirs]
    until(lambda: all(v.length == 1 for v in views), "both seats see the stored move")
    for owner in (a, b):
        assert owner.call(lambda o=owner: o.owner.tables[code].table.notation()) == stored
    assert [step.index for step in mine.log()] == [1]
    game = mine.game
    assert game.to_dict(mine.view_at(1)) == game.to_dict(
        game.view(b.call(lambda: b.owner.tables[code].table.states[1]), 0)
    )


def test_a_bot_table_is_led_by_one_front_end_and_each_bot_move_made_once(
    migrated: str, start_owner: StartOwner
) -> None:
    """Issue 31: bots run exactly once per table with several front ends: one front end leads
    the table (its advisory lock), and the stored actions are exactly the game's, each bot
    decision once, while a person plays from the other front end."""
    a, b = front_end(start_owner, migrated), front_end(start_owner, migrated)
    ann = a.connect("id:ann")
    code = ann.create_table("toy", [("Ann", None), ("Cleo", "greedy")], seed=11)
    until(lambda: hosts(b, code), "B hosts the table")
    ann.close()
    ann_b = b.connect("id:ann")
    play_beside_bots(ann_b.join(code, 0), what="the bot")
    leaders = [o for o in (a, b) if o.call(lambda o=o: o.owner.store.leads(code))]
    assert leaders == [a]
    table = b.call(lambda: b.owner.tables[code].table)
    assert stored_actions(migrated, code) == table.notation()


def test_a_killed_front_end_loses_nothing_and_its_player_sits_again_elsewhere(
    migrated: str, start_owner: StartOwner
) -> None:
    """Issue 31, failure: front end A is a process of its own and is killed with SIGKILL in
    the middle of a game. Every move it answered is in the database; its player connects
    through front end B, takes her seat back, and the game goes on to the end."""
    with running_owner(migrated, ["ann", "bob"]) as (process, socket_path, tickets):
        ann, bob = (connect(socket_path, tickets[n]) for n in ("ann", "bob"))
        code = ann.create_table("octopus-garden", [("Ann", None), ("Bob", None)], seed=2)
        views = [ann.join(code, 0), bob.join(code, 1)]
        wait = in_step(views)
        for _ in range(12):
            movers = [v for v in views if v.may_act()]
            if not movers:
                break
            movers[0].apply(movers[0].legal_actions()[0])
            wait()
        before = views[0].length
        process.kill()
        process.wait(GUARD)
    assert len(stored_actions(migrated, code)) >= before
    b = front_end(start_owner, migrated)
    ann_b, bob_b = b.connect("id:ann"), b.connect("id:bob")
    views = [ann_b.join(code, 0), bob_b.join(code, 1)]
    assert views[0].length == len(stored_actions(migrated, code)) >= before
    play_to_end(views)
    assert views[0].outcome() is not None


def test_postgresql_restarted_mid_game_front_ends_reconnect_and_lose_nothing(
    pg_server: PgServer, migrated: str, start_owner: StartOwner
) -> None:
    """Issue 31, failure: PostgreSQL restarts in the middle of a game between two front ends.
    The players are told the store went away and came back; no move answered before the
    restart is lost; afterwards the game plays on to the end on both front ends."""
    a, b = front_end(start_owner, migrated), front_end(start_owner, migrated)
    ann, bob = a.connect("id:ann"), b.connect("id:bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=7)
    until(lambda: hosts(b, code), "B hosts the table")
    views = [ann.join(code, 0), bob.join(code, 1)]
    wait = in_step(views)
    for _ in range(4):
        mover = next(v for v in views if v.may_act())
        mover.apply(mover.legal_actions()[0])
        wait()
    answered = views[0].length
    pg_server.restart()
    for client in (ann, bob):
        until(
            lambda c=client: any(
                m["type"] == "notice" and "back" in m["text"] for m in c.received or []
            ),
            "the players hear that the store is back",
        )
        assert any(m["type"] == "notice" and "lost" in m["text"] for m in client.received or [])
    assert len(stored_actions(migrated, code)) == answered
    deadline = time.monotonic() + GUARD
    while views[0].decision() is not None:
        mover = next(v for v in views if v.may_act())
        try:
            mover.apply(mover.legal_actions()[0])
        except IllegalAction:  # a front end still catching up: try again
            assert time.monotonic() < deadline
            time.sleep(0.05)
        wait()
    assert stored_actions(migrated, code) == a.call(lambda: a.owner.tables[code].table.notation())


def test_migrate_creates_then_leaves_the_schema_and_refuses_a_newer_one(pg_url: str) -> None:
    """Issue 31: ``migrate`` creates the schema on an empty database, does nothing the second
    time, and refuses a database whose schema is newer than this version knows; a front end
    refuses to start on a database without the schema, naming the command that makes it."""
    with pytest.raises(SchemaError, match="gardens serve migrate"):
        asyncio.run(PostgresTableStore(pg_url).open(lambda change: None))
    assert migrate(pg_url) == (0, sql.SCHEMA_VERSION)
    assert migrate(pg_url) == (sql.SCHEMA_VERSION, sql.SCHEMA_VERSION)
    with psycopg.connect(pg_url) as conn:
        conn.execute("UPDATE gardens_schema SET version = 99")
    with pytest.raises(SchemaError, match="newer"):
        migrate(pg_url)


FIVE_GAMES = [
    ("octopus-garden", 2),
    ("the-gardens", 2),
    ("tanuki-in-the-garden", 2),
    ("throw-octopus", 3),
    ("seabed-neighbours", 3),
]


@pytest.mark.parametrize(("game", "players"), FIVE_GAMES)
def test_each_game_is_played_to_the_end_between_players_on_two_front_ends(
    migrated: str, start_owner: StartOwner, game: str, players: int
) -> None:
    """Issue 31, done when: a game of each of the five games is played to its end between
    players on different front ends (seats alternate between A and B), every front end ends at
    the stored position, and each seat's updates hold only its own view."""
    a, b = front_end(start_owner, migrated), front_end(start_owner, migrated)
    names = ["Ann", "Bob", "Cleo"][:players]
    clients = [(a if i % 2 == 0 else b).connect(f"id:{n}", n) for i, n in enumerate(names)]
    code = clients[0].create_table(game, [(n, None) for n in names], seed=4)
    until(lambda: hosts(b, code), "B hosts the table")
    views = [client.join(code, seat) for seat, client in enumerate(clients)]
    while True:
        length = max(v.length for v in views)
        until(lambda n=length: all(v.length == n for v in views), "every seat sees each move")
        if views[0].decision() is None:
            break
        movers = [view for view in views if view.may_act()]
        assert len(movers) == 1
        movers[0].apply(movers[0].legal_actions()[0])
    stored = stored_actions(migrated, code)
    for owner in (a, b):
        assert owner.call(lambda o=owner: o.owner.tables[code].table.notation()) == stored
    table = a.call(lambda: a.owner.tables[code].table)
    assert table.state.is_over
    for seat, view in enumerate(views):
        assert view.game.to_dict(view.view()) == table.game.to_dict(
            table.game.view(table.state, seat)
        )


def test_the_lobby_of_each_front_end_shows_who_is_at_a_table_on_the_other(
    migrated: str, start_owner: StartOwner
) -> None:
    """Issue 31: a player seated through front end A is listed as present (not away) in the
    lobby of front end B, a spectator on A counts on B, and when the player leaves their seat
    shows as away on B again."""
    a, b = front_end(start_owner, migrated), front_end(start_owner, migrated)
    ann, eve, bob = a.connect("id:ann"), a.connect("id:eve"), b.connect("id:bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=1)
    ann.join(code, 0)
    eve.watch(code)
    until(lambda: hosts(b, code), "B hosts the table")

    def listed() -> dict[str, Any]:
        return next(t for t in bob.list_tables() if t["code"] == code)

    until(
        lambda: not (t := listed())["seats"][0]["away"] and t["spectators"] == 1,
        "B shows Ann present and Eve watching",
    )
    ann.leave()
    until(lambda: listed()["seats"][0]["away"], "B shows Ann away once she left")


def test_an_undo_is_stored_and_reaches_the_other_front_end(
    migrated: str, start_owner: StartOwner
) -> None:
    """Issue 31: an undo is a change like a move: the database deletes the action taken back,
    the other front end's seat sees the position before it, and a front end started afterwards
    restores the table without it (Octopus's Garden allows taking back a purchase)."""
    a, b = front_end(start_owner, migrated), front_end(start_owner, migrated)
    ann, bob = a.connect("id:ann"), b.connect("id:bob")
    code = ann.create_table("octopus-garden", [("Ann", None), ("Bob", None)], seed=2)
    until(lambda: hosts(b, code), "B hosts the table")
    mine, theirs = ann.join(code, 0), bob.join(code, 1)
    mine.apply(mine.legal_actions()[0])
    until(lambda: theirs.length == 1, "B's seat sees the purchase")
    assert len(stored_actions(migrated, code)) == 1
    assert mine.undo()
    until(lambda: theirs.length == 0, "B's seat sees it taken back")
    assert stored_actions(migrated, code) == []
    c = front_end(start_owner, migrated)
    assert c.call(lambda: len(c.owner.tables[code].table.actions)) == 0


def test_joining_a_seat_through_another_front_end_replaces_the_first_connection(
    migrated: str, start_owner: StartOwner
) -> None:
    """Issue 31, the same as on one front end: a player who sits down at their seat through
    front end B replaces their connection at that seat on front end A (told why), and plays
    on from B."""
    a, b = front_end(start_owner, migrated), front_end(start_owner, migrated)
    first = a.connect("id:ann")
    code = first.create_table("toy", [("Ann", None), ("Bob", None)], seed=6)
    first.join(code, 0)
    until(lambda: hosts(b, code), "B hosts the table")
    again = b.connect("id:ann").join(code, 0)
    until(
        lambda: any(m["type"] == "replaced" for m in first.received or []),
        "A's connection is replaced",
    )
    again.apply(again.legal_actions()[0])
    assert len(stored_actions(migrated, code)) == 1
