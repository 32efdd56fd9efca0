"""The words around the Throw Octopus! boards: panel lines, the status line (with the game of
a Game Night), what a forced step played, the Game Night result after each game, the solo
result, the legend (pure)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gardens_tui.rules.base import Action
from gardens_tui.rules.throw_octopus.components import (
    CARD_TITLES,
    KEPT_CARDS,
    LETTERS,
    SPECIES,
    tile_name,
)
from gardens_tui.rules.throw_octopus.scoring import GAMES, rating
from gardens_tui.rules.throw_octopus.spec import GAME_NIGHT_KEY
from gardens_tui.rules.throw_octopus.state import ThrowState
from gardens_tui.rules.words import count, possessive
from gardens_tui.ui.literal import plain
from gardens_tui.ui.screens.help import LegendRow


def panel_lines(s: ThrowState, seat: int) -> list[str]:
    """Under each seat: how many tiles in hand (never which), kept cards (one line per kind,
    face up for all to see), lost turns, creatures completed."""
    out = [count(len(s.hands[seat]), "tile")]
    out += [kept_cards([c for c in s.held[seat] if c == card], True) for card in KEPT_CARDS]
    out = [line for line in out if line]
    if s.lost[seat]:
        out.append(f"loses {count(s.lost[seat], 'turn')}")
    small, large = s.creatures[seat]
    if small or large:
        out.append(f"done {small} small, {large} large")
    return out


def game_number(s: ThrowState) -> int | None:
    """Which game of a Game Night ``s`` is (1-3; the last one once it is over), ``None`` when
    the option is off."""
    if not s.options.get(GAME_NIGHT_KEY):
        return None
    played = len(s.results)
    return max(1, min(played if s.over else played + 1, GAMES))


def status_line(s: ThrowState, sep: str = " · ", width: int = 0) -> str:
    """Which game of a Game Night it is, whose turn (a bonus turn said so), the pile, the
    action deck and the used cards, in one short line, parts joined by ``sep`` (names are
    data: the caller draws the line literally). With ``width``, the used cards and then the
    long form of the game number are left out while the line is wider."""
    number = game_number(s)
    game = [] if number is None else [f"Game {number} of {GAMES}"]
    short_game = [] if number is None else [f"Game {number}/{GAMES}"]
    turn = []
    if not s.over:
        name = possessive(s.players[s.active])
        turn.append(f"{name} bonus turn" if s.bonus_turn else f"{name} turn")
    counts = [f"pile {len(s.pile)}"]
    used = []
    if s.solo:
        if s.discarded:
            counts.append(f"discarded {len(s.discarded)}")
    else:
        counts.append(f"cards {len(s.deck)}")
        if s.discard:
            used.append(f"used {len(s.discard)}")
    variants = [
        [*game, *turn, *counts, *used],
        [*game, *turn, *counts],
        [*short_game, *turn, *counts],
    ]
    lines = [sep.join(parts) for parts in variants]
    if width <= 0:
        return lines[0]
    return next((line for line in lines if len(line) <= width), lines[-1])


def forced_words(s: ThrowState, action: Action, describe: Callable[[Action], str]) -> str:
    """What the app played for the person at a forced step (``action``, the only legal one),
    in words for the prompt line, naming the person: ``Ann: only t80 fits, played for you at
    1,0.``; ``describe`` gives the engine's words for any other action."""
    verb = action[0]
    seat = s.current_player
    name = plain(s.players[seat], newlines=False) if seat is not None and seat >= 0 else ""
    who = f"{name}: " if name else ""
    if verb == "play":
        where = f"{action[2]},{action[3]}{' turned' if action[4] else ''}"
        return f"{who}only {tile_name(action[1])} fits, played for you at {where}."
    if verb == "draw":
        return f"{who}no tile of yours fits, drew one for you."
    if verb == "pass":
        if s.bonus_turn:
            return f"{who}no tile fits on your bonus turn, passed for you."
        return f"{who}no tile fits and the pile is empty, passed for you."
    return f"{who}the only choice, {describe(action)}, was played for you."


def card_news(events: Sequence[str], name: str) -> str:
    """What the action card ``name``'s play drew did to them, for the prompt line: the
    engine's log lines of that play from the card's own (``Ann drew Stinky Inky``) on that
    are about ``name`` (``Ann drew t84 and t85``, ``Ann takes another turn``; what it did to
    others is in the log), each ended by a full stop; empty when the play drew no card."""
    drew = tuple(f"{name} drew {title}" for title in CARD_TITLES.values())
    for index, line in enumerate(events):
        if line.startswith(drew):
            mine = [event for event in events[index:] if event.startswith(f"{name} ")]
            return " ".join(f"{event.rstrip('.')}." for event in mine)
    return ""


def only_tile(legal: Sequence[Action]) -> int | None:
    """The one tile that fits when every tile play of ``legal`` is of the same tile (in
    several places or ways), else ``None``."""
    tiles = {a[1] for a in legal if a[0] == "play"}
    return next(iter(tiles)) if len(tiles) == 1 else None


