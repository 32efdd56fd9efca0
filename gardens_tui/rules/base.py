"""The contract every game implements, its value types and its error.

A game is a sequence of small **decisions** (in the manner of OpenSpiel and boardgame.io). At any
moment one seat must decide (:attr:`GameState.decision`); :meth:`Game.legal_actions` lists what it
may choose in a deterministic order, and :meth:`Game.apply` returns the next state or raises
:class:`IllegalAction`. Chance (dice, bag draws, shuffles) is resolved inside ``apply`` from the
PRNG carried in the state (:mod:`gardens_tui.rules.rng`), so there is no chance player.

The decision may belong to a seat other than the turn's owner (a partner's veto, the target of a
throw dodging, a card played out of turn): :attr:`GameState.active` is whose *turn* it is,
:attr:`GameState.current_player` is who must decide *now*. Optional reaction windows are decisions
with ``optional=True`` whose legal actions include a pass.

What each seat may see
----------------------
Everything shown to a person or handed to a bot is derived from :meth:`Game.view`: boards, log
lines, scores, prompts, the command line's output. Games keep that honest by four rules, which the
conformance suite checks on every game:

1. **Decisions are public.** Whether a decision is pending, whose it is, its ``kind``, ``prompt``,
   ``optional``, ``pass_action`` and ``skill``, depend only on public information:
   ``view(s, None).decision == s.decision``. A reaction window that opens only for the holder of
   a secret card tells everyone the card is there; open it for every seat that *could* react.
2. **Views work.** ``legal_actions``, ``scores``, ``evaluate`` and ``render_text`` accept a view;
   the legal actions of the deciding seat's view are the real ones.
3. **Events are redacted.** ``state.events`` hold what everyone may read ("Ann drew a card");
   a line only one seat may read ("Ann drew the 5") is kept in ``state.private_events`` and
   :func:`redact_events` swaps it in for that seat's view only. An ``apply`` that reveals
   anything hidden to any seat (a draw into a hand, a look at a card) sets ``chance``: undo
   stops there, and the conformance suite relies on it to tell a reveal from a leak.
4. **Nothing else leaks.** Everything produced for seat B (its view, as JSON, its text, its events,
   its scores, its legal actions) is the same for any two positions B cannot tell apart: the
   conformance suite builds such a twin with :meth:`Game.determinise` and compares.

Actions are small hashable tuples whose first item is a verb, e.g. ``("buy", "row", 2)``. Every
game formats them to and parses them from a short text notation (``buy row 2``), which the command
line, the game log and the save files use.

Invariants
----------
:meth:`Game.check_invariants` checks what every reachable position has (components conserved,
counts within the rulebook's limits, the turn agreeing with the decision, ``over`` only at the
end); each game lists its own in ``rules/<game>/invariants.py``. The save loader applies them to
positions written by hand; the conformance suite checks every position of its random games
against them.

Speed: the slots a search uses
------------------------------
A tree search (:mod:`gardens_tui.bots.strong`) calls ``legal_actions`` then ``apply`` thousands of
times a second, so the contract has three slots for speed, each with a sound default:

- :meth:`GameState.copy`: a fast, shallow-enough copy (the default deep-copies).
- **Cached legal actions.** A game may keep ``legal_actions``' list on the state it was
  computed for (the games here use a ``legal_cache`` field, ``None`` until first asked, never
  saved) so that ``legal_actions`` followed by ``apply`` computes it once. The cache belongs to
  one position: every ``copy()`` and every copy ``apply`` makes to change (a ``derive``) starts
  without it, so a state that is copied and then changed (``apply``, ``view``, ``determinise``)
  never sees a stale list; nothing may change a state after its list was computed. Every call
  still returns a *fresh* list (a shallow copy of the cached one, which is cheap beside
  computing it): callers may keep, sort or change what they get.
- :meth:`Game.apply_trusted`: ``apply`` for an action taken unchanged from ``legal_actions``,
  which may skip the legality check (the games here split their ``apply`` into the check and
  the unchecked move, so both share one body).

The conformance suite checks all three: at every decision ``apply_trusted`` and ``apply`` give
equal states for the action played and for a sample of other legal actions, and a state's
(cached) legal actions equal those of the same position rebuilt by ``from_dict(to_dict(s))``.

This module is pure Python and imports nothing outside the standard library (and the rules'
own :mod:`~gardens_tui.rules.safe_text`).
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from gardens_tui.rules.rng import Rng
from gardens_tui.rules.safe_text import MAX_ACTION_TEXT, check_line
from gardens_tui.rules.words import join_and

Action = tuple[Any, ...]
"""An action: a hashable tuple whose first item is the verb (``("plant", 3)``)."""

OptionValue = bool | int | str

ROLL: Action = ("roll",)
"""The action that resolves a skill decision (:attr:`Decision.skill`) by the game's own odds."""


