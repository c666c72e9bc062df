"""What the Durak referee says, in English and Russian.

Illegal moves carry the reason codes of rules/durak.md §13 as they are written there (``F-04``,
``F-10b``), so a scenario reads like the spec's table of acceptance tests.  Breaches the spec
does not number (a non-defender covering a card, a card the player cannot hold) have plain
snake-case codes.
"""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, Messages

MESSAGES = COMMON | Messages(
    {
        # §13, the fouls.
        "F-01": Message(
            "A lead is one card or several of one rank: {cards}",
            "Ходят одной картой или несколькими одного достоинства: {cards}",
        ),
        "F-02": Message(
            "{count} unbeaten cards, but {defender} holds only {hand}",
            "Непобитых карт {count}, а у {defender} на руках только {hand}",
        ),
        "F-03": Message(
            "It is {leader}'s lead, not {player}'s", "Ход за {leader}, а не за {player}"
        ),
        "F-04": Message("{card} does not beat {attack}", "{card} не бьёт {attack}"),
        "F-05": Message(
            "{attack} is not an uncovered attack card on the table",
            "{attack} — не непокрытая карта хода на столе",
        ),
        "F-06": Message(
            "{player} is defending and cannot throw in", "{player} отбивается и не подкидывает"
        ),
        "F-07": Message(
            "No {rank} on the table; only {ranks} may be thrown in",
            "На столе нет {rank}; подкидывать можно только {ranks}",
        ),
        "F-08": Message(
            "In simple durak cards are thrown in only after the defender takes",
            "В простом дураке подкидывают, только когда отбивающийся берёт",
        ),
        "F-09": Message(
            "{defender} holds {hand}: at most {hand} unbeaten cards",
            "У {defender} {hand} карт: непобитых может быть не больше {hand}",
        ),
        "F-10": Message(
            "At most {cap} attack cards in a bout", "В одном ходе не больше {cap} карт"
        ),
        "F-10b": Message(
            "At most {cap} attack cards in the first bout",
            "В первом отбое не больше {cap} карт",
        ),
        "F-11": Message(
            "The bout is over: nothing more may be thrown in", "Ход окончен: подкидывать поздно"
        ),
        "F-12": Message(
            "No transfer in this variant ({card} does not beat the card led)",
            "В этом варианте не переводят ({card} не бьёт карту хода)",
        ),
        "F-13": Message(
            "A transfer is made with the rank led ({rank}), not {card}",
            "Переводят картой того же достоинства ({rank}), а не {card}",
        ),
        "F-14": Message(
            "A card is already beaten: no transfer now", "Карта уже побита: переводить нельзя"
        ),
        "F-15": Message(
            "{target} holds {hand}, fewer than the {count} cards passed on",
            "У {target} {hand} карт — меньше, чем переводится ({count})",
        ),
        "F-16": Message(
            "A transfer to {count} cards is over the limit of {cap}",
            "Перевод до {count} карт больше предела {cap}",
        ),
        "F-18": Message(
            "{player} must take all the cards on the table: {cards}",
            "{player} должен забрать все карты со стола: {cards}",
        ),
        "F-19": Message(
            "{cards} not covered: {defender} must beat or take",
            "Не покрыто {cards}: {defender} должен отбиться или взять",
        ),
        "F-20": Message(
            "{drawer} draws now: the opener first, the defender last",
            "Сейчас добирает {drawer}: первым ходивший, отбивавшийся последним",
        ),
        "F-21": Message(
            "{player} may draw {need} (up to 6), not {count}",
            "{player} добирает {need} (до 6), а не {count}",
        ),
        "F-22": Message(
            "The turned-up trump {card} is drawn last", "Открытый козырь {card} берут последним"
        ),
        "F-23": Message(
            "This game has no stock: nobody draws", "В этой игре нет колоды: не добирают"
        ),
        "F-24": Message("The deal is wrong: {why}", "Неправильная сдача: {why_ru}"),
        "F-25": Message(
            "{player} attacks {defender}, not {target}",
            "{player} ходит под {defender}, а не под {target}",
        ),
        "F-26": Message(
            "{leader} holds the lowest trump and leads, not {player}",
            "Ходит {leader} (младший козырь), а не {player}",
        ),
        "F-27": Message("{player} is out of the game", "{player} уже вышел из игры"),
        "F-28": Message("{card} is {why}", "{card}: {why_ru}"),
        "F-29": Message(
            "Spades are beaten only by higher spades, and beat nothing else: {card} on {attack}",
            "Пики бьются только старшими пиками и сами ничего не бьют: {card} на {attack}",
        ),
        "F-30": Message(
            "Japanese durak: one card, once per round, no throw-in",
            "Японский дурак: одна карта, один раз за круг, не подкидывают",
        ),
        "F-31": Message(
            "Whoever cannot beat takes the bottom card, {bottom}",
            "Кто не может побить, берёт нижнюю карту — {bottom}",
        ),
        # Breaches the spec does not number.
        "not_defender": Message(
            "{defender} defends in this bout, not {player}",
            "В этом ходе отбивается {defender}, а не {player}",
        ),
        "not_in_hand": Message("{player} does not hold {card}", "У {player} нет карты {card}"),
        "already_taking": Message("{player} has declared a take", "{player} уже сказал «беру»"),
        "no_throw_in": Message(
            "Nothing is thrown in in this variant", "В этом варианте не подкидывают"
        ),
        "wait_for_defence": Message(
            "Throw in only after the defender's first card", "Подкидывают после первой отбитой"
        ),
        "no_bout": Message("No bout is on the table", "На столе нет хода"),
        "bout_on": Message(
            "A bout is on the table: {defender} beats or takes first",
            "На столе ход: сначала {defender} отбивается или берёт",
        ),
        "draw_pending": Message(
            "The players draw from the stock first ({drawer} next)",
            "Сначала добор из колоды (добирает {drawer})",
        ),
        "no_deal": Message("Deal the cards first", "Сначала раздайте карты"),
        "dealt": Message("The cards are dealt already", "Карты уже розданы"),
        "one_transfer_card": Message(
            "A transfer adds one card here", "Здесь переводят одной картой"
        ),
        "not_a_thrower": Message(
            "{player} defends: the others say «бито»", "{player} отбивается: «бито» говорят другие"
        ),
        "not_out": Message("{player} still holds {hand} cards", "У {player} ещё {hand} карт"),
        "must_draw": Message(
            "{player} draws from the stock first", "{player} сначала добирает из колоды"
        ),
        "cards_needed": Message(
            "With full information {what} names the cards",
            "При открытой игре {what} называет карты",
        ),
        "too_many_shown": Message(
            "{player} holds {hand} cards, {count} shown",
            "У {player} {hand} карт, а показано {count}",
        ),
        "not_your_round": Message(
            "{actor} acts now in this round", "Сейчас в этом круге ходит {actor}"
        ),
        "no_spade_trump": Message(
            "Spades cannot be trumps in Japanese durak", "В японском дураке пики не козырь"
        ),
        # What the referee announces.
        "dealt_out": Message(
            "Dealt: {sizes}; trumps {trump}; stock {stock}",
            "Сдано: {sizes}; козырь {trump}; в колоде {stock}",
        ),
        "redeal": Message("Nobody holds a trump: deal again", "Ни у кого нет козыря: пересдача"),
        "led": Message(
            "{player} leads {cards} to {defender}", "{player} ходит {cards} под {defender}"
        ),
        "thrown": Message("{player} throws in {cards}", "{player} подкидывает {cards}"),
        "covered": Message(
            "{player} beats {attack} with {card}", "{player} бьёт {attack} картой {card}"
        ),
        "transferred": Message(
            "{player} passes the attack on to {defender} with {cards}",
            "{player} переводит на {defender}: {cards}",
        ),
        "trump_transfer": Message(
            "{card} is a trump: declared as a transfer, not a beat",
            "{card} — козырь: объявлен перевод, а не отбой",
        ),
        "taking": Message("{player} takes («беру»)", "{player}: «беру»"),
        "passed": Message("{player}: no more cards («бито»)", "{player}: «бито»"),
        "beaten": Message(
            "{player} has beaten everything: the cards go to the discard",
            "{player} отбился: карты в отбой",
        ),
        "taken": Message("{player} takes {count} cards", "{player} забирает {count} карт"),
        "penalty": Message(
            "{player} played wrongly ({rule}) and takes the {count} cards of the bout",
            "{player} сыграл неверно ({rule}) и забирает {count} карт хода",
        ),
        "drawn": Message("{player} draws {count}", "{player} добирает {count}"),
        "is_out": Message("{player} is out", "{player} вышел из игры"),
        "fool": Message("{player} is the fool (дурак)", "{player} — дурак"),
        "drawn_game": Message(
            "Nobody is left with cards: a draw", "Ни у кого не осталось карт: ничья"
        ),
        "deadlock": Message(
            "No card left in play beats another: the two hands would pass them round for ever, "
            "so the game is a draw",
            "Ни одна оставшаяся карта не бьёт другую: игроки передавали бы их друг другу "
            "бесконечно, ничья",
        ),
        "partner_throw_in": Message(
            "{player} throws in against his partner {defender} (allowed; the spec leaves it open)",
            "{player} подкидывает своему партнёру {defender} (можно; правила не решают)",
        ),
        "revealed": Message("{player} shows {cards}", "{player} показывает {cards}"),
        "round_over": Message(
            "The round is over: {count} cards to the discard", "Круг окончен: {count} карт в отбой"
        ),
        "took_bottom": Message("{player} takes {card}", "{player} забирает {card}"),
    }
)
