"""The invariants of Tanuki in the Garden: facts every position reachable by play keeps.

:func:`check` raises :class:`~gardens_tui.rules.fields.FieldError` for the first one a position
breaks, naming the field as a save file writes it (``state.trail[0][3]``) and saying why in words
a player understands. ``from_dict`` already checks each field's type and range; these are the
facts that tie fields together. The loader checks them for a position written by hand, and the
conformance suite checks that every position of its random games keeps them all. In a view
(``hidden``) the masked tiles and cards count as unknown. They hold under every rules version
the game still plays (``rules`` 1 and 2).

Components
----------
1. Each of the 64 path tiles is in exactly one place: a hand, the pile, the discards or the
   board. A hand holds at most 3 tiles.
2. Without the Garden Master expansion there are no cards, rock gardens or traps, no card is
   being played and no Garden Master decision is pending.
3. With it, each of the 48 cards is in exactly one place: the deck, the used cards, a hand, the
   card waiting for The Best Offense, or in front of the owner of a trap on the board (its Tanuki
   Trap card). A hand holds at most 5 cards.
4. At most 4 rock gardens. A trap on the board has an owner (and only then), no two traps share
   a square, and no tanuki stands on a trap (it would have sprung it). A rock garden holds no
   stash and no monk.

Monks
-----
5. A monk is off the board, on an edge space (no two on one), or at the end of its path: on a
   square holding a tile, at a path end facing a square without a tile (a tile there would have
   walked it on; a border side leads back into its own square, so a path never ends there), and
   no other monk stands at that end or at the other end of the same path (they would have
   crashed).
6. A monk's trail (the squares walked since it last started, for Shiitake Robber) is empty while
   it is off the board or on an edge space; otherwise it names each square once, begins on a
   border square (beside the edge space it started from), every later square is beside an
   earlier one (a walk never jumps), and it holds the square the monk is in.

Dice and tanuki
---------------
7. Before the first roll both dice show 0 (turn 1, no tile yet); after it both show 1-6. Each
   tanuki's direction follows its die: 0 (no move, or placed by this roll), the die's side for
   1-4, any side for a 5 (still 5 only while the player steers), 0 for a 6. The steer decision
   is pending exactly while a 5 waits for its direction.
8. The tanuki still to move: a Repellant window opens while a tanuki is about to move (or
   while a Move 1 Tanuki's move waits in ``play``, rules version 3); before the roll and after
   the tanuki moved, none is left to move.

The turn and the pending decision
---------------------------------
9. ``phase`` is ``"over"`` exactly when the game is over. The seats queued to decide are no seat
   twice, and only for the decisions that need them: the edge choice (monks off the board: at
   set-up the seats still to choose, in order; later the active seat alone), discards (other
   seats that crossed an ashi-magari this turn and hold a tile), the Repellant window (seats
   holding cards) and The Best Offense window (other seats holding cards).
10. Garden Master decisions need the expansion. The buy decision needs 2 shiitake, room for a
    card and a card in the deck. A card is being played only in The Best Offense window, with a
    card the active seat may play; Clear the Path picks are left only while clearing. One card a
    turn: at most one lasting effect, and any card play marks the turn's card as used.
11. Before the tanuki move nothing of the turn has happened yet: no tile placed, no ashi-magari
    crossed, and the turn began with tiles exactly when the active seat holds one; until the
    first tile is placed only the active monk may have walked (in from its edge space). The
    active monk is on the board from the roll until its tile is placed; a tile is placed only
    when the turn began with tiles; a second tile only with Speed Stroll; the square of the last
    tile placed is known once one was placed this turn.
12. Tie-break: seats wait for an extra turn only in an extra round, each once, clockwise after
    the active seat; at most 30 extra rounds; the turn count stays within 600 plus those rounds.

Shiitake and the end
--------------------
13. At the start of a turn outside a tie-break (nothing has happened yet) no seat has reached the
    target: the last turn's end would have ended the game or begun a tie-break.
14. The game is over only when its end has come: outside a tie-break, a seat reached the target
    (shiitake and cards in hand, a Shiitake Basket 3) and leads alone, or the turn limit (600)
    came; in a tie-break, one seat leads alone or the 30th extra round is over. Nobody waits for
    a decision or an extra turn then.

The log
-------
15. A line of the log that only one seat reads (``private_events``: its own draw, a tile given
    to it) names that seat: it is never addressed to a seat it does not concern, which would show
    that seat another's secret.
"""

