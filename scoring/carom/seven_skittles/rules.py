"""Seven Skittles (rules/skittles.md Game A, seed 000 L3-L97): what one shot is worth.

:func:`judge` reads a :class:`~scoring.carom.shot.ShotRecord` and says which fouls it holds
(§A.10), what it scores (§A.8) and whether it wins outright (§A.9), without touching the game
state beyond the few facts it needs (S0, the declared push).  The engine then applies the
countdown, the inning add-on and the turn (§A.5, §A.10, §A.11).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.carom.foul import Foul
from scoring.carom.shot import FELLERS, ShotRecord
from scoring.engine import OptionsError
from scoring.options import check_known, option_choice, option_flag, option_whole

BIG = "big"
SMALLS = ("small_front", "small_rear", "small_left", "small_right")
SIDES = ("side_front", "side_rear")
SKITTLES = (BIG, *SMALLS, *SIDES)

#: Each skittle stands on a mark of its own name, except the BIG one on the centre (§A.3).
MARK = {BIG: "centre", **{s: s for s in (*SMALLS, *SIDES)}}
SPOTS = ("spot_front", "spot_rear")  # the object balls' spots, L37
MARKS = (*MARK.values(), *SPOTS)

#: The facts a referee confirms in this game (§D.4); other shot facts are refused.
FACTS = ("touch_cue", "touch_hand", "touch_clothing", "wrong_ball", "self_fall", "interference")

# Point values, §A.8 (L56-L64).
VALUE_BIG, VALUE_SMALL, VALUE_SIDE = 25, 5, 30  # L58-L60
VALUE_BIG_ALONE = 50  # L61
VALUE_BIG_FIVE = 100  # L62: BIG + the four SMALL
VALUE_CAROM = 5  # L63
VALUE_POCKET = 5  # L64: "чужой шар"
FOUL_VALUE = 5  # L73-L80: F_OFF, F_MISS, F_SCRATCH, F_CUE_TOUCH_OB, F_PUSH_DECLARED
FIVE_CAROMS = 5  # L67: W3

OPTIONS = (
    "S0",
    "cue_colour",
    "ob_colour_front",
    "ob_colour_rear",
    "d_side",
    "ball_diameter_mm",
    "exact_zero",
    "bonus_big5_plus_sides",
    "penalty_skittle_valuation",
    "inning_penalty_mode",
    "multi_foul",
    "off_table_per_ball",
    "w2_requires_no_foul",
    "five_caroms_scope",
    "cue_off_table_respot",
    "skittle_respot_order",
    "ob_chain_knock",
    "all7_foul_mode",
    "tied_up_by",
    "confirm_respot",
)


@dataclass(frozen=True)
class Rules:
    """A preset's options, read once (§F); each default is the spec's."""

    S0: int = 300
    cue: str = "red"
    ob_front: str = "pink"
    ob_rear: str = "black"
    d_side: int = 888
    ball_diameter: int = 68
    exact_zero: bool = False
    bonus_big5_plus_sides: bool = True
    penalty_valuation: str = "table"
    inning_penalty_mode: str = "annul"
    multi_foul: str = "sum"
    off_table_per_ball: bool = False
    w2_requires_no_foul: bool = True
    five_caroms_scope: str = "inning"
    cue_off_table_respot: str = "house"
    skittle_respot_order: str = "wait_then_midpoint"
    ob_chain_knock: str = "per_ball"
    all7_foul_mode: str = "replace"
    tied_up_by: str = "leader"
    confirm_respot: bool = True

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, OPTIONS, "seven_skittles")
        colours = {
            key: options.get(key, default)
            for key, default in (
                ("cue_colour", "red"),
                ("ob_colour_front", "pink"),
                ("ob_colour_rear", "black"),
            )
        }
        if len(set(colours.values())) != 3 or not all(
            isinstance(c, str) and c for c in colours.values()
        ):
            raise OptionsError(f"ball colours must be three different names, got {colours}")
        return cls(
            S0=option_whole(options, "S0", 300),
            cue=colours["cue_colour"],
            ob_front=colours["ob_colour_front"],
            ob_rear=colours["ob_colour_rear"],
            d_side=option_whole(options, "d_side", 888, minimum=80),
            ball_diameter=option_whole(options, "ball_diameter_mm", 68),
            exact_zero=option_flag(options, "exact_zero", False),
            bonus_big5_plus_sides=option_flag(options, "bonus_big5_plus_sides", True),
            penalty_valuation=option_choice(
                options, "penalty_skittle_valuation", ("table", "raw"), "table"
            ),
            inning_penalty_mode=option_choice(
                options, "inning_penalty_mode", ("annul", "double"), "annul"
            ),
            multi_foul=option_choice(options, "multi_foul", ("sum", "max"), "sum"),
            off_table_per_ball=option_flag(options, "off_table_per_ball", False),
            w2_requires_no_foul=option_flag(options, "w2_requires_no_foul", True),
            five_caroms_scope=option_choice(
                options, "five_caroms_scope", ("inning", "game"), "inning"
            ),
            cue_off_table_respot=option_choice(
                options, "cue_off_table_respot", ("house", "scratch"), "house"
            ),
            skittle_respot_order=option_choice(
                options,
                "skittle_respot_order",
                ("wait_then_midpoint", "midpoint", "wait"),
                "wait_then_midpoint",
            ),
            ob_chain_knock=option_choice(
                options, "ob_chain_knock", ("per_ball", "chain"), "per_ball"
            ),
            all7_foul_mode=option_choice(options, "all7_foul_mode", ("replace", "add"), "replace"),
            tied_up_by=option_choice(options, "tied_up_by", ("leader", "shooter"), "leader"),
            confirm_respot=option_flag(options, "confirm_respot", True),
        )

    @property
    def balls(self) -> tuple[str, str, str]:
        return (self.cue, self.ob_front, self.ob_rear)

    @property
    def obs(self) -> tuple[str, str]:
        return (self.ob_front, self.ob_rear)

    def spot_of(self, ball: str) -> str:
        return "spot_front" if ball == self.ob_front else "spot_rear"


def skittle_value(knocked: Sequence[str], rules: Rules, table: bool = True) -> int:
    """``skittleValue(K)`` of §A.8 (without the all-seven case, which the caller decides);
    ``table=False`` is the raw sum (AMB-A12's alternative for penalties)."""
    down = set(knocked)
    sides = VALUE_SIDE * len(down & set(SIDES))
    raw = VALUE_BIG * (BIG in down) + VALUE_SMALL * len(down & set(SMALLS)) + sides
    if not table:
        return raw
    if down == {BIG}:
        return VALUE_BIG_ALONE
    if {BIG, *SMALLS} <= down and (rules.bonus_big5_plus_sides or not down & set(SIDES)):
        return VALUE_BIG_FIVE + sides  # AMB-A7: 100 + 30 per side (default)
    return raw


@dataclass(frozen=True)
class Judgement:
    """What one shot holds.  ``points`` is the shot's positive value: on a legal shot it is
    written off, on a foul it goes onto the mountain with the fouls (§A.10)."""

    fouls: tuple[Foul, ...]
    knocked: tuple[str, ...]  # skittles that count (a skittle falling by itself does not)
    skittle_points: int
    carom: bool
    pocketed_obs: tuple[str, ...]
    win: str | None  # all_skittles | both_pocketed (five_caroms is the engine's: it counts)
    void: bool = False  # force majeure: the shot does not count

    @property
    def foul(self) -> bool:
        return bool(self.fouls)

    @property
    def points(self) -> int:
        return (
            self.skittle_points + VALUE_CAROM * self.carom + VALUE_POCKET * len(self.pocketed_obs)
        )

    @property
    def pure_carom(self) -> bool:
        """A legal shot that scored one carom and nothing else (W3, L67)."""
        return not self.fouls and self.carom and self.points == VALUE_CAROM


def _legal_knock(record: ShotRecord, ball: str, end: int, rules: Rules) -> bool:
    """§A.7: an object ball may fell skittles only after a cushion of its own, or when the cue
    ball that set it moving had hit a cushion first (AMB-A6: ``per_ball`` tests the ball set
    moving by the other object ball the same way; ``chain`` follows the strikers back)."""
    moving = record.set_moving(ball)
    start, striker = moving if moving else (-1, rules.cue)
    if record.cushions_between(ball, start + 1, end) > 0:
        return True
    if rules.ob_chain_knock == "chain" and striker in rules.obs:
        return _legal_knock(record, striker, start, rules)
    return record.cushions_between(rules.cue, 0, max(start, 0)) > 0


def judge(record: ShotRecord, rules: Rules, pushed: bool = False) -> Judgement:
    """The fouls, points and outright win of one shot (§A.7-§A.10).  ``pushed``: the shooter
    declared the balls tied up (L80), so a shot that misses the object balls is that push."""
    if record.has("interference"):
        return Judgement((), (), 0, False, (), None, void=True)
    wrong_ball = record.cue != rules.cue or record.has("wrong_ball")
    knocked = tuple(s for s in record.down_names if record.originator(s) != "self")
    fouls: list[Foul] = []
    direct = touched = False
    for skittle in knocked:
        origin = record.originator(skittle)
        if origin in FELLERS:
            touched = True
        elif origin not in rules.obs or not _legal_knock(
            record, origin, record.knock_index(skittle), rules
        ):
            direct = True
    obs_hit = record.balls_touched(rules.cue, rules.obs)
    if not obs_hit and not wrong_ball:
        fouls.append(Foul("push_declared" if pushed else "miss", FOUL_VALUE))
    off = [ball for ball in record.off_table]
    if off:
        fouls.append(Foul("off_table", FOUL_VALUE * (len(off) if rules.off_table_per_ball else 1)))
    if rules.cue in record.pocketed:
        fouls.append(Foul("scratch", FOUL_VALUE))
    if wrong_ball or (record.has("touch_cue") and not touched):
        fouls.append(Foul("cue_touch_ob", FOUL_VALUE))
    if direct:
        fouls.append(Foul("direct", 0))
    if touched or record.has("touch_hand", "touch_clothing"):
        fouls.append(Foul("touch_skittle", 0))
    table = not fouls or rules.penalty_valuation == "table"
    skittle_points = skittle_value(knocked, rules, table)
    pocketed_obs = tuple(ball for ball in record.pocketed if ball in rules.obs)
    win = None
    if set(knocked) == set(SKITTLES):
        if fouls:  # L82: a foul felling all seven costs S0 (AMB-A15: instead of, or on top)
            base = 0 if rules.all7_foul_mode == "replace" else skittle_points
            skittle_points = base + rules.S0
            fouls.append(Foul("all7_foul", 0))
        else:
            win = "all_skittles"
    both = len(pocketed_obs) == len(rules.obs)
    if both and win is None and (not fouls or not rules.w2_requires_no_foul):
        win = "both_pocketed"
    carom = len(obs_hit) == len(rules.obs)
    return Judgement(tuple(fouls), knocked, skittle_points, carom, pocketed_obs, win)


def foul_points(judgement: Judgement, rules: Rules) -> int:
    """The fixed part of a foul shot's penalty; AMB-A17: several fouls summed, or the worst."""
    values = [foul.points for foul in judgement.fouls] or [0]
    return sum(values) if rules.multi_foul == "sum" else max(values)
