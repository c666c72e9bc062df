"""Thousand (1000), cards.md §3: the stable core as constants, each row of the §3.3
contradictions table as an option, read and checked once when a preset loads.

The core (§3.1, all four pages agree): 24 cards 9..A, trick order A T K Q J 9, card points
A 11 T 10 K 4 Q 3 J 2 9 0 (120 in all), marriages ♥100 ♦80 ♣60 ♠40 that set trumps, bids in 5s
from a forced 100, no bid above 120 without a marriage, the declarer scores +bid or -bid and
the defenders what they took, first to 1000 (L317: "равных 1000 или более").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.cards import SUITS, Card
from scoring.engine import OptionsError
from scoring.options import check_known, option_choice, option_count, option_flag

#: Ranks from high to low in trick order [S:L162, L341-L346].
ORDER: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9")
#: Card points [S:L132, L164, L283-L288, L320].
POINTS: Mapping[str, int] = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
#: Marriage values [S:L133, L290-L293, L321-L324].
MARRIAGES: Mapping[str, int] = {"H": 100, "D": 80, "C": 60, "S": 40}
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in reversed(ORDER))
DECK_POINTS = 120
HAND = 7  # 3 players: 7 each and a talon of 3 (§3.2)
TALON = 3
TRICKS = 8
FORCED_BID = 100  # [S:L139-L140, L191-L192, L330-L333]
STEP = 5
PLAIN_CAP = 120  # no bid above 120 without a marriage [S:L140, L197, L334]
MAX_BID = PLAIN_CAP + sum(MARRIAGES.values())


def points(cards: tuple[str, ...] | list[str]) -> int:
    return sum(POINTS[card[:-1]] for card in cards)


def marriages_in(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The suits whose K and Q are both among ``cards``, dearest first."""
    held = set(cards)
    return tuple(s for s in MARRIAGES if f"K{s}" in held and f"Q{s}" in held)


def round_defender(raw: int) -> int:
    """Page B rounding to the nearest 5: remainder 1-2 down, 3-4 up (17 -> 15, 18 -> 20)."""
    rest = raw % 5
    return raw - rest if rest <= 2 else raw + 5 - rest


@dataclass(frozen=True)
class Bolts:
    """Deals in which a defender writes nothing ("болт"): ``count`` of them cost ``penalty``;
    ``consecutive`` (page A, C) or in total (page B); a bolt is a deal without a trick (A, B)
    or without points (C)."""

    count: int
    penalty: int
    consecutive: bool
    kind: str


@dataclass(frozen=True)
class ThrowIn:
    """ "Роспись": the declarer gives up before play.  He loses ``declarer`` ("bid" = his bid),
    each opponent gains ``opponents`` ("half_bid" or a number), at most ``limit`` per game."""

    declarer: str | int
    opponents: str | int
    limit: int | None


@dataclass(frozen=True)
class Barrel:
    """The barrel (§3.3): a total reaching ``at`` stops there; only a made contract of at
    least ``need`` takes the player on (``entry``: he must win the bidding, page A/B, or
    gets the talon without bidding at ``need``, page D); ``tries`` deals without it cost
    ``penalty``; ``knock_off``: a newcomer knocks the sitter off (-penalty); ``falls_to_zero``:
    that many falls put the total back to 0 (page A)."""

    at: int
    need: int
    tries: int
    penalty: int
    entry: str
    knock_off: bool
    falls_to_zero: int | None


@dataclass(frozen=True)
class Golden:
    """ "Золотой кон": the first ``deals`` deals (a number, or "players": one each) are played
    at 120 without bidding by the opener, everything doubled; ``all_fail_reset`` (page B):
    if nobody makes his golden contract, every total goes back to 0."""

    deals: int | str
    all_fail_reset: bool

    def count(self, players: int) -> int:
        return players if self.deals == "players" else int(self.deals)


