"""A seat view of a table held by the table owner, in another process.

:class:`RemoteSeatView` implements :class:`~gardens_tui.seats.SeatView` over an
:class:`~gardens_tui.server.lobby.client.OwnerConnection`. It keeps the owner's latest ``update``
(the seat's view, its redacted log, scores, outcome, undo refusal) and answers every reading
method from it, at once and without the network; only :meth:`~RemoteSeatView.apply`,
:meth:`~RemoteSeatView.apply_text`, :meth:`~RemoteSeatView.undo` and
:meth:`~RemoteSeatView.view_at` of an earlier position ask the owner (a blocking round trip).

When the table has a time limit, :meth:`~RemoteSeatView.seconds_left` counts down the pending
decision's time from the owner's ``turn_left`` (measured on this process's steady clock from
the moment the update arrived: the owner's clock is never compared with this one).

Chat lines said at the table arrive the same way: :meth:`~RemoteSeatView.say` sends one,
:attr:`~RemoteSeatView.chat` keeps the latest and chat listeners hear each one.

Everything it holds is what the owner's seat view for this seat worked out: it never sees more
than :meth:`Game.view(state, seat) <gardens_tui.rules.base.Game.view>`. Legal actions are
worked out here, on the seat's own view (which is how the owner works them out too).

Threads: updates arrive on the connection's reader thread, which stores each as the *latest*
snapshot and asks ``dispatch`` to *show* it: the reading methods answer from the shown
snapshot, which changes only on the thread ``dispatch`` runs calls on (just before the
listeners hear of it) and on the thread that called :meth:`apply` or :meth:`undo` (once the
owner has replied). So a screen that reads the view several times while it redraws always reads
one position, even while the next update is arriving. ``dispatch`` must not wait for the thread
that calls :meth:`apply` (that thread waits for the owner's reply, which comes after the
update): an app passes something like ``loop.call_soon_threadsafe``; the default runs the calls
on the reader thread. The owner sends the update a change causes before the reply, so when
:meth:`apply` returns, :meth:`view` already shows its result.

Pure Python: no UI, no asyncssh.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gardens_tui.rules.base import (
    Action,
    Decision,
    Game,
    GameState,
    IllegalAction,
    Outcome,
    Scores,
    TeamScore,
)
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.safe_text import MAX_ACTION_TEXT
from gardens_tui.seats import LogStep, SeatListener
from gardens_tui.server.lobby.protocol import MAX_TEXT as MAX_CHAT_TEXT
from gardens_tui.table import Seat, Setup

if TYPE_CHECKING:
    from gardens_tui.server.lobby.client import OwnerConnection

KEPT_POSITIONS = 8
"""How many of the positions this seat saw before (one per snapshot shown) it keeps, so that
the marks of the last moves need not ask the owner for them."""

MAX_CHAT_LINES = 100
"""Chat lines a seat view keeps (the oldest are dropped)."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One chat line at the table: who said it (their name; ``seat`` ``None`` for a
    spectator) and what (one line, unsafe characters already escaped by the owner)."""

    name: str
    seat: int | None
    text: str


ChatListener = Callable[[ChatLine], None]

Dispatch = Callable[[Callable[[], None]], None]
"""Runs a listener call somewhere (see the module docstring); it must not block."""


def call_now(call: Callable[[], None]) -> None:
    """The default :data:`Dispatch`: call at once, on the reader thread."""
    call()


def read_setup(data: Mapping[str, Any]) -> Setup:
    """A ``joined`` message's setup."""
    seats = tuple(Seat(str(seat["name"]), seat["bot"]) for seat in data["seats"])
    return Setup(str(data["game"]), seats, dict(data["options"]), int(data["seed"]))


