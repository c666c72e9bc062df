"""Card Ball: what the referee display says, in English and Russian, one line each."""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, Messages

MESSAGES = COMMON | Messages(
    {
        "laid_down": Message(
            "{player} lays down {cards} ({left} cards left)",
            "{player} сбрасывает {cards} (осталось карт: {left})",
        ),
        "ball_down": Message(
            "Ball {ball} is down: everyone else holding a {rank} discards it before his turn",
            "Шар {ball} забит: у кого есть карта «{rank_ru}», сбрасывает её до своего хода",
        ),
        "auxiliary": Message("Ball {ball} pocketed (no card)", "Забит шар {ball} (без карты)"),
        "inning_goes_on": Message(
            "{player} pocketed legally and shoots again", "{player} забил правильно и бьёт ещё"
        ),
        "respot": Message(
            "Spot ball(s) {balls} in a line from the foot spot, lowest first",
            "Выставить шар(ы) {balls} в ряд от задней отметки по возрастанию",
        ),
        "in_hand": Message(
            "{player} has the cue ball in hand in the kitchen",
            "{player} играет битком с руки из дома",
        ),
        # fouls, L111-L124
        "illegal_shot": Message(
            "Foul: no ball of his pocketed and no ball to a rail",
            "Фол: неправильный удар (ни своего шара, ни шара у борта)",
        ),
        "scratch": Message(
            "Foul: the cue ball is pocketed or off the table", "Фол: биток в лузе или за бортом"
        ),
        "off_table": Message(
            "Foul: an object ball left the table", "Фол: прицельный шар за бортом"
        ),
        "wrong_ball": Message(
            "Double foul: ball {balls} pocketed without a card for it",
            "Двойной фол: забит шар {balls}, карты к нему нет",
        ),
        "legal_and_wrong": Message(
            "Double foul: a legal ball pocketed with ball {balls}, which has no card",
            "Двойной фол: вместе с правильным забит шар {balls}, карты к нему нет",
        ),
        "penalty": Message(
            "{player} draws {points} penalty card(s), then the turn passes",
            "{player} тянет штрафных карт: {points}, затем ход переходит",
        ),
        "set_aside": Message(
            "{cards} set aside: its ball is no longer on the table",
            "{cards} — в сторону: этого шара на столе нет",
        ),
        "drew": Message(
            "{player} takes {count} penalty card(s) ({left} in hand)",
            "{player} берёт штрафных карт: {count} (на руках {left})",
        ),
        "deck_empty": Message(
            "The deck is used up: no more penalty cards", "Колода кончилась: штрафных карт нет"
        ),
        "late_discard_proven": Message(
            "Proven: {player} still held {card} at a turn after ball {ball} went down",
            "Доказано: у {player} оставалась {card_ru} после того, как шар {ball} был забит",
        ),
        "shown": Message("{player} shows his hand: {cards}", "{player} открывает карты: {cards}"),
        "emptied": Message(
            "{player} has no cards left and wins", "У {player} не осталось карт — победа"
        ),
        "tie": Message(
            "{players} went out together on another's shot: each draws a card, the highest wins",
            "{players} вышли одновременно на чужом ударе: каждый тянет карту, старшая выигрывает",
        ),
        "high_card": Message(
            "{player} draws {card} for the tie", "{player} тянет для ничьей: {card_ru}"
        ),
        "draw_again": Message(
            "Equal at the top: {players} draw again", "Поровну по старшей: {players} тянут снова"
        ),
        "settled": Message(
            "{player} pays {points} for {cards} card(s) left",
            "{player} платит {points} за оставшиеся карты: {cards}",
        ),
        # refusals
        "ball_gone": Message("Ball {ball} is not on the table", "Шара {ball} нет на столе"),
        "ball_twice": Message(
            "Ball {ball} is named twice in the shot", "Шар {ball} указан в ударе дважды"
        ),
        "card_not_pocketed": Message(
            "{card} has no ball pocketed by this shot", "Для {card_ru} шар этим ударом не забит"
        ),
        "ball_on_table": Message(
            "Ball {ball} is still on the table: {card} stays in the hand",
            "Шар {ball} ещё на столе: {card_ru} остаётся на руках",
        ),
        "card_seen": Message("{card} is already out of play", "{card_ru} уже вышла из игры"),
        "held_elsewhere": Message("{card} is in {holder}'s hand", "{card_ru} на руках у {holder}"),
        "not_in_hand": Message("{player} does not hold {card}", "У {player} нет карты {card_ru}"),
        "must_lay_all": Message(
            "{player} must lay down every card of the balls pocketed: {cards}",
            "{player} должен сбросить все карты забитых шаров: {cards}",
        ),
        "draw_first": Message(
            "{player} first draws the penalty ({count} card(s))",
            "{player} сначала тянет штраф (карт: {count})",
        ),
        "no_penalty": Message("No penalty is due", "Штрафа нет"),
        "wrong_count": Message(
            "{player} holds {count} cards, {given} given",
            "У {player} карт: {count}, указано: {given}",
        ),
        "keep_on_table_ball": Message(
            "{card} is kept only if its ball is on the table; set it aside",
            "{card_ru} берётся, только если его шар на столе; отложите её",
        ),
        "already_shown": Message("{player}'s hand is already known", "Карты {player} уже известны"),
        "show_hands_first": Message(
            "Full information: every hand is shown before the break (waiting for {waiting})",
            "Полная информация: до разбоя показываются все руки (ждём {waiting})",
        ),
        "no_tie": Message("There is no tie to draw for", "Ничьей нет, тянуть не нужно"),
        "tie_draw_first": Message(
            "The tie is drawn first: waiting for {players}",
            "Сначала тянут карту для ничьей: ждём {players}",
        ),
        "drawn_already": Message(
            "{card} is already drawn in this round", "{card_ru} уже вытянута в этом круге"
        ),
        "deck_short": Message(
            "Only {stock} card(s) left in the deck", "В колоде осталось карт: {stock}"
        ),
    }
)
