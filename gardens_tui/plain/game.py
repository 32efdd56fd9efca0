"""One seat view played line by line: :class:`PlainGame`.

The loop, each time something changed:

1. the news: every log step since the viewer last read the log, as the viewer may read it (a
   line saying a decision was taken back when the log got shorter);
2. at the game's end, the result and the final score table, and the loop ends;
3. when the viewer's seat decides: a forced step (one legal action) or a skill decision (the
   dodge of Throw Octopus!, a reflex game the plain mode cannot offer: it is settled by the
   game's own odds, as bots and timeouts settle it) is played by itself and said; otherwise the
   position (the game's text board, as ``gardens show`` prints it), whose turn it is, the
   decision and the legal moves, numbered, each once per position;
4. when somebody else decides: one line saying who is deciding, once per position;
5. then it waits for an event: a typed line (a move's number, a move in notation, a command),
   the end of input, or a call from another thread (a change at a server's table).

What runs the bots, saves, chats and ends a game differs between a game on this computer and a
seat at a server's table: the :class:`PlainHooks` given say it. A hot-seat game
(several people at one keyboard, :attr:`PlainHooks.hot_seat`) asks the next person to take the
keyboard before it shows anything of their seat, and prints each seat's news and position only
after that: nothing printed for one seat holds another seat's secrets (the terminal's scroll-back
does hold what was printed earlier, as a paper log would).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from gardens_tui.bots.advice import advice_lines, advise
from gardens_tui.plain.console import Call, Console, Inbox, InputEnded, Typed
from gardens_tui.rules.base import ROLL, Action, IllegalAction
from gardens_tui.rules.safe_text import whole_number
from gardens_tui.rules.words import possessive
from gardens_tui.seat_words import rules_markdown, score_lines, status_lines
from gardens_tui.seats import LogStep, SeatView
from gardens_tui.table import lone_action

MOVES_LISTED = 30
"""The most legal moves listed with the position; ``moves`` lists them all."""

LOG_LINES = 12
"""Log steps ``log`` prints unless given a number."""

HELP = (
    "Type a move's number, or a move as the game writes it (as listed). Commands:",
    "  board: the position again. moves: every legal move; moves WORD: those that hold WORD.",
    "  log, or log N: the last steps.",
    "  score: the scores as you see them. undo: take back your last decision, where allowed.",
    "  hint: the strong bot's advice for this decision. rules: the game's rules and notation.",
)
"""What ``help`` prints first; the hooks add their own commands (save, say, quit...)."""

KEYBOARD_FREE = frozenset({"help", "rules", "save", "quit", "leave"})
"""Commands a hot-seat game takes before the next person has taken the keyboard: none of them
shows anything of a seat."""


def move_text(notation: str, words: str) -> str:
    """A legal move as listed: its notation (what may be typed) and what it does, each once
    (``buy row 1: Buy row 1 (…) for 3 pearls``; a description that starts with the notation
    already says both)."""
    if words == notation or words.startswith(notation):
        return words
    return f"{notation}: {words}"


class Ending(Enum):
    """Why :meth:`PlainGame.run` returned."""

    OVER = "over"
    QUIT = "quit"
    INPUT_ENDED = "input ended"
    CLOSED = "closed"


@dataclass
class PlainHooks:
    """What a plain game does that depends on where the table is.

    - ``play_bots``: play the bots' decisions now, until a person must decide (a table on this
      computer; a server's owner plays its own bots). It may print nothing: the news does.
    - ``save``: ``save``'s work, given the name typed (``""``: none); returns the lines to
      print. ``None``: this game cannot be saved here (a server keeps its tables).
    - ``chat``: say a line to everyone at the table (``None``: no chat here).
    - ``quit_lines``: what ``quit`` prints (where the game is kept, how to go on).
    - ``quit_word``: the command that ends the game here (``quit``, or ``leave`` at a server).
    - ``ended``: why the table can no longer be played (a lost connection), or ``None``.
    - ``hot_seat``: several people share this keyboard (see the module docstring).
    - ``coach``: lines said with each new position of the person's decision, after whose turn
      it is and before the moves (a lesson's tip).
    - ``before_move``: lines said before the person's move is played (a lesson's feedback).
    - ``stop``: the game stops here for the caller (a lesson that is over): the lines to say
      last; ``None`` while it goes on.
    """

    play_bots: Callable[[], None] = lambda: None
    save: Callable[[str], list[str]] | None = None
    chat: Callable[[str], None] | None = None
    quit_lines: Callable[[], list[str]] = lambda: []
    quit_word: str = "quit"
    ended: Callable[[], str | None] = lambda: None
    hot_seat: bool = False
    coach: Callable[[], list[str]] = lambda: []
    before_move: Callable[[Action], list[str]] = lambda _: []
    stop: Callable[[], list[str] | None] = lambda: None


class PlainGame:
    """Plays ``view`` through ``console`` with events from ``inbox`` (see the module docstring).

    ``view`` acts for the seats the person (or, hot-seat, the people at the keyboard) plays;
    its :attr:`~gardens_tui.seats.SeatView.viewer` is whose eyes the position is drawn for. A
    hot-seat view must be a :class:`~gardens_tui.seats.LocalSeatView` (``look_as`` moves the
    viewer)."""

    def __init__(
        self, view: SeatView, console: Console, inbox: Inbox, hooks: PlainHooks | None = None
    ) -> None:
        self.view = view
        self.console = console
        self.inbox = inbox
        self.hooks = hooks or PlainHooks()
        self.seen: dict[int | None, int] = {}
        """How far each viewer has read the log (positions): the next news starts there."""
        self._shown: tuple[int, int | None] | None = None
        """The (version, viewer) whose position and moves were printed last."""
        self._waiting: int | None = None
        """The version whose "waiting for" line was printed last."""
        self._moves: list[Action] = []
        self._ready: int | None = None
        """Hot seat: the seat whose person said they are at the keyboard."""
        self._asked: int | None = None
        """Hot seat: the seat last asked to take the keyboard."""

    # --- the loop -------------------------------------------------------------------------------

    def run(self, *, catch_up: bool = False) -> Ending:
        """Play until the game ends, the person quits or input ends; why it returned.

        Without ``catch_up`` the log so far is taken as read (a new game, or the person said
        where they were); with it, everything the viewer may read is printed first."""
        if not catch_up:
            self.seen[self.view.viewer] = self.view.length
        while True:
            ended = self.hooks.ended()
            if ended is not None:
                self.console.say(ended, "error")
                return Ending.CLOSED
            self.hooks.play_bots()
            self._print_news()
            last = self.hooks.stop()
            if self.view.outcome() is not None:
                self._print_end()
            if self.view.outcome() is not None or last is not None:
                self.console.lines(last or [])
                return Ending.OVER
            if self._settle_by_itself():
                continue
            self._prompt()
            ending = self._next_event()
            if ending is not None:
                return ending

    def _next_event(self) -> Ending | None:
        event = self.inbox.get()
        if isinstance(event, InputEnded):
            return Ending.INPUT_ENDED
        if isinstance(event, Call):
            event.run()
            return None
        assert isinstance(event, Typed)
        return self.typed(event.text)

    # --- news -----------------------------------------------------------------------------------

    def _print_news(self) -> None:
        viewer = self.view.viewer
        since = self.seen.get(viewer, 0)
        length = self.view.length
        if length < since:
            self.console.say("A decision was taken back.")
            since = length
        if length > since:
            for step in self.view.log(since):
                self.console.lines(self._step_lines(step))
        self.seen[viewer] = length

    def _step_lines(self, step: LogStep) -> list[str]:
        if step.lines:
            return list(step.lines)
        who = "Somebody" if step.seat is None else self.view.seats[step.seat].name
        return [f"{who}: {step.notation}" if step.notation else f"{who} decided."]

    def _print_end(self) -> None:
        view = self.view
        self.console.say()
        self.console.lines(status_lines(view), "heading")
        self.console.say("Final scores:")
        self.console.lines(score_lines(view, view.scores()))

    # --- deciding -------------------------------------------------------------------------------

    def _deciding_person(self) -> int | None:
        """The seat deciding now if this view acts for it, else ``None``."""
        decision = self.view.decision()
        if decision is None or not self.view.may_act():
            return None
        return decision.seat

    def _settle_by_itself(self) -> bool:
        """Play a forced step or settle a skill decision of the person's seat; whether it did."""
        seat = self._deciding_person()
        if seat is None or (self.hooks.hot_seat and seat != self._ready):
            return False
        decision = self.view.decision()
        assert decision is not None
        legal = self.view.legal_actions()
        if decision.skill is not None and ROLL in legal:
            self.console.say(
                f"{decision.prompt}: settled by the game's odds (the plain mode has no "
                f"{decision.skill} game to play)."
            )
            return self._play(ROLL)
        action = lone_action(decision, legal)
        return action is not None and self._play(action)

    def _prompt(self) -> None:
        view = self.view
        seat = self._deciding_person()
        if seat is None:
            self._say_waiting()
            return
        if self.hooks.hot_seat and seat != self._ready:
            self._ask_for_keyboard(seat)
            return
        key = (view.version, view.viewer)
        if self._shown == key:
            return
        self._shown = key
        self._moves = view.legal_actions()
        self.console.say()
        self._print_board()
        self.console.lines(status_lines(view), "turn")
        self.console.lines(self.hooks.coach(), "heading")
        left = getattr(view, "seconds_left", lambda: None)()
        if left is not None:
            self.console.say(
                f"The table's time limit: {round(left)} seconds for this decision; then you "
                "pass, or a stand-in bot plays it for you where there is no passing."
            )
        self._print_moves(MOVES_LISTED)

    def _say_waiting(self) -> None:
        view = self.view
        decision = view.decision()
        if decision is None or self._waiting == view.version:
            return
        self._waiting = view.version
        seat = view.seats[decision.seat]
        who = f"{seat.name} (bot)" if seat.bot else seat.name
        self.console.say(f"Waiting for {who}: {decision.prompt}.", "note")

    def _ask_for_keyboard(self, seat: int) -> None:
        if self._asked == seat:
            return
        self._asked = seat
        name = self.view.seats[seat].name
        self.console.say()
        self.console.say(
            f"{possessive(name)} turn. Pass the keyboard to {name}; {name}, press Enter "
            "when the others cannot see the screen.",
            "turn",
        )

    def _print_board(self) -> None:
        view = self.view
        board = view.game.render_text(view.view(), view.viewer)
        self.console.say(board.rstrip("\n"))

    def _print_moves(self, limit: int | None, words: tuple[str, ...] = ()) -> None:
        """The moves, numbered as they are typed: the first ``limit`` (``None``: all), or only
        those whose notation or description holds every one of ``words`` (any case)."""
        moves = self._moves
        if not moves:
            return
        game = self.view.game
        state = self.view.view()
        listed = []
        for number, action in enumerate(moves, start=1):
            text = move_text(game.format_action(action), game.describe_action(state, action))
            if all(word in text.casefold() for word in words):
                listed.append(f"  {number}. {text}")
        if words:
            wanted = " ".join(words)
            found = f"{len(listed)} of your {len(moves)} moves hold {wanted!r}"
            self.console.say(
                f"{found}:" if listed else f"None of your {len(moves)} moves hold {wanted!r}."
            )
            self.console.lines(listed)
            return
        self.console.say(f"Your moves ({len(moves)}):")
        self.console.lines(listed if limit is None else listed[:limit])
        if limit is not None and len(listed) > limit:
            self.console.say(
                f"  ... and {len(listed) - limit} more: type moves to list them all, or moves "
                "and a word to list those that hold it (moves c3)."
            )

    def _play(self, action: Action, *, typed: bool = False) -> bool:
        """Play ``action`` as the deciding seat; a refusal is said (the game unchanged). A
        legal move gets the hook's :attr:`~PlainHooks.before_move` lines first."""
        if action in self.view.legal_actions():
            self.console.lines(self.hooks.before_move(action))
        try:
            self.view.apply(action)
        except IllegalAction as refusal:
            more = ". Type a move's number, or help." if typed else ""
            self.console.say(f"Not played: {refusal}{more}", "error")
            return False
        return True

    # --- what the person types ------------------------------------------------------------------

    def at_keyboard(self) -> bool:
        """Whether the person deciding now (if any) is the one the position is drawn for: always,
        except in a hot-seat game between one person's turn and the next person's Enter."""
        seat = self._deciding_person()
        return not self.hooks.hot_seat or seat is None or seat == self._ready

    def typed(self, text: str) -> Ending | None:
        """Carry out one typed line; an :class:`Ending` when it ends the game here."""
        word, _, rest = text.partition(" ")
        command = self._commands().get(word.lower())
        if not self.at_keyboard():
            if not text:
                seat = self._deciding_person()
                self._ready = seat
                self.view.look_as(seat)  # type: ignore[attr-defined]
                self._shown = None
            elif command is not None and word.lower() in KEYBOARD_FREE:
                return command(rest.strip())
            else:
                self.console.say("Press Enter first: the next person must take the keyboard.")
            return None
        if command is not None:
            return command(rest.strip())
        if not text:
            self._shown = None  # Enter alone: the position and the moves again
            self._waiting = None
            return None
        if self._deciding_person() is None:
            self.console.say(
                f"{text!r} is not a command, and it is not your turn. Type help for the commands."
            )
            return None
        self._move(text)
        return None

    def _move(self, text: str) -> None:
        number = whole_number(text)
        if number is not None:
            if 1 <= number <= len(self._moves):
                self._play(self._moves[number - 1])
            else:
                self.console.say(
                    f"There is no move {number}: the moves are numbered 1 to {len(self._moves)}.",
                    "error",
                )
            return
        try:
            action = self.view.game.read_action(self.view.view(), text)
        except IllegalAction as refusal:
            self.console.say(f"Not played: {refusal}. Type a move's number, or help.", "error")
            return
        self._play(action, typed=True)

    def _commands(self) -> dict[str, Callable[[str], Ending | None]]:
        commands: dict[str, Callable[[str], Ending | None]] = {
            "help": self.cmd_help,
            "board": self.cmd_board,
            "moves": self.cmd_moves,
            "log": self.cmd_log,
            "score": self.cmd_score,
            "undo": self.cmd_undo,
            "hint": self.cmd_hint,
            "rules": self.cmd_rules,
            self.hooks.quit_word: self.cmd_quit,
        }
        if self.hooks.save is not None:
            commands["save"] = self.cmd_save
        if self.hooks.chat is not None:
            commands["say"] = self.cmd_say
        return commands

    def cmd_help(self, _: str) -> None:
        """``help``: the commands."""
        self.console.lines(HELP)
        extra = []
        if self.hooks.save is not None:
            extra.append("  save, or save NAME: save the game (to your saves folder).")
        if self.hooks.chat is not None:
            extra.append("  say TEXT: say a line to everyone at the table.")
        extra.append(f"  {self.hooks.quit_word}: stop here; the game is kept.")
        self.console.lines(extra)

    def cmd_board(self, _: str) -> None:
        """``board``: the position and the moves again."""
        self._print_board()
        self.console.lines(status_lines(self.view))
        if self._deciding_person() is not None:
            self._moves = self.view.legal_actions()
            self._print_moves(MOVES_LISTED)

    def cmd_moves(self, rest: str) -> None:
        """``moves``: every legal move, numbered; ``moves WORD...``: those that hold every word
        (a place, a token, a tile), numbered as in the whole list."""
        if self._deciding_person() is None:
            self.console.say("It is not your turn: you have no moves now.")
            return
        self._moves = self.view.legal_actions()
        self._print_moves(None, tuple(rest.casefold().split()))

    def cmd_log(self, rest: str) -> None:
        """``log`` or ``log N``: the last steps of the log, as the viewer may read them."""
        count = whole_number(rest) or LOG_LINES
        steps = self.view.log(max(0, self.view.length - count))
        if not steps:
            self.console.say("Nothing has happened yet.")
        for step in steps:
            self.console.lines(self._step_lines(step))

    def cmd_score(self, _: str) -> None:
        """``score``: the score table as the viewer sees it."""
        view = self.view
        self.console.lines(score_lines(view, view.scores()))
        if view.outcome() is None:
            self.console.say("Provisional scores: the game is not over.")

    def cmd_undo(self, _: str) -> None:
        """``undo``: take back the person's last decision, or say why not."""
        refusal = self.view.undo_refusal()
        if refusal is not None or not self.view.undo():
            self.console.say(f"Nothing was taken back: {refusal or 'undo is not possible now'}.")
            return
        self.console.say("Your last decision was taken back.")
        self.seen[self.view.viewer] = self.view.length
        self._shown = None

    def cmd_hint(self, _: str) -> None:
        """``hint``: the strong search's advice on the viewer's own view."""
        seat = self._deciding_person()
        if seat is None:
            self.console.say("A hint is for your own decision: it is not your turn.")
            return
        self.console.say("Thinking about a hint...", "note")
        game = self.view.game
        result = advise(game, self.view.view())
        name = self.view.seats[seat].name
        self.console.lines(advice_lines(result, game.format_action, name))
        if result.action in self._moves:
            self.console.say(f"That is move {self._moves.index(result.action) + 1}.")

    def cmd_rules(self, _: str) -> None:
        """``rules``: the game's rules summary, options and notation."""
        self.console.say(rules_markdown(self.view.game).rstrip("\n"))

    def cmd_save(self, name: str) -> None:
        """``save`` or ``save NAME``: the hook's save."""
        assert self.hooks.save is not None
        self.console.lines(self.hooks.save(name))

    def cmd_say(self, text: str) -> None:
        """``say TEXT``: a chat line to the table."""
        assert self.hooks.chat is not None
        if not text:
            self.console.say("Type say, a space and what to say.")
            return
        self.hooks.chat(text)

    def cmd_quit(self, _: str) -> Ending:
        """``quit`` (``leave`` at a server): stop; the hook says where the game is kept."""
        self.console.lines(self.hooks.quit_lines())
        return Ending.QUIT
