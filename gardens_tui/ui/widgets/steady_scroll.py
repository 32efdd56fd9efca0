"""A scroll view whose content can grow without laying the whole screen out again.

Textual lays out every widget of the screen whenever a widget's ``virtual_size`` (what it can
scroll over) changes, and its :class:`~textual.scroll_view.ScrollView` answers every layout by
refreshing its scrollbars and announcing a resize, because it compares the layout's idea of
its virtual size (its region) with its own (its content), which always differ. A log that
gains a line, or a map that gains a tile, thus cost a layout and a second frame on every move,
on the screen of every player watching the table.

:class:`SteadyScrollView` changes its virtual size without a layout whenever its own size
cannot depend on it (see :meth:`SteadyScrollView.set_virtual_size`), and ignores layouts that
leave its size as it was. What it draws depends on its size and its content only. Its vertical
scrollbar is a :class:`~gardens_tui.ui.widgets.quick_scrollbar.QuickScrollBar` (the same bar,
drawn for a tenth of the cost: a log's bar moves with every line).
"""

from __future__ import annotations

from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.widget import Widget

from gardens_tui.ui.widgets.quick_scrollbar import QuickScrollBar


class SteadyScrollView(ScrollView):
    """A :class:`~textual.scroll_view.ScrollView` whose content grows without a screen layout
    when its own size stays (see the module docstring)."""

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """The vertical scrollbar (made on first use, as Textual's is), a
        :class:`~gardens_tui.ui.widgets.quick_scrollbar.QuickScrollBar`."""
        if self._vertical_scrollbar is None:
            bar = QuickScrollBar(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical
            )
            bar.display = False
            self._vertical_scrollbar = bar
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    def set_virtual_size(self, size: Size) -> None:
        """Make the scrollable content ``size``: a layout of the screen only if this widget's
        own size may change with it (before its first layout, or in a dimension sized by its
        content that does not overflow before and after); otherwise only the scrollbars learn
        the new size (they ask for a layout themselves if one appears or goes)."""
        if size == self.virtual_size:
            return
        if not self.size or self._sized_by(size):
            self.virtual_size = size
            return
        self.set_reactive(Widget.virtual_size, size)
        self._scroll_update(size)
        self.refresh()

    def _sized_by(self, size: Size) -> bool:
        """Whether changing the content from the current virtual size to ``size`` may change
        this widget's size: an ``auto`` dimension where the content does not overflow the
        view both before and after."""
        view = self.scrollable_content_region.size
        old = self.virtual_size
        styles = self.styles
        for scalar, before, after, shown in (
            (styles.width, old.width, size.width, view.width),
            (styles.height, old.height, size.height, view.height),
        ):
            if scalar is not None and scalar.is_auto and not (before > shown and after > shown):
                return True
        return False

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        # Textual's ScrollView takes a layout that leaves this widget as it was for a change
        # (see the module docstring): ignore those.
        if size == self.outer_size and container_size == self.container_size:
            return False
        return super()._size_updated(size, virtual_size, container_size, layout)
