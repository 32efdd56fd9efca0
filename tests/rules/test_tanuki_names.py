"""Tanuki in the Garden, issue 26 "one name for one thing": the texts people read never write a
tile's path end as a side letter and a digit (``n1``, ``e2-n2``); an edge space is always said
with the word "edge" (``edge n3``); and the notation saves are written in (``place t17 r90 end
2``, ``enter 1``, ``edge n3``) still reads.

The scan plays random legal games from several seeds and options and checks, at every position,
``describe_action`` of every legal action (what ``gardens moves`` prints), ``render_text`` for a
spectator and the seat to play (what ``gardens show`` prints), the prompt and the log lines, and
the refusals of a few illegal actions. Squares in column e (``e1``..``e6``) look like an old path
end or a bare east edge space, so while scanning every ``square_name`` the texts use is patched
to write squares in capitals (``E2``): any ``[nesw][1-6]`` left in lower case must then follow
the word "edge".
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gardens_tui import saves
from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki import components
from gardens_tui.rules.tanuki.components import EDGES, EXITS, NUM_TILES, SIDE_NAMES
from gardens_tui.rules.tanuki.notation import HELP
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.rules.tanuki.summary import SUMMARY
from gardens_tui.rules.tanuki.text import (
    describe_action,
    edge_end_place,
    monk_text,
    paths_text,
    route_words,
    tile_paths,
    walk_words,
)

GAME = get_game("tanuki-in-the-garden")
GOLDEN = Path(__file__).resolve().parents[1] / "golden"

TOKEN = re.compile(r"(?<![A-Za-z0-9])[nesw][1-6](?![0-9])")
"""A side letter and a digit standing alone: an edge space's name, or an old path end."""

OLD_PAIR = re.compile(r"(?<![A-Za-z0-9])[nesw][1-6]-[nesw][1-6](?![0-9])")
"""An old path written end to end (``n1-e1``)."""


def name_problems(text: str) -> list[str]:
    """Every place in ``text`` where a side letter and a digit is not an edge space said with
    the word "edge" (squares must be patched to capitals first, see :func:`capital_squares`)."""
    problems = [f"old path {m.group()!r} in {text!r}" for m in OLD_PAIR.finditer(text)]
    for m in TOKEN.finditer(text):
        if not text[: m.start()].endswith("edge "):
            problems.append(f"bare {m.group()!r} in {text!r}")
    return problems


def upper_square(sq: int) -> str:
    """A square in capitals (``E2``), so that it cannot be taken for an edge space."""
    return f"{'ABCDEF'[sq % 6]}{sq // 6 + 1}"


@pytest.fixture
def capital_squares(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every Tanuki module that imported ``square_name`` writes squares in capitals."""
    original = components.square_name
    for name, module in list(sys.modules.items()):
        ours = name.startswith(("gardens_tui.rules.tanuki", "gardens_tui.ui.screens.tanuki"))
        if ours and getattr(module, "square_name", None) is original:
            monkeypatch.setattr(module, "square_name", upper_square)
    yield


def positions(
    seed: int, options: dict[str, object], players: int, plies: int
) -> Iterator[TanukiState]:
    """The positions of a random legal game (and each one's log lines in its ``events``)."""
    rng = Rng(seed * 101 + players)
    names = ("Ann", "Bob", "Cleo", "Dai", "Emi")[:players]
    s = GAME.new_game(names, options, seed)
    for _ in range(plies):
        yield s
        if s.over:
            return
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))


GAMES = [
    (1, {}, 2),
    (2, {"garden-master": True}, 3),
    (3, {"garden-master": True}, 4),
    (4, {"faster-game": True}, 5),
    (5, {}, 3),
    (6, {"garden-master": True}, 2),
    (7, {}, 8),
]


