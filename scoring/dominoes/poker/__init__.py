"""Domino poker (rules/dominoes.md §10.3, V7): the showdown engine (``engine``) and the ranking
of five-tile hands (``ranking``), one module each."""