def night_result(s: ThrowState) -> tuple[str, list[str], str]:
    """The result screen after game ``n`` of a Game Night: its title, the table (what each
    game left each player: tiles in hand, or solo points and rating; and the running total)
    and what comes next (names are data: drawn literally)."""
    played = len(s.results)
    title = f"Game {played} of {GAMES} is over"
    names = [plain(name, newlines=False) for name in s.players]
    wide = max(6, min(max(len(name) for name in names), 16))
    caption = "Points (creatures completed):" if s.solo else "Tiles left in hand:"
    heads = "".join(f"{f'game {g + 1}':>8}" for g in range(played))
    lines = [caption, f"{'':{wide}}{heads}{'total':>8}"]
    for seat, name in enumerate(names):
        shown = name if len(name) <= wide else name[: wide - 1] + "~"
        figures = "".join(f"{row[seat]:>8}" for row in s.results)
        total = sum(row[seat] for row in s.results)
        lines.append(f"{shown:{wide}}{figures}{total:>8}")
    if s.solo and s.results:
        lines.append(f"Rating of game {played}: {rating(s.results[-1][0])}")
    if s.over:
        after = "That was the last game: the final scores follow."
    elif s.solo:
        after = f"Next: game {played + 1} of {GAMES}. Points add up over the {GAMES} games."
    else:
        after = (
            f"Next: game {played + 1} of {GAMES}. Tiles left add up: "
            f"the lowest total after {GAMES} games wins."
        )
    return title, lines, after


def solo_result(s: ThrowState) -> str:
    """The solo end screen's result line: the points and the rating (a solo game is scored,
    not won)."""
    name = plain(s.players[0], newlines=False)
    if s.options.get(GAME_NIGHT_KEY) and s.results:
        total = sum(row[0] for row in s.results)
        games = ", ".join(f"{row[0]} ({rating(row[0])})" for row in s.results)
        return f"{name} scored {count(total, 'point')} over {len(s.results)} games: {games}."
    small, large = s.creatures[0]
    points = s.results[-1][0] if s.results else small + 2 * large
    return f"{name} scored {count(points, 'point')}: {rating(points)}."


def kept_cards(held: list[str], short: bool = False) -> str:
    """A seat's kept cards: ``Octo Shield (face up)``, ``2x Magic Touch`` (empty: none);
    ``short`` leaves out "(face up)" (the player panel, where every kept card shows)."""
    out = []
    for card in KEPT_CARDS:
        number = held.count(card)
        if not number:
            continue
        title = CARD_TITLES[card]
        if card == "shield" and not short:
            title += " (face up)"
        out.append(title if number == 1 else f"{number}x {title}")
    return ", ".join(out)


def hand_title(
    s: ThrowState, seat: int | None, shown: int, chosen: str, touch_now: bool, sep: str = " · "
) -> str:
    """The line above the hand: whose hand and how many tiles, the chosen tile and the kept
    cards, a Magic Touch marked ``(m)`` when it may be played now (``seat`` ``None``: nobody's
    hand is shown; once the game is over the line points to the final scores instead)."""
    if seat is None:
        if s.is_over:
            return "The game is over: e shows every player's tiles left"
        return "Hands are secret: each shows as a count beside the players"
    parts = [f"{possessive(s.players[seat])} hand: {count(shown, 'tile')}"]
    if chosen:
        parts.append(chosen)
    kept = kept_cards(s.held[seat]) if seat < len(s.held) else ""
    if kept:
        if touch_now:
            kept = kept.replace(CARD_TITLES["touch"], f"{CARD_TITLES['touch']} (m)")
        parts.append(kept)
    return sep.join(parts)


def chosen_words(tile: int | None, rotation: int, touching: bool, no_place: bool) -> str:
    """The hand title's words on the tile being placed: ``tile`` chosen (or lifted by a Magic
    Touch: ``touching``), ``turned`` at 180 degrees, ``(no place)`` when it fits nowhere;
    during a Magic Touch with nothing lifted, what to do."""
    if tile is None:
        return "Magic Touch: lift a lit tile" if touching else ""
    verb = "lifted" if touching else "chosen"
    words = f"{verb} {tile_name(tile)}{' turned' if rotation else ''}"
    return words + " (no place)" if no_place else words


def legend_rows(ascii_mode: bool) -> list[LegendRow]:
    """Every letter and mark the seascape shows, for the help screen (``?``; ``i``: no keys)."""
    rows: list[LegendRow] = [
        (LETTERS[value], SPECIES[value] + (" (large)" if value >= 6 else " (small)"))
        for value in range(1, len(SPECIES))
    ]
    rows += [
        (".", "water"),
        ("O Y B ...", "capitals, underlined: a complete creature (four tiles around it)"),
        ("t42", "the tile's name (t1-t85); its four corners are at the tile's corners"),
        ("oo  oo", "roomy: each corner is two letters; four tiles around a point make a creature"),
        ("@", "the octopus icon: playing the tile draws an action card"),
        ("+", "a free place beside the seascape"),
        ("underlined " + ("." if ascii_mode else "·"), "where the chosen tile may go now"),
        ("reverse", "the cursor; on a free place the chosen tile is previewed (r turns it)"),
        ("lit tile in hand", "the tile chosen to play (its places are lit on the seascape)"),
        ("bold italic", "the last tile placed"),
    ]
    return rows
