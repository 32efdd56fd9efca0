"""Setting up, listing legal actions and applying them: turns, cards, throws and game ends.

``legal_actions`` lists every action of the pending decision in a fixed order; ``apply`` checks
the action against that list (an :class:`IllegalAction` then says why, see :mod:`.refusals`) and
carries it out on a copy. See the package docstring for every decision kind and action shape.

Speed: ``apply`` copies only what it changes. The new state starts sharing every list and dict
of the old one (:meth:`~.state.ThrowState.derive`), and whatever changes one in place asks the
:class:`Turn` for it first (``t.hand(seat)``, ``t.pile()``, ``t.seascape()``, ``t.cards()``
...), which copies it once per ``apply``. A field given a new value whole needs no copy.
"""

from __future__ import annotations

import struct
from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gardens_tui.rules.base import ROLL, Action, IllegalAction
from gardens_tui.rules.rng import Rng, draw_below, seed_state
from gardens_tui.rules.throw_octopus import dodge, refusals, seascape
from gardens_tui.rules.throw_octopus.components import (
    ALL_TILES,
    CARD_TITLES,
    LARGE,
    OCTOPUS,
    SPECIES,
    TILE_NAMES,
    all_cards,
    tile_name,
)
from gardens_tui.rules.throw_octopus.spec import GAME_NIGHT_KEY, HIT_CHANCE_KEY, SPEC, hit_odds
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.rules.words import count, join_and, possessive

HAND = 8
SOLO_HAND = 5
GAMES_PER_NIGHT = 3

Format = Callable[[Action], str]

_new = object.__new__


class Turn:
    """What one ``apply`` works with: the new state, its PRNG and the events it logs
    (``lines``, public, and ``private``: ``(line index, seat, the line that seat reads)``).

    The new state may share its lists and dicts with the state it was derived from (see the
    module docstring): change one in place only through the accessor that copies it first.
    ``owned`` names what this ``apply`` has copied (or built afresh) already."""

    __slots__ = ("lines", "owned", "private", "rng", "s")

    def __init__(self, state: ThrowState) -> None:
        self.s = state
        self.rng = rng = _new(Rng)  # without Rng's check: the state's PRNG state was checked
        rng.state = state.rng
        self.lines: list[str] = []
        self.private: list[tuple[int, int, str]] = []
        self.owned: set[object] = set()

    def say(self, line: str, private: Mapping[int, str] | None = None) -> None:
        """Log a public ``line``; ``private`` maps seats to the line they read instead."""
        if private:
            for seat, text in private.items():
                self.private.append((len(self.lines), seat, text))
        self.lines.append(line)

    def name(self, seat: int) -> str:
        """Seat's name."""
        return self.s.players[seat]

    def hand(self, seat: int) -> list[int]:
        """``seat``'s hand, to change."""
        owned = self.owned
        if seat in owned:
            return self.s.hands[seat]
        if "hands" in owned:
            hands = self.s.hands
        else:
            owned.add("hands")
            hands = self.s.hands = self.s.hands[:]
        owned.add(seat)
        hand = hands[seat] = hands[seat][:]
        return hand

    def pile(self) -> list[int]:
        """The pile, to change."""
        if "pile" not in self.owned:
            self.owned.add("pile")
            self.s.pile = self.s.pile[:]
        return self.s.pile

    def seascape(self) -> ThrowState:
        """The state with its seascape (``board`` and what is derived from it) its own, for
        :mod:`.seascape` to change."""
        s = self.s
        if "seascape" not in self.owned:
            self.owned.add("seascape")
            s.board = s.board.copy()
            s.points = s.points.copy()
            s.slots = s.slots.copy()
            s.leads = s.leads[:]
        return s

    def cards(self) -> ThrowState:
        """The state with its action cards ``deck`` and ``discard`` its own, to change."""
        s = self.s
        if "cards" not in self.owned:
            self.owned.add("cards")
            s.deck = s.deck[:]
            s.discard = s.discard[:]
        return s

    def held(self, seat: int) -> list[str]:
        """The cards ``seat`` keeps, to change."""
        s, key = self.s, ("held", seat)
        if key not in self.owned:
            if "held" not in self.owned:
                self.owned.add("held")
                s.held = s.held[:]
            self.owned.add(key)
            s.held[seat] = s.held[seat][:]
        return s.held[seat]

    def turns(self) -> ThrowState:
        """The state with ``extra`` and ``lost`` its own, to change."""
        s = self.s
        if "turns" not in self.owned:
            self.owned.add("turns")
            s.extra = s.extra[:]
            s.lost = s.lost[:]
        return s

    def tallies(self) -> ThrowState:
        """The state with ``creatures``, ``results`` and ``discarded`` its own, to change."""
        s = self.s
        if "tallies" not in self.owned:
            self.owned.add("tallies")
            s.creatures = [c[:] for c in s.creatures]
            s.results = [r[:] for r in s.results]
            s.discarded = s.discarded[:]
        return s


