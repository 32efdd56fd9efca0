"""From an envelope to a table: replaying the actions and checking the stored state.

Loading rules (:func:`table_from_snapshot`):

- ``actions`` absent: a position written by hand. ``state`` is the table's only state (nothing to
  undo), checked field by field and against every invariant of the game
  (:meth:`~gardens_tui.rules.base.Game.check_invariants`); its log lines (``events``,
  ``private_events``) are checked like every other field and kept. ``setup`` is optional then;
  without it every seat is a human named as in ``state``.
- ``actions`` present (even ``[]``): they are replayed from ``setup`` (or from ``start``, below)
  and the file is refused when the stored ``state`` differs from the replay, naming the first
  differing path (``state.hands[1][0]``). Every line of the log shown afterwards is the
  replay's own: the stored state's log lines must be well-formed (the same checks as a
  hand-written position's: safe text, a private line's seat a seat number, its index an event)
  but are otherwise ignored and rebuilt, because they are wording that a newer version may
  improve, and because a file must never decide which seat reads which line. ``state`` may be
  left out, and the replay is then the position.
- ``start`` (optional): the position the actions start from. :func:`~gardens_tui.saves.envelope.
  snapshot` writes it for games that began from a hand-written position rather than from
  ``setup``, and a game's migration may write the new game of an older rules version there.
  It is checked as a hand-written position is (field by field, its log lines included, and
  against every invariant), and it is the table's first position as written, log included (a
  migrated file replays to the very positions it was played through). No replay can rebuild
  its log, so a game keeps it honest through its invariants (a game whose positions never hold
  a private line refuses one there). Without ``start`` the actions start from the setup's new
  game.

Every refusal is a :class:`~gardens_tui.storage.SaveError` whose message a person understands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gardens_tui.rules.safe_text import quoted
from gardens_tui.saves.envelope import (
    LOG_FIELDS,
    MAX_ACTIONS,
    check_envelope,
    json_form,
    read_position,
    read_setup,
    without_log,
)
from gardens_tui.storage import MAX_DEPTH, SaveError

if TYPE_CHECKING:
    from gardens_tui.rules.base import Action, Game, GameState
    from gardens_tui.table import Setup, Table


def first_difference(expected: Any, actual: Any, path: str) -> str | None:
    """The first path where two JSON values differ (``None`` if equal), with both values.

    Types are compared strictly (``true`` is not ``1``). Used to say where a stored state differs
    from the replay of its actions.
    """
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in expected:
            if key not in actual:
                value = quoted(expected[key])
                return f"{path}.{key}: replaying the actions gives {value}, the file has nothing"
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        for key in actual:
            if key not in expected:
                return f"{path}.{key}: not part of this game's state"
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return (
                f"{path}: replaying the actions gives {len(expected)} items, "
                f"the file has {len(actual)}"
            )
        return None
    if type(expected) is type(actual) and expected == actual:
        return None
    return f"{path}: replaying the actions gives {quoted(expected)}, the file has {quoted(actual)}"


def replay(
    game: Game[Any], start: GameState, actions: list[str]
) -> tuple[list[GameState], list[Action]]:
    """Every state from ``start`` through ``actions`` (in notation) and the actions read.

    :class:`SaveError` naming ``actions[i]`` for the first that cannot be read or played.
    """
    from gardens_tui.rules.base import IllegalAction

    states = [start]
    parsed: list[Action] = []
    for i, text in enumerate(actions):
        try:
            state = states[-1]  # (held here too: these become a table's, see Table.apply)
            action = game.read_action(state, text)
            states.append(game.apply(state, action))
        except IllegalAction as exc:
            shown = quoted(text)
            raise SaveError(f"actions[{i}] {shown} cannot be replayed: {exc}") from None
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            # A game's parser should only raise IllegalAction; refuse rather than crash if not.
            shown = quoted(text)
            raise SaveError(
                f"actions[{i}] {shown} cannot be read ({type(exc).__name__}: {exc})"
            ) from None
        parsed.append(action)
    return states, parsed


def table_from_snapshot(data: Any, *, free_undo: bool = False) -> Table:
    """The table a save-file envelope describes, after checking everything in it.

    Raises :class:`SaveError` for an unknown format, a newer version, an unknown game, wrong
    types, an impossible position (the game's ``from_dict`` or, for a position written by hand,
    its invariants refuse it), actions that cannot be replayed, a stored state that differs from
    the replay (naming the first differing path) and a stored log that is not well-formed.
    ``free_undo`` is passed to the table (it only takes effect when every seat is human).
    Never changes ``data``.
    """
    from gardens_tui.rules import fields as F

    try:
        return _table_from_snapshot(data, free_undo)
    except F.FieldError as exc:
        raise SaveError(str(exc)) from None
    except RecursionError:
        raise SaveError(f"refused: nested more than {MAX_DEPTH} levels deep") from None


def _table_from_snapshot(data: Any, free_undo: bool) -> Table:
    from gardens_tui.rules import fields as F
    from gardens_tui.table import Table

    data, game = check_envelope(data)
    setup = read_setup(data, game)
    if "actions" not in data:
        if "state" not in data:
            raise SaveError('the file has neither "actions" nor "state": there is no position')
        state = read_position(game, data["state"], "state")
        setup = setup_for_position(game, setup, state)
        return Table(setup, [state], [], free_undo=free_undo)

    actions = F.array(data["actions"], "actions", F.string, max_length=MAX_ACTIONS)
    if "start" in data:
        start = read_position(game, data["start"], "start")
        setup = setup_for_position(game, setup, start)
    else:
        if setup is None:
            raise SaveError("setup: missing (the actions are replayed from it)")
        try:
            start = setup.new_state()
        except ValueError as exc:
            raise SaveError(f"setup: {exc}") from None
    states, parsed = replay(game, start, actions)
    if "state" in data:
        stored = data["state"]
        replayed = without_log(json_form(game.to_dict(states[-1])))
        difference = first_difference(replayed, without_log(stored), "state")
        if difference:
            raise SaveError(
                "the stored state is not what the actions lead to (the file was changed or "
                f"damaged): {difference}"
            )
        # The replay's log is the one kept; the stored one must still be well-formed.
        F.read_log(stored, states[-1].num_players, "state")
    return Table(setup, states, parsed, free_undo=free_undo)


def setup_for_position(game: Game[Any], setup: Setup | None, state: GameState) -> Setup:
    """The setup of a table that starts from ``state``: the stored one if it agrees with the
    position, else human seats named as in the position."""
    from gardens_tui.table import Seat, Setup

    options = dict(state.options)
    if setup is None:
        return Setup(game.spec.id, tuple(Seat(name) for name in state.players), options, 0)
    if setup.names != tuple(state.players):
        raise SaveError(
            f"setup.players: the names {list(setup.names)} differ from the position's "
            f"{list(state.players)}"
        )
    if dict(setup.options) != options:
        raise SaveError("setup.options: the options differ from the position's")
    return Setup(setup.game, setup.seats, options, setup.seed)


__all__ = [
    "LOG_FIELDS",  # re-exported from .envelope, where it lives
    "first_difference",
    "replay",
    "setup_for_position",
    "table_from_snapshot",
]
