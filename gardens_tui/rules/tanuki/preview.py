"""What laying a tile or steering a tanuki would do, worked out by the engine on a copy (pure).

The screen, the command line's ``gardens moves`` descriptions and the bots share these, so a
player sees before choosing what the rules will do:

- :func:`preview_lay` (``("place", tile, rot, end)`` or ``("enter", end)``) →
  :class:`LayOutcome`: every walk the tile causes (the active monk's, then the others whose
  paths it extends, clockwise) with where it ends, the shiitake it gathers, stashes, dens,
  ashi-magari, and any crash, loop or run off the board (:class:`~.state.WalkRecord`); each
  seat's shiitake gained and paid (crash and loop penalties, and the 2 per monk the active
  player earns for making others start over, included); who must discard a tile and whether
  the active player draws.
- :func:`preview_steer` (``("steer", tanuki, direction)``) → :class:`SteerOutcome`: each tanuki
  move of this roll (:class:`TanukiMove`: its path, where it ends or whether it runs off the
  board, the shiitake it makes each seat gain or lose, tiles it removes, a trap that catches
  it), whether both tanuki meet (everyone -2) and who could still play a Tanuki Repellant.

How: the state is copied with a journal (:attr:`~.state.TanukiState.journal`) and the engine's
own functions run on the copy (:func:`~.engine.lay`, :func:`~.board.enter_edge`,
:func:`~.engine.move_tanuki_now`, :func:`~.board.together`); the outcome is read from the
journal and the copy. No rule is written twice, nothing after the walks or the tanuki moves is
played (the draw, the next turn's roll), and the PRNG is never used, so a preview works on a
full position and on the deciding seat's view alike and reveals nothing.

:func:`describe_lay` and :func:`describe_steer` put an outcome in a line of words
(``gardens moves`` prints them after the notation).
"""

from __future__ import annotations

from dataclasses import dataclass

from gardens_tui.rules.base import Action, IllegalAction
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import cards as GM
from gardens_tui.rules.tanuki import engine
from gardens_tui.rules.tanuki.components import (
    TANUKI_NAMES,
    TRAP_LETTERS,
    edge_name,
    square_name,
)
from gardens_tui.rules.tanuki.state import (
    CHOOSE,
    EMPTY,
    Gain,
    TanukiRecord,
    TanukiState,
    WalkRecord,
)
from gardens_tui.rules.words import does, join_and

LAY_VERBS = ("place", "enter")
"""The actions :func:`preview_lay` shows."""


@dataclass(frozen=True, slots=True)
class LayOutcome:
    """What laying a tile (or walking in from an edge space) does.

    - ``action``: the action previewed; ``square``: the square the tile goes on (or is walked
      into from the edge).
    - ``walks``: every walk it causes, in the order the rules make them (the active monk first,
      then clockwise): see :class:`~.state.WalkRecord` (``end`` is ``OFF`` after a crash or a
      loop; ``edges`` are the edge spaces the path ran off the board through and back).
    - ``gains`` / ``losses``: per seat, the shiitake gained and paid (both >= 0).
    - ``discards``: the other seats that must discard a tile for an ashi-magari.
    - ``draws``: whether the active player draws back up to 3 at the end of the turn.
    - ``events``: the log lines the engine wrote.
    """

    action: Action
    square: int
    walks: tuple[WalkRecord, ...]
    gains: tuple[int, ...]
    losses: tuple[int, ...]
    discards: tuple[int, ...]
    draws: bool
    events: tuple[str, ...]

    def net(self, seat: int) -> int:
        """``seat``'s change of shiitake."""
        return self.gains[seat] - self.losses[seat]

    @property
    def crashes(self) -> tuple[tuple[int, int], ...]:
        """The crashes, as (walking seat, seat it crashed into)."""
        return tuple((w.seat, w.crash) for w in self.walks if w.crash >= 0)

    @property
    def loops(self) -> tuple[int, ...]:
        """The seats that walk into a loop."""
        return tuple(w.seat for w in self.walks if w.loop)

    @property
    def off_board(self) -> tuple[int, ...]:
        """The seats whose path runs off the board (and comes back in)."""
        return tuple(w.seat for w in self.walks if w.edges)


@dataclass(frozen=True, slots=True)
class TanukiMove:
    """One tanuki's move: ``tanuki`` (0 blue, 1 gold) from ``start`` over ``squares`` to
    ``end`` (-1: off the board); ``ran_off``: it walked off the edge (the mover earns 1);
    ``changes``: the shiitake changes it caused, in order (:class:`~.state.Gain`: monks passed
    -1, landed on -3, the mover +1, a trap's owner +3); ``removed``: squares whose tile (or, in
    rules version 1, rock garden) it removed; ``trap``: the letter index of the trap that caught
    it (-1: none)."""

    tanuki: int
    start: int
    end: int
    squares: tuple[int, ...]
    ran_off: bool
    changes: tuple[Gain, ...]
    removed: tuple[int, ...]
    trap: int


