"""What The Gardens boards show: a card in three lines, its colour roles, and words for it.

A card is drawn in its own rectangle (see :mod:`.layouts`), every feature a letter or glyph:

- the focal trees by species letter (``w`` wattle, ``b`` bottlebrush, ``j`` jacaranda, ``p``
  canary palm), ``~`` a stream, ``F`` a fountain, ``B`` a bench, ``S`` a statue, ``*`` a picnic
  spot, in the middle line;
- each path end on the card's edge it leaves by: ``┃`` at the middle of the top (N) and bottom
  (S) line, ``━`` at the left (W) and right (E) end of the middle line (``|`` and ``-`` in ASCII
  mode), so that neighbouring cards' paths visibly meet;
- on the top line, a visitor: ``V`` standing, ``v`` lying down (walked this round); in the
  display, ``R`` marks Fort Denison's reserved card. It sits right beside the card's own name
  and the glyph of the cursor or a legal target, all in the card's left half, so that neither
  looks as if it belonged to the next card (``▶V┃`` compact, `` A5┃▶V`` roomy); the card chosen
  to take carries ``◆`` (``#`` in ASCII mode) at the glyph's place while the cursor is elsewhere;
- roomy cards also show the card's name (``A12``), right-aligned before the N path end.

The Central Board is ``CB`` with a path end on every side; an empty mat cell is blank, or shows
the code of the landmark printed there: ``(OH)`` while it may still be claimed, ``-oh-`` once
somebody has claimed it. A display place whose card was taken this round says ``taken``, so it
never looks like the ``·`` of a card that may be taken. Colours (roles ``tg-…``) only help: the
letters tell everything apart. Nothing here decides a rule: features come from
:data:`~gardens_tui.rules.the_gardens.components.CARDS`.
"""

from __future__ import annotations

from gardens_tui.rules.the_gardens.components import (
    CARD_NAMES,
    CARDS,
    COLUMNS,
    DECKS,
    SPECIES_LETTERS,
    SPECIES_TITLES,
    E,
    N,
    S,
    W,
)
from gardens_tui.rules.the_gardens.text import LANDMARK_CODES
from gardens_tui.ui.widgets.board_grid import CellPaint, Piece

SPECIES_ROLES: tuple[str, ...] = ("tg-wattle", "tg-bottlebrush", "tg-jacaranda", "tg-palm")
"""The colour role of each focal-tree species (by species index)."""

ROLE_STYLES: dict[str, str] = {
    "tg-wattle": "color: $text-warning; text-style: bold;",
    "tg-bottlebrush": "color: $text-error; text-style: bold;",
    "tg-jacaranda": "color: $text-secondary; text-style: bold;",
    "tg-palm": "color: $text-success; text-style: bold;",
    "tg-stream": "color: $text-primary; text-style: bold;",
    "tg-fountain": "color: $text-primary; text-style: bold underline;",
    "tg-bench": "color: $text-accent; text-style: bold;",
    "tg-statue": "color: $foreground; text-style: bold;",
    "tg-picnic": "color: $text-warning;",
    "tg-path": "color: $foreground-muted;",
    "tg-visitor": "color: $text-accent; text-style: bold;",
    "tg-chosen": "color: $text-accent; text-style: bold;",
    "tg-name": "color: $foreground-muted;",
    "tg-landmark": "color: $foreground-muted; text-style: italic;",
}
"""The Textual CSS of each piece role (theme text colours, so every theme stays readable; only
the text colour and style: the cell's background and its state marks still show)."""

ROLES: tuple[str, ...] = tuple(ROLE_STYLES)
"""Every piece role (a ``board-grid--<role>`` component class of the boards)."""

_GLYPHS = {
    False: {"ns": "┃", "ew": "━", "dot": "·", "chosen": "◆", "ellipsis": "…"},
    True: {"ns": "|", "ew": "-", "dot": "-", "chosen": "#", "ellipsis": "..."},
}

TAKEN = "taken"
"""What a display place whose card was taken this round shows (a word, not a mark: the marks
on the display's cards say what may be chosen, and an empty place must not look like one)."""


