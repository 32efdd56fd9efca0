"""Chat lines at a table: said by a player or a spectator, heard by everyone at that table only,
always one line of plain text."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from owner_thread import GUARD, OwnerThread, start_owner

from gardens_tui.rules.base import IllegalAction
from gardens_tui.server.client import Refused
from gardens_tui.server.remote import ChatLine

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
    from gardens_tui.server.owner import CHAT_BURST, CHAT_WINDOW

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
