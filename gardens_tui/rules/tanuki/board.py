"""Walking monks along their paths and moving tanuki across the board.

These functions change a state the engine has already copied, and write what happened into a
:class:`Log`. They decide nothing a player chooses: :mod:`.engine` calls them once the choices
are made.

Shared lists
------------
``apply`` changes a :meth:`~.state.TanukiState.derive` d copy, which shares some lists with the
state it came from (a turn changes few of them, and copying them all was a fifth of a turn's
time). So the rules never change those lists in place: they assign a new one. They are a
seat's list in ``hands``, ``trail`` and ``cards`` (:func:`without`, ``hands[seat] = hand +
drawn``, a walk's trail copied first) and ``pile`` (copied before a draw), ``discard``,
``stash`` (:func:`set_stash`), ``queue`` (:func:`take_turn_in_queue`), ``magari``, ``dice``,
``deck``, ``spent`` (:func:`spend`), ``traps`` and ``trap_owner`` (:func:`set_trap`),
``effects``, ``play`` and ``tiebreak``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from gardens_tui.rules import words
from gardens_tui.rules.tanuki.components import (
    DEN,
    EDGE_OF,
    EDGES,
    EXITS,
    FRONT,
    MAGARI,
    NEIGHBOURS,
    SHIITAKE,
    SIDE_NAMES,
    SQUARES,
    TANUKI_NAMES,
    TRAP_LETTERS,
    square_name,
)
from gardens_tui.rules.tanuki.state import (
    EDGE_BASE,
    EMPTY,
    MONK_SQUARE,
    OFF,
    ROCK,
    Gain,
    TanukiRecord,
    TanukiState,
    WalkRecord,
)

possessive = lru_cache(maxsize=64)(words.possessive)
"""``words.possessive``, remembered: the same few names are written all game long."""
count = lru_cache(maxsize=256)(words.count)
"""``words.count``, remembered: the same few amounts of shiitake are written all game long."""

CRASH_LOSS = 5
LOOP_LOSS = 5
CAUSE_BONUS = 2
PASS_LOSS = 1
LAND_LOSS = 3
TOGETHER_LOSS = 2
TRAP_BONUS = 3
MAX_STEPS = 400


class Log:
    """Event lines of one ``apply``: public lines, and lines one seat reads instead."""

    __slots__ = ("lines", "private", "say")

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.private: list[tuple[int, int, str]] = []
        self.say: Callable[[str], None] = self.lines.append
        """``say(line)``: a line every seat reads (the list's own ``append``: a turn says many)."""

    def secret(self, seat: int, public: str, own: str) -> None:
        """``public`` for everyone, ``own`` for ``seat``."""
        self.private.append((len(self.lines), seat, own))
        self.lines.append(public)


def without(items: list[int], item: int) -> list[int]:
    """A new list: ``items`` without its first ``item`` (see "Shared lists")."""
    out = items.copy()
    out.remove(item)
    return out


def set_stash(s: TanukiState, sq: int, amount: int) -> None:
    """The stash on ``sq`` is now ``amount`` shiitake (a new list, see "Shared lists")."""
    stash = s.stash.copy()
    stash[sq] = amount
    s.stash = stash


def take_turn_in_queue(s: TanukiState) -> int:
    """The first seat of the queue, taken off it (a new list, see "Shared lists")."""
    seat, *s.queue = s.queue
    return seat


def spend(s: TanukiState, card: int) -> None:
    """``card`` goes onto the spent cards (a new list, see "Shared lists")."""
    s.spent = [*s.spent, card]


def set_trap(s: TanukiState, letter: int, sq: int, owner: int) -> None:
    """Trap ``letter`` now lies on ``sq``, set by ``owner`` (-1 and -1: off the board); new
    lists, see "Shared lists"."""
    traps = s.traps.copy()
    traps[letter] = sq
    owners = s.trap_owner.copy()
    owners[letter] = owner
    s.traps = traps
    s.trap_owner = owners


def gain(s: TanukiState, seat: int, amount: int) -> None:
    """``seat`` takes ``amount`` shiitake from the supply."""
    s.shiitake[seat] += amount
    if s.journal is not None and amount:
        s.journal.append(Gain(seat, amount))


def lose(s: TanukiState, seat: int, amount: int) -> int:
    """``seat`` pays ``amount`` shiitake, or all it has (never below zero); returns what it paid."""
    paid = min(amount, s.shiitake[seat])
    s.shiitake[seat] -= paid
    if s.journal is not None and paid:
        s.journal.append(Gain(seat, -paid))
    return paid


MONK_VALUES_IN: tuple[frozenset[int], ...] = tuple(
    frozenset(value for value, there in MONK_SQUARE.items() if there == sq) for sq in range(SQUARES)
)
"""Per square, every monk value standing in it (its path ends and the edge spaces beside it)."""


def monks_in(s: TanukiState, sq: int) -> list[int]:
    """The seats whose monks are in ``sq``, in seat order."""
    if MONK_VALUES_IN[sq].isdisjoint(s.monks):  # the usual case, in one call
        return []
    return [seat for seat, m in enumerate(s.monks) if MONK_SQUARE[m] == sq]


def remove_tile(s: TanukiState, sq: int) -> bool:
    """Take the tile (or rock garden) off ``sq``; its stash goes back to the supply. Returns
    whether a tile was removed (rocks leave the board, tiles go to the discard)."""
    here = s.board[sq]
    if s.stash[sq]:
        set_stash(s, sq, 0)
    if here == EMPTY:
        return False
    s.board[sq] = EMPTY
    if here >= 0:
        s.discard = [*s.discard, here >> 2]  # a new list: see "Shared lists"
        return True
    return False


def send_off(s: TanukiState, seat: int) -> None:
    """``seat``'s monk leaves the board to start again from an edge space."""
    s.monks[seat] = OFF
    s.trail[seat] = []


def _trace(
    s: TanukiState, sq: int, entry: int, origin: int
) -> tuple[list[tuple[int, int, int, str]], bool]:
    """The steps ``(square, in, out, symbol)`` of the path from ``entry`` of ``sq`` to its end,
    and whether it is a loop (it comes back to where it started, whatever stands on it)."""
    steps: list[tuple[int, int, int, str]] = []
    seen: set[int] = set()
    board = s.board
    while True:
        here = board[sq]
        if here < 0:
            return steps, False
        key = sq * 8 + entry
        if key in seen or len(steps) > MAX_STEPS:
            return steps, True
        seen.add(key)
        out, sym = EXITS[here][entry]
        steps.append((sq, entry, out, sym))
        if sq * 8 + out == origin:
            return steps, True
        sq, entry = FRONT[sq * 8 + out]


def _edge_between(prev_sq: int, sq: int, entry: int) -> int:
    """The edge space a step crossed to enter ``sq`` at ``entry`` from ``prev_sq`` (-1: none)."""
    if prev_sq != sq or NEIGHBOURS[sq][entry >> 1] >= 0:
        return -1
    return EDGE_OF[(sq, entry >> 1)]


def _monk_at(monks: list[int], value: int, walker: int) -> int | None:
    """The seat other than ``walker`` whose monk value is ``value`` (a path end or an edge
    space, never :data:`OFF`), else ``None``; the last such seat, should a position written
    by hand hold two. (Callers ask only once ``value in monks``: the usual case is none.)"""
    for other in range(len(monks) - 1, -1, -1):
        if monks[other] == value and other != walker:
            return other
    return None


def walk(s: TanukiState, seat: int, sq: int, entry: int, first: bool, log: Log) -> None:
    """Walk ``seat``'s monk into ``sq`` at ``entry`` and on to the end of its path.

    ``first``: it starts from an edge space, so the symbols and stash of the first tile do not
    count. A loop costs 5 and sends the monk off; meeting another monk head-on or at the same
    path end is a crash (both lose 5 and go off). The active seat earns 2 per monk it caused
    to start over when it is not one of them. When the state keeps a journal, the walk is
    recorded there (:class:`~.state.WalkRecord`).
    """
    names = s.players
    origin = s.monks[seat]
    steps, loop = _trace(s, sq, entry, origin)
    if loop:
        if s.journal is not None:
            squares = [q for q, _, _, _ in steps]
            _record(s, seat, origin, OFF, squares, [], 0, 0, 0, False, -1, True)
        paid = lose(s, seat, LOOP_LOSS)
        send_off(s, seat)
        paying = f"lost {count(paid, 'shiitake', 'shiitake')}" if paid else "had none to lose"
        log.say(f"{possessive(names[seat])} monk walked into a loop and {paying}")
        _cause(s, (seat,), log)
        return
    monks = s.monks
    active = seat == s.active
    double = 2 if active and "harvest" in s.effects else 1
    prev = origin >> 3 if EDGE_BASE > origin >= 0 else -1
    gained = lost = stashed = 0
    crossed = False
    trail = s.trail[seat] = s.trail[seat].copy()  # shared with the previous state
    final = origin
    walked: list[int] = []
    edges: list[int] = []
    for i, (here, cin, out, sym) in enumerate(steps):
        # Only a step that stays in its square crossed an edge space (the path ran off and back).
        edge = _edge_between(prev, here, cin) if prev == here else -1
        other = None
        if here * 8 + cin in monks or (edge >= 0 and EDGE_BASE + edge in monks):
            other = _monk_at(monks, here * 8 + cin, seat)
            if other is None and edge >= 0:
                other = _monk_at(monks, EDGE_BASE + edge, seat)
        if other is not None:
            _crashed(s, seat, origin, walked, edges, gained, stashed, lost, crossed, other, log)
            return
        if edge >= 0:
            edges.append(edge)
        walked.append(here)
        if not (first and i == 0):
            if s.stash[here]:
                stashed += s.stash[here] * double
                set_stash(s, here, 0)
            if sym == SHIITAKE:
                gained += double
            elif sym == DEN:
                if not (active and "dens" in s.effects):
                    lost += 1
            elif sym == MAGARI and not (active and "escape" in s.effects):
                crossed = True
        if here not in trail:
            trail.append(here)
        final = here * 8 + out
        prev = here
        other = _monk_at(monks, final, seat) if final in monks else None
        if other is not None:
            _crashed(s, seat, origin, walked, edges, gained, stashed, lost, crossed, other, log)
            return
    if s.journal is not None:
        _record(s, seat, origin, final, walked, edges, gained, stashed, lost, crossed, -1)
    s.monks[seat] = final
    if gained or lost or stashed:
        _settle(s, seat, gained, lost, stashed, log)
    if crossed:
        _crossed_magari(s, seat, log)
    if steps:
        log.say(f"{possessive(names[seat])} monk walked to {square_name(final >> 3)}")


def _crossed_magari(s: TanukiState, seat: int, log: Log) -> None:
    """``seat``'s monk crossed an ashi-magari this turn (no draw, or a discard)."""
    s.magari = s.magari.copy()  # a new list: see "Shared lists"
    s.magari[seat] = True
    log.say(f"{possessive(s.players[seat])} monk crossed an ashi-magari")


def _crashed(
    s: TanukiState,
    seat: int,
    origin: int,
    walked: list[int],
    edges: list[int],
    gained: int,
    stashed: int,
    lost: int,
    crossed: bool,
    other: int,
    log: Log,
) -> None:
    """The walk ran into ``other``'s monk: what it gathered and passed on the way counts, an
    ashi-magari crossed before the crash too (rules version 3: "any Ashi-magari"
    encountered; earlier versions forgot it), then the crash."""
    crossed = crossed and s.rules >= 3
    if s.journal is not None:
        _record(s, seat, origin, OFF, walked, edges, gained, stashed, lost, crossed, other)
    if crossed:
        _crossed_magari(s, seat, log)
    _crash(s, seat, other, gained, lost, stashed, log)


def _record(
    s: TanukiState,
    seat: int,
    start: int,
    end: int,
    squares: list[int],
    edges: list[int],
    symbols: int,
    stash: int,
    dens: int,
    magari: bool,
    crash: int,
    loop: bool = False,
) -> None:
    """Write a walk into the state's journal, when it keeps one."""
    if s.journal is not None:
        s.journal.append(
            WalkRecord(
                seat, start, end, tuple(squares), tuple(edges), symbols, stash, dens, magari,
                crash, loop,
            )
        )  # fmt: skip


def _settle(s: TanukiState, seat: int, gained: int, lost: int, stashed: int, log: Log) -> None:
    name = s.players[seat]
    if gained or stashed:
        gain(s, seat, gained + stashed)
        extra = f" (a stash of {stashed})" if stashed else ""
        log.say(f"{name} collected {count(gained + stashed, 'shiitake', 'shiitake')}{extra}")
    if lost:
        paid = lose(s, seat, lost)
        dens = count(lost, "tanuki den")
        if paid:
            log.say(f"{name} passed {dens} and lost {count(paid, 'shiitake', 'shiitake')}")
        else:  # "Players can never have negative Shiitake"
            log.say(f"{name} passed {dens} with no shiitake to lose")


def _crash(
    s: TanukiState, seat: int, other: int, gained: int, lost: int, stashed: int, log: Log
) -> None:
    _settle(s, seat, gained, lost, stashed, log)
    names = s.players
    for who in (seat, other):
        lose(s, who, CRASH_LOSS)
        send_off(s, who)
    log.say(f"{names[seat]} crashed into {names[other]}: both lost up to 5 shiitake and start over")
    _cause(s, (seat, other), log)


def _cause(s: TanukiState, seats: tuple[int, ...], log: Log) -> None:
    active = s.active
    if active in seats:
        return
    bonus = CAUSE_BONUS * len(seats)
    gain(s, active, bonus)
    log.say(f"{s.players[active]} earned {bonus} shiitake for making them start over")


def unconnected_edges(s: TanukiState) -> list[int]:
    """The edge spaces (by number) with no monk on them and nothing (no tile, no rock garden)
    on the square beside them: where a walk starts while any remain."""
    board = s.board
    taken = [m - EDGE_BASE for m in s.monks if m >= EDGE_BASE]
    return [e for e, (sq, _side) in enumerate(EDGES) if board[sq] == EMPTY and e not in taken]


def enter_edge(s: TanukiState, seat: int, end: int, log: Log) -> None:
    """``seat``'s monk on an edge space walks in through end 1 or 2 (clockwise) of its edge."""
    sq, side = EDGES[s.monks[seat] - EDGE_BASE]
    walk(s, seat, sq, 2 * side + end - 1, True, log)


def walk_on(s: TanukiState, seat: int, log: Log) -> None:
    """``seat``'s monk on a path follows it from where it stands."""
    sq, entry = FRONT[s.monks[seat]]
    walk(s, seat, sq, entry, False, log)


FRONT_SQUARE: dict[int, int] = {value: sq for value, (sq, _entry) in enumerate(FRONT)}
"""Where a monk standing on a path (its value ``sq * 8 + end``) must place a tile next: the
square of :data:`~.components.FRONT`."""


front_square = TanukiState.front_square
"""``front_square(s, seat)``: the square where ``seat`` must place a tile to move (-1 when its
monk is off); the state's method, as a function of the state."""


# --- tanuki --------------------------------------------------------------------------------


def _spring(s: TanukiState, i: int, letter: int, log: Log) -> None:
    owner = s.trap_owner[letter]
    set_trap(s, letter, -1, -1)
    s.tanuki[i] = -1
    spend(s, 21 + letter)  # the Tanuki Trap card of that letter
    gain(s, owner, TRAP_BONUS)
    log.say(
        f"Trap {TRAP_LETTERS[letter].upper()} caught the {TANUKI_NAMES[i]} tanuki: "
        f"{names_of(s, owner)} collected {TRAP_BONUS} shiitake"
    )


def names_of(s: TanukiState, seat: int) -> str:
    """The seat's name."""
    return s.players[seat]


def arrive(s: TanukiState, i: int, sq: int, landing: bool, attack: bool, log: Log) -> bool:
    """Tanuki ``i`` moves onto ``sq`` (``landing``: and stops there). Returns whether it is
    still on the board afterwards.

    A trap there catches it; monks there lose 1 (passed) or 3 (landed on, and the tanuki
    leaves), left as a stash, unless ``attack`` is off (Fast Tanuki); a square without monks
    loses its tile and stash, but a rock garden stays (rules version 2: only Clear the Path
    clears one; version 1 removed it)."""
    if sq in s.traps:
        _spring(s, i, s.traps.index(sq), log)
        return False
    s.tanuki[i] = sq
    name = TANUKI_NAMES[i]
    seats = monks_in(s, sq)
    if seats:
        if not attack:
            return True
        loss = LAND_LOSS if landing else PASS_LOSS
        for seat in seats:
            paid = lose(s, seat, loss)
            set_stash(s, sq, s.stash[sq] + paid)
            what = "landed on" if landing else "passed"
            monk = f"{possessive(s.players[seat])} monk"
            if paid:
                stolen = count(paid, "shiitake", "shiitake")
                log.say(f"The {name} tanuki {what} {monk}: {stolen} left on {square_name(sq)}")
            else:
                log.say(f"The {name} tanuki {what} {monk}, but found no shiitake")
        if landing:
            s.tanuki[i] = -1
            log.say(f"The {name} tanuki left the board")
            return False
        return True
    here = s.board[sq]
    had_stash = s.stash[sq]
    if here == EMPTY and not had_stash:  # the usual case: nothing to remove
        return True
    if here == ROCK and s.rules >= 2:
        # Rock Garden: it stays "until it is cleared off the board" (by Clear the Path only).
        return True
    if remove_tile(s, sq):
        log.say(f"The {name} tanuki removed the tile on {square_name(sq)}")
    elif had_stash:
        log.say(f"The {name} tanuki scattered the stash on {square_name(sq)}")
    return True


def path_of(s: TanukiState, i: int, side: int, distance: int) -> list[int]:
    """The squares tanuki ``i`` would cross moving ``distance`` toward ``side`` (it stops
    early when it would leave the board)."""
    out: list[int] = []
    sq = s.tanuki[i]
    for _ in range(distance):
        sq = NEIGHBOURS[sq][side]
        if sq < 0:
            break
        out.append(sq)
    return out


def move_tanuki(
    s: TanukiState, i: int, side: int, distance: int, mover: int, attack: bool, log: Log
) -> bool:
    """Move tanuki ``i`` ``distance`` squares toward ``side`` (0 north .. 3 west). Returns
    whether it left the board by walking off (``mover`` earns 1 for that; the caller adds the
    bonus for both)."""
    sq = start = s.tanuki[i]
    entered: list[int] = []
    for step in range(distance):
        nxt = NEIGHBOURS[sq][side]
        if nxt < 0:
            s.tanuki[i] = -1
            gain(s, mover, 1)
            log.say(
                f"The {TANUKI_NAMES[i]} tanuki ran off the board: "
                f"{s.players[mover]} earned 1 shiitake"
            )
            if s.journal is not None:
                _moved(s, i, start, entered, True)
            return True
        entered.append(nxt)
        if not arrive(s, i, nxt, step == distance - 1, attack, log):
            if s.journal is not None:
                _moved(s, i, start, entered, False)
            return False
        sq = nxt
    if distance:
        log.say(f"The {TANUKI_NAMES[i]} tanuki moved {SIDE_NAMES[side]} to {square_name(sq)}")
    if s.journal is not None:
        _moved(s, i, start, entered, False)
    return False


def _moved(s: TanukiState, i: int, start: int, squares: list[int], ran_off: bool) -> None:
    """Write a tanuki's move into the state's journal (the caller checks it keeps one)."""
    assert s.journal is not None
    s.journal.append(TanukiRecord(i, start, s.tanuki[i], tuple(squares), ran_off))


def place_tanuki(s: TanukiState, i: int, sq: int, log: Log) -> None:
    """Put tanuki ``i`` on ``sq`` by the dice; a rock garden keeps it off until next time."""
    if s.board[sq] == ROCK:
        log.say(
            f"The {TANUKI_NAMES[i]} tanuki cannot be placed on the rock garden at {square_name(sq)}"
        )
        return
    log.say(f"The {TANUKI_NAMES[i]} tanuki was placed on {square_name(sq)}")
    # (Fast Tanuki: "do not attack another player", a tanuki placed that roll included, rules
    # version 3; earlier versions let a placed one land on monks)
    arrive(s, i, sq, True, not ("fast" in s.effects and s.rules >= 3), log)


def together(s: TanukiState, log: Log) -> None:
    """Both tanuki on one space after moving: every player loses 2 (to the supply)."""
    if s.tanuki[0] >= 0 and s.tanuki[0] == s.tanuki[1]:
        for seat in range(len(s.players)):
            lose(s, seat, TOGETHER_LOSS)
        log.say(f"Both tanuki met on {square_name(s.tanuki[0])}: everyone lost up to 2 shiitake")
