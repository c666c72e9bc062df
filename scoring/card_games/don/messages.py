"""What the Nine-card Don referee says, in English and Russian, keyed by stable codes."""

from __future__ import annotations

from scoring.verdicts import COMMON, Message, Messages

MESSAGES = COMMON | Messages(
    {
        "dealt": Message(
            "Deal {number}: {player} deals 9 each, 16 aside; {pitcher} pitches",
            "Сдача {number}: сдаёт {player}, по 9 карт, 16 в сторону; первым ходит {pitcher}",
        ),
        "trump": Message("{card} pitched: trumps are {suit}", "{card}: козырь {suit}"),
        "trick": Message(
            "{player} takes trick {trick} ({cards}) for {side}: {points} pegged",
            "{player} берёт взятку {trick} ({cards}) для {side}: {points} очков",
        ),
        "jack_bonus": Message(
            "{side}: +1 for winning the trump jack (Preston)",
            "{side}: +1 за взятого козырного валета (Престон)",
        ),
        "game_point": Message(
            "{side}: game {points} ({value} to {other})",
            "{side}: «гейм» {points} ({value} против {other})",
        ),
        "game_tied": Message(
            "Game is tied at {value}: nobody scores it",
            "«Гейм» поровну ({value}): никто не получает",
        ),
        "high": Message(
            "{side}: high {points} ({card})", "{side}: старший козырь {points} ({card})"
        ),
        "low": Message("{side}: low {points} ({card})", "{side}: младший козырь {points} ({card})"),
        "jack": Message("{side}: jack {points}", "{side}: валет {points}"),
        "reached": Message(
            "{side} reach {points}: game over", "{side} набирают {points}: игра окончена"
        ),
        "proven": Message(
            "Proven: {player} revoked in trick {trick} ({card}); {by} shows it",
            "Доказано: {player} не пошёл в масть во взятке {trick} ({card}); это показывает {by}",
        ),
        "revoke": Message(
            "Revoke by {player}: the deal is cancelled and dealt again",
            "Ренонс {player}: сдача отменяется и пересдаётся",
        ),
        "revoke_league": Message(
            "League: {side} {points} for the revoke", "Лига: {side} {points} за ренонс"
        ),
        "exposed": Message(
            "{player} played {card} out of turn: it stays face up until it can be played",
            "{player} сыграл {card} не в свою очередь: карта лежит открытой до первой возможности",
        ),
        "exposed_league": Message(
            "League: {side} lose {points} for playing out of turn",
            "Лига: {side} теряют {points} за ход не в очередь",
        ),
        # Refusals.
        "wrong_phase": Message("{verb} does not fit now", "Сейчас нельзя: {verb}"),
        "cards_needed": Message(
            "Full information: the deal lists the 36 cards dealt",
            "Полная информация: в сдаче перечисляются 36 розданных карт",
        ),
        "card_played": Message("{card} was already played", "{card} уже сыграна"),
        "not_in_hand": Message("{card} is not in {player}'s hand", "{card} нет на руке у {player}"),
        "revoke_illegal": Message(
            "{player} must follow suit {suit}", "{player} должен ходить в масть {suit}"
        ),
        "must_play_exposed": Message(
            "{player} must play the exposed {card} now", "{player} должен сейчас сыграть {card}"
        ),
        "no_proof": Message(
            "No revoke by {offender} has been proven in this deal",
            "Ренонс {offender} в этой сдаче не доказан",
        ),
        "not_out_of_turn": Message(
            "It is {player}'s turn: that is a play, not a card out of turn",
            "Сейчас ход {player}: это обычный ход",
        ),
    }
)
