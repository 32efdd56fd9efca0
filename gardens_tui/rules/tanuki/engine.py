"""The rules of play: a new game, the legal actions of each decision, and ``apply``.

A turn: (Garden Master: play a card or roll) → the dice are rolled and each tanuki is placed
back or moved (a 5 asks the active player for a direction; Tanuki Repellant windows open for
card holders in its way) → the active player places a tile, distracts a tanuki or passes;
the monks whose paths grew walk, the active one first, then clockwise → other seats that
crossed an ashi-magari discard a tile → the active player draws back to 3 → (Garden Master: buy
a card) → the end of the game is checked. Chance (dice, draws, reshuffles) comes from the
state's PRNG, and every ``apply`` that used it, or dealt a secret, sets ``chance``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import Action, IllegalAction
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki import cards as GM
from gardens_tui.rules.tanuki.components import (
    AROUND,
    DIRECTION_NAMES,
    EDGES,
    FRONT,
    NUM_CARDS,
    NUM_TILES,
    SIZE,
    SQUARES,
    TANUKI_NAMES,
    card_value,
    edge_name,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.spec import SPEC
from gardens_tui.rules.tanuki.state import (
    CARD_LIMIT,
    CHOOSE,
    DISTRACT_PRICE,
    EDGE_BASE,
    EMPTY,
    HAND,
    MONK_SQUARE,
    OFF,
    ROCK,
    TanukiState,
)
from gardens_tui.rules.words import count, join_and

MAX_TURNS = 600
"""A safety stop: the game ends after this many turns (most shiitake wins)."""
MAX_EXTRA = 30
"""A safety stop for the tie-break: after this many extra rounds the tied leaders share the win."""
CARD_PRICE = 2


# --------------------------------------------------------------------------------------------
# New game
# --------------------------------------------------------------------------------------------


_SPAN = 1 << 64
_DIE_LIMIT = _SPAN - _SPAN % 6


def die(rng: Rng) -> int:
    """A die roll, 1-6: the very draw of ``rng.randint(1, 6)`` (the same rejection of the
    biased top of the range, hence the same games), in fewer calls; dice roll every turn."""
    x = rng.next64()
    while x >= _DIE_LIMIT:
        x = rng.next64()
    return 1 + x % 6


def shuffle(rng: Rng, items: list[int]) -> None:
    """Shuffle ``items`` in place into the very order ``rng.shuffle(items)`` gives (the same
    Fisher-Yates swaps and draws), in fewer calls: a new game shuffles 64 tiles."""
    next64 = rng.next64
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        x = next64()
        while x >= _SPAN - _SPAN % n:
            x = next64()
        j = x % n
        items[i], items[j] = items[j], items[i]


def new_game(players: Sequence[str], options: Mapping[str, Any] | None, seed: int) -> TanukiState:
    """The starting position: tiles dealt, both tanuki placed by the dice, every seat to choose
    an edge space in turn order."""
    SPEC.check_player_count(len(players))
    opts = SPEC.normalise_options(options)
    n = len(players)
    rng = Rng(seed_state(seed))
    pile = list(range(NUM_TILES))
    shuffle(rng, pile)
    s = TanukiState(players=tuple(players), options=opts, rng=0)
    s.board = [EMPTY] * SQUARES
    s.stash = [0] * SQUARES
    s.monks = [OFF] * n
    s.shiitake = [0] * n
    s.trail = [[] for _ in range(n)]
    s.magari = [False] * n
    s.cards = [[] for _ in range(n)]
    s.hands = [[pile.pop() for _ in range(HAND)] for _ in range(n)]
    s.pile = pile
    if s.master:
        deck = list(range(NUM_CARDS))
        shuffle(rng, deck)
        s.deck = deck
    log = B.Log()
    for seat in range(n):
        log.secret(
            seat,
            f"{players[seat]} was dealt 3 path tiles",
            f"{players[seat]} was dealt {join_and([tile_name(t) for t in sorted(s.hands[seat])])}",
        )
    for i in range(2):
        blue, gold = die(rng), die(rng)
        sq = (gold - 1) * SIZE + blue - 1
        s.tanuki[i] = sq
        log.say(
            f"The {TANUKI_NAMES[i]} tanuki was placed on {square_name(sq)} "
            f"(blue {blue}, gold {gold})"
        )
    s.queue = list(range(n))
    s.phase = "edge"
    s.rng = rng.state
    s.chance = True
    _finish(s, log)
    return s


def _finish(s: TanukiState, log: B.Log) -> None:
    s.events = tuple(log.lines)
    s.private_events = tuple(log.private) if log.private else ()


# --------------------------------------------------------------------------------------------
# Legal actions
# --------------------------------------------------------------------------------------------


def edge_actions(s: TanukiState) -> list[Action]:
    """The edge decision's actions: edge spaces a monk may start from: no monk on it and no
    tile (or rock) beside it; when there is none, any edge space without a monk beside a
    square no monk is in (its tile is removed; from rules version 3 not beside a rock garden,
    which is no tile and leaves only by Clear the Path, while another remains), and failing
    that any edge space without a monk. (Plain comprehensions: measured cheaper here than
    ``map`` and ``compress``.)"""
    clear = B.unconnected_edges(s)
    if clear:
        return [EDGE_ACTIONS[e] for e in clear]
    monks, board = s.monks, s.board
    taken = [m - EDGE_BASE for m in monks if m >= EDGE_BASE]
    occupied = {MONK_SQUARE[m] for m in monks}
    removable = [
        EDGE_ACTIONS[e] for e in EDGE_RANGE if e not in taken and EDGE_SQUARES[e] not in occupied
    ]
    if s.rules >= 3:
        tiles = [a for a in removable if board[EDGE_SQUARES[a[1]]] != ROCK]
        if tiles:
            return tiles
    return removable or [EDGE_ACTIONS[e] for e in EDGE_RANGE if e not in taken]


EDGE_RANGE = range(len(EDGES))
EDGE_SQUARES: tuple[int, ...] = tuple(sq for sq, _side in EDGES)
"""The square beside each edge space."""
EDGE_ACTIONS: tuple[Action, ...] = tuple(("edge", e) for e in EDGE_RANGE)
STEER_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(("steer", i, d) for d in range(1, 5)) for i in range(2)
)


PLACE_ON_PATH: tuple[tuple[Action, ...], ...] = tuple(
    tuple(("place", t, r, 0) for r in range(4)) for t in range(NUM_TILES)
)
"""Per tile, its place actions for a monk on a path, in legal order (built once: the place
decision lists them at almost every turn)."""
PLACE_FROM_EDGE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(("place", t, r, e) for r in range(4) for e in (1, 2)) for t in range(NUM_TILES)
)
"""Per tile, its place actions for a monk on an edge space (either end), in legal order."""


def place_actions(s: TanukiState) -> list[Action]:
    """The place decision's actions (without Garden Master plays)."""
    seat = s.active
    m = s.monks[seat]
    out: list[Action] = []
    if m != OFF and s.placed < (2 if "stroll" in s.effects else 1):
        sq = B.front_square(s, seat)
        here = s.board[sq]
        if m >= EDGE_BASE and here >= 0:
            out = [("enter", 1), ("enter", 2)]
        elif here == EMPTY:
            if sq in s.tanuki:
                if s.shiitake[seat] >= DISTRACT_PRICE:
                    out = [("distract", i) for i in range(2) if s.tanuki[i] == sq]
            else:
                tiles = sorted(set(s.hands[seat]))
                if tiles and tiles[0] < 0:  # another seat's view: the tiles are hidden (-1)
                    ends = (1, 2) if m >= EDGE_BASE else (0,)
                    out = [("place", t, r, e) for t in tiles for r in range(4) for e in ends]
                else:
                    table = PLACE_FROM_EDGE if m >= EDGE_BASE else PLACE_ON_PATH
                    for t in tiles:
                        out += table[t]
    out.append(("pass",))
    return out