from __future__ import annotations

from gardens_tui.rules.common_invariants import private_lines_name_their_reader
from gardens_tui.rules.fields import fail
from gardens_tui.rules.tanuki.cards import PLAYABLE_IN
from gardens_tui.rules.tanuki.components import (
    EDGES,
    EXITS,
    NEIGHBOURS,
    NUM_CARDS,
    NUM_TILES,
    ROCKS,
    SQUARES,
    TANUKI_NAMES,
    card_key,
    card_value,
    edge_name,
    front,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.engine import CARD_PRICE, MAX_EXTRA, MAX_TURNS
from gardens_tui.rules.tanuki.serial import card_name
from gardens_tui.rules.tanuki.state import (
    CARD_LIMIT,
    CHOOSE,
    EDGE_BASE,
    HAND,
    OFF,
    ROCK,
    TanukiState,
)
from gardens_tui.rules.words import possessive

HIDDEN = -1
TRAP_CARD = 21
"""The card id of Tanuki Trap A (B and C follow): a trap on the board is that card in play."""

QUEUED = ("edge", "discard", "repel", "offense")
"""The decisions taken by the seats in ``queue`` (the first decides now)."""

MASTER_PHASES = ("before", "repel", "offense", "clear", "buy")

BORDER = frozenset(sq for sq, _ in EDGES)
"""The squares along the edge of the board."""

ADJACENT: tuple[frozenset[int], ...] = tuple(
    frozenset(nb for nb in NEIGHBOURS[sq] if nb >= 0) for sq in range(SQUARES)
)
"""The squares beside each square (sharing a side)."""

ALL_TILES = list(range(NUM_TILES))
ALL_CARDS = list(range(NUM_CARDS))


def check(state: TanukiState) -> None:
    """Raise :class:`~gardens_tui.rules.fields.FieldError` for the first invariant of the module
    docstring that ``state`` breaks (its ``path`` names the field); return ``None`` if it keeps
    them all. Never changes ``state``."""
    _tiles(state)
    _cards(state)
    _tokens(state)
    _monks(state)
    _dice(state)
    _queue(state)
    _master(state)
    _turn(state)
    _tiebreak(state)
    _shiitake(state)
    _end(state)
    private_lines_name_their_reader(state)


# --- components ------------------------------------------------------------------------------


def _tiles(s: TanukiState) -> None:
    """Invariant 1: every tile once; hands of at most 3."""
    placed = [t for hand in s.hands for t in hand]
    placed += s.pile
    placed += s.discard
    placed += [v >> 2 for v in s.board if v >= 0]
    if s.hidden:
        shown = [t for t in placed if t != HIDDEN]
        ok = len(placed) == NUM_TILES and len(set(shown)) == len(shown)
    else:
        ok = sorted(placed) == ALL_TILES
    if not ok:
        _find_misplaced_tile(s)
    for seat, hand in enumerate(s.hands):
        if len(hand) > HAND:
            raise fail(f"state.hands[{seat}]", f"a hand holds at most {HAND} path tiles")


def _find_misplaced_tile(s: TanukiState) -> None:
    """Raise the error for the first tile out of place (called once the count is wrong)."""
    where: dict[int, str] = {}

    def put(tile: int, path: str) -> None:
        if tile == HIDDEN and s.hidden:
            return
        if not 0 <= tile < NUM_TILES:
            raise fail(path, "not a path tile")
        if tile in where:
            raise fail(path, f"{tile_name(tile)} is also at {where[tile]}: a tile is in one place")
        where[tile] = path

    for seat, hand in enumerate(s.hands):
        for i, tile in enumerate(hand):
            put(tile, f"state.hands[{seat}][{i}]")
    for i, tile in enumerate(s.pile):
        put(tile, f"state.pile[{i}]")
    for i, tile in enumerate(s.discard):
        put(tile, f"state.discard[{i}]")
    for sq, value in enumerate(s.board):
        if value >= 0:
            put(value >> 2, _board_path(sq))
    total = sum(map(len, s.hands)) + len(s.pile) + len(s.discard)
    total += sum(1 for v in s.board if v >= 0)
    raise fail(
        "state.pile", f"the path tiles add up to {total}, not {NUM_TILES}: a tile is in one place"
    )


def _board_path(sq: int) -> str:
    """The path of a square in the saved board (six rows of six)."""
    return f"state.board[{sq // 6}][{sq % 6}]"


def _stash_path(sq: int) -> str:
    """The path of a square's stash in the saved form (six rows of six)."""
    return f"state.stash[{sq // 6}][{sq % 6}]"


def _cards(s: TanukiState) -> None:
    """Invariants 2 and 3: the Garden Master cards."""
    if not s.master:
        for name in ("deck", "spent", "play", "effects"):
            if getattr(s, name):
                raise fail(f"state.{name}", "Garden Master cards without the expansion")
        for seat, held in enumerate(s.cards):
            if held:
                raise fail(f"state.cards[{seat}]", "Garden Master cards without the expansion")
        if s.card_used or s.clear_left:
            name = "card_used" if s.card_used else "clear_left"
            raise fail(f"state.{name}", "Garden Master cards without the expansion")
        if s.phase in MASTER_PHASES:
            raise fail("state.phase", f"{s.phase!r} is a Garden Master decision")
        return
    cards = s.deck + s.spent
    for held in s.cards:
        cards += held
    if s.phase == "offense" and len(s.play) >= 2:
        cards.append(s.play[1])
    cards += [TRAP_CARD + letter for letter in range(3) if s.traps[letter] >= 0]
    if s.hidden:
        shown = [c for c in cards if c != HIDDEN]
        ok = len(cards) == NUM_CARDS and len(set(shown)) == len(shown)
        ok = ok and all(0 <= c < NUM_CARDS for c in shown)
    else:
        ok = sorted(cards) == ALL_CARDS
    if not ok:
        _find_misplaced_card(s)
    for seat, held in enumerate(s.cards):
        if len(held) > CARD_LIMIT:
            raise fail(f"state.cards[{seat}]", f"a hand holds at most {CARD_LIMIT} cards")


def _find_misplaced_card(s: TanukiState) -> None:
    """Raise the error for the first card out of place (called once the count is wrong)."""
    where: dict[int, str] = {}

    def put(card: int, path: str) -> None:
        if card == HIDDEN and s.hidden:
            return
        if not 0 <= card < NUM_CARDS:
            raise fail(path, "not a Garden Master card")
        if card in where:
            raise fail(path, f"{card_name(card)} is also at {where[card]}: a card is in one place")
        where[card] = path

    for i, card in enumerate(s.deck):
        put(card, f"state.deck[{i}]")
    for i, card in enumerate(s.spent):
        put(card, f"state.spent[{i}]")
    for seat, held in enumerate(s.cards):
        for i, card in enumerate(held):
            put(card, f"state.cards[{seat}][{i}]")
    if s.phase == "offense" and len(s.play) >= 2:
        put(s.play[1], "state.play[1]")
    for letter in range(3):
        if s.traps[letter] >= 0:
            put(TRAP_CARD + letter, f"state.traps[{letter}]")
    raise fail("state.deck", f"the Garden Master cards do not add up to {NUM_CARDS}")


def _tokens(s: TanukiState) -> None:
    """Invariant 4: rock gardens and traps."""
    rocks = [sq for sq in range(SQUARES) if s.board[sq] == ROCK]
    if not s.master:
        if rocks:
            raise fail(_board_path(rocks[0]), "rock gardens come with the Garden Master expansion")
        for letter, sq in enumerate(s.traps):
            if sq >= 0:
                raise fail(f"state.traps[{letter}]", "traps come with the Garden Master expansion")
    if len(rocks) > ROCKS:
        raise fail(_board_path(rocks[ROCKS]), f"there are only {ROCKS} rock gardens")
    seen: set[int] = set()
    for letter, sq in enumerate(s.traps):
        if (sq >= 0) != (s.trap_owner[letter] >= 0):
            raise fail(
                f"state.trap_owner[{letter}]", "a trap on the board has an owner, and only then"
            )
        if sq < 0:
            continue
        if sq in seen:
            raise fail(f"state.traps[{letter}]", "two traps on one square")
        seen.add(sq)
        if sq in s.tanuki:
            raise fail(
                f"state.traps[{letter}]",
                f"a tanuki on {square_name(sq)} would have sprung the trap there",
            )
    for sq in rocks:
        if s.stash[sq]:
            raise fail(_stash_path(sq), "a rock garden holds no stash (placing it returns one)")


# --- monks -----------------------------------------------------------------------------------


def _monks(s: TanukiState) -> None:
    """Invariants 4 (no monk on a rock), 5 and 6: where monks stand, and their trails."""
    board = s.board
    ends: dict[int, int] = {}
    edges: dict[int, int] = {}
    for seat, m in enumerate(s.monks):
        path = f"state.monks[{seat}]"
        if m == OFF:
            continue
        if m >= EDGE_BASE:
            edge = m - EDGE_BASE
            if edge >= len(EDGES):
                raise fail(path, "no such edge space")
            if edge in edges:
                raise fail(path, f"two monks on edge {edge_name(edge)}")
            edges[edge] = seat
            if board[EDGES[edge][0]] == ROCK:
                raise fail(
                    path,
                    f"edge {edge_name(edge)} is beside a rock garden: a monk never starts beside "
                    "one, and none is put in a monk's square",
                )
            continue
        sq, end = m >> 3, m & 7
        here = board[sq]
        if here < 0:
            what = "a rock garden" if here == ROCK else "no tile"
            raise fail(path, f"{square_name(sq)} holds {what}: a monk stands on a path tile")
        ahead, _ = front(sq, end)
        if ahead == sq:
            raise fail(
                path,
                "a path never ends at the edge of the board (it comes back into the square)",
            )
        if board[ahead] >= 0:
            raise fail(
                path,
                f"the path goes on into the tile on {square_name(ahead)}: the monk would have "
                "walked on",
            )
        other_end = sq * 8 + EXITS[here][end][0]
        for spot in (m, other_end):
            if spot in ends:
                raise fail(
                    path,
                    f"on one path with {possessive(s.players[ends[spot]])} monk: they would "
                    "have crashed",
                )
        ends[m] = seat
    for seat, trail in enumerate(s.trail):
        _trail(s, seat, trail)


def _trail(s: TanukiState, seat: int, trail: list[int]) -> None:
    """Invariant 6 for one seat."""
    m = s.monks[seat]
    path = f"state.trail[{seat}]"
    if m == OFF or m >= EDGE_BASE:
        if trail:
            where = "off the board" if m == OFF else "on an edge space"
            raise fail(path, f"the monk is {where}: it has walked nothing since it started")
        return
    if not trail:
        raise fail(path, "the monk walked to its square, so its trail holds that square")
    if trail[0] not in BORDER:
        raise fail(
            f"{path}[0]",
            f"{square_name(trail[0])} is not beside the edge: a walk starts beside an edge space",
        )
    seen = {trail[0]}
    for i in range(1, len(trail)):
        sq = trail[i]
        if sq in seen:
            raise fail(f"{path}[{i}]", f"{square_name(sq)} is named twice")
        if not ADJACENT[sq] & seen:
            raise fail(
                f"{path}[{i}]",
                f"{square_name(sq)} is not beside any square walked before it: a walk goes "
                "square by square",
            )
        seen.add(sq)
    if m >> 3 not in seen:
        raise fail(path, f"the monk is in {square_name(m >> 3)}, which its trail does not name")


# --- dice and tanuki -------------------------------------------------------------------------


def _dice(s: TanukiState) -> None:
    """Invariants 7 and 8: the dice, the directions and the tanuki still to move."""
    blue, gold = s.dice
    if blue == 0 or gold == 0:
        if s.dice != [0, 0]:
            raise fail("state.dice", "both dice are rolled together")
        if s.turn != 1 or s.phase not in ("edge", "before", "offense", "clear"):
            raise fail("state.dice", "the dice show 0 only before the first roll of the game")
        if any(v >= 0 for v in s.board) or s.last >= 0:
            raise fail("state.board", "no tile is placed before the first roll of the game")
    elif s.turn == 1 and s.phase == "edge":
        raise fail("state.dice", "the monks choose their edge spaces before the first roll")
    for i in range(2):
        face, way = s.dice[i], s.dirs[i]
        if way == 0:
            continue
        if not (1 <= way <= CHOOSE if face == CHOOSE else way == face and face < CHOOSE):
            raise fail(
                f"state.dirs[{i}]",
                f"the {TANUKI_NAMES[i]} tanuki's direction does not follow its die "
                f"({face}): 1-4 name a side, a 5 lets the player choose, a 6 stays",
            )
    if (s.phase == "steer") != (CHOOSE in s.dirs):
        raise fail("state.dirs", "a 5 waits for its direction exactly while the player steers")
    if s.phase == "repel":
        # (the dice's tanuki about to move, or a Move 1 Tanuki's move waiting in ``play``)
        if s.moving % 2 == 0 and len(s.play) != 4:
            raise fail("state.moving", "a Repellant window opens while a tanuki is about to move")
    elif s.moving not in (2, 4) or (s.moving == 2 and not (s.turn == 1 and _before_move(s))):
        raise fail("state.moving", "no tanuki is left to move outside a Repellant window")


def _before_move(s: TanukiState) -> bool:
    """Whether the tanuki have not moved yet this turn (nor any tile been placed)."""
    phase = s.phase
    return phase in ("edge", "before", "steer", "repel") or (
        phase in ("offense", "clear") and s.play[:1] == [0]
    )


# --- the decision ----------------------------------------------------------------------------


def _queue(s: TanukiState) -> None:
    """Invariant 9: the seats queued to decide."""
    queue = s.queue
    phase = s.phase
    if s.over != (phase == "over"):
        raise fail("state.phase", "the phase is 'over' exactly when the game is over")
    if phase not in QUEUED:
        if queue:
            raise fail("state.queue", f"no seat waits in line for the {phase} decision")
        return
    if not queue:
        raise fail("state.queue", f"the {phase} decision needs a seat to decide")
    if len(set(queue)) != len(queue):
        raise fail("state.queue", "a seat waits in line twice")
    n = len(s.players)
    for i, seat in enumerate(queue):
        path = f"state.queue[{i}]"
        if phase == "edge" and s.monks[seat] != OFF:
            raise fail(path, "only a monk off the board chooses an edge space")
        if phase in ("discard", "offense") and seat == s.active:
            raise fail(path, f"the active seat takes no part in the {phase} decision")
        if phase == "discard" and not (s.magari[seat] and s.hands[seat]):
            raise fail(path, "only a seat that crossed an ashi-magari and holds a tile discards")
        if phase in ("repel", "offense") and not s.cards[seat]:
            raise fail(path, f"only a seat holding cards is asked in the {phase} window")
    if phase == "edge":
        if s.dice == [0, 0]:
            first = queue[0]
            if queue != list(range(first, n)) or any(
                s.monks[seat] < EDGE_BASE for seat in range(first)
            ):
                raise fail("state.queue", "at set-up the seats choose their edge spaces in order")
        elif queue != [s.active]:
            raise fail("state.queue", "a monk chooses its edge space at the start of its turn")


def _master(s: TanukiState) -> None:
    """Invariant 10: Garden Master decisions and the card being played."""
    phase = s.phase
    if not s.master:
        return
    seat = s.active
    if phase == "buy" and not (
        s.shiitake[seat] >= CARD_PRICE and len(s.cards[seat]) < CARD_LIMIT and s.deck
    ):
        raise fail(
            "state.phase",
            "buying a card needs 2 shiitake, fewer than 5 cards in hand and a card in the deck",
        )
    if phase == "offense":
        if len(s.play) < 2 or s.play[0] not in (0, 1):
            raise fail("state.play", "The Best Offense window needs the card being played")
        card = s.play[1]
        if card != HIDDEN and not (0 <= card < NUM_CARDS and card_key(card) in PLAYABLE_IN):
            raise fail("state.play[1]", "that card is never played on its owner's turn")
    elif phase == "clear":
        if s.play not in ([0], [1]):
            raise fail("state.play", "Clear the Path remembers only the decision it returns to")
        if not 1 <= s.clear_left <= 3:
            raise fail("state.clear_left", "Clear the Path clears 1 to 3 squares")
    elif phase == "repel" and len(s.play) == 4:  # (a Move 1 Tanuki's move waits for it)
        back, card, i, d = s.play
        if back not in (0, 1) or card_key(card) != "move" or s.tanuki[i] < 0 or not 1 <= d <= 4:
            raise fail("state.play", "a Repellant window holds only a Move 1 Tanuki's move")
    elif s.play:
        raise fail(
            "state.play",
            "a card is being played only in The Best Offense window (or a Move 1 Tanuki's "
            "in a Repellant window)",
        )
    if phase != "clear" and s.clear_left:
        raise fail("state.clear_left", "squares are left to clear only while clearing")
    if len(s.effects) > 1:
        raise fail("state.effects", "one card a turn, so at most one lasting effect")
    if (s.effects or phase in ("offense", "clear")) and not s.card_used:
        raise fail("state.card_used", "a card was played this turn")


def _turn(s: TanukiState) -> None:
    """Invariant 11: what has happened so far this turn."""
    phase = s.phase
    if phase == "over":
        return
    seat = s.active
    if _before_move(s):
        if s.placed:
            raise fail("state.placed", "no tile is placed before the tanuki have moved")
        for other, crossed in enumerate(s.magari):
            if crossed:
                raise fail(
                    f"state.magari[{other}]", "no monk has walked yet this turn, so none crossed"
                )
        if s.had_tiles != bool(s.hands[seat]):
            raise fail(
                "state.had_tiles",
                "the turn began with tiles exactly when the active seat holds one (none was "
                "placed yet)",
            )
    elif not s.placed and phase != "buy":
        # Placing, before the first tile: only the active monk may have walked (in from its
        # edge space onto a tile already there).
        for other, crossed in enumerate(s.magari):
            if crossed and other != seat:
                raise fail(
                    f"state.magari[{other}]",
                    "no tile was placed yet this turn, so no other monk has walked",
                )
    if phase not in ("edge", "discard", "buy") and s.monks[seat] == OFF:
        raise fail(
            f"state.monks[{seat}]",
            "the active monk is on the board from the start of its turn until its walk",
        )
    if phase == "place" and not s.had_tiles:
        raise fail("state.had_tiles", "a turn begun without tiles places none")
    if s.placed and not s.had_tiles:
        raise fail("state.placed", "a turn begun without tiles places none")
    if s.placed > 1 and "stroll" not in s.effects:
        raise fail("state.placed", "a second tile needs Speed Stroll")
    if s.placed and s.last < 0:
        raise fail("state.last", "a tile was placed this turn, so the last tile has a square")


def _tiebreak(s: TanukiState) -> None:
    """Invariant 12: the tie-break."""
    n = len(s.players)
    if s.extra > MAX_EXTRA:
        raise fail("state.extra", f"at most {MAX_EXTRA} extra rounds are played")
    if not s.extra and s.tiebreak:
        raise fail("state.tiebreak", "seats wait for extra turns only in an extra round")
    order = [(seat - s.active - 1) % n for seat in s.tiebreak]
    if s.active in s.tiebreak or order != sorted(set(order)):
        raise fail(
            "state.tiebreak",
            "the tied seats take their extra turns once each, clockwise after the active seat",
        )
    most = MAX_TURNS + (MAX_EXTRA * n if s.extra else 0)
    if s.turn > most:
        raise fail("state.turn", f"the game ends by turn {most}")


# --- shiitake and the end --------------------------------------------------------------------


def _victory(s: TanukiState, seat: int) -> tuple[int, int]:
    """The least and most ``seat``'s shiitake toward victory can be (hidden cards 1 to 3)."""
    low = high = s.shiitake[seat]
    for card in s.cards[seat]:
        if card == HIDDEN:
            low, high = low + 1, high + 3
        else:
            value = card_value(card)
            low, high = low + value, high + value
    return low, high


def _shiitake(s: TanukiState) -> None:
    """Invariant 13: below the target at the start of a turn."""
    if s.over or s.extra:
        return
    start = s.phase == "edge" or (s.phase == "before" and not s.card_used)
    if not start:
        return
    for seat in range(len(s.players)):
        low, _ = _victory(s, seat)
        if low >= s.target:
            raise fail(
                f"state.shiitake[{seat}]",
                f"{low} shiitake (cards counted) at the start of a turn: reaching {s.target} at "
                "the end of the last turn would have ended the game",
            )


def _end(s: TanukiState) -> None:
    """Invariant 14: over only when the end has come."""
    if not s.over:
        return
    if s.tiebreak:
        raise fail("state.tiebreak", "nobody takes an extra turn once the game is over")
    ranges = [_victory(s, seat) for seat in range(len(s.players))]
    best_low = max(low for low, _ in ranges)
    best_high = max(high for _, high in ranges)
    alone = sum(1 for _, high in ranges if high >= best_low) == 1
    if s.extra:
        if s.extra < MAX_EXTRA and not alone and _certain(ranges):
            raise fail(
                "state.over",
                "a tie-break ends when one seat leads alone (or after the last extra round)",
            )
        return
    if s.turn >= MAX_TURNS:
        return
    if best_high < s.target:
        raise fail(
            "state.over",
            f"the game ends when a seat reaches {s.target} shiitake (cards counted); the most "
            f"anyone has is {best_high}",
        )
    if not alone and _certain(ranges):
        raise fail(
            "state.over",
            "the leaders are tied: they take extra turns before the game ends",
        )


def _certain(ranges: list[tuple[int, int]]) -> bool:
    """Whether every seat's total is known (no hidden card leaves it open)."""
    return all(low == high for low, high in ranges)
