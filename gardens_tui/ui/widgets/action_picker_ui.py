"""The clickable command lines every game screen's action picker shares.

:func:`command_lines_content`: the list of the commands that apply now, one line per key (a
:class:`~.action_picker.CommandLine` each). The list of choices an offer opens is a screen:
:class:`~gardens_tui.ui.screens.choice.ChoiceScreen`.

Everything shown here is text of ours or of the players (names in labels): always literal.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.style import Style

from gardens_tui.ui.literal import plain
from gardens_tui.ui.widgets.action_picker import CommandLine


def command_lines_content(
    lines: Sequence[CommandLine], *, action: str, ascii_mode: bool
) -> list[Content]:
    """The clickable list of ``lines``, one Content per line (join them with ``Content("\\n")``):
    the key in bold, then the label; a click runs the screen's ``action`` with the command's
    name (``screen.<action>('<command>')``). A line whose action is not legal now is dim
    (pressing it only says why). ``enter`` is shown as ``⏎`` (``Enter`` in ASCII mode).

    Built as Content, not markup: the labels are text, the click is a style of ours."""
    shown = []
    for line in lines:
        key = ("Enter" if ascii_mode else "⏎") if line.key == "enter" else line.key
        text = Content.assemble(
            (plain(key, newlines=False), "bold"), " ", plain(line.label, newlines=False)
        ).stylize(Style.from_meta({"@click": f"screen.{action}({line.command!r})"}))
        if not line.playable:
            text = text.stylize("dim")
        shown.append(text)
    return shown
