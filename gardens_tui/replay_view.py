"""A read-only seat view that replays a table move by move.

:class:`ReplaySeatView` shows a game as it stood after move ``k`` (its :attr:`position`, ``0``:
the start, up to :attr:`total`): the position, the log up to that move, the decision that was
pending then, the scores of that moment. It is a :class:`~gardens_tui.seats.LocalSeatView` of a
private copy of the table taken when the replay is made, acting for nobody: the table it was
made from is never read again and never changed (a game that goes on meanwhile does not move the
replay), and nothing can be played, undone or saved through it.

Whose eyes: :func:`replay_viewer` (the one human seat when there is only one, else a spectator),
so a replay never shows a hand the person watching could not see in play. Moving the position
(:meth:`ReplaySeatView.go_to`, :meth:`~ReplaySeatView.step`) changes :attr:`version` and tells the
listeners, so a game screen redraws as it does after a move.

Pure Python: it imports the rules, the table and the seat views, never the UI.
"""

from __future__ import annotations

from typing import Literal

from gardens_tui.rules.base import Action, Decision, GameState, IllegalAction, Outcome, Scores
from gardens_tui.seats import LocalSeatView, LogStep, SeatListener
from gardens_tui.table import Table

REPLAY_REFUSAL = "this is a replay"
"""Why nothing can be played or undone in a replay (the text of the :class:`IllegalAction`)."""


def replay_viewer(table: Table) -> int | None:
    """Whose eyes a replay of ``table`` is drawn for: the one human seat when there is exactly
    one (what that person saw in play), else ``None`` (a spectator: public information only)."""
    humans = [index for index, seat in enumerate(table.seats) if not seat.is_bot]
    return humans[0] if len(humans) == 1 else None


