"""Deberts (rules/cards.md): the engine (``engine``), its deal, play, rules, settlement,
sheet, state and texts, one module each."""
