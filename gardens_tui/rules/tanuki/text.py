"""The position as plain text for ``gardens show``: the 6x6 garden with monks, tanuki, stashes,
traps and rock gardens, every player's shiitake, and hands only as the viewer may see them; and
the words for a tile's paths and a walk, shared by ``gardens moves`` and the screen.

Names are data: they are passed through :func:`~gardens_tui.rules.safe_text.printable`.

One name for one thing (issue 26): squares are ``c4``, edge spaces are always written with the
word "edge" (``edge n3``), and a tile's path ends are never written as a letter and a digit. A
path is named by the sides it joins (:func:`route_words`: "north to east", or "north-east"
where space is short); only when a tile has two paths between the same two sides with different
symbols is the end each leaves its first side by named too, as left / right (north and south
sides) or top / bottom (east and west sides): "north left to south". A walk across a
tile says where the monk comes in and goes out (:func:`walk_words`: "in from the east, out to
the north"). The notation's ``end 1`` / ``end 2`` (:mod:`.notation`) number the two ends of an
edge space and are put in the same words (:func:`edge_end_place`).
"""

from __future__ import annotations

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.safe_text import printable
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki.cards import title
from gardens_tui.rules.tanuki.components import (
    DEN,
    EDGE_OF,
    EDGES,
    END_PLACES,
    EXITS,
    MAGARI,
    NEIGHBOURS,
    SHIITAKE,
    SIDE_NAMES,
    SIZE,
    SYMBOL_NAMES,
    TANUKI_NAMES,
    TRAP_LETTERS,
    edge_name,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.scoring import card_points
from gardens_tui.rules.tanuki.state import EDGE_BASE, EMPTY, OFF, ROCK, TanukiState
from gardens_tui.rules.words import join_and, possessive, seat_number

LEGEND = (
    "Legend: t17 a tile, ## a rock garden, 1-8 monks (seat numbers),\n"
    "        B/G the blue/gold tanuki, $n a stash, ^a a trap"
)


def side_word(end: int) -> str:
    """The side of its square a path end lies on: ``"north"``, ``"east"``, ``"south"`` or
    ``"west"``."""
    return SIDE_NAMES[end >> 1]


def end_label(end: int) -> str:
    """A path end in two words, its side and where on that side: ``"north left"``,
    ``"east top"`` (:data:`~.components.END_PLACES`)."""
    return f"{side_word(end)} {END_PLACES[end]}"


def end_words(end: int) -> str:
    """A path end in a phrase: ``"the left end of the north side"``."""
    return f"the {END_PLACES[end]} end of the {side_word(end)} side"


def edge_end_place(side: int, number: int) -> str:
    """Where end ``number`` (1 or 2: the notation's ``end 1`` / ``enter 1``) of an edge space on
    ``side`` (0 north .. 3 west) lies on that side: ``"left"``, ``"right"``, ``"top"`` or
    ``"bottom"``. End 1 is the one met first going clockwise round the garden."""
    return END_PLACES[2 * side + number - 1]


def _sides(a: int, b: int) -> frozenset[int]:
    return frozenset((a >> 1, b >> 1))


def route_words(value: int, end: int, *, brief: bool = False) -> str:
    """The path of placed tile ``value`` (``tile * 4 + rot``) through ``end``, named by the
    sides it joins from the north clockwise: ``"north to east"``, ``"north to north"`` (both
    ends on one side). Only when another path of the tile joins the same two sides with
    another symbol (so the sides alone would not say which path carries which) is the end it
    leaves its first side by named too: ``"north left to south"`` (the other path is then
    ``"north right to south"``). ``brief`` (where space is short): ``"north-east"``,
    ``"north left-south"``."""
    table = EXITS[value]
    a, b = sorted((end, table[end][0]))
    sides = _sides(a, b)
    twin = len(sides) == 2 and any(
        c not in (a, b) and _sides(c, table[c][0]) == sides and table[c][1] != table[a][1]
        for c in range(8)
    )
    first = end_label(a) if twin else side_word(a)
    return f"{first}{'-' if brief else ' to '}{side_word(b)}"


def tile_paths(value: int, *, brief: bool = False) -> list[tuple[str, str]]:
    """The four paths of placed tile ``value`` as ``(route, symbol)``: the route in words
    (:func:`route_words`, ``brief`` as there), the symbol's key
    (:data:`~.components.SYMBOL_NAMES`), in the order of their first end clockwise from the
    left end of the north side. Two paths share a route only when they join the same sides
    with the same symbol."""
    table = EXITS[value]
    return [
        (route_words(value, end, brief=brief), table[end][1])
        for end in range(8)
        if end < table[end][0]
    ]


def tile_picture(value: int) -> str:
    """A placed tile (``tile * 4 + rot``) as text: its name and turn, then its paths."""
    return f"{tile_name(value >> 2)} r{(value & 3) * 90}: " + paths_text(value)


BRIEF_SYMBOLS = {SHIITAKE: "shiitake", DEN: "den", MAGARI: "ashi-magari"}
"""The symbols in a word each, where space is short (the info line under the garden)."""


def paths_text(value: int, *, brief: bool = False) -> str:
    """A placed tile's four paths grouped by symbol, each named by the sides it joins
    (:func:`route_words`; two alike: "twice"): ``"shiitake north to east and north to west;
    tanuki den east to south; ashi-magari south to west"``. ``brief``, short enough for two
    lines of the info line at 80x24 with any tile: ``"shiitake north-east, north-west; den
    east-south; ashi-magari south-west"``."""
    paths = tile_paths(value, brief=brief)
    names = BRIEF_SYMBOLS if brief else SYMBOL_NAMES
    groups = []
    for sym in (SHIITAKE, DEN, MAGARI):
        routes = [route for route, on in paths if on == sym]
        if routes:
            said = [
                route + (" twice" if routes.count(route) > 1 else "")
                for k, route in enumerate(routes)
                if route not in routes[:k]
            ]
            listed = ", ".join(said) if brief else join_and(said)
            groups.append(f"{names[sym]} {listed}")
    return "; ".join(groups)


def walk_words(value: int, entry: int, *, which_end: bool = False) -> str:
    """The stretch a monk walks on placed tile ``value`` coming in by ``entry``: ``"in from
    the east, out to the north"``, ``"in from the north and back out to the north"``;
    ``which_end`` also says which end of its side it comes in by (a monk starting from an edge
    space chooses): ``"in from the north by the left end, out to the east"``."""
    out = EXITS[value][entry][0]
    come = f"in from the {side_word(entry)}"
    if which_end:
        come += f" by the {END_PLACES[entry]} end"
    if out >> 1 == entry >> 1:
        return f"{come} and back out to the {side_word(out)}"
    return f"{come}, out to the {side_word(out)}"


def _cell_lines(s: TanukiState, sq: int) -> tuple[str, str]:
    here = s.board[sq]
    top = "." if here == EMPTY else "##" if here == ROCK else tile_name(here >> 2)
    marks = ""
    for seat in range(len(s.players)):
        if s.monk_square(seat) == sq:
            marks += str(seat + 1)
    for i in range(2):
        if s.tanuki[i] == sq:
            marks += "BG"[i]
    if s.stash[sq]:
        marks += f"${s.stash[sq]}"
    for letter in range(3):
        if s.traps[letter] == sq:
            marks += f"^{TRAP_LETTERS[letter]}"
    return top, marks


def board_picture(s: TanukiState) -> list[str]:
    """The garden as text lines: two lines per row (tile, then what stands on it)."""
    width = 7
    lines = [("    " + "".join(f"{c:<{width}}" for c in "abcdef")).rstrip()]
    for r in range(SIZE):
        tops, marks = [], []
        for c in range(SIZE):
            top, mark = _cell_lines(s, r * SIZE + c)
            tops.append(f"{top:<{width}}")
            marks.append(f"{mark[: width - 1]:<{width}}")
        lines.append(f" {r + 1}  " + "".join(tops).rstrip())
        lines.append(("    " + "".join(marks)).rstrip())
    return lines


def monk_text(s: TanukiState, seat: int) -> str:
    """Where a seat's monk stands, in words."""
    m = s.monks[seat]
    if m == OFF:
        return "off the board (starts over from an edge space)"
    if m >= EDGE_BASE:
        return f"on edge {edge_name(m - EDGE_BASE)}"
    sq, end = m >> 3, m & 7
    where = f"in {square_name(sq)} at {end_words(end)}"
    if NEIGHBOURS[sq][end >> 1] < 0:  # its path runs off the board and back into sq
        edge = edge_name(EDGE_OF[(sq, end >> 1)])
        return f"{where}, facing edge {edge} (back into {square_name(sq)})"
    return f"{where}, facing {square_name(B.front_square(s, seat))}"


def render_text(s: TanukiState, seat: int | None = None) -> str:
    """The whole position as ``seat`` may see it (``None``: a spectator)."""
    out = [f"Tanuki in the Garden - turn {s.turn}, target {s.target} shiitake"]
    out.extend(board_picture(s))
    out.append(LEGEND)
    dice = "not rolled yet" if s.dice == [0, 0] else f"blue {s.dice[0]}, gold {s.dice[1]}"
    tanuki = ", ".join(
        f"{TANUKI_NAMES[i]} {'off the board' if s.tanuki[i] < 0 else square_name(s.tanuki[i])}"
        for i in range(2)
    )
    out.append(f"Dice: {dice}. Tanuki: {tanuki}.")
    out.append(f"Pile: {len(s.pile)} tiles; discarded: {len(s.discard)}")
    if s.master:
        out.append(f"Garden Master deck: {len(s.deck)} cards; played: {len(s.spent)}")
    if s.last >= 0 and s.board[s.last] >= 0:
        value = s.board[s.last]
        turned = f"{tile_name(value >> 2)} r{(value & 3) * 90}"
        out.append(f"Last tile: {turned} on {square_name(s.last)}: {paths_text(value)}")
    for p in range(len(s.players)):
        name = printable(s.players[p], newlines=False)
        turn = " (to play)" if p == s.active and not s.over else ""
        line = (
            f"Seat {seat_number(p)} {name}{turn}: {s.shiitake[p]} shiitake, monk {monk_text(s, p)}"
        )
        out.append(line)
        hand = s.hands[p]
        if p == seat or (s.over and all(t >= 0 for t in hand)):
            shown = ", ".join(tile_name(t) for t in hand) or "none"
            out.append(f"   tiles: {shown}")
        else:
            out.append(f"   tiles: {len(hand)} in hand")
        if s.master:
            cards = s.cards[p]
            if p == seat or (s.over and all(c >= 0 for c in cards)):
                out.append(
                    f"   cards: {', '.join(title(c) for c in cards) or 'none'}"
                    f" (worth {card_points(s, p)})"
                )
            else:
                out.append(f"   cards: {len(cards)} in hand")
    if s.over:
        out.append("The game is over.")
    return "\n".join(out)


def card_targets(s: TanukiState, action: tuple[object, ...]) -> str:
    """The players a card's seat numbers stand for, in words: ``" (rob Bob)"`` for ``play robber
    2``, ``" (from Bob, Dan and Eve)"`` for ``play pilfer 2 4 5``, ``" (next to Bob's monk)"``
    for ``play bait 2 c3 d4``; ``""`` for any other action."""
    if action[0] != "play" or len(action) < 3:
        return ""
    key, args = action[1], action[2:]
    n = len(s.players)
    if key == "pilfer" and all(isinstance(o, int) and 0 <= o < n for o in args):
        return f" (from {join_and([_name(s, o) for o in args if isinstance(o, int)])})"
    target = args[0]
    if not isinstance(target, int) or not 0 <= target < n:
        return ""
    if key == "robber":
        return f" (rob {_name(s, target)})"
    if key == "bait":
        return f" (next to {possessive(_name(s, target))} monk)"
    return ""


def _name(s: TanukiState, seat: int) -> str:
    return printable(s.players[seat], newlines=False)


def entry_place(s: TanukiState, action: tuple[object, ...]) -> str:
    """For ``place ... end N`` and ``enter N`` by the active monk on an edge space: the end of
    its edge space it walks in by, in words (``"left"``, ``"top"``: :func:`edge_end_place`);
    ``""`` for any other action."""
    number: object = 0
    if action[0] == "place" and len(action) == 4:
        number = action[3]
    elif action[0] == "enter" and len(action) == 2:
        number = action[1]
    if number not in (1, 2) or not 0 <= s.active < len(s.monks):
        return ""
    m = s.monks[s.active]
    if m < EDGE_BASE:
        return ""
    assert isinstance(number, int)
    return edge_end_place(EDGES[m - EDGE_BASE][1], number)


def describe_action(s: TanukiState, action: tuple[object, ...], fmt: str) -> str:
    """A short sentence for ``gardens moves``: a placement shows the tile's paths and, like
    walking in from an edge space and steering a tanuki, what it would do
    (:mod:`.preview`). The notation's end number of an edge space is said in words too:
    ``place t17 r90 end 2 (right end): ...``."""
    from gardens_tui.rules.tanuki import preview

    verb = action[0]
    place = entry_place(s, action)
    if place:
        fmt += f" ({place} end)"
    try:
        if verb in preview.LAY_VERBS:
            outcome = preview.describe_lay(s, preview.preview_lay(s, action))
        elif verb == "steer":
            outcome = preview.describe_steer(s, preview.preview_steer(s, action))
        else:
            return fmt + card_targets(s, action)
    except IllegalAction:  # not legal here: nothing to preview
        outcome = ""
    if verb == "place":
        tile, rot = action[1], action[2]
        assert isinstance(tile, int) and isinstance(rot, int)
        paths = paths_text(tile * 4 + rot)
        return f"{fmt}: {paths}" + (f" => {outcome}" if outcome else "")
    return f"{fmt}: {outcome}" if outcome else fmt
