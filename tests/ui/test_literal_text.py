"""Text that reaches a screen is data: the one safe path (gardens_tui/ui/literal.py) and a scan of
gardens_tui/ui that keeps every screen on it.

The scan reads the source (no app is run) and fails on every way text could reach a screen
without :func:`~gardens_tui.ui.literal.literal` or :func:`~gardens_tui.ui.literal.notify_plain`:
a ``notify`` call, ``markup=True``, markup parsed by hand (``Text.from_markup``,
``Content.from_markup``, ``rich.markup``), and a widget (``Static``, ``Label``, ``Button``,
``Option``, ``Select`` prompts, ``TickBox``/``Checkbox`` labels, ``DataTable`` and Rich table
cells, tooltips, titles, ``update``) given text that is not a string constant of ours or a
``literal(...)``: an f-string, ``str(...)``, a join, a concatenation or a variable.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import hypothesis.strategies as st
from fuzz import MARKUP_FRAGMENTS, fuzz_settings, hostile_text
from hypothesis import given
from rich.console import Console
from rich.text import Text

from gardens_tui.ui.literal import literal, notify_plain, plain

UI = Path(__file__).resolve().parents[2] / "gardens_tui" / "ui"

WIDGETS_TAKING_TEXT = frozenset({"Static", "Label", "Button", "Option", "TickBox", "Checkbox"})
"""Constructors whose first argument (or ``label=`` / ``prompt=`` / ``content=``) is drawn."""

TEXT_KEYWORDS = frozenset({"label", "prompt", "content", "renderable", "placeholder"})

CELL_METHODS = frozenset({"add_row", "add_column", "add_columns", "replace_option_prompt"})
"""DataTable / Rich table / OptionList methods whose text arguments are drawn."""

DRAWN_ATTRIBUTES = frozenset({"tooltip", "border_title", "border_subtitle"})
"""Widget attributes whose value is drawn (as markup when it is a plain string)."""

SAFE_BUILDERS = frozenset(
    {
        "literal",  # the safe path itself
        "_entry_prompt",  # menu entries: Text.assemble of the menu's own constants
        "score_table",  # a Rich table whose every cell is literal(...) (scanned below)
        "legend_table",  # the same for the board legend's marks (scanned below)
        "panel_table",  # seat columns whose names are literal(...) (scanned below)
        "ClampedText",  # the prompt's Visual: draws Content(plain(text)), never markup
        "RichMarkdown",  # the help text: Markdown (not console markup) of plain(...) text
        "Content",  # Textual Content is never parsed as markup; its text is plain(...)
        "pack_commands",  # Tanuki's dock: Content("  ").join of its own command entries
    }
)
"""Calls that make a safe renderable (each one reviewed; say why when adding one)."""


def ui_files() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def call_name(node: ast.expr) -> str:
    """``f`` for ``f(...)``, ``g`` for ``x.g(...)``, ``Content`` for ``Content(...).join(...)``."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        root: ast.expr = node
        while isinstance(root, ast.Attribute | ast.Call):
            root = root.func if isinstance(root, ast.Call) else root.value
        if isinstance(root, ast.Name) and root.id == "Content":
            return "Content"
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


Constants = dict[str, ast.expr]
"""A module's top-level names bound once to a value (``BANNER = "gardens-tui"``)."""


def module_constants(tree: ast.Module) -> Constants:
    constants: Constants = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name):
            constants[target.id] = value
    return constants


def is_safe_text(node: ast.expr | None, constants: Constants | None = None) -> bool:
    """A string constant we wrote (directly or as a module constant), ``None``, or a call of a
    reviewed safe builder."""
    if node is None:
        return True
    if isinstance(node, ast.Constant):
        return node.value is None or isinstance(node.value, str)
    if isinstance(node, ast.Name) and constants and node.id in constants:
        return is_safe_text(constants[node.id])
    if isinstance(node, ast.IfExp):
        return is_safe_text(node.body, constants) and is_safe_text(node.orelse, constants)
    if isinstance(node, ast.Call):
        return call_name(node) in SAFE_BUILDERS
    return False


