"""What the session zygote does before it forks, so that a session starts cheaply: the lobby is
warmed up too (its CSS parsed, every thread it used stopped), the small-object allocator's
holes are filled, and the theme's legible variables are worked out once per process."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading

from gardens_tui.server.session import zygote
from gardens_tui.ui import css_cache
from gardens_tui.ui.contrast import _legible_variables, legible_variables


def test_the_lobby_warm_up_parses_the_lobby_s_css_and_leaves_no_thread() -> None:
    # Only threads the warm-up started count: another test's reader may still be ending.
    before = set(threading.enumerate())
    zygote._lobby_warm_up()
    entries = css_cache.shared_entries()
    zygote._lobby_warm_up()
    assert set(threading.enumerate()) - before == set()
    assert css_cache.shared_entries() == entries  # the second run found every parse cached
    parsed = css_cache._parsed.keys()
    assert any("LobbyScreen" in str(key[1]) or "LobbyScreen" in key[0] for key in parsed)


def test_settling_the_heap_fills_the_allocator_s_free_blocks() -> None:
    """In a process of its own: it freezes the heap."""
    script = textwrap.dedent(
        """
        import gc
        gc.disable()
        from gardens_tui.server.session import zygote
        before = sum(zygote._free_small_blocks().values())
        zygote.settle_heap()
        after = sum(zygote._free_small_blocks().values())
        print(before, after, len(zygote._filler), gc.get_freeze_count() > 0)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    ).stdout.split()
    before, after, kept = int(out[0]), int(out[1]), int(out[2])
    assert before > 0 and kept > 0
    assert after < before
    assert out[3] == "True"


def test_legible_variables_are_worked_out_once_and_handed_out_afresh() -> None:
    theme = {"background": "#ffffff", "panel": "#f0f0f0", "surface": "#fafafa"}
    theme.update({"text-warning": "#ffd580", "foreground": "#202020"})
    first = legible_variables(theme)
    first["text-warning"] = "changed by the caller"
    hits = _legible_variables.cache_info().hits
    second = legible_variables(dict(reversed(list(theme.items()))))
    assert second["text-warning"] != "changed by the caller"
    assert second == legible_variables(theme)
    assert _legible_variables.cache_info().hits == hits + 2
