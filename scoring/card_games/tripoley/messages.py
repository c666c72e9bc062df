"""What the Tripoley referee announces, in English and Russian."""

from __future__ import annotations

from scoring.verdicts import Message, Messages

MESSAGES = Messages(
    {
        "ante": Message(
            "Deal {deal}: {dealer} deals; one chip on each pocket from every player",
            "Раздача {deal}: сдаёт {dealer}; каждый ставит по фишке на каждое поле",
        ),
        "out_of_game": Message(
            "{player} cannot ante and is out", "{player} не может поставить анте и выбывает"
        ),
        "exchange": Message(
            "{player} exchanges his hand for the spare", "{player} меняет свою руку на запасную"
        ),
        "sold": Message(
            "{player} sells the spare hand to {other} for {price}",
            "{player} продаёт запасную руку игроку {other} за {price}",
        ),
        "keep": Message("{player} keeps his hand", "{player} оставляет свою руку"),
        "collects": Message(
            "{player} collects the {pocket}: {amount}",
            "{player} забирает поле «{pocket_ru}»: {amount}",
        ),
        "run_shared": Message(
            "The {pocket} is shared: {shares}{rest}",
            "Поле «{pocket_ru}» делится: {shares}{rest_ru}",
        ),
        "left_on_layout": Message("Unclaimed: {pockets}", "Остаются на раскладе: {pockets_ru}"),
        "poker": Message("Poker: {player} opens", "Покер: открывает {player}"),
        "check": Message("{player} checks", "{player}: чек"),
        "bet": Message("{player} bets {amount}", "{player}: ставка {amount}"),
        "call": Message("{player} calls {amount}", "{player}: колл {amount}"),
        "raise": Message("{player} raises by {amount}", "{player}: рейз на {amount}"),
        "fold": Message("{player} folds", "{player}: пас"),
        "showdown": Message(
            "Showdown: {player} shows first", "Вскрытие: первым показывает {player}"
        ),
        "shows": Message(
            "{player} shows {cards}: {hand}", "{player} показывает {cards}: {hand_ru}"
        ),
        "pot_won": Message("{player} wins the pot: {amount}", "{player} выигрывает банк: {amount}"),
        "pot_split": Message("The pot is split: {shares}{rest}", "Банк делится: {shares}{rest_ru}"),
        "side_pot_won": Message(
            "{player} wins side pot {number}: {amount}",
            "{player} выигрывает побочный банк {number}: {amount}",
        ),
        "side_pot_split": Message(
            "Side pot {number} is split: {shares}{rest}",
            "Побочный банк {number} делится: {shares}{rest_ru}",
        ),
        "layout_won": Message(
            "{player} wins the layout: {amount}", "{player} выигрывает расклад: {amount}"
        ),
        "michigan": Message("Michigan: {player} leads", "Мичиган: ходит {player}"),
        "lead": Message("{player} leads {card}", "{player} начинает с {card_ru}"),
        "follow": Message("{player} plays {card}", "{player} кладёт {card_ru}"),
        "stop": Message(
            "Stop: nobody has the next card; {player} leads",
            "Стоп: следующей карты нет; ходит {player}",
        ),
        "ace_stop": Message("An ace: {player} leads again", "Туз: {player} ходит снова"),
        "passes": Message(
            "{player} has only the suit just played: the lead passes to {other}",
            "У {player} только что сыгранная масть: ход переходит к {other}",
        ),
        "out": Message(
            "{player} is out of cards: the kitty ({kitty}) and {paid} from the others",
            "У {player} кончились карты: котёнок ({kitty}) и {paid} от остальных",
        ),
        "nobody_leads": Message(
            "Nobody can lead another suit: {paid} chips into the kitty",
            "Никто не может начать другую масть: {paid} фишек в котёнка",
        ),
        # Refusals.
        "not_dealer": Message(
            "Only the dealer, {dealer}, trades the spare hand",
            "Запасной рукой распоряжается только сдающий, {dealer}",
        ),
        "exchanged_already": Message(
            "{player} has exchanged already: no exchanging back",
            "{player} уже поменялся: обратно менять нельзя",
        ),
        "bad_buyer": Message(
            "{other} cannot buy the spare", "{other} не может купить запасную руку"
        ),
        "short_of_chips": Message(
            "{player} has only {chips} chips", "У {player} только {chips} фишек"
        ),
        "pays_nothing": Message(
            "{cards}: no pocket is paid for these cards", "{cards}: за эти карты ничего не платят"
        ),
        "claimed": Message(
            "{card} has been laid by {other} already", "{card_ru} уже выложил {other}"
        ),
        "card_of_another": Message(
            "{card} was shown by {other} in this deal", "{card_ru} в этой раздаче показывал {other}"
        ),
        "cannot_check": Message(
            "{player} cannot check after a bet", "{player} не может сказать чек после ставки"
        ),
        "nothing_to_call": Message("{player} has no bet to call", "{player}: уравнивать нечего"),
        "over_limit": Message(
            "{player}: {amount} is over the limit of {limit}",
            "{player}: {amount} больше лимита {limit}",
        ),
        "bet_first": Message(
            "{player}: nobody has bet yet: bet, not raise",
            "{player}: ставок ещё не было: ставка, а не рейз",
        ),
        "raise_not_bet": Message(
            "{player}: there is a bet already: raise, not bet",
            "{player}: ставка уже есть: рейз, а не ставка",
        ),
        "not_in_hand": Message("{player} is not in this hand", "{player} не участвует в раздаче"),
        "wrong_stage": Message(
            "Not now: the table is at {phase}", "Сейчас нельзя: идёт этап {phase_ru}"
        ),
        "too_many_cards": Message(
            "{player} holds only {count} cards", "У {player} только {count} карт"
        ),
        "not_next": Message(
            "{card} does not follow: the next card is {next}",
            "{card_ru} не продолжает: следующая карта {next_ru}",
        ),
        "played_already": Message("{card} has been played", "{card_ru} уже сыграна"),
        "same_suit": Message(
            "{player} may not lead the suit just played",
            "{player} не может начать только что сыгранную масть",
        ),
        "wrong_colour": Message(
            "{player} must lead a {colour} card", "{player} должен начать с {colour_ru} карты"
        ),
        "not_leading": Message(
            "No lead is due: the next card of the suit or a stop",
            "Сейчас не заход: следующая карта масти или стоп",
        ),
        "nothing_played": Message(
            "{player}: no suit has been played yet, so there is no suit to avoid",
            "{player}: ещё не сыграна ни одна масть, избегать нечего",
        ),
        "nothing_to_stop": Message(
            "A lead is due: nothing to stop", "Сейчас заход: останавливать нечего"
        ),
    }
)

COLOURS_RU = {"black": "чёрной", "red": "красной"}
PHASES_RU = {
    "spare": "запасная рука",
    "payouts": "выплаты",
    "poker": "покер",
    "showdown": "вскрытие",
    "michigan": "Мичиган",
    "over": "игра окончена",
}
