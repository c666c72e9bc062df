"""Card Ball (rules/cards.md §4, BCA rules in translation, seed 004 L67-L129): what one shot is.

The referee at the pool table reports each shot as the balls it pocketed, whether a ball reached
a rail after contact, a scratch, the balls that left the table, and the cards the shooter lays
down for the balls he pocketed.  :func:`judge` turns that into the shot's fouls and penalty
without the game state beyond the shooter's cards.

Balls and cards (L94): the ace is ball 1, 2..10 are balls 2..10, J Q K are 11 12 13; balls 14
and 15 have no card.  A legal shot (L107-L110) pockets a ball of one of the shooter's cards,
or ball 14 or 15, or drives any ball to a rail after contact.  Fouls (L111-L124): an illegal
shot, a scratch or an object ball off the table is a single foul (1 card); pocketing a ball
the shooter holds no card for, alone or with a legal one, is a double foul (1 card in the seed
L121-L124, 2 in the original BCA rules: ``double_foul_cards``).  One penalty per inning, the
most severe (L113).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import ActionError, FieldType
from scoring.cards import Card, deck
from scoring.engine import OptionsError
from scoring.options import check_known, check_table_size, option_choice, option_count

DECK = deck(52)
BALLS = tuple(range(1, 16))
AUXILIARY = (14, 15)  # L94: no card
BALL_OF_RANK = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13}
RANK_OF_BALL = {ball: rank for rank, ball in BALL_OF_RANK.items()}

# Fouls other than these cost one card: illegal shot, scratch, ball off the table (L115-L120).
DOUBLE_FOULS = ("wrong_ball", "legal_and_wrong")  # L121-L124

OPTIONS = (
    "players_min",
    "players_max",
    "hand_size",
    "double_foul_cards",
    "card_price",
    "information",
)


@dataclass(frozen=True)
class BallsField(FieldType):
    """Distinct pool balls by number, 1..15 (the cue ball is reported as ``scratch``)."""

    description = "ball numbers 1..15"
    description_ru = "номера шаров 1..15"

    def check(self, name: str, value: Any) -> tuple[int, ...]:
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, list | tuple):
            raise ActionError(
                "bad_field",
                f"{name}: expected a list of balls, got {value!r}",
                name,
                ru=f"{name}: нужен список шаров, а не {value!r}",
            )
        out = []
        for index, raw in enumerate(value):
            ball = int(raw) if isinstance(raw, str) and raw.strip().isdecimal() else raw
            if isinstance(ball, bool) or ball not in BALLS:
                raise ActionError(
                    "bad_field",
                    f"{name}[{index}]: {raw!r} is not a ball 1..15",
                    name,
                    ru=f"{name}[{index}]: {raw!r} — не шар 1..15",
                )
            if ball in out:
                raise ActionError(
                    "bad_field",
                    f"{name}[{index}]: ball {ball} is given twice",
                    name,
                    ru=f"{name}[{index}]: шар {ball} назван дважды",
                )
            out.append(ball)
        return tuple(out)

    def from_words(self, name: str, words: Sequence[str]) -> tuple[int, ...]:
        return self.check(name, [part for word in words for part in word.replace(",", " ").split()])


def ball_of(card: Card) -> int:
    return BALL_OF_RANK[card.rank]


@dataclass(frozen=True)
class Rules:
    """A preset's options; each default is the seed's."""

    players_min: int = 2  # L88 "от 2 до 6"
    players_max: int = 6
    hand_size: int = 7  # L99
    double_foul_cards: int = 1  # L121-L124 as translated; the original BCA: 2
    card_price: int = 1  # L84: a price per card left, agreed beforehand
    information: str = "public"  # public: hands hidden (§8.2); full: every hand given

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, OPTIONS, "card_ball")
        rules = cls(
            players_min=option_count(options, "players_min", 2, 2) or 2,
            players_max=option_count(options, "players_max", 6, 2) or 6,
            hand_size=option_count(options, "hand_size", 7) or 7,
            double_foul_cards=option_choice(options, "double_foul_cards", (1, 2), 1),
            card_price=option_count(options, "card_price", 1, 0) or 0,
            information=option_choice(options, "information", ("public", "full"), "public"),
        )
        check_table_size(rules.players_min, rules.players_max)
        if rules.players_max * rules.hand_size > len(DECK) - 4:
            raise OptionsError(
                f"hand_size: {rules.players_max} hands of {rules.hand_size} leave no deck"
            )
        return rules

    @property
    def full(self) -> bool:
        return self.information == "full"


@dataclass(frozen=True)
class Judgement:
    """What a shot was: the fouls in it, the penalty in cards, and whether the inning goes on."""

    matching: tuple[int, ...]  # balls pocketed for which the shooter laid cards
    wrong: tuple[int, ...]  # object balls pocketed without a card of the shooter's
    auxiliary: tuple[int, ...]  # balls 14 and 15 pocketed
    fouls: tuple[str, ...]
    penalty: int  # cards to draw: the most severe foul's (L113)

    @property
    def continues(self) -> bool:
        """L102: the inning goes on while the shooter pockets balls with legal shots."""
        return not self.fouls and bool(self.matching or self.auxiliary)


def judge(
    rules: Rules,
    pocketed: Sequence[int],
    laid: Sequence[Card],
    rail: bool,
    scratch: bool,
    off_table: Sequence[int],
) -> Judgement:
    """The shot's fouls and penalty; ``laid`` are the cards the shooter puts down for it."""
    ranks = {ball_of(card) for card in laid}
    matching = tuple(b for b in pocketed if b in ranks)
    auxiliary = tuple(b for b in pocketed if b in AUXILIARY)
    wrong = tuple(b for b in pocketed if b not in AUXILIARY and b not in ranks)
    fouls: list[str] = []
    if not (matching or auxiliary or rail):
        fouls.append("illegal_shot")  # L107-L110, L116
    if scratch:
        fouls.append("scratch")  # L117-L118, L129
    if off_table:
        fouls.append("off_table")  # L119, L125-L127
    if wrong:
        fouls.append("legal_and_wrong" if matching or auxiliary else "wrong_ball")  # L122-L124
    if any(f in DOUBLE_FOULS for f in fouls):
        penalty = rules.double_foul_cards
    else:
        penalty = 1 if fouls else 0
    return Judgement(matching, wrong, auxiliary, tuple(fouls), penalty)
