"""The Gardens' texts and heuristics: render_text for ``gardens show``, the rules summary for
``gardens rules``, the options with descriptions, describe_action, the log lines and the greedy
bot's evaluate."""

from __future__ import annotations

from gardens_tui.rules.registry import get_game, get_spec
from gardens_tui.rules.rng import Rng, seed_state
from gardens_tui.rules.the_gardens.positions import make_position
from gardens_tui.rules.the_gardens.state import GardensState

GAME = get_game("the-gardens")


def test_the_game_is_registered_as_the_gardens() -> None:
    """Registry: the package the_gardens is the game "the-gardens" for 2-4 players."""
    spec = get_spec("the-gardens")
    assert spec.title == "The Gardens" and spec.counts == (2, 3, 4)
    assert GAME.spec is spec


def test_every_option_has_a_description_and_sane_default() -> None:
    """GameSpec options: landmarks, layout, landmark sides, start column and one tile per
    slot (basic, a named advanced tile or random), each described in one line."""
    spec = get_spec("the-gardens")
    keys = [opt.key for opt in spec.options]
    assert keys == [
        "landmarks",
        "layout",
        "landmark-side",
        "start-column",
        "tree-tile",
        "fountain-tile",
        "bench-tile",
        "end-tree-tile",
        "statue-tile",
    ]
    assert all(opt.description and len(opt.description) < 90 for opt in spec.options)
    assert spec.normalise_options({})["start-column"] == 5
    assert spec.option("statue-tile").choices == ("basic", "lines", "isolated", "random")


def test_rules_summary_covers_the_game_in_our_words() -> None:
    """gardens rules the-gardens: a summary with every section and our decisions."""
    summary = get_spec("the-gardens").summary
    for heading in (
        "## A round",
        "## Scoring a walk",
        "## End of the game",
        "## Advanced scoring tiles",
        "## Landmarks",
        "## Our decisions",
    ):
        assert heading in summary
    assert "Fort Denison" in summary and "State Library" in summary


def test_render_text_shows_display_mats_visitors_landmarks_scores_and_legend() -> None:
    """render_text: the display, each mat with its visitors, the landmarks, the score table,
    and a legend (not the prompt: ``gardens show`` says the decision once); lines fit an 80-column
    terminal."""
    s = GAME.new_game(["Ann", "Bob"], {"landmarks": True, "layout": "l1-r1"}, 3)
    s = GAME.apply(s, ("take", 1, 0, "left"))
    text = GAME.render_text(s)
    assert "Display:" in text and "b1 taken" in text
    assert "Ann's garden" in text and "Bob's garden" in text
    assert "CB V" in text and " v" in text  # standing and lying-down visitors
    assert "(OH)" in text and "Sydney Opera House" in text
    assert "walk trees" in text and "total" in text and "Legend:" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_render_text_of_a_finished_game_shows_final_scores() -> None:
    """render_text at the end: every garden full and the final scores."""
    s = GAME.new_game(["Ann", "Bob", "Cleo", "Dan"], {}, 8)
    rng = Rng(seed_state(8))
    while not s.is_over:
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    text = GAME.render_text(s)
    assert "game over" in text and "Final scores:" in text and "Display:" not in text


def test_a_player_called_you_reads_right() -> None:
    """Words for people: the seat named "You" gets "Your", never "You's"."""
    s = GAME.new_game(["You", "Bob"], {}, 3)
    s = GAME.apply(s, ("take", 1, 0, "left"))
    assert any(line.startswith("Your visitor walked to it") for line in s.events)
    assert "Your garden" in GAME.render_text(s)


def test_log_lines_say_what_was_taken_where_and_what_the_walk_scored() -> None:
    """Events: the card, where it went and what its walk scored and why ("saw 2 wattles": issue
    8 asks the points explained in the log)."""
    s = make_position(
        ("Ann", "Bob"),
        mats={0: {"a6": "A1"}},
        visitors={0: {"a": 6}},
        display={"a": ["A5", None, None, None]},
    )
    after = GAME.apply(s, ("take", 0, 0, "right"))
    assert after.events == (
        "Ann took A5 (Wattle + path E-W) and placed it at a7",
        "Ann's visitor walked to it: saw 2 wattles: 3 points for trees",
    )


def test_describe_action_tells_where_the_card_goes_and_what_it_scores() -> None:
    """describe_action (gardens moves): the card, its place and the points it scores now."""
    s = make_position(
        ("Ann", "Bob"),
        mats={0: {"a6": "A1"}},
        visitors={0: {"a": 6}},
        display={"a": ["A5", None, None, None]},
    )
    assert GAME.describe_action(s, ("take", 0, 0, "right")) == (
        "take A5 (Wattle + path E-W) to a7 (right); it scores 3 now"
    )


def test_evaluate_values_the_walk_and_the_end_game() -> None:
    """evaluate (greedy bot): the score margin including end-game categories, so a statue that
    wins the statue majority is worth its 10 points even though its walk scores nothing."""
    s = make_position(("Ann", "Bob"), display={"a": ["A25", "A13", None, None]})
    statue = GAME.apply(s, ("take", 0, 0, "left"))
    stream = GAME.apply(s, ("take", 0, 1, "left"))
    assert GAME.evaluate(statue, 0) > GAME.evaluate(stream, 0)
    view = GAME.view(statue, 1)
    assert isinstance(view, GardensState)
    assert GAME.evaluate(view, 0) == GAME.evaluate(statue, 0)


def test_walk_log_lines_explain_every_tile() -> None:
    """The walk's log line says what each scoring tile counted, for the basic and the advanced
    tiles (rule: scoring tiles; the points explained in the log)."""
    from gardens_tui.rules.the_gardens.engine import _walk_words
    from gardens_tui.rules.the_gardens.walk import Walk

    walk = Walk(
        6,
        2,
        4,
        1,
        True,
        True,
        True,
        "saw 3 jacarandas",
        "saw 2 streams",
        "4 cards around the bench",
    )
    assert _walk_words(walk) == (
        "saw 3 jacarandas: 6 points for trees, saw 2 streams: 2 points for the fountain, "
        "4 cards around the bench: 4 points for the bench and 1 point at the Lion Gate"
    )
    assert _walk_words(Walk()) == "no points"
