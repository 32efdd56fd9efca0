"""The rules of Octopus's Garden in our own words (Markdown) for ``gardens rules`` and ``?``."""

from __future__ import annotations

SUMMARY = """\
# Octopus's Garden

Buy tokens from a 3x3 market and plant them in your 24-space garden.
"""
