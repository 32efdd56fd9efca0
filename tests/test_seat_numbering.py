"""One numbering for people (issue 28): a seat people read or type is numbered from 1, in turn
order, everywhere; prose names the player instead.

Checked for every registered game with 3 or more players and its options on:

- **texts**: the board text (a spectator's and every seat's), prompts, every seat's log lines,
  the descriptions of legal actions, refusals of seat-bearing actions, score notes, the
  notation help and ``gardens rules``: no "seat 0" anywhere, every "seat N" within 1..players,
  and wherever a number stands beside a name ("Seat 2 Bob", "Bob (seat 2)") it is that player's;
  Tanuki's monks on the board carry their seat numbers;
- **notation**: every action that names a seat (:data:`SEAT_ARGS`) writes the seat's number
  (index + 1), reads back to the same seat, and its description names the player;
- **the command line**: ``--seat N`` is the player the board and the notation call seat N, the
  same as ``--seat NAME``; ``--seat 0`` and numbers past the last seat are refused naming every
  seat; the status lines name players, never number them; ``simulate`` counts seats from 1;
  the JSON's ``seat`` fields stay 0-based (one less, as README says).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gardens_tui import cli, saves
from gardens_tui.rules.base import Action, Game, GameState, IllegalAction
from gardens_tui.rules.registry import game_specs, get_game
from gardens_tui.table import Setup, Table, parse_players

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn")

SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "octopus-garden": (
        4,
        {
            k: True
            for k in (
                "mimic-octopus",
                "coconut-octopus",
                "shark",
                "parrot-fish",
                "diver",
                "lionfish",
                "treasure-chest",
                "boxer-crab",
            )
        },
    ),
    "the-gardens": (4, {"landmarks": True}),
    "tanuki-in-the-garden": (6, {"garden-master": True}),
    "throw-octopus": (4, {"game-night": True}),
    "seabed-neighbours": (4, {"negotiation": "propose-and-veto"}),
}
"""Players and options per game: the most seats the test can name, and the options that bring
seat-bearing actions (cards that target a player) into play."""

SeatArgs = Callable[[Action], list[tuple[int, int]]]


def _throw_octopus_seats(action: Action) -> list[tuple[int, int]]:
    """``throw 2`` (word 1), ``give t7 to 2`` (word 3)."""
    if action[0] == "throw":
        return [(1, action[1])]
    if action[0] == "give":
        return [(3, action[2])]
    return []


def _tanuki_seats(action: Action) -> list[tuple[int, int]]:
    """``play robber 2``, ``play bait 2 c3 d4`` (word 2), ``play pilfer 2 4 5`` (words 2-4)."""
    if action[0] != "play" or len(action) < 3:
        return []
    if action[1] in ("robber", "bait"):
        return [(2, action[2])]
    if action[1] == "pilfer":
        return [(2 + i, seat) for i, seat in enumerate(action[2:])]
    return []


def no_seats(action: Action) -> list[tuple[int, int]]:
    """The notation of a game without seat-bearing actions names no seat."""
    return []


SEAT_ARGS: dict[str, SeatArgs] = {
    "throw-octopus": _throw_octopus_seats,
    "tanuki-in-the-garden": _tanuki_seats,
}
"""Where each game's notation names a seat: (word index in the notation, seat index) pairs. A
game not listed names no seat in its notation (checked against its notation help)."""

SEAT_VERBS: dict[str, set[str]] = {
    "throw-octopus": {"throw", "give"},
    "tanuki-in-the-garden": {"play robber", "play bait", "play pilfer"},
}
"""The seat-bearing actions the playouts must meet, so the notation check is never vacuous."""

_SEAT_NAME = re.compile(r"\bSeat (\d+) (\w+)")
_NAME_SEAT = re.compile(r"(\w+) \(seat (\d+)\)")
_ANY_SEAT = re.compile(r"(?i)\bseats? (-?\d+)")


def check_text(text: str, players: tuple[str, ...], where: str) -> None:
    """``text`` numbers seats from 1 and never puts a number beside the wrong name."""
    for match in _ANY_SEAT.finditer(text):
        number = int(match.group(1))
        assert number >= 1, f"{where}: {match.group(0)!r} counts from 0 in {text!r}"
    for number, name in _SEAT_NAME.findall(text):
        if name in players:
            assert players.index(name) + 1 == int(number), f"{where}: Seat {number} {name}"
    for name, number in _NAME_SEAT.findall(text):
        if name in players:
            assert players.index(name) + 1 == int(number), f"{where}: {name} (seat {number})"


def new_state(game_id: str, seed: int) -> tuple[Game[Any], GameState, tuple[str, ...]]:
    """A new game of ``game_id`` with :data:`SETUPS`' players and options."""
    game = get_game(game_id)
    count, options = SETUPS[game_id]
    players = NAMES[:count]
    return game, game.new_game(players, options, seed), players


