"""Golf: what the referee display says, in English and Russian, one line each."""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, Messages

MESSAGES = COMMON | Messages(
    {
        "dealt": Message(
            "Hole {round}: {player} deals, {card} starts the discard pile ({stock} in the stock)",
            "Лунка {round}: сдаёт {player}, {card} открывает сброс (в колоде {stock})",
        ),
        "turn_up": Message(
            "Everyone turns {count} cards face up", "Каждый открывает карт: {count}"
        ),
        "flipped": Message("{player} turns up {card}", "{player} открывает {card}"),
        "moved": Message(
            "{player} moves the card in slot {source} to slot {target}",
            "{player} перекладывает карту из ячейки {source} в ячейку {target}",
        ),
        "drew": Message(
            "{player} takes {card} from the {pile}", "{player} берёт {card} ({pile_ru})"
        ),
        "replaced": Message(
            "{player} puts it in slot {slot}; {card} goes to the discard pile",
            "{player} кладёт её в ячейку {slot}; {card} уходит в сброс",
        ),
        "discarded": Message("{player} discards {card}", "{player} сбрасывает {card}"),
        "knocked": Message(
            "{player} knocks: everyone else has one more turn",
            "{player} стучит: у остальных ещё по одному ходу",
        ),
        "all_up": Message(
            "{player} has every card face up: everyone else has one more turn",
            "У {player} открыты все карты: у остальных ещё по одному ходу",
        ),
        "line_removed": Message(
            "{player}'s line of {rank}s is removed", "У {player} убран ряд: {rank}"
        ),
        "stock_out": Message(
            "The stock is used up: the hole ends", "Колода кончилась: лунка окончена"
        ),
        "reveal_all": Message(
            "The hole is over: turn the face-down cards up",
            "Лунка окончена: откройте закрытые карты",
        ),
        "revealed": Message(
            "{player}'s slot {slot} is {card}", "У {player} в ячейке {slot}: {card}"
        ),
        "hole_points": Message(
            "{player} scores {points} on hole {round} ({total} in all)",
            "{player}: {points} за лунку {round} (всего {total})",
        ),
        # refusals
        "not_dealer": Message("{dealer} deals this hole", "Эту лунку сдаёт {dealer}"),
        "deal_first": Message("The cards are not dealt yet", "Карты ещё не сданы"),
        "setup_first": Message(
            "First everyone turns cards up (waiting for {waiting})",
            "Сначала все открывают карты (ждём {waiting})",
        ),
        "setup_over": Message(
            "Turning cards up is done; the hole is being played",
            "Карты уже открыты, идёт игра",
        ),
        "flips_done": Message(
            "{player} has already turned up {count} cards", "{player} уже открыл карт: {count}"
        ),
        "middle_only": Message(
            "Only the middle cards are turned up (slots {slots})",
            "Открываются только средние карты (ячейки {slots})",
        ),
        "no_slot": Message("There is no slot {slot} (1..{size})", "Нет ячейки {slot} (1..{size})"),
        "face_up": Message("Slot {slot} is already face up", "Ячейка {slot} уже открыта"),
        "slot_removed": Message("Slot {slot} was removed", "Ячейка {slot} убрана"),
        "no_move": Message(
            "A card may be moved only in the setup, once, to line up two equal face-up cards",
            "Переложить можно один раз при открытии, чтобы две равные карты встали в ряд",
        ),
        "already_drawn": Message(
            "{player} has drawn {card}: replace a card or discard it",
            "{player} уже взял {card}: замените карту или сбросьте её",
        ),
        "draw_first": Message(
            "{player} takes a card first (stock or discard pile)",
            "{player} сначала берёт карту (из колоды или из сброса)",
        ),
        "stock_empty": Message("The stock is empty", "Колода пуста"),
        "discard_empty": Message("The discard pile is empty", "Сброс пуст"),
        "not_top": Message(
            "The top of the discard pile is {top}, not {card}",
            "Сверху в сбросе {top}, а не {card}",
        ),
        "card_needed": Message("Name the card ({what})", "Назовите карту ({what})"),
        "wrong_card": Message(
            "Slot {slot} holds {known}, not {card}", "В ячейке {slot} лежит {known}, а не {card}"
        ),
        "must_replace": Message(
            "A card taken from the discard pile must replace a grid card",
            "Карту из сброса нужно положить вместо карты в раскладе",
        ),
        "no_knock": Message(
            "Knocking ends a hole only in four-card golf, before drawing, once",
            "Стучат только в четырёхкарточном гольфе, до взятия карты, один раз",
        ),
        "all_seen": Message(
            "Every {card} in the deck is already on the table",
            "Все карты {card} этой колоды уже на столе",
        ),
        "not_revealing": Message(
            "Cards are turned up at the end of the hole", "Карты открывают в конце лунки"
        ),
    }
)
