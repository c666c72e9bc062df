"""Seven Skittles: what the referee display says, in English and Russian, one line each."""

from __future__ import annotations

from scoring.carom.shot import MESSAGES as SHOT_MESSAGES
from scoring.verdicts import COMMON, Message, Messages

#: Skittle names as read out (§1 glossary).
SKITTLE_NAMES = {
    "big": ("the big skittle", "большая кегля"),
    "small_front": ("the front small skittle", "передняя малая кегля"),
    "small_rear": ("the rear small skittle", "задняя малая кегля"),
    "small_left": ("the left small skittle", "левая малая кегля"),
    "small_right": ("the right small skittle", "правая малая кегля"),
    "side_front": ("the front side skittle", "передняя боковая кегля"),
    "side_rear": ("the rear side skittle", "задняя боковая кегля"),
}

BALL_NAMES_RU = {"red": "красный", "pink": "розовый", "black": "чёрный", "white": "белый"}


def names(items: tuple[str, ...] | list[str], lang: int) -> str:
    """Skittles or balls as a phrase: ``the big skittle, the left small skittle``."""
    out = []
    for item in items:
        if item in SKITTLE_NAMES:
            out.append(SKITTLE_NAMES[item][lang])
        else:
            out.append(BALL_NAMES_RU.get(item, item) if lang else item)
    return ", ".join(out)


