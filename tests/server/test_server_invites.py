"""Invitations: the book's rules (once, expiring, capped) and the owner's ``invite`` request.

The book is pure and takes its time as an argument; the owner tests run a real
:class:`~gardens_tui.server.lobby.owner.TableOwner` on its own loop thread with a clock the test
moves, and talk to it with the real client over its Unix socket (no sleeps).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import pytest
from owner_thread import GUARD, OwnerThread, play_to_end, start_owner

from gardens_tui.server.lobby.client import Refused
from gardens_tui.server.lobby.invites import (
    INVITE_SECONDS,
    MAX_INVITES,
    MAX_INVITES_PER_IDENTITY,
    UNKNOWN,
    USED,
    WITHDRAWN,
    InviteBook,
    InviteRefused,
    short_token,
)
from gardens_tui.server.lobby.owner import NO_WEB
from gardens_tui.server.lobby.protocol import ProtocolError, check_request
from gardens_tui.server.logs import AUDIT_LOGGER

StartOwner = Callable[..., OwnerThread]


BASE = "http://127.0.0.1:8080"


# --- the book ------------------------------------------------------------------------------------


def test_an_invitation_is_read_without_being_used_then_used_once() -> None:
    """Rule: peek shows a live invitation (who, which table, until when) as often as asked;
    redeem gives it once, and every later redeem or peek is refused as used."""
    book = InviteBook()
    invite = book.create("K7Q2", "id:ann", "Ann", now=100.0)
    assert (invite.code, invite.identity, invite.name) == ("K7Q2", "id:ann", "Ann")
    assert invite.expires == 100.0 + INVITE_SECONDS and len(invite.token) >= 24
    assert book.peek(invite.token, 101.0) == invite
    assert book.peek(invite.token, 102.0) == invite
    assert book.redeem(invite.token, 103.0) == invite
    for use in (book.redeem, book.peek):
        with pytest.raises(InviteRefused) as refused:
            use(invite.token, 104.0)
        assert refused.value.reason == USED
    assert len(book) == 0


def test_tokens_are_random_and_unknown_ones_are_refused_saying_so() -> None:
    """Rule: every invitation has its own token; a token never made (or made by a server
    that restarted) is refused as not known here."""
    book = InviteBook()
    tokens = {book.create("K7Q2", f"id:{n}", "N", 0.0).token for n in range(50)}
    assert len(tokens) == 50
    with pytest.raises(InviteRefused, match="not known here") as refused:
        book.peek("x" * 24, 1.0)
    assert refused.value.reason == UNKNOWN
    with pytest.raises(InviteRefused, match="not known here"):
        InviteBook().redeem(next(iter(tokens)), 1.0)


def test_an_invitation_expires_and_says_how_long_ago() -> None:
    """Rule: an invitation is good until INVITE_SECONDS after it was made; after that peek
    and redeem are refused with how long ago it expired, in words."""
    book = InviteBook()
    invite = book.create("K7Q2", "id:ann", "Ann", now=0.0)
    assert book.peek(invite.token, INVITE_SECONDS - 0.5) == invite
    assert invite.seconds_left(INVITE_SECONDS - 0.5) == 0
    assert invite.seconds_left(60.0) == INVITE_SECONDS - 60
    cases = {
        INVITE_SECONDS: "expired a moment ago",
        INVITE_SECONDS + 61: "expired 1 minute ago",
        INVITE_SECONDS + 7 * 60 + 5: "expired 7 minutes ago",
        INVITE_SECONDS + 5 * 3600: "expired 5 hours ago",
    }
    for now, words in cases.items():
        with pytest.raises(InviteRefused) as refused:
            book.redeem(invite.token, now)
        assert refused.value.reason == f"this invitation {words}"
    assert len(book) == 0


def test_an_inviter_holds_a_few_live_invitations_and_the_oldest_are_withdrawn() -> None:
    """Rule: one inviter holds at most MAX_INVITES_PER_IDENTITY live invitations: a new one
    withdraws their oldest (refused saying so); other inviters' are untouched."""
    book = InviteBook()
    other = book.create("K7Q2", "id:bob", "Bob", 0.0)
    made = [book.create("K7Q2", "id:ann", "Ann", float(n)) for n in range(MAX_INVITES_PER_IDENTITY)]
    newest = book.create("K7Q2", "id:ann", "Ann", 10.0)
    assert book.live("id:ann", 11.0) == [*made[1:], newest]
    with pytest.raises(InviteRefused) as refused:
        book.redeem(made[0].token, 11.0)
    assert refused.value.reason == WITHDRAWN
    assert book.peek(other.token, 11.0) == other


