"""The one path from text the app did not write to the screen: shown literally, never obeyed.

Player names, file names, action texts, log lines, settings values and error messages come from
people and files. On a screen they are data: ``[b]Ann[/b]`` shows those nine characters, ``[/]``
or ``[x=1=2]`` neither style anything nor raise a markup error, and an ESC (or any other
character a terminal acts on) is drawn as a visible ``\\x1b`` instead of reaching the terminal.
Textual's own ``Content`` removes only BEL, BS, VT, FF and CR, so ESC would otherwise get through.

- :func:`literal` is what widgets are given: a Rich :class:`~rich.text.Text` of
  :func:`~gardens_tui.rules.safe_text.printable` text, which Textual never parses as markup
  (``Static``, ``Label``, ``Button``, ``Select`` prompts, ``Option`` prompts, ``DataTable``
  cells, tooltips, Rich tables).
- :func:`plain` is the same text as a ``str``, for places that take a string and draw it
  without parsing (a ``Content``, a ``Segment``, a widget made with ``markup=False``).
- :func:`notify_plain` is the only way the app raises a notification: ``markup=False`` and
  printable message and title.

``tests/ui/test_literal_text.py`` scans ``gardens_tui/ui`` and fails on any other way of putting
text on the screen, so new code keeps to this path.
"""

from __future__ import annotations

from typing import Protocol

from rich.style import Style
from rich.text import Text
from textual.notifications import SeverityLevel

from gardens_tui.rules.safe_text import printable

__all__ = ["literal", "notify_plain", "plain"]


def plain(text: str, *, newlines: bool = True) -> str:
    """``text`` with every character a terminal could act on written as a visible escape.

    With ``newlines`` line feeds are kept (multi-line text stays multi-line); without, the result
    is one line. Markup characters are left alone: the result must go where it is not parsed.
    """
    return printable(str(text), newlines=newlines)


def literal(
    text: str, style: str | Style = "", *, newlines: bool = True, cut: bool = False
) -> Text:
    """``text`` as a Rich ``Text`` (optionally in ``style``, which is ours, never data) that is
    drawn exactly as :func:`plain` writes it: never parsed as markup, never a terminal control.
    With ``cut`` each line too long for its space ends in an ellipsis instead of wrapping."""
    if cut:
        return Text(
            plain(text, newlines=newlines), style=style, end="", no_wrap=True, overflow="ellipsis"
        )
    return Text(plain(text, newlines=newlines), style=style, end="")


class _Notifier(Protocol):
    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...


def notify_plain(
    target: _Notifier,
    message: str,
    *,
    title: str = "",
    severity: SeverityLevel = "information",
    timeout: float | None = None,
) -> None:
    """Show ``message`` (and ``title``) in a notification of ``target`` (an app or a widget),
    literally: without markup and with every unsafe character escaped (see :func:`plain`)."""
    target.notify(
        plain(message),
        title=plain(title, newlines=False),
        severity=severity,
        timeout=timeout,
        markup=False,
    )
