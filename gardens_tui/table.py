"""The table: one game in progress with its seats, history, undo and listeners.

Screens never hold game state; they hold a :class:`Table` and redraw when it tells them it changed.
So can the command line, the bots' driver and (later) several terminals sitting at one table. This
module is pure Python: it imports the rules, never the UI.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gardens_tui.bots import parse_bot  # the package's tiny __init__: no bot imported
from gardens_tui.rules.base import Action, Decision, Game, GameState, IllegalAction, OptionValue
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.safe_text import NameRefused, check_names, normalise_name


def lone_action(decision: Decision | None, legal: Sequence[Action]) -> Action | None:
    """The action of a forced step: the only one of ``legal`` (the legal actions of
    ``decision``) when there is exactly one and ``decision`` is neither a skill decision nor an
    optional window, else ``None``. Nothing is chosen at a forced step, so the app plays it by
    itself. A window is never forced: passing it at once would tell the others that its seat
    had nothing to play (a window opens whatever the seat holds, so as not to tell them)."""
    if decision is None or decision.skill is not None or decision.optional or len(legal) != 1:
        return None
    return legal[0]


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat at the table: a name, and the bot level if a computer plays it (a level string
    :func:`~gardens_tui.bots.parse_bot` accepts, with its thinking budget: ``strong@2s``)."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        """A computer plays this seat."""
        return self.bot is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, as stored in a save file's ``setup.players``."""
        return {"name": self.name, "bot": self.bot}

    def spec(self) -> str:
        """The ``--players`` form of this seat (``Ann`` or ``Cleo=bot:greedy``)."""
        return self.name if self.bot is None else f"{self.name}=bot:{self.bot}"


_SEAT_RE = re.compile(r"(?:(?P<name>[^=]+)=)?bot:(?P<bot>[a-z]+(?:@\S*)?)")


def parse_players(spec: str) -> list[Seat]:
    """Parse a ``--players`` list: ``Ann,Bob,bot:greedy,Cleo=bot:strong@2s``.

    A plain entry is a human seat with that name; ``bot:LEVEL`` is a bot with a generated name;
    ``NAME=bot:LEVEL`` is a named bot. ``LEVEL`` may carry a search level's thinking budget
    (``strong@2s``, ``expert@1.5s``, ``strong@5000`` iterations:
    :func:`~gardens_tui.bots.parse_bot`), stored in its canonical form. Names are stored in
    Unicode NFC without surrounding spaces.
    Raises ``ValueError`` on empty, duplicate or refused names (see
    :func:`~gardens_tui.rules.safe_text.check_name`), unknown bot levels and refused budgets.
    """
    seats: list[Seat] = []
    for index, raw in enumerate(normalise_name(part) for part in spec.split(",")):
        if not raw:
            raise ValueError(f"seat {index + 1} of {spec!r} is empty")
        match = _SEAT_RE.fullmatch(raw)
        if match:
            try:
                bot = parse_bot(match["bot"])
            except ValueError as problem:
                raise ValueError(f"seat {index + 1}: {problem}") from None
            default = f"{bot.level.capitalize()} bot {index + 1}"
            name = normalise_name(match["name"] or "") or default
            seats.append(Seat(name, bot.text))
        else:
            seats.append(Seat(raw))
    check_seats(seats)
    return seats


def check_seats(seats: Sequence[Seat]) -> None:
    """``ValueError`` unless every seat has a known bot level (budget included:
    :func:`~gardens_tui.bots.parse_bot`) and a name that
    :func:`~gardens_tui.rules.safe_text.check_name` accepts, and no two names look the same
    (compared in NFC, case-folded: :func:`~gardens_tui.rules.safe_text.name_key`)."""
    try:
        check_names([seat.name for seat in seats])
    except NameRefused as exc:
        raise ValueError(f"seat {exc.index + 1}: {exc}") from None
    for index, seat in enumerate(seats):
        if seat.bot is not None:
            try:
                parse_bot(seat.bot)
            except ValueError as problem:
                raise ValueError(f"seat {index + 1}: {problem}") from None


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything that fixes a game before its first decision: game, seats, options, seed."""

    game: str
    seats: tuple[Seat, ...]
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    seed: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        """The seat names in turn order."""
        return tuple(seat.name for seat in self.seats)

    @property
    def only_humans(self) -> bool:
        """No seat is a bot."""
        return not any(seat.is_bot for seat in self.seats)

    def new_state(self) -> GameState:
        """The game's starting state for this setup (``ValueError`` if the setup is invalid)."""
        check_seats(self.seats)
        state: GameState = get_game(self.game).new_game(self.names, self.options, self.seed)
        return state


