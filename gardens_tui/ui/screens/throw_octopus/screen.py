"""The Throw Octopus! game screen.

What it shows: the seascape on a scrollable map that grows in every direction (each tile with
its four corners in the species' colour and letter, complete creatures in capitals, free places
beside it as ``+``), a status line (pile, action deck), your hand below it (the tiles of the
seat deciding at this keyboard, or the keyboard's own) and an info line describing the place
under the cursor and what Enter does there. The base
:class:`~gardens_tui.ui.screens.game_base.GameScreen` adds the players (tile counts, kept cards,
lost turns), the log, the prompt and the footer.

How a tile is played (keyboard or mouse): choose a tile of your hand (``1``-``9``, or the hand
board's cursor and Enter, or a click); the places where it fits light up on the seascape and the
cursor moves to the nearest; the tile is previewed at the cursor as it would lie (``r`` turns it
180 degrees); Enter (or a click) on a place plays it there. ``d`` draws when nothing fits (the
engine refuses otherwise and the prompt line says why), ``p`` passes. Cards and windows: ``t``
throws (a list of players), a Tide Swap takes the hand tile chosen (``p`` keeps), a Gift asks
for the tile then the player, ``m`` lists the Magic Touch moves, solo ``x`` discards the chosen
tile and the start tile is chosen from the hand; ``c`` lists every choice. When a person is the
target of a throw, ``r`` starts the dodge minigame: press the key shown within the
``dodge-window`` option's time (a wrong key or the time running out is a hit).

The screen never decides a rule: it offers what its seat view's ``legal_actions`` lists and
plays through :meth:`GameScreen.play`; everything shown comes from the seat view.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from gardens_tui.rules.base import Action, Decision, GameState
from gardens_tui.rules.throw_octopus import seascape
from gardens_tui.rules.throw_octopus.components import (
    CORNER_NAMES,
    LETTERS,
    OCTOPUS,
    SPECIES,
    corners,
    tile_name,
)
from gardens_tui.rules.throw_octopus.spec import DODGE_WINDOW_KEY
from gardens_tui.rules.throw_octopus.state import HIDDEN, ThrowState
from gardens_tui.rules.words import possessive
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens import register_screen
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.modal import screen_is_live
from gardens_tui.ui.screens.throw_octopus.board import ToBoard
from gardens_tui.ui.screens.throw_octopus.dodge import dodge_key, dodge_modal
from gardens_tui.ui.screens.throw_octopus.keys import BINDINGS, KEY_HELP
from gardens_tui.ui.screens.throw_octopus.paint import (
    CELL_HEIGHT,
    CELL_WIDTH,
    free_paint,
    tile_paint,
)
from gardens_tui.ui.screens.throw_octopus.texts import legend_rows, panel_lines, status_line
from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import Cell, nearest_cell
from gardens_tui.ui.widgets.sparse_layout import SparseLayout

SEA = "to-sea"
HAND = "to-hand"

LIST_TITLES: dict[str, str] = {
    "throw": "Throw Octopus: at whom?",
    "touch": "Magic Touch: move which tile where?",
    "gift": "Gift from the Deep: give it to whom?",
}


def sea_layout(cells: Sequence[tuple[int, int]]) -> SparseLayout:
    """The seascape's map: one cell per placed tile and free place."""
    return SparseLayout(cells, cell_width=CELL_WIDTH, cell_height=CELL_HEIGHT, margin=(1, 0))


def hand_layout(size: int) -> SparseLayout:
    """The hand: one row of ``size`` tiles (at least one cell, so the board keeps its height)."""
    return SparseLayout(
        [(i, 0) for i in range(max(size, 1))],
        cell_width=CELL_WIDTH,
        cell_height=CELL_HEIGHT,
        gap_x=1,
    )