# --- setting up -------------------------------------------------------------------------------

_DECK: tuple[str, ...] = tuple(sorted(all_cards()))
"""The action deck as a game starts: every card, sorted."""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_LIMITS = tuple((1 << 64) - (1 << 64) % n for n in range(1, 2 * ALL_TILES + 2))
"""``Rng.randrange(n)``'s bound below which a draw is kept, for ``n - 1`` (at most every tile)."""


def randrange(rng: Rng, n: int) -> int:
    """``rng.randrange(n)`` to the bit, for ``1 <= n <= 2 * 85 + 1`` (a card of the deck, a
    hit chance): the same draw without three calls per draw."""
    if n == 1:
        return 0  # randrange draws nothing for a single choice
    rng.state, z = draw_below(rng.state, _LIMITS[n - 1])
    return z % n


_LANES = 96
"""How many draws :func:`shuffle` works out at once: a pile of 85 needs 84, the rest spare."""
_ONES = sum(1 << (128 * lane) for lane in range(_LANES))
_STEPS = _GOLDEN * sum((lane + 1) << (128 * lane) for lane in range(_LANES))
_LOW64 = _MASK * _ONES
_UNPACK = struct.Struct("<" + "Q8x" * _LANES).unpack


def _draws(state: int) -> tuple[int, ...]:
    """The next :data:`_LANES` raw draws of a SplitMix64 generator at ``state``, at once.

    Draw ``k`` is the mix of ``state + (k + 1) * golden`` alone, so each is worked out in its
    own 128-bit lane of one big int: every step of the mix (shift, xor, multiply by a 64-bit
    constant, keep 64 bits) stays inside its lane, and one big-int operation does them all."""
    z = (state * _ONES + _STEPS) & _LOW64
    z ^= (z >> 30) & _LOW64
    z = (z * 0xBF58476D1CE4E5B9) & _LOW64
    z ^= (z >> 27) & _LOW64
    z = (z * 0x94D049BB133111EB) & _LOW64
    z ^= (z >> 31) & _LOW64
    return _UNPACK(z.to_bytes(16 * _LANES, "little"))


def shuffle(rng: Rng, items: list[int]) -> None:
    """``rng.shuffle(items)`` to the bit (the same draws, the same order): a new game shuffles
    85 tiles, and :func:`_draws` works their draws out at once (half the time of drawing one by
    one). ``tests/rules/test_throw_inline_rng.py`` holds it to
    :meth:`~gardens_tui.rules.rng.Rng.shuffle`, a redraw included."""
    if not 32 <= len(items) <= _LANES - 8:  # few draws, or more than worked out: one by one
        for i in range(len(items) - 1, 0, -1):
            j = randrange(rng, i + 1)
            items[i], items[j] = items[j], items[i]
        return
    start = rng.state
    draws = _draws(start)
    used = 0
    for i in range(len(items) - 1, 0, -1):
        z = draws[used]
        used += 1
        if z >= _LIMITS[i]:  # randrange(i + 1) draws again (about once in 2**58 draws)
            z, used = _redraw(draws, start, used, _LIMITS[i])
        j = z % (i + 1)
        items[i], items[j] = items[j], items[i]
    rng.state = (start + used * _GOLDEN) & _MASK


def _redraw(draws: tuple[int, ...], start: int, used: int, limit: int) -> tuple[int, int]:
    """The next of ``draws`` (worked out from ``start``; past them, one at a time) below
    ``limit``, and how many are used then."""
    while True:
        z = draws[used] if used < _LANES else draw_below(start + used * _GOLDEN & _MASK, 1 << 64)[1]
        used += 1
        if z < limit:
            return z, used


