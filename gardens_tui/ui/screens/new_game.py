"""The new-game dialog: game, seats (name, human or bot level), the game's options, a seed.

A seat played by a search level (``strong``, ``expert``) also shows its thinking time per
decision (:data:`THINK_CHOICES`: the level's usual time, shown with its seconds as ``usual 1 s``,
or 0.5 to 60 seconds); the seat's level string then carries it (``strong@2s``:
:func:`~gardens_tui.bots.parse_bot`). A budget the form does not list (from ``--players``,
``strong@1.5s`` or ``strong@5000`` iterations, in a rematch) is kept as an extra choice.

It returns a :class:`~gardens_tui.table.Setup` validated exactly as the command line validates
one: :func:`~gardens_tui.table.check_seats`, ``GameSpec.check_player_count`` and
``GameSpec.normalise_options``. Problems are shown inline and the dialog stays open.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from gardens_tui.bots import DEFAULT_LEVEL, LEVELS, SEARCH_LEVELS, BotSpec, parse_bot
from gardens_tui.bots.strong import LEVEL_BUDGETS
from gardens_tui.rules.base import GameSpec, OptionValue
from gardens_tui.rules.registry import game_specs
from gardens_tui.rules.rng import MAX_SEED
from gardens_tui.rules.safe_text import MAX_NAME_CELLS, normalise_name
from gardens_tui.table import Seat, Setup, check_seats
from gardens_tui.ui.ascii_mode import PlainTickBox as TickBox
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.modal import AppModal
from gardens_tui.ui.widgets.key_footer import KeyFooter
from gardens_tui.ui.widgets.safe_input import SafeInput
from gardens_tui.ui.widgets.steady import SteadyStatic

_SELECT_VALUE: Reactive[Any] = Select.value  # type: ignore[misc]  # generic class attribute
"""A select's ``value`` reactive, to redraw a select whose options were relabelled."""

NAME_FIELD_LENGTH = 4 * MAX_NAME_CELLS
"""Characters a name field holds: more than the name rule's 40 columns, so that a name of
combining letters (two or three code points a column) fits; the rule then checks the width."""

DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana")
HUMAN = "human"
KINDS: tuple[tuple[Text, str], ...] = (
    (literal("Human"), HUMAN),
    *((literal(f"Bot: {level}"), level) for level in LEVELS),
)


USUAL = ""
"""The thinking choice that gives a search level no budget of its own: its usual time."""

THINK_CHOICES: tuple[tuple[str, str], ...] = (
    ("usual", USUAL),
    ("0.5 s", "0.5s"),
    ("1 s", "1s"),
    ("2 s", "2s"),
    ("4 s", "4s"),
    ("10 s", "10s"),
    ("30 s", "30s"),
    ("60 s", "60s"),
)
"""``(label, budget)`` for a search level's thinking time: the budget is the part of the level
string after ``@`` (:func:`~gardens_tui.bots.parse_bot`); ``usual`` is the level's own time,
which the select shows with its figure (:func:`usual_label`)."""


def usual_label(level: str) -> str:
    """The ``usual`` choice's label for ``level``: ``usual 1 s`` for ``strong``, ``usual 4 s``
    for ``expert`` (the figures of :data:`~gardens_tui.bots.strong.LEVEL_BUDGETS`); plain
    ``usual`` for a level without a budget of its own."""
    budget = LEVEL_BUDGETS.get(level)
    if budget is None:
        return "usual"
    if budget.seconds is not None:
        return f"usual {budget.seconds:g} s"
    return f"usual {budget.iterations} it"


def budget_of(spec: BotSpec) -> str:
    """The budget part of ``spec``'s level string (after the ``@``), or :data:`USUAL`."""
    _, _, budget = spec.text.partition("@")
    return budget


def think_label(budget: str, level: str) -> str:
    """How the thinking select shows ``budget`` for a seat of ``level``: ``2 s`` for ``2s``,
    ``5000 it`` for iterations, the level's :func:`usual_label` for none."""
    if budget == USUAL:
        return usual_label(level)
    for label, value in THINK_CHOICES:
        if value == budget:
            return label
    return f"{budget[:-1]} s" if budget.endswith("s") else f"{budget} it"


def think_choices(budget: str, level: str) -> list[tuple[Text, str]]:
    """The thinking select's options for a seat of ``level``: :data:`THINK_CHOICES`, plus
    ``budget`` when it is not one of them (kept from the setup the form started from)."""
    values = [value for _, value in THINK_CHOICES]
    if budget not in values:
        values.append(budget)
    return [(literal(think_label(value, level)), value) for value in values]


