"""Seabed Neighbours audit against the rulebook: refusals a new player meets at the command
line name the rule for this very position."""

from __future__ import annotations

from seabed_helpers import GAME, play, position, refusal

from gardens_tui.rules.seabed.lesson import LESSON
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import TYPE_BY_NAME, describe

# The start tile with a three-sided reef south of it: only reef or seaweed is asked for on
# every free place, so a plain seabed tile (t54) fits nowhere.
WALLED = [(0, 1, "t15", 90)]


def test_unplaceable_drawn_tile_is_refused_as_fitting_nowhere() -> None:
    """Rule (Summary, 1. Place a seabed tile: "In case you are unable to place either of the
    tiles you drew..."): of the two tiles drawn only one that fits may be chosen; choosing the
    other says it fits nowhere and which tile to place, not a side mismatch at one place."""
    s = position(WALLED, ["t54", "t23"])
    assert ("place", 1, 1, 0, 90) not in GAME.legal_actions(s)
    text = refusal(s, "place 1 at 1,0 r0")
    assert "t54 fits nowhere on the seascape: place tile 2" in text
    text = refusal(s, "place 1 at 0,-1 r0")
    assert "fits nowhere" in text
    # a tile that fits somewhere still gets the side-by-side reason
    assert "does not fit at 1,0 r0" in refusal(s, "place 2 at 1,0 r0")


def test_flag_refused_outside_the_flag_step_names_the_flag_step() -> None:
    """Rule (Playing the game, step 2 "Place a flag or a palace" follows only the first tile;
    components.md: tile 2 "without a flag step"): a flag typed after the second tile is
    refused saying when flags and palaces may go down."""
    s = position([], ["t23", "t24"])
    s = play(s, "place 1 at 1,0 r90", "pass", "place 1 at -1,0 r90")
    assert s.phase == "place" and s.step == 1
    text = refusal(s, "flag -1,0 streak-e")
    assert "only in the flag step" in text and "never after the second tile" in text
    assert "palace" in refusal(s, "palace -1,0 streak-e")


def test_second_veto_is_refused_as_one_veto_each() -> None:
    """Rule (components.md, propose and veto: "the partner accepts or vetoes once"): after a
    veto the partner cannot veto or accept again; the refusal says so."""
    s = position([], ["t23", "t24"], options={"negotiation": "propose-and-veto"}, phase="propose")
    s = play(s, "propose 1 at 1,0 r90", "veto")
    assert s.phase == "counter"
    text = refusal(s, "veto")
    assert "already vetoed" in text and "one veto each" in text
    assert "already vetoed" in refusal(s, "accept")
    s = play(s, "propose 1 at -1,0 r90")
    assert s.phase == "pick"
    assert "already vetoed" in refusal(s, "veto")


# --- what a new player reads: names of features, tiles and segments (rules audit) ------------


def _last_tile(
    seascape: list[tuple[int, int, str, int]], hand: list[str], **fields: object
) -> SeabedState:
    """A position whose hand holds the game's last regular tile (the rest set aside)."""
    s = position(seascape, hand, **fields)
    s.removed, s.pile = sorted(s.removed + s.pile), []
    return s


def _to_the_end(s: SeabedState) -> SeabedState:
    """Pass every flag step and place the first legal placement until the game is over."""
    while not s.over:
        s = GAME.apply(s, GAME.legal_actions(s)[-1 if s.phase == "flag" else 0])
    return s


def test_final_seabed_lines_name_each_area_by_its_flag_not_its_first_tile() -> None:
    """Final scoring (Scoring seabed areas): the start tile has two seabed areas, one each side
    of its streak; a flag on each scores on its own line, and each line names its area the way
    the board lists the flag (its place and segment in notation) with the area's size, not
    "Seabed at 0,0" twice."""
    flags = [[0, 0, 0, "seabed-ne", "flag"], [1, 0, 0, "seabed-se", "flag"]]
    s = _to_the_end(_last_tile([], ["t54"], flags=flags))
    lines = [e for e in s.events if "seabed area" in e]
    assert lines == [
        "The seabed area with the flag of Cleo & Ann on 0,0 seabed-ne (1 tile): Cleo & Ann "
        "score 0 for their flag",
        "The seabed area with the flag of Ann & Bob on 0,0 seabed-se (2 tiles): Ann & Bob "
        "score 3 for their flag",
    ]
    assert not any(e.startswith("Seabed at") for e in s.events)


