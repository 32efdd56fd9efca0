"""A guided first game in the app ("Learn to play", issue 32): the lesson on the game's own screen.

The main menu's "Learn to play" lists the games that have a lesson
(:func:`lessons_offered`); the chosen one opens on that game's usual screen
(:meth:`GardensApp.open_lesson <gardens_tui.ui.app.GardensApp.open_lesson>`) with a
:class:`LessonCoach` attached, which the screen (:class:`~.game_base.GameScreen`) asks at each
change of the table:

- the :class:`LessonPanel` in the side column, above the log (the board keeps its room at
  80x24), shows the lesson's words: at each of the person's decisions the tip (``Idea n of
  N`` on its border, then the idea's title, ``Suggested: <notation>``, the idea and
  what it points at: :func:`idea_heading`, :func:`tip_words`);
  after a move other than the suggested one, the lesson's
  feedback on it, until the person's next real choice; in a terminal under 32 rows the panel
  takes the log's room and ``g`` swaps the two, and a new idea the panel still cannot hold
  shows whole over the board once (:func:`idea_choice`), the panel keeping it to scroll back;
- the places the tip talks about are pointed at on the board where the game's screen can name
  them (:meth:`GameScreen.point_at <.game_base.GameScreen.point_at>`); the panel names them all
  in words as well (colour-blind safe, and for the screens that cannot map a name yet);
- the lesson's first words (the game's goal, :attr:`Lesson.intro
  <gardens_tui.rules.lesson.Lesson.intro>`) show over the board when it opens
  (:func:`start_choice`), as its closing does (:func:`closing_choice`): the app's list of
  choices (:class:`~.choice.ChoiceScreen`) with the words as its title;
- the bots are the lesson's gentle seat bots, played by the screen's own
  :class:`~gardens_tui.driver.Driver` on the lesson's table (the same levels and seeds as
  :class:`~gardens_tui.lessons.base.LessonRun`'s driver), with the screen's visible delay;
- the lesson is kept in ``<data folder>/lessons/<game>.json`` (as ``gardens learn`` keeps it:
  :func:`~gardens_tui.lessons.kept.lesson_path`) at the end of every turn and when the person
  leaves, never in the autosaves ("Continue the last game" is for real games); "Learn to play"
  on a game with a kept unfinished lesson offers to continue it or start over;
- when the lesson is over (:meth:`LessonRun.finished
  <gardens_tui.lessons.base.LessonRun.finished>`: the game ended or the lesson's story is
  told), :func:`closing_choice` shows the score explained on the person's board, before the end
  screen if the game is over; from the board the game then plays on as any game.

The texts are the lesson's (ours), shown literally.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import VerticalScroll

from gardens_tui import saves
from gardens_tui.lessons import lesson_for
from gardens_tui.lessons.base import LessonRun
from gardens_tui.lessons.kept import lesson_path, open_run
from gardens_tui.rules.base import Action
from gardens_tui.rules.lesson import PERSON, Lesson, Tip
from gardens_tui.rules.words import join_and
from gardens_tui.table import Table, lone_action
from gardens_tui.ui.literal import literal
from gardens_tui.ui.screens.choice import ChoiceScreen
from gardens_tui.ui.widgets.game_log import LOG_KEY, GameLog
from gardens_tui.ui.widgets.steady import SteadyStatic

if TYPE_CHECKING:
    from gardens_tui.ui.screens.game_base import GameScreen

__all__ = [
    "IDEA_ID",
    "PLAY_SUGGESTION",
    "LessonCoach",
    "LessonPanel",
    "closing_choice",
    "find_lesson",
    "idea_choice",
    "idea_heading",
    "lesson_path",
    "lessons_offered",
    "open_run",
    "start_choice",
    "suggestion_words",
    "tip_words",
]


def find_lesson(game_id: str) -> Lesson:
    """The lesson of ``game_id`` (``KeyError``: none); the one place the app asks, so tests
    may offer a lesson of their own."""
    return lesson_for(game_id)


def lessons_offered(game_ids: Sequence[str]) -> list[Lesson]:
    """The lessons of those of ``game_ids`` that have one, in that order."""
    found = []
    for game_id in game_ids:
        try:
            found.append(find_lesson(game_id))
        except KeyError:
            continue
    return found


def idea_heading(run: LessonRun, tip: Tip) -> str:
    """``Idea n of N`` (``, again`` for a reminder): which of the lesson's ideas ``tip``
    teaches (:meth:`LessonRun.idea_label <gardens_tui.lessons.base.LessonRun.idea_label>`, as
    ``gardens learn`` counts); the panel's border title."""
    label = run.idea_label(tip)
    return label[0].upper() + label[1:]


