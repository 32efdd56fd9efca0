"""GameScreen: the base of every game's screen.

A game screen talks to its table through one seat view, :attr:`GameScreen.seat_view` (a
:class:`~gardens_tui.seats.LocalSeatView`): everything it shows (board, log, player panel,
prompt, end screen) is derived from what that view hands out, so nothing reaches the screen that
the seat at the keyboard may not see. It keeps :attr:`GameScreen.table` only to save the game
and to drive it (:class:`~gardens_tui.driver.Driver`: bots and autosave).

A remote seat (a :class:`~gardens_tui.server.lobby.remote.RemoteSeatView`: the screen is made with
``table=None``) has no table here: the table owner plays its bots and saves it, so there is no
driver, no autosave, no save dialog and no replay; the curtain never shows (one person at this
terminal), the bell rings when the seat's turn comes, ``ctrl+t`` says a chat line to the
table (:attr:`GameScreen.has_table`), and when the table has a time limit the prompt line counts
down the pending decision's time (:meth:`GameScreen.clock_text`, ticking every second).

The base does everything that is the same for every game:

- composes the shared pieces around the game's own board (:meth:`GameScreen.compose_board`): the
  player panel (who is to move, live provisional scores, the game's extra lines per seat from
  :meth:`GameScreen.panel_extras`), the game log (last move highlighted), the decision prompt
  line and the footer with the keys;
- plays the bots' seats through the driver: the bot's choice is worked out in a thread from its
  seat's view after the settings' visible delay, so the interface never freezes; a bot that
  fails is reported and the game waits for ``r`` (try again; a second failure in a row lets a
  stand-in play any legal move for it, so the game never stalls);
- shows the hot-seat curtain between two human seats when the game hides information: with the
  curtain up the view is a spectator's, and it moves to the next player's eyes when they lift it;
- ``H`` (:data:`~gardens_tui.ui.screens.hint.HINT_KEY`) asks the strong search for the
  deciding person's best action, worked out in a worker on their view only and cancelled when
  the position changes or the screen closes (:mod:`gardens_tui.ui.screens.hint`);
- undo (``u``, in the footer only while the table allows it; pressed when it does not, the
  prompt line says why: :meth:`SeatView.undo_refusal <gardens_tui.seats.SeatView.undo_refusal>`),
  save (``ctrl+s``: a name asked by the save dialog), autosave after every turn and at the end,
  and the end screen when the game is over; once it is, ``e`` shows the scores again, ``v``
  replays the game (:mod:`gardens_tui.ui.screens.replay`) and ``w`` reviews a person's game
  (the decisions that cost the most: :mod:`gardens_tui.ui.screens.review`);
- switches to the game's roomy layout when the terminal reaches :attr:`GameScreen.ROOMY_SIZE`
  (:meth:`GameScreen.relayout`);
- the log follows the game and :data:`LOG_KEY` (``g``) moves the focus to it and back, to scroll
  it from the keyboard; at the start of a person's turn it marks what the other seats did since
  that person's last decision (:meth:`GameScreen.since_last_turn`);
- a person's forced step (one legal action: :func:`~gardens_tui.table.lone_action`) plays
  itself and shows in the log, so a player confirms only real choices; undo takes it back with
  the decision before it (:meth:`Table.undo <gardens_tui.table.Table.undo>`);
- bots pause ``bot_delay_ms`` before each step that is a real choice, so a whole bot turn takes
  about a second and each step can be seen; ``s`` lets them play on without pausing until a
  person must decide;
- ``p`` plays the pending decision's ``pass_action`` when a person faces an optional window
  (shown only then); ``r`` settles a skill decision: :meth:`GameScreen.run_skill` (a game's
  minigame) or, by default, :data:`~gardens_tui.rules.base.ROLL`;
- :meth:`GameScreen.play` applies an action as the deciding seat and shows an
  :class:`IllegalAction` in the prompt line instead of changing anything.

A game screen subclasses it, yields its widgets from :meth:`compose_board`, redraws them in
:meth:`redraw` (from :attr:`view_state`, what the seat at the keyboard may see) and calls
:meth:`play` when the player chooses.

All table changes must happen on the UI thread (the bot worker applies its action there).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker

from gardens_tui import saves
from gardens_tui.bots import Bot
from gardens_tui.bots.strong import SearchBudget
from gardens_tui.driver import Autosaver, BotError, BotTurn, Driver, step_pause
from gardens_tui.rules.base import ROLL, Action, Decision, GameState, IllegalAction
from gardens_tui.rules.words import possessive
from gardens_tui.saves import FileVersion
from gardens_tui.seats import LocalSeatView, LogStep, SeatView, hot_seat
from gardens_tui.settings import Settings
from gardens_tui.table import Table, lone_action
from gardens_tui.ui.compositor import ClippedCompositor
from gardens_tui.ui.literal import literal, notify_plain
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.curtain import CurtainScreen, needs_curtain
from gardens_tui.ui.screens.end import EndChoice, EndScreen
from gardens_tui.ui.screens.help import KeyHelp
from gardens_tui.ui.screens.hint import HINT_KEY, HintAsker
from gardens_tui.ui.screens.modal import DismissOnce, screen_is_live
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.game_log import LOG_KEY, GameLog
from gardens_tui.ui.widgets.key_footer import KeyFooter
from gardens_tui.ui.widgets.player_panel import PlayerPanel
from gardens_tui.ui.widgets.prompt import PromptLine
from gardens_tui.ui.widgets.steady import SteadyStatic

if TYPE_CHECKING:
    from gardens_tui.ui.screens.lesson import LessonCoach


CLOCK_HOLD_TICKS = 3
"""Countdown ticks a refusal in the prompt line stays up before the countdown replaces it."""

BOT_FAILED_TIMEOUT = 20.0
"""Seconds the notice of a failed bot stays up (the prompt line keeps saying it afterwards)."""


def xy_place(name: str) -> tuple[int, int] | None:
    """The map cell a lesson's place name ``x,y`` denotes (``-1,2``: as the moves of the
    games on an open map write cells), or ``None``: for :meth:`GameScreen.point_at`."""
    x, comma, y = name.partition(",")
    try:
        return (int(x), int(y)) if comma else None
    except ValueError:
        return None


def save_name(table: Table, now: datetime) -> str:
    """The file name of a new save: ``<game>-<YYYYmmdd-HHMMSS>.json``."""
    return f"{table.setup.game}-{now:%Y%m%d-%H%M%S}.json"


def not_yours_bindings(keys: Iterable[str]) -> list[Binding]:
    """Hidden twins of a screen's decision ``keys``, to list after the screen's own bindings:
    when a key's own binding is off because nobody at this keyboard decides (another seat's
    turn over SSH, a bot's, a spectator, the end), its twin says whose decision it is instead
    of ignoring the key in silence (:meth:`GameScreen.action_not_yours`).

    A key that is also one of :attr:`GameScreen.SEAT_BINDINGS` (``r`` retries a failed bot out
    of turn) gets that binding again just before its twin, so the twin never shadows it."""
    keys = tuple(keys)
    seat_first = [binding for binding in GameScreen.SEAT_BINDINGS if binding.key in keys]
    return [*seat_first, *(Binding(key, "not_yours", show=False) for key in keys)]


LEAVE_BINDINGS: tuple[Binding, ...] = (
    Binding("escape", "leave", "Menu"),
    Binding("escape", "leave_table", "Lobby"),
)
"""Escape leaves the game: to the menu, or to the lobby at a remote table (one is enabled at a
time, so the footer names where it goes). A screen that binds Escape itself (to cancel first)
lists these after its own."""


class GameScreen(DismissOnce[None]):
    """The base of every game screen: see the module docstring for what it provides.

    ``table`` is the game being played; ``save_path`` is where ``ctrl+s`` writes (a new file in
    ``data_dir()/saves`` when ``None``; after the first save, that file). ``source`` is the file
    the table was read from, as it was then: saving back to it refuses to overwrite a change
    somebody else made meanwhile (the game is then saved to a new file instead), and the
    autosave it came from is this game's to replace (:func:`~gardens_tui.saves.autosave`).
    ``seat_view`` is the screen's window on the table; by default the hot-seat one
    (:func:`~gardens_tui.seats.hot_seat`: it acts for every human seat).

    The keys of :data:`SEAT_BINDINGS` (pass, roll, retry a bot) belong to every game screen: a
    subclass that binds the same key for something of its own keeps its binding first and gets
    the seat key after it (Textual runs the first one whose ``check_action`` allows it).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Two bindings for u: the footer shows "u Undo" only while undo can do something, and
        # a key that Textual hides through check_action never runs, so a hidden twin answers
        # the other times with the reason.
        Binding("u", "undo", "Undo"),
        Binding("u", "undo_refused", "Undo", show=False),
        Binding("ctrl+s", "save", "Save"),
        *LEAVE_BINDINGS,
        Binding(LOG_KEY, "toggle_log", "Log (focus, then scroll it)", show=False),
        Binding(HINT_KEY, "hint", "Hint: the strong bot's advice for your decision", show=False),
    ]

    ROOMY_SIZE: ClassVar[tuple[int, int] | None] = None
    """From this terminal size on (width, height) the game's roomy layout is used (``None``: the
    game has one layout). The screen then has the ``-roomy`` class and :meth:`relayout` is
    called."""

    SEAT_BINDINGS: ClassVar[tuple[Binding, ...]] = (
        Binding("p", "pass_window", "Pass"),
        Binding("r", "roll", "Roll"),
        Binding("r", "retry_bot", "Retry bot"),
        # priority: a focused board binds "s" to move its cursor (w a s d) and would take the
        # key while bots play; when there is no wait to skip, the check fails and the key goes
        # on to the board.
        Binding("s", "hurry_bots", "Skip the wait", priority=True),
        Binding("e", "scores", "Scores"),
        Binding("v", "replay", "Replay"),
        # priority: a focused board binds "w" to move its cursor up; while the game goes on
        # the check fails and the key goes on to the board.
        Binding("w", "review", "Review", priority=True),
    )
    """Keys shown only while they apply: pass an optional window, settle a skill decision, try
    a failed bot again."""

    DEFAULT_CSS = """
    GameScreen #game-body { height: 1fr; }
    GameScreen #game-main { width: 1fr; height: 1fr; align: center middle; }
    GameScreen #game-side { width: 32; height: 1fr; }
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give the subclass the :data:`SEAT_BINDINGS` it does not inherit yet (see the class
        docstring), after its own bindings of the same keys."""
        own = list(cls.__dict__.get("BINDINGS", []))
        own_bindings = list(Binding.make_bindings(own))
        own_keys = {binding.key for binding in own_bindings}
        own_pairs = {(binding.key, binding.action) for binding in own_bindings}
        inherited: set[str] = set()
        for base in cls.__mro__[1:]:
            if isinstance(base, type) and issubclass(base, GameScreen) and base is not GameScreen:
                inherited |= {
                    b.key for b in Binding.make_bindings(base.__dict__.get("BINDINGS", []))
                }
        extras = [
            binding
            for binding in cls.SEAT_BINDINGS
            if (binding.key in own_keys or binding.key not in inherited)
            and (binding.key, binding.action) not in own_pairs
        ]
        if extras:
            cls.BINDINGS = [*own, *extras]
        super().__init_subclass__(**kwargs)

    def __init__(
        self,
        table: Table | None,
        save_path: Path | None = None,
        *,
        source: FileVersion | None = None,
        seat_view: SeatView | None = None,
    ) -> None:
        super().__init__()
        # A cursor key changes a board row and the info line: render only those rows.
        self._compositor = ClippedCompositor()
        if seat_view is None:
            if table is None:
                raise ValueError("a game screen needs a table or a seat view")
            seat_view = hot_seat(table)
        self._table = table
        self.seat_view: SeatView = seat_view
        """The screen's window on the table (see the module docstring)."""
        self.save_path = save_path
        self.bot_delay_ms: int | None = None
        """Overrides the settings' bot delay when set (tests use 0)."""
        self.review_budgets: tuple[SearchBudget, SearchBudget] | None = None
        """Overrides the review's search budgets (finding the best move, comparing it with the
        move played) when set: tests and screenshots use small iteration budgets."""
        self.bot_thinking = False
        """A bot worker is choosing or waiting out its visible delay."""
        self.roomy = False
        """The roomy layout is in use (a terminal of at least :attr:`ROOMY_SIZE`)."""
        self.hurry_bots = False
        """``s`` was pressed: the bots play without pausing until a person must decide."""
        self._wake_bot: asyncio.Event | None = None
        self.bot_error: BotError | None = None
        """The failure of the bot to move, while the game waits for ``r`` (None otherwise)."""
        self._failed_version: int | None = None
        self._focus_before_log: Widget | None = None
        self._curtain_up = False
        self._ended = False
        self._lesson_closed = False
        """A lesson's closing was shown (the game may play on after it)."""
        in_autosaves = source is not None and source.path.parent == saves.autosaves_dir()
        self.autosaver = Autosaver(source if in_autosaves else None)
        """Where this game was last autosaved (or the autosave it was opened from)."""
        self._driver = None if table is None else Driver(table, autosave=self._autosave_hook)
        if table is None:  # a remote table: ctrl+t says a line there (this screen's key only)
            self._bindings.bind("ctrl+t", "chat", "Chat")
        self._my_turn = False
        """A remote seat's turn had come at the last change (for the bell when it comes)."""
        self._clock_held = 0
        """Countdown ticks skipped so far while a refusal shows in the prompt line."""
        self._save_file: FileVersion | None = (
            source if source is not None and save_path is not None else None
        )
        """:attr:`save_path` as this game last read or wrote it (``None``: not yet)."""
        self.hints = HintAsker(self)
        """The hint key's searches (:mod:`gardens_tui.ui.screens.hint`)."""
        self.lesson: LessonCoach | None = None
        """The lesson played at this table, set before the screen is shown
        (:mod:`gardens_tui.ui.screens.lesson`): its panel, its highlights, where it is kept
        (instead of the autosaves), its closing instead of the end screen. ``None``: a game."""

    @property
    def has_table(self) -> bool:
        """The table is in this process (False: a remote seat, whose table the table owner
        holds, plays and saves; :attr:`table` and :attr:`driver` then do not exist)."""
        return self._table is not None

    @property
    def table(self) -> Table:
        """The table: for saving and driving it only. Everything shown comes from
        :attr:`seat_view`. ``RuntimeError`` for a remote seat (see :attr:`has_table`)."""
        if self._table is None:
            raise RuntimeError("a remote seat's table is held by the table owner")
        return self._table

    @property
    def driver(self) -> Driver:
        """Plays the bots and autosaves (see :class:`~gardens_tui.driver.Driver`).
        ``RuntimeError`` for a remote seat (the table owner plays its bots)."""
        if self._driver is None:
            raise RuntimeError("a remote seat's bots are played by the table owner")
        return self._driver

    def _bot_to_move(self) -> bool:
        """A bot of this screen's own table is to move (never for a remote seat)."""
        return self._driver is not None and self._driver.bot_to_move() is not None

    # --- what subclasses provide --------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The game's own widgets (board, market, hands). The default shows the text rendering."""
        yield SteadyStatic(id="board-text", markup=False)

    def redraw(self) -> None:
        """Redraw the game's own widgets from :attr:`view_state` (called after every change)."""
        for board in self.query("#board-text").results(Static):
            text = self.seat_view.game.render_text(self.view_state, self.viewer)
            board.update(literal(text))

    def prompt_text(self) -> str:
        """The prompt line's text: who decides what. Subclasses may add hints."""
        decision = self.seat_view.decision()
        if decision is None:
            return "The game is over."
        seat = self.seat_view.seats[decision.seat]
        if not seat.is_bot:
            return f"{seat.name}: {decision.prompt}"
        if self.bot_error is not None:
            return f"{seat.name} (bot) could not decide: press r to try again"
        thinking = "thinking..." if self.ascii_mode else "thinking…"
        if "bot" in seat.name.casefold():  # ("Strong bot 2 (bot, ...)" said it twice)
            return f"{seat.name} ({thinking}): {decision.prompt}"
        return f"{seat.name} (bot, {thinking}): {decision.prompt}"

    def panel_extras(self, view: GameState, seat: int) -> Sequence[str]:
        """Short lines the player panel shows under ``seat`` (hand size, shields, flags), from
        ``view`` (what the viewer may see). The default shows nothing."""
        return ()

    def relayout(self, roomy: bool) -> None:
        """Give the game's boards their layouts for the compact or the roomy size (called when
        the terminal crosses :attr:`ROOMY_SIZE`; :attr:`roomy` is already set, and
        :meth:`redraw` follows). The default does nothing."""

    def point_at(self, places: Sequence[str]) -> frozenset[str]:
        """Point at ``places`` on the board (names in the game's notation, from a lesson's tip:
        ``c3``, ``m4``...; ``()``: point at nothing) and return the names pointed at. The
        lesson panel names every place in words too, so a screen that cannot map a name
        leaves it to the words. The default points at nothing."""
        return frozenset()

    def run_skill(self, decision: Decision) -> Awaitable[Action | None] | None:
        """Settle a person's skill decision (:attr:`Decision.skill`) the app's own way, e.g. a
        short minigame: return an awaitable of one of the outcome actions (``None`` from it:
        nothing played). The default returns ``None``: :data:`~gardens_tui.rules.base.ROLL` is
        played, the game's own odds. The outcome is played only if the position is still the
        same when it arrives."""
        return None

    # --- reading ------------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The app's settings (defaults when the app has none)."""
        settings = getattr(self.app, "settings", None)
        return settings if isinstance(settings, Settings) else Settings()

    @property
    def ascii_mode(self) -> bool:
        """Draw with 7-bit characters only."""
        return bool(self.settings.ascii_mode)

    @property
    def viewer(self) -> int | None:
        """The seat whose secrets may be shown now (``None``: only public information): the seat
        view's viewer.

        One human at the table: always that seat. Several humans: the one who last lifted the
        curtain (nobody while it is up), or the human to move when the game hides nothing.
        Only bots: nobody.
        """
        return self.seat_view.viewer

    @property
    def view_state(self) -> GameState:
        """The position as :attr:`viewer` may see it."""
        return self.seat_view.view()

    def curtain_needed(self) -> bool:
        """The curtain setting is on and :func:`needs_curtain` says the seat view needs it."""
        seat_view = self.seat_view
        if not isinstance(seat_view, LocalSeatView):
            return False  # a remote seat: one person at this terminal
        return bool(self.settings.curtain) and needs_curtain(seat_view)

    def show_legal(self) -> bool:
        """Whether boards should highlight the legal targets (the ``show_legal`` setting)."""
        return bool(self.settings.show_legal)

    def human_to_move(self) -> bool:
        """A person at this keyboard must decide now (so the keyboard may act): the seat view
        acts for the deciding seat and no curtain is up."""
        return self.seat_view.may_act() and not self._curtain_up

    def since_last_turn(self) -> int | None:
        """For a person at this keyboard who must decide now: the position after their own
        last decision, if other seats decided after it (the log marks what they did: "what
        happened since your last turn"); 0 when they have not decided yet and others have.
        ``None`` otherwise (nobody here to decide, or nothing new since their last decision)."""
        if not self.human_to_move():
            return None
        decision = self.seat_view.decision()
        if decision is None:
            return None
        steps = self.seat_view.log()
        since = self.own_last_step(steps, decision.seat)
        return since if self.is_news(steps, since, decision.seat) else None

    def is_news(self, steps: Sequence[LogStep], since: int, seat: int) -> bool:
        """Whether what happened after position ``since`` is news for ``seat`` at the start of
        their turn: here, any step at all (a game's screen may ask for more)."""
        return bool(steps) and since < steps[-1].index

    def own_last_step(self, steps: Sequence[LogStep], seat: int) -> int:
        """The position after ``seat``'s own last decision among ``steps`` (0: none yet). A
        forced step played for the person (one legal action) is not their decision, so what
        the others did before it is still news; a remote seat cannot tell forced steps (its
        table is elsewhere) and counts every step."""
        for step in reversed(steps):
            if step.seat == seat and not (
                self.has_table and self.table.forced_action(step.index - 1) is not None
            ):
                return step.index
        return 0

    def _pending(self) -> Decision | None:
        """The decision a person at this keyboard faces now, if any."""
        return self.seat_view.decision() if self.human_to_move() else None

    # --- composing and lifecycle --------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The game's board beside the player panel and log; prompt and footer below."""
        with Horizontal(id="game-body"):
            with Vertical(id="game-main"):
                yield from self.compose_board()
            with Vertical(id="game-side"):
                yield PlayerPanel(ascii_mode=self.ascii_mode)
                if self.lesson is not None:
                    from gardens_tui.ui.screens.lesson import LessonPanel

                    yield LessonPanel()
                yield GameLog(ascii_mode=self.ascii_mode)
        yield PromptLine(ascii_mode=self.ascii_mode)
        yield KeyFooter()

    def on_mount(self) -> None:
        """Start listening to the table and take the first step (a bot, a curtain, the end)."""
        self.sub_title = self.seat_view.game.spec.title
        self.apply_ascii_mode(self.ascii_mode)
        self.seat_view.add_listener(self._table_changed)
        self._follow_decider(initial=True)
        self._refresh_all()
        self.call_after_refresh(self._advance)
        if not self.has_table:  # a remote table may have a time limit to count down
            self.set_interval(1.0, self.tick_clock)

    def clock_text(self) -> str:
        """The time left for the pending decision of a remote table with a time limit, as
        ``"  ·  0:42 left"`` (``""``: no limit runs, or a local table)."""
        seconds_left = getattr(self.seat_view, "seconds_left", None)
        left = seconds_left() if callable(seconds_left) else None
        if not isinstance(left, (int, float)):
            return ""
        whole = int(-(-left // 1))  # rounded up: 0:00 only once the time is out
        dot = "-" if self.ascii_mode else "·"
        return f"  {dot}  {whole // 60}:{whole % 60:02d} left"

    def tick_clock(self) -> None:
        """Redraw the prompt line's countdown (every second); a refusal shown there stays up
        for :data:`CLOCK_HOLD_TICKS` ticks first."""
        if not screen_is_live(self) or not self.clock_text():
            return
        text = self.prompt_text() + self.clock_text()
        for prompt in self.query(PromptLine):
            if prompt.error_text is not None and self._clock_held < CLOCK_HOLD_TICKS:
                self._clock_held += 1
                continue
            self._clock_held = 0
            prompt.show_prompt(text)

    def on_unmount(self) -> None:
        """Stop listening; a bot still thinking is abandoned."""
        self.seat_view.remove_listener(self._table_changed)
        self.workers.cancel_group(self, "bot")
        self.hints.cancel()

    def on_resize(self, event: events.Resize) -> None:
        """Switch between the compact and the roomy layout when the terminal crosses
        :attr:`ROOMY_SIZE`; at a lesson, give its panel the log's room in a short terminal."""
        if self.lesson is not None:
            self.lesson.fit(self, event.size.height)
        if self.ROOMY_SIZE is None:
            return
        width, height = self.ROOMY_SIZE
        roomy = event.size.width >= width and event.size.height >= height
        if roomy != self.roomy:
            self.roomy = roomy
            self.set_class(roomy, "-roomy")
            self.relayout(roomy)
            self.redraw()

    def apply_ascii_mode(self, ascii_mode: bool) -> None:
        """Switch every shared widget and board on this screen to (or from) ASCII drawing."""
        for grid in self.query(BoardGrid):
            grid.ascii_mode = ascii_mode
        for widget in self.query("PlayerPanel, GameLog, PromptLine"):
            widget.ascii_mode = ascii_mode  # type: ignore[attr-defined]
        if self.is_mounted:
            self._refresh_all(force_log=True)

    def _follow_decider(self, initial: bool = False) -> None:
        """Move the viewer for hot-seat play: one person at the keyboard always sees as
        themselves, nobody sees anything while the curtain is up, and without a curtain the
        view follows the person who decides. Otherwise the viewer stays (the one who last
        lifted the curtain)."""
        seat_view = self.seat_view
        if not isinstance(seat_view, LocalSeatView):
            return  # a remote seat: its viewer is its own seat
        people = seat_view.acts_for
        if len(people) < 2:
            return  # one person (or nobody) at this keyboard: the viewer never moves
        if self._curtain_up:
            seat_view.look_as(None)
            return
        decision = seat_view.decision()
        if decision is not None and decision.seat in people and not self.curtain_needed():
            seat_view.look_as(decision.seat)
        elif initial:
            seat_view.look_as(None)

    # --- the table changed ----------------------------------------------------------------------

    def _table_changed(self, _: SeatView) -> None:
        self.hints.cancel()  # a hint about the position that was is no use
        self._refresh_all()
        self._autosave_if_due()
        self._ring_if_my_turn()
        self.call_later(self._advance)

    def _ring_if_my_turn(self) -> None:
        """A remote seat's turn has just come (others or bots decided, live): ring the bell.
        At one keyboard the player just moved themselves, so nothing rings there."""
        mine = not self.has_table and self.seat_view.may_act()
        if mine and not self._my_turn:
            self.app.bell()
        self._my_turn = mine

    def _refresh_all(self, force_log: bool = False) -> None:
        self._follow_decider()
        seat_view = self.seat_view
        for panel in self.query(PlayerPanel):
            panel.show(seat_view, self.panel_extras)
        since = self.since_last_turn()
        for log in self.query(GameLog):
            if force_log:
                log.clear()
            log.key_hint = LOG_KEY
            log.show(seat_view, since)
        for prompt in self.query(PromptLine):
            prompt.show_prompt(self.prompt_text() + self.clock_text())
        self.refresh_bindings()
        self.redraw()
        self.show_lesson()

    def show_lesson(self) -> None:
        """A lesson's words in its panel and its places pointed at on the board (nothing
        without a lesson)."""
        if self.lesson is None or not self.children:
            return  # no lesson, or not composed yet
        from gardens_tui.ui.screens.lesson import LessonPanel

        lines = self.lesson.lines()
        places = self.lesson.places()
        self.point_at(places)
        for panel in self.query(LessonPanel):
            panel.show(lines, self.lesson.heading)
        self.call_after_refresh(self.lesson.show_idea_whole, self)

    def on_screen_resume(self) -> None:
        """Back on top (a dialog closed): a lesson's new idea may show whole now."""
        if self.lesson is not None:
            self.call_after_refresh(self.lesson.show_idea_whole, self)

    def _autosave_if_due(self) -> None:
        if self._driver is None:
            return  # a remote seat: the table owner saves its table
        try:
            self.driver.autosave_if_due()
        except (OSError, ValueError) as error:
            notify_plain(self, f"Autosave failed: {error}", severity="warning")

    def _autosave_hook(self, table: Table) -> Path | None:
        """The driver's autosave: through :attr:`autosaver`, unless the setting is off; a
        lesson is kept in its own file instead (whatever the setting)."""
        if self.lesson is not None:
            return self.lesson.keep(table)
        if not self.settings.autosave:
            return None
        return self.autosaver(table)

    def autosave(self) -> Path | None:
        """Autosave now (unless the autosave setting is off) and return where it went; a
        failure is reported, never raised. The autosave never replaces progress this game does
        not hold (:func:`~gardens_tui.saves.autosave`). Nothing for a remote seat."""
        if self._driver is None:
            return None
        try:
            return self.driver.autosave()
        except (OSError, ValueError) as error:
            notify_plain(self, f"Autosave failed: {error}", severity="warning")
            return None

    def _advance(self) -> None:
        """Take the next step: the end screen, a bot's move, a person's forced step (played for
        them) or the curtain for a human."""
        if not screen_is_live(self) or self._curtain_up:
            return
        seat_view = self.seat_view
        if self.lesson is not None and not self._lesson_closed and self.lesson.run.finished():
            self._close_lesson()
            return
        decision = seat_view.decision()
        if decision is None:
            if not self._ended:
                self._ended = True
                end = self._end_screen()
                self.app.push_screen(end, self._end_chosen)
            return
        self._ended = False
        if self._bot_to_move():
            self._start_bot()
            return
        self.hurry_bots = False  # a person decides next: the bots keep their pace again
        if self._play_forced_step():
            return  # the table changed: _table_changed takes the next step
        if (
            decision.seat in seat_view.acts_for
            and self.curtain_needed()
            and decision.seat != seat_view.viewer
        ):
            self._curtain_up = True
            self._refresh_all()  # a spectator's view under the curtain
            name = seat_view.seats[decision.seat].name
            self.app.push_screen(CurtainScreen(name), self._curtain_lifted)

    def _close_lesson(self) -> None:
        """The lesson is over: keep it and show its closing, once (before the end screen when
        the game is over). From the board afterwards the game plays on as any game."""
        from gardens_tui.ui.screens.lesson import TO_MENU, closing_choice

        assert self.lesson is not None
        self._lesson_closed = True
        self.autosave()

        def chosen(choice: int | None) -> None:
            if choice == TO_MENU and screen_is_live(self):
                self.action_leave()
            elif screen_is_live(self):
                self.refresh_bindings()
                self.call_later(self._advance)  # the bots play on, or the end screen

        self.app.push_screen(closing_choice(self.lesson.run), chosen)

    def _play_forced_step(self) -> bool:
        """Play a person's forced step (a decision with one legal action: nothing to choose)
        for them; the log shows it. True if one was played."""
        decision = self._pending()
        action = lone_action(decision, self.seat_view.legal_actions()) if decision else None
        return action is not None and self.play(action)

    def _curtain_lifted(self, _: None = None) -> None:
        if not screen_is_live(self):
            return  # the game was closed while the curtain was up
        self._curtain_up = False
        decision = self.seat_view.decision()
        if isinstance(self.seat_view, LocalSeatView):
            self.seat_view.look_as(None if decision is None else decision.seat)
        self._refresh_all()
        self.call_later(self._advance)

    def _end_chosen(self, choice: EndChoice | None) -> None:
        if not screen_is_live(self):
            return
        if choice == "quit":
            self.app.exit()
        elif choice == "menu":
            self.action_leave()
        elif choice == "new":
            self.app.call_later(self.app.run_action, "new_game")
        elif choice == "rematch":
            self.app.call_later(self.app.run_action, "rematch")
        elif choice == "board":
            self.refresh_bindings()  # "e Scores", "v Replay" and "w Review" join the footer
        elif choice == "replay":
            self.action_replay()
        elif choice == "review":
            self.refresh_bindings()  # back from the review: the board, as after "board"
            self.action_review()

    # --- bots -----------------------------------------------------------------------------------

    def bot_for(self, seat: int) -> Bot:
        """The bot playing ``seat`` (made once, seeded from the table's seed and the seat)."""
        return self.driver.bot_for(seat)

    def _start_bot(self, *, stand_in: bool = False) -> None:
        if self.bot_thinking or self.bot_error is not None or self._driver is None:
            return
        turn = self.driver.bot_turn(stand_in=stand_in)
        if turn is None:
            return
        self.bot_thinking = True
        # (a partial, not a coroutine: an undo in the same burst of keys may cancel the worker
        # before it starts, and a coroutine never started warns "never awaited" on stderr)
        work = partial(self._bot_turn, turn, stand_in)
        # (typed: from a partial alone mypy cannot tell the worker's result type)
        _worker: Worker[None] = self.run_worker(work, group="bot", exit_on_error=False)

    def bot_step_delay(self, turn: BotTurn) -> float:
        """Seconds a bot's step waits before it is played, so that each step can be seen: the
        settings' ``bot_delay_ms`` (or :attr:`bot_delay_ms`), nothing for a forced step or once
        ``s`` hurried the bots on."""
        delay = self.settings.bot_delay_ms if self.bot_delay_ms is None else self.bot_delay_ms
        return 0.0 if self.hurry_bots else step_pause(turn, delay / 1000)

    async def _bot_turn(self, turn: BotTurn, stand_in: bool = False) -> None:
        """Wait out the visible delay (cut short by ``s``), let the bot choose in a thread
        (from its view only), then play its choice unless the position changed meanwhile."""
        try:
            delay = self.bot_step_delay(turn)
            if delay > 0:
                self._wake_bot = asyncio.Event()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake_bot.wait(), delay)
                self._wake_bot = None
            action = await asyncio.to_thread(self.driver.choose, turn)
        except BotError as error:
            self.bot_thinking = False
            if screen_is_live(self):
                self._bot_failed(error, turn, stand_in)
            return
        except BaseException:  # cancelled: the screen is closing
            self.bot_thinking = False
            getattr(turn.bot, "cancel", lambda: None)()  # a search stops at once, not at its budget
            raise
        self.bot_thinking = False
        if not screen_is_live(self):
            return  # the game was closed while the bot thought
        try:
            played = self.driver.play(turn.seat, action, turn.version)
        except BotError as error:
            self._bot_failed(error, turn, stand_in)
            return
        if played:
            self._failed_version = None
        else:
            self.call_later(self._advance)  # the position changed meanwhile: think again

    def _bot_failed(self, error: BotError, turn: BotTurn, stand_in: bool) -> None:
        """Report a bot's failure and wait for ``r``; if the seat's bot already failed this very
        position, let a stand-in play any legal move for it instead."""
        if not stand_in and self._failed_version == turn.version:
            notify_plain(
                self,
                f"{error}\nIt failed twice here, so a stand-in plays any legal move for "
                f"{turn.name} this once.",
                title="A bot could not decide",
                severity="warning",
                timeout=BOT_FAILED_TIMEOUT,
            )
            self._failed_version = None
            self._start_bot(stand_in=True)
            return
        self._failed_version = None if stand_in else turn.version
        self.bot_error = error
        notify_plain(
            self,
            f"{error}\nNothing was played. Press r to try again (if it fails again, a stand-in "
            "plays any legal move for it), or Escape for the menu: the game is autosaved.",
            title="A bot could not decide",
            severity="error",
            timeout=BOT_FAILED_TIMEOUT,
        )
        self._refresh_all()

    # --- playing --------------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Apply ``action`` as the deciding seat through the seat view. An illegal action (or
        one this keyboard may not play now) changes nothing: its reason is shown in the prompt
        line and False returned. At a lesson, the lesson judges the move first."""
        refused = None if self.lesson is None else self.lesson.before_move(action)
        try:
            self.seat_view.apply(action)
        except IllegalAction as error:
            if refused is not None:
                refused()
            self.show_error(str(error))
            return False
        return True

    def play_text(self, text: str) -> bool:
        """Read ``text`` in the game's notation and :meth:`play` it."""
        try:
            if self.lesson is not None:  # the lesson judges the move before it is played
                return self.play(self.seat_view.game.read_action(self.view_state, text))
            self.seat_view.apply_text(text)
        except IllegalAction as error:
            self.show_error(str(error))
            return False
        return True

    def offer_choices(
        self, title: str, labels: Sequence[str], on_choice: Callable[[int], object]
    ) -> None:
        """List ``labels`` under ``title`` (a :class:`ChoiceScreen`) and call ``on_choice`` with
        the index chosen, unless the list was cancelled, the game closed or the position moved
        on while it was open (a bot played, the table changed): the choice was made about the
        position listed."""
        from gardens_tui.ui.screens.choice import ChoiceScreen

        listed = self.view_state

        def chosen(index: int | None) -> None:
            if index is not None and 0 <= index < len(labels) and self.choice_still_stands(listed):
                on_choice(index)

        if self.is_active:
            self.app.push_screen(ChoiceScreen(title, list(labels)), chosen)

    def choice_still_stands(self, listed: GameState) -> bool:
        """Whether a choice made from a list of the position ``listed`` may be carried out
        now: the screen is still up and the position has not moved on while the list was open
        (a bot played, another seat's move arrived). A choice that came too late is not
        played, and the player is told so."""
        if not screen_is_live(self):
            return False
        if self.view_state is not listed:
            self.show_error("The game moved on while the list was open: nothing played")
            return False
        return True

    def action_not_yours(self) -> None:
        """A decision key pressed while nobody at this keyboard decides
        (:func:`not_yours_bindings`): say whose decision it is."""
        self._not_your_turn()

    def _not_your_turn(self) -> None:
        """Refuse a board choice made while nobody at this keyboard decides: say whose decision
        it is (or that the game is over)."""
        seat = self.view_state.current_player
        if seat is None:
            self.show_error("The game is over.")
        else:
            self.show_error(f"It is {possessive(self.seat_view.seats[seat].name)} decision now.")

    def on_board_grid_nothing_selected(self, event: BoardGrid.NothingSelected) -> None:
        """Enter on an empty board (nothing placed yet): say where the choice is made instead of
        doing nothing."""
        event.stop()
        self.show_error("Nothing to choose on the board yet: see the prompt")

    def show_note(self, text: str) -> None:
        """Show ``text`` in the prompt line in place of the prompt (what the app is doing for
        the player, e.g. working out a hint) until :meth:`restore_prompt` or the next change at
        the table."""
        for prompt in self.query(PromptLine):
            prompt.show_prompt(text)

    def forget_refusal(self) -> None:
        """The player made a choice: a refusal shown on the prompt line gives way to the prompt
        (it was about the choice before)."""
        for prompt in self.query(PromptLine):
            if prompt.error_text is not None:
                prompt.show_prompt(self.prompt_text() + self.clock_text())

    def restore_prompt(self) -> None:
        """Show the prompt again in the prompt line (after :meth:`show_note` or an error)."""
        for prompt in self.query(PromptLine):
            prompt.show_prompt(self.prompt_text() + self.clock_text())

    def show_error(self, message: str) -> None:
        """Show a refusal in the prompt line (and ring the bell)."""
        self._clock_held = 0  # the countdown leaves it up for a few ticks
        for prompt in self.query(PromptLine):
            prompt.show_error(message)
        self.app.bell()

    # --- actions --------------------------------------------------------------------------------

    def can_undo_now(self) -> bool:
        """The table would undo for a person at this keyboard now: the one deciding, or the
        one who decided last while a bot has yet to act on it (and no curtain is up)."""
        return not self._curtain_up and self.seat_view.can_undo()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo is shown only while the table allows it for this keyboard (its hidden twin
        ``undo_refused`` runs the other times); pass, roll and retry are shown only while they
        apply; no key acts before the screen is up or once it is closing."""
        if self.dismissed or not self.is_mounted:
            return False
        if action == "undo":
            return self.can_undo_now()
        if action == "undo_refused":
            return not self.can_undo_now()
        if action == "pass_window":
            decision = self._pending()
            return decision is not None and decision.optional and bool(decision.pass_action)
        if action == "roll":
            decision = self._pending()
            return decision is not None and decision.skill is not None
        if action == "retry_bot":
            return self.bot_error is not None and not self.bot_thinking
        if action == "save":
            return self.has_table  # a remote seat: no files of this terminal's choosing
        if action in ("leave", "leave_table"):  # Escape: to the menu, or to the lobby
            return self.has_table == (action == "leave")
        if action == "not_yours":
            return not self.human_to_move()
        if action == "chat":
            return not self.has_table  # a remote table: a line to everyone there
        if action == "replay" and not self.has_table:
            return False
        if action == "review" and not self.can_review():
            return False
        if action in ("scores", "replay", "review"):
            return self.seat_view.decision() is None  # once the game is over
        if action == "hurry_bots":
            return not self.hurry_bots and self.bot_error is None and self._bot_to_move()
        return True

    def action_undo(self) -> None:
        """Take back the latest decision if the table allows it, else say why."""
        if self._curtain_up:
            self.action_undo_refused()
            return
        waiting = self.bot_thinking  # a bot about to act on the decision taken back
        if not self.seat_view.undo():
            self.action_undo_refused()
        elif waiting:
            self.workers.cancel_group(self, "bot")
            # A turn cancelled before its worker ran never clears the flag itself, and a
            # bot that is "thinking" is never started again.
            self.bot_thinking = False

    def undo_refusal(self) -> str | None:
        """Why ``u`` would take nothing back now (``None``: it would)."""
        if self.can_undo_now():
            return None
        if self._curtain_up:
            return "the keyboard is being passed on"
        return self.seat_view.undo_refusal() or "there is nothing to undo here"

    def action_hint(self) -> None:
        """Ask the strong search for the deciding person's best action (on their view only),
        or say why not (:class:`~gardens_tui.ui.screens.hint.HintAsker`)."""
        self.hints.ask()

    def action_undo_refused(self) -> None:
        """Say in the prompt line why undo takes nothing back now."""
        reason = self.undo_refusal()
        if reason is not None:
            self.show_error(f"Cannot undo: {reason}.")

    async def action_chat(self) -> None:
        """Say a line to everyone at a remote table (the app's chat dialog)."""
        if not self.has_table:
            await self.app.run_action("chat")

    def action_toggle_log(self) -> None:
        """Move the focus to the game log (to scroll it with the keys), or back to where it was
        before. A lesson in a short terminal shows the log in its panel's place meanwhile."""
        log = next(iter(self.query(GameLog)), None)
        if log is None:
            return
        if self.lesson is not None:
            self.lesson.show_panel_or_log(self, log_shown=self.focused is not log)
        if self.focused is not log:
            self._focus_before_log = self.focused
            log.focus()
            return
        before, self._focus_before_log = self._focus_before_log, None
        if before is not None and before.is_attached and before.focusable:
            before.focus()
        else:
            self.focus_next()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The log, shown in a lesson panel's place, gives the place back when another widget
        takes the focus (a click on the board, Tab)."""
        if self.lesson is not None and not isinstance(event.widget, GameLog):
            self.lesson.show_panel_or_log(self, log_shown=False)

    def action_pass_window(self) -> None:
        """Let an optional window go: play the decision's ``pass_action``."""
        decision = self._pending()
        if decision is not None and decision.optional and decision.pass_action is not None:
            self.play(decision.pass_action)

    def action_roll(self) -> None:
        """Settle a skill decision: :meth:`run_skill`'s outcome, or ROLL by default."""
        decision = self._pending()
        if decision is None or decision.skill is None:
            return
        outcome = self.run_skill(decision)
        if outcome is None:
            self.play(ROLL)
            return
        version = self.seat_view.version

        async def settle(pending: Awaitable[Action | None]) -> None:
            try:
                action = await pending
            except Exception as error:  # the minigame's bug: say so; r tries again
                if screen_is_live(self):
                    self.show_error(f"The {decision.skill} could not be settled: {error}")
                return
            if action is not None and screen_is_live(self) and self.seat_view.version == version:
                self.play(action)

        _worker: Worker[None] = self.run_worker(  # (typed: see _start_bot)
            partial(settle, outcome), group="skill", exclusive=True, exit_on_error=False
        )

    def action_hurry_bots(self) -> None:
        """Let the bots play on without pausing until a person must decide."""
        self.hurry_bots = True
        if self._wake_bot is not None:
            self._wake_bot.set()
        self.refresh_bindings()

    def action_retry_bot(self) -> None:
        """Let the bot that failed try again."""
        if self.bot_error is None:
            return
        self.bot_error = None
        self._refresh_all()
        self._advance()

    def action_save(self) -> None:
        """Ask for the save's name in the "Save game" dialog
        (:class:`~gardens_tui.ui.screens.save_dialog.SaveDialog`: prefilled with the name of
        :attr:`save_path`, or a new default), then :meth:`save_to` the path it gives. Escape
        there writes nothing; nothing happens while a save dialog is already up."""
        from gardens_tui.ui.screens.save_dialog import SaveDialog

        if not self.has_table:
            return  # a remote seat: the table owner saves; no path is typed here
        if any(isinstance(screen, SaveDialog) for screen in self.app.screen_stack):
            return

        def chosen(path: Path | None) -> None:
            if path is not None and screen_is_live(self):
                self.save_to(path)

        self.app.push_screen(SaveDialog(self.table, self.save_path), chosen)

    def _new_save_path(self) -> Path:
        """A new file in ``saves_dir()`` (created if needed) named after the game and now
        (``-2``, ``-3``... added while that name is taken)."""
        folder = saves.saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / save_name(self.table, datetime.now())
        stem, number = path.stem, 2
        while path.exists() or path.is_symlink():
            path, number = folder / f"{stem}-{number}.json", number + 1
        return path

    def key_help(self, rows: Iterable[KeyHelp]) -> list[KeyHelp]:
        """A game's key table as this screen offers it: at a remote table there is no
        ``ctrl+s`` (no saves of this terminal's choosing), Escape goes back to the lobby and
        ``ctrl+t`` chats."""
        if self.has_table:
            return list(rows)
        shown = [
            (key, text.replace("the menu", "the lobby") if key == "esc" else text)
            for key, text in rows
            if key != "ctrl+s"
        ]
        return [*shown, ("ctrl+t", "Chat: say a line to everyone at the table")]

    def action_leave_table(self) -> None:
        """Back to the lobby from a remote table (the seat stays held): :meth:`action_leave`."""
        self.action_leave()

    def action_leave(self) -> None:
        """Back to the menu (after an autosave, so "continue" picks up from here).

        Only while this screen is the active one and not already leaving: a second Escape in
        the same burst, or one that arrives after a dialog opened, does nothing.
        """
        if self.dismissed or not self.is_active or len(self.app.screen_stack) < 2:
            return
        self.autosave()
        self.dismiss(None)

    # --- saving under a name and the end of the game ------------------------------------------

    def save_to(self, path: Path) -> None:
        """Write the game to ``path`` (the save dialog's choice) and say where; a failure is
        reported, never raised. The saves folder is created when needed.

        The save layer's protections hold: a file that is not a gardens-tui save is never
        replaced (the notice gives its reason), and if ``path`` is :attr:`save_path` and somebody
        else changed it since this game read or wrote it, that file is left alone and the game
        goes to a new file in ``saves_dir()``, which the notice names. Afterwards
        :attr:`save_path` is the file written.
        """
        if not self.has_table:
            return
        own = self.save_path is not None and path == self.save_path
        try:
            if path.parent == saves.saves_dir():
                path.parent.mkdir(parents=True, exist_ok=True)
            written = saves.write_save(
                self.table,
                path,
                expect=None if self._save_file is None or not own else self._save_file.digest,
            )
            changed_elsewhere = None
        except saves.FileChangedError as changed:
            changed_elsewhere = changed.path
            try:
                written = saves.write_save(self.table, self._new_save_path())
            except (OSError, ValueError) as error:
                notify_plain(self, f"Could not save: {error}", severity="error")
                return
        except (OSError, ValueError) as error:
            notify_plain(self, f"Could not save: {error}", severity="error")
            return
        self.save_path, self._save_file = written.path, written
        if changed_elsewhere is None:
            notify_plain(self, f"Saved to {written}", title="Saved", timeout=6)
        else:
            notify_plain(
                self,
                f"{changed_elsewhere} was changed by another program since this game was "
                f"opened or saved, so it was left as it is. Saved to {written} instead.",
                title="Saved to a new file",
                severity="warning",
                timeout=12,
            )

    def _end_screen(self) -> EndScreen:
        """The end screen for this seat: no Replay at a remote table (its history stays with
        the owner) and no Rematch for a spectator there (it was not their game)."""
        return EndScreen(
            self.seat_view,
            ascii_mode=self.ascii_mode,
            replay=self.has_table,
            rematch=self.has_table or self.seat_view.viewer is not None,
            review=self.can_review(),
        )

    def action_scores(self) -> None:
        """Show the final score table again (the end screen, with all its choices); nothing
        while the game is not over or the end screen is already up."""
        if self.seat_view.decision() is not None or not self.is_active:
            return
        self._ended = True
        end = self._end_screen()
        self.app.push_screen(end, self._end_chosen)

    def action_replay(self) -> None:
        """Step through this game move by move (a replay over this screen; Escape returns)."""
        from gardens_tui.ui.app import GardensApp

        if self.is_active and self.has_table and isinstance(self.app, GardensApp):
            self.app.open_replay(self.table)

    # --- the review of a finished game --------------------------------------------------------

    def can_review(self) -> bool:
        """A review of this game is possible: its history is on this computer (not a remote
        table's) and a person played it (a bots-only game is nobody's to review)."""
        return self.has_table and any(not seat.is_bot for seat in self.table.seats)

    def review_seat(self) -> int | None:
        """Whose game a review is of, when that needs no question: the seat view's viewer when
        the view is that one person's, else the only person at the table; ``None`` with
        several people at a hot seat (whose eyes the view has there is only whoever lifted the
        curtain last), and then the person is asked."""
        people = [index for index, seat in enumerate(self.table.seats) if not seat.is_bot]
        viewer = self.seat_view.viewer
        if viewer is not None and viewer in people and self.seat_view.acts_for <= {viewer}:
            return viewer
        return people[0] if len(people) == 1 else None

    def action_review(self) -> None:
        """Review a person's finished game (:class:`~gardens_tui.ui.screens.review.ReviewScreen`
        over this screen; Escape returns to the board). With several people at a hot seat,
        asks whose game first."""
        if not self.is_active or not self.can_review() or self.seat_view.decision() is not None:
            return
        seat = self.review_seat()
        if seat is not None:
            self._open_review(seat)
            return
        people = [index for index, seat in enumerate(self.table.seats) if not seat.is_bot]

        def chosen(index: int | None) -> None:
            if index is not None and screen_is_live(self):
                self._open_review(people[index])

        names = [self.table.seats[index].name for index in people]
        self.app.push_screen(ChoiceScreen("Whose game to review?", names), chosen)

    def _open_review(self, seat: int) -> None:
        from gardens_tui.ui.screens.review import ReviewScreen

        find, compare = self.review_budgets or (None, None)
        screen = ReviewScreen(
            self.table, seat, ascii_mode=self.ascii_mode, find=find, compare=compare
        )
        self.app.push_screen(screen, self._review_closed)

    def _review_closed(self, _: None = None) -> None:
        """Back from the review: the board, its footer with the end-of-game keys."""
        if screen_is_live(self):
            self.refresh_bindings()
