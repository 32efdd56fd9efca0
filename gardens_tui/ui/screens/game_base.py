"""GameScreen: the base of every game's screen.

A game screen holds a :class:`~gardens_tui.table.Table` (never a copy of the state) and redraws
whenever the table tells it something changed. The base does everything that is the same for
every game:

- composes the shared pieces around the game's own board (:meth:`GameScreen.compose_board`): the
  player panel (who is to move, live provisional scores), the game log (last move highlighted),
  the decision prompt line and the footer with the keys;
- plays the bots' seats in a worker (the bot's ``choose`` runs in a thread after the settings'
  visible delay), so the interface never freezes;
- shows the hot-seat curtain between two human seats when the game hides information;
- undo (``u``, greyed out when the table does not allow it), save (``ctrl+s``), autosave after
  every turn and at the end, and the end screen when the game is over;
- :meth:`GameScreen.play` applies an action and shows an :class:`IllegalAction` in the prompt
  line instead of changing anything.

A game screen subclasses it, yields its widgets from :meth:`compose_board`, redraws them in
:meth:`redraw` (from :attr:`view_state`, what the seat at the keyboard may see) and calls
:meth:`play` when the player chooses.

All table changes must happen on the UI thread (the bot worker applies its action there).
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from gardens_tui import saves
from gardens_tui.bots import Bot, make_bot
from gardens_tui.rules.base import Action, GameState, IllegalAction
from gardens_tui.saves import FileVersion
from gardens_tui.settings import Settings
from gardens_tui.table import Table
from gardens_tui.ui.compositor import ClippedCompositor
from gardens_tui.ui.literal import literal, notify_plain
from gardens_tui.ui.screens.curtain import CurtainScreen, needs_curtain
from gardens_tui.ui.screens.end import EndChoice, EndScreen
from gardens_tui.ui.screens.modal import DismissOnce, screen_is_live
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.game_log import GameLog
from gardens_tui.ui.widgets.player_panel import PlayerPanel
from gardens_tui.ui.widgets.prompt import PromptLine


def save_name(table: Table, now: datetime) -> str:
    """The file name of a new save: ``<game>-<YYYYmmdd-HHMMSS>.json``."""
    return f"{table.setup.game}-{now:%Y%m%d-%H%M%S}.json"


class GameScreen(DismissOnce[None]):
    """The base of every game screen: see the module docstring for what it provides.

    ``table`` is the game being played; ``save_path`` is where ``ctrl+s`` writes (a new file in
    ``data_dir()/saves`` when ``None``; after the first save, that file). ``source`` is the file
    the table was read from, as it was then: saving back to it refuses to overwrite a change
    somebody else made meanwhile (the game is then saved to a new file instead), and the
    autosave it came from is this game's to replace (:func:`~gardens_tui.saves.autosave`).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "leave", "Menu"),
    ]

    DEFAULT_CSS = """
    GameScreen #game-body { height: 1fr; }
    GameScreen #game-main { width: 1fr; height: 1fr; align: center middle; }
    GameScreen #game-side { width: 32; height: 1fr; }
    """

    def __init__(
        self, table: Table, save_path: Path | None = None, *, source: FileVersion | None = None
    ) -> None:
        super().__init__()
        # A cursor key changes a board row and the info line: render only those rows.
        self._compositor = ClippedCompositor()
        self.table = table
        self.save_path = save_path
        self.bot_delay_ms: int | None = None
        """Overrides the settings' bot delay when set (tests use 0)."""
        self.bot_thinking = False
        """A bot worker is choosing or waiting out its visible delay."""
        self._bots: dict[int, Bot] = {}
        self._viewer: int | None = None
        self._curtain_up = False
        self._ended = False
        self._autosaved: tuple[int, bool] = (table.state.turn, table.state.is_over)
        in_autosaves = source is not None and source.path.parent == saves.autosaves_dir()
        self._autosave_file: FileVersion | None = source if in_autosaves else None
        """Where this game was last autosaved (or the autosave it was opened from)."""
        self._save_file: FileVersion | None = (
            source if source is not None and save_path is not None else None
        )
        """:attr:`save_path` as this game last read or wrote it (``None``: not yet)."""
        self._last_state: GameState | None = None

    # --- what subclasses provide --------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The game's own widgets (board, market, hands). The default shows the text rendering."""
        yield Static(id="board-text", markup=False)

    def redraw(self) -> None:
        """Redraw the game's own widgets from :attr:`view_state` (called after every change)."""
        for board in self.query("#board-text").results(Static):
            board.update(literal(self.table.game.render_text(self.view_state, self.viewer)))

    def prompt_text(self) -> str:
        """The prompt line's text: who decides what. Subclasses may add hints."""
        state = self.table.state
        if state.is_over:
            return "The game is over."
        decision = state.decision
        seat = self.table.seat_to_move()
        if decision is None or seat is None:
            return ""
        who = f"{seat.name} (bot, thinking…)" if seat.is_bot else seat.name
        return f"{who}: {decision.prompt}"

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
        """The seat whose secrets may be shown now (``None``: show only public information).

        One human at the table: always that seat. Several humans: the one who last lifted the
        curtain, or the human to move when the game hides nothing. Only bots: nobody.
        """
        humans = [i for i, seat in enumerate(self.table.seats) if not seat.is_bot]
        if len(humans) == 1:
            return humans[0]
        if not humans or self._curtain_up:
            return None
        return self._viewer

    @property
    def view_state(self) -> GameState:
        """The position as :attr:`viewer` may see it."""
        view: GameState = self.table.game.view(self.table.state, self.viewer)
        return view

    def curtain_needed(self) -> bool:
        """The curtain setting is on and :func:`needs_curtain` says the table needs it."""
        return bool(self.settings.curtain) and needs_curtain(self.table)

    def show_legal(self) -> bool:
        """Whether boards should highlight the legal targets (the ``show_legal`` setting)."""
        return bool(self.settings.show_legal)

    def human_to_move(self) -> bool:
        """A human seat must decide now (so the keyboard may act)."""
        seat = self.table.seat_to_move()
        return seat is not None and not seat.is_bot and not self._curtain_up

    # --- composing and lifecycle --------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The game's board beside the player panel and log; prompt and footer below."""
        with Horizontal(id="game-body"):
            with Vertical(id="game-main"):
                yield from self.compose_board()
            with Vertical(id="game-side"):
                yield PlayerPanel(ascii_mode=self.ascii_mode)
                yield GameLog(ascii_mode=self.ascii_mode)
        yield PromptLine(ascii_mode=self.ascii_mode)
        yield Footer()

    def on_mount(self) -> None:
        """Start listening to the table and take the first step (a bot, a curtain, the end)."""
        self.sub_title = self.table.game.spec.title
        self.apply_ascii_mode(self.ascii_mode)
        self.table.add_listener(self._table_changed)
        self._viewer = self._initial_viewer()
        self._refresh_all()
        self.call_after_refresh(self._advance)

    def on_unmount(self) -> None:
        """Stop listening; a bot still thinking is abandoned."""
        self.table.remove_listener(self._table_changed)
        self.workers.cancel_group(self, "bot")

    def apply_ascii_mode(self, ascii_mode: bool) -> None:
        """Switch every shared widget and board on this screen to (or from) ASCII drawing."""
        for grid in self.query(BoardGrid):
            grid.ascii_mode = ascii_mode
        for widget in self.query("PlayerPanel, GameLog, PromptLine"):
            widget.ascii_mode = ascii_mode  # type: ignore[attr-defined]
        if self.is_mounted:
            self._refresh_all(force_log=True)

    def _initial_viewer(self) -> int | None:
        seat = self.table.state.current_player
        if seat is not None and not self.table.seats[seat].is_bot and not self.curtain_needed():
            return seat
        return None

    # --- the table changed ----------------------------------------------------------------------

    def _table_changed(self, table: Table) -> None:
        self._refresh_all()
        self._autosave_if_due()
        self.call_later(self._advance)

    def _refresh_all(self, force_log: bool = False) -> None:
        table = self.table
        for panel in self.query(PlayerPanel):
            panel.show(table)
        for log in self.query(GameLog):
            if force_log:
                log.clear()
            log.show(table)
        for prompt in self.query(PromptLine):
            prompt.show_prompt(self.prompt_text())
        self.refresh_bindings()
        if not self._curtain_up:
            seat = table.state.current_player
            if seat is not None and not table.seats[seat].is_bot and not self.curtain_needed():
                self._viewer = seat
        self.redraw()

    def _autosave_if_due(self) -> None:
        state = self.table.state
        mark = (state.turn, state.is_over)
        if mark != self._autosaved:
            self._autosaved = mark
            self.autosave()

    def autosave(self) -> Path | None:
        """Autosave now (unless the autosave setting is off) and return where it went; a
        failure is reported, never raised. The autosave never replaces progress this game does
        not hold (:func:`~gardens_tui.saves.autosave`)."""
        if not self.settings.autosave:
            return None
        try:
            self._autosave_file = saves.autosave(self.table, self._autosave_file)
        except (OSError, ValueError) as error:
            notify_plain(self, f"Autosave failed: {error}", severity="warning")
            return None
        return self._autosave_file.path

    def _advance(self) -> None:
        """Take the next step: the end screen, a bot's move, or the curtain for a human."""
        if not screen_is_live(self) or self._curtain_up:
            return
        table = self.table
        state = table.state
        if state.is_over:
            if not self._ended:
                self._ended = True
                self.app.push_screen(EndScreen(table, ascii_mode=self.ascii_mode), self._end_chosen)
            return
        self._ended = False
        seat = state.current_player
        if seat is None:
            return
        if table.seats[seat].is_bot:
            self._start_bot(seat)
        elif self.curtain_needed() and seat != self._viewer and not self._curtain_up:
            self._curtain_up = True
            self.redraw()
            self.app.push_screen(CurtainScreen(table.seats[seat].name), self._curtain_lifted)

    def _curtain_lifted(self, _: None = None) -> None:
        if not screen_is_live(self):
            return  # the game was closed while the curtain was up
        self._curtain_up = False
        self._viewer = self.table.state.current_player
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

    # --- bots -----------------------------------------------------------------------------------

    def bot_for(self, seat: int) -> Bot:
        """The bot playing ``seat`` (made once, seeded from the table's seed and the seat)."""
        if seat not in self._bots:
            level = self.table.seats[seat].bot or "random"
            self._bots[seat] = make_bot(level, self.table.setup.seed * 31 + seat + 1)
        return self._bots[seat]

    def _start_bot(self, seat: int) -> None:
        if self.bot_thinking:
            return
        self.bot_thinking = True
        self.run_worker(self._bot_turn(self.table.state, seat), group="bot", exit_on_error=False)

    async def _bot_turn(self, state: GameState, seat: int) -> None:
        try:
            delay = self.settings.bot_delay_ms if self.bot_delay_ms is None else self.bot_delay_ms
            if delay > 0:
                await asyncio.sleep(delay / 1000)
            bot = self.bot_for(seat)
            game: Any = self.table.game
            action = await asyncio.to_thread(bot.choose, game, state)
        except Exception as error:  # a bot bug must not take the app down
            self.bot_thinking = False
            if screen_is_live(self):
                notify_plain(self, f"The bot failed: {error}", severity="error")
            return
        self.bot_thinking = False
        if not screen_is_live(self):
            return  # the game was closed while the bot thought
        if self.table.state is not state:
            return  # the position changed while the bot thought (undo, load): think again
        self.play(action)

    # --- playing --------------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Apply ``action`` to the table. An illegal action changes nothing: its reason is shown
        in the prompt line and False returned."""
        try:
            self.table.apply(action)
        except IllegalAction as error:
            self.show_error(str(error))
            return False
        return True

    def play_text(self, text: str) -> bool:
        """Parse ``text`` in the game's notation and :meth:`play` it."""
        try:
            action = self.table.game.parse_action(self.table.state, text)
        except IllegalAction as error:
            self.show_error(str(error))
            return False
        return self.play(action)

    def show_error(self, message: str) -> None:
        """Show a refusal in the prompt line (and ring the bell)."""
        for prompt in self.query(PromptLine):
            prompt.show_error(message)
        self.app.bell()

    # --- actions --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo is shown greyed out when the table does not allow it for the seat to move; no
        key acts before the screen is up or once it is closing."""
        if self.dismissed or not self.is_mounted:
            return False
        if action == "undo":
            return True if self.human_to_move() and self.table.can_undo() else None
        return True

    def action_undo(self) -> None:
        """Take back the latest decision if the table allows it."""
        if not self.human_to_move() or not self.table.undo():
            notify_plain(self, "Nothing to undo here.", severity="warning", timeout=3)

    def action_save(self) -> None:
        """Save to :attr:`save_path` (or a new file in ``saves_dir()``) and say where.

        If somebody else changed :attr:`save_path` since this game read or wrote it, that file
        is left alone and the game goes to a new file in ``saves_dir()``, which the notice names.
        """
        try:
            written = saves.write_save(
                self.table,
                self.save_path or self._new_save_path(),
                expect=None if self._save_file is None else self._save_file.digest,
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

    def _new_save_path(self) -> Path:
        """A new file in ``saves_dir()`` (created if needed) named after the game and now."""
        folder = saves.saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return folder / save_name(self.table, datetime.now())

    def action_leave(self) -> None:
        """Back to the menu (after an autosave, so "continue" picks up from here).

        Only while this screen is the active one and not already leaving: a second Escape in
        the same burst, or one that arrives after a dialog opened, does nothing.
        """
        if self.dismissed or not self.is_active or len(self.app.screen_stack) < 2:
            return
        self.autosave()
        self.dismiss(None)
