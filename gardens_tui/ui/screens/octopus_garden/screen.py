"""The Octopus's Garden game screen.

What it shows: the market (each tile's letter and cost, a handle at the end of every row and
under every column with the line's total), the oyster bed and the bonus piles, the garden of the
player at the keyboard drawn large, the other gardens small, the tokens still to plant, the keys
that apply now, and a line describing the place under the cursor. The base
:class:`~gardens_tui.ui.screens.game_base.GameScreen` adds the players with their live scores, the
log, the prompt and the footer.

How a decision is made (keyboard or mouse; see :mod:`.picker`): choose a place on the market or
the garden (arrows / hjkl / wasd and Enter or space, or a click). A place with one action plays
it; a place with several (a tile: its row, its column, or returning it) lists them; a move or a
push takes two places (origin, then destination; Esc cancels). Actions without a place have keys:
``o`` oyster, ``p`` pass (then the tile to return), ``f`` done / skip, ``r`` release the shark,
``t`` treasure, ``x`` let a token go, ``m`` declare a mimic octopus, ``c`` every choice as a list.
Number keys and Tab pick the token to plant; otherwise Tab switches between market and garden.

The screen never decides a rule: it offers what ``legal_actions`` lists and plays through
:meth:`GameScreen.play`; a place without a legal action is tried anyway, so the engine's refusal
(the rule, in words) appears in the prompt line and nothing changes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.style import Style
from textual.widgets import Static

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden.board import CELL_NAMES
from gardens_tui.rules.octopus_garden.components import CODES, NAMES
from gardens_tui.rules.octopus_garden.flow import oyster_price
from gardens_tui.rules.octopus_garden.state import OctopusState
from gardens_tui.ui.literal import literal, plain
from gardens_tui.ui.screens import register_screen
from gardens_tui.ui.screens.game_base import GameScreen
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.modal import screen_is_live
from gardens_tui.ui.screens.octopus_garden.board import OgBoard
from gardens_tui.ui.screens.octopus_garden.choice import ChoiceScreen
from gardens_tui.ui.screens.octopus_garden.keys import (
    BINDINGS,
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
    nearest_cell,
)
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
    Entry,
    Pick,
    Targets,
    attempt,
    compute_targets,
    plantable_tokens,
    resolve,
    token_actions,
)
from gardens_tui.ui.screens.octopus_garden.texts import (
    garden_title,
    hand_view,
    mini_title,
    origin_words,
    supply_lines,
)
from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import Cell
from gardens_tui.ui.widgets.glyphs import glyph

ROOMY_SIZE = (114, 36)
"""From this terminal size on (width, height) the roomy layout is used."""

MARKET_PHASES = frozenset({"market", "shark", "refill", "claim", "lionfish"})
"""Decisions made on the market (the market board gets the focus)."""


@register_screen("octopus-garden")
class OctopusGardenScreen(GameScreen):
    """The Octopus's Garden screen (see the module docstring for the layout and the keys)."""

    BINDINGS: ClassVar[list[BindingType]] = BINDINGS

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
        self.pick = Pick()
        self._info_text = ""
        """The half-made choice of the player at the keyboard."""
        self.roomy = False
        """The roomy layout is in use (a terminal of at least :data:`ROOMY_SIZE`)."""
        self.targets = Targets()
        """What each place does for the pending decision and :attr:`pick`."""
        self.marks = Marks()
        self._pick_state: object = None
        self._focused_state: object = None
        self._hand_codes: list[int] = []
        self._hand_index = 0
        self._info_board: str = "garden"
        self._legend = legend_entries(self.table.setup.options)

    # --- composing ----------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """Market and supply, the big garden with the hand and keys, the small gardens, info."""
        roomy = self.roomy
        with Horizontal(id="og-top"):
            yield OgBoard(market_layout(roomy), self._paint_market, id="og-market")
            yield Static(id="og-supply", markup=False)
        with Horizontal(id="og-middle"):
            with Vertical(id="og-garden-box"):
                yield Static(id="og-garden-title", markup=False)
                yield OgBoard(garden_layout(roomy), self._paint_garden, id="og-garden")
            with Vertical(id="og-right"):
                yield Static(id="og-hand-title", markup=False)
                hand = OgBoard(hand_layout(1, roomy), self._paint_hand, id="og-hand")
                hand.can_focus = False
                yield hand
                yield Static(id="og-actions")
                legend = OgBoard(
                    legend_layout(len(self._legend)), self._paint_legend, id="og-legend"
                )
                legend.can_focus = False
                legend.cursor = None
                yield legend
        with Horizontal(id="og-others"):
            for seat in range(len(self.table.seats)):
                yield OgMiniGarden(id=f"og-mini-{seat}")
        yield Static(id="og-info", markup=False)

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
        """The position as the keyboard's seat may see it."""
        state = self.view_state
        assert isinstance(state, OctopusState)
        return state

    def on_resize(self, event: events.Resize) -> None:
        """Switch between the compact and the roomy layout."""
        width, height = ROOMY_SIZE
        roomy = event.size.width >= width and event.size.height >= height
        if roomy != self.roomy:
            self.roomy = roomy
            self.set_class(roomy, "-roomy")
            self.market_board.set_layout(market_layout(roomy))
            self.garden_board.set_layout(garden_layout(roomy))
            self.hand_board.set_layout(hand_layout(len(self._hand_codes), roomy))
            self.redraw()

    # --- whose garden, which decision ---------------------------------------------------------

    def big_seat(self) -> int:
        """The seat whose garden is drawn large: the human deciding now, else the keyboard's
        seat, else (only bots) the seat whose turn it is."""
        table = self.table
        seat = table.state.current_player
        if seat is not None and not table.seats[seat].is_bot:
            return seat
        viewer = self.viewer
        if viewer is not None:
            return viewer
        return table.state.active

    def deciding(self) -> bool:
        """A human decides now at this keyboard (so places and keys act)."""
        return self.human_to_move() and not self.table.state.is_over

    def phase(self) -> str:
        """The pending decision's kind (``"over"`` at the end)."""
        decision = self.table.state.decision
        return decision.kind if decision is not None else "over"

    def legal(self) -> list[Action]:
        """The legal actions when a human decides now, else none."""
        return self.table.legal_actions() if self.deciding() else []

    # --- redrawing ----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Redraw everything from the table (called by the base after every change)."""
        if not self.children:
            return  # not composed yet
        state = self.state
        table = self.table
        if table.state is not self._pick_state:
            self._pick_state = table.state
            self._reset_pick()
        legal = self.legal()
        self.targets = compute_targets(legal, self.pick)
        self.marks = last_marks(table.states, table.actions)
        big = self.big_seat()
        show_legal = self.show_legal()
        market = self.market_board
        market.repaint_cells()
        market.set_legal(self.targets.market_legal if show_legal else ())
        market.set_last_move(self.marks.market)
        garden = self.garden_board
        garden.repaint_cells()
        garden.set_legal(self.targets.garden_legal if show_legal else ())
        garden.set_last_move(self.marks.garden(big))
        self._draw_hand(state)
        self._draw_titles(state, big)
        self._draw_minis(state, big)
        self._draw_actions()
        self._auto_focus()
        self._draw_info()

    def _reset_pick(self) -> None:
        """New decision: drop the half-made choice; keep the token if it can still be planted."""
        legal = self.legal()
        usable = set(plantable_tokens(legal))
        usable.update(a[1] for a in legal if a[0] in ("plant", "return") and len(a) == 2)
        hand = self.state.hand
        in_hand = [NAMES[code] for code in hand if NAMES[code] in usable]
        token = self.pick.token if self.pick.token in usable else None
        self.pick = Pick(token=token or (in_hand[0] if in_hand else None))

    def _set_pick(self, pick: Pick) -> None:
        self.pick = pick
        self.redraw()
        self.refresh_bindings()  # the keys that apply depend on the pick

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

    def _draw_titles(self, state: OctopusState, big: int) -> None:
        score = self.table.game.scores(state).total(big)
        title = garden_title(state, big, score, self.ascii_mode)
        self.query_one("#og-garden-title", Static).update(literal(title))
        lines = supply_lines(state, big, self.roomy, self.ascii_mode)
        self.query_one("#og-supply", Static).update(literal("\n".join(lines)))

    def _draw_minis(self, state: OctopusState, big: int) -> None:
        totals = self.table.game.scores(state).totals()
        deciding = self.table.state.current_player
        for seat in range(len(state.players)):
            mini = self.query_one(f"#og-mini-{seat}", OgMiniGarden)
            mini.display = seat != big
            if seat == big:
                continue
            title, info = mini_title(
                state,
                seat,
                totals[seat],
                deciding=seat == deciding,
                is_bot=self.table.seats[seat].is_bot,
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

    # --- the keys that apply now --------------------------------------------------------------

    def command_state(self, command: str) -> bool:
        """Whether ``command``'s key applies to the pending decision (shown in the footer)."""
        if not self.deciding():
            return False
        return command_applies(command, self.phase(), self.table.legal_actions(), self.pick)

    def command_lines(self) -> list[CommandLine]:
        """The commands that apply now, for the clickable list (none while others decide)."""
        if not self.deciding():
            return []
        seat = self.table.state.current_player or 0
        return command_lines(
            self.phase(),
            self.table.legal_actions(),
            self.pick,
            oyster_price=oyster_price(self.state, seat),
            roomy=self.roomy,
            ascii_mode=self.ascii_mode,
        )

    def _draw_actions(self) -> None:
        # Built as Content, not markup: the labels are text, the click is a style of ours.
        lines = []
        for line in self.command_lines():
            key = ("Enter" if self.ascii_mode else "⏎") if line.key == "enter" else line.key
            text = Content.assemble(
                (plain(key, newlines=False), "bold"), " ", plain(line.label, newlines=False)
            ).stylize(Style.from_meta({"@click": f"screen.og({line.command!r})"}))
            if not line.playable:
                text = text.stylize("dim")  # shown, but pressing it only says why not
            lines.append(text)
        self.query_one("#og-actions", Static).update(Content("\n").join(lines))

    # --- focus and the cursor -----------------------------------------------------------------

    def _auto_focus(self) -> None:
        """On a new decision for a human, focus the board it is made on, cursor near a target."""
        state = self.table.state
        if state is self._focused_state or not self.deciding():
            return
        if not screen_is_live(self):
            return
        if self.app.screen is not self:
            # A list of choices is closing (its choice was just played): focus once it is gone.
            self.call_after_refresh(self._auto_focus)
            return
        self._focused_state = state
        phase = self.phase()
        legal: set[Any]
        if phase in MARKET_PHASES:
            board, legal = self.market_board, self.targets.market_legal
        else:
            board, legal = self.garden_board, self.targets.garden_legal
        board.focus()
        _cursor_to_nearest(board, legal)

    def _draw_info(self) -> None:
        board = self.market_board if self._info_board == "market" else self.garden_board
        info = self.describe_place(self._info_board, board.cursor)
        if info != self._info_text:
            # The line's size is fixed: skip the relayout a plain update() would ask for.
            self._info_text = info
            self.query_one("#og-info", Static).update(literal(info), layout=False)

    def on_mount(self) -> None:
        """Follow the cursors of the market and the garden (Textual runs the base's on_mount
        as well: handlers are called for every class of the MRO)."""
        # Watched, not told by BoardGrid.CursorMoved: the watcher runs while the key is being
        # handled, so the info line is redrawn in the same frame as the board (the message
        # would reach the screen several hops later, usually after that frame was written).
        self.watch(self.market_board, "cursor", self._market_cursor_moved, init=False)
        self.watch(self.garden_board, "cursor", self._garden_cursor_moved, init=False)

    def _market_cursor_moved(self) -> None:
        self._info_board = "market"
        self._draw_info()

    def _garden_cursor_moved(self) -> None:
        self._info_board = "garden"
        self._draw_info()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Describe the place under the cursor of the board that got the focus."""
        widget = event.widget
        if isinstance(widget, OgBoard) and widget.id in ("og-market", "og-garden"):
            self._info_board = "market" if widget.id == "og-market" else "garden"
            self._draw_info()

    def describe_place(self, board: str, key: Cell | None) -> str:
        """The info line: what is at the place under the cursor and what Enter does there."""
        if key is None:
            return ""
        state = self.state
        dot = symbol("dot", self.ascii_mode)
        if board == "market":
            text = describe_market_place(state, key, self.ascii_mode)
            entries = self.targets.market.get(key, [])
        else:
            assert isinstance(key, int)
            stack = state.gardens[self.big_seat()][key]
            text = f"{CELL_NAMES[key]}: {describe_stack(stack)}"
            entries = self.targets.garden.get(key, [])
        entry = resolve(entries)
        if isinstance(key, tuple) and entry is not None and entry.action == ("buy", *key):
            does = "buy it"  # the place already lists the line's tokens and price
        else:
            does = self._enter_words(entries)
        if does:
            text += f" {dot} Enter: {does}"
        elif self.pick.half_made:
            text += f" {dot} Esc cancels"
        return text

    def _enter_words(self, entries: list[Entry]) -> str:
        if not entries:
            return ""
        entry = resolve(entries)
        if entry is None:
            if len(entries) == 1 and entries[0].action is not None:
                words = self.table.game.describe_action(self.table.state, entries[0].action)
                return f"offers to {words[:1].lower()}{words[1:]}"
            return f"lists {len(entries)} choices"
        if entry.origin is not None:
            return self._origin_words(entry.origin)
        assert entry.action is not None
        words = self.table.game.describe_action(self.table.state, entry.action)
        return words[:1].lower() + words[1:]

    def _origin_words(self, cell: int) -> str:
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
            self.choose_place("market", event.cell)
        elif board == "og-garden":
            self.choose_place("garden", event.cell)

    def choose_place(self, board: str, key: Cell) -> None:
        """Do what choosing ``key`` on ``board`` means now (see :mod:`.picker`)."""
        if not self.deciding():
            self._not_your_turn()
            return
        if board == "garden" and self.pick.origin == key:
            self._set_pick(self.pick.cancelled())  # choosing the origin again puts it back
            return
        places: dict[Any, list[Entry]] = (
            self.targets.garden if board == "garden" else self.targets.market
        )
        entries = places.get(key, [])
        if not entries:
            self._nothing_at(board, key)
            return
        entry = resolve(entries)
        if entry is not None:
            self._carry_out(entry)
            return
        self._offer(self._place_title(board, key), entries)

    def _carry_out(self, entry: Entry) -> None:
        if entry.origin is not None:
            self._set_pick(Pick(token=self.pick.token, origin=entry.origin))
            _cursor_to_nearest(self.garden_board, self.targets.garden_legal)
        elif entry.action is not None:
            self.play(entry.action)

    def _nothing_at(self, board: str, key: Cell) -> None:
        legal = self.legal()
        phase = self.phase()
        if board == "garden" and phase == "plant" and self.pick.token:
            acts = token_actions(legal, self.pick.token)
            if acts:  # the diver (or a boxer crab with no anemone) needs no space
                self.play(acts[0])
                return
        piece = None
        if self.pick.origin is not None:
            piece = next((a[1] for a in legal if a[0] == "move" and a[2] == self.pick.origin), None)
        action = attempt(phase, self.pick, board, key, piece)
        if action is not None:
            self.play(action)  # refused by the engine, which says why
            return
        if board == "market":
            where = describe_market_place(self.state, key, self.ascii_mode).split(":")[0]
        else:
            assert isinstance(key, int)
            where = CELL_NAMES[key]
        hint = "choose a highlighted place" if self.show_legal() else "choose another place"
        if phase == "market" and board == "market":
            hint = "buy with a row or column marker, o attracts an oyster, p passes"
        self.show_error(f"Nothing to do on {where} now: {hint}")

    def _place_title(self, board: str, key: Cell) -> str:
        if board == "market":
            return describe_market_place(self.state, key, self.ascii_mode)
        assert isinstance(key, int)
        return f"{CELL_NAMES[key]}: {describe_stack(self.state.gardens[self.big_seat()][key])}"

    def _offer(self, title: str, entries: list[Entry]) -> None:
        """List ``entries`` in a :class:`ChoiceScreen`; carry out the one chosen."""
        labels = []
        for entry in entries:
            if entry.origin is not None:
                words = self._origin_words(entry.origin)
                labels.append(words[:1].upper() + words[1:])
            else:
                assert entry.action is not None
                labels.append(self.table.game.describe_action(self.table.state, entry.action))
        state = self.table.state

        def chosen(index: int | None) -> None:
            if not screen_is_live(self) or self.table.state is not state:
                return  # the game closed or moved on while the list was open
            if index is not None and 0 <= index < len(entries):
                self._carry_out(entries[index])

        if self.is_active:  # one list at a time, never over another screen
            self.app.push_screen(ChoiceScreen(title, labels), chosen)

    def _offer_actions(self, title: str, actions: list[Action]) -> None:
        self._offer(title, [Entry(action) for action in actions])

    def _choose_hand(self, index: Cell) -> None:
        assert isinstance(index, int)
        self.action_pick_token(index)

    def _not_your_turn(self) -> None:
        seat = self.table.seat_to_move()
        if seat is None:
            self.show_error("The game is over.")
        else:
            self.show_error(f"It is {seat.name}'s decision now.")

    # --- actions (keys) -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys show only when they apply to the pending decision."""
        if action == "og":
            return self.command_state(str(parameters[0]))
        if action == "cancel":
            return self.deciding() and self.pick.half_made
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
        legal = self.table.legal_actions()
        if command == "pass":
            self._pass(legal)
        elif command in ("oyster", "done", "skip", "release"):
            self.play((command,))
        elif command == "treasure":
            acts = [a for a in legal if a[0] == "treasure"]
            self._offer_actions("Treasure chest: how many pearls, keep or sell?", acts)
        elif command == "discard":
            token = self.pick.token or ""
            self.play(("discard", token))
        elif command == "token":
            acts = token_actions(legal, self.pick.token or "")
            if acts:
                self.play(acts[0])
        elif command == "mimic":
            acts = [a for a in legal if a[0] == "mimic"]
            self._offer_actions("Declare a mimic octopus (once, for good)", acts)
        elif command == "choices":
            self._offer_actions(f"Every choice: {self.table.state.decision.prompt}", legal)  # type: ignore[union-attr]
        elif command == "cancel":
            self.action_cancel()

    def _pass(self, legal: list[Action]) -> None:
        if self.pick.passing:
            self._set_pick(self.pick.cancelled())
        elif ("pass",) in legal:
            self.play(("pass",))
        elif any(a[0] == "pass" for a in legal):
            self._set_pick(Pick(token=self.pick.token, passing=True))
            self.market_board.focus()
            _cursor_to_nearest(self.market_board, self.targets.market_legal)
        else:
            self.play(("pass",))

    def action_help(self) -> None:
        """The rules of Octopus's Garden and every key of this screen (not while this screen is
        covered: a burst of ``?`` opens one help screen)."""
        if self.is_active:
            self.app.push_screen(HelpScreen([self.table.game.spec], KEY_HELP))

    def action_cancel(self) -> None:
        """Esc: drop the half-made choice (the origin of a move, the tile to return)."""
        if self.pick.half_made:
            self._set_pick(self.pick.cancelled())

    def action_pick_token(self, index: int) -> None:
        """Choose the ``index``-th token of the hand as the next one to plant."""
        if not self.deciding() or not 0 <= index < len(self._hand_codes):
            return
        code = self._hand_codes[index]
        self._hand_index = index
        self._set_pick(Pick(token=NAMES[code]))
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
        if self.market_board.has_focus:
            self.garden_board.focus()
            _cursor_to_nearest(self.garden_board, self.targets.garden_legal)
        else:
            self.market_board.focus()
            _cursor_to_nearest(self.market_board, self.targets.market_legal)

    # --- painters -----------------------------------------------------------------------------

    def _paint_market(self, key: Cell) -> CellPaint:
        state = self.state
        if isinstance(key, tuple):
            axis, number = key
            return CellPaint(handle_text(state, axis, number, self.ascii_mode), "accent")
        assert isinstance(key, int)
        code = state.market[key]
        return CellPaint(market_cell(state, key, self.roomy, self.ascii_mode), token_role(code))

    def _paint_garden(self, key: Cell) -> CellPaint:
        assert isinstance(key, int)
        stack = self.state.gardens[self.big_seat()][key]
        text = garden_cell(stack, key, self.roomy, self.ascii_mode)
        if key == self.pick.origin:
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


# --- helpers ----------------------------------------------------------------------------------


def _cursor_to_nearest(board: BoardGrid, cells: set[Any]) -> None:
    """Move the board's cursor to the place of ``cells`` nearest to it (unless it is on one)."""
    target = nearest_cell(board.board_layout, board.cursor, cells)
    if target is not None and target != board.cursor:
        board.move_cursor_to(target)
