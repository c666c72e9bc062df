"""Nine-card Don, cards.md §6 (seed 004 L397-L441, L526-L528): card values, the three
scorings and the options, read once when a preset loads.

Point cards are pegged as they are won in tricks [S:L414-L418]: trump A 4, K 3, Q 2, J 1;
trump 9 and 5 together 19 (9 + 10, [EXT] pagat: the 5 is 10 and the 9 is 9); every other 5 is
5.  "Game" goes at the end of the deal to the side with more on a second scale, which the seed
does not give: [EXT] the All Fours scale A 4, K 3, Q 2, J 1, 10 10, over all cards taken.
The trump ace is the highest card (L434-L435: the claim that 5 and 9 outrank it was an error).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.cards import RANKS
from scoring.engine import OptionsError
from scoring.options import check_known, option_choice, option_count

PLAYERS = 4
HAND = 9  # [S:L526]: 9 each, 16 aside unused
TRICKS = 9
TRUMP_POINTS: Mapping[str, int] = {"A": 4, "K": 3, "Q": 2, "J": 1, "9": 9, "5": 10}
PLAIN_FIVE = 5
GAME_SCALE: Mapping[str, int] = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}
SCORINGS = ("standard", "preston", "macclesfield")
#: Game points by scoring: 8 [S:L418]; Preston 6 [S:L419]; Macclesfield 5 [S:L421-L423].
GAME_POINTS = {"standard": 8, "preston": 6, "macclesfield": 5}


def peg(card: str, trump: str) -> int:
    """What a card is worth to the side that wins it in a trick."""
    rank, suit = card[:-1], card[-1]
    if suit == trump:
        return TRUMP_POINTS.get(rank, 0)
    return PLAIN_FIVE if rank == "5" else 0


def game_value(cards: tuple[str, ...] | list[str]) -> int:
    return sum(GAME_SCALE.get(card[:-1], 0) for card in cards)


def strength(card: str) -> int:
    """Natural order, ace high, in every suit [S:L413]."""
    return RANKS.index(card[:-1])


@dataclass(frozen=True)
class Rules:
    """One preset's choices (``scoring/presets/nine_card_don.yaml``)."""

    scoring: str
    target: int | None
    match_deals: int | None
    information: str
    follow: str
    penalties: str
    league_revoke: str
    out_of_turn_points: int
    revoke_points: int

    KNOWN = (
        "scoring",
        "target",
        "match_deals",
        "information",
        "follow",
        "penalties",
        "league_revoke",
        "out_of_turn_points",
        "revoke_points",
    )

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, cls.KNOWN, "nine_card_don")
        match_deals = option_count(options, "match_deals", None)
        target = option_count(options, "target", None if match_deals else 91)
        if target not in (91, 121, None) or (target is None and match_deals is None):
            raise OptionsError(f"target: {target} is not one of 91, 121 (L411)")
        return cls(
            scoring=option_choice(options, "scoring", SCORINGS, "standard"),
            target=target,
            match_deals=match_deals,
            information=option_choice(options, "information", ("public", "full"), "public"),
            follow=option_choice(
                options, "follow", ("must_follow", "follow_or_trump"), "must_follow"
            ),
            penalties=option_choice(options, "penalties", ("friendly", "league"), "friendly"),
            league_revoke=option_choice(
                options, "league_revoke", ("opponents_52", "offenders_minus_52"), "opponents_52"
            ),
            out_of_turn_points=option_count(options, "out_of_turn_points", 19) or 19,
            revoke_points=option_count(options, "revoke_points", 52) or 52,
        )

    @property
    def game_points(self) -> int:
        return GAME_POINTS[self.scoring]
