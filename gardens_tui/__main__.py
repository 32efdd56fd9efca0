"""`python -m gardens_tui` runs the command line."""

from gardens_tui.cli import main

raise SystemExit(main())
