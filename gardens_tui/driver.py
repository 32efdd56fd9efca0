"""Drives a table's bots and its autosave, outside any UI.

The app, ``gardens simulate``, the screenshots script and (later) the server all play bots the
same way, through a :class:`Driver`:

1. :meth:`Driver.bot_turn` (on the table's thread) takes a :class:`BotTurn`: the bot seat that
   must decide now, its bot, and a private copy of that seat's **view** with the table's
   :attr:`~gardens_tui.table.Table.version`. Nothing else of the table goes in.
2. :meth:`Driver.choose` works out the bot's action from the turn alone, so it may run in a
   thread while the table carries on: a skill decision is settled with
   :data:`~gardens_tui.rules.base.ROLL`, an optional window is the bot's own choice, and any
   failure of the bot (an exception, an illegal choice) comes back as :class:`BotError`.
3. :meth:`Driver.play` (on the table's thread again) applies it as that seat, but only if the
   table is still at the turn's version; after an undo, a load or anybody else's decision the
   action is dropped and the caller takes a new turn.

:meth:`Driver.run` does the three steps in a loop, synchronously, until a person must decide or
the game ends (for the command line and scripts). :meth:`Driver.autosave_if_due` autosaves when
a turn has ended or the game is over since the last autosave; whoever changes the table calls it
afterwards (:meth:`run` does so itself). :class:`Autosaver` is the one place that calls
:func:`gardens_tui.saves.autosave`.

A bot failure is never fatal and never silent: :class:`BotError` names the seat and says why,
the table is unchanged, and the same turn may be tried again (``bot_turn()``) or settled by a
stand-in that plays any legal move (``bot_turn(stand_in=True)``).

This module is pure Python: it imports the rules, the table, the bots and the save module,
never the UI.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gardens_tui.bots import Bot, make_bot
from gardens_tui.rules.base import ROLL, Action, Decision, Game, GameState, IllegalAction
from gardens_tui.table import Table, lone_action

if TYPE_CHECKING:
    from gardens_tui.saves import FileVersion

AutosaveHook = Callable[[Table], Path | None]
"""Writes an autosave of the table; returns where it went (``None``: nothing written). It may
raise ``OSError`` or ``ValueError`` (:class:`~gardens_tui.saves.SaveError`) for the caller to
report."""


def bot_seed(seed: int, seat: int) -> int:
    """The seed of ``seat``'s bot in a game set up with ``seed`` (the app's choice, so a game
    against bots is the same every time it is played from the same save)."""
    return seed * 31 + seat + 1


STAND_IN_LEVEL = "random"
"""The level of the stand-in that settles a decision a bot failed (any legal move)."""


@dataclass(frozen=True, slots=True, eq=False)
class BotTurn:
    """One bot decision to work out: everything :meth:`Driver.choose` needs, taken from the
    table at :attr:`version`, and nothing of the table itself.

    ``view`` is ``seat``'s view of the position (a private copy, sharing nothing mutable with the
    table: thinking on it in a thread is safe); ``decision`` is the pending decision (public);
    ``name`` is the seat's name.
    """

    seat: int
    name: str
    bot: Bot
    game: Game[Any]
    view: GameState
    decision: Decision
    version: int


def step_pause(turn: BotTurn, delay: float) -> float:
    """Seconds to wait before ``turn``'s step is played, so that people can follow a bot's
    turn step by step: ``delay`` for a real choice; nothing for a forced step (one legal
    action, :func:`~gardens_tui.table.lone_action`) or when ``delay`` is not positive."""
    if delay <= 0 or lone_action(turn.decision, turn.game.legal_actions(turn.view)) is not None:
        return 0.0
    return delay


class BotError(Exception):
    """A bot could not decide: it raised, or chose an action that is not legal.

    ``str(error)`` is one line for a player ("Bob (greedy bot) could not decide: …"); ``seat``,
    ``name`` and ``level`` say whose bot it was; ``__cause__`` is the original exception. The
    table is unchanged: the caller may try the same turn again or let a stand-in play it.
    """

    def __init__(self, seat: int, name: str, level: str, reason: str) -> None:
        super().__init__(f"{name} ({level} bot) could not decide: {reason}")
        self.seat = seat
        self.name = name
        self.level = level
        self.reason = reason


class Autosaver:
    """Autosaves one game: the one caller of :func:`gardens_tui.saves.autosave`.

    ``previous`` is where this game was last autosaved (or the autosave it was opened from);
    after each call :attr:`file` is where it went, so the next autosave replaces it (see
    :func:`~gardens_tui.saves.autosave` for when it may not). Errors (``OSError``,
    :class:`~gardens_tui.saves.SaveError`) are raised for the caller to report.
    """

    def __init__(self, previous: FileVersion | None = None) -> None:
        self.file = previous

    def __call__(self, table: Table) -> Path:
        """Autosave ``table`` now; returns the file written."""
        from gardens_tui import saves

        self.file = saves.autosave(table, self.file)
        return self.file.path


class Driver:
    """Plays the bots of ``table`` and autosaves it (see the module docstring).

    The driver plays every bot seat (``table.seats[i].bot``), with a bot of that level seeded by
    :func:`bot_seed`, and every seat of ``bots`` with the bot given there (so a script may let
    bots play the human seats too). ``autosave`` is called by :meth:`autosave_if_due` and
    :meth:`autosave`; ``None`` means no autosave.

    Every method but :meth:`choose` must be called on the thread that owns the table.
    """

    def __init__(
        self,
        table: Table,
        bots: Mapping[int, Bot] | None = None,
        *,
        autosave: AutosaveHook | None = None,
    ) -> None:
        self.table = table
        self._bots: dict[int, Bot] = dict(bots or {})
        self._autosave = autosave
        self._saved_mark = self._mark()

    # --- bots -----------------------------------------------------------------------------------

    def plays(self, seat: int) -> bool:
        """Whether the driver decides for ``seat`` (a bot seat, or one given a bot)."""
        return seat in self._bots or self.table.seats[seat].is_bot

    def cancel_thinking(self) -> None:
        """Ask this table's bots to stop thinking now, from any thread: a search (``strong``,
        ``expert``) stops between two iterations and answers with its best action so far; the
        other levels decide at once anyway. For a server shutting down."""
        for bot in list(self._bots.values()):
            cancel = getattr(bot, "cancel", None)
            if callable(cancel):
                cancel()

    def bot_to_move(self) -> int | None:
        """The seat the driver must decide for now, or ``None`` (a person decides, or the game
        is over)."""
        seat = self.table.state.current_player
        return seat if seat is not None and self.plays(seat) else None

    def bot_for(self, seat: int) -> Bot:
        """The bot playing ``seat``, made on first use; ``ValueError`` if nobody gave ``seat``
        a bot and it is a person's."""
        if seat not in self._bots:
            level = self.table.seats[seat].bot
            if level is None:
                raise ValueError(f"{self.table.seats[seat].name} is a person, not a bot")
            self._bots[seat] = make_bot(level, bot_seed(self.table.setup.seed, seat))
        return self._bots[seat]

    def stand_in(self, seat: int) -> Bot:
        """A bot that plays any legal move for ``seat`` (seeded from the seat and the table's
        version), for when ``seat``'s own bot failed."""
        return make_bot(STAND_IN_LEVEL, bot_seed(self.table.setup.seed, seat) + self.table.version)

    def bot_turn(self, *, stand_in: bool = False) -> BotTurn | None:
        """The decision the driver must make now, or ``None`` (see :meth:`bot_to_move`).

        With ``stand_in`` the turn is played by :meth:`stand_in` instead of the seat's bot.
        """
        seat = self.bot_to_move()
        if seat is None:
            return None
        state = self.table.state
        decision = state.decision
        assert decision is not None  # a seat decides, so a decision is pending
        game = self.table.game
        return BotTurn(
            seat=seat,
            name=self.table.seats[seat].name,
            bot=self.stand_in(seat) if stand_in else self.bot_for(seat),
            game=game,
            view=game.view(state, seat).copy(),  # a bot's bug cannot reach the table
            decision=decision,
            version=self.table.version,
        )

    def choose(self, turn: BotTurn) -> Action:
        """The action ``turn``'s bot chooses, from ``turn`` alone (safe to call in a thread).

        A skill decision is settled with :data:`~gardens_tui.rules.base.ROLL`, the game's own
        odds; any other decision (an optional window too) is the bot's choice. Raises
        :class:`BotError` if the bot raises or chooses an action that is not legal.
        """
        if turn.decision.skill is not None:
            return ROLL
        level = getattr(turn.bot, "level", "?")
        try:
            action = turn.bot.choose(turn.game, turn.view)
            legal = turn.game.legal_actions(turn.view)
        except Exception as error:  # a bot's bug must never take its caller down
            reason = str(error) or type(error).__name__
            raise BotError(turn.seat, turn.name, level, reason) from error
        if action not in legal:
            raise BotError(turn.seat, turn.name, level, f"it chose {action!r}, which is not legal")
        return action

    def play(self, seat: int, action: Action, expected_version: int) -> bool:
        """Apply ``action`` as ``seat`` if the table is still at ``expected_version`` (the
        turn's); False (and nothing done) if it changed meanwhile. Raises :class:`BotError`
        (the table unchanged) if the table refuses the action."""
        if self.table.version != expected_version:
            return False
        try:
            self.table.apply(action, seat=seat)
        except IllegalAction as error:
            level = self._bots[seat].level if seat in self._bots else "?"
            raise BotError(seat, self.table.seats[seat].name, level, str(error)) from error
        return True

    def step(self) -> Action | None:
        """Make the driver's next decision, synchronously: the action played, or ``None`` when
        a person must decide or the game is over. Raises :class:`BotError`."""
        turn = self.bot_turn()
        if turn is None:
            return None
        action = self.choose(turn)
        self.play(turn.seat, action, turn.version)
        return action

    def run(
        self, *, until: Callable[[Table], bool] | None = None, max_decisions: int | None = None
    ) -> int:
        """Play the driver's decisions, synchronously, autosaving as they go (see
        :meth:`autosave_if_due`), until a person must decide, the game ends, ``until(table)``
        is true (checked before each decision) or ``max_decisions`` were made. Returns how many
        were made. Raises :class:`BotError` (the decisions made so far stay played) and what
        the autosave hook raises."""
        made = 0
        while max_decisions is None or made < max_decisions:
            if until is not None and until(self.table):
                break
            if self.step() is None:
                break
            made += 1
            self.autosave_if_due()
        return made

    # --- autosave -------------------------------------------------------------------------------

    def _mark(self) -> tuple[int, bool]:
        state = self.table.state
        return state.turn, state.is_over

    def autosave_due(self) -> bool:
        """Whether a turn ended, or the game did, since the last autosave (or since the driver
        was made)."""
        return self._mark() != self._saved_mark

    def autosave_if_due(self) -> Path | None:
        """Autosave if :meth:`autosave_due`; returns where it went (``None``: not due, or no
        autosave hook). Call it after every change to the table. A failing autosave raises and
        is not retried until the next turn."""
        if not self.autosave_due():
            return None
        self._saved_mark = self._mark()
        return self.autosave()

    def autosave(self) -> Path | None:
        """Autosave now through the hook (``None`` without one); its errors are raised."""
        if self._autosave is None:
            return None
        return self._autosave(self.table)
