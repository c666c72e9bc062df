"""Five pins (rules/skittles.md Game B): the engine (``engine``), its rules, the score pad and
the texts, one module each."""