def legal_actions(s: TanukiState) -> list[Action]:
    """Every legal action of the pending decision, in a fixed order (a fresh list).

    Computed once per state and cached on it (states are immutable once handed out; ``copy``
    starts without the cache), so ``legal_actions`` followed by ``apply`` costs one
    computation. (``base.cached_legal``'s work, written out: it runs at every decision.)"""
    cached = s.legal_cache
    if cached is None:
        cached = s.legal_cache = _compute_legal(s)
    return list(cached)


def _compute_legal(s: TanukiState) -> list[Action]:
    if s.over:
        return []
    phase = s.phase
    if phase == "place":
        out = place_actions(s)
        if s.master and not s.card_used:
            out.extend(GM.plays(s, "place"))
        return out
    if phase == "edge":
        return edge_actions(s)
    if phase == "steer":
        return list(STEER_ACTIONS[0 if s.dirs[0] == CHOOSE else 1])
    if phase == "discard":
        return [("discard", t) for t in sorted(set(s.hands[s.queue[0]]))]
    if phase == "before":
        out = [("roll",)]
        if not s.card_used:
            out.extend(GM.plays(s, "before"))
        return out
    if phase == "buy":
        return [("buy",), ("end",)]
    if phase == "repel":
        seat = s.queue[0]
        return [("repel",), ("let",)] if GM.holds(s, seat, "repellant") else [("let",)]
    if phase == "offense":
        seat = s.queue[0]
        return [("cancel",), ("allow",)] if GM.holds(s, seat, "offense") else [("allow",)]
    if phase == "clear":
        return [("clear", sq) for sq in GM.clearable(s)] + [("done",)]
    return []


