"""Devyatka (rules/cards.md Appendix A): the engine (``engine``), the layout's rules and the
texts, one module each."""
