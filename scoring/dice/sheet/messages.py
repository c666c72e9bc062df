"""What the dice score-sheet engine announces and refuses: codes with English and Russian text.

One catalogue for the engine's modules (:mod:`.engine`, :mod:`.turn`),
so a code means one thing whichever module raises it.  The texts of a turn of throws are those
of every dice turn (:data:`scoring.dice.turns.THROW_MESSAGES`); a sheet game only says what to
do once the throws are used up.
"""

from __future__ import annotations

from scoring.dice.turns import THROW_MESSAGES
from scoring.verdicts import COMMON, Message, Messages

MESSAGES = (
    COMMON
    | THROW_MESSAGES
    | Messages(
        {
            # Throws.
            "no_throws_left": Message(
                "{player} has used all {throws} throws: choose a row",
                "{player} использовал все {throws} броска: выберите графу",
            ),
            "must_keep_one": Message(
                "{player} may not throw all the dice again: keep at least one",
                "{player} не может перебросить все кости: отложите хотя бы одну",
            ),
            "nothing_to_void": Message(
                "{player} has no throw showing that could be void",
                "У {player} нет броска, который можно отменить",
            ),
            # Rows.
            "scored": Message(
                "{player} writes {points} in {row}",
                "{player} записывает {points} в графу «{row_ru}»",
            ),
            "row_done": Message(
                "{player} makes {row} exactly: ticked, no points and no penalty",
                "{player} выполняет «{row_ru}»: отмечено, без очков и без штрафа",
            ),
            "doubled": Message(
                "First attempt: {row} counts double",
                "С первой попытки: «{row_ru}» удваивается",
            ),
            "crossed": Message(
                "{player} crosses out {row}", "{player} вычёркивает графу «{row_ru}»"
            ),
            "announced": Message("{player} announces {row}", "{player} объявляет графу «{row_ru}»"),
            "row_used": Message(
                "{player} has already written {points} in {row}",
                "У {player} графа «{row_ru}» уже заполнена ({points})",
            ),
            "row_crossed": Message(
                "{player} has crossed out {row}", "У {player} графа «{row_ru}» вычеркнута"
            ),
            "stage_open": Message(
                "{player} must finish {section} before {row}",
                "{player} должен сначала заполнить «{section_ru}», потом «{row_ru}»",
            ),
            "out_of_order": Message(
                "{player} plays {section} in order: {required} comes first",
                "{player} заполняет «{section_ru}» по порядку: сначала «{required_ru}»",
            ),
            "row_not_made": Message(
                "{dice} does not make {row}: write another row or cross one out",
                "{dice} не даёт «{row_ru}»: запишите другую графу или вычеркните",
            ),
            "row_mandatory": Message(
                "{row} is in {section}, which must be played and cannot be crossed out",
                "Графа «{row_ru}» из «{section_ru}» обязательна, вычёркивать её нельзя",
            ),
            "already_announced": Message(
                "{player} has already announced {row} this turn",
                "{player} уже объявил графу «{row_ru}» в этом ходу",
            ),
            "joker_upper_required": Message(
                "Joker rule: {player} must write this five of a kind in {required} while it "
                "is open",
                "Правило джокера: {player} должен записать пять одинаковых в «{required_ru}»",
            ),
            "joker_lower_required": Message(
                "Joker rule: {player} must use an open lower row before an upper one",
                "Правило джокера: {player} должен сначала использовать свободную нижнюю графу",
            ),
            # Bonuses and the end.
            "section_bonus": Message(
                "{player} reaches {threshold} in {section}: +{points}",
                "{player} набирает {threshold} в разделе «{section_ru}»: +{points}",
            ),
            "section_bonus_missed": Message(
                "{player} ends {section} at {total}: no bonus (it needs {threshold})",
                "{player} заканчивает «{section_ru}» с {total}: без бонуса (нужно {threshold})",
            ),
            "extra_kind_bonus": Message(
                "Another {row} for {player}: +{points}", "Ещё один {row} у {player}: +{points}"
            ),
            "joker": Message(
                "Joker: {player}'s five of a kind counts in {row}",
                "Джокер: пять одинаковых у {player} засчитаны в графу «{row_ru}»",
            ),
            "unused_bonus": Message(
                "{player} stops with {unused} throws unused: +{points}",
                "{player} не использовал бросков: {unused}, +{points}",
            ),
            "throws_banked": Message(
                "{player} saves {banked} throws for a later turn",
                "{player} оставляет бросков на потом: {banked}",
            ),
            "settlement": Message(
                "{player}: {delta} against the average {average}",
                "{player}: {delta} относительно среднего {average}",
            ),
        }
    )
)
