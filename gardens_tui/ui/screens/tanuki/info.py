"""The info line's words: the square, edge space or tile in hand under the cursor, and what
Enter does there (pure).

Names as everywhere (issue 26, :mod:`gardens_tui.rules.tanuki.text`): an edge space is always
"edge n3", a tile's paths are named by the sides they join ("north to east"), a walk across
the previewed tile by where the monk comes in and goes out ("in from the east, out to the
north"), and the end of an edge space a monk starts by as its left / right / top / bottom end
(the notation's ``end 1`` / ``end 2``), never as a letter and a digit.
"""

from __future__ import annotations

from collections.abc import Sequence

from gardens_tui.rules.tanuki.board import front_square
from gardens_tui.rules.tanuki.components import (
    EDGES,
    END_PLACES,
    EXITS,
    SIDE_NAMES,
    SYMBOL_NAMES,
    TANUKI_NAMES,
    edge_name,
    front,
    square_name,
    tile_name,
)
from gardens_tui.rules.tanuki.preview import LayOutcome, walk_finds
from gardens_tui.rules.tanuki.state import OFF, ROCK, TanukiState, WalkRecord
from gardens_tui.rules.tanuki.text import paths_text, walk_words
from gardens_tui.rules.words import does, join_and
from gardens_tui.ui.screens.tanuki.paint import tile_kind
from gardens_tui.ui.widgets.board_layout import Cell


def place_words(state: TanukiState, key: Cell) -> str:
    """Square or edge space ``key``: its name, its tile's paths, a rock garden, the tanuki."""
    if isinstance(key, tuple):
        edge = int(key[1])
        sq, side = EDGES[edge]
        return f"edge {edge_name(edge)} ({SIDE_NAMES[side]} of {square_name(sq)})"
    assert isinstance(key, int)
    text = square_name(key)
    value = state.board[key]
    if value >= 0:
        text += f" {tile_name(value >> 2)}: " + paths_text(value, brief=True)
    elif value == -2:
        text += ": rock garden"
    for i in range(2):
        if state.tanuki[i] == key:
            text += f"; {TANUKI_NAMES[i]} tanuki"
    return text


def lay_words(
    square: int, tile: object, variant: object, value: int, entry: int, outcome: str = ""
) -> str:
    """On the front square: Enter lays ``tile`` turned by ``variant`` (``(rotation, end)``; tile
    value ``value``); from an edge space (``end`` 1 or 2) also which end of it the monk walks in
    by ("in by the left end"); then what it does (``outcome``: :func:`outcome_words`), or
    without it the first stretch the monk walks in by ``entry`` (-1: no walk): "walk in from
    the east, out to the north (tanuki den)"."""
    rot, end = variant if isinstance(variant, tuple) and len(variant) == 2 else (value & 3, 0)
    lay = f"lays {tile_name(int(str(tile)))} r{int(rot) * 90}"
    from_edge = end in (1, 2) and entry >= 0
    if from_edge and outcome:
        lay += f", in by the {END_PLACES[entry]} end"
    walk = ""
    if outcome:
        walk = f": {outcome}"
    elif entry >= 0:
        sym = EXITS[value][entry][1]
        walk = f": walk {walk_words(value, entry, which_end=from_edge)} ({SYMBOL_NAMES[sym]})"
    return f"{square_name(square)}: Enter {lay}{walk}"


def _walk_note(
    state: TanukiState, walk: WalkRecord, *, facing: bool = False, notes: bool = True
) -> str:
    """One walk in words: "Ann to c4 (via edge n3, 2 shiitake)"; with ``facing`` also the
    square the monk faces at the end, where the next tile goes ("Ann to c4 (2 shiitake),
    facing c5"), so that turnings ending on the same square are told apart; without
    ``notes`` no parenthesis (the net change and the draws say the rest), and a loop or a
    crash in two words ("Ann LOOPS", "Bob CRASHES into Cleo")."""
    name = state.players[walk.seat]
    if walk.loop:
        return f"{does(name, 'walk')} into a LOOP, starts over" if notes else f"{name} LOOPS"
    if walk.crash >= 0:
        crash = f"{name} CRASHES into {state.players[walk.crash]}"
        return f"{crash}, both start over" if notes else crash
    if not walk.squares:
        return f"{name} stays"
    said: list[str] = []
    if walk.edges:
        if len(walk.edges) == 1:
            said.append(f"via edge {edge_name(walk.edges[0])}")
        else:
            said.append(f"via {len(walk.edges)} edge spaces")
    said += walk_finds(walk)
    words = f"{name} to {square_name(walk.end >> 3)}"
    words += f" ({', '.join(said)})" if said and notes else ""
    if facing:
        words += f", facing {square_name(front(walk.end >> 3, walk.end & 7)[0])}"
    return words


