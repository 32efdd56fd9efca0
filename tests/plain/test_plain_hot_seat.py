"""Hot seat in the plain mode: several people at one keyboard, hidden hands kept hidden.

Rules (gardens_tui/plain/game.py, module docstring): before anything of a seat is shown, the
plain mode asks the next person to take the keyboard ("Pass the keyboard to Bob; Bob, press
Enter ..."); until Enter, every command that would show something of a seat (board, moves, log,
score, hint, undo, a move) is refused with one line; after it, the news and the position are
printed as that seat may see them. So the transcript, split at the handover lines, gives each
person a part that never holds another seat's hand (bots' hands included).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from plain_driving import (
    HANDOVER,
    PRESS_ENTER_FIRST,
    Session,
    assert_ends_with_the_result,
    new_table,
    script_of,
    secret_words,
)

from gardens_tui import saves
from gardens_tui.plain.local import EXIT_OK
from gardens_tui.table import Table

BEFORE_ENTER = ("board", "moves", "score", "log", "hint", "undo", "1")
"""What an impatient person types before pressing Enter (each must be refused)."""


@dataclass
class Handover:
    """One handover: the seat asked, the table's length when asked, and what was typed before
    Enter (the indexes of the lines in the session)."""

    seat: int
    index: int
    refused: list[int] = field(default_factory=list)


class HotSeatScript:
    """Presses Enter at each handover (typing :data:`BEFORE_ENTER` first at the first
    ``impatient`` ones) and plays move 1 otherwise; records the handovers."""

    def __init__(self, impatient: int = 3) -> None:
        self.impatient = impatient
        self.handovers: list[Handover] = []
        self._pending: list[str] = []

    def __call__(self, session: Session) -> str:
        game = session.local.game
        if game.at_keyboard():
            return "1"
        seat = session.table.state.current_player
        assert seat is not None
        if not self.handovers or self.handovers[-1].seat != seat or self._fresh(session):
            self.handovers.append(Handover(seat, len(session.table.states) - 1))
            if len(self.handovers) <= self.impatient:
                self._pending = list(BEFORE_ENTER)
        if self._pending:
            self.handovers[-1].refused.append(len(session.typed))
            return self._pending.pop(0)
        return ""

    def _fresh(self, session: Session) -> bool:
        """Whether a new handover line was printed since the last one recorded."""
        return bool(HANDOVER.search(session.since_typed()))


def play_hot_seat(
    game: str, players: str, seed: int, options: dict[str, Any] | None = None
) -> tuple[Session, HotSeatScript]:
    """A whole hot-seat game (the people impatient at the first handovers); it must end."""
    table = new_table(game, players, seed, **(options or {}))
    script = HotSeatScript()
    session = Session(table, script)
    assert session.run() == EXIT_OK
    assert_ends_with_the_result(session.transcript, table, viewer=table.state.current_player)
    return session, script


def hands(table: Table, index: int, seats: range) -> set[str]:
    """The tile names in the hands of ``seats`` at position ``index``."""
    state = table.states[index]
    return set().union(*(secret_words(table.game.secrets(state, seat)) for seat in seats))


def kept_secret(table: Table, seat: int | None, start: int, end: int) -> set[str]:
    """The tiles in the hand of a seat other than ``seat`` at every position from ``start`` to
    ``end``: nothing printed for ``seat`` over that span may name them (a tile played meanwhile
    is public and drops out)."""
    others = [s for s in range(len(table.seats)) if s != seat]
    secret: set[str] | None = None
    for index in range(start, end + 1):
        held = set().union(
            *(secret_words(table.game.secrets(table.states[index], s)) for s in others)
        )
        secret = held if secret is None else secret & held
    return secret or set()


LEGEND_EXAMPLE = re.compile(r"^Legend: t17 a tile,", re.M)
"""Tanuki's legend names tile t17 as an example of how a tile is drawn, whoever holds it."""


def names_any(text: str, tiles: set[str]) -> set[str]:
    """The tiles of ``tiles`` that ``text`` names (the legend's example left out)."""
    text = LEGEND_EXAMPLE.sub("Legend:", text)
    return {tile for tile in tiles if re.search(rf"\b{tile}\b", text)}


def parts(session: Session) -> list[tuple[str, str]]:
    """The transcript split at the handover lines: (the name asked, the part after its line)."""
    text = session.transcript
    matches = list(HANDOVER.finditer(text))
    return [
        (
            match["name"],
            text[match.end() : matches[i + 1].start() if i + 1 < len(matches) else None],
        )
        for i, match in enumerate(matches)
    ]


