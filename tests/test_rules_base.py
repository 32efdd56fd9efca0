"""The contract's value types and helpers: Option, GameSpec, Decision/Scores/Outcome, the Game
defaults, and the typed field readers every ``from_dict`` uses."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toy_game import TOY, ToyState

from gardens_tui.rules import fields as F
from gardens_tui.rules.base import (
    ROLL,
    Decision,
    GameSpec,
    GameState,
    IllegalAction,
    Option,
    Outcome,
    Scores,
    redact_events,
)
from gardens_tui.rules.rng import MAX_SEED

SWITCH = Option("shark", False, "Sharks in the bag")
NUMBER = Option("rounds", 3, "How many rounds", minimum=1, maximum=9)
OPEN_NUMBER = Option("bonus", 0, "Bonus points")
CHOICE = Option("talk", "table", "Negotiation", choices=("table", "veto"))
SPEC = GameSpec(
    id="reef",
    title="Reef",
    min_players=2,
    max_players=4,
    blurb="A test spec.",
    summary="Rules.",
    options=(SWITCH, NUMBER, OPEN_NUMBER, CHOICE),
)


# --------------------------------------------------------------------------------------------
# Option
# --------------------------------------------------------------------------------------------


def test_switch_option_takes_only_booleans() -> None:
    """An on/off option accepts true/false and nothing else (1 is not a switch value)."""
    assert SWITCH.validate(True) is True
    assert SWITCH.validate(False) is False
    for bad in (1, 0, "on", None):
        with pytest.raises(ValueError, match="'shark' is on/off"):
            SWITCH.validate(bad)


def test_number_option_checks_type_and_range() -> None:
    """A number option takes whole numbers within its range; booleans are not numbers."""
    assert NUMBER.validate(1) == 1 and NUMBER.validate(9) == 9
    with pytest.raises(ValueError, match="at least 1"):
        NUMBER.validate(0)
    with pytest.raises(ValueError, match="at most 9"):
        NUMBER.validate(10)
    for bad in (True, 2.0, "3", None):
        with pytest.raises(ValueError, match="whole number"):
            NUMBER.validate(bad)
    assert OPEN_NUMBER.validate(-(10**6)) == -(10**6)


def test_choice_option_takes_one_of_its_choices() -> None:
    """A choice option takes one of its named choices."""
    assert CHOICE.validate("veto") == "veto"
    for bad in ("shout", 1, None, True):
        with pytest.raises(ValueError, match="one of: table, veto"):
            CHOICE.validate(bad)
    free_text = Option("name", "x", "any text")
    assert free_text.validate("anything") == "anything"
    with pytest.raises(ValueError):
        free_text.validate(3)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        *[("on", True), ("YES", True), (" true ", True), ("1", True), ("y", True)],
        *[("off", False), ("No", False), ("false", False), ("0", False), ("n", False)],
    ],
)
def test_switch_parses_command_line_words(text: str, value: bool) -> None:
    """``--option shark=on`` and friends."""
    assert SWITCH.parse(text) is value


def test_parse_refuses_bad_text() -> None:
    """Unparseable command-line values name the option."""
    with pytest.raises(ValueError, match="'shark' is on/off"):
        SWITCH.parse("maybe")
    with pytest.raises(ValueError, match="'rounds' takes a whole number"):
        NUMBER.parse("three")
    with pytest.raises(ValueError, match="at most 9"):
        NUMBER.parse("12")
    assert NUMBER.parse(" 4 ") == 4
    assert CHOICE.parse(" veto ") == "veto"
    with pytest.raises(ValueError):
        CHOICE.parse("shout")


def test_describe_value_for_help_screens() -> None:
    """Help screens show the accepted values."""
    assert SWITCH.describe_value() == "on/off"
    assert NUMBER.describe_value() == "1..9"
    assert OPEN_NUMBER.describe_value() == ".."
    assert CHOICE.describe_value() == "table|veto"


@settings(max_examples=100, derandomize=True, database=None)
@given(value=st.integers(-20, 20))
def test_number_parse_agrees_with_validate(value: int) -> None:
    """parse(str(v)) accepts exactly the values validate accepts, and gives the same value."""
    try:
        expected: int | None = int(NUMBER.validate(value))
    except ValueError:
        expected = None
    if expected is None:
        with pytest.raises(ValueError):
            NUMBER.parse(str(value))
    else:
        assert NUMBER.parse(str(value)) == expected


def test_option_is_immutable() -> None:
    """Options are frozen values (shared by every game of a kind)."""
    with pytest.raises(AttributeError):
        SWITCH.default = True  # type: ignore[misc]


# --------------------------------------------------------------------------------------------
# GameSpec
# --------------------------------------------------------------------------------------------


def test_spec_finds_options_by_key() -> None:
    """spec.option(key) finds the option; an unknown key is a KeyError."""
    assert SPEC.option("talk") is CHOICE
    with pytest.raises(KeyError):
        SPEC.option("kraken")


def test_normalise_options_fills_defaults() -> None:
    """Missing options take their defaults; given ones are validated."""
    assert SPEC.normalise_options(None) == {
        "shark": False,
        "rounds": 3,
        "bonus": 0,
        "talk": "table",
    }
    assert SPEC.normalise_options({"shark": True, "talk": "veto"})["shark"] is True
    with pytest.raises(ValueError, match="'rounds' must be at most 9"):
        SPEC.normalise_options({"rounds": 99})


def test_normalise_options_refuses_unknown_keys() -> None:
    """Rule: an option the game does not have is an error that lists the real ones."""
    with pytest.raises(ValueError, match="Reef has no option 'kraken'; its options are: bonus"):
        SPEC.normalise_options({"kraken": True})
    bare = GameSpec("bare", "Bare", 1, 2, "b", "s")
    with pytest.raises(ValueError, match="its options are: none"):
        bare.normalise_options({"x": 1})
    assert bare.normalise_options({}) == {}


@pytest.mark.parametrize(("count", "ok"), [(1, False), (2, True), (4, True), (5, False)])
def test_player_count_is_checked(count: int, ok: bool) -> None:
    """Rule: a game is for min..max players."""
    if ok:
        SPEC.check_player_count(count)
    else:
        with pytest.raises(ValueError, match="Reef is for 2-4 players, not"):
            SPEC.check_player_count(count)


SPARSE = GameSpec("throw", "Throw", 1, 5, "b", "s", player_counts=(5, 1, 4, 3))
"""A game for 1 or 3-5 players (Throw Octopus!'s counts), given out of order."""


def test_counts_may_leave_gaps() -> None:
    """Rule: spec.counts are the allowed player counts, ascending; player_counts may leave gaps
    in min..max, and without it every count from min to max is allowed."""
    assert SPARSE.counts == (1, 3, 4, 5)
    assert SPEC.counts == (2, 3, 4)
    assert GameSpec("solo", "Solo", 1, 1, "b", "s").counts == (1,)


@pytest.mark.parametrize(
    ("counts", "words"),
    [
        ((), "2-4"),
        ((2,), "2"),
        ((2, 4), "2 or 4"),
        ((1, 3, 4, 5), "1 or 3-5"),
        ((1, 3, 5), "1, 3 or 5"),
        ((1, 2, 4, 5, 7), "1-2, 4-5 or 7"),
    ],
)
def test_describe_counts_in_words(counts: tuple[int, ...], words: str) -> None:
    """The allowed counts in words, runs joined by a dash, the last one by "or"."""
    low, high = (min(counts), max(counts)) if counts else (2, 4)
    spec = GameSpec("g", "G", low, high, "b", "s", player_counts=counts)
    assert spec.describe_counts() == words


@pytest.mark.parametrize("counts", [(1, 5), (3, 3), (2, 6)])
def test_player_counts_must_lie_in_the_range_once_each(counts: tuple[int, ...]) -> None:
    """A spec whose allowed counts repeat or leave min..max is a programming error."""
    with pytest.raises(ValueError, match="player_counts"):
        GameSpec("g", "G", 2, 5, "b", "s", player_counts=counts)


@pytest.mark.parametrize(("count", "ok"), [(0, False), (1, True), (2, False), (3, True), (5, True)])
def test_player_count_outside_a_sparse_set_is_refused(count: int, ok: bool) -> None:
    """Rule: a count in a gap (2 for 1 or 3-5) is refused like one outside the range."""
    if ok:
        SPARSE.check_player_count(count)
    else:
        with pytest.raises(ValueError, match=f"Throw is for 1 or 3-5 players, not {count}"):
            SPARSE.check_player_count(count)
    with pytest.raises(ValueError, match="not 6"):
        SPARSE.check_player_count(6)


# --------------------------------------------------------------------------------------------
# Decision, Scores, Outcome, IllegalAction
# --------------------------------------------------------------------------------------------


def test_illegal_action_is_a_value_error() -> None:
    """IllegalAction is a ValueError, so callers may catch either."""
    assert issubclass(IllegalAction, ValueError)
    with pytest.raises(ValueError, match="rule: plant"):
        raise IllegalAction("that space is taken (rule: plant)")


def test_decision_defaults_to_a_required_choice() -> None:
    """A decision is required unless marked optional, names no pass action and no skill; it is
    a hashable value. ROLL settles a skill decision."""
    d = Decision(1, "plant", "Plant the coral")
    assert not d.optional and d.pass_action is None and d.skill is None
    assert ROLL == ("roll",)
    assert d == Decision(1, "plant", "Plant the coral")
    assert len({d, Decision(1, "plant", "Plant the coral", optional=True)}) == 2


def test_scores_totals_and_categories() -> None:
    """Scores sum per seat and read back by category."""
    s = Scores(("anemone", "oyster"), ((4, -2), (1, 0)), final=True)
    assert s.total(0) == 2 and s.total(1) == 1
    assert s.totals() == (2, 1)
    assert s.by_category(0) == {"anemone": 4, "oyster": -2}
    assert not Scores(("x",), ((0,),)).final


def test_by_category_refuses_a_row_that_does_not_match() -> None:
    """A row with the wrong number of entries is a bug, not a silent truncation."""
    with pytest.raises(ValueError):
        Scores(("a", "b"), ((1,),)).by_category(0)


def test_outcome_carries_the_tiebreak() -> None:
    """An outcome names the winners and, when needed, the tie-break."""
    assert Outcome((2,)).tiebreak is None
    assert Outcome((0, 1), "shared win").winners == (0, 1)


# --------------------------------------------------------------------------------------------
# GameState and the Game defaults (through the toy game)
# --------------------------------------------------------------------------------------------


def test_base_state_has_no_decision_of_its_own() -> None:
    """GameState.decision must be provided by each game."""
    state = GameState(players=("A", "B"), options={}, rng=1)
    assert state.num_players == 2 and state.turn == 1 and not state.is_over
    with pytest.raises(NotImplementedError):
        _ = state.decision


def test_current_player_follows_the_decision() -> None:
    """current_player is the decision's seat, even out of turn (a snap), and None at the end."""
    state = TOY.new_game(["A", "B"], {}, 0)
    assert state.current_player == state.active == 0
    snap = state.copy()
    snap.snap_value = 3
    assert snap.current_player == 1 and snap.active == 0
    over = state.copy()
    over.over = True
    assert over.current_player is None and over.decision is None and over.is_over


def test_default_copy_is_deep() -> None:
    """The base copy() is a deep copy: changing the copy leaves the original alone."""
    state = GameState(players=("A", "B"), options={"x": True}, rng=5)
    twin = state.copy()
    twin.options["x"] = False
    assert state.options["x"] is True


def test_game_defaults() -> None:
    """is_legal, states_equal, describe_action, secrets, component_counts and evaluate have
    sound defaults."""
    from gardens_tui.rules.base import Game

    state = TOY.new_game(["A", "B", "C"], {}, 4)
    legal = TOY.legal_actions(state)
    assert all(TOY.is_legal(state, a) for a in legal)
    assert not TOY.is_legal(state, ("fly",))
    assert TOY.states_equal(state, TOY.from_dict(TOY.to_dict(state)))
    moved = TOY.apply(state, legal[0])
    assert not TOY.states_equal(state, moved)
    assert TOY.describe_action(state, legal[0]) == TOY.format_action(legal[0])
    assert Game.secrets(TOY, state, 0) is None
    assert Game.component_counts(TOY, state) == {}
    assert Game.notation_help(TOY) == ""
    # evaluate: own total minus the best other total.
    scored = state.copy()
    scored.scored = [[6], [2, 3], [1]]
    assert TOY.evaluate(scored, 0) == 1.0
    assert TOY.evaluate(scored, 1) == -1.0
    assert TOY.evaluate(scored, 2) == -5.0


# --------------------------------------------------------------------------------------------
# fields: typed readers with path-named errors
# --------------------------------------------------------------------------------------------


def test_field_error_names_the_path() -> None:
    """A FieldError is a ValueError whose message starts with the path."""
    err = F.fail("state.gardens[1][3]", "unknown token 'kelp'")
    assert isinstance(err, ValueError)
    assert str(err) == "state.gardens[1][3]: unknown token 'kelp'"
    assert err.path == "state.gardens[1][3]" and err.problem == "unknown token 'kelp'"


def test_obj_requires_an_object_with_keys() -> None:
    """obj() checks the type and the required keys."""
    assert F.obj({"a": 1}, "s", ("a",)) == {"a": 1}
    with pytest.raises(F.FieldError, match=r"^s: expected an object, got \[1\]"):
        F.obj([1], "s")
    with pytest.raises(F.FieldError, match=r"^s\.b: missing"):
        F.obj({"a": 1}, "s", ("a", "b"))


def test_written_looks_values_up_and_leaves_others_to_the_writer() -> None:
    """Saving writes names from a table made from the writer; a value outside the table (one a
    position the rules made never holds) is written by the writer itself, so the two agree."""

    def write(value: int) -> str:
        return f"t{value + 1}" if value >= 0 else "?"

    table = F.text_table(write, range(3))
    assert table == {0: "t1", 1: "t2", 2: "t3"}
    assert F.written(table, write, [2, 0]) == ["t3", "t1"]
    assert F.written(table, write, [1, 7, -1]) == ["t2", "t8", "?"]
    assert F.written(table, write, ()) == []


def test_integer_checks_type_and_range() -> None:
    """integer() refuses bools, floats and strings, and values out of range."""
    assert F.integer(3, "p", 0, 5) == 3
    for bad in (True, 3.0, "3", None):
        with pytest.raises(F.FieldError, match=r"^p: expected an integer"):
            F.integer(bad, "p")
    with pytest.raises(F.FieldError, match=r"^p: must be at least 0, got -1"):
        F.integer(-1, "p", 0)
    with pytest.raises(F.FieldError, match=r"^p: must be at most 5, got 6"):
        F.integer(6, "p", high=5)


def test_boolean_and_string_readers() -> None:
    """boolean() wants true/false; string() a str, one of the choices if given."""
    assert F.boolean(False, "b") is False
    with pytest.raises(F.FieldError, match="expected true or false"):
        F.boolean(0, "b")
    assert F.string("kelp", "s") == "kelp"
    with pytest.raises(F.FieldError, match="expected a string"):
        F.string(1, "s")
    with pytest.raises(F.FieldError, match=r"^s: unknown value 'kelp'"):
        F.string("kelp", "s", ("coral", "anemone"))


def test_long_values_are_shortened_in_messages() -> None:
    """A huge wrong value does not flood the error message."""
    with pytest.raises(F.FieldError) as info:
        F.integer("x" * 500, "p")
    assert len(str(info.value)) < 80 and str(info.value).endswith("...")


def test_optional_reads_null_as_none() -> None:
    """optional() passes JSON null through and reads anything else."""
    assert F.optional(None, "o", F.integer) is None
    assert F.optional(4, "o", F.integer) == 4
    with pytest.raises(F.FieldError, match=r"^o: expected an integer"):
        F.optional("x", "o", F.integer)


def test_array_reads_items_with_indexed_paths() -> None:
    """array() checks the list, its length and each item, naming the item's index."""
    assert F.array([1, 2], "a", F.integer, length=2) == [1, 2]
    with pytest.raises(F.FieldError, match=r"^a: expected a list"):
        F.array((1, 2), "a", F.integer)
    with pytest.raises(F.FieldError, match=r"^a: expected 3 items, got 2"):
        F.array([1, 2], "a", F.integer, length=3)
    with pytest.raises(F.FieldError, match=r"^a: too many items"):
        F.array([0] * 11, "a", F.integer, max_length=10)
    with pytest.raises(F.FieldError, match=r"^a\[1\]\[0\]: expected an integer"):
        F.array([[1], ["x"]], "a", lambda x, p: F.array(x, p, F.integer))


def test_rng_state_and_strings_readers() -> None:
    """rng_state() is an integer in 0..MAX_SEED; strings() a list of str."""
    assert F.rng_state(MAX_SEED, "r") == MAX_SEED
    with pytest.raises(F.FieldError, match="at most"):
        F.rng_state(MAX_SEED + 1, "r")
    with pytest.raises(F.FieldError, match="at least 0"):
        F.rng_state(-1, "r")
    assert F.strings(["a", "b"], "s") == ["a", "b"]
    with pytest.raises(F.FieldError, match=r"^s\[1\]: expected a string"):
        F.strings(["a", 2], "s")


def _common(**changes: Any) -> dict[str, Any]:
    state = TOY.new_game(["Ann", "Bob"], {}, 1)
    data: dict[str, Any] = json.loads(json.dumps(F.common_to_dict(state)))
    data.update(changes)
    return data


def test_common_fields_round_trip() -> None:
    """common_to_dict writes every shared field; read_common reads them back."""
    state = TOY.new_game(["Ann", "Bob", "Cleo"], {"snap": False}, 9)
    state.events = ("Ann played a 3",)
    state.chance = True
    data = json.loads(json.dumps(F.common_to_dict(state)))
    assert data["game"] == "toy"
    common = F.read_common(data, TOY.spec)
    assert common == {
        "players": ("Ann", "Bob", "Cleo"),
        "options": {"snap": False},
        "rng": state.rng,
        "active": 0,
        "turn": 1,
        "events": ("Ann played a 3",),
        "private_events": (),
        "chance": True,
        "over": False,
        "hidden": False,
    }
    assert "private_events" not in data  # saves of games without secrets stay as they were


def test_common_optional_fields_default() -> None:
    """events, chance, over and hidden may be left out of hand-written positions."""
    data = _common()
    for key in ("events", "chance", "over", "hidden"):
        del data[key]
    common = F.read_common(data, TOY.spec)
    assert common["events"] == () and common["chance"] is False and common["hidden"] is False


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "tanuki"}, r"^state\.game: expected 'toy', got 'tanuki'"),
        ({"players": ["Ann"]}, r"^state\.players: .*is for 2-4 players, not 1"),
        ({"players": ["Ann"] * 5}, r"^state\.players: too many items"),
        ({"players": ["Ann", " "]}, r"^state\.players\[1\]: a name needs at least one visible"),
        ({"players": ["Ann", "B" * 41]}, r"^state\.players\[1\]: a name may be at most 40 columns"),
        ({"players": ["Ann", 7]}, r"^state\.players\[1\]: expected a string"),
        ({"options": {"snap": "yes"}}, r"^state\.options: option 'snap' is on/off"),
        ({"options": {"kraken": True}}, r"^state\.options: .*has no option 'kraken'"),
        ({"options": []}, r"^state\.options: .*expected an object"),
        ({"rng": -5}, r"^state\.rng: must be at least 0"),
        ({"rng": "seed"}, r"^state\.rng: expected an integer"),
        ({"active": 2}, r"^state\.active: must be at most 1"),
        ({"turn": 0}, r"^state\.turn: must be at least 1"),
        ({"events": "played"}, r"^state\.events: expected a list"),
        ({"events": ["x"] * 201}, r"^state\.events: too many items"),
        ({"chance": 1}, r"^state\.chance: expected true or false"),
        ({"over": None}, r"^state\.over: expected true or false"),
    ],
)
def test_read_common_names_the_bad_field(changes: dict[str, Any], message: str) -> None:
    """Rule: a damaged save is refused with the path of the first bad field."""
    with pytest.raises(F.FieldError, match=message):
        F.read_common(_common(**changes), TOY.spec)


