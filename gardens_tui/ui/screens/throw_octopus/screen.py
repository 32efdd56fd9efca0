"""The Throw Octopus! game screen.

What it shows: the seascape centred on the board area, on a scrollable map that grows in every
direction (each tile with its four corners in the species' colour and letter, water plain,
complete creatures in capitals, free places beside it as ``+``; small tiles at 80x24, bigger
ones from :attr:`ThrowOctopusScreen.ROOMY_SIZE` on), a status line (whose turn, bonus turns,
the pile and the action deck), your hand as small tiles with its title (kept cards, the chosen
tile) and an info line describing the place under the cursor and what Enter does there (two
lines high, so the whole of it shows at 80 columns; anything longer ends in ``…``). The
base :class:`~gardens_tui.ui.screens.game_base.GameScreen` adds the players (tile counts, kept
cards, lost turns), the log, the prompt and the footer.

How a tile is played (keyboard or mouse): choose a tile of your hand (``1``-``9``, ``[`` / ``]``
through the whole hand, the hand board's cursor, or a click); the places where it fits light up on
the seascape and the cursor moves to the nearest; the tile is previewed at the cursor as it would
lie (``r`` turns it 180 degrees; a tile that fits only turned is turned for you); Enter (or a
click) on a place plays it there. ``d`` draws when nothing fits (the engine refuses otherwise and
the prompt line says why), ``p`` passes. Cards and windows: ``t`` throws (a list of players), a
Tide Swap takes the hand tile chosen (``p`` keeps: the footer says "Keep"), a Gift asks for the
tile then the player, ``m`` starts a Magic Touch on the board (the tiles that may move are lit:
Enter or a click lifts one, its new places light up, ``r`` turns it, Enter or a click puts it down;
``m`` again cancels), solo ``x`` discards the chosen tile and the start tile is chosen from the
hand; ``c`` lists every choice.

When a throw targets a person at this keyboard the dodge minigame opens by itself (once the
hot-seat curtain, if any, is lifted): it announces the throw (thrower and target) and, on Enter,
opens the window: the key to press within the ``dodge-window`` option's time (a wrong key, Esc or
the time running out is a hit). Its own footer shows the keys of the step shown. It plays the
outcome it saw (``dodge``, ``hit late``, ``hit wrong``, ``hit taken``) and the log line the rules
write from it tells every seat whether the dodge was in time and, if not, why.

What the app does for the person is said where they look, the prompt line (:attr:`note`, only
while the view is theirs): a forced step played for them ("Ann: only t80 fits, played for you at
1,0."), the action card their play drew and what it did to them ("Ann drew Stinky Inky. Ann drew
t84 and t85."), how their dodge went ("in time", "too late", a wrong key). When only one tile
fits (in several places) it is chosen for them. The footer offers only what is allowed (``d``
only when drawing is legal, ``r`` only while a tile is being placed; pressed otherwise they say
why). The view follows every tile placed and never cuts a tile at its edge (:mod:`.board`).

Game Night: the status line says which game it is ("Game 2 of 3"); after each game but the
last a result screen (:mod:`.night`) shows the tiles left and the running totals, and the next
game waits for it to close. Solo: the end screen gives the points and the rating
(:mod:`.solo_end`).

The screen never decides a rule: it offers what its seat view's ``legal_actions`` lists and
plays through :meth:`GameScreen.play`; everything shown comes from the seat view.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from gardens_tui.rules.base import Action, Decision, GameState
from gardens_tui.rules.throw_octopus.components import tile_name
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.table import lone_action
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens import register_screen
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.game_base import GameScreen, xy_place
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.modal import screen_is_live
from gardens_tui.ui.screens.throw_octopus.board import SeaBox, ToBoard
from gardens_tui.ui.screens.throw_octopus.choice_lists import LIST_TITLES, action_label
from gardens_tui.ui.screens.throw_octopus.dodge import DodgeModal
from gardens_tui.ui.screens.throw_octopus.dodge_call import DEFAULT_WINDOW_MS, DodgeCall
from gardens_tui.ui.screens.throw_octopus.hand import (
    card_pick,
    cycle_index,
    shown_seat,
    shown_tiles,
)
from gardens_tui.ui.screens.throw_octopus.info import hand_info, sea_info, tile_words
from gardens_tui.ui.screens.throw_octopus.keys import BINDINGS, GAME_KEYS, KEY_HELP, key_applies
from gardens_tui.ui.screens.throw_octopus.layouts import hand_layout, sea_layout
from gardens_tui.ui.screens.throw_octopus.magic_touch import movable_cells, touch_moves, touch_step
from gardens_tui.ui.screens.throw_octopus.marks import SeaMarks
from gardens_tui.ui.screens.throw_octopus.night import NightResultScreen
from gardens_tui.ui.screens.throw_octopus.paint import hand_cell_paint, sea_cell_paint
from gardens_tui.ui.screens.throw_octopus.solo_end import SoloEndScreen
from gardens_tui.ui.screens.throw_octopus.texts import (
    card_news,
    chosen_words,
    forced_words,
    hand_title,
    legend_rows,
    only_tile,
    panel_lines,
    solo_result,
    status_line,
)
from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import Cell, nearest_cell
from gardens_tui.ui.widgets.prompt import PromptLine, clamp_lines
from gardens_tui.ui.widgets.steady import SteadyStatic

__all__ = ["DEFAULT_WINDOW_MS", "LIST_TITLES", "SIDE_WIDTH", "ThrowOctopusScreen", "tile_words"]

SEA = "to-sea"
HAND = "to-hand"

SIDE_WIDTH = 30
"""The player panel and log column's width (the hand wraps in what is left)."""