def test_final_palace_line_names_the_system_by_its_palace_tile_and_segment() -> None:
    """Final scoring (Scoring palaces on seaweed system): the seaweed system runs from the
    start tile's streak into 1,0, where the palace stands; its line names the palace on 1,0
    streak-e as the board lists it, not the system's first tile 0,0."""
    laid = [(1, 0, "t23", 90)]
    s = _to_the_end(_last_tile(laid, ["t54"], flags=[[2, 1, 0, "streak-e", "palace"]]))
    lines = [e for e in s.events if "seaweed system" in e]
    assert lines == [
        "The seaweed system with the palace of Bob & Cleo on 1,0 streak-e (2 tiles): "
        "Bob & Cleo score 0 for their palace"
    ]
    assert "palace of Bob & Cleo on streak-e at 1,0" in GAME.render_text(s)


def test_final_lines_name_every_piece_on_a_feature_joined_from_several() -> None:
    """Final scoring (majorities: "If multiple players are tied for the most flags on one
    seabed, all tied players score full points"): an area joined from two flagged areas names
    both flags, and the tied teams score for their flags."""
    flags = [[0, 0, 0, "seabed-ne", "flag"], [2, 0, 0, "seabed-se", "flag"]]
    # (the field tile's seabed runs all round its streak: it joins the start tile's two areas)
    s = _to_the_end(play(_last_tile([], ["t43"], flags=flags), "place 1 at 1,0 r90"))
    (line,) = [e for e in s.events if "seabed area" in e]
    assert line == (
        "The seabed area with the flags of Cleo & Ann on 0,0 seabed-ne and of Bob & Cleo on "
        "0,0 seabed-se (2 tiles): Cleo & Ann and Bob & Cleo score 3 for their flags"
    )


def test_refusal_names_the_start_tile_as_the_start_tile() -> None:
    """Rule (Setup: "The starting tile is faceup in the middle of the table"): a placement on
    0,0 is refused naming the start tile, not "start"."""
    s = position([], ["t23"])
    assert refusal(s, "place 1 at 0,0 r90") == "0,0 already holds the start tile"
    s = position([(1, 0, "t23", 90)], ["t24"])
    assert refusal(s, "place 1 at 1,0 r90") == "1,0 already holds t23"


def test_tile_descriptions_count_in_the_singular_and_plural_and_name_reef_shapes() -> None:
    """Tile descriptions (hands and logs): one of a thing is singular, several plural (fish
    and starfish stay as they are), reefs are named by their shape in the tile list (cap,
    band, corner, three-sided) and the gramophones and sushi set by their names."""
    assert describe(TYPE_BY_NAME["c5"]) == "c5 (reef cap; 1 anemone group)"
    assert describe(TYPE_BY_NAME["c6"]) == "c6 (corner reef; 2 anemone groups)"
    assert describe(TYPE_BY_NAME["c4"]) == "c4 (streak; 1 fish, 2 starfish)"
    assert describe(TYPE_BY_NAME["t14"]) == "t14 (reef band; 1 clam)"
    assert describe(TYPE_BY_NAME["t11"]) == "t11 (2 reef caps)"
    assert describe(TYPE_BY_NAME["t16"]) == "t16 (three-sided reef; 1 clam)"
    assert describe(TYPE_BY_NAME["start"]) == "start (reef cap + streak)"
    assert describe(TYPE_BY_NAME["c8"]) == "c8 (seabed; party gramophone)"
    assert describe(TYPE_BY_NAME["c16"]) == "c16 (2 streaks + field; 1 fish, sushi set)"


