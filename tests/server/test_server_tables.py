"""The table owner and RemoteSeatView over real Unix sockets: seats, views, bots, saves.

Each test starts a real :class:`~gardens_tui.server.lobby.owner.TableOwner` on its own loop thread
and talks to it with the real client. Waits are on listener events (a failure guard only).
"""

from __future__ import annotations

import json
import socket
import struct
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from owner_thread import (
    GUARD,
    OwnerThread,
    in_step,
    play_beside_bots,
    play_to_end,
    start_owner,
    start_stored_owner,
)
from pg_server import pg_server, pg_url

from gardens_tui.rules.base import IllegalAction
from gardens_tui.server.lobby.client import ConnectionLost, OwnerConnection, Refused, connect
from gardens_tui.server.lobby.protocol import PROTOCOL_VERSION, encode
from gardens_tui.server.lobby.remote import RemoteSeatView

StartOwner = Callable[..., OwnerThread]


def strings_in(value: Any) -> list[str]:
    """Every string anywhere in a decoded message."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings_in(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings_in(item)]
    return []


def test_two_seats_play_to_the_end_and_never_receive_each_others_secrets(
    start_stored_owner: Callable[[], OwnerThread],
) -> None:
    """Rule: hidden information never leaves the owner for another seat (in either store).
    Two players and a spectator; every update each received holds exactly that seat's view of
    the position then, and no message holds a private log line written for another seat."""
    owner = start_stored_owner()
    ann, bob, eve = owner.connect("id:ann"), owner.connect("id:bob"), owner.connect("id:eve")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    views = [ann.join(code, 0), bob.join(code, 1)]
    spectator = eve.watch(code)
    assert play_to_end(views) > 10
    in_step([*views, spectator])()
    assert views[1].outcome() == views[0].outcome() == spectator.outcome() is not None
    table = owner.owner.tables[code].table
    game = table.game
    for seat, client in ((0, ann), (1, bob), (None, eve)):
        assert client.received is not None
        updates = [m for m in client.received if m["type"] == "update"]
        updates += [m["update"] for m in client.received if m["type"] == "joined"]
        for update in updates:
            state = table.states[update["length"]]
            assert update["view"] == game.to_dict(game.view(state, seat))
        others = {
            line
            for state in table.states
            for _, owner_seat, line in state.private_events
            if owner_seat != seat
        }
        received = {s for message in client.received for s in strings_in(message)}
        assert not others & received, f"seat {seat} received another seat's private line"


def test_a_seat_cannot_be_played_from_another_connection(start_owner: StartOwner) -> None:
    """Rule: a seat acts only for itself: another player's connection, a spectator and another
    identity asking for the seat are all refused, and nothing changes."""
    owner = start_owner()
    ann, bob, mallory = owner.connect("id:ann"), owner.connect("id:bob"), owner.connect("id:m")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None), ("Cy", None)], seed=3)
    ann_view, bob_view = ann.join(code, 0), bob.join(code, 1)
    assert ann_view.may_act() and not bob_view.may_act()
    notation = ann_view.game.format_action(ann_view.legal_actions()[0])
    with pytest.raises(IllegalAction):
        bob_view.apply_text(notation)  # refused locally ...
    with pytest.raises(Refused, match="Ann's decision, not yours"):
        bob.request({"type": "act", "notation": notation})  # ... and by the owner
    with pytest.raises(Refused, match="taken by id:ann"):
        mallory.join(code, 0)
    mallory.watch(code)
    with pytest.raises(Refused, match="spectator"):
        mallory.request({"type": "act", "notation": notation})
    with pytest.raises(Refused, match="already sit"):
        bob.join(code, 2)
    assert ann_view.length == 0 and ann_view.may_act()


def test_reconnect_takes_the_seat_back_and_replaces_the_stale_connection(
    start_owner: StartOwner,
) -> None:
    """Rule: a dropped seat stays held; the same identity connecting again takes it back, and a
    stale connection still open is told it was replaced and closed."""
    owner = start_owner()
    ann = owner.connect("id:ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    first = ann.join(code, 0)
    first.apply(first.legal_actions()[0])
    ended = threading.Event()
    first.add_listener(lambda view: ended.set() if view.ended else None)  # type: ignore[attr-defined]
    again = owner.connect("id:ann").join(code, 0)
    assert ended.wait(GUARD)
    assert first.ended == "you joined this seat from elsewhere"
    assert ann.replaced
    assert again.length == 1 and again.log()[0].notation is not None
    assert [s["taken"] for s in again_list(owner)[0]["seats"]] == [True, False]
    ann.close()


def again_list(owner: OwnerThread) -> list[dict[str, Any]]:
    """The owner's table list, as a fresh client sees it."""
    return owner.connect("id:lister").list_tables()