@dataclass(frozen=True)
class Redeal:
    """Hands or talons that allow a redeal: at least ``nines`` nines / ``jacks`` jacks, or
    fewer than ``below`` points; ``nines_first`` nines for the first bidder only (page A)."""

    nines: int | None = None
    jacks: int | None = None
    below: int | None = None
    nines_first: int | None = None

    def reason(self, cards: tuple[str, ...], first: bool) -> str | None:
        ranks = [card[:-1] for card in cards]
        if self.nines is not None and ranks.count("9") >= self.nines:
            return "nines"
        if first and self.nines_first is not None and ranks.count("9") >= self.nines_first:
            return "nines"
        if self.jacks is not None and ranks.count("J") >= self.jacks:
            return "jacks"
        if self.below is not None and points(cards) < self.below:
            return "few_points"
        return None


@dataclass(frozen=True)
class Rules:
    """One preset's choices; see ``scoring/presets/card_thousand.yaml`` for the page of each."""

    target: int
    information: str
    opening: str
    raise_step: str
    bid_cap: str
    first_lead: str
    marriage_on_lead: bool
    marriage_needs_trick: bool
    trump_lead_reserved: bool
    must_trump: bool
    rounding: bool
    dump_555: str
    low_score_ban: int | None
    four_aces: str
    sitter_half_marriage: bool
    dark_game: bool
    cut_rules: bool
    exposed_penalty: int | None
    golden: Golden | None
    bolts: Bolts | None
    throw_in: ThrowIn | None
    barrel: Barrel | None
    redeal_hand: Redeal
    redeal_talon: Redeal

    KNOWN = (
        "target",
        "information",
        "opening",
        "raise_step",
        "bid_cap",
        "first_lead",
        "marriage_on_lead",
        "marriage_needs_trick",
        "trump_lead_reserved",
        "must_trump",
        "rounding",
        "dump_555",
        "low_score_ban",
        "four_aces",
        "sitter_half_marriage",
        "dark_game",
        "cut_rules",
        "exposed_penalty",
        "golden",
        "bolts",
        "throw_in",
        "barrel",
        "redeal_hand",
        "redeal_talon",
    )

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, cls.KNOWN, "card_thousand")
        ban = options.get("low_score_ban")
        if ban is not None and (isinstance(ban, bool) or not isinstance(ban, int)):
            raise OptionsError(f"low_score_ban: expected a score such as -120, got {ban!r}")
        return cls(
            target=option_count(options, "target", 1000) or 1000,
            information=option_choice(options, "information", ("public", "full"), "public"),
            opening=option_choice(options, "opening", ("left", "right"), "left"),
            raise_step=option_choice(options, "raise_step", ("five", "multiple_of_five"), "five"),
            bid_cap=option_choice(
                options, "bid_cap", ("hand_marriages", "any_marriage"), "hand_marriages"
            ),
            first_lead=option_choice(
                options, "first_lead", ("declarer", "left_of_dealer"), "declarer"
            ),
            marriage_on_lead=option_flag(options, "marriage_on_lead", True),
            marriage_needs_trick=option_flag(options, "marriage_needs_trick", False),
            trump_lead_reserved=option_flag(options, "trump_lead_reserved", False),
            must_trump=option_flag(options, "must_trump", True),
            rounding=option_flag(options, "rounding", False),
            dump_555=option_choice(options, "dump_555", ("none", "plus", "both"), "none"),
            low_score_ban=ban,
            four_aces=option_choice(options, "four_aces", ("none", "held", "led"), "none"),
            sitter_half_marriage=option_flag(options, "sitter_half_marriage", False),
            dark_game=option_flag(options, "dark_game", False),
            cut_rules=option_flag(options, "cut_rules", False),
            exposed_penalty=option_count(options, "exposed_penalty", None),
            golden=_golden(options.get("golden")),
            bolts=_bolts(options.get("bolts")),
            throw_in=_throw_in(options.get("throw_in")),
            barrel=_barrel(options.get("barrel")),
            redeal_hand=_redeal("redeal_hand", options.get("redeal_hand")),
            redeal_talon=_redeal("redeal_talon", options.get("redeal_talon")),
        )

    def bid_ok(self, bid: int, current: int) -> bool:
        """Page D: each raise exactly 5; page B: any multiple of 5 above the last bid."""
        if bid % STEP or bid <= current:
            return False
        return self.raise_step == "multiple_of_five" or bid == current + STEP

    def cap(self, marriages: tuple[str, ...]) -> int:
        """The highest bid a hand with these marriages may make (pages A/B: 120 + their
        values, e.g. only ♣ -> 180; page D: any marriage frees the bid)."""
        if not marriages:
            return PLAIN_CAP
        if self.bid_cap == "any_marriage":
            return MAX_BID
        return PLAIN_CAP + sum(MARRIAGES[s] for s in marriages)