def test_party_gramophone_line_counts_the_animals_in_the_singular_and_plural() -> None:
    """Clam tile (party gramophone): the line saying what it scored counts each animal with
    its noun in the singular or plural ("0 crabs", not "0 crab")."""
    s = position([(0, 1, "t54", 0)], ["t23"], clam="c8", extra=True)
    s = play(s, "place 1 at 1,1 r0")
    s = play(s, "pass") if s.phase == "flag" else s
    assert any("(1 manta, 0 starfish, 0 crabs, 0 bottles)" in e for e in s.events)


def test_first_flag_step_refusal_names_only_the_tile_just_placed() -> None:
    """Rule (step 2: a flag "on the tile you just placed (or the previously placed tile)"):
    on the team's first flag step it has no previous tile, so the refusal names only the tile
    just placed (and the start tile as the start tile); once it has one, both are named."""
    s = play(position([], ["t23", "t24"]), "place 1 at 1,0 r90")
    assert s.phase == "flag" and s.flag_cells == ((1, 0),)
    text = refusal(s, "flag 0,0 streak-e")
    assert "previous tile" not in text
    assert text == (
        "a flag goes on the tile just placed (1,0), not on the start tile (0,0) (Cleo & Ann "
        "placed no tile before it)"
    )
    later = position([(1, 0, "t23", 90)], ["t24"], last=[[1, 0], None, None])
    later = play(later, "place 1 at -1,0 r90")
    assert later.flag_cells == ((-1, 0), (1, 0))
    assert refusal(later, "palace 0,0 streak-e") == (
        "a palace goes on the tile just placed (-1,0) or on the team's previous tile (1,0), "
        "not on the start tile (0,0)"
    )


def test_incomplete_segment_name_lists_the_segments_of_that_tile() -> None:
    """Notation (segments are named by kind and a side or corner, seabed-ne): "flag 1,0
    seabed" names no segment; the refusal lists the segments of the tile at 1,0, not a
    generic example."""
    s = play(position([], ["t23", "t24"]), "place 1 at 1,0 r90")
    text = refusal(s, "flag 1,0 seabed")
    assert text == (
        "'seabed' names no segment: the segments of the tile at 1,0 are streak-e, seabed-ne and "
        "seabed-se (e.g. flag 1,0 seabed-ne)"
    )
    assert "reef-n" not in refusal(s, "flag 1,0")
    assert "the segments of the tile at 1,0" in refusal(s, "palace 1,0 field-x")


def test_whirlpool_refusal_says_palaces_stay() -> None:
    """Rule (Seaweed: "Palaces remain where they are placed until the end of the game";
    whirlpool: "return 1 of your flags"): naming the team's own palace for the whirlpool says
    the palace stays and the whirlpool takes back flags only, and lists the flags it may
    take."""
    flags = [[0, 1, 0, "field", "palace"], [0, 0, 0, "reef-n", "flag"]]
    s = position([(1, 0, "t41", 90)], ["t23"], clam="c11", extra=True, flags=flags)
    s = play(s, "place 1 at 0,1 r0")
    assert s.phase == "whirlpool"
    assert refusal(s, "return 1,0 field") == (
        "the palace of Cleo & Ann on 1,0 field stays: palaces remain where they are placed "
        "until the end, and the whirlpool takes back flags only (flags to take back: return "
        "0,0 reef-n)"
    )


def test_lesson_seabed_tip_counts_the_animals_in_the_singular_and_plural() -> None:
    """Guided first game (the seabed flag tip, Scoring seabed areas): what the area holds now
    is counted with each noun in the singular or plural ("0 crabs", not "0 crab")."""
    s = play(position([], ["t54", "t23"]), "place 1 at 0,1 r0")
    tip = LESSON.tip(GAME, s, frozenset({"flag", "palace", "streak", "reef"}))
    assert tip is not None and tip.rule == "seabed"
    assert "(1 manta, 0 starfish, 0 crabs, 0 bottles)" in tip.text