def test_restart_restores_the_table_its_seats_and_its_position(
    start_stored_owner: Callable[[], OwnerThread],
) -> None:
    """Rule: tables are saved after every change; a restarted owner restores them, seat
    holders included, and the game goes on from the same position (in either store)."""
    first = start_stored_owner()
    ann, bob = first.connect("id:ann"), first.connect("id:bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=5)
    views = [ann.join(code, 0), bob.join(code, 1)]
    wait = in_step(views)
    for _ in range(3):
        wait()
        mover = next(view for view in views if view.may_act())
        mover.apply(mover.legal_actions()[0])
    wait()  # Ann's view has heard of the last move too (it may have been Bob's)
    before = views[0].view()
    first.stop()
    second = start_stored_owner()
    with pytest.raises(Refused, match="taken"):
        second.connect("id:bob").join(code, 0)
    back = second.connect("id:ann").join(code, 0)
    assert back.length == 3
    assert back.game.to_dict(back.view()) == back.game.to_dict(before)
    assert play_to_end([back, second.connect("id:bob").join(code, 1)]) > 0


def test_bots_are_played_by_the_owner(start_stored_owner: Callable[[], OwnerThread]) -> None:
    """Behaviour: the owner plays bot seats itself (in either store: with PostgreSQL it leads
    the table); a person only ever sees their own turns."""
    owner = start_stored_owner()
    ann = owner.connect("id:ann")
    code = ann.create_table("toy", [("Ann", None), ("Cleo", "greedy"), ("Dot", "random")], seed=9)
    view = ann.join(code, 0)
    with pytest.raises(Refused, match="bot"):
        ann.join(code, 1)
    play_beside_bots(view)
    assert view.outcome() is not None and view.scores().final


def test_undo_and_earlier_positions_over_the_wire(
    start_stored_owner: Callable[[], OwnerThread],
) -> None:
    """Behaviour: undo is asked of the owner and refused for another seat's decision; earlier
    positions come as the seat may see them."""
    owner = start_stored_owner()
    ann, bob = owner.connect("id:ann"), owner.connect("id:bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    a, b = ann.join(code, 0), bob.join(code, 1)
    start = a.game.to_dict(a.view())
    a.apply(a.legal_actions()[0])
    assert a.game.to_dict(a.view_at(0)) == start
    assert b.undo_refusal() is not None and not b.undo()
    if a.can_undo():
        assert a.undo() and a.length == 0 and a.log() == []


def test_a_watcher_marks_the_last_move_without_asking_the_owner(
    start_owner: StartOwner,
) -> None:
    """Behaviour: the position a seat view showed before an update is kept, so the last move
    can be marked (``view_at(length - 1)``) without a round trip to the owner; it is the
    position the owner would have sent."""
    owner = start_owner()
    ann, bob, cleo = owner.connect("id:ann"), owner.connect("id:bob"), owner.connect("id:cleo")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    a, _ = ann.join(code, 0), bob.join(code, 1)
    watcher = cleo.watch(code)
    changed = threading.Event()
    watcher.add_listener(lambda _: changed.set())
    before = watcher.game.to_dict(watcher.view())
    a.apply(a.legal_actions()[0])
    assert changed.wait(GUARD)
    asked: list[Any] = []
    real = cleo.request
    cleo.request = lambda message: asked.append(message) or real(message)  # type: ignore[method-assign]
    assert watcher.game.to_dict(watcher.view_at(watcher.length - 1)) == before
    assert asked == []


def test_garbage_bytes_close_only_that_connection(start_owner: StartOwner) -> None:
    """Rule: a client sending garbage (a huge length, not JSON, a wrong message, a wrong
    version, a bad ticket) is answered with the reason and closed; another client at the same
    table plays on."""
    owner = start_owner()
    ann = owner.connect("id:ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    view = ann.join(code, 0)
    hostile = [
        b"GET / HTTP/1.1\r\n\r\n",
        struct.pack(">I", 5) + b"\xff\xfe\x00{]",
        encode({"type": "act", "id": 1, "notation": "x", "extra": 1}),
        encode({"type": "hello", "version": PROTOCOL_VERSION + 1, "ticket": "t"}),
        encode({"type": "hello", "version": PROTOCOL_VERSION, "ticket": "forged"}),
        encode({"type": "join", "id": 1, "code": code, "seat": 0}),
        struct.pack(">I", 3) + b"[1]",
    ]
    for data in hostile:
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(GUARD)
            sock.connect(str(owner.path))
            sock.sendall(data)
            reply = b""
            while chunk := sock.recv(4096):
                reply += chunk
            message = json.loads(reply[4:])
            assert message["type"] == "error" and message["reason"], data
    mallory = owner.connect("id:m")
    mallory.send_raw(struct.pack(">I", 2**31))
    with pytest.raises(ConnectionLost):
        mallory.request({"type": "list"})
    view.apply(view.legal_actions()[0])
    assert view.length == 1


def test_tickets_are_single_use(start_owner: StartOwner) -> None:
    """Rule: a ticket names one identity once: presenting it again is refused."""
    owner = start_owner()
    ticket = owner.call(lambda: owner.owner.issue_ticket("id:ann", "ann"))
    first: OwnerConnection = connect(owner.path, ticket)
    assert first.identity == "id:ann"
    with pytest.raises(ConnectionLost, match="unknown ticket"):
        connect(owner.path, ticket)


def test_create_refuses_bad_setups_with_reasons(start_owner: StartOwner) -> None:
    """Rule: a table's setup is checked like a local one: unknown game, wrong player count,
    bad names, unknown options and bot levels are refused with the reason."""
    owner = start_owner()
    ann = owner.connect("id:ann")
    cases = [
        ("nope", [("Ann", None), ("Bob", None)], {}, "nope"),
        ("toy", [("Ann", None)], {}, "players"),
        ("toy", [("Ann", None), ("ann", None)], {}, "seat"),
        ("toy", [("Ann", None), ("B\x1b[2J", None)], {}, "seat 2"),
        ("toy", [("Ann", None), ("Bob", "genius")], {}, "bot level"),
        ("toy", [("Ann", None), ("Bob", None)], {"colour": 1}, "no option"),
    ]
    for game, seats, options, reason in cases:
        with pytest.raises(Refused, match=reason):
            ann.create_table(game, seats, options)
    assert ann.list_tables() == []


def test_host_gives_an_absent_seat_to_a_bot_and_the_holder_takes_it_back(
    start_stored_owner: Callable[[], OwnerThread],
) -> None:
    """Rule: only the table's host may give a seat to a bot, only while nobody sits there; the
    bot then plays it (kept across a restart, in either store), and the holder joining again
    takes it back."""
    owner = start_stored_owner()
    ann, bob = owner.connect("id:ann"), owner.connect("id:bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=4)
    view = ann.join(code, 0)
    bob.join(code, 1)
    with pytest.raises(Refused, match="is here"):
        ann.seat_bot(1, "random")
    with pytest.raises(Refused, match="only the table's host"):
        bob.seat_bot(0, "random")
    bob.leave()
    ann.seat_bot(1, "random")
    assert ann.list_tables()[0]["seats"][1]["stand_in"] == "random"

    def bot_moves() -> int:
        return sum(1 for step in view.log() if step.seat == 1)

    play_beside_bots(view, lambda: bot_moves() < 2, "the stand-in")
    assert bot_moves() >= 2
    owner.stop()
    again = start_stored_owner()
    assert again.owner.tables[code].stand_ins == {1: "random"}
    again.connect("id:bob").join(code, 1)
    assert again.call(lambda: again.owner.tables[code].driver.plays(1)) is False
    assert again.connect("id:x").list_tables()[0]["seats"][1]["stand_in"] is None


def test_the_list_marks_the_seats_the_asking_identity_holds(start_owner: StartOwner) -> None:
    """Behaviour: each seat in ``tables`` says whether the asking connection's identity holds
    it (``yours``), so the lobby can offer that seat back and nobody else's; a seat held by
    another identity is taken but not yours."""
    owner = start_owner()
    ann, bob = owner.connect("id:ann", "Ann"), owner.connect("id:bob", "Bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    ann.join(code, 0)
    ann_seats = ann.list_tables()[0]["seats"]
    bob_seats = bob.list_tables()[0]["seats"]
    assert [(s["taken"], s["yours"]) for s in ann_seats] == [(True, True), (False, False)]
    assert [(s["taken"], s["yours"]) for s in bob_seats] == [(True, False), (False, False)]


def test_a_seat_view_changes_position_only_where_its_dispatch_runs(
    start_owner: StartOwner,
) -> None:
    """Behaviour: an update arriving on the reader thread is not seen by the view's readers
    until ``dispatch`` runs the call it was handed (so a screen redrawing on the app's thread
    reads one position throughout); the seat's own move is seen as soon as ``apply``
    returns."""
    owner = start_owner()
    ann, bob = owner.connect("id:ann"), owner.connect("id:bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    queued: list[Callable[[], None]] = []
    arrived = threading.Event()

    def later(call: Callable[[], None]) -> None:
        queued.append(call)
        arrived.set()

    ann_view = ann.join(code, 0, dispatch=later)
    bob_view = bob.join(code, 1)
    ann_view.apply(ann_view.legal_actions()[0])
    assert ann_view.length == 1
    for call in queued:
        call()
    queued.clear()
    arrived.clear()
    caught_up = threading.Event()
    bob_view.add_listener(lambda view: caught_up.set() if view.length == 1 else None)
    assert bob_view.length == 1 or caught_up.wait(GUARD)  # Bob's own reader thread
    assert bob_view.may_act()  # the toy game: Bob answers Ann
    before = ann_view.view()
    bob_view.apply(bob_view.legal_actions()[0])
    assert arrived.wait(GUARD)
    assert ann_view.length == 1 and ann_view.view() is before
    for call in queued:
        call()
    assert ann_view.length == 2 and ann_view.version == bob_view.version


def test_a_held_seat_nobody_sits_at_is_listed_as_away(start_owner: StartOwner) -> None:
    """Behaviour: the table list says which held seats have nobody connected at them (so the
    host knows whom to give a bot), and not once the holder sits down again."""
    owner = start_owner()
    ann = owner.connect("id:ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    ann.join(code, 0)
    assert [s["away"] for s in again_list(owner)[0]["seats"]] == [False, False]
    ann.leave()
    assert [s["away"] for s in again_list(owner)[0]["seats"]] == [True, False]
    ann.join(code, 0)
    assert [s["away"] for s in again_list(owner)[0]["seats"]] == [False, False]