def cached_legal(state: Any, compute: Callable[[Any], list[Action]]) -> list[Action]:
    """``state``'s legal actions from its ``legal_cache`` field, computed by ``compute`` and
    stored there on first use (see the module docstring's cached legal actions). The list is the
    cache itself: hand callers a copy, never change it."""
    cached: list[Action] | None = state.legal_cache
    if cached is None:
        cached = state.legal_cache = compute(state)
    return cached


class IllegalAction(ValueError):
    """An action the rules do not allow here. The message names the rule, for a player to read.

    Raising it never changes the state the action was tried on.
    """


# --------------------------------------------------------------------------------------------
# Static description of a game
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """One new-game option: a variant, module or expansion switch, or a number/choice setting.

    ``default`` fixes the type: a bool is an on/off switch, an int a number in ``minimum..maximum``,
    a str one of ``choices``. ``only_with`` ``(key, value)``: the option changes nothing unless
    option ``key`` has ``value`` (The Gardens' landmark mats need landmarks on); see
    :meth:`GameSpec.idle_options`.
    """

    key: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    only_with: tuple[str, OptionValue] | None = None

    def written(self, value: OptionValue) -> str:
        """``value`` as the command line writes it: ``on``/``off``, a number, a choice."""
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def validate(self, value: Any) -> OptionValue:
        """Return ``value`` if it is valid for this option, else raise ``ValueError`` saying why."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {self.key!r} is on/off (true or false), got {value!r}")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.key!r} takes a whole number, got {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.key!r} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.key!r} must be at most {self.maximum}")
            return value
        if not isinstance(value, str) or (self.choices and value not in self.choices):
            allowed = ", ".join(self.choices)
            raise ValueError(f"option {self.key!r} must be one of: {allowed}; got {value!r}")
        return value

    def parse(self, text: str) -> OptionValue:
        """Parse the command-line form (``on``/``off``/``true``/``false``, a number, a choice)."""
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered in ("1", "on", "yes", "true", "y"):
                return True
            if lowered in ("0", "off", "no", "false", "n"):
                return False
            raise ValueError(f"option {self.key!r} is on/off, got {text!r}")
        if isinstance(self.default, int):
            try:
                number = int(text.strip())
            except ValueError:
                raise ValueError(
                    f"option {self.key!r} takes a whole number, got {text!r}"
                ) from None
            return self.validate(number)
        return self.validate(text.strip())

    def describe_value(self) -> str:
        """The accepted values in words, for help screens (``on/off``, ``1..10``, ``a|b``)."""
        if isinstance(self.default, bool):
            return "on/off"
        if isinstance(self.default, int):
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            return f"{low}..{high}"
        return "|".join(self.choices)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a game is before any state exists: its name, player range, options and rules text."""

    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str
    """One line for menus."""
    summary: str
    """The rules in our own words (Markdown), for ``gardens rules`` and the ``?`` help."""
    options: tuple[Option, ...] = ()
    player_counts: tuple[int, ...] = ()
    """The allowed player counts when they are not the whole range ``min..max`` (Throw Octopus!:
    ``(1, 3, 4, 5)``); empty means every count from ``min_players`` to ``max_players``."""
    rules_version: int = 1
    """The version of this game's state and notation in save files. Raise it (and add a
    migration) whenever an older save of this game would no longer load or replay."""

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: player range {self.min_players}-{self.max_players}")
        counts = self.player_counts
        if len(set(counts)) != len(counts) or not all(
            self.min_players <= count <= self.max_players for count in counts
        ):
            raise ValueError(
                f"{self.id}: player_counts {counts} must be distinct counts within "
                f"{self.min_players}-{self.max_players}"
            )
        if self.rules_version < 1:
            raise ValueError(f"{self.id}: rules_version starts at 1")

    @property
    def counts(self) -> tuple[int, ...]:
        """Every allowed player count, ascending."""
        if self.player_counts:
            return tuple(sorted(self.player_counts))
        return tuple(range(self.min_players, self.max_players + 1))

    def describe_counts(self) -> str:
        """The allowed counts in words: ``2-4``, ``1 or 3-5``."""
        runs: list[list[int]] = []
        for count in self.counts:
            if runs and runs[-1][-1] == count - 1:
                runs[-1].append(count)
            else:
                runs.append([count])
        return join_and([str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs], last="or")

    def option(self, key: str) -> Option:
        """The option called ``key``; ``KeyError`` if there is none."""
        for opt in self.options:
            if opt.key == key:
                return opt
        raise KeyError(key)

    def normalise_options(self, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """All options with defaults filled in; ``ValueError`` on an unknown key or a bad value."""
        given = dict(options or {})
        known = {opt.key for opt in self.options}
        unknown = sorted(set(given) - known)
        if unknown:
            raise ValueError(
                f"{self.title} has no option {unknown[0]!r}; "
                f"its options are: {', '.join(sorted(known)) or 'none'}"
            )
        return {opt.key: opt.validate(given.get(opt.key, opt.default)) for opt in self.options}

    def idle_options(self, options: Mapping[str, OptionValue]) -> list[str]:
        """For normalised ``options``: a note for each option set away from its default that
        changes nothing, because the option it depends on (``Option.only_with``) is not set
        so: ``layout=l1-r2 changes nothing without landmarks=on``."""
        notes = []
        for opt in self.options:
            value = options.get(opt.key, opt.default)
            if opt.only_with is None or value == opt.default:
                continue
            key, needed = opt.only_with
            if options.get(key) != needed:
                needs = f"{key}={self.option(key).written(needed)}"
                notes.append(f"{opt.key}={opt.written(value)} changes nothing without {needs}")
        return notes

    def check_player_count(self, count: int) -> None:
        """``ValueError`` unless ``count`` seats may play this game."""
        if count not in self.counts:
            raise ValueError(f"{self.title} is for {self.describe_counts()} players, not {count}")


# --------------------------------------------------------------------------------------------
# Values the engine hands out
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """What must be decided now, by whom.

    ``kind`` is a stable machine name (``"market"``, ``"plant"``, ``"refill"``) that screens and
    bots switch on; ``prompt`` is one line for people; ``optional`` marks a reaction window the
    seat may pass, and ``pass_action`` (required when ``optional``) is the legal action that means
    "I do not react", so the app, bots and a server timeout can pass in any game.

    ``skill`` names a skill or chance event (``"dodge"``) whose outcome the app may settle itself
    (a short keyboard minigame) by submitting one of the outcome actions; :data:`ROLL` is then
    also legal and settles it by the game's own odds from the state's PRNG, which is what bots,
    the command line and a server timeout play. Every outcome sets ``chance`` on the next state,
    so undo stops there.

    All of it is public (see the module docstring): ``view(s, None).decision == s.decision``.
    """

    seat: int
    kind: str
    prompt: str
    optional: bool = False
    pass_action: Action | None = None
    skill: str | None = None


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's row in a score table: its name, its seats and its points."""

    name: str
    seats: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Scores:
    """A per-seat, per-category score table; provisional until ``final`` is true.

    ``table[seat][i]`` is seat's points in ``categories[i]``.
    """

    categories: tuple[str, ...]
    table: tuple[tuple[int, ...], ...]
    final: bool = False
    teams: tuple[TeamScore, ...] = ()
    """Team rows for team games (Seabed Neighbours' piles), shown under the seats' rows."""
    notes: tuple[str, ...] = ()
    """Extra lines for the end screen and ``gardens score`` (Game Night totals, a solo rating)."""

    def total(self, seat: int) -> int:
        """Seat's total over all categories."""
        return sum(self.table[seat])

    def totals(self) -> tuple[int, ...]:
        """Every seat's total, in seat order."""
        return tuple(sum(row) for row in self.table)

    def by_category(self, seat: int) -> dict[str, int]:
        """Seat's points as ``{category: points}``."""
        return dict(zip(self.categories, self.table[seat], strict=True))


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won, and the tie-break that decided it (``None`` when no tie-break was needed)."""

    winners: tuple[int, ...]
    tiebreak: str | None = None


# --------------------------------------------------------------------------------------------
# State and game
# --------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class GameState:
    """The fields every game's state has. Games subclass it and add their own.

    States are treated as immutable by everything outside the game: ``apply`` copies, mutates the
    copy and returns it. Two states compare equal when their ``to_dict`` forms are equal (games
    may speed this up).

    - ``players``: seat names in turn order (seat numbers are indices).
    - ``options``: the normalised new-game options.
    - ``rng``: the PRNG's integer state (hidden in views).
    - ``active``: whose turn it is; ``turn``: how many turns have begun (counts from 1).
    - ``events``: log lines from the ``apply`` that made this state, as every seat may read them.
    - ``private_events``: ``(index, seat, line)``: ``seat`` reads ``line`` instead of
      ``events[index]`` ("Ann drew the 5" for Ann, "Ann drew a card" for everyone else). Views
      carry none (:func:`redact_events`).
    - ``chance``: true when that ``apply`` drew from the PRNG or revealed hidden information, which
      is where undo must stop.
    - ``over``: the game has ended.
    """

    game_id: ClassVar[str] = ""

    players: tuple[str, ...]
    options: dict[str, OptionValue]
    rng: int
    active: int = 0
    turn: int = 1
    events: tuple[str, ...] = ()
    private_events: tuple[tuple[int, int, str], ...] = ()
    chance: bool = False
    over: bool = False
    hidden: bool = field(default=False)
    """True on a :meth:`Game.view` whose hidden parts were masked: not a real position."""

    @property
    def num_players(self) -> int:
        """How many seats play."""
        return len(self.players)

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` when the game is over."""
        raise NotImplementedError

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (``None`` when the game is over)."""
        d = self.decision
        return None if d is None else d.seat

    @property
    def is_over(self) -> bool:
        """The game has ended: no decision is pending."""
        return self.over

    def copy(self) -> GameState:
        """An independent copy. Games override this with a faster, shallower one."""
        return copy.deepcopy(self)


S = TypeVar("S", bound=GameState)


COMMON_FIELDS: tuple[str, ...] = (
    "players",
    "options",
    "rng",
    "active",
    "turn",
    "events",
    "private_events",
    "chance",
    "over",
    "hidden",
)
"""The fields every :class:`GameState` has (all immutable values)."""


def copy_common_fields(source: GameState, target: GameState) -> None:
    """Set ``target``'s :data:`COMMON_FIELDS` to ``source``'s (shared, not copied: they are
    immutable), for a game's fast ``copy()`` that builds its state without ``__init__``."""
    target.players = source.players
    target.options = source.options
    target.rng = source.rng
    target.active = source.active
    target.turn = source.turn
    target.events = source.events
    target.private_events = source.private_events
    target.chance = source.chance
    target.over = source.over
    target.hidden = source.hidden


def redact_events(view: GameState, state: GameState, seat: int | None) -> None:
    """Set ``view``'s events to what ``seat`` may read of ``state``'s (``None``: a spectator).

    Every game's :meth:`Game.view` calls it on the copy it returns: lines in
    ``state.private_events`` meant for ``seat`` replace the public ones, the rest stay public,
    and the view carries no private lines.
    """
    events = list(state.events)
    for index, owner, line in state.private_events:
        if owner == seat and 0 <= index < len(events):
            events[index] = line
    view.events = tuple(events)
    view.private_events = ()


class Game(ABC, Generic[S]):
    """One game's rules. Stateless: every method takes the state it works on.

    Subclasses set :attr:`spec` and implement the abstract methods. The non-abstract methods have
    sound defaults built on the abstract ones.
    """

    spec: ClassVar[GameSpec]

    # --- playing ----------------------------------------------------------------------------

    @abstractmethod
    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> S:
        """The starting state for ``players`` (names, in turn order) with ``options`` and ``seed``.

        Raises ``ValueError`` for a bad player count or bad options.
        """

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action for the pending decision, in a deterministic order ([] when over).

        Always a fresh list the caller may keep or change. A game may cache the list on the
        state (see "Speed" in the module docstring): then ``copy()`` and the copies ``apply``
        changes must start without the cache, and the list must equal the one computed afresh
        on ``from_dict(to_dict(state))``.
        """

    @abstractmethod
    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``. Raises :class:`IllegalAction`, naming the rule, and leaves
        ``state`` untouched when the action is not legal now."""

    def apply_trusted(self, state: S, action: Action) -> S:
        """The state after ``action``, an action taken unchanged from ``legal_actions(state)``.

        It may skip the legality check that :meth:`apply` makes, which is what a search wants:
        it already knows the action is legal. Like ``apply`` it leaves ``state`` untouched and
        returns a state equal to ``apply(state, action)`` (the conformance suite checks it).
        Behaviour on any other action is undefined: it may raise anything, or return a wrong
        state. Callers that got the action from a person, a file or the network use ``apply``.
        The default is ``apply`` itself.
        """
        return self.apply(state, action)

    def is_legal(self, state: S, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        return action in self.legal_actions(state)

    # --- results ----------------------------------------------------------------------------

    @abstractmethod
    def scores(self, state: S) -> Scores:
        """The score table by category: final once the game is over, provisional before."""

    @abstractmethod
    def winners(self, state: S) -> Outcome:
        """The winner(s) by the game's own tie-breaks. Meaningful once the game is over."""

    # --- hidden information -----------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: int | None) -> S:
        """The state as ``seat`` may see it (``None``: a spectator).

        Other seats' hands, deck and bag order and the PRNG state are masked, events are
        redacted (:func:`redact_events`), and ``hidden`` is set. Bots, screens and the command
        line work from views only; see the module docstring for the rules a view must keep.
        """

    @abstractmethod
    def determinise(self, view: S, seat: int | None, rng: Rng) -> S:
        """A full, legal position consistent with everything ``seat`` saw in ``view``.

        Hidden components are dealt at random (from ``rng``) from the ones ``seat`` cannot see,
        and the position gets a fresh PRNG state drawn from ``rng``, so a bot can search it. The
        result is a real position (``hidden`` false), ``view(result, seat)`` equals ``view``
        (apart from its PRNG), and its component counts are the game's. ``view`` must be a view
        for ``seat`` (or the full state). The result keeps the view's events, which are
        ``seat``'s own reading of the last move: it is for searching, never for showing to
        another seat.
        """

    def secrets(self, state: S, seat: int) -> Any:
        """What only ``seat`` may know (a hand, a hidden token), JSON-safe; ``None`` if nothing.

        The conformance suite checks that no other seat's view reveals it.
        """
        return None

    # --- serialisation ----------------------------------------------------------------------

    @abstractmethod
    def to_dict(self, state: S) -> dict[str, Any]:
        """A JSON-safe dict that :meth:`from_dict` turns back into an equal state."""

    @abstractmethod
    def from_dict(self, data: Any) -> S:
        """The state ``data`` describes. Raises ``ValueError`` naming the path of the first bad
        field (``state.gardens[1][3]: unknown token 'kelp'``) on wrong types, out-of-range values
        or component counts that do not add up."""

    def component_counts(self, state: S) -> dict[str, int]:
        """How many of each physical component exist in ``state`` wherever they are.

        Must be the same for every state of one game setup (components are conserved); the
        conformance suite checks it. Components leaving the game go to a counted discard.
        """
        return {}

    def check_invariants(self, state: S) -> None:
        """Raise :class:`~gardens_tui.rules.fields.FieldError` (a ``ValueError``) for the first
        invariant of the game that ``state`` breaks; return ``None`` when it keeps them all.

        An invariant is a fact every position reachable by play has, beyond the types and
        ranges ``from_dict`` checks field by field: every component exactly once (pile, hands,
        boards, discard), counts within the rulebook's limits, whose turn it is agreeing with
        the pending decision, ``over`` only when the game's end has come, no id twice. The
        error's ``path`` names the field (``state.hands[2]``) and its reason is worded for a
        player. Each game states its invariants in one module of its rules package
        (``rules/<game>/invariants.py``, whose docstring lists them in words) and this method
        calls it.

        The save loader calls it for positions written by hand (a file without actions, and
        the ``start`` position a file may carry); replayed positions are reachable by
        construction. The conformance suite checks that every position of its random games
        keeps every invariant, so a real game is never refused. Must not change ``state``, and
        must work on any state ``from_dict`` returns. The default checks nothing.
        """
        return None

    def states_equal(self, a: S, b: S) -> bool:
        """Whether two states are the same position (by their serialised forms)."""
        return self.to_dict(a) == self.to_dict(b)

    # --- notation and text ------------------------------------------------------------------

    @abstractmethod
    def format_action(self, action: Action) -> str:
        """The action's notation, e.g. ``buy row 2``."""

    @abstractmethod
    def parse_action(self, state: S, text: str) -> Action:
        """The action ``text`` names in this state. Raises :class:`IllegalAction` if the text is
        not an action of this game's notation (it does not check legality)."""

    def read_action(self, state: S, text: str) -> Action:
        """:meth:`parse_action` behind the checks that text typed by a person or read from a file
        needs first: at most :data:`~gardens_tui.rules.safe_text.MAX_ACTION_TEXT` characters and
        nothing a terminal could act on (control or invisible characters, lone surrogates).
        Raises :class:`IllegalAction` saying which. Everything outside the rules that turns text
        into an action (the command line, save files, the table) calls this, never
        ``parse_action`` directly."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action is text, not {type(text).__name__}")
        try:
            check_line(text, MAX_ACTION_TEXT)
        except ValueError as exc:
            raise IllegalAction(f"not an action: {exc}") from None
        return self.parse_action(state, text)

    def describe_action(self, state: S, action: Action) -> str:
        """A short human description of what the action does here (for ``gardens moves``)."""
        return self.format_action(action)

    @abstractmethod
    def render_text(self, state: S, seat: int | None = None) -> str:
        """The position as plain text (boards, market, hands as ``seat`` may see them)."""

    def notation_help(self) -> str:
        """A short description of the action notation, for help screens and the command line."""
        return ""

    # --- bots -------------------------------------------------------------------------------

    @abstractmethod
    def evaluate(self, state: S, seat: int) -> float:
        """A heuristic of how good ``state`` (usually a view) is for ``seat``; higher is better.

        Each game's own: a score margin is wrong for "fewest tiles wins" and for team play. The
        greedy bot maximises it one decision ahead; it must work on a view.
        """