def test_just_completed_streak_named_by_its_other_tile_is_listed_once_not_scored_earlier() -> None:
    """Rule (step 2 and 3: a flag on "the tile you just placed (or the previously placed
    tile)", then "score features completed by the tile you placed this turn"): a streak the
    tile just completed takes a flag (it scores at once); named by the team's previous tile it
    is refused as listed once under the tile just placed, not as "completed and scored
    earlier", which it was not."""
    s = position([(1, 0, "t41", 90)], ["t43", "t23"], last=[[1, 0], None, None])
    s = play(s, "place 1 at -1,0 r270")
    assert ("flag", -1, 0, "streak-e") in GAME.legal_actions(s)
    text = refusal(s, "flag 1,0 streak-w")
    assert "scored earlier" not in text
    assert text == "that streak is listed once, as flag -1,0 streak-e (one entry per feature)"
    # a streak completed and scored on an earlier turn is still refused as such
    s = position(
        [(1, 0, "t41", 90), (-1, 0, "t43", 270)], ["t23", "t24"], last=[[1, 0], None, None]
    )
    s = play(s, "place 1 at 1,1 r90")
    assert refusal(s, "flag 1,0 streak-w") == "that streak was completed and scored earlier"


def test_lesson_open_reef_tip_counts_its_anemone_groups() -> None:
    """Clam tile (anemones: "worth 3 points when scoring a coral reef"): the guided game's tip
    on a flag for an open reef states 3 per anemone group when the reef holds some, so its
    points add up from what it says (2 tiles and 2 groups: 10), not "2 per tile, 10"."""
    s = position([], ["t23"], clam="c6", extra=True)
    s = play(s, "place 1 at 0,-1 r90")
    assert ("flag", 0, -1, "reef-e") in GAME.legal_actions(s)
    taught = frozenset(rule.id for rule in LESSON.rules) - {"reef"}
    tip = LESSON.tip(GAME, s, taught)
    assert tip is not None and tip.rule == "reef"
    assert (
        "2 per tile and 3 per anemone group, 10 with its 2 tiles and 2 anemone groups" in tip.text
    )
    assert tip.numbers["points"] == 2 * 2 + 3 * 2 and tip.numbers["anemones"] == 2


def _summary_words() -> str:
    """The rules summary with its line breaks folded, as a reader takes it in."""
    from gardens_tui.rules.seabed.summary import SUMMARY

    return " ".join(SUMMARY.split())


def test_summary_says_what_the_engine_does_with_clams_ties_and_the_end() -> None:
    """Rules summary against the engine (package docstring's decisions, which must also be in
    the in-app help): a new tile shares a side with a laid tile (not "touch the seabed"); the
    extra placement comes at once, one per placement, with a clam tile that fits; the whirlpool
    takes a seabed flag too and nothing when none is out; the diver clears bottles for the
    party gramophone too; final seabed ties pay every tied team; unfinished features' flags go
    home."""
    words = _summary_words()
    assert "must touch the seabed" not in words
    assert "A new tile must share a side with a tile already laid" in words
    assert "right after the placement that earned it is scored (before the turn goes on)" in words
    assert "one extra placement however many clams or reefs" in words
    assert "a clam tile that fits nowhere goes back; if none fits, no extra placement" in words
    assert "a seabed flag too; nothing if it has none out" in words
    assert "for the party gramophone too" in words
    assert "nobody has flagged (a palace there does not stop it)" in words
    assert "one crab ignored per bottle (never below zero); ties: every tied team in full" in words
    assert "Unfinished streaks and reefs pay nothing; their flags go home." in words
    # what the engine does, as said: a whirlpool with no flag out takes nothing
    s = position([(0, 1, "t54", 0)], ["t23"], clam="c11", extra=True)
    s = play(s, "place 1 at 1,1 r0")
    assert s.phase == "flag" and any("finds no flag" in e for e in s.events)


def test_a_palace_does_not_stop_a_flag_on_its_streak() -> None:
    """Rule (Seaweed, 2: "You can place a meeple on a streak with a palace"; the summary says
    so): a streak holding another team's palace still takes a flag, while its seaweed system
    takes no second palace."""
    s = position([], ["t23", "t24"], flags=[[1, 0, 0, "streak-e", "palace"]])
    s = play(s, "place 1 at 1,0 r90")
    legal = GAME.legal_actions(s)
    assert ("flag", 1, 0, "streak-e") in legal
    assert not any(a[0] == "palace" for a in legal)
