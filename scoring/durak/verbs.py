"""The Durak verbs (issue 4): what the camera and the operator report, one action each.

Cards are written as ARCHITECTURE.md writes them (``10H``; ``TD`` and Russian letters are
read too).  Fields accept any card of a 52-card deck, so a card foreign to this game's deck
reaches the engine and is refused as F-28 (T-40) rather than as a typo.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.actions import (
    ActionError,
    ChoiceField,
    FieldType,
    IntField,
    NameField,
    Verb,
    ru_text,
)
from scoring.cards import SUITS, CardField, CardsField


@dataclass(frozen=True)
class SizesField(FieldType):
    """Hand sizes in seat order: a list of whole numbers, 0 or more."""

    description = "a list of hand sizes in seat order, such as [6, 6, 6]"
    description_ru = "список размеров рук по порядку мест, например [6, 6, 6]"

    def check(self, name: str, value: Any) -> tuple[int, ...]:
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, list | tuple) or not value:
            raise ActionError(
                "bad_field",
                f"{name}: expected {self.description}",
                name,
                ru=f"{name}: нужен {self.description_ru}",
            )
        sizes = []
        for index, size in enumerate(value):
            try:
                sizes.append(IntField(0).check(f"{name}[{index}]", size))
            except ActionError as error:
                raise ActionError("bad_field", str(error), name, ru=ru_text(error)) from None
        return tuple(sizes)


@dataclass(frozen=True)
class HandsField(FieldType):
    """Every player's hand, for a deal with full information: ``{Anna: [6H, 7S, ...]}``."""

    description = "each player's cards, such as {Anna: [6H, 7S], Boris: [8D, 9C]}"
    description_ru = "карты каждого игрока, например {Anna: [6H, 7S], Boris: [8D, 9C]}"

    def check(self, name: str, value: Any) -> dict[str, tuple[str, ...]]:
        if not isinstance(value, Mapping):
            raise ActionError(
                "bad_field",
                f"{name}: expected {self.description}",
                name,
                ru=f"{name}: нужны {self.description_ru}",
            )
        cards = CardsField(min_count=0)
        return {
            NameField().check(name, player): cards.check(f"{name}.{player}", held)
            for player, held in value.items()
        }


CARDS = CardsField(min_count=1, max_count=52)

VERBS: dict[str, Verb] = {
    verb.name: verb
    for verb in (
        Verb(
            "deal",
            {
                "trump": CardField(),
                "suit": ChoiceField(SUITS),
                "sizes": SizesField(),
                "stock": IntField(0),
                "hands": HandsField(),
            },
            needs_player=False,
            summary="the cards are dealt: the trump card shown (or the suit declared), hand "
            "sizes; with stock, a table joined mid-game; with hands, full information",
        ),
        Verb(
            "attack",
            {"cards": CARDS, "to": NameField()},
            ("cards",),
            summary="lead one card, or several of one rank (to: the player attacked)",
        ),
        Verb("throw_in", {"cards": CARDS}, ("cards",), summary="add cards of a rank on the table"),
        Verb(
            "defend",
            {"beat": CardField(), "with": CardField()},
            ("beat", "with"),
            summary="cover the attack card beat with the card with",
        ),
        Verb("transfer", {"cards": CARDS}, ("cards",), summary="pass the attack on (perevodnoy)"),
        Verb(
            "take",
            {"cards": CardsField(min_count=1)},
            summary="«беру»: the defender takes (cards: the cards he picks up)",
        ),
        Verb("done", summary="«бито»: this thrower adds nothing more"),
        Verb(
            "draw",
            {"count": IntField(1), "cards": CardsField(min_count=1, max_count=6)},
            summary="cards taken from the stock (how many; which, when seen)",
        ),
        Verb("reveal", {"cards": CARDS}, ("cards",), summary="cards of a hand shown"),
        Verb("out", summary="the player shows he has no cards left"),
    )
}
