"""What the Thousand referee says, in English and Russian, keyed by stable codes."""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, Messages

MESSAGES = COMMON | Messages(
    {
        # The deal and the bidding.
        "dealt": Message(
            "Deal {number}: {player} deals; {opener} opens with the forced 100",
            "Сдача {number}: сдаёт {player}; {opener} начинает с обязательных 100",
        ),
        "sits_out": Message("{player} sits out this deal", "{player} в этой сдаче не играет"),
        "bid": Message("{player} bids {points}", "{player}: {points}"),
        "passed": Message("{player} passes", "{player}: пас"),
        "won_bidding": Message(
            "{player} wins the bidding at {points}", "{player} берёт прикуп за {points}"
        ),
        "barrel_talon": Message(
            "{player} is on the barrel and takes the talon at {points} without bidding",
            "{player} на бочке и берёт прикуп за {points} без торговли",
        ),
        "talon": Message("The talon: {cards}", "Прикуп: {cards}"),
        "talon_hidden": Message(
            "{player} takes the talon unseen (forced 100, no contest)",
            "{player} берёт прикуп в закрытую (обязательные 100 без торговли)",
        ),
        "gave": Message("{player} gives a card to {to}", "{player} отдаёт карту игроку {to}"),
        "contract": Message("{player} plays for {points}", "{player} играет на {points}"),
        "redeal": Message(
            "{player} shows {cards}: redeal ({why})", "{player} показывает {cards}: пересдача"
        ),
        "threw_in": Message(
            "{player} throws in at {contract}", "{player} расписывается на {contract}"
        ),
        # Play.
        "marriage": Message(
            "{player} declares the {suit} marriage: {points}, trumps are {suit}",
            "{player} объявляет марьяж {suit}: {points}, козырь {suit}",
        ),
        "aces": Message(
            "{player} declares four aces: {points}", "{player} объявляет четыре туза: {points}"
        ),
        "trick": Message(
            "{player} takes trick {trick} ({cards}): {points}",
            "{player} берёт взятку {trick} ({cards}): {points}",
        ),
        "proven": Message(
            "Proven: {player} broke the {rule} rule in trick {trick} ({card}); {by} shows it",
            "Доказано: {player} нарушил правило ({rule}) во взятке {trick} ({card}); это "
            "показывает {by}",
        ),
        # Scoring.
        "made": Message(
            "{player} makes {contract} with {taken}: +{contract}",
            "{player} сыграл {contract} (набрано {taken}): +{contract}",
        ),
        "failed": Message(
            "{player} fails {contract} with {taken}: -{contract}",
            "{player} не сыграл {contract} (набрано {taken}): -{contract}",
        ),
        "barrel_miss": Message(
            "{player} on the barrel writes nothing ({taken} for {contract})",
            "{player} на бочке ничего не записывает ({taken} при заказе {contract})",
        ),
        "writes": Message("{player} writes {points}", "{player} записывает {points}"),
        "bolt": Message("{player}: bolt number {count}", "{player}: болт, {count}-й"),
        "bolt_penalty": Message(
            "{player}: {count} bolts cost {points}", "{player}: {count} болта, штраф {points}"
        ),
        "on_barrel": Message(
            "{player} climbs on the barrel at {points}", "{player} сел на бочку: {points}"
        ),
        "barrel_try": Message(
            "{player} on the barrel: try {count} of {tries} gone",
            "{player} на бочке: попытка {count} из {tries} не удалась",
        ),
        "barrel_fall": Message(
            "{player} falls off the barrel: {points}", "{player} слетает с бочки: {points}"
        ),
        "knocked_off": Message(
            "{player} is knocked off the barrel by {by}: {points}",
            "{by} сбивает {player} с бочки: {points}",
        ),
        "falls_to_zero": Message(
            "{player} fell off the barrel {count} times: back to 0",
            "{player} слетел с бочки {count} раза: обнуление",
        ),
        "dump": Message(
            "{player} has exactly {was}: back to 0", "У {player} ровно {was}: обнуление"
        ),
        "golden_reset": Message(
            "Nobody made a golden deal: every total back to 0",
            "Золотой кон никто не сыграл: все счета обнуляются",
        ),
        "golden": Message(
            "Golden deal {number}: {player} plays 120 without bidding, everything doubled",
            "Золотой кон {number}: {player} играет 120 без торговли, всё удваивается",
        ),
        "dark": Message("{player} bids 120 dark", "{player} играет 120 в тёмную"),
        "dark_fixed": Message("A dark 120 is not raised", "Игру в тёмную не повышают"),
        "dark_off": Message(
            "A dark bid is 120 at the player's first call, where the rules have it",
            "В тёмную заказывают 120 при первом слове, если это есть в правилах",
        ),
        "cut": Message("{player} cuts: {card} at the bottom", "{player} снимает: внизу {card}"),
        "recut": Message("A nine at the bottom: cut again", "Внизу девятка: снять ещё раз"),
        "jack_middle": Message(
            "A jack at the bottom goes into the middle of the deck", "Валет снизу уходит в середину"
        ),
        "cut_nines": Message(
            "{player} cut a nine three times in a row: {points}",
            "{player} трижды подряд снял девятку: {points}",
        ),
        "misdeal": Message(
            "A card was exposed in the deal: {player} {points}, the deal passes on",
            "При сдаче открылась карта: {player} {points}, сдача переходит",
        ),
        "must_recut": Message(
            "The cut showed a nine: cut again before dealing",
            "Внизу оказалась девятка: перед сдачей снять ещё раз",
        ),
        "rule_off": Message("{verb}: not in these rules", "{verb}: нет в этих правилах"),
        "sitter": Message(
            "{player} (dealer, sitting out) writes the talon: {points}",
            "{player} (сдающий, не играет) записывает прикуп: {points}",
        ),
        # Refusals.
        "wrong_phase": Message(
            "{verb} does not fit now: {expected}", "Сейчас нельзя {verb}: ожидается {expected}"
        ),
        "deal_cards": Message(
            "A deal lists all 24 cards: {count} given", "В сдаче все 24 карты, а дано {count}"
        ),
        "cards_needed": Message(
            "Full information: {what} must name the cards",
            "Полная информация: в «{what}» нужно назвать карты",
        ),
        "bid_step": Message(
            "{points} does not raise {current} by the rules' step",
            "{points} не повышает {current} по правилам",
        ),
        "bid_cap": Message(
            "{points} is above {cap}, the most these marriages allow",
            "{points} больше {cap}: столько позволяют марьяжи",
        ),
        "bid_banned": Message(
            "{player} is below {ban} and may not bid", "{player} ниже {ban} и не может торговаться"
        ),
        "bid_too_high": Message("No contract can be above {cap}", "Заказ не может быть выше {cap}"),
        "not_your_cards": Message(
            "{card} cannot be in {player}'s hand ({why})", "{card} не может быть у {player} ({why})"
        ),
        "no_marriage": Message("{cards} is not a marriage", "{cards}: это не марьяж"),
        "talon_mismatch": Message(
            "The talon dealt was {dealt}, not {cards}", "В прикупе были {dealt}, а не {cards}"
        ),
        "talon_needed": Message(
            "The talon is shown to all: name its 3 cards", "Прикуп открывают всем: назовите 3 карты"
        ),
        "not_an_opponent": Message(
            "{to} is not an opponent who still needs a card",
            "{to} — не противник, которому ещё нужна карта",
        ),
        "contract_low": Message(
            "The contract may be raised, never lowered: {points} after {current}",
            "Заказ можно повысить, но не понизить: {points} после {current}",
        ),
        "contract_closed": Message(
            "The contract is fixed once the first card is played",
            "После первой карты заказ не меняют",
        ),
        "no_redeal": Message(
            "{cards} gives no right to a redeal", "{cards}: права на пересдачу нет"
        ),
        "throw_in_closed": Message(
            "{player} may not throw in ({why})", "{player} не может расписаться ({why})"
        ),
        "card_played": Message("{card} was already played", "{card} уже сыграна"),
        "not_in_hand": Message("{card} is not in {player}'s hand", "{card} нет на руке у {player}"),
        "revoke": Message(
            "{player} must follow suit {suit}", "{player} должен ходить в масть {suit}"
        ),
        "no_trump": Message("{player} must trump", "{player} должен бить козырем"),
        "trump_lead": Message(
            "Only {owner}, whose marriage set trumps, may lead them",
            "Ходить с козыря может только {owner}, объявивший этот марьяж",
        ),
        "marriage_timing": Message("A marriage is declared {when}", "Марьяж объявляют {when_ru}"),
        "marriage_declared": Message(
            "The {suit} marriage was already declared", "Марьяж {suit} уже объявлен"
        ),
        "marriage_gone": Message(
            "{card} has been played: no {suit} marriage",
            "{card} уже сыграна: марьяжа {suit} нет",
        ),
        "aces_off": Message("Four aces score nothing here", "Четыре туза здесь не засчитываются"),
    }
)