@register_screen("throw-octopus")
class ThrowOctopusScreen(GameScreen):
    """The Throw Octopus! screen (see the module docstring for the layout and the keys)."""

    BINDINGS: ClassVar[list[BindingType]] = BINDINGS

    DEFAULT_CSS = """
    ThrowOctopusScreen #game-main { width: 1fr; padding: 0 0 0 1; align: left top; }
    ThrowOctopusScreen #game-side { width: 30; }
    ThrowOctopusScreen #to-sea { height: 1fr; width: 100%; }
    ThrowOctopusScreen #to-status { height: 1; width: 100%; color: $foreground-muted; }
    ThrowOctopusScreen #to-hand { height: 3; width: 100%; }
    ThrowOctopusScreen #to-info { height: 1; width: 100%; color: $foreground-muted; }
    """

    dodge_clock: bool = True
    """Whether the dodge minigame's clock runs by itself (tests turn it off and tick it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.chosen: int | None = None
        """The hand tile chosen to play (``None``: none)."""
        self.rotation = 0
        """The chosen tile's turn: 0 or 180."""
        self.dodge: Any = None
        """The dodge minigame on screen (a TimedModal), for tests; ``None`` before the first."""
        self._legal_view: object = None
        self._legal: Sequence[Action] = ()
        self._drawn_view: object = None
        self._prev_board: dict[tuple[int, int], int] = {}
        self._last_move: frozenset[Cell] = frozenset()
        self._info_text = ""

    # --- composing ----------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The seascape, the status line, the hand, the info line."""
        yield ToBoard(sea_layout([]), self._paint_sea, id=SEA)
        yield Static(id="to-status", markup=False)
        yield ToBoard(hand_layout(0), self._paint_hand, id=HAND)
        yield Static(id="to-info", markup=False)

    @property
    def sea(self) -> ToBoard:
        """The seascape board."""
        return self.query_one(f"#{SEA}", ToBoard)

    @property
    def hand_board(self) -> ToBoard:
        """The hand board."""
        return self.query_one(f"#{HAND}", ToBoard)

    @property
    def state(self) -> ThrowState:
        """The position as the keyboard's seat may see it (the seat view's)."""
        state = self.seat_view.view()
        assert isinstance(state, ThrowState)
        return state

    def on_mount(self) -> None:
        """Follow the board cursors (the info line and the preview follow them)."""
        self.watch(self.sea, "cursor", self._sea_cursor_moved, init=False)
        self.watch(self.hand_board, "cursor", self._draw_info, init=False)

    # --- whose turn, which decision -----------------------------------------------------------

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

    def hand(self) -> list[int]:
        """The tiles of the shown hand (none when nobody's may be shown)."""
        seat = self.hand_seat()
        if seat is None:
            return []
        return [t for t in self.state.hands[seat] if t != HIDDEN]

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
        """The base prompt; for the person deciding, the keys that apply."""
        text = super().prompt_text()
        if not self.deciding():
            return text
        hints = self.key_hints()
        return f"{text} ({hints})" if hints else text

    def key_hints(self) -> str:
        """The keys of the pending decision, briefly."""
        phase = self.phase()
        verbs = {a[0] for a in self.legal()}
        if phase == "play":
            out = ["1-9 tile", "r turn", "enter play"]
            if "draw" in verbs:
                out.append("d draw")
            if "pass" in verbs:
                out.append("p pass")
            if "discard" in verbs:
                out.append("x discard")
            if "touch" in verbs:
                out.append("m touch")
            return ", ".join(out)
        return {
            "throw": "t choose",
            "dodge": "r dodge",
            "swap": "1-9 swap a tile, p keep",
            "gift": "1-9 choose the tile",
            "start": "1-9 choose",
        }.get(phase, "")

    # --- the chosen tile ----------------------------------------------------------------------

    def places(self) -> frozenset[Cell]:
        """The seascape places where the chosen tile may be played (either way round)."""
        if self.chosen is None or self.phase() != "play":
            return frozenset()
        return frozenset(
            (a[2], a[3]) for a in self.legal() if a[0] == "play" and a[1] == self.chosen
        )

    def fits_here(self, cell: Cell) -> list[int]:
        """The rotations the chosen tile may be played with at ``cell``."""
        if self.chosen is None:
            return []
        return [
            a[4]
            for a in self.legal()
            if a[0] == "play" and a[1] == self.chosen and (a[2], a[3]) == cell
        ]

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
            self._new_layouts(state, hand)
        self.sea.repaint_cells()
        self.hand_board.repaint_cells()
        self._light()
        self.query_one("#to-status", Static).update(literal(self._status(state, hand)))
        self._draw_info()

    def _new_layouts(self, state: ThrowState, hand: list[int]) -> None:
        cells = sorted(set(state.board) | state.frontier)
        sea = self.sea
        if set(sea.board_layout.cells) != set(cells):
            sea.set_layout(sea_layout(cells))
            if sea.cursor is None and (0, 0) in sea.board_layout:
                sea.move_cursor_to((0, 0))
        # The last move: the tiles that are new (or moved) since the position drawn before.
        changed = [c for c, code in state.board.items() if self._prev_board.get(c) != code]
        if (changed and self._prev_board) or not state.board:
            self._last_move = frozenset(changed)
        self._prev_board = dict(state.board)
        sea.set_last_move(self._last_move)
        board = self.hand_board
        if len(board.board_layout.cells) != max(len(hand), 1):
            board.set_layout(hand_layout(len(hand)))

    def _status(self, state: ThrowState, hand: list[int]) -> str:
        seat = self.hand_seat()
        mine = "your hand" if seat is None else f"{possessive(state.players[seat])} hand"
        chosen = ""
        if self.chosen is not None:
            chosen = f"  chosen {tile_name(self.chosen)} r{self.rotation}"
        return f"{status_line(state)}  {mine}: {len(hand)}{chosen}"

    def _light(self) -> None:
        places = self.places() if self.show_legal() else frozenset()
        self.sea.set_legal(places)
        chosen = self.hand().index(self.chosen) if self.chosen in self.hand() else None
        self.hand_board.set_legal([(chosen, 0)] if chosen is not None else [])

    def _sea_cursor_moved(self) -> None:
        if self.chosen is not None:
            self.sea.repaint_cells()  # the preview follows the cursor
        self._draw_info()

    def _draw_info(self) -> None:
        if not self.children:
            return
        info = self.describe_place(self.sea.has_focus or not self.hand_board.has_focus)
        if info != self._info_text:
            self._info_text = info
            self.query_one("#to-info", Static).update(literal(info), layout=False)

    def describe_place(self, on_sea: bool) -> str:
        """The info line: the tile or place under the cursor and what Enter does there."""
        state = self.state
        if not on_sea:
            cursor = self.hand_board.cursor
            hand = self.hand()
            if not isinstance(cursor, tuple) or not 0 <= cursor[0] < len(hand):
                return "No tiles in hand" if not hand else ""
            tile = hand[cursor[0]]
            return f"{cursor[0] + 1}: {tile_words(tile, 0)} - Enter: choose it"
        cursor = self.sea.cursor
        if not isinstance(cursor, tuple):
            return "The seascape is empty" if not state.board else ""
        x, y = cursor
        code = state.board.get((x, y))
        if code is not None:
            return f"{x},{y}: {tile_words(code >> 1, 180 if code & 1 else 0)}"
        text = f"{x},{y}: free place"
        if self.chosen is None:
            return text + (" - choose a tile (1-9)" if self.deciding() else "")
        turns = self.fits_here((x, y))
        if self.rotation in turns:
            action = ("play", self.chosen, x, y, self.rotation)
            return f"{x},{y}: Enter: {self.describe(action)}"
        if turns:
            return f"{text} - {tile_name(self.chosen)} fits here turned: press r"
        return f"{text} - {tile_name(self.chosen)} does not fit here"

    # --- painters -----------------------------------------------------------------------------

    def _paint_sea(self, key: Cell) -> CellPaint:
        assert isinstance(key, tuple)
        state = self.state
        x, y = key
        code = state.board.get((x, y))
        if code is None:
            if self.chosen is not None and key == self.sea.cursor and self.deciding():
                role = "to-preview"
                return tile_paint(self.chosen, self.rotation, role=role)
            return free_paint()
        done = tuple(
            bool(state.points.get((x + dx, y + dy)))
            and all((x + dx + a, y + dy + b) in state.board for a, b, _ in seascape.AROUND_POINT)
            for dx, dy in seascape.CORNER_OFFSETS
        )
        return tile_paint(code >> 1, 180 if code & 1 else 0, done)  # type: ignore[arg-type]

    def _paint_hand(self, key: Cell) -> CellPaint:
        assert isinstance(key, tuple)
        hand = self.hand()
        index = key[0]
        if not 0 <= index < len(hand):
            return CellPaint("", "to-free")
        tile = hand[index]
        rotation = self.rotation if tile == self.chosen else 0
        return tile_paint(tile, rotation)

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
        """Enter or a click on the seascape: play the chosen tile there as previewed."""
        if not self.deciding():
            self._not_your_turn()
            return
        if self.phase() != "play":
            self.show_error("Nothing to play on the seascape now: see the prompt")
            return
        if cell in self.state.board:
            self.show_error("A tile lies there already: choose a free place (+)")
            return
        if self.chosen is None:
            self.show_error("Choose a tile of your hand first (1-9, or tab and Enter)")
            return
        self.play(("play", self.chosen, cell[0], cell[1], self.rotation))

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
        phase = self.phase()
        if phase == "swap":
            self.play(("swap", tile))
        elif phase == "start":
            self.play(("start", tile))
        elif phase == "gift":
            seat = self.state.active
            targets = [a for a in self.legal() if a[0] == "give" and a[1] == tile]
            if not targets:
                self.play(("give", tile, (seat + 1) % len(self.state.players)))
            else:
                self._offer(LIST_TITLES["gift"], targets)
        elif phase == "play":
            if self.chosen != tile:
                self.chosen = tile
                self.rotation = 0
            self.redraw()
            self.hand_board.move_cursor_to((index, 0))
            self._cursor_to_place()
        else:
            self.show_error("No tile is chosen now: see the prompt")

    def _cursor_to_place(self) -> None:
        """Move the seascape cursor to the nearest lit place (the board takes the focus)."""
        sea = self.sea
        places = self.places()
        turned = [c for c in places if self.rotation in self.fits_here(c)]
        target = nearest_cell(sea.board_layout, sea.cursor, turned or places)
        if target is not None:
            sea.move_cursor_to(target)
        sea.focus()

    def action_turn(self) -> None:
        """``r``: turn the chosen tile 180 degrees."""
        if self.chosen is None:
            self.show_error("Choose a tile of your hand first (1-9)")
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

    def action_discard(self) -> None:
        """``x`` (solo): discard the chosen tile and draw."""
        if not self.deciding():
            self._not_your_turn()
            return
        if self.chosen is None:
            self.show_error("Choose the tile to discard first (1-9)")
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
        """``m``: Magic Touch: a list of the moves."""
        if not self.deciding():
            self._not_your_turn()
            return
        actions = [a for a in self.legal() if a[0] == "touch"]
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
        view = self.state

        def chosen(index: int | None) -> None:
            if not screen_is_live(self) or self.state is not view:
                return
            if index is not None and 0 <= index < len(actions):
                self.play(actions[index])

        if self.is_active:
            self.app.push_screen(ChoiceScreen(title, labels), chosen)

    def _label(self, action: Action) -> str:
        if action[0] in ("throw", "give") and isinstance(action[-1], int):
            seat = action[-1]
            players = self.state.players
            if 0 <= seat < len(players):
                name = players[seat]
                tiles = len(self.state.hands[seat])
                head = f"give {tile_name(action[1])} to" if action[0] == "give" else "throw at"
                return f"{head} {name} ({tiles} tiles)"
        return self.describe(action)

    def _not_your_turn(self) -> None:
        seat = self.state.current_player
        if seat is None:
            self.show_error("The game is over.")
        else:
            self.show_error(f"It is {possessive(self.seat_view.seats[seat].name)} decision now.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys act only while a person here decides (``r`` turns a tile only while
        one is being played; during a dodge it is the base's roll)."""
        if action == "turn":
            return self.deciding() and self.phase() == "play"
        if action == "draw":
            return self.deciding() and self.phase() == "play" and not self.state.solo
        if action == "to_pass":
            return self.deciding() and (
                any(a[0] == "pass" for a in self.legal()) or self.phase() == "swap"
            )
        if action == "throw":
            return self.deciding() and self.phase() == "throw"
        if action == "touch":
            return self.deciding() and any(a[0] == "touch" for a in self.legal())
        if action == "discard":
            return self.deciding() and any(a[0] == "discard" for a in self.legal())
        if action == "dodge":
            return self.deciding() and self.phase() == "dodge"
        if action in ("pick", "choices"):
            return self.deciding() if not self.dismissed else False
        return super().check_action(action, parameters)

    # --- the dodge ----------------------------------------------------------------------------

    def run_skill(self, decision: Decision) -> Awaitable[Action | None] | None:
        """The dodge minigame for a person who is the target: press the key shown within the
        ``dodge-window`` option's time (a wrong key, Esc or the time running out is a hit)."""
        if decision.skill != "dodge" or not self.is_active:
            return None
        state = self.state
        window = state.options.get(DODGE_WINDOW_KEY, 1500)
        time_ms = window if isinstance(window, int) and window > 0 else 1500
        key = dodge_key(self.seat_view.version)
        modal = dodge_modal(
            state.players[state.active],
            key,
            time_ms,
            ascii_mode=self.ascii_mode,
            clock=self.dodge_clock,
        )
        outcome: asyncio.Future[Action | None] = asyncio.get_running_loop().create_future()

        def done(result: Action | None) -> None:
            if not outcome.done():
                outcome.set_result(result)

        self.dodge = modal
        self.app.push_screen(modal, done)
        return outcome

    def action_dodge(self) -> None:
        """``r`` when an octopus comes at a person here: start the dodge minigame."""
        self.action_roll()

    # --- help ---------------------------------------------------------------------------------

    def action_help(self) -> None:
        """The rules, the legend and every key of this screen."""
        if self.is_active:
            legend = legend_rows(self.ascii_mode)
            self.app.push_screen(HelpScreen([self.seat_view.game.spec], KEY_HELP, legend))

    def action_legend(self) -> None:
        """What every letter and mark on the seascape means (the help without the keys)."""
        if self.is_active:
            legend = legend_rows(self.ascii_mode)
            self.app.push_screen(HelpScreen([self.seat_view.game.spec], (), legend))


def tile_words(tile: int, rotation: int) -> str:
    """A tile in words: ``t42 turned: top-left orange peel slug, ...; octopus icon``."""
    parts = [
        f"{CORNER_NAMES[i]} {SPECIES[v]} ({LETTERS[v]})"
        for i, v in enumerate(corners(tile, rotation))
        if v
    ]
    text = f"{tile_name(tile)}{' turned' if rotation else ''}: {', '.join(parts)}"
    if OCTOPUS[tile]:
        text += "; octopus icon"
    return text