def is_safe_options(node: ast.expr, constants: Constants) -> bool:
    """A ``Select``'s options ``[(prompt, value), ...]`` with every prompt safe, or an
    ``OptionList``'s ``[Option(...), ...]`` (each ``Option`` is checked where it is made)."""
    if isinstance(node, ast.Name) and node.id in constants:
        return is_safe_options(constants[node.id], constants)
    if isinstance(node, ast.List | ast.Tuple):
        return all(is_safe_options_item(item, constants) for item in node.elts)
    if isinstance(node, ast.ListComp | ast.GeneratorExp):
        return is_safe_options_item(node.elt, constants)
    if isinstance(node, ast.Call):  # a helper returning options: its body is scanned too
        return call_name(node) in SAFE_BUILDERS or call_name(node).endswith("_choices")
    return False


def is_safe_options_item(node: ast.expr, constants: Constants) -> bool:
    if isinstance(node, ast.Starred):
        return is_safe_options(node.value, constants)
    if isinstance(node, ast.Call) and call_name(node) == "Option":
        return True
    return isinstance(node, ast.Tuple) and bool(node.elts) and is_safe_text(node.elts[0], constants)


WIDGET_QUERIES = frozenset({"query_one", "query", "results"})


def widget_names(function: ast.AST) -> set[str]:
    """Names bound in ``function`` to widgets: from ``query_one``/``query``, or a loop over a
    query."""
    names: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and call_name(node.value) in WIDGET_QUERIES:
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        is_loop = isinstance(node, ast.For) and isinstance(node.target, ast.Name)
        if is_loop and call_name(node.iter) in WIDGET_QUERIES:
            names.add(node.target.id)
    return names


def is_widget(node: ast.expr, widgets: set[str]) -> bool:
    if isinstance(node, ast.Call):
        return call_name(node) == "query_one"
    return isinstance(node, ast.Name) and node.id in widgets