HOT_SEAT_GAMES = [
    pytest.param("tanuki-in-the-garden", "Ann,Bob", 3, {}, id="tanuki-Ann-Bob"),
    pytest.param("throw-octopus", "Ann,Bob,bot:greedy", 4, {}, id="throw-octopus-Ann-Bob-bot"),
]
GARDEN_MASTER = pytest.param(
    "tanuki-in-the-garden",
    "Ann,Bob,bot:greedy",
    2,
    {"garden-master": True},
    id="tanuki-garden-master-Ann-Bob-bot",
)
"""Tanuki with the Garden Master expansion: hands of tiles and of cards (``trap-a``)."""


@pytest.mark.parametrize(("game", "players", "seed", "options"), [*HOT_SEAT_GAMES, GARDEN_MASTER])
def test_each_persons_part_of_the_transcript_never_holds_another_seats_hand(
    game: str, players: str, seed: int, options: dict[str, Any]
) -> None:
    """Hidden hands in hot seat: split at the handover lines, each person's part names none of
    the tiles another seat (person or bot) held all the while that part covers; the part before
    the first handover (nobody's) names no hand tile at all."""
    session, script = play_hot_seat(game, players, seed, options)
    table = session.table
    split = parts(session)
    assert len(split) == len(script.handovers) >= 4
    first = HANDOVER.search(session.transcript)
    assert first is not None
    preamble = session.transcript[: first.start()]
    everyone = range(len(table.seats))
    assert names_any(preamble, kept_secret(table, None, 0, script.handovers[0].index)) == set()
    assert names_any(preamble, hands(table, 0, everyone)) == set()
    read_to: dict[int, int] = {}
    own: dict[str, set[str]] = {}
    for number, ((name, text), handover) in enumerate(zip(split, script.handovers, strict=True)):
        assert name == table.seats[handover.seat].name
        end = (
            script.handovers[number + 1].index
            if number + 1 < len(script.handovers)
            else len(table.states) - 1
        )
        start = read_to.get(handover.seat, 0)
        leaked = names_any(text, kept_secret(table, handover.seat, start, end))
        assert leaked == set(), f"{name}'s part {number} names {sorted(leaked)}"
        read_to[handover.seat] = end
        mine = hands(table, handover.index, range(handover.seat, handover.seat + 1))
        own.setdefault(name, set()).update(names_any(text, mine))
    assert all(own.values()), f"every person is shown their own tiles: {own}"


@pytest.mark.parametrize(("game", "players", "seed", "options"), HOT_SEAT_GAMES)
def test_before_enter_nothing_of_the_next_seat_is_printed(
    game: str, players: str, seed: int, options: dict[str, Any]
) -> None:
    """Until the next person presses Enter, board, moves, score, log, hint, undo and a move
    number are each refused with the one "Press Enter first" line; nothing else is printed
    after the handover line."""
    session, script = play_hot_seat(game, players, seed, options)
    tried = [handover for handover in script.handovers if handover.refused]
    assert len(tried) == 3
    for handover in tried:
        assert [session.typed[i].text for i in handover.refused] == list(BEFORE_ENTER)
        for index in handover.refused:
            assert session.answer(index) == PRESS_ENTER_FIRST + "\n"
        first = handover.refused[0]
        before = session.transcript[: session.typed[first].offset]
        assert HANDOVER.search(before.rstrip("\n").split("\n")[-1])  # right after the line
    assert session.transcript.count(PRESS_ENTER_FIRST) == 3 * len(BEFORE_ENTER)


def test_tanuki_shows_each_person_their_own_tiles_and_only_a_count_of_the_others() -> None:
    """Tanuki in the Garden, Ann and Bob: Ann's first position lists her tiles by name and
    Bob's as "3 in hand"; Bob's first position the other way round."""
    session, _ = play_hot_seat("tanuki-in-the-garden", "Ann,Bob", 3)
    table = session.table
    start = table.states[0]
    ann = ", ".join(f"t{tile + 1}" for tile in table.game.secrets(start, 0)["tiles"])
    bob = ", ".join(f"t{tile + 1}" for tile in table.game.secrets(start, 1)["tiles"])
    (first_name, first), (second_name, second) = parts(session)[:2]
    assert (first_name, second_name) == ("Ann", "Bob")
    assert "Seat 1 Ann (to play): 0 shiitake" in first
    assert f"   tiles: {ann}\nSeat 2 Bob: " in first and "   tiles: 3 in hand" in first
    assert bob not in first
    assert "   tiles: 3 in hand\nSeat 2 Bob: " in second and f"   tiles: {bob}" in second
    assert ann not in second


