"""A dominoes preset's options, read once when the preset loads (scoring/options.py readers).

Every option is a rule of rules/dominoes.md or the alternative of one of its [AMB] points; the
preset files say which section and seed line each value comes from.  A typo or a bad value is
refused by name when the preset loads, never in the middle of a game night.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.engine import OptionsError
from scoring.options import (
    check_known,
    check_table_size,
    option_choice,
    option_count,
    option_flag,
    option_whole,
)

LEADS = ("highest", "one_one", "lowest", "nearest", "lot", "six_six", "first_seat")
SCORINGS = ("penalty", "collect", "fives", "headers")
FISH_POINTS = ("others_minus_own", "pairwise", "others", "all")

KNOWN = (
    "information",
    "players_min",
    "players_max",
    "teams",
    "hand_size",
    "stock",
    "dead_tiles",
    "draw",
    "spinner",
    "spinner_sides",
    "tiles_per_turn",
    "open_sides",
    "lead",
    "largest_tile",
    "first_lead",
    "lead_rule",
    "fish_leader",
    "later_lead",
    "redeal_doubles",
    "scoring",
    "specials",
    "single_special",
    "fish_charge",
    "fish_tie_carry",
    "lose_above",
    "fish_points",
    "partner_pays",
    "settle",
    "multiple",
    "in_play_scale",
    "played_sides_only",
    "bonus",
    "bonus_divisor",
    "target",
    "target_check",
)


def _per_players(options: Mapping[str, Any], key: str, default: Any) -> dict[int, int] | None:
    """A number, or a number per table size (``{2: 7, 3: 5, 4: 5}``), as in §2's table."""
    value = options.get(key, default)
    if value is None:
        return None
    if isinstance(value, Mapping):
        out: dict[int, int] = {}
        for seats, number in value.items():
            if isinstance(seats, bool) or not isinstance(seats, int):
                raise OptionsError(f"{key}: table sizes are whole numbers, got {seats!r}")
            out[seats] = option_whole({key: number}, key, 0, 0)
        return out
    number = option_whole(options, key, 0, 0)
    return {seats: number for seats in range(2, 9)}


@dataclass(frozen=True)
class Rules:
    """The preset, typed.  Field names are the option names."""

    information: str
    players_min: int
    players_max: int
    teams: bool
    hand_size: Mapping[int, int]
    stock: str
    dead_tiles: int
    draw: str
    spinner: bool
    long_sides_first: bool
    many_per_turn: bool
    open_sides: str
    lead: str
    largest_tile: str
    first_lead: str
    lead_rule: str
    fish_leader: str
    later_lead: str
    redeal_doubles: int | None
    scoring: str
    specials: bool
    single_special: str
    fish_charge: str
    fish_tie_carry: str
    lose_above: int | None
    fish_points: str
    partner_pays: bool
    settle: str
    multiple: int
    in_play_scale: str
    played_sides_only: bool
    bonus: str
    bonus_divisor: int
    target: Mapping[int, int] | None
    target_check: str

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, KNOWN, "dominoes")
        players_min = option_whole(options, "players_min", 2)
        players_max = option_whole(options, "players_max", 4)
        check_table_size(players_min, players_max)
        hand_size = _per_players(options, "hand_size", {2: 7, 3: 5, 4: 5})
        scoring = option_choice(options, "scoring", SCORINGS, "collect")
        rules = cls(
            information=option_choice(options, "information", ("public", "full"), "public"),
            players_min=players_min,
            players_max=players_max,
            teams=option_flag(options, "teams", False),
            hand_size=hand_size or {},
            stock=option_choice(options, "stock", ("boneyard", "out_of_play"), "boneyard"),
            dead_tiles=option_whole(options, "dead_tiles", 0, 0),
            draw=option_choice(
                options, "draw", ("until_playable", "one", "optional_one"), "until_playable"
            ),
            spinner=option_choice(options, "spinner", ("none", "first_double"), "none") != "none",
            long_sides_first=option_choice(options, "spinner_sides", ("all", "long_first"), "all")
            == "long_first",
            many_per_turn=option_choice(options, "tiles_per_turn", ("one", "many"), "one")
            == "many",
            open_sides=option_choice(options, "open_sides", ("none", "free", "knock"), "none"),
            lead=option_choice(options, "lead", LEADS, "highest"),
            largest_tile=option_choice(options, "largest_tile", ("pips", "lexicographic"), "pips"),
            first_lead=option_choice(options, "first_lead", ("one_one", "double_rule"), "one_one"),
            lead_rule=option_choice(options, "lead_rule", ("folk", "strict"), "folk"),
            fish_leader=option_choice(
                options, "fish_leader", ("fish_maker", "partner"), "fish_maker"
            ),
            later_lead=option_choice(
                options, "later_lead", ("rotate", "winner", "highest"), "rotate"
            ),
            redeal_doubles=option_count(options, "redeal_doubles", None, 1),
            scoring=scoring,
            specials=option_flag(options, "specials", False),
            single_special=option_choice(
                options, "single_special", ("replace", "add", "any"), "replace"
            ),
            fish_charge=option_choice(options, "fish_charge", ("all", "own"), "all"),
            fish_tie_carry=option_choice(options, "fish_tie_carry", ("all", "own"), "all"),
            lose_above=option_count(
                options, "lose_above", 100 if scoring == "penalty" else None, 1
            ),
            fish_points=option_choice(options, "fish_points", FISH_POINTS, "others_minus_own"),
            partner_pays=option_flag(options, "partner_pays", False),
            settle=option_choice(
                options, "settle", ("standard", "side_fish", "side_totals"), "standard"
            ),
            multiple=option_choice(options, "multiple", (5, 3), 5),
            in_play_scale=option_choice(options, "in_play_scale", ("full", "divided"), "full"),
            played_sides_only=option_flag(options, "played_sides_only", False),
            bonus=option_choice(options, "bonus", ("divided", "whole"), "divided"),
            bonus_divisor=option_choice(options, "bonus_divisor", (5, 3), 5),
            target=_per_players(options, "target", None),
            target_check=option_choice(options, "target_check", ("event", "round"), "round"),
        )
        for seats in range(rules.players_min, rules.players_max + 1):
            if seats not in rules.hand_size:
                raise OptionsError(f"hand_size: no hand size for {seats} players")
            if seats * rules.hand_size[seats] > 28:
                raise OptionsError(
                    f"hand_size: {seats} hands of {rules.hand_size[seats]} need more than 28 tiles"
                )
        if scoring == "penalty" and rules.lose_above is None:
            raise OptionsError("lose_above: a penalty game needs the total that loses")
        if scoring != "penalty" and rules.target is None:
            raise OptionsError("target: a points game needs the total that wins")
        return rules

    def sides_for(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Partners sit opposite (§1.2): team A = seats 1 and 3, team B = seats 2 and 4."""
        if self.teams and players == 4:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(players))

    def target_for(self, players: int) -> int | None:
        if self.target is None:
            return None
        if players not in self.target:
            raise OptionsError(f"target: no target for {players} players")
        return self.target[players]
