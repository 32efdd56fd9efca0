"""The Octopus's Garden game screen.

What it shows: the market (each tile's letter and cost, a handle at the end of every row and
under every column with the line's total), the oyster bed and the bonus piles, the garden of the
player at the keyboard drawn large, the other gardens small, the tokens still to plant, the keys
that apply now, and a line describing the place under the cursor. The base
:class:`~gardens_tui.ui.screens.game_base.GameScreen` adds the players with their live scores, the
log, the prompt and the footer.

How a decision is made (keyboard or mouse; the shared action picker with this game's parts from
:mod:`.picker`): choose a place on the market or the garden (arrows / hjkl / wasd and Enter or
space, or a click). A place with one action plays it (a line's marker from the keyboard asks
first, see below); a place with several (a tile: its row, its column, or returning it) lists
them; a move or a push takes two places (origin, then destination; Esc cancels). Actions
without a place have keys:
``o`` oyster, ``p`` pass (then the tile to return), ``f`` done / skip, ``r`` release the shark,
``t`` treasure, ``x`` let a token go, ``m`` declare a mimic octopus, ``c`` every choice as a list.
Number keys and Tab pick the token to plant; otherwise Tab switches between market and garden.

The screen never decides a rule: it offers what its seat view's ``legal_actions`` lists and
plays through :meth:`GameScreen.play`; a place without a legal action is tried anyway, so the
engine's refusal (the rule, in words) appears in the prompt line and nothing changes. Everything
shown comes from the seat view (``GameScreen.seat_view``): the position, the scores, the legal
actions, and the history the last moves' marks are read from.

Small kindnesses: after a planting the garden's cursor stays where the player put it (it never
jumps away on its own); a purchase from the keyboard takes two Enters, the first saying what it
costs and gets (:meth:`OctopusGardenScreen.choose_place`), so an Enter too many never spends
pearls; an oyster the seat cannot afford is shown dim and ``o`` says its price; while passing the
prompt says so; a move that lets a sea star eat the mover's own oyster is flagged
("Warning: ...") in the info line and in lists of choices, found by playing it on the seat's view
with the rules (:meth:`OctopusGardenScreen.warning`). At 80x24 the prompt takes shorter words
(:func:`.texts.short_prompt`) so that it fits one line, and the info line is fitted to its width
without cutting a word (:func:`.texts.fit_words`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from gardens_tui.rules.base import Action, IllegalAction
from gardens_tui.rules.octopus_garden.board import CELL_IDS, CELL_NAMES, MARKET_IDS, market_line
from gardens_tui.rules.octopus_garden.components import CODES, NAMES
from gardens_tui.rules.octopus_garden.flow import oyster_price
from gardens_tui.rules.octopus_garden.outlook import claim_warning
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens import register_screen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.modal import screen_is_live
from gardens_tui.ui.screens.octopus_garden.board import OgBoard
from gardens_tui.ui.screens.octopus_garden.keys import (
    BINDINGS,
    COMMAND_STYLES,
    KEY_HELP,
    CommandLine,
    command_applies,
    command_lines,
)
from gardens_tui.ui.screens.octopus_garden.layouts import (
    LEGEND_CELL_WIDTH,
    garden_layout,
    hand_layout,
    legend_layout,
    market_layout,
)
from gardens_tui.ui.screens.octopus_garden.legend import LegendScreen, legend_rows
from gardens_tui.ui.screens.octopus_garden.marks import Marks, last_marks
from gardens_tui.ui.screens.octopus_garden.mini_garden import OgMiniGarden
from gardens_tui.ui.screens.octopus_garden.paint import (
    describe_market_place,
    describe_stack,
    garden_cell,
    handle_text,
    legend_entries,
    market_cell,
    stack_role,
    symbol,
    token_label,
    token_role,
)
from gardens_tui.ui.screens.octopus_garden.picker import (
    GARDEN,
    MARKET,
    OG_PARTS,
    Pick,
    Targets,
    attempt,
    plantable_tokens,
    token_actions,
)
from gardens_tui.ui.screens.octopus_garden.texts import (
    fit_words,
    garden_title,
    hand_view,
    mini_title,
    origin_words,
    short_prompt,
    supply_lines,
)
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
    resolve,
)
from gardens_tui.ui.widgets.action_picker_ui import command_lines_content
from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import Cell, nearest_cell
from gardens_tui.ui.widgets.glyphs import glyph
from gardens_tui.ui.widgets.prompt import PromptLine
from gardens_tui.ui.widgets.steady import SteadyStatic

MARKET_PHASES = frozenset({"market", "shark", "refill", "claim", "lionfish"})
"""Decisions made on the market (the market board gets the focus)."""

WARNED_VERBS = frozenset({"move", "push", "claim"})
"""Verbs of the actions :meth:`OctopusGardenScreen.warning` looks at (the ones that may cost
the mover an oyster, or their shark)."""

ARMED_KEYS = "Enter again: buy"
"""What the prompt line adds to an armed purchase (see :meth:`OctopusGardenScreen.choose_place`)."""

WARNING_MARK = "Warning:"
"""Starts a warning, in the info line and in a list of choices (plain words: ASCII-safe)."""


@register_screen("octopus-garden")
class OctopusGardenScreen(GameScreen):
    """The Octopus's Garden screen (see the module docstring for the layout and the keys)."""

    BINDINGS: ClassVar[list[BindingType]] = BINDINGS
    ROOMY_SIZE = (114, 36)

    DEFAULT_CSS = """
    OctopusGardenScreen #game-side { width: 1fr; min-width: 26; }
    OctopusGardenScreen #game-main { width: 2fr; min-width: 54; align: left top; padding: 0 0 0 1; }
    OctopusGardenScreen.-roomy #game-main { min-width: 86; }
    OctopusGardenScreen #og-top { height: auto; width: 100%; }
    OctopusGardenScreen #og-supply { width: 1fr; height: auto; padding: 0 0 0 2; }
    OctopusGardenScreen #og-middle { height: auto; width: 100%; }
    OctopusGardenScreen.-roomy #og-middle { margin-top: 1; }
    OctopusGardenScreen #og-garden-box { width: auto; height: auto; }
    OctopusGardenScreen #og-garden-title { width: 100%; height: 1; text-style: bold; }
    OctopusGardenScreen #og-right { width: 1fr; height: auto; padding: 0 0 0 1; }
    OctopusGardenScreen #og-hand-title { height: auto; color: $foreground-muted; }
    OctopusGardenScreen #og-hand { max-height: 6; }
    OctopusGardenScreen #og-actions { height: auto; }
    OctopusGardenScreen #og-legend { display: none; margin-top: 1; }
    OctopusGardenScreen.-roomy #og-legend { display: block; }
    OctopusGardenScreen #og-others { height: auto; width: 100%; }
    OctopusGardenScreen.-roomy #og-others { margin-top: 1; }
    OctopusGardenScreen #og-info { height: 1; width: 100%; color: $foreground-muted; }
    OctopusGardenScreen OgBoard { background: $background; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.picker = ActionPicker(OG_PARTS)
        """The half-made choice of the player at the keyboard (see :attr:`pick`)."""
        self.marks = Marks()
        """The spaces the last moves changed (see :mod:`.marks`)."""
        self._info_text = ""
        self._pick_of: tuple[Selection, Pick] = (Selection(), Pick())
        self._pick_view: object = None
        self._focused_view: object = None
        self._marks_view: object = None
        self._legal_view: object = None
        self._legal: Sequence[Action] = ()
        self._hand_codes: list[int] = []
        self._hand_index = 0
        self._mini_seats: list[int] = []  # the seat each small garden shows, by slot
        self._info_board: str = GARDEN
        self._legend: list[tuple[str, str, str]] = []
        self._warnings: dict[Action, str] = {}
        self._warnings_view: object = None
        self._armed: Action | None = None
        """A purchase chosen once and waiting for its second choice (see :meth:`choose_place`)."""

    # --- composing ----------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """Market and supply, the big garden with the hand and keys, the small gardens, info."""
        roomy = self.roomy
        self._legend = legend_entries(self.seat_view.setup.options)
        with Horizontal(id="og-top"):
            yield OgBoard(market_layout(roomy), self._paint_market, id="og-market")
            yield SteadyStatic(id="og-supply", markup=False)
        with Horizontal(id="og-middle"):
            with Vertical(id="og-garden-box"):
                yield SteadyStatic(id="og-garden-title", markup=False)
                yield OgBoard(garden_layout(roomy), self._paint_garden, id="og-garden")
            with Vertical(id="og-right"):
                yield SteadyStatic(id="og-hand-title", markup=False)
                hand = OgBoard(hand_layout(1, roomy), self._paint_hand, id="og-hand")
                hand.can_focus = False
                yield hand
                yield SteadyStatic(id="og-actions")
                legend = OgBoard(
                    legend_layout(len(self._legend)), self._paint_legend, id="og-legend"
                )
                legend.can_focus = False
                legend.cursor = None
                yield legend
        with Horizontal(id="og-others"):
            # One slot per other player: the slots keep their places when the turn passes
            # and another garden becomes the big one (only what they show changes, so a move
            # costs no layout of the screen).
            for slot in range(len(self.seat_view.seats) - 1):
                yield OgMiniGarden(id=f"og-mini-{slot}")
        yield SteadyStatic(id="og-info", markup=False)

    @property
    def market_board(self) -> OgBoard:
        """The market board."""
        return self.query_one("#og-market", OgBoard)

    @property
    def garden_board(self) -> OgBoard:
        """The big garden board."""
        return self.query_one("#og-garden", OgBoard)

    @property
    def hand_board(self) -> OgBoard:
        """The tokens still to plant."""
        return self.query_one("#og-hand", OgBoard)

    @property
    def state(self) -> OctopusState:
        """The position as the keyboard's seat may see it (the seat view's, cached there)."""
        state = self.seat_view.view()
        assert isinstance(state, OctopusState)
        return state

    @property
    def pick(self) -> Pick:
        """The half-made choice, in this game's words (the token, a move's origin, a pass)."""
        selection = self.picker.selection
        if selection is not self._pick_of[0]:
            self._pick_of = (selection, Pick.of(selection))
        return self._pick_of[1]

    @property
    def targets(self) -> Targets:
        """What each place does for the pending decision and :attr:`pick`."""
        return Targets(self.picker.choices)

    def relayout(self, roomy: bool) -> None:
        """The boards' layouts for the compact or the roomy size."""
        self.market_board.set_layout(market_layout(roomy))
        self.garden_board.set_layout(garden_layout(roomy))
        self.hand_board.set_layout(hand_layout(len(self._hand_codes), roomy))

    # --- whose garden, which decision ---------------------------------------------------------

    def big_seat(self) -> int:
        """The seat whose garden is drawn large: the human deciding now, else the keyboard's
        seat, else (only bots) the seat whose turn it is."""
        return self._big_seat(self.state)

    def _big_seat(self, state: OctopusState) -> int:
        seat = state.current_player
        if seat is not None and not self.seat_view.seats[seat].is_bot:
            return seat
        viewer = self.viewer
        return viewer if viewer is not None else state.active

    def deciding_seat(self) -> int | None:
        """The seat that must decide now (``None`` once the game is over)."""
        return self.state.current_player

    def deciding(self) -> bool:
        """A human decides now at this keyboard (so places and keys act)."""
        return self.human_to_move() and not self.state.is_over

    def phase(self) -> str:
        """The pending decision's kind (``"over"`` at the end): the view's phase, which names
        it (asked on every key, so not worked out from ``seat_view.decision()``)."""
        return self.state.phase

    def legal(self) -> Sequence[Action]:
        """The legal actions when a human decides now, else none (asked of the seat view once
        per position: keys and the info line ask often)."""
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

    def warning(self, action: Action) -> str:
        """What ``action`` costs the mover, in words (``""``: nothing to warn about).

        Today: a move or a push that lands a sea star on one of the mover's own oysters, which
        it eats (the rules play the action on the seat's view, ``game.apply``, and the oyster
        bed grows by the oysters eaten), and a shark claim on a tile no affordable line runs
        through (:func:`~gardens_tui.rules.octopus_garden.outlook.claim_warning`). Nothing is
        decided here. Cached per position."""
        if action[0] not in WARNED_VERBS:
            return ""
        state = self.state
        if state is not self._warnings_view:
            self._warnings_view = state
            self._warnings = {}
        found = self._warnings.get(action)
        if found is None and action[0] == "claim" and len(action) == 2:
            found = claim_warning(state, action[1])
        if found is None:
            found = ""
            try:
                after = self.seat_view.game.apply(state, action)
            except IllegalAction:
                after = None
            if isinstance(after, OctopusState) and after.bed > state.bed:
                eaten = after.bed - state.bed
                found = (
                    "your sea star eats your oyster"
                    if eaten == 1
                    else f"your sea stars eat {eaten} of your oysters"
                )
            self._warnings[action] = found
        return found

    def _warned(self, label: str, action: Action | None) -> str:
        """``label`` with the warning of ``action`` (if any) after it."""
        warning = self.warning(action) if action is not None else ""
        return f"{label} ({WARNING_MARK} {warning})" if warning else label

    # --- redrawing ----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Redraw everything from the seat view (called by the base after every change)."""
        if not self.children:
            return  # not composed yet
        state = self.state
        if state is not self._pick_view:
            self._pick_view = state
            self._reset_pick()
        else:
            self.picker.update(self.legal())
        if state is not self._marks_view:
            self._marks_view = state
            self.marks = last_marks(self.seat_view)
        targets = self.targets
        big = self.big_seat()
        show_legal = self.show_legal()
        market = self.market_board
        market.repaint_cells()
        market.set_legal(targets.market_legal if show_legal else ())
        market.set_last_move(self.marks.market)
        garden = self.garden_board
        garden.repaint_cells()
        garden.set_legal(targets.garden_legal if show_legal else ())
        garden.set_last_move(self.marks.garden(big))
        totals = self.seat_view.scores().totals()
        self._draw_hand(state)
        self._draw_titles(state, big, totals[big])
        self._draw_minis(state, big, totals)
        self._draw_actions()
        self._auto_focus()
        self._draw_info()

    def _reset_pick(self) -> None:
        """New decision: drop the half-made choice and an armed purchase; keep the token if it
        can still be planted."""
        self._armed = None
        legal = self.legal()
        usable = set(plantable_tokens(legal))
        usable.update(a[1] for a in legal if a[0] in ("plant", "return") and len(a) == 2)
        in_hand = [NAMES[code] for code in self.state.hand if NAMES[code] in usable]
        self.picker.reset(legal, Selection(item=keep_item(self.pick.token, in_hand)))

    def _select(self, selection: Selection) -> None:
        self.picker.select(selection)
        self._picked()

    def _picked(self) -> None:
        """The half-made choice changed: redraw, and show the keys and the prompt for it."""
        self.redraw()
        self.refresh_bindings()
        text = self.prompt_text()
        for line in self.query(PromptLine):
            if line.prompt_text != text or line.error_text is not None:
                line.show_prompt(text)  # a refusal leaves with the next choice

    def prompt_text(self) -> str:
        """The base's prompt (in the compact layout with :func:`.texts.short_prompt`'s words, so
        that it fits one line at 80 columns), except while a purchase waits for its second
        Enter (what it costs and gets) or a pass is being made (which tile to return)."""
        seat = self.deciding_seat()
        if seat is not None and self.deciding() and self._armed is not None:
            name = self.seat_view.seats[seat].name
            return f"{name}: {self.describe(self._armed)}? {ARMED_KEYS}"
        if seat is not None and self.deciding() and self.pick.passing:
            name = self.seat_view.seats[seat].name
            return f"{name}: pass: choose the market tile to return to the bag (esc: do not pass)"
        text = super().prompt_text()
        return text if self.roomy else short_prompt(text)

    def _draw_hand(self, state: OctopusState) -> None:
        mine = self.deciding()
        codes, heading = hand_view(state, self.phase(), mine)
        board = self.hand_board
        if len(codes) != len(self._hand_codes):
            board.set_layout(hand_layout(len(codes), self.roomy))
        self._hand_codes = codes
        self._hand_index = self._selected_hand_index(codes)
        board.display = bool(codes)
        board.repaint_cells()
        if codes and mine:
            board.move_cursor_to(self._hand_index)
        else:
            board.cursor = None  # nothing of this hand is the keyboard's to choose
        title = self.query_one("#og-hand-title", Static)
        title.update(literal(heading))
        title.display = bool(heading)

    def _selected_hand_index(self, codes: list[int]) -> int:
        token = self.pick.token
        if token is None or token not in NAMES:
            return 0
        code = CODES[token]
        if 0 <= self._hand_index < len(codes) and codes[self._hand_index] == code:
            return self._hand_index
        return codes.index(code) if code in codes else 0

    def _draw_titles(self, state: OctopusState, big: int, score: int) -> None:
        # As wide as the garden under it: the compact layout shortens it, the roomy one not.
        width = self.garden_board.board_layout.width
        title = garden_title(state, big, score, self.ascii_mode, width)
        self.query_one("#og-garden-title", Static).update(literal(title))
        lines = supply_lines(state, big, self.roomy, self.ascii_mode)
        self.query_one("#og-supply", Static).update(literal("\n".join(lines)))

    def mini_garden(self, seat: int) -> OgMiniGarden | None:
        """The small garden showing ``seat``'s (``None`` while it is the big one)."""
        if seat not in self._mini_seats:
            return None
        return self.query_one(f"#og-mini-{self._mini_seats.index(seat)}", OgMiniGarden)

    def _draw_minis(self, state: OctopusState, big: int, totals: Sequence[int]) -> None:
        deciding = self.deciding_seat()
        seats = self.seat_view.seats
        others = [seat for seat in range(len(state.players)) if seat != big]
        self._mini_seats = others
        for slot, seat in enumerate(others):
            mini = self.query_one(f"#og-mini-{slot}", OgMiniGarden)
            title, info = mini_title(
                state,
                seat,
                totals[seat],
                deciding=seat == deciding,
                is_bot=seats[seat].is_bot,
                roomy=self.roomy,
                ascii_mode=self.ascii_mode,
                to_move=glyph("to-move", self.ascii_mode),
            )
            mini.show(
                title,
                info,
                state.gardens[seat],
                self.marks.garden(seat),
                roomy=self.roomy,
                ascii_mode=self.ascii_mode,
            )

    def command_state(self, command: str) -> bool | None:
        """Whether a command's key applies now: True (shown), False (hidden)."""
        if not self.deciding():
            return False
        return command_applies(
            command, self.phase(), self.legal(), self.pick, oysters_left=self.state.bed > 0
        )

    def command_lines(self) -> list[CommandLine]:
        """The commands that apply now, for the clickable list (none while others decide)."""
        if not self.deciding():
            return []
        return command_lines(
            self.phase(),
            self.legal(),
            self.pick,
            oyster_price=oyster_price(self.state, self.deciding_seat() or 0),
            roomy=self.roomy,
            ascii_mode=self.ascii_mode,
            oysters_left=self.state.bed > 0,
        )

    def _draw_actions(self) -> None:
        lines = command_lines_content(self.command_lines(), action="og", ascii_mode=self.ascii_mode)
        self.query_one("#og-actions", Static).update(Content("\n").join(lines))

    # --- focus and the cursor -----------------------------------------------------------------

    def on_screen_resume(self) -> None:
        """Back on top (a dialog or a list of choices closed): focus for the decision now."""
        self._auto_focus()

    def _auto_focus(self) -> None:
        """On a new decision for a human, focus the board it is made on, cursor near a target."""
        state = self.state
        if state is self._focused_view or not self.deciding():
            return
        if not screen_is_live(self):
            return
        if self.app.screen is not self:
            return  # (a dialog is on top, or a list of choices closing: on_screen_resume focuses)
        self._focused_view = state
        board = self.market_board if self.phase() in MARKET_PHASES else self.garden_board
        board.focus()
        if board is self.garden_board and self.phase() == "plant" and board.cursor is not None:
            # Planting: the cursor stays where the player put it (players lost it when it
            # jumped on after each planting); the free spaces are highlighted around it.
            return
        self._cursor_to_target(board)

    def _board(self, name: str) -> OgBoard:
        return self.market_board if name == MARKET else self.garden_board

    def _cursor_to_target(self, board: OgBoard) -> None:
        """Move ``board``'s cursor to its nearest target (unless it is on one)."""
        name = MARKET if board is self.market_board else GARDEN
        _cursor_to_nearest(board, self.picker.choices.legal(name))

    def _draw_info(self) -> None:
        board = self._board(self._info_board)
        line = self.query_one("#og-info", Static)
        info = fit_words(
            self.describe_place(self._info_board, board.cursor),
            line.content_size.width,
            symbol("ellipsis", self.ascii_mode),
        )
        if info != self._info_text:
            # The line's size is fixed: skip the relayout a plain update() would ask for.
            self._info_text = info
            line.update(literal(info), layout=False)

    def on_resize(self, event: events.Resize) -> None:
        """The info line is fitted to its width and the prompt's words to the layout: fit both
        again at the new size (once it is laid out)."""
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        if not self.children or not screen_is_live(self):
            return  # not composed yet, or closing
        self._draw_info()
        text = self.prompt_text() + self.clock_text()
        for line in self.query(PromptLine):
            if line.error_text is None and line.prompt_text != text:
                line.show_prompt(text)

    def on_mount(self) -> None:
        """Follow the cursors of the market and the garden (Textual runs the base's on_mount
        as well: handlers are called for every class of the MRO)."""
        # Watched, not told by BoardGrid.CursorMoved: the watcher runs while the key is being
        # handled, so the info line is redrawn in the same frame as the board (the message
        # would reach the screen several hops later, usually after that frame was written).
        self.watch(self.market_board, "cursor", self._market_cursor_moved, init=False)
        self.watch(self.garden_board, "cursor", self._garden_cursor_moved, init=False)

    def _market_cursor_moved(self) -> None:
        self._info_board = MARKET
        armed = self._armed
        if armed is not None and self.market_board.cursor != tuple(armed[1:]):
            self._disarm()  # the cursor left the line: Enter no longer buys it
        self._draw_info()

    def _garden_cursor_moved(self) -> None:
        self._info_board = GARDEN
        self._draw_info()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Describe the place under the cursor of the board that got the focus."""
        widget = event.widget
        if isinstance(widget, OgBoard) and widget.id in ("og-market", "og-garden"):
            self._info_board = MARKET if widget.id == "og-market" else GARDEN
            self._draw_info()

    def describe_place(self, board: str, key: Cell | None) -> str:
        """The info line: what is at the place under the cursor and what Enter does there."""
        if key is None:
            return ""
        state = self.state
        dot = symbol("dot", self.ascii_mode)
        if board == MARKET:
            text = describe_market_place(state, key, self.ascii_mode)
        else:
            assert isinstance(key, int)
            stack = state.gardens[self._big_seat(state)][key]
            text = f"{CELL_NAMES[key]}: {describe_stack(stack)}"
        entries = self.picker.choices.entries(Place(board, key))
        entry = resolve(entries)
        if isinstance(key, tuple) and entry is not None and entry.action == ("buy", *key):
            # The place already lists the line's tokens and price.
            does = "buy it" if entry.action == self._armed else "buy it (asks first)"
        else:
            does = self._enter_words(entries)
        if does:
            text += f" {dot} Enter: {does}"
        elif self.picker.selection.half_made:
            text += f" {dot} Esc cancels"
        warnings = sorted({self.warning(e.action) for e in entries if e.action is not None} - {""})
        if warnings:
            # First, so that a narrow info line still shows it.
            text = f"{WARNING_MARK} {'; '.join(warnings).capitalize()} {dot} {text}"
        return text

    def _enter_words(self, entries: list[Entry]) -> str:
        if not entries:
            return ""
        entry = resolve(entries)
        if entry is None:
            if len(entries) == 1 and entries[0].action is not None:
                words = self.describe(entries[0].action)
                return f"offers to {words[:1].lower()}{words[1:]}"
            return f"lists {len(entries)} choices"
        if entry.origin is not None:
            return self._origin_words(entry.origin)
        assert entry.action is not None
        words = self.describe(entry.action)
        return words[:1].lower() + words[1:]

    def _origin_words(self, cell: Cell) -> str:
        assert isinstance(cell, int)
        return origin_words(self.phase(), self.legal(), cell)

    # --- choosing places ----------------------------------------------------------------------

    def on_board_grid_cell_selected(self, event: BoardGrid.CellSelected) -> None:
        """A place was chosen on one of the boards (ignored while another screen is on top: keys
        typed ahead of a list of choices belong to the list, not to the board under it)."""
        event.stop()
        if not self.is_active:
            return
        board = event.board.id
        if board == "og-hand":
            self._choose_hand(event.cell)
        elif board == "og-market":
            clicked = isinstance(event.board, OgBoard) and event.board.chosen_by_click(event.cell)
            self.choose_place(MARKET, event.cell, clicked=clicked)
        elif board == "og-garden":
            self.choose_place(GARDEN, event.cell)

    def choose_place(self, board: str, key: Cell, *, clicked: bool = False) -> None:
        """Do what choosing ``key`` on ``board`` means now (see :mod:`.picker`).

        A purchase (a line's marker) chosen from the keyboard takes two choices: the first arms
        it, and the prompt line says what it costs and gets and that Enter again buys it; the
        second buys. Choosing anything else, moving the cursor off the marker, Esc, Tab or
        another decision disarms it, so an Enter too many (typed ahead of a bot's turn, say)
        never spends pearls. A click (``clicked``) is aimed: it buys at once."""
        if not self.deciding():
            self._not_your_turn()
            return
        place = Place(board, key)
        purchase = self._purchase_at(place)
        if purchase is not None and purchase != self._armed and not clicked:
            self._armed = purchase
            self._picked()
            return
        self._armed = None
        self._follow(self.picker.choose(place), self._place_title(board, key), place)

    def _purchase_at(self, place: Place) -> Action | None:
        """The purchase choosing ``place`` plays at once, if it is one."""
        entry = resolve(self.picker.choices.entries(place))
        if entry is None or entry.action is None or entry.action[0] != "buy":
            return None
        return entry.action

    def _disarm(self) -> bool:
        """Drop the armed purchase (the prompt says the decision again); whether there was one."""
        if self._armed is None:
            return False
        self._armed = None
        self._picked()
        return True

    def _follow(self, outcome: Outcome, title: str, place: Place | None = None) -> None:
        """Carry out what a choice led to: play, move the half-made choice on, list (under
        ``title``) what ``place`` (or a key) offers, or explain a place with nothing legal."""
        if isinstance(outcome, Play):
            self.play(outcome.action)
        elif isinstance(outcome, Selected):
            self._picked()
            if outcome.selection.places:  # a move's origin: now its destination
                self._cursor_to_target(self.garden_board)
        elif isinstance(outcome, Offer):
            self._offer(title, list(outcome.entries), place)
        elif outcome.place is not None:
            self._nothing_at(outcome.place.board, outcome.place.cell)

    def _nothing_at(self, board: str, key: Cell) -> None:
        legal = self.legal()
        phase = self.phase()
        pick = self.pick
        if board == GARDEN and phase == "plant" and pick.token:
            acts = token_actions(legal, pick.token)
            if acts:  # the diver (or a boxer crab with no anemone) needs no space
                self.play(acts[0])
                return
        piece = None
        if pick.origin is not None:
            piece = next((a[1] for a in legal if a[0] == "move" and a[2] == pick.origin), None)
        action = attempt(phase, pick, board, key, piece)
        if action is not None:
            self.play(action)  # refused by the engine, which says why
            return
        if board == MARKET:
            where = describe_market_place(self.state, key, self.ascii_mode).split(":")[0]
        else:
            assert isinstance(key, int)
            where = CELL_NAMES[key]
        hint = "choose a highlighted place" if self.show_legal() else "choose another place"
        if phase == "market" and board == MARKET:
            hint = "buy with a row or column marker, o attracts an oyster, p passes"
        self.show_error(f"Nothing to do on {where} now: {hint}")

    def _place_title(self, board: str, key: Cell) -> str:
        if board == MARKET:
            return describe_market_place(self.state, key, self.ascii_mode)
        assert isinstance(key, int)
        return f"{CELL_NAMES[key]}: {describe_stack(self.state.gardens[self.big_seat()][key])}"

    def _offer(self, title: str, entries: list[Entry], place: Place | None = None) -> None:
        """List ``entries`` (of ``place``) in a :class:`ChoiceScreen`; carry out the one
        chosen."""
        labels = [
            self._warned(label, entry.action)
            for label, entry in zip(
                describe_entries(entries, self.describe, self._origin_words), entries, strict=True
            )
        ]
        self.offer_choices(
            title,
            labels,
            lambda index: self._follow(self.picker.carry_out(entries[index], place), title),
        )

    def _choose_hand(self, index: Cell) -> None:
        assert isinstance(index, int)
        self.action_pick_token(index)

    # --- actions (keys) -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys show only when they apply to the pending decision."""
        if action == "og":
            return self.command_state(str(parameters[0]))
        if action == "cancel":
            return self.deciding() and (self.pick.half_made or self._armed is not None)
        if action == "pick_token":
            return True if self.deciding() and self.phase() == "plant" else None
        if action == "switch":
            return True if self.deciding() else None
        return super().check_action(action, parameters)

    def action_og(self, command: str) -> None:
        """Carry out a key's command (see :mod:`.keys`)."""
        if not self.deciding():
            self._not_your_turn()
            return
        if command == "cancel":
            self.action_cancel()
            return
        self._disarm()
        if command == "choices":
            decision = self.seat_view.decision()
            prompt = decision.prompt if decision is not None else ""
            self._offer(f"Every choice: {prompt}", list(self.picker.every_choice().entries))
            return
        style = COMMAND_STYLES.get(command)
        if style is None:
            return
        outcome = self.picker.command(command, style)
        if isinstance(outcome, Nothing):
            self._nothing_for(command)
        elif isinstance(outcome, Selected) and outcome.selection.mode is not None:
            self._picked()  # a pass: now the tile to return
            self.market_board.focus()
            self._cursor_to_target(self.market_board)
        else:
            self._follow(outcome, COMMAND_TITLES.get(command, ""))

    def _nothing_for(self, command: str) -> None:
        """A command with no legal action now: try what it means, so the engine says why (an
        oyster the seat cannot afford: its price and the seat's pearls, from the view)."""
        if command == "oyster":
            state = self.state
            seat = self.deciding_seat()
            if seat is not None and state.bed > 0:
                price = oyster_price(state, seat)
                have = state.pearls[seat]
                if have < price:
                    self.show_error(f"An oyster costs {price} pearls; you have {have}")
                    return
        if command in ("oyster", "done", "skip", "release", "pass"):
            self.play((command,))
        elif command == "discard":
            self.play(("discard", self.pick.token or ""))

    def action_help(self) -> None:
        """The rules of Octopus's Garden and every key of this screen (not while this screen is
        covered: a burst of ``?`` opens one help screen)."""
        if self.is_active:
            legend = legend_rows(self.state, self.ascii_mode)
            self.app.push_screen(
                HelpScreen([self.seat_view.game.spec], self.key_help(KEY_HELP), legend)
            )

    def action_legend(self) -> None:
        """What every letter and mark on the board means (not while this screen is covered)."""
        if self.is_active:
            self.app.push_screen(LegendScreen(self.state, ascii_mode=self.ascii_mode))

    def action_cancel(self) -> None:
        """Esc: drop an armed purchase, else the half-made choice (the origin of a move, the
        tile to return)."""
        if self._disarm():
            return
        if self.picker.cancel():
            self._picked()

    def action_pick_token(self, index: int) -> None:
        """Choose the ``index``-th token of the hand as the next one to plant."""
        if not self.deciding() or not 0 <= index < len(self._hand_codes):
            return
        code = self._hand_codes[index]
        self._hand_index = index
        self._select(Selection(item=NAMES[code]))
        self.garden_board.focus()

    def action_switch(self, step: int = 1) -> None:
        """Tab: the next token to plant while planting, else switch between market and garden."""
        if self.phase() == "plant" and len(set(self._hand_codes)) > 1:
            codes = self._hand_codes
            index = self._hand_index
            for _ in range(len(codes)):
                index = (index + step) % len(codes)
                if codes[index] != codes[self._hand_index]:
                    break
            self.action_pick_token(index)
            return
        self._disarm()
        board = self.garden_board if self.market_board.has_focus else self.market_board
        board.focus()
        self._cursor_to_target(board)

    # --- painters -----------------------------------------------------------------------------

    def point_at(self, places: Sequence[str]) -> frozenset[str]:
        """Point at a lesson's places: the market's spaces (``m4``) and the garden's (``c3``,
        on the garden drawn large when it is the viewer's own)."""
        own_garden = self.big_seat() == self.viewer
        market = {MARKET_IDS[name] for name in places if name in MARKET_IDS}
        garden = {CELL_IDS[name] for name in places if name in CELL_IDS and own_garden}
        self.market_board.set_pointed(market)
        self.garden_board.set_pointed(garden)
        return frozenset(n for n in places if n in MARKET_IDS or (n in CELL_IDS and own_garden))

    def _paint_market(self, key: Cell) -> CellPaint:
        state = self.state
        if isinstance(key, tuple):
            axis, number = key
            return CellPaint(handle_text(state, axis, number, self.ascii_mode), "accent")
        assert isinstance(key, int)
        code = state.market[key]
        text = market_cell(state, key, self.roomy, self.ascii_mode)
        armed = self._armed
        if armed is not None and key in market_line(armed[1], armed[2]):
            return CellPaint(text, "accent")  # the tiles the second Enter buys
        return CellPaint(text, token_role(code))

    def _paint_garden(self, key: Cell) -> CellPaint:
        assert isinstance(key, int)
        state = self.state
        stack = state.gardens[self._big_seat(state)][key]
        text = garden_cell(stack, key, self.roomy, self.ascii_mode)
        if Place(GARDEN, key) in self.picker.selection.places:
            return CellPaint(text, "accent")  # the animal being moved
        return CellPaint(text, stack_role(stack))

    def _paint_legend(self, key: Cell) -> CellPaint:
        assert isinstance(key, int)
        letter, words, role = self._legend[key]
        return CellPaint(f"{letter} {words}".ljust(LEGEND_CELL_WIDTH - 2), role)

    def _paint_hand(self, key: Cell) -> CellPaint:
        assert isinstance(key, int)
        if not 0 <= key < len(self._hand_codes):
            return CellPaint("", "muted")
        code = self._hand_codes[key]
        label = token_label(code)
        if self.phase() == "plant" and self.deciding():
            label = f"{key + 1} {label}" if key < 9 else f"  {label}"
        return CellPaint(label, token_role(code))


COMMAND_TITLES: dict[str, str] = {
    "treasure": "Treasure chest: how many pearls, keep or sell?",
    "mimic": "Declare a mimic octopus (once, for good)",
}
"""The title of the list a command's key opens."""


# --- helpers ----------------------------------------------------------------------------------


def _cursor_to_nearest(board: BoardGrid, cells: set[Any]) -> None:
    """Move the board's cursor to the place of ``cells`` nearest to it (unless it is on one)."""
    target = nearest_cell(board.board_layout, board.cursor, cells)
    if target is not None and target != board.cursor:
        board.move_cursor_to(target)
