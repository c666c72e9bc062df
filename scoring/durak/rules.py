"""The options of a Durak preset (rules/durak.md §14.1), read and checked once when it loads.

Each option carries the spec's default, and each alternative of an ambiguity (§11 Q-xx) is a
value of an option, so a preset file or a scenario can switch it by name.  ``hand_limit`` is
not in the spec: ``taking_only`` is the durak-sockets oracle's "unlimited" rule set (the
defender's hand limits the attack only once he takes); every preset keeps ``always`` (L20).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.cards import Card, deck
from scoring.engine import OptionsError
from scoring.options import check_known, option_choice, option_count, option_flag

VARIANTS = ("simple", "podkidnoy", "perevodnoy", "japanese_a", "japanese_b")
BASES = ("simple", "podkidnoy", "perevodnoy")
THROW_IN = ("auto", "on_take_only", "always", "none")
LEADERS = ("first_out", "left_of_fool", "fool", "lowest_trump")

#: Every option with its default (the first value the spec lists).
DEFAULTS: dict[str, Any] = {
    "variant": "podkidnoy",
    "japanese_a_base": "simple",  # JA-4
    "deal_mode": "stock6",  # §6: stock6 | navalenny
    "navalenny_trump": "last_dealt_card",  # N-4: | declared (before the deal)
    "oborotny": False,  # §7
    "oborotny_penalise_lead": False,  # O-4
    "deck_size": 36,  # §2.1, Q-01; 52 is [EXT]
    "direction": "clockwise",
    "bout_cap": 6,  # L189: 6 | 5 | null
    "first_bout_cap": None,  # Q-15 [EXT]: null | 5
    "throw_in": "auto",
    "throw_in_before_first_defence": True,  # P-10
    "transfer_max_added": "any",  # any | 1
    "transfer_count_includes_new": True,
    "take_collects": "all_table_cards",  # | attack_cards
    "next_game_leader": "first_out",
    "no_trump_fallback": "lowest_card",  # | redeal
    "jb_trump": "D",  # JB-3: D | chosen | none
    "jb_pile_persists": False,
    "full_information": False,  # ARCHITECTURE: public information by default
    "hand_limit": "always",  # durak-sockets "unlimited": taking_only
    "teams": "none",  # §10 [EXT]: none | 2x2 | 2x3, seats alternating by team
}


@dataclass(frozen=True)
class Rules:
    """A preset's rules, decided: what the engine asks while judging a move."""

    variant: str
    base: str  # the Russian game underneath: simple, podkidnoy or perevodnoy (JB: none)
    navalenny: bool
    trump_declared: bool  # N-4 (b): the trump suit is declared, no card shows it
    oborotny: bool
    penalise_lead: bool
    deck: tuple[Card, ...]
    clockwise: bool
    bout_cap: int | None
    first_bout_cap: int | None
    throw_in: str  # on_take_only | always | none
    throw_in_early: bool
    transfer_one: bool
    transfer_counts_new: bool
    take_all: bool
    next_leader: str
    redeal_without_trump: bool
    jb_trump: str
    jb_pile_persists: bool
    full_information: bool
    hand_limit_always: bool
    team_size: int  # 0 without teams; seat s plays for team s % 2

    @property
    def japanese(self) -> bool:
        return self.variant in ("japanese_a", "japanese_b")

    @property
    def japanese_b(self) -> bool:
        return self.variant == "japanese_b"

    @property
    def transfers(self) -> bool:
        return self.base == "perevodnoy"

    @property
    def has_stock(self) -> bool:
        """Наваленный and Japanese B deal the whole deck: no stock, no draw (N-1, JB-2)."""
        return not (self.navalenny or self.japanese_b)

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        """The preset's options checked by name and value; a bad one fails when it loads."""
        check_known(options, DEFAULTS, "durak")
        variant = option_choice(options, "variant", VARIANTS, DEFAULTS["variant"])
        base = option_choice(options, "japanese_a_base", BASES, DEFAULTS["japanese_a_base"])
        if variant in BASES:
            base = variant
        elif variant == "japanese_b":
            base = "japanese_b"
        deal_mode = option_choice(options, "deal_mode", ("stock6", "navalenny"), "stock6")
        size = option_choice(options, "deck_size", (36, 52), 36)
        throw_in = option_choice(options, "throw_in", THROW_IN, "auto")
        if throw_in == "auto":
            throw_in = {"simple": "on_take_only", "japanese_b": "none"}.get(base, "always")
        if variant == "japanese_b" and throw_in != "none":
            raise OptionsError("throw_in: Japanese B has no throw-in (JB-6, L150, L155)")
        jb_trump = option_choice(options, "jb_trump", ("D", "chosen", "none"), "D")
        teams = option_choice(options, "teams", ("none", "2x2", "2x3"), "none")
        if teams != "none" and variant == "japanese_b":
            raise OptionsError("teams: Japanese B is everyone for himself (JB-1, L154)")
        bout_cap = _cap(options, "bout_cap")
        if bout_cap not in (6, 5, None):
            raise OptionsError(f"bout_cap: {bout_cap!r} is not one of 6, 5, null (L189)")
        return cls(
            variant=variant,
            base=base,
            navalenny=deal_mode == "navalenny",
            trump_declared=option_choice(
                options, "navalenny_trump", ("last_dealt_card", "declared"), "last_dealt_card"
            )
            == "declared",
            oborotny=option_flag(options, "oborotny", False),
            penalise_lead=option_flag(options, "oborotny_penalise_lead", False),
            deck=deck(size),
            clockwise=option_choice(
                options, "direction", ("clockwise", "counterclockwise"), "clockwise"
            )
            == "clockwise",
            bout_cap=bout_cap,
            first_bout_cap=_cap(options, "first_bout_cap"),
            throw_in=throw_in,
            throw_in_early=option_flag(options, "throw_in_before_first_defence", True),
            transfer_one=option_choice(options, "transfer_max_added", ("any", 1), "any") == 1,
            transfer_counts_new=option_flag(options, "transfer_count_includes_new", True),
            take_all=option_choice(
                options, "take_collects", ("all_table_cards", "attack_cards"), "all_table_cards"
            )
            == "all_table_cards",
            next_leader=option_choice(options, "next_game_leader", LEADERS, "first_out"),
            redeal_without_trump=option_choice(
                options, "no_trump_fallback", ("lowest_card", "redeal"), "lowest_card"
            )
            == "redeal",
            jb_trump=jb_trump,
            jb_pile_persists=option_flag(options, "jb_pile_persists", False),
            full_information=option_flag(options, "full_information", False),
            hand_limit_always=option_choice(
                options, "hand_limit", ("always", "taking_only"), "always"
            )
            == "always",
            team_size={"none": 0, "2x2": 2, "2x3": 3}[teams],
        )

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def max_players(self) -> int:
        """2-6 with 36 cards (P-7, Q-02); 52 cards seat 8 (§10 [EXT])."""
        return 6 if self.deck_size == 36 else 8


def _cap(options: Mapping[str, Any], key: str) -> int | None:
    return option_count(options, key, DEFAULTS[key], minimum=1)