def symbol(name: str, ascii_mode: bool) -> str:
    """A drawing symbol: ``ns`` / ``ew`` path ends, ``dot`` separator, ``chosen`` (the card
    chosen to take), ``ellipsis``; 7-bit characters in ASCII mode."""
    return _GLYPHS[ascii_mode][name]


def feature_pieces(code: int) -> list[Piece]:
    """The card's features as coloured letters: trees, stream, fountain, bench, statue, picnic."""
    card = CARDS[code]
    pieces = [
        Piece(SPECIES_LETTERS[s], SPECIES_ROLES[s]) for s in range(4) for _ in range(card.trees[s])
    ]
    if card.stream:
        pieces.append(Piece("~", "tg-stream"))
    if card.fountain:
        pieces.append(Piece("F", "tg-fountain"))
    if card.bench:
        pieces.append(Piece("B", "tg-bench"))
    if card.statue:
        pieces.append(Piece("S", "tg-statue"))
    if card.picnic:
        pieces.append(Piece("*", "tg-picnic"))
    return pieces


def _centre(pieces: list[Piece], width: int, spaced: bool) -> list[Piece]:
    """``pieces`` centred in ``width`` cells (a space between them when ``spaced`` and room)."""
    if spaced and 2 * len(pieces) - 1 <= width:
        spread: list[Piece] = []
        for i, piece in enumerate(pieces):
            if i:
                spread.append(Piece(" "))
            spread.append(piece)
        pieces = spread
    used = sum(len(p.text) for p in pieces)
    pad = max(width - used, 0)
    return [Piece(" " * (pad // 2)), *pieces, Piece(" " * (pad - pad // 2))]


def mark_columns(width: int, named: bool, north: bool) -> tuple[int, int]:
    """(the state glyph's column, the corner piece's column) on a card's top line.

    Both sit right beside the card's own name and N path end (``north``: the card has one), in
    the left half of the card, and the card's last columns stay blank: between two cards there
    are at least three blank columns, inside a card at most one, so a mark never looks as if it
    belonged to the neighbouring card (issue 27). Compact cards (no name): the glyph in the
    first column, the corner piece beside it (``▶V┃``); roomy cards: after the name and the N
    path end (`` A5┃▶V``, ``A15▶V``)."""
    if not named:
        return 0, 1
    spot = (width - 1) // 2 + (1 if north else 0)
    return spot, spot + 1


def card_lines(
    paths: int,
    middle: list[Piece],
    *,
    width: int,
    name: str = "",
    corner: Piece | None = None,
    ascii_mode: bool = False,
) -> tuple[tuple[Piece, ...], ...]:
    """Three lines of a card ``width`` wide: the N path end on top with ``name`` right before it
    and ``corner`` (a visitor, the reserved mark) just after the state glyph's place (see
    :func:`mark_columns`), the W and E ends around ``middle``, the S end below."""
    ns, ew = symbol("ns", ascii_mode), symbol("ew", ascii_mode)
    centre = (width - 1) // 2
    top = [" "] * width
    roles = [""] * width
    shown = name[: max(centre, 0)]
    for i, ch in enumerate(shown, start=centre - len(shown)):
        top[i], roles[i] = ch, "tg-name"
    if paths & N:
        top[centre], roles[centre] = ns, "tg-path"
    if corner is not None:
        at = mark_columns(width, bool(name), bool(paths & N))[1]
        top[at], roles[at] = corner.text[:1], corner.role
    first = tuple(Piece(ch, role) for ch, role in zip(top, roles, strict=True))
    second = (
        Piece(ew if paths & W else " ", "tg-path"),
        *_centre(middle, width - 2, spaced=width > 6),
        Piece(ew if paths & E else " ", "tg-path"),
    )
    bottom = [" "] * width
    if paths & S:
        bottom[centre] = ns
    third = (Piece("".join(bottom), "tg-path"),)
    return (first, second, third)


def visitor_piece(walked: int) -> Piece:
    """A visitor: ``V`` standing (no walk yet this round), ``v`` lying down."""
    return Piece("v" if walked else "V", "tg-visitor")


def card_paint(
    code: int,
    *,
    roomy: bool,
    ascii_mode: bool,
    corner: Piece | None = None,
    chosen: bool = False,
) -> CellPaint:
    """A garden card (``corner``: a visitor or the reserved mark). The card ``chosen`` to take
    is drawn in the accent role with the ``chosen`` symbol at the state glyph's place: a mark
    of its own, unlike the cursor's (which the board draws over it when the cursor is there)."""
    width = 8 if roomy else 5
    name = CARD_NAMES[code] if roomy else ""
    first, *rest = card_lines(
        CARDS[code].paths,
        feature_pieces(code),
        width=width,
        name=name,
        corner=corner,
        ascii_mode=ascii_mode,
    )
    spot = mark_columns(width, bool(name), bool(CARDS[code].paths & N))[0]
    if chosen:
        mark = Piece(symbol("chosen", ascii_mode), "tg-chosen")
        first = (*first[:spot], mark, *first[spot + 1 :])
    return CellPaint((first, *rest), "accent" if chosen else "cell", spot=(spot, 0))


def central_paint(*, roomy: bool, ascii_mode: bool, corner: Piece | None = None) -> CellPaint:
    """The Central Board's cell of a row: ``CB`` before the N path end, the visitor right after
    it (``CB┃V``), a path crossing the cell both ways."""
    width = 8 if roomy else 5
    ns, ew = symbol("ns", ascii_mode), symbol("ew", ascii_mode)
    cross = "+" if ascii_mode else "╋"
    centre = (width - 1) // 2
    top = [Piece(" " * (centre - 2)), Piece("CB", "tg-statue"), Piece(ns, "tg-path")]
    top.append(Piece(corner.text[:1], corner.role) if corner is not None else Piece(" "))
    top.append(Piece(" " * (width - centre - 2)))
    middle = (Piece(ew * centre + cross + ew * (width - centre - 1), "tg-path"),)
    bottom = (Piece(" " * centre + ns + " " * (width - centre - 1), "tg-path"),)
    return CellPaint((tuple(top), middle, bottom), "cell")


def empty_paint(landmark: int, *, roomy: bool, mark: str = "") -> CellPaint:
    """An empty mat cell: blank, or the uncovered landmark printed there as ``mark`` (the rules'
    :func:`~gardens_tui.rules.the_gardens.text.landmark_mark`: ``(OH)`` still to claim, ``-oh-``
    claimed already; ``(OH)`` if not given)."""
    if landmark < 0:
        return CellPaint(("", "", ""), "empty", spot=(2 if not roomy else 3, 1))
    code = mark or f"({LANDMARK_CODES[landmark]})"
    # Plain text (the cell's own colours): it may be a legal target, drawn on green. The state
    # glyph goes right before the code (roomy) or above its first letter (compact).
    return CellPaint(("", code, ""), "empty", spot=(1, 1) if roomy else (0, 0))


def taken_paint() -> CellPaint:
    """A display place whose card was taken this round: the word :data:`TAKEN`."""
    return CellPaint(("", TAKEN, ""), "empty")


def place_name(row: int, place: int) -> str:
    """A display place in the notation: ``b2``."""
    return f"{DECKS[row].lower()}{place + 1}"


def cell_name(cell: int) -> str:
    """A mat cell in the notation: ``b3`` (row B, column 3)."""
    row, column = divmod(cell, COLUMNS)
    return f"{DECKS[row].lower()}{column + 1}"


def card_words(code: int) -> str:
    """``"A5: Wattle + path E-W"``."""
    return f"{CARD_NAMES[code]}: {CARDS[code].describe()}"


LEGEND_LETTERS: tuple[tuple[str, str, str], ...] = (
    *((SPECIES_LETTERS[s], f"{SPECIES_TITLES[s]} (tree)", SPECIES_ROLES[s]) for s in range(4)),
    ("~", "stream (runs north-south)", "tg-stream"),
    ("F", "fountain", "tg-fountain"),
    ("B", "bench", "tg-bench"),
    ("S", "statue", "tg-statue"),
    ("*", "picnic spot", "tg-picnic"),
)
"""``(letter, words, role)`` of every feature letter."""
