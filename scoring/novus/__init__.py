"""Novus, disc billiards (docs/rules/novus.md, seed 000 L339-417): the shot record
(``record``), the texts (``messages``) and the engine that judges each shot (``engine``)."""
