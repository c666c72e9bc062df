"""What the five-pins referee announces, in English and Russian (rules/skittles.md Game B).

Foul codes are ``foul_<code>`` for the codes of :mod:`scoring.carom.five_pins.rules`; the
referee's Russian calls (§15: «шар соперника», «красный шар», «туш» ...) are in the Russian text.
"""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, Messages

#: The pins and marks as a referee names them.
PLACE_NAMES = {
    "centre": ("centre pin", "центральная фишка"),
    "upper": ("upper pin", "верхняя фишка"),
    "lower": ("lower pin", "нижняя фишка"),
    "left": ("left pin", "левая фишка"),
    "right": ("right pin", "правая фишка"),
    "upper_spot": ("upper spot", "верхняя отметка"),
    "red_spot": ("red spot", "отметка красного шара"),
    "lower_centre_spot": ("lower-half centre spot", "центральная отметка нижней половины"),
    "lower_spot": ("lower spot", "нижняя отметка"),
}

FOULS = {
    "own_pins": ("own ball knocked pins", "фишки сбиты своим битком"),
    "wrong_ball": ("wrong ball", "неправильный шар"),
    "red_first": ("red ball first", "красный шар"),
    "pins_first": ("pins before the opponent's ball", "фишки до шара соперника"),
    "miss": ("opponent's ball missed", "шар соперника"),
    "off_table": ("ball off the table", "выскочивший шар"),
    "balls_moving": ("balls still moving", "шары в движении"),
    "miscue": ("not with the tip", "наклейка"),
    "double_hit": ("double hit", "двойной удар"),
    "touch": ("touch", "туш"),
    "frozen_contact": ("played into a frozen ball", "шар в контакте"),
    "foot": ("foot off the floor or out of the zone", "нога вне зоны"),
    "jump_pins": ("ball jumped over the pins", "перепрыгивание шара"),
    "push": ("push shot", "пропих"),
    "place_touch": ("ball touched before it was placed", "туш: шар тронут до установки"),
}

LAG_FAULTS = {
    "red": ("hit the red", "задел красный шар"),
    "pin": ("hit a pin", "задел фишку"),
    "long_cushion": ("touched a long cushion", "коснулся длинного борта"),
    "other_half": ("crossed into the other half", "зашёл на половину соперника"),
    "late_start": ("started late", "запоздал с ударом"),
}

MESSAGES = (
    COMMON
    | Messages(
        {
            # Lag and break (§B.4, §B.5).
            "lag_result": Message("{player}'s lag: {result}", "Розыгрыш {player}: {result_ru}"),
            "lag_replay": Message("Lag replayed: {why}", "Розыгрыш переигрывается: {why_ru}"),
            "lag_won": Message(
                "{player} wins the lag and chooses the break",
                "{player} выиграл розыгрыш и выбирает, разбивать ли",
            ),
            "breaks": Message(
                "{player} breaks game {game}: ball in the lower half, {opponent_ball} on the upper "
                "spot, the red on its spot",
                "{player} разбивает партию {game}: биток в нижней половине, {opponent_ball} на "
                "верхней отметке, красный на своей отметке",
            ),
            # Points (§B.8).
            "scored": Message(
                "{player} +{points} (pins {pins}, carom {carom})",
                "{player} +{points} (фишки {pins}, карамболь {carom})",
            ),
            "no_points": Message("{player}: no points", "{player}: без очков"),
            "safety_only": Message(
                "{player}: re-set position, this shot scores nothing",
                "{player}: позиция переставлена, этот удар очков не приносит",
            ),
            "self_fall": Message(
                "The {pin} fell by itself: no points, no foul",
                "{pin_ru} упала сама: без очков и без штрафа",
            ),
            "interference": Message(
                "Force majeure: the shot does not count, the balls go back, {player} plays again",
                "Форс-мажор: удар не засчитан, шары возвращаются, {player} бьёт снова",
            ),
            # Fouls (§B.9).
            "foul": Message(
                "Foul ({foul}) by {player}: {points}", "Ошибка {player}: {foul_ru}, {points}"
            ),
            "foul_award": Message(
                "{player} +{points} from {fouler}'s foul",
                "{player} +{points} за ошибку {fouler}",
            ),
            "foul_charge": Message(
                "{player} -{points} for the foul", "{player} -{points} за ошибку"
            ),
            "ball_in_hand": Message(
                "{player}: ball in hand in the half away from {away}",
                "{player}: игра с руки, в половине стола напротив шара {away}",
            ),
            "placed": Message("{player}'s ball placed", "Шар {player} установлен"),
            "fouler_to_spot": Message(
                "{ball} to the {mark} at {player}'s request, the incoming ball in the other half",
                "{ball} на {mark_ru} по просьбе {player}, шар с руки в другой половине",
            ),
            # Re-spotting (§B.11-§B.13).
            "pin_reset": Message("Set the {pin} again", "{pin_ru}: на место"),
            "respot": Message("{item} back on the {mark}", "{item}: на {mark_ru}"),
            "respot_far_spot": Message(
                "{item} on the short-cushion spot away from {away} (if taken: the {instead})",
                "{item} на отметку у короткого борта напротив шара {away} "
                "(если занята: {instead_ru})",
            ),
            "pin_removed": Message(
                "The {pin} is off until its mark is free",
                "{pin_ru} снята, пока её отметка занята",
            ),
            "break_position": Message(
                "No legal shot: the balls go back to the break position; {player}'s shot scores "
                "nothing",
                "Правильного удара нет: шары в исходную позицию; удар {player} очков не приносит",
            ),
            # Games and the match (§B.6).
            "game_won": Message(
                "{player} wins game {game}, {points} to {other}",
                "{player} выиграл партию {game}: {points}:{other}",
            ),
            "games": Message("Games: {standing}", "Партии: {standing}"),
            "interval": Message("Five-minute interval", "Перерыв 5 минут"),
            # Refusals.
            "lag_first": Message("The lag comes first", "Сначала розыгрыш начального удара"),
            "choose_break_first": Message(
                "{turn} first chooses whether to break", "Сначала {turn} выбирает, разбивать ли"
            ),
            "not_lag_time": Message("The lag is over", "Розыгрыш уже закончен"),
            "not_choice_time": Message(
                "There is no break to choose", "Выбирать разбой сейчас нечего"
            ),
            "distance_missing": Message(
                "A clean lag needs the distance to the lower cushion",
                "Для чистого розыгрыша нужно расстояние до нижнего борта",
            ),
            "no_pockets": Message(
                "A carom table has no pockets: {ball} cannot be pocketed",
                "На карамбольном столе нет луз: {ball} не может быть в лузе",
            ),
            "pin_is_off": Message(
                "The {pin} is off the table until its mark is free",
                "{pin_ru} снята со стола, пока её отметка занята",
            ),
            "foot_rule_not_in_force": Message(
                "The foot rule applies to the break and to ball in hand only",
                "Правило ноги действует только при разбое и игре с руки",
            ),
            "nothing_to_place": Message(
                "{player} has no ball to place", "У {player} нет шара для установки"
            ),
            "already_placed": Message("The ball is already placed", "Шар уже установлен"),
            "spot_request_not_allowed": Message(
                "Only the player with the ball in hand after a foul may ask for that",
                "Об этом может просить только игрок, играющий с руки после ошибки",
            ),
        }
    )
    | Messages(
        {
            "foul_" + code: Message(
                f"Foul by {{player}}: {en}, {{points}}", f"Ошибка {{player}}: {ru}, {{points}}"
            )
            for code, (en, ru) in FOULS.items()
        }
    )
)
