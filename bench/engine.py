"""Engine benchmark: how fast the rules play, next to python-chess on the same machine and run.

Run it from the project folder (python-chess comes with the ``bench`` extra)::

    pip install -e ".[bench]"
    python bench/engine.py                  # every registered game, about a minute
    python bench/engine.py --seconds 1      # quicker, noisier
    python bench/engine.py --markdown       # the table for README's Benchmarks section

For every registered game, with default options and with every on/off option switched on, at the
smallest and the largest player count, it measures random playouts (``legal_actions``, a random
choice and ``apply`` at each decision): decisions per second, whole games per second and
milliseconds per game; and per position, the time of ``copy()``, ``to_dict`` and ``from_dict``
(a cold read: the sample games' positions are read in turn, one of each game at a time).
Each configuration is played twice: ``uniform`` picks any legal action, ``balanced`` first a verb
and then one of its actions (as the conformance suite does for half its games), which keeps
random games from being cut short when one verb offers many actions.
Beside them it measures python-chess's random-playout plies per second (``legal_moves``, a random
choice, ``push`` and ``is_game_over`` at each ply), in two half-slices around each configuration
(one just before it, one just after), so that each row's ratio compares two figures taken under
the same load: on a shared machine the load changes within a run, and one chess figure for the
whole run made the ratios of the rows measured far from it scatter by a fifth.

Targets printed beside the figures: every configuration of every game makes at least twice as
many decisions per second as python-chess makes plies in the same run, ``from_dict`` reads a
position in at most 0.3 ms, and some configurations play a random game within a time of their
own (``MS_TARGETS``). This is a script, never a test: it asserts nothing and always exits 0
unless a game crashes.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain, zip_longest
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gardens_tui.rules.base import Action, Game, GameState, OptionValue
from gardens_tui.rules.conformance import (
    all_on_options,
    balanced_choice,
    default_options,
    seat_names,
    uniform_choice,
)
from gardens_tui.rules.registry import GAMES
from gardens_tui.rules.rng import Rng, seed_state

MS_PER_GAME_TARGET = 50.0
"""A 4-player Octopus's Garden with all modules must play a random game faster than this."""

MS_TARGETS: dict[tuple[str, int, str], float] = {
    ("octopus-garden", 4, "all modules"): MS_PER_GAME_TARGET,
    ("the-gardens", 4, "all options on"): 20.0,
    ("tanuki-in-the-garden", 8, "all options on"): 50.0,
    ("throw-octopus", 5, "default"): 30.0,
    ("seabed-neighbours", 6, "default"): 60.0,
}
"""The per-game targets: (game, players, options label) → ms per random game."""

CHESS_MULTIPLE = 2.0
"""Every configuration must make this many times python-chess's plies per second."""

FROM_DICT_US_TARGET = 300.0
"""``from_dict`` of a position must take at most this many microseconds."""

MS_TARGET_GAMES = set(MS_TARGETS)
"""The configurations (game, players, options label) a per-game target applies to."""


@dataclass(frozen=True, slots=True)
class Config:
    """One measured set-up of one game."""

    game: Game[Any]
    players: int
    options: dict[str, OptionValue]
    label: str
    policy: str = "uniform"

    @property
    def name(self) -> str:
        """``octopus-garden, 4 players, all modules, uniform``."""
        return f"{self.game.spec.id}, {self.players} players, {self.label}, {self.policy}"

    def choose(self, legal: Sequence[Action], rng: Rng) -> Action:
        """The random action this configuration's policy picks."""
        return (
            balanced_choice(legal, rng) if self.policy == "balanced" else uniform_choice(legal, rng)
        )


@dataclass(frozen=True, slots=True)
class Result:
    """Figures for one configuration."""

    config: Config
    decisions_per_s: float
    games_per_s: float
    ms_per_game: float
    decisions_per_game: float
    copy_us: float
    to_dict_us: float
    from_dict_us: float
    chess_rate: float | None = None
    """python-chess plies per second around this configuration (``None``: not installed)."""

    @property
    def chess_multiple(self) -> float | None:
        """Decisions per second as a multiple of python-chess's plies measured beside them."""
        return None if not self.chess_rate else self.decisions_per_s / self.chess_rate


def configs(games: Sequence[Game[Any]]) -> list[Config]:
    """Default options and all options on, at the smallest and the largest player count, each
    with uniform and with verb-balanced random play."""
    out: list[Config] = []
    for game in games:
        spec = game.spec
        has_switches = any(isinstance(o.default, bool) for o in spec.options)
        option_sets = [(default_options(spec), "default")]
        if has_switches:
            label = "all modules" if spec.id == "octopus-garden" else "all options on"
            option_sets.append((all_on_options(spec), label))
        for players in sorted({spec.min_players, spec.max_players}):
            for options, label in option_sets:
                for policy in ("uniform", "balanced"):
                    out.append(Config(game, players, options, label, policy))
    return out


def random_playout(game: Game[Any], config: Config, seed: int) -> tuple[int, list[GameState]]:
    """Play one game with uniformly random legal actions; the decision count and the states."""
    rng = Rng(seed_state(seed))
    state = game.new_game(seat_names(config.players), config.options, seed)
    states = [state]
    decisions = 0
    while not state.is_over:
        state = game.apply(state, config.choose(game.legal_actions(state), rng))
        states.append(state)
        decisions += 1
    return decisions, states


def timed_playouts(game: Game[Any], config: Config, seconds: float) -> tuple[int, int, float]:
    """Play random games for about ``seconds``: (games, decisions, elapsed seconds).

    The loop repeats :func:`random_playout` without keeping the states, so the figure is pure
    rules time.
    """
    games = decisions = 0
    started = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games < 3:
        rng = Rng(seed_state(games))
        state = game.new_game(seat_names(config.players), config.options, games)
        while not state.is_over:
            state = game.apply(state, config.choose(game.legal_actions(state), rng))
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - started
    return games, decisions, elapsed


