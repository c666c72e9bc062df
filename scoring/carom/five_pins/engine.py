"""Five pins, WCBS 1997 (rules/skittles.md Game B, seed L99-L335): a match refereed shot by shot.

Two players, each with his own cue ball, and the red; five pins in a "+" on the table's centre.
Players alternate after every shot, scored or not (§B.6, L133); the first to ``target`` wins the
game, capped at the target; a match is ``match_games`` (odd) games and the breaks alternate.
What one shot scores is :mod:`scoring.carom.five_pins.rules`; this module keeps the lag, the
turns, the ball in hand, the pins that are off, the games and the referee's pad.

Verbs
  ``lag``          ``fault`` (none, red, pin, long_cushion, other_half, late_start, unclear)
                   and ``distance`` (mm to the lower cushion, for a clean lag): each player's
                   lag, first seat first (§B.4, L135-L149).
  ``break_choice`` ``break``: the lag winner breaks (true) or gives the break away (false).
  ``shot``         the shot record (:mod:`scoring.carom.shot`).
  ``place``        the ball in hand (or the break ball) is placed: ``touched`` (§13.6 / §15 н:
                   touched before the referee placed it, the ball in hand passes back) or
                   ``fouler_to_spot`` (§13.5: the fouler's ball to its initial spot).
  ``reset``        §10: no legal shot is possible, the referee re-sets the break position; the
                   next shot scores nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scoring.actions import Action, BoolField, ChoiceField, IntField, Verb
from scoring.carom.five_pins.messages import FOULS, LAG_FAULTS, MESSAGES, PLACE_NAMES
from scoring.carom.five_pins.pad import FivePinsState, Line, Phase, score_sheet
from scoring.carom.five_pins.rules import (
    FACTS,
    LOWER_CENTRE_SPOT,
    LOWER_SPOT,
    MARKS,
    PINS,
    RED_SPOT,
    UPPER_SPOT,
    Judgement,
    Rules,
    judge,
    lag_winner,
)
from scoring.carom.shot import ShotRecord, record_of, shot_verb
from scoring.engine import BaseEngine, check_players, check_seat
from scoring.verdicts import Kind, Verdict

__all__ = ["ENGINE", "FivePinsEngine", "FivePinsState"]

LAG_CHOICES = ("none", *LAG_FAULTS, "unclear")


def _name(key: str) -> tuple[str, str]:
    return PLACE_NAMES.get(key, (key, key))


#: The verbs of the play, after the lag and the break choice.
PLAY_VERBS = ("place", "reset", "shot")


class FivePinsEngine(BaseEngine[FivePinsState]):
    """The five-pins referee: every option of the preset is a :class:`Rules` field."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.preset = preset
        self.rules = Rules.read(options)
        self._verbs = {
            "lag": Verb(
                "lag",
                {"fault": ChoiceField(LAG_CHOICES), "distance": IntField(0)},
                summary="a player's lag: the fault, or the distance to the lower cushion (mm)",
            ),
            "break_choice": Verb(
                "break_choice",
                {"break": BoolField()},
                ("break",),
                summary="the lag winner breaks (true) or lets the opponent break (false)",
            ),
            "shot": shot_verb(self.rules.balls, PINS, MARKS, FACTS),
            "place": Verb(
                "place",
                {"touched": BoolField(), "fouler_to_spot": BoolField()},
                summary="the ball in hand is placed (touched first? fouler's ball to its spot?)",
            ),
            "reset": Verb("reset", summary="no legal shot: the balls go to the break position"),
        }
        self._handlers = {
            "lag": self._lag,
            "break_choice": self._choose,
            "place": self._place,
            "reset": lambda state, action: self._reset(state, action.by),
            "shot": self._shot,
        }

    def initial(self, players: Sequence[str]) -> FivePinsState:
        check_players(players, 2, 2)
        state = FivePinsState((players[0], players[1]), Phase.LAG, 0)
        if self.rules.lag:
            return state
        return self._start_game(state, 1, 0)[0]

    # ----------------------------------------------------------------------------------------
    # Rules.

    def admit(self, state: FivePinsState, action: Action) -> None:
        """Every verb in turn; the play's verbs once the lag and the break choice are over."""
        turn = None if state.turn is None else state.players[state.turn]
        check_seat(state.players, turn, action)
        if action.verb in PLAY_VERBS:
            self._check_play(state, action.by)

    def _check_play(self, state: FivePinsState, player: str | None) -> None:
        if state.phase == Phase.LAG:
            raise MESSAGES.illegal("lag_first", player)
        if state.phase == Phase.CHOICE:
            raise MESSAGES.illegal("choose_break_first", player, turn=player)

    # ---- the lag and the break (§B.4, §B.5) -------------------------------------------------

    def _lag(self, state: FivePinsState, action: Action) -> tuple[FivePinsState, list[Verdict]]:
        player, seat = action.by, state.turn
        if state.phase != Phase.LAG or seat is None:
            raise MESSAGES.illegal("not_lag_time", player)
        fault, distance = action.args.get("fault", "none"), action.args.get("distance")
        if fault == "none" and distance is None:
            raise MESSAGES.illegal("distance_missing", player)
        if fault == "none":
            result = (f"{distance} mm from the lower cushion", f"{distance} мм до нижнего борта")
        elif fault == "unclear":
            result = ("unclear", "неясно")
        else:
            result = LAG_FAULTS[fault]
        verdicts = [
            MESSAGES.verdict(Kind.INFO, "lag_result", player, result=result[0], result_ru=result[1])
        ]
        lag = tuple((fault, distance) if s == seat else r for s, r in enumerate(state.lag))
        if seat == 0:
            return replace(state, lag=lag, turn=1), verdicts
        # Both lags are in by now (the first seat's came before): a late start costs a point.
        first, second = (
            n + (r is not None and r[0] == "late_start")
            for n, r in zip(state.late_starts, lag, strict=True)
        )
        late = (first, second)
        winner, why = lag_winner(lag, late)
        if winner is None:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "lag_replay", why=why[0], why_ru=why[1]))
            return replace(state, lag=(None, None), late_starts=late, turn=0), verdicts
        verdicts.append(MESSAGES.verdict(Kind.TURN, "lag_won", state.players[winner]))
        return replace(state, lag=lag, late_starts=late, phase=Phase.CHOICE, turn=winner), verdicts

    def _choose(self, state: FivePinsState, action: Action) -> tuple[FivePinsState, list[Verdict]]:
        if state.phase != Phase.CHOICE or state.turn is None:
            raise MESSAGES.illegal("not_choice_time", action.by)
        breaker = state.turn if action.args["break"] else 1 - state.turn
        return self._start_game(state, 1, breaker)

    def _start_game(
        self, state: FivePinsState, game: int, breaker: int
    ) -> tuple[FivePinsState, list[Verdict]]:
        state = replace(
            state,
            phase=Phase.PLAY,
            turn=breaker,
            game=game,
            scores=(0, 0),
            breaker=breaker,
            breaking=True,
            shots=0,
            in_hand=False,
            after_foul=False,
            placed=False,
            safety_only=False,
            removed=(),
            taken=(),
        )
        opponent_ball = self.rules.cue_balls[1 - breaker]
        player = state.players[breaker]
        return state, [
            MESSAGES.verdict(Kind.TURN, "breaks", player, game=game, opponent_ball=opponent_ball)
        ]

    # ---- a shot ----------------------------------------------------------------------------

    def _shot(self, state: FivePinsState, action: Action) -> tuple[FivePinsState, list[Verdict]]:
        player, seat = action.by, state.turn
        assert seat is not None
        record = record_of(action)
        if record.pocketed:
            raise MESSAGES.illegal("no_pockets", player, ball=record.pocketed[0])
        for pin in state.removed:
            named = {*record.down_names, *record.displaced}
            named |= {c.other for c in record.contacts}
            if pin in named:
                raise MESSAGES.illegal(
                    "pin_is_off", player, pin=_name(pin)[0], pin_ru=_name(pin)[1]
                )
        if record.has("foot_off_floor") and not (state.breaking or state.in_hand):
            raise MESSAGES.illegal("foot_rule_not_in_force", player)
        if record.has("interference"):
            return state, [MESSAGES.verdict(Kind.INFO, "interference", player)]
        rules, other = self.rules, 1 - seat
        verdict = judge(
            rules, record, rules.cue_balls[seat], rules.cue_balls[other], state.safety_only
        )
        verdicts = [
            MESSAGES.verdict(Kind.INFO, "self_fall", pin=_name(pin)[0], pin_ru=_name(pin)[1])
            for pin in verdict.self_fallen
        ]
        gains, line = self._call(state, seat, verdict, verdicts)
        state, respots = self._respot(state, record, seat)
        verdicts += respots
        state = replace(
            state,
            shots=state.shots + 1,
            breaking=False,
            in_hand=verdict.ball_in_hand,
            after_foul=verdict.ball_in_hand,
            placed=False,
            safety_only=False,
        )
        return self._credit(state, seat, gains, bool(verdict.fouls), line, verdicts, state.shots)

    def _call(
        self, state: FivePinsState, seat: int, verdict: Judgement, verdicts: list[Verdict]
    ) -> tuple[tuple[int, int], tuple[str, str]]:
        """Announce the shot's points or fouls; the gains asked for and the pad's words."""
        player, other = state.players[seat], state.players[1 - seat]
        if not verdict.fouls:
            if state.safety_only:
                verdicts.append(MESSAGES.verdict(Kind.INFO, "safety_only", player))
            if verdict.points:
                scored = MESSAGES.verdict(
                    Kind.POINTS,
                    "scored",
                    player,
                    verdict.points,
                    pins=verdict.pin_points,
                    carom=verdict.carom,
                )
            else:
                scored = MESSAGES.verdict(Kind.INFO, "no_points", player)
            verdicts.append(scored)
            gains = (verdict.points, 0) if seat == 0 else (0, verdict.points)
            return gains, (scored.en, scored.ru)
        for foul in verdict.fouls:
            verdicts.append(MESSAGES.verdict(Kind.FOUL, "foul_" + foul.code, player, foul.points))
        award = verdict.award
        verdicts.append(MESSAGES.verdict(Kind.POINTS, "foul_award", other, award, fouler=player))
        charge = award if self.rules.foul_points_to == "both" else 0
        if charge:
            verdicts.append(MESSAGES.verdict(Kind.FOUL, "foul_charge", player, charge))
        if verdict.ball_in_hand:
            away = self.rules.cue_balls[seat]
            verdicts.append(MESSAGES.verdict(Kind.INFO, "ball_in_hand", other, away=away))
        gains = (-charge, award) if seat == 0 else (award, -charge)
        names = [FOULS[f.code] for f in verdict.fouls]
        return gains, (
            f"foul ({', '.join(n[0] for n in names)}): {other} +{award}",
            f"ошибка ({', '.join(n[1] for n in names)}): {other} +{award}",
        )

    def _respot(
        self, state: FivePinsState, record: ShotRecord, seat: int
    ) -> tuple[FivePinsState, list[Verdict]]:
        """Pins back on their marks, or off while a ball holds the mark (§12.4, §12.7); balls
        off the table back on their spots (§11)."""
        taken = record.marks_taken
        moved = set(record.down_names) | set(record.displaced) | set(state.removed)
        removed: list[str] = []
        verdicts: list[Verdict] = []
        for pin in (p for p in PINS if p in moved):
            en, ru = _name(pin)
            if pin in taken:
                removed.append(pin)
                if pin not in state.removed:
                    verdicts.append(MESSAGES.verdict(Kind.INFO, "pin_removed", pin=en, pin_ru=ru))
            else:
                verdicts.append(MESSAGES.verdict(Kind.INFO, "pin_reset", pin=en, pin_ru=ru, to=pin))
        rules = self.rules
        for ball in record.off_table:
            if ball == rules.cue_balls[seat]:
                instead = (
                    ("other short-cushion spot", "другая отметка у короткого борта")
                    if rules.respot_blocked == "other_spot"
                    else ("spot of the ball on it", "отметка занявшего её шара")
                )
                verdicts.append(
                    MESSAGES.verdict(
                        Kind.INFO,
                        "respot_far_spot",
                        item=ball,
                        away=rules.cue_balls[1 - seat],
                        instead=instead[0],
                        instead_ru=instead[1],
                    )
                )
            elif ball == rules.red:  # the opponent's ball (§11b) is his ball in hand
                verdicts.append(self._respot_verdict(ball, self._red_spot(taken)))
        return replace(state, removed=tuple(removed), taken=tuple(sorted(taken.items()))), verdicts

    def _red_spot(self, taken: Mapping[str, str]) -> str:
        """§11c: the red's spot; if a ball holds it, AMB-B5: the lower-half centre spot
        (``other_spot``), or the spot of the ball on it (``occupant_spot``: a cue ball's
        spot is the upper spot)."""
        if RED_SPOT not in taken:
            return RED_SPOT
        return LOWER_CENTRE_SPOT if self.rules.respot_blocked == "other_spot" else UPPER_SPOT

    @staticmethod
    def _respot_verdict(item: str, mark: str) -> Verdict:
        mark_en, mark_ru = _name(mark)
        return MESSAGES.verdict(
            Kind.INFO, "respot", item=_name(item)[0], mark=mark_en, mark_ru=mark_ru, to=mark
        )

    # ---- points, games and the match -------------------------------------------------------

    def _credit(
        self,
        state: FivePinsState,
        seat: int,
        gains: tuple[int, int],
        foul: bool,
        words: tuple[str, str],
        verdicts: list[Verdict],
        shot: int = 0,
    ) -> tuple[FivePinsState, list[Verdict]]:
        """Add the gains: capped at the target (§B.6), foul points to the opponent short of it
        unless ``foul_can_win`` (AMB-B9), a charged fouler never below 0; then the turn or the
        end of the game.  ``shot``: the shot's number in the game, 0 for a placing foul."""
        target = self.rules.target
        scores = []
        for who, (score, gain) in enumerate(zip(state.scores, gains, strict=True)):
            cap = target - 1 if foul and who != seat and not self.rules.foul_can_win else target
            scores.append(max(0, min(cap, score + gain)) if gain else score)
        actual = (scores[0] - state.scores[0], scores[1] - state.scores[1])
        line = Line(state.game, shot, seat, actual, *words)
        state = replace(state, scores=(scores[0], scores[1]), lines=(*state.lines, line))
        if target in scores:
            return self._end_game(state, scores.index(target), verdicts)
        assert state.turn is not None
        next_seat = 1 - seat
        state = replace(state, turn=next_seat)
        return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.players[next_seat])]

    def _end_game(
        self, state: FivePinsState, winner: int, verdicts: list[Verdict]
    ) -> tuple[FivePinsState, list[Verdict]]:
        scores, game = state.scores, state.game
        won = tuple(n + (seat == winner) for seat, n in enumerate(state.games_won))
        state = replace(
            state,
            games_won=(won[0], won[1]),
            results=(*state.results, (winner, *scores)),
        )
        player = state.players[winner]
        verdicts = [
            *verdicts,
            MESSAGES.verdict(
                Kind.HAND_OVER,
                "game_won",
                player,
                scores[winner],
                game=game,
                other=scores[1 - winner],
            ),
        ]
        if self.rules.match_games > 1:
            standing = ", ".join(f"{p} {n}" for p, n in zip(state.players, won, strict=True))
            verdicts.append(MESSAGES.verdict(Kind.INFO, "games", standing=standing))
        if won[winner] > self.rules.match_games // 2:
            verdicts += [
                MESSAGES.verdict(Kind.GAME_OVER, "game_over"),
                MESSAGES.verdict(Kind.GAME_OVER, "winner", player, won[winner]),
            ]
            return replace(state, phase=Phase.OVER, turn=None), verdicts
        if game in (2, self.rules.match_games - 1):
            verdicts.append(MESSAGES.verdict(Kind.INFO, "interval"))
        state, start = self._start_game(state, game + 1, 1 - state.breaker)
        return state, verdicts + start

    # ---- the ball in hand and the re-set position ------------------------------------------

    def _place(self, state: FivePinsState, action: Action) -> tuple[FivePinsState, list[Verdict]]:
        player, seat = action.by, state.turn
        assert seat is not None
        if not (state.in_hand or state.breaking):
            raise MESSAGES.illegal("nothing_to_place", player)
        if state.placed:
            raise MESSAGES.illegal("already_placed", player)
        if action.args.get("touched"):
            return self._place_touched(state, seat)
        if not action.args.get("fouler_to_spot"):
            return replace(state, placed=True), [MESSAGES.verdict(Kind.INFO, "placed", player)]
        if not state.after_foul:
            raise MESSAGES.illegal("spot_request_not_allowed", player)
        mark = LOWER_SPOT if dict(state.taken).get(UPPER_SPOT) == self.rules.red else UPPER_SPOT
        mark_en, mark_ru = _name(mark)
        ball = self.rules.cue_balls[1 - seat]
        verdict = MESSAGES.verdict(
            Kind.INFO, "fouler_to_spot", player, ball=ball, mark=mark_en, mark_ru=mark_ru, to=mark
        )
        return replace(state, placed=True), [verdict]

    def _place_touched(
        self, state: FivePinsState, seat: int
    ) -> tuple[FivePinsState, list[Verdict]]:
        """§13.6 / §15 н: the ball touched before the referee placed it: a penalty to the
        opponent (``touch_before_place_penalty``, AMB-B7), who takes the ball in hand."""
        player, other = state.players[seat], state.players[1 - seat]
        penalty = self.rules.touch_before_place_penalty
        en, ru = FOULS["place_touch"]
        verdicts = [
            MESSAGES.verdict(
                Kind.FOUL,
                "foul_place_touch",
                player,
                penalty,
            ),
            MESSAGES.verdict(Kind.POINTS, "foul_award", other, penalty, fouler=player),
            MESSAGES.verdict(Kind.INFO, "ball_in_hand", other, away=self.rules.cue_balls[seat]),
        ]
        charge = penalty if self.rules.foul_points_to == "both" else 0
        gains = (-charge, penalty) if seat == 0 else (penalty, -charge)
        state = replace(state, breaking=False, in_hand=True, after_foul=True, placed=False)
        words = (f"foul ({en}): {other} +{penalty}", f"ошибка ({ru}): {other} +{penalty}")
        return self._credit(state, seat, gains, True, words, verdicts)

    def _reset(
        self, state: FivePinsState, player: str | None
    ) -> tuple[FivePinsState, list[Verdict]]:
        """§10 (L237-L239): no legal shot, the balls go to the break position and the pins
        whose marks they held come back; the striker's next shot can only be a safety."""
        verdicts = [MESSAGES.verdict(Kind.INFO, "break_position", player)]
        verdicts += [
            MESSAGES.verdict(Kind.INFO, "pin_reset", pin=_name(p)[0], pin_ru=_name(p)[1], to=p)
            for p in state.removed
        ]
        return replace(state, safety_only=True, removed=(), taken=()), verdicts

    # ----------------------------------------------------------------------------------------
    # What the displays show.

    def view(self, state: FivePinsState) -> dict[str, Any]:
        players = list(state.players)
        winner = None
        if state.phase == Phase.OVER:
            winner = players[max((0, 1), key=lambda seat: state.games_won[seat])]
        hand = state.players[state.turn] if state.in_hand and state.turn is not None else None
        return {
            "players": players,
            "turn": None if state.turn is None else players[state.turn],
            "scores": dict(zip(players, state.scores, strict=True)),
            "over": state.phase == Phase.OVER,
            "winner": winner,
            "phase": state.phase,
            "game": state.game,
            "games_won": dict(zip(players, state.games_won, strict=True)),
            "match_games": self.rules.match_games,
            "target": self.rules.target,
            "balls": dict(zip(players, self.rules.cue_balls, strict=True)),
            "breaker": players[state.breaker] if state.phase in (Phase.PLAY, Phase.OVER) else None,
            "break": state.breaking,
            "ball_in_hand": hand,
            "placed": state.placed,
            "removed_pins": list(state.removed),
            "safety_only": state.safety_only,
            "shots": state.shots,
            "geometry": dict(self.rules.geometry),
        }

    def needs(self, state: FivePinsState, action: Action) -> tuple[str, ...]:
        """A lag needs what the tape measure says, unless the table calls a fault instead."""
        if action.verb == "lag" and not {"distance", "fault"} & set(action.args):
            return ("distance",)
        return super().needs(state, action)

    def open_actions(self, state: FivePinsState) -> list[Action]:
        if state.turn is None:
            return []
        player = state.players[state.turn]
        if state.phase == Phase.LAG:
            return [Action("lag", player)]
        if state.phase == Phase.CHOICE:
            return [Action("break_choice", player, {"break": choice}) for choice in (True, False)]
        out = [Action("shot", player)]
        if (state.in_hand or state.breaking) and not state.placed:
            out.append(Action("place", player))
        return out

    def score_sheet(self, state: FivePinsState) -> dict[str, Any]:
        return score_sheet(state, self.rules.match_games)


ENGINE = FivePinsEngine
