"""The invariants of Throw Octopus!: facts every position reachable by play keeps.

:func:`check` raises :class:`~gardens_tui.rules.fields.FieldError` for the first one a position
breaks, naming the field as a save file writes it (``state.hands[2]``) and saying why in words a
player understands. ``from_dict`` already checks each field's type and range; these are the facts
that tie fields together. The loader checks them for a position written by hand, and the
conformance suite checks that every position of its random games keeps them all. In a view
(``hidden``) the masked tiles count as unknown.

The tiles
---------
1. Each of the game's 85 tiles (of its tile list) is in exactly one place: a hand, the pile, the
   seascape or (solo) the discards. A view holds 85, and shows no tile twice.
2. A hand is kept in tile order. The hands shown at the end of the last game (``revealed``) are
   one per seat, in tile order, of tiles of the game, none of them twice.

The action cards
----------------
3. Solo play has no action cards. Otherwise the 28 cards are all there, by kind, between the
   deck, the used cards and the kept ones; the deck is kept sorted; only Octo Shield and Magic
   Touch are kept. A card is drawn only as a turn ends, so no Magic Touch drawn "this turn" is
   waiting between two decisions (``fresh_touch`` is 0).

The seascape
------------
4. The seascape is in one piece (tiles joined side by side: it grows that way, and Magic Touch
   only lifts a tile it can do without), and holds at most one tile more than the turns played
   (every tile but the start tile is played on a turn of its own). ``from_dict`` also checks
   that the corners meeting at every grid point agree.
5. Each complete creature on the seascape was completed by a seat, so the seats' counts of
   completed creatures (small and large) are at least those on the seascape; solo (no reset, no
   Magic Touch) they are exactly those.

The turn and the pending decision
---------------------------------
6. ``phase`` is ``"over"`` exactly when the game is over; solo play knows only the start tile,
   play and the end; the start tile is chosen (solo) exactly while the seascape is empty, and the
   seascape holds a tile in every other phase.
7. A throw's target is another seat, and only while it dodges; the target holds no Octo Shield
   (a shield stops the throw before any dodge). Choosing a target, dodging, Tide Swap and Gift
   from the Deep each follow the card that asks for them, which is the last used card; Tide Swap
   needs a tile in the pile.
8. Lost turns, bonus turns and passes are for several players only. The seat whose turn it is
   has no turn to lose (such a seat is skipped). Every bonus turn waiting (and the bonus turn
   being played) was earned by a tile of the active seat that completed a creature, so there are
   at most as many as the creatures it completed this game. Seats pass (a bit per seat) only
   once the pile is empty, and not every seat has passed while the game goes on.
9. Lost turns are bounded by the hits that caused them: a seat is never hit on its own turn; a
   hit while the pile held tiles drew 2 into its hand, which only grows until its next turn; a
   hit with the pile empty came from a card drawn for an octopus tile still on the seascape (no
   reset happens with the pile empty). So a seat's lost turns are at most half its hand plus the
   octopus tiles on the seascape (``lost: 99`` is refused).

The end of the game
-------------------
10. With several players every hand holds a tile while the game goes on (the first to empty
    their hand wins at once). Solo, the hand holds 6 tiles before the start tile is chosen, then
    5 while the pile lasts, and never more.
11. One result per finished game: none before a single game ends, up to 2 during a Game Night,
    and 1 (3 on a Game Night) once the game is over. A result counts the tiles left in the hands
    (at most the 84 off the seascape), solo the points (at most 2 per creature the tiles can
    make). Hands are shown exactly when a game has finished, as many tiles as its result says.
12. The game is over only when its end has come: with several players a hand is empty, or every
    seat passed with the pile empty, or no tile can be played with the pile empty; solo, the pile
    is gone. The hands shown then are the hands as they are.

The log
-------
13. A line of the log that only one seat reads (``private_events``: its own draw, a tile given
    to it) names that seat: it is never addressed to a seat it does not concern, which would show
    that seat another's secret.
"""

from __future__ import annotations

from gardens_tui.rules.common_invariants import private_lines_name_their_reader
from gardens_tui.rules.fields import fail
from gardens_tui.rules.throw_octopus import seascape
from gardens_tui.rules.throw_octopus.components import (
    CARD_COUNTS,
    CARD_TITLES,
    KEPT_CARDS,
    LARGE,
    NUM_TILES,
    OCTOPUS,
    ORIENTED,
    QUARTERS,
    TILE_LISTS,
    all_cards,
    tile_name,
    tile_range,
)
from gardens_tui.rules.throw_octopus.spec import GAME_NIGHT_KEY
from gardens_tui.rules.throw_octopus.state import HIDDEN, ThrowState
from gardens_tui.rules.words import count

