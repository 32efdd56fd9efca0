"""The Table: apply and listeners, illegal actions, the undo rules, seats and parse_players."""

from __future__ import annotations

import pytest
from toy_game import TOY, ToyState

from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.rng import seed_state
from gardens_tui.table import Seat, Setup, Table, check_seats, parse_players

pytestmark = pytest.mark.usefixtures("toy_registered")


def setup(players: str = "Ann,Bob", seed: int = 1) -> Setup:
    return Setup("toy", tuple(parse_players(players)), {}, seed)


def empty_deck_table(players: str = "Ann,Bob", *, free_undo: bool = False) -> Table:
    """Ann to play with an empty deck (so playing reveals nothing); Bob holds a 3 to snap."""
    state = ToyState(
        players=("Ann", "Bob"),
        options={"snap": True},
        rng=seed_state(1),
        hands=[[3, 5], [3, 6]],
        deck=[],
        scored=[[], []],
    )
    return Table(setup(players), [state], [], free_undo=free_undo)


# --------------------------------------------------------------------------------------------
# Apply, listeners, illegal actions
# --------------------------------------------------------------------------------------------


def test_apply_appends_state_and_action_and_notifies_listeners() -> None:
    """``apply`` returns the new state, records it with its action and calls every listener."""
    table = Table(setup())
    seen: list[int] = []
    table.add_listener(lambda t: seen.append(len(t.actions)))
    action = table.legal_actions()[0]
    new_state = table.apply(action)
    assert table.state is new_state
    assert table.actions == [action] and len(table.states) == 2
    assert seen == [1]
    assert table.notation() == [TOY.format_action(action)]


def test_apply_text_parses_the_games_notation() -> None:
    """``apply_text`` plays the action the text names."""
    table = empty_deck_table()
    table.apply_text("play 5")
    assert table.actions == [("play", 5)]


def test_illegal_action_leaves_the_table_unchanged_and_silent() -> None:
    """Rule: an illegal action raises IllegalAction; no state, no action, no notification."""
    table = Table(setup())
    before = TOY.to_dict(table.state)
    seen: list[Table] = []
    table.add_listener(seen.append)
    with pytest.raises(IllegalAction, match="not legal now"):
        table.apply(("play", 99))
    with pytest.raises(IllegalAction, match="not an action"):
        table.apply_text("fly away")
    assert len(table.states) == 1 and table.actions == [] and seen == []
    assert TOY.to_dict(table.state) == before


def test_removed_listener_is_not_called() -> None:
    """``remove_listener`` stops the calls; removing an unknown listener is harmless."""
    table = empty_deck_table()
    seen: list[Table] = []
    table.add_listener(seen.append)
    table.remove_listener(seen.append)
    table.remove_listener(print)
    table.apply(("play", 5))
    assert seen == []


def test_a_seat_that_is_not_deciding_is_refused_and_nothing_changes() -> None:
    """Rule (seat-checked apply): ``apply(action, seat=...)`` refuses any seat but the deciding
    one, even with an action that would be legal for the deciding seat; no state, no action, no
    notification, no new version."""
    table = empty_deck_table()
    before = TOY.to_dict(table.state)
    seen: list[Table] = []
    table.add_listener(seen.append)
    with pytest.raises(IllegalAction, match="it is Ann's decision, not Bob's"):
        table.apply(("play", 3), seat=1)
    with pytest.raises(IllegalAction, match="not Bob's"):
        table.apply_text("play 5", seat=1)
    for nobody in (2, -1):
        with pytest.raises(IllegalAction, match=f"there is no seat {nobody}"):
            table.apply(("play", 3), seat=nobody)
    assert TOY.to_dict(table.state) == before
    assert table.actions == [] and seen == [] and table.version == 0
    table.apply(("play", 3), seat=0)  # the deciding seat may
    with pytest.raises(IllegalAction, match="it is Bob's decision, not Ann's"):
        table.apply(("pass",), seat=0)  # the window is Bob's, though Ann's turn
    table.apply(("pass",), seat=1)
    assert table.actions == [("play", 3), ("pass",)] and len(seen) == 2


