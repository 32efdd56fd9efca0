"""The game registry: every playable game by its id, found without a list to edit.

How a game is plugged in
------------------------
A game is a package ``gardens_tui/rules/<pkg>/`` (any subpackage of :mod:`gardens_tui.rules`
whose name does not start with ``_``). Its ``__init__`` exports:

- ``SPEC``: the game's :class:`~gardens_tui.rules.base.GameSpec`. Importing the package must stay
  cheap (its spec module and the base contract, never the engine), so that listing the games
  (``gardens games``, the new-game dialog) does not import every engine.
- ``GAME``: the one :class:`~gardens_tui.rules.base.Game` object, loaded on first access (a module
  ``__getattr__``, as :mod:`gardens_tui.rules.octopus_garden` does).

and optionally a module ``migrations`` with ``MIGRATIONS: dict[int, Migration]``: for each rules
version ``n`` below ``SPEC.rules_version``, the function turning a save file of version ``n``
into version ``n + 1`` (see :mod:`gardens_tui.saves.envelope`).

The registry scans :mod:`gardens_tui.rules` with :mod:`pkgutil` the first time it is asked about
games, in package-name order; :func:`register` adds a game object by hand (the tests' toy game).
The app, the command line, the save module and the conformance tests look games up only here.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from gardens_tui.rules.base import Game, GameSpec

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""One step of a game's save-file migration: a version ``n`` envelope (a JSON object) in, the
version ``n + 1`` envelope out. It may change the object it is given."""

RULES_PACKAGE = "gardens_tui.rules"
"""The package whose subpackages are the games."""


class GameDiscoveryError(RuntimeError):
    """A rules package that does not follow the contract above (no ``SPEC``, a ``GAME`` whose
    spec is not ``SPEC``, a migration table of the wrong shape, an id used twice)."""


@dataclass(slots=True)
class _Entry:
    """What the registry knows of one game: its spec, where it lives, and (once loaded) the game
    object and its migrations."""

    spec: GameSpec
    package: str | None
    game: Game[Any] | None = None
    migrations: Mapping[int, Migration] | None = None


class GameRegistry(MutableMapping[str, Game[Any]]):
    """Games by id: a mapping whose values (the engines) are imported on first access.

    Iterating, ``len``, ``in`` and :meth:`spec` / :meth:`specs` import only the games' packages
    (their specs); ``registry[game_id]`` imports that game's engine. Built-in games come first,
    in package-name order, then games added with :meth:`register`, in the order added.
    ``package`` is the package scanned for games.
    """

    def __init__(self, package: str = RULES_PACKAGE) -> None:
        self.package = package
        self._entries: dict[str, _Entry] = {}
        self._discovered = False
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        return f"GameRegistry({self.package!r}: {', '.join(self._entries) or 'not scanned'})"

    # --- discovery ------------------------------------------------------------------------------

    def _discover(self) -> None:
        if self._discovered:
            return
        with self._lock:
            if self._discovered:
                return
            found: dict[str, _Entry] = {}
            for name in game_packages(self.package):
                entry = _entry_from_package(f"{self.package}.{name}")
                if entry.spec.id in found:
                    raise GameDiscoveryError(
                        f"{entry.package} and {found[entry.spec.id].package} both define the "
                        f"game id {entry.spec.id!r}"
                    )
                found[entry.spec.id] = entry
            # Games registered by hand before discovery ran keep their place after the built-ins.
            for game_id, entry in self._entries.items():
                found.setdefault(game_id, entry)
            self._entries = found
            self._discovered = True

    # --- the mapping ----------------------------------------------------------------------------

    def __getitem__(self, game_id: str) -> Game[Any]:
        self._discover()
        entry = self._entries[game_id]
        if entry.game is None:
            with self._lock:
                if entry.game is None:
                    entry.game = _load_game(entry)
        return entry.game

    def __setitem__(self, game_id: str, game: Game[Any]) -> None:
        if game.spec.id != game_id:
            raise ValueError(f"the game {game.spec.id!r} cannot be registered as {game_id!r}")
        self.register(game)

    def __delitem__(self, game_id: str) -> None:
        self._discover()
        del self._entries[game_id]

    def __iter__(self) -> Iterator[str]:
        self._discover()
        return iter(list(self._entries))

    def __len__(self) -> int:
        self._discover()
        return len(self._entries)

    def __contains__(self, game_id: object) -> bool:
        self._discover()
        return game_id in self._entries

    # --- registering and reading ----------------------------------------------------------------

    def register(
        self, game: Game[Any], migrations: Mapping[int, Migration] | None = None
    ) -> Game[Any]:
        """Add ``game`` under its ``spec.id`` (with its save-file ``migrations``, if any); return
        it. ``ValueError`` if another game object already has that id."""
        self._discover()
        game_id = game.spec.id
        with self._lock:
            if game_id in self._entries:
                if self[game_id] is not game:
                    raise ValueError(f"a game with id {game_id!r} is already registered")
                return game
            checked = _checked_migrations(game.spec, migrations or {}, f"game {game_id!r}")
            self._entries[game_id] = _Entry(game.spec, None, game, checked)
        return game

    def spec(self, game_id: str) -> GameSpec:
        """The spec of ``game_id`` without importing its engine; ``KeyError`` if unknown."""
        self._discover()
        entry = self._entries[game_id]
        return entry.game.spec if entry.game is not None else entry.spec

    def specs(self) -> dict[str, GameSpec]:
        """Every game's spec by id, in registry order, without importing any engine."""
        return {game_id: self.spec(game_id) for game_id in self}

    def package_of(self, game_id: str) -> str | None:
        """The rules package ``game_id`` was discovered in (``None`` for a game registered by
        hand); ``KeyError`` if unknown."""
        self._discover()
        return self._entries[game_id].package

    def migrations(self, game_id: str) -> Mapping[int, Migration]:
        """``game_id``'s save-file migrations by the version they start from (empty when it has
        none); ``KeyError`` if unknown."""
        self._discover()
        entry = self._entries[game_id]
        if entry.migrations is None:
            with self._lock:
                if entry.migrations is None:
                    entry.migrations = _load_migrations(entry)
        return entry.migrations


