"""Nine-card Don (rules/cards.md §6): the engine (``engine``), its rules and texts, one module
each."""