def test_the_book_refuses_new_invitations_when_full_until_some_expire(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rule: the book holds at most MAX_INVITES live invitations: beyond that a new one is
    refused with a reason; once some expire there is room again."""
    monkeypatch.setattr("gardens_tui.server.lobby.invites.MAX_INVITES", 4)
    book = InviteBook()
    for n in range(4):
        book.create("K7Q2", f"id:{n}", "N", float(n))
    with pytest.raises(InviteRefused, match="as many invitations as it may"):
        book.create("K7Q2", "id:late", "Late", 10.0)
    assert book.create("K7Q2", "id:late", "Late", INVITE_SECONDS + 0.5).code == "K7Q2"
    assert len(book) == 4  # the first expired; three and the new one are live
    assert MAX_INVITES >= 100 * MAX_INVITES_PER_IDENTITY


def test_spent_invitations_are_forgotten_after_a_day() -> None:
    """Rule: used or expired invitations are remembered only to word their refusal, for a day
    after they expired; then they are refused as unknown (memory stays bounded)."""
    book = InviteBook()
    used = book.create("K7Q2", "id:ann", "Ann", 0.0)
    book.redeem(used.token, 1.0)
    with pytest.raises(InviteRefused, match="already been used"):
        book.peek(used.token, INVITE_SECONDS + 3600.0)
    with pytest.raises(InviteRefused, match="not known here"):
        book.peek(used.token, INVITE_SECONDS + 25 * 3600.0)


def test_a_log_names_a_token_by_its_start_only() -> None:
    """Rule: logs never hold a whole token: short_token keeps its first 6 characters."""
    token = InviteBook().create("K7Q2", "id:ann", "Ann", 0.0).token
    assert short_token(token) == token[:6] + "…"


# --- the owner -----------------------------------------------------------------------------------


class Clock:
    """A clock the test moves (the owner's, for invitations)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def never(seconds: float, call: Callable[[], None]) -> threading.Timer:
    """A schedule whose timers never fire during a test."""
    return threading.Timer(1e6, call)


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ({"type": "invite", "id": 1}, "missing field 'code'"),
        ({"type": "invite", "id": 1, "code": 7}, "must be a string"),
        ({"type": "invite", "id": 1, "code": "K" * 201}, "longer than"),
        ({"type": "invite", "id": 1, "code": "K7QM", "seat": 0}, "unexpected field 'seat'"),
    ],
)
def test_the_invite_request_is_checked_like_every_other(
    message: dict[str, object], reason: str
) -> None:
    """Rule: an invite request holds exactly an id and a table code (a string of bounded
    length); anything else is refused before the owner reads it."""
    assert check_request({"type": "invite", "id": 1, "code": "K7QM"})["code"] == "K7QM"
    with pytest.raises(ProtocolError, match=reason):
        check_request(dict(message))


