"""Small pieces of state plumbing that the card engines share, kept once.

A card engine's state is a frozen dataclass of per-player tuples, and its actions name cards in
any accepted spelling; these are the few steps every engine took the same way (a tuple with one
seat's value replaced, the cards of an action, a card's words for a verdict).  What is generic
to every game (whose seat an action is, the view's winner) lives in :mod:`scoring.engine`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.cards import Card, parse_card
from scoring.engine import sheet_row
from scoring.verdicts import MessageData


def put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with the one at ``index`` replaced: how a frozen state changes one seat."""
    return (*values[:index], value, *values[index + 1 :])


def parse_cards(texts: Sequence[str]) -> tuple[Card, ...]:
    """The cards an action names (already checked by its field), as cards."""
    return tuple(parse_card(text) for text in texts)


def card_words(card: Card) -> MessageData:
    """A card in both languages, as a verdict's ``card`` and ``card_ru`` fields."""
    return {"card": str(card), "card_ru": card.shown("ru")}


def chip_rows(
    names: Sequence[str],
    start: Sequence[int],
    history: Sequence[Sequence[int]],
    deal: tuple[str, str, str],
) -> list[dict[str, Any]]:
    """A chip game's sheet as players keep it: the chips at the start, then each deal's net
    result (``deal``: the row key's stem and its English and Russian name, numbered)."""
    chips = dict(zip(names, start, strict=True))
    rows = [sheet_row("start", "Chips at the start", "Фишки в начале", chips)]
    stem, title, title_ru = deal
    for number, net in enumerate(history, start=1):
        rows.append(
            sheet_row(
                f"{stem}_{number}",
                f"{title} {number}",
                f"{title_ru} {number}",
                dict(zip(names, net, strict=True)),
            )
        )
    return rows
