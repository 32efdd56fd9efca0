"""The Gardens audit against its rulebook: what the command line tells a new player.

The rules themselves were found to agree with the rulebook (as settled by components.md and the
package's documented decisions); these tests pin the wording fixed by the audit: a walk's log
explains a landmark's extra point, a refused State Library return says why for this game, and a
finished game's gardens do not claim a round is under way.
"""

from __future__ import annotations

from typing import Any

import pytest

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.registry import get_game
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import GardensState

GAME = get_game("the-gardens")


def pos(layout: str = "l1-r1", side: str = "abilities", **fields: Any) -> GardensState:
    players = fields.pop("players", ("Ann", "Bob"))
    options = {"landmarks": True, "layout": layout, "landmark-side": side}
    return make_position(players, options, **fields)


def walk_line(s: GardensState) -> str:
    return next(line for line in s.events if "visitor walked to it" in line)


def test_mrs_macquaries_chair_extra_point_is_explained_in_the_walk_log() -> None:
    """Mrs Macquarie's Chair ("you score 1 extra point whenever you score Focal Trees"): the log
    says where the second point of a one-wattle walk comes from."""
    s = pos("l1-r2", owners={"mrs-macquaries-chair": 0}, display={"a": ["A1", None, None, None]})
    after = GAME.apply(s, ("take", 0, 0, "left"))
    assert isinstance(after, GardensState)
    assert walk_line(after) == (
        "Ann's visitor walked to it: saw 1 wattle, +1 for Mrs Macquarie's Chair: 2 points for trees"
    )


def test_duck_pond_and_sydney_tower_extra_points_are_explained_in_the_walk_log() -> None:
    """The Duck Pond (+1 whenever you score Fountains) and Sydney Tower (+1 whenever you score
    Benches) name themselves in the walk's log line."""
    s = pos(owners={"duck-pond": 0}, display={"a": ["A19", None, None, None]})
    after = GAME.apply(s, ("take", 0, 0, "left"))
    assert isinstance(after, GardensState)
    assert "saw 0 streams, +1 for the Duck Pond: 1 point for the fountain" in walk_line(after)
    s = pos(owners={"sydney-tower": 0}, display={"b": ["B21", None, None, None]})
    after = GAME.apply(s, ("take", 1, 0, "left"))
    assert isinstance(after, GardensState)
    assert "3 cards around the bench, +1 for Sydney Tower: 4 points for the bench" in walk_line(
        after
    )


def test_a_walk_without_landmark_abilities_keeps_its_plain_log() -> None:
    """Without the abilities the walk's words are unchanged (rule: focal trees 1/3/6/10)."""
    s = make_position(("Ann", "Bob"), display={"a": ["A1", None, None, None]})
    after = GAME.apply(s, ("take", 0, 0, "left"))
    assert isinstance(after, GardensState)
    assert walk_line(after) == "Ann's visitor walked to it: saw 1 wattle: 1 point for trees"


@pytest.mark.parametrize(
    ("options", "owners", "reason"),
    [
        ({}, {}, "this game is played without landmarks"),
        ({"layout": "l1-r1"}, {}, "State Library of NSW is not on this game's mats"),
        ({"layout": "l2-r1", "side": "points"}, {}, "lies points side up"),
        ({"layout": "l2-r1"}, {}, "nobody holds State Library of NSW yet"),
        ({"layout": "l2-r1"}, {"state-library": 1}, "Bob holds State Library of NSW, not you"),
    ],
)
def test_a_refused_state_library_return_says_why_in_this_game(
    options: dict[str, str], owners: dict[str, int], reason: str
) -> None:
    """State Library ("once per round you may return a Visitor to the Central Board"): a player
    without its ability is told why, for this very game, not just "you do not hold it"."""
    if options:
        s = pos(options["layout"], options.get("side", "abilities"), owners=owners)
    else:
        s = make_position(("Ann", "Bob"))
    with pytest.raises(IllegalAction, match=reason):
        GAME.apply(s, ("return", 0))


def test_a_finished_game_shows_complete_gardens_not_this_rounds_walks() -> None:
    """Ending the game ("the game ends after the 8th round ... each row is filled"): the text
    board calls every garden complete instead of "walked this round: none yet"."""
    s = GAME.new_game(["Ann", "Bob"], {}, 3)
    while not s.over:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    text = GAME.render_text(s)
    assert "(walked this round:" not in text
    assert "Ann's garden:" in text and "(complete)" in text


def test_a_landmark_under_a_moved_central_board_is_listed_as_unclaimable() -> None:
    """Varying starting positions with landmarks (allowed, "not recommended"): a landmark the
    Central Board stands on is listed as one nobody can claim, not as merely "unclaimed"."""
    options = {"landmarks": True, "layout": "l1-r2", "start-column": 7}
    text = GAME.render_text(GAME.new_game(["Ann", "Bob"], options, 1))
    fig = next(line for line in text.splitlines() if "Moreton Bay Fig:" in line)
    assert fig.endswith("under the Central Board: nobody can claim it")
    opera = next(line for line in text.splitlines() if "Sydney Opera House:" in line)
    assert opera.endswith("; unclaimed")


