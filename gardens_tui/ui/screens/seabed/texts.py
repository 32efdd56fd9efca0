"""The words around the Seabed Neighbours boards: panel lines, the status line, features in
words, the legend (pure; names are data: callers draw every line literally)."""

from __future__ import annotations

from gardens_tui.rules.seabed import seascape
from gardens_tui.rules.seabed.picture import KIND_GLYPHS, THING_GLYPHS
from gardens_tui.rules.seabed.scoring import team_totals
from gardens_tui.rules.seabed.state import SeabedState
from gardens_tui.rules.seabed.tiles import FIELD, REEF, SEA, STREAK, TYPES, describe, turned
from gardens_tui.rules.words import count, possessive
from gardens_tui.ui.screens.help import LegendRow


def team_number(team: int) -> str:
    """A team as players read it: ``T1`` for team 0 (the first seat's right-hand pair)."""
    return f"T{team + 1}"


def panel_lines(s: SeabedState, seat: int) -> list[str]:
    """Under each seat: the team it forms with its right-hand neighbour (each team once): its
    points, flags and palaces at hand, and the partner."""
    if not s.supply or seat >= len(s.supply):
        return []
    totals = team_totals(s)
    flags, palaces = s.supply[seat]
    right = s.players[s.members(seat)[0]]
    return [f"{team_number(seat)}: {totals[seat]} pts {flags}F {palaces}P +{right}"]


def status_line(s: SeabedState, sep: str = " · ", width: int = 0) -> str:
    """The pile, the clam stack and, during a turn, whose turn and which tile of it. With
    ``width``, shorter forms while the line is wider: without the tiles set aside, then
    ``Ann: tile 1 with T1`` for ``Ann's turn, tile 1 with T1``, then ``Tile 1 with T1`` (the
    player panel and the prompt line say whose turn it is; the caller cuts what is still too
    wide)."""
    counts = [f"pile {len(s.pile)}", f"clams {len(s.clams)}"]
    aside = [f"set aside {len(s.removed)}"] if s.removed else []
    if s.over:
        return sep.join([*counts, *aside])
    step = "extra turn (clam)" if s.extra else f"tile {s.step}"
    team = team_number(s.team)
    long_turn = f"{possessive(s.players[s.active])} turn, {step} with {team}"
    short_turn = f"{s.players[s.active]}: {step} with {team}"
    no_name = f"{step[0].upper()}{step[1:]} with {team}"
    variants = [
        [long_turn, *counts, *aside],
        [long_turn, *counts],
        [short_turn, *counts],
        [no_name, *counts],
    ]
    lines = [sep.join(parts) for parts in variants]
    if width <= 0:
        return lines[0]
    return next((line for line in lines if len(line) <= width), lines[-1])


def team_line(s: SeabedState, team: int) -> str:
    """``T1 Cleo & Ann: 12 pts, 4 flags and 3 palaces at hand``."""
    flags, palaces = s.supply[team]
    points = team_totals(s)[team]
    return (
        f"{team_number(team)} {s.team_name(team)}: {count(points, 'pt')}, "
        f"{count(flags, 'flag')} and {count(palaces, 'palace')} at hand"
    )


def feature_words(s: SeabedState, cell: tuple[int, int], area: int) -> str:
    """A feature of the tile at ``cell`` in words: kind, size, what it holds, whether it is
    complete, the flags (and a system's palaces) on it by team."""
    info = seascape.feature_at(s, cell, area)
    tiles = count(len(info.tiles), "tile")
    parts: list[str] = []
    if info.kind == STREAK:
        parts.append(f"streak of {tiles}")
        if info.fish:
            parts.append(count(info.fish, "fish", "fish"))
        parts.append("complete" if info.complete else "open")
    elif info.kind == REEF:
        parts.append(f"reef of {tiles}")
        if info.clams:
            parts.append(count(info.clams, "clam"))
        if info.anemones:
            parts.append(count(info.anemones, "anemone group"))
        parts.append("complete" if info.complete else "open")
    elif info.kind == FIELD:
        parts.append("field")
    else:
        creatures = [
            count(n, one, many)
            for n, one, many in (
                (info.manta, "manta", "mantas"),
                (info.star, "starfish", "starfish"),
                (info.crab, "crab", "crabs"),
                (info.bottle, "bottle", "bottles"),
            )
            if n
        ]
        worth = seascape.seabed_value(s, info.id)
        parts.append(f"seabed of {tiles} worth {worth}")
        if creatures:
            parts.append(", ".join(creatures))
    if info.system is not None:
        parts.append(f"system {count(info.system_fish, 'fish', 'fish')}")
    flags = [team_number(t) for t, n in enumerate(info.flags) for _ in range(n)]
    if flags:
        parts.append("flags " + " ".join(flags))
    palaces = [team_number(t) for t, n in enumerate(info.palaces) for _ in range(n)]
    if palaces:
        parts.append("palaces " + " ".join(palaces))
    return ", ".join(parts)


