"""What a seat at a table may see and do: the one interface screens (and later remote players) use.

A screen never reads :attr:`Table.state <gardens_tui.table.Table.state>` or the table's history:
it talks to a :class:`SeatView`. Everything it hands out is derived from
:meth:`Game.view(state, viewer) <gardens_tui.rules.base.Game.view>`: the position, the log lines,
the scores, the legal actions. :class:`LocalSeatView` serves a table in this process (the hot-seat
app, the tests); a remote table over SSH implements the same protocol.

Who looks and who acts are separate:

- :attr:`SeatView.viewer` is whose eyes the view is drawn for (``None``: a spectator, public
  information only).
- :meth:`SeatView.may_act` says whether this seat view may decide now. A networked seat acts only
  for its own seat; the local hot-seat app acts for whichever human seat decides (and moves its
  :attr:`viewer` there once the curtain is lifted).

The protocol holds no UI types and hands out rules values (states, decisions, scores) and
JSON-friendly ones (numbers, strings, :class:`LogStep`), so a remote table can implement it by
sending views (``game.to_dict(view)``) and log steps over the wire. Bots and autosave are not
part of it: the table's owner drives them (:mod:`gardens_tui.driver`).

This module is pure Python: it imports the rules and the table, never the UI.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from gardens_tui.rules.base import Action, Decision, Game, GameState, IllegalAction, Outcome, Scores
from gardens_tui.table import Seat, Setup, Table


@dataclass(frozen=True, slots=True)
class LogStep:
    """What one decision did, as the viewer may read it.

    ``index`` is the position the step led to (1 for the first decision); ``turn`` is the turn the
    decision was made in and ``seat`` who made it; ``lines`` are that position's events as
    redacted for the viewer (possibly none). ``notation`` is the action in the game's notation
    when the viewer may read it (it made the decision itself), else ``None``: an action may name
    a secret ("discard the 5"), so others read only the events.
    """

    index: int
    turn: int
    seat: int | None
    lines: tuple[str, ...]
    notation: str | None = None


SeatListener = Callable[["SeatView"], None]


class SeatView(Protocol):
    """One seat's window on a table (or a spectator's). See the module docstring."""

    @property
    def game(self) -> Game[Any]:
        """The game's rules (stateless: safe to call on views)."""
        ...

    @property
    def setup(self) -> Setup:
        """The public setup: game id, seats (names and bot levels), options, seed."""
        ...

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in turn order."""
        ...

    @property
    def acts_for(self) -> frozenset[int]:
        """The seats this view may decide for (one for a networked seat, every human seat for
        the hot-seat app, none for a spectator)."""
        ...

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes :meth:`view` is drawn for (``None``: a spectator)."""
        ...

    @property
    def version(self) -> int:
        """A number that changes with every change to the table (a decision, an undo): what was
        worked out at one version is stale at another."""
        ...

    def view(self) -> GameState:
        """The current position as :attr:`viewer` may see it. Treat it as read-only."""
        ...

    def decision(self) -> Decision | None:
        """The pending decision (public: who, what, the prompt), ``None`` once the game is over."""
        ...

    def may_act(self) -> bool:
        """Whether this seat view may decide the pending decision now."""
        ...

    def legal_actions(self) -> list[Action]:
        """The legal actions of the pending decision when :meth:`may_act`, else ``[]``."""
        ...

    def apply(self, action: Action) -> None:
        """Play ``action`` as the deciding seat. :class:`IllegalAction` (and no change) if it is
        not legal, or if this seat view may not act now."""
        ...

    def apply_text(self, text: str) -> None:
        """Read ``text`` in the game's notation and :meth:`apply` it."""
        ...

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take a decision back for the seat that may act."""
        ...

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would do nothing now, in words for the player ("nothing to undo
        yet", "the game is over", "Bob made the last decision, not you" …), or ``None`` when
        :meth:`can_undo`."""
        ...

    def undo(self) -> bool:
        """Take back the latest decision if the table allows it; True if it did."""
        ...

    @property
    def length(self) -> int:
        """How many decisions have been made (positions are numbered ``0..length``)."""
        ...

    def view_at(self, index: int) -> GameState:
        """Position ``index`` (``0..length``) as :attr:`viewer` may see it."""
        ...

    def log(self, since: int = 0) -> list[LogStep]:
        """The steps after position ``since``, redacted for :attr:`viewer`: "events since you
        last looked" is ``log(last_length)``."""
        ...

    def scores(self) -> Scores:
        """The score table as :attr:`viewer` may see it (everything once the game is over)."""
        ...

    def outcome(self) -> Outcome | None:
        """Who won, once the game is over; ``None`` before."""
        ...

    def has_secrets(self) -> bool:
        """Whether some seat now holds something only it may see (a hand, a hidden token): what
        decides that hot-seat play needs a curtain between two people."""
        ...

    def add_listener(self, listener: SeatListener) -> None:
        """Call ``listener(seat_view)`` after every change to the table."""
        ...

    def remove_listener(self, listener: SeatListener) -> None:
        """Stop calling ``listener`` (no error if it was not added)."""
        ...


