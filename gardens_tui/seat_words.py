"""What a seat view says in words, for every front end that prints text: whose turn it is and
what is to decide, the result, the score table and a game's rules text.

Everything here reads a :class:`~gardens_tui.seats.SeatView` (so only what its viewer may see)
or a game's spec. Names are the players' data and come out as they are: whoever prints these
lines escapes them (:func:`~gardens_tui.rules.safe_text.printable`). Used by the command line
(:mod:`gardens_tui.cli`) and the plain mode (:mod:`gardens_tui.plain`). Pure Python.
"""

from __future__ import annotations

from typing import Any

from gardens_tui.rules.base import Game, OptionValue, Scores
from gardens_tui.rules.safe_text import cell_width
from gardens_tui.rules.words import possessive
from gardens_tui.seats import SeatView


def pad(text: str, width: int, *, right: bool = True) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (wide characters count two),
    flush right unless ``right`` is false."""
    fill = " " * max(0, width - cell_width(text))
    return fill + text if right else text + fill


def outcome_json(view: SeatView) -> dict[str, Any] | None:
    """Who won (``None`` until the game is over): seats, names and the deciding tie-break."""
    outcome = view.outcome()
    if outcome is None:
        return None
    return {
        "seats": list(outcome.winners),
        "names": [view.seats[seat].name for seat in outcome.winners],
        "tiebreak": outcome.tiebreak,
    }


def status_lines(view: SeatView) -> list[str]:
    """Whose turn it is and the pending decision, or the result, in words (public). Players are
    named, never numbered: ``Cleo (bot greedy) to decide: ...``."""
    state = view.view()
    decision = view.decision()
    outcome = outcome_json(view)
    if outcome is not None:
        if len(view.seats) == 1:
            return [solo_result_line(view)]
        winners = " and ".join(outcome["names"])
        line = f"Game over. {'Winners' if len(outcome['names']) > 1 else 'Winner'}: {winners}"
        if outcome["tiebreak"]:
            line += f" ({outcome['tiebreak']})"
        return [line]
    if decision is None:
        return ["No decision is pending."]
    seat = view.seats[decision.seat]
    who = f"{seat.name} (bot {seat.bot})" if seat.bot else seat.name
    lines = [f"Turn {state.turn}, {possessive(view.seats[state.active].name)} turn."]
    optional = ""
    if decision.pass_action is not None:
        optional = f" (optional: '{view.game.format_action(decision.pass_action)}' passes)"
    elif decision.optional:
        optional = " (optional)"
    if decision.skill is not None:
        optional += f" ({decision.skill}: 'roll' settles it by the game's odds)"
    lines.append(f"{who} to decide: {decision.prompt}{optional}")
    return lines


def solo_result_line(view: SeatView) -> str:
    """The end of a one-seat (solo) game, which is scored, not won: ``Game over. Solo: Ann
    scored 16 points.`` (the total of the score table; the game's notes give any rating)."""
    total = view.scores().totals()[0]
    points = "1 point" if total == 1 else f"{total} points"
    return f"Game over. Solo: {view.seats[0].name} scored {points}."


def viewer_words(view: SeatView) -> str:
    """``public view: --seat shows a player's`` (a spectator's: without ``--seat``) or ``as Ann
    sees it``."""
    seat = view.viewer
    if seat is None:
        return "public view: --seat NAME shows a player's"
    return f"as {view.seats[seat].name} sees it"


def score_lines(view: SeatView, scores: Scores) -> list[str]:
    """The score table: a column per seat, a row per category and the total, then the teams'
    rows and the notes."""
    names = [seat.name for seat in view.seats]
    label = max([len("total"), *(len(c) for c in scores.categories)])
    widths = [max(cell_width(name), 5) for name in names]
    lines = [" " * label + "".join(f"  {pad(n, w)}" for n, w in zip(names, widths, strict=True))]
    rows = [
        (category, [row[i] for row in scores.table]) for i, category in enumerate(scores.categories)
    ]
    rows.append(("total", list(scores.totals())))
    for category, values in rows:
        cells = "".join(f"  {v:>{w}}" for v, w in zip(values, widths, strict=True))
        lines.append(f"{category:<{label}}{cells}")
    if scores.teams:
        lines.append("")
        for team in scores.teams:
            members = ", ".join(names[seat] for seat in team.seats)
            lines.append(f"team {team.name} ({members}): {team.points}")
    if scores.notes:
        lines.append("")
        lines.extend(scores.notes)
    return lines


def format_default(value: OptionValue) -> str:
    """An option's value as the command line takes it (``on``/``off``, a number, a word)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def rules_markdown(game: Game[Any]) -> str:
    """The rules summary, the options and the action notation of ``game``, as Markdown (read
    as plain text too: the plain mode prints it as it is)."""
    spec = game.spec
    summary = spec.summary.strip()
    heading = f"# {spec.title}"
    if summary.startswith("# "):  # the summary brings its own title: keep it, once
        heading, _, summary = summary.partition("\n")
    parts = [
        heading,
        f"{spec.describe_counts()} players. {spec.blurb}",
        summary.strip(),
        "## Options",
        "\n".join(
            f"- `{opt.key}` (default {format_default(opt.default)}; {opt.describe_value()}): "
            f"{opt.description}"
            for opt in spec.options
        )
        or "This game has no options.",
    ]
    notation = game.notation_help().strip()
    if notation:
        # A fenced block: one action per line, as written, never reflowed into a paragraph.
        parts += ["## Action notation", f"```text\n{notation}\n```"]
    return "\n\n".join(parts) + "\n"
