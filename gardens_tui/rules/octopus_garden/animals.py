"""The animal phase: sea stars, hermit crabs, boxer crabs and the coconut octopus's push.

Rules as implemented (each animal moves at most once per animal phase, so the phase always ends):

- A sea star with an oyster token it can reach must step to a neighbouring space one step closer
  to a nearest reachable oyster; where several steps qualify (equal paths, equally near oysters)
  the owner chooses. It may step onto any space but coral and boxer crabs (other sea stars too).
  Landing on an oyster token eats it: the oyster goes back to the oyster bed.
- A hermit crab may step to any neighbouring space but coral and boxer crabs. A crab without a
  home that arrives on a loose shell or trash takes it as its home. A crab carries its home along;
  it may instead leave the home behind, only where the home would lie alone in its space (the
  space has no other flat token).
- A boxer crab steps with its anemone, into an empty neighbouring space only (it carries a plant).
- A coconut octopus, once per game, pushes each neighbouring space one step: the space's whole
  contents move together (animals ride on their token). A space with a flat token moves only into
  an empty space; a space holding only animals may also join any space animals may enter, except
  one still waiting for its own push. The owner pushes the spaces in any order, and may leave any
  of them where they are. A pushed sea star landing on an oyster eats it; a pushed homeless crab
  landing on a home takes it. A push is not the animal's own move.
- ``done`` ends the phase once no sea star that must move is left.
"""

from __future__ import annotations

from gardens_tui.rules.base import Action
from gardens_tui.rules.octopus_garden.board import NEIGHBOURS, NUM_CELLS, cell_name
from gardens_tui.rules.octopus_garden.components import (
    BOXER,
    COCONUT,
    COCONUT_USED,
    CORAL,
    CRAB,
    CRAB_SHELL,
    CRAB_TRASH,
    HOMES,
    OYSTER,
    SHELL,
    STAR,
    TRASH,
    describe,
)
from gardens_tui.rules.octopus_garden.flow import Log, a, award, check_full
from gardens_tui.rules.octopus_garden.garden import base, is_blocked, oyster_distances
from gardens_tui.rules.octopus_garden.state import Garden, OctopusState, Stack
from gardens_tui.rules.words import possessive

PIECES: dict[str, int] = {
    "star": STAR,
    "crab": CRAB,
    "crab+shell": CRAB_SHELL,
    "crab+trash": CRAB_TRASH,
    "boxer": BOXER,
}
"""Animal piece names used in ``move`` actions."""
PIECE_NAMES: dict[int, str] = {code: name for name, code in PIECES.items()}

_MOVERS = (STAR, CRAB, CRAB_SHELL, CRAB_TRASH)
_MOVABLE = frozenset(_MOVERS)
_CRAB_TITLES = {
    CRAB: "hermit crab",
    CRAB_SHELL: "hermit crab (in its shell)",
    CRAB_TRASH: "hermit crab (in its trash)",
}


def _open(garden: Garden, cell: int) -> bool:
    """An animal may enter ``cell`` (no coral, no boxer crab)."""
    st = garden[cell]
    return not st or (st[0] != CORAL and st[-1] != BOXER)


def animal_actions(s: OctopusState) -> list[Action]:
    """Every legal action of the animal phase, ``done`` last when allowed."""
    garden = s.gardens[s.active]
    moved = s.moved
    acts: list[Action] = []
    dist: list[int] | None = None
    must_move = False
    for c in range(NUM_CELLS):
        st = garden[c]
        # Fast path: most spaces are empty or hold one flat token.
        if not st or (len(st) == 1 and st[0] not in _MOVABLE):
            continue
        if st[-1] == BOXER:
            if (c, BOXER) not in moved:
                acts.extend(("move", "boxer", c, n) for n in NEIGHBOURS[c] if not garden[n])
            continue
        for piece in _MOVERS:
            if piece not in st:
                continue
            if moved and st.count(piece) <= moved.count((c, piece)):
                continue
            if piece == STAR:
                if dist is None:
                    dist = oyster_distances(garden)
                d = dist[c]
                if d > 0:
                    must_move = True
                    acts.extend(("move", "star", c, n) for n in NEIGHBOURS[c] if dist[n] == d - 1)
                continue
            name = PIECE_NAMES[piece]
            can_leave = piece != CRAB and base(st) == 0
            for n in NEIGHBOURS[c]:
                if _open(garden, n):
                    acts.append(("move", name, c, n))
                    if can_leave:
                        acts.append(("move", name, c, n, "leave"))
    if s.options.get("coconut-octopus"):
        for c in range(NUM_CELLS):
            st = garden[c]
            if st and st[0] == COCONUT and any(garden[n] for n in NEIGHBOURS[c]):
                acts.append(("coconut", c))
    if not must_move:
        acts.append(("done",))
    return acts


