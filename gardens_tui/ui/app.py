"""GardensApp and create_app(): the one factory the command line and the tests use."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from gardens_tui import saves
from gardens_tui.settings import Settings, load_settings, save_settings
from gardens_tui.ui.ascii_mode import install as install_plain_scroll_bars
from gardens_tui.ui.contrast import legible_variables
from gardens_tui.ui.css_cache import install_shared_css_cache
from gardens_tui.ui.lazy_strips import install_lazy_strip_caches
from gardens_tui.ui.literal import notify_plain
from gardens_tui.ui.option_paging import install_safe_paging
from gardens_tui.ui.screens.menu import MainMenu
from gardens_tui.ui.terminal_input import install_lenient_decoding
from gardens_tui.ui.widgets.glyphs import ascii_keys
from gardens_tui.ui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallNotice

DIALOG_ROOM = 88
"""Columns from which a dialog (76 wide) leaves a clear margin of screen on each side."""

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from textual.app import SystemCommand

    from gardens_tui.lessons.base import LessonRun
    from gardens_tui.rules.base import GameSpec
    from gardens_tui.saves import FileVersion
    from gardens_tui.seats import SeatView
    from gardens_tui.server.lobby.client import OwnerConnection
    from gardens_tui.table import Setup, Table
    from gardens_tui.ui.screens.game_base import GameScreen
    from gardens_tui.ui.screens.help import KeyHelp

# Only what the main menu needs is imported at start: the games (rules, table, game screens) and
# the dialogs are imported when first opened, so the menu's first frame comes sooner.


class GardensApp(App[None]):
    """The gardens-tui application.

    The main menu is the bottom screen; a game screen is pushed over it (and popped to return).
    ``settings`` are read at start and written whenever the settings dialog saves. With a
    ``table`` the app opens straight into that game's screen.

    With a ``lobby`` (a connection to the SSH server's table owner) the bottom screen is the
    lobby of the owner's tables (:mod:`gardens_tui.ui.screens.lobby`) and games are played on
    remote seats (:meth:`open_seat`); nothing is loaded or saved from a path then: continue,
    load and the save key are off. An error the app did not expect then ends it without
    printing anything on the player's terminal: the details are kept in :attr:`failure` for
    the server's incident report (:mod:`gardens_tui.server.session.app_child`).
    """

    CSS_PATH = "app.tcss"
    TITLE = "gardens-tui"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help", key_display="?"),
    ]

    # Below 80x24 every screen shows the "terminal too small" notice; below DIALOG_ROOM
    # columns a dialog takes the whole width, so that no panel's border peeks out beside it
    # in a column or two (see app.tcss).
    HORIZONTAL_BREAKPOINTS = [
        (0, "-too-narrow"),
        (MIN_WIDTH, "-narrow"),
        (DIALOG_ROOM, "-wide-enough"),
    ]
    VERTICAL_BREAKPOINTS = [
        (0, "-too-short"),
        (MIN_HEIGHT, "-tall-enough"),
    ]

    def __init__(
        self,
        table: Table | None = None,
        save_path: Path | None = None,
        *,
        settings: Settings | None = None,
        source: FileVersion | None = None,
        lobby: OwnerConnection | None = None,
        join: str | None = None,
    ) -> None:
        super().__init__()
        self.lobby = lobby
        """The table owner's connection in lobby mode (``None``: the local app)."""
        self.lobby_join = join
        """In lobby mode, the code of a table the lobby sits its person at once connected (a
        guest's invitation; ``None``: none)."""
        self.settings = settings if settings is not None else load_settings()
        self._initial_table = table
        self._initial_save_path = save_path
        self._initial_source = source
        self.last_setup: Setup | None = table.setup if table is not None else None
        self.seed_chooser: Any = None
        """Picks the seed of a new game when the dialog's seed is blank (tests fix it)."""
        self.failure: str | None = None
        """In lobby mode, what ended the app when something went wrong (a traceback, for the
        server's log; ``None``: nothing did)."""

    # --- failures -------------------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """Textual's handling of an unexpected error (the app ends); in lobby mode the error's
        traceback is kept in :attr:`failure` first."""
        if self.lobby is not None and self.failure is None:
            cause = getattr(error, "error", None)  # a WorkerFailed holds the worker's error
            shown = cause if isinstance(cause, BaseException) else error
            self.failure = "".join(traceback.format_exception(shown))
        super()._handle_exception(error)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's system commands, without the screenshot in lobby mode (it would write a
        file on the server)."""
        for command in super().get_system_commands(screen):
            if self.lobby is None or "screenshot" not in command.title.lower():
                yield command

    def _print_error_renderables(self) -> None:
        """Textual prints what ended the app on the terminal; in lobby mode (a stranger's
        terminal) nothing is printed: it goes to :attr:`failure` instead."""
        if self.lobby is None:
            super()._print_error_renderables()
            return
        if self._exit_renderables and self.failure is None:
            self.failure = "\n".join(
                "".join(segment.text for segment in getattr(shown, "segments", ())) or str(shown)
                for shown in self._exit_renderables
            )
        self._exit_renderables.clear()

    # --- start-up -------------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        """The main menu (the lobby in lobby mode)."""
        if self.lobby is not None:
            from gardens_tui.ui.screens.lobby import LobbyScreen

            return LobbyScreen(self.lobby, join=self.lobby_join)
        return MainMenu()

    def on_mount(self) -> None:
        """Apply the theme, watch screens for the size notice, open the given game."""
        self._apply_theme(self.settings.theme)
        self.apply_ascii_mode(self.settings.ascii_mode)
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self._add_notice(self.screen)
        if self._initial_table is not None:
            self.open_table(self._initial_table, self._initial_save_path, self._initial_source)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        self.call_later(self._add_notice, screen)

    def _add_notice(self, screen: Screen[Any]) -> None:
        """Give ``screen`` the "terminal too small" notice if it has none yet."""
        if screen.is_attached and not screen.query(TooSmallNotice):
            screen.mount(TooSmallNotice())

    def _apply_theme(self, theme: str) -> None:
        if theme in self.available_themes:
            self.theme = theme

    def get_css_variables(self) -> dict[str, str]:
        """Textual's theme variables with the text colours made readable on the backgrounds
        they are drawn on (:func:`~gardens_tui.ui.contrast.legible_variables`)."""
        variables = super().get_css_variables()
        variables.update(legible_variables(variables))
        self.theme_variables = variables
        return variables

    def apply_ascii_mode(self, ascii_mode: bool) -> None:
        """Draw every border and key of every screen with 7-bit characters (the ``-ascii`` class
        the app's CSS keys on, and :meth:`get_key_display`), or with Unicode again."""
        install_plain_scroll_bars()
        self.set_class(ascii_mode, "-ascii")
        self.refresh_bindings()

    def get_key_display(self, binding: Binding) -> str:
        """Textual's display of a binding's key; in ASCII mode its 7-bit form (``Enter``)."""
        shown = super().get_key_display(binding)
        return ascii_keys(shown) if self.settings.ascii_mode else shown

    # --- games ----------------------------------------------------------------------------------

    def open_table(
        self, table: Table, save_path: Path | None = None, source: FileVersion | None = None
    ) -> GameScreen:
        """Close any open game and dialogs, and push the screen for ``table``'s game.

        ``save_path`` is where ``ctrl+s`` writes; ``source`` is the file the table was read
        from, as it was then (see :class:`~gardens_tui.ui.screens.game_base.GameScreen`).
        """
        from gardens_tui.ui.screens import screen_for

        table.free_undo = self.settings.free_undo and table.setup.only_humans
        self.last_setup = table.setup
        while len(self.screen_stack) > 1:
            self.pop_screen()
        screen = screen_for(table.setup.game)(table, save_path, source=source)
        self.push_screen(screen)
        return screen

    def open_lesson(self, run: LessonRun, path: Path, *, resumed: bool = False) -> GameScreen:
        """Close any open game and dialogs, and push the screen of the lesson's game over its
        table, with the lesson attached (its panel, highlights and closing; kept in ``path``:
        :mod:`gardens_tui.ui.screens.lesson`) and its first words over it (``resumed``: the
        lesson is taken up where it was left)."""
        from gardens_tui.ui.screens import screen_for
        from gardens_tui.ui.screens.lesson import LessonCoach, start_choice

        table = run.table
        table.free_undo = False  # the lesson has bots: undo within the person's own turn
        while len(self.screen_stack) > 1:
            self.pop_screen()
        screen = screen_for(table.setup.game)(table, None)
        screen.lesson = LessonCoach(run, path)
        self.push_screen(screen)
        self.push_screen(start_choice(run, resumed))
        return screen

    def open_seat(
        self, seat_view: SeatView, on_close: Callable[[None], None] | None = None
    ) -> GameScreen:
        """Close any open game and dialogs, and push the game's screen over ``seat_view`` (a
        remote seat: no table here). ``on_close`` is called when that screen closes."""
        from gardens_tui.ui.screens import screen_for

        self.last_setup = seat_view.setup
        while len(self.screen_stack) > 1:
            self.pop_screen()
        screen = screen_for(seat_view.setup.game)(None, None, seat_view=seat_view)
        self.push_screen(screen, on_close)
        return screen

    def _lobby_refuses_files(self) -> bool:
        """In lobby mode, say that saved games are not offered here; True then."""
        if self.lobby is None:
            return False
        notify_plain(self, "Saved games are not offered on this server.", severity="warning")
        return True

    def _lobby_create(self) -> bool:
        """In lobby mode, back to the lobby and its new-table dialog; True then."""
        from gardens_tui.ui.screens.lobby import LobbyScreen

        if self.lobby is None:
            return False
        while len(self.screen_stack) > 1:
            self.pop_screen()
        lobby = self.screen_stack[0]
        if isinstance(lobby, LobbyScreen):
            lobby.action_create(self.last_setup)
        return True

    def start_game(self, setup: Setup) -> GameScreen | None:
        """A new table for ``setup`` and its screen (a refusal is reported, not raised)."""
        from gardens_tui.table import Table

        try:
            table = Table(setup, free_undo=self.settings.free_undo)
        except ValueError as error:
            notify_plain(self, str(error), title="Cannot start", severity="error")
            return None
        return self.open_table(table)

    def load_game(self, path: Path) -> GameScreen | None:
        """Open the save at ``path``; a :class:`~gardens_tui.saves.SaveError` is shown, never
        raised."""
        if self._lobby_refuses_files():
            return None
        try:
            table, source = saves.read_save(path, free_undo=self.settings.free_undo)
        except (saves.SaveError, OSError, ValueError) as error:
            notify_plain(self, str(error), title="Cannot open", severity="error", timeout=10)
            return None
        return self._open_loaded(table, source)

    def open_replay(
        self,
        table: Table,
        position: int | None = None,
        *,
        viewer: int | Literal["auto"] | None = "auto",
    ) -> GameScreen:
        """Push a read-only replay of ``table`` over whatever is showing (Escape closes it and
        returns there), opening at move ``position`` (``None``: the start) and drawn for
        ``viewer``'s eyes (``"auto"``: the one person's when there is one, else a spectator's;
        pass a seat only for its own player, as the review does). ``table`` is copied, never
        changed, saved or autosaved (see :mod:`gardens_tui.ui.screens.replay`)."""
        from gardens_tui.ui.screens.replay import replay_screen_for

        screen = replay_screen_for(table, position, viewer=viewer)
        self.push_screen(screen)
        return screen

    def _open_loaded(self, table: Table, source: FileVersion) -> GameScreen:
        is_autosave = source.path.parent == saves.autosaves_dir()
        return self.open_table(table, None if is_autosave else source.path, source)

    def game_screen(self) -> GameScreen | None:
        """The topmost game screen, if a game is open."""
        from gardens_tui.ui.screens.game_base import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    # --- actions --------------------------------------------------------------------------------

    def action_continue_game(self) -> None:
        """Open the newest autosave of an unfinished game that loads.

        The candidates (:func:`~gardens_tui.saves.autosave_candidates`, newest first) are tried
        in order; one that fails to load is skipped, and a notice names every file skipped and
        why. When none loads the notice says so, and the menu stays.
        """
        if self._lobby_refuses_files():
            return
        skipped: list[str] = []
        for path in saves.autosave_candidates():
            try:
                table, source = saves.read_save(path, free_undo=self.settings.free_undo)
            except (saves.SaveError, OSError, ValueError) as error:
                reason = error.reason if isinstance(error, saves.SaveError) else str(error)
                skipped.append(f"{path.name}: {reason}")
                continue
            self._open_loaded(table, source)
            if skipped:
                notify_plain(
                    self,
                    "Opened the newest autosave that loads. Skipped (damaged):\n"
                    + "\n".join(skipped),
                    title="Some autosaves were skipped",
                    severity="warning",
                    timeout=15,
                )
            return
        if skipped:
            notify_plain(
                self,
                "No unfinished game could be opened; every autosave is damaged:\n"
                + "\n".join(skipped),
                title="Cannot continue",
                severity="error",
                timeout=15,
            )
        else:
            notify_plain(self, "There is no unfinished game to continue.", severity="warning")

    def dialog_open(self, dialog_type: type[Screen[Any]]) -> bool:
        """Whether a screen of ``dialog_type`` is already on the screen stack (so another must
        not be pushed: a burst of keys asks for the same dialog several times)."""
        return any(isinstance(screen, dialog_type) for screen in self.screen_stack)

    def action_new_game(self) -> None:
        """The new-game dialog (pre-filled with the last game's seats), then the game. Nothing
        happens while a new-game dialog is already open."""
        from gardens_tui.ui.screens.new_game import NewGameDialog

        if self.dialog_open(NewGameDialog) or self._lobby_create():
            return

        def chosen(setup: Setup | None) -> None:
            if setup is not None:
                self.start_game(setup)

        self.push_screen(NewGameDialog(self.last_setup, seed_chooser=self.seed_chooser), chosen)

    def action_rematch(self) -> None:
        """A new game at once with the last game's seats (names, bots and their levels) and
        options, and a new seed (:meth:`new_seed`); the new-game dialog when there was none."""
        from dataclasses import replace

        if self.last_setup is None or self.lobby is not None:
            self.action_new_game()
            return
        setup = self.last_setup
        self.start_game(replace(setup, seed=self.new_seed(setup.seed)))

    def new_seed(self, old: int | None = None) -> int:
        """A seed for a new game: from :attr:`seed_chooser` when set (tests fix it), else at
        random as the new-game dialog picks one; never ``old``."""
        import random

        from gardens_tui.rules.rng import MAX_SEED

        chooser = self.seed_chooser or (lambda: random.randrange(1 << 32))
        seed = int(chooser()) % (MAX_SEED + 1)
        return (seed + 1) % (MAX_SEED + 1) if seed == old else seed

    def action_learn(self) -> None:
        """The menu's "Learn to play": the games that have a lesson (a list), then the chosen game's
        lesson on its screen; a lesson left unfinished is offered to continue or start over.
        Not over the SSH server (no files of the player's there)."""
        from gardens_tui.rules.registry import game_specs
        from gardens_tui.ui.screens.choice import ChoiceScreen
        from gardens_tui.ui.screens.lesson import lesson_path, lessons_offered, open_run

        if self.lobby is not None:
            notify_plain(self, "Lessons are not offered on this server.", severity="warning")
            return
        if self.dialog_open(ChoiceScreen):
            return
        lessons = lessons_offered(list(game_specs()))
        if not lessons:
            notify_plain(self, "No game has a lesson yet.", severity="warning")
            return

        def chosen(index: int | None) -> None:
            if index is None:
                return
            lesson = lessons[index]
            path = lesson_path(lesson.game_id)
            run, resumed = open_run(lesson, path, restart=False)
            if not resumed:
                self.open_lesson(run, path)
                return

            def again(choice: int | None) -> None:
                if choice == 0:
                    self.open_lesson(run, path, resumed=True)
                elif choice == 1:
                    self.open_lesson(open_run(lesson, path, restart=True)[0], path)

            title = f"{lesson.title}: you left it unfinished"
            choices = ["Continue where you left it", "Start over"]
            self.push_screen(ChoiceScreen(title, choices, id="lesson-again"), again)

        labels = [game_specs()[lesson.game_id].title for lesson in lessons]
        self.push_screen(ChoiceScreen("Learn to play", labels, id="lesson-choice"), chosen)

    def action_load_game(self) -> None:
        """The load dialog, then the chosen game. Nothing happens while one is already open."""
        from gardens_tui.ui.screens.load import LoadDialog

        if self.dialog_open(LoadDialog) or self._lobby_refuses_files():
            return

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.load_game(path)

        self.push_screen(LoadDialog(), chosen)

    def action_chat(self) -> None:
        """In lobby mode: say a line to the table open now (the lobby's chat dialog)."""
        from gardens_tui.ui.screens.lobby import LobbyScreen

        lobby = self.screen_stack[0] if self.lobby is not None else None
        if isinstance(lobby, LobbyScreen):
            lobby.open_chat()

    def action_rules(self) -> None:
        """The rules of every game (or of the open game)."""
        self.action_help()

    def action_help(self) -> None:
        """Help for the current screen: its game's rules (all games' outside a game) and keys."""
        from gardens_tui.rules.registry import game_specs
        from gardens_tui.ui.screens.help import HelpScreen

        if self.dialog_open(HelpScreen):
            return
        game_screen = self.game_screen()
        specs: list[GameSpec] = (
            [game_screen.seat_view.game.spec]
            if game_screen is not None
            else list(game_specs().values())
        )
        self.push_screen(HelpScreen(specs, self.current_keys()))

    def current_keys(self) -> list[KeyHelp]:
        """The keys of the active screen with what they do (one row per action)."""
        grouped: dict[str, tuple[list[str], str]] = {}
        bindings = list(self.screen.active_bindings.values())
        # The footer's keys first, then the focused widget's own (cursor keys and the like).
        bindings.sort(key=lambda active: not active.binding.show)
        for active in bindings:
            binding = active.binding
            if binding.system or not binding.description:
                continue
            keys, _ = grouped.setdefault(binding.action, ([], binding.description))
            shown = self.get_key_display(binding)
            if shown not in keys:
                keys.append(shown)
        return [(", ".join(keys), description) for keys, description in grouped.values()]

    def action_settings(self) -> None:
        """The settings dialog; saved settings are stored and applied at once. Nothing happens
        while one is already open."""
        from gardens_tui.ui.screens.settings import SettingsScreen

        if self.dialog_open(SettingsScreen):
            return

        def chosen(settings: Settings | None) -> None:
            if settings is not None:
                self.apply_settings(settings)

        self.push_screen(SettingsScreen(self.settings, list(self.available_themes)), chosen)

    def apply_settings(self, settings: Settings) -> None:
        """Store ``settings`` and apply them to the theme and to every open game."""
        from gardens_tui.ui.screens.game_base import GameScreen

        self.settings = settings
        try:
            save_settings(settings)
        except (saves.SaveError, OSError) as error:
            notify_plain(self, f"Settings not saved: {error}", severity="error")
        self._apply_theme(settings.theme)
        self.apply_ascii_mode(settings.ascii_mode)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                if screen.has_table:
                    screen.table.free_undo = settings.free_undo and screen.table.setup.only_humans
                screen.apply_ascii_mode(settings.ascii_mode)


def create_app(
    table: Table | None = None,
    save_path: Path | None = None,
    *,
    settings: Settings | None = None,
    source: FileVersion | None = None,
    lobby: OwnerConnection | None = None,
    join: str | None = None,
) -> GardensApp:
    """The app: the main menu, or straight into ``table``'s game (saving to ``save_path``), or
    with ``lobby`` (a connection to the table owner) the lobby of the SSH server's tables
    (which sits its person at table ``join`` once connected, when given: a guest's invitation).

    ``settings`` defaults to the saved settings (:func:`~gardens_tui.settings.load_settings`);
    ``source`` is the file ``table`` was read from (``gardens open``), so that saving back
    never overwrites a change somebody else made to it meanwhile. Terminal input that is not
    UTF-8 is read as U+FFFD from then on
    (:func:`~gardens_tui.ui.terminal_input.install_lenient_decoding`); parsed CSS is shared
    and strips make their caches when first used (:mod:`gardens_tui.ui.css_cache`,
    :mod:`gardens_tui.ui.lazy_strips`); paging a list not laid out yet does nothing
    (:mod:`gardens_tui.ui.option_paging`).
    """
    install_lenient_decoding()
    install_shared_css_cache()
    install_lazy_strip_caches()
    install_safe_paging()
    app_class = GardensApp if lobby is None else LobbyApp
    return app_class(table, save_path, settings=settings, source=source, lobby=lobby, join=join)


class LobbyApp(GardensApp):
    """The app for a stranger over SSH (``create_app(lobby=...)``): no command palette, whose
    "save screenshot" would write a file on the server (and whose list is raced by a burst of
    keys: Textual then fails looking for it)."""

    ENABLE_COMMAND_PALETTE = False
