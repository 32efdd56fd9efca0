"""``gardens new``, ``show``, ``moves``, ``apply`` and ``check``: rule checks on save files.

What they print about a position is what a seat may see (:mod:`gardens_tui.cli.views`): ``show``
a spectator's view or ``--seat``'s, ``moves`` the deciding seat's legal actions worked out on that
seat's view, ``apply`` each action read on the deciding seat's view, played as that seat, and
the events as that seat reads them.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from gardens_tui.cli.arguments import (
    CommandAdder,
    add_file,
    add_json,
    add_seat,
    add_setup_arguments,
    new_table,
)
from gardens_tui.cli.output import EXIT_OK, CliError, print_json, say
from gardens_tui.cli.views import deciding_view, parse_viewer, position_json, seat_view
from gardens_tui.rules.base import IllegalAction
from gardens_tui.rules.safe_text import quoted
from gardens_tui.saves import load_table, read_save, save_table, starts_from_setup
from gardens_tui.seat_words import status_lines, viewer_words
from gardens_tui.storage import locked
from gardens_tui.table import Table


def cmd_new(args: argparse.Namespace) -> int:
    """``gardens new GAME --players SPEC -o FILE [--force]``: write a new game to a save file.

    An existing FILE is replaced only with ``--force`` (checked and written under the file's
    lock, so nothing can appear in between): a new game must never wipe out one in progress."""
    table = new_table(args)
    with locked(args.output) as target:
        if not args.force and os.path.lexists(target):
            raise CliError(
                f"{args.output} already exists{_holding(target)}; nothing was written "
                "(--force replaces it)"
            )
        path = save_table(table, args.output)
    names = ", ".join(seat.spec() for seat in table.seats)
    say(f"wrote {path}: {table.game.spec.title}, {names}, seed {table.setup.seed}")
    return EXIT_OK


def _holding(path: Path) -> str:
    """``": a game of Octopus's Garden in progress (turn 3)"`` when ``path`` reads as a save,
    else nothing (the file is refused either way)."""
    try:
        table = load_table(path)
    except (OSError, ValueError):
        return ""
    state = table.state
    stage = "that is over" if state.is_over else f"in progress (turn {state.turn})"
    return f": a game of {table.game.spec.title} {stage}"


def cmd_show(args: argparse.Namespace) -> int:
    """``gardens show FILE [--seat S]``: the board(s) as text, the last events, whose turn and
    the decision, as the seat (or a spectator) sees them; ``--json`` adds the view itself."""
    table = load_table(args.file)
    view = seat_view(table, parse_viewer(table, args.seat))
    state = view.view()
    game = table.game
    board = game.render_text(state, view.viewer)
    events = list(state.events)
    if args.json:
        print_json(
            {
                **position_json(view),
                "seat": view.viewer,
                "events": events,
                "board": board,
                "view": game.to_dict(state),
            }
        )
        return EXIT_OK
    names = ", ".join(s.name for s in table.seats)
    say(f"{game.spec.title}: {names} ({viewer_words(view)})")
    say()
    say(board.rstrip("\n"))
    say()
    for event in events:
        say(f"  {event}")
    say("\n".join(status_lines(view)))
    return EXIT_OK


def cmd_moves(args: argparse.Namespace) -> int:
    """``gardens moves FILE``: the deciding seat's legal actions (worked out on its view) in
    notation, with a short description."""
    table = load_table(args.file)
    game = table.game
    view = deciding_view(table)
    state = view.view()
    moves = [
        {"action": game.format_action(a), "description": game.describe_action(state, a)}
        for a in view.legal_actions()
    ]
    public = seat_view(table)
    if args.json:
        print_json({"decision": position_json(public)["decision"], "moves": moves})
        return EXIT_OK
    say("\n".join(status_lines(public)))
    if not moves:
        return EXIT_OK
    width = max(len(move["action"]) for move in moves)
    for move in moves:
        description = move["description"]
        same = description == move["action"]
        say(f"  {move['action']}" if same else f"  {move['action']:<{width}}  {description}")
    return EXIT_OK


def _same_file(a: Path, b: Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def cmd_apply(args: argparse.Namespace) -> int:
    """``gardens apply FILE ACTION ...``: play the actions in order, each for the seat deciding
    then, and save atomically.

    At the first illegal action nothing is written: the reason goes to stderr, exit status 2.
    Writing back to FILE holds its folder's write lock from reading to writing, so two applies
    on one file run one after the other and neither move is lost; a program that ignores the
    lock and changes FILE meanwhile makes the write refuse (nothing is written).
    """
    out_path: Path = args.output or args.file
    in_place = _same_file(args.file, out_path)
    guard: AbstractContextManager[Any] = locked(args.file) if in_place else nullcontext()
    with guard:
        table, source = read_save(args.file)
        applied = apply_all(table, args.actions)
        out = save_table(table, out_path, expect=source.digest if in_place else None)
    public = seat_view(table)
    if args.json:
        print_json({"applied": applied, "written": str(out), **position_json(public)})
        return EXIT_OK
    for item in applied:
        say(f"{item['name']}: {item['action']}")
        for event in item["events"]:
            say(f"  {event}")
    say(f"wrote {out}")
    say("\n".join(status_lines(public)))
    return EXIT_OK


def apply_all(table: Table, texts: Sequence[str]) -> list[dict[str, Any]]:
    """Play ``texts`` in order on ``table``, each read on the deciding seat's view and played as
    that seat; what each did (its events as that seat reads them), for the output.
    :class:`CliError` at the first that is not a legal action now."""
    game = table.game
    applied: list[dict[str, Any]] = []
    for number, text in enumerate(texts, start=1):
        where = f"action {number} of {len(texts)}, {quoted(text)}"
        seat = table.state.current_player
        if seat is None:
            raise CliError(f"{where}: the game is over; nothing was written")
        try:
            action = game.read_action(game.view(table.state, seat), text)
            table.apply(action, seat=seat)
        except IllegalAction as exc:
            raise CliError(f"{where}: {exc}; nothing was written") from None
        applied.append(
            {
                "action": game.format_action(action),
                "seat": seat,
                "name": table.seats[seat].name,
                "events": list(seat_view(table, seat).view().events),
            }
        )
    return applied


def cmd_check(args: argparse.Namespace) -> int:
    """``gardens check FILE``: load the file with every check (replay included) and say so."""
    table = load_table(args.file)
    names = ", ".join(seat.spec() for seat in table.seats)
    if table.actions:
        how = f"{len(table.actions)} actions replayed, the stored state matches"
    elif starts_from_setup(table):
        how = "a new game"
    else:
        how = "a position without actions"
    state = table.state
    where = "game over" if state.is_over else f"turn {state.turn}"
    say(f"{args.file}: ok: {table.game.spec.title}, {names}; {how}; {where}")
    return EXIT_OK


def add_parsers(command: CommandAdder) -> None:
    """``new``, ``show``, ``moves`` and ``apply`` (``score`` and ``check`` are added after)."""
    p = command("new", "write a new game to a save file", cmd_new)
    add_setup_arguments(p, players_required=True)
    p.add_argument("-o", "--output", metavar="FILE", type=Path, required=True)
    p.add_argument("--force", action="store_true", help="replace FILE if it already exists")

    p = command("show", "print the position, whose turn it is and the pending decision", cmd_show)
    add_file(p)
    add_seat(p, "the position")
    add_json(p)

    p = command("moves", "list the legal actions of the pending decision", cmd_moves)
    add_file(p)
    add_json(p)

    p = command("apply", "play actions in order and save the result", cmd_apply)
    add_file(p)
    p.add_argument("actions", metavar="ACTION", nargs="+", help="an action in notation, quoted")
    p.add_argument(
        "-o", "--output", metavar="OUT", type=Path, help="write here instead of back to FILE"
    )
    add_json(p)


def add_check_parser(command: CommandAdder) -> None:
    """``check``."""
    p = command("check", "validate a save file (replaying its actions)", cmd_check)
    add_file(p)
