"""Seven Skittles (rules/skittles.md Game A): the engine (``engine``), its rules, the re-spotting
of fallen skittles and the texts, one module each."""
