"""Deberts: what the referee says, in English and Russian, one line per verdict code.

"Партнёр" in the seed is the opponent (cards.md §1); the texts say "opponent" / "соперник".
"""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, MessageData, Messages

SUIT_NAMES = {
    "C": ("clubs", "трефы"),
    "D": ("diamonds", "бубны"),
    "H": ("hearts", "черви"),
    "S": ("spades", "пики"),
}

MESSAGES = COMMON | Messages(
    {
        # the deal and the bidding, §2.3-§2.5
        "dealt": Message(
            "{player} deals 6 each; turn-up {turnup}", "{player} сдаёт по 6; вскрышка {turnup}"
        ),
        "not_dealer": Message("{dealer} deals this hand", "Эту сдачу сдаёт {dealer}"),
        "deal_first": Message("Deal first", "Сначала сдача"),
        "hand_running": Message("A hand is in progress", "Идёт сдача"),
        "passes": Message("{player}: pass", "{player}: пас"),
        "takes": Message("{player} plays on {suit}", "{player}: играю ({suit_ru})"),
        "names": Message("{player} names {suit}", "{player} назначает {suit_ru}"),
        "contract": Message(
            "{player} is declarer, trump {suit}", "Загрузился {player}, козырь {suit_ru}"
        ),
        "all_passed": Message(
            "All passed: cards in, {dealer} deals", "Все пасовали: пересдача, сдаёт {dealer}"
        ),
        "not_bidding": Message("The bidding is closed", "Торговля закончена"),
        "take_in_round_two": Message(
            "The turn-up suit can no longer be taken; name another suit or pass",
            "Масть вскрышки уже не играть: назначьте другую масть или пас",
        ),
        "name_in_round_one": Message(
            "First round: play the turn-up suit or pass",
            "Первый круг: играть масть вскрышки или пас",
        ),
        "turnup_suit": Message(
            "The turn-up suit ({suit}) cannot be named in the second round (§2.4)",
            "Масть вскрышки ({suit_ru}) во втором круге назначать нельзя",
        ),
        "suit_missing": Message("Name a suit", "Назовите масть"),
        "dealt_rest": Message(
            "{player} deals 3 more each; bottom card (фреза) {bottom}",
            "{player} сдаёт ещё по 3; фреза {bottom}",
        ),
        "not_dealing": Message(
            "The last three cards are dealt after a contract",
            "Прикуп сдают после назначения козыря",
        ),
        "hand_given": Message(
            "{player}'s cards noted ({count})", "Карты {player} записаны ({count})"
        ),
        "public_information": Message(
            "Hands are hidden in this preset (information: public)",
            "В этом варианте карты на руках не вводятся",
        ),
        "hands_needed": Message(
            "Full information: give {player}'s cards first",
            "Полная информация: сначала введите карты {player}",
        ),
        "hand_size": Message(
            "{player} should get {expected} cards now, not {count}",
            "{player} сейчас получает {expected} карт, а не {count}",
        ),
        "card_out_of_play": Message(
            "{card} is not in {player}'s hand (it is {where})",
            "{card} не может быть у {player} ({where})",
        ),
        "not_in_hand": Message("{player} does not hold {card}", "У {player} нет {card}"),
        # the seven, §2.6
        "swapped": Message(
            "{player} swaps {card} for the turn-up {turnup}",
            "{player} меняет {card} на вскрышку {turnup}",
        ),
        "swap_bayt": Message(
            "{player} swapped {card} for {taken}: bayt on cards ({reason})",
            "{player} поменял {card} на {taken}: байт на картах ({reason})",
        ),
        "already_swapped": Message(
            "The trump seven has already been swapped", "Семёрку уже поменяли"
        ),
        "not_a_seven": Message("Only a seven is swapped, not {card}", "Меняют только семёрку"),
        "not_trump_seven": Message(
            "Only the trump seven is swapped for the turn-up", "На вскрышку меняют козырную семёрку"
        ),
        "swap_too_late": Message(
            "{player} has played a card: too late to swap", "{player} уже ходил: менять поздно"
        ),
        # combinations, §2.8
        "declared": Message(
            "{player} declares {combo} ({cards})", "{player} объявляет {combo_ru} ({cards})"
        ),
        "not_a_combination": Message(
            "{cards} is no combination (terz, fifty or bella)",
            "{cards} не комбинация (терц, пятьдесят, бела)",
        ),
        "too_late_to_declare": Message(
            "{player} has played his first card: too late to declare",
            "{player} уже сделал первый ход: объявлять поздно",
        ),
        "already_declared": Message("That combination is declared", "Эта комбинация уже объявлена"),
        "combo_broken": Message(
            "{player}'s {combo} is broken by the swap", "{combo_ru} {player} разбит обменом"
        ),
        "combinations": Message(
            "{player} scores combinations: {points}", "{player}: комбинации {points}"
        ),
        "sevens_redeal": Message(
            "{player} shows four sevens: redeal by {dealer}",
            "{player} показал четыре семёрки: пересдача, сдаёт {dealer}",
        ),
        "sevens_too_late": Message(
            "Four sevens are shown before one's first card",
            "Четыре семёрки показывают до первого хода",
        ),
        # play, §2.9
        "not_playing": Message("No trick is being played", "Сейчас не розыгрыш"),
        "revoke": Message(
            "{player} must follow suit ({suit})", "{player} должен ходить в масть ({suit_ru})"
        ),
        "no_trump": Message("{player} must trump", "{player} должен бить козырем"),
        "no_overtrump": Message(
            "{player} must play a higher trump", "{player} должен перебить козырем"
        ),
        "trick": Message(
            "{player} takes the trick ({cards}): {points}",
            "Взятка {player} ({cards}): {points}",
        ),
        "last_trick": Message(
            "Last trick to {player}: +{points}", "Последняя взятка {player}: +10"
        ),
        "proven_revoke": Message(
            "Proven revoke by {player} in trick {trick}: needs confirming as a penalty",
            "Доказан ренонс {player} во взятке {trick}: подтвердите штраф",
        ),
        "proven_no_trump": Message(
            "Proven failure to trump by {player} in trick {trick}: needs confirming",
            "Доказано: {player} не бил козырем во взятке {trick}; подтвердите штраф",
        ),
        "proven_no_overtrump": Message(
            "Proven failure to overtrump by {player} in trick {trick}: needs confirming",
            "Доказано: {player} не перебил козырь во взятке {trick}; подтвердите штраф",
        ),
        "proven_false_declaration": Message(
            "{player}'s declared {cards} proves false: needs confirming",
            "Объявление {player} ({cards}) ложно: подтвердите штраф",
        ),
        # penalties, §2.12
        "penalty": Message(
            "{player}: bayt on cards ({reason})", "{player}: байт на картах ({reason})"
        ),
        "not_penalty_time": Message(
            "A penalty is given during a hand or its scoring",
            "Штраф назначают во время сдачи или подсчёта",
        ),
        "already_penalised": Message(
            "{player} has already lost this hand", "{player} уже проиграл эту сдачу"
        ),
        # hand result, §2.10-§2.11
        "hand_over": Message("Hand {number} is over", "Сдача {number} окончена"),
        "hand_points": Message(
            "{player}: {points} (cards {cards}, combinations {combos}, last trick {last})",
            "{player}: {points} (карты {cards}, комбинации {combos}, последняя {last})",
        ),
        "made": Message(
            "{player} makes the contract: {points}", "{player} выполнил контракт: {points}"
        ),
        "bayt": Message(
            "Bayt: {player}'s {points} go to the defence", "Байт: {points} очков {player} защите"
        ),
        "hanging": Message(
            "Tie: {player}'s {points} hang", "Равенство: {points} очков {player} висят"
        ),
        "hanging_awarded": Message(
            "{player} takes the hanging {points}", "{player} забирает висячие {points}"
        ),
        "recorded": Message("{player} writes {points}", "{player} записывает {points}"),
        "dealer_next": Message("{player} deals next", "Следующим сдаёт {player}"),
        # the game's end, §2.13-§2.14
        "may_claim": Message(
            "{player} has {points}: he may claim the game",
            "У {player} {points}: можно заявить партию",
        ),
        "claim_valid": Message(
            "{player} claims with {points}: the game is his",
            "{player} заявил партию с {points}: победа",
        ),
        "false_claim": Message(
            "{player} claims with only {points}: false claim, the game is lost",
            "{player} заявил партию, имея {points}: ложное заявление, партия проиграна",
        ),
        "not_claim_time": Message(
            "Claim after a trick you took (not the last) or at the scoring",
            "Заявлять можно после своей взятки (кроме последней) или при подсчёте",
        ),
        "both_reached": Message(
            "More than one player reached {target}: the last trick decides",
            "Цель {target} у нескольких: решает последняя взятка",
        ),
        "gap_reached": Message(
            "The gap is {points}: the game is over", "Разрыв {points}: партия окончена"
        ),
        "short_over": Message("Short game: one deal played", "Короткий деберц: сдача сыграна"),
        "offer": Message(
            "{player} offers 50 without play", "{player} предлагает полтинник без игры"
        ),
        "offer_accepted": Message(
            "{player} accepts 50: the hand ends", "{player} берёт полтинник: сдача окончена"
        ),
        "offer_declined": Message(
            "{player} declines the offer: play on", "{player} отказался: играем"
        ),
        "offers_off": Message("No offers in this preset", "В этом варианте нет полтинников"),
        "offer_not_now": Message(
            "A defender offers after trump is named and before the last three cards",
            "Полтинник предлагает вистующий после назначения козыря и до прикупа",
        ),
        "no_offer": Message("No offer is open", "Предложения нет"),
        "offer_pending": Message(
            "{declarer} must answer the offer first", "Сначала {declarer} отвечает на предложение"
        ),
        "conceded": Message("{player} concedes the game", "{player} сдаёт партию"),
        "dave_off": Message(
            "Conceding is the short game's option (dave)", "Сдаться можно только с даве"
        ),
        "concede_too_late": Message(
            "The game is conceded before the first card", "Сдаться можно до первого хода"
        ),
        # the score sheet, §2.13 (L25-L26)
        "carried": Message(
            "{player} starts from {points} (brought forward)", "{player} начинает с {points}"
        ),
        "carry_too_late": Message(
            "Totals are brought forward before the first deal",
            "Перенос счёта возможен только до первой сдачи",
        ),
        "misrecorded": Message(
            "{player} wrote {points} too many", "{player} записал на {points} больше"
        ),
        "not_scoring_time": Message(
            "Scores are written after a hand and before the next deal",
            "Очки записывают после сдачи и до следующей",
        ),
        "spotted": Message(
            "{player} spots {writer}'s error: {writer} strikes {points}, {player} writes {points}",
            "{player} нашёл ошибку {writer}: {writer} вычёркивает {points}, {player} пишет себе",
        ),
        "hundreds": Message(
            "Hundreds are corrected: {writer} strikes {points}, no penalty",
            "Сотни поправляются: {writer} вычёркивает {points} без штрафа",
        ),
        "nothing_to_spot": Message(
            "{writer} has no over-recorded points", "У {writer} нет лишних записанных очков"
        ),
    }
)


def suit_data(suit: str) -> MessageData:
    """The ``suit``/``suit_ru`` words a message needs."""
    en, ru = SUIT_NAMES[suit]
    return {"suit": en, "suit_ru": ru}


COMBO_RU = {"terz": "терц", "fifty": "пятьдесят", "bella": "бела"}
