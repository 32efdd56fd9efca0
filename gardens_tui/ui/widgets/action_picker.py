"""The action picker: how a person narrows a decision's legal actions down to one.

Every game screen offers a decision the same way. Each legal action is split into *parts* that a
person chooses one after the other, and the screen highlights what the next part may be:

- an **item** from the hand (a token to plant, a card to play, a path tile to lay): chosen first,
  and kept from one decision to the next while it is still usable (:func:`keep_item`);
- **places** on the boards, in order (a garden space; a move's origin, then its destination; a
  map cell; a player to throw at): the places where the remaining actions may go next are the
  *targets* the boards highlight. A place may also merely *join* an action (each tile of a market
  row joins "buy that row"): choosing it lists the actions it joins instead of playing one;
- a **variant** telling apart actions with the same item and places (a rotation, "leave the shell
  behind"): listed when the last place is chosen, or, for games that preview it, cycled with a key
  (:meth:`ActionPicker.cycle_variant`) and confirmed by choosing the place again;
- actions no place chooses (pass, done, attract an oyster) are offered by **commands** on keys
  (:meth:`ActionPicker.command`), and every legal action is one key away in a described list
  (:meth:`ActionPicker.every_choice`).

A game plugs in with one object implementing :class:`ActionParts`: ``parts(action, selection)``
says how a legal action splits (:class:`Parts`), or hides it while the half-made choice
(:class:`Selection`) is what it is. Everything else is here, pure Python over the legal actions:
no Textual, and no rule is decided (the legal actions come from the seat view; anything else the
player tries goes to the engine, which says why not).

- :func:`narrow` groups the legal actions by the place that chooses them next into
  :class:`Choices` (targets per board, the loose actions, the actions of each command);
- :class:`ActionPicker` keeps one seat's half-made choice and says what choosing a place,
  pressing a command's key or asking for every choice does, as an :data:`Outcome`: :class:`Play`
  an action, :class:`Offer` a list, :class:`Selected` (the half-made choice moved on), or
  :class:`Nothing` legal there. The screen carries the outcome out;
  :mod:`~gardens_tui.ui.widgets.action_picker_ui` holds the Textual pieces screens share (the list
  of choices, the clickable command keys) and
  :mod:`~gardens_tui.ui.widgets.action_picker_marks` what changed since the seat last decided.

A game with a path tile laid at a map cell with a rotation splits ``("lay", 4, (2, 1), 90)`` into
``Parts(item=4, places=(Place("map", (2, 1)),), variant=90)``; a card thrown at a player into
``Parts(item="card-7", places=(Place("players", 2),))``; a sea star's move into
``Parts(places=(Place("garden", 3), Place("garden", 9)))``; a pass into ``Parts(command="pass")``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple, Protocol

from gardens_tui.rules.base import Action

Cell = Hashable
"""A cell's key on a board (as a :class:`~gardens_tui.ui.widgets.board_layout.BoardLayout`
keys it)."""


class Place(NamedTuple):
    """A cell of one of the screen's boards: ``board`` names the board, ``cell`` is its key."""

    board: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Parts:
    """How one legal action is chosen.

    - ``item``: the hand item it uses; the action is offered only while that item is selected
      (``None``: it uses none).
    - ``places``: the places chosen for it, in order (``()``: none; a command offers it).
    - ``joins``: places that take part in it without choosing it; while no place is chosen yet,
      choosing one of them lists it among the actions it joins (never plays it at once).
    - ``variant``: what tells it apart from actions with the same item and places (``None``:
      nothing); a selected variant hides the actions of the other variants.
    - ``command``: the name of the command (a key) that offers it.
    """

    item: Hashable | None = None
    places: tuple[Place, ...] = ()
    joins: tuple[Place, ...] = ()
    variant: Hashable | None = None
    command: str | None = None

    @property
    def placeless(self) -> bool:
        """No place chooses it or takes part in it: only a command (or the list) offers it."""
        return not self.places and not self.joins


@dataclass(frozen=True, slots=True)
class Selection:
    """The half-made choice of the player at the keyboard.

    ``item``: the hand item selected; ``places``: the places chosen so far (a prefix of some
    actions' :attr:`Parts.places`); ``variant``: the variant selected (``None``: any);
    ``mode``: a command that narrowed the choice to its own actions (a pass that now asks which
    tile to return), interpreted by the game's :meth:`ActionParts.parts`.
    """

    item: Hashable | None = None
    places: tuple[Place, ...] = ()
    variant: Hashable | None = None
    mode: str | None = None

    @property
    def half_made(self) -> bool:
        """Something Esc can cancel: a chosen place or a command's mode."""
        return bool(self.places) or self.mode is not None

    def cancelled(self) -> Selection:
        """The same selection without its half-made part (the item and variant stay)."""
        return replace(self, places=(), mode=None)

    def then(self, place: Place) -> Selection:
        """The selection with ``place`` chosen next."""
        return replace(self, places=(*self.places, place))

    def back(self) -> Selection:
        """The selection without its last chosen place."""
        return replace(self, places=self.places[:-1])