Listener = Callable[["Table"], None]


class Table:
    """A game in progress: its setup, every state so far, the actions between them, and undo.

    ``states[0]`` is the starting position and ``states[i + 1] = apply(states[i], actions[i])``.
    Listeners are called with the table after every change (apply, undo).

    :attr:`version` counts the changes: a bot that thought about version ``v`` may play only
    while the table is still at ``v`` (an undo followed by another decision leaves as many
    decisions as before, but not the same version).

    Only seat views (:mod:`gardens_tui.seats`), the driver (:mod:`gardens_tui.driver`), saving
    and the command line read a table directly; screens go through a seat view.
    """

    def __init__(
        self,
        setup: Setup,
        states: Sequence[GameState] | None = None,
        actions: Sequence[Action] | None = None,
        *,
        free_undo: bool = False,
    ) -> None:
        self.setup = setup
        self.game: Game[Any] = get_game(setup.game)
        self.states: list[GameState] = list(states) if states else [setup.new_state()]
        self.actions: list[Action] = list(actions or [])
        if len(self.states) != len(self.actions) + 1:
            raise ValueError("a table needs exactly one more state than actions")
        self.free_undo = free_undo and setup.only_humans
        self.version = 0
        """How many changes (applies and undos) this table has seen."""
        self.kept = len(self.actions)
        """How many actions the latest change left as they were (positions up to this index
        are as before it): the old count after an apply, the new one after an undo, and what
        :meth:`follow` kept."""
        self._listeners: list[Listener] = []

    # --- reading ----------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current position."""
        return self.states[-1]

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in turn order."""
        return self.setup.seats

    def seat_to_move(self) -> Seat | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        player = self.state.current_player
        return None if player is None else self.seats[player]

    def legal_actions(self) -> list[Action]:
        """The legal actions of the pending decision."""
        return self.game.legal_actions(self.state)

    def forced_action(self, index: int = -1) -> Action | None:
        """The one action the decision of ``states[index]`` allows, when it allows exactly one
        (a forced step: nothing to choose), else ``None`` (a real choice, a skill decision, or
        the game is over). The app plays forced steps for people by itself; :meth:`undo` takes
        them back together with the decision before them."""
        state = self.states[index]
        if state.decision is None:
            return None
        return lone_action(state.decision, self.game.legal_actions(state))

    def notation(self) -> list[str]:
        """Every action so far in notation, as a save file stores them."""
        return [self.game.format_action(action) for action in self.actions]

    # --- changing ---------------------------------------------------------------------------

    def apply(self, action: Action, *, seat: int | None = None) -> GameState:
        """Play ``action`` (``IllegalAction`` and no change if it is not legal) and notify.

        ``seat`` is who plays it: anything but the seat whose decision it is is refused with
        ``IllegalAction``. Only code acting for the table itself (replaying a save, the command
        line, the driver) may leave it out; everything acting for a player passes it (a
        :class:`~gardens_tui.seats.SeatView` always does).
        """
        if seat is not None:
            if not 0 <= seat < len(self.seats):
                raise IllegalAction(f"there is no seat {seat} at this table")
            deciding = self.state.current_player
            if deciding is None:
                raise IllegalAction("the game is over: nobody decides any more")
            if seat != deciding:
                raise IllegalAction(
                    f"it is {self.seats[deciding].name}'s decision, not {self.seats[seat].name}'s"
                )
        state = self.state  # (held here too: see the note below)
        new_state: GameState = self.game.apply(state, action)
        # A table's positions are read by other threads (bots, hints, other sessions), so a
        # game must never take one over for the next (Seabed Neighbours does when nothing but
        # its caller holds the position: ``seabed.game.LONE``); the local reference above
        # makes sure the count shows it is held elsewhere.
        self.kept = len(self.actions)
        self.states.append(new_state)
        self.actions.append(action)
        self.version += 1
        self._notify()
        return new_state

    def apply_text(self, text: str, *, seat: int | None = None) -> GameState:
        """Parse ``text`` in the game's notation and play it (``seat`` as in :meth:`apply`)."""
        return self.apply(self.game.read_action(self.state, text), seat=seat)

    def undo_steps(self, seat: int | None = None) -> int:
        """How many actions :meth:`undo` would take back for ``seat`` (0: undo not allowed).

        Normally undo takes back the latest decision only if ``seat`` made it, it belongs to the
        current turn (or a bot is to decide after it and has not yet), it revealed nothing random
        or hidden and the game is not over. With
        ``free_undo`` (only humans at the table) any decision may be taken back. ``seat=None``
        means the seat to move. :meth:`undo_refusal` says why when this is 0.

        A forced step (:meth:`forced_action`) is no decision: undo never stops in front of one
        (it would only be played again), so it takes back the forced steps before the latest
        action too, and the decision before them, or nothing at all.
        """
        latest = len(self.states) - 1
        steps = 0
        while True:
            if self._refusal_at(latest - steps, seat) is not None:
                return 0
            steps += 1
            if self.forced_action(latest - steps) is None:
                return steps
            if latest - steps == 0:
                return 0  # only forced steps since the start: nothing to take back

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why :meth:`undo` would do nothing for ``seat``, in words for the player (``"you"``
        is ``seat``), or ``None`` when it would take a decision back (see :meth:`undo_steps`;
        ``seat=None`` means the seat to move)."""
        latest = len(self.states) - 1
        for index in range(latest, 0, -1):
            reason = self._refusal_at(index, seat)
            if reason is not None or self.forced_action(index - 1) is None:
                return reason
        return self._refusal_at(0, seat)

    def _refusal_at(self, index: int, seat: int | None) -> str | None:
        """Why the action that led to ``states[index]`` may not be taken back by ``seat`` (the
        seat to move at the latest state when ``None``), or ``None`` when it may."""
        if index < 1:
            return "nothing to undo yet"
        if self.free_undo:
            return None
        latest = self.states[-1]
        if latest.is_over or latest.current_player is None:
            return "the game is over"
        seat = latest.current_player if seat is None else seat
        after, before = self.states[index], self.states[index - 1]
        decided = before.current_player
        if decided is None:  # not reachable by the rules contract: nobody decides a finished game
            return "nothing to undo yet"
        if decided != seat:
            if self.seats[decided].is_bot:
                return "a bot's decision cannot be undone"
            return f"{self.seats[decided].name} made the last decision, not you"
        if self.seats[seat].is_bot:
            return "a bot's decision cannot be undone"
        if after.chance:
            return "something was drawn or revealed: undo stops there"
        if before.turn != latest.turn and not self._bot_waits_on(index):
            return "your turn has passed on: its decisions are final"
        return None

    def _bot_waits_on(self, index: int) -> bool:
        """Whether the action that led to ``states[index]`` is the latest one and a bot is to
        decide after it: nobody has acted on it yet, so its maker may still take it back (a
        decision that ended their turn too, as every one does in some games)."""
        latest = self.states[-1]
        seat = latest.current_player
        return index == len(self.states) - 1 and seat is not None and self.seats[seat].is_bot

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether :meth:`undo` would do anything for ``seat``."""
        return self.undo_steps(seat) > 0

    def undo(self, seat: int | None = None) -> bool:
        """Take back the latest decision (and the forced steps after it) if :meth:`undo_steps`
        allows it; True if it did."""
        steps = self.undo_steps(seat)
        if steps == 0:
            return False
        del self.states[-steps:]
        del self.actions[-steps:]
        self.kept = len(self.actions)
        self.version += 1
        self._notify()
        return True

    def follow(self, keep: int, notation: Sequence[str]) -> None:
        """Take the history decided elsewhere: keep the first ``keep`` actions, play the
        actions written in ``notation`` after them (``IllegalAction`` if one is not legal: the
        table is then left as it was) and notify once. A server whose tables other front ends
        change too uses this to catch up; nothing here checks whose turn it was (that was
        checked where the actions were played)."""
        if not 0 <= keep <= len(self.actions):
            raise ValueError(f"cannot keep {keep} of {len(self.actions)} actions")
        game, state = self.game, self.states[keep]
        states: list[GameState] = []
        actions: list[Action] = []
        for text in notation:
            action = game.read_action(state, text)
            state = game.apply(state, action)
            states.append(state)
            actions.append(action)
        del self.states[keep + 1 :]
        del self.actions[keep:]
        self.states.extend(states)
        self.actions.extend(actions)
        self.kept = keep
        self.version += 1
        self._notify()

    # --- listeners --------------------------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        """Call ``listener(table)`` after every change."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        """Stop calling ``listener`` (no error if it was not added)."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self) -> None:
        for listener in list(self._listeners):
            listener(self)