SHORT_WORDS = 60
"""The longest description of a move the lesson names a suggestion by (longer: its notation)."""


def suggestion_words(run: LessonRun, action: Action) -> str:
    """The suggested move in words when they are short (``throw 2 (at Bot 2)``, ``Buy column 2
    (seagrass, seagrass, seagrass) for 3 pearls``), else their head before a colon when that is
    short (a Tanuki placement's description runs to a paragraph after ``place t61 r0 end 2
    (left end)``), else the game's notation."""
    words = run.game.describe_action(run.view(), action)
    head = words.split(": ", 1)[0]  # "place t61 r0 end 2 (left end): shiitake north to..."
    for said in (words, head):
        if 0 < len(said) <= SHORT_WORDS:
            return said
    return run.game.format_action(action)


def tip_words(run: LessonRun, tip: Tip) -> list[str]:
    """A tip in lines (under :func:`idea_heading`): the idea's title, ``Suggested:
    <notation>`` (when the lesson suggests a move), the idea, and what it points at (``Look
    at c3 and m4.``)."""
    titles = {rule.id: rule.title for rule in run.lesson.rules}
    lines = [titles.get(tip.rule, tip.rule)]
    if tip.suggests is not None:  # next to the title: in sight however narrow the panel
        lines.append(f"Suggested: {suggestion_words(run, tip.suggests)}")
    lines.append(tip.text)
    if tip.places:
        lines.append(f"Look at {join_and(list(tip.places))}.")
    return lines


class LessonPanel(VerticalScroll):
    """The lesson's words beside the board (see the module docstring): two thirds of the side
    column's room under the players (the log has the rest), whatever the game's other side
    widgets take; it scrolls when a tip is longer."""

    DEFAULT_CSS = """
    LessonPanel {
        height: 2fr;
        min-height: 4;
        border: round $accent;
        border-title-color: $text-accent;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    LessonPanel #lesson-text { height: auto; }
    """

    def __init__(self) -> None:
        super().__init__(id="lesson-panel")
        self.border_title = "Lesson"
        self.lines: tuple[str, ...] = ()
        """The lines shown now (plain text)."""

    def compose(self) -> ComposeResult:
        """One text block."""
        yield SteadyStatic(id="lesson-text", markup=False)

    def holds(self, lines: Sequence[str]) -> bool:
        """Whether ``lines`` fit the panel's room without scrolling, wrapped at its width as
        words wrap (worked out from the text, not from a layout that may lag behind it)."""
        region = self.scrollable_content_region
        width = max(region.width - 1, 1)  # the scrollbar's column, when there is one
        rows = sum(len(textwrap.wrap(line, width)) or 1 for line in lines)
        return rows <= region.height

    def show(self, lines: Sequence[str], heading: str = "Lesson") -> None:
        """Show ``lines`` (literally), from their top, under ``heading`` (the border title)."""
        lines = tuple(lines)
        self.border_title = literal(heading)
        if lines == self.lines:
            return
        self.lines = lines
        self.query_one("#lesson-text", SteadyStatic).update(literal("\n".join(lines)))
        self.scroll_home(animate=False)