def per_state_us(states: Sequence[Any], work: Callable[[Any], object]) -> float:
    """Microseconds per call of ``work`` over ``states`` (best of three passes)."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for state in states:
            work(state)
        best = min(best, time.perf_counter() - started)
    return best / len(states) * 1e6


def measure(config: Config, seconds: float) -> Result:
    """All figures for one configuration, with python-chess's plies per second measured in a
    half-slice just before its playouts and another just after (their mean)."""
    game = config.game
    before = chess_plies_per_second(seconds / 2)
    games, decisions, elapsed = timed_playouts(game, config, seconds)
    after = chess_plies_per_second(seconds / 2)
    games_played = [random_playout(game, config, 10_000 + seed)[1] for seed in range(3)]
    sample = [s for states in games_played for s in states]
    # from_dict reads one position of each game in turn, so that no read continues the one
    # before (Seabed Neighbours starts from the last read's seascape when a position grows from
    # it, as a client reading a game's positions in order does): the figure is a cold read.
    dicts = [
        game.to_dict(s) for s in chain.from_iterable(zip_longest(*games_played)) if s is not None
    ]
    copy_us = per_state_us(sample, lambda s: s.copy())
    to_dict_us = per_state_us(sample, game.to_dict)
    from_dict_us = per_state_us(dicts, game.from_dict)
    return Result(
        config,
        decisions_per_s=decisions / elapsed,
        games_per_s=games / elapsed,
        ms_per_game=elapsed / games * 1000,
        decisions_per_game=decisions / games,
        copy_us=copy_us,
        to_dict_us=to_dict_us,
        from_dict_us=from_dict_us,
        chess_rate=None if before is None or after is None else (before + after) / 2,
    )


def chess_plies_per_second(seconds: float) -> float | None:
    """python-chess random-playout plies per second (``None`` if python-chess is missing)."""
    try:
        import chess
    except ImportError:
        return None
    rng = Rng(seed_state(1))
    plies = 0
    started = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        elapsed = time.perf_counter() - started
    return plies / elapsed


def verdicts(result: Result) -> str:
    """The targets this configuration is held to, met or not."""
    notes = []
    multiple = result.chess_multiple
    if multiple is not None:
        ok = multiple >= CHESS_MULTIPLE
        notes.append(f"{'meets' if ok else 'MISSES'} >= {CHESS_MULTIPLE:g}x chess plies/s")
    ok = result.from_dict_us <= FROM_DICT_US_TARGET
    notes.append(f"{'meets' if ok else 'MISSES'} from_dict <= {FROM_DICT_US_TARGET / 1000:g} ms")
    key = (result.config.game.spec.id, result.config.players, result.config.label)
    if key in MS_TARGET_GAMES:
        target = MS_TARGETS[key]
        ok = result.ms_per_game < target
        notes.append(f"{'meets' if ok else 'MISSES'} < {target:.0f} ms/game")
    return "; ".join(notes)


HEADERS = (
    "configuration",
    "decisions/s",
    "x chess",
    "games/s",
    "ms/game",
    "decisions/game",
    "copy µs",
    "to_dict µs",
    "from_dict µs",
    "targets",
)


def rows(results: Sequence[Result]) -> list[tuple[str, ...]]:
    """One formatted row per result."""
    return [
        (
            r.config.name,
            f"{r.decisions_per_s:,.0f}",
            "-" if r.chess_multiple is None else f"{r.chess_multiple:.2f}",
            f"{r.games_per_s:,.1f}",
            f"{r.ms_per_game:,.1f}",
            f"{r.decisions_per_game:,.0f}",
            f"{r.copy_us:,.1f}",
            f"{r.to_dict_us:,.1f}",
            f"{r.from_dict_us:,.1f}",
            verdicts(r),
        )
        for r in results
    ]


def print_table(results: Sequence[Result], markdown: bool) -> None:
    """The figures as an aligned text table or a Markdown table."""
    table = [HEADERS, *rows(results)]
    if markdown:
        print("| " + " | ".join(HEADERS) + " |")
        last = len(HEADERS) - 1
        print("|" + "|".join("---" if i in (0, last) else "---:" for i in range(last + 1)) + "|")
        for row in table[1:]:
            print("| " + " | ".join(row) + " |")
        return
    widths = [max(len(row[i]) for row in table) for i in range(len(HEADERS))]
    for n, row in enumerate(table):
        cells = [
            cell.ljust(widths[i]) if i in (0, len(row) - 1) else cell.rjust(widths[i])
            for i, cell in enumerate(row)
        ]
        print("  ".join(cells).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="playout time per measurement (default 3)"
    )
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; the games are: {', '.join(GAMES)}")
    chosen = [GAMES[g] for g in args.games] if args.games else list(GAMES.values())

    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on "
        f"{platform.machine()}, {platform.system()}; {args.seconds:g} s per measurement"
    )
    if importlib.util.find_spec("chess") is None:
        print("python-chess: not installed (pip install -e '.[bench]'), no reference figure")
    print(
        f"targets: decisions/s >= {CHESS_MULTIPLE:g}x python-chess plies/s; from_dict <= "
        f"{FROM_DICT_US_TARGET / 1000:g} ms; ms per random game as listed"
    )
    print()
    results = [measure(config, args.seconds) for config in configs(chosen)]
    print_table(results, args.markdown)
    rates = [r.chess_rate for r in results if r.chess_rate]
    if rates:
        print(
            f"\npython-chess random playouts beside the rows: {min(rates):,.0f} to "
            f"{max(rates):,.0f} plies/s (mean {sum(rates) / len(rates):,.0f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