def new_game(players: Sequence[str], options: Mapping[str, Any] | None, seed: int) -> ThrowState:
    """The starting position: tiles shuffled and dealt, the start tile turned over (solo: six
    tiles drawn to choose it from), the action cards shuffled, seat 0 to play."""
    SPEC.check_player_count(len(players))
    opts = SPEC.normalise_options(options)
    s = ThrowState(players=tuple(players), options=opts, rng=seed_state(seed))
    t = Turn(s)
    deal(t)
    s.rng = t.rng.state
    s.events = tuple(t.lines)
    s.private_events = tuple(t.private)
    return s


def deal(t: Turn) -> None:
    """Start a game (the first, or the next of a Game Night) on ``t.s``."""
    s = t.s
    n = len(s.players)
    tiles = list(s.tiles)
    shuffle(t.rng, tiles)
    seascape.clear(s)  # this and every field below is built afresh, owned by this apply
    t.owned.update(("seascape", "pile"))
    s.discarded = []
    s.active = 0
    s.extra, s.bonus_turn, s.passed, s.target, s.fresh_touch = [], False, 0, -1, 0
    s.lost = [0] * n
    s.creatures = [[0, 0] for _ in range(n)]
    s.held = [[] for _ in range(n)]
    s.deck, s.discard = [], []
    night = f"Game {len(s.results) + 1} of {GAMES_PER_NIGHT}: " if s.options[GAME_NIGHT_KEY] else ""
    if s.solo:
        s.hands = [sorted(tiles[-6:])]
        s.pile = tiles[:-6]
        s.phase = "start"
        t.say(f"{night}{t.name(0)} drew 6 tiles to choose a start tile from")
        return
    s.hands = [sorted(tiles[-HAND * (i + 1) : len(tiles) - HAND * i]) for i in range(n)]
    s.pile = tiles[: len(tiles) - HAND * n]
    s.deck = list(_DECK)
    start = s.pile.pop()
    seascape.place(s, (0, 0), start * 2)
    s.phase = "play"
    t.say(f"{night}8 tiles were dealt to each player; {tile_name(start)} is the start tile")


# --- legal actions ----------------------------------------------------------------------------


_HEADS: dict[str, list[tuple[str, int]]] = {
    verb: [(verb, tile) for tile in range(ALL_TILES)] for verb in ("play", "touch")
}
"""``(verb, tile)`` by tile, the head of a play or touch action (its place follows)."""


def legal_actions(s: ThrowState) -> list[Action]:
    """Every legal action of the pending decision, in a fixed order.

    Computed once per state and cached on it (states are immutable once handed out), so
    ``legal_actions`` followed by ``apply`` costs one computation (``base.cached_legal``,
    inline: this is on every search's path)."""
    cached = s.legal_cache
    if cached is None:
        cached = s.legal_cache = _compute_legal(s)
    return cached[:]


def _compute_legal(s: ThrowState) -> list[Action]:
    if s.over:
        return []
    phase = s.phase
    seat = s.active
    n = len(s.players)
    if phase == "play":
        hand = s.hands[seat]
        heads, where = _HEADS["play"], seascape.WHERE
        fits = seascape.fitting(s, hand)
        acts: list[Action] = [heads[fit >> 17] + where[fit & 0x1FFFF] for fit in fits]
        if n > 1 and "touch" in s.held[seat] and s.usable_touches() > 0:
            heads = _HEADS["touch"]
            acts += [heads[fit >> 17] + where[fit & 0x1FFFF] for fit in seascape.touching(s)]
        if not fits:
            if s.solo:
                if s.pile:
                    acts.extend(("discard", tile) for tile in sorted(set(hand)))
                else:
                    acts.append(("pass",))
            elif s.pile and not s.bonus_turn:
                acts.append(("draw",))
            else:
                acts.append(("pass",))
        return acts
    if phase == "start":
        return [("start", tile) for tile in sorted(set(s.hands[seat]))]
    if phase == "throw":
        return [("throw", other) for other in range(n) if other != seat]
    if phase == "dodge":
        return list(dodge.OUTCOMES)
    if phase == "swap":
        return [*(("swap", tile) for tile in sorted(set(s.hands[seat]))), ("keep",)]
    if phase == "gift":
        return [
            ("give", tile, other)
            for tile in sorted(set(s.hands[seat]))
            for other in range(n)
            if other != seat
        ]
    return []