def _arrive(s: OctopusState, garden: Garden, cell: int, pieces: Stack, log: Log) -> Stack:
    """Put animal ``pieces`` onto ``cell``: sea stars eat an oyster, homeless crabs take a home.

    Returns the pieces as they ended up (a crab that took a home is now a crab+home piece).
    """
    dest = list(garden[cell])
    name = s.players[s.active]
    landed: list[int] = []
    for piece in pieces:
        if piece == STAR and dest and dest[0] == OYSTER:
            dest.pop(0)
            s.bed += 1
            log.append(f"{possessive(name)} sea star ate an oyster at {cell_name(cell)}")
        elif piece == CRAB and dest and dest[0] in HOMES:
            home = dest.pop(0)
            piece = CRAB_SHELL if home == SHELL else CRAB_TRASH
            log.append(f"{possessive(name)} hermit crab moved into {a(home)} at {cell_name(cell)}")
        landed.append(piece)
    dest.extend(landed)
    garden[cell] = tuple(dest)
    return tuple(landed)


def apply_move(s: OctopusState, action: Action, log: Log) -> None:
    """Move one animal one space (a legal ``move`` action of the animal phase)."""
    piece = PIECES[action[1]]
    src: int = action[2]
    dst: int = action[3]
    leave = len(action) == 5
    garden = s.gardens[s.active]
    name = s.players[s.active]
    where = f"from {cell_name(src)} to {cell_name(dst)}"
    if piece == BOXER:
        garden[dst] = garden[src]
        garden[src] = ()
        s.moved.append((dst, BOXER))
        log.append(f"{possessive(name)} boxer crab carried its anemone {where}")
        award(s, s.active, log)
        check_full(s, log)
        return
    st = list(garden[src])
    st.remove(piece)
    if leave:
        home = SHELL if piece == CRAB_SHELL else TRASH
        st.insert(0, home)
        log.append(f"{possessive(name)} hermit crab left its {describe(home)} at {cell_name(src)}")
        piece = CRAB
    garden[src] = tuple(st)
    title = "sea star" if piece == STAR else _CRAB_TITLES[piece]
    log.append(f"{possessive(name)} {title} moved {where}")
    landed = _arrive(s, garden, dst, (piece,), log)
    s.moved.append((dst, landed[0]))
    check_full(s, log)


def apply_coconut(s: OctopusState, cell: int, log: Log) -> None:
    """Use the coconut octopus on ``cell``: flip it and queue its neighbours for pushing."""
    garden = s.gardens[s.active]
    garden[cell] = (COCONUT_USED, *garden[cell][1:])
    s.pushes = [n for n in NEIGHBOURS[cell] if garden[n]]
    s.phase = "push"
    owner = possessive(s.players[s.active])
    log.append(f"{owner} coconut octopus at {cell_name(cell)} stirred its neighbours")
    _leave_push_if_stuck(s)


def push_targets(s: OctopusState, cell: int) -> list[int]:
    """Where the coconut octopus may push the contents of ``cell``."""
    garden = s.gardens[s.active]
    st = garden[cell]
    if base(st):
        return [n for n in NEIGHBOURS[cell] if not garden[n]]
    return [n for n in NEIGHBOURS[cell] if n not in s.pushes and not is_blocked(garden[n])]


def push_actions(s: OctopusState) -> list[Action]:
    """Every legal action of the push step: ``push`` each waiting space somewhere, or ``done``."""
    acts: list[Action] = [("push", c, n) for c in s.pushes for n in push_targets(s, c)]
    acts.append(("done",))
    return acts


def apply_push(s: OctopusState, src: int, dst: int, log: Log) -> None:
    """Push the whole contents of ``src`` to ``dst`` (a legal ``push`` action)."""
    garden = s.gardens[s.active]
    pile = garden[src]
    garden[src] = ()
    s.pushes.remove(src)
    log.append(
        f"The coconut octopus pushed {_pile_words(pile)} from {cell_name(src)} to {cell_name(dst)}"
    )
    if garden[dst]:
        landed = _arrive(s, garden, dst, pile, log)
    else:
        garden[dst] = pile
        landed = pile
    # Moved animals keep their status: match each moved entry to one piece of the pile.
    used = [False] * len(pile)
    moved: list[tuple[int, int]] = []
    for c, p in s.moved:
        if c == src:
            i = next(i for i, q in enumerate(pile) if q == p and not used[i])
            used[i] = True
            moved.append((dst, landed[i]))
        else:
            moved.append((c, p))
    s.moved = moved
    award(s, s.active, log)
    check_full(s, log)
    _leave_push_if_stuck(s)


def end_push(s: OctopusState) -> None:
    """Leave the remaining spaces where they are and return to the animal phase."""
    s.pushes = []
    s.phase = "animals"


def _leave_push_if_stuck(s: OctopusState) -> None:
    if not any(push_targets(s, c) for c in s.pushes):
        end_push(s)


def _pile_words(pile: Stack) -> str:
    return " with ".join(a(p) for p in pile) if pile else "nothing"