def test_a_finished_game_refuses_every_seat() -> None:
    """Nobody decides once the game is over."""
    state = ToyState(
        players=("Ann", "Bob"),
        options={"snap": True},
        rng=seed_state(1),
        hands=[[], []],
        deck=[],
        scored=[[1, 1, 2, 2, 3, 3], [4, 4, 5, 5, 6, 6]],
        over=True,
    )
    table = Table(setup(), [state], [])
    with pytest.raises(IllegalAction, match="the game is over"):
        table.apply(("play", 1), seat=0)


def test_version_counts_every_change() -> None:
    """``version`` grows with every apply and undo, so an undo and another decision never give
    back a version a bot thought about."""
    table = empty_deck_table(free_undo=True)
    assert table.version == 0
    table.apply(("play", 3))
    table.undo()
    table.apply(("play", 5))
    assert len(table.actions) == 1 and table.version == 3
    with pytest.raises(IllegalAction):
        table.apply(("play", 99))
    assert table.version == 3


def test_a_table_needs_one_more_state_than_actions() -> None:
    """States and actions must line up."""
    table = Table(setup())
    with pytest.raises(ValueError, match="one more state than actions"):
        Table(table.setup, table.states, [("play", 1)])


def test_seat_to_move_follows_the_decision() -> None:
    """The seat to move is the decision's seat, which may differ from the active one."""
    table = empty_deck_table()
    assert table.seat_to_move() == Seat("Ann")
    table.apply(("play", 3))
    assert table.state.active == 0 and table.seat_to_move() == Seat("Bob")


# --------------------------------------------------------------------------------------------
# Undo
# --------------------------------------------------------------------------------------------


def test_nothing_to_undo_at_the_start() -> None:
    """A fresh table has no decision to take back."""
    table = Table(setup())
    assert table.undo_steps() == 0 and not table.undo()


def test_undo_takes_back_your_own_decision_within_the_turn() -> None:
    """Rule: your own decision of the current turn that revealed nothing may be taken back."""
    table = empty_deck_table()
    start = TOY.to_dict(table.state)
    table.apply(("play", 3))  # no draw: the deck is empty; Bob may now snap (same turn)
    assert not table.state.chance
    seen: list[Table] = []
    table.add_listener(seen.append)
    assert table.can_undo(0)
    assert table.undo(0)
    assert TOY.to_dict(table.state) == start and table.actions == [] and len(seen) == 1


def test_undo_is_only_for_the_seat_that_decided() -> None:
    """Bob (to move now) cannot take back Ann's decision."""
    table = empty_deck_table()
    table.apply(("play", 3))
    assert table.undo_steps() == 0  # seat=None means the seat to move: Bob
    assert table.undo_steps(1) == 0
    assert not table.undo(1) and len(table.actions) == 1


def test_undo_stops_at_chance() -> None:
    """Rule: a decision that drew from the deck (chance) cannot be taken back."""
    table = Table(setup())
    table.apply(table.legal_actions()[0])
    assert table.state.chance
    assert table.undo_steps(0) == 0 and not table.undo(0)


def test_undo_stops_at_the_end_of_the_turn() -> None:
    """Rule: once the turn has passed on, its decisions are final."""
    table = empty_deck_table()
    table.apply(("play", 5))  # Bob holds cards, so the snap window opens (still turn 1)
    assert table.state.turn == 1 and table.state.current_player == 1
    table.apply(("pass",))  # Bob lets it go: the turn ends, and Bob's own turn begins
    assert table.state.turn == 2 and table.state.current_player == 1
    assert not table.state.chance
    assert table.undo_steps(1) == 0 and not table.undo(1)  # Bob's pass ended turn 1
    assert table.undo_steps(0) == 0
    assert len(table.actions) == 2


def test_bots_do_not_undo() -> None:
    """Rule: a bot seat's decisions are never taken back."""
    table = empty_deck_table("Ann=bot:greedy,Bob")
    table.apply(("play", 3))
    assert table.undo_steps(0) == 0