# --------------------------------------------------------------------------------------------
# Apply
# --------------------------------------------------------------------------------------------


def apply(s: TanukiState, action: Action, fmt: Callable[[Any], str]) -> TanukiState:
    """The next position; :class:`IllegalAction` naming the rule (``s`` untouched) if illegal."""
    cached = s.legal_cache
    if cached is None:
        cached = s.legal_cache = _compute_legal(s)
    if s.over or action not in cached:
        from gardens_tui.rules.tanuki.refusals import reason

        raise IllegalAction(reason(s, action, fmt))
    return apply_unchecked(s, action)


def apply_unchecked(s: TanukiState, action: Action) -> TanukiState:
    """The next position after ``action``, which must be one of ``legal_actions(s)`` (not
    checked: anything else gives an undefined result). ``s`` is left untouched."""
    n = s.derive()
    n.chance = False
    log = B.Log()
    rng = Rng(n.rng)
    verb = action[0]
    if verb == "edge":
        _edge(n, action[1], rng, log)
    elif verb == "roll":
        roll(n, rng, log)
    elif verb == "steer":
        n.dirs[action[1]] = action[2]
        log.say(
            f"{n.players[n.active]} sent the {TANUKI_NAMES[action[1]]} tanuki "
            f"{DIRECTION_NAMES[action[2]]}"
        )
        if CHOOSE not in n.dirs:
            start_moving(n, rng, log)
    elif verb in ("place", "enter", "distract", "pass"):
        _place_verb(n, action, rng, log)
    elif verb == "discard":
        seat = B.take_turn_in_queue(n)
        n.hands[seat] = B.without(n.hands[seat], action[1])
        n.discard = [*n.discard, action[1]]  # a new list: see board's "Shared lists"
        log.say(f"{n.players[seat]} discarded {tile_name(action[1])} for the ashi-magari")
        after_moves(n, rng, log)
    elif verb in ("repel", "let"):
        card_move = GM.card_move_pending(n)
        GM.repel_answer(n, verb == "repel", log)
        if n.phase != "repel":
            if card_move:
                GM.finish_card_move(n, log)
                resume(n, rng, log)
            else:
                continue_moving(n, rng, log)
    elif verb == "play":
        GM.play(n, action, log)
        if n.phase not in ("offense", "clear", "repel"):
            resume(n, rng, log)
    elif verb in ("cancel", "allow"):
        GM.offense_answer(n, verb == "cancel", log)
        if n.phase not in ("offense", "clear", "repel"):
            resume(n, rng, log)
    elif verb in ("clear", "done"):
        GM.clear_answer(n, action, log)
        if n.phase != "clear":
            resume(n, rng, log)
    elif verb == "buy":
        seat = n.active
        B.lose(n, seat, CARD_PRICE)
        card = n.deck[-1]
        n.deck = n.deck[:-1]  # new lists: see board's "Shared lists"
        n.cards[seat] = [*n.cards[seat], card]
        n.chance = True
        log.secret(
            seat,
            f"{n.players[seat]} bought a Garden Master card for 2 shiitake",
            f"{n.players[seat]} bought {GM.title(card)} for 2 shiitake",
        )
        finish_turn(n, rng, log)
    elif verb == "end":
        log.say(f"{n.players[n.active]} bought no card")
        finish_turn(n, rng, log)
    n.rng = rng.state
    _finish(n, log)
    return n


def _edge(n: TanukiState, edge: int, rng: Rng, log: B.Log) -> None:
    seat = B.take_turn_in_queue(n)
    sq = EDGES[edge][0]
    if n.board[sq] != EMPTY and sq not in {n.monk_square(o) for o in range(len(n.players))}:
        what = "rock garden" if n.board[sq] == ROCK else "tile"
        B.remove_tile(n, sq)
        log.say(f"The {what} beside edge {edge_name(edge)} was removed")
    n.monks[seat] = EDGE_BASE + edge
    n.trail[seat] = []
    log.say(f"{n.players[seat]} started from edge {edge_name(edge)}")
    if n.queue:
        return
    if n.turn == 1 and n.dice == [0, 0]:  # the last seat of the set-up chose: turn 1 begins
        begin_turn(n, rng, log)
    else:
        proceed(n, rng, log)


