"""The Seabed Neighbours game screen.

What it shows: the seascape centred on the board area, on a scrollable map that grows in every
direction (each tile a small picture of its reefs, seaweed and seabed with the creatures, fish
and clams on it and the teams' flags and palaces, see :mod:`.paint`; the free places beside it
as ``+``, open water between them blank: the arrow keys move the cursor one place at a time;
compact tiles at 80x24, bigger ones from :attr:`SeabedScreen.ROOMY_SIZE` on), a status line
(whose turn, which tile of it and with which team, the piles), the tiles in hand with their
title and the commands that apply now (clickable), and an info line describing the place under
the cursor and what Enter does there (two lines high, so the whole of it shows at 80 columns;
anything longer ends in ``…``, whole in its tooltip). The status line and the hand's title take
shorter forms rather than being cut (long names: the team by its number, whose turn left to the
player panel and the prompt). The base :class:`~gardens_tui.ui.screens.game_base.GameScreen`
adds the players (each with the team it forms with its right-hand neighbour: points, flags and
palaces at hand), the log (who placed what and who scored what), the prompt and the footer.

How a decision is made (keyboard or mouse):

- Laying a tile (``place``; ``propose`` and ``counter`` under propose and veto): choose one of
  the drawn tiles (``1`` / ``2``, ``]``, the hand board or a click); the places where it fits
  light up and the cursor goes to the nearest; the tile is previewed at the cursor turned as
  it would lie (the first turn that fits there; ``r`` turns it through the others); Enter or
  a click lays (or proposes) it there.
- The flag step: the tiles that may take a flag or palace light up (the one just placed, the
  team's previous one); Enter or a click on one lists its choices by segment name (``f`` lists
  all of them); ``p`` passes. The whirlpool's return works the same way.
- Propose and veto: the proposal (and after a veto both) are drawn on the map on the preview's
  background; ``y`` accepts, ``n`` vetoes, ``m`` / ``t`` choose mine or theirs.

The flag step's list (Enter on a lit tile, or ``f``) ends with "no flag or palace", which
``p`` chooses inside the list too (:mod:`.flag_list`). While others place, the view scrolls to
each tile laid. The end screen shows the teams' piles by category first, then each player's
sum of their two teams (:mod:`.end`).

When a placement completes a streak or a reef, its characters are drawn bold and underlined
until the next tile is laid (the log says who scored what). The screen never decides a rule: it
offers what its seat view's ``legal_actions`` lists and plays through :meth:`GameScreen.play`; a
place without a legal action is tried anyway so the engine's refusal appears in the prompt line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Container, Horizontal
from textual.content import Content
from textual.widgets import Static

from gardens_tui.rules.base import Action, GameState
from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import MAX_AREAS, REEF, STREAK, TYPES, describe
from gardens_tui.rules.words import possessive
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens import register_screen
from gardens_tui.ui.screens.end import EndScreen
from gardens_tui.ui.screens.game_base import GameScreen, xy_place
from gardens_tui.ui.screens.help import HelpScreen
from gardens_tui.ui.screens.modal import screen_is_live
from gardens_tui.ui.screens.seabed.board import SbBoard
from gardens_tui.ui.screens.seabed.end import SeabedEndScreen
from gardens_tui.ui.screens.seabed.flag_list import FlagChoiceScreen
from gardens_tui.ui.screens.seabed.keys import BINDINGS, KEY_HELP, command_lines
from gardens_tui.ui.screens.seabed.layouts import hand_layout, sea_cells, sea_layout
from gardens_tui.ui.screens.seabed.paint import (
    area_pieces,
    checker_role,
    hand_paint,
    place_paint,
    tile_paint,
    water_paint,
)
from gardens_tui.ui.screens.seabed.picker import (
    fitting_turn,
    next_turn,
    piece_cells,
    place_verb,
    placements,
    slots,
)
from gardens_tui.ui.screens.seabed.texts import (
    effect_words,
    feature_words,
    legend_rows,
    panel_lines,
    segment_name,
    status_line,
    team_number,
    tile_words,
)
from gardens_tui.ui.widgets.action_picker_ui import command_lines_content
from gardens_tui.ui.widgets.board_grid import BoardGrid, CellPaint
from gardens_tui.ui.widgets.board_layout import Cell, nearest_cell
from gardens_tui.ui.widgets.prompt import clamp_lines
from gardens_tui.ui.widgets.steady import SteadyStatic

SEA = "sb-sea"
HAND = "sb-hand"

SIDE_WIDTH = 32
"""The player panel and log column's width."""