# --- applying ---------------------------------------------------------------------------------


def apply(state: ThrowState, action: Action, fmt: Format) -> ThrowState:
    """The position after ``action``; :class:`IllegalAction` (state untouched) if illegal."""
    legal = state.legal_cache
    if legal is None:
        legal = state.legal_cache = _compute_legal(state)
    try:
        ok = action in legal
    except TypeError:
        ok = False
    if not ok:
        raise IllegalAction(refusals.explain(state, action, list(legal), fmt))
    return apply_unchecked(state, action)


def apply_unchecked(state: ThrowState, action: Action) -> ThrowState:
    """The position after ``action``, which must be one of ``legal_actions(state)`` (not
    checked: anything else gives an undefined result). ``state`` is left untouched."""
    s = state.derive()
    t = Turn(s)
    verb = action[0]
    if verb == "play":
        _play(t, action[1], (action[2], action[3]), action[4])
    elif verb == "touch":
        _touch(t, action[1], (action[2], action[3]), action[4])
    elif verb == "draw":
        t.say(f"{t.name(s.active)} could not play and drew a tile", {})
        draw_tiles(t, s.active, 1)
        end_turn(t)
    elif verb == "pass":
        _pass(t)
    elif verb == "discard":
        tile = action[1]
        t.hand(s.active).remove(tile)
        t.tallies().discarded.append(tile)
        t.say(f"{t.name(s.active)} could not play and discarded {tile_name(tile)}")
        draw_tiles(t, s.active, 1)
        s.turn += 1
    elif verb == "start":
        tile = action[1]
        t.hand(s.active).remove(tile)
        seascape.place(t.seascape(), (0, 0), tile * 2)
        s.phase = "play"
        t.say(f"{t.name(s.active)} chose {tile_name(tile)} as the start tile")
    elif verb == "throw":
        throw_at(t, action[1])
        if s.phase != "dodge":
            end_turn(t)
    elif verb in ("dodge", "hit", "roll"):
        _dodge(t, action)
    elif verb in ("swap", "keep"):
        _swap(t, action[1] if verb == "swap" else None)
    elif verb == "give":
        _give(t, action[1], action[2])
    if t.rng.state != state.rng:
        s.chance = True
    s.rng = t.rng.state
    s.events = tuple(t.lines)
    s.private_events = tuple(t.private)
    return s


def draw_tiles(t: Turn, seat: int, number: int) -> None:
    """``seat`` draws up to ``number`` tiles from the pile (secretly: others read a count)."""
    s = t.s
    name = s.players[seat]
    if not s.pile:
        t.say(f"The pile is empty: {name} drew nothing")
        return
    s.chance = True
    pile = t.pile()
    hand = t.hand(seat)
    if number == 1:
        tile = pile.pop()
        insort(hand, tile)
        t.private.append((len(t.lines), seat, f"{name} drew {TILE_NAMES[tile]}"))
        t.lines.append(f"{name} drew 1 tile")
        return
    drawn = [pile.pop() for _ in range(min(number, len(pile)))]
    hand.extend(drawn)
    hand.sort()
    what = join_and([tile_name(tile) for tile in sorted(drawn)])
    t.say(f"{name} drew {count(len(drawn), 'tile')}", {seat: f"{name} drew {what}"})


def _play(t: Turn, tile: int, cell: tuple[int, int], rotation: int) -> None:
    s = t.s
    seat = s.active
    hand = t.hand(seat)
    hand.remove(tile)
    done = seascape.place(t.seascape(), cell, tile * 2 + (rotation == 180))
    s.passed = 0
    t.lines.append(f"{s.players[seat]}{_PLAYED[tile]} at {cell[0]},{cell[1]} r{rotation}")
    if done:
        _completed(t, seat, done)
    if len(s.players) == 1:
        s.turn += 1
        if len(hand) < SOLO_HAND and s.pile:
            draw_tiles(t, seat, SOLO_HAND - len(hand))
        if not s.hands[seat]:
            game_end(t, f"{t.name(seat)} played every tile")
        return
    if done:
        t.turns().extra.append("bonus")
    if not hand:
        night = s.options[GAME_NIGHT_KEY]
        which = f" game {len(s.results) + 1} of {GAMES_PER_NIGHT}" if night else ""
        game_end(t, f"{t.name(seat)} played the last tile and won{which}")
        return
    if OCTOPUS[tile]:
        draw_card(t)
    if s.phase == "play":
        end_turn(t)