@dataclass(frozen=True, slots=True)
class SteerOutcome:
    """What a steer choice does to this roll's tanuki moves.

    - ``moves``: the tanuki moves of the roll, blue first (a tanuki that stays is left out).
    - ``complete``: ``False`` when the gold tanuki also showed a 5 and is steered next: then
      only the blue tanuki's move is shown, and the meeting of both is not known yet.
    - ``together``: both tanuki end on one space (everyone loses 2).
    - ``bonus``: the active player earns the bonus for running both off the board.
    - ``gains`` / ``losses``: per seat, all of it (both >= 0).
    - ``repel``: card holders whose monks are in the steered tanuki's way: each may answer with
      a Tanuki Repellant first (Garden Master), which this outcome does not assume.
    - ``events``: the log lines the engine wrote.
    """

    action: Action
    moves: tuple[TanukiMove, ...]
    complete: bool
    together: bool
    bonus: bool
    gains: tuple[int, ...]
    losses: tuple[int, ...]
    repel: tuple[int, ...]
    events: tuple[str, ...]

    def net(self, seat: int) -> int:
        """``seat``'s change of shiitake."""
        return self.gains[seat] - self.losses[seat]


def _check(state: TanukiState, action: Action, verbs: tuple[str, ...]) -> None:
    if not action or action[0] not in verbs or action not in engine.legal_actions(state):
        raise IllegalAction(
            f"{action!r} is not a legal {' or '.join(verbs)} action here: nothing to preview"
        )


