"""A game on this computer in the plain mode: ``gardens play --plain``, ``gardens open --plain``
and ``gardens continue --plain``.

As in the app: the bots play between the person's turns (at once, or ``bot_delay`` seconds a
decision when asked), the game is autosaved whenever a turn ends and when the person quits, so
the app's Continue (and ``gardens continue``) picks it up there, and a game the app autosaved
opens here. ``save NAME`` writes ``<saves folder>/NAME.json`` with every protection of the save
layer: a file that is not a gardens-tui save is never replaced, another save is replaced only
after a "yes", and the game's own file changed by another program meanwhile is left alone (the
game goes to a new file, which is named). Several people at the keyboard play hot-seat (see
:mod:`gardens_tui.plain.game`).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import BinaryIO, TextIO

from gardens_tui import saves
from gardens_tui.driver import Autosaver, BotError, Driver
from gardens_tui.plain.console import Console, Inbox, InputEnded, Typed
from gardens_tui.plain.game import Ending, PlainGame, PlainHooks
from gardens_tui.rules.safe_text import quoted
from gardens_tui.saves import FileVersion
from gardens_tui.saves.files import check_replaceable
from gardens_tui.saves.names import SUFFIX, check_save_name, default_save_name
from gardens_tui.seats import LocalSeatView
from gardens_tui.table import Table

EXIT_OK, EXIT_STOPPED = 0, 1
"""``run_local``'s exit status: the game ended or the person quit; input ended (the game is
autosaved either way)."""


class LocalGame:
    """One table on this computer played in the plain mode (see the module docstring).

    ``source`` is the file the game was opened from (``None``: a new game); ``bot_delay`` the
    seconds to wait before each bot decision (0: none)."""

    def __init__(
        self,
        table: Table,
        console: Console,
        inbox: Inbox,
        *,
        source: FileVersion | None = None,
        bot_delay: float = 0.0,
    ) -> None:
        self.table = table
        self.console = console
        self.inbox = inbox
        self.bot_delay = bot_delay
        in_autosaves = source is not None and source.path.parent == saves.autosaves_dir()
        self.autosaver = Autosaver(source if in_autosaves else None)
        self.own: FileVersion | None = None if in_autosaves else source
        """The game's own file (opened from it, or saved there): ``save`` alone writes it."""
        self.driver = Driver(table, autosave=self.autosaver)
        humans = [i for i, seat in enumerate(table.seats) if not seat.is_bot]
        self.hot_seat = len(humans) > 1
        self.view = LocalSeatView(table, humans, None if self.hot_seat else humans[0])
        hooks = PlainHooks(
            play_bots=self.play_bots,
            save=self.save,
            quit_lines=self.quit_lines,
            hot_seat=self.hot_seat,
        )
        self.game = PlainGame(self.view, console, inbox, hooks)

    def run(self, *, new: bool) -> int:
        """Play to the end, a ``quit`` or the end of input; the exit status. A new game prints
        its log from the start (the deal); a game opened again starts at its position."""
        self.introduce(new)
        ending = self.game.run(catch_up=new)
        if ending is Ending.OVER:
            self.autosave()
            return EXIT_OK
        if ending is Ending.INPUT_ENDED:
            self.console.lines(self.quit_lines())
            return EXIT_STOPPED
        return EXIT_OK

    def introduce(self, new: bool) -> None:
        """The first lines: the game, who plays, and how to get help."""
        table = self.table
        who = ", ".join(
            f"{seat.name} (bot {seat.bot})" if seat.bot else seat.name for seat in table.seats
        )
        start = "A new game of" if new else "Continuing a game of"
        self.console.say(f"{start} {table.game.spec.title}: {who}.", "heading")
        self.console.say("Type help for the commands, rules for the rules.")

    # --- hooks ----------------------------------------------------------------------------------

    def play_bots(self) -> None:
        """The bots' decisions until a person must decide, each autosaved at a turn's end; a
        failing bot is replaced for that decision by a stand-in (said), as in the app."""
        driver = self.driver
        while (turn := driver.bot_turn()) is not None:
            if self.bot_delay > 0:
                self._pause()
            try:
                action = driver.choose(turn)
            except BotError as error:
                self.console.say(f"{error}; a stand-in plays any legal move.", "error")
                stand_in = driver.bot_turn(stand_in=True)
                assert stand_in is not None
                turn, action = stand_in, driver.choose(stand_in)
            driver.play(turn.seat, action, turn.version)
            self._autosave_if_due()

    def _pause(self) -> None:
        """Wait ``bot_delay`` seconds (``--bot-delay``); a line typed meanwhile (or the end of
        input) ends the pauses for the rest of the game: the bots then decide at once, and the
        line is read after them."""
        deadline = time.monotonic() + self.bot_delay
        while time.monotonic() < deadline:
            event = self.inbox.get_nowait()
            if event is not None:
                self.bot_delay = 0.0
                self.inbox.put(event)  # still to be read, after the bots' decisions
                return
            time.sleep(0.05)

    def _autosave_if_due(self) -> None:
        try:
            self.driver.autosave_if_due()
        except (OSError, ValueError) as error:
            self.console.say(f"The autosave failed: {error}", "error")

    def autosave(self) -> Path | None:
        """Autosave now; where it went (``None``: it failed, and that was said)."""
        try:
            return self.driver.autosave()
        except (OSError, ValueError) as error:
            self.console.say(f"The autosave failed: {error}", "error")
            return None

    def quit_lines(self) -> list[str]:
        """Autosave, and say where the game is and how to go on with it."""
        path = self.autosave()
        if path is None:
            return ["The game could not be saved."]
        return [
            f"The game is saved in {path}.",
            "gardens continue --plain goes on with it here; gardens continue, in the app.",
        ]

    def save(self, name: str) -> list[str]:
        """``save`` (the game's own file, or a new name) or ``save NAME``."""
        if not name:
            path = (
                self.own.path
                if self.own is not None
                else self._free_path(default_save_name(self.table))
            )
        else:
            try:
                clean = check_save_name(name)
            except ValueError as refusal:
                return [f"Not saved: {refusal}"]
            path = saves.saves_dir() / f"{clean}{SUFFIX}"
        own = self.own is not None and path == self.own.path
        if not own and (path.exists() or path.is_symlink()):
            try:
                check_replaceable(path)
            except (OSError, ValueError) as refusal:
                return [f"Not saved: {refusal}"]
            if not self._confirm(f"A save named {quoted(path.stem)} exists. Replace it? (yes/no)"):
                return ["Not saved: the other save is kept."]
        return self._write(path, own)

    def _confirm(self, question: str) -> bool:
        self.console.say(question)
        event = self.inbox.get()
        if isinstance(event, InputEnded):
            self.inbox.put(event)
            return False
        return isinstance(event, Typed) and event.text.strip().lower() in ("y", "yes")

    def _write(self, path: Path, own: bool) -> list[str]:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            written = saves.write_save(
                self.table, path, expect=self.own.digest if own and self.own else None
            )
        except saves.FileChangedError:
            try:
                written = saves.write_save(
                    self.table, self._free_path(default_save_name(self.table))
                )
            except (OSError, ValueError) as error:
                return [f"Not saved: {error}"]
            self.own = written
            return [
                f"{path} was changed by another program since this game read it, so it was left "
                f"as it is. Saved to {written.path} instead."
            ]
        except (OSError, ValueError) as error:
            return [f"Not saved: {error}"]
        self.own = written
        return [f"Saved to {written.path}."]

    @staticmethod
    def _free_path(stem: str) -> Path:
        folder = saves.saves_dir()
        path = folder / f"{stem}{SUFFIX}"
        number = 2
        while path.exists() or path.is_symlink():
            path, number = folder / f"{stem}-{number}{SUFFIX}", number + 1
        return path


def run_local(
    table: Table,
    *,
    source: FileVersion | None = None,
    colour: bool = False,
    bot_delay: float = 0.0,
    stdin: BinaryIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play ``table`` in the plain mode on ``stdin``/``stdout`` (default: the process's); the
    exit status (:data:`EXIT_OK`, or :data:`EXIT_STOPPED` when input ended first)."""
    console = Console(stdout or sys.stdout, colour=colour)
    inbox = Inbox()
    inbox.read_from(stdin or sys.stdin.buffer)
    game = LocalGame(table, console, inbox, source=source, bot_delay=bot_delay)
    return game.run(new=source is None)