def test_a_card_past_a_full_side_of_a_row_is_refused_in_a_players_words() -> None:
    """Placing cards ("you may never place cards off the Player Mats!"): a side of a row that
    reaches the mat's edge is called full, and the free end of the row is named."""
    full = make_position(
        ("Ann", "Bob"),
        mats={0: {"b1": "B1", "b2": "B2", "b3": "B3", "b4": "B4"}},
        display={"b": ["B9", "B10", "B11", "B12"]},
    )
    with pytest.raises(IllegalAction) as info:
        GAME.apply(full, GAME.read_action(full, "take b1 left"))
    assert str(info.value) == (
        "row B is full on the left: the mat has no column 0; column 6, on the right, is free "
        "(rule: never place a card off the mat)"
    )
    end = make_position(
        ("Ann", "Bob"),
        mats={0: {f"b{c}": f"B{c}" for c in (6, 7, 8, 9)}},
        display={"b": ["B1", "B2", "B3", "B4"]},
    )
    with pytest.raises(IllegalAction) as info:
        GAME.apply(end, GAME.read_action(end, "take b1 right"))
    assert str(info.value).startswith("row B is full on the right: the mat has no column 10;")
    assert "is off the mat" not in str(info.value)


def test_moreton_bay_fig_choices_say_what_each_species_scores() -> None:
    """Moreton Bay Fig ("choose one type of Focal Tree and score 2 points for every tree of
    this type in your garden"): each choice's description gives its points for this garden,
    as the score counts them, and names the Canary palm in full (which may be typed too)."""
    s = pos(
        "l1-r2",
        mats={1: {"a4": "A1", "a3": "A9", "b4": "B2"}},
        owners={"moreton-bay-fig": 1},
        phase="species",
        round=4,
    )
    landmarks = GAME.scores(s).categories.index("landmarks")
    for action in GAME.legal_actions(s):
        text = GAME.describe_action(s, action)
        points = GAME.scores(GAME.apply(s, action)).table[1][landmarks]
        assert f"for the Moreton Bay Fig: {points} point" in text
    assert GAME.describe_action(s, ("species", "wattle")) == (
        "choose Wattle for the Moreton Bay Fig: 4 points (2 trees)"
    )
    assert GAME.describe_action(s, ("species", "palm")) == (
        "choose Canary palm for the Moreton Bay Fig: 0 points (0 trees)"
    )
    assert GAME.read_action(s, "species Canary palm") == ("species", "palm")  # as described


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("take a1 left extra", "unexpected 'extra' after 'take a1 left'"),
        ("take a1 col 4 now", "unexpected 'now' after 'take a1 col 4'"),
        ("return b please", "unexpected 'please' after 'return b'"),
        ("reserve a3 b2", "unexpected 'b2' after 'reserve a3'"),
        ("species palm wattle", "unexpected 'wattle' after 'species palm'"),
        ("take a1 up extra", "'up' is not a side or a column"),
    ],
)
def test_words_after_a_complete_action_are_refused_as_unexpected(text: str, reason: str) -> None:
    """Notation (``take b2 left``, ``return b``, ``reserve a3``, ``species wattle``): words after
    a complete action are named as unexpected, not taken for a missing side."""
    s = GAME.new_game(["Ann", "Bob"], {}, 1)
    with pytest.raises(IllegalAction) as info:
        GAME.read_action(s, text)
    assert reason in str(info.value)


def test_a_two_player_fort_denison_holder_with_two_takes_left_hears_the_real_reason() -> None:
    """Fort Denison ("choose a Garden Card to claim on a future turn this round") with 2 players
    ("each player must choose exactly 2 cards from each of the three rows"): the holder's first
    take from the reserved row may be another card, so a card refused for a full side of the row
    is refused for that, not for the reservation."""
    s = pos(
        mats={0: {"a1": "A1", "a2": "A2", "a3": "A3", "a4": "A4"}},
        owners={"fort-denison": 0},
        display={"a": ["A5", "A6", "A7", "A8"]},
        reserved=[0, 1],
    )
    assert ("take", 0, 0, "right") in GAME.legal_actions(s)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, ("take", 0, 0, "left"))
    assert str(info.value).startswith("row A is full on the left")
    assert "which you reserved" not in str(info.value)
    last = pos(
        owners={"fort-denison": 0},
        display={"a": ["A5", "A6", "A7", "A8"]},
        reserved=[0, 1],
        walked=[[1, 0, 0], [0, 0, 0]],
    )
    with pytest.raises(IllegalAction, match="must be a2, which you reserved"):
        GAME.apply(last, ("take", 0, 0, "left"))


def test_the_rules_summary_says_a_two_player_visitor_walks_again_in_the_round() -> None:
    """Ending your turn, 2 players ("your Visitor will go on two walks"): the summary does not
    leave a visitor lying down for the rest of the round without its second walk."""
    summary = GAME.spec.summary
    assert "with 2 players it walks again in the round, from the card it lies on" in summary


def test_the_rules_summary_limits_the_conservatorium_as_the_engine_does() -> None:
    """Conservatorium ("all pathways that are adjacent to each other ... are considered to be
    connected"): the summary says it joins networks and loops, not paths leading into a bench,
    as the engine scores: a path card beside a bench without a path end towards it scores no
    2 points with the bench ``paths`` tile even for the Conservatorium's holder."""
    summary = " ".join(GAME.spec.summary.split())
    assert "for your largest network and the Opera House's loops" in summary
    assert "the bench `paths` tile still counts only paths that lead into the bench" in summary
    options = {
        "landmarks": True,
        "layout": "l1-r1",
        "landmark-side": "abilities",
        "bench-tile": "paths",
    }
    s = make_position(
        ("Ann", "Bob"),
        options,
        mats={0: {"b4": "B6"}},
        owners={"conservatorium": 0},
        display={"b": ["B22", None, None, None]},
    )
    after = GAME.apply(s, ("take", 1, 0, "left"))
    assert isinstance(after, GardensState)
    # B22 (bench, path N-S) goes to b3 beside b4 (path N-S): no path end leads into the bench,
    # so no points; yet for the largest network the two count as joined to the Central Board.
    assert after.points[0][2] == s.points[0][2]
    pathways = GAME.scores(after).categories.index("pathways")
    assert GAME.scores(after).table[0][pathways] == 5