def default_seats(count: int) -> list[Seat]:
    """Seat 1 a human, the others the default bot level, with distinct default names."""
    return [Seat(DEFAULT_NAMES[i], None if i == 0 else DEFAULT_LEVEL) for i in range(count)]


def fit_count(spec: GameSpec, count: int) -> int:
    """``count`` if ``spec`` allows that many players, else the nearest count it allows (the
    smaller one on a tie)."""
    return min(spec.counts, key=lambda allowed: (abs(allowed - count), allowed))


def parse_seed(text: str) -> int | None:
    """The seed typed (``None`` for blank: choose one at random); ``ValueError`` when it is not
    a whole number in ``0..MAX_SEED``."""
    text = text.strip()
    if not text:
        return None
    try:
        seed = int(text)
    except ValueError:
        raise ValueError("The seed must be a whole number (or blank for a random game).") from None
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"The seed must be between 0 and {MAX_SEED}.")
    return seed


def _widget_id(key: str) -> str:
    return "opt-" + "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in key)


class SeatRow(Horizontal):
    """One seat: its name, who plays it (human or a bot level) and, for a search level, how
    long it thinks (the thinking select, hidden for the other kinds)."""

    DEFAULT_CSS = """
    SeatRow .seat-think { width: 13; }
    """

    def __init__(self, index: int, seat: Seat) -> None:
        super().__init__(classes="seat-row", id=f"seat-{index}")
        self.index = index
        self.seat = seat
        try:
            self._spec: BotSpec | None = None if seat.bot is None else parse_bot(seat.bot)
        except ValueError:  # a level this version does not know: the form offers the default
            self._spec = BotSpec(DEFAULT_LEVEL)
        # the budget the seat came with stays a choice even where the form does not list it
        self._kept_budget = USUAL if self._spec is None else budget_of(self._spec)

    def compose(self) -> ComposeResult:
        """Label, name field, kind select and thinking select."""
        spec = self._spec
        budget = self._kept_budget
        yield Label(literal(f"Seat {self.index + 1}"), classes="seat-label")
        yield SafeInput(
            self.seat.name,
            placeholder="name",
            max_length=NAME_FIELD_LENGTH,
            classes="seat-name",
            compact=True,
        )
        yield Select(
            KINDS,
            value=HUMAN if spec is None else spec.level,
            allow_blank=False,
            classes="seat-kind",
            compact=True,
        )
        think = Select(
            think_choices(budget, DEFAULT_LEVEL if spec is None else spec.level),
            value=budget,
            allow_blank=False,
            classes="seat-think",
            compact=True,
        )
        think.tooltip = "How long this bot thinks about each decision"
        think.display = spec is not None and spec.level in SEARCH_LEVELS
        yield think

    @on(Select.Changed, ".seat-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        """Show the thinking select only for a search level, its ``usual`` choice labelled
        with that level's time (the choice made is kept)."""
        think = self.query_one(".seat-think", Select)
        think.display = event.value in SEARCH_LEVELS
        if isinstance(event.value, str) and event.value in SEARCH_LEVELS:
            budget = think.value
            think.set_options(think_choices(self._kept_budget, event.value))
            if budget != think.value:
                think.value = budget
            else:
                think.mutate_reactive(_SELECT_VALUE)  # the same choice: redraw its new label

    def read(self) -> Seat:
        """The seat as typed, its name in the form names are stored (NFC, no surrounding
        spaces: :func:`~gardens_tui.rules.safe_text.normalise_name`); a search level with a
        thinking time other than its usual one carries it (``strong@2s``)."""
        name = normalise_name(self.query_one(".seat-name", Input).value)
        kind = self.query_one(".seat-kind", Select).value
        if kind == HUMAN or not isinstance(kind, str):
            return Seat(name, None)
        budget = self.query_one(".seat-think", Select).value
        if kind in SEARCH_LEVELS and isinstance(budget, str) and budget != USUAL:
            return Seat(name, f"{kind}@{budget}")
        return Seat(name, kind)


class NewGameDialog(AppModal[Setup | None]):
    """Choose everything a new game needs; dismisses with the :class:`Setup` or ``None``.

    The dialog keeps its own footer (its keys) visible and scrolls its form inside when the
    terminal is short; every option's description is shown whole (wrapped).

    ``initial`` pre-fills the form (a rematch with the same seats and options; never its seed,
    so a new game is a new deal unless a seed is typed); ``seed_chooser`` picks the seed when
    the field is blank (the tests pass a fixed one). Refusals are shown
    literally (a refused name appears as typed, escaped); only the first Start or Cancel counts.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "start", "Start"),
    ]

    def __init__(
        self,
        initial: Setup | None = None,
        *,
        seed_chooser: Any = None,
    ) -> None:
        super().__init__(id="new-game")
        self._specs = game_specs()  # the games' specs only: no engine is imported to list them
        if not self._specs:
            raise RuntimeError("no games are registered")
        self.initial = initial
        known = initial is not None and initial.game in self._specs
        self.game_id = initial.game if initial is not None and known else next(iter(self._specs))
        self._seed_chooser = seed_chooser or (lambda: random.randrange(1 << 32))
        self._option_widgets: dict[str, Widget] = {}

    @property
    def spec(self) -> GameSpec:
        """The chosen game's spec."""
        return self._specs[self.game_id]

    # --- composing ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Game and player count, the seat rows, the options, the seed, errors and buttons."""
        spec = self.spec
        initial = self.initial
        count = fit_count(spec, len(initial.seats) if initial is not None else spec.counts[0])
        with Vertical(id="new-game-box", classes="dialog"):
            yield SteadyStatic("New game", classes="dialog-title")
            with VerticalScroll(id="new-game-form"):
                with Grid(classes="form", id="game-grid"):
                    yield Label("Game")
                    yield Select(
                        [(literal(game.title), gid) for gid, game in self._specs.items()],
                        value=self.game_id,
                        allow_blank=False,
                        id="game",
                        compact=True,
                    )
                    yield Label("Players")
                    yield Select(
                        self._count_choices(spec),
                        value=count,
                        allow_blank=False,
                        id="count",
                        compact=True,
                    )
                yield SteadyStatic(literal(spec.blurb), id="game-blurb", classes="hint")
                yield Vertical(id="seats")
                yield SteadyStatic("Options", classes="section-title")
                yield Grid(id="options", classes="form")
                with Grid(classes="form", id="seed-grid"):
                    yield Label("Seed")
                    # Never the last game's seed: "New game" deals anew unless one is typed.
                    yield SafeInput(
                        "",
                        placeholder="blank = random",
                        id="seed",
                        type="integer",
                        compact=True,
                    )
            yield SteadyStatic("", id="new-game-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
        yield KeyFooter()

    async def on_mount(self) -> None:
        """Fill in the seats and options of the chosen game."""
        seats = list(self.initial.seats) if self.initial is not None else None
        options = self.initial.options if self.initial is not None else None
        await self._build_seats(self._count(), seats)
        await self._build_options(options)
        self.query_one("#game", Select).focus()

    @staticmethod
    def _count_choices(spec: GameSpec) -> list[tuple[Text, int]]:
        """Only the player counts the game allows (``spec.counts``: it may skip some)."""
        return [(literal(str(n)), n) for n in spec.counts]

    def _count(self) -> int:
        value = self.query_one("#count", Select).value
        return value if isinstance(value, int) else self.spec.counts[0]

    def _current_seats(self) -> list[Seat]:
        return [row.read() for row in self.query(SeatRow)]

    async def _build_seats(self, count: int, seats: list[Seat] | None = None) -> None:
        """Show ``count`` seat rows: ``seats`` (filled up with defaults) in new rows, or without
        ``seats`` the rows shown now, kept as they are (their fields, their focus), with rows
        added or taken away at the end only. Rebuilding every row on a change of the player
        count took seconds, and keys typed meanwhile landed on rows about to be replaced."""
        container = self.query_one("#seats", Vertical)
        rows = list(self.query(SeatRow))
        if seats is None and len(rows) >= count:
            if len(rows) > count:
                await container.remove_children(rows[count:])
            return
        kept = rows if seats is None else []
        if seats is None:
            seats = [row.read() for row in rows]
        defaults = default_seats(count)
        used = {seat.name.casefold() for seat in seats[:count]}
        for index in range(len(seats), count):
            default = defaults[index]
            name = next(
                (n for n in DEFAULT_NAMES if n.casefold() not in used), f"Player {index + 1}"
            )
            used.add(name.casefold())
            seats.append(Seat(name, default.bot))
        if not kept:
            await container.remove_children()
        await container.mount_all(SeatRow(i, seats[i]) for i in range(len(kept), count))

    async def _build_options(self, values: Mapping[str, OptionValue] | None = None) -> None:
        container = self.query_one("#options", Grid)
        await container.remove_children()
        self._option_widgets = {}
        widgets: list[Widget] = []
        spec = self.spec
        if not spec.options:
            widgets.append(SteadyStatic("This game has no options.", classes="hint"))
        for opt in spec.options:
            value = (values or {}).get(opt.key, opt.default)
            widget: Widget
            if isinstance(opt.default, bool):
                widget = TickBox(
                    literal(opt.description), value=bool(value), id=_widget_id(opt.key)
                )
                widgets.extend([Label(literal(opt.key)), widget])
            else:
                if isinstance(opt.default, int):
                    widget = SafeInput(
                        str(value), type="integer", id=_widget_id(opt.key), compact=True
                    )
                    hint = f"{opt.description} ({opt.describe_value()})"
                else:
                    widget = Select(
                        [(literal(choice), choice) for choice in opt.choices],
                        value=value if value in opt.choices else opt.default,
                        allow_blank=False,
                        id=_widget_id(opt.key),
                        compact=True,
                    )
                    hint = opt.description
                # (the field, then what it means: a new player reads every option's meaning)
                row = Horizontal(
                    widget, SteadyStatic(literal(hint), classes="hint"), classes="option-row"
                )
                widgets.extend([Label(literal(opt.key)), row])
            self._option_widgets[opt.key] = widget
        await container.mount_all(widgets)
        self._grey_idle_options()

    def _grey_idle_options(self) -> None:
        """Disable each option that changes nothing as the others are set (``only_with``: The
        Gardens' landmark mats while landmarks are off); it keeps its value."""
        values: dict[str, object] = {
            key: widget.value
            for key, widget in self._option_widgets.items()
            if isinstance(widget, TickBox | Select)
        }
        for opt in self.spec.options:
            if opt.only_with is not None:
                key, needed = opt.only_with
                self._option_widgets[opt.key].disabled = values.get(key) != needed

    @on(Checkbox.Changed, "#options Checkbox")
    @on(Select.Changed, "#options Select")
    def _option_changed(self) -> None:
        self._grey_idle_options()

    # --- reacting -------------------------------------------------------------------------------

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str) or event.value == self.game_id:
            return
        self.game_id = event.value
        spec = self.spec
        self.query_one("#game-blurb", Static).update(literal(spec.blurb))
        count_select = self.query_one("#count", Select)
        count = fit_count(spec, self._count())
        count_select.set_options(self._count_choices(spec))
        count_select.value = count
        await self._build_seats(count)
        await self._build_options()

    @on(Select.Changed, "#count")
    async def _count_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != len(self.query(SeatRow)):
            await self._build_seats(event.value)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start or cancel."""
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    # --- result ---------------------------------------------------------------------------------

    def read_options(self) -> dict[str, Any]:
        """The options as entered (ints parsed; ``ValueError`` naming the option if not a
        number)."""
        options: dict[str, Any] = {}
        for opt in self.spec.options:
            widget = self._option_widgets[opt.key]
            if isinstance(widget, TickBox):
                options[opt.key] = widget.value
            elif isinstance(widget, Input):
                options[opt.key] = opt.parse(widget.value)
            elif isinstance(widget, Select):
                options[opt.key] = widget.value
        return options

    def build_setup(self) -> Setup:
        """The setup the form describes; ``ValueError`` saying what is wrong."""
        spec = self.spec
        seats = self._current_seats()
        spec.check_player_count(len(seats))
        check_seats(seats)
        options = spec.normalise_options(self.read_options())
        seed = parse_seed(self.query_one("#seed", Input).value)
        if seed is None:
            seed = int(self._seed_chooser())
        return Setup(self.game_id, tuple(Seat(s.name.strip(), s.bot) for s in seats), options, seed)

    def action_start(self) -> None:
        """Validate; close with the setup, or show the problem and stay open."""
        error = self.query_one("#new-game-error", Static)
        try:
            setup = self.build_setup()
        except ValueError as problem:
            error.update(literal(str(problem)))
            return
        error.update("")
        self.dismiss(setup)

    def action_cancel(self) -> None:
        """Close without starting a game."""
        self.dismiss(None)
