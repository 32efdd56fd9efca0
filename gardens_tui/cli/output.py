"""Everything the command line prints: nothing raw reaches the terminal.

Everything printed passes through :func:`say`, :func:`complain` or :func:`print_json`, which
escape every character a terminal could act on (:func:`~gardens_tui.rules.safe_text.printable`):
names, file names and texts from a save are data, never terminal commands, and no input (an
undecodable byte in an argument, a lone surrogate) can make printing fail. An error is one line
on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import suppress
from typing import Any

from gardens_tui.rules.safe_text import is_unsafe, printable

EXIT_OK = 0
EXIT_ERROR = 2
"""Exit status for an illegal action, a bad file or bad arguments (as argparse uses)."""


class CliError(Exception):
    """A refusal to print on stderr (``gardens: <message>``) with exit status 2."""


def say(text: str = "") -> None:
    """Print ``text`` on stdout with every unsafe character escaped (line breaks kept)."""
    print(printable(text))


def complain(message: str) -> None:
    """Print ``gardens: <message>`` on stderr as one line, unsafe characters escaped."""
    print(f"gardens: {printable(message, newlines=False)}", file=sys.stderr)


def note(message: str) -> None:
    """Print ``gardens: note: <message>`` on stderr: something done as asked that may not be
    what was meant (an option that changes nothing)."""
    complain(f"note: {message}")


def json_text(data: Any) -> str:
    """``data`` as indented UTF-8 JSON in which every character a terminal could act on (C1
    controls, DEL, invisible formatting characters, lone surrogates) is a ``\\u`` escape.

    ``json.dumps`` escapes the C0 controls itself; the rest can only occur inside strings,
    where an escape means the same character, so the JSON value is unchanged.
    """
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if text.isprintable() or all(line.isprintable() for line in text.split("\n")):
        return text
    # The only line feeds left are the indentation's: json.dumps escapes those in strings.
    return "".join(
        _json_escape(char) if char != "\n" and is_unsafe(char) else char for char in text
    )


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # astral: as a surrogate pair, as JSON writes it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def print_json(data: Any) -> None:
    """Print ``data`` as :func:`json_text`."""
    print(json_text(data))


def tolerant_streams() -> None:
    """Make stdout and stderr escape what their encoding cannot write, instead of raising
    (a name in Japanese on a Latin-1 terminal); everything printed is escaped already."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def silence_stdout() -> None:
    """Point stdout at the null device: the reader went away, and Python would report the
    broken pipe again when it flushes stdout at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


class Parser(argparse.ArgumentParser):
    """argparse with its messages escaped and its errors on one line.

    argparse echoes what it refuses (an unknown option, a bad value), which may hold escape
    sequences or undecodable bytes; its usage block is left to ``--help``.
    """

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            super()._print_message(printable(message), file)

    def error(self, message: str) -> Any:
        """Print the reason as one line and exit with status 2."""
        complain(f"error: {message} (see {self.prog} --help)")
        raise SystemExit(EXIT_ERROR)


def show_markdown(text: str) -> None:
    """Print ``text`` (Markdown we wrote): rendered by Rich on a terminal, through a pager when
    it is taller than the terminal; as plain Markdown through :func:`say` otherwise.

    The pager is ``$PAGER`` or ``less``; ``less`` is asked to keep the styles (``LESS=-R``)
    unless ``LESS`` is already set, in which case the styles are left out if it lacks ``R``.
    """
    if not sys.stdout.isatty():
        say(text.rstrip("\n"))
        return
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    with console.capture() as captured:
        console.print(Markdown(text))
    rendered = captured.get()
    if rendered.count("\n") < console.height:
        sys.stdout.write(rendered)
        return
    os.environ.setdefault("LESS", "-R")
    styles = "R" in os.environ["LESS"].upper() or "PAGER" in os.environ
    with console.pager(styles=styles):
        console.print(Markdown(text))