def _mapping(key: str, raw: Any, known: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise OptionsError(f"{key}: expected a mapping ({', '.join(known)}) or null, got {raw!r}")
    check_known(raw, known, key)
    return raw


def _bolts(raw: Any) -> Bolts | None:
    if raw is None:
        return None
    raw = _mapping("bolts", raw, ("count", "penalty", "consecutive", "kind"))
    return Bolts(
        count=option_count(raw, "count", 3) or 3,
        penalty=option_count(raw, "penalty", 120) or 120,
        consecutive=option_flag(raw, "consecutive", True),
        kind=option_choice(raw, "kind", ("no_trick", "no_points"), "no_trick"),
    )


def _golden(raw: Any) -> Golden | None:
    if raw is None:
        return None
    raw = _mapping("golden", raw, ("deals", "all_fail_reset"))
    deals = raw.get("deals", "players")
    if deals != "players" and (isinstance(deals, bool) or not isinstance(deals, int) or deals < 1):
        raise OptionsError(f"golden.deals: expected 'players' or a number of deals, got {deals!r}")
    return Golden(deals, option_flag(raw, "all_fail_reset", False))


def _throw_in(raw: Any) -> ThrowIn | None:
    if raw is None:
        return None
    raw = _mapping("throw_in", raw, ("declarer", "opponents", "limit"))
    declarer = raw.get("declarer", "bid")
    opponents = raw.get("opponents", "half_bid")
    if declarer != "bid" and (isinstance(declarer, bool) or not isinstance(declarer, int)):
        raise OptionsError(f"throw_in.declarer: expected 'bid' or a number, got {declarer!r}")
    if opponents != "half_bid" and (isinstance(opponents, bool) or not isinstance(opponents, int)):
        raise OptionsError(
            f"throw_in.opponents: expected 'half_bid' or a number, got {opponents!r}"
        )
    return ThrowIn(declarer, opponents, option_count(raw, "limit", None))


def _barrel(raw: Any) -> Barrel | None:
    if raw is None:
        return None
    raw = _mapping(
        "barrel",
        raw,
        ("at", "need", "tries", "penalty", "entry", "knock_off", "falls_to_zero"),
    )
    return Barrel(
        at=option_count(raw, "at", 880) or 880,
        need=option_count(raw, "need", 120) or 120,
        tries=option_count(raw, "tries", 3) or 3,
        penalty=option_count(raw, "penalty", 120) or 120,
        entry=option_choice(raw, "entry", ("bid", "talon"), "bid"),
        knock_off=option_flag(raw, "knock_off", False),
        falls_to_zero=option_count(raw, "falls_to_zero", None),
    )


def _redeal(key: str, raw: Any) -> Redeal:
    if raw is None:
        return Redeal()
    raw = _mapping(key, raw, ("nines", "jacks", "below", "nines_first"))
    return Redeal(
        nines=option_count(raw, "nines", None),
        jacks=option_count(raw, "jacks", None),
        below=option_count(raw, "below", None),
        nines_first=option_count(raw, "nines_first", None),
    )
