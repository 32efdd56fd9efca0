"""Invitations: one-time links a logged-in player makes to bring a browser player to a table.

An :class:`Invite` names a table (its code), who invited (identity and shown name) and how long
it is good for. An :class:`InviteBook` holds them in memory (a restarted server knows none):

- :meth:`InviteBook.create` makes one with a random token (:func:`secrets.token_urlsafe`, the
  secret part of the link), good for :data:`INVITE_SECONDS`. One inviter has at most
  :data:`MAX_INVITES_PER_IDENTITY` live invitations (a new one withdraws their oldest) and the
  book at most :data:`MAX_INVITES` (then it refuses new ones until some expire or are used).
- :meth:`InviteBook.peek` reads a live invitation without using it (the page that greets the
  guest says who invites them where); :meth:`InviteBook.redeem` uses it: it works **once**.
- Anything else is an :class:`InviteRefused` whose reason a person reads: used already,
  expired (and how long ago), withdrawn, or not known here.

Used, expired and withdrawn invitations are remembered for :data:`REMEMBER_SECONDS` after
they expired (at most :data:`MAX_REMEMBERED` of them), only so that their refusal can say what
happened; then they are forgotten like a token never made.

Time is whatever clock the caller passes as ``now`` (the table owner's steady clock): nothing
here reads a clock, so the tests need no sleeps. A whole token is never logged or shown in a
message: :func:`short_token` is what logs name it by.

Pure Python: no asyncio, no UI.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass
from enum import Enum

INVITE_SECONDS = 30 * 60
"""How long an invitation is good for once made."""

MAX_INVITES_PER_IDENTITY = 5
"""The most live invitations one inviter holds (a new one withdraws the oldest)."""

MAX_INVITES = 1000
"""The most live invitations the book holds (more are refused until some go)."""

REMEMBER_SECONDS = 24 * 60 * 60
"""How long after it expired a used, expired or withdrawn invitation is remembered (so that
its refusal says what happened)."""

MAX_REMEMBERED = 10_000
"""The most spent invitations remembered (the oldest are forgotten first)."""

TOKEN_BYTES = 18
"""Random bytes in a token (24 URL-safe characters)."""

SHORT_TOKEN = 6
"""Characters of a token that logs show."""

USED = "this invitation has already been used"
UNKNOWN = "this invitation is not known here (the server may have restarted)"
WITHDRAWN = "this invitation was withdrawn: whoever sent it has made newer ones since"
FULL = "this server holds as many invitations as it may: try again in a few minutes"


class InviteRefused(ValueError):
    """An invitation cannot be made, read or used; ``reason`` says why, for a person."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Invite:
    """One invitation: to table ``code`` from ``identity`` (shown as ``name``), made at
    ``created`` and good until ``expires`` (seconds on the book's caller's clock). ``token`` is
    the secret the link carries."""

    token: str
    code: str
    identity: str
    name: str
    created: float
    expires: float

    def seconds_left(self, now: float) -> int:
        """Whole seconds it is still good for at ``now`` (0 once expired)."""
        return max(0, int(self.expires - now))


class _Spent(Enum):
    USED = "used"
    WITHDRAWN = "withdrawn"
    EXPIRED = "expired"


def short_token(token: str) -> str:
    """The start of ``token`` that a log line names it by (never the whole secret)."""
    return token[:SHORT_TOKEN] + "…"


def expired_reason(seconds_ago: float) -> str:
    """The refusal of an invitation that expired ``seconds_ago``, in minutes (or hours)."""
    minutes = int(seconds_ago // 60)
    if minutes < 1:
        return "this invitation expired a moment ago"
    if minutes < 120:
        return f"this invitation expired {minutes} minute{'s' if minutes != 1 else ''} ago"
    return f"this invitation expired {minutes // 60} hours ago"


class InviteBook:
    """The invitations of one server, in memory (see the module docstring)."""

    def __init__(self) -> None:
        self._live: OrderedDict[str, Invite] = OrderedDict()
        """Invitations not used or withdrawn yet (some may have expired), oldest first."""
        self._spent: OrderedDict[str, tuple[Invite, _Spent]] = OrderedDict()
        """Invitations used, withdrawn or expired, remembered for their refusal, oldest first."""

    def __len__(self) -> int:
        """How many invitations are live (not used, withdrawn or pruned as expired)."""
        return len(self._live)

    def create(self, code: str, identity: str, name: str, now: float) -> Invite:
        """A new invitation to table ``code`` from ``identity`` (shown as ``name``), good for
        :data:`INVITE_SECONDS` from ``now``. The inviter's oldest live invitations are
        withdrawn beyond :data:`MAX_INVITES_PER_IDENTITY`; :class:`InviteRefused` when the book
        is full (:data:`MAX_INVITES`)."""
        self.prune(now)
        own = [token for token, invite in self._live.items() if invite.identity == identity]
        for token in own[: max(0, len(own) - MAX_INVITES_PER_IDENTITY + 1)]:
            self._spend(token, _Spent.WITHDRAWN)
        if len(self._live) >= MAX_INVITES:
            raise InviteRefused(FULL)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        while token in self._live or token in self._spent:  # pragma: no cover - 144 random bits
            token = secrets.token_urlsafe(TOKEN_BYTES)
        invite = Invite(token, code, identity, name, now, now + INVITE_SECONDS)
        self._live[token] = invite
        return invite

    def peek(self, token: str, now: float) -> Invite:
        """The live invitation of ``token`` (not used by this); :class:`InviteRefused` saying
        why when there is none."""
        self.prune(now)
        invite = self._live.get(token)
        if invite is not None:
            return invite
        spent = self._spent.get(token)
        if spent is None:
            raise InviteRefused(UNKNOWN)
        invite, how = spent
        if how is _Spent.USED:
            raise InviteRefused(USED)
        if how is _Spent.WITHDRAWN:
            raise InviteRefused(WITHDRAWN)
        raise InviteRefused(expired_reason(now - invite.expires))

    def redeem(self, token: str, now: float) -> Invite:
        """Use the invitation of ``token``: it is returned once, and refused from then on
        (:class:`InviteRefused` saying why, as :meth:`peek`)."""
        invite = self.peek(token, now)
        self._spend(token, _Spent.USED)
        return invite

    def live(self, identity: str, now: float) -> list[Invite]:
        """The live invitations ``identity`` made, oldest first."""
        self.prune(now)
        return [invite for invite in self._live.values() if invite.identity == identity]

    def prune(self, now: float) -> None:
        """Move the invitations expired at ``now`` among the spent ones, and forget the spent
        ones expired more than :data:`REMEMBER_SECONDS` ago (or beyond
        :data:`MAX_REMEMBERED`)."""
        for token in [token for token, invite in self._live.items() if invite.expires <= now]:
            self._spend(token, _Spent.EXPIRED)
        while self._spent:
            token, (invite, _) = next(iter(self._spent.items()))
            if len(self._spent) <= MAX_REMEMBERED and invite.expires + REMEMBER_SECONDS > now:
                break
            del self._spent[token]

    def _spend(self, token: str, how: _Spent) -> None:
        invite = self._live.pop(token)
        self._spent[token] = (invite, how)
        while len(self._spent) > MAX_REMEMBERED:
            self._spent.popitem(last=False)