def read_scores(data: Mapping[str, Any]) -> Scores:
    """An ``update`` message's scores."""
    return Scores(
        categories=tuple(data["categories"]),
        table=tuple(tuple(row) for row in data["table"]),
        final=bool(data["final"]),
        teams=tuple(
            TeamScore(str(team["name"]), tuple(team["seats"]), int(team["points"]))
            for team in data["teams"]
        ),
        notes=tuple(data["notes"]),
    )


def read_outcome(data: Mapping[str, Any] | None) -> Outcome | None:
    """An ``update`` message's outcome."""
    if data is None:
        return None
    return Outcome(tuple(data["winners"]), data["tiebreak"])


def read_step(data: Mapping[str, Any]) -> LogStep:
    """One log step of an ``update`` message."""
    return LogStep(
        index=int(data["index"]),
        turn=int(data["turn"]),
        seat=data["seat"],
        lines=tuple(str(line) for line in data["lines"]),
        notation=data["notation"],
    )


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """Everything one ``update`` said (replaced whole by the next)."""

    version: int
    length: int
    view: GameState
    steps: tuple[LogStep, ...]
    scores: Scores
    outcome: Outcome | None
    secrets: bool
    undo_refusal: str | None
    turn_left: float | None
    """The owner's seconds left for the pending decision (``None``: no limit runs)."""
    received: float
    """When the update arrived, on the seat view's clock."""
    log_since: int
    """The update's ``log_since``: earlier positions after it may have changed (an undo)."""


