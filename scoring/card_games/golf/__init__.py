"""Golf (rules/cards.md §5): the engine (``engine``), its rules and texts, one module each."""
