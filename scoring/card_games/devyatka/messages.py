"""Devyatka: what the referee display says, in English and Russian, one line each."""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, Messages

MESSAGES = COMMON | Messages(
    {
        # the deal and the coins
        "ante": Message(
            "Deal {deal}: everyone puts {coins} into the bank (bank {bank})",
            "Сдача {deal}: все ставят по {coins} в банк (в банке {bank})",
        ),
        "redeal": Message(
            "{player} shows {cards}: the cards are shuffled and dealt again",
            "{player} показывает {cards}: карты пересдаются",
        ),
        "shown": Message("{player} shows his hand: {cards}", "{player} открывает карты: {cards}"),
        "played": Message(
            "{player} plays {card} ({left} cards left)",
            "{player} кладёт {card_ru} (осталось карт: {left})",
        ),
        "passed": Message(
            "{player} passes and pays {points} into the bank (bank {bank})",
            "{player} пасует и платит {points} в банк (в банке {bank})",
        ),
        "fined": Message(
            "{player} pays a fine of {points} into the bank (bank {bank})",
            "{player} платит штраф {points} в банк (в банке {bank})",
        ),
        "cards_left_fine": Message(
            "{player} pays {points} for {cards} cards left",
            "{player} платит {points} за оставшиеся карты: {cards}",
        ),
        "takes_bank": Message(
            "{player} is out of cards and takes the bank: {points}",
            "{player} сбросил все карты и забирает банк: {points}",
        ),
        "illegal_pass_proven": Message(
            "Proven: {player} passed at pass {number} while {card} could be played "
            "(confirm a fine with 'fine')",
            "Доказано: {player} спасовал (пас {number}), хотя мог положить {card_ru} "
            "(штраф подтверждается командой fine)",
        ),
        "out_of_coins": Message(
            "{player} has no coins left: the session ends",
            "У {player} кончились монеты: игра окончена",
        ),
        # refusals
        "must_open_9d": Message(
            "The deal opens with the nine of diamonds", "Сдача начинается с девятки бубен"
        ),
        "not_playable": Message(
            "{card} does not fit the layout: a 9, or the card next to a row's end",
            "{card_ru} некуда положить: только девятка или соседняя карта к концу ряда",
        ),
        "must_play": Message(
            "{player} holds {card}, which can be played: passing is not allowed",
            "У {player} есть {card_ru}, её можно положить: пасовать нельзя",
        ),
        "not_in_hand": Message("{player} does not hold {card}", "У {player} нет карты {card_ru}"),
        "held_elsewhere": Message("{card} is in {holder}'s hand", "{card_ru} на руках у {holder}"),
        "on_table": Message("{card} is already on the table", "{card_ru} уже на столе"),
        "wrong_count": Message(
            "{player} holds {count} cards, {given} shown",
            "У {player} карт: {count}, показано: {given}",
        ),
        "hand_differs": Message(
            "{player}'s hand is known and differs: {cards}",
            "Карты {player} известны и другие: {cards}",
        ),
        "show_hands_first": Message(
            "Full information: every hand is shown before the opening (waiting for {waiting})",
            "Полная информация: до первого хода показываются все руки (ждём {waiting})",
        ),
        "already_shown": Message("{player}'s hand is already known", "Карты {player} уже известны"),
        "too_late_to_redeal": Message(
            "A redeal is claimed before the first card", "Пересдачу требуют до первого хода"
        ),
        "no_redeal": Message(
            "A redeal needs {need} aces shown ({given} shown); redeal_aces: 0 turns it off",
            "Для пересдачи нужно показать тузов: {need} (показано {given})",
        ),
    }
)