@pytest.mark.parametrize(("seed", "options", "players"), GAMES)
@pytest.mark.usefixtures("capital_squares")
def test_texts_of_random_games_name_no_path_end_by_letter_and_digit(
    seed: int, options: dict[str, object], players: int
) -> None:
    """Issue 26: across random games, ``gardens moves`` (every legal action described),
    ``gardens show`` (the position for a spectator and for the seat to play), the prompt and
    the log write no path end as a side letter and a digit, and no edge space without the
    word "edge"."""
    problems: list[str] = []
    described = 0
    for s in positions(seed, options, players, 150):
        texts = [GAME.render_text(s, None), *s.events]
        if s.decision is not None:
            texts.append(s.decision.prompt)
            texts.append(GAME.render_text(s, s.decision.seat))
        for action in GAME.legal_actions(s) if not s.over else []:
            texts.append(GAME.describe_action(s, action))
            described += 1
        for text in texts:
            problems += name_problems(text)
    assert described > 200
    assert not problems, problems[:5]


@pytest.mark.usefixtures("capital_squares")
def test_refusals_help_and_rules_say_edge_before_an_edge_space() -> None:
    """Issue 26: the notation help, the rules summary and the refusals of bad or illegal
    actions write every edge space after the word "edge" and no path end as letter + digit."""
    s = make_position(monks={0: "edge n3", 1: "edge e2"}, hands={0: ["t1"]})
    texts = [HELP, SUMMARY]
    for text in ("edge x9", "place t1 r0 end 3", "enter 7", "edge e2", "enter 1", "place t1 r0"):
        try:
            GAME.apply(s, GAME.parse_action(s, text))
        except IllegalAction as refusal:
            texts.append(str(refusal))
    assert len(texts) == 8
    problems = [p for text in texts for p in name_problems(text)]
    assert not problems, problems


def test_a_path_is_named_by_the_sides_it_joins() -> None:
    """Issue 26: a path is "north to east"; a path with both ends on one side "north to
    north"; every tile's paths are listed by symbol with no letter and digit."""
    curve = tile_joining({0: 2, 1: 7, 3: 4})  # north to east, north to west, east to south
    assert route_words(curve, 0) == route_words(curve, 2) == "north to east"
    back = tile_joining({2: 3, 0: 5})  # both ends on the east side; one north-south path
    assert route_words(back, 3) == "east to east"
    for value in range(NUM_TILES * 4):
        text = paths_text(value)
        assert not TOKEN.search(text), text
        assert len(tile_paths(value)) == 4
        symbols = {EXITS[value][end][1] for end in range(8)}
        assert all(name in text for name in ("shiitake",)), text
        assert ("tanuki den" in text) == ("d" in symbols)
        assert ("ashi-magari" in text) == ("a" in symbols)


def test_two_paths_between_the_same_sides_are_told_apart_only_when_needed() -> None:
    """Issue 26: only where the side alone is ambiguous (two paths joining the same two sides
    with different symbols) does a path name say which end of its first side it leaves by:
    left / right (north and south sides) or top / bottom (east and west sides)."""
    mixed = tile_joining({0: 5, 1: 4}, {0: "s", 1: "d"})  # two north-south lines
    assert route_words(mixed, 0) == "north left to south"
    assert route_words(mixed, 4) == "north right to south"
    assert route_words(mixed, 0, brief=True) == "north left-south"
    assert "shiitake north left to south" in paths_text(mixed)
    assert "tanuki den north right to south" in paths_text(mixed)
    alike = tile_joining({0: 5, 1: 4}, {0: "s", 1: "s"})
    assert route_words(alike, 0) == route_words(alike, 1) == "north to south"
    assert "shiitake north to south twice" in paths_text(alike)
    assert "shiitake north-south twice" in paths_text(alike, brief=True)
    east_west = tile_joining({2: 7, 3: 6}, {2: "s", 3: "a"})
    assert route_words(east_west, 2) == "east top to west"
    assert route_words(east_west, 3) == "east bottom to west"
    for value in range(NUM_TILES * 4):
        paths = tile_paths(value)
        for route, symbol in paths:  # one route name: one symbol
            assert {on for other, on in paths if other == route} == {symbol}, (value, paths)