INFO_LINES = 2
"""Lines of the info line under the hand: what Enter does at the cursor (the play and what it
completes, an action card) wraps onto the second line at 80 columns rather than being cut."""


@register_screen("throw-octopus")
class ThrowOctopusScreen(GameScreen):
    """The Throw Octopus! screen (see the module docstring for the layout and the keys)."""

    BINDINGS: ClassVar[list[BindingType]] = BINDINGS

    ROOMY_SIZE = (96, 30)

    DEFAULT_CSS = f"""
    ThrowOctopusScreen #game-main {{ width: 1fr; padding: 0 0 0 1; align: left top; }}
    ThrowOctopusScreen #game-side {{ width: {SIDE_WIDTH}; }}
    ThrowOctopusScreen #to-sea-box {{ height: 1fr; width: 100%; align: center middle; }}
    ThrowOctopusScreen #to-sea {{ width: auto; height: auto; max-width: 100%; max-height: 100%; }}
    ThrowOctopusScreen #to-status {{ height: 1; width: 100%; color: $foreground-muted; }}
    ThrowOctopusScreen #to-hand-title {{ height: 1; width: 100%; text-style: bold; }}
    ThrowOctopusScreen #to-hand {{ height: auto; width: 100%; max-height: 5; }}
    ThrowOctopusScreen.-roomy #to-hand {{ max-height: 8; }}
    ThrowOctopusScreen #to-info {{ height: {INFO_LINES}; width: 100%; color: $foreground-muted; }}
    """

    dodge_clock: bool = True
    """Whether the dodge minigame's clock runs by itself (tests turn it off and tick it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.chosen: int | None = None
        """The hand tile chosen to play (``None``: none)."""
        self.rotation = 0
        """The turn of the tile being placed (chosen, or lifted by Magic Touch): 0 or 180."""
        self.touching = False
        """A Magic Touch is being chosen on the board (``m``)."""
        self.lifted: int | None = None
        """The seascape tile a Magic Touch lifted (``None``: none yet)."""
        self._dodge_call = DodgeCall()
        self._legal_view: object = None
        self._legal: Sequence[Action] = ()
        self._drawn_view: object = None
        self._marks = SeaMarks()
        self._info_text = ""
        self._hand_width = 0
        self.note = ""
        """News for one person at this keyboard (:attr:`note_seat`), shown before the prompt
        while the view is theirs, until this keyboard decides again: a step the app played for
        them ("Ann: only t80 fits, played for you at 1,0."), how their dodge went."""
        self.note_seat: int | None = None
        """The seat :attr:`note` is for (only their eyes: "only t80 fits" says something about
        their hand)."""
        self._next_note: tuple[str, int | None] = ("", None)
        self._note_version: int | None = None
        self._results_seen: int | None = None
        self._night: NightResultScreen | None = None

    # --- composing ----------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The seascape (centred in its box), the status line, the hand's title, the hand, the
        info line."""
        with SeaBox(id="to-sea-box"):
            yield ToBoard(sea_layout([], self.roomy), self._paint_sea, id=SEA)
        yield SteadyStatic(id="to-status", markup=False)
        yield SteadyStatic(id="to-hand-title", markup=False)
        yield ToBoard(hand_layout(0, 40), self._paint_hand, id=HAND)
        yield SteadyStatic(id="to-info", markup=False)

    @property
    def sea(self) -> ToBoard:
        """The seascape board."""
        return self.query_one(f"#{SEA}", ToBoard)

    @property
    def hand_board(self) -> ToBoard:
        """The hand board."""
        return self.query_one(f"#{HAND}", ToBoard)

    @property
    def dodge(self) -> DodgeModal | None:
        """The dodge minigame last opened (for tests); ``None`` before the first."""
        return self._dodge_call.modal

    @property
    def state(self) -> ThrowState:
        """The position as the keyboard's seat may see it (the seat view's)."""
        state = self.seat_view.view()
        assert isinstance(state, ThrowState)
        return state

    def on_mount(self) -> None:
        """Follow the board cursors (the info line, the preview and the lit places follow
        them); the seascape starts with the focus."""
        self.watch(self.sea, "cursor", self._sea_cursor_moved, init=False)
        self.watch(self.hand_board, "cursor", self._hand_cursor_moved, init=False)
        self.sea.focus()

    def on_resize(self, event: events.Resize) -> None:
        """The hand wraps in the width left beside the players (the base switches the roomy
        layout)."""
        self._hand_width = 0
        self._fit_hand()
        self._info_text = ""  # wrapped again at the new width
        self.call_after_refresh(self._draw_info)

    def relayout(self, roomy: bool) -> None:
        """The seascape's tiles: small (compact) or bigger, apart (roomy)."""
        sea = self.sea
        sea.set_layout(sea_layout(list(sea.board_layout.cells), roomy))  # type: ignore[arg-type]

    def _fit_hand(self) -> None:
        """Lay the hand out in rows that fit the width beside the players."""
        if not self.children:
            return
        width = max(self.app.size.width - SIDE_WIDTH - 2, 8)
        size = len(self.hand())
        board = self.hand_board
        if width == self._hand_width and len(board.board_layout.cells) == max(size, 1):
            return
        self._hand_width = width
        board.set_layout(hand_layout(size, width))

    # --- whose turn, which decision -----------------------------------------------------------

    def deciding(self) -> bool:
        """A human decides now at this keyboard."""
        return self.human_to_move() and not self.state.over

    def phase(self) -> str:
        """The pending decision's kind (``"over"`` at the end)."""
        return self.state.phase

    def hand_seat(self) -> int | None:
        """The seat whose hand is shown: the person deciding now when this keyboard acts for
        them (if the view shows their tiles: not under the hot-seat curtain), else the
        keyboard's seat (a remote seat: always its own)."""
        return shown_seat(self.state, self.seat_view, self.viewer)

    def hand(self) -> list[int]:
        """The tiles of the shown hand (none when nobody's may be shown)."""
        return shown_tiles(self.state, self.hand_seat())

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

    def panel_extras(self, view: GameState, seat: int) -> Sequence[str]:
        """Under each seat: tiles in hand (a count), kept cards, lost turns, creatures."""
        return panel_lines(view, seat) if isinstance(view, ThrowState) else ()

    def prompt_text(self) -> str:
        """The base prompt after the :attr:`note` (news for the person here); for the person
        deciding, the keys of a card's decision (the footer and the info line carry the
        rest)."""
        text = super().prompt_text()
        if self.deciding():
            hints = self.key_hints()
            text = f"{text} ({hints})" if hints else text
        if not self.note or self.note_seat is None or self.viewer != self.note_seat:
            return text
        if self.seat_view.decision() is None:
            return text  # the game is over: old news
        version = self.seat_view.version
        if self._note_version is None:
            self._note_version = version  # the first prompt after the step the note is about
        if self.deciding() and version != self._note_version:
            return f"Earlier: {self.note} {text}"  # their next decision: still unread news
        return f"{self.note} {text}"

    def key_hints(self) -> str:
        """The keys of the pending decision when they are not the usual ones, briefly."""
        if self.phase() == "play":
            tile = only_tile(self.legal())
            if tile is not None and self.chosen == tile:
                return f"only {tile_name(tile)} fits: choose its place"
            return ""
        return {
            "throw": "t: choose",
            "swap": "1-9: swap that tile, p: keep",
            "gift": "1-9: choose the tile",
            "start": "1-9: choose",
        }.get(self.phase(), "")

    def touches(self) -> list[Action]:
        """The Magic Touch moves legal now."""
        return touch_moves(self.legal())

    # --- the tile being placed ----------------------------------------------------------------

    def moving(self) -> int | None:
        """The tile being placed: the one a Magic Touch lifted, else the chosen hand tile."""
        return self.lifted if self.touching else self.chosen

    def _moves_of(self, tile: int | None) -> list[Action]:
        if tile is None:
            return []
        verb = "touch" if self.touching else "play"
        return [a for a in self.legal() if a[0] == verb and a[1] == tile]

    def places(self) -> frozenset[Cell]:
        """The seascape cells lit now: where the tile being placed may go (either way round),
        or, for a Magic Touch with no tile lifted yet, the tiles that may move."""
        if self.phase() != "play":
            return frozenset()
        if self.touching and self.lifted is None:
            return movable_cells(self.state.board, self.touches())
        return frozenset((a[2], a[3]) for a in self._moves_of(self.moving()))

    def fits_here(self, cell: Cell) -> list[int]:
        """The rotations the tile being placed may take at ``cell``."""
        return [a[4] for a in self._moves_of(self.moving()) if (a[2], a[3]) == cell]

    # --- redrawing ----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Redraw everything from the seat view (called by the base after every change)."""
        if not self.children:
            return  # not composed yet
        state = self.state
        hand = self.hand()
        if state is not self._drawn_view:
            self._drawn_view = state
            if self.chosen not in hand:
                self.chosen = None
                self.rotation = 0
            if self.touching and not self.touches():
                self.touching, self.lifted = False, None
            if self.chosen is None and self.deciding() and self.phase() == "play":
                self.chosen = only_tile(self.legal())  # the one tile that fits: chosen
                if self.chosen is not None:
                    # ... and shown where it goes, not at a place it does not fit.
                    self.call_later(self._cursor_to_place)
            self._new_layouts(state)
            self._night_result(state)
        self._fit_hand()
        self.hand_board.display = self.hand_seat() is not None
        self.sea.repaint_cells()
        self.hand_board.repaint_cells()
        self._light()
        self._draw_lines()
        self.refresh_bindings()  # r Turn comes with a chosen tile

    def _draw_lines(self) -> None:
        state = self.state
        sep = " | " if self.ascii_mode else " · "
        status = self.query_one("#to-status", Static)
        width = status.content_size.width or max(self.app.size.width - SIDE_WIDTH - 2, 20)
        status.update(literal(status_line(state, sep, width)))
        tile = self.moving()
        no_place = tile is not None and not self.touching and self.deciding() and not self.places()
        chosen = chosen_words(tile, self.rotation, self.touching, no_place)
        touch_now = bool(self.touches()) and not self.touching
        title = hand_title(state, self.hand_seat(), len(self.hand()), chosen, touch_now, sep)
        self.query_one("#to-hand-title", Static).update(literal(title))
        self._draw_info()

    def _new_layouts(self, state: ThrowState) -> None:
        cells = sorted(set(state.board) | state.frontier)
        sea = self.sea
        if set(sea.board_layout.cells) != set(cells):
            sea.set_layout(sea_layout(cells, self.roomy))
            if sea.cursor is None or sea.cursor not in sea.board_layout:
                sea.move_cursor_to((0, 0))
        # The last move: the tiles that are new (or moved) since the position drawn before;
        # the view follows it (whole tiles only: ToBoard keeps the edges on tile borders).
        last = self._marks.last_move(state)
        sea.set_last_move(last)
        if last:
            sea.call_after_refresh(sea.show_cells, last)

    def _light(self) -> None:
        places = self.places() if self.show_legal() or self.touching else frozenset()
        self.sea.set_legal(places)
        hand = self.hand()
        chosen = hand.index(self.chosen) if self.chosen in hand else None
        self.hand_board.set_legal([(chosen, 0)] if chosen is not None else [])

    def _sea_cursor_moved(self, old: Cell | None, new: Cell | None) -> None:
        if self.moving() is not None:
            self.sea.repaint_cells([c for c in (old, new) if c is not None])  # the preview
        self._draw_info()

    def _hand_cursor_moved(self) -> None:
        """On the hand (with the focus, a tile to play): the tile under the cursor is chosen,
        so its places light up as the cursor moves."""
        cursor = self.hand_board.cursor
        hand = self.hand()
        if (
            self.hand_board.has_focus
            and self.deciding()
            and self.phase() == "play"
            and not self.touching
            and isinstance(cursor, tuple)
            and 0 <= cursor[0] < len(hand)
            and self.chosen != hand[cursor[0]]
        ):
            self.chosen, self.rotation = hand[cursor[0]], 0
            self.sea.repaint_cells()
            self.hand_board.repaint_cells()
            self._light()
            self._draw_lines()
            return
        self._draw_info()

    def _draw_info(self) -> None:
        if not self.children:
            return
        info = self.describe_place(self.sea.has_focus or not self.hand_board.has_focus)
        if info != self._info_text:
            self._info_text = info
            line = self.query_one("#to-info", Static)
            width = line.content_size.width or max(self.app.size.width - SIDE_WIDTH - 2, 20)
            shown = clamp_lines(info, width, INFO_LINES, ascii_mode=self.ascii_mode)
            line.tooltip = literal(info) if shown != info else None
            # The line's size is fixed: skip the relayout a plain update() would ask for.
            line.update(literal(shown), layout=False)

    def describe_place(self, on_sea: bool) -> str:
        """The info line: the tile or place under the cursor and what Enter does there."""
        if not on_sea:
            return hand_info(self.hand(), self.hand_board.cursor, self.phase())
        return sea_info(
            self.state,
            self.sea.cursor,
            deciding=self.deciding(),
            phase=self.phase(),
            moving=self.moving(),
            rotation=self.rotation,
            touching=self.touching,
            lifted=self.lifted,
            lit=self.places,
            turns=self.fits_here,
            describe=self.describe,
        )

    # --- painters -----------------------------------------------------------------------------

    def point_at(self, places: Sequence[str]) -> frozenset[str]:
        """Point at a lesson's places: seascape cells (``-1,2``) and tiles of the hand shown
        (``t19``)."""
        layout = self.sea.board_layout
        hand = {tile_name(tile): index for index, tile in enumerate(self.hand()) if tile >= 0}
        sea: set[Cell] = set()
        tiles: set[Cell] = set()
        pointed = set()
        for name in places:
            cell = xy_place(name)
            if cell is not None and cell in layout:
                sea.add(cell)
                pointed.add(name)
            elif name in hand:
                tiles.add((hand[name], 0))
                pointed.add(name)
        self.sea.set_pointed(sea)
        self.hand_board.set_pointed(tiles)
        return frozenset(pointed)

    def _paint_sea(self, key: Cell) -> CellPaint:
        assert isinstance(key, tuple)
        state = self.state
        tile = self.moving()
        preview = tile if key == self.sea.cursor and tile is not None and self.deciding() else None
        return sea_cell_paint(
            state.board,
            key,
            self._marks.complete_points(state),
            preview=preview,
            rotation=self.rotation,
            lifted=self.lifted if self.touching else None,
            roomy=self.roomy,
        )

    def _paint_hand(self, key: Cell) -> CellPaint:
        assert isinstance(key, tuple)
        return hand_cell_paint(self.hand(), key[0], self.chosen, self.rotation)

    # --- choosing -----------------------------------------------------------------------------

    def on_board_grid_cell_selected(self, event: BoardGrid.CellSelected) -> None:
        """A place or a hand tile was chosen (ignored while another screen is on top)."""
        event.stop()
        if not self.is_active or not isinstance(event.cell, tuple):
            return
        if event.board.id == HAND:
            self.action_pick(event.cell[0])
        elif event.board.id == SEA:
            self.choose_place(event.cell)

    def choose_place(self, cell: tuple[int, int]) -> None:
        """Enter or a click on the seascape: play the chosen tile there as previewed (a Magic
        Touch: lift the tile there, or put the lifted one down)."""
        if not self.deciding():
            self._not_your_turn()
            return
        if self.phase() != "play":
            self.show_error("Nothing to play on the seascape now: see the prompt")
            return
        if self.touching:
            self._touch_at(cell)
            return
        if cell in self.state.board:
            self.show_error("A tile lies there already: choose a free place (+)")
            return
        if self.chosen is None:
            self._choose_a_tile_for(cell)
            return
        self.play(("play", self.chosen, cell[0], cell[1], self.rotation))

    def _choose_a_tile_for(self, cell: tuple[int, int]) -> None:
        """Enter on a free place before any tile is chosen: choose the first tile of the hand
        that fits there, turned as it fits, so the place's line says what Enter now plays (a
        second Enter plays it); or say that none fits."""
        fitting = [a for a in self.legal() if a[0] == "play" and (a[2], a[3]) == cell]
        if not fitting:
            self.show_error("None of your tiles fits here: choose one (1-9 or [ ]) to see where")
            return
        _, tile, _, _, rotation = fitting[0]
        self.chosen, self.rotation = tile, rotation
        self.redraw()
        hand = self.hand()
        if tile in hand:
            self.hand_board.move_cursor_to((hand.index(tile), 0))

    def _touch_at(self, cell: tuple[int, int]) -> None:
        step = touch_step(self.state.board, self.lifted, cell, self.places, self.rotation)
        if step.error:
            self.show_error(step.error)
        elif step.action is not None:
            self.play(step.action)
        elif step.put_back:
            self.lifted = None  # put back: choose another tile
            self.redraw()
        else:
            self.lifted, self.rotation = step.lift, step.rotation
            self.redraw()
            self._cursor_to_place()

    def action_pick(self, index: int) -> None:
        """Choose the ``index``-th tile of the hand (what it means depends on the decision)."""
        if not self.deciding():
            self._not_your_turn()
            return
        hand = self.hand()
        if not 0 <= index < len(hand):
            self.show_error(f"There is no tile {index + 1} in your hand")
            return
        tile = hand[index]
        if self.phase() == "play":
            self.touching, self.lifted = False, None
            if self.chosen != tile:
                self.chosen = tile
                self.rotation = 0
            self.redraw()
            self.hand_board.move_cursor_to((index, 0))
            self._cursor_to_place()
            return
        pick = card_pick(self.phase(), tile, self.state, self.legal())
        if isinstance(pick, list):
            self._offer(LIST_TITLES["gift"], pick)
        elif pick is not None:
            self.play(pick)
        else:
            self.show_error("No tile is chosen now: see the prompt")

    def action_cycle(self, step: int) -> None:
        """``[`` / ``]``: choose the previous / next tile of the hand (every tile, not only
        the first nine)."""
        hand = self.hand()
        if not self.deciding() or not hand:
            self._not_your_turn() if not self.deciding() else self.show_error("No tiles in hand")
            return
        if self.phase() != "play":
            # A card's choice (swap, gift, start) is taken at once: ] only walks the hand.
            board = self.hand_board
            cursor = board.cursor
            index = cursor[0] if isinstance(cursor, tuple) else -1
            board.focus()
            board.move_cursor_to(((index + step) % len(hand), 0))
            self._info_text = ""
            self._draw_info()
            return
        self.action_pick(cycle_index(hand, self.chosen, step))

    def _cursor_to_place(self) -> None:
        """Move the seascape cursor to the nearest lit place (the board takes the focus). A
        tile that fits nowhere the way it is turned now but fits turned the other way is
        turned for the player (Enter then plays it as previewed; ``r`` turns it back)."""
        sea = self.sea
        places = self.places()
        turned = [c for c in places if self.rotation in self.fits_here(c)]
        if places and not turned and self.moving() is not None:
            other = 180 - self.rotation
            turned = [c for c in places if other in self.fits_here(c)]
            if turned:
                self.rotation = other
                self.redraw()
        target = nearest_cell(sea.board_layout, sea.cursor, turned or places)
        if target is not None:
            sea.move_cursor_to(target)
        sea.focus()

    def action_turn(self) -> None:
        """``r``: turn the tile being placed 180 degrees."""
        if self.moving() is None:
            self.show_error("Choose a tile of your hand first (1-9 or [ ])")
            return
        self.rotation = 180 - self.rotation
        self.redraw()

    def action_switch(self) -> None:
        """Tab: switch between the seascape and the hand."""
        board = self.hand_board if self.sea.has_focus else self.sea
        board.focus()
        self._info_text = ""
        self._draw_info()

    def _play_or_refuse(self, verb: str, fallback: Action) -> None:
        """Play the one legal action of ``verb``; without one, play ``fallback`` so the engine
        says why not."""
        if not self.deciding():
            self._not_your_turn()
            return
        actions = [a for a in self.legal() if a[0] == verb]
        self.play(actions[0] if len(actions) == 1 else fallback)

    def action_draw(self) -> None:
        """``d``: draw a tile (the engine refuses while a tile fits)."""
        self._play_or_refuse("draw", ("draw",))

    def action_to_pass(self) -> None:
        """``p``: pass (keep, at a Tide Swap)."""
        if self.deciding() and self.phase() == "swap":
            self.play(("keep",))
            return
        self._play_or_refuse("pass", ("pass",))

    def action_keep(self) -> None:
        """``p`` at a Tide Swap: keep every tile."""
        if self.deciding() and self.phase() == "swap":
            self.play(("keep",))

    def action_discard(self) -> None:
        """``x`` (solo): discard the chosen tile and draw."""
        if not self.deciding():
            self._not_your_turn()
            return
        if self.chosen is None:
            self.show_error("Choose the tile to discard first (1-9 or [ ])")
            return
        self.play(("discard", self.chosen))

    def action_throw(self) -> None:
        """``t``: choose the player to throw the octopus at."""
        if not self.deciding():
            self._not_your_turn()
            return
        actions = [a for a in self.legal() if a[0] == "throw"]
        if not actions:
            self.play(("throw", 0))  # the engine says why not
            return
        self._offer(LIST_TITLES["throw"], actions)

    def action_touch(self) -> None:
        """``m``: start a Magic Touch on the board (the tiles that may move light up), or
        cancel the one being chosen."""
        if not self.deciding():
            self._not_your_turn()
            return
        if self.touching:
            self.touching, self.lifted, self.rotation = False, None, 0
            self.redraw()
            return
        if not self.touches():
            self.show_error("No Magic Touch to play now")
            return
        self.touching, self.lifted, self.rotation = True, None, 0
        self.redraw()
        self._cursor_to_place()

    def action_touch_list(self) -> None:
        """Every Magic Touch move as a list (``M``)."""
        if not self.deciding():
            self._not_your_turn()
            return
        actions = self.touches()
        if not actions:
            self.show_error("No Magic Touch to play now")
            return
        self._offer(LIST_TITLES["touch"], actions)

    def action_choices(self) -> None:
        """``c``: every legal action as a list."""
        if not self.deciding():
            self._not_your_turn()
            return
        decision = self.seat_view.decision()
        prompt = decision.prompt if decision is not None else ""
        self._offer(f"Every choice: {prompt}", list(self.legal()))

    def _offer(self, title: str, actions: Sequence[Action]) -> None:
        """List ``actions`` in a :class:`ChoiceScreen`; play the one chosen (if the position is
        still the same)."""
        labels = [self._label(a) for a in actions]
        self.offer_choices(title, labels, lambda index: self.play(actions[index]))

    def _label(self, action: Action) -> str:
        return action_label(self.state, action, self.describe)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys act only while a person here decides, and the footer offers only
        what is allowed (:func:`.keys.key_applies`: ``r`` turns a tile only while one is being
        placed, ``d`` only when drawing is legal...)."""
        if action not in GAME_KEYS:
            return super().check_action(action, parameters)
        if action in ("pick", "choices") and self.dismissed:
            return False
        if not self.deciding():
            return False
        placing = self.moving() is not None
        return key_applies(action, self.phase(), self.legal(), self.state.solo, placing)

    def action_draw_refused(self) -> None:
        """``d`` while drawing is not allowed: the engine says why (a tile fits, a bonus
        turn)."""
        if self.deciding():
            self.play(("draw",))

    def action_pass_refused(self) -> None:
        """``p`` while passing is not allowed: the engine says why."""
        if self.deciding():
            self.play(("pass",))

    def action_turn_refused(self) -> None:
        """``r`` with no tile being placed: say what to do first."""
        self.show_error("Choose a tile of your hand first (1-9 or [ ])")

    # --- what the app played, news, the Game Night result, the end -----------------------------

    def play(self, action: Action, note: str = "") -> bool:
        """:meth:`GameScreen.play`; the :attr:`note` becomes ``note`` for the deciding seat
        (or the news waiting for this step: how a dodge went), replacing the last one (this
        keyboard decides again)."""
        seat = self.state.current_player
        self.note, self.note_seat = (note, seat) if note else self._next_note
        self._next_note = ("", None)
        self._note_version = None
        played = super().play(action)
        if played and seat is not None and action[0] == "play":
            self._card_news(seat)
        if self._note_version is None:
            self._note_version = self.seat_view.version  # the position the note is news in
        return played

    def _card_news(self, seat: int) -> None:
        """After ``seat``'s tile play: the action card it drew and what the card did (drawn
        and played by the app, as the rules say) join the :attr:`note`, so the person sees it
        in the prompt line, not only in the log."""
        state = self.state
        news = card_news(state.events, state.players[seat])
        if not news:
            return
        mine = self.note and self.note_seat == seat
        self.note, self.note_seat = (f"{self.note} {news}" if mine else news), seat
        for prompt in self.query(PromptLine):
            prompt.show_prompt(self.prompt_text() + self.clock_text())

    def _play_forced_step(self) -> bool:
        """Play a person's forced step for them (the base's rule: one legal action) and say so
        in the prompt line, where they look: "Ann: only t80 fits, played for you at 1,0."."""
        decision = self._pending()
        if decision is None:
            return False
        action = lone_action(decision, self.seat_view.legal_actions())
        if action is None:
            return False
        return self.play(action, note=forced_words(self.state, action, self.describe))

    def _night_result(self, state: ThrowState) -> None:
        """A game of a Game Night has just ended and the next was dealt: show its result (the
        next game waits until it is closed)."""
        seen, self._results_seen = self._results_seen, len(state.results)
        if seen is None or len(state.results) <= seen or state.over or self._night is not None:
            return
        self._night = NightResultScreen(state)
        self.note = ""  # news of the game that ended
        self.app.call_later(self._show_night)

    def _show_night(self) -> None:
        night = self._night
        if night is None or not screen_is_live(self):
            return
        for prompt in self.query(PromptLine):
            prompt.show_prompt(self.prompt_text())  # without the last game's news
        self.app.push_screen(night, self._night_closed)

    def _night_closed(self, _: None = None) -> None:
        self._night = None
        if screen_is_live(self):
            self.call_later(self._advance)

    @property
    def night_result(self) -> NightResultScreen | None:
        """The Game Night result waiting to be closed (``None``: none)."""
        return self._night

    def _end_screen(self) -> EndScreen:
        """The base's end screen; solo, with the points and the rating as the result."""
        end = super()._end_screen()
        state = self.state
        if not state.solo:
            return end
        return SoloEndScreen(
            end.seat_view,
            ascii_mode=end.ascii_mode,
            replay=end.replay,
            rematch=end.rematch,
            review=end.review,
            result=solo_result(state),
        )

    # --- the dodge ----------------------------------------------------------------------------

    def _advance(self) -> None:
        """The base's next step, then the dodge if a person here is the throw's target (the
        next game of a Game Night waits while its result is up)."""
        if self._night is not None:
            return
        super()._advance()
        self.open_dodge()

    def on_screen_resume(self) -> None:
        """Back on top (a help screen, the curtain closed): a pending dodge opens now."""
        self.call_later(self.open_dodge)

    def open_dodge(self) -> None:
        """Open the dodge minigame by itself when a person at this keyboard is the target of
        a throw (once per position; not while another screen is on top or the curtain is up:
        it opens when this screen is back)."""
        if not screen_is_live(self) or not self.is_active:
            return
        if self._dodge_call.due(self._pending(), self.seat_view.version):
            self.action_roll()

    def run_skill(self, decision: Decision) -> Awaitable[Action | None] | None:
        """The dodge minigame for a person who is the target: press the key shown within the
        ``dodge-window`` option's time (a wrong key, Esc or the time running out is a hit)."""
        if decision.skill != "dodge" or not self.is_active:
            return None
        return self._dodge_call.open(
            self.app,
            self.state,
            decision,
            self.seat_view.version,
            ascii_mode=self.ascii_mode,
            clock=self.dodge_clock,
            told=self._dodge_told,
        )

    def _dodge_told(self, words: str) -> None:
        """How the dodge went: shown before the prompt once its outcome is played (the log
        line, from the rules, says in time or not and why; this also names the key pressed)."""
        self._next_note = (words, self.state.current_player)

    def action_dodge(self) -> None:
        """``r`` when an octopus comes at a person here and the dodge is not up: start it."""
        self.action_roll()

    # --- help ---------------------------------------------------------------------------------

    def action_help(self) -> None:
        """The rules, the legend and every key of this screen."""
        if self.is_active:
            legend = legend_rows(self.ascii_mode)
            self.app.push_screen(
                HelpScreen([self.seat_view.game.spec], self.key_help(KEY_HELP), legend)
            )

    def action_legend(self) -> None:
        """What every letter and mark on the seascape means (the help without the keys)."""
        if self.is_active:
            legend = legend_rows(self.ascii_mode)
            self.app.push_screen(HelpScreen([self.seat_view.game.spec], (), legend))