class ActionParts(Protocol):
    """What a game's screen tells the picker: how each of its actions is chosen."""

    def parts(self, action: Action, selection: Selection) -> Parts | None:
        """How ``action`` is chosen while ``selection`` is the half-made choice, or ``None`` to
        leave it out for now (a pass's mode may hide every purchase). Must not change the state
        of anything; called for every legal action whenever the choice changes."""
        ...


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing choosing a place can do: play ``action``, or (``origin`` set, ``action`` None)
    choose this place, ``origin``, as a place of longer actions that still need more (a move's
    origin), after which their next places are the targets.

    ``exact`` is False when the place only joins the action (:attr:`Parts.joins`): such entries
    are listed, never played at once.
    """

    action: Action | None = None
    origin: Cell | None = None
    exact: bool = True


def resolve(entries: Sequence[Entry]) -> Entry | None:
    """The entry to carry out at once, or ``None`` when the player must pick from a list (several
    entries, or only entries the place joins)."""
    if len(entries) == 1 and entries[0].exact:
        return entries[0]
    return None


@dataclass(slots=True)
class Choices:
    """The legal actions grouped for one half-made choice (see :func:`narrow`).

    - ``targets``: per board, per cell, what choosing it does (exact entries first, then the
      ones the place joins; each group in the order of the legal actions);
    - ``remaining``: the actions still possible with the selected item, variant and places;
    - ``loose``: every offered action no place chooses or joins, whatever the item (commands
      offer them);
    - ``commands``: per command name, its offered actions for the selected item and variant
      (whatever the places);
    - ``variants``: the variants of the actions possible with the selected item and places,
      whatever variant is selected, in order of first appearance;
    - ``complete``: the remaining actions whose places are all chosen.
    """

    selection: Selection
    targets: dict[str, dict[Cell, list[Entry]]] = field(default_factory=dict)
    remaining: list[Action] = field(default_factory=list)
    loose: list[Action] = field(default_factory=list)
    commands: dict[str, list[Action]] = field(default_factory=dict)
    variants: list[Hashable] = field(default_factory=list)
    complete: list[Action] = field(default_factory=list)
    _legal: dict[str, set[Cell]] = field(default_factory=dict, init=False, repr=False)

    def board(self, board: str) -> dict[Cell, list[Entry]]:
        """What each cell of ``board`` does now (cells that do nothing are absent)."""
        return self.targets.get(board, {})

    def entries(self, place: Place) -> list[Entry]:
        """What choosing ``place`` does (``[]``: nothing legal)."""
        return self.targets.get(place.board, {}).get(place.cell, [])

    def legal(self, board: str) -> set[Cell]:
        """The cells of ``board`` to highlight: those that choose an action or a next place
        (not those that only join one). Computed once per board."""
        cells = self._legal.get(board)
        if cells is None:
            cells = self._legal[board] = {
                cell for cell, entries in self.board(board).items() if any(e.exact for e in entries)
            }
        return cells

    @property
    def ready(self) -> Action | None:
        """The one action the half-made choice names completely (every place chosen, one
        variant left), or ``None``."""
        if self.selection.places and len(self.complete) == 1:
            return self.complete[0]
        return None


def narrow(actions: Iterable[Action], game: ActionParts, selection: Selection) -> Choices:
    """Group the legal ``actions`` by what chooses them next, for the half-made ``selection``.

    An action is offered unless ``game.parts`` hides it; it is *possible* when its item is the
    selected one (or it has none) and its places start with the chosen ones; a selected variant
    also hides the other variants. A possible action with a place still to choose makes that
    place a target: the entry plays it when it is its last place, or chooses the place as an
    ``origin`` otherwise. While no place is chosen, the places an action joins list it too.
    """
    choices = Choices(selection)
    chosen = selection.places
    k = len(chosen)
    targets = choices.targets
    for action in actions:
        parts = game.parts(action, selection)
        if parts is None:
            continue
        if parts.placeless:
            choices.loose.append(action)
        if parts.item is not None and parts.item != selection.item:
            continue
        variant_ok = (
            selection.variant is None or parts.variant is None or parts.variant == selection.variant
        )
        if parts.command is not None and variant_ok:
            choices.commands.setdefault(parts.command, []).append(action)
        places = parts.places
        if places[:k] != chosen:
            continue
        if parts.variant is not None and parts.variant not in choices.variants:
            choices.variants.append(parts.variant)
        if not variant_ok:
            continue
        choices.remaining.append(action)
        if len(places) > k:
            place = places[k]
            entry = Entry(action) if len(places) == k + 1 else Entry(origin=place.cell)
            _add(targets, place, entry)
        elif k:
            choices.complete.append(action)
        if k == 0:
            for place in parts.joins:
                _add(targets, place, Entry(action, exact=False))
    for board in targets.values():
        for entries in board.values():
            entries.sort(key=lambda e: not e.exact)  # stable: legal order within each group
    return choices


def _add(targets: dict[str, dict[Cell, list[Entry]]], place: Place, entry: Entry) -> None:
    entries = targets.setdefault(place.board, {}).setdefault(place.cell, [])
    if entry not in entries:
        entries.append(entry)


def keep_item(current: Hashable | None, usable: Sequence[Hashable]) -> Hashable | None:
    """The item to select for a new decision: ``current`` if it is still usable, else the first
    usable one (``usable`` in the order the hand shows them), else ``None``."""
    if current is not None and current in usable:
        return current
    return usable[0] if usable else None


def describe_entries(
    entries: Iterable[Entry],
    action_words: Callable[[Action], str],
    origin_words: Callable[[Cell], str],
) -> list[str]:
    """The lines of a list of choices: ``action_words(action)`` for an entry that plays an
    action, ``origin_words(cell)`` for one that chooses a place first, each with a capital
    letter (the engine's ``describe_action`` makes the every-choice list readable)."""
    lines = []
    for entry in entries:
        if entry.action is not None:
            words = action_words(entry.action)
        else:
            words = origin_words(entry.origin)
        lines.append(words[:1].upper() + words[1:])
    return lines


# --- outcomes -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``action`` (through ``GameScreen.play``: the engine has the last word)."""

    action: Action


@dataclass(frozen=True, slots=True)
class Offer:
    """Let the player pick one of ``entries`` from a list; carry the chosen one out with
    :meth:`ActionPicker.carry_out`."""

    entries: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class Selected:
    """The half-made choice moved on to ``selection`` (already the picker's): redraw."""

    selection: Selection


@dataclass(frozen=True, slots=True)
class Nothing:
    """Nothing legal at ``place`` or for ``command``: the screen may try what the player meant,
    so that the engine says why it is refused, or explain."""

    place: Place | None = None
    command: str | None = None


Outcome = Play | Offer | Selected | Nothing
"""What a choice leads to."""

CommandStyle = Literal["play", "list", "mode"]
"""How a command's key offers its actions (:meth:`ActionPicker.command`)."""


@dataclass(frozen=True, slots=True)
class CommandLine:
    """One line of a screen's clickable list of commands: the key, what it does, the command's
    name, and whether its action is legal now (if not, pressing it only shows the engine's
    reason)."""

    key: str
    label: str
    command: str
    playable: bool = True


# --- the stateful picker ------------------------------------------------------------------------


class ActionPicker:
    """One seat's half-made choice over the pending decision's legal actions.

    A screen gives it the legal actions whenever they may have changed (:meth:`update`, cheap when
    they did not) and starts each new decision with :meth:`reset`. :attr:`choices` is computed
    once per change. With ``confirm`` the last place of an action never plays at once: it is
    selected (the screen previews it, variants cycle) and choosing it again plays it.
    """

    def __init__(self, game: ActionParts, *, confirm: bool = False) -> None:
        self._game = game
        self._confirm = confirm
        self._actions: Sequence[Action] = ()
        self._selection = Selection()
        self._choices: Choices | None = None

    @property
    def actions(self) -> Sequence[Action]:
        """The legal actions offered (``[]`` while this seat may not decide)."""
        return self._actions

    @property
    def selection(self) -> Selection:
        """The half-made choice."""
        return self._selection

    @property
    def choices(self) -> Choices:
        """The legal actions grouped for :attr:`selection`."""
        if self._choices is None:
            self._choices = narrow(self._actions, self._game, self._selection)
        return self._choices

    def update(self, actions: Sequence[Action]) -> None:
        """Offer ``actions`` (the same list object as before changes nothing)."""
        if actions is not self._actions:
            self._actions = actions
            self._choices = None

    def reset(self, actions: Sequence[Action], selection: Selection | None = None) -> None:
        """A new decision: offer ``actions`` and start from ``selection`` (nothing chosen)."""
        self._actions = actions
        self._selection = selection or Selection()
        self._choices = None

    def select(self, selection: Selection) -> None:
        """Make ``selection`` the half-made choice."""
        if selection != self._selection:
            self._selection = selection
            self._choices = None

    def cancel(self) -> bool:
        """Drop the half-made part of the choice; True if there was one."""
        if not self._selection.half_made:
            return False
        self.select(self._selection.cancelled())
        return True

    def _moved(self, selection: Selection) -> Selected:
        self.select(selection)
        return Selected(selection)

    def choose(self, place: Place) -> Outcome:
        """Choose ``place``: play the one action it names, choose it as a next place, or list
        what it offers (:class:`Nothing` if it offers nothing). Choosing the last chosen place
        again plays the action it completes (lists them if several end there), or else steps
        back (puts a move's origin back)."""
        selection = self._selection
        choices = self.choices
        if selection.places and place == selection.places[-1]:
            ready = choices.ready
            if ready is not None:
                return Play(ready)
            if choices.complete:  # several actions end here and no variant tells them apart
                return Offer(tuple(Entry(action) for action in choices.complete))
            return self._moved(selection.back())
        if self._confirm and choices.complete and selection.places:
            # Another place while one is previewed: choose it instead of the previewed one.
            self.select(selection.back())
            outcome = self.choose(place)
            if isinstance(outcome, Nothing):
                self.select(selection)  # nothing there: keep the preview
            return outcome
        entries = choices.entries(place)
        if not entries and self._confirm and selection.variant is not None:
            # Previewing: a place where only another variant fits takes that variant.
            anyhow = narrow(self._actions, self._game, replace(selection, variant=None))
            entries = anyhow.entries(place)
        if not entries:
            return Nothing(place=place)
        entry = resolve(entries)
        if self._confirm and all(e.exact and e.action is not None for e in entries):
            return self._preview(place)
        if entry is None:
            return Offer(tuple(entries))
        return self.carry_out(entry, place)

    def _preview(self, place: Place) -> Selected:
        selected = self._selection.then(place)
        preview = narrow(self._actions, self._game, selected)
        if not preview.complete and preview.variants:
            selected = replace(selected, variant=None)  # the selected variant does not fit here
            preview = narrow(self._actions, self._game, selected)
        if selected.variant is None and preview.variants:
            selected = replace(selected, variant=preview.variants[0])
        return self._moved(selected)

    def carry_out(self, entry: Entry, place: Place | None = None) -> Outcome:
        """Do what ``entry`` (of ``place``, or of the place whose list it came from) says: play
        its action, or choose its origin as the next place."""
        if entry.origin is not None:
            board = place.board if place is not None else self._origin_board(entry)
            return self._moved(self._selection.then(Place(board, entry.origin)))
        assert entry.action is not None
        return Play(entry.action)

    def _origin_board(self, entry: Entry) -> str:
        for board, cells in self.choices.targets.items():
            if entry in cells.get(entry.origin, ()):
                return board
        raise ValueError(f"{entry!r} is not among the choices")

    def cycle_variant(self, step: int = 1) -> bool:
        """Select the next (``step`` 1) or previous (-1) variant possible with the selected item
        and places; True if the selection changed."""
        variants = self.choices.variants
        if not variants:
            return False
        current = self._selection.variant
        index = variants.index(current) + step if current in variants else 0
        variant = variants[index % len(variants)]
        if variant == current:
            return False
        self.select(replace(self._selection, variant=variant))
        return True

    def command(self, name: str, style: CommandStyle = "play") -> Outcome:
        """Press the key of command ``name``; ``style`` says how it offers its actions:

        - ``"play"``: play its (first) action;
        - ``"list"``: list its actions (even one);
        - ``"mode"``: its only placeless action plays at once; otherwise the choice narrows to
          its actions (:attr:`Selection.mode`: the game's :meth:`ActionParts.parts` shows them on
          their places), and pressing it again leaves the mode.

        :class:`Nothing` when the command has no legal action now.
        """
        selection = self._selection
        if style == "mode" and selection.mode == name:
            return self._moved(selection.cancelled())
        actions = self.choices.commands.get(name, [])
        if not actions:
            return Nothing(command=name)
        if style == "list":
            return Offer(tuple(Entry(action) for action in actions))
        if style == "mode":
            placeless = [a for a in actions if a in self.choices.loose]
            if len(placeless) == len(actions) == 1:
                return Play(actions[0])
            return self._moved(replace(selection.cancelled(), mode=name))
        return Play(actions[0])

    def every_choice(self) -> Offer:
        """Every legal action, in the engine's order, as a list."""
        return Offer(tuple(Entry(action) for action in self._actions))
