"""Seabed Neighbours' turn flow, negotiation, final scoring and the winner rule."""

from __future__ import annotations

from seabed_helpers import GAME, PLAYERS, play, position

from gardens_tui.rules.seabed import scoring
from gardens_tui.rules.seabed.state import written
from gardens_tui.rules.seabed.tiles import REGULAR, TYPES, regular_pile, tile_name


def _quiet(s):  # type: ignore[no-untyped-def]
    """The first legal placement that earns no extra turn, with the flag step passed."""
    for action in GAME.legal_actions(s):
        after = GAME.apply(s, action)
        if after.phase == "flag":
            after = play(after, "pass")
        if not after.extra:
            return after
    raise AssertionError("every placement earns an extra turn")


def test_first_turn_places_one_tile_with_the_right_hand_team() -> None:
    """Rule (first turn): seat 1 draws and places a single tile with team 1 (seats N and 1)."""
    s = GAME.new_game(PLAYERS, None, 4)
    assert len(s.hand) == 1 and s.step == 1 and s.team == 0 and s.active == 0
    assert s.team_name(0) == "Cleo & Ann"
    s = _quiet(s)
    assert s.active == 1 and len(s.hand) == 2 and s.team == 1


def test_a_turn_places_the_second_tile_with_the_left_hand_team_without_a_flag() -> None:
    """Rule (turn): tile 1 with team i and a flag step, tile 2 with team i+1 and none."""
    s = _quiet(_quiet(GAME.new_game(PLAYERS, None, 4)))
    assert s.step == 2 and s.team == 2 and s.phase == "place"
    s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.phase != "flag" and s.active == 2


def _last_tile_position() -> object:
    """Seat 1 at step 2 with one tile left in the pile (every other tile set aside)."""
    rest = [tile_name(k) for k in regular_pile()]
    rest.remove("t23")  # the hand
    rest.remove("t32")  # the pile's last tile
    flags = [[1, 0, 0, "streak-e", "flag"], [1, 0, 0, "seabed-se", "flag"]]
    return position([], ["t23"], step=2, team=1, removed=rest, flags=flags)


def test_last_turn_places_one_tile_and_the_game_ends() -> None:
    """Rule (last turn): with one regular tile left the turn places it alone; then the end."""
    s = _last_tile_position()
    s = play(s, "place 1 at 1,0 r90")  # type: ignore[arg-type]
    assert s.active == 1 and len(s.hand) == 1 and not s.pile
    action = GAME.legal_actions(s)[0]
    s = GAME.apply(s, action)
    if s.phase == "flag":
        s = play(s, "pass")
    assert s.is_over and any("run out" in e for e in s.events)
    # the unfinished streak's flag went home unscored; the seabed flag stays where it lies
    assert [what for _, _, what in s.flags] == ["flag"] and s.supply[1][0] == 4
    assert s.piles[1][0] == 0


def test_propose_and_veto_lets_the_partner_counter_and_the_active_seat_pick() -> None:
    """Option (propose and veto): propose, veto, counter-proposal, choose theirs."""
    s = position([], ["t23", "t24"], options={"negotiation": "propose-and-veto"}, phase="propose")
    assert s.decision.kind == "propose" and s.decision.seat == 0
    s = play(s, "propose 1 at 1,0 r90")
    assert s.decision.kind == "answer" and s.decision.seat == 2  # Cleo: team 0's other seat
    s = play(s, "veto")
    assert s.decision.kind == "counter" and s.decision.seat == 2
    s = play(s, "propose 2 at -1,0 r90")
    assert s.decision.kind == "pick" and s.decision.seat == 0
    s = play(s, "choose theirs")
    assert (-1, 0) in s.board and (1, 0) not in s.board


def test_propose_and_accept_places_the_proposal() -> None:
    """Option (propose and veto): an accepted proposal is placed as proposed."""
    s = position([], ["t23", "t24"], options={"negotiation": "propose-and-veto"}, phase="propose")
    s = play(s, "propose 1 at 1,0 r90", "accept")
    assert (1, 0) in s.board


def test_final_seabed_scoring_with_bottles_and_the_majority() -> None:
    """Rule (final scoring): seabed flags score manta 3, starfish 2, crab 1, one crab
    ignored per bottle, never below zero."""
    laid = [(0, 1, "t54", 0), (1, 1, "t57", 0), (2, 1, "t58", 0), (-1, 1, "t55", 0)]
    s = position(laid, ["t23"], flags=[[1, 0, 1, "seabed-ne", "flag"]])
    lines = scoring.final_scoring(s)
    # the seabed south of the start tile: manta 3, crabs 3 (t57, t58, t55), bottles 2.
    assert s.piles[1][4] == 3 + 1
    assert lines and "score 4" in written(lines[0])  # (a recipe, written out when read)


def test_final_palace_scoring_one_per_fish_ties_all_score() -> None:
    """Rule (final scoring): palace majorities per seaweed system score 1 per fish, finished
    or not; tied teams all score."""
    laid = [(1, 0, "t41", 90), (-1, 0, "t24", 90)]
    flags = [[0, 1, 0, "field", "palace"], [2, -1, 0, "streak-e", "palace"]]
    s = position(laid, ["t23"], flags=flags)
    scoring.final_scoring(s)
    assert s.piles[0][3] == s.piles[2][3] == 2 and s.piles[1][3] == 0


