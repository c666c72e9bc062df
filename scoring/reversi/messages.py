"""Reversi's verdicts and refusals in English and Russian (docs/rules/reversi.md)."""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, Messages

MESSAGES = COMMON | Messages(
    {
        "moved": Message(
            "{player} ({colour}) plays {at}, turning {turned}",
            "{player} ({colour_ru}) ходит {at} и переворачивает {turned}",
        ),
        "placed": Message(
            "{player} ({colour}) places {at} in the centre",
            "{player} ({colour_ru}) ставит фишку в центр на {at}",
        ),
        "pass": Message(
            "{player} has no move and passes: {next} moves again",
            "У {player} нет хода, ход переходит к {next}",
        ),
        "counted": Message("Black {black}, white {white}", "Чёрных {black}, белых {white}"),
        "draw": Message("A draw: {black} discs each", "Ничья: по {black} фишек"),
        "occupied": Message(
            "{player}: {at} is taken; a disc goes on an empty square",
            "{player}: клетка {at} занята; фишку ставят на пустую клетку",
        ),
        "no_flip": Message(
            "{player}: a disc on {at} closes no row of {foe} discs (moves: {moves})",
            "{player}: фишка на {at} не закрывает ни одного ряда фишек соперника "
            "(возможные ходы: {moves})",
        ),
        "wrong_flips": Message(
            "{player}: a disc on {at} turns {should}, but the table shows {shown} turned",
            "{player}: фишка на {at} переворачивает {should}, а на столе перевёрнуты {shown}",
        ),
        "must_move": Message(
            "{player} has a move and cannot pass (moves: {moves})",
            "{player} не может отказаться от хода: есть ходы {moves}",
        ),
        "centre_first": Message(
            "{player}: the centre is filled first ({moves}), without turning",
            "{player}: сначала заполняется центр ({moves}), без переворота",
        ),
    }
)