@pytest.mark.parametrize("key", ["game", "players", "options", "rng", "active", "turn"])
def test_read_common_requires_the_core_fields(key: str) -> None:
    """The core fields are required."""
    data = _common()
    del data[key]
    with pytest.raises(F.FieldError, match=rf"^state\.{key}: missing"):
        F.read_common(data, TOY.spec)


def test_read_common_uses_the_given_path() -> None:
    """Nested states (a save file's ``state``) report their own path."""
    with pytest.raises(F.FieldError, match=r"^save\.state\.turn"):
        F.read_common(_common(turn=-1), TOY.spec, "save.state")


# --------------------------------------------------------------------------------------------
# Private log lines: redact_events and their fields
# --------------------------------------------------------------------------------------------


def _drawn() -> ToyState:
    """A toy position whose last move drew a card: one public line, one private to Ann."""
    state = TOY.new_game(["Ann", "Bob", "Cleo"], {}, 9)
    state.events = ("Ann played a 3", "Ann drew a card")
    state.private_events = ((1, 0, "Ann drew the 5"),)
    return state


def test_redact_events_gives_each_seat_its_own_lines() -> None:
    """Rule 3 (events are redacted): the seat a private line is for reads it in place of the
    public one; every other seat and a spectator read the public line; a view carries no
    private lines."""
    state = _drawn()
    for seat, expected in [
        (0, ("Ann played a 3", "Ann drew the 5")),
        (1, ("Ann played a 3", "Ann drew a card")),
        (None, ("Ann played a 3", "Ann drew a card")),
    ]:
        view = state.copy()
        redact_events(view, state, seat)
        assert view.events == expected and view.private_events == ()
    assert state.private_events == ((1, 0, "Ann drew the 5"),)  # the position keeps them


