"""The Tanuki in the Garden game screen.

What it shows: the 6x6 garden inside its ring of 24 edge spaces (tiles with their path ends and
symbols, monks as their seat's letter, the two tanuki, stashes, traps, rock gardens; see
:mod:`.paint`), under it the hand of the keyboard's seat with the dice and the piles, and an info
line describing the place under the cursor and what Enter does there. The base
:class:`~gardens_tui.ui.screens.game_base.GameScreen` adds the players with their shiitake, monk,
tile and card counts (your own cards by title), the log (every walk in words), the prompt and
the footer.

How a decision is made (keyboard or mouse, through the shared action picker with this game's
parts from :mod:`.picker`): at the start, an edge space (Enter or a click). To lay a tile: the
first usable tile of your hand is chosen (1-6 or a click on the hand choose another) and drawn
on your monk's front square, the lit one; ``r`` turns it (and, from an edge space, changes the
end to enter by); Enter or a click on that square lays it. Everything without a place is a key
(the footer lists the ones that apply): ``r`` roll, ``t`` steer, ``n`` walk in, ``x`` distract,
``p`` pass (the optional windows too), ``y`` Repellant / Best Offense, ``b`` buy, ``m`` a Garden
Master card, ``c`` every choice.

The screen never decides a rule: it offers what its seat view's ``legal_actions`` lists; the
place a tile goes is the rules' ``front_square``. Everything shown comes from the seat view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from gardens_tui.rules.base import Action, GameState
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki.components import (
    EDGES,
    SIDE_LETTERS,
    TANUKI_NAMES,
    TRAP_LETTERS,
    edge_name,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.state import EDGE_BASE, TanukiState
from gardens_tui.rules.tanuki.text import paths_text
from gardens_tui.rules.words import possessive
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens import register_screen
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.modal import screen_is_live
from gardens_tui.ui.screens.tanuki.board import TkBoard
from gardens_tui.ui.screens.tanuki.keys import BINDINGS, KEY_HELP, key_hints
from gardens_tui.ui.screens.tanuki.layouts import (
    board_layout,
    hand_layout,
    side_width,
    tile_size,
)
from gardens_tui.ui.screens.tanuki.paint import (
    SEAT_ROLES,
    TANUKI_GLYPHS,
    TANUKI_ROLES,
    edge_paint,
    hand_paint,
    monk_letters,
    square_paint,
    tile_kind,
)
from gardens_tui.ui.screens.tanuki.picker import BOARD, HAND, TkParts, variant_words
from gardens_tui.ui.screens.tanuki.texts import legend_rows, panel_lines, status_line
from gardens_tui.ui.widgets.action_picker import (
    ActionPicker,
    Entry,
    Nothing,
    Offer,
    Outcome,
    Place,
    Play,
    Selected,
    Selection,
    describe_entries,
    keep_item,
)
from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint, Piece
from gardens_tui.ui.widgets.board_layout import Cell

LIST_TITLES: dict[str, str] = {
    "steer": "Which way does the tanuki go?",
    "enter": "Walk in through which end?",
    "card": "Play which Garden Master card?",
    "distract": "Distract which tanuki?",
}


@register_screen("tanuki-in-the-garden")
class TanukiScreen(GameScreen):
    """The Tanuki in the Garden screen (see the module docstring for the layout and keys)."""

    BINDINGS: ClassVar[list[BindingType]] = BINDINGS
    ROOMY_SIZE = (114, 36)

    DEFAULT_CSS = """
    TanukiScreen #game-main { width: 55; padding: 0 0 0 1; align: left top; }
    TanukiScreen.-roomy #game-main { width: 82; }
    TanukiScreen #game-side { width: 1fr; min-width: 20; }
    TanukiScreen #tk-bar { height: 1; width: 100%; }
    TanukiScreen #tk-hand { width: auto; height: 1; margin-right: 2; }
    TanukiScreen #tk-status { width: 1fr; height: 1; color: $foreground-muted; }
    TanukiScreen #tk-info { height: 1; width: 100%; color: $foreground-muted; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parts = TkParts()
        self.picker = ActionPicker(self.parts)
        """The half-made choice of the player at the keyboard (the tile and its rotation)."""
        self.walk: frozenset[Cell] = frozenset()
        """The squares the last walk crossed (lit)."""
        self._pick_view: object = None
        self._legal_view: object = None
        self._legal: Sequence[Action] = ()
        self._trails: list[list[int]] | None = None
        self._hand_size = -1
        self._info_text = ""

    # --- composing ----------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The garden; the hand with the dice beside it; the info line."""
        yield TkBoard(board_layout(self.roomy), self._paint_board, id="tk-board")
        with Horizontal(id="tk-bar"):
            yield TkBoard(hand_layout(3), self._paint_hand, id="tk-hand")
            yield Static(id="tk-status", markup=False)
        yield Static(id="tk-info", markup=False)

    @property
    def board(self) -> TkBoard:
        """The garden board."""
        return self.query_one("#tk-board", TkBoard)

    @property
    def hand_board(self) -> TkBoard:
        """The hand."""
        return self.query_one("#tk-hand", TkBoard)

    @property
    def state(self) -> TanukiState:
        """The position as the keyboard's seat may see it (the seat view's)."""
        state = self.seat_view.view()
        assert isinstance(state, TanukiState)
        return state

    def relayout(self, roomy: bool) -> None:
        """The boards' layouts for the compact or the roomy size."""
        self.board.set_layout(board_layout(roomy))

    def on_mount(self) -> None:
        """Follow the board cursors (the info line describes the place under them)."""
        self.watch(self.board, "cursor", self._draw_info, init=False)
        self.watch(self.hand_board, "cursor", self._draw_info, init=False)

    # --- whose turn -----------------------------------------------------------------------------

    def deciding(self) -> bool:
        """A human decides now at this keyboard."""
        return self.human_to_move() and not self.state.over

    def phase(self) -> str:
        """The pending decision's kind (``"over"`` at the end)."""
        return self.state.phase

    def hand_seat(self) -> int | None:
        """The seat whose hand is shown: the human deciding now, else the keyboard's seat."""
        state = self.state
        seat = state.current_player
        if seat is not None and seat >= 0 and not self.seat_view.seats[seat].is_bot:
            return seat
        return self.viewer

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

    def prompt_text(self) -> str:
        """The decision, then the keys of the commands that apply (``r turn · p pass``)."""
        text = super().prompt_text()
        if not self.deciding():
            return text
        hints = key_hints([str(action[0]) for action in self.legal()])
        if self.ascii_mode:
            hints = hints.replace("·", "-")
        return f"{text} ({hints})" if hints else text

    def panel_extras(self, view: GameState, seat: int) -> Sequence[str]:
        """Under each seat: its monk, its tiles and its cards (titles only for your own)."""
        if not isinstance(view, TanukiState):
            return ()
        return panel_lines(view, seat, own=seat == self.viewer)

    def usable_tiles(self) -> list[int]:
        """The tiles of the hand that some legal placement uses, in hand order."""
        placing = {a[1] for a in self.picker.actions if a[0] == "place"}
        return [t for t in self.parts.hand if t in placing]

    # --- redrawing ----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Redraw everything from the seat view (called by the base after every change)."""
        if not self.children:
            return
        state = self.state
        if state is not self._pick_view:
            self._new_position(state)
        else:
            self.picker.update(self.legal())
        board, hand = self.board, self.hand_board
        choices = self.picker.choices
        show = self.show_legal()
        board.set_legal(choices.legal(BOARD) if show else ())
        hand.set_legal(choices.legal(HAND) if show else ())
        board.set_last_move(self.walk)
        board.repaint_cells()
        hand.repaint_cells()
        status = status_line(state, self.ascii_mode)
        self.query_one("#tk-status", Static).update(literal(status), layout=False)
        self._info_text = ""
        self._draw_info()

    def _new_position(self, state: TanukiState) -> None:
        self._pick_view = state
        seat = state.current_player
        mine = self.hand_seat()
        self.parts.hand = list(state.hands[mine]) if mine is not None else []
        placing = self.deciding() and state.phase == "place" and seat is not None
        self.parts.front = B.front_square(state, seat) if placing and seat is not None else -1
        self.picker.reset(self.legal(), Selection())
        usable = self.usable_tiles()
        self._choose_tile(keep_item(None, usable) if usable else None)
        if self.parts.front >= 0 and usable:
            self.board.move_cursor_to(self.parts.front)  # Enter lays the previewed tile
        if self.deciding() and state.phase in ("edge", "clear"):
            lit = self.picker.choices.legal(BOARD)
            if lit and self.board.cursor not in lit:
                first = next(cell for cell in self.board.board_layout.cells if cell in lit)
                self.board.move_cursor_to(first)
        if self.deciding() and state.phase == "discard":
            self.hand_board.focus()  # the tile to discard is chosen in the hand
        trails = [list(t) for t in state.trail]
        if self._trails is not None and len(self._trails) == len(trails):
            crossed: set[Cell] = set()
            for old, new in zip(self._trails, trails, strict=True):
                if len(new) > len(old) and new[: len(old)] == old:
                    crossed |= set(new[len(old) :])
            if crossed:
                self.walk = frozenset(crossed)
        self._trails = trails
        size = len(self.parts.hand)
        if size != self._hand_size:
            self._hand_size = size
            self.hand_board.set_layout(hand_layout(size))

    def _choose_tile(self, tile: object) -> None:
        """Select ``tile`` (an item) with its first variant (rotation)."""
        self.picker.select(Selection(item=tile))
        variants = self.picker.choices.variants
        if tile is not None and variants:
            self.picker.select(replace(self.picker.selection, variant=variants[0]))

    def preview(self) -> int:
        """The tile value (``tile * 4 + rot``) previewed on the front square, or -1."""
        selection = self.picker.selection
        variant = selection.variant
        if self.parts.front < 0 or not isinstance(selection.item, int):
            return -1
        if not isinstance(variant, tuple):
            return -1
        return selection.item * 4 + int(variant[0])

    # --- painters -----------------------------------------------------------------------------

    def _stands(self, state: TanukiState, sq: int) -> list[Piece]:
        letters = monk_letters(state.players)
        pieces = [
            Piece(letters[seat], SEAT_ROLES[seat % len(SEAT_ROLES)])
            for seat in range(len(state.players))
            if state.monks[seat] >= 0
            and state.monks[seat] < EDGE_BASE
            and state.monks[seat] >> 3 == sq
        ]
        glyphs = TANUKI_GLYPHS[self.ascii_mode]
        pieces += [Piece(glyphs[i], TANUKI_ROLES[i]) for i in range(2) if state.tanuki[i] == sq]
        if state.stash[sq]:
            pieces.append(Piece(f"${state.stash[sq]}", "tk-stash"))
        pieces += [
            Piece(f"^{TRAP_LETTERS[i]}", "tk-trap") for i in range(3) if state.traps[i] == sq
        ]
        return pieces

    def _paint_board(self, key: Cell) -> CellPaint:
        state = self.state
        if isinstance(key, tuple):
            edge = int(key[1])
            letters = monk_letters(state.players)
            stands = [
                Piece(letters[seat], SEAT_ROLES[seat % len(SEAT_ROLES)])
                for seat in range(len(state.players))
                if state.monks[seat] == EDGE_BASE + edge
            ]
            sq, side = EDGES[edge]
            label = "abcdef"[sq % 6] if side in (0, 2) else str(sq // 6 + 1)
            width, height = tile_size(self.roomy)
            if side in (0, 2):
                return edge_paint(label, stands, width, 1)
            return edge_paint(label, stands, side_width(self.roomy), height)
        assert isinstance(key, int)
        value = state.board[key]
        stands = self._stands(state, key)
        if key == self.parts.front:
            shown = self.preview()
            if shown >= 0:
                return square_paint(shown, stands, roomy=self.roomy, role="accent")
        alt = (key // 6 + key % 6) % 2 == 1
        return square_paint(value, stands, roomy=self.roomy, alt=alt)

    def _paint_hand(self, key: Cell) -> CellPaint:
        assert isinstance(key, int)
        hand = self.parts.hand
        if key >= len(hand):
            return CellPaint("", "empty")
        tile = hand[key]
        return hand_paint(tile, key, chosen=self.picker.selection.item == tile, hidden=tile < 0)

    # --- the info line ------------------------------------------------------------------------

    def _draw_info(self) -> None:
        if not self.children:
            return
        hand = self.hand_board
        if hand.has_focus:
            info = self.describe_hand(hand.cursor)
        else:
            info = self.describe_place(self.board.cursor)
        if info != self._info_text:
            self._info_text = info
            self.query_one("#tk-info", Static).update(literal(info), layout=False)

    def describe_hand(self, key: Cell | None) -> str:
        """The tile in hand under the cursor."""
        hand = self.parts.hand
        if not isinstance(key, int) or key >= len(hand) or hand[key] < 0:
            return "Your hand" if hand else "No tiles in hand"
        tile = hand[key]
        text = f"{tile_name(tile)}: {tile_kind(tile)}"
        if self.deciding() and self.phase() == "place" and tile in self.usable_tiles():
            text += " - Enter: choose it"
        elif self.deciding() and self.picker.choices.entries(Place(HAND, key)):
            text += " - Enter: discard it"
        return text

    def describe_place(self, key: Cell | None) -> str:
        """The square or edge space under the cursor and what Enter does there."""
        if key is None:
            return ""
        state = self.state
        if isinstance(key, tuple):
            edge = int(key[1])
            sq, side = EDGES[edge]
            text = f"edge {edge_name(edge)} ({SIDE_LETTERS[side]} of {square_name(sq)})"
        else:
            assert isinstance(key, int)
            text = square_name(key)
            value = state.board[key]
            if value >= 0:
                text += f" {tile_name(value >> 2)}: " + paths_text(value)
            elif value == -2:
                text += ": rock garden"
            for i in range(2):
                if state.tanuki[i] == key:
                    text += f"; {TANUKI_NAMES[i]} tanuki"
        if not self.deciding():
            return text
        if key == self.parts.front and self.preview() >= 0:
            tile = self.picker.selection.item
            words = variant_words(self.picker.selection.variant)
            lay = f"lay {tile_name(int(str(tile)))} {words}"
            return f"{square_name(int(str(key)))}: Enter: {lay} (r turns)"
        entries = self.picker.choices.entries(Place(BOARD, key))
        if len(entries) == 1 and entries[0].action is not None:
            text += " - Enter: " + self.describe(entries[0].action)
        return text

    # --- choosing places ----------------------------------------------------------------------

    def on_board_grid_cell_selected(self, event: BoardGrid.CellSelected) -> None:
        """A place was chosen on the garden or the hand (ignored while another screen is on
        top)."""
        event.stop()
        if not self.is_active:
            return
        if event.board.id == "tk-hand":
            self.choose_place(HAND, event.cell)
        elif event.board.id == "tk-board":
            self.choose_place(BOARD, event.cell)

    def choose_place(self, board: str, key: Cell) -> None:
        """Do what choosing ``key`` on ``board`` means now."""
        if not self.deciding():
            self._not_your_turn()
            return
        if board == HAND and self.phase() == "place":
            assert isinstance(key, int)
            self.action_pick(key)
            return
        self._follow(self.picker.choose(Place(board, key)))

    def _follow(self, outcome: Outcome) -> None:
        if isinstance(outcome, Play):
            self.play(outcome.action)
        elif isinstance(outcome, Selected):
            self.redraw()
        elif isinstance(outcome, Offer):
            self._offer("Choose", list(outcome.entries))
        elif isinstance(outcome, Nothing):
            self._nothing_here()

    def _nothing_here(self) -> None:
        phase = self.phase()
        if phase == "steer":
            self.action_tk("steer")  # Enter anywhere: the list of directions
        elif phase == "place" and self.parts.front >= 0:
            where = square_name(self.parts.front)
            self.show_error(f"Lay your tile on the lit square {where} (or see the keys below)")
        elif phase == "edge":
            self.show_error("Choose a lit edge space around the garden")
        elif phase == "clear":
            self.show_error("Choose a lit square to clear (p: done)")
        elif phase == "discard":
            self.show_error("Choose a tile in your hand to discard (tab, then Enter)")
        else:
            self.show_error("Nothing to do there now: see the keys below")

    def _offer(self, title: str, entries: list[Entry]) -> None:
        """List ``entries`` in a :class:`ChoiceScreen`; carry out the one chosen."""
        labels = describe_entries(entries, self.describe, str)
        view = self.state

        def chosen(index: int | None) -> None:
            if not screen_is_live(self) or self.state is not view:
                return
            if index is not None and 0 <= index < len(entries):
                self._follow(self.picker.carry_out(entries[index]))

        if self.is_active:
            self.app.push_screen(ChoiceScreen(title, labels), chosen)

    def _not_your_turn(self) -> None:
        seat = self.state.current_player
        if seat is None:
            self.show_error("The game is over.")
        else:
            self.show_error(f"It is {possessive(self.seat_view.seats[seat].name)} decision now.")

    # --- actions (keys) -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys show only when they apply to the pending decision."""
        if action == "tk":
            command = str(parameters[0])
            if command == "choices":
                return self.deciding()
            return self.deciding() and bool(self.picker.choices.commands.get(command))
        if action == "rotate":
            return self.deciding() and len(self.picker.choices.variants) > 1
        if action == "pick":
            return self.deciding() and self.phase() == "place" and bool(self.usable_tiles())
        if action == "switch":
            return True if self.deciding() else None
        return super().check_action(action, parameters)

    def action_tk(self, command: str) -> None:
        """Carry out a command (a key, or a click on the footer)."""
        if not self.deciding():
            self._not_your_turn()
            return
        if command == "choices":
            decision = self.seat_view.decision()
            prompt = decision.prompt if decision is not None else ""
            self._offer(f"Every choice: {prompt}", list(self.picker.every_choice().entries))
            return
        actions = self.picker.choices.commands.get(command, [])
        if not actions:
            self.show_error("That does not apply now: see the keys below")
            return
        if len(actions) == 1 and command not in ("card", "steer"):
            self.play(actions[0])
            return
        self._offer(LIST_TITLES.get(command, "Choose"), [Entry(a) for a in actions])

    def action_pass_window(self) -> None:
        """``p``: let an optional window go, else pass (see :meth:`action_tk`)."""
        self.action_tk("pass")

    def action_rotate(self, step: int) -> None:
        """Turn the chosen tile (the next variant: rotation, and the end entered from an edge)."""
        if self.picker.cycle_variant(step):
            self.redraw()

    def action_pick(self, index: int) -> None:
        """Choose the tile at ``index`` of the hand to lay."""
        hand = self.parts.hand
        if not 0 <= index < len(hand):
            return
        tile = hand[index]
        if tile not in self.usable_tiles():
            self.show_error(f"{tile_name(tile)} cannot be laid now")
            return
        if self.picker.selection.item != tile:
            self._choose_tile(tile)
        self.redraw()

    def action_switch(self) -> None:
        """Tab: switch between the garden and the hand."""
        target = self.hand_board if self.board.has_focus else self.board
        target.focus()
        self._info_text = ""
        self._draw_info()

    def action_help(self) -> None:
        """The legend, every key of this screen, then the rules."""
        if self.is_active:
            legend = legend_rows(self.state, self.ascii_mode)
            self.app.push_screen(HelpScreen([self.seat_view.game.spec], KEY_HELP, legend))

    def action_legend(self) -> None:
        """What every letter and mark means (the help screen with the legend and the rules)."""
        if self.is_active:
            legend = legend_rows(self.state, self.ascii_mode)
            self.app.push_screen(HelpScreen([self.seat_view.game.spec], (), legend))
