"""The Textual user interface: the app, its screens and the shared widgets.

Only this package imports Textual. It reads and changes games only through
:class:`gardens_tui.table.Table`.
"""
