"""Card Ball (rules/cards.md §4): the engine (``engine``), the rules of a shot and the texts,
one module each."""
