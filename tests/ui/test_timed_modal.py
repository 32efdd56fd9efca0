"""TimedModal: the countdown driven by tick() (never the clock), timeout to the default result,
a choice's key or a click to its result, Esc, other keys, a timeout while covered, literal
text, and a key burst that dismisses only once."""

from __future__ import annotations

from typing import Any

from hostile_input import burst, screen_text, unsafe_on_screen
from textual.app import App
from textual.screen import ModalScreen
from textual.widgets import Static

from gardens_tui.ui.screens.timed_modal import BAR_WIDTH, TimedChoice, TimedModal, countdown_text

CHOICES = (TimedChoice("j", "Dodge!", "dodge"), TimedChoice("s", "Play a shield", "shield"))


class Host(App[None]):
    """Pushes one timed modal and records what it dismissed with."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__()
        self.kwargs = {"time_ms": 1500, "tick_ms": 100, "clock": False, **kwargs}
        self.results: list[Any] = []
        self.modal: TimedModal[str] | None = None

    def on_mount(self) -> None:
        prompt = self.kwargs.pop("prompt", "Ann throws an octopus at you!")
        self.modal = TimedModal(prompt, CHOICES, "pass", **self.kwargs)
        self.push_screen(self.modal, self.results.append)


async def test_time_running_out_dismisses_with_the_default() -> None:
    app = Host()
    async with app.run_test() as pilot:
        modal = app.modal
        assert modal is not None
        await pilot.pause()
        assert modal.remaining_ms == 1500  # no clock: nothing moves by itself
        assert "countdown" not in {timer.name for timer in modal._timers}
        for _ in range(14):
            modal.tick()
        await pilot.pause()
        assert modal.remaining_ms == 100 and app.results == []
        assert "0.1 s" in str(modal.query_one("#timed-clock", Static).render())
        modal.tick()
        await pilot.pause()
        assert app.results == ["pass"]
        assert app.screen is not modal
        modal.tick()  # a late tick does nothing more
        await pilot.pause()
        assert app.results == ["pass"]


async def test_a_choice_key_dismisses_with_its_result() -> None:
    app = Host()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.modal is not None
        app.modal.tick(700)
        await pilot.press("x")  # not a choice, and other keys are not taken: nothing
        assert app.results == []
        await pilot.press("j")
        await pilot.pause()
        assert app.results == ["dodge"]


async def test_escape_gives_the_default_and_other_key_when_asked() -> None:
    app = Host()
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.results == ["pass"]
    app = Host(other_key="missed")
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        assert app.results == ["missed"]


async def test_clicking_a_choice_takes_it() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click("#timed-choices", offset=(4, 1))
        await pilot.pause()
        assert app.results == ["shield"]


async def test_a_burst_of_keys_dismisses_once_and_reaches_nothing_below() -> None:
    app = Host()
    async with app.run_test() as pilot:
        await pilot.pause()
        await burst(pilot, "s", "j", "escape", "s")
        assert app.results == ["shield"]


async def test_a_timeout_while_covered_takes_effect_when_back_on_top() -> None:
    app = Host()
    async with app.run_test() as pilot:
        await pilot.pause()
        modal = app.modal
        assert modal is not None
        cover: ModalScreen[None] = ModalScreen()
        app.push_screen(cover)
        await pilot.pause()
        modal.tick(5000)
        await pilot.pause()
        assert app.results == [] and not modal.dismissed
        app.pop_screen()
        await pilot.pause()
        modal.tick()
        await pilot.pause()
        assert app.results == ["pass"]


async def test_prompt_and_labels_are_drawn_literally() -> None:
    app = Host(prompt="[b]Bob[/b] \x1b[31mthrows!", title="[red]Octopus![/red]")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "[b]Bob[/b] \\x1b[31mthrows!" in text
        assert "[red]Octopus![/red]" in text
        assert "Dodge!" in text and "Play a shield" in text
        assert unsafe_on_screen(app) == []


async def test_the_clock_runs_on_a_timer_when_asked() -> None:
    app = Host(clock=True, time_ms=3_600_000, tick_ms=3_600_000)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.modal is not None
        assert "countdown" in {timer.name for timer in app.modal._timers}


def test_countdown_text_empties_the_bar_and_rounds_up() -> None:
    assert countdown_text(1500, 1500, ascii_mode=True) == "#" * BAR_WIDTH + " 1.5 s"
    assert countdown_text(0, 1500, ascii_mode=True) == "-" * BAR_WIDTH + " 0.0 s"
    half = countdown_text(750, 1500, ascii_mode=False)
    assert half.count("█") == BAR_WIDTH // 2 and half.endswith(" 0.8 s")
    assert countdown_text(1, 1500, ascii_mode=True).endswith(" 0.1 s")


async def test_closing_twice_and_a_late_timeout_give_one_result() -> None:
    app = Host()
    async with app.run_test() as pilot:
        await pilot.pause()
        modal = app.modal
        assert modal is not None
        await app.run_action("choose(0)", modal)
        await app.run_action("choose(1)", modal)
        modal.tick(5000)
        modal.dismiss("late")
        await pilot.pause()
        assert app.results == ["dodge"]
