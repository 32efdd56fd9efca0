"""The Tanuki in the Garden screen.

What it shows: the 6x6 garden inside its ring of 24 edge spaces (each tile's paths as lines with
their symbols at both sizes, some as tunnels at the compact size; monks as their seat's
letter at their path ends, the two tanuki, stashes, traps, rock gardens; see :mod:`.paint` and
:mod:`.pieces`) and under it an info line describing the place under the cursor and what Enter does
there (:mod:`.info`), with the zoom of that square in a tall terminal (:mod:`.zoom`). Beside it,
above the players, the dock: the dice and the piles, the hand of the keyboard's seat and the
commands that apply now (each one a click; :mod:`.dock`). The base
:class:`~gardens_tui.ui.screens.game_base.GameScreen` adds the players with their shiitake, monk,
tile and card counts (your own cards by title), the log (every walk in words), the prompt and the
footer.

How a decision is made (keyboard or mouse, through the shared action picker with this game's parts
from :mod:`.picker`): at the start, an edge space (Enter or a click). To lay a tile: the first
usable tile of your hand is chosen (1-6 or a click on the hand choose another) and drawn on your
monk's front square, the lit one, with the path your monk would walk on it in double lines; ``r``
turns it (and, from an edge space, changes the end to enter by); Enter or a click on that square
lays it. A Garden Master card aimed at a square (a trap, a rock garden, Shifting Paths, Tanuki
Bait, moving a tanuki) is chosen from ``m``, then its square on the garden (the lit ones;
:mod:`.aiming`). Everything without a place is a key and a clickable line of the dock: ``r`` roll,
``t`` steer, ``n`` walk in, ``x`` distract, ``p`` pass (the optional windows too), ``y`` Repellant
/ Best Offense, ``b`` buy, ``m`` a Garden Master card, ``c`` every choice.

After a tile is laid (by anyone), each monk's walk is shown square by square (:mod:`.walks`,
:mod:`.walk_show`) on a timer, skipped by any key, by ``s`` or when animations are off; the walked
paths stay lit until the next walk. The bots wait for it.

The garden's cursor fills its square's blanks with solid blocks, the tile on it drawn as everywhere
else (:class:`~.board.GardenBoard`; reverse video turned the previewed tile's lines into gaps).

The screen never decides a rule: it offers what its seat view's ``legal_actions`` lists; the place
a tile goes is the rules' ``front_square``. Everything shown comes from the seat view.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from gardens_tui.driver import BotTurn
from gardens_tui.rules.base import Action, GameState, IllegalAction
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki.components import EDGE_NAMES, SQUARE_NAMES, square_name, tile_name
from gardens_tui.rules.tanuki.preview import preview_lay
from gardens_tui.rules.tanuki.state import EDGE_BASE, TanukiState
from gardens_tui.seats import LogStep
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens import register_screen
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.modal import screen_is_live
from gardens_tui.ui.screens.tanuki.aiming import (
    aim_error,
    aim_prompt,
    aimed_card,
    bait_squares,
    card_menu,
    card_words,
)
from gardens_tui.ui.screens.tanuki.board import GardenBoard, TkBoard
from gardens_tui.ui.screens.tanuki.dock import dock, dock_status, pack_commands
from gardens_tui.ui.screens.tanuki.info import (
    blocked_words,
    coming_words,
    hand_words,
    lay_words,
    outcome_words,
    place_words,
)
from gardens_tui.ui.screens.tanuki.keys import BINDINGS, KEY_HELP, command_lines, key_hints
from gardens_tui.ui.screens.tanuki.layouts import board_layout, edge_key, hand_layout, zoom_layout
from gardens_tui.ui.screens.tanuki.legend import legend_rows
from gardens_tui.ui.screens.tanuki.news import NewsScreen, news_lines, others_decided
from gardens_tui.ui.screens.tanuki.paint import cursor_paint, hand_paint, square_paint
from gardens_tui.ui.screens.tanuki.picker import BOARD, HAND, TkParts, card_item
from gardens_tui.ui.screens.tanuki.pieces import edge_space_paint, monk_pieces, stands
from gardens_tui.ui.screens.tanuki.preview import entry_end, previewed_tile
from gardens_tui.ui.screens.tanuki.texts import panel_lines
from gardens_tui.ui.screens.tanuki.walk_show import WalkShow
from gardens_tui.ui.screens.tanuki.walks import Walk
from gardens_tui.ui.screens.tanuki.zoom import ZoomCells, warm_routes, zoom_words
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
from gardens_tui.ui.widgets.action_picker_ui import command_lines_content
from gardens_tui.ui.widgets.animation import Animation, animation_interval_ms
from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.fitted import InfoLine, Resized
from gardens_tui.ui.widgets.key_footer import KeyFooter
from gardens_tui.ui.widgets.prompt import PromptLine, clamp_lines

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
    TanukiScreen #game-main { width: 55; padding: 0 0 0 1; align: center top; }
    TanukiScreen.-roomy #game-main { width: 81; }
    TanukiScreen #game-side { width: 1fr; min-width: 20; }
    TanukiScreen #tk-board { width: auto; }
    TanukiScreen #tk-dock { height: auto; width: 100%; padding: 0 1; }
    TanukiScreen #tk-hand { width: auto; height: 2; }
    TanukiScreen #tk-status { width: 100%; height: auto; color: $foreground-muted; }
    TanukiScreen #tk-actions { width: 100%; height: auto; }
    TanukiScreen #tk-info { height: 1fr; min-height: 1; max-height: 2; width: 100%;
        color: $foreground-muted; }
    TanukiScreen.-roomy #tk-info { max-height: 3; }
    TanukiScreen #tk-zoom { height: 6; width: 100%; display: none; }
    TanukiScreen.-zoom #tk-zoom { display: block; }
    TanukiScreen #tk-zoom-board { width: auto; height: 5; }
    """

    ZOOM_HEIGHT = 30
    """From this terminal height on, the compact layout shows the zoom under the garden."""

    walk_clock: ClassVar[bool] = True
    """Whether the walk animation runs on a timer (tests drive it by hand with ``False``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parts = TkParts()
        self.picker = ActionPicker(self.parts)
        """The half-made choice of the player at the keyboard (the tile and its rotation)."""
        self.walking = WalkShow()
        """The last walks and how far they are shown (:mod:`.walk_show`)."""
        self._pick_view: TanukiState | None = None
        self._legal_view: object = None
        self._legal: Sequence[Action] = ()
        self._hand_size = -1
        self._info_text = ""
        self._hand_for_discard = False
        """The hand was given the focus for a discard (the garden gets it back afterwards)."""
        self.zoom_cells = ZoomCells()
        """The zoom's cells as last painted (:mod:`.zoom`)."""
        self._outcomes: dict[object, Any] = {}
        """What laying a tile does per action previewed in this position (the rules'
        :func:`~gardens_tui.rules.tanuki.preview.preview_lay` on the seat's view; ``""`` for no
        legal placement), and in words per ``(action, facing, notes)``."""
        self._outcomes_view: object = None
        self._news_seen: object = None
        self._news_started = False
        """The news last shown (or there when the screen opened): (since, last step)."""
        self._news_last: list[str] = []
        """The lines of the news last shown (``o`` shows them again)."""

    # --- composing ----------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The garden, the info line and, at the compact size in a tall enough terminal, the zoom:
        the square under the cursor drawn with its paths as lines, and its paths in words (the
        dock joins the side column when mounted)."""
        yield GardenBoard(board_layout(self.roomy), self._paint_board, id="tk-board")
        yield InfoLine(id="tk-info", markup=False)
        zoom = TkBoard(zoom_layout(), self.zoom_cells.paint, id="tk-zoom-board")
        zoom.can_focus = False
        zoom.cursor = None
        yield Horizontal(zoom, id="tk-zoom")

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
        self._set_zoom(self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        """Show the zoom at the compact size when the terminal is tall enough; pack the
        commands again for the new width; a narrow footer packs its keys closer."""
        self._set_zoom(event.size.height)
        self._fit_footer(event.size.width)
        if self._docked():
            self.call_after_refresh(self._draw_actions)

    COMPACT_FOOTER_BELOW = 100
    """Below this terminal width the footer packs its keys one space apart (Textual's compact
    footer): at 80 columns a turn with undo, a pass and a card ("u Undo ... r Turn  p Pass
    m Cards") was cut under the command palette's key."""

    def _fit_footer(self, width: int) -> None:
        for footer in self.query(KeyFooter):
            footer.compact = 0 < width < self.COMPACT_FOOTER_BELOW

    def _set_zoom(self, height: int) -> None:
        zoom = not self.roomy and height >= self.ZOOM_HEIGHT
        if zoom != self.zooming:
            self.set_class(zoom, "-zoom")
            if zoom and self._docked():
                self._warm_routes(self.state)
                self._draw_zoom(force=True)

    @property
    def zooming(self) -> bool:
        """The zoom under the garden is shown."""
        return self.has_class("-zoom")

    def on_mount(self) -> None:
        """Put the dock at the top of the side column; follow the board cursors (the info line
        describes the place under them)."""
        side = self.query_one("#game-side")
        side.mount(dock(self._paint_hand), before=0)
        self._fit_footer(self.app.size.width)
        self.watch(self.board, "cursor", self._draw_info, init=False)
        self.call_after_refresh(self._dock_mounted)

    def _dock_mounted(self) -> None:
        if not screen_is_live(self):
            return
        self.watch(self.hand_board, "cursor", self._draw_info, init=False)
        self._hand_size = -1
        self._pick_view = None
        self.redraw()
        self.show_lesson()  # the hand is there now to point at

    def _docked(self) -> bool:
        return bool(self.query("#tk-hand"))

    # --- whose turn -----------------------------------------------------------------------------

    def deciding(self) -> bool:
        """A human decides now at this keyboard."""
        return self.human_to_move() and not self.state.over

    def phase(self) -> str:
        """The pending decision's kind (``"over"`` at the end)."""
        return self.state.phase

    def hand_seat(self) -> int | None:
        """The seat whose hand is shown: the human deciding now when this keyboard plays for
        them (hot-seat), else the keyboard's seat (a networked player always sees their own
        tiles, never the backs of the mover's); a spectator sees the deciding human's backs."""
        state = self.state
        seat = state.current_player
        deciding = seat is not None and seat >= 0 and not self.seat_view.seats[seat].is_bot
        if deciding and seat in self.seat_view.acts_for:
            return seat
        if self.viewer is not None:
            return self.viewer
        return seat if deciding else None

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
        """The words for ``action`` in the position shown: a Garden Master card's title and what
        it does (:func:`~.aiming.card_words`), else the engine's words."""
        if action and action[0] == "play" and len(action) >= 2:
            return card_words(action, self.state.players)
        return self.seat_view.game.describe_action(self.state, action)

    def prompt_text(self) -> str:
        """The decision; while a card aimed at the garden is chosen, what to pick for it; when
        the decision asks for a tile that cannot be laid (a tanuki or a rock garden on the
        square, no tile in hand), why and what to do instead (:func:`~.info.blocked_words`);
        in a Tanuki Repellant window, which tanuki comes and the keys (see :meth:`blocked`)."""
        text = super().prompt_text()
        key = self.aiming()
        if key and self.deciding():
            return aim_prompt(key)
        blocked = self.blocked()  # or a tanuki coming: which, and is there a Repellant
        if blocked:
            decision = self.seat_view.decision()
            if decision is not None:
                return f"{self.seat_view.seats[decision.seat].name}: {blocked}"
        return text

    def blocked(self) -> str:
        """Why no tile can be laid in the place decision of the person deciding now, and what to
        do instead (``""``: a tile can be laid, or it is not that decision); in a Tanuki
        Repellant window, which tanuki comes and whether they hold a Repellant
        (:func:`~.info.coming_words`)."""
        if not self.deciding():
            return ""
        verbs = [str(a[0]) for a in self.legal()]
        if self.phase() == "repel":
            seat = self.state.current_player
            return "" if seat is None else coming_words(self.state, seat, verbs)
        if self.phase() != "place":
            return ""
        return blocked_words(self.state, verbs)

    def panel_extras(self, view: GameState, seat: int) -> Sequence[str]:
        """Under each seat: its monk, its tiles and its cards (titles only for your own)."""
        if not isinstance(view, TanukiState):
            return ()
        return panel_lines(view, seat, own=seat == self.viewer)

    def usable_tiles(self) -> list[int]:
        """The tiles of the hand that some legal placement uses, in hand order."""
        placing = {a[1] for a in self.picker.actions if a[0] == "place"}
        return [t for t in self.parts.hand if t in placing]

    def turnable(self) -> bool:
        """``r`` turns something shown: the chosen tile, or the tile Shifting Paths turns (never
        a Move 1 Tanuki or Tanuki Bait, whose choices are listed on Enter)."""
        return len(self.picker.choices.variants) > 1 and self.aiming() in (None, "shift")

    def aiming(self) -> str | None:
        """The key of the Garden Master card being aimed at the garden, if one is chosen."""
        return aimed_card(self.picker.selection.item)

    # --- redrawing ----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Redraw everything from the seat view (called by the base after every change)."""
        if not self.children or not self._docked():
            return
        state = self.state
        if state is not self._pick_view:
            self._new_position(state)
        else:
            self.picker.update(self.legal())
        board, hand = self.board, self.hand_board
        choices = self.picker.choices
        show = self.show_legal()
        lit = set(choices.legal(BOARD)) if show else set()
        if show and self.aiming() == "bait":  # either square of a pair may be chosen first
            lit |= bait_squares(self.legal())
        board.set_legal(lit)
        hand.set_legal(choices.legal(HAND) if show else ())
        board.set_last_move(self.walk)
        board.repaint_cells()
        hand.repaint_cells()
        if self.zooming:
            self._warm_routes(state)
        seat, size = self.hand_seat(), len(self.parts.hand)
        status = dock_status(state, seat, self.viewer, size, self.ascii_mode)
        self.query_one("#tk-status", Static).update(literal(status))
        self._draw_actions()
        self._info_text = ""
        self._draw_info()
        self._draw_zoom()
        self._check_news()

    # --- since your last turn -----------------------------------------------------------------

    news_popup: ClassVar[bool] = True
    """Whether the news pop-up opens by itself when a person's turn starts (``o`` always
    shows it); never at a lesson, whose panel and ideas speak then."""

    def is_news(self, steps: Sequence[LogStep], since: int, seat: int) -> bool:
        """At this keyboard's table, only other seats' decisions after ``since`` are news (the
        base's answer for a remote seat)."""
        if not self.has_table:
            return super().is_news(steps, since, seat)
        return others_decided([step for step in steps if step.index > since], seat)

    def _forced_now(self) -> bool:
        """The pending decision is a forced step, about to be played for the person (the news
        waits for it, so that it tells the roll too and pops up once)."""
        return self.has_table and self.table.forced_action() is not None

    def _curtain_due(self) -> bool:
        """Hot-seat: the person to decide now is not the one the screen shows, so the curtain
        ("Pass to Bob") is about to go up (the base's condition). The news waits for them:
        shown now, it would be counted as seen and hidden by the curtain."""
        decision = self.seat_view.decision()
        return (
            decision is not None
            and decision.seat in self.seat_view.acts_for
            and decision.seat != self.seat_view.viewer
            and self.curtain_needed()
        )

    def news(self) -> tuple[object, list[str]] | None:
        """What happened since the turn of the person deciding now ended (:meth:`since_last_turn`),
        as its key and log lines (:func:`~.news.news_lines`: with the next seat's roll that
        closed their own last step); ``None``: nothing new by others, or not yet (a forced
        step is about to be played for the person, or the curtain to go up before them)."""
        since = self.since_last_turn()
        decision = self.seat_view.decision()
        if since is None or decision is None or self._forced_now() or self._curtain_due():
            return None
        steps = self.seat_view.log(max(since - 1, 0))
        own = since > 0 and bool(steps) and steps[0].index == since
        later = steps[1:] if own else steps
        if not later or not others_decided(later, decision.seat):
            return None
        lines = news_lines(steps, self.seat_view.seats, turn_now=self.state.turn, own_first=own)
        return (since, steps[-1].index), lines

    def _check_news(self) -> None:
        """Open the news pop-up once for each new batch of news (not for the news already
        there when the screen opened), after the walk being shown."""
        news = self.news()
        key = None if news is None else news[0]
        if not self._news_started:  # the news there when the screen opened was seen before
            self._news_started = True
            self._news_seen = key
        if news is None or key == self._news_seen:
            return
        if not self.news_popup or self.lesson is not None or not self.is_active:
            return  # at a lesson the panel speaks at the turn's start: the news is in the log
        left = self.walking.seconds_left()
        if left:
            self.set_timer(left + 0.05, self._check_news)
            return
        self._news_seen = key
        self.call_after_refresh(self._open_news, key)

    def _open_news(self, key: object) -> None:
        news = self.news()
        if news is None or news[0] != key or not self.is_active or not screen_is_live(self):
            return
        self._news_last = news[1]
        self.app.push_screen(NewsScreen(news[1], self.prompt_text()))

    def action_news(self) -> None:
        """``o``: what the other seats did since your last turn (the last such news shown)."""
        news = self.news()
        if news is None and self._news_last:
            lines = self._news_last
        elif news is not None:
            lines = news[1]
        else:
            self.show_error("Nothing new since your last turn (g: the whole log)")
            return
        if self.is_active:
            self._news_last = lines
            self.app.push_screen(NewsScreen(lines, self.prompt_text()))

    def _warm_routes(self, state: TanukiState) -> None:
        """Route every tile on the board once (cached), so that the zoom follows the cursor
        without a pause."""
        warm_routes((*state.board, self.preview()))

    def _draw_actions(self) -> None:
        if not screen_is_live(self) or not self._docked():
            return
        lines = command_lines(
            [str(a[0]) for a in self.legal()],
            rotate=self.turnable(),
            aiming=self.aiming() is not None,
        )
        shown = command_lines_content(lines, action="tk", ascii_mode=self.ascii_mode)
        widget = self.query_one("#tk-actions", Static)
        width = widget.size.width or 23
        widget.update(pack_commands(shown, width))

    def _new_position(self, state: TanukiState) -> None:
        before, self._pick_view = self._pick_view, state
        seat = state.current_player
        mine = self.hand_seat()
        self.parts.hand = list(state.hands[mine]) if mine is not None else []
        self.parts.tanuki = tuple(state.tanuki)
        placing = self.deciding() and state.phase == "place" and seat is not None
        self.parts.front = B.front_square(state, seat) if placing and seat is not None else -1
        self.picker.reset(self.legal(), Selection())
        usable = self.usable_tiles()
        self._choose_tile(keep_item(None, usable) if usable else None)
        if self.parts.front >= 0 and (usable or self.blocked()):
            # Enter lays the previewed tile; on a blocked square the info line names the tanuki
            self.board.move_cursor_to(self.parts.front)
        if self.deciding() and state.phase in ("edge", "clear"):
            self._cursor_to_lit()
        if self.deciding() and state.phase == "discard":
            self.hand_board.focus()  # the tile to discard is chosen in the hand
            self._hand_for_discard = True
        elif self._hand_for_discard:
            self._hand_for_discard = False
            self.board.focus()  # Enter lays a tile on the garden again, as before the discard
        if before is not None:
            self._follow_walks(before, state)
        size = len(self.parts.hand)
        if size != self._hand_size:
            self._hand_size = size
            self.hand_board.set_layout(hand_layout(size))

    def _cursor_to_lit(self) -> None:
        lit = self.picker.choices.legal(BOARD)
        if lit and self.board.cursor not in lit:
            first = next(cell for cell in self.board.board_layout.cells if cell in lit)
            self.board.move_cursor_to(first)

    def _choose_tile(self, tile: object) -> None:
        """Select ``tile`` (an item) with its first variant (rotation)."""
        self.picker.select(Selection(item=tile))
        variants = self.picker.choices.variants
        if tile is not None and variants:
            self.picker.select(replace(self.picker.selection, variant=variants[0]))

    def preview(self) -> int:
        """The tile value (``tile * 4 + rot``) previewed on the front square, or -1."""
        return previewed_tile(self.picker.selection, self.parts.front)

    def preview_entry(self) -> int:
        """The end of the previewed tile the monk would walk in by (-1: none)."""
        return entry_end(self.state, self.picker.selection.variant)

    # --- the walks ----------------------------------------------------------------------------

    @property
    def walk(self) -> frozenset[Cell]:
        """The squares the last walks crossed (lit)."""
        return self.walking.walk

    @property
    def walks(self) -> list[Walk]:
        """The last walks, step by step (their paths are drawn lit)."""
        return self.walking.walks

    @property
    def walk_shown(self) -> int:
        """How many steps of :attr:`walks` are shown (all of them once the animation is over)."""
        return self.walking.shown

    @property
    def walk_animation(self) -> Animation | None:
        """The walk being shown step by step, if any."""
        return self.walking.animation

    def _follow_walks(self, before: TanukiState, after: TanukiState) -> None:
        """Start showing the walks between two positions (none: the last ones stay lit)."""
        animation = self.walking.follow(
            before,
            after,
            owner=self,
            interval_ms=self.walk_interval_ms(),
            clock=self.walk_clock,
            on_step=self._walk_step,
        )
        if animation is not None:
            self.call_after_refresh(self._start_walk, animation)

    def _start_walk(self, animation: Animation) -> None:
        if animation is self.walking.animation and screen_is_live(self):
            animation.start()

    def walk_interval_ms(self) -> int:
        """Milliseconds between two steps of a walk: the app's animation pace, none while the
        bots are hurried (``s``) or when bots take no time (tests, screenshots)."""
        delay = self.settings.bot_delay_ms if self.bot_delay_ms is None else self.bot_delay_ms
        if self.hurry_bots or delay <= 0:
            return 0
        return animation_interval_ms(self.app)

    def _walk_step(self, shown: int) -> None:
        if screen_is_live(self) and self._docked():
            self.walking.show(shown)
            self.board.repaint_cells()
            self._draw_zoom()

    def skip_walk(self) -> None:
        """Show the whole walk at once."""
        self.walking.skip()

    def action_hurry_bots(self) -> None:
        """``s``: the bots stop waiting, and the walk being shown ends at once."""
        self.skip_walk()
        super().action_hurry_bots()

    def bot_step_delay(self, turn: BotTurn) -> float:
        """The base's pause, plus what is left of the walk being shown (a bot waits for it)."""
        delay = super().bot_step_delay(turn)
        left = self.walking.seconds_left()
        if left is None or self.hurry_bots:
            return delay
        return delay + left

    def _lit(self) -> tuple[dict[int, set[int]], dict[int, int]]:
        """The lit path ends per square for the steps shown, and where each walking monk is
        drawn meanwhile (see :meth:`.WalkShow.lit`)."""
        return self.walking.lit()

    # --- painters -----------------------------------------------------------------------------

    def point_at(self, places: Sequence[str]) -> frozenset[str]:
        """Point at a lesson's places: squares (``c4``), edge spaces (``edge n3``) and tiles
        of the hand shown (``t17``); nothing before the hand's dock is up (it points once it
        is: :meth:`_dock_mounted`)."""
        if not self.children or not self._docked():
            return frozenset()
        hand = {tile_name(tile): index for index, tile in enumerate(self.parts.hand) if tile >= 0}
        board: set[Cell] = set()
        tiles: set[Cell] = set()
        pointed = set()
        for name in places:
            edge = name.removeprefix("edge ")
            if name in SQUARE_NAMES:
                board.add(SQUARE_NAMES.index(name))
            elif edge != name and edge in EDGE_NAMES:
                board.add(edge_key(EDGE_NAMES.index(edge)))
            elif name in hand:
                tiles.add(hand[name])
            else:
                continue
            pointed.add(name)
        self.board.set_pointed(board)
        self.hand_board.set_pointed(tiles)
        return frozenset(pointed)

    def entry_edge(self) -> int:
        """The edge space whose two ends the pending decision tells apart (the person deciding
        here walks in from it by end 1 or end 2: a tile laid from it, or ``n``), else -1; the
        board marks those ends ``1`` and ``2``."""
        state = self.state
        seat = state.current_player
        if seat is None or seat < 0 or not self.deciding() or state.monks[seat] < EDGE_BASE:
            return -1
        if not any(a[0] == "enter" or (a[0] == "place" and len(a) == 4) for a in self.legal()):
            return -1
        return state.monks[seat] - EDGE_BASE

    def _paint_board(self, key: Cell) -> CellPaint:
        paint = self._paint_place(key)
        board = self.board
        if key == board.cursor and board.has_focus:
            return cursor_paint(paint)
        return paint

    def _paint_place(self, key: Cell) -> CellPaint:
        if isinstance(key, tuple):
            _, moved = self._lit()
            edge = int(key[1])
            if edge != self.entry_edge():
                return edge_space_paint(self.state, edge, moved, self.roomy)
            variant = self.picker.selection.variant
            entered = int(variant[1]) if isinstance(variant, tuple) and len(variant) == 2 else 0
            return edge_space_paint(
                self.state, edge, moved, self.roomy, numbered=True, entered=entered
            )
        assert isinstance(key, int)
        return self._paint_square(key, self.roomy)

    def _paint_square(self, key: int, roomy: bool) -> CellPaint:
        """Square ``key`` drawn at the roomy (lines) or the compact size."""
        state = self.state
        value = state.board[key]
        lit, moved = self._lit()
        monks = monk_pieces(state, moved).get(key, {})
        on_square = stands(state, key, self.ascii_mode)
        if key == self.parts.front:
            shown = self.preview()
            if shown >= 0:
                entry = self.preview_entry()
                ends = () if entry < 0 else (entry,)
                return square_paint(
                    shown,
                    on_square,
                    roomy=roomy,
                    role="accent",
                    ascii_mode=self.ascii_mode,
                    monks=monks,
                    lit=ends,
                )
        alt = (key // 6 + key % 6) % 2 == 1
        return square_paint(
            value,
            on_square,
            roomy=roomy,
            alt=alt,
            ascii_mode=self.ascii_mode,
            monks=monks,
            lit=lit.get(key, ()),
        )

    def _paint_hand(self, key: Cell) -> CellPaint:
        assert isinstance(key, int)
        hand = self.parts.hand
        if key >= len(hand):
            return CellPaint("", "empty")
        tile = hand[key]
        chosen = self.picker.selection.item == tile
        return hand_paint(tile, key, chosen=chosen, hidden=tile < 0, ascii_mode=self.ascii_mode)

    # --- the info line and the zoom -----------------------------------------------------------

    def _draw_info(self) -> None:
        if not self.children or not self._docked():
            return
        hand = self.hand_board
        if hand.has_focus:
            info = self.describe_hand(hand.cursor)
        else:
            info = self.describe_place(self.board.cursor)
        width = self.query_one("#tk-info").size.width
        if width > 0:  # what still does not fit its rows ends in … rather than out of sight
            info = clamp_lines(info, width, self.info_rows(), ascii_mode=self.ascii_mode)
        if info != self._info_text:
            self._info_text = info
            self.query_one("#tk-info", Static).update(literal(info), layout=False)
            self._draw_zoom()

    def _draw_zoom(self, force: bool = False) -> None:
        """Repaint the zoom's cells whose pictures changed (all with ``force``)."""
        if not self.zooming or not self._docked():
            return
        cursor = self.board.cursor
        square = self._paint_square(cursor, True) if isinstance(cursor, int) else None
        changed = self.zoom_cells.update(square, self.zoom_words())
        if changed or force:
            self.query_one("#tk-zoom-board", TkBoard).repaint_cells(None if force else changed)

    def zoom_words(self) -> tuple[str, ...]:
        """The zoom's words: the paths of the square under the cursor with their symbols."""
        key = self.board.cursor
        if not isinstance(key, int):
            return ()
        return zoom_words(self._shown_value(key), self.ascii_mode)

    def _shown_value(self, key: int) -> int:
        """The tile value drawn on square ``key``: the previewed tile on the front square."""
        if key == self.parts.front:
            shown = self.preview()
            if shown >= 0:
                return shown
        return self.state.board[key]

    LAY_WORDINGS: ClassVar[tuple[tuple[bool, int], ...]] = (
        (True, 2),
        (True, 1),
        (True, 0),
        (False, 0),
    )
    """The ways to say what laying a tile does, fullest first (``facing`` and ``notes`` of
    :func:`~.info.outcome_words`): the info line shows the first that fits it, so that the
    net change, the draws and the discards are never cut off (two monks walking via edge
    spaces did not fit two lines at 80x24)."""

    def lay_outcome(self, selection: Selection, *, facing: bool = True, notes: int = 2) -> str:
        """What laying the selected tile as turned does, in words (:func:`~.info.outcome_words`,
        ``facing`` and ``notes`` as there): worked out by the rules on the deciding seat's view,
        once per position and action (``""``: not a legal placement)."""
        variant = selection.variant
        if not isinstance(selection.item, int) or not isinstance(variant, tuple):
            return ""
        action: Action = ("place", selection.item, *variant)
        view = self.state
        if view is not self._outcomes_view:
            self._outcomes_view = view
            self._outcomes = {}
        key = (action, facing, notes)
        words = self._outcomes.get(key)
        if words is None:
            outcome = self._outcomes.get(action)
            if outcome is None:
                outcome = ""
                if action in self.legal():
                    with suppress(IllegalAction):
                        outcome = preview_lay(view, action)
                self._outcomes[action] = outcome
            if isinstance(outcome, str):
                words = ""
            else:
                words = outcome_words(view, outcome, facing=facing, notes=notes)
            self._outcomes[key] = words
        return words

    def info_rows(self) -> int:
        """The rows of the info line under the garden as laid out: those left above the prompt
        (two at the compact size, three at the roomy one, one fewer while the prompt wraps onto
        a second line); before the first layout, the most it takes."""
        height = self.query_one("#tk-info").size.height
        return height or (3 if self.roomy else 2)

    def info_fits(self, text: str) -> bool:
        """Whether ``text`` fits the info line under the garden as wrapped there (in
        :meth:`info_rows` rows)."""
        info = self.query_one("#tk-info", Static)
        width = info.size.width or info.region.width
        if width <= 0:
            return True
        rows = len(Text(text).wrap(self.app.console, width))
        return rows <= self.info_rows()

    def on_resized(self, message: Resized) -> None:
        """The info line got or lost a row (the prompt below it wrapped or unwrapped): word it
        again for the rows it has."""
        message.stop()
        self._info_text = ""
        self._draw_info()

    def describe_hand(self, key: Cell | None) -> str:
        """The tile in hand under the cursor."""
        hand = self.parts.hand
        choose = discard = False
        if isinstance(key, int) and key < len(hand) and hand[key] >= 0 and self.deciding():
            placing = self.phase() == "place" and hand[key] in self.usable_tiles()
            choose = placing
            discard = not placing and bool(self.picker.choices.entries(Place(HAND, key)))
        return hand_words(hand, key, choose=choose, discard=discard)

    def describe_place(self, key: Cell | None) -> str:
        """The square or edge space under the cursor and what Enter does there."""
        if key is None:
            return ""
        text = place_words(self.state, key)
        if not self.deciding():
            return text
        if key == self.parts.front and self.preview() >= 0:
            selection = self.picker.selection
            square = int(str(key))
            words = ""
            for facing, notes in self.LAY_WORDINGS:  # the fullest that fits
                words = lay_words(
                    square,
                    selection.item,
                    selection.variant,
                    self.preview(),
                    self.preview_entry(),
                    self.lay_outcome(selection, facing=facing, notes=notes),
                )
                if self.info_fits(words):
                    break
            return words
        entries = self.picker.choices.entries(Place(BOARD, key))
        if len(entries) == 1 and entries[0].action is not None:
            action = entries[0].action
            if action[0] == "edge":  # the notation ("edge n3") would only repeat the name
                return text + " - Enter: start your monk here"
            text += " - Enter: " + self.describe(action)
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
        self.skip_walk()
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
        key = self.aiming()
        if key is not None:
            self.show_error(aim_error(key))
        elif phase == "steer":
            self.action_tk("steer")  # Enter anywhere: the list of directions
        elif phase == "place" and self.blocked():
            self.show_error(self.blocked()[0].upper() + self.blocked()[1:])
        elif phase == "place" and self.parts.front >= 0:
            where = square_name(self.parts.front)
            self.show_error(f"Lay your tile on the lit square {where} (or see the keys beside)")
        elif phase == "edge":
            self.show_error("Choose a lit edge space around the garden")
        elif phase == "clear":
            self.show_error("Choose a lit square to clear (p: done)")
        elif phase == "discard":
            self.show_error("Choose a tile in your hand to discard (tab, then Enter)")
        else:
            hints = key_hints([str(a[0]) for a in self.legal()])
            if self.ascii_mode:
                hints = hints.replace("·", "-")
            self.show_error(f"Nothing to choose on the garden now: {hints}")

    def _offer(self, title: str, entries: list[Entry]) -> None:
        """List ``entries`` in a :class:`ChoiceScreen`; carry out the one chosen."""
        labels = describe_entries(entries, self.describe, str)
        self.offer_choices(
            title, labels, lambda index: self._follow(self.picker.carry_out(entries[index]))
        )

    def _card_menu(self) -> None:
        """``m``: the Garden Master cards playable now. A card aimed at the garden is chosen as
        the item (its squares light up); any other is listed with its choices."""
        picks = card_menu(self.legal(), self.describe)
        if not picks:
            self.show_error("No Garden Master card can be played now")
            return
        view = self.state

        def chosen(index: int | None) -> None:
            if not screen_is_live(self) or self.state is not view:
                return
            if index is not None and 0 <= index < len(picks):
                pick = picks[index]
                if pick.aim is not None:
                    self._aim(pick.aim)
                elif pick.action is not None:
                    self._play_from_menu(pick.action)

        if self.is_active:
            labels = [pick.label for pick in picks]
            self.app.push_screen(ChoiceScreen(LIST_TITLES["card"], labels), chosen)

    def _play_from_menu(self, action: Action) -> None:
        self.play(action)

    def _aim(self, key: str) -> None:
        """Choose the card ``key`` as the item: its squares light up on the garden."""
        self.picker.select(Selection(item=card_item(key)))
        self.board.focus()
        self._cursor_to_lit()
        self.redraw()
        self._refresh_prompt()

    def _stop_aiming(self) -> None:
        usable = self.usable_tiles()
        self._choose_tile(keep_item(None, usable) if usable else None)
        if self.parts.front >= 0 and usable:
            self.board.move_cursor_to(self.parts.front)
        self.redraw()
        self._refresh_prompt()

    def _refresh_prompt(self) -> None:
        for prompt in self.query(PromptLine):
            prompt.show_prompt(self.prompt_text())

    # --- actions (keys) -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys show only when they apply to the pending decision."""
        if action == "tk":
            command = str(parameters[0])
            if command in ("choices", "rotate"):
                return self.deciding()
            if command == "card":
                return self.deciding() and any(a[0] == "play" for a in self.legal())
            actions = self.picker.choices.commands.get(command) if self.deciding() else None
            if len(parameters) > 1:  # a key whose footer label names the verb ("End turn")
                return any(a[0] == parameters[1] for a in actions or ())
            return bool(actions)
        if action == "rotate":
            return self.deciding() and self.turnable()
        if action == "pick":
            if not self.deciding():
                return False
            return self.phase() == "discard" or (
                self.phase() == "place" and bool(self.usable_tiles())
            )
        if action == "switch":
            return True if self.deciding() else None
        return super().check_action(action, parameters)

    def action_tk(self, command: str, verb: str = "") -> None:
        """Carry out a command (a key, or a click on the dock or the footer; ``verb`` only
        chooses the footer's label)."""
        if not self.deciding():
            self._not_your_turn()
            return
        self.skip_walk()
        if command == "rotate":
            self.action_rotate(1)
            return
        if command == "choices":
            decision = self.seat_view.decision()
            prompt = decision.prompt if decision is not None else ""
            self._offer(f"Every choice: {prompt}", list(self.picker.every_choice().entries))
            return
        if command == "card":
            if self.aiming() is not None:
                self._stop_aiming()
            else:
                self._card_menu()
            return
        actions = self.picker.choices.commands.get(command, [])
        if not actions:
            self.show_error("That does not apply now: see the keys beside the garden")
            return
        if len(actions) == 1 and command != "steer":
            self.play(actions[0])
            return
        self._offer(LIST_TITLES.get(command, "Choose"), [Entry(a) for a in actions])

    def action_pass_window(self) -> None:
        """``p``: let an optional window go, else pass (see :meth:`action_tk`)."""
        self.action_tk("pass")

    def action_rotate(self, step: int) -> None:
        """Turn the chosen tile (the next variant: rotation, and the end entered from an edge)."""
        if not self.deciding():
            self._not_your_turn()
            return
        if self.picker.cycle_variant(step):
            self.redraw()
        else:
            self.show_error("No tile to turn now")

    def action_pick(self, index: int) -> None:
        """Choose the tile at ``index`` of the hand to lay; for a discard, put the hand's cursor
        on it (Enter then discards it, as the info line says)."""
        hand = self.parts.hand
        if not 0 <= index < len(hand):
            return
        if self.phase() == "discard":
            self.hand_board.focus()
            self.hand_board.move_cursor_to(index)
            self._fresh_info()
            return
        tile = hand[index]
        if tile not in self.usable_tiles():
            self.show_error(f"{tile_name(tile)} cannot be laid now")
            return
        was_aiming = self.aiming() is not None
        if self.picker.selection.item != tile:
            self._choose_tile(tile)
            if self.parts.front >= 0:
                self.board.move_cursor_to(self.parts.front)
        self.redraw()
        if was_aiming:
            self._refresh_prompt()

    def _fresh_info(self) -> None:
        self._info_text = ""
        self._draw_info()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The info line describes the board that has the focus now (the garden or the hand):
        drawn once the focus has moved, never from the board that had it before."""
        if self._docked() and event.widget in (self.board, self.hand_board):
            self._fresh_info()

    def action_switch(self) -> None:
        """Tab: switch between the garden and the hand (the info line follows the focus)."""
        target = self.hand_board if self.board.has_focus else self.board
        target.focus()

    def action_help(self) -> None:
        """The legend, every key of this screen, then the rules."""
        if self.is_active:
            legend = legend_rows(self.state, self.ascii_mode, self.roomy, zoom=self.zooming)
            self.app.push_screen(
                HelpScreen([self.seat_view.game.spec], self.key_help(KEY_HELP), legend)
            )

    def action_legend(self) -> None:
        """What every letter and mark means (the help screen with the legend and the rules)."""
        if self.is_active:
            legend = legend_rows(self.state, self.ascii_mode, self.roomy, zoom=self.zooming)
            self.app.push_screen(HelpScreen([self.seat_view.game.spec], (), legend))
