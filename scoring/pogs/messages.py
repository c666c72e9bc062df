"""What the pogs referee announces, in English and Russian (docs/rules/pogs.md)."""

from __future__ import annotations

from scoring.verdicts import Message, Messages

MESSAGES = Messages(
    {
        "staked": Message(
            "{player} stakes {chips} (worth {worth})",
            "{player} ставит {chips_ru} (стоимость {worth})",
        ),
        "sat_out": Message("{player} sits this stack out", "{player} пропускает эту игру"),
        "stack": Message(
            "Stack {round}: {chips} in the stack; the draw: {players}",
            "Игра {round}: в стопке {chips_ru}; разыгровка: {players}",
        ),
        "too_few": Message(
            "Fewer than two players staked: the session is over",
            "Поставили меньше двух игроков: игра окончена",
        ),
        "borrowed": Message(
            "{player} borrows {chips} from {other}, to return the same",
            "{player} занимает у {other}: {chips_ru}, вернуть столько же",
        ),
        "repaid": Message(
            "{player} returns {chips} to {other}", "{player} возвращает {other}: {chips_ru}"
        ),
        "draw_flipped": Message("{player}'s draw chip flipped", "У {player} фишка перевернулась"),
        "draw_missed": Message(
            "{player}'s draw chip did not flip", "У {player} фишка не перевернулась"
        ),
        "finish_off": Message(
            "One of {player}'s two chips flipped: he finishes off the second",
            "У {player} перевернулась одна из двух: вторую нужно добивать",
        ),
        "draw_again": Message("The draw again: {players}", "Разыгровка снова: {players}"),
        "draw_won": Message(
            "{player} wins the draw and throws first",
            "{player} выиграл разыгровку и кидает первым",
        ),
        "called": Message(
            "{player} knocks and calls: {variant}!", "{player} застукивает: {variant_ru}!"
        ),
        "to_base": Message(
            "{player} flipped {chips}: to the base",
            "{player} перевернул {chips_ru}: на базу",
        ),
        "takes": Message(
            "{player} flipped {chips} and takes them", "{player} перевернул {chips_ru} и забирает"
        ),
        "again": Message(
            "{player} flipped chips and finishes off the stack",
            "{player} перевернул и добивает",
        ),
        "passes": Message(
            "The stack passes clockwise to {other}", "Фишки переходят по часовой к {other}"
        ),
        "takes_base": Message(
            "{player} flipped the last chip and takes the base: {chips}",
            "{player} перевернул последнюю фишку и забирает базу: {chips_ru}",
        ),
        "stack_over": Message("Stack {round} is played out", "Игра {round} сыграна"),
        "rethrow": Message(
            "{reason}: {player} throws again", "{reason_ru}: {player} перебрасывает"
        ),
        "flick": Message(
            "A chip lies on the edge: {player} flicks it onto the zone with a fingertip",
            "Фишка на краю: {player} скидывает её кончиком пальца на игровую зону",
        ),
        "foul_pass": Message(
            "Unfair play ({what}): {player}'s throw does not count, the stack passes",
            "Нечестная игра ({what_ru}): бросок {player} не засчитан, фишки переходят",
        ),
        "foul_again": Message(
            "Unfair play by {player} ({what}): the throw does not count, {other} throws again",
            "Нечестная игра {player} ({what_ru}): бросок не засчитан, {other} перебрасывает",
        ),
        # Refusals.
        "wrong_phase": Message(
            "{player}: not now ({phase})", "{player}: сейчас нельзя ({phase_ru})"
        ),
        "already_staked": Message(
            "{player} has already staked or sat out", "{player} уже поставил или пропускает"
        ),
        "empty_stake": Message(
            "{player}: a stake is at least one chip", "{player}: ставка — хотя бы одна фишка"
        ),
        "not_held": Message(
            "{player} does not hold {chips}", "у {player} нет таких фишек: {chips_ru}"
        ),
        "unequal_stake": Message(
            "{player}: the stake is worth {worth}, the others staked {wanted} (a нулячка counts "
            "two ordinary, a plastic chip two)",
            "{player}: ставка стоит {worth}, а другие поставили на {wanted} (нулячка за две "
            "простые, пластиковая за две простые или нулячку)",
        ),
        "has_chips": Message(
            "{player} still has chips: only a player without chips borrows",
            "у {player} есть фишки: занимают, только когда фишек нет",
        ),
        "not_other": Message(
            "{player}: that must be another player", "{player}: это должен быть другой игрок"
        ),
        "no_loan": Message("{player} owes {other} nothing", "{player} ничего не должен {other}"),
        "not_draw_winner": Message(
            "Unfair play: {player} did not win the draw, {other} calls the variant",
            "Нечестная игра: {player} не выиграл разыгровку, вариант забивает {other}",
        ),
        "too_many": Message(
            "{player}: the stack holds {stack}, not {chips}",
            "{player}: в стопке {stack_ru}, а не {chips_ru}",
        ),
        "bad_split": Message(
            "{player}: {new} нулячки and {plastic} plastic are more than the {flipped} flipped",
            "{player}: нулячек {new} и пластиковых {plastic} больше перевёрнутых ({flipped})",
        ),
        "too_many_draw": Message(
            "{player}: {flipped} flipped, but {chips} chips were thrown",
            "{player}: перевернулось {flipped}, а брошено фишек {chips}",
        ),
        "not_interference": Message(
            "{player}: a chip against a chip is no interference (§3.2.1): the throw stands",
            "{player}: фишка об фишку не помеха (п. 3.2.1): бросок засчитан",
        ),
        "not_lyapa": Message(
            "{player}: only the bottom chip lay flat and the others scattered: no lyapa (§3.1.1)",
            "{player}: ляпа только у нижней фишки, остальные раскидались: это не ляпа (п. 3.1.1)",
        ),
        "no_edge": Message(
            "{player}: a floor has no edge to flick a chip off (§3.3)",
            "{player}: на полу скидывать не с чего (п. 3.3)",
        ),
    }
)

#: The re-throw reasons (§3.1-3.4) as the texts name them; the last two are refused.
REASONS = {
    "lyapa": ("Lyapa", "Ляпа"),
    "lyapa_roll": ("Lyapa with a roll", "Ляпа с прокатом"),
    "interference": ("Interference", "Помеха"),
    "off_zone": ("Off the zone (interference)", "Упала с игровой зоны (помеха)"),
    "edge": ("Edge", "Ребро"),
    "chip_on_chip": ("A chip against a chip", "Фишка об фишку"),
    "bottom_only": ("Lyapa of the bottom chip only", "Ляпа только у нижней фишки"),
}

#: Unfair play (§4) by kind.
FOULS = {
    "finger": ("thrown with a finger", "кидал с пальчиком"),
    "sideways": ("thrown sideways", "кидал боком"),
    "interference": ("deliberate interference", "преднамеренная помеха"),
    "false_lyapa": ("a lyapa called that was none", "сказал «ляпа», когда ляпы нет"),
    "face_up": ("chips turned face up in the stack", "перекладывал фишки лицом в стопке"),
    "bent": ("bent chips", "гнул фишки"),
}

VARIANTS = {"bases": ("with bases", "З базами"), "no_bases": ("without bases", "Без баз")}

PHASES = {
    "stake": ("the stakes", "ставки"),
    "draw": ("the draw", "разыгровка"),
    "call": ("the call", "выбор варианта"),
    "play": ("the stack is thrown", "игра"),
    "over": ("over", "игра окончена"),
}