class LessonCoach:
    """A lesson attached to a game screen: its :class:`LessonRun`, where it is kept, and the
    words the panel shows (see the module docstring). Every method runs on the UI thread."""

    def __init__(self, run: LessonRun, path: Path) -> None:
        self.run = run
        self.path = path
        self.feedback: str | None = None
        """The lesson's line about the person's last move, when it was not the suggested one
        (shown until their next real choice)."""
        self.tip: Tip | None = None
        """The tip shown now (``None``: none)."""
        self._last_lines: list[str] = []
        """The last tip's lines, kept on the panel while the bots play."""
        self.heading = "Lesson"
        """The panel's border title: which idea the lines are about."""
        self.seen: set[str] = set()
        """The rules whose tip was offered whole (:meth:`unseen_tip`): once each."""
        self.short = False
        """The terminal has fewer than :data:`ROOM_ROWS` rows: the panel or the log shows."""
        self.idea_up = False
        """An idea is shown whole over the board (:meth:`show_idea_whole`)."""

    @property
    def table(self) -> Table:
        """The lesson's table."""
        return self.run.table

    def person_decides(self) -> bool:
        """The person must decide now (the lesson not over)."""
        return self.table.state.current_player == PERSON and not self.run.finished()

    def lines(self) -> list[str]:
        """What the panel shows now (works out the tip of the person's decision: its rule
        counts as taught from then on)."""
        run = self.run
        if run.finished():
            self.tip = None
            self.heading = "Lesson"
            return ["The lesson is over. Play on as you like, or Escape for the menu."]
        lines: list[str] = []
        if self.feedback is not None:
            lines.extend([f"{LAST_MOVE}{self.feedback}", ""])
        if self.person_decides():
            self.tip = run.tip()
            if self.tip is not None:
                self._last_lines = tip_words(run, self.tip)
                self.heading = idea_heading(run, self.tip)
            elif not self._forced():
                self._last_lines = ["Nothing new here: play as you like."]
                self.heading = "Lesson"
        else:
            self.tip = None
        lines.extend(self._last_lines)
        return lines

    def unseen_tip(self) -> Tip | None:
        """The tip shown now, the first time its idea comes up (it counts as seen from then
        on); ``None`` otherwise. A screen whose panel cannot hold the tip shows it whole then
        (:func:`idea_choice`)."""
        tip = self.tip if self.person_decides() else None
        if tip is None or tip.rule in self.seen:
            return None
        self.seen.add(tip.rule)
        return tip

    def places(self) -> tuple[str, ...]:
        """The places to point at on the board now: the tip's, while the person decides."""
        return self.tip.places if self.tip is not None and self.person_decides() else ()

    def _forced(self) -> bool:
        state = self.table.state
        decision = state.decision
        if decision is None:
            return False
        legal = self.run.game.legal_actions(self.run.view())
        return lone_action(decision, legal) is not None

    def before_move(self, action: Action) -> Callable[[], None]:
        """The person is about to play ``action``: the lesson's feedback on it becomes the
        panel's (before the move, which is when the lesson can judge it; kept until the
        person's next real choice). Returns the undoing of that, for a move that is refused."""
        before = self.feedback
        if self.person_decides() and not self._forced():
            self.feedback = self.run.feedback(action) if self.run.tip() is not None else None

        def refused() -> None:
            self.feedback = before

        return refused

    # --- on the screen -------------------------------------------------------------------------

    def fit(self, screen: GameScreen, height: int) -> None:
        """The terminal is ``height`` rows: under :data:`ROOM_ROWS` the panel takes the log's
        room (the log's key swaps them back and forth)."""
        self.short = height < ROOM_ROWS
        self.show_panel_or_log(screen, log_shown=False)

    def show_panel_or_log(self, screen: GameScreen, *, log_shown: bool) -> None:
        """In a short terminal show one of the panel and the log (``log_shown`` picks);
        otherwise both."""
        for panel in screen.query(LessonPanel):
            panel.display = not (self.short and log_shown)
            panel.border_subtitle = literal(f"{LOG_KEY}: the log" if self.short else "")
        for log in screen.query(GameLog):
            log.display = not self.short or log_shown

    def show_idea_whole(self, screen: GameScreen) -> None:
        """A new idea that the panel cannot hold (a short terminal) shows whole over the board,
        once, while nothing else is over it (:func:`idea_choice`; its second choice plays the
        suggestion if the position is still the one the idea is about); the panel keeps it
        to scroll back to. An idea the panel holds counts as seen."""
        if screen.app.screen is not screen or self.idea_up:
            return  # (a push takes effect later: two calls in one refresh see this screen)
        panel = next(iter(screen.query(LessonPanel)), None)
        if panel is None or not panel.display:
            return  # the log is in the panel's place: the idea shows when the panel is back
        if panel.holds(panel.lines):
            if self.tip is not None:
                self.seen.add(self.tip.rule)  # it fits: read beside the board
            return
        tip = self.unseen_tip()
        if tip is None:
            return
        version = screen.seat_view.version

        def chosen(choice: int | None) -> None:
            self.idea_up = False
            if choice == PLAY_SUGGESTION and screen.seat_view.version == version:
                assert tip is not None and tip.suggests is not None
                screen.play(tip.suggests)

        self.idea_up = True
        screen.app.push_screen(idea_choice(self.run, tip, self.feedback), chosen)

    def keep(self, table: Table | None = None) -> Path:
        """Write the lesson to :attr:`path` (the folder made when needed); errors are raised
        (``OSError``, ``ValueError``) for the screen to report."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        return saves.write_save(table or self.table, self.path).path

    def closing(self) -> list[str]:
        """The score explained on the person's board."""
        return self.run.closing()


