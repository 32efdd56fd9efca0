"""Terminal input that is not UTF-8 never crashes the app: each undecodable byte is U+FFFD.

Textual's terminal drivers turn the bytes read from the terminal into text with a *strict*
incremental UTF-8 decoder (``getincrementaldecoder("utf-8")()`` in their ``run_input_thread``).
A byte that is not UTF-8 (a Latin-1 terminal sends 0xE9 for ``é``; a stranger over SSH can send
anything) raises :class:`UnicodeDecodeError` in the input thread, and the app panics: the
player sees a traceback and the session is over.

:func:`install_lenient_decoding` makes those drivers decode with ``errors="replace"`` instead,
so each undecodable byte becomes U+FFFD (shown as ``�``), the bytes after it are read as usual
and a character split between two reads is still joined (the decoder stays incremental).

How, and why this way: each driver module imports ``getincrementaldecoder`` from :mod:`codecs`
as a module global and looks it up when its input thread starts. Replacing that one global (in
the driver modules only; :mod:`codecs` itself is untouched) with a function that returns a
lenient decoder is the smallest change that reaches the decoder: the alternatives are a copy of
Textual's ``run_input_thread`` in a driver subclass (a long method to keep in step with every
Textual release) or a filter in front of the terminal (the SSH server has one; a local
``gardens`` in a Latin-1 terminal has none).

Guarded against a future Textual: a driver module is changed only if it still has that global,
set to :func:`codecs.getincrementaldecoder`, and its ``run_input_thread`` still looks it up by
that name. Otherwise nothing is changed, the app starts as it would without this module, and
:func:`install_lenient_decoding` returns ``False``, which ``tests/ui/test_terminal_input.py``
checks (it fails loudly), so the change is noticed in the test suite and not by a player.
"""

from __future__ import annotations

import codecs
import dis
import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

__all__ = ["DRIVERS", "install_lenient_decoding", "lenient_getincrementaldecoder"]

DRIVERS: tuple[tuple[str, str], ...] = (
    ("textual.drivers.linux_driver", "LinuxDriver"),
    ("textual.drivers.linux_inline_driver", "LinuxInlineDriver"),
    ("textual.drivers.web_driver", "WebDriver"),
)
"""``(module, driver class)`` of each Textual driver that decodes terminal input with the
global ``getincrementaldecoder``. All of them exist on a POSIX system; elsewhere a module that
cannot be imported (``termios`` is POSIX only) is skipped: that driver cannot run there."""

_GLOBAL = "getincrementaldecoder"
"""The global each driver module looks the decoder up by."""


def lenient_getincrementaldecoder(encoding: str) -> Callable[..., codecs.IncrementalDecoder]:
    """Like :func:`codecs.getincrementaldecoder`, but the decoder it makes replaces what it
    cannot decode with U+FFFD: its ``errors`` is ``"replace"`` when the caller gives none or
    ``"strict"``; any other error handler the caller names is kept. ``LookupError`` for an
    unknown encoding, as :func:`codecs.getincrementaldecoder` raises."""
    decoder_class = codecs.getincrementaldecoder(encoding)

    def make(errors: str = "strict") -> codecs.IncrementalDecoder:
        return decoder_class("replace" if errors == "strict" else errors)

    return make


def _looks_up_global(driver_class: Any) -> bool:
    """Whether the driver's input thread looks ``getincrementaldecoder`` up as a global (a
    ``LOAD_GLOBAL`` of that name in its byte code; ``codecs.getincrementaldecoder`` would be an
    attribute of another global, out of reach of the module's global)."""
    method = getattr(driver_class, "run_input_thread", None)
    code = getattr(method, "__code__", None)
    if code is None:
        return False
    return any(
        instruction.opname == "LOAD_GLOBAL" and instruction.argval == _GLOBAL
        for instruction in dis.get_instructions(code)
    )


def _make_lenient(module: ModuleType, class_name: str) -> bool:
    """Replace ``module``'s decoder global if it is still the one this module knows how to
    replace; whether the module now decodes leniently."""
    current = getattr(module, _GLOBAL, None)
    if current is lenient_getincrementaldecoder:
        return True  # installed before
    if current is not codecs.getincrementaldecoder:
        return False
    if not _looks_up_global(getattr(module, class_name, None)):
        return False
    setattr(module, _GLOBAL, lenient_getincrementaldecoder)
    return True


def install_lenient_decoding() -> bool:
    """Make Textual's terminal drivers read undecodable input bytes as U+FFFD instead of
    crashing (see the module docstring); call it once before the app runs (before
    ``App.run()``). Idempotent: calling it again changes nothing.

    Returns whether every driver of :data:`DRIVERS` that exists on this system now decodes
    leniently. ``False`` means a Textual version whose drivers this function does not
    recognise: it then leaves them as they are (the app still starts, with strict decoding),
    never raises, and the test of this module fails.
    """
    every = True
    for module_name, class_name in DRIVERS:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            every = every and os.name != "posix"  # elsewhere the Linux drivers cannot run
            continue
        every = _make_lenient(module, class_name) and every
    return every