def begin_turn(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """The active seat's turn starts: a monk off the board first chooses an edge space."""
    seats = len(n.players)
    n.magari = [False] * seats
    n.placed = 0
    n.gone = 0
    n.card_used = False
    n.effects = []
    n.had_tiles = bool(n.hands[n.active])
    if n.monks[n.active] == OFF:
        n.phase = "edge"
        n.queue = [n.active]
        return
    proceed(n, rng, log)


def proceed(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """After the edge choice: with Garden Master the active seat may play a card before rolling."""
    if n.master:
        n.phase = "before"
        n.queue = []
        return
    roll(n, rng, log)


def roll(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """Roll both dice: tanuki off the board are placed by them, the others get a direction."""
    blue, gold = die(rng), die(rng)
    n.chance = True
    use_dice(n, blue, gold, rng, log)


def use_dice(n: TanukiState, blue: int, gold: int, rng: Rng, log: B.Log) -> None:
    """The dice showed ``blue`` and ``gold``: place or direct each tanuki, then move them.

    A tanuki off the board is placed by the dice (it does not move this roll). When both are
    off, the blue one is placed by this roll and the gold one by a roll of its own (rules
    version 2; version 1 placed both by the same dice, so they always met)."""
    n.dice = [blue, gold]
    name = n.players[n.active]
    log.say(f"{name} rolled blue {blue}, gold {gold}")
    placed = False
    for i in range(2):
        if n.tanuki[i] < 0:
            n.dirs[i] = 0
            b, g = blue, gold
            if placed and n.rules >= 2:
                # "For each Tanuki, roll both dice": the second one placed gets its own roll.
                b, g = die(rng), die(rng)
                log.say(f"{name} rolled blue {b}, gold {g} for the {TANUKI_NAMES[i]} tanuki")
            B.place_tanuki(n, i, (g - 1) * SIZE + b - 1, log)
            placed = True
        else:
            face = n.dice[i]
            n.dirs[i] = face if face <= CHOOSE else 0
    if CHOOSE in n.dirs:
        n.phase = "steer"
        return
    start_moving(n, rng, log)


def start_moving(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """Begin moving the tanuki, blue first."""
    n.moving = 0
    continue_moving(n, rng, log)


def distance(n: TanukiState, i: int) -> int:
    """How far tanuki ``i`` moves this roll: 1 on an odd other die, 2 on an even one (+1 fast)."""
    d = 1 if n.dice[1 - i] % 2 else 2
    return d + (1 if "fast" in n.effects else 0)


def continue_moving(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """Move the tanuki still to move (``moving``: even = its Repellant window not yet opened)."""
    if not move_tanuki_now(n, log, True):
        return
    B.together(n, log)
    after_tanuki(n, rng, log)


def move_tanuki_now(n: TanukiState, log: B.Log, windows: bool) -> bool:
    """Move the tanuki still to move this roll, blue first; ``False`` when a Repellant window
    opened first (``windows``; :mod:`.preview` moves them without). Earns the mover 1 for each
    tanuki run off the board and the bonus for both; the meeting of both is not checked here."""
    while n.moving < 4:
        i = n.moving >> 1
        if n.tanuki[i] < 0 or not 1 <= n.dirs[i] <= 4:
            n.moving = 2 * i + 2
            continue
        side = n.dirs[i] - 1
        dist = distance(n, i)
        if n.moving % 2 == 0:
            n.moving += 1
            if windows and n.master and "fast" not in n.effects:
                path = B.path_of(n, i, side, dist)
                seats = GM.in_the_way(n, path)
                if seats:
                    n.phase = "repel"
                    n.queue = seats
                    return False
        attack = "fast" not in n.effects
        if n.tanuki[i] >= 0 and B.move_tanuki(n, i, side, dist, n.active, attack, log):
            n.gone += 1
            if n.gone == 2:
                B.gain(n, n.active, 1)
                log.say(f"{n.players[n.active]} earned a bonus shiitake: both tanuki ran off")
        n.moving = 2 * i + 2
    return True


def after_tanuki(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """The tanuki have moved: place a tile (or, starting with no tile, end the turn)."""
    n.queue = []
    if not n.had_tiles:
        log.say(f"{n.players[n.active]} began the turn without tiles")
        end_turn(n, rng, log)
        return
    n.phase = "place"


def resume(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """Back to the decision a card was played in."""
    n.queue = []


NO_TILE_LOG = {
    "": "",
    "tile": ": the square ahead already holds a tile",
    "rock": ": the square ahead is a rock garden",
    "tanuki": f": a tanuki is in the way and chasing it off costs {DISTRACT_PRICE} shiitake",
    "hand": ": no tiles in hand",
}
"""The end of a pass's log line ("Ann placed no tile: ...") by the cause
:meth:`.TanukiState.no_tile_cause` names."""


def _why_no_tile(n: TanukiState) -> str:
    """Why the active seat could place no tile this turn, for the log (``": the square ahead
    is a rock garden"``); ``""`` when it could have and chose not to, or had placed already."""
    if n.placed or len(place_actions(n)) > 1:
        return ""  # (the cheap tests first: a pass is on every search's path)
    return NO_TILE_LOG[n.no_tile_cause()[0]]


def _place_verb(n: TanukiState, action: Action, rng: Rng, log: B.Log) -> None:
    seat = n.active
    name = n.players[seat]
    verb = action[0]
    if verb == "pass":
        log.say(f"{name} placed no tile{_why_no_tile(n)}")
        end_turn(n, rng, log)
        return
    if verb == "distract":
        i = action[1]
        B.lose(n, seat, DISTRACT_PRICE)
        n.tanuki[i] = -1
        log.say(f"{name} paid 2 shiitake to chase the {TANUKI_NAMES[i]} tanuki off the board")
        return
    if verb == "enter":
        B.enter_edge(n, seat, action[1], log)
        if n.monks[seat] == OFF:
            after_moves(n, rng, log)
        return
    before = n.magari  # (a walk that crosses an ashi-magari assigns a new list)
    lay(n, action, log)
    n.queue = magari_discards(n, before, seat) if any(n.magari) else []
    after_moves(n, rng, log)


def magari_discards(n: TanukiState, before: list[bool], seat: int) -> list[int]:
    """The seats that discard for an ashi-magari after ``seat`` laid a tile, in turn order from
    ``seat``'s left: each other seat that crossed one this turn and holds a tile. Under rules
    version 3 only a seat whose first crossing of the turn came with this tile (``before``: who
    had crossed before it): "they only count once", so the second tile of a Speed Stroll asks
    no second discard of a seat that discarded for the first. Earlier versions asked again."""
    again = n.rules < 3
    others = [*range(seat + 1, len(n.players)), *range(seat)]
    return [o for o in others if n.magari[o] and (again or not before[o]) and n.hands[o]]


def lay(n: TanukiState, action: Action, log: B.Log) -> None:
    """The active seat lays the tile of ``("place", tile, rot, end)`` in its front square; its
    monk walks (from an edge space in by ``end``), then every other monk whose path the tile
    extended, clockwise. Nothing after the walks (discards, draws) happens here, which is what
    lets :mod:`.preview` show a tile's outcome with this very code."""
    seat = n.active
    _, tile, rot, end = action
    sq = B.front_square(n, seat)
    if tile in n.hands[seat]:  # always in play; a preview on another seat's view may not see it
        n.hands[seat] = B.without(n.hands[seat], tile)
    n.board[sq] = tile * 4 + rot
    n.last = sq
    n.placed += 1
    log.say(f"{n.players[seat]} placed {tile_name(tile)} r{rot * 90} on {square_name(sq)}")
    monks = n.monks
    fronts = list(map(B.FRONT_SQUARE.get, monks))  # None for monks off or on an edge space
    fronts[seat] = None
    extended = []
    if sq in fronts:  # rarely: others whose paths this tile extends
        for o in [*range(seat + 1, len(n.players)), *range(seat)]:
            if 0 <= monks[o] < EDGE_BASE and FRONT[monks[o]][0] == sq:
                extended.append(o)
    if n.monks[seat] >= EDGE_BASE:
        B.enter_edge(n, seat, end, log)
    else:
        B.walk_on(n, seat, log)
    for o in extended:
        if 0 <= monks[o] < EDGE_BASE and FRONT[monks[o]][0] == sq:
            B.walk_on(n, o, log)


def after_moves(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """After the walks: discards for ashi-magari, a second tile (Speed Stroll), or the turn ends."""
    if n.queue:
        n.phase = "discard"
        return
    if (
        n.phase in ("place", "discard")
        and "stroll" in n.effects
        and n.placed < 2
        and n.monks[n.active] != OFF
    ):
        n.phase = "place"
        return
    end_turn(n, rng, log)


def draw(n: TanukiState, seat: int, wanted: int, rng: Rng, log: B.Log) -> None:
    """``seat`` draws ``wanted`` tiles (the discards are shuffled into a new pile when it runs
    out); what it drew is a line for it alone."""
    if not wanted:
        return
    n.pile = n.pile.copy()  # a new list to draw from: see board's "Shared lists"
    got: list[int] = []
    for _ in range(wanted):
        if not n.pile and n.discard:
            n.pile = n.discard.copy()
            n.discard = []
            shuffle(rng, n.pile)
            n.chance = True
            log.say("The discarded tiles were shuffled into a new pile")
        if not n.pile:
            break
        got.append(n.pile.pop())
    if not got:
        return
    n.hands[seat] = n.hands[seat] + got  # a new list: see board's "Shared lists"
    n.chance = True
    name = n.players[seat]
    log.secret(
        seat,
        f"{name} drew {count(len(got), 'tile')}",
        f"{name} drew {join_and([tile_name(t) for t in sorted(got)])}",
    )


def end_turn(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """Draw back to 3 unless an ashi-magari was crossed; then (Garden Master) the chance to buy."""
    seat = n.active
    n.queue = []
    hand = n.hands[seat]
    if not n.had_tiles or not n.magari[seat]:
        draw(n, seat, max(0, HAND - len(hand)), rng, log)
    else:
        log.say(f"{n.players[seat]} crossed an ashi-magari and draws no tiles")
    if n.master and n.shiitake[seat] >= CARD_PRICE and len(n.cards[seat]) < CARD_LIMIT and n.deck:
        n.phase = "buy"
        return
    finish_turn(n, rng, log)


def victory(n: TanukiState, seat: int) -> int:
    """Shiitake toward victory: shiitake plus cards in hand (a Shiitake Basket counts 3)."""
    return n.shiitake[seat] + sum(card_value(c) for c in n.cards[seat])


def victories(n: TanukiState) -> list[int]:
    """Every seat's :func:`victory`, in seat order: without cards in hand, the state's own
    ``shiitake`` list (read it, never change it)."""
    if not any(n.cards):
        return n.shiitake
    return [
        shiitake + sum(map(card_value, cards)) if cards else shiitake
        for shiitake, cards in zip(n.shiitake, n.cards, strict=True)
    ]


def finish_turn(n: TanukiState, rng: Rng, log: B.Log) -> None:
    """The end of a turn: check for the end of the game (and the tie-break), then the next turn."""
    seats = len(n.players)
    if n.master:
        n.chance = True  # the end check counts the cards in every hand
    n.queue = []
    n.moving = 4
    values = victories(n)
    best = max(values)
    if n.extra == 0 and best < n.target and n.turn < MAX_TURNS:
        nxt = (n.active + 1) % seats  # the usual end of a turn: the next seat plays
    elif n.extra and n.tiebreak:
        nxt, *n.tiebreak = n.tiebreak  # a new list: see board's "Shared lists"
    else:
        leaders = [s for s in range(seats) if values[s] == best]
        names = join_and([n.players[s] for s in leaders])
        if n.extra == 0:  # the target is reached (or the safety stop)
            if len(leaders) == 1 or n.turn >= MAX_TURNS:
                _end(n, log, leaders)
                return
            n.extra = 1
            log.say(f"{names} are tied for the lead: each takes one more turn")
        else:  # a round of extra turns is over
            if len(leaders) == 1 or n.extra >= MAX_EXTRA:
                _end(n, log, leaders)
                return
            n.extra += 1
            log.say(f"{names} are still tied: each takes one more turn")
        n.tiebreak = _clockwise(n, leaders)
        nxt = n.tiebreak.pop(0)
    n.active = nxt
    n.turn += 1
    begin_turn(n, rng, log)


def _clockwise(n: TanukiState, seats: list[int]) -> list[int]:
    count_ = len(n.players)
    return sorted(seats, key=lambda s: (s - n.active - 1) % count_)


def _end(n: TanukiState, log: B.Log, leaders: list[int]) -> None:
    n.over = True
    n.phase = "over"
    n.queue = []
    names = join_and([n.players[s] for s in leaders])
    log.say(f"The game is over: {names} won")


__all__ = ["AROUND", "apply", "apply_unchecked", "legal_actions", "new_game"]
