"""The process-wide cache of parsed CSS (:mod:`gardens_tui.ui.css_cache`): installed on this
Textual, shared by every stylesheet (two apps in one process get the same parsed rule sets), and
never shared between different theme variables (a theme's colours are substituted while
parsing)."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from gardens_tui.settings import Settings
from gardens_tui.ui.app import create_app
from gardens_tui.ui.css_cache import install_shared_css_cache, shared_entries

CSS = "Static.probe-css-cache { color: $text-warning; background: $panel; }"


def variables(**changed: str) -> dict[str, str]:
    """Theme variables enough for :data:`CSS`, with ``changed`` (underscores for dashes)."""
    base = {"text-warning": "#ffa62b", "panel": "#101010"}
    base.update({name.replace("_", "-"): value for name, value in changed.items()})
    return base


def test_install_works_on_this_textual_and_is_idempotent() -> None:
    assert install_shared_css_cache() is True
    assert install_shared_css_cache() is True


def test_two_stylesheets_with_the_same_variables_share_the_parse() -> None:
    install_shared_css_cache()
    first = Stylesheet(variables=variables())._parse_rules(CSS, ("test", "same"))
    entries = shared_entries()
    second = Stylesheet(variables=variables())._parse_rules(CSS, ("test", "same"))
    assert second is first
    assert shared_entries() == entries


def test_different_theme_variables_never_share_an_entry() -> None:
    install_shared_css_cache()
    warm = Stylesheet(variables=variables())._parse_rules(CSS, ("test", "themes"))
    cold = Stylesheet(variables=variables(text_warning="#0000ff"))._parse_rules(
        CSS, ("test", "themes")
    )
    assert cold is not warm
    assert warm[0].styles.color != cold[0].styles.color
    # and the same text read from elsewhere, or with another scope, is another entry too
    elsewhere = Stylesheet(variables=variables())._parse_rules(CSS, ("test", "elsewhere"))
    scoped = Stylesheet(variables=variables())._parse_rules(CSS, ("test", "themes"), scope="X")
    assert elsewhere is not warm and scoped is not warm


async def test_two_apps_in_one_process_share_parsed_rules() -> None:
    first = create_app(settings=Settings())
    async with first.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        first_rules = {id(rule): rule for rule in first.stylesheet.rules}
    entries = shared_entries()
    second = create_app(settings=Settings())
    async with second.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        shared = [rule for rule in second.stylesheet.rules if id(rule) in first_rules]
    assert shared_entries() == entries  # the second app parsed nothing again
    assert len(shared) == len(second.stylesheet.rules) > 0
    assert all(first_rules[id(rule)] is rule for rule in shared)