def test_invite_is_refused_without_a_web_front_end(start_owner: StartOwner) -> None:
    """Behaviour: with no web front end (invite_base None) an invite is refused with a reason
    telling the operator's command; nothing is made."""
    owner = start_owner()
    ann = owner.connect("id:ann", "Ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    with pytest.raises(Refused) as refused:
        ann.invite(code)
    assert str(refused.value) == NO_WEB and "gardens serve ssh --web PORT" in NO_WEB
    assert owner.call(lambda: len(owner.owner.invites)) == 0


def test_invite_answers_a_link_that_the_web_front_end_reads_and_uses_once(
    start_owner: StartOwner, caplog: pytest.LogCaptureFixture
) -> None:
    """Behaviour: with a web front end an invite to a table with a free seat is answered with
    the link (the front end's address, /invite/ and the token) and how long it is good for; the
    owner's peek_invite reads it as often as asked, redeem_invite uses it once. The audit trail
    has a line for each, naming the token by its start only."""
    caplog.set_level(logging.INFO, logger=AUDIT_LOGGER)
    clock = Clock()
    owner = start_owner(None, never, clock)
    owner.call(lambda: setattr(owner.owner, "invite_base", BASE + "/"))
    ann = owner.connect("id:ann", "Ann\x1b[31m")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    url, seconds = ann.invite(code.lower())
    assert seconds == INVITE_SECONDS
    assert url.startswith(BASE + "/invite/") and "//invite" not in url
    token = url.rsplit("/", 1)[1]
    invite = owner.call(lambda: owner.owner.peek_invite(token))
    assert (invite.code, invite.identity) == (code, "id:ann")
    assert owner.call(lambda: owner.owner.peek_invite(token)) == invite
    assert owner.call(lambda: owner.owner.redeem_invite(token, guest="Zoe")) == invite
    with pytest.raises(InviteRefused, match="already been used"):
        owner.call(lambda: owner.owner.redeem_invite(token))
    lines = [r.getMessage() for r in caplog.records if r.name == AUDIT_LOGGER]
    made = [line for line in lines if "made" in line]
    used = [line for line in lines if "used" in line]
    assert len(made) == 1 and "Ann\\x1b[31m invites a browser player to table " + code in made[0]
    assert len(used) == 1 and "Zoe comes to table " + code in used[0]
    assert all(token not in line and token[:6] in line for line in made + used)
    assert not any("\x1b" in line for line in lines)


def test_an_invitation_expires_on_the_owners_clock(start_owner: StartOwner) -> None:
    """Behaviour: an invitation the owner made is refused once INVITE_SECONDS have passed on
    the owner's clock, saying it expired (and is still refused as expired when used)."""
    clock = Clock()
    owner = start_owner(None, never, clock)
    owner.call(lambda: setattr(owner.owner, "invite_base", BASE))
    ann = owner.connect("id:ann", "Ann")
    code = ann.create_table("toy", [("Ann", None), ("Bob", None)], seed=3)
    token = ann.invite(code)[0].rsplit("/", 1)[1]
    clock.now += INVITE_SECONDS - 1
    assert owner.call(lambda: owner.owner.peek_invite(token)).code == code
    clock.now += 11 * 60
    with pytest.raises(InviteRefused, match="expired 10 minutes ago"):
        owner.call(lambda: owner.owner.redeem_invite(token))


def test_invite_is_refused_for_an_unknown_table_a_full_one_or_one_that_is_over(
    start_owner: StartOwner,
) -> None:
    """Behaviour: an invite is refused (nothing made) for a table that is not there, a table
    whose seats for people are all held or played by bots, and a table whose game is over;
    an invitation whose table's game ended meanwhile is refused too."""
    owner = start_owner()
    owner.call(lambda: setattr(owner.owner, "invite_base", BASE))
    ann, bob = owner.connect("id:ann", "Ann"), owner.connect("id:bob", "Bob")
    with pytest.raises(Refused, match="there is no table 'ZZZZ'"):
        ann.invite("ZZZZ")
    full = ann.create_table("toy", [("Ann", None), ("Cy", "random")], seed=3)
    ann.join(full, 0)
    with pytest.raises(Refused, match=f"table {full} has no free seat for a person"):
        ann.invite(full)
    ann.leave()
    open_code = bob.create_table("toy", [("Ann", None), ("Bob", None)], seed=4)
    token = ann.invite(open_code)[0].rsplit("/", 1)[1]
    play_to_end([ann.join(open_code, 0), bob.join(open_code, 1)])
    with pytest.raises(Refused, match="is over"):
        ann.invite(open_code)
    with pytest.raises(InviteRefused, match=f"the game at table {open_code} is over"):
        owner.call(lambda: owner.owner.peek_invite(token))
    assert owner.call(lambda: len(owner.owner.invites)) == 1  # refused, not used
