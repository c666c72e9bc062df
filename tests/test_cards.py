"""The one card notation shared by every card game and the card reader."""

import pytest

from scoring.actions import ActionError
from scoring.cards import Card, CardField, CardsField, deck, parse_card


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("10H", Card("10", "H")),
        ("TD", Card("10", "D")),
        ("qs", Card("Q", "S")),
        ("Д♠", Card("Q", "S")),
        ("Т♦", Card("A", "D")),
        ("В♣", Card("J", "C")),
        ("6♥", Card("6", "H")),
    ],
)
def test_every_spelling_reads_as_one_card(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "H", "1H", "11S", "QX", "10", "QQS"])
def test_a_bad_card_names_what_is_wrong(text: str) -> None:
    with pytest.raises(ValueError, match=r"rank|suit|card"):
        parse_card(text)


def test_decks_have_their_sizes_and_lowest_ranks() -> None:
    assert len(deck(52)) == 52 and len(set(deck(52))) == 52
    assert {c.rank for c in deck(36)} == {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}
    assert min(c.rank_index for c in deck(32)) == Card("7", "C").rank_index
    with pytest.raises(ValueError, match="deck size"):
        deck(24)


def test_russian_display_spelling() -> None:
    assert Card("Q", "S").shown("ru") == "Д♠"
    assert Card("10", "H").shown() == "10♥"


def test_card_fields_canonicalise_and_refuse_cards_outside_the_deck() -> None:
    field = CardsField(deck=deck(36), max_count=6)
    assert field.check("cards", ["TD", "qs"]) == ("10D", "QS")
    assert field.from_words("cards", ["8C,8H"]) == ("8C", "8H")
    with pytest.raises(ActionError, match=r"cards\[0\]: 2C is not in this game's 36-card deck"):
        field.check("cards", ["2C"])
    with pytest.raises(ActionError, match=r"cards\[1\]: 8C is given twice"):
        field.check("cards", ["8C", "8c"])
    with pytest.raises(ActionError, match="7 cards given"):
        field.check("cards", [str(c) for c in deck(36)[:7]])
    assert CardField(deck=deck(32)).check("with", "Т♥") == "AH"