_PLAYED: tuple[str, ...] = tuple(f" played {name}" for name in TILE_NAMES)
"""`` played t42`` by tile: the middle of a play's log line."""


def _completed(t: Turn, seat: int, done: list[int]) -> None:
    for species in done:
        t.tallies().creatures[seat][species in LARGE] += 1
        name = SPECIES[species]
        t.say(f"{t.name(seat)} completed {'an' if name[0] in 'aeiou' else 'a'} {name}")


def _touch(t: Turn, tile: int, cell: tuple[int, int], rotation: int) -> None:
    s = t.s
    seat = s.active
    source = next(c for c, code in s.board.items() if code >> 1 == tile)
    seascape.remove(t.seascape(), source)
    done = seascape.place(s, cell, tile * 2 + (rotation == 180))
    t.held(seat).remove("touch")
    t.cards().discard.append("touch")
    s.passed = 0
    t.say(
        f"{t.name(seat)} used {CARD_TITLES['touch']}: moved {tile_name(tile)} from "
        f"{source[0]},{source[1]} to {cell[0]},{cell[1]} r{rotation}"
    )
    _completed(t, seat, done)
    if done:
        t.turns().extra.append("bonus")


def _pass(t: Turn) -> None:
    s = t.s
    seat = s.active
    if s.solo:
        t.say(f"{t.name(seat)} could not play and the pile is empty")
        game_end(t, "the solo game is over")
        return
    t.say(f"{t.name(seat)} could not play and passed")
    if not s.pile:
        s.passed |= 1 << seat
        if s.passed == (1 << len(s.players)) - 1:
            game_end(t, "nobody can play and the pile is empty")
            return
    end_turn(t)


def draw_card(t: Turn) -> None:
    """The active seat draws an action card and it acts (or is kept)."""
    s = t.cards()
    seat = s.active
    name = t.name(seat)
    if not s.deck and s.discard:
        s.deck, s.discard = sorted(s.discard), []
        t.say("The used action cards were shuffled into a new deck")
    if not s.deck:
        t.say(f"No action card is left for {name} to draw")
        return
    card = s.deck.pop(randrange(t.rng, len(s.deck)))
    s.chance = True
    title = CARD_TITLES[card]
    if card in ("shield", "touch"):
        t.held(seat).append(card)
        if card == "touch":
            s.fresh_touch += 1
        t.say(f"{name} drew {title} and kept it")
        return
    s.discard.append(card)
    t.say(f"{name} drew {title}")
    if card == "inky":
        draw_tiles(t, seat, 2)
    elif card == "rush":
        t.turns().extra.append("rush")
    elif card == "storm":
        n = len(s.players)
        for step in range(1, n):
            draw_tiles(t, (seat + step) % n, 1)
    elif card == "swap":
        if s.pile:
            s.phase = "swap"
        else:
            t.say("The pile is empty: nothing to swap")
    elif card == "gift":
        s.phase = "gift"
    elif card == "throw-any":
        s.phase = "throw"
    elif card == "throw-next":
        throw_at(t, (seat + 1) % len(s.players))


def throw_at(t: Turn, target: int) -> None:
    """Throw at ``target``: a face-up Octo Shield stops it, else the target must dodge."""
    s = t.s
    thrower, victim = t.name(s.active), t.name(target)
    if "shield" in s.held[target]:
        t.held(target).remove("shield")
        t.cards().discard.append("shield")
        s.phase = "play"
        t.say(
            f"{thrower} threw the octopus at {victim}; {possessive(victim)} Octo Shield stopped it"
        )
        return
    s.phase = "dodge"
    s.target = target
    t.say(f"{thrower} threw the octopus at {victim}")


