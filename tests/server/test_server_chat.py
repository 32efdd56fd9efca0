"""Chat lines at a table: said by a player or a spectator, heard by everyone at that table only,
always one line of plain text."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from owner_thread import GUARD, OwnerThread, start_owner

from gardens_tui.rules.base import IllegalAction
from gardens_tui.server.lobby.client import Refused
from gardens_tui.server.lobby.remote import ChatLine

StartOwner = Callable[..., OwnerThread]


def test_a_chat_line_reaches_everyone_at_the_table_and_nobody_else(
    start_owner: StartOwner,
) -> None:
    """Rule: ``say`` goes to every player and spectator of the speaker's table (the speaker
    too), never to another table; control characters arrive escaped, on one line."""
    owner = start_owner()
    ann, bob, eve, zed = (owner.connect(f"id:{n}", n) for n in ("Ann", "Bob", "Eve", "Zed"))
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    other = zed.create_table("toy", [("Zed", None), ("Yan", None)], seed=3)
    views = [ann.join(code, 0), bob.join(code, 1), eve.watch(code)]
    zed_view = zed.join(other, 0)
    heard: list[list[ChatLine]] = [[] for _ in views]
    arrived = threading.Condition()
    for view, lines in zip(views, heard, strict=True):

        def listener(line: ChatLine, lines: list[ChatLine] = lines) -> None:
            with arrived:
                lines.append(line)
                arrived.notify_all()

        view.add_chat_listener(listener)
    views[2].say("hello \x1b[31mred\nthere")
    with arrived:
        assert arrived.wait_for(lambda: all(heard), GUARD)
    for lines in heard:
        assert lines == [ChatLine("Eve", None, "hello \\x1b[31mred there")]
    assert zed_view.chat == []
    assert zed.received is not None
    assert not [m for m in zed.received if m["type"] == "chat"]


def test_saying_nothing_or_away_from_a_table_is_refused(start_owner: StartOwner) -> None:
    """Rule: a blank line is refused, and so is a line from a connection at no table."""
    owner = start_owner()
    ann = owner.connect("id:ann", "Ann")
    with pytest.raises(Refused, match="join or watch"):
        ann.request({"type": "say", "text": "hi"})
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    view = ann.join(code, 0)
    with pytest.raises(IllegalAction, match="nothing to say"):
        view.say("   ")


def test_chat_is_rate_limited_per_connection(start_owner: StartOwner) -> None:
    """Rule: one connection says at most CHAT_BURST lines within CHAT_WINDOW seconds; one
    more is refused and reaches nobody; once the window has passed it may talk again."""
    from gardens_tui.server.lobby.owner import CHAT_BURST, CHAT_WINDOW

    now = [100.0]
    owner = start_owner(None, None, lambda: now[0])
    ann, bob = owner.connect("id:ann", "Ann"), owner.connect("id:bob", "Bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    ann_view, bob_view = ann.join(code, 0), bob.join(code, 1)
    last = threading.Event()
    bob_view.add_chat_listener(lambda line: line.text == "back again" and last.set())
    for number in range(CHAT_BURST):
        ann_view.say(f"line {number}")
    with pytest.raises(IllegalAction, match="a lot of chat"):
        ann_view.say("one too many")
    bob_view.say("Bob is not limited by Ann")
    now[0] += CHAT_WINDOW
    ann_view.say("back again")
    assert last.wait(GUARD)
    texts = [line.text for line in bob_view.chat]
    assert "one too many" not in texts
    assert texts[-2:] == ["Bob is not limited by Ann", "back again"]


def test_a_muted_identity_says_nothing(start_owner: StartOwner) -> None:
    """Rule: an identity the operator muted is refused every chat line (nobody hears it);
    others still talk; unmuted, it talks again."""
    owner = start_owner()
    ann, bob = owner.connect("id:ann", "Ann"), owner.connect("id:bob", "Bob")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    ann_view, bob_view = ann.join(code, 0), bob.join(code, 1)
    owner.call(lambda: owner.owner.muted.add("id:ann"))
    with pytest.raises(IllegalAction, match="muted"):
        ann_view.say("let me in")
    heard = threading.Event()
    ann_view.add_chat_listener(lambda line: line.text == "hello" and heard.set())
    bob_view.say("hello")
    assert heard.wait(GUARD)
    owner.call(lambda: owner.owner.muted.discard("id:ann"))
    ann_view.say("thanks")


def test_notices_and_the_message_of_the_day_reach_every_connection(
    start_owner: StartOwner,
) -> None:
    """Rule: the operator's broadcast reaches every connection as a notice, a notice for one
    ticket reaches that connection only, and the message of the day comes with the welcome
    and again whenever it changes."""
    owner = start_owner()
    owner.call(lambda: owner.owner.set_motd("Tournament at eight"))
    ann, bob = owner.connect("id:ann", "Ann"), owner.connect("id:bob", "Bob")
    assert ann.motd == "Tournament at eight"
    notices: dict[str, list[tuple[str, str, str]]] = {"ann": [], "bob": []}
    arrived = threading.Condition()

    def hear(who: str) -> Callable[[str, str, str], None]:
        def heard(title: str, text: str, severity: str) -> None:
            with arrived:
                notices[who].append((title, text, severity))
                arrived.notify_all()

        return heard

    ann.on_notice, bob.on_notice = hear("ann"), hear("bob")
    motds: list[str] = []
    bob.on_motd = motds.append
    assert owner.call(lambda: owner.owner.broadcast("restart at noon \x1b[2J")) == 2
    ticket = owner.call(lambda: next(s.ticket for s in owner.owner.sessions if s.name == "Ann"))
    assert owner.call(lambda: owner.owner.notify(ticket, "just you", title="Hi"))
    owner.call(lambda: owner.owner.set_motd("No tournament"))
    with arrived:
        assert arrived.wait_for(lambda: len(notices["ann"]) == 2 and notices["bob"], GUARD)
    assert notices["ann"][0] == ("Server", "restart at noon \\x1b[2J", "warning")
    assert notices["ann"][1] == ("Hi", "just you", "information")
    assert notices["bob"] == [("Server", "restart at noon \\x1b[2J", "warning")]
    bob.list_tables()  # the motd push came before this reply
    assert motds == ["No tournament"] and bob.motd == "No tournament"


def test_the_table_list_names_who_holds_each_seat(start_owner: StartOwner) -> None:
    """Rule: the lobby's list says who holds a seat (their login name), whatever name the
    table's host gave the seat, so a player is never mistaken for another."""
    owner = start_owner()
    ann, mallory = owner.connect("id:ann", "Ann"), owner.connect("id:mallory", "mallory")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    ann.join(code, 0)
    mallory.join(code, 1)
    (entry,) = ann.list_tables()
    assert [seat["holder"] for seat in entry["seats"]] == ["Ann", "mallory"]


