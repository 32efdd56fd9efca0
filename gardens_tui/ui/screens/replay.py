"""The replay screen: a game's own screen, read-only, stepping through a finished or loaded game.

:func:`replay_screen_for` builds the screen of the table's game (the class :func:`screen_for
<gardens_tui.ui.screens.screen_for>` finds, so the board looks exactly as in play) with
:class:`ReplayMixin` in front of it, over a :class:`~gardens_tui.replay_view.ReplaySeatView` of
the table: the screen shows the position after move ``k`` and redraws as ``k`` moves.

In a replay nothing plays and nothing is written: no bot runs, no autosave, no save, no undo, no
curtain, no end-of-game dialog. The game screen's own keys are all inert (hidden from the footer
and never run); a click on a board says "this is a replay" in the prompt line (once, without a
bell). The keys:

- ``←`` / ``→`` (also ``h`` / ``l`` and ``,`` / ``.``): one move back / forward;
- ``Home`` / ``End``: the start / the end;
- ``Escape``: close the replay, back to the screen it was opened over.

The prompt line says where the replay is and what the move shown did ("Replay — move 12 of 151:
Ann bought column 2 · ←/→ to step, Esc to close").

The replay works on the seat view's private copy of the table (:attr:`ReplaySeatView.table
<gardens_tui.replay_view.ReplaySeatView.table>`), so even the screen's :attr:`GameScreen.table`
is not the table the replay was opened from.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import ClassVar, Literal

from textual.binding import Binding, BindingType
from textual.dom import DOMNode

from gardens_tui.replay_view import REPLAY_REFUSAL, ReplaySeatView
from gardens_tui.rules.base import Action
from gardens_tui.seats import SeatView
from gardens_tui.table import Table
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.widgets.board_grid import BoardGrid
from gardens_tui.ui.widgets.prompt import PromptLine

REPLAY_BINDINGS: list[BindingType] = [
    Binding("left", "replay_step(-1)", "Back", key_display="←", priority=True),
    Binding("h,comma", "replay_step(-1)", "Back", show=False, priority=True),
    Binding("right", "replay_step(1)", "Forward", key_display="→", priority=True),
    Binding("l,full_stop", "replay_step(1)", "Forward", show=False, priority=True),
    Binding("home", "replay_start", "Start", priority=True),
    Binding("end", "replay_end", "End", priority=True),
    Binding("escape", "close_replay", "Close replay", priority=True),
]
"""The replay's keys (the only ones that act on a replay screen). Priority bindings: a widget
that somehow has the focus (a board's cursor keys) does not get them first."""

REPLAY_ACTIONS = frozenset({"replay_step", "replay_start", "replay_end", "close_replay"})
"""The actions of :data:`REPLAY_BINDINGS`."""

EVENT_WIDTH = 160
"""At most this many characters of the move's events in the prompt line (the rest: ``…``)."""


def replay_prompt(replay: ReplaySeatView, ascii_mode: bool = False) -> str:
    """The prompt line of a replay: where it is, what the move shown did, and the keys
    ("Replay — move 12 of 151: Ann bought column 2 · ←/→ to step, Esc to close").

    The move's events are the log's (as the replay's viewer may read them); a move without
    events is named by its notation when the viewer made it, else "NAME decided".
    """
    dash, dot, arrows, more = ("-", "-", "<-/->", "...") if ascii_mode else ("—", "·", "←/→", "…")
    keys = f"{arrows} to step, Esc to close"
    position, total = replay.position, replay.total
    if position == 0:
        moves = "1 move" if total == 1 else f"{total} moves"
        return f"Replay {dash} the start ({moves}) {dot} {keys}"
    what = _what_happened(replay, position)
    if len(what) > EVENT_WIDTH:
        what = what[: EVENT_WIDTH - len(more)].rstrip() + more
    end = " (the end)" if position == total and replay.decision() is None else ""
    return f"Replay {dash} move {position} of {total}{end}: {what} {dot} {keys}"


def _what_happened(replay: ReplaySeatView, position: int) -> str:
    step = replay.step_at(position)
    if step is None:
        return ""
    if step.lines:
        return "; ".join(line.rstrip(".") for line in step.lines)
    if step.notation is not None:
        return step.notation
    seats = replay.seats
    if step.seat is not None and 0 <= step.seat < len(seats):
        return f"{seats[step.seat].name} decided"
    return "(a decision)"


class ReplayMixin(GameScreen):
    """Put in front of a game's screen class (:func:`replay_class`) to make it a replay (see the
    module docstring).

    It overrides the game screen's steps that would play, write or interrupt: the driver's bot
    turns and the next step after a change (``_advance``, ``_start_bot``), autosave
    (``autosave``, ``_autosave_if_due``, ``_autosave_hook``), save, undo, leaving (Escape closes
    the replay without an autosave), the curtain, and playing (:meth:`play` refuses quietly).
    Keys other than :data:`REPLAY_BINDINGS` are inert through :meth:`check_action`; nothing on
    the screen takes the focus, so a board's cursor keys never run.

    Made with :func:`replay_screen_for`: ``table`` is the game to replay (only copied, never
    changed), ``position`` where it opens (``None``: the start), ``viewer`` whose eyes it is
    drawn for (``"auto"``: see :func:`~gardens_tui.replay_view.replay_viewer`).
    """

    @classmethod
    @cache
    def _css_bases(cls, base: type[DOMNode]) -> Sequence[type[DOMNode]]:
        """Every Textual class in ``base``'s method resolution order, up to the first that does
        not inherit CSS. Textual follows only each class's first base, which for a replay class
        is this mixin: the game screen's own CSS (its layouts at 80x24) would be skipped."""
        classes: list[type[DOMNode]] = []
        for klass in base.__mro__:
            if isinstance(klass, type) and issubclass(klass, DOMNode):
                classes.append(klass)
                if not klass._inherit_css:
                    break
        return classes

    BINDINGS: ClassVar[list[BindingType]] = REPLAY_BINDINGS

    AUTO_FOCUS: ClassVar[str | None] = ""
    """No widget gets the focus when the screen opens (its keys are the screen's)."""

    def __init__(
        self,
        table: Table,
        position: int | None = None,
        *,
        viewer: int | Literal["auto"] | None = "auto",
    ) -> None:
        replay = ReplaySeatView(table, position or 0, viewer=viewer)
        super().__init__(replay.table, None, seat_view=replay)
        self.replay = replay
        """The replay's seat view (also :attr:`seat_view`): its position is the move shown."""
        self._refusal_shown = False

    # --- lifecycle ----------------------------------------------------------------------------

    def on_mount(self) -> None:
        """Nothing on the screen takes the focus (runs before the game screen's own on_mount,
        and once more after the first refresh)."""
        self._freeze_focus()
        self.call_after_refresh(self._freeze_focus)

    def _freeze_focus(self) -> None:
        for widget in self.query("*"):
            if widget.can_focus:
                widget.can_focus = False
        for board in self.query(BoardGrid):
            board.cursor = None  # no place is the keyboard's to choose
        self.set_focus(None)

    # --- what the game screen would do, made inert --------------------------------------------

    def _table_changed(self, _: SeatView) -> None:
        """The replay moved: redraw (no autosave, no next step)."""
        self._refresh_all()

    def _advance(self) -> None:
        """Nothing: no bot, no curtain, no end-of-game dialog in a replay."""

    def _start_bot(self, *, stand_in: bool = False) -> None:
        """Nothing: no bot plays in a replay."""

    def _autosave_if_due(self) -> None:
        """Nothing: a replay is never autosaved."""

    def _autosave_hook(self, table: Table) -> Path | None:
        """Nothing: a replay is never autosaved."""
        return None

    def autosave(self) -> Path | None:
        """Nothing: a replay is never autosaved."""
        return None

    def curtain_needed(self) -> bool:
        """Never: a replay is drawn for one fixed viewer."""
        return False

    def human_to_move(self) -> bool:
        """Never: nobody decides in a replay."""
        return False

    def play(self, action: Action) -> bool:
        """Refused: says "this is a replay" (once, without a bell) and returns False."""
        self._say_replay()
        return False

    def play_text(self, text: str) -> bool:
        """Refused like :meth:`play`."""
        self._say_replay()
        return False

    def _say_replay(self) -> None:
        if self._refusal_shown:
            return
        self._refusal_shown = True
        for prompt in self.query(PromptLine):
            prompt.show_error(f"{REPLAY_REFUSAL.capitalize()}: {self._keys_hint()}")

    def _keys_hint(self) -> str:
        arrows = "<-/->" if self.ascii_mode else "←/→"
        return f"{arrows} to step, Esc to close"

    def on_board_grid_cell_selected(self, event: BoardGrid.CellSelected) -> None:
        """A click (or Enter) on a board chooses nothing: say it is a replay (once)."""
        event.stop()
        event.prevent_default()  # the game screen's own handler does not run
        if self.is_active:
            self._say_replay()

    def prompt_text(self) -> str:
        """Where the replay is and what the move shown did (:func:`replay_prompt`)."""
        return replay_prompt(self.replay, self.ascii_mode)

    # --- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the replay's keys act; a step that would go past either end is shown dimmed
        and does nothing. Every other key of the game screen is hidden and inert."""
        if self.dismissed or not self.is_mounted:
            return False
        if action not in REPLAY_ACTIONS:
            return False
        position, total = self.replay.position, self.replay.total
        if action == "replay_step":
            step = parameters[0] if parameters else 0
            target = position + step if isinstance(step, int) else position
            return True if target != position and 0 <= target <= total else None
        if action == "replay_start":
            return True if position > 0 else None
        if action == "replay_end":
            return True if position < total else None
        return True

    def action_replay_step(self, moves: int) -> None:
        """``moves`` moves forward (negative: back)."""
        self._moved(self.replay.step(moves))

    def action_replay_start(self) -> None:
        """Back to the start of the game."""
        self._moved(self.replay.go_to(0))

    def action_replay_end(self) -> None:
        """On to the last move."""
        self._moved(self.replay.go_to(self.replay.total))

    def _moved(self, moved: bool) -> None:
        if moved:
            self._refusal_shown = False

    def action_close_replay(self) -> None:
        """Close the replay: back to the screen it was opened over (nothing is saved)."""
        if self.dismissed or not self.is_active:
            return
        self.dismiss(None)

    def action_leave(self) -> None:
        """Close the replay (never the game's "autosave and back to the menu")."""
        self.action_close_replay()

    def action_save(self) -> None:
        """Nothing: a replay is not saved."""

    def save_to(self, path: Path) -> None:
        """Nothing: a replay is not saved."""

    def action_undo(self) -> None:
        """Nothing: nothing is undone in a replay."""

    def action_undo_refused(self) -> None:
        """Nothing (undo is not a replay's key)."""


@cache
def replay_class(screen_class: type[GameScreen]) -> type[ReplayMixin]:
    """The replay screen class of a game screen class: ``Replay<Name>``, with
    :class:`ReplayMixin` in front (made once per class)."""
    if issubclass(screen_class, ReplayMixin):
        return screen_class
    name = f"Replay{screen_class.__name__}"
    made = type(name, (ReplayMixin, screen_class), {"__module__": __name__})
    assert issubclass(made, ReplayMixin)
    return made


def replay_screen_for(
    table: Table,
    position: int | None = None,
    *,
    viewer: int | Literal["auto"] | None = "auto",
) -> ReplayMixin:
    """A replay screen of ``table`` on its game's own screen class, opening at move
    ``position`` (``None``: the start; clamped to the game's length). ``table`` is copied, never
    changed; ``viewer`` as in :class:`~gardens_tui.replay_view.ReplaySeatView`."""
    from gardens_tui.ui.screens import screen_for

    return replay_class(screen_for(table.setup.game))(table, position, viewer=viewer)