def _net(state: TanukiState, outcome: LayOutcome) -> str:
    parts = []
    for seat, name in enumerate(state.players):
        gain, loss = outcome.gains[seat], outcome.losses[seat]
        if gain or loss:
            net = gain - loss
            parts.append(f"{name} {'+' if net > 0 else ''}{net}")
    return "net " + ", ".join(parts) if parts else "no shiitake change"


def sent_off(outcome: LayOutcome, seat: int) -> bool:
    """Whether one of the outcome's walks sends ``seat``'s monk off the board (its loop, or a
    crash it is in, by its own walk or another's)."""
    return any(
        (walk.seat == seat and walk.loop) or (walk.crash >= 0 and seat in (walk.seat, walk.crash))
        for walk in outcome.walks
    )


def outcome_words(
    state: TanukiState, outcome: LayOutcome, *, facing: bool = True, notes: int = 2
) -> str:
    """What laying the tile does, short enough for two info lines at 80x24: where each walk
    ends (and a crash, a loop or a run off the board and back: "via edge n3", or "via 2 edge
    spaces"; with ``facing``, for the layer's own walk also the square it then faces, where
    their next tile goes, unless the monk is sent off), then every seat's net change
    of shiitake (the crash and loop penalties and the bonus for them included), whether the
    layer draws no tiles, and who must discard a tile for an ashi-magari. From the rules'
    :func:`~gardens_tui.rules.tanuki.preview.preview_lay` (worked out on the seat's view).

    ``notes``: how much of each walk's parenthesis (edges, symbols, stash, dens) to keep where
    room is short: 2 every walk's, 1 the layer's only, 0 none."""
    active = state.active
    facing = facing and not sent_off(outcome, active)
    parts = [
        _walk_note(
            state,
            walk,
            facing=facing and walk.seat == active,
            notes=notes >= 2 or (notes == 1 and walk.seat == active),
        )
        for walk in outcome.walks
    ]
    text = "; ".join([*parts, _net(state, outcome)])
    if not outcome.draws:
        text += f"; {does(state.players[state.active], 'draw')} none"
    if outcome.discards:
        text += f"; {join_and([state.players[o] for o in outcome.discards])} discards"
    return text


def blocked_words(state: TanukiState, verbs: Sequence[str]) -> str:
    """Why the active seat lays no tile in the place decision although the prompt asks for one,
    and what to do instead (``verbs``: those of the legal actions); ``""`` when a tile can be
    laid (or walked onto) or the monk is not on the board. Short enough for the prompt line:
    "the gold tanuki blocks c4: x chases it off (2 shiitake) or p passes"."""
    if any(verb in ("place", "enter") for verb in verbs) or state.placed:
        return ""
    seat = state.active
    monk = state.monks[seat]
    if monk == OFF:
        return ""
    sq = front_square(state, seat)
    where = square_name(sq)
    cards = " (or m: a card)" if "play" in verbs else ""
    for i in range(2):
        if state.tanuki[i] == sq:
            blocks = f"the {TANUKI_NAMES[i]} tanuki blocks {where}"
            if "distract" in verbs:
                return f"{blocks}: x chases it off (2 shiitake) or p passes{cards}"
            return f"{blocks}; chasing it off costs 2 shiitake: p passes{cards}"
    if state.board[sq] == ROCK:
        return f"a rock garden blocks {where}: p passes{cards}"
    if not state.hands[seat]:
        return f"no tile in hand: p passes (you draw 3 at the end){cards}"
    return ""


def coming_words(state: TanukiState, seat: int, verbs: Sequence[str]) -> str:
    """The Tanuki Repellant window of ``seat`` (``verbs``: its legal actions' verbs) in words
    for the prompt line: which tanuki comes at the monk and where, and the keys. The window
    opens for every card holder in its way, whatever cards they hold (others must not learn
    who holds a Repellant), so without one it says so instead of offering to play it: "the gold
    tanuki comes at you on a2 (no Repellant in hand): p lets it come"."""
    tanuki = TANUKI_NAMES[(state.moving >> 1) & 1]
    where = square_name(state.monk_square(seat))
    if "repel" in verbs:
        return f"the {tanuki} tanuki comes at you on {where}: y repels it (+1), p lets it come"
    return f"the {tanuki} tanuki comes at you on {where} (no Repellant in hand): p lets it come"


def hand_words(hand: Sequence[int], key: Cell | None, *, choose: bool, discard: bool) -> str:
    """The tile of ``hand`` under the cursor ``key``; Enter chooses it (``choose``) or discards
    it (``discard``)."""
    if not isinstance(key, int) or key >= len(hand) or hand[key] < 0:
        return "Your hand" if hand else "No tiles in hand"
    tile = hand[key]
    text = f"{tile_name(tile)}: {tile_kind(tile)}"
    if choose:
        text += " - Enter: choose it"
    elif discard:
        text += " - Enter: discard it"
    return text