MESSAGES = (
    COMMON
    | SHOT_MESSAGES
    | Messages(
        {
            # the draw and the turn
            "started": Message(
                "{player} won the draw and breaks from the house",
                "{player} выиграл жребий и начинает с руки из дома",
            ),
            "draw_first": Message(
                "Draw lots first: who breaks?", "Сначала жеребьёвка: кто начинает?"
            ),
            "already_started": Message("The draw is done", "Жеребьёвка уже проведена"),
            "in_hand": Message(
                "{player} plays the cue ball from the house",
                "{player} играет битком с руки из дома",
            ),
            # points, L56-L64
            "skittles": Message(
                "Skittles ({skittles}): {points}", "Кегли ({skittles_ru}): {points}"
            ),
            "carom": Message("Carom: {points}", "Карамболь: {points}"),
            "pocketed": Message(
                "Object ball pocketed ({balls}): {points}",
                "Чужой шар ({balls_ru}): {points}",
            ),
            "scored": Message(
                "{player} writes off {points}: {remaining} to go",
                "{player} списывает {points}: осталось {remaining}",
            ),
            "safety": Message(
                "Safety: nothing scored, {player}'s inning ends",
                "Отыгрыш: очков нет, подход {player} окончен",
            ),
            "bust": Message(
                "{points} would pass zero: not written, {player}'s inning ends",
                "{points} — перебор: не списано, подход {player} окончен",
            ),
            "caroms_in_row": Message(
                "Pure caroms in a row: {count} of 5", "Чистых карамболей подряд: {count} из 5"
            ),
            # fouls, L69-L82
            "miss": Message(
                "Foul: the cue ball touched no object ball, {points}",
                "Фол: биток не коснулся прицельного шара, {points}",
            ),
            "push_declared": Message(
                "Declared push out of a tied-up position: {points}",
                "Объявленный удар из «замазанной» позиции: {points}",
            ),
            "off_table": Message(
                "Foul: ball off the table ({balls}), {points}",
                "Фол: шар вылетел со стола ({balls_ru}), {points}",
            ),
            "scratch": Message(
                "Foul: cue ball in the pocket, {points}", "Фол: биток в лузе, {points}"
            ),
            "cue_touch_ob": Message(
                "Foul: object ball touched with the cue, {points}",
                "Фол: касание кием прицельного шара, {points}",
            ),
            # The skittles' value is the penalty of these two: the skittles line says it.
            "direct": Message("Foul: skittles knocked directly", "Фол: кегли сбиты напрямую"),
            "touch_skittle": Message(
                "Foul: skittle touched by cue, hand or clothing",
                "Фол: касание кегли кием, рукой или одеждой",
            ),
            "all7_foul": Message(
                "Foul shot felled all seven skittles: {points}",
                "Штрафным ударом сбиты все кегли: {points}",
            ),
            "mountain": Message(
                "+{points} on the mountain for {player}: {remaining}",
                "+{points} на гору игроку {player}: {remaining}",
            ),
            "interference": Message(
                "Interference: the shot does not count, {player} shoots again",
                "Помеха: удар не засчитан, {player} бьёт снова",
            ),
            # outright wins, L65-L67, and the countdown, L44
            "all_skittles": Message(
                "All seven skittles at once: {player} wins",
                "Все кегли сбиты разом: победа {player}",
            ),
            "both_pocketed": Message(
                "Both object balls pocketed: {player} wins",
                "Оба прицельных шара в лузах: победа {player}",
            ),
            "five_caroms": Message(
                "Five caroms in a row: {player} wins", "Пять карамболей подряд: победа {player}"
            ),
            "reached_zero": Message(
                "{player} has written off every point and wins",
                "{player} списал все очки и побеждает",
            ),
            # tied up, L80-L81
            "tied_up": Message(
                "Balls tied up: {player} may touch or roll the cue ball for 5",
                "Шары «замазаны»: {player} может коснуться или катнуть биток за 5 очков",
            ),
            "already_declared": Message(
                "The position is already declared tied up", "«Замазанная» позиция уже объявлена"
            ),
            "not_leader": Message(
                "Only the leader ({leader}) breaks up a tied-up position",
                "«Размазать» позицию обязан лидер партии ({leader})",
            ),
            # re-spotting, L84-L95
            "ob_spot": Message("Respot: {what} on its spot", "Выставить: {what_ru} на свою точку"),
            "ob_other_spot": Message(
                "Respot: {what} on the free spot ({to})",
                "Выставить: {what_ru} на свободную точку ({to})",
            ),
            "ob_referee": Message(
                "Respot: both spots are taken, the referee places {what}",
                "Выставить: обе точки заняты, {what_ru} ставит судья",
            ),
            "cue_house": Message("The cue ball goes to the house", "Биток — в дом"),
            "skittle_mark": Message(
                "Respot: {what} on its mark", "Выставить: {what_ru} на свою точку"
            ),
            "skittle_wait": Message(
                "{what} stays off: its mark is taken by a ball",
                "{what_ru} не выставляется: её точку занимает шар",
            ),
            "skittle_midpoint": Message(
                "Respot: {what} midway from its mark, away from the ball",
                "Выставить: {what_ru} посередине от своей точки, в сторону от шара",
            ),
            "respotted": Message(
                "Table set: play on", "Кегли и шары выставлены: игра продолжается"
            ),
            "respot_pending": Message(
                "Set the skittles and balls first", "Сначала выставьте кегли и шары"
            ),
            "nothing_to_respot": Message("Nothing to set", "Выставлять нечего"),
            "skittle_absent": Message(
                "{skittle} is not on the table this shot", "{skittle} в этом ударе не стоит"
            ),
            "winner": Message("{player} wins the game", "{player} выигрывает партию"),
        }
    )
)

#: §A.10 (L77): on a foul shot its points go onto the fouler's mountain; the same verdicts as
#: a scoring shot's, worded so that nobody reads them as points written off.
ON_MOUNTAIN = MESSAGES | Messages(
    {
        "skittles": Message(
            "Skittles ({skittles}): {points} onto the mountain",
            "Кегли ({skittles_ru}): {points} на гору",
        ),
        "carom": Message("Carom: {points} onto the mountain", "Карамболь: {points} на гору"),
        "pocketed": Message(
            "Object ball pocketed ({balls}): {points} onto the mountain",
            "Чужой шар ({balls_ru}): {points} на гору",
        ),
    }
)