def _with_piles(teams: list[int], players: tuple[str, ...] = PLAYERS) -> object:
    from gardens_tui.rules.seabed.positions import make_position

    piles = [[t, 0, 0, 0, 0] for t in teams]
    return make_position(players, [], ["t23"], piles=piles)


def test_winner_is_the_best_teams_player_whose_other_team_scored_more() -> None:
    """Winner rule: team Cleo & Ann leads; Ann's other team (Ann & Bob) beat Cleo's."""
    s = _with_piles([10, 5, 3])
    out = GAME.winners(s)  # type: ignore[arg-type]
    assert out.winners == (0,) and "other team" in (out.tiebreak or "")
    totals = GAME.scores(s).totals()  # type: ignore[arg-type]
    assert totals == (15, 8, 13)
    assert [t.points for t in GAME.scores(s).teams] == [10, 5, 3]  # type: ignore[arg-type]


def test_winner_when_two_teams_tie_for_most() -> None:
    """Winner rule, ties: every player of the tied teams is judged by their other team."""
    s = _with_piles([10, 10, 3])
    assert GAME.winners(s).winners == (0,)  # type: ignore[arg-type]


def test_winner_shared_when_everything_ties() -> None:
    """Winner rule, still tied: the higher own score, then a shared win."""
    s = _with_piles([10, 4, 10, 4], ("Ann", "Bob", "Cleo", "Dan"))
    out = GAME.winners(s)  # type: ignore[arg-type]
    assert out.winners == (0, 1, 2, 3) and "shared" in (out.tiebreak or "")


def test_evaluate_prefers_both_own_teams() -> None:
    """The greedy heuristic: points in either of the seat's teams raise its value."""
    a = _with_piles([5, 0, 0])
    b = _with_piles([0, 5, 0])
    c = _with_piles([0, 0, 5])
    assert GAME.evaluate(a, 0) > GAME.evaluate(c, 0)  # type: ignore[arg-type]
    assert GAME.evaluate(b, 0) > GAME.evaluate(c, 0)  # type: ignore[arg-type]


def test_regular_tiles_are_seventy_eight_in_a_new_game() -> None:
    """Setup: 78 regular tiles, 16 clam tiles, 5 flags and 3 palaces per team."""
    s = GAME.new_game(PLAYERS, None, 1)
    counts = GAME.component_counts(s)
    assert counts == {"regular tiles": 78, "clam tiles": 16, "flags": 15, "palaces": 9}
    assert sum(TYPES[k].count for k in REGULAR) == 78


def _all_but(*keep: str) -> list[str]:
    """Every regular tile but one copy of each name in ``keep``, to set aside."""
    rest = [tile_name(k) for k in regular_pile()]
    for name in keep:
        rest.remove(name)
    return rest


def test_a_tile_that_fits_nowhere_goes_back_and_another_is_drawn() -> None:
    """Rule (placement): the second tile fits nowhere (four streaks, every free place needs
    seabed or reef): it goes back into the pile and another is drawn."""
    s = position([(1, 0, "t41", 90)], ["t42", "t51"], removed=_all_but("t41", "t42", "t51", "t23"))
    s = play(s, "place 1 at -1,0 r270")
    if s.phase == "flag":
        s = play(s, "pass")
    assert s.step == 2 and [tile_name(k) for k in s.hand] == ["t23"]
    assert any("fits nowhere" in e for e in s.events)
    assert s.chance


def test_when_no_tile_left_fits_anywhere_they_are_set_aside_and_the_game_ends() -> None:
    """Our decision: with no tile left that fits anywhere, the rest are set aside; the end."""
    s = position(
        [(1, 0, "t41", 90)],
        ["t42"],
        step=2,
        team=1,
        removed=_all_but("t41", "t42", "t51", "t52"),
    )
    s = play(s, "place 1 at -1,0 r270")
    assert s.is_over and any("set aside" in e for e in s.events)
    assert {tile_name(k) for k in s.removed} >= {"t51", "t52"}


def test_views_hide_only_the_prng_and_draws_are_chance() -> None:
    """Hidden information: the drawn tiles and the piles (as sets) are public; only the PRNG
    (the draw order) is hidden, and a draw marks the state as chance for undo."""
    from gardens_tui.rules.rng import Rng

    s = GAME.new_game(PLAYERS, None, 9)
    view = GAME.view(s, 1)
    assert view.rng == 0 and view.hand == s.hand and view.pile == s.pile
    twin = GAME.determinise(view, 1, Rng(5))
    left, right = GAME.to_dict(twin), GAME.to_dict(s)
    left.pop("rng"), right.pop("rng")
    assert left == right
    after = _quiet(s)
    assert after.chance  # the next seat drew two tiles


def test_text_shows_the_seascape_teams_and_hand() -> None:
    """The position as text: the tile picture, each team's pile and supply, the hand."""
    s = position([(1, 0, "t41", 90)], ["t43"], flags=[[0, 0, 0, "streak-e", "flag"]])
    text = GAME.render_text(s, 0)
    assert "~~~" in text and "Team Cleo & Ann: 0 points; 4 flags" in text
    assert "flag of Cleo & Ann on streak-e at 0,0" in text
    assert "To place for Cleo & Ann: 1: t43" in text
