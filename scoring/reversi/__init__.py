"""Reversi / Othello (docs/rules/reversi.md): ``board`` the squares and which discs a placement
turns, ``rules`` the preset's options, ``messages`` the verdict texts, ``engine`` the game."""
