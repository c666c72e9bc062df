"""A bet keypad on the panel (``hardware/keymaps/holdem.yaml``): amounts keyed digit by digit or
chip by chip, then a betting key that makes them a player's move.

The dealer keys what the table did; a slip of the finger must never become a recorded bet.  So
a betting key whose amount does not fit it (an amount keyed before a fold, a call that is not
the call, a bet with nothing keyed) is refused with one line naming what is wrong, and so is
every move the rules refuse; nothing is recorded and the keys start again.  A slip is told to
the dealer (the console, two beeps of the panel's buzzer: its codes are in the keymap's
signals), not on the audience's banner, which is for the rules' refusals of the move keyed.

An amount keyed on the shared keypad is for the player to act when keying began: should the
table move on before the betting key (the operator entered a move), it is refused as stale
rather than given to the next player.  A seat's own keys (``player: N`` in the keymap) keep
their amount until used.

Amounts are round totals, as the engine's ``to`` is ("raise to 300").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring.match import Match
from scoring.verdicts import IllegalMove, Kind, Message, Messages, Verdict
from session.interpreters.common import describe
from session.live import Proposal

#: The keys that key an amount, and those that make the move.
AMOUNT_KEYS = ("digit", "chip", "clear")
MOVE_KEYS = ("enter", "check_call", "bet_raise", "fold", "all_in")
#: The most digits an amount may have: more is a finger held on a key.
MOST_DIGITS = 7
MOST = 10**MOST_DIGITS - 1
#: The key names in the texts, as printed on the keypad.
KEY_NAMES = {
    "enter": ("enter", "ввод"),
    "check_call": ("check/call", "чек/колл"),
    "bet_raise": ("bet/raise", "бет/рейз"),
    "fold": ("fold", "пас"),
    "all_in": ("all-in", "олл-ин"),
}

MESSAGES = Messages(
    {
        "keyed_too_long": Message(
            "The amount keyed would have more than {digits} digits ({amount} so far)",
            "В сумме больше {digits} цифр (набрано {amount})",
        ),
        "keyed_nothing": Message(
            "{player}: key the amount before {key}",
            "{player}: сначала наберите сумму, потом {key_ru}",
        ),
        "keyed_stale": Message(
            "The amount {amount} was keyed before the last action: key it again for {player}",
            "Сумма {amount} набрана до последнего действия: наберите её заново для {player}",
        ),
        "keyed_not_this": Message(
            "{player}: {amount} keyed, but {key} brings the bet to {to} in all: clear the"
            " amount, or use bet/raise or enter",
            "{player}: набрано {amount}, а {key_ru} доводит ставку до {to}: сбросьте сумму"
            " или нажмите бет/рейз или ввод",
        ),
        "keyed_before_fold": Message(
            "{player}: {amount} keyed before fold: clear the amount to fold",
            "{player}: перед пасом набрано {amount}: сбросьте сумму, чтобы спасовать",
        ),
        "keyed_no_turn": Message(
            "Nobody is to act now: the bet keys wait for a betting round",
            "Сейчас никто не ходит: клавиши ставок ждут круга торговли",
        ),
        "keyed_no_seat": Message(
            "The keys of seat {seat} have no player ({count} at the table)",
            "У клавиш места {seat} нет игрока (за столом {count})",
        ),
        "keyed_refused": Message("{key}: {error}", "{key_ru}: {error_ru}"),
    }
)


@dataclass
class Keyed:
    """An amount being keyed, and the journal's length when keying began."""

    amount: int
    basis: int


class BetKeys:
    """The amounts keyed on a panel, one per seat's keys (None: the shared keypad)."""

    source = "panel"

    def __init__(self, moves: Mapping[str, Callable[[dict[str, Any], str, int | None], Any]]):
        #: Each betting key's move: given the view, the player and the amount keyed (or None),
        #: the action, or a verdict refusing the key.
        self.moves = moves
        self.keyed: dict[int | None, Keyed] = {}

    def press(self, fact: Any, match: Match) -> list[Proposal] | None:
        """A key of the keypad: None for any other button (the caller's to judge)."""
        if fact.fact in AMOUNT_KEYS:
            self._key(fact, len(match.entries))
            return []
        if fact.fact not in MOVE_KEYS:
            return None
        keyed = self.keyed.pop(fact.player, None)
        view = match.view()
        player = self._player(fact, view)
        if keyed is not None and fact.player is None and keyed.basis != len(match.entries):
            raise slip("keyed_stale", player, amount=keyed.amount)
        amount = None if keyed is None else keyed.amount
        made = self.moves[fact.fact](view, player, amount)
        if isinstance(made, Verdict):
            raise IllegalMove(made)
        outcome, _ = match.check(made)
        if not outcome.accepted:
            raise IllegalMove(refusal(outcome, player, fact.fact, amount))
        return [Proposal(made, 1.0, self.source, None, describe(made))]

    def _key(self, fact: Any, basis: int) -> None:
        keyed = self.keyed.get(fact.player)
        if fact.fact == "clear":
            self.keyed.pop(fact.player, None)
            return
        amount = 0 if keyed is None else keyed.amount
        amount = amount * 10 + fact.value if fact.fact == "digit" else amount + fact.value
        if amount > MOST:
            raise slip(
                "keyed_too_long", digits=MOST_DIGITS, amount=0 if keyed is None else keyed.amount
            )
        self.keyed[fact.player] = Keyed(amount, basis if keyed is None else keyed.basis)

    def _player(self, fact: Any, view: Mapping[str, Any]) -> str:
        """Whose move a betting key makes: the seat's, else the player to act."""
        players = view["players"]
        if fact.player is not None:
            if not 0 < fact.player <= len(players):
                raise slip("keyed_no_seat", seat=fact.player, count=len(players))
            return str(players[fact.player - 1])
        if view["turn"] is None or view["over"]:
            raise slip("keyed_no_turn")
        return str(view["turn"])


def slip(code: str, player: str | None = None, **data: Any) -> IllegalMove:
    """A keying slip refused: told to the dealer (the console, the panel's buzzer by its code),
    not a player's illegal move for the audience's banner."""
    return IllegalMove(MESSAGES.verdict(Kind.INFO, code, player, **data))


def key_verdict(code: str, player: str, key: str, **data: Any) -> Verdict:
    """A betting key refused for the amount keyed with it (a slip, :func:`slip`)."""
    en, ru = KEY_NAMES[key]
    return MESSAGES.verdict(Kind.INFO, code, player, key=en, key_ru=ru, **data)


def refusal(outcome: Any, player: str, key: str, amount: int | None) -> Verdict:
    """The rules' own verdict on the move a key made, told as the key and amount pressed (the
    dealer sees which keying was refused), else its malformed action's error."""
    en, ru = KEY_NAMES[key]
    if amount is not None:
        en, ru = f"{en} {amount}", f"{ru} {amount}"
    if outcome.verdicts:
        verdict = outcome.verdicts[0]
        return replace(verdict, en=f"{en}: {verdict.en}", ru=f"{ru}: {verdict.ru}")
    return MESSAGES.verdict(
        Kind.INFO,
        "keyed_refused",
        player,
        key=en,
        key_ru=ru,
        error=outcome.error,
        error_ru=outcome.error_ru or outcome.error,
    )