class RemoteSeatView:
    """A :class:`~gardens_tui.seats.SeatView` on a table the owner holds (module docstring).

    Made by :meth:`OwnerConnection.join <gardens_tui.server.lobby.client.OwnerConnection.join>`
    (a seat: it acts for that seat only) or
    :meth:`~gardens_tui.server.lobby.client.OwnerConnection.watch` (a spectator: it acts for
    nobody). ``clock`` is a steady clock in seconds (default
    ``time.monotonic``; the tests pass their own).
    """

    def __init__(
        self,
        connection: OwnerConnection,
        joined: Mapping[str, Any],
        dispatch: Dispatch,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._connection = connection
        self._clock = clock
        self.code: str = str(joined["code"])
        seat = joined["seat"]
        self._seat: int | None = None if seat is None else int(seat)
        self._setup = read_setup(joined["setup"])
        self._game: Game[Any] = get_game(self._setup.game)
        self._dispatch = dispatch
        self._listeners: list[SeatListener] = []
        self._positions: dict[int, GameState] = {}
        self._kept: deque[int] = deque()
        """Positions kept from earlier snapshots, oldest first (at most
        :data:`KEPT_POSITIONS`; positions asked of the owner are kept apart from these)."""
        self.ended: str | None = None
        """Why the connection ended (``None`` while it is open)."""
        self.chat: list[ChatLine] = []
        """The latest chat lines at the table, oldest first."""
        self._chat_listeners: list[ChatListener] = []
        self._snap = self._read(joined["update"], ())
        self._latest = self._snap
        self._unshown_since: int | None = None
        self._lock = threading.Lock()

    # --- updates (reader thread) ----------------------------------------------------------------

    def _read(self, data: Mapping[str, Any], old: tuple[LogStep, ...]) -> _Snapshot:
        since = int(data["log_since"])
        left = data.get("turn_left")
        steps = tuple(step for step in old if step.index <= since)
        steps += tuple(read_step(step) for step in data["steps"])
        return _Snapshot(
            version=int(data["version"]),
            length=int(data["length"]),
            view=self._game.from_dict(data["view"]),
            steps=steps,
            scores=read_scores(data["scores"]),
            outcome=read_outcome(data["outcome"]),
            secrets=bool(data["secrets"]),
            undo_refusal=data["undo_refusal"],
            turn_left=float(left) if isinstance(left, (int, float)) else None,
            received=self._clock(),
            log_since=since,
        )

    def receive(self, update: Mapping[str, Any]) -> None:
        """Store an ``update`` from the owner as the latest snapshot and have ``dispatch`` show
        it and tell the listeners."""
        with self._lock:
            latest = self._latest = self._read(update, self._latest.steps)
            since = self._unshown_since
            self._unshown_since = (
                latest.log_since if since is None else min(since, latest.log_since)
            )
        self._notify()

    def _show_latest(self) -> None:
        """Answer from the latest snapshot from now on (on the reading thread). Positions kept
        from after the earliest ``log_since`` of the updates not shown yet are dropped: the
        owner sent their steps again, so an undo may have changed them."""
        with self._lock:
            latest, since = self._latest, self._unshown_since
            self._unshown_since = None
        if since is not None:
            self._positions = {i: s for i, s in self._positions.items() if i <= since}
        previous = self._snap
        if previous.length < latest.length and (since is None or previous.length <= since):
            # The position shown until now is a position of the history still: keep it, so
            # that marking the last move (view_at(length - 1)) needs no round trip to the owner.
            self._positions[previous.length] = previous.view
            self._kept.append(previous.length)
            while len(self._kept) > KEPT_POSITIONS:
                self._positions.pop(self._kept.popleft(), None)
        self._snap = latest

    def receive_chat(self, message: Mapping[str, Any]) -> None:
        """Store a ``chat`` push and tell the chat listeners (through ``dispatch``)."""
        seat = message.get("seat")
        line = ChatLine(
            str(message.get("name", "")),
            seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
            str(message.get("text", "")),
        )
        self.chat = [*self.chat[-(MAX_CHAT_LINES - 1) :], line]
        for listener in list(self._chat_listeners):
            self._dispatch(lambda listener=listener: listener(line))  # type: ignore[misc]

    def say(self, text: str) -> None:
        """Say ``text`` to everyone at the table; :class:`IllegalAction` with the reason if
        the owner refuses it (nothing to say, or the connection is lost)."""
        self._ask({"type": "say", "text": text[:MAX_CHAT_TEXT]})

    def add_chat_listener(self, listener: ChatListener) -> None:
        """Call ``listener(line)`` (through ``dispatch``) for every chat line that arrives."""
        self._chat_listeners.append(listener)

    def remove_chat_listener(self, listener: ChatListener) -> None:
        """Stop calling ``listener`` for chat lines."""
        if listener in self._chat_listeners:
            self._chat_listeners.remove(listener)

    def connection_ended(self, reason: str) -> None:
        """The connection is gone: remember why and tell the listeners (nothing more comes)."""
        self.ended = reason
        self._notify()

    def _notify(self) -> None:
        self._dispatch(self._publish)

    def _publish(self) -> None:
        self._show_latest()
        for listener in list(self._listeners):
            listener(self)

    # --- who ------------------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The game's rules."""
        return self._game

    @property
    def setup(self) -> Setup:
        """The table's public setup."""
        return self._setup

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in turn order."""
        return self._setup.seats

    @property
    def seat(self) -> int | None:
        """The seat this view plays (``None``: a spectator)."""
        return self._seat

    @property
    def acts_for(self) -> frozenset[int]:
        """The seats this view may decide for: its own, or none."""
        return frozenset(() if self._seat is None else (self._seat,))

    @property
    def viewer(self) -> int | None:
        """Whose eyes the views are drawn for: this view's seat."""
        return self._seat

    @property
    def version(self) -> int:
        """The table's change counter as of the latest update."""
        return self._snap.version

    # --- reading --------------------------------------------------------------------------------

    def view(self) -> GameState:
        """The current position as this seat may see it."""
        return self._snap.view

    def decision(self) -> Decision | None:
        """The pending decision (public)."""
        return self._snap.view.decision

    def may_act(self) -> bool:
        """The pending decision is this seat's and the connection is open."""
        decision = self._snap.view.decision
        return (
            self.ended is None
            and decision is not None
            and self._seat is not None
            and decision.seat == self._seat
        )

    def legal_actions(self) -> list[Action]:
        """The legal actions on this seat's view when it may act, else ``[]``."""
        if not self.may_act():
            return []
        return self._game.legal_actions(self._snap.view)

    @property
    def length(self) -> int:
        """How many decisions have been made."""
        return self._snap.length

    def view_at(self, index: int) -> GameState:
        """Position ``index`` as this seat may see it (earlier ones are asked of the owner once,
        and kept until an undo takes them back). ``IndexError`` outside ``0..length``."""
        snap = self._snap
        if index == snap.length:
            return snap.view
        if not 0 <= index < snap.length:
            raise IndexError(f"there is no position {index}")
        if index not in self._positions:
            reply = self._ask({"type": "view_at", "index": index})
            self._positions[index] = self._game.from_dict(reply["view"])
        return self._positions[index]

    def log(self, since: int = 0) -> list[LogStep]:
        """The steps after position ``since``, as the owner redacted them for this seat."""
        return [step for step in self._snap.steps if step.index > since]

    def scores(self) -> Scores:
        """The scores as this seat may see them (all of them once the game is over)."""
        return self._snap.scores

    def outcome(self) -> Outcome | None:
        """Who won, once the game is over."""
        return self._snap.outcome

    def has_secrets(self) -> bool:
        """Whether some seat holds something only it may see."""
        return self._snap.secrets

    def seconds_left(self) -> float | None:
        """Seconds left before the table's time limit for the pending decision runs out (0 once
        it has: the owner then passes or plays for the seat); ``None`` when no limit runs."""
        snap = self._snap
        if snap.turn_left is None or snap.view.decision is None:
            return None
        return max(0.0, snap.turn_left - (self._clock() - snap.received))

    # --- acting ---------------------------------------------------------------------------------

    def _ask(self, message: Mapping[str, Any]) -> dict[str, Any]:
        from gardens_tui.server.lobby.client import ConnectionLost, Refused

        try:
            return self._connection.request(message)
        except Refused as exc:
            raise IllegalAction(str(exc)) from None
        except ConnectionLost as exc:
            raise IllegalAction(f"the connection to the table is lost: {exc.reason}") from None

    def apply(self, action: Action) -> None:
        """Play ``action`` as this seat; :class:`IllegalAction` with the reason if this seat
        may not act now or the owner refuses it."""
        self.apply_text(self._game.format_action(action))

    def apply_text(self, text: str) -> None:
        """Play ``text`` (the game's notation) as this seat, read by the owner on this seat's
        view; :class:`IllegalAction` with the reason when refused."""
        decision = self._snap.view.decision
        if decision is None:
            raise IllegalAction("the game is over")
        if not self.may_act():
            name = self.seats[decision.seat].name
            raise IllegalAction(f"it is {name}'s decision, not yours")
        if len(text) > MAX_ACTION_TEXT:
            raise IllegalAction(f"an action is at most {MAX_ACTION_TEXT} characters")
        self._ask({"type": "act", "notation": text})
        self._show_latest()

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take a decision back."""
        return self.undo_refusal() is None

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would do nothing now (``None``: it would take one back)."""
        if self.ended is not None:
            return "the connection to the table is lost"
        return self._snap.undo_refusal

    def undo(self) -> bool:
        """Ask the owner to take back this seat's latest decision; True if it did."""
        if not self.can_undo():
            return False
        try:
            done = bool(self._ask({"type": "undo"})["ok"])
        except IllegalAction:
            return False
        self._show_latest()
        return done

    # --- listening ------------------------------------------------------------------------------

    def add_listener(self, listener: SeatListener) -> None:
        """Call ``listener(self)`` (through ``dispatch``) after every update."""
        self._listeners.append(listener)

    def remove_listener(self, listener: SeatListener) -> None:
        """Stop calling ``listener``."""
        if listener in self._listeners:
            self._listeners.remove(listener)