def test_redact_events_ignores_a_line_for_no_event() -> None:
    """A private line whose index is past the log changes nothing."""
    state = _drawn()
    state.private_events = ((7, 0, "lost"),)
    view = state.copy()
    redact_events(view, state, 0)
    assert view.events == state.events


def test_toy_views_and_moves_redact_the_draw() -> None:
    """The toy game keeps the drawn card's line private to the drawer, in its views too."""
    state = TOY.new_game(["Ann", "Bob"], {}, 3)
    after = TOY.apply(state, TOY.legal_actions(state)[0])
    assert after.events[1] == "Ann drew a card"
    assert after.private_events == ((1, 0, f"Ann drew the {state.deck[-1]}"),)
    assert TOY.view(after, 1).events == after.events == TOY.view(after, None).events
    assert TOY.view(after, 0).events[1] == f"Ann drew the {state.deck[-1]}"


def test_private_events_round_trip() -> None:
    """common_to_dict writes private lines as [index, seat, line]; read_common reads them back
    as tuples."""
    state = _drawn()
    data = json.loads(json.dumps(F.common_to_dict(state)))
    assert data["private_events"] == [[1, 0, "Ann drew the 5"]]
    common = F.read_common(data, TOY.spec)
    assert common["private_events"] == ((1, 0, "Ann drew the 5"),)
    assert TOY.to_dict(TOY.from_dict(TOY.to_dict(state))) == TOY.to_dict(state)