PLAYOUT_SEEDS: dict[str, tuple[int, ...]] = {"tanuki-in-the-garden": (2, 4, 9)}
"""Seeds whose random games reach every seat-bearing action (seeds 0-2 otherwise; Tanuki's
rules version 3 changed where its seeds 0-2 go, and they no longer meet Bait or Pilfer)."""


def playout(game_id: str, seed: int, steps: int) -> Iterator[tuple[GameState, list[Action]]]:
    """Every position (and its legal actions) of a seeded random game, seat-bearing actions
    preferred so that cards aimed at players get played; the last position (no legal actions)
    is the game's end, or where ``steps`` ran out."""
    game, state, _ = new_state(game_id, seed)
    seats_of = SEAT_ARGS.get(game_id, no_seats)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = game.legal_actions(state)
        yield state, legal
        aimed = [a for a in legal if seats_of(a)]
        state = game.apply(state, rng.choice(aimed if aimed and rng.random() < 0.5 else legal))
    yield state, []


def refusals(game: Game[Any], state: GameState, action: Action, seats_of: SeatArgs) -> list[str]:
    """The refusals of ``action``'s notation with its first seat number typed as every number
    from 0 to players + 1 (those not legal now): what a person reads after a wrong number."""
    decision = state.decision
    assert decision is not None
    view = game.view(state, decision.seat)
    words = game.format_action(action).split()
    messages = []
    for word, _ in seats_of(action)[:1]:
        for number in range(state.num_players + 2):
            typed = " ".join(str(number) if i == word else w for i, w in enumerate(words))
            try:
                game.apply(state, game.read_action(view, typed))
            except IllegalAction as refused:
                messages.append(str(refused))
    return messages


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_every_text_and_notation_numbers_seats_from_1(game_id: str) -> None:
    """Rule (one numbering): texts, prompts, log lines, descriptions, refusals and notation of
    every game count seats from 1, and a seat named in the notation is the player its number
    and its description say."""
    assert set(SETUPS) == set(game_specs()), "every game is checked"
    game, _, players = new_state(game_id, 0)
    seats_of = SEAT_ARGS.get(game_id, no_seats)
    help_text = game.notation_help()
    check_text(help_text, players, "notation help")
    if game_id not in SEAT_ARGS:
        assert not _ANY_SEAT.search(help_text), "a seat in the notation needs SEAT_ARGS"
    met: set[str] = set()
    for seed in PLAYOUT_SEEDS.get(game_id, (0, 1, 2)):
        for state, legal in playout(game_id, seed, 400):
            n = state.num_players
            decision = state.decision
            if decision is not None:
                check_text(decision.prompt, players, "prompt")
            for viewer in (None, *range(n)):
                view = game.view(state, viewer)
                check_text(game.render_text(view, viewer), players, f"board for {viewer}")
                for line in view.events:
                    check_text(line, players, "log line")
            if game_id == "tanuki-in-the-garden":
                check_monk_marks(game, state)
            for action in legal:
                seats = seats_of(action)
                if not seats or decision is None:
                    continue
                text = game.format_action(action)
                words = text.split()
                verb = " ".join(words[:2]) if words[0] == "play" else words[0]
                met.add(verb)
                described = game.describe_action(state, action)
                check_text(described, players, "description")
                for word, seat in seats:
                    assert words[word] == str(seat + 1), f"{text}: seat index {seat}"
                    assert players[seat] in described, f"{described} names {players[seat]}"
                assert game.read_action(game.view(state, decision.seat), text) == action
                for message in refusals(game, state, action, seats_of):
                    check_text(message, players, "refusal")
            for note in game.scores(state).notes:
                check_text(note, players, "score note")
    assert met >= SEAT_VERBS.get(game_id, set()), f"seat-bearing actions met: {sorted(met)}"


def check_monk_marks(game: Game[Any], state: Any) -> None:
    """Tanuki's board marks each monk with its seat number (the legend says so): the mark
    under a monk's square holds ``seat + 1``."""
    picture = game.render_text(state, None).splitlines()
    top = next(i for i, line in enumerate(picture) if line.split() == list("abcdef"))
    for seat in range(state.num_players):
        square = state.monk_square(seat)
        if square < 0:
            continue
        row, col = divmod(square, 6)
        marks = picture[top + 2 + 2 * row][4 + 7 * col : 4 + 7 * col + 6]
        assert str(seat + 1) in marks, f"monk of seat {seat + 1} on {square}: {marks!r}"


