"""Readable colours: WCAG contrast ratios and theme variables nudged until text reads.

Textual derives a theme's text colours (``$text-warning``, ``$foreground-muted`` …) from the
theme's hues without checking them against the backgrounds they are drawn on, so some fall
below the WCAG AA ratio of 4.5:1 (trash and relic letters on the light themes' tiles, for one).
:func:`legible_variables` gives, for a theme's CSS variables, replacements that keep each hue
but move its lightness until it reads on every background it is used on, plus a few
``<text>-on-<background>`` variables for the board states (legal target, cursor).
:class:`~gardens_tui.ui.app.GardensApp` applies them to every theme it offers.

ANSI themes use the terminal's own palette, which the app cannot know: they are left alone.
Pure functions of Textual colours; no widget needed.

:func:`legible_variables` is memoised (:data:`LEGIBLE_CACHE_SIZE` themes' variables): every app
asks for it when it starts and at each theme change, and each SSH session is a new app, which
otherwise searched the same lightnesses again (about a millisecond a session, at its start).
A preloaded server process fills the cache before it forks the sessions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from rich.style import Style
from textual.color import Color, ColorParseError

AA_NORMAL = 4.5
"""The WCAG AA contrast ratio for normal-size text (every terminal cell is normal size)."""

TEXT_BACKGROUNDS = ("panel", "surface", "background")
"""The backgrounds theme text colours are drawn on (board tiles, boards, screens)."""

TEXT_VARIABLES = (
    "text-primary",
    "text-secondary",
    "text-accent",
    "text-warning",
    "text-error",
    "text-success",
    "foreground-muted",
    "foreground",
)
"""Theme text colours made readable on every one of :data:`TEXT_BACKGROUNDS`."""

STATE_TEXTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "foreground-on-success-muted": ("foreground", ("success-muted",)),
    "foreground-on-primary-muted": ("foreground", ("primary-muted",)),
    "foreground-on-primary": ("foreground", ("primary",)),
}
"""New variables: ``name -> (text colour, backgrounds)``, the text made readable on them (the
board's legal-target and cursor states, see ``app.tcss``)."""

LEGIBLE_CACHE_SIZE = 64
"""How many themes' variables :func:`legible_variables` remembers its answer for (Textual has
about twenty themes)."""

MISSING_DEFAULTS = {"foreground-disabled": "ansi_default 50%"}
"""Variables Textual's ANSI themes lack but the widgets' CSS uses (without it choosing such a
theme could not parse the board's styles)."""


def luminance(color: Color) -> float:
    """The WCAG relative luminance of an opaque colour (0 black to 1 white)."""

    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = color.rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(foreground: Color, background: Color) -> float:
    """The WCAG contrast ratio of two opaque colours, 1 to 21 (order does not matter)."""
    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def style_contrast(style: Style) -> float | None:
    """The contrast ratio of a Rich style's text against its background as drawn (reverse video
    swaps them, which keeps the ratio); ``None`` when either is a terminal palette colour
    (ANSI, default) whose value the app cannot know."""
    if style.color is None or style.bgcolor is None:
        return None
    fg, bg = style.color.triplet, style.bgcolor.triplet
    if fg is None or bg is None:
        return None
    return contrast_ratio(Color(*fg), Color(*bg))


def legible(foreground: Color, backgrounds: Iterable[Color], minimum: float = AA_NORMAL) -> Color:
    """``foreground`` if it reaches ``minimum`` against every background, else the same hue and
    saturation made lighter (on dark backgrounds) or darker (on light ones) just enough. When
    no lightness reaches it (backgrounds both very dark and very light), the most readable."""
    grounds = list(backgrounds)

    def worst(color: Color) -> float:
        return min((contrast_ratio(color, bg) for bg in grounds), default=21.0)

    if worst(foreground) >= minimum:
        return foreground
    hue, saturation, lightness = foreground.hsl
    dark = sum(luminance(bg) for bg in grounds) / len(grounds) < 0.18
    best, best_ratio = foreground, worst(foreground)
    for direction in (1, -1) if dark else (-1, 1):
        for step in range(1, 101):
            value = lightness + direction * step / 100
            if not 0 <= value <= 1:
                break
            candidate = Color.from_hsl(hue, saturation, value)
            ratio = worst(candidate)
            if ratio >= minimum:
                return candidate
            if ratio > best_ratio:
                best, best_ratio = candidate, ratio
    return best


def _opaque(value: str | None, under: Color | None) -> Color | None:
    """A CSS colour value as drawn over ``under`` (``None``: a terminal palette colour)."""
    if value is None or "ansi" in value or "auto" in value:
        return None
    try:
        color = Color.parse(value)
    except ColorParseError:
        return None
    if color.a < 1:
        if under is None:
            return None
        color = under + color
    return color.with_alpha(1.0)


def legible_variables(variables: Mapping[str, str]) -> dict[str, str]:
    """The variables to lay over a theme's CSS ``variables``: the missing defaults, then (for a
    theme with real colours) each of :data:`TEXT_VARIABLES` made readable on
    :data:`TEXT_BACKGROUNDS` and each of :data:`STATE_TEXTS`. An ANSI theme's colours are the
    terminal's: its state texts are its own foreground, unchanged.

    A new dict on every call (the caller may change it); the answer for the same variables is
    remembered (see the module docstring)."""
    return dict(_legible_variables(tuple(sorted(variables.items()))))


@lru_cache(maxsize=LEGIBLE_CACHE_SIZE)
def _legible_variables(items: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """:func:`legible_variables` of ``dict(items)``, memoised (never change what it returns)."""
    variables = dict(items)
    changed = {name: value for name, value in MISSING_DEFAULTS.items() if name not in variables}
    base = _opaque(variables.get("background"), None)
    if base is None:
        for name, (text, _) in STATE_TEXTS.items():
            changed[name] = variables.get(text, "ansi_default")
        return changed
    grounds = [_opaque(variables.get(name), base) for name in TEXT_BACKGROUNDS]
    opaque_grounds = [ground for ground in grounds if ground is not None]
    for name in TEXT_VARIABLES:
        color = _opaque(variables.get(name), base)
        if color is not None:
            changed[name] = legible(color, opaque_grounds).hex
    for name, (text, background_names) in STATE_TEXTS.items():
        color = _opaque(variables.get(text), base)
        state_grounds = [_opaque(variables.get(bg), base) for bg in background_names]
        if color is None or None in state_grounds:
            changed[name] = variables.get(text, "ansi_default")
            continue
        changed[name] = legible(color, [g for g in state_grounds if g is not None]).hex
    return changed
