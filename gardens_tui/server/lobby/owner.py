"""The table owner: the one process that holds every table's real state and serves seats.

A :class:`TableOwner` listens on a Unix socket (in a private folder) and speaks
:mod:`gardens_tui.server.lobby.protocol` with its clients, the app processes of the SSH sessions:

- **Who** a client is comes from a one-time ticket: the SSH server authenticates a person, asks
  :meth:`TableOwner.issue_ticket` for a ticket bound to that identity and hands it to the app
  process it starts; the client's ``hello`` presents it. A client cannot claim an identity.
- **Tables** are created, listed, joined and watched by code. A human seat is held by one
  identity (kept across disconnects and restarts); a second connection of the same identity to
  the same seat replaces the first (which gets ``replaced`` and is closed); another identity is
  refused. An identity holds at most one seat per table.
- **Acting** goes through a :class:`~gardens_tui.seats.LocalSeatView` that acts for the client's
  seat only: a seat cannot act for another, a spectator for nobody.
- **Chat**: a ``say`` goes to everyone at the same table as one line of plain text; one
  connection says at most :data:`CHAT_BURST` lines in any :data:`CHAT_WINDOW` seconds (more
  are refused, nobody hears them); an identity the operator muted (:attr:`TableOwner.muted`)
  says nothing.
- **The operator's words**: :meth:`TableOwner.broadcast` and :meth:`TableOwner.notify` push a
  ``notice`` (to everyone, or to the connection of one ticket); :meth:`TableOwner.set_motd`
  changes the message of the day every lobby shows (sent in ``welcome`` and pushed).
- **Invitations**: a connection's ``invite`` makes a one-time link (:mod:`.invites`, held in
  :attr:`TableOwner.invites`) that brings one browser player to a table with a free seat for a
  person, when a web front end serves this owner (it sets :attr:`TableOwner.invite_base`); the
  web front end reads and uses it through :meth:`TableOwner.peek_invite` and
  :meth:`TableOwner.redeem_invite`. Both ends go to the audit trail.
- **The lobby**: a connection in the lobby (at no table) is sent the table list whenever
  what it shows changes (a table created or over, a seat taken or left, someone coming or
  going; a move alone is not news: the turn numbers it shows are those of its last list), at
  most once every :data:`LOBBY_PUSH_DELAY` seconds and only when its list differs from the
  one it has: an idle lobby costs nothing.
- **Views**: after every change each client at the table gets an ``update`` worked out by its own
  seat view (``game.to_dict(game.view(state, seat))``, redacted log steps, scores): another
  seat's hidden information never leaves this process.
- **Bots** are played here by each table's :class:`~gardens_tui.driver.Driver` (thinking in a
  worker thread), bot seats and the absent seats the table's host gave to a bot alike (the
  seat's holder takes it back by joining again). A bot pauses :data:`BOT_STEP_DELAY` seconds
  before each step that is a real choice, as in the local app: the people at the table and
  those watching see its turn step by step, and a table of bots costs the server a few steps
  a second, not hundreds. A table created with a time limit
  (``turn_seconds``) gives each decision of a person's seat that long: when it runs out the seat
  passes where the decision may be passed, or a stand-in bot plays that one decision for it
  (:meth:`TableOwner.expire`); every ``update`` says how many seconds are left
  (``turn_left``, from the owner's clock), so each terminal can count down.
- **Saves**: every change is handed to the owner's
  :class:`~gardens_tui.server.store.tables.TableStore` (the saves folder by default, written off
  the event loop several tables at a time); the connections at a table hear of a change once it
  is stored, and a request that changed something (a move, an undo, a new table, a seat taken)
  is answered only then: **no answered move is ever lost**, and no table waits on another's
  disk. A restarted owner restores the tables from its store and carries on.
- **Several front ends** (a store that is ``shared``: PostgreSQL): each front end runs an owner
  on the same tables. A change commits only on the table's version this owner last knew; when
  another front end changed the table first, the move is refused
  (:data:`~.following.STALE`) and the table read back from the store (its
  :class:`~.following.StoreFollower` does that, and takes the changes other front ends
  announce). Bots and time limits run only on the front end that leads the table
  (the store's lock; another takes over within about a second when it dies);
  the others show the same countdown. Chat lines pass to the other front ends through the
  store. When the store cannot be reached every player is told, moves are refused meanwhile,
  and every table is read back once it is reachable again.
- **Hostile clients**: a frame the protocol refuses gets an ``error`` and closes that connection
  only; a client that does not say ``hello`` within :data:`HELLO_TIMEOUT` seconds, or reads so
  slowly that :data:`MAX_BUFFERED` bytes wait for it, is closed too. Nobody else notices.

Everything runs on one asyncio loop (the tables are only touched on it). Pure Python: no UI, no
asyncssh.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol

from gardens_tui.driver import BotError, BotTurn, step_pause
from gardens_tui.rules.base import IllegalAction, Outcome, Scores
from gardens_tui.rules.registry import get_game, get_spec
from gardens_tui.rules.rng import MAX_SEED
from gardens_tui.rules.safe_text import printable
from gardens_tui.seats import LocalSeatView, LogStep
from gardens_tui.server.lobby.following import CATCHING_UP, STALE, UNREACHABLE, StoreFollower
from gardens_tui.server.lobby.invites import (
    Invite,
    InviteBook,
    InviteRefused,
    short_token,
)
from gardens_tui.server.lobby.protocol import (
    HEADER,
    MAX_REQUEST_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    encode,
    frame_length,
    read_request,
)
from gardens_tui.server.logs import AUDIT_LOGGER
from gardens_tui.server.store.file_tables import FileTableStore
from gardens_tui.server.store.tables import (
    Change,
    Holder,
    HostedTable,
    StaleTable,
    StoreUnavailable,
    TableStore,
    new_code,
    normal_code,
)
from gardens_tui.settings import Settings
from gardens_tui.storage import SaveError
from gardens_tui.table import Seat, Setup, Table, check_seats

log = logging.getLogger(__name__)
audit = logging.getLogger(AUDIT_LOGGER)

HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to present its ticket."""

