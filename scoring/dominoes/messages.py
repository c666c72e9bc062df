"""What the dominoes referee announces, in English and Russian, keyed by stable codes."""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, Messages

MESSAGES = COMMON | Messages(
    {
        # the deal and the lead
        "dealt": Message("Round {round}: {sizes} tiles dealt", "Раунд {round}: роздано {sizes}"),
        "leads": Message("{player} leads", "Заходит {player}"),
        "lead_with": Message("{player} must lead {tiles}", "{player} должен зайти с {tiles}"),
        "deal_first": Message("Deal the tiles first", "Сначала раздайте кости"),
        "already_dealt": Message(
            "The tiles of this round are dealt already", "Кости этого раунда уже розданы"
        ),
        "hands_needed": Message(
            "With full information the deal names every hand",
            "При открытой игре в раздаче указываются все руки",
        ),
        "hands_hidden": Message(
            "With public information the hands are not given at the deal (reveal them at the end)",
            "При закрытой игре руки не указываются при раздаче (их открывают в конце)",
        ),
        "wrong_hand_count": Message(
            "The deal needs {seats} hands, got {count}", "Нужно рук: {seats}, указано {count}"
        ),
        "wrong_hand_size": Message(
            "{player} must get {size} tiles, got {count}",
            "{player} должен получить костей: {size}, указано {count}",
        ),
        "bad_lot": Message(
            "The lot is one tile per player ({seats}), got {count}",
            "В жеребьёвке по одной кости на игрока ({seats}), указано {count}",
        ),
        "duplicate_tile": Message("Tile {tile} is already {where}", "Кость {tile} уже {where_ru}"),
        "wrong_leader": Message(
            "{leader} leads this round, not {player}", "Заходит {leader}, а не {player}"
        ),
        "wrong_lead": Message(
            "{player} must lead with {tiles}, not {tile}",
            "{player} должен заходить с {tiles}, а не с {tile}",
        ),
        "no_lot": Message("This game has no lot for the lead", "В этой игре нет жеребьёвки"),
        "lot_too_late": Message(
            "The lot is drawn before the first deal", "Жеребьёвка проводится до первой раздачи"
        ),
        "lot_won": Message(
            "{player} drew the lowest tile and leads", "{player} вытянул меньшую кость и заходит"
        ),
        "redeal_due": Message(
            "{player} holds {doubles} doubles: the tiles must be dealt again",
            "У {player} дублей: {doubles}, нужна пересдача",
        ),
        "redeal_required": Message(
            "{player} holds {doubles} doubles: claim the redeal first",
            "У {player} дублей: {doubles}: сначала пересдача",
        ),
        "redeal": Message(
            "{player} shows {doubles} doubles: the tiles are dealt again",
            "{player} показывает дублей: {doubles}, кости пересдаются",
        ),
        "no_redeal": Message(
            "A redeal needs {needed} doubles in one hand; {player} has {doubles}",
            "Для пересдачи нужно {needed} дублей в одной руке, у {player} их {doubles}",
        ),
        "redeal_too_late": Message(
            "The redeal is claimed before the first tile is laid",
            "Пересдачу заявляют до первого хода",
        ),
        "no_redeal_rule": Message("This game has no redeal", "В этой игре нет пересдачи"),
        # laying
        "laid": Message("{player} lays {tile}{where}", "{player} кладёт {tile}{where_ru}"),
        "not_in_hand": Message("{player} does not hold {tile}", "У {player} нет кости {tile}"),
        "no_tiles": Message("{player} has no tiles left", "У {player} не осталось костей"),
        "already_laid": Message("{tile} is already in the layout", "{tile} уже выложена"),
        "does_not_fit": Message(
            "{tile} does not fit the {end} end ({value})",
            "{tile} не подходит к концу {end} ({value})",
        ),
        "no_such_end": Message(
            "There is no open end {end} (open: {ends})",
            "Нет открытого конца {end} (открыты: {ends})",
        ),
        "long_sides_first": Message(
            "The long sides of the cross are taken first, not {end}",
            "Сначала занимают длинные стороны креста, а не {end}",
        ),
        "which_end": Message(
            "{tile} fits {ends}: name the end", "{tile} подходит к концам {ends}: укажите конец"
        ),
        "not_touching": Message(
            "{to} is not at an open end that {tile} fits",
            "{to} не на открытом конце, к которому подходит {tile}",
        ),
        "open_side_first": Message(
            "While the 6-6 has free sides, a 6 starts a new side (T35)",
            "Пока у 6-6 есть свободные стороны, шестёрка открывает новую сторону",
        ),
        "turn_over": Message(
            "{player} has laid a tile this turn already", "{player} уже сделал ход"
        ),
        # drawing and knocking
        "drew": Message(
            "{player} draws a tile ({stock} left)", "{player} берёт из базара (осталось {stock})"
        ),
        "drew_tile": Message(
            "{player} draws {tile} ({stock} left)", "{player} берёт {tile} (осталось {stock})"
        ),
        "must_play": Message(
            "{player} can play ({moves}): laying is compulsory",
            "{player} может походить ({moves}): ход обязателен",
        ),
        "must_draw": Message(
            "{player} cannot play and must draw from the boneyard",
            "{player} не может походить и должен брать из базара",
        ),
        "stock_empty": Message(
            "Nothing can be drawn: the boneyard is empty", "Брать нечего: базар пуст"
        ),
        "last_tiles_dead": Message(
            "The last {dead} tiles of the boneyard are never drawn",
            "Последние {dead} кости базара не берут",
        ),
        "one_draw": Message(
            "{player} has drawn his one tile this turn", "{player} уже взял свою кость в этот ход"
        ),
        "not_in_stock": Message("{tile} is not in the boneyard", "{tile} нет в базаре"),
        "name_the_tile": Message(
            "With full information the draw names the tile drawn",
            "При открытой игре укажите взятую кость",
        ),
        "knocks": Message("{player} knocks", "{player} стучит"),
        "turn_ends": Message("{player} ends his turn", "{player} заканчивает ход"),
        "illegal_knock": Message(
            "{player} knocked with {laid} tiles down while holding {tiles}, which fit {values}",
            "{player} стучал при {laid} выложенных костях, имея {tiles} под концы {values}",
        ),
        "lead_audit": Message(
            "The lead was wrong: {player} should have led ({tiles})",
            "Заход был неправильным: заходить должен был {player} ({tiles})",
        ),
        # the end of a round
        "domino": Message("{player} has laid his last tile", "{player} выложил последнюю кость"),
        "fish": Message(
            "Fish: nobody can play (made by {player})", "Рыба: ходить некому (поставил {player})"
        ),
        "blocked": Message("Blocked: nobody can play", "Игра заблокирована: ходить некому"),
        "reveal_hands": Message("Show the hands: {players}", "Откройте кости: {players}"),
        "revealed": Message(
            "{player} shows {tiles} ({pips})", "{player} открывает {tiles} ({pips})"
        ),
        "nothing_to_reveal": Message(
            "{player} has nothing to show now", "{player} сейчас нечего открывать"
        ),
        "wrong_reveal": Message(
            "{player} holds {count} tiles, {shown} shown",
            "У {player} костей: {count}, показано {shown}",
        ),
        "reveal_misses": Message("{player}'s hand includes {tile}", "В руке {player} есть {tile}"),
        "reveal_first": Message(
            "The round is over: show the hands first", "Раунд окончен: сначала откройте кости"
        ),
        "round_over": Message("Round {round} is over", "Раунд {round} окончен"),
        # points
        "end_points": Message(
            "{player}: the ends add up to {sum}: +{points}",
            "{player}: сумма концов {sum}: +{points}",
        ),
        "header": Message("{player}: {name} +{points}", "{player}: {name_ru} +{points}"),
        "lead_double": Message(
            "{player} leads a double: +{points}", "{player} заходит дублем: +{points}"
        ),
        "charged": Message(
            "{side} is charged {points}{detail}", "{side} записывает {points}{detail_ru}"
        ),
        "fish_tie": Message(
            "Equal totals in the fish: {carry} carries over",
            "Равные суммы в рыбе: {carry} переходят дальше",
        ),
        "collects": Message("{side} scores {points}", "{side} получает {points}"),
        "end_bonus": Message(
            "{side} scores {points} for {base} in the hands",
            "{side} получает {points} за {base} в руках",
        ),
        "domino_bonus": Message("{player} goes out: +{points}", "{player} выходит: +{points}"),
        "block_award": Message(
            "{player} wins the block ({why}): +{points}",
            "{player} выигрывает блок ({why_ru}): +{points}",
        ),
        "no_award": Message(
            "Equal lowest hands: nobody scores, ask the players",
            "Равные меньшие суммы: никто не получает очков, решают игроки",
        ),
        "goat": Message(
            "{side} passes {limit} and is the goat!", "{side} набирает больше {limit}: козёл!"
        ),
        "target": Message("{side} reaches {target}", "{side} набирает {target}"),
        "next_round": Message("Deal round {round}", "Раздавайте раунд {round}"),
    }
)