def game_packages(package: str = RULES_PACKAGE) -> list[str]:
    """The names of ``package``'s subpackages that are games, sorted (``_private`` ones are not)."""
    parent = importlib.import_module(package)
    return sorted(
        info.name
        for info in pkgutil.iter_modules(parent.__path__)
        if info.ispkg and not info.name.startswith("_")
    )


def _entry_from_package(package: str) -> _Entry:
    module = importlib.import_module(package)
    spec = module.__dict__.get("SPEC")
    if not isinstance(spec, GameSpec):
        raise GameDiscoveryError(
            f"{package} is a game package but exports no SPEC (a GameSpec); see "
            "gardens_tui.rules.registry"
        )
    return _Entry(spec, package)


def _load_game(entry: _Entry) -> Game[Any]:
    assert entry.package is not None  # games registered by hand are loaded already
    module = importlib.import_module(entry.package)
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise GameDiscoveryError(f"{entry.package} exports no GAME (a Game)")
    if game.spec != entry.spec:
        raise GameDiscoveryError(f"{entry.package}: GAME.spec is not the package's SPEC")
    return game


def _load_migrations(entry: _Entry) -> Mapping[int, Migration]:
    """The ``MIGRATIONS`` of the game package's ``migrations`` module, or none."""
    if entry.package is None:
        return {}
    name = f"{entry.package}.migrations"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return {}
    table = getattr(module, "MIGRATIONS", None)
    if not isinstance(table, Mapping):
        raise GameDiscoveryError(f"{name} has no MIGRATIONS mapping")
    return _checked_migrations(entry.spec, table, name)


def _checked_migrations(
    spec: GameSpec, table: Mapping[Any, Any], where: str
) -> Mapping[int, Migration]:
    """``table`` if it has one callable step for every version below ``spec.rules_version``
    (keys ``1 .. rules_version - 1``), else :class:`GameDiscoveryError`."""
    wanted = set(range(1, spec.rules_version))
    if set(table) != wanted or not all(callable(step) for step in table.values()):
        raise GameDiscoveryError(
            f"{where}: the migrations must be one function for each rules version from 1 to "
            f"{spec.rules_version - 1} (rules_version is {spec.rules_version}), "
            f"found {sorted(table)}"
        )
    return dict(table)


GAMES: GameRegistry = GameRegistry()
"""Every game by id: discovered built-ins in package-name order, then games registered by hand."""


def register(game: Game[Any], migrations: Mapping[int, Migration] | None = None) -> Game[Any]:
    """Add ``game`` (and its save-file ``migrations``) to :data:`GAMES`; see
    :meth:`GameRegistry.register`."""
    return GAMES.register(game, migrations)


def _unknown(game_id: str) -> ValueError:
    known = ", ".join(GAMES) or "none"
    return ValueError(f"unknown game {game_id!r}; the games are: {known}")


def get_game(game_id: str) -> Game[Any]:
    """The game called ``game_id`` (its engine imported now if not yet); ``ValueError`` listing
    the known ids if there is none."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise _unknown(game_id) from None


def get_spec(game_id: str) -> GameSpec:
    """The spec of ``game_id`` without importing its engine; ``ValueError`` if unknown."""
    try:
        return GAMES.spec(game_id)
    except KeyError:
        raise _unknown(game_id) from None


def game_specs() -> dict[str, GameSpec]:
    """Every game's spec by id, in :data:`GAMES` order, without importing any engine."""
    return GAMES.specs()


def game_package(game_id: str) -> str | None:
    """The rules package of ``game_id`` (``None`` for a game registered by hand or unknown)."""
    try:
        return GAMES.package_of(game_id)
    except KeyError:
        return None


def game_migrations(game_id: str) -> Mapping[int, Migration]:
    """The save-file migrations of ``game_id`` (see :meth:`GameRegistry.migrations`);
    ``ValueError`` if unknown."""
    try:
        return GAMES.migrations(game_id)
    except KeyError:
        raise _unknown(game_id) from None
