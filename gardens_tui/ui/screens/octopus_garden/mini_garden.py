"""OgMiniGarden: another player's Octopus's Garden, small, with what they changed last marked.

Each space shows its top piece's letter (compact) or all its letters (roomy), placed on the hex
layout of the garden (the engine's doubled column ``CELL_X``: neighbours in a row sit two columns
apart, the next row is shifted by one). Spaces changed by the last moves are drawn underlined in
reverse video (not by colour alone).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from gardens_tui.rules.octopus_garden.board import CELL_X, ROWS
from gardens_tui.rules.octopus_garden.state import Stack
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.octopus_garden.paint import ROLE_STYLES, ROLES, mini_cell, stack_role


class OgMiniGarden(Widget):
    """A small picture of one garden under a two-line title; never focused, never changes state.

    | Class | Description |
    | :- | :- |
    | `og-mini--title` | The owner's name line. |
    | `og-mini--info` | The score and pearls line. |
    | `og-mini--empty` | An empty space. |
    | `og-mini--last-move` | A space the last moves changed (underlined, reverse video). |
    | `og-mini--og-…` | Token colour roles, as on the big boards. |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "og-mini--title",
        "og-mini--info",
        "og-mini--empty",
        "og-mini--last-move",
        *(f"og-mini--{role}" for role in ROLES),
    }

    DEFAULT_CSS = """
    OgMiniGarden { width: auto; height: auto; padding: 0 1 0 0; }
    OgMiniGarden > .og-mini--title { text-style: bold; }
    OgMiniGarden > .og-mini--info { color: $foreground-muted; }
    OgMiniGarden > .og-mini--empty { color: $foreground-muted; }
    OgMiniGarden > .og-mini--last-move { text-style: bold reverse underline; }
    """ + "\n".join(
        f"OgMiniGarden > .og-mini--{role} {{ {style} }}" for role, style in ROLE_STYLES.items()
    )

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.title_line = ""
        self.info_line = ""
        self.garden: Sequence[Stack] = ()
        self.last: frozenset[int] = frozenset()
        self.roomy = False
        self.ascii_mode = False

    def show(
        self,
        title: str,
        info: str,
        garden: Sequence[Stack],
        last: Collection[int] = (),
        *,
        roomy: bool = False,
        ascii_mode: bool = False,
    ) -> None:
        """Draw ``garden`` under ``title`` and ``info``, marking the spaces in ``last`` (nothing
        is redrawn if all of it is as shown; the screen is laid out again only if the width
        changes)."""
        shown = (title, info, tuple(garden), frozenset(last), roomy, ascii_mode)
        if shown == (
            self.title_line,
            self.info_line,
            self.garden,
            self.last,
            self.roomy,
            self.ascii_mode,
        ):
            return
        width = self.get_content_width(None, None)
        self.title_line, self.info_line, self.garden, self.last, self.roomy, self.ascii_mode = shown
        self.refresh(layout=self.get_content_width(None, None) != width)

    @property
    def picture_width(self) -> int:
        """Columns of the garden picture."""
        return max(CELL_X) * (2 if self.roomy else 1) + (3 if self.roomy else 1)

    def picture(self) -> list[Text]:
        """The garden as one Text per row."""
        lines: list[Text] = []
        scale = 2 if self.roomy else 1
        empty = self.get_component_rich_style("og-mini--empty")
        last = self.get_component_rich_style("og-mini--last-move")
        for row in ROWS:
            text = Text()
            for cell in row:
                x = CELL_X[cell] * scale
                text.append(" " * (x - len(text)))
                stack = self.garden[cell] if cell < len(self.garden) else ()
                role = stack_role(stack)
                style = empty if role == "empty" else self._style(f"og-mini--{role}")
                if cell in self.last:
                    style = style + last
                text.append(mini_cell(stack, self.roomy, self.ascii_mode), style)
            lines.append(text)
        return lines

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(name)

    def render(self) -> Text:
        """Title, info (both shown literally) and the picture."""
        width = max(self.picture_width, 1)
        title_style = self.get_component_rich_style("og-mini--title")
        info_style = self.get_component_rich_style("og-mini--info")
        title = literal(self.title_line, title_style, newlines=False)
        info = literal(self.info_line, info_style, newlines=False)
        for line in (title, info):
            line.truncate(max(width, self.size.width or width), overflow="ellipsis")
            if self.ascii_mode:
                line.plain = line.plain.replace("…", ".")
        return Text("\n").join([title, info, *self.picture()])

    def get_content_width(self, container: object, viewport: object) -> int:
        """As wide as the picture or the title lines (at most 24 columns of title)."""
        return max(self.picture_width, min(24, max(len(self.title_line), len(self.info_line))))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """Two title lines and five rows."""
        return 2 + len(ROWS)