class LocalSeatView:
    """A :class:`SeatView` on a :class:`~gardens_tui.table.Table` in this process.

    ``acts_for`` are the seats it may decide for: one seat for a player at their own terminal,
    every human seat for the hot-seat app, none for a spectator. ``viewer`` starts at
    ``viewer`` and may be moved with :meth:`look_as` (the hot-seat curtain does this).
    """

    def __init__(
        self, table: Table, acts_for: Iterable[int] = (), viewer: int | None = None
    ) -> None:
        self._table = table
        self._acts_for = frozenset(acts_for)
        self._viewer = viewer
        self._listeners: list[SeatListener] = []
        self._cache: tuple[GameState, int | None, GameState] | None = None
        self._legal: tuple[GameState, list[Action]] | None = None
        self._scores: tuple[GameState, int | None, Scores] | None = None
        self._steps: dict[int, tuple[GameState, int | None, LogStep]] = {}

    # --- who ------------------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The game's rules."""
        return self._table.game

    @property
    def setup(self) -> Setup:
        """The table's setup."""
        return self._table.setup

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in turn order."""
        return self._table.seats

    @property
    def acts_for(self) -> frozenset[int]:
        """The seats this view may decide for."""
        return self._acts_for

    @property
    def viewer(self) -> int | None:
        """Whose eyes the view is drawn for."""
        return self._viewer

    @property
    def version(self) -> int:
        """The table's change counter (:attr:`Table.version <gardens_tui.table.Table.version>`)."""
        return self._table.version

    def look_as(self, viewer: int | None) -> None:
        """Draw the views for ``viewer`` from now on (``None``: public information only)."""
        self._viewer = viewer

    # --- reading --------------------------------------------------------------------------------

    def view(self) -> GameState:
        """The current position as :attr:`viewer` may see it (cached until the table changes)."""
        state = self._table.state
        cache = self._cache
        if cache is not None and cache[0] is state and cache[1] == self._viewer:
            return cache[2]
        view: GameState = self.game.view(state, self._viewer)
        self._cache = (state, self._viewer, view)
        return view

    def decision(self) -> Decision | None:
        """The pending decision (public by the rules contract)."""
        return self._table.state.decision

    def may_act(self) -> bool:
        """The pending decision belongs to a seat this view acts for."""
        seat = self._table.state.current_player
        return seat is not None and seat in self._acts_for

    def legal_actions(self) -> list[Action]:
        """The deciding seat's legal actions, worked out on that seat's view (cached until the
        table changes; a new list every call)."""
        if not self.may_act():
            return []
        state = self._table.state
        if self._legal is None or self._legal[0] is not state:
            actions = self.game.legal_actions(self.game.view(state, state.current_player))
            self._legal = (state, actions)
        return list(self._legal[1])

    @property
    def length(self) -> int:
        """How many decisions have been made."""
        return len(self._table.actions)

    def view_at(self, index: int) -> GameState:
        """Position ``index`` as :attr:`viewer` may see it."""
        if index == len(self._table.states) - 1:
            return self.view()
        view: GameState = self.game.view(self._table.states[index], self._viewer)
        return view

    def log(self, since: int = 0) -> list[LogStep]:
        """The steps after position ``since``, each position's events redacted for the viewer.

        Each step is worked out once per position and viewer (a long game's log costs a lookup
        per step, not a view)."""
        states = self._table.states
        steps = []
        for index in range(max(since, 0) + 1, len(states)):
            after = states[index]
            cached = self._steps.get(index)
            if cached is None or cached[0] is not after or cached[1] != self._viewer:
                cached = (after, self._viewer, self._step(index))
                self._steps[index] = cached
            steps.append(cached[2])
        for index in [i for i in self._steps if i >= len(states)]:
            del self._steps[index]  # taken back
        return steps

    def _step(self, index: int) -> LogStep:
        before, after = self._table.states[index - 1], self._table.states[index]
        seat = before.current_player
        # Only a state with private lines needs a view to read its events.
        lines = self.game.view(after, self._viewer).events if after.private_events else None
        notation = None
        if seat is not None and seat == self._viewer:
            notation = self.game.format_action(self._table.actions[index - 1])
        return LogStep(index, before.turn, seat, tuple(lines or after.events), notation)

    def scores(self) -> Scores:
        """The scores of the viewer's view (of the full position once the game is over; cached
        until the table changes or the viewer moves)."""
        state = self._table.state
        cache = self._scores
        if cache is None or cache[0] is not state or cache[1] != self._viewer:
            scores = self.game.scores(state if state.is_over else self.view())
            cache = self._scores = (state, self._viewer, scores)
        return cache[2]

    def outcome(self) -> Outcome | None:
        """The game's outcome once it is over."""
        state = self._table.state
        return self.game.winners(state) if state.is_over else None

    def has_secrets(self) -> bool:
        """Whether ``game.secrets`` is non-empty for some seat of the current position."""
        state = self._table.state
        return any(self.game.secrets(state, seat) for seat in range(len(self._table.seats)))

    # --- acting ---------------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` as the deciding seat, if this view acts for it."""
        seat = self._table.state.current_player
        if seat is None:
            raise IllegalAction("the game is over")
        if seat not in self._acts_for:
            raise IllegalAction(f"it is {self._table.seats[seat].name}'s decision, not yours")
        self._table.apply(action, seat=seat)

    def apply_text(self, text: str) -> None:
        """Read ``text`` in the game's notation (on the deciding seat's view) and apply it."""
        seat = self._table.state.current_player
        state = self._table.state if seat is None else self.game.view(self._table.state, seat)
        self.apply(self.game.read_action(state, text))

    def can_undo(self) -> bool:
        """Whether the table would undo the latest decision for the seat to move."""
        return self.undo_refusal() is None

    def _undo_seat(self) -> int | None:
        """The seat undo acts for: the seat to move; or, while a bot is to move, the seat
        that made the latest decision if this view acts for it (the bot has not acted on it
        yet: see :meth:`Table.undo_steps <gardens_tui.table.Table.undo_steps>`)."""
        table = self._table
        seat = table.state.current_player
        if seat is None or seat in self._acts_for or not table.seats[seat].is_bot:
            return seat
        if len(table.states) < 2:
            return seat
        last = table.states[-2].current_player
        return last if last in self._acts_for else seat

    def undo_refusal(self) -> str | None:
        """Why the table would not undo for this view (``None``: it would), for the seat to
        move or, while a bot is about to decide, for the seat this view acts for that made the
        latest decision. A seat this view does not act for is refused: "it is Bob's decision,
        not yours", or for a bot "Cleo (bot) is deciding now"."""
        table = self._table
        seat = self._undo_seat()
        if seat is not None and seat not in self._acts_for:
            if table.seats[seat].is_bot:
                return f"{table.seats[seat].name} (bot) is deciding now"
            return f"it is {table.seats[seat].name}'s decision, not yours"
        return table.undo_refusal(seat)

    def undo(self) -> bool:
        """Take back the latest decision if :meth:`can_undo`."""
        return self.can_undo() and self._table.undo(self._undo_seat())

    # --- listening ------------------------------------------------------------------------------

    def add_listener(self, listener: SeatListener) -> None:
        """Call ``listener(self)`` after every change to the table."""
        if not self._listeners:
            self._table.add_listener(self._table_changed)
        self._listeners.append(listener)

    def remove_listener(self, listener: SeatListener) -> None:
        """Stop calling ``listener``."""
        if listener in self._listeners:
            self._listeners.remove(listener)
            if not self._listeners:
                self._table.remove_listener(self._table_changed)

    def _table_changed(self, _: Table) -> None:
        for listener in list(self._listeners):
            listener(self)


def hot_seat(table: Table) -> LocalSeatView:
    """The seat view of the local app: it acts for every human seat and starts as a spectator."""
    humans = [i for i, seat in enumerate(table.seats) if not seat.is_bot]
    return LocalSeatView(table, humans, humans[0] if len(humans) == 1 else None)