def tile_words(code: int) -> str:
    """A tile as it lies: its description and turn (``t12 (streak; 1 crab) r90``)."""
    return f"{describe(code >> 2)} r{(code & 3) * 90}"


def segment_name(code: int, area: int) -> str:
    """The canonical notation name of an area of a placed tile (``streak-e``)."""
    return turned(code).names[area]


def effect_words(kind: int) -> str:
    """What a clam tile does, in a few words (empty for other tiles)."""
    return {
        "bonus": "bonus tile",
        "anemone": "anemones: 3 per group when the reef scores",
        "party": "party gramophone: scores the animals around it at once",
        "music": "music gramophone: animals around it count twice at the end",
        "whirlpool": "whirlpool: take back one of your flags",
        "diver": "diver: bottles in its seabed do not count",
        "harvester": "harvester: 2 per field of its system at once",
        "sushi": "sushi set: its system's palaces also score 1 per field",
    }.get(TYPES[kind].effect, "")


def legend_rows(ascii_mode: bool) -> list[LegendRow]:
    """Every glyph and mark the seascape shows, and what a team is (``?`` and ``i``)."""
    dot = "." if ascii_mode else "·"
    g = THING_GLYPHS
    return [
        (
            "tile",
            "a block of characters whose rim is its four sides: the top row its north side, "
            "the bottom row south, the first and last columns west and east (each side has "
            "three parts); a tile fits where every side it touches goes on in kind",
        ),
        (KIND_GLYPHS[REEF], "coral reef (red): complete when ringed by seabed with no gap"),
        (KIND_GLYPHS[STREAK], "seaweed streak (green): complete when both ends are closed"),
        (KIND_GLYPHS[FIELD], "seaweed field (green, bold): ends streaks, joins a system"),
        (KIND_GLYPHS[SEA], "seabed (muted): its animals score for its flags at the end"),
        (f"{g['fish']}", "a fish (1 point on a completed streak; palaces score them)"),
        (
            f"{g['manta']} {g['star']} {g['crab']}",
            "manta (3), starfish (2), crab (1) on the seabed",
        ),
        (g["bottle"], "a plastic bottle: cancels one crab in its seabed"),
        (g["clams"], "a magic clam: completing its reef earns an extra turn"),
        (g["anemones"], "anemones: 3 points each when the reef scores"),
        (
            f"{g['party']} {g['music']}",
            "party gramophone (scores at once), music gramophone (doubles at the end)",
        ),
        (
            f"{g['whirlpool']} {g['diver']} {g['harvester']} {g['sushi']}",
            "whirlpool, diver, harvester, sushi set (clam tiles)",
        ),
        ("1 2 3 4 5 6", "a flag of team T1..T6 (a block in the team's colour)"),
        ("A B C D E F", "a palace of team T1..T6 (a block in the team's colour)"),
        (
            "team",
            "two neighbours: T1 is the first player and their right-hand neighbour, T2 the "
            "second player and the first, and so on; a team shares 5 flags, 3 palaces and a "
            "point pile",
        ),
        ("score", "a player's score is the sum of their two teams' piles"),
        ("+", "a free place beside the seascape"),
        (
            f"underlined {dot}",
            "where the chosen tile fits, a tile that may take a flag, or a proposal",
        ),
        ("reverse", "the cursor; on a free place the tile in hand is previewed (r turns it)"),
        ("bold italic", "the last tile placed"),
        ("bold underlined", "a feature just completed (its points are in the log)"),
        ("light background", "the tile in hand at the cursor, or the proposal on the table"),
    ]