class Scan:
    """The problems of one file (see the module docstring)."""

    def __init__(self, source: str, where: str, *, is_helper: bool = False) -> None:
        self.tree = ast.parse(source, filename=where)
        self.constants = module_constants(self.tree)
        self.where = where
        self.is_helper = is_helper
        self.widgets_at: dict[int, set[str]] = {}
        for function in ast.walk(self.tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                names = widget_names(function)
                for node in ast.walk(function):
                    line = getattr(node, "lineno", None)
                    if line is not None:
                        self.widgets_at.setdefault(line, set()).update(names)

    def safe(self, node: ast.expr | None) -> bool:
        return is_safe_text(node, self.constants)

    def problems(self) -> Iterator[str]:
        for node in ast.walk(self.tree):
            for problem in self.check(node):
                yield f"{self.where}:{getattr(node, 'lineno', '?')}: {problem}"

    def check(self, node: ast.AST) -> Iterator[str]:
        if isinstance(node, ast.ImportFrom) and node.module == "rich.markup":
            yield "imports rich.markup (markup built by hand)"
        elif isinstance(node, ast.keyword) and node.arg == "markup":
            if not (isinstance(node.value, ast.Constant) and node.value.value is False):
                yield "markup= other than False"
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                drawn = isinstance(target, ast.Attribute) and target.attr in DRAWN_ATTRIBUTES
                if drawn and not self.safe(node.value):
                    yield f"{ast.unparse(target)} = non-literal text"
        elif isinstance(node, ast.Call):
            yield from self.check_call(node, call_name(node))

    def check_call(self, node: ast.Call, name: str) -> Iterator[str]:
        if name == "notify" and not self.is_helper:
            yield "notify(...) outside literal.notify_plain"
        elif name == "from_markup":
            yield f"{ast.unparse(node.func)} parses markup"
        elif name in WIDGETS_TAKING_TEXT and isinstance(node.func, ast.Name):
            texts = [*node.args[:1], *(k.value for k in node.keywords if k.arg in TEXT_KEYWORDS)]
            for text in texts:
                if not self.safe(text):
                    yield f"{name}({ast.unparse(text)}) is not literal(...)"
        elif name in ("Select", "set_options") and node.args:
            if not is_safe_options(node.args[0], self.constants):
                yield f"{name} options {ast.unparse(node.args[0])} are not literal(...)"
        elif name in CELL_METHODS:
            yield from self.check_cells(node, name)
        elif name in ("update", "with_tooltip") and isinstance(node.func, ast.Attribute):
            widgets = self.widgets_at.get(node.lineno, set())
            text = node.args[0] if node.args else None
            if is_widget(node.func.value, widgets) and not self.safe(text):
                yield f"{ast.unparse(node)} is not literal(...)"

    def check_cells(self, node: ast.Call, name: str) -> Iterator[str]:
        args = node.args[1:] if name == "replace_option_prompt" else node.args  # skip the id
        for arg in args:
            cell = arg.value if isinstance(arg, ast.Starred) else arg
            if isinstance(cell, ast.GeneratorExp | ast.ListComp):
                cell = cell.elt
            if not self.safe(cell):
                yield f"{name}(... {ast.unparse(cell)} ...) is not literal(...)"


def problems(path: Path) -> list[str]:
    """Every place in ``path`` where text could reach the screen outside the safe path."""
    where = str(path.relative_to(UI.parent.parent))
    is_helper = path == UI / "literal.py"
    return list(Scan(path.read_text(encoding="utf-8"), where, is_helper=is_helper).problems())


def test_every_text_on_screen_goes_through_the_literal_path() -> None:
    found = [problem for path in ui_files() for problem in problems(path)]
    assert found == [], "\n".join(found)


def scan_source(source: str) -> list[str]:
    return list(Scan(source, "probe.py").problems())


def test_the_scan_catches_each_unsafe_form() -> None:
    unsafe = {
        'self.notify(f"Saved to {path}")': "notify",
        "self.notify(message, markup=False)": "notify",
        "Static(f'Pass to {player}')": "Static",
        "Button(label)": "Button",
        "Label(str(error))": "Label",
        "Option(name + ' wins')": "Option",
        "Select([(name, name) for name in themes])": "Select",
        "table.add_row(name, str(points))": "add_row",
        "self.query_one('#x', Static).update(message)": "update",
        "self.tooltip = message": "tooltip",
        "Text.from_markup(name)": "parses markup",
        "Static(name, markup=True)": "markup=",
    }
    for source, word in unsafe.items():
        found = scan_source(f"def f(self):\n    {source}\n")
        assert any(word in problem for problem in found), (source, found)
    safe = (
        "Static(literal(f'Pass to {player}'))",
        "Button('I am ready')",
        "Select([(literal(name), name) for name in themes])",
        "table.add_row(*(literal(cell) for cell in cells))",
        "self.query_one('#x', Static).update(literal(message))",
        "notify_plain(self, message)",
        "marks.update(cells)",  # a set, not a widget
    )
    for source in safe:
        assert scan_source(f"def f(self):\n    {source}\n") == [], source


# --- the helpers themselves ---------------------------------------------------------------------


def rendered(text: Text) -> str:
    console = Console(width=200, file=None, force_terminal=True, color_system=None)
    with console.capture() as capture:
        console.print(text, end="")
    return capture.get()


@fuzz_settings(40)
@given(text=hostile_text())
def test_literal_draws_every_text_as_written_and_never_a_control(text: str) -> None:
    shown = literal(text)
    assert shown.plain == plain(text)
    assert not shown.spans  # nothing in the text styled anything
    assert "\x1b" not in rendered(shown)
    # What a person reads is the text itself wherever it was safe to write.
    if text.isprintable():
        assert shown.plain == text


def test_markup_fragments_are_shown_as_their_characters() -> None:
    for fragment in MARKUP_FRAGMENTS:
        assert literal(fragment).plain == plain(fragment)
        assert literal(fragment, "bold").style == "bold"


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, object]]] = []

    def notify(self, message: str, **kwargs: object) -> None:
        self.calls.append((message, kwargs))


@fuzz_settings(30)
@given(message=hostile_text(), title=hostile_text())
def test_notify_plain_never_asks_for_markup_and_escapes_controls(message: str, title: str) -> None:
    target = Recorder()
    notify_plain(target, message, title=title, severity="error", timeout=3)
    [(shown, options)] = target.calls
    assert options["markup"] is False
    assert shown == plain(message)
    assert options["title"] == plain(title, newlines=False)
    assert "\x1b" not in shown + str(options["title"])


@given(st.text(max_size=30))
@fuzz_settings(30)
def test_plain_keeps_printable_text_unchanged(text: str) -> None:
    if text.isprintable():
        assert plain(text) == text