def test_free_undo_with_only_humans_takes_back_anything() -> None:
    """Rule: with only humans and free undo, chance and finished turns may be undone too."""
    table = Table(setup(), free_undo=True)
    assert table.free_undo
    for _ in range(4):
        table.apply(table.legal_actions()[0])
    while table.undo():
        pass
    assert len(table.states) == 1


def test_free_undo_is_off_when_a_bot_sits_at_the_table() -> None:
    """Rule: free undo applies only when every seat is human."""
    table = Table(setup("Ann,bot:random"), free_undo=True)
    assert not table.free_undo
    table.apply(table.legal_actions()[0])
    assert not table.undo(0)


def test_undo_refusal_says_why_in_the_players_words() -> None:
    """Every refusal of undo has a reason a player understands; None exactly when undo works."""
    fresh = Table(setup())
    assert fresh.undo_refusal() == "nothing to undo yet"

    drawn = Table(setup())
    drawn.apply(drawn.legal_actions()[0])  # Ann's play draws a card
    assert drawn.undo_refusal(0) == "something was drawn or revealed: undo stops there"
    assert drawn.undo_refusal() == "Ann made the last decision, not you"  # Bob is to move

    passed = empty_deck_table()
    passed.apply(("play", 5))
    passed.apply(("pass",))  # Bob's pass ends turn 1
    assert passed.undo_refusal(1) == "your turn has passed on: its decisions are final"

    bot = empty_deck_table("Ann=bot:greedy,Bob")
    bot.apply(("play", 3))
    assert bot.undo_refusal(0) == "a bot's decision cannot be undone"
    assert bot.undo_refusal() == "a bot's decision cannot be undone"  # Bob asks

    mine = empty_deck_table()
    mine.apply(("play", 3))
    assert mine.undo_refusal(0) is None and mine.undo_steps(0) == 1

    free = Table(setup(), free_undo=True)
    free.apply(free.legal_actions()[0])
    assert free.undo_refusal() is None


def test_undo_refusal_once_the_game_is_over() -> None:
    """A finished game is final, even for the seat that made its last decision."""
    table = Table(setup())
    while not table.state.is_over:
        table.apply(table.legal_actions()[0])
    assert table.undo_refusal(0) == table.undo_refusal(1) == "the game is over"
    assert not table.undo(0) and not table.undo()


def test_undo_steps_agrees_with_undo_refusal() -> None:
    """``undo_steps`` is 1 exactly when ``undo_refusal`` has no reason, for every seat."""
    table = Table(setup())
    for _ in range(6):
        for seat in (None, 0, 1):
            assert (table.undo_steps(seat) == 1) == (table.undo_refusal(seat) is None)
        table.apply(table.legal_actions()[0])


# --------------------------------------------------------------------------------------------
# Seats and parse_players
# --------------------------------------------------------------------------------------------


def test_parse_players_names_bots_and_named_bots() -> None:
    """``Ann,bot:greedy,Cleo=bot:random``: a human, a generated bot name, a named bot."""
    seats = parse_players(" Ann , bot:greedy,Cleo=bot:random")
    assert seats == [Seat("Ann"), Seat("Greedy bot 2", "greedy"), Seat("Cleo", "random")]
    assert [seat.is_bot for seat in seats] == [False, True, True]
    assert ",".join(seat.spec() for seat in seats) == "Ann,Greedy bot 2=bot:greedy,Cleo=bot:random"
    assert parse_players(",".join(seat.spec() for seat in seats)) == seats
    assert seats[2].to_dict() == {"name": "Cleo", "bot": "random"}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("Ann,Bob,ANN", "the name 'ANN' is used twice"),
        ("bot:random,Random bot 1", "used twice"),
        ("Ann,bot:genius", "unknown bot level 'genius'; the levels are: random, greedy"),
        ("Ann,Zed=bot:smart", "unknown bot level 'smart'"),
        ("Ann,,Bob", "seat 2 of 'Ann,,Bob' is empty"),
        ("", "seat 1 of '' is empty"),
        ("Ann," + "x" * 41, "seat 2: a name may be at most 40 columns wide"),
    ],
)
def test_parse_players_refuses_bad_seats(spec: str, message: str) -> None:
    """Duplicates (any case), unknown bot levels, empty and over-long names are refused."""
    with pytest.raises(ValueError, match=message):
        parse_players(spec)