def start_choice(run: LessonRun, resumed: bool) -> ChoiceScreen:
    """The lesson's first words over the board: its title, the goal of the game and how a
    lesson goes (or that it is taken up where it was left), with one choice: to the board."""
    lines = [run.lesson.title, ""]
    if resumed:
        lines.append("Taking up your lesson where you left it.")
    lines.extend(run.lesson.intro)
    lines.append(
        "The lesson explains one idea at a time beside the board, points at what it talks "
        "about and suggests a move; any legal move is allowed. Escape leaves the lesson "
        "(it is kept)."
    )
    return ChoiceScreen("\n".join(lines), ["To the board"], id="lesson-start")


ROOM_ROWS = 32
"""Below this many rows the lesson panel takes the log's room in the side column (a tip is
10-20 lines there) and the log's key swaps the two."""

LAST_MOVE = "On your last move: "
"""What the lesson's line on the person's last move starts with."""

IDEA_ID = "lesson-idea"
"""The start of the id of an idea shown whole (:func:`idea_choice`), then its number."""

PLAY_SUGGESTION = 1
"""The idea's choice that plays the suggested move (the first goes to the board)."""


def idea_choice(run: LessonRun, tip: Tip, feedback: str | None = None) -> ChoiceScreen:
    """A new idea whole over the board, for a terminal too short for the panel to hold it: the
    lesson's line on the person's last move (``feedback``, if any), the idea's number and
    title, then the panel's words (:func:`tip_words`); the choices: to the board (to make a
    move there), or play the suggested move at once (:data:`PLAY_SUGGESTION`)."""
    title, *rest = tip_words(run, tip)
    lines = [f"{LAST_MOVE}{feedback}", ""] if feedback is not None else []
    lines += [f"{idea_heading(run, tip)}: {title}", "", *rest]
    choices = ["To the board"]
    if tip.suggests is not None:
        choices.append(f"Play the suggestion: {suggestion_words(run, tip.suggests)}")
    # an id of its own: the next idea can come while this one is still being taken down
    number = run.order.index(tip.rule) + 1 if tip.rule in run.order else 0
    return ChoiceScreen("\n".join(lines), choices, id=f"{IDEA_ID}-{number}")


CLOSING_CHOICES = ("Back to the menu (New game starts a real game)", "Play on")
"""The closing's choices: Enter takes the first (:data:`TO_MENU`); Escape or the second
plays on (when the game is over: the end screen, :data:`OVER_CHOICES`)."""

OVER_CHOICES = (CLOSING_CHOICES[0], "The end of the game (scores, replay, review)")
"""The closing's choices when the lesson ended with the game."""

TO_MENU = 0
"""The closing's choice that goes back to the menu."""


def closing_choice(run: LessonRun) -> ChoiceScreen:
    """The lesson's closing over the board: the score explained on the person's board, and
    whether to go back to the menu or play on."""
    lines = [f"{run.lesson.title}: the lesson is over", "", *run.closing()]
    choices = OVER_CHOICES if run.table.state.is_over else CLOSING_CHOICES
    return ChoiceScreen("\n".join(lines), choices, id="lesson-closing")