def test_a_walk_across_a_tile_says_where_it_comes_in_and_goes_out() -> None:
    """Issue 26: the stretch walked on a tile, by sides ("in from the east, out to the
    north"); from an edge space also which end ("by the left end")."""
    value = tile_joining({3: 1})  # east bottom end to north right end
    assert walk_words(value, 3) == "in from the east, out to the north"
    assert (
        walk_words(value, 1, which_end=True)
        == "in from the north by the right end, out to the east"
    )
    back = tile_joining({4: 5})
    assert walk_words(back, 4) == "in from the south and back out to the south"


def test_edge_end_numbers_are_the_first_and_second_end_clockwise() -> None:
    """The notation's end 1 / end 2 of an edge space, in words: end 1 is the end met first
    going clockwise round the garden (left on the north edge, top on the east, right on the
    south, bottom on the west)."""
    assert [edge_end_place(side, 1) for side in range(4)] == ["left", "top", "right", "bottom"]
    assert [edge_end_place(side, 2) for side in range(4)] == ["right", "bottom", "left", "top"]
    for edge, (sq, side) in enumerate(EDGES):
        s = make_position(monks={0: f"edge {components.edge_name(edge)}"}, hands={0: ["t1"]})
        for number in (1, 2):
            action = ("place", 0, 0, number)
            text = describe_action(s, action, GAME.format_action(action))
            assert text.startswith(
                f"place t1 r0 end {number} ({edge_end_place(side, number)} end): "
            ), text
        assert SIDE_NAMES[side] in ("north", "east", "south", "west") and sq >= 0


def test_show_says_where_a_monk_stands_in_words() -> None:
    """Issue 26: ``gardens show`` puts a monk at an end of a side of its square, facing the
    next square; a monk on an edge space "on edge n3"."""
    value = tile_joining({4: 1})
    s = make_position(board={"c4": value}, monks={0: "c4 end 1", 1: "edge n3"})
    assert monk_text(s, 0) == "in c4 at the right end of the north side, facing c3"
    assert monk_text(s, 1) == "on edge n3"
    shown = GAME.render_text(s, None)
    assert "monk in c4 at the right end of the north side, facing c3" in shown
    assert "Last tile" not in shown or "north to" in shown


# --- old notation still reads ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("edge n3", ("edge", 2)),
        ("EDGE  W6", ("edge", 23)),
        ("edge e2", ("edge", 7)),
        ("place t17 r90 end 2", ("place", 16, 1, 2)),
        ("place t17 r90 end 1", ("place", 16, 1, 1)),
        ("place t17 90", ("place", 16, 1, 0)),
        ("Place T17 R270", ("place", 16, 3, 0)),
        ("enter 1", ("enter", 1)),
        ("enter 2", ("enter", 2)),
    ],
)
def test_old_notation_still_reads(text: str, action: tuple[object, ...]) -> None:
    """Saves store actions in the notation: ``edge n3``, ``place ... end 1|2`` and ``enter 1|2``
    read as before issue 26 and format back the same (but for case and spaces)."""
    s = make_position()
    assert GAME.parse_action(s, text) == action
    assert GAME.parse_action(s, GAME.format_action(action)) == action


@pytest.mark.parametrize("name", ["tanuki-in-the-garden-v1.json", "tanuki-in-the-garden-v2.json"])
def test_every_action_of_the_golden_saves_still_reads_and_replays(name: str) -> None:
    """Every action text in the golden saves (written before issue 26, ends as numbers) loads
    and replays, each text reads as the action played at its step (in the position before it)
    and formats back to the very same text."""
    path = GOLDEN / name
    data = json.loads(path.read_text())
    table = saves.load_table(path)
    assert len(table.actions) == len(data["actions"])
    ends = 0
    for before, text, action in zip(table.states, data["actions"], table.actions, strict=False):
        assert GAME.parse_action(before, text) == action
        assert GAME.format_action(action) == text
        ends += action[0] == "enter" or (action[0] == "place" and action[3] != 0)
    assert table.state.is_over and ends > 0