def _money(journal: list[object], seats: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    gains = [0] * seats
    losses = [0] * seats
    for entry in journal:
        if isinstance(entry, Gain):
            if entry.amount > 0:
                gains[entry.seat] += entry.amount
            else:
                losses[entry.seat] -= entry.amount
    return tuple(gains), tuple(losses)


def preview_lay(state: TanukiState, action: Action) -> LayOutcome:
    """The outcome of the legal ``action`` (``place`` or ``enter``) in ``state`` (a position or
    the deciding seat's view); :class:`IllegalAction` for any other action. ``state`` is not
    changed."""
    _check(state, action, LAY_VERBS)
    n = state.copy()
    journal: list[Gain | WalkRecord | TanukiRecord] = []
    n.journal = journal
    log = B.Log()
    seat = n.active
    square = B.front_square(n, seat)
    if action[0] == "place":
        engine.lay(n, action, log)
    else:
        B.enter_edge(n, seat, action[1], log)
    n.journal = None
    seats = len(n.players)
    gains, losses = _money(list(journal), seats)
    return LayOutcome(
        action=action,
        square=square,
        walks=tuple(entry for entry in journal if isinstance(entry, WalkRecord)),
        gains=gains,
        losses=losses,
        discards=tuple(engine.magari_discards(n, state.magari, seat)),
        draws=not n.magari[seat],
        events=tuple(log.lines),
    )


def preview_steer(state: TanukiState, action: Action) -> SteerOutcome:
    """The outcome of the legal ``("steer", tanuki, direction)`` in ``state``: this roll's
    tanuki moves as the engine makes them (no Repellant played); :class:`IllegalAction` for
    any other action. ``state`` is not changed."""
    _check(state, action, ("steer",))
    i, direction = int(action[1]), int(action[2])
    n = state.copy()
    n.dirs[i] = direction
    complete = CHOOSE not in n.dirs
    if not complete:
        n.dirs[1 - i] = 0  # steered next: shown once chosen
    repel: tuple[int, ...] = ()
    if n.master and "fast" not in n.effects:
        repel = tuple(GM.in_the_way(n, B.path_of(n, i, direction - 1, engine.distance(n, i))))
    journal: list[Gain | WalkRecord | TanukiRecord] = []
    n.journal = journal
    log = B.Log()
    n.moving = 0
    engine.move_tanuki_now(n, log, False)
    if complete:
        B.together(n, log)
    n.journal = None
    moves: list[TanukiMove] = []
    changes: list[Gain] = []
    claimed: set[int] = set()
    for entry in journal:
        if isinstance(entry, Gain):
            changes.append(entry)
        elif isinstance(entry, TanukiRecord):
            removed = tuple(
                q
                for q in entry.squares
                if state.board[q] != EMPTY and n.board[q] == EMPTY and q not in claimed
            )
            claimed.update(removed)
            trap = next(
                (
                    letter
                    for letter in range(len(TRAP_LETTERS))
                    if state.traps[letter] in entry.squares and n.traps[letter] < 0
                ),
                -1,
            )
            moves.append(
                TanukiMove(
                    entry.tanuki,
                    entry.start,
                    entry.end,
                    entry.squares,
                    entry.ran_off,
                    tuple(changes),
                    removed,
                    trap,
                )
            )
            changes = []
    gains, losses = _money(list(journal), len(n.players))
    return SteerOutcome(
        action=action,
        moves=tuple(moves),
        complete=complete,
        together=complete and n.tanuki[0] >= 0 and n.tanuki[0] == n.tanuki[1],
        bonus=n.gone >= 2 > state.gone,
        gains=gains,
        losses=losses,
        repel=repel,
        events=tuple(log.lines),
    )


# --------------------------------------------------------------------------------------------
# In words
# --------------------------------------------------------------------------------------------


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"-{-amount}" if amount < 0 else "0"


def _shiitake(state: TanukiState, gains: tuple[int, ...], losses: tuple[int, ...]) -> str:
    parts = []
    for seat, name in enumerate(state.players):
        if gains[seat] and losses[seat]:
            parts.append(f"{name} +{gains[seat]} -{losses[seat]}")
        elif gains[seat] or losses[seat]:
            parts.append(f"{name} {_signed(gains[seat] - losses[seat])}")
    return "shiitake: " + ", ".join(parts) if parts else "no shiitake change"


def _walk_words(state: TanukiState, walk: WalkRecord) -> str:
    name = state.players[walk.seat]
    if walk.loop:
        return f"{does(name, 'walk')} into a loop (pays up to 5, starts over)"
    if walk.crash >= 0:
        return (
            f"{does(name, 'crash')} into {state.players[walk.crash]} (both pay up to 5, start over)"
        )
    if not walk.squares:
        return f"{name} stays put"
    words = f"{does(name, 'walk')} to {square_name(walk.end >> 3)}"
    notes = []
    if walk.edges:
        edges = join_and([f"edge {edge_name(e)}" for e in walk.edges])
        notes.append(f"off the board at {edges} and back")
    notes += walk_finds(walk)
    return words + (f" ({', '.join(notes)})" if notes else "")


def walk_finds(walk: WalkRecord) -> list[str]:
    """What a walk met on its way, in words: ``["2 shiitake", "stash 1", "1 den",
    "ashi-magari"]`` (only what it met)."""
    finds: list[str] = []
    if walk.symbols:
        finds.append(f"{walk.symbols} shiitake")
    if walk.stash:
        finds.append(f"stash {walk.stash}")
    if walk.dens:
        finds.append(f"{walk.dens} den{'s' if walk.dens > 1 else ''}")
    if walk.magari:
        finds.append("ashi-magari")
    return finds


def describe_lay(state: TanukiState, outcome: LayOutcome) -> str:
    """The outcome in one line: each walk, then every seat's shiitake change."""
    parts = [_walk_words(state, walk) for walk in outcome.walks]
    parts.append(_shiitake(state, outcome.gains, outcome.losses))
    if not outcome.draws:
        parts.append(f"{does(state.players[state.active], 'draw')} no tiles")
    if outcome.discards:
        who = join_and([state.players[o] for o in outcome.discards])
        parts.append(f"{who} must discard a tile (ashi-magari)")
    return "; ".join(parts)


def _move_words(state: TanukiState, move: TanukiMove) -> str:
    name = f"{TANUKI_NAMES[move.tanuki]} tanuki"
    paid: dict[int, int] = {}
    for change in move.changes:
        if change.amount < 0:
            paid[change.seat] = paid.get(change.seat, 0) - change.amount
    landed = move.end < 0 and not move.ran_off and move.trap < 0 and bool(move.squares)
    hits: list[str] = []
    for k, q in enumerate(move.squares):
        on = landed and k == len(move.squares) - 1
        for seat in B.monks_in(state, q):
            verb = "lands on" if on else "passes"
            took = paid.get(seat, 0)
            what = f"-{took}" if took else "nothing to take"
            hits.append(f"{verb} {state.players[seat]} ({what})")
    if move.trap >= 0:
        words = f"{name} is caught by trap {TRAP_LETTERS[move.trap].upper()}"
    elif move.ran_off:
        words = f"{name} runs off the board"
    elif landed:
        words = f"{name} leaves the board after landing"
    elif move.squares:
        words = f"{name} moves to {square_name(move.end)}"
    else:
        words = f"{name} stays"
    if hits:
        words += ", " + join_and(hits)
    if move.removed:
        words += ", removing the tile on " + join_and([square_name(q) for q in move.removed])
    return words


def describe_steer(state: TanukiState, outcome: SteerOutcome) -> str:
    """The outcome in one line: each tanuki move, a meeting, every seat's shiitake change."""
    parts = [_move_words(state, move) for move in outcome.moves]
    if outcome.bonus:
        parts.append("both ran off: bonus 1")
    if outcome.together:
        parts.append("both tanuki meet: everyone -2")
    if not outcome.complete:
        parts.append("the gold tanuki is steered next")
    parts.append(_shiitake(state, outcome.gains, outcome.losses))
    if outcome.repel:
        who = join_and([state.players[o] for o in outcome.repel])
        parts.append(f"{who} may answer with a Tanuki Repellant")
    return "; ".join(parts)


__all__ = [
    "LayOutcome",
    "SteerOutcome",
    "TanukiMove",
    "describe_lay",
    "describe_steer",
    "preview_lay",
    "preview_steer",
]
