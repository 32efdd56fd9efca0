"""Damaged save data: ``from_dict`` must refuse it with a ``ValueError`` naming the field (or
accept a position the rules can still work with), and never crash."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from gardens_tui.rules._conformance.report import fail
from gardens_tui.rules.base import Game
from gardens_tui.rules.fields import FieldError
from gardens_tui.rules.rng import Rng

JUNK_JSON: tuple[Any, ...] = (None, -1, 10**12, "zz", 1.5, True, [], {}, [[]], {"x": 1})
"""Wrong values put into serialised state by :func:`damaged_copies`."""


def json_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indices) of every value nested in the JSON-like ``value``."""
    paths: list[tuple[Any, ...]] = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            paths.extend(json_paths(item, (*path, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            paths.extend(json_paths(item, (*path, i)))
    return paths


def damaged_copies(text: str, rng: Rng, count: int) -> list[tuple[str, Any]]:
    """``count`` damaged versions of the JSON ``text``: one value replaced by a wrong one, a key
    deleted, an item added to or removed from a list. Returns ``(description, data)`` pairs."""
    paths = json_paths(json.loads(text))
    out: list[tuple[str, Any]] = []
    for _ in range(count if paths else 0):
        data = json.loads(text)
        path = rng.choice(paths)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        where = "state" + "".join(f"[{k!r}]" for k in path)
        kind = rng.randrange(4)
        if kind == 0 and isinstance(parent, dict):
            del parent[last]
            out.append((f"deleted {where}", data))
        elif kind == 1 and isinstance(parent[last], list):
            if parent[last] and rng.randrange(2):
                parent[last].pop()
                out.append((f"removed the last item of {where}", data))
            else:
                parent[last].append(rng.choice(JUNK_JSON) if rng.randrange(2) else 0)
                out.append((f"added an item to {where}", data))
        else:
            junk = rng.choice(JUNK_JSON)
            parent[last] = json.loads(json.dumps(junk))
            out.append((f"set {where} to {junk!r}", data))
    return out


def check_from_dict_refuses(game: Game[Any], damaged: Iterable[tuple[str, Any]]) -> None:
    """``from_dict`` on damaged data raises ``ValueError`` (naming the field) and nothing else.

    Damage that still describes a valid position may be accepted; then the position must be
    usable: ``to_dict``, ``legal_actions`` and ``scores`` must not crash, and the game's
    invariants (which the save loader checks next on a position written by hand) either hold
    or are refused with a :class:`~gardens_tui.rules.fields.FieldError` whose path names a
    field of the state (``state.hands[2]``), never with a crash.
    """
    for description, data in damaged:
        try:
            state = game.from_dict(data)
        except ValueError as exc:
            if not str(exc).strip():
                raise fail("from_dict validates", f"{description}: empty error message") from exc
            continue
        except Exception as exc:
            raise fail(
                "from_dict validates",
                f"{description}: from_dict raised {type(exc).__name__}: {exc} "
                "instead of a ValueError naming the field",
            ) from exc
        _check_invariants_refuse(game, state, description)
        try:
            json.dumps(game.to_dict(state))
            game.legal_actions(state)
            game.scores(state)
        except ValueError:
            pass
        except Exception as exc:
            raise fail(
                "from_dict validates",
                f"{description}: from_dict accepted it, then the position crashed the rules "
                f"with {type(exc).__name__}: {exc}",
            ) from exc


def _check_invariants_refuse(game: Game[Any], state: Any, description: str) -> None:
    """``check_invariants`` on a position ``from_dict`` accepted: nothing, or a
    :class:`~gardens_tui.rules.fields.FieldError` naming a field of the state."""
    try:
        game.check_invariants(state)
    except FieldError as exc:
        if not exc.path.startswith("state") or not exc.problem.strip():
            raise fail(
                "invariants", f"{description}: the refusal names no field of the state: {exc}"
            ) from exc
    except Exception as exc:
        raise fail(
            "invariants",
            f"{description}: check_invariants raised {type(exc).__name__}: {exc} instead of a "
            "FieldError naming the field",
        ) from exc
