"""Helpers for the plain mode's tests: tables, a scripted person at the keyboard, transcripts.

Two ways to drive the plain mode, both in this process and deterministic:

- :func:`play_piped`: :func:`~gardens_tui.plain.local.run_local` on a byte stream, exactly as a
  pipe feeds it (the real reader thread, :func:`~gardens_tui.plain.console.clean_line`);
- :class:`Session`: a :class:`~gardens_tui.plain.local.LocalGame` whose inbox asks a script for
  each line when the loop waits for one, so a test may look at the table and at what was
  printed before deciding what to type (no threads, no timing).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gardens_tui.plain.console import Console, Event, Inbox, InputEnded, Typed
from gardens_tui.plain.local import LocalGame, run_local
from gardens_tui.rules.tanuki.components import tile_name
from gardens_tui.rules.tanuki.serial import card_name
from gardens_tui.saves import FileVersion
from gardens_tui.seat_words import score_lines
from gardens_tui.seats import LocalSeatView
from gardens_tui.table import Setup, Table, parse_players

GAMES = (
    "octopus-garden",
    "the-gardens",
    "tanuki-in-the-garden",
    "seabed-neighbours",
    "throw-octopus",
)
"""Every game id ``gardens games`` lists."""

THREE_SEATS = frozenset({"seabed-neighbours", "throw-octopus"})
"""The games that need three seats (Seabed Neighbours: 3-6; Throw Octopus!: 1 or 3-5)."""

HANDOVER = re.compile(r"^.*'s? turn\. Pass the keyboard to (?P<name>.+?); .*press Enter.*$", re.M)
"""The hot-seat line asking the next person to take the keyboard."""

PRESS_ENTER_FIRST = "Press Enter first: the next person must take the keyboard."

MAX_LINES = 5000
"""A script that types more lines than this is stuck: the test fails instead of hanging."""


def players_against_bots(game: str, first: str = "You") -> str:
    """``first`` and greedy bots, as many seats as ``game`` needs."""
    bots = 2 if game in THREE_SEATS else 1
    return ",".join([first, *["bot:greedy"] * bots])


def new_table(game: str, players: str, seed: int, **options: Any) -> Table:
    """A new table of ``game`` for the ``--players`` list ``players``."""
    return Table(Setup(game, tuple(parse_players(players)), options, seed))


def play_piped(
    table: Table,
    lines: Sequence[str] | bytes,
    *,
    source: FileVersion | None = None,
    colour: bool = False,
) -> tuple[int, str]:
    """``run_local`` with ``lines`` piped in; its exit status and everything it printed."""
    data = lines if isinstance(lines, bytes) else "".join(f"{line}\n" for line in lines).encode()
    out = io.StringIO()
    code = run_local(table, source=source, colour=colour, stdin=io.BytesIO(data), stdout=out)
    return code, out.getvalue()


class _ScriptedInbox(Inbox):
    """An inbox that asks ``next_event`` for a line whenever nothing is queued (a line put back
    by the loop itself, as ``save``'s question does with the end of input, comes first)."""

    def __init__(self, next_event: Callable[[], Event]) -> None:
        super().__init__()
        self._next_event = next_event

    def get(self) -> Event:
        queued = self.get_nowait()
        return queued if queued is not None else self._next_event()


Script = Callable[["Session"], "str | None"]
"""What the person types next, given the session so far (``None``: the input ends)."""


@dataclass
class Exchange:
    """One line typed: where the transcript stood when it was typed, and the line."""

    offset: int
    text: str | None
    version: int


class Session:
    """A :class:`LocalGame` on ``table`` with a scripted person at the keyboard."""

    def __init__(
        self,
        table: Table,
        script: Script,
        *,
        source: FileVersion | None = None,
        colour: bool = False,
    ) -> None:
        self.table = table
        self.script = script
        self.out = io.StringIO()
        self.console = Console(self.out, colour=colour)
        self.inbox = _ScriptedInbox(self._next_event)
        self.local = LocalGame(table, self.console, self.inbox, source=source)
        self.typed: list[Exchange] = []
        self.code: int | None = None

    @property
    def view(self) -> LocalSeatView:
        return self.local.view

    @property
    def transcript(self) -> str:
        return self.out.getvalue()

    def run(self, *, new: bool = True) -> int:
        self.code = self.local.run(new=new)
        return self.code

    def _next_event(self) -> Event:
        if len(self.typed) >= MAX_LINES:
            raise AssertionError("the script typed too many lines: the game never ended")
        text = self.script(self)
        self.typed.append(Exchange(len(self.out.getvalue()), text, self.table.version))
        return InputEnded() if text is None else Typed(text)

    def since_typed(self) -> str:
        """What was printed since the last line typed (all of it before the first)."""
        start = self.typed[-1].offset if self.typed else 0
        return self.transcript[start:]

    def answer(self, index: int) -> str:
        """What was printed in answer to the ``index``-th line typed (until the next line)."""
        start = self.typed[index].offset
        end = self.typed[index + 1].offset if index + 1 < len(self.typed) else len(self.transcript)
        return self.transcript[start:end]

    def deciding(self) -> bool:
        """Whether a seat the person plays must decide now (and has the keyboard)."""
        return self.view.may_act() and self.local.game.at_keyboard()


def typing_first_moves(session: Session) -> str:
    """Press Enter at a hot-seat handover, else type move 1."""
    return "1" if session.local.game.at_keyboard() else ""


def script_of(*steps: Script | str, then: Script | None = typing_first_moves) -> Script:
    """A script typing ``steps`` in turn (each a line, or a script called once), then going on
    with ``then`` (``None``: the input ends)."""
    queue = list(steps)

    def script(session: Session) -> str | None:
        if queue:
            step = queue.pop(0)
            return step if isinstance(step, str) else step(session)
        return None if then is None else then(session)

    return script


def until(condition: Callable[[Session], bool], then: Script, otherwise: Script) -> Script:
    """A script typing with ``otherwise`` until ``condition`` holds when a line is asked for,
    then with ``then`` from there on."""
    reached = False

    def script(session: Session) -> str | None:
        nonlocal reached
        reached = reached or condition(session)
        return then(session) if reached else otherwise(session)

    return script


def final_lines(table: Table, viewer: int | None = 0) -> list[str]:
    """The final score table as the plain mode prints it after "Final scores:"."""
    view = LocalSeatView(table, (), viewer)
    return score_lines(view, view.scores())


def winner_line(table: Table) -> str:
    """The result line: ``Game over. Winner: Ann`` (with the game's tie-break, if any)."""
    outcome = table.game.winners(table.state)
    names = " and ".join(table.seats[seat].name for seat in outcome.winners)
    line = f"Game over. {'Winners' if len(outcome.winners) > 1 else 'Winner'}: {names}"
    return line + (f" ({outcome.tiebreak})" if outcome.tiebreak else "")


def assert_ends_with_the_result(transcript: str, table: Table, viewer: int | None = 0) -> None:
    """The transcript's last lines: the result line, "Final scores:" and the score table."""
    assert table.state.is_over
    expected = [winner_line(table), "Final scores:", *final_lines(table, viewer)]
    assert transcript.rstrip("\n").split("\n")[-len(expected) :] == expected


def person_decisions(table: Table, seat: int = 0) -> dict[str, list[int]]:
    """The indexes of ``seat``'s decisions in the history, by kind: ``chosen`` (a real choice),
    ``forced`` (one legal action) and ``skill`` (a skill decision, settled by the odds)."""
    kinds: dict[str, list[int]] = {"chosen": [], "forced": [], "skill": []}
    for index, state in enumerate(table.states[:-1]):
        if state.current_player != seat:
            continue
        assert state.decision is not None
        if state.decision.skill is not None:
            kinds["skill"].append(index)
        elif table.forced_action(index) is not None:
            kinds["forced"].append(index)
        else:
            kinds["chosen"].append(index)
    return kinds


def secret_words(secret: Any) -> set[str]:
    """The names in a game's ``secrets``: Throw Octopus!'s tile names (``t19``), Tanuki's tiles
    and Garden Master cards by number (``t19``, ``trap-a``)."""
    if secret is None:
        return set()
    if isinstance(secret, dict):
        tiles = {tile_name(tile) for tile in secret.get("tiles", [])}
        return tiles | {card_name(card) for card in secret.get("cards", [])}
    return {str(name) for name in secret}
