"""A notice over a game screen reaches the screen's right edge (issue 27, "pop-ups drawn over
panels break their borders"): Textual's toast rack kept an invisible scrollbar column at the
right, where the corner of the panel under the notice peeked out (``▌ Saved ... ─╯``)."""

from __future__ import annotations

from textual.widgets._toast import Toast

from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.literal import notify_plain
from gardens_tui.ui.screenshots import MIDGAME_DECISIONS, octopus_table


async def test_a_notice_at_80x24_leaves_no_column_of_the_panel_beside_it() -> None:
    app = create_app(
        octopus_table(MIDGAME_DECISIONS), settings=Settings(bot_delay_ms=0, autosave=False)
    )
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for _ in range(3):
            await pilot.pause()
        notify_plain(app.screen, "Saved to a file with a long name", title="Saved")
        for _ in range(3):
            await pilot.pause()
        toast = app.screen.query_one(Toast)
        assert toast.region.right == 80