@pytest.mark.parametrize(
    ("private", "message"),
    [
        ("Ann drew the 5", r"^state\.private_events: expected a list"),
        ([[1, 0]], r"^state\.private_events\[0\]: expected \[index, seat, line\]"),
        ([{"index": 1}], r"^state\.private_events\[0\]: expected \[index, seat, line\]"),
        ([[2, 0, "x"]], r"^state\.private_events\[0\]\[0\]: must be at most 1"),
        ([[-1, 0, "x"]], r"^state\.private_events\[0\]\[0\]: must be at least 0"),
        ([[1, 3, "x"]], r"^state\.private_events\[0\]\[1\]: must be at most 2"),
        ([[1, "Ann", "x"]], r"^state\.private_events\[0\]\[1\]: expected an integer"),
        ([[1, 0, 5]], r"^state\.private_events\[0\]\[2\]: expected a string"),
        ([[1, 0, "drew\x1b[2J"]], r"^state\.private_events\[0\]\[2\]: "),
        ([[1, 0, "x"]] * 201, r"^state\.private_events: too many items"),
        ([[1, 0, "x"], [1, 0, "y"]], r"^state\.private_events\[1\]: a second line for event 1"),
    ],
)
def test_read_common_refuses_bad_private_events(private: Any, message: str) -> None:
    """Rule: a damaged private line is refused with its path: the shape, an index past the
    log, a seat that does not play, a line that is not safe text."""
    data = json.loads(json.dumps(F.common_to_dict(_drawn())))
    data["private_events"] = private
    with pytest.raises(F.FieldError, match=message):
        F.read_common(data, TOY.spec)