# --------------------------------------------------------------------------------------------
# The command line
# --------------------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    """``gardens argv...``: the exit code, stdout and stderr."""
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def saved_game(game_id: str, path: Path, steps: int = 12) -> Table:
    """A table of :data:`SETUPS`' players (the second one a bot) a few random decisions in."""
    count, options = SETUPS[game_id]
    spec = ",".join(
        f"{name}=bot:greedy" if i == 1 else name for i, name in enumerate(NAMES[:count])
    )
    table = Table(Setup(game_id, tuple(parse_players(spec)), options, 5))
    rng = random.Random(5)
    for _ in range(steps):
        if table.state.is_over:
            break
        table.apply(rng.choice(table.legal_actions()))
    saves.save_table(table, path)
    return table


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_seat_option_is_the_seat_the_texts_number(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (one numbering): ``--seat N`` shows, scores and hints as the player numbered N
    (the same output as ``--seat NAME``); the JSON says ``seat`` N - 1; ``--seat 0`` and a
    number past the last seat are refused naming every seat; no output numbers seats from 0."""
    path = tmp_path / "game.json"
    table = saved_game(game_id, path)
    names = tuple(seat.name for seat in table.seats)
    labels = [f"{name} (seat {i + 1})" for i, name in enumerate(names)]
    listing = ", ".join(labels[:-1]) + " and " + labels[-1]
    for number, name in enumerate(names, start=1):
        for command in ("show", "score"):
            code, by_number, err = run(capsys, command, path, "--seat", str(number))
            assert code == 0, err
            assert by_number == run(capsys, command, path, "--seat", name.lower())[1]
            check_text(by_number, names, f"{command} --seat {number}")
            assert "seat 0" not in by_number.lower()
        assert f"(as {name} sees it)" in run(capsys, "show", path, "--seat", str(number))[1]
        data = json.loads(run(capsys, "show", path, "--seat", str(number), "--json")[1])
        assert data["seat"] == number - 1 and data["players"][number - 1]["name"] == name
    for wrong in ("0", str(len(names) + 1)):
        code, out, err = run(capsys, "show", path, "--seat", wrong)
        assert code == 2 and out == ""
        assert f"the seats are {listing}" in err
    assert "seats are numbered from 1" in run(capsys, "show", path, "--seat", "0")[2]
    deciding = table.state.current_player
    assert deciding is not None
    code, out, err = run(capsys, "hint", path, "--seat", str(deciding + 1), "--iterations", "5")
    assert code == 0, err
    other = (deciding + 1) % len(names)
    code, _, err = run(capsys, "hint", path, "--seat", str(other + 1), "--iterations", "5")
    assert code == 2 and f"not {names[other]}'s" in err
    for argv in (["show", path], ["moves", path], ["rules", game_id]):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        check_text(out, names, " ".join(map(str, argv)))
    status = run(capsys, "show", path)[1].splitlines()[-1]
    deciding_name = names[deciding]
    assert status.startswith(f"{deciding_name} to decide: ") or status.startswith(
        f"{deciding_name} (bot greedy) to decide: "
    ), status


def test_a_throw_at_seat_3_is_at_the_player_the_texts_call_seat_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule (one numbering), the issue's example: ``moves`` names the player each ``throw N``
    aims at, ``throw 3`` makes the player listed as "Seat 3" decide the dodge, and ``throw 0``
    is refused naming every seat with its number."""
    players = ("Ann", "Bob", "Cleo", "Dan")
    table = Table(Setup("throw-octopus", tuple(parse_players(",".join(players))), {}, 3))
    rng = random.Random(3)
    while not any(a[0] == "throw" for a in table.legal_actions()):
        assert not table.state.is_over, "seed 3 should reach a throw"
        table.apply(rng.choice(table.legal_actions()))
    path = saves.save_table(table, tmp_path / "throw.json")
    thrower = table.state.current_player
    assert thrower is not None
    target = next(i for i in range(len(players)) if i != thrower)
    code, moves, err = run(capsys, "moves", path)
    assert code == 0, err
    assert f"throw {target + 1} (at {players[target]})" in moves
    assert "seat" not in moves.lower()
    show = run(capsys, "show", path)[1]
    assert f"Seat {target + 1} {players[target]}:" in show
    code, _, err = run(capsys, "apply", path, "throw 0", "-o", tmp_path / "x.json")
    assert code == 2
    assert "'0' is not a seat number or a player's name: the seats are Ann (seat 1)" in err
    code, out, err = run(capsys, "apply", path, f"throw {target + 1}")
    assert code == 0, err
    decision = saves.load_table(path).state.decision
    assert decision is not None and decision.kind == "dodge" and decision.seat == target
    assert out.splitlines()[-1].startswith(f"{players[target]} to decide: Dodge")


def test_simulate_counts_seats_from_1_and_its_json_from_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rule (one numbering): ``simulate``'s table numbers seats as people do; its JSON keeps
    the documented 0-based ``seat`` fields."""
    argv = ["simulate", "throw-octopus", "-n", "1", "--players", "Ann,Bob,Cleo"]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    rows = [line.split()[:2] for line in out.splitlines()[2:5]]
    assert rows == [["1", "Ann"], ["2", "Bob"], ["3", "Cleo"]]
    data = json.loads(run(capsys, *argv, "--json")[1])
    assert [row["seat"] for row in data["seats"]] == [0, 1, 2]
