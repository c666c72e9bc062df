"""What the Novus referee announces, in English and Russian (docs/rules/novus.md)."""

from __future__ import annotations

from scoring.verdicts import Message, Messages

#: The faults that cost a penalty disc (R9, D3): code -> the rule, for the texts.
FAULTS = {
    "no_own_disc": Message(
        "Fault: the striker of a direct shot touched none of {player}'s discs (R9a)",
        "Нарушение: биток после прямого удара не задел ни одной своей фишки (R9a)",
    ),
    "opponent_first": Message(
        "Fault: the striker touched an opponent's disc first (R9b)",
        "Нарушение: биток сначала коснулся фишки соперника (R9b)",
    ),
    "striker_pocketed": Message(
        "Fault: the striker went into a pocket (R9c)", "Нарушение: биток попал в лузу (R9c)"
    ),
    "striker_over_rail": Message(
        "Fault: the striker flew over the rail (R9d)", "Нарушение: биток перелетел через борт (R9d)"
    ),
    "dark_direct": Message(
        "Fault: a direct shot at {player}'s own dark disc (R9e)",
        "Нарушение: прямой удар по своей тёмной фишке (R9e)",
    ),
    "dark_rebound": Message(
        "Fault: a rebound that missed the opposite rail hit {player}'s own dark disc (R8)",
        "Нарушение: рикошет без касания противоположного борта попал в свою тёмную фишку (R8)",
    ),
    "opponent_over_rail": Message(
        "Fault: a direct shot knocked an opponent's disc over the rail (R9f)",
        "Нарушение: прямым ударом фишка соперника выбита через борт (R9f)",
    ),
    "no_opposite_rail": Message(
        "Fault: only dark discs are left and the rebound missed the opposite rail (R9g)",
        "Нарушение: остались только тёмные фишки, а рикошет не коснулся противоположного "
        "борта (R9g)",
    ),
}

#: The losses of the turn without a penalty disc (R11, D9): code -> its text.
TURN_LOSSES = {
    "nothing_pocketed": Message(
        "{player} pocketed none of his discs: the turn passes",
        "{player} не забил ни одной своей фишки: ход переходит",
    ),
    "opponent_pocketed": Message(
        "{player} pocketed an opponent's disc with his own: the turn passes",
        "{player} вместе со своей забил фишку соперника: ход переходит",
    ),
    "striker_back": Message(
        "The striker came back into {player}'s side zone: the turn passes",
        "Биток вернулся в бортовую зону игрока {player}: ход переходит",
    ),
    "disc_over_rail": Message(
        "A disc flew over the rail: the turn passes", "Фишка перелетела через борт: ход переходит"
    ),
    "breach": Message(
        "{player} broke the form of the shot ({breach}): the turn passes",
        "{player} нарушил правила удара ({breach_ru}): ход переходит",
    ),
}

#: The breaches of form (D9) as the texts name them.
BREACH_NAMES = {
    "outside_zone": ("the striker outside the side zone", "биток вне бортовой зоны"),
    "hand_on_board": ("a hand on the board", "рука на поле"),
    "thick_end": ("the cue's thick end", "удар толстым концом кия"),
}

MESSAGES = Messages(
    {
        **FAULTS,
        **TURN_LOSSES,
        "pocketed": Message(
            "{player} pocketed {count}: {left} to go",
            "{player} забил: {count}, осталось {left}",
        ),
        "pocketed_for": Message(
            "{count} of {side}'s discs pocketed: they count for {side} ({left} to go)",
            "Забиты фишки игрока {side}: {count}, они засчитаны ему (осталось {left})",
        ),
        "again": Message("{player} shoots again", "{player} бьёт ещё раз"),
        "penalty_disc": Message(
            "Penalty disc for {player}: set on the middle line of {zone}'s side zone (if the "
            "spot is taken, on the side with fewer of {player}'s discs); {left} to go",
            "Штрафная фишка игроку {player}: на среднюю линию бортовой зоны игрока {zone} "
            "(если место занято — на ту сторону, где меньше его фишек); осталось {left}",
        ),
        "penalty_debt": Message(
            "Penalty disc for {player}: all his discs are on the board, it is owed ({debt} owed)",
            "Штрафная фишка игроку {player}: все его фишки на столе, она в долг (долг {debt})",
        ),
        "debt_paid": Message(
            "{player}'s owed penalty disc is set on the board: {left} to go",
            "Долговая штрафная фишка игрока {player} выставлена: осталось {left}",
        ),
        "respot_back": Message(
            "Respot: {count} of {player}'s dark discs back to their places",
            "Выставить: тёмные фишки игрока {player} на прежние места ({count})",
        ),
        "respot_centre": Message(
            "Respot: {count} discs from over the rail to the centre of the board (a free edge "
            "of the centre circle if the centre is taken)",
            "Выставить: фишки из-за борта в центр поля ({count}; если место занято — на "
            "свободный край центрального круга)",
        ),
        "side_cleared": Message(
            "{side}: every disc is in the pockets", "{side}: все фишки в лузах"
        ),
    }
)