def test_throw_octopus_names_the_hand_of_the_person_at_the_keyboard_only() -> None:
    """Throw Octopus!, Ann, Bob and a bot: each "Ann's hand:" line is in a part of Ann's, each
    "Bob's hand:" line in a part of Bob's; nobody's part shows the bot's hand."""
    session, _ = play_hot_seat("throw-octopus", "Ann,Bob,bot:greedy", 4)
    seen = {"Ann": 0, "Bob": 0}
    for name, text in parts(session):
        owners = re.findall(r"^(\w[^\n]*?)'s hand: t", text, re.M)
        assert set(owners) <= {name}, f"{name}'s part shows {owners}"
        seen[name] += len(owners)
    assert seen["Ann"] > 0 and seen["Bob"] > 0
    assert "Greedy bot 3's hand" not in session.transcript


def test_a_dodge_in_hot_seat_waits_for_its_person_and_is_then_settled_by_the_odds() -> None:
    """Throw Octopus!, the bot throws at Ann while Bob has the keyboard: the dodge is Ann's
    decision, so Ann is asked to take the keyboard first; after her Enter it is settled by the
    game's odds in her part."""
    session, _ = play_hot_seat("throw-octopus", "Ann,Bob,bot:greedy", 4)
    settled = [
        (name, text) for name, text in parts(session) if "settled by the game's odds" in text
    ]
    assert settled and all(name == "Ann" for name, _ in settled)


SEAT_BLOCK = re.compile(
    r"^Seat \d+ (?P<name>.+?)(?: \(to play\))?: .*\n"
    r"   tiles: (?P<tiles>.*)\n(?:   cards: (?P<cards>.*)\n)?",
    re.M,
)
"""A seat's lines in Tanuki's position: its name, then its tiles and Garden Master cards."""


def test_tanuki_garden_master_shows_other_seats_tiles_and_cards_only_as_counts() -> None:
    """Tanuki in the Garden with Garden Master, Ann, Bob and a bot: in each person's part every
    other seat's tiles and cards are a count ("3 in hand"); only their own are named."""
    session, _ = play_hot_seat(
        "tanuki-in-the-garden", "Ann,Bob,bot:greedy", 2, {"garden-master": True}
    )
    named_cards = others = 0
    for name, text in parts(session):
        for block in SEAT_BLOCK.finditer(text):
            if block["name"] == name:
                named_cards += block["cards"] not in (None, "none (worth 0)")
                continue
            others += 1
            assert re.fullmatch(r"\d+ in hand", block["tiles"]), (name, block[0])
            assert block["cards"] is None or re.fullmatch(r"\d+ in hand", block["cards"]), (
                name,
                block[0],
            )
    assert others > 20
    assert named_cards > 0  # the people did hold cards, named to themselves


def test_help_rules_save_and_quit_are_taken_before_enter_and_show_no_hand() -> None:
    """Before Enter, the commands that show nothing of a seat still work (help, rules, save
    NAME, quit); their output names no tile of any hand."""
    table = new_table("tanuki-in-the-garden", "Ann,Bob", 3)
    lines = ("", "1", "help", "rules", "save hot seat", "quit")
    session = Session(table, script_of(*lines, then=None))
    assert session.run() == EXIT_OK
    assert HANDOVER.search(session.answer(1))  # Ann played: Bob is asked for the keyboard
    assert not session.local.game.at_keyboard()
    answers = [session.answer(index) for index in range(2, 6)]
    assert answers[0].startswith("Type a move's number")
    assert "Tanuki in the Garden" in answers[1]
    path = saves.saves_dir() / "hot seat.json"
    assert answers[2] == f"Saved to {path}.\n"
    assert answers[3].startswith("The game is saved in ")
    held = hands(table, len(table.states) - 1, range(2))
    assert names_any("".join(answers), held) == set()
    assert PRESS_ENTER_FIRST not in session.transcript
    assert saves.load_table(path).notation() == table.notation()


def test_a_continued_hot_seat_game_asks_for_the_keyboard_before_showing_anything() -> None:
    """``gardens continue --plain`` on a hot-seat game: the first thing after the greeting is
    the handover line; "board" is refused until Enter; then the position is the next
    person's own."""
    table = new_table("tanuki-in-the-garden", "Ann,Bob", 3)
    Session(table, script_of("", "1", "", "1", "quit", then=None)).run()
    path = saves.last_autosave()
    assert path is not None
    again, source = saves.read_save(path)
    session = Session(again, script_of("board", "", then=None), source=source)
    session.run(new=False)
    greeting, rest = session.transcript.split("Type help for the commands, rules for the rules.\n")
    assert greeting == "Continuing a game of Tanuki in the Garden: Ann, Bob.\n"
    assert rest.startswith("\nAnn's turn. Pass the keyboard to Ann; Ann, press Enter")
    assert session.answer(0) == PRESS_ENTER_FIRST + "\n"
    ann = ", ".join(
        sorted(secret_words(again.game.secrets(again.state, 0)), key=lambda t: int(t[1:]))
    )
    assert f"   tiles: {ann}\n" in session.answer(1)
    assert names_any(session.answer(1), hands(again, len(again.states) - 1, range(1, 2))) == set()
