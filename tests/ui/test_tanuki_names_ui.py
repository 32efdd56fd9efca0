"""Tanuki in the Garden screen, issue 26 "one name for one thing": the info line, the walk-in
list and the legend never write a tile's path end as a side letter and a digit, and always say
"edge" before an edge space's name.

- A scan over random games: at every position where a person decides, the words for every
  square and edge space (:func:`~.info.place_words`), for laying every legal tile as turned
  (:func:`~.info.lay_words` with the outcome and without it, :func:`~.info.outcome_words`), the
  player panel lines and the legend. Squares are written in capitals while scanning (see
  ``tests/rules/test_tanuki_names.py``), so a lower-case ``e2`` can only be an edge space.
- At 80x24 (Pilot): starting from an edge space, the info line says which end of it the monk
  walks in by in words ("in by the left end", then "right end" after ``r``), within its two
  lines; an edge space under the cursor reads "edge n3 (north of c1)"; the walk-in list says
  "Enter 1 (left end): ...".
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import settle
from test_tanuki_issue26 import info_rows
from test_tanuki_screen import app_for, go, position_table, tk_screen

from gardens_tui.rules.registry import get_game
from gardens_tui.rules.rng import Rng
from gardens_tui.rules.tanuki import board as B
from gardens_tui.rules.tanuki.components import EDGES, SQUARES
from gardens_tui.rules.tanuki.positions import make_position, tile_joining
from gardens_tui.rules.tanuki.preview import preview_lay
from gardens_tui.rules.tanuki.state import TanukiState
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.screens.tanuki.info import lay_words, outcome_words, place_words
from gardens_tui.ui.screens.tanuki.layouts import edge_key
from gardens_tui.ui.screens.tanuki.legend import legend_rows
from gardens_tui.ui.screens.tanuki.preview import entry_end
from gardens_tui.ui.screens.tanuki.texts import panel_lines

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from test_tanuki_names import capital_squares, name_problems

GAME = get_game("tanuki-in-the-garden")
__all__ = ["capital_squares"]  # the fixture, shared with the rules scan


def info_texts(s: TanukiState) -> list[str]:
    """Everything the info line, the panel and the legend can say in position ``s``, as the
    deciding seat sees it."""
    seat = s.current_player
    view = GAME.view(s, seat)
    texts = [place_words(view, sq) for sq in range(SQUARES)]
    texts += [place_words(view, edge_key(edge)) for edge in range(len(EDGES))]
    texts += [line for other in range(len(s.players)) for line in panel_lines(view, other, True)]
    texts += [words for _, words in legend_rows(view, False)]
    front = B.front_square(view, seat) if seat is not None else -1
    for action in GAME.legal_actions(view):
        if action[0] != "place" or front < 0:
            continue
        tile, rot, end = action[1], action[2], action[3]
        value = tile * 4 + rot
        entry = entry_end(view, (rot, end))
        outcome = outcome_words(view, preview_lay(view, action))
        texts.append(lay_words(front, tile, (rot, end), value, entry, outcome))
        texts.append(lay_words(front, tile, (rot, end), value, entry))
    return texts


@pytest.mark.parametrize(("seed", "options"), [(5, {}), (6, {"garden-master": True})])
@pytest.mark.usefixtures("capital_squares")
def test_the_info_line_names_no_path_end_by_letter_and_digit(
    seed: int, options: dict[str, object]
) -> None:
    """Issue 26: across random games the info line's words (squares, edge spaces, every tile
    laid as turned, with and without its outcome), the panel and the legend write no path end
    as a side letter and a digit, and every edge space after the word "edge"."""
    rng = Rng(seed)
    s = GAME.new_game(("Ann", "Bob", "Cleo"), options, seed)
    problems: list[str] = []
    lays = 0
    for _ in range(70):
        if s.over:
            break
        texts = info_texts(s)
        lays += sum(1 for text in texts if "Enter lays" in text)
        for text in texts:
            problems += name_problems(text)
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert lays > 100
    assert not problems, problems[:5]


def walk_words_example() -> TanukiState:
    """Ann on edge n3 with one tile in hand that joins both north ends of c1 to other sides."""
    tile = tile_joining({0: 2, 1: 7, 3: 4})  # north to east, north to west, east to south
    return make_position(
        ("Ann", "Bob"),
        monks={0: "edge n3", 1: "edge s6"},
        hands={0: [f"t{(tile >> 2) + 1}"]},
    )


async def test_from_an_edge_space_the_info_line_says_which_end_in_words() -> None:
    """Issue 26: at 80x24, laying the first tile from edge n3 says "in by the left end" (the
    notation's end 1), and after ``r`` turns through the rotations, "in by the right end" (end
    2); never a letter and a digit for a path end; all of it on the info line's two lines."""
    state = walk_words_example()
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = tk_screen(app)
        front = B.front_square(state, 0)
        await go(pilot, screen.board, front, enter=False)
        seen: dict[int, str] = {}
        for _ in range(8):
            variant = screen.picker.selection.variant
            assert isinstance(variant, tuple)
            seen.setdefault(int(variant[1]), screen._info_text)
            assert len(info_rows(pilot)) <= 2, info_rows(pilot)
            await pilot.press("r")
            await pilot.pause()
        assert seen[1].startswith("c1: Enter lays ") and "in by the left end" in seen[1], seen
        assert "in by the right end" in seen[2], seen
        for text in seen.values():
            assert not [p for p in name_problems(text) if "C1" not in p], text
        await go(pilot, screen.board, edge_key(2), enter=False)
        assert screen._info_text.startswith("edge n3 (north of c1)"), screen._info_text


async def test_the_walk_in_list_names_each_end_in_words() -> None:
    """Issue 26: ``n`` beside a laid tile lists "enter 1 (left end)" and "enter 2 (right end)"
    for a monk on a north edge space: the notation's number and the end in words."""
    state = make_position(("Ann", "Bob"), monks={0: "edge n1", 1: "edge s6"}, board={"a1": "t1 r0"})
    table = position_table(state, "Ann", "Bob=greedy")
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        dialog: Any = app.screen
        assert isinstance(dialog, ChoiceScreen)
        first, second = dialog.labels
        assert first.lower().startswith("enter 1 (left end): ann walks"), first
        assert second.lower().startswith("enter 2 (right end): ann walks"), second