class ReplaySeatView(LocalSeatView):
    """A read-only :class:`~gardens_tui.seats.SeatView` of ``table`` at move :attr:`position`.

    The table's history is copied when the replay is made (see the module docstring). Every
    reading method answers for the position after move :attr:`position` as if the game had
    stopped there: :attr:`length` is the position, :meth:`view` is ``view_at(position)``,
    :meth:`log` holds only the steps up to it, :meth:`decision` is the decision pending then.
    :meth:`view_at` also reaches later positions (up to :attr:`total`). :meth:`may_act` is always
    False; :meth:`apply` and :meth:`apply_text` raise :class:`IllegalAction` ("this is a
    replay"), :meth:`undo` does nothing. ``position`` is where the replay opens (clamped to
    ``0..total``); ``viewer`` is whose eyes it is drawn for, fixed for its life (``"auto"``:
    :func:`replay_viewer`; a seat the person watching did not play would show that seat's
    secrets, so pass one only for that seat's own player).
    """

    def __init__(
        self, table: Table, position: int = 0, *, viewer: int | Literal["auto"] | None = "auto"
    ) -> None:
        chosen = replay_viewer(table) if viewer == "auto" else viewer
        if chosen is not None and not 0 <= chosen < len(table.seats):
            raise ValueError(f"there is no seat {chosen} at this table")
        copy = Table(table.setup, list(table.states), list(table.actions))
        super().__init__(copy, (), chosen)
        self._copy = copy
        self._total = len(copy.actions)
        self._position = self._clamp(position)
        self._version = 0
        self._replay_listeners: list[SeatListener] = []
        self._shown: tuple[int, GameState] | None = None

    # --- the replay's own ---------------------------------------------------------------------

    @property
    def table(self) -> Table:
        """The replay's private copy of the table (never changed; give it to whatever wants a
        table, e.g. a game screen, so that nothing can reach the original)."""
        return self._copy

    @property
    def total(self) -> int:
        """How many moves the replayed game has (positions are ``0..total``)."""
        return self._total

    @property
    def position(self) -> int:
        """The move shown: the position after that many moves (``0``: the start)."""
        return self._position

    def _clamp(self, position: int) -> int:
        return max(0, min(position, self._total))

    def go_to(self, position: int) -> bool:
        """Show the position after move ``position`` (clamped to ``0..total``); tell the
        listeners and return True if that moved the replay."""
        target = self._clamp(position)
        if target == self._position:
            return False
        self._position = target
        self._version += 1
        for listener in list(self._replay_listeners):
            listener(self)
        return True

    def step(self, moves: int) -> bool:
        """Move ``moves`` moves forward (negative: back); see :meth:`go_to`."""
        return self.go_to(self._position + moves)

    def step_at(self, position: int) -> LogStep | None:
        """The log step of move ``position`` (what led to that position, as the viewer may read
        it); ``None`` for the start or a position outside ``1..total``."""
        if not 1 <= position <= self._total:
            return None
        steps = super().log(position - 1)
        return steps[0] if steps else None

    # --- who ----------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """Changes every time the replay moves (the copied table itself never changes)."""
        return self._version

    def look_as(self, viewer: int | None) -> None:
        """Does nothing: a replay's viewer is fixed when it is made (see the class docstring)."""

    # --- reading ------------------------------------------------------------------------------

    def _state(self) -> GameState:
        return self._copy.states[self._position]

    def view(self) -> GameState:
        """The position after move :attr:`position` as :attr:`viewer` may see it (the same
        object until the replay moves)."""
        shown = self._shown
        if shown is None or shown[0] != self._position:
            shown = self._shown = (self._position, self._view_of(self._position))
        return shown[1]

    def decision(self) -> Decision | None:
        """The decision that was pending at :attr:`position` (``None`` at the end of a finished
        game)."""
        return self._state().decision

    def may_act(self) -> bool:
        """Always False: nobody decides in a replay."""
        return False

    def legal_actions(self) -> list[Action]:
        """Always ``[]``."""
        return []

    @property
    def length(self) -> int:
        """The decisions made up to the position shown: :attr:`position`."""
        return self._position

    def view_at(self, index: int) -> GameState:
        """Position ``index`` (``0..total``) as :attr:`viewer` may see it."""
        if not 0 <= index <= self._total:
            raise IndexError(f"position {index} is outside 0..{self._total}")
        if index == self._position:
            return self.view()
        return self._view_of(index)

    def _view_of(self, index: int) -> GameState:
        view: GameState = self.game.view(self._copy.states[index], self.viewer)
        return view

    def log(self, since: int = 0) -> list[LogStep]:
        """The steps after position ``since`` up to :attr:`position`, redacted for
        :attr:`viewer`."""
        return [step for step in super().log(since) if step.index <= self._position]

    def scores(self) -> Scores:
        """The scores at :attr:`position` as :attr:`viewer` may see them (everything once the
        game is over there)."""
        state = self._state()
        scores: Scores = self.game.scores(state if state.is_over else self.view())
        return scores

    def outcome(self) -> Outcome | None:
        """Who won, when the position shown is the end of the game; ``None`` before."""
        state = self._state()
        if not state.is_over:
            return None
        outcome: Outcome = self.game.winners(state)
        return outcome

    def has_secrets(self) -> bool:
        """Whether some seat held something only it could see at :attr:`position`."""
        state = self._state()
        return any(self.game.secrets(state, seat) for seat in range(len(self.seats)))

    # --- acting: refused ----------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Refused: :class:`IllegalAction` ("this is a replay")."""
        raise IllegalAction(REPLAY_REFUSAL)

    def apply_text(self, text: str) -> None:
        """Refused: :class:`IllegalAction` ("this is a replay")."""
        raise IllegalAction(REPLAY_REFUSAL)

    def can_undo(self) -> bool:
        """Always False."""
        return False

    def undo_refusal(self) -> str | None:
        """Always "this is a replay"."""
        return REPLAY_REFUSAL

    def undo(self) -> bool:
        """Does nothing; returns False."""
        return False

    # --- listening ----------------------------------------------------------------------------

    def add_listener(self, listener: SeatListener) -> None:
        """Call ``listener(self)`` every time the replay moves."""
        self._replay_listeners.append(listener)

    def remove_listener(self, listener: SeatListener) -> None:
        """Stop calling ``listener`` (no error if it was not added)."""
        if listener in self._replay_listeners:
            self._replay_listeners.remove(listener)