def test_read_common_refuses_a_private_line_with_no_event_to_replace() -> None:
    """Rule: a private line replaces one of the events; with no events it has nothing to
    replace and is refused rather than silently ignored."""
    data = json.loads(json.dumps(F.common_to_dict(_drawn())))
    data["events"] = []
    data["private_events"] = [[0, 0, "Ann drew the 5"]]
    with pytest.raises(F.FieldError, match=r"no events for it to replace"):
        F.read_common(data, TOY.spec)


def test_toy_state_is_a_game_state() -> None:
    """The toy state used by these tests extends the shared GameState."""
    assert issubclass(ToyState, GameState)


def test_default_apply_trusted_is_apply() -> None:
    """Contract (speed slots): a game that does not override ``apply_trusted`` gets ``apply``:
    the same next state for a legal action, and the same refusal for an illegal one."""
    state = TOY.new_game(["Ann", "Bob"], {}, 5)
    for action in TOY.legal_actions(state):
        assert TOY.to_dict(TOY.apply_trusted(state, action)) == TOY.to_dict(
            TOY.apply(state, action)
        )
    with pytest.raises(IllegalAction):
        TOY.apply_trusted(state, ("no-such-verb",))


def test_idle_options_name_what_changes_nothing() -> None:
    """Behaviour (``Option.only_with``): an option set away from its default while the option
    it needs is not set so gets a note in command-line words; defaults and met needs none."""
    spec = GameSpec(
        id="toy",
        title="Toy",
        min_players=2,
        max_players=2,
        blurb="b",
        summary="s",
        options=(
            Option("landmarks", False, "landmarks"),
            Option("layout", "a", "mats", choices=("a", "b"), only_with=("landmarks", True)),
        ),
    )
    assert spec.idle_options(spec.normalise_options({})) == []
    idle = spec.idle_options(spec.normalise_options({"layout": "b"}))
    assert idle == ["layout=b changes nothing without landmarks=on"]
    assert spec.idle_options(spec.normalise_options({"layout": "b", "landmarks": True})) == []
