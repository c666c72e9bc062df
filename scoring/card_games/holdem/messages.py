"""What the hold'em referee announces, in English and Russian.  A verdict applying a floor rule
carries it in ``rule`` and ends its texts with it, "(TPT 35)"."""

from __future__ import annotations

from scoring.verdicts import Message, Messages

MESSAGES = Messages(
    {
        # The deal and the blinds.
        "blinds": Message(
            "Hand {hand}: button {button}; blinds {blinds}",
            "Раздача {hand}: баттон {button}; блайнды {blinds}",
        ),
        "antes": Message("Antes posted: {amount} each", "Анте поставлены: по {amount}"),
        # Moves in turn.
        "fold": Message("{player} folds", "{player}: фолд"),
        "fold_no_bet": Message(
            "{player} folds with nothing to call: the fold is binding ({rule})",
            "{player}: фолд без ставки, он обязателен ({rule})",
        ),
        "check": Message("{player} checks", "{player}: чек"),
        "call": Message("{player} calls {amount}", "{player}: колл {amount}"),
        "call_is_check": Message(
            "{player} says call with no bet: a check ({rule})",
            "{player} говорит «колл» без ставки: это чек ({rule})",
        ),
        "bet": Message("{player} bets {to}", "{player}: ставка {to}"),
        "raise": Message("{player} raises to {to}", "{player}: рейз до {to}"),
        "all_in": Message("{player} is all-in ({to})", "{player}: олл-ин ({to})"),
        # Refusals.
        "cannot_check": Message(
            "{player} cannot check: {amount} to call",
            "{player} не может сказать чек: колл {amount}",
        ),
        "no_raise_open": Message(
            "{player} may not raise now: only call or fold ({rule})",
            "{player} не может повышать: только колл или фолд ({rule})",
        ),
        "under_minimum": Message(
            "{player}: {to} is under the minimum, {minimum} ({rule})",
            "{player}: {to} меньше минимума, {minimum} ({rule})",
        ),
        "over_maximum": Message(
            "{player}: {to} is over the most allowed, {maximum}",
            "{player}: {to} больше разрешённого, {maximum}",
        ),
        "more_than_stack": Message(
            "{player} has only {stack} behind", "У {player} за столом только {stack}"
        ),
        "not_whole_chips": Message(
            "{player}: {to} is not a whole number of {chip} chips",
            "{player}: {to} не делится на фишки по {chip}",
        ),
        "under_own_bet": Message(
            "{player}: {amount} is less than the {bet} already bet",
            "{player}: {amount} меньше уже поставленных {bet}",
        ),
        "bound_raise": Message(
            "{player} is bound to raise ({rule})", "{player} обязан повысить ({rule})"
        ),
        "no_betting": Message("No betting round is open now", "Сейчас не идут торги"),
        "nothing_pushed": Message(
            "{player}: name the chips pushed or the amount said",
            "{player}: назовите выдвинутые фишки или сумму",
        ),
        # Words and chips (TPT 31-36, 41, 44, 45).
        "declared": Message(
            "{player} says {word}: binding ({rule})",
            "{player} объявляет {word}: обязательно ({rule})",
        ),
        "checked_facing": Message(
            "{player} said check facing a bet: call or fold, no raise ({rule})",
            "{player} сказал «чек» при ставке: колл или фолд, без рейза ({rule})",
        ),
        "pot_no_limit": Message(
            '"I bet the pot" is no bet in no-limit: {player} must bet or raise at least the '
            "minimum ({rule})",
            "«Ставлю банк» не ставка в безлимите: {player} должен поставить не меньше минимума "
            "({rule})",
        ),
        "push_call_said": Message("{player} said call ({rule})", "{player} сказал «колл» ({rule})"),
        "push_all_in_said": Message(
            "{player} said all-in ({rule})", "{player} сказал «олл-ин» ({rule})"
        ),
        "push_raise_said": Message(
            "{player} said raise: a raise to {to} ({rule})",
            "{player} сказал «рейз»: рейз до {to} ({rule})",
        ),
        "push_check": Message(
            "{player} pushed nothing: a check", "{player} ничего не выдвинул: чек"
        ),
        "push_last_chips": Message(
            "{player} pushed his last chips: all-in ({rule})",
            "{player} выдвинул последние фишки: олл-ин ({rule})",
        ),
        "push_oversized_bet": Message(
            "{player} pushed one chip with no bet to call: a bet of {to} ({rule})",
            "{player} выдвинул одну фишку без ставки: ставка {to} ({rule})",
        ),
        "push_oversized_call": Message(
            "{player} pushed one oversized chip silently: a call ({rule})",
            "{player} молча выдвинул одну крупную фишку: колл ({rule})",
        ),
        "push_corrected": Message(
            "{player}'s bet is under the minimum: made {to} ({rule})",
            "Ставка {player} меньше минимума: исправлена до {to} ({rule})",
        ),
        "push_bet": Message(
            "{player}'s chips make a bet of {to} ({rule})", "Фишки {player}: ставка {to} ({rule})"
        ),
        "push_under_call": Message(
            "{player} pushed less than the call: a binding full call ({rule})",
            "{player} выдвинул меньше колла: обязательный полный колл ({rule})",
        ),
        "under_call_floor": Message(
            "{player} pushed less than the call: the floor decides between a full call and a "
            "fold (TPT 41B)",
            "{player} выдвинул меньше колла: полный колл или фолд решает флор (TPT 41B)",
        ),
        "push_string": Message(
            "{player}'s chips came in more than one motion: a string raise is a call ({rule})",
            "{player} выдвигал фишки в несколько приёмов: это колл, а не рейз ({rule})",
        ),
        "push_all_needed": Message(
            "{player}'s chips are all needed for the call: a call ({rule})",
            "Все фишки {player} нужны для колла: колл ({rule})",
        ),
        "push_raise": Message(
            "{player}'s chips make a raise to {to} ({rule})",
            "Фишки {player}: рейз до {to} ({rule})",
        ),
        "push_fifty_up": Message(
            "{player}'s chips reach half a raise: a full minimum raise to {to} ({rule})",
            "Фишки {player} дотягивают до половины рейза: полный минимальный рейз до {to} ({rule})",
        ),
        "push_fifty_call": Message(
            "{player}'s chips are short of half a raise: a call ({rule})",
            "Фишкам {player} не хватает до половины рейза: колл ({rule})",
        ),
        # Out of turn (TPT 43A, 10B).
        "out_of_turn": Message(
            "{player} acted out of turn: held until his turn; {turn} to act ({rule})",
            "{player} действовал не в свою очередь: действие ждёт его хода; ходит {turn} ({rule})",
        ),
        "oot_fold": Message(
            "{player} folded out of turn: the fold is binding ({rule})",
            "{player} сбросил не в свою очередь: фолд обязателен ({rule})",
        ),
        "oot_binding": Message(
            "The action to {player} did not change: his action out of turn stands ({rule})",
            "Ставка перед {player} не изменилась: его действие вне очереди в силе ({rule})",
        ),
        "oot_void": Message(
            "The action to {player} changed: his action out of turn is void, every option is "
            "open ({rule})",
            "Ставка перед {player} изменилась: его действие вне очереди отменено, он выбирает "
            "заново ({rule})",
        ),
        "one_held": Message(
            "{other}'s action out of turn is already waiting",
            "Уже ждёт действие {other} вне очереди",
        ),
        "muck_returned": Message(
            "{player} mucked with a bet nobody called: out of the hand, {amount} returned ({rule})",
            "{player} сбросил карты при неуравненной ставке: выбывает, {amount} возвращено "
            "({rule})",
        ),
        "returned": Message(
            "{amount} of {player}'s bet was not called and is returned",
            "{amount} из ставки {player} никто не уравнял: возвращено",
        ),
        # The board (TPT 30).
        "board": Message("{street}: {cards}", "{street_ru}: {cards}"),
        "burn": Message("Burn card {card}", "Сожжена карта {card}"),
        "no_burn": Message(
            "No card burned before the {street}: one and only one is burned each street ({rule})",
            "Перед {street_ru} не сожжена карта: на каждой улице сжигают одну и только одну "
            "({rule})",
        ),
        "extra_burns": Message(
            "{count} cards burned before the {street}: one and only one is burned each street "
            "({rule})",
            "Перед {street_ru} сожжено карт: {count}; на каждой улице сжигают одну и только "
            "одну ({rule})",
        ),
        "burn_exposed": Message(
            "The burn card {card} is exposed: it no longer protects the stub ({rule})",
            "Сжигаемая карта {card} открыта: она больше не закрывает колоду ({rule})",
        ),
        "burn_uncounted": Message(
            "The burn card {card} was seen, so at least one card was burned, not {count}",
            "Сжигаемая карта {card} видна, значит сожжено не меньше одной карты, а не {count}",
        ),
        "four_card_flop": Message(
            "Four cards on the flop: the floor picks one of them as the burn ({rule})",
            "На флопе четыре карты: флор выбирает одну из них в сжигаемые ({rule})",
        ),
        "card_seen": Message(
            "{card} has already been seen in this hand", "{card} уже была в этой раздаче"
        ),
        "not_in_four": Message(
            "{card} is not one of the four flop cards", "{card} нет среди четырёх карт флопа"
        ),
        "wrong_street": Message(
            "The {street} is not due now (the {due} is)", "Сейчас не {street_ru} (а {due_ru})"
        ),
        "no_deal_now": Message("No card is due now", "Сейчас карты не выкладывают"),
        # The showdown (TPT 7, 11, 12).
        "showdown": Message(
            "Showdown: {player} shows first ({rule})",
            "Вскрытие: первым показывает {player} ({rule})",
        ),
        "face_up": Message(
            "All-in and the betting is over: every hand face up ({rule})",
            "Олл-ин, торги окончены: все руки открываются ({rule})",
        ),
        "shows": Message(
            "{player} shows {cards}: {hand}", "{player} показывает {cards}: {hand_ru}"
        ),
        "shows_early": Message("{player} shows {cards}", "{player} показывает {cards}"),
        "mucks": Message("{player} mucks", "{player} сбрасывает карты"),
        "no_muck_all_in": Message(
            "{player} may not muck: all-in hands are tabled ({rule})",
            "{player} не может сбросить: при олл-ине руки открывают ({rule})",
        ),
        "last_hand": Message(
            "{player} holds the last live hand and wins; nothing to muck ({rule})",
            "У {player} последняя живая рука, он выигрывает; сбрасывать нечего ({rule})",
        ),
        "already_shown": Message("{player} has shown already", "{player} уже показал карты"),
        "not_in_hand": Message("{player} is not in the hand", "{player} не участвует в раздаче"),
        "not_to_show": Message(
            "{player} is not due to show (next: {turn})",
            "{player} не должен сейчас показывать (следующий: {turn})",
        ),
        "pot_won": Message(
            "{player} wins the {pot} of {amount}{with_hand}",
            "{player} выигрывает {pot_ru}: {amount}{with_hand_ru}",
        ),
        "pot_split": Message(
            "The {pot} of {amount} is split: {shares}{with_hand}{odd}",
            "{pot_ru} ({amount}) делится: {shares}{with_hand_ru}{odd_ru}",
        ),
        "out_of_chips": Message("{player} is out of chips", "У {player} кончились фишки"),
        # The operator (TPT 22, 26, 27, rulings).
        "misdeal": Message(
            "Misdeal: the hand is dealt again, same button and blinds ({rule})",
            "Ошибка раздачи: пересдача, баттон и блайнды те же ({rule})",
        ),
        "misdeal_late": Message(
            "Substantial action has taken place: no misdeal, the hand goes on ({rule})",
            "Уже было существенное действие: пересдачи нет, раздача продолжается ({rule})",
        ),
        "clock_fold": Message(
            "{player}'s time is up facing a bet: the hand is dead ({rule})",
            "Время {player} вышло при ставке: рука мертва ({rule})",
        ),
        "clock_check": Message(
            "{player}'s time is up with no bet: a check ({rule})",
            "Время {player} вышло без ставки: чек ({rule})",
        ),
        "ruling": Message(
            "Floor ruling ({rule}){about}{note}", "Решение флора ({rule}){about_ru}{note}"
        ),
        "killed": Message("{player}'s hand is dead ({rule})", "Рука {player} мертва ({rule})"),
        "not_live": Message("{player} has no live hand", "У {player} нет живой руки"),
    }
)

STREETS_RU = {"flop": "Флоп", "turn": "Тёрн", "river": "Ривер"}
STREETS_DUE_RU = {"flop": "флоп", "turn": "тёрн", "river": "ривер"}
STREETS_BEFORE_RU = {"flop": "флопом", "turn": "тёрном", "river": "ривером"}
WORDS_RU = {
    "call": "колл",
    "check": "чек",
    "fold": "фолд",
    "raise": "рейз",
    "bet": "ставка",
    "all_in": "олл-ин",
    "pot": "банк",
}


def pot_name(index: int, count: int) -> tuple[str, str]:
    """The main pot, or side pot 1, 2 ... (en, ru)."""
    if index == 0:
        return ("pot" if count == 1 else "main pot"), ("банк" if count == 1 else "основной банк")
    return f"side pot {index}", f"побочный банк {index}"
