"""The set-ups of checked games (player counts, options, seeds, how actions are picked) and the
checks on ``new_game``: deterministic, filled in, and refusing what the spec does not allow."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from gardens_tui.rules._conformance.report import fail
from gardens_tui.rules.base import Action, Game, GameSpec, GameState, OptionValue
from gardens_tui.rules.rng import Rng, seed_state

SEAT_NAMES: tuple[str, ...] = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana")
"""Names given to the seats of checked games (``Player N`` beyond eight)."""

POLICIES = ("uniform", "balanced")
"""How checked games pick actions: ``uniform`` over all legal actions, or ``balanced``: a verb
uniformly, then one of its actions. Balanced play reaches deeper into games whose decisions
offer many actions of one verb (nine ``pass`` spaces beside three ``buy`` rows would otherwise
end most games by passing)."""


def seat_names(count: int) -> list[str]:
    """``count`` distinct seat names."""
    return [SEAT_NAMES[i] if i < len(SEAT_NAMES) else f"Player {i + 1}" for i in range(count)]


def default_options(spec: GameSpec) -> dict[str, OptionValue]:
    """Every option at its default."""
    return spec.normalise_options({})


def all_on_options(spec: GameSpec) -> dict[str, OptionValue]:
    """Every on/off option switched on (every module, variant and expansion); the rest default."""
    return spec.normalise_options(
        {opt.key: True for opt in spec.options if isinstance(opt.default, bool)}
    )


def random_options(spec: GameSpec, rng: Rng) -> dict[str, OptionValue]:
    """A random valid combination: switches on or off, numbers in range, any choice."""
    chosen: dict[str, OptionValue] = {}
    for opt in spec.options:
        if isinstance(opt.default, bool):
            chosen[opt.key] = rng.randrange(2) == 1
        elif isinstance(opt.default, int):
            low = opt.default if opt.minimum is None else opt.minimum
            high = opt.default if opt.maximum is None else opt.maximum
            chosen[opt.key] = rng.randint(min(low, high), max(low, high))
        elif opt.choices:
            chosen[opt.key] = rng.choice(opt.choices)
    return spec.normalise_options(chosen)


_verb_of = itemgetter(0)


def uniform_choice(legal: Sequence[Action], rng: Rng) -> Action:
    """Any legal action, uniformly."""
    return legal[rng.randrange(len(legal))]


def balanced_choice(legal: Sequence[Action], rng: Rng) -> Action:
    """A verb uniformly among those offered, then one of its actions uniformly."""
    verbs = sorted(set(map(_verb_of, legal)))
    if len(verbs) == 1:  # (the usual case, and a pass over a long list saved; same draws)
        return legal[rng.randrange(len(legal))]
    verb = verbs[rng.randrange(len(verbs))]
    of_verb = [a for a in legal if a[0] == verb]
    return of_verb[rng.randrange(len(of_verb))]


@dataclass(frozen=True, slots=True)
class PlayoutSetup:
    """One checked game: seat names, options, seed (the game's; the moves use it too) and the
    policy that picks the random actions (one of :data:`POLICIES`)."""

    players: tuple[str, ...]
    options: Mapping[str, OptionValue]
    seed: int
    label: str = ""
    policy: str = "uniform"

    def describe(self) -> str:
        """A one-line description that is enough to replay the game."""
        opts = ", ".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "none"
        return (
            f"{len(self.players)} players, seed {self.seed}, {self.policy} play, "
            f"{self.label} options ({opts})"
        )


def playout_setups(spec: GameSpec, count: int, base_seed: int = 0) -> list[PlayoutSetup]:
    """``count`` setups cycling through every allowed player count (``spec.counts``), for each
    count through default options, all options on and two random combinations, and each of those
    with both :data:`POLICIES`. Deterministic from ``base_seed``."""
    counts = list(spec.counts)
    rng = Rng(seed_state(base_seed ^ 0xC0FFEE))
    setups: list[PlayoutSetup] = []
    for i in range(count):
        players = tuple(seat_names(counts[i % len(counts)]))
        kind = (i // len(counts)) % 4
        if kind == 0:
            options, label = default_options(spec), "default"
        elif kind == 1:
            options, label = all_on_options(spec), "all-on"
        else:
            options, label = random_options(spec, rng), "random"
        policy = POLICIES[(i // (4 * len(counts))) % len(POLICIES)]
        setups.append(PlayoutSetup(players, options, base_seed + i, label, policy))
    return setups


def refused_counts(spec: GameSpec) -> list[int]:
    """The player counts ``new_game`` must refuse that are nearest the allowed ones: one below the
    fewest (down to 0), the gaps (2 for ``(1, 3, 4, 5)``) and one above the most, ascending."""
    counts = spec.counts
    return [c for c in range(max(counts[0] - 1, 0), counts[-1] + 2) if c not in counts]


def check_new_game(
    game: Game[Any], players: Sequence[str], options: Mapping[str, Any], seed: int
) -> GameState:
    """``new_game`` accepts an allowed setup, is deterministic from its seed and fills in the
    setup; returns the state."""
    spec = game.spec
    if len(players) not in spec.counts:
        raise fail(
            "player counts",
            f"a setup with {len(players)} players, but {spec.title} is for "
            f"{spec.describe_counts()}",
        )
    try:
        state: GameState = game.new_game(players, options, seed)
    except ValueError as exc:
        raise fail(
            "new game",
            f"new_game refused {len(players)} players with the options {dict(options)}, which the "
            f"spec allows: {exc}",
        ) from exc
    if state.players != tuple(players):
        raise fail("new game", f"players {state.players} differ from {tuple(players)}")
    if state.options != spec.normalise_options(options):
        raise fail("new game", f"options {state.options} are not the normalised {options}")
    if state.hidden or state.turn < 1:
        raise fail("new game", "a new game must be a real position with turn >= 1")
    if game.to_dict(game.new_game(players, options, seed)) != game.to_dict(state):
        raise fail("new game", f"two new games with seed {seed} differ")
    return state


def check_count_refused(game: Game[Any], count: int) -> None:
    """``new_game`` with ``count`` seats (a count the spec does not allow) raises ``ValueError``."""
    spec = game.spec
    try:
        game.new_game(seat_names(count), {}, 1)
    except ValueError:
        return
    except Exception as exc:
        raise fail(
            "player counts",
            f"new_game with {count} players raised {type(exc).__name__}: {exc} instead of a "
            "ValueError",
        ) from exc
    raise fail(
        "player counts",
        f"new_game accepted {count} players; {spec.title} is for {spec.describe_counts()}",
    )


def check_player_counts(game: Game[Any]) -> None:
    """``new_game`` accepts every count in ``spec.counts`` and refuses those just outside them and
    in their gaps (:func:`refused_counts`), with ``ValueError``."""
    spec = game.spec
    for count in spec.counts:
        try:
            game.new_game(seat_names(count), {}, 1)
        except ValueError as exc:
            raise fail(
                "player counts",
                f"new_game refused {count} players, which spec.counts allows "
                f"({spec.describe_counts()}): {exc}",
            ) from exc
    for count in refused_counts(spec):
        check_count_refused(game, count)


def check_new_game_refuses(game: Game[Any]) -> None:
    """``new_game`` takes exactly the player counts of ``spec.counts``
    (:func:`check_player_counts`) and raises ``ValueError`` for an unknown option or a bad
    option value."""
    spec = game.spec
    check_player_counts(game)
    names = seat_names(spec.counts[0])
    bad_options: list[dict[str, Any]] = [{"no-such-option": True}]
    for opt in spec.options:
        bad_options.append({opt.key: "bogus" if not isinstance(opt.default, str) else 12345})
    for options in bad_options:
        try:
            game.new_game(names, options, 1)
        except ValueError:
            pass
        else:
            raise fail("new game", f"new_game accepted the options {options}")
