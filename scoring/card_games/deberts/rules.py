"""Deberts (cards.md §2, seed 004 L14-L34): the options, the card values and the combinations.

Everything here is a pure function of cards and options; the engine (:mod:`.deberts`) keeps
the state.  Where §2 leaves a gap, the default is the spec's recommendation ([INF]/[EXT]) and
each alternative is a named option (Appendix B flags, without the ``deberts.`` prefix).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from scoring.card_games.tricks import FollowRules, RankOrder
from scoring.cards import RANKS, Card
from scoring.engine import OptionsError
from scoring.options import check_known, option_choice, option_count, option_flag

#: §2.7: trump J > 9 > A > T > K > Q > 8 > 7, plain A > T > K > Q > J > 9 > 8 > 7 (low to high).
ORDER = RankOrder(
    plain=("7", "8", "9", "J", "Q", "K", "10", "A"),
    trump=("7", "8", "Q", "K", "10", "A", "9", "J"),
)
#: §2.7 point values; the trump J is 20 and the trump 9 is 14 (L16-L17).
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_POINTS = {**PLAIN_POINTS, "J": 20, "9": 14}
LAST_TRICK = 10  # §2.7, L23
TERZ, FIFTY, BELLA = "terz", "fifty", "bella"
COMBO_POINTS = {TERZ: 20, FIFTY: 50, BELLA: 20}  # §2.8, L18
HAND_CARDS = 9  # 6 + 3, §2.3 and §2.5 (3p too, §2.14 [EXT] chess-progress.ru)
FIRST_DEAL = 6

OPTIONS = (
    "rules",
    "target",
    "players",
    "short",
    "short_bayt",
    "dave",
    "offers_50",
    "offer_gap",
    "hanging_on_tie",
    "combo_winner_takes_all",
    "bella_always",
    "run5_as_50",
    "sequence_tie",
    "3p_bayt_split",
    "must_overtrump_when_void_3p",
    "information",
    "late_swap",
)


@dataclass(frozen=True)
class Rules:
    """A preset's options, read once; every default is cards.md §2's (Moscow, 2 players)."""

    rules: str = "moscow"  # §2.8 tie-break: moscow (trump wins) | kharkov (lead wins), L29
    target: int = 501  # L23; 301 in the L30 variant
    players: int = 2  # §2.14: 3 players
    short: bool = False  # L31: a single deal, the higher score wins
    short_bayt: bool = True  # L31: short game with or without bayt
    dave: bool = False  # L31 "с даве": a player may concede the short game before play [INF]
    offers_50: bool = False  # L32 "с полтинниками"
    offer_gap: int = 250  # L32: a gap of 250 ends the game
    hanging_on_tie: bool = True  # §2.11 [INF]: a tie hangs; false = a tie is a bayt (L20)
    combo_winner_takes_all: bool = True  # §2.8 GAP [EXT]: only the best sequence's owner scores
    bella_always: bool = True  # §2.8 GAP: bella is not compared with sequences
    run5_as_50: bool = True  # §2.8 GAP: 5+ cards in sequence count as a fifty
    sequence_tie: str = "lead"  # [ASM] Moscow, equal non-trump sequences: lead | none
    bayt_split_3p: str = "half_declarer"  # §2.14 (a) | half_total (b)
    must_overtrump_when_void_3p: bool = False  # §2.14 GAP
    information: str = "public"  # §8.5: public (hands hidden) | full (hands given)
    late_swap: str = "bayt"  # §2.6 GAP [INF]: a swap after one's first card is a bayt | refuse

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, OPTIONS, "deberts")
        return cls(
            rules=option_choice(options, "rules", ("moscow", "kharkov"), "moscow"),
            target=option_count(options, "target", 501) or 501,
            players=option_choice(options, "players", (2, 3), 2),
            short=option_flag(options, "short", False),
            short_bayt=option_flag(options, "short_bayt", True),
            dave=option_flag(options, "dave", False),
            offers_50=option_flag(options, "offers_50", False),
            offer_gap=option_count(options, "offer_gap", 250) or 250,
            hanging_on_tie=option_flag(options, "hanging_on_tie", True),
            combo_winner_takes_all=option_flag(options, "combo_winner_takes_all", True),
            bella_always=option_flag(options, "bella_always", True),
            run5_as_50=option_flag(options, "run5_as_50", True),
            sequence_tie=option_choice(options, "sequence_tie", ("lead", "none"), "lead"),
            bayt_split_3p=option_choice(
                options, "3p_bayt_split", ("half_declarer", "half_total"), "half_declarer"
            ),
            must_overtrump_when_void_3p=option_flag(options, "must_overtrump_when_void_3p", False),
            information=option_choice(options, "information", ("public", "full"), "public"),
            late_swap=option_choice(options, "late_swap", ("bayt", "refuse"), "bayt"),
        )

    def __post_init__(self) -> None:
        if self.dave and not self.short:
            raise OptionsError("dave: the offer to concede belongs to the short game (short: true)")

    @property
    def follow(self) -> FollowRules:
        """§2.9: follow suit, else trump; overtrump a trump lead; 3p flag for trumping."""
        return FollowRules(
            overtrump_on_trump_lead=True,
            overtrump_when_trumping=self.players == 3 and self.must_overtrump_when_void_3p,
        )


def card_points(cards: Sequence[Card], trump: str | None) -> int:
    """§2.7: the points of ``cards`` with ``trump`` as trumps."""
    table = TRUMP_POINTS
    return sum((table if c.suit == trump else PLAIN_POINTS).get(c.rank, 0) for c in cards)


# --------------------------------------------------------------------------------------------
# Combinations, §2.8.


def combination(cards: Sequence[Card], trump: str | None, rules: Rules) -> str | None:
    """What the shown ``cards`` make (terz, fifty or bella), or None if they make nothing.

    Sequences run in natural order 7..A in one suit (L55: 9-8-7 is a terz); bella is the K and
    Q of trumps.  A run of 5 or more is a fifty only with ``run5_as_50`` (§2.8 GAP)."""
    if len({c.suit for c in cards}) != 1:
        return None
    if len(cards) == 2:
        return BELLA if {c.rank for c in cards} == {"K", "Q"} and cards[0].suit == trump else None
    if len(cards) < 3 or (len(cards) > 4 and not rules.run5_as_50):
        return None
    steps = sorted(RANKS.index(c.rank) for c in cards)
    if any(b - a != 1 for a, b in pairwise(steps)):
        return None
    return TERZ if len(cards) == 3 else FIFTY


def top_index(cards: Sequence[Card]) -> int:
    """The top card of a sequence in natural order ("терц от девятки" names its top, L19)."""
    return max(RANKS.index(c.rank) for c in cards)


@dataclass(frozen=True)
class Declared:
    """A combination shown by ``player`` (a seat), in the order the table heard them."""

    player: int
    combo: str
    cards: tuple[Card, ...]


def sequence_key(seq: Declared, trump: str | None) -> tuple[int, int, int]:
    """Length, then top card, then (Moscow) whether it is trumps: §2.8, L29."""
    return (len(seq.cards), top_index(seq.cards), int(seq.cards[0].suit == trump))


def best_sequence_owner(
    declared: Sequence[Declared], trump: str | None, rules: Rules, lead: int, seats: int
) -> int | None:
    """The seat whose sequences count (§2.8), or None when none do.

    Length first, then the top card; equal ones are settled by trumps (Moscow) or by who
    declared first, i.e. the order of play from the lead (Kharkov, L29).  Moscow with no trump
    among equal ones: ``sequence_tie`` lead (as Kharkov) or none [ASM]."""
    sequences = [d for d in declared if d.combo != BELLA]
    if not sequences:
        return None
    best: dict[int, tuple[int, int, int]] = {}
    for seq in sequences:
        key = sequence_key(seq, trump)
        if rules.rules == "kharkov":
            key = (key[0], key[1], 0)
        best[seq.player] = max(best.get(seq.player, key), key)
    top = max(best.values())
    owners = [p for p, k in best.items() if k == top]
    if len(owners) == 1:
        return owners[0]
    if rules.rules == "moscow" and rules.sequence_tie == "none":
        return None
    return min(owners, key=lambda p: (p - lead) % seats)


def combination_points(
    declared: Sequence[Declared], trump: str | None, rules: Rules, lead: int, seats: int
) -> tuple[int, ...]:
    """Each seat's counted combination points (only declared ones count, L23)."""
    out = [0] * seats
    owner = best_sequence_owner(declared, trump, rules, lead, seats)
    for d in declared:
        if d.combo == BELLA:
            counts = rules.bella_always or owner is None or owner == d.player
        else:
            counts = not rules.combo_winner_takes_all or d.player == owner
        if counts:
            out[d.player] += COMBO_POINTS[d.combo]
    return tuple(out)


def possible_combinations(hand: Sequence[Card], trump: str | None) -> list[tuple[Card, ...]]:
    """Every maximal run of 3+ cards and the bella in ``hand`` (the UI's hint, §9 #25)."""
    found: list[tuple[Card, ...]] = []
    for suit in ("C", "D", "H", "S"):
        ranks = sorted(RANKS.index(c.rank) for c in hand if c.suit == suit)
        run: list[int] = []
        for r in [*ranks, -9]:
            if run and r == run[-1] + 1:
                run.append(r)
                continue
            if len(run) >= 3:
                found.append(tuple(Card(RANKS[i], suit) for i in run))
            run = [r]
        if suit == trump and {"K", "Q"} <= {c.rank for c in hand if c.suit == suit}:
            found.append((Card("K", suit), Card("Q", suit)))
    return found