def test_the_lobby_hears_of_changes_to_the_table_list(start_owner: StartOwner) -> None:
    """Rule: a connection in the lobby is sent the table list when it changes (a table
    created, a seat taken) without asking, and never the same list twice; a connection at a
    table is sent none."""
    owner = start_owner()
    ann, bob = owner.connect("id:ann", "Ann"), owner.connect("id:bob", "Bob")
    lists: list[list[dict[str, object]]] = []
    arrived = threading.Condition()

    def heard(tables: list[dict[str, object]]) -> None:
        with arrived:
            lists.append(tables)
            arrived.notify_all()

    bob.on_tables = heard
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    owner.call(owner.owner.push_lobby)  # what the change sends within a second, sent now
    with arrived:
        assert arrived.wait_for(lambda: lists, GUARD)
    assert [entry["code"] for entry in lists[-1]] == [code]
    ann.join(code, 0)
    assert ann.received is not None
    ann_before = [m for m in ann.received if m["type"] == "lobby"]
    owner.call(owner.owner.push_lobby)
    with arrived:
        assert arrived.wait_for(lambda: lists[-1][0]["seats"][0]["taken"], GUARD)  # type: ignore[index]
    heard_before = len(lists)
    bob.join(code, 1)
    ann.on_tables = heard
    owner.call(owner.owner.push_lobby)  # what the change would send, sent now
    bob.list_tables()  # a round trip each: any push sent before it has arrived
    ann.request({"type": "list"})
    assert len(lists) == heard_before
    assert [m for m in ann.received if m["type"] == "lobby"] == ann_before


def test_a_move_alone_is_no_news_for_the_lobby(start_owner: StartOwner) -> None:
    """Rule: moves change only a table's turn: the lobby is not sent a new list for them
    (every lobby redrawing at every move of every table would cost more than it tells); the
    turn shown is brought up to date by the next real change or a refresh."""
    owner = start_owner()
    ann, bob = owner.connect("id:ann", "Ann"), owner.connect("id:bob", "Bob")
    code = ann.create_table("toy", [("Ann", None), ("Cy", "random")], seed=3)
    view = ann.join(code, 0)
    owner.call(owner.owner.push_lobby)
    (before,) = bob.list_tables()
    lists: list[list[dict[str, object]]] = []
    bob.on_tables = lists.append
    changed = threading.Condition()

    def heard(_: object) -> None:
        with changed:
            changed.notify_all()

    view.add_listener(heard)
    while view.view().turn == before["turn"]:
        with changed:
            assert changed.wait_for(view.may_act, GUARD)
        view.apply(view.legal_actions()[0])
    owner.call(owner.owner.push_lobby)
    ann.request({"type": "list"})  # a round trip each: any push sent before it has arrived
    assert lists == []
    assert bob.list_tables()[0]["turn"] != before["turn"]