INFO_LINES = 2
"""Lines of the info line under the hand: what Enter does at the cursor (the placement and
what it completes, a tile's flags and palaces) wraps onto the second line at 80 columns
rather than being cut."""

PLACING = ("place", "propose", "counter")
"""The decisions that lay (or propose) a tile."""

Grid = tuple[int, int]


@register_screen("seabed-neighbours")
class SeabedScreen(GameScreen):
    """The Seabed Neighbours screen (see the module docstring for the layout and the keys)."""

    BINDINGS: ClassVar[list[BindingType]] = BINDINGS

    ROOMY_SIZE = (100, 30)

    DEFAULT_CSS = f"""
    SeabedScreen #game-main {{ width: 1fr; padding: 0 0 0 1; align: left top; }}
    SeabedScreen #game-side {{ width: {SIDE_WIDTH}; }}
    SeabedScreen #sb-sea-box {{ height: 1fr; width: 100%; align: center middle; }}
    SeabedScreen #sb-sea {{ width: auto; height: auto; max-width: 100%; max-height: 100%; }}
    SeabedScreen #sb-status {{ height: 1; width: 100%; color: $foreground-muted; }}
    SeabedScreen #sb-hand-title {{ height: 1; width: 100%; text-style: bold; }}
    SeabedScreen #sb-hand-row {{ height: 3; width: 100%; }}
    SeabedScreen #sb-hand {{ width: 17; height: 3; }}
    SeabedScreen #sb-actions {{ width: 1fr; height: 3; padding: 0 0 0 2; }}
    SeabedScreen #sb-info {{ height: {INFO_LINES}; width: 100%; color: $foreground-muted; }}
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slot: int | None = None
        """The hand tile chosen to lay (1-based), or ``None``."""
        self.rotation = 0
        """The turn of the tile in hand, in degrees clockwise."""
        self.flash: dict[Grid, frozenset[int]] = {}
        """Per tile, the areas of the features the last placement completed (drawn bold and
        underlined until the next tile is laid)."""
        self._legal_view: object = None
        self._legal: Sequence[Action] = ()
        self._drawn_view: object = None
        self._focused_view: object = None
        self._prev_board: dict[Grid, int] = {}
        self._last_move: frozenset[Cell] = frozenset()
        self._index: dict[Grid, int] = {}
        self._info_text = ""

    # --- composing ----------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The seascape (centred in its box), the status line, the hand's title, the hand with
        the commands beside it, the info line."""
        with Container(id="sb-sea-box"):
            yield SbBoard(sea_layout([], self.roomy), self._paint_sea, id=SEA)
        yield SteadyStatic(id="sb-status", markup=False)
        yield SteadyStatic(id="sb-hand-title", markup=False)
        with Horizontal(id="sb-hand-row"):
            yield SbBoard(hand_layout(2), self._paint_hand, id=HAND)
            yield SteadyStatic(id="sb-actions")
        yield SteadyStatic(id="sb-info", markup=False)

    @property
    def sea(self) -> SbBoard:
        """The seascape board."""
        return self.query_one(f"#{SEA}", SbBoard)

    @property
    def hand_board(self) -> SbBoard:
        """The hand board."""
        return self.query_one(f"#{HAND}", SbBoard)

    @property
    def state(self) -> SeabedState:
        """The position as the keyboard's seat may see it (the seat view's)."""
        state = self.seat_view.view()
        assert isinstance(state, SeabedState)
        return state

    def on_mount(self) -> None:
        """Follow the board cursors (the preview, the turn and the info line follow them); the
        seascape starts with the focus."""
        self.watch(self.sea, "cursor", self._sea_cursor_moved, init=False)
        self.watch(self.hand_board, "cursor", self._hand_cursor_moved, init=False)
        self.sea.focus()

    def relayout(self, roomy: bool) -> None:
        """The seascape's tiles: compact or roomy."""
        sea = self.sea
        sea.set_layout(sea_layout(list(sea.board_layout.cells), roomy))  # type: ignore[arg-type]

    # --- whose turn, which decision -----------------------------------------------------------

    def deciding(self) -> bool:
        """A human decides now at this keyboard."""
        return self.human_to_move() and not self.state.over

    def phase(self) -> str:
        """The pending decision's kind (``"over"`` at the end)."""
        return self.state.phase

    def placing(self) -> bool:
        """A person here lays (or proposes) a tile now."""
        return self.deciding() and self.phase() in PLACING

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

    def hand(self) -> list[int]:
        """The tiles to choose among (type ids): the two drawn tiles, or the clam tile."""
        state = self.state
        return [] if state.over else list(state.choosable())

    def places(self) -> dict[Grid, list[int]]:
        """Where the chosen tile fits now, with its turns (empty unless a person lays one)."""
        if not self.placing() or self.slot is None:
            return {}
        return placements(self.legal(), self.slot)

    def piece_places(self) -> dict[Grid, list[Action]]:
        """The tiles a flag, palace or the whirlpool's return may name now."""
        if not self.deciding() or self.phase() not in ("flag", "whirlpool"):
            return {}
        return piece_cells(self.legal())

    def panel_extras(self, view: GameState, seat: int) -> Sequence[str]:
        """Under each seat: its team with its right-hand neighbour (points, flags, palaces)."""
        return panel_lines(view, seat) if isinstance(view, SeabedState) else ()

    def prompt_text(self) -> str:
        """The base prompt, with the keys of the decision for the person deciding."""
        text = super().prompt_text()
        if not self.deciding():
            return text
        hints = {
            "place": "r turns, Enter lays",
            "propose": "r turns, Enter proposes",
            "counter": "r turns, Enter proposes",
            "answer": "y accepts, n vetoes",
            "pick": "m: mine, t: theirs",
            "flag": "Enter or f lists, p: none",
            "whirlpool": "Enter or f lists",
        }.get(self.phase(), "")
        return f"{text} ({hints})" if hints else text

    # --- redrawing ----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Redraw everything from the seat view (called by the base after every change)."""
        if not self.children:
            return  # not composed yet
        state = self.state
        if state is not self._drawn_view:
            self._drawn_view = state
            self._index = {cell: i for i, cell in enumerate(state.cells)}
            self._new_layouts(state)
            self._new_decision()
        hand = self.hand()
        if len(self.hand_board.board_layout.cells) != max(len(hand), 1):
            self.hand_board.set_layout(hand_layout(len(hand)))
        self.sea.repaint_cells()
        self.hand_board.repaint_cells()
        self._light()
        self._draw_lines()
        self._auto_focus()

    def _new_decision(self) -> None:
        """A new position: keep the chosen tile if it still has places, else choose the first
        that has; the turn fits the place under the cursor."""
        legal = self.legal()
        choosable = slots(legal) if self.placing() else []
        if self.slot not in choosable:
            self.slot = choosable[0] if choosable else None
            self.rotation = 0

    def _new_layouts(self, state: SeabedState) -> None:
        cells = sea_cells(set(state.board) | set(state.need))
        sea = self.sea
        if set(sea.board_layout.cells) != set(cells):
            sea.set_layout(sea_layout(cells, self.roomy))
            if sea.cursor is None or sea.cursor not in sea.board_layout:
                sea.move_cursor_to((0, 0))
        new = [c for c in state.board if c not in self._prev_board]
        if new and self._prev_board:
            self._last_move = frozenset(new)
        elif not self._prev_board or len(state.board) < len(self._prev_board):
            self._last_move = frozenset(state.cells[-1:])  # a new game, a load, an undo
        if new or len(state.board) != len(self._prev_board):
            # Kept through the flag step; the next tile (or an undo) replaces it.
            self.flash = completed_by(state, new if self._prev_board else [])
        self._prev_board = dict(state.board)
        sea.set_last_move(self._last_move)
        if new and not self.deciding():
            self.follow_play(new)

    def follow_play(self, cells: Sequence[Grid]) -> None:
        """Scroll the seascape so the tiles just laid (and the free places around them) are in
        view: the view follows the play while others place (a person's own decisions move the
        cursor, which the view follows anyway)."""
        sea = self.sea
        layout = sea.board_layout
        regions = [layout.cells[c] for c in cells if c in layout.cells]
        if not regions:
            return
        region = regions[0]
        for other in regions[1:]:
            region = region.union(other)
        pad_x = getattr(layout, "pitch_x", region.width)
        pad_y = getattr(layout, "pitch_y", region.height)
        sea.scroll_to_region(region.grow((pad_y, pad_x, pad_y, pad_x)), animate=False)

    def _lit(self) -> frozenset[Cell]:
        """The seascape cells to light: where the chosen tile fits, the tiles a flag, palace
        or return may name, or the proposals on the table (for everybody to see)."""
        phase = self.phase()
        if self.placing():
            return frozenset(self.places())
        if phase in ("flag", "whirlpool") and self.deciding():
            return frozenset(self.piece_places())
        if phase in ("answer", "pick"):
            state = self.state
            return frozenset((p[1], p[2]) for p in (state.proposal, state.counter) if p is not None)
        return frozenset()

    def _light(self) -> None:
        lit = self._lit() if self.show_legal() else frozenset()
        self.sea.set_legal(lit)
        chosen = [(self.slot - 1, 0)] if self.slot is not None and self.placing() else []
        self.hand_board.set_legal(chosen)

    def _draw_lines(self) -> None:
        state = self.state
        sep = " | " if self.ascii_mode else " · "
        width = self.line_width()
        status = status_line(state, sep, width)
        self.query_one("#sb-status", Static).update(literal(status, cut=True))
        title = self.hand_title(sep)
        if len(title) > width:
            title = self.hand_title(sep, named=False)  # the panel names the team's players
        self.query_one("#sb-hand-title", Static).update(literal(title, cut=True))
        lines = (
            command_lines(
                self.phase(), self.placing(), roomy=self.roomy, ascii_mode=self.ascii_mode
            )
            if self.deciding()
            else []
        )
        content = command_lines_content(lines, action="sb", ascii_mode=self.ascii_mode)
        self.query_one("#sb-actions", Static).update(Content("\n").join(content))
        self._draw_info()

    def line_width(self) -> int:
        """The width of the lines under the seascape (status, hand title, info)."""
        width = self.query_one("#sb-status", Static).content_size.width
        return width or max(self.app.size.width - SIDE_WIDTH - 1, 20)  # the left padding

    def hand_title(self, sep: str = " · ", *, named: bool = True) -> str:
        """The line above the hand: the step of the turn, for which team (``named``: its
        number and its players' names, else its number only), the tile chosen (its slot and
        turn) or the proposals on the table, each named by who made it (the same words for
        every seat and spectator)."""
        state = self.state
        if state.over:
            return "The seabed is complete."
        team = team_number(state.team)
        if named:
            team += f" {state.team_name(state.team)}"
        phase = state.phase
        if phase == "flag":
            return f"Flag or palace for {team} (lit tiles)"
        if phase == "whirlpool":
            return f"Whirlpool: {team} takes back one of its flags"
        hand = self.hand()
        if state.clam >= 0:
            head = f"Clam tile for {team}"
        else:
            head = f"{'Tiles 1, 2' if len(hand) > 1 else 'Tile'} for {team}"
        parts = [head]
        if phase in ("answer", "pick") and state.proposal is not None:
            # Named, not "mine" / "theirs": every seat at a networked table reads this line.
            proposer = state.players[state.active]
            if state.counter is None:
                parts = [f"{team}: {proposer} proposes {placement_words(state.proposal)}"]
            else:
                partner = state.players[state.partner()]
                parts = [
                    f"{team_number(state.team)}: {possessive(proposer)} "
                    f"{placement_words(state.proposal)}",
                    f"{possessive(partner)} {placement_words(state.counter)}",
                ]
        elif self.placing() and self.slot is not None and 0 < self.slot <= len(hand):
            parts.append(f"tile {self.slot} chosen")
        if phase == "counter" and state.proposal is not None:
            parts.append(f"vetoed {placement_words(state.proposal)}")
        return sep.join(parts)

    # --- the cursor and the info line ---------------------------------------------------------

    def _sea_cursor_moved(self, old: Cell | None, new: Cell | None) -> None:
        """The preview follows the cursor, turned to fit where the cursor is (only the two
        cells and the info line are redrawn: the hand shows its tiles as drawn)."""
        if self.placing() and self.slot is not None:
            turns = self.places().get(new, []) if isinstance(new, tuple) else []
            self.rotation = fitting_turn(turns, self.rotation)
            self.sea.repaint_cells([c for c in (old, new) if c is not None])
        self._draw_info()

    def _hand_cursor_moved(self) -> None:
        """On the hand (with the focus, a tile to lay): the tile under the cursor is chosen."""
        cursor = self.hand_board.cursor
        if (
            self.hand_board.has_focus
            and self.placing()
            and isinstance(cursor, tuple)
            and cursor[0] + 1 in slots(self.legal())
            and self.slot != cursor[0] + 1
        ):
            self.slot, self.rotation = cursor[0] + 1, 0
            self.redraw()
            return
        self._draw_info()

    def _draw_info(self) -> None:
        if not self.children:
            return
        info = self.describe_place()
        if info != self._info_text:
            self._info_text = info
            shown = clamp_lines(info, self.line_width(), INFO_LINES, ascii_mode=self.ascii_mode)
            line = self.query_one("#sb-info", Static)
            line.tooltip = literal(info) if shown != info else None
            line.update(literal(shown), layout=False)

    def describe_place(self) -> str:
        """The info line: the tile or place under the seascape cursor (or the hand tile under
        the hand's cursor) and what Enter does there."""
        state = self.state
        if self.hand_board.has_focus:
            cursor = self.hand_board.cursor
            hand = self.hand()
            if not isinstance(cursor, tuple) or not 0 <= cursor[0] < len(hand):
                return ""
            kind = hand[cursor[0]]
            effect = effect_words(kind)
            text = f"{cursor[0] + 1}: {describe(kind)}" + (f" - {effect}" if effect else "")
            if self.placing():
                has = cursor[0] + 1 in slots(self.legal())
                text += " - Enter: choose it" if has else " - fits nowhere"
            return text
        cursor = self.sea.cursor
        if not isinstance(cursor, tuple):
            return ""
        x, y = cursor
        code = state.board.get((x, y))
        if code is not None:
            return f"{x},{y}: {self._tile_text((x, y), code)}"
        if (x, y) not in state.need:
            return f"{x},{y}: open water - tiles go on the free places (+)"
        text = f"{x},{y}: free place"
        proposed = "" if self.placing() else self.proposal_words((x, y))
        if proposed:
            return f"{x},{y}: {proposed}"
        if not self.placing() or self.slot is None:
            return text
        turns = self.places().get((x, y), [])
        verb = place_verb(self.legal()) or "place"
        if self.rotation in turns:
            words = self.describe((verb, self.slot, x, y, self.rotation))
            return f"{x},{y}: Enter: {words}"
        if turns:
            return f"{text} - fits turned: press r"
        return f"{text} - tile {self.slot} does not fit here"

    def proposal_words(self, cell: Grid) -> str:
        """The proposal (or counter-proposal) drawn at ``cell`` in words, with its key."""
        state = self.state
        hand = self.hand()
        for proposal, whose, key in (
            (state.proposal, state.players[state.active], "m chooses it"),
            (state.counter, state.players[state.partner()], "t chooses it"),
        ):
            if proposal is None or (proposal[1], proposal[2]) != cell:
                continue
            slot, _, _, degrees = proposal
            if not 0 < slot <= len(hand):
                continue
            words = (
                f"{possessive(whose)} proposal: {tile_words(hand[slot - 1] * 4 + degrees // 90)}"
            )
            if self.deciding() and state.phase in ("answer", "pick"):
                words += " - " + ("y accepts, n vetoes" if state.phase == "answer" else key)
            return words
        return ""

    def _tile_text(self, cell: Grid, code: int) -> str:
        """A placed tile in words: its description, flags and palaces on it, what Enter does."""
        state = self.state
        text = tile_words(code)
        effect = effect_words(code >> 2)
        if effect:
            text += f" - {effect}"
        index = self._index.get(cell)
        if index is not None:
            areas = len(TYPES[code >> 2].areas)
            for area, what, team in area_pieces(state.flags, index * MAX_AREAS, areas):
                text += f"; {what} {team_number(team)} on {segment_name(code, area)}"
        if cell in self.piece_places():
            verb = "take back a flag" if self.phase() == "whirlpool" else "flag or palace here"
            text = f"Enter: {verb} - {text}"
        return text

    # --- painters -----------------------------------------------------------------------------

    def preview_code(self, cell: Grid) -> int | None:
        """The tile drawn over the free place ``cell``: the tile in hand under the cursor (as
        turned now; over a vetoed proposal too), or a proposal on the table."""
        state = self.state
        hand = self.hand()
        if (
            self.placing()
            and self.slot is not None
            and cell == self.sea.cursor
            and 0 < self.slot <= len(hand)
        ):
            return hand[self.slot - 1] * 4 + self.rotation // 90
        for proposal in (state.proposal, state.counter):
            if proposal is not None and (proposal[1], proposal[2]) == cell:
                slot, _, _, degrees = proposal
                if 0 < slot <= len(hand):
                    return hand[slot - 1] * 4 + degrees // 90
        return None

    def point_at(self, places: Sequence[str]) -> frozenset[str]:
        """Point at a lesson's places: seascape cells (``0,-1``) and the hand's tiles
        (``tile 1``)."""
        layout = self.sea.board_layout
        size = len(self.hand())
        sea: set[Cell] = set()
        tiles: set[Cell] = set()
        pointed = set()
        for name in places:
            cell = xy_place(name)
            slot = name.removeprefix("tile ")
            if cell is not None and cell in layout:
                sea.add(cell)
            elif slot != name and slot.isdigit() and 1 <= int(slot) <= size:
                tiles.add((int(slot) - 1, 0))
            else:
                continue
            pointed.add(name)
        self.sea.set_pointed(sea)
        self.hand_board.set_pointed(tiles)
        return frozenset(pointed)

    def _paint_sea(self, key: Cell) -> CellPaint:
        assert isinstance(key, tuple)
        state = self.state
        cell = (int(key[0]), int(key[1]))
        code = state.board.get(cell)
        roomy = self.roomy
        if code is None:
            if cell not in state.need:
                return water_paint(roomy)
            preview = self.preview_code(cell)
            if preview is not None:
                return tile_paint(preview, roomy=roomy, role="sb-preview")
            return place_paint(roomy)
        index = self._index.get(cell, -1)
        areas = len(TYPES[code >> 2].areas)
        pieces = area_pieces(state.flags, index * MAX_AREAS, areas) if index >= 0 else []
        return tile_paint(
            code,
            roomy=roomy,
            role=checker_role(cell),
            pieces=pieces,
            done=self.flash.get(cell, frozenset()),
        )

    def _paint_hand(self, key: Cell) -> CellPaint:
        assert isinstance(key, tuple)
        hand = self.hand()
        index = int(key[0])
        if not 0 <= index < len(hand):
            return CellPaint("", "sb-place")
        chosen = self.placing() and self.slot == index + 1
        return hand_paint(hand[index] * 4, roomy=False, chosen=chosen)

    # --- focus --------------------------------------------------------------------------------

    def _auto_focus(self) -> None:
        """On a new decision for a person here, put the seascape cursor where it matters: the
        nearest lit place, or the proposal."""
        state = self.state
        if state is self._focused_view or not self.deciding() or not screen_is_live(self):
            return
        self._focused_view = state
        sea = self.sea
        if not self.hand_board.has_focus:
            sea.focus()
        targets: list[Cell] = list(self._lit())
        if self.phase() == "flag" and state.just in targets:
            targets = [state.just]
        elif self.phase() in ("answer", "pick"):
            targets = [(p[1], p[2]) for p in (state.proposal, state.counter) if p is not None]
        target = nearest_cell(sea.board_layout, sea.cursor, targets)
        if target is not None and target != sea.cursor:
            sea.move_cursor_to(target)
        self._sea_cursor_moved(None, sea.cursor)

    # --- choosing -----------------------------------------------------------------------------

    def on_board_grid_cell_selected(self, event: BoardGrid.CellSelected) -> None:
        """A place or a hand tile was chosen (ignored while another screen is on top)."""
        event.stop()
        if not self.is_active or not isinstance(event.cell, tuple):
            return
        if event.board.id == HAND:
            self.action_pick(int(event.cell[0]) + 1)
        elif event.board.id == SEA:
            self.choose_place((int(event.cell[0]), int(event.cell[1])))

    def choose_place(self, cell: Grid) -> None:
        """Enter or a click on the seascape: lay the tile in hand there as previewed; in the
        flag step (or the whirlpool's) list the choices on that tile."""
        if not self.deciding():
            self._not_your_turn()
            return
        phase = self.phase()
        if phase in ("flag", "whirlpool"):
            actions = self.piece_places().get(cell, [])
            if not actions:
                what = "take back a flag" if phase == "whirlpool" else "a flag or a palace"
                if phase == "flag":
                    self.show_error(f"No {what} on that tile: choose a lit tile, or p for none")
                else:
                    self.show_error("Whirlpool: choose a lit tile holding your team's flag")
                return
            if len(actions) == 1 and phase == "whirlpool":
                self.play(actions[0])
                return
            title = (
                "Whirlpool: which flag goes home?"
                if phase == "whirlpool"
                else (f"Flag or palace on {cell[0]},{cell[1]}? (p: none)")
            )
            self._offer(title, actions)
            return
        if phase in ("answer", "pick"):
            keys = "y accepts, n vetoes" if phase == "answer" else "m: mine, t: theirs"
            self.show_error(f"Nothing to lay now: {keys}")
            return
        if cell in self.state.board:
            self.show_error("A tile lies there already: choose a free place (+)")
            return
        if self.slot is None:
            self.show_error("Choose a tile first (1 or 2)")
            return
        verb = place_verb(self.legal()) or ("propose" if phase != "place" else "place")
        self.play((verb, self.slot, cell[0], cell[1], self.rotation))

    def action_pick(self, slot: int) -> None:
        """Choose hand tile ``slot`` (1-based) to lay."""
        if not self.placing():
            self._not_your_turn() if not self.deciding() else self.show_error(
                "No tile to choose now: see the prompt"
            )
            return
        hand = self.hand()
        if not 0 < slot <= len(hand):
            self.show_error(f"There is no tile {slot} to choose")
            return
        if slot not in slots(self.legal()):
            # The engine says why (the other tile must be laid first, or it fits nowhere).
            cell = next(iter(self.state.need), (0, 1))
            self.play((place_verb(self.legal()) or "place", slot, cell[0], cell[1], 0))
            return
        if self.slot != slot:
            self.slot, self.rotation = slot, 0
        self.redraw()
        self.hand_board.move_cursor_to((slot - 1, 0))
        self._cursor_to_place()

    def action_cycle(self) -> None:
        """``]`` / ``[``: choose the other tile."""
        hand = self.hand()
        if not self.placing() or len(hand) < 2:
            self.show_error("No other tile to choose now")
            return
        self.action_pick(1 if self.slot == 2 else 2)

    def _cursor_to_place(self) -> None:
        """Move the seascape cursor to the nearest lit place (the seascape takes the focus)."""
        sea = self.sea
        target = nearest_cell(sea.board_layout, sea.cursor, list(self.places()))
        sea.focus()
        if target is not None and target != sea.cursor:
            sea.move_cursor_to(target)
        else:
            self._sea_cursor_moved(None, sea.cursor)

    def action_turn(self) -> None:
        """``r``: turn the tile in hand a quarter clockwise (on a lit place: to the next turn
        that fits there)."""
        if not self.placing() or self.slot is None:
            self.show_error("No tile to turn now")
            return
        cursor = self.sea.cursor
        turns = self.places().get(cursor, []) if isinstance(cursor, tuple) else []
        self.rotation = next_turn(turns, self.rotation)
        if isinstance(cursor, tuple):
            self.sea.repaint_cells([cursor])
        self._draw_info()

    def action_switch(self) -> None:
        """Tab: switch between the seascape and the hand."""
        board = self.hand_board if self.sea.has_focus else self.sea
        board.focus()
        self._info_text = ""
        self._draw_info()

    def action_sb(self, command: str) -> None:
        """A command (a key or a click in the command list)."""
        if not self.deciding():
            self._not_your_turn()
            return
        legal = self.legal()
        if command == "turn":
            self.action_turn()
        elif command == "pass":
            self.action_pass_window()
        elif command in ("accept", "veto"):
            self.play((command,))
        elif command in ("mine", "theirs"):
            self.play(("choose", command))
        elif command in ("pieces", "returns"):
            actions = [a for a in legal if a[0] in ("flag", "palace", "return")]
            if not actions:
                self.show_error("No flag, palace or whirlpool choice now")
                return
            title = (
                "Whirlpool: which flag goes home?"
                if self.phase() == "whirlpool"
                else ("Flag or palace (p: none)")
            )
            self._offer(title, actions)
        elif command == "choices":
            decision = self.seat_view.decision()
            prompt = decision.prompt if decision is not None else ""
            self._offer(f"Every choice: {prompt}", list(legal))

    def _offer(self, title: str, actions: Sequence[Action]) -> None:
        """List ``actions`` in a :class:`ChoiceScreen`; play the one chosen (if the position is
        still the same). In the flag step the list is a :class:`FlagChoiceScreen`: it ends
        with "no flag or palace", which ``p`` chooses too."""
        labels = [self.label(a) for a in actions]
        if self.phase() != "flag" or not self.is_active:
            self.offer_choices(title, labels, lambda index: self.play(actions[index]))
            return
        listed = self.view_state
        choices = [*actions, ("pass",)]

        def chosen(index: int | None) -> None:
            if index is not None and 0 <= index < len(choices) and self.choice_still_stands(listed):
                self.play(choices[index])

        self.app.push_screen(FlagChoiceScreen(title, labels), chosen)

    def label(self, action: Action) -> str:
        """A choice in words: a flag, palace or return with the feature it names."""
        state = self.state
        if action[0] in ("flag", "palace", "return") and len(action) == 4:
            cell = (int(action[1]), int(action[2]))
            area = seascape.area_named(state, cell, str(action[3]))
            if area is not None:
                words = feature_words(state, cell, area)
                verb = {"flag": "flag", "palace": "palace", "return": "take back the flag"}[
                    str(action[0])
                ]
                return f"{verb} on {action[3]} at {cell[0]},{cell[1]}: {words}"
        return self.describe(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys show only while they apply to the pending decision."""
        if self.dismissed or not self.is_mounted:
            return False
        if action in ("turn", "pick", "cycle"):
            return self.placing() if action != "cycle" else self.placing() and len(self.hand()) > 1
        if action == "sb":
            command = str(parameters[0])
            phase = self.phase() if self.deciding() else ""
            if command == "choices":
                return self.deciding()
            if command in ("accept", "veto"):
                return phase == "answer"
            if command in ("mine", "theirs"):
                return phase == "pick"
            if command == "pieces":
                return phase in ("flag", "whirlpool")
            return self.deciding()
        return super().check_action(action, parameters)

    def _end_screen(self) -> EndScreen:
        """The shared end screen's choices with the teams first, then the players' sums
        (:class:`SeabedEndScreen`)."""
        end = super()._end_screen()
        return SeabedEndScreen(
            self.seat_view,
            ascii_mode=self.ascii_mode,
            replay=end.replay,
            rematch=end.rematch,
            review=end.review,
        )

    # --- help ---------------------------------------------------------------------------------

    def action_help(self) -> None:
        """The legend, every key of this screen and the rules."""
        if self.is_active:
            legend = legend_rows(self.ascii_mode)
            self.app.push_screen(
                HelpScreen([self.seat_view.game.spec], self.key_help(KEY_HELP), legend)
            )

    def action_legend(self) -> None:
        """What every glyph and colour on the seascape means (the help without the keys)."""
        if self.is_active:
            legend = legend_rows(self.ascii_mode)
            self.app.push_screen(HelpScreen([self.seat_view.game.spec], (), legend))


def placement_words(placement: tuple[int, int, int, int]) -> str:
    """A proposal in the notation's words: ``tile 1 at 3,-2 r90``."""
    slot, x, y, degrees = placement
    return f"tile {slot} at {x},{y} r{degrees}"


def completed_by(state: SeabedState, cells: Sequence[Grid]) -> dict[Grid, frozenset[int]]:
    """The streaks and reefs the tiles at ``cells`` (just placed) completed, as the areas of
    every tile they span."""
    roots: set[int] = set()
    for cell in cells:
        code = state.board.get(cell)
        if code is None or cell not in state.cells:
            continue
        for area in range(len(TYPES[code >> 2].areas)):
            info = seascape.feature_at(state, cell, area)
            if info.complete and info.kind in (STREAK, REEF):
                roots.add(info.id)
    if not roots:
        return {}
    out: dict[Grid, frozenset[int]] = {}
    for index, cell in enumerate(state.cells):
        code = state.board[cell]
        areas = frozenset(
            area
            for area in range(len(TYPES[code >> 2].areas))
            if seascape.find(state.parent, index * MAX_AREAS + area) in roots
        )
        if areas:
            out[cell] = areas
    return out