MAX_BUFFERED = 8 * 1024 * 1024
"""Bytes that may wait to be sent to one client before it is dropped as too slow."""

MAX_TABLES = 500
"""The most tables one owner hosts (finished ones count until the owner restarts)."""

LOBBY_PUSH_DELAY = 1.0
"""Seconds within which the lobby's connections hear of a change to the table list (changes in
that time go out as one list)."""

BOT_STEP_DELAY = Settings().bot_delay_ms / 1000
"""Seconds a bot pauses before each step that is a real choice (the local app's default
pause): see the module docstring."""

CHAT_BURST = 5
"""The most chat lines one connection may say within :data:`CHAT_WINDOW` seconds."""

CHAT_WINDOW = 10.0
"""Seconds over which :data:`CHAT_BURST` counts chat lines."""

TOO_CHATTY = "that is a lot of chat at once: wait a few seconds"

NOT_PLAYED = "your move was not played"
SEAT_TAKEN = "someone changed the table's seats at the same moment; look again"

SEAT_TRIES = 3
"""How many times a ``join`` is tried when the seats keep changing on other front ends."""

NO_WEB = (
    "this server serves no browsers: its operator can start one with gardens serve ssh --web PORT"
)
"""The refusal of an ``invite`` when no web front end serves this owner."""


class SeatsMoved(ValueError):
    """A change to a table's seats was refused: another front end changed them first."""


class Timer(Protocol):
    """What :data:`Schedule` returns: something that can be cancelled."""

    def cancel(self) -> None:
        """Do not call it after all."""


Schedule = Callable[[float, Callable[[], None]], Timer]
"""Calls a function after some seconds, like ``loop.call_later`` (the tests pass their own)."""

Clock = Callable[[], float]
"""Seconds on a steady clock, like ``time.monotonic`` (the tests pass their own)."""


# --- what goes on the wire ----------------------------------------------------------------------


def step_dict(step: LogStep) -> dict[str, Any]:
    """A log step in the ``update`` message's form."""
    return {
        "index": step.index,
        "turn": step.turn,
        "seat": step.seat,
        "lines": list(step.lines),
        "notation": step.notation,
    }


def scores_dict(scores: Scores) -> dict[str, Any]:
    """A score table in the ``update`` message's form."""
    return {
        "categories": list(scores.categories),
        "table": [list(row) for row in scores.table],
        "final": scores.final,
        "teams": [
            {"name": team.name, "seats": list(team.seats), "points": team.points}
            for team in scores.teams
        ],
        "notes": list(scores.notes),
    }


def outcome_dict(outcome: Outcome | None) -> dict[str, Any] | None:
    """An outcome in the ``update`` message's form."""
    if outcome is None:
        return None
    return {"winners": list(outcome.winners), "tiebreak": outcome.tiebreak}


def setup_dict(setup: Setup) -> dict[str, Any]:
    """A setup in the ``joined`` message's form."""
    return {
        "game": setup.game,
        "seats": [seat.to_dict() for seat in setup.seats],
        "options": dict(setup.options),
        "seed": setup.seed,
    }


