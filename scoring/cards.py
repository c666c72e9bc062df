"""Playing cards as every card game and the card reader write them.

ARCHITECTURE.md writes a card as rank + suit (``10H``, ``QS``); the rules specs write ten as
``T`` (``TD``) and Russian players write jack, queen, king, ace as В Д К Т with suit symbols. All
of these are read here, and one canonical spelling (``10H``) is written back, so a journal, a
scenario and the camera always agree on what a card is called.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import ActionError, BilingualError, FieldType, ru_text

#: Ranks from low to high in the natural order; games with other orders rank them themselves.
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RUSSIAN_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}

#: Other spellings of a rank: the specs' ``T`` for ten, Russian court letters (Cyrillic Т is the
#: ace, Latin T the ten), lower case.
_RANK_ALIASES = {"T": "10", "В": "J", "Д": "Q", "К": "K", "Т": "A"}
_SUIT_ALIASES = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()} | {
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
}


@dataclass(frozen=True, order=True)
class Card:
    """One card; ordered by natural rank then suit, which is only a stable sort order."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise ValueError(f"{self.rank!r} is not a rank ({' '.join(RANKS)})")
        if self.suit not in SUITS:
            raise ValueError(f"{self.suit!r} is not a suit ({' '.join(SUITS)})")

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def rank_index(self) -> int:
        """Position in the natural order 2 < ... < A (2 is 0, ace is 12)."""
        return RANKS.index(self.rank)

    def shown(self, lang: str = "en") -> str:
        """How a display writes the card: ``10♥``, or ``Д♠`` for Russian players."""
        rank = RUSSIAN_RANKS.get(self.rank, self.rank) if lang == "ru" else self.rank
        return rank + SUIT_SYMBOLS[self.suit]


def parse_card(text: str) -> Card:
    """Read one card in any spelling the module accepts; ``ValueError`` names what is wrong."""
    if not isinstance(text, str):
        raise _not_a_card(text)
    word = text.strip().upper()
    if len(word) < 2:
        raise _not_a_card(text)
    rank, suit = word[:-1], word[-1]
    rank = _RANK_ALIASES.get(rank, rank)
    suit = _SUIT_ALIASES.get(suit, suit)
    if rank not in RANKS:
        raise BilingualError(
            f"{text!r}: {word[:-1]!r} is not a rank ({' '.join(RANKS)})",
            ru=f"{text!r}: {word[:-1]!r} — не достоинство карты ({' '.join(RANKS)})",
        )
    if suit not in SUITS:
        raise BilingualError(
            f"{text!r}: {word[-1]!r} is not a suit (C D H S)",
            ru=f"{text!r}: {word[-1]!r} — не масть (C D H S)",
        )
    return Card(rank, suit)


def _not_a_card(text: Any) -> BilingualError:
    return BilingualError(
        f"{text!r} is not a card (write rank + suit, e.g. 10H or QS)",
        ru=f"{text!r} — не карта (пишите достоинство и масть, например 10H или QS)",
    )


def deck(size: int) -> tuple[Card, ...]:
    """The 52-card deck, or the 36 (6..A) and 32 (7..A) short decks of Russian games."""
    lowest = {52: "2", 36: "6", 32: "7"}.get(size)
    if lowest is None:
        raise ValueError(f"{size} is not a deck size (52, 36 or 32)")
    ranks = RANKS[RANKS.index(lowest) :]
    return tuple(Card(rank, suit) for suit in SUITS for rank in ranks)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


@dataclass(frozen=True)
class CardField(FieldType):
    """One card of the game's deck, in any accepted spelling; the action holds its canonical
    spelling so journals compare equal however the card was typed."""

    deck: tuple[Card, ...] = deck(52)

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        return "a card such as 10H or QS"

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        return "карта, например 10H или QS"

    def check(self, name: str, value: Any) -> str:
        card = _card_in_deck(name, value, self.deck)
        return str(card)


@dataclass(frozen=True)
class CardsField(FieldType):
    """A list of distinct cards of the game's deck, ``min_count``..``max_count`` long."""

    deck: tuple[Card, ...] = deck(52)
    min_count: int = 1
    max_count: int = 52

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"{self.min_count} to {self.max_count} cards such as 10H QS"

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"от {self.min_count} до {self.max_count} карт, например 10H QS"

    def check(self, name: str, value: Any) -> tuple[str, ...]:
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, list | tuple):
            raise ActionError(
                "bad_field",
                f"{name}: expected a list of cards, got {value!r}",
                name,
                ru=f"{name}: нужен список карт, а не {value!r}",
            )
        if not self.min_count <= len(value) <= self.max_count:
            raise ActionError(
                "bad_field",
                f"{name}: {len(value)} cards given, expected {self.min_count} to {self.max_count}",
                name,
                ru=f"{name}: карт {len(value)}, а нужно от {self.min_count} до {self.max_count}",
            )
        cards = [_card_in_deck(f"{name}[{i}]", raw, self.deck) for i, raw in enumerate(value)]
        seen: set[Card] = set()
        for index, card in enumerate(cards):
            if card in seen:
                raise ActionError(
                    "bad_field",
                    f"{name}[{index}]: {card} is given twice",
                    name,
                    ru=f"{name}[{index}]: {card} названа дважды",
                )
            seen.add(card)
        return tuple(str(card) for card in cards)

    def from_words(self, name: str, words: Sequence[str]) -> tuple[str, ...]:
        return self.check(name, [part for word in words for part in word.replace(",", " ").split()])


def _card_in_deck(name: str, value: Any, cards: tuple[Card, ...]) -> Card:
    field = name.split("[")[0]
    try:
        card = parse_card(value)
    except ValueError as error:
        raise ActionError(
            "bad_field", f"{name}: {error}", field, ru=f"{name}: {ru_text(error)}"
        ) from None
    if card not in cards:
        raise ActionError(
            "bad_field",
            f"{name}: {card} is not in this game's {len(cards)}-card deck",
            field,
            ru=f"{name}: {card} нет в колоде этой игры из {len(cards)} карт",
        )
    return card