SOLO_HAND = 5
SOLO_DRAW = 6
GAMES_PER_NIGHT = 3
THROW_CARDS = ("throw-any", "throw-next")
CARD_FOR_PHASE: dict[str, tuple[str, ...]] = {
    "throw": ("throw-any",),
    "dodge": THROW_CARDS,  # either Throw Octopus card (named by the first in messages)
    "swap": ("swap",),
    "gift": ("gift",),
}
"""The card whose effect each card phase is: the last used card while that phase is pending."""

SOLO_MOST: dict[str, int] = {
    name: 2 * (sum(QUARTERS[t] for t in tile_range(name)) // 4) for name in TILE_LISTS
}
"""Per tile list, the most solo points a game can score: 2 for each creature its quarters make."""

ALL_CARDS: list[str] = sorted(all_cards())
"""The 28 action cards, sorted."""


def check(state: ThrowState) -> None:
    """Raise :class:`~gardens_tui.rules.fields.FieldError` for the first invariant of the module
    docstring that ``state`` breaks (its ``path`` names the field); return ``None`` if it keeps
    them all. Never changes ``state``."""
    _tiles(state)
    _cards(state)
    _seascape(state)
    _creatures(state)
    _phase(state)
    _turns(state)
    _hands(state)
    _results(state)
    _end(state)
    private_lines_name_their_reader(state)


def _tiles(s: ThrowState) -> None:
    """Invariants 1 and 2: every tile exactly once; sorted hands; the revealed hands."""
    tiles = s.tiles
    placed = [t for hand in s.hands for t in hand]
    placed += s.pile
    placed += s.discarded
    placed += [code >> 1 for code in s.board.values()]
    if s.hidden:
        known = [t for t in placed if t != HIDDEN]
        ok = len(placed) == NUM_TILES and len(set(known)) == len(known)
        ok = ok and all(t in tiles for t in known)
    else:
        ok = sorted(placed) == list(tiles)
    if not ok:
        _find_misplaced_tile(s)
    for seat, hand in enumerate(s.hands):
        if hand != sorted(hand):
            raise fail(f"state.hands[{seat}]", "a hand is kept in tile order")
    if s.revealed:
        if len(s.revealed) != len(s.players):
            raise fail("state.revealed", "one hand per seat is shown at the end of a game")
        shown: set[int] = set()
        for seat, hand in enumerate(s.revealed):
            for i, tile in enumerate(hand):
                path = f"state.revealed[{seat}][{i}]"
                if tile not in tiles:
                    raise fail(path, f"{tile_name(tile)} is not a tile of this game's tile list")
                if tile in shown:
                    raise fail(path, f"{tile_name(tile)} is shown twice in the hands at the end")
                shown.add(tile)
            if hand != sorted(hand):
                raise fail(f"state.revealed[{seat}]", "a hand is kept in tile order")


def _find_misplaced_tile(s: ThrowState) -> None:
    """Raise the error for the first tile out of place (called once the count is wrong)."""
    tiles = s.tiles
    where: dict[int, str] = {}

    def put(tile: int, path: str) -> None:
        if tile == HIDDEN and s.hidden:
            return
        if tile not in tiles:
            raise fail(path, f"{tile_name(tile)} is not a tile of this game's tile list")
        if tile in where:
            raise fail(path, f"{tile_name(tile)} is also at {where[tile]}: a tile is in one place")
        where[tile] = path

    for seat, hand in enumerate(s.hands):
        for i, tile in enumerate(hand):
            put(tile, f"state.hands[{seat}][{i}]")
    for i, tile in enumerate(s.pile):
        put(tile, f"state.pile[{i}]")
    for i, tile in enumerate(s.discarded):
        put(tile, f"state.discarded[{i}]")
    for (x, y), code in sorted(s.board.items(), key=lambda item: item[0][::-1]):
        put(code >> 1, f"state.seascape ({tile_name(code >> 1)} at {x},{y})")
    total = sum(map(len, s.hands)) + len(s.pile) + len(s.discarded) + len(s.board)
    raise fail(
        "state.pile", f"the tiles add up to {total}, not {NUM_TILES}: each tile is in one place"
    )


def _cards(s: ThrowState) -> None:
    """Invariant 3: the action cards."""
    if s.solo:
        for name in ("deck", "discard"):
            if getattr(s, name):
                raise fail(f"state.{name}", "solo play uses no action cards")
        if any(s.held):
            raise fail("state.held[0]", "solo play uses no action cards")
        if s.fresh_touch:
            raise fail("state.fresh_touch", "solo play uses no action cards")
        return
    if s.deck != sorted(s.deck):
        raise fail("state.deck", "the action deck is kept sorted (cards are drawn at random)")
    for seat, kept in enumerate(s.held):
        for i, card in enumerate(kept):
            if card not in KEPT_CARDS:
                raise fail(
                    f"state.held[{seat}][{i}]",
                    "only Octo Shield and Magic Touch are kept; other cards act when drawn",
                )
    cards = s.deck + s.discard
    for kept in s.held:
        cards += kept
    cards.sort()
    if cards != ALL_CARDS:
        _find_missing_card(s)
    if s.fresh_touch:
        raise fail(
            "state.fresh_touch",
            "a card is drawn only as a turn ends (after its octopus tile), so no Magic Touch "
            "drawn this turn is waiting to become usable",
        )


def _find_missing_card(s: ThrowState) -> None:
    """Raise the error for the first kind of card whose count is wrong."""
    for kind, number in CARD_COUNTS.items():
        found = s.deck.count(kind) + s.discard.count(kind) + sum(h.count(kind) for h in s.held)
        if found != number:
            where = "state.held" if kind in KEPT_CARDS and found > number else "state.deck"
            raise fail(
                where,
                f"there are {number} {kind} cards between the deck, the used cards and the "
                f"kept ones, not {found}",
            )


def _phase(s: ThrowState) -> None:
    """Invariants 6 and 7: the phase, the throw's target and the card behind each phase."""
    phase = s.phase
    if s.over != (phase == "over"):
        raise fail("state.phase", "the phase is 'over' exactly when the game is over")
    if s.solo and phase not in ("start", "play", "over"):
        raise fail("state.phase", f"solo play has no action cards, so no {phase!r} decision")
    if (phase == "start") != (s.solo and not s.board and not s.over):
        raise fail("state.phase", "the start tile is chosen in solo play, before any other tile")
    if not s.board and phase != "start":
        raise fail("state.seascape", "the seascape holds at least the start tile")
    if phase == "dodge":
        if not 0 <= s.target < len(s.players) or s.target == s.active:
            raise fail("state.target", "the octopus is thrown at another seat")
        if "shield" in s.held[s.target]:
            raise fail(
                f"state.held[{s.target}]",
                "an Octo Shield stops a throw at once, so its holder never has to dodge",
            )
    elif s.target != -1:
        raise fail("state.target", "a throw has a target only while it is being dodged")
    wanted = CARD_FOR_PHASE.get(phase)
    if wanted is not None and (not s.discard or s.discard[-1] not in wanted):
        raise fail(
            "state.discard",
            f"the {phase} decision follows the {CARD_TITLES[wanted[0]]} card just drawn, so "
            "that card is the last of the used cards",
        )
    if phase == "swap" and not s.pile:
        raise fail("state.pile", "Tide Swap swaps with the top of the pile, which is empty")


def _seascape(s: ThrowState) -> None:
    """Invariant 4: the seascape is in one piece, and no bigger than the turns played allow."""
    board = s.board
    if len(board) > s.turn + 1:
        raise fail(
            "state.seascape",
            f"{len(board)} tiles on the seascape by turn {s.turn}: every tile but the start tile "
            "is played on a turn of its own",
        )
    if len(board) < 2:
        return
    first = next(iter(board))
    reached = {first}
    todo = [first]
    while todo:
        x, y = todo.pop()
        for cell in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if cell in board and cell not in reached:
                reached.add(cell)
                todo.append(cell)
    if len(reached) != len(board):
        x, y = min(cell for cell in board if cell not in reached)
        raise fail(
            "state.seascape",
            f"{tile_name(board[(x, y)] >> 1)} at {x},{y} is cut off from the rest: the seascape "
            "grows in one piece, and Magic Touch lifts only a tile it can do without",
        )


def _turns(s: ThrowState) -> None:
    """Invariants 8 and 9: lost turns, bonus turns and passes."""
    n = len(s.players)
    if s.solo:
        if s.lost[0]:
            raise fail("state.lost[0]", "solo play has no octopus to throw, so no lost turns")
        if s.extra or s.bonus_turn:
            raise fail("state.extra", "solo play has no bonus turns")
        if s.passed:
            raise fail("state.passed", "solo play ends at once when the player passes")
        return
    if not s.over and s.lost[s.active]:
        raise fail(
            f"state.lost[{s.active}]",
            "the seat whose turn it is has no turn to lose (it would have been skipped)",
        )
    if s.over and (s.extra or s.bonus_turn):
        raise fail("state.extra", "no turn is waiting once the game is over")
    bonuses = s.extra.count("bonus") + s.bonus_turn
    completed = sum(s.creatures[s.active])
    if bonuses > completed:
        raise fail(
            "state.extra",
            f"{count(bonuses, 'bonus turn')} for the active seat, but it completed "
            f"{count(completed, 'creature')} this game (one bonus turn per completing tile)",
        )
    if s.passed and s.pile:
        raise fail("state.passed", "seats pass without drawing only once the pile is empty")
    if not s.over and s.passed == (1 << n) - 1:
        raise fail("state.passed", "every seat passed with the pile empty: the game would be over")
    octopus = sum(1 for code in s.board.values() if OCTOPUS[code >> 1])
    for seat in range(n):
        most = len(s.hands[seat]) // 2 + octopus
        if s.lost[seat] > most:
            raise fail(
                f"state.lost[{seat}]",
                f"{count(s.lost[seat], 'turn')} to lose, but at most {most} hits can be waiting: "
                "each hit draws 2 tiles into the hand (or, with the pile empty, came from an "
                "octopus tile on the seascape)",
            )


def _creatures(s: ThrowState) -> None:
    """Invariant 5: completed creatures against the seascape."""
    board = s.board
    small = large = 0
    for (x, y), code in board.items():
        # Each complete creature is counted once: at the bottom-right corner of its top-left tile.
        value = ORIENTED[code][3]
        if value and (x + 1, y) in board and (x, y + 1) in board and (x + 1, y + 1) in board:
            if value in LARGE:
                large += 1
            else:
                small += 1
    for column, size, on_board in ((0, "small", small), (1, "large", large)):
        done = sum(c[column] for c in s.creatures)
        if done < on_board or (s.solo and done != on_board):
            raise fail(
                f"state.creatures[0][{column}]" if s.solo else "state.creatures",
                f"{count(on_board, f'{size} creature')} complete on the seascape, but the players "
                f"completed {done}",
            )


def _hands(s: ThrowState) -> None:
    """Invariant 10: hand sizes."""
    if s.over:
        return
    if not s.solo:
        for seat, hand in enumerate(s.hands):
            if not hand:
                raise fail(
                    f"state.hands[{seat}]",
                    "an empty hand wins at once, so the game would be over",
                )
        return
    size = len(s.hands[0])
    if s.phase == "start":
        if size != SOLO_DRAW:
            raise fail("state.hands[0]", "solo play draws 6 tiles to choose the start tile from")
    elif size > SOLO_HAND or (size < SOLO_HAND and s.pile) or not size:
        raise fail("state.hands[0]", "solo play keeps 5 tiles in hand while the pile lasts")


def _results(s: ThrowState) -> None:
    """Invariant 11: results and the revealed hands."""
    night = bool(s.options.get(GAME_NIGHT_KEY, False))
    done = len(s.results)
    if s.over:
        expected = GAMES_PER_NIGHT if night else 1
        if done != expected:
            raise fail("state.results", f"a finished game has {expected} results, not {done}")
    elif done > (GAMES_PER_NIGHT - 1 if night else 0):
        raise fail("state.results", "one result per finished game, and this game goes on")
    if s.solo:
        most = SOLO_MOST[s.tile_list]
        for g, row in enumerate(s.results):
            if row[0] > most:
                raise fail(f"state.results[{g}][0]", f"solo points are at most {most}")
    else:
        for g, row in enumerate(s.results):
            if sum(row) > NUM_TILES - 1:
                raise fail(
                    f"state.results[{g}]",
                    f"{sum(row)} tiles left in the hands, but at most {NUM_TILES - 1} are off "
                    "the seascape",
                )
    if bool(s.revealed) != bool(s.results):
        raise fail(
            "state.revealed",
            "the hands are shown at the end of a game, exactly when one has finished",
        )
    if s.results and not s.solo:
        last = s.results[-1]
        for seat, hand in enumerate(s.revealed):
            if len(hand) != last[seat]:
                raise fail(
                    f"state.revealed[{seat}]",
                    f"{count(len(hand), 'tile')} shown at the end of the last game, but its "
                    f"result says {last[seat]}",
                )


def _end(s: ThrowState) -> None:
    """Invariant 12: over only when the end has come."""
    if not s.over:
        return
    if [len(h) for h in s.revealed] != [len(h) for h in s.hands] or (
        not s.hidden and s.revealed != s.hands
    ):
        raise fail("state.revealed", "once the game is over the hands are shown as they are")
    if s.solo:
        if s.pile:
            raise fail("state.over", "a solo game ends only once the pile is gone")
        return
    if any(not hand for hand in s.hands):
        return
    if s.pile:
        raise fail(
            "state.over",
            "the game ends when a hand is empty, or when nobody can play with the pile empty; "
            "every hand holds tiles and the pile is not empty",
        )
    if s.passed != (1 << len(s.players)) - 1 and not seascape.locked(s):
        raise fail(
            "state.over",
            "the game ends when a hand is empty, or when nobody can play with the pile empty; "
            "every hand holds tiles and a tile can still be played",
        )
