"""Typed readers for ``from_dict``: each checks one field and names its path when it is wrong.

Every game's ``from_dict`` reads untrusted JSON through these, so a broken or hostile save file is
refused with a message like ``state.gardens[1][3]: expected an integer, got 'x'`` instead of a
crash deep inside the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, TypeVar

from gardens_tui.rules.rng import MAX_SEED
from gardens_tui.rules.safe_text import NameRefused, check_line, check_names, quoted

MAX_EVENT_TEXT = 500
"""The longest log line a state may hold."""

T = TypeVar("T")


class FieldError(ValueError):
    """A field of serialised state is missing, of the wrong type or out of range."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def fail(path: str, problem: str) -> FieldError:
    """A :class:`FieldError` to raise: ``raise fail("state.turn", "must be positive")``."""
    return FieldError(path, problem)


def obj(data: Any, path: str, keys: Collection[str] | None = None) -> dict[str, Any]:
    """``data`` as a JSON object; with ``keys``, every one of them must be present."""
    if not isinstance(data, dict):
        raise fail(path, f"expected an object, got {quoted(data)}")
    for key in keys or ():
        if key not in data:
            raise fail(f"{path}.{key}", "missing")
    return data


def integer(data: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    """``data`` as an int (not a bool) within ``low..high``."""
    if isinstance(data, bool) or not isinstance(data, int):
        raise fail(path, f"expected an integer, got {quoted(data)}")
    if low is not None and data < low:
        raise fail(path, f"must be at least {low}, got {data}")
    if high is not None and data > high:
        raise fail(path, f"must be at most {high}, got {data}")
    return data


def boolean(data: Any, path: str) -> bool:
    """``data`` as a bool."""
    if not isinstance(data, bool):
        raise fail(path, f"expected true or false, got {quoted(data)}")
    return data


def string(data: Any, path: str, choices: Collection[str] | None = None) -> str:
    """``data`` as a str, one of ``choices`` if given."""
    if not isinstance(data, str):
        raise fail(path, f"expected a string, got {quoted(data)}")
    if choices is not None and data not in choices:
        raise fail(path, f"unknown value {data!r}")
    return data


def line(data: Any, path: str, max_length: int = MAX_EVENT_TEXT) -> str:
    """``data`` as one line of text that is safe to show (see
    :func:`~gardens_tui.rules.safe_text.check_line`): no control or invisible character."""
    text = string(data, path)
    try:
        return check_line(text, max_length)
    except ValueError as exc:
        raise fail(path, str(exc)) from None


def optional(data: Any, path: str, read: Callable[[Any, str], T]) -> T | None:
    """``None`` for JSON null, else ``read(data, path)``."""
    return None if data is None else read(data, path)


def array(
    data: Any,
    path: str,
    read: Callable[[Any, str], T],
    length: int | None = None,
    max_length: int = 10_000,
) -> list[T]:
    """``data`` as a list, each item read by ``read(item, f"{path}[i]")``."""
    if not isinstance(data, list):
        raise fail(path, f"expected a list, got {quoted(data)}")
    if length is not None and len(data) != length:
        raise fail(path, f"expected {length} items, got {len(data)}")
    if len(data) > max_length:
        raise fail(path, f"too many items ({len(data)} > {max_length})")
    return [read(item, f"{path}[{i}]") for i, item in enumerate(data)]


def integers(
    data: Any,
    path: str,
    low: int | None = None,
    high: int | None = None,
    length: int | None = None,
    max_length: int = 10_000,
) -> list[int]:
    """``data`` as a list of integers in ``low..high`` (see :func:`array` for the lengths)."""
    return array(data, path, lambda x, p: integer(x, p, low, high), length, max_length)


def integer_rows(
    data: Any, path: str, rows: int, width: int, low: int | None = None, high: int | None = None
) -> list[list[int]]:
    """``rows`` lists of ``width`` integers in ``low..high`` each (a per-seat table)."""
    return array(data, path, lambda row, p: integers(row, p, low, high, length=width), rows)


def rng_state(data: Any, path: str) -> int:
    """A PRNG state: an integer in ``0..MAX_SEED``."""
    return integer(data, path, 0, MAX_SEED)


def strings(data: Any, path: str) -> list[str]:
    """A list of strings."""
    return array(data, path, string)


def text_table(write: Callable[[int], T], values: Iterable[int]) -> dict[int, T]:
    """Each of ``values`` with what ``write`` writes it as (made once, at import, for
    :func:`written`)."""
    return {value: write(value) for value in values}


def written(table: dict[int, T], write: Callable[[int], T], values: Sequence[int]) -> list[T]:
    """``[write(v) for v in values]`` by one look-up per value in ``table``
    (:func:`text_table`: the values a position the rules made holds); a list holding any
    other value is written by ``write`` itself, so ``write`` stays the definition (``values``
    is read twice then: a sequence, not an iterator)."""
    try:
        return list(map(table.__getitem__, values))
    except KeyError:
        return [write(value) for value in values]


def common_to_dict(state: Any) -> dict[str, Any]:
    """The fields every :class:`~gardens_tui.rules.base.GameState` has, JSON-safe."""
    data = {
        "game": state.game_id,
        "players": list(state.players),
        "options": dict(state.options),
        "rng": state.rng,
        "active": state.active,
        "turn": state.turn,
        "events": list(state.events),
        "chance": state.chance,
        "over": state.over,
        "hidden": state.hidden,
    }
    if state.private_events:
        # Only games with secrets write it, so the saves of the others stay as they were.
        data["private_events"] = [list(entry) for entry in state.private_events]
    return data


def _private_event(data: Any, path: str, players: int, events: int) -> tuple[int, int, str]:
    if not isinstance(data, list) or len(data) != 3:
        raise fail(path, f"expected [index, seat, line], got {quoted(data)}")
    if not events:
        raise fail(path, "there are no events for it to replace")
    return (
        integer(data[0], f"{path}[0]", 0, events - 1),
        integer(data[1], f"{path}[1]", 0, players - 1),
        line(data[2], f"{path}[2]"),
    )


MAX_EVENTS = 200
"""The most log lines (public or private) a state may hold."""


def read_log(
    data: dict[str, Any], players: int, path: str = "state"
) -> tuple[tuple[str, ...], tuple[tuple[int, int, str], ...]]:
    """The log of a state: ``events`` and ``private_events`` of the object ``data``, checked.

    ``events`` (optional, default none) is a list of at most :data:`MAX_EVENTS` lines that are
    safe to show; ``private_events`` (optional) a list of ``[index, seat, line]``: ``index`` an
    event of ``events``, ``seat`` a seat number below ``players`` (an integer, not text), at
    most one line per event and seat. Anything else raises :class:`FieldError` naming the path
    (``state.private_events[0][1]: must be at most 3, got 1099511627776``). Used by
    :func:`read_common`, and by the loader for the log of a stored state that the replay
    rebuilds (it must still be well-formed)."""
    events = tuple(array(data.get("events", []), f"{path}.events", line, max_length=MAX_EVENTS))
    private_events = tuple(
        array(
            data.get("private_events", []),
            f"{path}.private_events",
            lambda item, p: _private_event(item, p, players, len(events)),
            max_length=MAX_EVENTS,
        )
    )
    seen: set[tuple[int, int]] = set()
    for i, (index, seat, _) in enumerate(private_events):
        if (index, seat) in seen:
            where = f"{path}.private_events[{i}]"
            raise fail(where, f"a second line for event {index}, seat {seat}")
        seen.add((index, seat))
    return events, private_events


def read_common(data: Any, spec: Any, path: str = "state") -> dict[str, Any]:
    """Read and check the common fields written by :func:`common_to_dict`.

    ``spec`` is the game's :class:`~gardens_tui.rules.base.GameSpec`. Returns keyword arguments for
    the state's constructor (``players``, ``options``, ``rng``, ``active``, ``turn``, ``events``,
    ``private_events``, ``chance``, ``over``, ``hidden``).
    """
    d = obj(data, path, ("game", "players", "options", "rng", "active", "turn"))
    if d["game"] != spec.id:
        raise fail(f"{path}.game", f"expected {spec.id!r}, got {quoted(d['game'])}")
    players = array(d["players"], f"{path}.players", string, max_length=spec.max_players)
    try:
        spec.check_player_count(len(players))
    except ValueError as exc:
        raise fail(f"{path}.players", str(exc)) from None
    try:
        check_names(players)
    except NameRefused as exc:
        raise fail(f"{path}.players[{exc.index}]", str(exc)) from None
    given_options = obj(d["options"], f"{path}.options")
    try:
        options = spec.normalise_options(given_options)
    except ValueError as exc:
        raise fail(f"{path}.options", str(exc)) from None
    events, private_events = read_log(d, len(players), path)
    return {
        "players": tuple(players),
        "options": options,
        "rng": rng_state(d["rng"], f"{path}.rng"),
        "active": integer(d["active"], f"{path}.active", 0, len(players) - 1),
        "turn": integer(d["turn"], f"{path}.turn", 1, 1_000_000),
        "events": events,
        "private_events": private_events,
        "chance": boolean(d.get("chance", False), f"{path}.chance"),
        "over": boolean(d.get("over", False), f"{path}.over"),
        "hidden": boolean(d.get("hidden", False), f"{path}.hidden"),
    }