def _dodge(t: Turn, action: Action) -> None:
    """Settle the dodge with ``action`` (see :mod:`.dodge`): the log says whether the target
    dodged in time and, for a hit, why not when the action gives a reason."""
    s = t.s
    target = s.target
    odds: str | None = None
    if action == ROLL:
        odds = str(s.options[HIT_CHANCE_KEY])
        hits, out_of = hit_odds(odds)
        action = dodge.HIT if randrange(t.rng, out_of) < hits else dodge.DODGE
    s.chance = True
    t.say(dodge.outcome_line(t.name(target), action, odds))
    if action[0] == "hit":
        t.turns().lost[target] += 1
        draw_tiles(t, target, 2)
    s.target = -1
    s.phase = "play"
    end_turn(t)


def _swap(t: Turn, tile: int | None) -> None:
    s = t.s
    seat = s.active
    name = t.name(seat)
    s.phase = "play"
    if tile is None:
        t.say(f"{name} kept every tile")
    else:
        pile = t.pile()
        top = pile.pop()
        hand = t.hand(seat)
        hand.remove(tile)
        hand.append(top)
        hand.sort()
        pile.append(tile)
        shuffle(t.rng, pile)
        s.chance = True
        t.say(
            f"{name} swapped a tile with the top of the pile (the pile was shuffled)",
            {seat: f"{name} swapped {tile_name(tile)} for {tile_name(top)}"},
        )
    end_turn(t)


def _give(t: Turn, tile: int, other: int) -> None:
    s = t.s
    seat = s.active
    name, receiver = t.name(seat), t.name(other)
    t.hand(seat).remove(tile)
    hand = t.hand(other)
    hand.append(tile)
    hand.sort()
    s.phase = "play"
    secret = f"{name} gave {tile_name(tile)} to {receiver}"
    t.say(f"{name} gave a tile to {receiver}", {seat: secret, other: secret})
    if not s.hands[seat]:
        game_end(t, f"{name} gave away the last tile and won")
        return
    end_turn(t)


def end_turn(t: Turn) -> None:
    """Begin the next turn: an extra turn of the same seat, else the next seat that does not
    lose its turn; then look for a locked seascape."""
    s = t.s
    s.phase = "play"
    s.target = -1
    s.fresh_touch = 0
    s.turn += 1
    if s.extra:
        kind = t.turns().extra.pop(0)
        s.bonus_turn = kind == "bonus"
        what = "a bonus turn" if s.bonus_turn else "another turn (Octo Rush)"
        t.say(f"{t.name(s.active)} takes {what}")
    else:
        s.bonus_turn = False
        n = len(s.players)
        seat = (s.active + 1) % n
        if s.lost[seat]:
            seat = s.active
            lost = t.turns().lost
            for _ in range(4 * n * (1 + max(lost))):
                seat = (seat + 1) % n
                if not lost[seat]:
                    break
                lost[seat] -= 1
                t.say(f"{t.name(seat)} lost this turn to the octopus")
        s.active = seat
    if seascape.locked(s):
        if s.pile:
            _reset(t)
        else:
            game_end(t, "no tile can be played any more and the pile is empty")


def _reset(t: Turn) -> None:
    s = t.s
    pile = t.pile()
    pile.extend(s.board[cell] >> 1 for cell in sorted(s.board))
    seascape.clear(s)
    t.owned.add("seascape")
    shuffle(t.rng, pile)
    start = pile.pop()
    seascape.place(s, (0, 0), start * 2)
    s.passed = 0
    t.say(
        f"Locked game: no tile can be played. The seascape went back into the pile; "
        f"{tile_name(start)} is the new start tile and {t.name(s.active)} goes on"
    )


def game_end(t: Turn, why: str) -> None:
    """One game is over: note its result; on a Game Night deal the next, else the end."""
    s = t.tallies()
    if s.solo:
        small, large = s.creatures[0]
        s.results.append([small + 2 * large])
    else:
        s.results.append([len(hand) for hand in s.hands])
    t.say(f"{why}.")
    s.revealed = [hand[:] for hand in s.hands]
    s.extra, s.target, s.bonus_turn = [], -1, False
    s.chance = True
    if s.options[GAME_NIGHT_KEY] and len(s.results) < GAMES_PER_NIGHT:
        deal(t)
        return
    s.over = True
    s.phase = "over"