def _without_turns(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table list without the turn numbers: a move alone is no news for the lobby (every
    lobby redrawing at every move of every table would cost more than it tells)."""
    return [{key: value for key, value in entry.items() if key != "turn"} for entry in tables]


def _ignore(change: Change) -> None:
    """What a store that nobody else changes is given to call (it never does)."""


def _notice(title: str, text: str, severity: str) -> dict[str, Any]:
    return {
        "type": "notice",
        "title": printable(title, newlines=False),
        "text": printable(text, newlines=False),
        "severity": severity,
    }


# --- one connection -----------------------------------------------------------------------------


class Session:
    """One client connection: who it is, and the table and seat it plays or watches."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.identity = ""
        self.name = ""
        self.hosted: HostedTable | None = None
        self.seat: int | None = None
        self.view: LocalSeatView | None = None
        self.log_valid = 0
        self.joined_at = 0.0
        """When it last joined or watched a table (``time.time()``: front ends on several
        machines compare it)."""
        """How many log steps the client holds that are still true."""
        self.closed = False
        self.said: deque[float] = deque(maxlen=CHAT_BURST)
        """When (on the owner's clock) its latest chat lines were said."""
        self.ticket = ""
        """The ticket it said ``hello`` with (how the SSH server names its session here)."""
        self.lobby_shown: list[dict[str, Any]] | None = None
        """The table list this connection was last sent (pushes send only a changed one)."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client that lets too much pile up is closed."""
        if self.closed:
            return
        self.writer.write(encode(message))
        if self.writer.transport.get_write_buffer_size() > MAX_BUFFERED:
            log.warning("client %s dropped: it does not read its messages", self.name)
            self.close()

    def close(self) -> None:
        """Close the connection (idempotent)."""
        if not self.closed:
            self.closed = True
            self.writer.close()

    def update(self, turn_left: float | None = None) -> dict[str, Any]:
        """The ``update`` message for this client's seat view now; ``turn_left``: the seconds
        left for the pending decision (``None``: no time limit runs)."""
        view = self.view
        assert view is not None
        length = view.length
        since = min(self.log_valid, length)
        self.log_valid = length
        return {
            "type": "update",
            "version": view.version,
            "length": length,
            "view": view.game.to_dict(view.view()),
            "log_since": since,
            "steps": [step_dict(step) for step in view.log(since)],
            "scores": scores_dict(view.scores()),
            "outcome": outcome_dict(view.outcome()),
            "secrets": view.has_secrets(),
            "undo_refusal": view.undo_refusal(),
            "turn_left": turn_left,
        }


Handler = Callable[
    ["TableOwner", Session, dict[str, Any]], dict[str, Any] | Awaitable[dict[str, Any]]
]
"""A request's handler: the reply, or (for a request that changes a file) a coroutine that
answers once the change is on disk."""


# --- the owner ----------------------------------------------------------------------------------


class TableOwner:
    """Hosts tables and serves them over a Unix socket (see the module docstring).

    ``folder`` is where tables are saved and restored from (a
    :class:`~gardens_tui.server.store.file_tables.FileTableStore`); ``store`` is any other
    :class:`~gardens_tui.server.store.tables.TableStore` (PostgreSQL); with neither, nothing is
    saved. ``schedule`` runs the tables' time limits (default: the running loop's ``call_later``);
    ``clock`` tells the seconds left of them, spaces chat lines and ages invitations (default:
    ``time.monotonic``). ``bot_delay`` is the bots' pause before each real choice (default
    :data:`BOT_STEP_DELAY`).
    """

    def __init__(
        self,
        folder: Path | None = None,
        *,
        store: TableStore | None = None,
        schedule: Schedule | None = None,
        clock: Clock | None = None,
        bot_delay: float = BOT_STEP_DELAY,
    ) -> None:
        if store is None and folder is not None:
            store = FileTableStore(folder)
        self.store = store
        """Where the tables are kept (``None``: nowhere; they end with the owner)."""
        self.bot_delay = bot_delay
        """Seconds a bot pauses before a step that is a real choice (0: none)."""
        self._schedule = schedule
        self._clock: Clock = clock or time.monotonic
        self._timers: dict[str, Timer] = {}
        self._deadlines: dict[str, float] = {}
        """Each table's running time limit: when (on :attr:`_clock`) it runs out."""
        self._timeouts: set[asyncio.Task[None]] = set()
        self.tables: dict[str, HostedTable] = {}
        self.sessions: set[Session] = set()
        self._tickets: dict[str, Holder] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._serving: set[asyncio.Task[Any]] = set()
        self._server: asyncio.AbstractServer | None = None
        self.socket_path: Path | None = None
        """Where it listens, once started."""
        self.muted: set[str] = set()
        """Identities whose chat lines nobody hears (set by the server's operator)."""
        self.motd = ""
        """The message of the day every lobby shows (empty: none)."""
        self.invites = InviteBook()
        """The invitations made here (in memory: a restarted owner knows none)."""
        self.invite_base: str | None = None
        """Where browsers reach the web front end, e.g. ``http://127.0.0.1:8080``; an
        invitation's link is this and ``/invite/<token>`` (``None``: no web front end, and
        ``invite`` is refused)."""
        self._lobby_push: asyncio.TimerHandle | None = None
        self._saving: dict[str, asyncio.Future[None] | None] = {}
        """Each table's latest save, while it may still be on its way to disk."""
        self._pushed: dict[str, int] = {}
        """Each table's version last pushed to its connections."""
        self.following = None if store is None or not store.shared else StoreFollower(self, store)
        """What keeps the tables in step with a store other front ends change too."""

    # --- lifecycle ------------------------------------------------------------------------------

    def issue_ticket(self, identity: str, name: str) -> str:
        """A one-time ticket a client presents in ``hello`` to be ``identity`` (shown as
        ``name``)."""
        ticket = secrets.token_urlsafe(24)
        self._tickets[ticket] = Holder(identity, name)
        return ticket

    def revoke_ticket(self, ticket: str) -> None:
        """Forget ``ticket`` if it was not used."""
        self._tickets.pop(ticket, None)

    # --- the operator's words -------------------------------------------------------------------

    def session_of(self, ticket: str) -> Session | None:
        """The connection that said ``hello`` with ``ticket``, if it is open."""
        for session in self.sessions:
            if session.ticket == ticket and not session.closed:
                return session
        return None

    def place(self, ticket: str) -> tuple[str, str | None] | None:
        """Where the connection of ``ticket`` is: ``(table code, seat name or None when
        watching)``, or ``None`` in the lobby."""
        session = self.session_of(ticket)
        if session is None or session.hosted is None:
            return None
        seat = session.seat
        hosted = session.hosted
        return hosted.code, None if seat is None else hosted.table.seats[seat].name

    def notify(
        self, ticket: str, text: str, *, title: str = "Server", severity: str = "information"
    ) -> bool:
        """Show ``text`` (one line, ours or the operator's) to the connection of ``ticket``;
        False if it is not connected."""
        session = self.session_of(ticket)
        if session is None:
            return False
        session.send(_notice(title, text, severity))
        return True

    def broadcast(self, text: str, *, title: str = "Server") -> int:
        """Show ``text`` to every connection; how many there were."""
        message = _notice(title, text, "warning")
        sessions = [session for session in self.sessions if session.identity]
        for session in sessions:
            session.send(message)
        return len(sessions)

    def set_motd(self, text: str) -> None:
        """Make ``text`` the message of the day (empty: none) and show it in every lobby."""
        self.motd = printable(text)
        for session in list(self.sessions):
            if session.identity:
                session.send({"type": "motd", "text": self.motd})

    async def start(self, path: Path) -> None:
        """Read the tables from the store, listen on the Unix socket ``path`` (its folder
        should be private) and start the bots of restored tables."""
        if self.store is not None:
            heard = self.following.heard if self.following is not None else _ignore
            for hosted in await self.store.open(heard):
                self.host(hosted)
        self._server = await asyncio.start_unix_server(self._serve, path=str(path))
        self.socket_path = path
        if self.following is not None:
            self.following.start()
        for hosted in self.tables.values():
            self._kick(hosted)
            self._arm(hosted)

    async def stop(self) -> None:
        """Stop listening, close every connection and stop the bots."""
        if self._server is not None:
            self._server.close()
        for session in list(self.sessions):
            session.close()
        await asyncio.gather(*list(self._serving), return_exceptions=True)
        if self._lobby_push is not None:
            self._lobby_push.cancel()
            self._lobby_push = None
        if self.following is not None:
            await self.following.stop()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self._deadlines.clear()
        for hosted in self.tables.values():
            hosted.driver.cancel_thinking()  # or the bots' threads would hold the exit up
        for task in [*self._bot_tasks.values(), *self._timeouts]:
            task.cancel()
        for task in [*self._bot_tasks.values(), *self._timeouts]:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._server is not None:
            await self._server.wait_closed()
        if self.store is not None:
            await self.store.close()  # what waits is stored first

    # --- tables ---------------------------------------------------------------------------------

    def clock(self) -> float:
        """The owner's clock now (seconds; see the constructor's ``clock``)."""
        return self._clock()

    def may_host(self) -> bool:
        """Whether one more table fits (:data:`MAX_TABLES`)."""
        return len(self.tables) < MAX_TABLES

    def resume(self, hosted: HostedTable) -> None:
        """``hosted`` was read back from its store: arm its time limit, start its bots and
        send its connections the position."""
        self._arm(hosted)
        self._kick(hosted)
        self._push(hosted)

    def replace_at(
        self,
        hosted: HostedTable,
        seat: int,
        identity: str,
        keep: Session | None = None,
        *,
        before: float | None = None,
    ) -> None:
        """Close the connections (but ``keep``) sitting at ``seat`` of ``hosted`` (only those
        that sat down ``before``, a ``time.time()``, when given): its holder ``identity``
        joined it from elsewhere (another connection, or another front end)."""
        for other in list(self.sessions):
            if other is not keep and other.hosted is hosted and other.seat == seat:
                if other.identity != identity:
                    continue  # not the holder (the seats are read back separately)
                if before is not None and other.joined_at >= before:
                    continue  # it sat down here after the other front end's
                other.send({"type": "replaced", "reason": "you joined this seat from elsewhere"})
                self._leave(other)
                other.close()

    def unseat_strangers(self, hosted: HostedTable) -> None:
        """Close the connections sitting at a seat of ``hosted`` that another identity holds
        now (the seats were read back from the store)."""
        for session in list(self.sessions):
            seat = session.seat
            if session.hosted is not hosted or seat is None:
                continue
            holder = hosted.holders.get(seat)
            if holder is None or holder.identity != session.identity:
                session.send({"type": "replaced", "reason": "your seat was taken elsewhere"})
                self._leave(session)
                session.close()

    def host(self, hosted: HostedTable) -> None:
        """Host ``hosted`` (a table created here, restored, or created on another front
        end)."""
        self.tables[hosted.code] = hosted
        hosted.table.add_listener(lambda _table: self._changed(hosted))

    def _changed(self, hosted: HostedTable) -> None:
        kept = hosted.table.kept
        for session in self.sessions:  # their next update resends the log from there
            if session.hosted is hosted and session.log_valid > kept:
                session.log_valid = kept
        self.lobby_changed()
        self._arm(hosted)  # first: the updates say how long the next decision has
        saved = hosted.save()
        self._saving[hosted.code] = saved
        if saved is None:
            self._push(hosted)
        else:  # the seats hear of it once it is stored (and before the mover's answer)
            saved.add_done_callback(lambda done: self._stored(hosted, done))
        self._kick(hosted)

    def _stored(self, hosted: HostedTable, done: asyncio.Future[None]) -> None:
        """A change of ``hosted`` reached its store (or not: another front end changed the
        table first, or the store is unreachable; then the table is read back from it)."""
        failed = None if done.cancelled() else done.exception()
        if isinstance(failed, (StaleTable, StoreUnavailable)) and self.following is not None:
            self.following.catch_up(hosted, failed=True)
        else:
            self._push(hosted)

    def _push(self, hosted: HostedTable) -> None:
        """Send every connection at ``hosted`` its update (once per version of the table)."""
        version = hosted.table.version
        if self._pushed.get(hosted.code) == version:
            return
        self._pushed[hosted.code] = version
        for session in list(self.sessions):
            if session.hosted is hosted and session.view is not None:
                session.send(session.update(self.turn_left(hosted)))

    async def durable(self, *saves: asyncio.Future[None] | None) -> None:
        """Wait until ``saves`` (what :meth:`HostedTable.save` and
        :meth:`HostedTable.save_holders` returned) are on disk; a failed one was logged
        where it failed, and the game goes on."""
        for saved in saves:
            if saved is not None:
                with contextlib.suppress(SaveError, OSError):
                    await asyncio.shield(saved)

    async def _table_stored(self, hosted: HostedTable | None, refusal: str) -> None:
        """Wait until the table's latest change is stored; ``IllegalAction`` saying
        ``refusal`` and why when it was not (another front end changed the table first, or the
        store cannot be reached: the table is then read back from the store)."""
        if hosted is not None:
            await self._settled(self._saving.get(hosted.code), refusal)

    async def _settled(self, saved: asyncio.Future[None] | None, refusal: str) -> None:
        """As :meth:`durable` for one change, but ``IllegalAction`` (``refusal`` and why) when
        another front end changed the table first or the store is unreachable."""
        if saved is None:
            return
        try:
            await asyncio.shield(saved)
        except StaleTable:
            raise IllegalAction(f"{refusal}: {STALE}") from None
        except StoreUnavailable:
            raise IllegalAction(f"{refusal}: {UNREACHABLE}") from None
        except (SaveError, OSError):
            pass  # logged where it failed; the game goes on (the file store's disk)

    async def _seats_stored(
        self, hosted: HostedTable, saves: list[asyncio.Future[None] | None], refusal: str
    ) -> None:
        """Wait until ``saves`` of ``hosted``'s seats are stored; ``ValueError`` saying
        ``refusal`` and why when one was not (the seats are then read back from the store)."""
        for saved in saves:
            try:
                await self._settled(saved, refusal)
            except IllegalAction as exc:
                if self.following is not None:
                    self.following.catch_up(hosted, failed=True)
                if STALE in str(exc):
                    raise SeatsMoved(str(exc).replace(STALE, SEAT_TAKEN)) from None
                raise ValueError(str(exc)) from None

    def _check_in_step(self, hosted: HostedTable | None) -> None:
        """Refuse (``IllegalAction``) a change to a table that is being read back from its
        store (it is not known to be as stored)."""
        if hosted is not None and self._behind(hosted):
            raise IllegalAction(f"{NOT_PLAYED}: {CATCHING_UP}")

    def _behind(self, hosted: HostedTable) -> bool:
        """Whether ``hosted`` is being read back from its store (a change of this front end's
        was refused there): moves and bots wait."""
        return self.following is not None and hosted.code in self.following.behind

    def _kick(self, hosted: HostedTable) -> None:
        """Start the table's bots if one is to move, none is thinking and this front end
        leads the table."""
        running = self._bot_tasks.get(hosted.code)
        if hosted.driver.bot_to_move() is None or (running is not None and not running.done()):
            return
        if not self._leads(hosted):
            return
        self._bot_tasks[hosted.code] = asyncio.get_running_loop().create_task(self._bots(hosted))

    async def _bots(self, hosted: HostedTable) -> None:
        stand_in = False
        while (turn := hosted.driver.bot_turn(stand_in=stand_in)) is not None:
            if not self._leads(hosted) or self._behind(hosted):
                return  # another front end plays them, or this one catches up first
            pause = step_pause(turn, self.bot_delay)
            if pause > 0:
                await asyncio.sleep(pause)  # a change meanwhile: play() below drops the action
            try:
                action = await asyncio.to_thread(hosted.driver.choose, turn)
                # The host may have taken the seat back from its bot meanwhile, or another
                # front end may lead the table now (the loop's test then ends it).
                if hosted.driver.plays(turn.seat) and self._leads(hosted):
                    hosted.driver.play(turn.seat, action, turn.version)
                stand_in = False
            except BotError as exc:
                if stand_in:
                    log.error("table %s: %s; the table waits", hosted.code, exc)
                    return
                log.warning("table %s: %s; a stand-in plays", hosted.code, exc)
                stand_in = True

    # --- a store shared with other front ends ---------------------------------------------------

    def _leads(self, hosted: HostedTable) -> bool:
        """Whether this owner runs ``hosted``'s bots and time limits (always, unless its store
        is shared and another front end leads it)."""
        return self.store is None or self.store.leads(hosted.code)

    # --- time limits ----------------------------------------------------------------------------

    def _arm(self, hosted: HostedTable) -> None:
        """Start the time limit of the pending decision when a person's seat decides it (and
        the table has a limit); the previous one is cancelled."""
        timer = self._timers.pop(hosted.code, None)
        self._deadlines.pop(hosted.code, None)
        if timer is not None:
            timer.cancel()
        seconds = hosted.turn_seconds
        seat = hosted.table.state.current_player
        if seconds is None or seat is None or hosted.driver.plays(seat):
            return
        version = hosted.table.version
        self._deadlines[hosted.code] = self._clock() + seconds
        if self._leads(hosted):  # elsewhere the leading front end runs it; this one shows it
            schedule = self._schedule or asyncio.get_running_loop().call_later
            self._timers[hosted.code] = schedule(seconds, lambda: self.expire(hosted, version))

    def turn_left(self, hosted: HostedTable) -> float | None:
        """Seconds left for the pending decision of ``hosted`` (``None``: no limit runs; never
        below 0)."""
        deadline = self._deadlines.get(hosted.code)
        return None if deadline is None else max(0.0, round(deadline - self._clock(), 3))

    def expire(self, hosted: HostedTable, version: int) -> None:
        """The time limit of the decision pending at ``version`` ran out: the deciding person's
        seat passes if the decision may be passed, else a stand-in bot plays this one decision
        for it. Nothing happens if the table changed meanwhile."""
        table = hosted.table
        seat, decision = table.state.current_player, table.state.decision
        if (
            table.version != version
            or seat is None
            or decision is None
            or hosted.driver.plays(seat)
            or self.tables.get(hosted.code) is not hosted
        ):
            return
        self._timers.pop(hosted.code, None)
        self._deadlines.pop(hosted.code, None)
        log.info("table %s: %s's time ran out", hosted.code, table.seats[seat].name)
        if decision.optional and decision.pass_action is not None:
            with contextlib.suppress(IllegalAction):
                table.apply(decision.pass_action, seat=seat)
                return
        game = table.game
        turn = BotTurn(
            seat=seat,
            name=table.seats[seat].name,
            bot=hosted.driver.stand_in(seat),
            game=game,
            view=game.view(table.state, seat).copy(),
            decision=decision,
            version=version,
        )
        task = asyncio.get_running_loop().create_task(self._play_for(hosted, turn))
        self._timeouts.add(task)
        task.add_done_callback(self._timeouts.discard)

    async def _play_for(self, hosted: HostedTable, turn: BotTurn) -> None:
        """A stand-in plays ``turn`` for a person whose time ran out (unless they decided
        meanwhile)."""
        try:
            action = await asyncio.to_thread(hosted.driver.choose, turn)
            hosted.driver.play(turn.seat, action, turn.version)
        except BotError as exc:
            log.error("table %s: %s; the table waits", hosted.code, exc)

    def spectators(self, hosted: HostedTable) -> int:
        """How many connections watch ``hosted`` as spectators."""
        return sum(1 for s in self.sessions if s.hosted is hosted and s.seat is None)

    # --- connections ----------------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        session = Session(writer)
        self.sessions.add(session)
        task = asyncio.current_task()
        if task is not None:
            self._serving.add(task)
            task.add_done_callback(self._serving.discard)
        try:
            hello = await asyncio.wait_for(self._read(reader), HELLO_TIMEOUT)
            self._welcome(session, hello)
            while not session.closed:
                request = await self._read(reader)
                session.send(await self._answer(session, request))
                await writer.drain()
        except ProtocolError as exc:
            session.send({"type": "error", "reason": exc.reason})
        except TimeoutError:
            session.send({"type": "error", "reason": "no hello in time"})
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self._leave(session)
            self.sessions.discard(session)
            session.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    @staticmethod
    async def _read(reader: asyncio.StreamReader) -> dict[str, Any]:
        header = await reader.readexactly(HEADER.size)
        body = await reader.readexactly(frame_length(header, MAX_REQUEST_BYTES))
        return read_request(body)

    def _welcome(self, session: Session, hello: dict[str, Any]) -> None:
        if hello["type"] != "hello":
            raise ProtocolError("the first message must be hello")
        if hello["version"] != PROTOCOL_VERSION:
            raise ProtocolError(
                f"protocol version {hello['version']} is not spoken here (only {PROTOCOL_VERSION})"
            )
        holder = self._tickets.pop(hello["ticket"], None)
        if holder is None:
            raise ProtocolError("unknown ticket")
        session.identity, session.name = holder.identity, holder.name
        session.ticket = hello["ticket"]
        session.send(
            {
                "type": "welcome",
                "version": PROTOCOL_VERSION,
                "identity": holder.identity,
                "name": holder.name,
                "motd": self.motd,
            }
        )

    async def _answer(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        handler = self._handlers.get(request["type"])
        if handler is None:
            raise ProtocolError(f"{request['type']} is only allowed as the first message")
        try:
            answer = handler(self, session, request)
            reply = await answer if inspect.isawaitable(answer) else answer
        except (IllegalAction, ValueError) as exc:
            return {"type": "refused", "id": request["id"], "reason": str(exc)}
        reply["id"] = request["id"]
        return reply

    # --- requests -------------------------------------------------------------------------------

    def table_entries(self, session: Session) -> list[dict[str, Any]]:
        """The tables as the ``tables`` message lists them for ``session`` (its own seats
        marked)."""
        none = Holder("", "")
        at_tables: dict[str, list[int | None]] = {}
        for other in self.sessions:
            if other.hosted is not None:
                at_tables.setdefault(other.hosted.code, []).append(other.seat)  # None: watching
        tables = []
        now = self._clock()
        presence = self.following.presence if self.following is not None else None
        for code, hosted in sorted(self.tables.items()):
            table = hosted.table
            at_table = at_tables.get(code, [])
            elsewhere, watching_elsewhere = (
                (frozenset(), 0) if presence is None else presence.at(code, now)
            )
            present = {seat for seat in at_table if seat is not None} | elsewhere
            tables.append(
                {
                    "code": code,
                    "game": table.setup.game,
                    "title": table.game.spec.title,
                    "seats": [
                        {
                            "name": seat.name,
                            "bot": seat.bot,
                            "taken": i in hosted.holders,
                            "holder": hosted.holders[i].name if i in hosted.holders else None,
                            "away": i in hosted.holders and i not in present,
                            "yours": hosted.holders.get(i, none).identity == session.identity,
                            "stand_in": hosted.stand_ins.get(i),
                        }
                        for i, seat in enumerate(table.seats)
                    ],
                    "host": None if hosted.host is None else hosted.host.name,
                    "spectators": at_table.count(None) + watching_elsewhere,
                    "turn": table.state.turn,
                    "over": table.state.is_over,
                    "turn_seconds": hosted.turn_seconds,
                }
            )
        return tables

    def _list(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        tables = self.table_entries(session)
        session.lobby_shown = tables
        return {"type": "tables", "tables": tables}

    # --- the lobby's pushes ---------------------------------------------------------------------

    def lobby_changed(self) -> None:
        """Something the lobby lists changed: every connection in the lobby gets the new list
        within :data:`LOBBY_PUSH_DELAY` seconds (changes meanwhile go out together)."""
        if self._lobby_push is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop yet (tables restored at start): nobody to tell
            return
        self._lobby_push = loop.call_later(LOBBY_PUSH_DELAY, self.push_lobby)

    def push_lobby(self) -> None:
        """Send every connection in the lobby the table list now, if its list changed."""
        if self._lobby_push is not None:
            self._lobby_push.cancel()
        self._lobby_push = None
        for session in list(self.sessions):
            if not session.identity or session.hosted is not None or session.closed:
                continue
            tables = self.table_entries(session)
            if session.lobby_shown is None or _without_turns(tables) != _without_turns(
                session.lobby_shown
            ):
                session.lobby_shown = tables
                session.send({"type": "lobby", "tables": tables})

    async def _create(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        if len(self.tables) >= MAX_TABLES:
            raise ValueError("this server hosts as many tables as it may")
        spec = get_spec(request["game"])
        seats = [Seat(seat["name"], seat["bot"]) for seat in request["seats"]]
        spec.check_player_count(len(seats))
        check_seats(seats)
        options = spec.normalise_options(request["options"])
        seed = request["seed"]
        if seed is None:
            seed = secrets.randbelow(MAX_SEED + 1)
        elif not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}")
        get_game(spec.id)
        table = Table(Setup(spec.id, tuple(seats), options, seed))
        host = Holder(session.identity, session.name)
        hosted = HostedTable(
            new_code(self.tables),
            table,
            self.store,
            host=host,
            turn_seconds=request["turn_seconds"],
        )
        self.host(hosted)
        self.lobby_changed()
        saved = (hosted.save(), hosted.save_holders())
        if self.store is not None and self.store.shared:
            await self.store.lead(hosted.code)  # its creator's front end runs its bots
        self._kick(hosted)
        self._arm(hosted)
        try:
            await self._settled(saved[0], "the table was not created")
        except IllegalAction:
            del self.tables[hosted.code]  # a code another front end took at the same moment
            self.lobby_changed()
            raise
        await self.durable(saved[1])
        return {"type": "created", "code": hosted.code}

    def _find(self, code: str) -> HostedTable:
        key = normal_code(code)
        hosted = None if key is None else self.tables.get(key)
        if hosted is None:
            raise ValueError(f"there is no table {code[:20]!r}")
        return hosted

    async def _join(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        hosted = self._find(request["code"])
        for _ in range(SEAT_TRIES - 1):
            try:
                return await self._sit(session, hosted, request["seat"])
            except SeatsMoved:  # changed on another front end just now: look again
                if self.following is not None:
                    await self.following.caught_up(hosted)
        return await self._sit(session, hosted, request["seat"])

    async def _sit(self, session: Session, hosted: HostedTable, seat: int) -> dict[str, Any]:
        """Seat ``session`` at ``seat`` of ``hosted`` (``ValueError`` saying why not;
        :class:`SeatsMoved` when another front end changed the seats first)."""
        seats = hosted.table.seats
        if not 0 <= seat < len(seats):
            raise ValueError(f"there is no seat {seat} at this table")
        if seats[seat].is_bot:
            raise ValueError(f"{seats[seat].name} is played by a bot")
        holder = hosted.holders.get(seat)
        if holder is not None and holder.identity != session.identity:
            raise ValueError(f"{seats[seat].name}'s seat is taken by {holder.name}")
        held = hosted.seat_of(session.identity)
        if held is not None and held != seat:
            raise ValueError(f"you already sit at this table as {seats[held].name}")
        self._leave(session)
        self.replace_at(hosted, seat, session.identity, keep=session)
        saved = []
        if holder is None:
            hosted.holders[seat] = Holder(session.identity, session.name)
            saved.append(hosted.save_holders())
        if seat in hosted.stand_ins:
            saved.append(hosted.set_stand_in(seat, None))  # the person is back
            self._arm(hosted)
        # Stored before attaching: no update may come before "joined".
        await self._seats_stored(hosted, saved, f"you did not get {seats[seat].name}'s seat")
        reply = self._attach(session, hosted, seat)
        if self.following is not None:
            self.following.seated(hosted, seat, session.identity, session.joined_at)
        return reply

    async def _seat_bot(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        hosted = session.hosted
        if hosted is None:
            raise ValueError("join or watch the table first")
        if hosted.host is None or hosted.host.identity != session.identity:
            raise ValueError("only the table's host may give a seat to a bot")
        seat, level = request["seat"], request["bot"]
        seats = hosted.table.seats
        if not 0 <= seat < len(seats) or seats[seat].is_bot:
            raise ValueError(f"there is no person's seat {seat} at this table")
        if level is not None and any(s.hosted is hosted and s.seat == seat for s in self.sessions):
            raise ValueError(f"{seats[seat].name} is here: only an absent seat goes to a bot")
        saved = hosted.set_stand_in(seat, level)
        self.lobby_changed()
        self._kick(hosted)
        self._arm(hosted)
        await self._seats_stored(hosted, [saved], "the seat was not given to a bot")
        return {"type": "done", "ok": True}

    def _watch(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        hosted = self._find(request["code"])
        self._leave(session)
        return self._attach(session, hosted, None)

    def _attach(self, session: Session, hosted: HostedTable, seat: int | None) -> dict[str, Any]:
        self.lobby_changed()
        session.hosted, session.seat = hosted, seat
        self._announce(hosted.code)
        acts_for = () if seat is None else (seat,)
        session.view = LocalSeatView(hosted.table, acts_for, seat)
        session.log_valid = 0
        session.joined_at = time.time()
        return {
            "type": "joined",
            "code": hosted.code,
            "seat": seat,
            "setup": setup_dict(hosted.table.setup),
            "update": session.update(self.turn_left(hosted)),
        }

    def _leave(self, session: Session) -> None:
        hosted = session.hosted
        session.hosted = session.seat = session.view = None
        if hosted is not None:
            self.lobby_changed()
            self._announce(hosted.code)

    def _announce(self, code: str) -> None:
        """Tell the other front ends (if any) who is at table ``code`` here."""
        if self.following is not None:
            self.following.announce(code)

    def _leave_request(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        self._leave(session)
        return {"type": "done", "ok": True}

    def _seated_view(self, session: Session) -> LocalSeatView:
        if session.view is None:
            raise ValueError("join a table first")
        return session.view

    def _say(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        hosted = session.hosted
        if hosted is None:
            raise ValueError("join or watch a table first")
        text = printable(" ".join(request["text"].split()), newlines=False)
        if not text:
            raise ValueError("there is nothing to say")
        if session.identity in self.muted:
            raise ValueError("the server's operator has muted you: nobody hears your chat")
        now = self._clock()
        if len(session.said) == CHAT_BURST and now - session.said[0] < CHAT_WINDOW:
            raise ValueError(TOO_CHATTY)
        session.said.append(now)
        line = {"type": "chat", "name": session.name, "seat": session.seat, "text": text}
        for other in list(self.sessions):
            if other.hosted is hosted:
                other.send(line)
        if self.store is not None and self.store.shared:
            self.store.say(hosted.code, line)
        return {"type": "done", "ok": True}

    # --- invitations ----------------------------------------------------------------------------

    def _invite(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        if self.invite_base is None:
            raise ValueError(NO_WEB)
        hosted = self._find(request["code"])
        if hosted.table.state.is_over:
            raise ValueError(f"the game at table {hosted.code} is over")
        seats = hosted.table.seats
        if not any(not seat.is_bot and i not in hosted.holders for i, seat in enumerate(seats)):
            raise ValueError(f"table {hosted.code} has no free seat for a person")
        now = self._clock()
        invite = self.invites.create(hosted.code, session.identity, session.name, now)
        audit.info(
            "invite %s made: %s invites a browser player to table %s",
            short_token(invite.token),
            printable(session.name, newlines=False),
            hosted.code,
        )
        return {
            "type": "invited",
            "url": f"{self.invite_base.rstrip('/')}/invite/{invite.token}",
            "expires_in": invite.seconds_left(now),
        }

    def _invited_table(self, invite: Invite) -> HostedTable:
        """The table ``invite`` brings a guest to; :class:`InviteRefused` when it is gone or
        its game is over."""
        hosted = self.tables.get(invite.code)
        if hosted is None:
            raise InviteRefused(f"table {invite.code} is no longer on this server")
        if hosted.table.state.is_over:
            raise InviteRefused(f"the game at table {invite.code} is over")
        return hosted

    def peek_invite(self, token: str) -> Invite:
        """The live invitation of ``token``, not used by this (for the page that greets the
        guest: who invites them, to which table); :class:`InviteRefused` with a reason for
        people when it was used, expired or is unknown, or when its table is gone or over.
        Call it on the owner's loop."""
        invite = self.invites.peek(token, self._clock())
        self._invited_table(invite)
        return invite

    def redeem_invite(self, token: str, *, guest: str = "") -> Invite:
        """Use the invitation of ``token`` (it works once; ``guest``: the name the guest chose,
        for the audit trail): refused as :meth:`peek_invite` refuses. The guest then sits at
        the invitation's table if a seat for a person is still free (the lobby app started
        with ``GARDENS_SERVER_JOIN``), else watches it. Call it on the owner's loop."""
        self.peek_invite(token)
        invite = self.invites.redeem(token, self._clock())
        audit.info(
            "invite %s used: %s comes to table %s on %s's invitation",
            short_token(invite.token),
            printable(guest, newlines=False) if guest else "a browser player",
            invite.code,
            printable(invite.name, newlines=False),
        )
        return invite

    # --- playing --------------------------------------------------------------------------------

    async def _act(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        view = self._seated_view(session)
        if session.seat is None:
            raise IllegalAction("a spectator cannot play")
        hosted = session.hosted
        self._check_in_step(hosted)
        view.apply_text(request["notation"])
        await self._table_stored(hosted, NOT_PLAYED)  # answered once the move is stored
        return {"type": "done", "ok": True}

    async def _undo(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        view = self._seated_view(session)
        hosted = session.hosted
        self._check_in_step(hosted)
        undone = session.seat is not None and view.undo()
        if undone:
            await self._table_stored(hosted, "your undo was not stored")
        return {"type": "done", "ok": undone}

    def _view_at(self, session: Session, request: dict[str, Any]) -> dict[str, Any]:
        view = self._seated_view(session)
        index = request["index"]
        if not 0 <= index <= view.length:
            raise ValueError(f"there is no position {index} (0 to {view.length})")
        return {"type": "position", "index": index, "view": view.game.to_dict(view.view_at(index))}

    _handlers: dict[str, Handler] = {
        "list": _list,
        "create": _create,
        "join": _join,
        "watch": _watch,
        "act": _act,
        "undo": _undo,
        "view_at": _view_at,
        "leave": _leave_request,
        "seat_bot": _seat_bot,
        "say": _say,
        "invite": _invite,
    }
