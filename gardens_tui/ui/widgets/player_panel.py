"""The player panel: every seat's name, who is to move, bots, and the live provisional score.

The seats are laid out in columns at whatever width the panel has: the marker of the seat to
decide, the names, the bot levels, and the scores flush right (:class:`SeatColumns`). Under a
seat, a game may show a few short lines of its own (hand size, shields, flags: the screen's
``panel_extras``).

Everything comes from a seat view (:class:`~gardens_tui.seats.SeatView`): the scores are the
viewer's (a seat's own secret points shown to it, everybody's once the game is over).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from gardens_tui.bots import parse_bot
from gardens_tui.rules.base import GameState
from gardens_tui.seats import SeatView
from gardens_tui.ui.literal import literal
from gardens_tui.ui.widgets.glyphs import glyph
from gardens_tui.ui.widgets.steady import SteadyStatic

MIN_NAME = 4
"""Below this many cells for the names, bot labels lose their thinking budget, then their level
(:func:`shorter_labels`), to make room."""


def level_words(level: str) -> str:
    """A bot level string as the panel words it: ``greedy``; a search level with its own budget
    as ``strong 2s`` (``strong@2s``), ``expert 1.5s``, ``strong 5000it`` (iterations). A level
    string this version cannot read is shown as it is."""
    try:
        spec = parse_bot(level)
    except ValueError:
        return level
    if spec.seconds is not None:
        return f"{spec.level} {spec.seconds:g}s"
    if spec.iterations is not None:
        return f"{spec.level} {spec.iterations}it"
    return spec.level


def bot_label(level: str | None, ascii_mode: bool = False) -> str:
    """The bot column's text: ``⚙ greedy`` (ASCII ``# greedy``), ``⚙ strong 2s`` for a budget
    (:func:`level_words`) for a bot, ``""`` for a person.

    The space after the glyph keeps the level readable where a terminal draws ``⚙`` wide.
    """
    return "" if level is None else f"{glyph('bot', ascii_mode)} {level_words(level)}"


def shorter_labels(labels: Sequence[str]) -> list[list[str]]:
    """The bot column's forms to try, longest first: the :func:`bot_label` s as they are, then
    without their budget (``⚙ strong``), then the glyph alone (``⚙``)."""
    forms = [list(labels), [" ".join(label.split(" ")[:2]) for label in labels]]
    forms.append([label[:1] for label in labels])
    return [form for i, form in enumerate(forms) if i == 0 or form != forms[i - 1]]


def unrepeated(label: str, name: str) -> str:
    """``label`` without its level word when ``name`` already says it as a word: a generated
    name like ``Greedy bot 2`` needs no ``greedy`` beside it (``⚙``; a budget stays:
    ``⚙ 2s``). Any other label is returned as it is."""
    glyph_, _, rest = label.partition(" ")
    level, _, budget = rest.partition(" ")
    if not level or not re.search(rf"\b{re.escape(level)}\b", name, re.IGNORECASE):
        return label
    return f"{glyph_} {budget}" if budget else glyph_


PanelExtras = Callable[[GameState, int], Sequence[str]]
"""``extras(view, seat)``: the lines a game shows under ``seat`` in the panel, from the view."""

EXTRA_INDENT = 2
"""Extra lines start under the names."""


@dataclass(frozen=True)
class SeatRow:
    """One seat's cells: ``mark`` (one cell), ``name`` (styled), ``bot`` label and ``score``;
    ``extras`` are the game's lines under it (plain text, shown literally); ``note`` is a dim
    word after the name (`` (turn)``), kept whole when the name must be cut to fit."""

    mark: str
    name: Text
    bot: str
    score: str
    extras: tuple[str, ...] = ()
    note: str = ""


def middle_ellipsis(name: Text, width: int) -> Text:
    """``name`` in ``width`` cells, padded; a name too long keeps its start and its last few
    characters around a ``…`` (``Gre…ot 2``), so names that differ only at the end stay apart.
    The name's own style is kept."""
    plain = name.plain
    if cell_len(plain) <= width:
        fitted = name.copy()
        fitted.truncate(width, pad=True)
        return fitted
    tail_cells = min(4, max(0, (width - 1) // 2))
    tail = ""
    for char in reversed(plain):
        if cell_len(char + tail) > tail_cells:
            break
        tail = char + tail
    head = ""
    for char in plain:
        if cell_len(head + char) > width - 1 - cell_len(tail):
            break
        head += char
    fitted = Text(head + "…" + tail, style=name.style)
    fitted.truncate(width, pad=True)
    return fitted


def layout_rows(rows: Sequence[SeatRow], width: int) -> list[Text]:
    """``rows`` as lines of ``width`` cells, in columns.

    Each line is ``mark``, a space, the name padded to the longest name, a space, the bot label
    padded to the longest label (no column when no seat is a bot), then the score flush right.
    When a name would be cut, a bot whose name already says its level loses that word from its
    label first (:func:`unrepeated`: ``Greedy bot 2 ⚙``, not ``Gree…t 2 ⚙ greedy``).
    Names that do not fit end in ``…`` (or, when two would then look the same, lose their middle:
    :func:`middle_ellipsis`); when fewer than :data:`MIN_NAME` cells would be left for
    them, the bot labels shrink (:func:`shorter_labels`: without the budget, then the glyph
    only) until there are. A row's ``extras`` follow it,
    one line each, dim, under the name, ending in ``…`` where they do not fit.
    """
    if not rows:
        return []
    labels = [row.bot for row in rows]
    score_width = max(cell_len(row.score) for row in rows)
    longest_name = max(row.name.cell_len + cell_len(row.note) for row in rows)

    def name_room(labels: list[str]) -> int:
        bot_width = max(cell_len(label) for label in labels)
        return width - 2 - (bot_width + 1 if bot_width else 0) - 1 - score_width

    if name_room(labels) < longest_name:
        labels = [unrepeated(bot, row.name.plain) for bot, row in zip(labels, rows, strict=True)]
    forms = shorter_labels(labels)  # the longest form that leaves the names room
    bots = next((f for f in forms if name_room(f) >= min(MIN_NAME, longest_name)), forms[-1])
    bot_width = max(cell_len(label) for label in bots)
    name_width = max(1, min(longest_name, name_room(bots)))
    # A note stays whole while the name keeps a few cells beside it; the name is cut instead.
    notes = [row.note if cell_len(row.note) <= name_width - MIN_NAME else "" for row in rows]
    rooms = [name_width - cell_len(note) for note in notes]
    names = [row.name.copy() for row in rows]
    for name, room in zip(names, rooms, strict=True):
        name.truncate(room, overflow="ellipsis")
    if len({name.plain for name in names}) < len(names):
        # Cut short, two names would look the same ("Greedy b…" twice): keep their ends.
        names = [middle_ellipsis(row.name, room) for row, room in zip(rows, rooms, strict=True)]
    for name, note in zip(names, notes, strict=True):
        name.append(note, style="dim")
        name.truncate(name_width, overflow="ellipsis", pad=True)
    lines = []
    for row, label, name in zip(rows, bots, names, strict=True):
        line = Text(row.mark[:1].ljust(1))
        line.append(" ")
        line.append_text(name)
        if bot_width:
            line.append(" ")
            line.append(label.ljust(bot_width), style="dim")
        gap = max(1, width - line.cell_len - cell_len(row.score))
        line.append(" " * gap)
        line.append(row.score)
        lines.append(line)
        for extra in row.extras:
            text = literal(extra, "dim", newlines=False)
            text.truncate(max(1, width - EXTRA_INDENT), overflow="ellipsis")
            lines.append(Text(" " * EXTRA_INDENT) + text)
    return lines


class SeatColumns:
    """A Rich renderable of :class:`SeatRow` s laid out by :func:`layout_rows` at the width it
    is given."""

    def __init__(self, rows: Sequence[SeatRow], ascii_mode: bool = False) -> None:
        self.rows = tuple(rows)
        self.ascii_mode = ascii_mode

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """One line per seat, ``options.max_width`` wide (a cut name ends in ``.`` instead of
        ``…`` in ASCII mode)."""
        lines = layout_rows(self.rows, options.max_width)
        if self.ascii_mode:
            for line in lines:
                line.plain = line.plain.replace("…", ".")  # one cell for one: styles stay put
        yield Text("\n").join(lines)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """At least the marker, a name cell and the scores; at most everything side by side."""
        if not self.rows:
            return Measurement(0, 0)
        score_width = max(cell_len(row.score) for row in self.rows)
        bot_width = max(cell_len(row.bot) for row in self.rows)
        name_width = max(row.name.cell_len for row in self.rows)
        widest = 2 + name_width + (bot_width + 1 if bot_width else 0) + 1 + score_width
        return Measurement(min(widest, 4 + score_width), widest).clamp(max_width=options.max_width)


def seat_rows(
    seat_view: SeatView, ascii_mode: bool = False, extras: PanelExtras | None = None
) -> list[SeatRow]:
    """The seats of ``seat_view`` as :class:`SeatRow` s: ``▶`` (ASCII ``>``) at the seat to
    decide, shown bold; ``(turn)`` after the seat whose turn it is while another decides; the
    bot level; the total of :meth:`SeatView.scores`; ``extras(view, seat)`` under each seat.
    Names are shown literally."""
    view = seat_view.view()
    totals = seat_view.scores().totals()
    decision = seat_view.decision()
    deciding = None if decision is None else decision.seat
    rows = []
    for seat_index, seat in enumerate(seat_view.seats):
        mark = glyph("to-move", ascii_mode) if seat_index == deciding else " "
        name = literal(seat.name, "bold" if seat_index == deciding else "", newlines=False)
        turn = seat_index == view.active and seat_index != deciding and decision is not None
        note = " (turn)" if turn else ""
        lines = tuple(extras(view, seat_index)) if extras is not None else ()
        label = bot_label(seat.bot, ascii_mode)
        rows.append(SeatRow(mark, name, label, str(totals[seat_index]), lines, note))
    return rows


def panel_table(
    seat_view: SeatView, ascii_mode: bool = False, extras: PanelExtras | None = None
) -> SeatColumns:
    """:func:`seat_rows` as :class:`SeatColumns`."""
    return SeatColumns(seat_rows(seat_view, ascii_mode, extras), ascii_mode)


class PlayerPanel(SteadyStatic):
    """Seats in turn order with ``▶`` (ASCII ``>``) at the seat that must decide now, each seat's
    bot level, and its total from the seat view's scores (provisional until the game ends), in
    columns, with the game's extra lines under each seat (see :func:`seat_rows`); the bottom
    border says ``score so far`` or ``final``."""

    DEFAULT_CSS = """
    PlayerPanel {
        height: auto;
        border: round $border-blurred;
        border-title-color: $foreground-muted;
        border-subtitle-color: $foreground-muted;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = "players", ascii_mode: bool = False) -> None:
        super().__init__("", id=id)
        self.border_title = "Players"
        self.ascii_mode = ascii_mode
        self._shown: tuple[object, ...] | None = None

    def show(self, seat_view: SeatView, extras: PanelExtras | None = None) -> None:
        """Redraw from ``seat_view``, with ``extras(view, seat)`` under each seat (only when
        something shown changed)."""
        rows = seat_rows(seat_view, self.ascii_mode, extras)
        final = seat_view.decision() is None
        key = (tuple(rows), final, self.ascii_mode)
        if key == self._shown:
            return
        self._shown = key
        self.border_subtitle = "final" if final else "score so far"
        self.update(SeatColumns(rows, self.ascii_mode))
