"""Widgets shared by every screen: the board grid, prompt line, game log, player panel, scores."""