def test_check_seats_refuses_an_unknown_level_given_directly() -> None:
    """Seats built in code are checked the same way."""
    with pytest.raises(ValueError, match="unknown bot level 'x'"):
        check_seats([Seat("Ann"), Seat("Bob", "x")])


def test_setup_names_humans_and_new_state() -> None:
    """A Setup knows its names, whether only humans play, and starts its game."""
    mixed = setup("Ann,bot:random")
    assert mixed.names == ("Ann", "Random bot 2") and not mixed.only_humans
    assert setup().only_humans
    assert TOY.states_equal(setup().new_state(), TOY.new_game(["Ann", "Bob"], {}, 1))
    with pytest.raises(ValueError, match="2-4 players, not 5"):
        setup("A,B,C,D,E").new_state()


def test_a_decision_a_bot_has_not_acted_on_yet_can_be_taken_back() -> None:
    """Undo (the app's rule, issue 27): in The Gardens every decision ends the player's turn,
    so against bots nothing could ever be taken back. A person's latest decision that revealed
    nothing may be taken back while the bot after it has not acted; once it has, it is final."""
    table = Table(Setup("the-gardens", (Seat("Ann"), Seat("Bob", "greedy")), {}, 3))
    table.apply(table.legal_actions()[0], seat=0)
    assert table.state.current_player == 1
    assert table.undo_refusal(0) is None and table.undo_refusal(1) is not None
    assert table.undo(0) and table.actions == []
    table.apply(table.legal_actions()[0], seat=0)
    bot = table.state
    table.apply(table.game.legal_actions(table.game.view(bot, 1))[0], seat=1)
    assert table.undo_refusal(0) is not None and not table.undo(0)


# --------------------------------------------------------------------------------------------
# Following a history decided elsewhere (a server's other front ends)
# --------------------------------------------------------------------------------------------


def play_first_actions(table: Table, count: int) -> list[str]:
    """Play the first legal action ``count`` times; their notation."""
    for _ in range(count):
        table.apply(table.legal_actions()[0])
    return table.notation()


def test_follow_replaces_the_tail_notifies_once_and_says_what_it_kept() -> None:
    """``follow(keep, notation)`` keeps the first ``keep`` actions, plays the others after
    them, notifies once, counts as one change and says in ``kept`` that positions after
    ``keep`` changed, as an undo says it (``kept`` is the old count after an apply)."""
    elsewhere = Table(setup(seed=4))
    theirs = play_first_actions(elsewhere, 4)
    table = Table(setup(seed=4))
    play_first_actions(table, 2)
    assert table.kept == 1
    table.apply(table.legal_actions()[-1])  # a third move the other history does not have
    seen: list[int] = []
    table.add_listener(lambda t: seen.append(len(t.actions)))
    version = table.version
    table.follow(2, theirs[2:])
    assert table.notation() == theirs and seen == [4]
    assert table.kept == 2 and table.version == version + 1
    assert TOY.to_dict(table.state) == TOY.to_dict(elsewhere.state)


def test_follow_refuses_an_illegal_history_and_changes_nothing() -> None:
    """Rule: the actions ``follow`` is given are checked by the rules; an illegal one raises
    IllegalAction and the table stays as it was, unnotified."""
    table = Table(setup(seed=4))
    before = play_first_actions(table, 2)
    seen: list[int] = []
    table.add_listener(lambda t: seen.append(1))
    with pytest.raises(IllegalAction):
        table.follow(1, ["no such action"])
    assert table.notation() == before and seen == []
