"""The Gardens game screen.

What it shows: the display (rows A, B, C of cards, a taken place saying ``taken``, Fort Denison's
reserved card marked ``R``), beside it the commands that apply now and the scoreboard (round,
scoring tiles, landmarks and who claimed them); under them one mat of 3x9 cards with the Central
Board and the visitors (yours, or another player's: ``o`` cycles), and a line describing the card
under the cursor and what Enter does there. The base
:class:`~gardens_tui.ui.screens.game_base.GameScreen` adds the players with their live scores (and,
per seat, the rows taken this round and the landmarks claimed), the log (each walk's points in
words), the prompt and the footer.

How a decision is made (keyboard or mouse, through the shared action picker with this game's parts
from :mod:`.picker`): choose a display card (arrows / hjkl / wasd and Enter, or a click); the ends
of its row where it may go light up on your mat and the cursor moves there; choose the left or the
right end to place it. Only the board the arrows move shows its cursor; the chosen card keeps a mark
of its own (``◆``) meanwhile. Esc puts the card back; choosing another display card takes that one
instead. After a card is placed, the cards its visitor saw on the walk are lit (bold italic) and the
log says what they scored. Fort Denison's reservation is a display card (``p`` reserves nothing),
the State Library's return is ``b``, the Moreton Bay Fig's species a list (opened by itself, ``f``
opens it again); ``c`` lists every choice.

The screen never decides a rule: it offers what its seat view's ``legal_actions`` lists and
plays through :meth:`GameScreen.play`; a place without a legal action is tried anyway where it
means something (a card from a closed row), so the engine's refusal appears in the prompt line.
Everything shown comes from the seat view.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Static

from gardens_tui.rules.base import Action, GameState
from gardens_tui.rules.the_gardens.components import (
    CARD_NAMES,
    CARDS,
    COLUMNS,
    DECKS,
    LANDMARKS,
    SPECIES,
)
from gardens_tui.rules.the_gardens.state import CENTRAL, EMPTY, NO_CARD, GardensState
from gardens_tui.rules.the_gardens.text import (
    LANDMARK_CODES,
    landmark_mark,
    landmark_side,
    take_outcome,
)
from gardens_tui.rules.words import possessive
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens import register_screen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.modal import screen_is_live
from gardens_tui.ui.screens.the_gardens.board import TgBoard
from gardens_tui.ui.screens.the_gardens.keys import BINDINGS, KEY_HELP, command_lines
from gardens_tui.ui.screens.the_gardens.layouts import display_layout, mat_layout
from gardens_tui.ui.screens.the_gardens.marks import Walks, last_walks
from gardens_tui.ui.screens.the_gardens.paint import (
    card_paint,
    card_words,
    cell_name,
    central_paint,
    empty_paint,
    place_name,
    symbol,
    taken_paint,
    visitor_piece,
)
from gardens_tui.ui.screens.the_gardens.picker import DISPLAY, MAT, TgParts, side_of
from gardens_tui.ui.screens.the_gardens.texts import (
    fitted_status,
    legend_rows,
    mat_title,
    open_rows,
    panel_lines,
    status_lines,
    wrapped_lines,
)
from gardens_tui.ui.widgets.action_picker import (
    ActionPicker,
    CommandLine,
    Entry,
    Offer,
    Outcome,
    Place,
    Play,
    Selected,
    Selection,
    describe_entries,
    narrow,
    resolve,
)
from gardens_tui.ui.widgets.action_picker_ui import command_lines_content
from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint, Piece
from gardens_tui.ui.widgets.board_layout import Cell, nearest_cell
from gardens_tui.ui.widgets.fitted import FittedColumn, InfoLine, Resized
from gardens_tui.ui.widgets.prompt import clamp_lines
from gardens_tui.ui.widgets.steady import SteadyStatic

INFO_LINES = 2
"""Lines of the info line under the mat: the whole consequence of a placement (its points and
the landmark it claims) wraps onto the second line at 80 columns rather than being cut."""

COMPACT_SIDE = 9
"""Lines of the commands and the scoreboard beside the display in the compact layout (the
display's height)."""


def fits_lines(text: str, width: int, lines: int) -> bool:
    """Whether ``text`` word-wrapped at ``width`` columns takes at most ``lines`` lines."""
    return len(textwrap.wrap(text, max(width, 1))) <= lines


COMMAND_TITLES: dict[str, str] = {
    "return": "State Library: which visitor goes back to the Central Board?",
    "species": "Moreton Bay Fig: which tree species scores 2 points per tree?",
}
"""The title of the list a command's key opens."""


def named_place(name: str, state: GardensState) -> tuple[str, Cell] | None:
    """The board and cell of a place name as the lessons write them (``None``: no such place):
    ``A5`` a cell of the mat (row letter, column 1..9), ``b2`` a place of the display (row
    letter in lower case, place 1..n)."""
    if len(name) < 2 or not name[1:].isdigit() or name[0].upper() not in DECKS:
        return None
    row, number = DECKS.index(name[0].upper()), int(name[1:])
    if name[0].isupper():
        return (MAT, row * COLUMNS + number - 1) if 1 <= number <= COLUMNS else None
    return (DISPLAY, (row, number - 1)) if 1 <= number <= len(state.display[row]) else None


@register_screen("the-gardens")
class TheGardensScreen(GameScreen):
    """The Gardens screen (see the module docstring for the layout and the keys)."""

    BINDINGS: ClassVar[list[BindingType]] = BINDINGS
    ROOMY_SIZE = (114, 36)

    DEFAULT_CSS = """
    TheGardensScreen #game-side { width: 1fr; min-width: 24; }
    TheGardensScreen #game-main { width: 2fr; min-width: 56; align: left top; padding: 0 0 0 1; }
    TheGardensScreen.-roomy #game-main { min-width: 85; }
    TheGardensScreen #tg-top { height: auto; width: 100%; }
    TheGardensScreen #tg-side { width: 1fr; height: 9; padding: 0 0 0 1; }
    TheGardensScreen.-roomy #tg-side { height: auto; min-height: 11; max-height: 22; }
    TheGardensScreen #tg-actions { height: auto; }
    TheGardensScreen #tg-status { height: auto; color: $foreground-muted; }
    TheGardensScreen #tg-mat-title { height: 1; width: 100%; text-style: bold; }
    TheGardensScreen.-roomy #tg-mat-title { margin-top: 1; }
    TheGardensScreen #tg-info {
        height: 1fr; min-height: 1; max-height: 2; width: 100%; color: $foreground-muted;
    }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parts = TgParts()
        self.picker = ActionPicker(self.parts)
        """The half-made choice of the player at the keyboard (the chosen display card)."""
        self.walks = Walks()
        """The cells the last moves' walks saw (see :mod:`.marks`)."""
        self._shown: int | None = None
        self._pick_view: object = None
        self._marks_view: object = None
        self._legal_view: object = None
        self._focused_view: object = None
        self._legal: Sequence[Action] = ()
        self._info_board = DISPLAY
        self._info_text = ""
        self._preview: frozenset[Cell] = frozenset()

    # --- composing ----------------------------------------------------------------------------

    def _places(self) -> int:
        return max(len(self.state.display[0]), 1)

    def compose_board(self) -> ComposeResult:
        """The display with the commands and the scoreboard beside it; one mat; the info line."""
        with Horizontal(id="tg-top"):
            yield TgBoard(
                display_layout(self.roomy, self._places()),
                self._paint_display,
                id="tg-display",
                classes="-display",
            )
            with FittedColumn(id="tg-side"):
                yield SteadyStatic(id="tg-actions")
                yield SteadyStatic(id="tg-status", markup=False)
        yield SteadyStatic(id="tg-mat-title", markup=False)
        yield TgBoard(mat_layout(self.roomy), self._paint_mat, id="tg-mat")
        yield InfoLine(id="tg-info", markup=False)

    @property
    def display_board(self) -> TgBoard:
        """The display board."""
        return self.query_one("#tg-display", TgBoard)

    @property
    def mat_board(self) -> TgBoard:
        """The mat board."""
        return self.query_one("#tg-mat", TgBoard)

    @property
    def state(self) -> GardensState:
        """The position as the keyboard's seat may see it (the seat view's)."""
        state = self.seat_view.view()
        assert isinstance(state, GardensState)
        return state

    def relayout(self, roomy: bool) -> None:
        """The boards' layouts for the compact or the roomy size."""
        self.display_board.set_layout(display_layout(roomy, self._places()))
        self.mat_board.set_layout(mat_layout(roomy))

    # --- whose mat, which decision ------------------------------------------------------------

    def home_seat(self) -> int:
        """The seat whose mat is shown by default: the human deciding now if this keyboard
        decides for them (hot seat), else the keyboard's seat (over SSH: always its own seat,
        whoever is to move), else (a spectator, or only bots) the seat whose turn it is."""
        state = self.state
        seat = state.current_player
        if seat is not None and seat >= 0 and self.acts_here(seat):
            return seat
        viewer = self.viewer
        return viewer if viewer is not None else state.active

    def acts_here(self, seat: int) -> bool:
        """Whether a person at this keyboard plays ``seat`` (its mat is "your mat"): a human
        seat the seat view decides for; never a bot's, never for a spectator."""
        return seat in self.seat_view.acts_for and not self.seat_view.seats[seat].is_bot

    def shown_seat(self) -> int:
        """The seat whose mat is shown (``o`` cycles it)."""
        return self._shown if self._shown is not None else self.home_seat()

    def deciding_seat(self) -> int | None:
        """The seat that must decide now (``None`` once the game is over)."""
        return self.state.current_player

    def deciding(self) -> bool:
        """A human decides now at this keyboard (so places and keys act)."""
        return self.human_to_move() and not self.state.over

    def phase(self) -> str:
        """The pending decision's kind (``"over"`` at the end)."""
        return self.state.phase

    def legal(self) -> Sequence[Action]:
        """The legal actions when a human decides now, else none (once per position)."""
        if not self.deciding():
            return ()
        view = self.seat_view.view()
        if view is not self._legal_view:
            self._legal = self.seat_view.legal_actions()
            self._legal_view = view
        return self._legal

    def describe(self, action: Action) -> str:
        """The engine's words for ``action`` in the position shown."""
        return self.seat_view.game.describe_action(self.state, action)

    def chosen_card(self) -> tuple[int, int] | None:
        """The display place of the card chosen to take (``None``: none yet)."""
        places = self.picker.selection.places
        if places and places[0].board == DISPLAY:
            cell = places[0].cell
            assert isinstance(cell, tuple)
            return cell
        return None

    def prompt_text(self) -> str:
        """The base's prompt line, without the round in front of a take (the scoreboard beside
        the display shows the round), so that it stays on one line at 80 columns with most
        names: ``Ann: take a card from row A, B or C, place it left or right``."""
        text = super().prompt_text()
        decision = self.seat_view.decision()
        if decision is None or decision.kind != "take" or not text.endswith(decision.prompt):
            return text
        state = self.state
        short = decision.prompt.removeprefix(f"Round {state.round + 1} of {state.rounds}: ")
        return text.removesuffix(decision.prompt) + short

    def panel_extras(self, view: GameState, seat: int) -> Sequence[str]:
        """Under each seat: the rows taken this round and the landmarks claimed."""
        return panel_lines(view, seat) if isinstance(view, GardensState) else ()

    # --- redrawing ----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Redraw everything from the seat view (called by the base after every change)."""
        if not self.children:
            return  # not composed yet
        state = self.state
        if state is not self._pick_view:
            self._pick_view = state
            if self.deciding():
                self._shown = None  # a person decides: their own mat (``o`` chose another)
            seat = state.current_player
            self.parts.mat = state.mats[seat] if seat is not None and seat >= 0 else []
            self.picker.reset(self.legal(), Selection())
            if len(state.display[0]) != len(self.display_board.board_layout.cells) // 3:
                self.display_board.set_layout(display_layout(self.roomy, self._places()))
        else:
            self.picker.update(self.legal())
        if state is not self._marks_view:
            self._marks_view = state
            self.walks = last_walks(self.seat_view)
        show_legal = self.show_legal()
        display = self.display_board
        display.repaint_cells()
        display.set_legal(self.picker.choices.legal(DISPLAY) if show_legal else ())
        display.set_last_move(self.walks.display)
        shown = self.shown_seat()
        mat = self.mat_board
        mat.repaint_cells()
        self._preview = frozenset()
        mat.set_legal(self._mat_targets() if show_legal else ())
        mat.set_last_move(self.walks.of(shown))
        self._draw_texts(state, shown)
        self._auto_focus()
        self._draw_info()

    def point_at(self, places: Sequence[str]) -> frozenset[str]:
        """Point at a lesson's places: the display's (``b2``) and the mat's (``A5``, on the
        mat shown when it is the viewer's own)."""
        found = {name: named_place(name, self.state) for name in places}
        own_mat = self.shown_seat() == self.viewer
        cells: dict[str, set[Cell]] = {DISPLAY: set(), MAT: set()}
        pointed = set()
        for name, place in found.items():
            if place is not None and (place[0] == DISPLAY or own_mat):
                cells[place[0]].add(place[1])
                pointed.add(name)
        self.display_board.set_pointed(cells[DISPLAY])
        self.mat_board.set_pointed(cells[MAT])
        return frozenset(pointed)

    def _mat_targets(self) -> frozenset[Cell]:
        """The mat cells to light: where the chosen card may go, or (no card chosen yet) where
        the display card under the cursor would (a preview); only on the deciding seat's mat."""
        if not self.deciding() or self.shown_seat() != self.deciding_seat():
            return frozenset()
        choices = self.picker.choices
        if self.picker.selection.places:
            return frozenset(choices.legal(MAT))
        cursor = self.display_board.cursor
        if self._info_board != DISPLAY or cursor is None:
            return frozenset()
        entries = choices.entries(Place(DISPLAY, cursor))
        if not entries or entries[0].origin is None:
            return frozenset()
        ahead = narrow(self.picker.actions, self.parts, Selection(places=(Place(DISPLAY, cursor),)))
        return frozenset(ahead.legal(MAT))

    def _draw_texts(self, state: GardensState, shown: int) -> None:
        totals = self.seat_view.scores().totals()
        title = mat_title(
            state,
            shown,
            totals[shown],
            mine=shown == self.home_seat() and self.acts_here(shown),
            others=len(state.players) > 1,
            width=self.query_one("#tg-mat-title").size.width,
            ascii_mode=self.ascii_mode,
        )
        self.query_one("#tg-mat-title", Static).update(literal(title))
        rows = self._draw_actions()
        self.query_one("#tg-status", Static).update(literal("\n".join(self._status(state, rows))))

    def _status(self, state: GardensState, command_rows: int) -> list[str]:
        """The scoreboard's lines under the ``command_rows`` lines of commands: roomy ones
        (every tile's rule, each landmark's title and card) while they fit above the mat, else
        the compact ones, as full as fits in the room left (see :func:`fitted_status`), so that
        the mat and its info line stay whole and no line of the scoreboard is cut."""
        side = self.query_one("#tg-side")
        width = side.content_size.width
        if not width:
            return status_lines(state, self.roomy)
        if not self.roomy:
            room = side.content_size.height - command_rows
            return fitted_status(state, width, room, self.ascii_mode)
        roomy = status_lines(state, True)
        main = self.query_one("#game-main").size.height
        mat = self.mat_board.board_layout.height
        room = main - mat - INFO_LINES - 2 - command_rows  # the mat's title, the margin above
        if wrapped_lines(roomy, width) <= room:
            return roomy
        return fitted_status(state, width, max(room, COMPACT_SIDE - command_rows), self.ascii_mode)

    def command_lines(self) -> list[CommandLine]:
        """The commands that apply now, for the clickable list (only ``o`` while others
        decide)."""
        if not self.deciding():
            every = command_lines("", (), False, roomy=self.roomy, ascii_mode=self.ascii_mode)
            return [line for line in every if line.command == "other"]
        return command_lines(
            self.phase(),
            self.legal(),
            self.picker.selection.half_made,
            roomy=self.roomy,
            ascii_mode=self.ascii_mode,
        )

    def _draw_actions(self) -> int:
        """Draw the clickable commands, two to a line where both fit; return the lines used."""
        lines = command_lines_content(self.command_lines(), action="tg", ascii_mode=self.ascii_mode)
        width = self.query_one("#tg-side").content_size.width
        rows: list[Content] = []
        for line in lines:
            if rows and width and rows[-1].cell_length + 2 + line.cell_length <= width:
                rows[-1] = Content("  ").join((rows[-1], line))
            else:
                rows.append(line)
        self.query_one("#tg-actions", Static).update(Content("\n").join(rows))
        return len(rows)

    def _picked(self) -> None:
        """The half-made choice changed: redraw, show the keys for it, and let a refusal on
        the prompt line give way to the prompt."""
        self.redraw()
        self.refresh_bindings()
        self.forget_refusal()

    # --- focus, the cursor, the info line -----------------------------------------------------

    def on_screen_resume(self) -> None:
        """Back on top (a dialog or a list of choices closed): focus for the decision now."""
        self._auto_focus()

    def _auto_focus(self) -> None:
        """On a new decision for a human, focus the display with the cursor on a card that may
        be taken (or reserved); the species list opens by itself."""
        state = self.state
        if state is self._focused_view or not self.deciding():
            return
        if not screen_is_live(self):
            return
        if self.app.screen is not self:
            return  # (a dialog is on top, or a list of choices closing: on_screen_resume focuses)
        self._focused_view = state
        if self.phase() == "species":
            self.call_after_refresh(self.action_tg, "species")
            return
        board = self.display_board
        board.focus()
        self._cursor_to_target(board, DISPLAY)

    def _cursor_to_target(self, board: TgBoard, name: str) -> None:
        target = nearest_cell(board.board_layout, board.cursor, self.picker.choices.legal(name))
        if target is not None and target != board.cursor:
            board.move_cursor_to(target)

    def on_mount(self) -> None:
        """Follow the cursors of both boards (watched, so the info line is redrawn in the same
        frame as the board)."""
        self.watch(self.display_board, "cursor", self._display_cursor_moved, init=False)
        self.watch(self.mat_board, "cursor", self._mat_cursor_moved, init=False)

    def _display_cursor_moved(self) -> None:
        self._info_board = DISPLAY
        self._update_preview()
        self._draw_info()

    def _mat_cursor_moved(self) -> None:
        self._info_board = MAT
        self._draw_info()

    def _update_preview(self) -> None:
        """Light the ends where the display card under the cursor would go."""
        if not self.show_legal() or self.picker.selection.places:
            return
        targets = self._mat_targets()
        if targets != self._preview:
            self._preview = targets
            self.mat_board.set_legal(targets)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Describe the place under the cursor of the board that got the focus."""
        widget = event.widget
        if isinstance(widget, TgBoard) and widget.id in ("tg-display", "tg-mat"):
            self._info_board = DISPLAY if widget.id == "tg-display" else MAT
            self._draw_info()

    def info_room(self) -> tuple[int, int]:
        """(columns, lines) of the info line as laid out (before the first layout: the
        compact layout's width and :data:`INFO_LINES`)."""
        width, height = self.query_one("#tg-info").size
        return width or (85 if self.roomy else 55), height or INFO_LINES

    def on_resized(self, message: Resized) -> None:
        """The scoreboard or the info line got or lost room: word them again."""
        message.stop()
        if self.children:
            self._draw_texts(self.state, self.shown_seat())
            self._info_text = ""
            self._draw_info()

    def _draw_info(self) -> None:
        board = self.display_board if self._info_board == DISPLAY else self.mat_board
        width, lines = self.info_room()
        info = clamp_lines(
            self.describe_place(self._info_board, board.cursor),
            width,
            lines,
            ascii_mode=self.ascii_mode,
        )
        if info != self._info_text:
            self._info_text = info
            self.query_one("#tg-info", Static).update(literal(info), layout=False)

    def describe_place(self, board: str, key: Cell | None) -> str:
        """The info line: the card (or cell) under the cursor and what Enter does there."""
        if key is None:
            return ""
        state = self.state
        dot = symbol("dot", self.ascii_mode)
        if board == DISPLAY:
            assert isinstance(key, tuple)
            row, place = key
            code = state.display[row][place] if place < len(state.display[row]) else NO_CARD
            where = place_name(row, place)
            text = f"{where}: taken" if code == NO_CARD else f"{where} {card_words(code)}"
            if state.reserved == [row, place]:
                text += " (reserved)"
        else:
            assert isinstance(key, int)
            text = self._describe_cell(state, key)
        if not self.deciding() or (board == MAT and self.shown_seat() != self.deciding_seat()):
            return text
        entries = self.picker.choices.entries(Place(board, key))
        does = self._enter_words(entries)
        if board == DISPLAY and self.chosen_card() == key:
            does = "put it back"
        if does and board == MAT:
            # The Enter words first: a long description (a landmark) must not hide them.
            where, _, rest = text.partition(" ")
            where = where.rstrip(":")
            rest = "" if rest == "empty" else rest.removeprefix("empty; ")
            entry = resolve(entries)
            if entry is not None and entry.action is not None and entry.action[0] == "take":
                return self._take_info(where, entry.action, rest)
            text = f"{where}: Enter: {does}" + (f" {dot} {rest}" if rest else "")
        elif does:
            text += f" {dot} Enter: {does}"
        return text

    def _describe_cell(self, state: GardensState, cell: int) -> str:
        seat = self.shown_seat()
        value = state.mats[seat][cell]
        row, column = divmod(cell, COLUMNS)
        where = cell_name(cell)
        if value == CENTRAL:
            text = f"{where}: the Central Board (a path on every side)"
        elif value == EMPTY:
            landmark = state.landmark_cells.get(cell, -1)
            if landmark >= 0:
                text = f"{where}: empty; {self._landmark_words(state, landmark)}"
            else:
                text = f"{where}: empty"
        else:
            text = f"{where} {card_words(value)}"
        if state.visitors[seat][row] == column:
            lying = "lying down" if state.walked[seat][row] else "standing"
            text += f"; visitor {lying}"
        return text

    def _take_info(self, where: str, action: Action, rest: str) -> str:
        """The info line on a mat end where Enter places the chosen card: the card, the points
        it scores at once and the landmark it claims (the rules' :func:`take_outcome`), else
        what else is there (``rest``). The whole of it must be readable in the info line's lines
        (two, one while the prompt wraps): the fullest wording that fits is used, down to the
        landmark's code."""
        state = self.state
        outcome = take_outcome(state, action)
        if outcome is None:
            return f"{where}: Enter: {self.describe(action)}"
        code = state.display[action[1]][action[2]]
        name, side, points = CARD_NAMES[code], side_of(action), outcome.points
        heads = [
            f"{where}: Enter: place {name} here ({side}); it scores {points} now",
            f"{where}: Enter: {name} here ({side}), +{points} now",
        ]
        if self.roomy:
            heads.insert(
                0,
                f"{where}: Enter: take {name} ({CARDS[code].describe()}) to {where} ({side}); "
                f"it scores {points} now",
            )
        if outcome.claims >= 0:
            lm = outcome.claims
            title, gives = LANDMARKS[lm].title, landmark_side(state, lm)
            tails = [
                f"; claims {title} ({gives})",
                f"; claims {title}: {gives}",
                f"; claims ({LANDMARK_CODES[lm]}): {gives}",
            ]
        else:
            tails = [f" {symbol('dot', self.ascii_mode)} {rest}" if rest else ""]
        candidates = [head + tail for tail in tails for head in heads]
        width, lines = self.info_room()
        fitting = (text for text in candidates if fits_lines(text, width, lines))
        return next(fitting, candidates[-1])

    @staticmethod
    def _landmark_words(state: GardensState, landmark: int) -> str:
        """``"landmark Sydney Tower (3 points)"``, or once claimed ``"landmark Sydney Tower,
        claimed by Bob"`` (a card there claims nothing)."""
        title = LANDMARKS[landmark].title
        owner = state.owners[landmark]
        if owner >= 0:
            return f"landmark {title}, claimed by {state.players[owner]}"
        return f"landmark {title} ({landmark_side(state, landmark)})"

    def _enter_words(self, entries: list[Entry]) -> str:
        if not entries:
            return ""
        entry = resolve(entries)
        if entry is None:
            return f"lists {len(entries)} choices"
        if entry.origin is not None:
            row = entry.origin[0] if isinstance(entry.origin, tuple) else 0
            return f"choose it, then an end of row {DECKS[row]}" if self.roomy else "choose it"
        assert entry.action is not None
        action = entry.action
        words = self.describe(action)
        if action[0] == "take" and not self.roomy:
            # Compact: the card and its points first; the info line is narrow.
            _, _, points = words.partition("; ")
            name = CARD_NAMES[self.state.display[action[1]][action[2]]]
            return f"place {name} here ({side_of(action)}){'; ' + points if points else ''}"
        return words[:1].lower() + words[1:]

    def _origin_words(self, cell: Cell) -> str:
        if isinstance(cell, tuple):
            row, place = cell
            code = self.state.display[row][place]
            return f"choose {place_name(row, place)} ({card_words(code)})"
        return str(cell)

    # --- choosing places ----------------------------------------------------------------------

    def on_board_grid_cell_selected(self, event: BoardGrid.CellSelected) -> None:
        """A place was chosen on one of the boards (ignored while another screen is on top)."""
        event.stop()
        if not self.is_active:
            return
        board = event.board.id
        if board == "tg-display":
            self.choose_place(DISPLAY, event.cell)
        elif board == "tg-mat":
            self.choose_place(MAT, event.cell)

    def choose_place(self, board: str, key: Cell) -> None:
        """Do what choosing ``key`` on ``board`` means now (see :mod:`.picker`)."""
        if not self.deciding():
            self._not_your_turn()
            return
        if board == MAT and self.shown_seat() != self.deciding_seat():
            name = self.state.players[self.shown_seat()]
            self.show_error(f"This is {possessive(name)} mat: press o until yours is shown")
            return
        place = Place(board, key)
        chosen = self.chosen_card()
        if board == DISPLAY and chosen is not None and chosen != key:
            self.picker.cancel()  # another card: take that one instead
        self._follow(self.picker.choose(place), place)

    def _follow(self, outcome: Outcome, place: Place | None = None) -> None:
        if isinstance(outcome, Play):
            self.play(outcome.action)
        elif isinstance(outcome, Selected):
            self._picked()
            if outcome.selection.places:
                mat = self.mat_board
                mat.focus()
                self._cursor_to_target(mat, MAT)
            else:
                self.display_board.focus()
        elif isinstance(outcome, Offer):
            self._offer("Choose", list(outcome.entries), place)
        elif outcome.place is not None:
            self._nothing_at(outcome.place.board, outcome.place.cell)

    def _nothing_at(self, board: str, key: Cell) -> None:
        """Nothing legal at the place: try what it means so the engine says why, or explain."""
        state = self.state
        phase = self.phase()
        if board == DISPLAY:
            assert isinstance(key, tuple)
            row, place = key
            if phase == "take":
                self.play(("take", row, place, "left"))
            elif phase == "reserve":
                self.play(("reserve", row, place))
            else:
                self.show_error("No display card is chosen now: see the prompt")
            return
        chosen = self.chosen_card()
        if chosen is not None:
            row = chosen[0]
            self.show_error(f"Place the card at a lit end of row {DECKS[row]} (left or right)")
        elif phase == "take":
            seat = self.deciding_seat()
            rows = open_rows(state, seat) if seat is not None else ""
            self.show_error(f"Choose a card from the display first (row {rows}): tab or click")
        else:
            self.show_error("Nothing to do on the mat now")

    def _offer(self, title: str, entries: list[Entry], place: Place | None = None) -> None:
        """List ``entries`` in a :class:`ChoiceScreen`; carry out the one chosen."""
        labels = describe_entries(entries, self.describe, self._origin_words)
        self.offer_choices(
            title,
            labels,
            lambda index: self._follow(self.picker.carry_out(entries[index], place), place),
        )

    # --- actions (keys) -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys show only when they apply to the pending decision."""
        if action == "tg":
            command = str(parameters[0])
            if command == "choices":
                return self.deciding()
            legal = self.legal()
            if command == "return":
                return self.deciding() and any(a[0] == "return" for a in legal)
            if command == "species":
                return self.deciding() and self.phase() == "species"
            return self.deciding()
        if action == "cancel":
            return self.deciding() and self.picker.selection.half_made
        if action == "switch":
            return True if self.deciding() else None
        if action == "other_mat":
            return len(self.seat_view.seats) > 1 and not self.dismissed
        return super().check_action(action, parameters)

    def action_tg(self, command: str) -> None:
        """Carry out a command (a key or a click in the command list)."""
        if command == "other":
            self.action_other_mat()
            return
        if not self.deciding():
            self._not_your_turn()
            return
        if command == "cancel":
            self.action_cancel()
            return
        if command == "skip":
            self.action_pass_window()
            return
        if command == "choices":
            decision = self.seat_view.decision()
            prompt = decision.prompt if decision is not None else ""
            self._offer(f"Every choice: {prompt}", list(self.picker.every_choice().entries))
            return
        actions = self.picker.choices.commands.get(command, [])
        if not actions:
            self._nothing_for(command)
            return
        if command == "species":
            actions = sorted(actions, key=lambda a: SPECIES.index(a[1]) if a[1] in SPECIES else 9)
        if len(actions) == 1 and command == "return":
            self.play(actions[0])
            return
        self._offer(COMMAND_TITLES.get(command, "Choose"), [Entry(a) for a in actions])

    def _nothing_for(self, command: str) -> None:
        """A command with no legal action now: try it, so the engine says why."""
        if command == "return":
            cursor = self.mat_board.cursor
            row = cursor // COLUMNS if isinstance(cursor, int) else 0
            self.play(("return", row))
        elif command == "species":
            self.play(("species", SPECIES[0]))

    def action_cancel(self) -> None:
        """Esc: put the chosen card back."""
        if self.picker.cancel():
            self._picked()
            self.display_board.focus()

    def action_switch(self) -> None:
        """Tab: switch between the display and the mat."""
        board = self.mat_board if self.display_board.has_focus else self.display_board
        board.focus()

    def action_other_mat(self) -> None:
        """Show the next player's mat (after the last one, the default one again)."""
        seats = len(self.state.players)
        home = self.home_seat()
        nxt = (self.shown_seat() + 1) % seats
        self._shown = None if nxt == home else nxt
        self.redraw()

    def action_help(self) -> None:
        """The rules of The Gardens, the legend and every key of this screen."""
        if self.is_active:
            legend = legend_rows(self.state, self.ascii_mode)
            self.app.push_screen(
                HelpScreen([self.seat_view.game.spec], self.key_help(KEY_HELP), legend)
            )

    def action_legend(self) -> None:
        """What every letter and mark on the cards means: the help screen with only the
        legend and the rules (the shared dialog; ``?`` adds the keys)."""
        if self.is_active:
            legend = legend_rows(self.state, self.ascii_mode)
            self.app.push_screen(HelpScreen([self.seat_view.game.spec], (), legend))

    # --- painters -----------------------------------------------------------------------------

    def _paint_display(self, key: Cell) -> CellPaint:
        assert isinstance(key, tuple)
        state = self.state
        row, place = key
        if place >= len(state.display[row]):
            return CellPaint("", "muted")
        code = state.display[row][place]
        if code == NO_CARD:
            return taken_paint()
        corner = Piece("R", "tg-visitor") if state.reserved == [row, place] else None
        chosen = self.chosen_card() == key
        return card_paint(
            code, roomy=self.roomy, ascii_mode=self.ascii_mode, corner=corner, chosen=chosen
        )

    def _paint_mat(self, key: Cell) -> CellPaint:
        assert isinstance(key, int)
        state = self.state
        seat = self.shown_seat()
        value = state.mats[seat][key]
        row, column = divmod(key, COLUMNS)
        corner = None
        if state.visitors[seat][row] == column:
            corner = visitor_piece(state.walked[seat][row])
        if value == CENTRAL:
            return central_paint(roomy=self.roomy, ascii_mode=self.ascii_mode, corner=corner)
        if value == EMPTY:
            landmark = state.landmark_cells.get(key, -1)
            mark = landmark_mark(state, landmark) if landmark >= 0 else ""
            return empty_paint(landmark, roomy=self.roomy, mark=mark)
        return card_paint(value, roomy=self.roomy, ascii_mode=self.ascii_mode, corner=corner)
