"""``gardens games`` and ``gardens rules``: what the games are, without a save file.

``games`` reads only the games' specs, so it imports no game's engine.
"""

from __future__ import annotations

import argparse
from typing import Any

from gardens_tui.cli.arguments import CommandAdder, add_json, game_of
from gardens_tui.cli.output import EXIT_OK, print_json, say, show_markdown
from gardens_tui.rules.base import GameSpec
from gardens_tui.rules.registry import game_specs
from gardens_tui.seat_words import format_default, rules_markdown


def option_json(spec: GameSpec) -> list[dict[str, Any]]:
    """The options of ``spec`` for ``games --json``."""
    return [
        {
            "key": opt.key,
            "default": opt.default,
            "values": opt.describe_value(),
            "description": opt.description,
        }
        for opt in spec.options
    ]


def option_lines(spec: GameSpec) -> list[str]:
    """One line per option: ``key=default  description [values]``, aligned."""
    if not spec.options:
        return ["  (no options)"]
    width = max(len(f"{opt.key}={format_default(opt.default)}") for opt in spec.options)
    return [
        f"  {opt.key + '=' + format_default(opt.default):<{width}}  {opt.description}"
        f" [{opt.describe_value()}]"
        for opt in spec.options
    ]


def game_json(spec: GameSpec) -> dict[str, Any]:
    """One game for ``games --json``."""
    return {
        "id": spec.id,
        "title": spec.title,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "player_counts": list(spec.counts),
        "blurb": spec.blurb,
        "options": option_json(spec),
    }


def cmd_games(args: argparse.Namespace) -> int:
    """``gardens games``: every game with its player counts and options (defaults shown)."""
    specs = list(game_specs().values())
    if args.json:
        print_json({"games": [game_json(spec) for spec in specs]})
        return EXIT_OK
    blocks = []
    for spec in specs:
        lines = [
            f"{spec.id}: {spec.title}, {spec.describe_counts()} players",
            f"  {spec.blurb}",
            "  options (KEY=DEFAULT):" if spec.options else "  no options",
        ]
        lines += ["  " + line for line in option_lines(spec)] if spec.options else []
        blocks.append("\n".join(lines))
    say("\n\n".join(blocks))
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    """``gardens rules GAME``: the rules summary, the options and the action notation.

    Printed as Markdown; on a terminal Rich renders it, through a pager when it is long
    (:func:`~gardens_tui.cli.output.show_markdown`).
    """
    show_markdown(rules_markdown(game_of(args.game)))
    return EXIT_OK


def add_parsers(command: CommandAdder) -> None:
    """``games`` and ``rules``."""
    p = command("games", "list the games, player counts and options", cmd_games)
    add_json(p)
    p = command("rules", "print a game's rules summary, options and notation", cmd_rules)
    p.add_argument("game", metavar="GAME")
